"""Cards counted and listed in a lesson's words, checked against its game: what the learner
reads before answering, as the position stands at the teaching point ("You hold four military
worlds", "5 cards in its draw stack", "the top of the draw pile, top first: ..."), and the
robot's flips as the lesson plays on ("the third card it flips is a 2-cost development").
:mod:`rftg_nb.lessons.words` says how such words are written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rftg_nb.cards import CARDS, Design
from rftg_nb.lessons.card_names import NAME
from rftg_nb.lessons.phrases import (
    COUNT,
    KIND,
    ORDINAL,
    ORDINALS,
    Kind,
    describe,
    describe_all,
    number,
    read_kind,
    sentences,
)
from rftg_nb.lessons.said import Games, Said


def _card_list(words: str) -> list[str]:
    """The items of a list: "a world, a development and another one"; commas inside brackets
    do not split."""
    masked = re.sub(r"\([^)]*\)", lambda m: "\0" * len(m.group(0)), words)
    cuts = [0]
    ends = []
    for m in re.finditer(r",\s+(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?", masked):
        ends.append(m.start())
        cuts.append(m.end())
    ends.append(len(words))
    return [words[a:b].strip() for a, b in zip(cuts, ends, strict=True)]


@dataclass(frozen=True)
class _Item:
    """One item of a list of cards: a named card, or ``count`` cards of ``kind`` (with their
    VP together, when said)."""

    words: str
    name: str | None = None
    kind: Kind | None = None
    count: int = 1
    vp_sum: int | None = None


def _read_item(words: str, previous: Kind | None) -> _Item | None:
    if (m := NAME.match(words)) and m.end() == len(words.split(" (")[0]):
        return _Item(words, name=m.group(1))
    if words == "another one" and previous is not None:
        return _Item(words, kind=previous)
    if (m := re.fullmatch(r"one worth (-?\d+) VP", words)) and previous is not None:
        return _Item(words, kind=replace(previous, words=words, vp=int(m.group(1))))
    m = re.fullmatch(rf"(a|an|another|{COUNT})\s+(?P<kind>{KIND})"
                     r"(?:\s+worth\s+(?P<sum>-?\d+)\s+VP\s+together)?", words)
    if m is None:
        return None
    n = 1 if m.group(1) in ("a", "an", "another") else number(m.group(1))
    kind = read_kind(m.group("kind"))
    return _Item(words, kind=kind, count=n,
                 vp_sum=int(m.group("sum")) if m.group("sum") else None)


def _check_list(place: str, cards: Sequence[Design], words: str, ordered: bool,
                say: Callable[[str], None]) -> None:
    """``words`` list the ``cards`` of ``place`` (top first when ``ordered``)."""
    items: list[_Item] = []
    previous: Kind | None = None
    for w in _card_list(words):
        item = _read_item(w, previous)
        if item is None:
            say(f"cannot read {w!r} as cards of {place} (say \"a military world\", \"two "
                "developments\", a card's name ...)")
            return
        items.append(item)
        previous = item.kind or previous
    if ordered:
        seq = [i for i in items for _ in range(i.count)]
        if len(seq) > len(cards):
            say(f"{words!r}: {place} has only {len(cards)} cards")
            return
        for n, (item, d) in enumerate(zip(seq, cards, strict=False), start=1):
            if item.name is not None and item.name != d.name or \
                    item.kind is not None and not item.kind.fits(d):
                say(f"{item.words!r}: card {n} of {place} is {describe(d)}")
        return
    rest = list(cards)
    for item in items:
        if item.name is not None:
            hit = next((d for d in rest if d.name == item.name), None)
            if hit is None:
                say(f"{item.name} is not in {place}")
            else:
                rest.remove(hit)
    for item in items:
        if item.kind is None:
            continue
        fit = [d for d in rest if item.kind.fits(d)]
        if len(fit) != item.count:
            say(f"{item.words!r}: {place} has {len(fit)} such cards besides those named "
                f"({describe_all(rest)})")
        elif item.vp_sum is not None and sum(d.vp for d in fit) != item.vp_sum:
            say(f"{item.words!r}: they are worth {sum(d.vp for d in fit)} VP together")


def _designs(cards: Sequence[Any]) -> list[Design]:
    return [c.design for c in cards]


def count_problems(s: Said, games: Games, say: Callable[[str], None]) -> None:
    """Counts of cards in a place, as the position stands at the teaching point."""
    g = games.point
    hand = _designs(g.players[0].hand)
    tableau = _designs(g.players[0].tableau)
    stack = _designs(g.robot.stack)  # top first
    pile = _designs(g.deck[::-1])  # top first
    places = {"tableau": ("the robot's tableau", _designs(g.robot.cards), False),
              "draw stack": ("the robot's draw stack", stack, True)}

    def counted(place: str, cards: Sequence[Design], n: int, kind: Kind | None,
                words: str) -> None:
        fit = [d for d in cards if kind is None or kind.fits(d)]
        if len(fit) != n:
            say(f"{words!r}: {place} holds {len(fit)} such cards ({describe_all(cards)})")

    for text in sentences(s.text):
        for m in re.finditer(rf"\bhold\s+(?:only\s+)?(?P<n>{COUNT})\b(?P<other>\s+other)?"
                             rf"(?:\s+(?P<kind>{KIND}))?"
                             r"(?:(?:\s+(?:you|that|which)\b[^:.]*)?:\s+(?P<list>[^.]+))?", text):
            kind = read_kind(m.group("kind")) if m.group("kind") else None
            n = number(m.group("n")) + (1 if m.group("other") else 0)
            counted("your hand", hand, n, kind, m.group(0))
            if m.group("list"):
                _check_list("your hand", hand, m.group("list"), False, say)
        for m in re.finditer(rf"\bhave\s+(?:exactly\s+)?(?P<n>{COUNT})\s+other\s+cards\b",
                             text):
            counted("your hand", hand, number(m.group("n")) + 1, None, m.group(0))
        for m in re.finditer(rf"\b(?:conquered|settled|placed)\s+(?P<n>{COUNT})\s+"
                             rf"(?P<kind>{KIND})", text):
            counted("your tableau", tableau, number(m.group("n")), read_kind(m.group("kind")),
                    m.group(0))
        for m in re.finditer(rf"\b(?P<n>{COUNT})\s+cards?\s+in\s+its\s+draw\s+stack"
                             rf"(?:,\s+none\s+of\s+them\s+(?:a|an)\s+(?P<kind>{KIND}))?", text):
            counted("the robot's draw stack", stack, number(m.group("n")), None, m.group(0))
            if m.group("kind"):
                counted("the robot's draw stack", stack, 0, read_kind(m.group("kind")),
                        m.group(0))
        for m in re.finditer(rf"\bNone\s+of\s+the\s+(?P<n>{COUNT})\s+cards\s+in\s+its\s+draw"
                             rf"\s+stack\s+is\s+(?:a|an)\s+(?P<kind>{KIND})", text):
            counted("the robot's draw stack", stack, 0, read_kind(m.group("kind")), m.group(0))
        for m in re.finditer(rf"\b(?:The robot's|[Ii]ts) (?P<zone>tableau|draw stack) holds\s+"
                             rf"(?P<n>{COUNT})\s+cards?\b(?::\s+(?P<list>[^.]+))?", text):
            place, cards, ordered = places[m.group("zone")]
            counted(place, cards, number(m.group("n")), None, m.group(0))
            if m.group("list"):
                _check_list(place, cards, m.group("list"), ordered, say)
        for m in re.finditer(r"\b(?:top of the draw pile, top first:|the cards it draws are, "
                             r"in order,)\s+(?P<list>.+?)(?=,\s+so\b|\.(?:\s|$)|$)", text):
            _check_list("the draw pile", pile, m.group("list"), True, say)
        for m in re.finditer(rf"\b[Tt]he (?P<ord>{ORDINAL}) card of its draw stack is (?:a|an) "
                             rf"(?P<kind>{KIND})", text):
            i = ORDINALS.index(m.group("ord")) - 1
            kind = read_kind(m.group("kind"))
            if kind is not None and not (i < len(stack) and kind.fits(stack[i])):
                say(f"{m.group(0)!r}: its draw stack is {describe_all(stack)}")


def _flips(games: Games) -> list[list[tuple[Design, bool]]]:
    """The robot's flips to find after the teaching point, one list per flip to find."""
    runs: list[list[tuple[Design, bool]]] = []
    last = None
    for e in games.after.events[games.since:]:
        if e.actor != "robot" or e.kind != "flip":
            last = None if e.actor == "robot" else last
            continue
        rule = e.data.get("rule")
        if last != rule or (runs and runs[-1][-1][1]):
            runs.append([])
        runs[-1].append((CARDS[e.data["card"]], bool(e.data.get("found"))))
        last = rule
    return runs


def flip_problems(s: Said, games: Games, say: Callable[[str], None]) -> None:
    """The robot's flips that ``s`` says, as the lesson plays on after the teaching point."""
    runs = _flips(games)
    for m in re.finditer(rf"\b[Tt]he (?P<ord>{ORDINAL}) card it flips is (?:a|an|the first) "
                         rf"(?P<kind>{KIND})", s.text):
        i = ORDINALS.index(m.group("ord")) - 1
        kind = read_kind(m.group("kind"))
        if kind is not None and not any(i < len(r) and kind.fits(r[i][0]) for r in runs):
            say(f"{m.group(0)!r}: it flips {_runs(runs)}")
    for m in re.finditer(rf"\b(?:finds|places) (?:a|an) (?P<kind>{KIND}) on the (?P<ord>{ORDINAL})"
                         r" flip", s.text):
        i = ORDINALS.index(m.group("ord")) - 1
        kind = read_kind(m.group("kind"))
        if kind is not None and not any(i < len(r) and r[i][1] and kind.fits(r[i][0])
                                        for r in runs):
            say(f"{m.group(0)!r}: it flips {_runs(runs)}")


def _runs(runs: list[list[tuple[Design, bool]]]) -> str:
    return " | ".join(", ".join(d.name for d, _found in r) for r in runs) or "nothing"
