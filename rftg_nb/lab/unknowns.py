"""The robot's unknowns: component values the rulebook does not print, and their alternatives.

``rftg_nb/robot/components.json`` marks each such value ``assumed``. For each one,
:func:`alternatives` gives the settings that play the assumed value and every alternative
side by side (same seeds, so the same deals), grouped under the value's name, so the table
says how much the choice moves the robot's results:

- a die: each face swapped for a face that die does not carry (one face at a time);
- a "robot =" counter: each other face it could read (with that start world for the robot);
- a number of cards drawn: one fewer and one more;
- a choice (a convention, two dice on one space): the other choices;
- a counter flip: flipping every time instead of once, or once instead of every time.

A value that only matters for one robot start world (its counter, its draws) is played with
that start world for the robot; the others with the start worlds dealt as usual.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rftg_nb.lab.settings import Settings, SettingsError
from rftg_nb.robot.components import (
    FACES,
    ROBOT_FACES,
    ComponentError,
    load_components,
)
from rftg_nb.robot.dice import FACE_LABELS

# The other values of the assumed choices (the components only say which values are allowed).
CHOICES: dict[tuple[str, ...], tuple[str, ...]] = {
    ("same_single_space",): ("once", "twice"),
    ("conventions", "player_windfall_good"): ("after_hand", "before_robot"),
    ("conventions", "response_credit_payment"): ("if_any", "never"),
    ("conventions", "draw_stack_order"): ("queue", "stack"),
}
ASSUMED_MARK = " (assumed)"


class UnknownError(SettingsError):
    """A name that is not one of the assumed component values."""


def _assumed() -> dict[str, tuple[str, ...]]:
    leaves = load_components().leaves
    return {".".join(path): path for path, leaf in leaves.items()
            if leaf["source"] == "assumed"}


def unknowns() -> list[str]:
    """The dotted names of the assumed component values, in the data file's order."""
    return list(_assumed())


def title(name: str) -> str:
    """A short title for unknown ``name`` ("die B", "Old Earth: \"robot =\" counter")."""
    path = _path(name)
    if path[0] == "dice":
        return f"die {path[1].upper()}"
    if path[0] == "start_worlds":
        what = {"robot_face": '"robot =" counter'}.get(path[2], path[2].replace("_", " "))
        return f"{path[1]}: {what}"
    return path[-1].replace("_", " ")


def _path(name: str) -> tuple[str, ...]:
    known = _assumed()
    if name not in known:
        raise UnknownError("name", f"{name!r} is not an assumed component value "
                                      f"(they are: {', '.join(known)})")
    return known[name]


def _text(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(FACE_LABELS.get(f, f) for f in value)
    if isinstance(value, dict) and {"from", "to", "once"} <= set(value):
        how = "once" if value["once"] else "every time"
        return f"{FACE_LABELS[value['from']]} -> {FACE_LABELS[value['to']]} {how}"
    if isinstance(value, str):
        return FACE_LABELS.get(value, value.replace("_", " "))
    return str(value)


def values(name: str) -> list[tuple[str, Any]]:
    """(label, value) for the assumed value of ``name`` (first) and each alternative."""
    path = _path(name)
    now = load_components().get(*path)
    out: list[tuple[str, Any]] = [(_text(now) + ASSUMED_MARK, now)]
    if path[0] == "dice":
        for i, face in enumerate(now):
            if face in now[:i]:
                continue  # the same face twice (die B's robot faces): one swap covers both
            for other in FACES:
                if other not in now:
                    die = [*now[:i], other, *now[i + 1:]]
                    out.append((f"{FACE_LABELS[other]} instead of {FACE_LABELS[face]}", die))
    elif path[-1] == "robot_face":
        out += [(_text(f), f) for f in ROBOT_FACES if f != now]
    elif path in CHOICES:
        out += [(_text(v), v) for v in CHOICES[path] if v != now]
    elif isinstance(now, dict):
        flipped = {**now, "once": not now["once"]}
        out.append((_text(flipped), flipped))
    elif isinstance(now, int):
        out += [(str(v), v) for v in (now - 1, now + 1)]
    # Keep only values the components accept (a draw of -1 is not one).
    return [(label, v) for label, v in out if v is now or _valid(path, v)]


def _valid(path: tuple[str, ...], value: Any) -> bool:
    try:
        load_components(_override(path, value))
    except ComponentError:
        return False
    return True


def _override(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {path[-1]: value}
    for key in reversed(path[:-1]):
        out = {key: out}
    return out


def _merge(base: Mapping[str, Any] | None, extra: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(base or {}))
    for k, v in extra.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = _merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def alternatives(name: str, base: Settings | None = None) -> list[Settings]:
    """Settings playing unknown ``name`` at its assumed value (first) and at each alternative,
    all in group ``name`` and labelled by the value, on top of ``base`` (a solitaire game;
    default: easy, random player, start worlds dealt)."""
    path = _path(name)
    base = (base or Settings()).check("base.")
    if not base.solo:
        raise SettingsError("base.players", "the robot's components need the solitaire "
                                            "game (players=1)")
    if path[0] == "start_worlds":
        world = path[1]
        base = replace(base, robot_start=world, _checked=False,
                       player_start=None if base.player_start == world else base.player_start)
    out = []
    for i, (label, v) in enumerate(values(name)):
        comps = base.components if i == 0 else _merge(base.components, _override(path, v))
        out.append(replace(base, components=comps, label=label, group=name,
                           _checked=False).check())
    return out


def all_alternatives(base: Settings | None = None) -> list[Settings]:
    """:func:`alternatives` of every unknown, one group after another."""
    return [s for name in unknowns() for s in alternatives(name, base)]
