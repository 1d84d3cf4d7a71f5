"""The robot's rules in a sentence each, as they apply to one robot (its start world's values).

Every robot event carries the name of the rule it follows (``event.data["rule"]``, e.g.
"Develop action"); :func:`rule_summary` turns that name into what the rule says, with the
numbers of this robot's mat, so a person stepping through a game reads why it happened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from rftg_nb.constants import PHASE_NAMES
from rftg_nb.engine.rounds import PHASE_NUMBER, PHASES
from rftg_nb.robot.dice import FACE_LABELS
from rftg_nb.text import count


def _flip_world(v: Mapping[str, Any]) -> str:
    return "a military world" if v["settle_finds"] == "military" else "a non-military world"


def _develop(v: Mapping[str, Any], row: str) -> str:
    need = v[f"develop_counter_credit_{row}"]
    first = (f"With an unplaced 6-cost counter and credit {need} or more, place the counter "
             f"(credit -{need}) and skip the rest. ")
    if row == "action":
        return first + ("Otherwise draw 1 card and flip to find a development; a 6-cost one is "
                        "placed only with credit (-1), else discarded and the flipping goes on.")
    return first + ("Otherwise, with no credit do nothing; with credit, flip to find a "
                    "development and place it for 1 credit.")


def _settle_response(v: Mapping[str, Any]) -> str:
    n = count(v["settle_response_draw"])
    if v["response_needs_credit"]:
        return (f"With no credit do nothing; otherwise draw {n}, flip to find "
                f"{_flip_world(v)} and place it for 1 credit.")
    return (f"Draw {n} (no credit needed), flip to find {_flip_world(v)} and place it, paying "
            "1 credit if the robot has any.")


def _first_settle(v: Mapping[str, Any]) -> str:
    spec = v.get("first_settle") or {}
    return (f"Flip from the draw pile until a non-military world of {spec.get('min_vp', 3)}+ VP "
            f"turns up and place it; credit +{spec.get('credit', 2)}, economy "
            f"+{spec.get('economy', 1)}; the start world and this counter leave the game.")


def _flip(v: Mapping[str, Any], key: str, when: str) -> str:
    flip = v.get(key) or {}
    if not flip:
        return ""
    return (f"After {when}, a \"robot =\" counter showing {FACE_LABELS[flip['from']]} turns to "
            f"{FACE_LABELS[flip['to']]}" + (" (only the first time)." if flip.get("once")
                                            else "."))


SUMMARIES: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "Setup": lambda v: (f"The robot starts with credit {v['credit']}, economy {v['economy']} and "
                        f"{count(v['draw_stack'])} in its draw stack."),
    "Setup: the robot's draw stack": lambda v: (
        f"Deal {count(v['draw_stack'])} face down as the robot's draw stack."),
    "Place dice": lambda v: (
        "Each phase face goes on its space (a lone Explore, Develop or Settle on the left one); "
        "a robot face reads as the \"robot =\" counter; a match face goes under one of your "
        "markers (the right-most free one; the first of a pair you chose twice)."),
    "Explore action": lambda v: (
        f"Draw {count(v['explore_action_draw'])} for the robot; credit "
        f"+{v['explore_action_credit']}."),
    "Explore action (both Explores)": lambda v: (
        f"Both Explore dice: draw {count(v['explore_both_draw'])} for the robot; credit "
        f"+{v['explore_action_credit']} once."),
    "Explore response": lambda v: f"Draw {count(v['explore_response_draw'])} for the robot.",
    "Develop action": lambda v: _develop(v, "action"),
    "Develop response": lambda v: _develop(v, "response"),
    "Settle action": lambda v: (
        f"Draw {count(v['settle_action_draw'])}, flip to find {_flip_world(v)} and place it "
        "(free)."),
    "Settle response": _settle_response,
    "Doomed World's first Settle action": _first_settle,
    "Consume: Trade action": lambda v: (
        f"Credit +{v['trade_credit']}; VP chips equal to the robot's economy."),
    "Consume: 2x VPs action": lambda v: (
        "VP chips equal to twice the robot's economy, then economy +1."),
    "Both Consume actions": lambda v: (
        f"VP chips equal to twice the robot's economy, then credit +{v['trade_credit']} and "
        "economy +1."),
    "Consume response": lambda v: (
        "Only you chose Consume: VP chips equal to the robot's economy (once, even for both "
        "Consume actions)."),
    "Produce action": lambda v: f"Economy +{v['produce_economy']}.",
    "Produce response": lambda v: "The robot does nothing.",
    "Old Earth: after a Trade action": lambda v: _flip(v, "after_trade", "a Trade action"),
    "Damaged Alien Factory: after a Trade action": lambda v: _flip(
        v, "after_trade", "every Trade action"),
    "Damaged Alien Factory: after a Produce action": lambda v: _flip(
        v, "after_produce", "every Produce action"),
    "Set-up of an example": lambda v: (
        "A lesson or a rulebook example sets the robot's numbers (credit, economy, draw stack, "
        "...) to those of its example before play goes on; the move says each one."),
    "Game end": lambda v: (
        "At the end of a round in which a tableau has 12 or more cards (the robot's 6-cost "
        "counters count) or the VP chips have run out."),
}


def rule_summary(rule: str, values: Mapping[str, Any]) -> str:
    """What the robot rule ``rule`` says, with this robot's numbers ("" if unknown)."""
    make = SUMMARIES.get(rule)
    return make(values) if make else ""


def mat_rows(v: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Each dice-row space's action row and response row in a few words, with this robot's
    numbers: what the robot does with a die on the space, and what it does when only you
    chose the phase."""
    flip = "military" if v["settle_finds"] == "military" else "non-mil."
    pay = "$1" if v["response_needs_credit"] else "$1 if any"
    explore = (f"draw {v['explore_action_draw']}, ${v['explore_action_credit']:+d}",
               f"draw {v['explore_response_draw']}")
    develop = (f"${v['develop_counter_credit_action']}: counter; else draw 1, flip a dev.",
               f"${v['develop_counter_credit_response']}: counter; else $1: dev.")
    settle_action = f"draw {v['settle_action_draw']}, flip a {flip} world"
    first = v.get("first_settle")
    if first:  # Doomed World: the first Settle action is its own (see _first_settle)
        settle_action = (f"1st: flip a {first.get('min_vp', 3)}+ VP non-mil. world, "
                         f"${first.get('credit', 2):+d}, economy +{first.get('economy', 1)}; "
                         f"then {settle_action}")
    settle = (settle_action, f"draw {v['settle_response_draw']}, {pay}: {flip} world")
    return {
        "explore1": explore, "explore2": explore, "develop1": develop, "develop2": develop,
        "settle1": settle, "settle2": settle,
        "trade": (f"${v['trade_credit']:+d}, VP = economy", "VP = economy"),
        "x2": ("VP = 2 x economy, economy +1", "VP = economy"),
        "produce": (f"economy +{v['produce_economy']}", "nothing"),
    }


#: the action a person may pick -> the phase whose response row it may bring into play
ACTION_PHASES: Final = {action: PHASE_NAMES[PHASE_NUMBER[phase]]
                        for phase, actions in PHASES for action in actions}


def response_notes(v: Mapping[str, Any]) -> dict[str, str]:
    """For each action the person may pick, what the robot does in that phase when its dice
    do not call it (its response row), in a sentence with this robot's numbers."""
    return {action: rule_summary(f"{phase} response", v)
            for action, phase in ACTION_PHASES.items()}

