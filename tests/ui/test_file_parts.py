"""Files reach the kernel in parts (the server drops a message over 10 MiB without a word): the
file button joins them and keeps to the size it was made with, whatever a client sets; the
board's Load sends at most a save's size and the kernel refuses a larger file in words."""

from __future__ import annotations

import re
from pathlib import Path

from rftg_nb.engine.saves import MAX_SAVE_BYTES
from rftg_nb.ui.file_button import PART_BYTES, FileButton


def _send(button: FileButton, data: bytes, name: str = "f.jsonl", step: int = 7) -> None:
    end = min(len(data), button.max_bytes + 1)
    parts = max(1, -(-end // step))
    for i in range(parts):
        button._message(button, {"do": "part", "name": name, "size": len(data), "index": i,
                                 "parts": parts}, [data[i * step:min(end, (i + 1) * step)]])


def test_the_parts_of_a_file_are_joined_in_order() -> None:
    got = []
    button = FileButton(on_file=lambda *a: got.append(a), max_bytes=100)
    data = bytes(range(95))
    _send(button, data)
    assert got == [("f.jsonl", data, 95)]
    assert PART_BYTES < 10 * 2**20


def test_a_file_over_the_limit_comes_cut_with_its_whole_size() -> None:
    got = []
    button = FileButton(on_file=lambda *a: got.append(a), max_bytes=20)
    _send(button, b"x" * 1000)
    assert got == [("f.jsonl", b"x" * 21, 1000)]


def test_a_client_raising_the_limit_changes_nothing_in_the_kernel() -> None:
    got = []
    button = FileButton(on_file=lambda *a: got.append(a), max_bytes=20)
    button.max_bytes = 10**9  # as a widget message from the page would set it
    button._message(button, {"do": "part", "name": "f", "size": 500, "index": 0, "parts": 1},
                    [b"y" * 500])
    assert got == [("f", b"y" * 21, 500)]


def test_stray_parts_are_ignored() -> None:
    got = []
    button = FileButton(on_file=lambda *a: got.append(a), max_bytes=100)
    button._message(button, {"do": "part", "name": "f", "size": 9, "index": 1, "parts": 2},
                    [b"late"])
    button._message(button, {"do": "part", "name": "f", "size": 9, "index": 3, "parts": 2},
                    [b"bad"])
    assert got == []


def test_the_board_sends_at_most_a_save_and_says_why_a_larger_file_is_refused() -> None:
    js = (Path(__file__).resolve().parents[2] / "rftg_nb" / "ui" / "board" / "board.js").read_text()
    assert int(re.search(r"const MAX_SAVE_BYTES = (\d+);", js).group(1)) == MAX_SAVE_BYTES
    from rftg_nb.ui import NewGameSettings, SoloApp, SoloController

    c = SoloController()
    c.new_game(NewGameSettings(seed=3))
    app = SoloApp(c)
    before = c.game.to_json()
    app.on_action({"do": "load", "text": "{" * 100, "size": 12_600_000})
    status = app.board.state["status"]
    assert status["error"] and "12,600,000 bytes" in status["text"]
    assert c.game.to_json() == before
