"""Scripted robot adjustments (``SoloGame.adjust``), used by lessons: recorded in the set-up,
so undo, a saved game and the step-through views replay them at the same point."""

from __future__ import annotations

import json

import pytest

from rftg_nb import SoloGame
from rftg_nb.engine.decision import SaveFileError
from rftg_nb.lessons import LESSONS, LessonRun


def _robot(g: SoloGame) -> tuple:
    r = g.robot
    return (r.credit, r.economy, r.counters_left, g.vp_pool, r.draw_stack, r.tableau)


def test_an_adjustment_replays_at_its_point_in_undo_load_and_at_step():
    g = SoloGame.new(seed=4, robot_start="Old Earth", player_start="New Sparta")
    g.adjust(credit=4, stack=2)
    assert (g.robot.credit, len(g.robot.stack)) == (4, 2)
    g.apply(list(g.decision.ids[:2]))  # the opening discard
    g.adjust(economy=3, counters_left=2)
    g.apply(["develop", "produce"])
    live = _robot(g)
    again = SoloGame.from_json(g.to_json())
    assert _robot(again) == live and again.events == g.events
    assert _robot(g.at_step(len(g.events))) == live
    # before the second adjustment was made, the replay has not made it either
    before = g.at_step(len([e for e in again.events if e.round == 0]))
    assert before.robot.economy != 3 and before.robot.credit == 4
    g.undo()
    assert g.decision.kind == "actions" and (g.robot.economy, g.robot.counters_left) == (3, 2)


def test_a_bad_adjustment_is_refused_naming_it():
    g = SoloGame.new(seed=4)
    with pytest.raises(ValueError, match="'cash' is not a robot adjustment"):
        g.adjust(cash=2)
    with pytest.raises(ValueError, match="credit: expected a whole number"):
        g.adjust(credit="2")
    data = json.loads(g.to_json())
    data["setup"]["solo"]["adjust"] = [{"after": 0, "robot": {"credit": -1}}]
    with pytest.raises(SaveFileError, match=r"setup.solo.*adjust\[0\]: credit"):
        SoloGame.from_json(json.dumps(data))


@pytest.mark.parametrize("lesson", [x for x in LESSONS if x.kind == "predict"],
                         ids=lambda x: x.id)
def test_every_step_of_a_robot_lesson_shows_the_adjusted_robot(lesson):
    run = LessonRun(lesson)
    run.play_on()
    g = run.game
    for n in range(run.watch_from, len(g.events) + 1):
        then = g.at_step(n)
        assert [str(e) for e in then.events] == [str(e) for e in g.events[:n]]
    assert _robot(g.at_step(len(g.events))) == _robot(g)


def test_an_adjustment_is_a_move_that_names_each_number_it_sets():
    """The robot's moves never leave a number unexplained: each adjustment is a move of the
    robot's saying what each number was and is now, replayed with the game."""
    g = SoloGame.new(seed=4, robot_start="Old Earth")
    before = (g.robot.credit, len(g.robot.stack), g.vp_pool)
    g.adjust(credit=before[0] + 2, stack=2, vp_pool=before[2] - 5)
    e = g.events[-1]
    assert (e.actor, e.kind, e.data["values"]) == (
        "robot", "adjust", {"credit": before[0] + 2, "stack": 2, "vp_pool": before[2] - 5})
    assert f"credit is {before[0] + 2} (was {before[0]})" in e.text
    assert f"draw stack is 2 cards (was {before[1]}" in e.text
    assert f"VP pool holds {before[2] - 5} chips (was {before[2]})" in e.text
    assert SoloGame.from_json(g.to_json()).events[-1] == e


def test_lesson_16_says_in_the_robots_moves_that_its_draw_stack_is_2():
    from rftg_nb.ui.lesson_controller import LessonController
    from rftg_nb.ui.solo_board import board_state

    c = LessonController()
    c.open(15)  # lesson 16 (1-based), robot-develop-1: the rulebook's example, stack 2
    assert c.lesson.id == "robot-develop-1" and c.lesson.robot == {"stack": 2}
    moves = [m["t"] for m in board_state(c.board)["moves"]]
    assert any("draw stack is 2 cards (was 4" in t for t in moves), moves
