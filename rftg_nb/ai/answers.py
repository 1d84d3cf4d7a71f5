"""Which answers the strong level plays out to a question other than a choice of actions, and
how a hint names them.

Against the robot and at a table alike it plays out the choice of a development or a world
to place and of the cards to keep when exploring (:data:`MID_ROUND`), and every other
question of its seat (:data:`OTHER_QUESTIONS`). Each time the fast level's answer comes first
(it breaks ties), then the others: every card offered to place, the best few sets of
explored cards to keep by the fast level's hand value, and for the other questions the fast
answer's :func:`neighbours`.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from rftg_nb.engine.kinds import Kind

if TYPE_CHECKING:
    from rftg_nb.ai.decisions import Chooser
    from rftg_nb.engine.decision import Decision

MID_ROUND = (Kind.DEVELOP, Kind.SETTLE, Kind.SETTLE_SECOND, Kind.EXPLORE_KEEP)
#: every other question of the seat is played out too, but for a roll of real dice (the
#: robot's) and the drafting variant's picks (the packets other players hold are not dealt
#: afresh in a copy, so a look-ahead there would read them)
OTHER_QUESTIONS = frozenset(Kind) - {Kind.ACTIONS, Kind.DICE, Kind.DRAFT_PICK,
                                     Kind.START_WORLD, *MID_ROUND}
MAX_KEEP_SETS = 8  # sets of explored cards to keep played out
MAX_ANSWERS = 8  # answers played out to one of OTHER_QUESTIONS, the fast level's first

#: how a hint names an answer: (its verb, an empty answer as the hint's first words, and as
#: the other answer it compares with: "... against 3 VP ahead with paying nothing")
PLACE_VERBS: dict[str, tuple[str, str, str]] = {
    Kind.DEVELOP: ("Develop", "Place nothing now", "placing nothing"),
    Kind.SETTLE: ("Settle", "Place nothing now", "placing nothing"),
    Kind.SETTLE_SECOND: ("Settle", "Place nothing now", "placing nothing"),
    Kind.EXPLORE_KEEP: ("Keep", "Keep nothing", "keeping nothing"),
}
VERBS: dict[str, tuple[str, str, str]] = {
    Kind.SETTLE_METHOD: ("Settle by", "Settle no way", "settling no way"),
    Kind.PAY: ("Pay with", "Pay nothing", "paying nothing"),
    Kind.MILITARY_DISCARD: ("Discard", "Discard nothing for Military",
                            "discarding nothing for Military"),
    Kind.TRADE: ("Trade", "Trade nothing", "trading nothing"),
    Kind.CONSUME_POWER: ("Use", "Use no more consume powers", "using no more consume powers"),
    Kind.CONSUME_GOODS: ("Consume", "Consume nothing", "consuming nothing"),
    Kind.CONSUME_DISCARD: ("Discard", "Discard nothing", "discarding nothing"),
    Kind.GAMBLE: ("Name", "Name nothing", "naming nothing"),
    Kind.WINDFALL: ("Produce on", "Produce on no world", "producing on no world"),
    Kind.PRODUCE_DISCARD: ("Discard", "Discard nothing", "discarding nothing"),
    Kind.HAND_LIMIT: ("Discard", "Discard nothing", "discarding nothing"),
    Kind.INITIAL_DISCARD: ("Discard", "Discard nothing", "discarding nothing"),
}


def naming(kind: str) -> tuple[str, str, str]:
    """How a hint names the answers to a question of ``kind`` (see :data:`VERBS`)."""
    return VERBS.get(kind) or PLACE_VERBS[kind]


def candidates(d: Decision, chooser: Chooser, quick: tuple[str, ...]) \
        -> list[tuple[str, ...]]:
    """The answers to ``d`` to play out, the fast level's ``quick`` first."""
    if d.kind == Kind.EXPLORE_KEEP:
        answers = keep_sets(d, chooser)
    elif d.kind in MID_ROUND:
        answers = [(o.id,) for o in d.options] + ([()] if d.min == 0 else [])
    else:
        answers = neighbours(d, chooser, quick)
    if quick in answers:
        answers.remove(quick)
    return [quick, *answers]


def keep_sets(d: Decision, chooser: Chooser) -> list[tuple[str, ...]]:
    """The explore answers worth playing out: the best few sets of cards by the fast level."""
    cards = [c for i in d.ids if (c := chooser.hand_card(i)) is not None]
    base = [c for c in chooser.ctx.me.hand if c not in cards]
    scored = []
    for combo in itertools.combinations(sorted(cards, key=lambda c: c.id), d.min):
        scored.append((-chooser.hv(base + list(combo)), tuple(c.id for c in combo)))
    scored.sort()
    return [ids for _v, ids in scored[:MAX_KEEP_SETS]]


def neighbours(d: Decision, chooser: Chooser, quick: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The answers to ``d`` worth playing out beside the fast level's ``quick`` (not
    included): each single option where one is picked, else ``quick`` with one option more,
    one fewer or one swapped for another; legal ones only. Where there are more than
    :data:`MAX_ANSWERS` less one and the options are cards of the hand, those that leave the
    hand the fast level values most come first (the cards an answer takes are gone)."""
    ids = list(d.ids)
    found: list[tuple[str, ...]]
    if d.max <= 1:
        found = [(i,) for i in ids] + ([()] if d.min == 0 else [])
    else:
        have = set(quick)
        rest = [i for i in ids if i not in have]
        found = [tuple(sorted(have - {a} | {b})) for a in quick for b in rest]
        found += [tuple(sorted(have | {b})) for b in rest]
        found += [tuple(sorted(have - {a})) for a in quick]
    seen = {tuple(sorted(quick))}
    answers: list[tuple[str, ...]] = []
    for answer in found:
        key = tuple(sorted(answer))
        if key not in seen and d.check(answer) is None:
            seen.add(key)
            answers.append(answer)
    room = MAX_ANSWERS - 1
    if len(answers) > room:
        hand = chooser.ctx.me.hand
        if all(chooser.hand_card(i) is not None for i in ids):
            answers.sort(key=lambda a: -chooser.hv([c for c in hand if c.id not in a]))
        answers = answers[:room]
    return answers


__all__ = ["MAX_ANSWERS", "MAX_KEEP_SETS", "MID_ROUND", "OTHER_QUESTIONS", "PLACE_VERBS", "VERBS",
           "candidates", "keep_sets", "naming", "neighbours"]
