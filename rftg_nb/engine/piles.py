"""Cards and chips on the move: draws, reshuffles, discards, goods and VP chips. A part of
:class:`rftg_nb.engine.game.Game`.

The rules move cards only through these helpers, which are told whose draw or discard it is:
in the drafting variant (``Game.new(draft=True)``, see :mod:`rftg_nb.engine.draft`) each
player has their own draw and discard piles (``Player.deck``, ``Player.discard``); in every
other game all share ``Game.deck`` and ``Game.discard``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rftg_nb._native import mypyc_attr, trait
from rftg_nb.engine.decision import Saying
from rftg_nb.engine.state import Card, Player
from rftg_nb.text import count, says, whose

if TYPE_CHECKING:
    from rftg_nb.engine.draft import Draft


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """``rng.shuffle(cards)``: the same swaps from the same draws. Random shuffles from the last
    place down, swapping each place with one drawn below it by its randbelow, which draws
    ``n.bit_length()`` bits until they fall below ``n``; this draws them so without a method
    call for each card (a game shuffles its whole deck at the deal). Another kind of
    generator shuffles as it does itself."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    k = len(cards).bit_length()  # the bits of n = i + 1, kept as n counts down
    least = 1 << k >> 1  # the least number of k bits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        if n < least:
            k -= 1
            least >>= 1
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _names(cards: tuple[Card, ...]) -> str:
    return ", ".join([c.name for c in cards])


def _own_pile(name: str) -> str:
    pile = whose(name)
    return f"{pile[0].upper()}{pile[1:]}"


# How the card moves are told (see :class:`Saying`): a player's draws and discards are told
# twice, the count to everyone and the cards to that player alone, both from one set of facts
# (name, cards, why).
OWN_RESHUFFLE = Saying(
    "reshuffle",
    lambda name, n: f"{_own_pile(name)} discard pile is shuffled into a new draw pile of "
                    f"{count(n)}.",
    lambda name, n: {"cards": n, "own": True})
RESHUFFLE = Saying(
    "reshuffle",
    lambda n: f"The discard pile is shuffled into a new draw pile of {n} cards.",
    lambda n: {"cards": n})
DRAW = Saying(
    "draw",
    lambda name, cards, why: f"{says(name, 'draws')} {count(len(cards))} ({why}).",
    lambda name, cards, why: {"count": len(cards), "why": why})
DRAW_PRIVATE = Saying(
    "draw_private",
    lambda name, cards, why: f"{says(name, 'draws')} {_names(cards)} ({why}).",
    lambda name, cards, why: {"cards": [c.name for c in cards], "why": why},
    private=True)
DRAW_NOTHING = Saying(
    "draw",
    lambda name, why: f"{says(name, 'can')} draw nothing: no cards are left ({why}).",
    lambda name, why: {"count": 0, "why": why})
DISCARD = Saying(
    "discard",
    lambda name, cards, why: f"{says(name, 'discards')} {count(len(cards))} ({why}).",
    lambda name, cards, why: {"count": len(cards), "why": why})
DISCARD_PRIVATE = Saying(
    "discard_private",
    lambda name, cards, why: f"{says(name, 'discards')} {_names(cards)} ({why}).",
    lambda name, cards, why: {"cards": [c.name for c in cards], "why": why},
    private=True)
GAIN_VP = Saying(
    "vp",
    lambda name, n, why, pool: f"{says(name, 'gains')} {n} VP ({why}).",
    lambda name, n, why, pool: {"vp": n, "why": why, "pool": pool})


@trait
@mypyc_attr(allow_interpreted_subclasses=True)
class CardMoves:
    """Moving cards between piles, hands and worlds, and chips to players (mixed into
    ``Game``)."""

    # what the class it is mixed into holds (read here, set there)
    deck: list[Card]
    discard: list[Card]
    vp_pool: int
    rng: random.Random
    draft: Draft | None

    def emit(self, actor: int | str | None, kind: str, text: str,
             data: Mapping[str, Any] | None = None,
             visible_to: int | None = None) -> None: ...

    def tell(self, actor: int | str | None, saying: Saying, facts: tuple[Any, ...]) -> None: ...

    def draw_one(self, p: Player | None = None) -> Card | None:
        """Take the top card of the draw pile (``p``'s own pile in a drafted game).

        When the pile runs out the discard pile becomes the new pile at once, so cards
        discarded later in the same phase wait for the next reshuffle; if both piles were
        empty then, the next draw tries again.
        """
        if p is not None and p.deck is not None:
            return self._draw_own(p)
        if not self.deck:
            if self.draft is not None and self.draft.done:
                raise AssertionError("a drafted game draws from a player's own pile: "
                                     "the rules must say whose draw it is")
            self.reshuffle()
            if not self.deck:
                return None
        card = self.deck.pop()
        if not self.deck:
            self.reshuffle()
        return card

    def _draw_own(self, p: Player) -> Card | None:
        deck = p.deck
        if not deck:
            self.reshuffle(p)
            deck = p.deck
            if not deck:
                return None
        card = deck.pop()
        if not deck:
            self.reshuffle(p)
        return card

    def reshuffle(self, p: Player | None = None) -> None:
        """Shuffle the discard pile into a new draw pile (``p``'s own piles, if they have
        them)."""
        if p is not None and p.discard is not None:
            if not p.discard:
                return
            p.deck = p.discard
            p.discard = []
            shuffle(self.rng, p.deck)
            self.tell(p.index, OWN_RESHUFFLE, (p.name, len(p.deck)))
            return
        if not self.discard:
            return
        self.deck = self.discard
        self.discard = []
        shuffle(self.rng, self.deck)
        self.tell(None, RESHUFFLE, (len(self.deck),))

    def take(self, n: int, p: Player | None = None) -> list[Card]:
        """The top ``n`` cards of the draw pile (fewer if the draw and discard piles run dry);
        ``p``'s own piles in a drafted game."""
        own = None if p is None else p.deck
        deck = self.deck if own is None else own
        if 0 < n < len(deck):  # the pile outlasts the draw: no reshuffle can come up
            top = deck[-n:]
            del deck[-n:]
            top.reverse()  # drawn one by one from the top, the last item first
            return top
        got: list[Card] = []
        for _ in range(n):
            c = self.draw_one(p)
            if c is None:
                break
            got.append(c)
        return got

    def draw(self, p: Player, n: int, why: str) -> list[Card]:
        """Draw ``n`` cards into ``p``'s hand (fewer if the piles run dry)."""
        got = self.take(n, p)
        if got:
            p.hand.extend(got)
            facts = (p.name, tuple(got), why)
            self.tell(p.index, DRAW, facts)
            self.tell(p.index, DRAW_PRIVATE, facts)
        elif n:
            self.tell(p.index, DRAW_NOTHING, (p.name, why))
        return got

    def discard_pile(self, p: Player | None = None) -> list[Card]:
        """The pile a card of ``p``'s goes to when discarded: ``p``'s own in a drafted game,
        else the game's."""
        own = None if p is None else p.discard
        return self.discard if own is None else own

    def discard_from_hand(self, p: Player, ids: Iterable[str], why: str) -> list[Card]:
        wanted = set(ids)
        hand = p.hand
        gone = [c for c in hand if c.id in wanted]
        if gone:
            for c in gone:  # a few cards of the hand: taken out where they are
                hand.remove(c)
            own = p.discard
            (self.discard if own is None else own).extend(gone)
            facts = (p.name, tuple(gone), why)
            self.tell(p.index, DISCARD, facts)
            self.tell(p.index, DISCARD_PRIVATE, facts)
        return gone

    def add_good(self, world: Card, p: Player | None = None) -> bool:
        """Put the top card of the draw pile face down on ``world``; False if no card is left.

        ``p`` is the world's owner: in a drafted game the good comes from their own pile."""
        c = self.draw_one(p)
        if c is None:
            return False
        world.good = c
        return True

    def remove_good(self, world: Card, p: Player | None = None) -> None:
        """Discard the good on ``world`` (to its owner ``p``'s own pile in a drafted game)."""
        g = world.good
        if g is not None:
            world.good = None
            own = None if p is None else p.discard
            (self.discard if own is None else own).append(g)

    def award_vp(self, p: Player, n: int, why: str) -> None:
        if n <= 0:
            return
        p.vp += n
        self.vp_pool -= n
        self.tell(p.index, GAIN_VP, (p.name, n, why, self.vp_pool))
