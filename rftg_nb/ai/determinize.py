"""Copies of a game for look-ahead, with every card the seat cannot see dealt afresh.

A copy is the game's own (:meth:`rftg_nb.engine.game.Game.clone`): its state as kept at the
start of the round or phase, with the choices since replayed, so it stands exactly where the
game stands. Then, before the AI looks at it:

* every hidden card (draw pile, discard pile, other players' hands, goods, the robot's draw
  stack) gets a design drawn at random from the designs the seat has not seen
  (:func:`rftg_nb.ai.knowledge.unseen`), so the real hidden cards cannot leak into a choice;
* the copy's random generator is replaced by one from the AI's own generator, so future
  reshuffles and the robot's dice are not the game's real ones.

The hidden cards are changed in place, not replaced, because a phase in progress holds cards
of its own (each player's explored cards until they keep some, the worlds and developments
picked face down until all have picked): those lists then hold the fresh cards too, and so a
copy can be made at any question of any game, mid-phase included. A face-down pick takes a
design it could have been picked with (:func:`redeal`).

A copy keeps no events (nobody reads its story).

:class:`Deals` makes the copies of one position a look-ahead plays every candidate answer on:
the same copies as :func:`sample` with a generator seeded alike, with what is the same for
every candidate (the unseen designs, each seed's shuffle of them) worked out once.

:func:`force_roll` fixes the robot's next roll in a copy, so that a look-ahead can go through
the 36 rolls of the robot's dice instead of sampling them.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import knowledge
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.phases import develop, settle
from rftg_nb.engine.state import Card

if TYPE_CHECKING:
    from rftg_nb.cards import Design
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.game import Game


HIDDEN_UIDS = 100_000  # hidden cards of a copy are renumbered from here
_BY_ID = attrgetter("id")


class CopyError(RuntimeError):
    """A copy whose hidden cards do not add up (a zone this module does not know of)."""


#: questions every player answers in turn, in secret, before any answer is carried out (a
#: world or development chosen face down): a copy made for one seat while other seats' such
#: picks are still face down gives those cards designs they could have been picked with
SECRET_PICKS = frozenset({Kind.DEVELOP, Kind.SETTLE})

#: what a replay notes of each answer: (player, kind, round, phase, ids)
Trail = list[tuple[int, str, int, str, Sequence[str]]]


def replay(game: Game, round_start: bool = False, trail: Trail | None = None) -> Game:
    """A copy of ``game`` at the same point (:meth:`Game.clone`).

    ``round_start``: stop at the first action choice of the current round instead, so that
    the actions other players have already chosen this round (still secret) are not copied.
    ``trail``: a list to note each answer the copy replays in (see :data:`Trail`): at least
    those of the phase under way.
    """
    if trail is None:
        return game.clone(round_start)

    def note(twin: Game, d: Decision, ids: tuple[str, ...]) -> None:
        trail.append((d.player, d.kind, twin.round, twin.phase, ids))

    return game.clone(round_start, note)


def secret_picks(twin: Game, seat: int, trail: Trail) -> list[tuple[Any, Any, str]]:
    """The other seats' picks (player, card, kind) of this phase still face down in their
    hands: made since ``seat`` last answered, in the same round and phase as now."""
    out = []
    for player, kind, rnd, phase, ids in reversed(trail):
        if player == seat or rnd != twin.round or phase != twin.phase:
            break
        if kind in SECRET_PICKS and ids:
            p = twin.players[player]
            card = next((c for c in p.hand if c.id == ids[0]), None)
            if card is not None:
                out.append((p, card, kind))
    return out


def can_pick(twin: Game, p: Any, card: Any, kind: str) -> bool:
    """Whether ``p`` may pick ``card`` now in a question of ``kind`` (the engine's own
    tests: :data:`SECRET_PICKS`)."""
    if kind == Kind.DEVELOP:
        return develop.can_develop(twin, p, card, develop.discount(twin, p, twin.phase))
    return card in settle.legal_worlds(twin, p)


def hidden_zones(game: Game, seat: int) -> list[list[Any]]:
    """The lists of cards ``seat`` cannot see (draw and discard piles, other players' hands
    and own piles, the robot's draw stack), in a fixed order."""
    zones = [game.deck, game.discard]
    for p in game.players:
        if p.index != seat:
            zones.append(p.hand)
        for pile in (getattr(p, "deck", None), getattr(p, "discard", None)):
            if pile is not None:
                zones.append(pile)
    robot = getattr(game, "robot", None)
    if robot is not None:
        zones.append(robot.stack)
    return zones


def goods_worlds(game: Game) -> list[Any]:
    """Worlds holding a good (a face-down card), in tableau order."""
    return [c for p in game.players for c in p.tableau if c.good is not None]


def hidden_cards(game: Game, seat: int) -> list[Any]:
    """The card objects ``seat`` cannot see, in a fixed order of zones."""
    out = [c for zone in hidden_zones(game, seat) for c in zone]
    out.extend(w.good for w in goods_worlds(game))
    return out


def deal_order(game: Game, seat: int) -> list[Design]:
    """The designs ``seat`` has not seen (:func:`rftg_nb.ai.knowledge.unseen`) in the order
    :func:`redeal` shuffles them from."""
    return sorted(knowledge.unseen(game, seat).elements(), key=_BY_ID)


def sample(game: Game, seat: int, rng: random.Random, round_start: bool = False) -> Game:
    """A copy of ``game`` in which all that ``seat`` cannot see is drawn from ``rng``
    (``round_start``: see :func:`replay`)."""
    twin, picks = _copy(game, seat, round_start)
    redeal(twin, seat, rng, deal_order(game, seat), picks)
    twin.rng = random.Random(rng.getrandbits(64))
    return twin


def _copy(game: Game, seat: int, round_start: bool) -> tuple[Game, list[tuple[Any, Any, str]]]:
    """A copy of ``game`` (:func:`replay`), and the other seats' face-down picks in it
    (:func:`secret_picks`: looked for mid-round at a table only)."""
    trail: Trail | None = None if round_start or len(game.players) < 2 else []
    twin = replay(game, round_start, trail)
    return twin, secret_picks(twin, seat, trail) if trail else []


class Deals:
    """The copies of one position a look-ahead plays on, each made from a seed: what
    ``sample(game, seat, random.Random(seed), round_start)`` makes, and that generator as it
    leaves it (:meth:`sample`).

    A look-ahead plays every candidate answer on the same few deals, and everything a copy
    draws before the answer is the same for every candidate: so the designs the seat has
    not seen are listed once, and each seed's shuffle of them and the copy's generator are
    worked out once, for its first copy, and given to the next copies as they were then.
    """

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.designs = deal_order(game, seat)
        # (seed, round_start) -> (the designs in the order dealt, the copy's generator's state)
        self._dealt: dict[tuple[int, bool], tuple[list[Design], Any]] = {}

    def sample(self, seed: int, round_start: bool = False) \
            -> tuple[Game, random.Random | Later]:
        """A copy dealt from ``seed`` (:func:`sample`), and the generator it leaves: for the
        seed's first copy the generator itself, for the next ones a :class:`Later` that
        makes it when first asked (the look-ahead seldom draws from it)."""
        twin, picks = _copy(self.game, self.seat, round_start)
        got = self._dealt.get((seed, round_start))
        rng: random.Random | Later
        if got is None:
            rng = random.Random(seed)
            dealt = list(self.designs)
            shuffle(dealt, rng)
            own = random.Random(rng.getrandbits(64))
            self._dealt[seed, round_start] = (dealt, own.getstate())
        else:
            dealt = got[0]
            rng, own = Later(seed, len(dealt)), _generator(got[1])
        deal(twin, self.seat, dealt, picks)
        twin.rng = own
        return twin, rng


class Later:
    """The generator a deal from ``seed`` of ``cards`` cards leaves, made when first called
    for: seeded, and drawn from as the deal draws (its draws depend on the number of cards
    alone)."""

    __slots__ = ("seed", "cards", "_rng")

    def __init__(self, seed: int, cards: int) -> None:
        self.seed = seed
        self.cards = cards
        self._rng: random.Random | None = None

    def __call__(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self.seed)
            shuffle(list(range(self.cards)), rng)
            rng.getrandbits(64)  # (the copy's own generator's seed)
        return rng


def _generator(state: Any) -> random.Random:
    """A generator in ``state`` (as ``getstate`` gave it), made without seeding one first."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def redeal(twin: Game, seat: int, rng: random.Random, designs: Sequence[Design],
           picks: Sequence[tuple[Any, Any, str]] = ()) -> None:
    """Make every card of ``twin`` that ``seat`` cannot see a fresh one, with a design from
    ``designs`` (:func:`deal_order`, left as it is) shuffled by ``rng`` (:func:`deal`)."""
    dealt = list(designs)
    shuffle(dealt, rng)
    deal(twin, seat, dealt, picks)


def deal(twin: Game, seat: int, dealt: Sequence[Design],
         picks: Sequence[tuple[Any, Any, str]] = ()) -> None:
    """Make every card of ``twin`` that ``seat`` cannot see a fresh one, with the designs of
    ``dealt`` in order.

    The cards are changed in place (:meth:`rftg_nb.engine.state.Card.recast`), so that a
    phase's own lists (the cards each player explored or picked) hold the fresh cards too.
    They are numbered (their ids) the same way in every copy, so that not even which numbers
    lie hidden where can tell two positions apart. ``picks`` (:func:`secret_picks`): a
    picked card whose fresh design could not have been picked takes one that could, so that
    its player's hand holds the same designs whichever of its cards was picked: the design
    of the first other card of that hand that could (the two swap), else that of the first
    such of the other hidden cards, which takes the design of the hand's first card, which
    takes the picked card's.
    """
    hidden = hidden_cards(twin, seat)
    if len(dealt) != len(hidden):
        raise CopyError(f"{len(hidden)} hidden cards but {len(dealt)} unseen designs")
    # (map: the loop runs in C, a hundred cards a copy)
    deque(map(Card.recast, hidden, range(HIDDEN_UIDS, HIDDEN_UIDS + len(hidden)), dealt), 0)
    picked = {id(c) for _p, c, _k in picks}
    for p, card, kind in picks:
        if can_pick(twin, p, card, kind):
            continue
        own = [c for c in p.hand if id(c) not in picked]
        if any(_fits(twin, p, card, kind, c) for c in own):
            continue
        in_hand = {id(c) for c in p.hand}
        rest = [c for c in hidden if id(c) not in in_hand]
        x = next((c for c in rest if _fits(twin, p, card, kind, c)), None)
        if x is None:
            raise CopyError(f"no design for {p.name}'s face-down {kind} pick")
        first = p.hand[0]
        if first is not card:  # x, with the picked card's old design, trades with it
            _trade(x, first)
        # either way the hand lost its first card's design and gained x's


def _shuffle_inline(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)`` as Python's :class:`random.Random` does it, with its draws made
    here rather than through a method call for each card (a look-ahead deals ~100 cards a
    copy, hundreds of copies an answer)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _same_as_python() -> bool:
    """Whether :func:`_shuffle_inline` shuffles as this Python's ``Random.shuffle`` does."""
    a, b = list(range(300)), list(range(300))
    ra, rb = random.Random(20_240_531), random.Random(20_240_531)
    for _ in range(3):
        ra.shuffle(a)
        _shuffle_inline(b, rb)
    return a == b and ra.random() == rb.random()


_INLINE = _same_as_python()


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same order from the same generator, faster (a generator
    of another class, or a Python that shuffles otherwise, shuffles its own way)."""
    if _INLINE and type(rng) is random.Random:
        _shuffle_inline(items, rng)
    else:
        rng.shuffle(items)


def _fits(twin: Game, p: Any, card: Any, kind: str, other: Any) -> bool:
    """Swap the designs of ``card`` and ``other`` and keep the swap if ``card`` may then be
    picked (:func:`can_pick`); else swap them back."""
    _trade(card, other)
    if can_pick(twin, p, card, kind):
        return True
    _trade(card, other)
    return False


def _trade(a: Any, b: Any) -> None:
    """Swap the designs (not the numbers) of cards ``a`` and ``b``."""
    da, db = a.design, b.design
    a.recast(a.uid, db)
    b.recast(b.uid, da)


def force_roll(twin: Game, faces: tuple[str, str] | None) -> None:
    """Make the robot roll ``faces`` (die A, die B) this round in a solitaire copy; None: roll
    with the copy's own generator (also when the real game asks for the dice by hand)."""
    solo = twin.setup.get("solo")
    if solo is None:
        return
    # a new set-up of the copy's own: the game it was copied from shares the old one
    rolls = None if faces is None else [list(faces)] * max(1, twin.round)
    twin.setup["solo"] = {**solo, "dice": rolls}
