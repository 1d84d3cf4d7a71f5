"""How the solitaire robot's steps are told: the sayings of its frequent steps (each carrying
the rule and the mat row it follows, as :meth:`rftg_nb.robot.solo.SoloGame.robot_says` gives
them) and the words for a number an example sets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rftg_nb.engine.decision import Saying
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS
from rftg_nb.text import count

SECTION: Final = "Resolving Robot Actions / Responses"


def step_data(rule: str, row: str) -> dict[str, Any]:
    return {"rule": rule, "row": row, "section": SECTION}


def _drawn(rule: str, row: str, got: int, on_top: bool, stack: int, short: bool) -> str:
    go = "1 card goes" if got == 1 else f"{got} cards go"
    where = "on top of" if on_top else "under"
    text = f"{rule}: {go} face down {where} the robot's draw stack (now {stack})."
    return text + " The draw pile and discard pile ran out." if short else text


ROBOT_DRAW: Final = Saying(
    "robot_draw", _drawn,
    lambda rule, row, got, on_top, stack, short: {**step_data(rule, row), "count": got,
                                                  "stack": stack})
FLIP_FOUND: Final = Saying(
    "flip",
    lambda rule, row, card, what, stack: f"{rule}: the robot flips {card}, a {what}.",
    lambda rule, row, card, what, stack: {**step_data(rule, row), "card": card, "found": True,
                                          "stack": stack})
FLIP_DISCARD: Final = Saying(
    "flip",
    lambda rule, row, card, what, stack: f"{rule}: the robot flips {card} and discards it (it "
                                         f"looks for a {what}).",
    lambda rule, row, card, what, stack: {**step_data(rule, row), "card": card, "found": False,
                                          "stack": stack})
FLIP_NONE: Final = Saying(
    "flip_none",
    lambda rule, row, what: f"{rule}: the draw stack is empty; no {what} found.",
    lambda rule, row, what: {**step_data(rule, row), "stack": 0})
ROBOT_PLACE: Final = Saying(
    "robot_place",
    lambda rule, row, card, vp, tableau: f"{rule}: the robot places {card} ({vp} VP).",
    lambda rule, row, card, vp, tableau: {**step_data(rule, row), "card": card, "vp": vp,
                                          "tableau": tableau})


def _moved(track: str) -> Saying:
    def sentence(rule: str, row: str, old: int, new: int, change: int) -> str:
        note = " (the track tops out)" if new - old != change else ""
        return f"{rule}: robot {track} {old} -> {new}{note}."

    return Saying(track, sentence, lambda rule, row, old, new, change: {
        **step_data(rule, row), "old": old, "new": new})


TRACK_MOVES: Final = {"credit": _moved("credit"), "economy": _moved("economy")}
ROBOT_VP: Final = Saying(
    "robot_vp",
    lambda rule, row, n, pool: f"{rule}: the robot gains {n} VP chip{'s' if n != 1 else ''} "
                               f"(pool {pool}).",
    lambda rule, row, n, pool: {**step_data(rule, row), "vp": n, "pool": pool})
DICE: Final = Saying(
    "dice",
    lambda faces, markers: f"The robot rolls {FACE_LABELS[faces[0]]} and "
                           f"{FACE_LABELS[faces[1]]}.",
    lambda faces, markers: {"faces": list(faces), "markers": list(markers),
                            "rule": "Place dice"})
DIE: Final = Saying(
    "die",
    lambda p: f"Die {p.die} ({FACE_LABELS[p.rolled]}) goes on {SPACE_LABELS[p.space]}: "
              f"{p.why}.",
    lambda p: {"die": p.die, "rolled": p.rolled, "face": p.face, "space": p.space,
               "rule": "Place dice", "why": p.why})


def adjusted_words(key: str, value: int, was: Mapping[str, int], robot: Any) -> str:
    """One number an example sets, in words: what it was and what it is now."""
    if key == "credit":
        return f"the robot's credit is {value} (was {was['credit']})"
    if key == "economy":
        return f"the robot's economy is {value} (was {was['economy']})"
    if key == "counters_left":
        return f"6-cost counters left: {value} (was {was['counters_left']})"
    if key == "vp_pool":
        return f"the VP pool holds {count(value, 'chip')} (was {was['vp_pool']})"
    if key == "stack":
        return (f"the robot's draw stack is {count(value)} (was {was['stack']}; the rest are "
                "discarded)")
    if key == "stack_add":
        return (f"{count(value)} from the draw pile go under the robot's draw stack (now "
                f"{len(robot.stack)})")
    return f"{count(value)} from the draw pile go into the robot's tableau"

