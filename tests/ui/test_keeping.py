"""The pages keep every game in the game history (rftg_nb.ui.keeper): a game once its first
round is under way, again at each new round, and when it ends, one row however often; the
table with its seats; the lessons' scripted games not at all; and a history that cannot be
written never stops the game on the board."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rftg_nb import history
from rftg_nb.players import random_pick
from rftg_nb.ui import NewGameSettings, SoloApp, SoloController
from rftg_nb.ui.keeper import Keeper
from rftg_nb.ui.table_app import TableApp


def _play(app, until=lambda app: False, limit: int = 600) -> None:
    rng = random.Random(3)
    for _ in range(limit):
        g = app.c.game
        if g.decision is None or until(app):
            return
        if getattr(app.c, "pending_pass", None):
            app.on_action({"do": "seat"})
            continue
        if hasattr(app.c, "pending_steps") and app.c.pending_steps():
            app.on_action({"do": "all"})
            continue
        app.on_action({"do": "answer", "ids": random_pick(app.c.decision, rng)})


def _solo_app(tmp_path: Path, seed: int = 7) -> SoloApp:
    c = SoloController()
    c.new_game(NewGameSettings(seed=seed))
    app = SoloApp(c)
    app.keeper = Keeper(tmp_path / "h.sqlite")
    return app


def test_a_solitaire_game_is_kept_as_it_goes_and_when_it_ends(tmp_path: Path) -> None:
    app = _solo_app(tmp_path)
    h = history.open(tmp_path / "h.sqlite")
    assert len(h) == 0  # the set-up is not a game yet
    _play(app, until=lambda a: a.c.game.round >= 2)
    rows = h.rows()
    assert [(r.key, r.status) for r in rows] == [(app.c.key, "unfinished")]
    assert rows[0].started is not None
    _play(app)
    g = app.c.game
    assert g.is_over
    (row,) = h.rows()
    assert (row.key, row.status, row.scores) == (app.c.key, "finished", g.scores())
    assert json.loads(row.save) == json.loads(g.to_json())
    assert "kept in your game history" in app.board.state["status"]["text"]
    # a new game is a new row
    app.on_action({"do": "new", "settings": {"difficulty": "hard", "seed": "8"}})
    _play(app, until=lambda a: a.c.game.round >= 2)
    assert [r.status for r in h.rows()] == ["finished", "unfinished"]


def test_a_table_game_is_kept_with_its_seats(tmp_path: Path) -> None:
    app = TableApp()
    app.keeper = Keeper(tmp_path / "h.sqlite")
    app.on_action({"do": "new", "settings": {
        "players": 3, "names": ["Ann", "Bob", "Cy"], "computer": [False, False, True],
        "goals": True, "seed": "12", "level": "fast"}})
    _play(app)
    (row,) = history.open(tmp_path / "h.sqlite").rows()
    assert row.status == "finished" and row.mode == "table"
    assert [(s["name"], s["kind"]) for s in row.seats] == [
        ("Ann", "person"), ("Bob", "person"), ("Cy", "computer")]
    assert json.loads(row.save)["table"]["computer"] == [False, False, True]


def test_a_lesson_keeps_nothing(tmp_path: Path) -> None:
    from rftg_nb.ui.lessons import LessonBoard

    assert LessonBoard.keeps_games is False and SoloApp.keeps_games is True


def test_a_history_that_cannot_be_written_does_not_stop_the_game(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("x")
    app = _solo_app(tmp_path)
    app.keeper = Keeper(blocked / "h.sqlite")  # its folder cannot be made
    said: list[dict] = []
    app.board.observe(lambda change: said.append(change["new"]["status"]), names="state")
    _play(app, until=lambda a: a.c.game.round >= 2)
    failures = [s for s in said if "could not be kept in your game history" in s["text"]]
    assert len(failures) == 1 and failures[0]["error"]  # said once, as an error
    _play(app)
    assert app.c.game.is_over  # played on to the end


def test_the_tests_keep_their_games_out_of_the_persons_data_folder() -> None:
    import os

    assert os.environ["RFTG_NB_HOME"] == os.environ["RFTG_NB_TEST_HOME"]
    assert history.default_path().parent == Path(os.environ["RFTG_NB_HOME"])


def test_a_game_not_kept_while_the_history_is_held_is_said_and_kept_at_the_next_chance(
        tmp_path: Path) -> None:
    from tests.history.test_trust import _Holder

    path = tmp_path / "h.sqlite"
    history.open(path).add(_finished(5), key="other")  # the history exists, with a game
    app = _solo_app(tmp_path)
    app.keeper = Keeper(path, wait=0.2, retry=0.0)
    said: list[dict] = []
    app.board.observe(lambda change: said.append(change["new"]["status"]), names="state")
    holder = _Holder(path)
    try:
        _play(app, until=lambda a: a.c.game.round >= 2)
        assert app.keeper.pending(app.c.key)
        failures = [s for s in said if "could not be kept in your game history" in s["text"]]
        assert len(failures) == 1 and failures[0]["error"] and "busy" in failures[0]["text"]
        assert [r.key for r in history.open(path).rows()] == ["other"]
    finally:
        holder.release()
    _play(app, until=lambda a: not a.keeper.pending(a.c.key), limit=3)  # the next answer
    assert not app.keeper.pending(app.c.key)
    assert any("now kept in your game history" in s["text"] for s in said)
    rows = history.open(path).rows()
    assert [r.key for r in rows] == ["other", app.c.key]
    assert rows[1].save == app.c.save()


def _finished(seed: int):
    from rftg_nb import RandomPlayer, SoloGame

    g = SoloGame.new(seed=seed)
    RandomPlayer(seed).play(g)
    return g
