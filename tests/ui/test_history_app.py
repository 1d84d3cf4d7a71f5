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
    link = re.search(r"base64,([A-Za-z0-9+/=]+)", app.download_all.value).group(1)
    assert base64.b64decode(link).decode() == text and len(text.splitlines()) == 6
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
    assert f"{r['wins']} won of 5" in app.record_text.value
    lab = as_lab_table(games)
    c = cells(lab)
    assert int(c["games"].sum()) == 5 and set(c["difficulty"]) == {"easy", "medium", "hard"}
    assert all(lo <= rate <= hi for lo, rate, hi in zip(c["low"], c["win_rate"], c["high"],
                                                      strict=True))
    fig = record_heatmap(lab, "Your games")
    assert "won" in json.dumps(fig.to_plotly_json(), default=str)
    assert len(app.record_charts.outputs) == 2


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
    app.ai_button.click()
    cells_played = set(zip(as_lab_table(app.all_games())["robot_world"],
                           as_lab_table(app.all_games())["difficulty"], strict=True))
    ai = app.ai_table
    assert set(zip(ai["robot_start"], ai["difficulty"], strict=True)) >= cells_played
    assert len(app.ai_chart.outputs) == 1 and "The fast AI" in app.notice.value
    assert Path(asked["path"]).parent == path.parent
