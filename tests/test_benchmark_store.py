"""The AI benchmark's bookkeeping: intervals, and per-game results kept and read back."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "ai.py"
_spec = importlib.util.spec_from_file_location("bench_ai", _PATH)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)  # type: ignore[union-attr]


def test_wilson_interval_matches_the_textbook_values() -> None:
    lo, hi = bench.wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = bench.wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and round(hi, 4) == 0.2775
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_fingerprint_is_stable() -> None:
    fp = bench.code_fingerprint()
    assert len(fp) == 16 and fp == bench.code_fingerprint()


def test_store_plays_only_the_missing_games_of_the_current_code(tmp_path: Path) -> None:
    calls: list[int] = []

    def square(x: int) -> int:
        calls.append(x)
        return x * x

    first = bench.Store(tmp_path, "row")
    assert first.run(square, [0, 1, 2], processes=1) == [0, 1, 4]
    assert calls == [0, 1, 2]

    # Another run with the same code reads the three back and plays the two new games only.
    calls.clear()
    again = bench.Store(tmp_path, "row")
    assert again.run(square, [0, 1, 2, 3, 4], processes=1) == [0, 1, 4, 9, 16]
    assert calls == [3, 4]
    lines = (tmp_path / "row.jsonl").read_text().splitlines()
    assert len(lines) == 5
    assert all(json.loads(line)["code"] == bench.code_fingerprint() for line in lines)


def test_store_skips_other_code_and_lines_cut_short(tmp_path: Path) -> None:
    fp = bench.code_fingerprint()
    (tmp_path / "row.jsonl").write_text(
        json.dumps({"code": fp, "game": 0, "result": 100}) + "\n"
        + json.dumps({"code": "0" * 16, "game": 1, "result": 100}) + "\n"
        + '{"code": "' + fp + '", "game": 2, "res'  # an interrupted write
    )
    store = bench.Store(tmp_path, "row")
    assert store.done == {0: 100}
    assert store.run(lambda x: x + 1, [10, 20, 30], processes=1) == [100, 21, 31]
    # The games played after the cut line are read back by the next run.
    assert bench.Store(tmp_path, "row").done == {0: 100, 1: 21, 2: 31}


def test_no_store_keeps_nothing(tmp_path: Path) -> None:
    store = bench.Store(None, "row")
    assert store.run(lambda x: -x, [1, 2], processes=1) == [-1, -2]
    assert list(tmp_path.iterdir()) == []


def test_a_rerun_reads_every_game_back(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    argv = ["--games", "3", "--rows", "solo-fast", "--processes", "1", "--results", str(tmp_path)]
    bench.main(argv)
    first = capsys.readouterr().out
    assert "code " + bench.code_fingerprint() in first
    assert first.count("(0 read back from earlier runs)") == 3
    stored = {p.name: p.read_text().splitlines() for p in tmp_path.iterdir()}
    assert sorted(stored) == [f"solo-fast-{d}.jsonl" for d in ("easy", "hard", "medium")]
    assert all(len(lines) == 3 for lines in stored.values())

    bench.main(argv)
    second = capsys.readouterr().out
    assert second.count("(3 read back from earlier runs)") == 3
    # Same games, same figures, and nothing was played or written again.
    assert [line.split("; ")[:2] for line in first.splitlines()[1:4]] == \
        [line.split("; ")[:2] for line in second.splitlines()[1:4]]
    assert {p.name: p.read_text().splitlines() for p in tmp_path.iterdir()} == stored


def test_an_unknown_row_is_refused(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exc:
        bench.main(["--rows", "solo-fast,solo-fastest"])
    assert exc.value.code == 2
    assert "solo-fastest" in capsys.readouterr().err
