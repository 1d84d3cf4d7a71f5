"""The computer's help at the board: a hint for the question shown, and autoplay, on the
solitaire dashboard and at the table, driven through the board's messages."""

from __future__ import annotations

import random

import pytest

from rftg_nb.ai import AIPlayer
from rftg_nb.players import random_pick
from rftg_nb.ui import assist, table
from rftg_nb.ui.app import SoloApp
from rftg_nb.ui.controller import NewGameSettings, SoloController
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_app import TableApp
from rftg_nb.ui.table_seats import TableSettings


def _solo(seed: int = 11, **kw) -> SoloApp:
    c = SoloController()
    c.new_game(NewGameSettings(seed=seed, **kw))
    return SoloApp(c)


def _answer_some(app: SoloApp, n: int) -> None:
    for _ in range(n):
        if app.c.pending_steps():
            app.on_action({"do": "all"})
        d = app.c.decision
        ids = random_pick(d, random.Random(len(app.c.game.choices)))
        app.on_action({"do": "answer", "ids": ids})


@pytest.fixture
def untimed(monkeypatch):
    """Hints worked out without the clock, so that a test can compare them with a pick: on a
    busy machine the time budget may cut a hint short, and then it depends on the load."""
    monkeypatch.setattr(assist, "HINT_SECONDS", None)


class Recorded(AIPlayer):
    """An AI player that notes how it was made."""

    made: list[AIPlayer] = []

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        Recorded.made.append(self)


@pytest.fixture
def recorded(monkeypatch):
    Recorded.made = []
    for module in (assist, table):  # the AI player each of them makes
        monkeypatch.setattr(module, "AIPlayer", Recorded)
    return Recorded.made


# ---------------------------------------------------------------------------- hints
def test_hints_and_strong_computer_seats_think_within_a_time_budget(recorded):
    from rftg_nb.ai import APP_SECONDS

    assert assist.HINT_SECONDS == table.SEAT_SECONDS == APP_SECONDS  # one figure, said thrice
    assert 0 < APP_SECONDS <= 2.0
    app = _solo()
    _answer_some(app, 2)
    app.on_action({"do": "hint"})
    assert app.board.state["hint"] is not None
    assert [(ai.level, ai.budget.seconds) for ai in recorded] == [
        (assist.HINT_LEVEL, assist.HINT_SECONDS)]
    recorded.clear()
    c = TableController()
    c.new_game(TableSettings(3, ["Ann", "Bob", "Cy"], [True, False, True], seed=5,
                             level="strong"))
    assert recorded and all((ai.level, ai.budget.seconds) == ("strong", table.SEAT_SECONDS)
                            for ai in recorded)


def test_a_hint_marks_the_ais_legal_pick_with_its_reason_until_the_question_changes(untimed):
    app = _solo()
    _answer_some(app, 2)
    g = app.c.game
    d = g.decision
    assert app.board.state["hint"] is None
    app.on_action({"do": "hint"})
    h = app.board.state["hint"]
    assert h is not None and not app.c.status.error
    assert d.check(tuple(h["ids"])) is None  # a legal answer
    assert h["ids"] == AIPlayer(assist.HINT_LEVEL, seed=g.seed).answer(g, d)
    assert h["labels"] == [d.option(i).label for i in h["ids"]]
    assert h["reason"].strip() and h["reason"][0].isupper()
    asked = app.c.assistant._hint
    app.on_action({"do": "hint"})  # asked again: the same hint, not worked out again
    assert app.c.assistant._hint is asked
    app.on_action({"do": "answer", "ids": h["ids"]})
    assert app.board.state["hint"] is None  # a new question has no hint until asked


def test_a_hint_is_the_same_before_and_after_a_reload(untimed):
    app = _solo(seed=4)
    _answer_some(app, 3)
    app.on_action({"do": "hint"})
    first = app.board.state["hint"]
    again = _solo(seed=1)
    again.on_action({"do": "load", "text": app.c.save()})
    again.on_action({"do": "hint"})
    assert again.board.state["hint"] == first


def test_no_hint_for_a_roll_of_real_dice():
    app = _solo(seed=3, manual_dice=True)
    while app.c.decision.kind != "dice":
        _answer_some(app, 1)
    app.on_action({"do": "hint"})
    assert app.board.state["hint"] is None
    assert app.c.status.error and "roll" in app.c.status.text


def test_no_hint_while_robot_steps_are_held_back():
    app = _solo(seed=2)
    app.on_action({"do": "step", "on": True})
    while not app.c.pending_steps():
        app.on_action({"do": "answer", "ids": random_pick(app.c.decision, random.Random(1))})
    app.on_action({"do": "hint"})
    assert app.c.status.error and app.board.state["hint"] is None


def test_lessons_offer_no_hint_or_autoplay():
    from rftg_nb.ui.lessons import LessonApp

    course = LessonApp()
    board = course.app
    before = board.c.game.to_json()
    board.on_action({"do": "hint"})
    board.on_action({"do": "auto", "until": "game"})
    assert board.c.game.to_json() == before and board.state()["hint"] is None


# ---------------------------------------------------------------------------- autoplay
def test_autoplay_to_the_rounds_end_stops_at_the_next_rounds_first_question():
    app = _solo(seed=6)
    app.on_action({"do": "step", "on": True})  # autoplay shows every robot move anyway
    _answer_some(app, 3)
    start = app.c.game.round
    made = len(app.c.game.choices)
    app.on_action({"do": "auto", "until": "round"})
    g = app.c.game
    assert g.is_over or (g.round == start + 1 and g.decision.kind == "actions")
    assert app.c.pending_steps() == 0 and app.board.state["question"] is not None
    n = len(g.choices) - made
    assert n >= 1 and f"answered {n} question" in app.c.status.text
    app.on_action({"do": "undo"})  # one at a time
    assert len(app.c.game.choices) == made + n - 1


def test_autoplay_to_the_games_end_shows_the_end_sheet():
    app = _solo(seed=8, difficulty="hard")
    app.on_action({"do": "auto", "until": "game"})
    assert app.c.game.is_over and app.board.state["end"] is not None
    assert "end of the game" in app.c.status.text


def test_autoplay_stops_at_a_roll_of_real_dice():
    app = _solo(seed=3, manual_dice=True)
    app.on_action({"do": "auto", "until": "game"})
    assert app.c.decision.kind == "dice" and "real dice" in app.c.status.text
    app.on_action({"do": "auto", "until": "game"})
    assert app.c.status.error  # nothing to answer: the roll is the person's


def test_autoplay_refuses_an_unknown_stop():
    with pytest.raises(ValueError, match="until"):
        assist.Assistant.autoplay(_solo().c.game, 0, "forever")


# ---------------------------------------------------------------------------- at the table
def _table(computer: list[bool], level: str = "fast") -> TableApp:
    names = ["Ann", "Bob", "Cy"][:len(computer)]
    c = TableController()
    c.new_game(TableSettings(len(computer), names, computer, seed=31, level=level))
    return TableApp(c)


def test_a_table_hint_is_for_the_person_holding_the_screen(untimed):
    app = _table([False, False, True])
    app.on_action({"do": "hint"})
    assert app.c.status.error and app.board.state["hint"] is None  # nobody holds it yet
    app.on_action({"do": "seat"})
    app.on_action({"do": "hint"})
    h = app.board.state["hint"]
    g = app.c.game
    assert h["ids"] == AIPlayer(assist.HINT_LEVEL, seed=g.seed).answer(g, g.decision)
    app.on_action({"do": "answer", "ids": h["ids"]})
    assert app.board.state["pass_to"] == "Bob" and app.board.state["hint"] is None


def test_table_autoplay_plays_the_viewers_seat_until_another_person_must_answer():
    app = _table([False, False, True])
    app.on_action({"do": "seat"})
    app.on_action({"do": "auto", "until": "game"})
    g = app.c.game
    assert g.decision is not None and g.decision.player == 1  # Bob's turn: pass the screen
    assert app.board.state["pass_to"] == "Bob"
    assert "for Ann" in app.c.status.text


def test_table_autoplay_with_only_computers_left_plays_to_the_end():
    app = _table([False, True, True])
    app.on_action({"do": "seat"})
    app.on_action({"do": "auto", "until": "game"})
    assert app.c.game.is_over and app.board.state["end"] is not None


def test_table_autoplay_to_the_rounds_end():
    app = _table([False, True])
    app.on_action({"do": "seat"})
    app.on_action({"do": "auto", "until": "round"})
    g = app.c.game
    assert g.round == 1 and g.decision.kind == "actions" and g.decision.player == 0
    assert app.c.viewer == 0  # Ann still holds the screen: nobody else needed it
