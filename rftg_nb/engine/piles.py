"""Cards and chips on the move: draws, reshuffles, discards, goods and VP chips, each a
function of the game it moves them in (``piles.draw(game, p, 2, "why")``).

The rules move cards only through these helpers, which are told whose draw or discard it is:
in the drafting variant (``Game.new(draft=True)``, see :mod:`rftg_nb.engine.draft`) each
player has their own draw and discard piles (``Player.deck``, ``Player.discard``); in every
other game all share ``Game.deck`` and ``Game.discard``.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from rftg_nb.engine.decision import Saying
from rftg_nb.engine.state import Card, Player, take_out
from rftg_nb.text import count, says, whose

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game


#: random.Random, and its draw of k bits as a function of the generator and k (the shuffle,
#: the samples and the random player ask for them at every draw; a compiled build then reads
#: neither by name, and makes no bound method)
RANDOM: Final = random.Random
GETRANDBITS: Final = _random.Random.getrandbits


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """``rng.shuffle(cards)``: the same swaps from the same draws. Random shuffles from the last
    place down, swapping each place with one drawn below it by its randbelow, which draws
    ``n.bit_length()`` bits until they fall below ``n``; this draws them so without a method
    call for each card (a game shuffles its whole deck at the deal). Another kind of
    generator shuffles as it does itself."""
    if type(rng) is not RANDOM:
        rng.shuffle(cards)
        return
    bits = GETRANDBITS
    k = len(cards).bit_length()  # the bits of n = i + 1, kept as n counts down
    least = 1 << k >> 1  # the least number of k bits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        if n < least:
            k -= 1
            least >>= 1
        j = bits(rng, k)
        while j >= n:
            j = bits(rng, k)
        cards[i], cards[j] = cards[j], cards[i]


def pool_sample(rng: _random.Random, population: Sequence[str], k: int) -> list[str]:
    """``rng.sample(population, k)`` where sample draws from a pool (few items: up to 21 for a
    sample of 5 or fewer): randbelow(n), randbelow(n - 1) ... each drawn as Random draws it
    (bits until they fall below), the pool's last item moved into each vacancy."""
    pool = list(population)
    n = len(pool)
    out = []
    for i in range(k):
        m = n - i
        m_bits = m.bit_length()
        j = GETRANDBITS(rng, m_bits)
        while j >= m:
            j = GETRANDBITS(rng, m_bits)
        out.append(pool[j])
        pool[j] = pool[m - 1]
    return out


def _names(cards: tuple[Card, ...]) -> str:
    return ", ".join([c.name for c in cards])


def _own_pile(name: str) -> str:
    pile = whose(name)
    return f"{pile[0].upper()}{pile[1:]}"


# How the card moves are told (see :class:`Saying`): a player's draws and discards are told
# twice, the count to everyone and the cards to that player alone, both from one set of facts
# (name, cards, why).
OWN_RESHUFFLE: Final = Saying(
    "reshuffle",
    lambda name, n: f"{_own_pile(name)} discard pile is shuffled into a new draw pile of "
                    f"{count(n)}.",
    lambda name, n: {"cards": n, "own": True})
RESHUFFLE: Final = Saying(
    "reshuffle",
    lambda n: f"The discard pile is shuffled into a new draw pile of {n} cards.",
    lambda n: {"cards": n})
DRAW: Final = Saying(
    "draw",
    lambda name, cards, why: f"{says(name, 'draws')} {count(len(cards))} ({why}).",
    lambda name, cards, why: {"count": len(cards), "why": why})
DRAW_PRIVATE: Final = Saying(
    "draw_private",
    lambda name, cards, why: f"{says(name, 'draws')} {_names(cards)} ({why}).",
    lambda name, cards, why: {"cards": [c.name for c in cards], "why": why},
    private=True)
DRAW_NOTHING: Final = Saying(
    "draw",
    lambda name, why: f"{says(name, 'can')} draw nothing: no cards are left ({why}).",
    lambda name, why: {"count": 0, "why": why})
DISCARD: Final = Saying(
    "discard",
    lambda name, cards, why: f"{says(name, 'discards')} {count(len(cards))} ({why}).",
    lambda name, cards, why: {"count": len(cards), "why": why})
DISCARD_PRIVATE: Final = Saying(
    "discard_private",
    lambda name, cards, why: f"{says(name, 'discards')} {_names(cards)} ({why}).",
    lambda name, cards, why: {"cards": [c.name for c in cards], "why": why},
    private=True)
GAIN_VP: Final = Saying(
    "vp",
    lambda name, n, why, pool: f"{says(name, 'gains')} {n} VP ({why}).",
    lambda name, n, why, pool: {"vp": n, "why": why, "pool": pool})


def draw_one(game: Game, p: Player | None = None) -> Card | None:
    """Take the top card of the draw pile (``p``'s own pile in a drafted game).

    When the pile runs out the discard pile becomes the new pile at once, so cards
    discarded later in the same phase wait for the next reshuffle; if both piles were
    empty then, the next draw tries again.
    """
    if p is not None and p.deck is not None:
        return _draw_own(game, p)
    if not game.deck:
        if game.draft is not None and game.draft.done:
            raise AssertionError("a drafted game draws from a player's own pile: "
                                 "the rules must say whose draw it is")
        reshuffle(game)
        if not game.deck:
            return None
    card = game.deck.pop()
    if not game.deck:
        reshuffle(game)
    return card


def _draw_own(game: Game, p: Player) -> Card | None:
    deck = p.deck
    if not deck:
        reshuffle(game, p)
        deck = p.deck
        if not deck:
            return None
    card = deck.pop()
    if not deck:
        reshuffle(game, p)
    return card


def reshuffle(game: Game, p: Player | None = None) -> None:
    """Shuffle the discard pile into a new draw pile (``p``'s own piles, if they have
    them)."""
    if p is not None and p.discard is not None:
        if not p.discard:
            return
        p.deck = p.discard
        p.discard = []
        shuffle(game.rng, p.deck)
        game.tell(p.index, OWN_RESHUFFLE, (p.name, len(p.deck)))
        return
    if not game.discard:
        return
    game.deck = game.discard
    game.discard = []
    shuffle(game.rng, game.deck)
    game.tell(None, RESHUFFLE, (len(game.deck),))


def take(game: Game, n: int, p: Player | None = None) -> list[Card]:
    """The top ``n`` cards of the draw pile (fewer if the draw and discard piles run dry);
    ``p``'s own piles in a drafted game."""
    own = None if p is None else p.deck
    deck = game.deck if own is None else own
    if 0 < n < len(deck):  # the pile outlasts the draw: no reshuffle can come up
        top = deck[-n:]
        del deck[-n:]
        top.reverse()  # drawn one by one from the top, the last item first
        return top
    got: list[Card] = []
    for _ in range(n):
        c = draw_one(game, p)
        if c is None:
            break
        got.append(c)
    return got


def draw(game: Game, p: Player, n: int, why: str) -> list[Card]:
    """Draw ``n`` cards into ``p``'s hand (fewer if the piles run dry)."""
    got = take(game, n, p)
    if got:
        p.hand.extend(got)
        # Any tuple: a compiled build keeps a tuple of known length unboxed and would box it
        # anew for each event, two tuples where one is shared
        facts: tuple[Any, ...] = (p.name, tuple(got), why)
        game.tell(p.index, DRAW, facts)
        game.tell(p.index, DRAW_PRIVATE, facts)
    elif n:
        game.tell(p.index, DRAW_NOTHING, (p.name, why))
    return got


def discard_pile(game: Game, p: Player | None = None) -> list[Card]:
    """The pile a card of ``p``'s goes to when discarded: ``p``'s own in a drafted game,
    else the game's."""
    own = None if p is None else p.discard
    return game.discard if own is None else own


def discard_from_hand(game: Game, p: Player, ids: Sequence[str], why: str) -> list[Card]:
    """Discard the cards of ``p``'s hand with option ids ``ids`` (to ``p``'s own pile in a
    drafted game); the cards discarded, in hand order."""
    hand = p.hand
    if len(ids) > 2:
        wanted = set(ids)
        gone = [c for c in hand if c.id in wanted]
    else:  # (one or two ids, the usual answer: no set made for them)
        gone = [c for c in hand if c.id in ids]
    discard_cards(game, p, gone, why)
    return gone


def discard_cards(game: Game, p: Player, gone: list[Card], why: str) -> None:
    """Discard ``gone``, cards of ``p``'s hand in hand order, as :func:`discard_from_hand`."""
    if gone:
        hand = p.hand
        for c in gone:  # a few cards of the hand: taken out where they are
            take_out(hand, c)
        own = p.discard
        (game.discard if own is None else own).extend(gone)
        facts: tuple[Any, ...] = (p.name, tuple(gone), why)  # shared, as in draw
        game.tell(p.index, DISCARD, facts)
        game.tell(p.index, DISCARD_PRIVATE, facts)


def add_good(game: Game, world: Card, p: Player | None = None) -> bool:
    """Put the top card of the draw pile face down on ``world``; False if no card is left.

    ``p`` is the world's owner: in a drafted game the good comes from their own pile."""
    c = draw_one(game, p)
    if c is None:
        return False
    world.good = c
    return True


def remove_good(game: Game, world: Card, p: Player | None = None) -> None:
    """Discard the good on ``world`` (to its owner ``p``'s own pile in a drafted game)."""
    g = world.good
    if g is not None:
        world.good = None
        own = None if p is None else p.discard
        (game.discard if own is None else own).append(g)


def award_vp(game: Game, p: Player, n: int, why: str) -> None:
    """Give ``p`` ``n`` VP chips from the pool (it may run below zero: the game then ends)."""
    if n <= 0:
        return
    p.vp += n
    game.vp_pool -= n
    game.tell(p.index, GAIN_VP, (p.name, n, why, game.vp_pool))
