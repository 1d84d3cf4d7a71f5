"""The robot's roll in a lesson's words, checked against the mat: "the robot rolls Develop and
x2", "it rolled Explore and a robot face" (said of last round), "die A (Develop)"; every face
the mat shows, and no other (:mod:`rftg_nb.lessons.words` reads the rest of a lesson's words).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rftg_nb.lessons.phrases import sentences
from rftg_nb.lessons.said import Games, Said
from rftg_nb.robot.solo import SoloGame

_FACE_WORDS = {"explore": "explore", "explores": "explore", "develop": "develop",
               "develops": "develop", "settle": "settle", "settles": "settle",
               "trade": "trade", "$ (trade)": "trade", "x2": "x2", "consume x2": "x2",
               "produce": "produce", "match": "match", "a match": "match",
               "a robot face": "robot", "robot face": "robot", "robot": "robot"}
_TWO = {"the two consume actions": ["trade", "x2"]}
_GENERAL = re.compile(r"^(?:its\s+)?two\s+dice$")  # "rolls two dice": no face said
_CONSUME = re.compile(r"^(?:a|any)\s+Consume\s+action$")  # either Consume face
_RULE = re.compile(r"^(?:When|If|Unless)\b")  # a rule, not this game's roll


def faces(words: str) -> list[str] | None:
    """The dice faces that ``words`` name ("Develop and x2", "two Explores"), None if a part
    is not a face."""
    out: list[str] = []
    for part in re.split(r"\s+and\s+", words.strip()):
        part = part.strip().lower()
        if part in _TWO:
            out += _TWO[part]
            continue
        n = 1
        if m := re.fullmatch(r"(two|both)\s+(.+)", part):
            n, part = 2, m.group(2)
        face = _FACE_WORDS.get(part)
        if face is None:
            return None
        out += [face] * n
    return out


def _rolls(g: SoloGame) -> dict[int, list[str]]:
    return {e.round: list(e.data["faces"]) for e in g.events if e.kind == "dice"}


def _dice(g: SoloGame) -> dict[tuple[int, str], str]:
    return {(e.round, e.data["die"]): e.data["rolled"] for e in g.events
            if e.actor == "robot" and e.kind == "die"}


@dataclass(frozen=True)
class Roll:
    """A roll the words say: ``faces`` (None: words that are not faces; ("consume",): "a
    Consume action", either Consume face), said of last round or of this one."""

    words: str
    faces: tuple[str, ...] | None
    last_round: bool


def rolls_said(text: str) -> list[Roll]:
    """Every roll of the robot's that ``text`` says: "the robot rolls Develop and x2", "it
    rolled Explore and a robot face" (of last round when the sentence says "last round"), "the
    robot matches the first and rolls Produce". A rule ("When ... rolls Produce too") and "rolls
    two dice" say no roll."""
    out = []
    for sentence in sentences(text):
        last = bool(re.search(r"\blast round\b", sentence, re.IGNORECASE))
        plain = re.sub(r"\s*\([^)]*\)", "", sentence)
        if _RULE.search(plain):
            continue
        for m in re.finditer(r"\b(?:rolls|rolled)\s+(?P<what>[^.;:,]+)", plain):
            what = re.sub(r"\s+(?:again|too|as well)$", "", m.group("what").strip())
            if _GENERAL.search(what):
                continue
            said = ["consume"] if _CONSUME.search(what) else faces(what)
            if said is not None and re.search(r"\bmatches\s+the\s+first\b", plain):
                said.append("match")
            out.append(Roll(m.group(0), tuple(said) if said is not None else None, last))
    return out


def roll_problems(s: Said, games: Games, say: Callable[[str], None]) -> None:
    """The robot's rolls and dice that ``s`` says, against the faces the mat shows in the
    round it means (this one, or last round)."""
    rolls = _rolls(games.after)
    dice = _dice(games.after)
    now = games.point.round
    for roll in rolls_said(s.text):
        rnd = now - 1 if roll.last_round else now
        shown = rolls.get(rnd)
        if roll.faces is None:
            say(f"cannot read the faces in {roll.words!r}")
        elif shown is None:
            say(f"{roll.words!r}: the robot rolls nothing in round {rnd}")
        elif roll.faces == ("consume",):
            if not {"trade", "x2"} & set(shown):
                say(f"{roll.words!r}: the mat shows {' and '.join(shown)} (round {rnd})")
        elif sorted(roll.faces) != sorted(shown):
            say(f"{roll.words!r}: the mat shows {' and '.join(shown)} (round {rnd})")
    for text in sentences(s.text):
        rnd = now - 1 if re.search(r"\blast round\b", text, re.IGNORECASE) else now
        for m in re.finditer(r"\bdie ([AB]) \(([^)]+)\)|([\w$]+(?: face)?) \(die ([AB])\)",
                             text):
            die, words = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            said = faces(words)
            rolled = dice.get((rnd, die))
            if said is None or rolled is None or said != [rolled]:
                say(f"{m.group(0)!r}: die {die} shows {rolled} on the mat (round {rnd})")
