"""What one seat knows: its own hand, every tableau, the public counts and the robot's mat.

Everything the AI decides from goes through this module, so that the rule "look only at what
your seat can see" has one home. It never reads the draw pile, the discard pile, another
player's hand, the robot's draw stack or the identity of a good (a face-down card).

:func:`unseen` is the multiset of card designs the seat has not seen in play: the expansion's
deck minus its own hand and every card face up in a tableau. Look-ahead samples hidden cards
from it. :func:`position_key` is a stable number for the visible position, so an AI seeded
the same answers the same position the same way.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rftg_nb.cards import CardDatabase, Design

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.game import Game

# (card database, expansion) -> its deck: the database itself is the key (an id could be that
# of another database made after this one was dropped)
_DECKS: dict[tuple[CardDatabase, str], Counter[Design]] = {}


def full_deck(game: Game) -> Counter[Design]:
    """Every design of the game's deck with its copies (start worlds included)."""
    key = (game.db, game.expansion)
    deck = _DECKS.get(key)
    if deck is None:
        if len(_DECKS) > 200:  # many databases of custom designs made: start again
            _DECKS.clear()
        deck = _DECKS[key] = Counter(game.db[n] for n in game.db.deck(game.expansion))
    return deck


def is_solo(game: Game) -> bool:
    """A solitaire game against the robot (the robot has a mat, not a seat)."""
    return getattr(game, "robot", None) is not None


def robot_cards(game: Game) -> list[Any]:
    """The robot's tableau cards (face up; its placed 6-cost counters are not cards)."""
    r = getattr(game, "robot", None)
    return list(r.cards) if r is not None else []


def unseen(game: Game, seat: int) -> Counter[Design]:
    """Designs ``seat`` cannot see: the deck minus its hand and every face-up tableau card.

    Goods are face-down cards, so they stay unseen. The robot's start world is discarded
    from its tableau by Doomed World's special settle; a card in no visible zone is unseen.
    """
    left = full_deck(game).copy()
    for c in game.players[seat].hand:
        left[c.design] -= 1
    for p in game.players:
        for c in p.tableau:
            left[c.design] -= 1
    for c in robot_cards(game):
        left[c.design] -= 1
    # the designs none is left of go (as ``+left`` would drop them, but leaving the others
    # in place rather than adding each to a new counter: a design's hash is worked out in
    # Python)
    for d in [d for d, n in left.items() if n <= 0]:
        del left[d]
    return left


@dataclass(frozen=True, slots=True)
class RobotSeen:
    """The robot's public mat: tracks, chips, tableau, draw stack size, counters, dice."""

    start: str
    values: dict[str, Any]
    credit: int
    economy: int
    vp_chips: int
    tableau_size: int
    card_vp: int  # printed VP of its tableau cards (6-cost developments at the counter VP)
    score: int
    stack: int
    counters_left: int
    counter_vp: int
    robot_face: str
    credit_max: int
    economy_max: int
    used_once: frozenset[str]
    dice: tuple[str, ...]  # spaces with a die this round (empty before the roll)


def robot_seen(game: Game) -> RobotSeen | None:
    r = getattr(game, "robot", None)
    if r is None:
        return None
    return RobotSeen(
        start=r.start.name, values=r.values, credit=r.credit, economy=r.economy,
        vp_chips=r.vp_chips, tableau_size=r.tableau_size,
        card_vp=sum(r.card_vp(c) for c in r.cards) + r.counters_placed * r.counter_vp,
        score=r.score(), stack=len(r.stack), counters_left=r.counters_left,
        counter_vp=r.counter_vp, robot_face=r.robot_face, credit_max=r.credit_max,
        economy_max=r.economy_max, used_once=frozenset(r.used_once),
        dice=tuple(p.space for p in r.dice),
    )


def visible_state(game: Game, seat: int) -> list[Any]:
    """A plain description of what ``seat`` sees, for :func:`position_key` and tests."""
    me = game.players[seat]
    out: list[Any] = [game.round, game.phase, game.vp_pool, len(game.deck), len(game.discard),
                      sorted(c.id for c in me.hand), len(game.choices)]
    for p in game.players:
        out.append([p.vp, len(p.hand), list(p.actions),
                    [(c.id, c.name, c.good is not None) for c in p.tableau]])
    r = robot_seen(game)
    if r is not None:
        out.append([r.credit, r.economy, r.vp_chips, r.tableau_size, r.stack, r.counters_left,
                    r.robot_face, sorted(r.used_once), list(r.dice),
                    [c.id for c in robot_cards(game)]])
    for t in game.goal_tracks:
        out.append([t.design.name, list(t.holders)])
    return out


def position_key(game: Game, seat: int, decision: Decision, seed: int) -> int:
    """A stable 64-bit number for (seed, visible position, pending decision)."""
    text = repr((seed, visible_state(game, seat), str(decision.kind), decision.ids,
                 decision.min, decision.max))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
