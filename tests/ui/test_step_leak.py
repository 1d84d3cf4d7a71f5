"""Stepping through the robot never shows what happens later: every view of the board is the
game as it stood at the step cursor.

The reference is recorded independently of the board's code path: a second game replays the
same choices with a listener that notes the player's hand and tableau the moment each event
is emitted. At every cursor position the board's hand (with the explored cards) and
tableau must equal that record.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rftg_nb.players import random_pick
from rftg_nb.robot import SoloGame
from rftg_nb.ui import NewGameSettings, SoloController
from rftg_nb.ui.solo_board import board_state


def _robot_tableau(game: SoloGame) -> list[Any] | None:
    """The robot's tableau, or None before its mat is dealt (the first events of the deal)."""
    robot = getattr(game, "robot", None)
    return None if robot is None else list(robot.tableau)


class _Recording(SoloGame):
    """A solitaire game that notes the player's cards right after each event it emits."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.seen: list[dict[str, Any]] = []  # before the deal: dealing emits events
        super().__init__(*args, **kwargs)

    def _own_listeners(self) -> list[Any]:
        return [*super()._own_listeners(), self._note]

    def _note(self, _event: Any) -> None:
        me = self.players[0]
        self.seen.append({"hand": sorted(c.name for c in me.hand),
                          "tableau": [(c.name, c.good is not None) for c in me.tableau],
                          "robot": _robot_tableau(self)})


def _recorded(game: SoloGame) -> list[dict[str, Any]]:
    """The player's cards right after each event, by replaying ``game``'s choices."""
    copy = _Recording(game.setup, game.seed, game.db)
    for ids in game.choices:
        copy.apply(ids)
    assert len(copy.seen) == len(game.events)
    return copy.seen


def _shown(state: dict[str, Any]) -> dict[str, Any]:
    return {"hand": sorted(c["n"] for c in state["hand"] + state["explored"]),
            "tableau": [(c["n"], bool(c.get("g"))) for c in state["tableau"]],
            "robot": [c["n"] for c in state["mat"]["tableau"]]}


def _step_through_checking(c: SoloController, rng: random.Random, answers: int) -> int:
    """Answer at random, stepping through every robot move; return the cursor positions
    checked against the record."""
    checked = 0
    states: list[tuple[int, dict[str, Any]]] = []
    for _ in range(answers):
        if c.game.is_over and not c.pending_steps():
            break
        if c.pending_steps():
            c.next_step()
        else:
            assert c.answer(random_pick(c.decision, rng))
        states.append((c.shown, _shown(board_state(c))))
    record = _recorded(c.game)
    for shown, state in states:
        assert state == record[shown - 1], f"at step {shown}"
        checked += 1
    return checked


def test_seed_101_the_coming_explore_is_not_in_the_hand_while_the_dice_are_stepped():
    c = SoloController()
    c.new_game(NewGameSettings(seed=101, difficulty="easy"))
    c.set_step_through(True)
    d = c.decision
    c.answer([o.id for o in d.options if o.label in ("Space Mercenaries", "Rebel Miners")])
    assert c.answer(["develop", "settle"])
    assert c.pending_steps() > 0
    later = {"Empath World", "Destroyed World"}
    # the cards of the coming Explore really are drawn in this round
    drawn = {e.data.get("card") for e in c.game.events if e.kind == "draw_private"} | {
        name for e in c.game.events if e.kind == "draw_private"
        for name in e.data.get("cards", [])}
    assert later <= drawn
    explore_draw = next(i for i, e in enumerate(c.game.events)
                        if e.kind == "draw" and e.actor == 0 and e.phase == "explore")
    dice_steps = 0
    while c.pending_steps():
        state = board_state(c)
        names = {x["n"] for x in state["hand"] + state["explored"]}
        if c.shown <= explore_draw:  # the Explore draw is not revealed yet
            assert not names & later, f"at step {c.shown}: {sorted(names)}"
            assert len(names) == 4
            dice_steps += c.game.events[c.shown - 1].kind in ("dice", "die")
        else:
            assert later <= names
        assert state["question"] is None
        c.next_step()
    # the roll and die A were stepped through with a 4-card hand; the last step (die B) also
    # shows what follows it, the Explore draw, since no robot move is left to hold back
    assert dice_steps == 2
    state = board_state(c)
    assert later <= {x["n"] for x in state["hand"] + state["explored"]}


@pytest.mark.parametrize("seed", [3, 505, 77, 2024])
def test_every_cursor_position_shows_the_cards_of_that_step(seed: int):
    c = SoloController()
    c.new_game(NewGameSettings(seed=seed, difficulty="medium"))
    c.set_step_through(True)
    assert _step_through_checking(c, random.Random(seed), 400) > 60


def test_real_dice_the_hand_after_entering_the_faces_is_that_of_the_step():
    c = SoloController()
    c.new_game(NewGameSettings(seed=505, manual_dice=True))
    c.set_step_through(True)
    rng = random.Random(1)
    assert _step_through_checking(c, rng, 150) > 40
    kinds = {e.kind for e in c.game.events}
    assert "dice" in kinds
