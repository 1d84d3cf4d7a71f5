"""The history page (HistoryApp) driven from Python: the games in a table you filter and sort,
one game's save to download or delete, the whole history out and back in, your record as
charts and numbers, and every text from a person or a file shown as text."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from rftg_nb import Game, RandomPlayer, SoloGame, history
from rftg_nb.ui.history_app import HistoryApp
from rftg_nb.ui.history_charts import as_lab_table, best_and_streaks, cells, record_heatmap

HOSTILE = "<img src=x onerror=alert(1)>"


def _solo(seed: int, difficulty: str = "easy") -> SoloGame:
    g = SoloGame.new(seed=seed, difficulty=difficulty)
    RandomPlayer(seed).play(g)
    return g


@pytest.fixture
def path(tmp_path: Path) -> Path:
    h = history.open(tmp_path / "h.sqlite")
    for seed, level in ((1, "easy"), (2, "easy"), (3, "hard"), (4, "medium"), (5, "easy")):
        h.add(_solo(seed, level))
    t = Game.new(players=3, seed=9, names=["Ann", HOSTILE, "Cy"])
    RandomPlayer(9).play(t)
    h.add(t)
    return tmp_path / "h.sqlite"


def test_the_table_lists_every_game_newest_first_and_filters(path: Path) -> None:
    app = HistoryApp(path)
    df = app.games()
    assert len(df) == 6 and list(df["id"]) == sorted(df["id"], reverse=True)
    app.w_difficulty.value = "easy"
    assert set(app.games()["difficulty"]) == {"easy"} and len(app.games()) == 3
    assert len(app.pick.options) == 3
    app.w_difficulty.value = "any"
    app.w_mode.value = "table"
    assert list(app.games()["mode"]) == ["table"]
    app.w_mode.value = "any"
    app.w_text.value = "ann"
    assert list(app.games()["mode"]) == ["table"]
    app.w_text.value = ""
    app.w_sort.value = "your score, best first"
    scores = [s for s in app.games()["your_score"]]
    assert scores == sorted(scores, reverse=True)
    assert "<table" in app.table.value


def test_names_from_people_and_files_are_text(path: Path) -> None:
    app = HistoryApp(path)
    assert HOSTILE not in app.table.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in app.table.value


def test_one_game_downloads_and_deletes(path: Path) -> None:
    app = HistoryApp(path)
    gid = app.pick.value
    link = app.download_one.value
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1)
    assert json.loads(base64.b64decode(data)) == json.loads(app.history.row(gid).save)
    app.delete_button.click()
    assert gid not in list(app.games()["id"]) and "deleted" in app.notice.value


def test_every_game_out_and_back_in(path: Path, tmp_path: Path) -> None:
    app = HistoryApp(path)
    text = app.export_text()
    assert app.downloader.last is None  # nothing is sent before it is asked for
    app.download_all.click()
    name, data = app.downloader.last
    assert name == "rftg-history.jsonl" and data.decode() == text
    assert len(text.splitlines()) == 6 and "Downloading 6 games" in app.notice.value
    other = HistoryApp(tmp_path / "other.sqlite")
    other.uploaded("games.jsonl", (text + "{broken\n").encode(), len(text) + 8)
    assert len(other.games()) == 6
    assert "Loaded 6 games" in other.notice.value and "line 7" in other.notice.value
    other.uploaded("big.jsonl", b"", 10**9)
    assert "more than a history file may be" in other.notice.value
    other.uploaded(HOSTILE, b"\xff\xfe", 2)
    assert HOSTILE not in other.notice.value and "not UTF-8" in other.notice.value


def test_delete_every_game_asks_first(path: Path) -> None:
    app = HistoryApp(path)
    app.clear_button.click()
    assert len(app.games()) == 6 and "again" in app.notice.value
    app.clear_button.click()
    assert len(app.games()) == 0 and "No games yet" in app.table.value


def test_the_record_in_numbers_and_charts(path: Path) -> None:
    app = HistoryApp(path)
    games = app.all_games()
    solo = games[games["mode"] == "solitaire"].sort_values("saved", kind="stable")
    r = best_and_streaks(games)
    assert r["games"] == 5 and r["wins"] == int(solo["you_won"].sum())
    assert r["best"] == int(solo["your_score"].max())
    assert app.record_text.value == ""  # drawn when its tab is opened
    app.tabs.selected_index = 1
    assert f"{r['wins']} won of 5" in app.record_text.value
    lab = as_lab_table(games)
    c = cells(lab)
    assert int(c["games"].sum()) == 5 and set(c["difficulty"]) == {"easy", "medium", "hard"}
    assert all(lo <= rate <= hi for lo, rate, hi in zip(c["low"], c["win_rate"], c["high"],
                                                      strict=True))
    fig = record_heatmap(lab, "Your games")
    assert "won" in json.dumps(fig.to_plotly_json(), default=str)
    assert len(app.record_charts.outputs) == 4  # two charts, each followed by its words


def test_streaks_count_from_the_end() -> None:
    rows = [{"id": i, "mode": "solitaire", "status": "finished", "saved": pd.Timestamp(2026, 1, i),
             "you_won": w, "your_score": 20 + i, "scores": f"{20 + i} - 30", "difficulty": "easy",
             "robot_start": "Old Earth", "rounds": 10}
            for i, w in enumerate([True, True, True, False, True, True], 1)]
    r = best_and_streaks(pd.DataFrame(rows))
    assert (r["longest_streak"], r["streak"], r["best"], r["best_id"]) == (3, (2, True), 26, 6)


def test_the_ai_plays_the_cells_you_played(path: Path) -> None:
    asked = {}

    def small_simulate(settings, games, path):
        asked.update(games=games, path=path)
        from rftg_nb.lab import simulate

        return simulate(settings, games=1, executor="serial")

    app = HistoryApp(path, simulate=small_simulate)
    app.tabs.selected_index = 1
    app.ai_button.click()
    cells_played = set(zip(as_lab_table(app.all_games())["robot_world"],
                           as_lab_table(app.all_games())["difficulty"], strict=True))
    ai = app.ai_table
    assert set(zip(ai["robot_start"], ai["difficulty"], strict=True)) >= cells_played
    assert len(app.ai_chart.outputs) == 2 and "The fast AI" in app.notice.value
    assert Path(asked["path"]).parent == path.parent


def _many(path: Path, n: int) -> list[int]:
    """``n`` games in the history at ``path``: copies of a few real games, each its own row."""
    from tests.helpers_history import fill

    return fill(path, n)


def test_a_long_history_is_shown_a_page_at_a_time(tmp_path: Path) -> None:
    from rftg_nb.ui.history_app import PAGE

    path = tmp_path / "h.sqlite"
    ids = _many(path, 2 * PAGE + 7)
    app = HistoryApp(path)
    assert app.total == len(ids) and len(app.games()) == PAGE
    assert len(app.pick.options) == PAGE and app.previous_page.disabled
    assert f"Games 1-{PAGE} of {len(ids)}" in app.page_text.value
    first = list(app.games()["id"])
    app.next_page.click()
    assert app.offset == PAGE and not set(app.games()["id"]) & set(first)
    app.next_page.click()
    assert len(app.games()) == 7 and app.next_page.disabled
    seen = set(app.games()["id"])
    app.delete_button.click()  # the page's pick is deleted; the page is drawn again
    assert app.total == len(ids) - 1 and len(seen - set(app.games()["id"])) == 1
    app.w_difficulty.value = "hard"  # a filter starts from the first page
    assert app.offset == 0 and set(app.games()["difficulty"]) == {"hard"}
    hard = app.history.table(difficulty="hard")
    assert app.total == len(hard) and list(app.games()["id"]) == list(hard["id"])[:PAGE]


def test_the_record_is_drawn_again_only_when_the_games_change(path: Path) -> None:
    app = HistoryApp(path)
    app.tabs.selected_index = 1
    drawn = app.record_charts.outputs
    app.w_mode.value = "table"  # a filter is no change to the games
    assert app.record_charts.outputs is drawn
    app.history.add(_solo(77))
    app.refresh()
    assert app.record_charts.outputs is not drawn and "of 6</b>" in app.record_text.value


def test_a_damaged_row_is_listed_as_damaged_and_the_page_works_on(path: Path) -> None:
    import sqlite3

    with sqlite3.connect(path) as con:
        con.execute("UPDATE games SET save = '{' WHERE id = 2")
    app = HistoryApp(path)
    assert "damaged (save: not JSON)" in app.table.value and app.total == 6
    app.pick.value = 2
    assert app.download_one.value == "" and app.resume_button.disabled
    app.replay_button.click()
    assert "damaged" in app.notice.value and "can only be deleted" in app.notice.value
    app.download_all.click()
    name, data = app.downloader.last
    assert len(data.decode().splitlines()) == 5 and "Left out 1 damaged game" in app.notice.value
    app.delete_button.click()
    assert app.total == 5 and "damaged" not in app.table.value


def test_every_action_ends_in_a_message_whatever_it_met(path: Path) -> None:
    app = HistoryApp(path)
    deep = "[" * 100_000 + "]" * 100_000
    app.uploaded("deep.jsonl", deep.encode(), len(deep))
    assert "line 1: nested too deep" in app.notice.value

    def boom() -> None:
        raise RuntimeError("a surprise")

    app._act(boom)
    assert "a surprise" in app.notice.value


def test_an_open_page_shows_games_kept_by_another_page_within_seconds(path: Path) -> None:
    """Issue 30: a history page opened before a game ended never showed it. The page looks
    at the history's files and redraws when another page (here another History, as another
    kernel would) keeps a game, or deletes one."""
    import time

    app = HistoryApp(path)
    assert "of" not in app.page_text.value and len(app.pick.options) == 6
    app.watch(every=0.05)
    try:
        other = history.open(path)
        new_id = other.add(_solo(11))

        def shown(ids: set[int]) -> bool:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if {v for _, v in app.pick.options} == ids:
                    return True
                time.sleep(0.02)
            return False

        before = {v for _, v in app.pick.options}
        assert new_id not in before
        assert shown(before | {new_id})
        assert f">{new_id}<" in app.table.value or str(new_id) in app.table.value
        other.delete(new_id)
        assert shown(before)
    finally:
        app.stop_watching()


def test_a_page_on_show_watches_and_a_redraw_is_one_at_a_time(path: Path, monkeypatch) -> None:
    import threading
    import time

    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda *a, **k: None)
    app = HistoryApp(path)
    app.show()
    try:
        assert app._watch_stop is not None  # the page on show watches the history's files
        inside: list[int] = []
        most = 0
        draw = app._draw

        def slow_draw() -> None:
            nonlocal most
            inside.append(1)
            most = max(most, len(inside))
            time.sleep(0.05)
            draw()
            inside.pop()

        monkeypatch.setattr(app, "_draw", slow_draw)
        threads = [threading.Thread(target=app.refresh) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert most == 1 and inside == []  # never two redraws at once (a click's, a watcher's)
    finally:
        app.stop_watching()
