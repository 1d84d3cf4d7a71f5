"""The lesson app, driven in plain Python: open, answer, predict, watch, try again, progress.

Right answers come from the lesson runner (computed by the engine); the app must judge and show
them, play the answer on the board, and step through the robot's moves after a prediction.
"""

from __future__ import annotations

from html import unescape

import pytest

from rftg_nb.lessons import LESSONS, LessonRun
from rftg_nb.lessons.roll_words import rolls_said
from rftg_nb.ui.lesson_controller import DONE, WATCH, LessonController
from rftg_nb.ui.lessons import LessonApp

CHOOSE = [i for i, x in enumerate(LESSONS) if x.kind == "choose"]
PREDICT = [i for i, x in enumerate(LESSONS) if x.kind == "predict"]


def _wrong(run: LessonRun) -> list[str]:
    """A legal answer that is not among the best."""
    import random

    from rftg_nb.players import random_pick

    d = run.game.decision
    best = set(run.best())
    rng = random.Random(1)
    for _ in range(200):
        ids = random_pick(d, rng)
        if set(ids) != best and d.check(tuple(ids)) is None and not run.judge(ids).correct:
            return ids
    pytest.skip(f"{run.lesson.id}: every legal answer is a best one")


def test_a_choose_lesson_judges_the_board_answer_then_plays_it():
    app = LessonApp()
    c = app.c
    c.open(CHOOSE[0])
    app.refresh()
    state = app.app.board.state
    assert state["lesson"] and state["question"]["kind"] == c.run.game.decision.kind
    best = c.run.best()
    choices = len(c.run.game.choices)
    app.app.on_action({"do": "answer", "ids": best})
    assert c.judged and c.feedback[0].correct and LESSONS[CHOOSE[0]].id in c.done
    assert len(c.board.game.choices) == choices + 1  # the answer was played on the board
    app.app.on_action({"do": "all"})  # the robot's moves after it, if any
    state = app.app.board.state
    assert state["question"] is None and state["banner"][0] == DONE
    assert "right" in app.feedback.value and c.feedback[0].text in unescape(app.feedback.value)
    # a second answer is refused until Try again
    d = c.board.decision
    if d is not None:
        assert not c.answer(list(d.ids[: d.min]))
        assert c.board.status.error
    app.on_try_again()
    assert not c.judged and c.feedback == [] and len(c.board.game.choices) == choices
    assert c.progress == (1, len(LESSONS))


def test_a_wrong_answer_is_judged_wrong_and_try_again_starts_over():
    c = LessonController()
    c.open(CHOOSE[-1])
    wrong = _wrong(c.run)
    assert not c.answer(wrong)
    assert c.judged and not c.feedback[0].correct and c.lesson.id not in c.done
    c.try_again()
    assert c.answer(c.run.best()) and c.lesson.id in c.done


def test_game_tools_are_off_in_a_lesson():
    app = LessonApp()
    before = app.c.run.game.to_json()
    for what in ("new", "load", "undo", "step"):
        app.app.on_action({"do": what, "on": False, "text": "{}", "settings": {}})
    assert app.c.run.game.to_json() == before and app.c.board.step_through


@pytest.mark.parametrize("index", PREDICT[:3] + PREDICT[-1:])
def test_a_predict_lesson_checks_predictions_then_steps_through_the_robot(index: int):
    app = LessonApp()
    c = app.c
    app.on_open(index)
    state = app.app.board.state
    assert state["question"] is None and state["banner"]
    # an answer on the board is refused before predicting
    assert not c.answer(["anything"]) and c.board.status.error
    expected = c.run.expected()
    keys = [q["key"] for q in c.run.questions]
    assert set(app.inputs) == set(keys)
    for k, x in app.inputs.items():
        x.value = expected[k]
    app.on_check()
    assert c.judged and all(f.correct for f in c.feedback)
    assert c.lesson.id in c.done and app.bar.value == len(c.done)
    assert all(x.disabled for x in app.inputs.values())
    assert {k: x.value for k, x in app.inputs.items()} == {k: expected[k] for k in keys}
    # now the robot's moves are held back and revealed one by one
    state = app.app.board.state
    assert state["pending"] > 0 and state["question"] is None
    shown = c.board.shown
    app.app.on_action({"do": "next"})
    assert c.board.shown > shown
    app.app.on_action({"do": "all"})
    assert c.board.pending_steps() == 0
    for key, value in c.run.lesson.claims.items():
        if key in expected:
            assert expected[key] == value
    after = getattr(c.lesson, "after", "")
    if after:
        assert after.split("\n\n")[0][:40] in unescape(app.feedback.value)


def test_a_wrong_prediction_says_so_and_progress_does_not_count_it():
    c = LessonController()
    c.open(PREDICT[0])
    expected = c.run.expected()
    q = c.run.questions[0]
    answers = dict(expected)
    if q["choices"]:
        answers[q["key"]] = next(x for x in q["choices"] if x != expected[q["key"]])
    else:
        answers[q["key"]] = expected[q["key"]] + 1
    feedback = c.predict(answers)
    assert not feedback[0].correct and c.lesson.id not in c.done
    c.try_again()
    assert not c.judged and c.predict(expected) and c.lesson.id in c.done


def test_missing_predictions_are_asked_for():
    c = LessonController()
    c.open(PREDICT[0])
    assert c.predict({}) == [] and c.board.status.error and not c.judged


def test_the_lesson_list_next_previous_and_bounds():
    app = LessonApp()
    assert [label for label, _ in app.pick.options][0].startswith("1. ")
    assert app.prev_button.disabled and not app.next_button.disabled
    app.next_button.click()
    assert app.c.index == 1 and app.pick.value == 1
    app.pick.value = len(LESSONS) - 1
    assert app.c.index == len(LESSONS) - 1 and app.next_button.disabled
    with pytest.raises(ValueError, match="there is no lesson"):
        app.c.open(len(LESSONS))


def test_the_set_up_of_a_lesson_is_said_on_the_screen():
    app = LessonApp()
    index = next(i for i, x in enumerate(LESSONS) if x.id == "robot-develop-1")
    app.on_open(index)
    shown = unescape(app.text.value)
    assert ("Set-up: as in the rulebook's example, this lesson sets the robot's draw stack "
            "from 4 cards to 2.") in shown
    assert app.app.board.state["mat"]["stack"] == 2  # what the mat shows, as said
    app.on_open(CHOOSE[0])
    assert "Set-up:" not in unescape(app.text.value)  # a lesson that sets nothing says nothing


@pytest.mark.parametrize("index", CHOOSE)
def test_an_answer_is_carried_out_to_the_end_of_its_phase(index: int):
    """The board after a choose lesson's answer shows the position the feedback measured: the
    answer and the rest of its phase (or round) played, e.g. a development's payment made."""
    app = LessonApp()
    c = app.c
    app.on_open(index)
    run = c.run
    best = run.best()
    trial = run._tried()[tuple(best)][1]
    app.app.on_action({"do": "answer", "ids": best})
    assert c.judged and c.feedback[0].correct
    assert c.board.game.choices == trial.choices  # played as far as the grader measured
    app.app.on_action({"do": "all"})  # the robot's moves after it, if any
    state = app.app.board.state
    assert state["question"] is None and state["pending"] == 0
    assert state["banner"][0] == DONE
    tiles = [t for k in ("hand", "explored", "tableau") for t in state.get(k, [])]
    assert not any("o" in t or "why" in t for t in tiles)  # no card is offered any more


def test_the_round_lesson_shows_the_development_paid_for():
    app = LessonApp()
    c = app.c
    app.on_open(next(i for i, x in enumerate(LESSONS) if x.id == "game-round"))
    hand = len(c.run.game.players[0].hand)
    app.app.on_action({"do": "answer", "ids": c.run.best()})
    app.app.on_action({"do": "all"})
    state = app.app.board.state
    assert "Terraforming Robots" in [t["n"] for t in state["tableau"]]
    assert len(state["hand"]) == hand - 1 - 3  # the development and its cost of 3 are gone
    d = c.board.game.decision
    assert d is None or d.kind != "pay"


def test_the_predict_banner_points_to_the_questions_in_either_layout():
    """The questions sit beside the board on a wide screen and above it on a narrow one: the
    board's banner names them without a side."""
    import re

    app = LessonApp()
    app.on_open(PREDICT[0])
    title, text = app.app.board.state["banner"]
    assert "question" in text
    assert not re.search(r"\b(above|below|left|right)\b", f"{title} {text}"), text


def test_a_number_past_the_boxes_bounds_is_refused_by_the_kernel():
    from rftg_nb.ui.lesson_controller import PREDICTION_RANGE

    c = LessonController()
    c.open(PREDICT[0])
    answers = dict(c.run.expected())
    number = next((q["key"] for q in c.run.questions if not q["choices"]), None)
    if number is None:  # a lesson of choices only: any number key is past the bounds too
        number = c.run.questions[0]["key"]
    answers[number] = 10**9  # as a client that raised the box's max would send it
    assert c.predict(answers) == [] and c.board.status.error and not c.judged
    assert f"from {PREDICTION_RANGE[0]} to {PREDICTION_RANGE[1]}" in c.board.status.text


def _answer_right(app: LessonApp) -> None:
    c = app.c
    if c.lesson.kind == "choose":
        app.app.on_action({"do": "answer", "ids": c.run.best()})
    else:
        expected = c.run.expected()
        for k, x in app.inputs.items():
            x.value = expected[k]
        app.on_check()


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[x.id for x in LESSONS])
def test_every_lesson_ends_the_same_clear_way(index: int):
    """Whatever its kind, once answered and its robot's moves watched a lesson ends with one
    banner, "Lesson done", saying what happened and what to do next; no question of the game
    in play is asked (the next round's actions) and no "Now watch" hint stays."""
    app = LessonApp()
    c = app.c
    app.on_open(index)
    assert c.stage == "task" and c.ending is None
    _answer_right(app)
    assert c.judged and c.stage in ("watch", "done")
    steps = 0
    while c.stage == "watch":  # the robot's moves, one Next step at a time
        state = app.app.board.state
        assert state["pending"] > 0 and state["question"] is None
        assert c.board.status.text == WATCH and c.ending is None
        app.app.on_action({"do": "next"})
        steps += 1
        assert steps < 200
    state = app.app.board.state
    assert c.stage == "done" and state["pending"] == 0
    assert state["question"] is None, state["question"]
    title, text = state["banner"]
    assert title == DONE and (title, text) == c.ending
    assert "Now watch" not in state["status"]["text"] and not state["status"]["error"]
    if c.lesson.kind == "choose":
        assert text.startswith("Your answer was right: the board shows it played out")
    else:
        n = len(c.lesson.questions)
        assert text.startswith(f"You predicted {n} of {n} right: the board shows the robot's")
    if index + 1 < len(LESSONS):
        assert f"press Next → for lesson {index + 2} ({LESSONS[index + 1].title})" in text
    else:
        assert "That was the last lesson" in text
    assert "Try again" in text
    tiles = [t for k in ("hand", "explored", "tableau") for t in state.get(k, [])]
    assert not any("o" in t for t in tiles)  # no card is offered
    # Try again starts the lesson over: the task again, no ending
    app.on_try_again()
    assert c.stage == "task" and c.ending is None
    assert app.app.board.state.get("banner", (None,))[0] != DONE


def test_show_all_ends_a_predict_lesson_without_a_stale_hint_or_question():
    """The trial's report: after Show all, "Now watch: press Next step" stayed and the board
    asked "Round 2, choose actions"."""
    app = LessonApp()
    c = app.c
    app.on_open(PREDICT[0])
    _answer_right(app)
    assert c.stage == "watch" and c.board.status.text == WATCH
    assert c.board.game.decision is not None and c.board.game.decision.kind == "actions"
    app.app.on_action({"do": "all"})
    state = app.app.board.state
    assert state["status"]["text"] == "" and state["question"] is None
    assert state["banner"][0] == DONE


def test_a_wrong_answer_ends_the_same_way_and_says_so():
    c = LessonController()
    c.open(CHOOSE[-1])
    assert not c.answer(_wrong(c.run))
    c.show_all()
    title, text = c.ending
    assert title == DONE and text.startswith("Your answer was not the best")
    c.open(PREDICT[0])
    expected = c.run.expected()
    q = c.run.questions[0]
    wrong = dict(expected)
    wrong[q["key"]] = (next(x for x in q["choices"] if x != expected[q["key"]])
                       if q["choices"] else expected[q["key"]] + 1)
    c.predict(wrong)
    c.show_all()
    n = len(c.run.questions)
    assert c.ending[1].startswith(f"You predicted {n - 1} of {n} right")


ROLLS = [i for i, x in enumerate(LESSONS)
         if any(not r.last_round and r.faces not in (None, ("consume",))
                for r in rolls_said(x.text))]


@pytest.mark.parametrize("index", ROLLS, ids=[LESSONS[i].id for i in ROLLS])
def test_the_roll_the_words_say_is_the_one_the_mat_shows(index: int):
    """"The robot rolled Develop" while the mat showed Develop and x2 (issue 30): the faces a
    lesson's text says the robot rolls this round are the faces on its mat's dice row, the
    first time the board shows both (a robot face as the "robot =" counter reads it)."""
    from rftg_nb.robot.dice import FACE_LABELS

    app = LessonApp()
    c = app.c
    app.on_open(index)
    said = [r.faces for r in rolls_said(c.lesson.text) if not r.last_round]
    seen: list[str] = []
    counter = ""
    if c.lesson.kind == "predict":
        _answer_right(app)
    while True:
        state = app.app.board.state
        seen = sorted(d["face"] for s in state["mat"]["spaces"] for d in s.get("dice", []))
        counter = state["mat"]["face"]
        if len(seen) == 2 or c.stage == "done" or (c.lesson.kind == "choose"
                                                    and not c.judged):
            break
        app.app.on_action({"do": "next"})
    assert seen, "the words say a roll that the mat never shows"
    for faces in said:
        assert sorted(counter if f == "robot" else FACE_LABELS[f] for f in faces) == seen
