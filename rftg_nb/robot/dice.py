"""Placing the robot's two dice on the play mat's dice row (TGS rulebook, "Place dice")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

# The dice row, left to right. Explore, Develop and Settle have a pair of spaces.
SPACES: Final = (
    "explore1", "explore2", "develop1", "develop2", "settle1", "settle2", "trade", "x2",
    "produce")
SPACE_LABELS: Final = {
    "explore1": "Explore (left)", "explore2": "Explore (right)",
    "develop1": "Develop (left)", "develop2": "Develop (right)",
    "settle1": "Settle (left)", "settle2": "Settle (right)",
    "trade": "Consume: Trade ($)", "x2": "Consume: x2", "produce": "Produce",
}
#: dice-row space -> the phase a die there calls (the right space of Develop and Settle calls
#: the second Develop or Settle phase)
SPACE_PHASE: Final = {"explore1": "explore", "explore2": "explore", "develop1": "develop",
                      "develop2": "develop2", "settle1": "settle", "settle2": "settle2",
                      "trade": "consume", "x2": "consume", "produce": "produce"}
PAIRS: Final = {"explore": ("explore1", "explore2"), "develop": ("develop1", "develop2"),
                "settle": ("settle1", "settle2")}
FACE_LABELS: Final = {
    "explore": "Explore", "develop": "Develop", "settle": "Settle", "trade": "$ (Trade)",
    "x2": "x2", "produce": "Produce", "match": "match", "robot": "robot"}


_MARKERS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {}


def player_markers(actions: Iterable[str]) -> list[str]:
    """Spaces under the player's action markers; a 2nd choice of a pair takes its right space."""
    key = tuple(actions)
    got = _MARKERS.get(key)  # asked at every phase: worked out once per choice of actions
    if got is None:
        got = _MARKERS[key] = tuple(_markers(key))
    return list(got)


def _markers(actions: Iterable[str]) -> list[str]:
    acts = set(actions)
    marks = []
    explores = sum(1 for a in ("explore5", "explore11") if a in acts)
    marks += list(PAIRS["explore"][:explores])
    if "develop" in acts:
        marks.append("develop1")
    if "develop2" in acts:
        marks.append("develop2")
    if "settle" in acts:
        marks.append("settle1")
    if "settle2" in acts:
        marks.append("settle2")
    marks += [a for a in ("trade", "x2", "produce") if a in acts]
    return sorted(marks, key=SPACES.index)


@dataclass(frozen=True, slots=True)
class Placement:
    die: str  # "A" or "B"
    rolled: str  # the face rolled
    face: str  # the face read (a robot face read through the "robot =" counter)
    space: str
    why: str


def place_dice(rolled: tuple[str, str], robot_face: str, markers: list[str]) -> list[Placement]:
    """Where each die goes, with the rule that puts it there.

    ``rolled`` is (die A, die B); ``robot_face`` is the face on the "robot =" counter;
    ``markers`` the spaces under the player's markers.
    """
    read = []
    for die, face in zip(("A", "B"), rolled, strict=True):
        if face == "robot":
            read.append((die, face, robot_face,
                         f'the robot face reads as {FACE_LABELS[robot_face]} (the "robot =" '
                         "counter)"))
        else:
            read.append((die, face, face, ""))
    taken: dict[str, str] = {}
    out: list[Placement] = []
    # Phase faces first: a single Explore/Develop/Settle face takes the left space of its pair.
    for die, face, as_face, note in read:
        if as_face == "match":
            continue
        if as_face in PAIRS:
            left, right = PAIRS[as_face]
            space = left if left not in taken else right
            label = FACE_LABELS[as_face]
            why = (f"{label} goes on the left {label} space" if space == left
                   else f"a second {label} goes on the right {label} space")
        else:
            space = as_face
            why = f"{FACE_LABELS[as_face]} goes on its space"
        why = f"{note}; {why}" if note else why
        taken.setdefault(space, die)
        out.append(Placement(die, face, as_face, space, why))
    matches = [(die, face) for die, face, as_face, _n in read if as_face == "match"]
    if len(matches) == 2:
        for (die, face), space in zip(matches, markers, strict=False):
            taken.setdefault(space, die)
            out.append(Placement(die, face, "match", space,
                                 "two match faces: one die under each player marker"))
    elif len(matches) == 1:
        die, face = matches[0]
        right, other = markers[-1], markers[0]
        if right not in taken:
            space, why = right, "a match die goes under the right-most player marker"
        else:
            space, why = other, ("the space under the right-most player marker already has a "
                                 "die, so the match die goes under the other marker")
        for left, second in PAIRS.values():
            if set(markers) == {left, second} and space == second and left not in taken:
                space, why = left, ("both player markers are on one pair, so the match die "
                                    "shifts left to the first space of the pair")
        taken.setdefault(space, die)
        out.append(Placement(die, face, "match", space, why))
    return out


def which_die(a: list[str], b: list[str]) -> str:
    """How to tell the dice apart: the faces only one of them carries."""
    def faces(only: list[str]) -> str:
        names = [FACE_LABELS[f] + (" faces" if f == "robot" else "") for f in dict.fromkeys(only)]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    only_a = [f for f in a if f not in b]
    only_b = [f for f in b if f not in a]
    if not only_a or not only_b:
        return "The two dice carry the same faces: either may be die A."
    return f"Die A is the one with {faces(only_a)}; die B the one with {faces(only_b)}."


def roll_from_ids(ids: Iterable[str]) -> tuple[str, str]:
    """The (die A, die B) faces of an answer to the "dice" question ("a:<face>", "b:<face>")."""
    ids = list(ids)
    return (next(i[2:] for i in ids if i.startswith("a:")),
            next(i[2:] for i in ids if i.startswith("b:")))


def one_per_die(ids: tuple[str, ...]) -> str | None:
    """Why an answer to the "dice" question is refused (not one face for each die), or None."""
    if sorted(i[0] for i in ids) != ["a", "b"]:
        return "enter one face for die A and one for die B"
    return None
