"""Automatic players that answer decisions through the same door as people do."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from math import ceil, log
from typing import Any, Protocol

from rftg_nb.engine.decision import Decision
from rftg_nb.engine.game import Game
from rftg_nb.engine.piles import GETRANDBITS, RANDOM, pool_sample


class Playable(Protocol):
    @property
    def decision(self) -> Decision | None: ...

    def apply(self, choice: str | list[str]) -> None: ...


class Player(Protocol):
    """Anything that answers decisions: the random player, the AI at either level, a table's
    computer seat. ``answer`` gets the game (what the player may look at) and the decision,
    and returns the option ids to send to ``game.apply``; a person answers through the app's
    board instead, by the same ``apply``."""

    def answer(self, game: Any, decision: Decision) -> list[str]: ...


def quiet_pick(d: Decision) -> list[str]:
    """The do-nothing answer: "done" if offered, else the fewest options allowed (the first
    ones). Scripts use it to play past decisions that do not matter to them."""
    return ["done"] if "done" in d.ids else list(d.ids[: d.min])


def random_pick(d: Decision, rng: random.Random) -> list[str]:
    """A uniformly drawn legal answer to ``d``: how many to pick, then which, redrawn while
    the decision's own rule rejects the draw."""
    ids = d.ids
    n = len(ids)
    low = d.min
    span = min(d.max, n) - low + 1
    rule = d.rule
    if type(rng) is not RANDOM or span <= 0 or n == 0:
        return _random_pick_slow(ids, low, span, rule, rng, d)
    # The very draws of ``k = rng.randint(low, top)`` then ``rng.sample(ids, k)``, made without
    # their overhead: randint(a, b) is a + randrange(b - a + 1); randrange(m) is Random's
    # randbelow(m), which draws m.bit_length() bits until they fall below m; and a sample of
    # k from few options takes randbelow(n), randbelow(n - 1) ... from a pool that moves its
    # last item into each vacancy, of k from more options randbelow(n) until an index not
    # taken yet (tests/test_engine_golden.py checks all of this).
    bits = GETRANDBITS  # (the method itself: no bound method made at each answer)
    span_bits = span.bit_length()
    n_bits = n.bit_length()
    for _ in range(1000):
        k = bits(rng, span_bits)
        while k >= span:
            k = bits(rng, span_bits)
        k += low
        if k == 1:
            j = bits(rng, n_bits)
            while j >= n:
                j = bits(rng, n_bits)
            pick = [ids[j]]
        elif k == 0:
            pick = []
        elif k == 2 and n <= 21:  # two actions: the pool's moves, without the pool
            j = bits(rng, n_bits)
            while j >= n:
                j = bits(rng, n_bits)
            m = n - 1
            m_bits = m.bit_length()
            j2 = bits(rng, m_bits)
            while j2 >= m:
                j2 = bits(rng, m_bits)
            pick = [ids[j], ids[m] if j2 == j else ids[j2]]
        elif n <= _pool_limit(k):
            pick = pool_sample(rng, ids, k)
        else:  # sample's other way: indices drawn from all n, a repeat drawn again
            taken: set[int] = set()
            pick = []
            for _ in range(k):
                j = bits(rng, n_bits)
                while j >= n or j in taken:
                    j = bits(rng, n_bits)
                taken.add(j)
                pick.append(ids[j])
        if rule is None or rule(tuple(pick)) is None:
            return pick
    raise RuntimeError(f"no legal answer found for {d}")


def _pool_limit(k: int) -> int:
    """The most options ``random.sample`` draws ``k`` of from a pool (more: by indices into
    the whole); its rule, "an n-length list is smaller than a k-length set"."""
    return 21 if k <= 5 else 21 + 4 ** ceil(log(k * 3, 4))


def _random_pick_slow(ids: tuple[str, ...], low: int, span: int,
                      rule: Callable[[tuple[str, ...]], str | None] | None,
                      rng: random.Random, d: Decision) -> list[str]:
    """:func:`random_pick` through ``randrange``: for another kind of generator (whose
    randbelow may draw otherwise) and for a decision with too few options (randrange raises
    the ValueError the draw always raised)."""
    n = len(ids)
    randbelow = rng.randrange
    for _ in range(1000):
        k = low + randbelow(span)
        if k == 0:
            pick: list[str] = []
        elif k == 1:
            pick = [ids[randbelow(n)]]
        elif k <= 5 and n <= 21:
            pool = list(ids)
            pick = []
            for i in range(k):
                j = randbelow(n - i)
                pick.append(pool[j])
                pool[j] = pool[n - i - 1]
        else:
            pick = rng.sample(ids, k)
        if rule is None or rule(tuple(pick)) is None:
            return pick
    raise RuntimeError(f"no legal answer found for {d}")


class RandomPlayer:
    """Answers any decision uniformly at random among its legal answers.

    It draws how many options to pick, then which, and retries when a decision's own rule
    (for example "the 2nd Develop needs Develop") rejects the draw.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def answer(self, game: Any, decision: Decision) -> list[str]:
        """A legal answer to ``decision`` drawn at random (the :class:`Player` protocol; the
        game is not looked at)."""
        return random_pick(decision, self.rng)

    def play(self, game: Playable, player: int | None = None) -> None:
        """Answer every pending decision (only ``player``'s, if given) until none is left
        (:func:`play`)."""
        play(game, self if player is None else {player: self})


#: who answers: one player for every seat, one per seat (None: a seat nobody answers for), or
#: a mapping of seat to player
Deciders = Player | Sequence[Player | None] | Mapping[int, Player]
#: when to stop: before a decision of this kind, or when this says so of the game and decision
Until = str | Callable[[Any, Decision], bool] | None


def play(game: Playable, deciders: Any, until: Until = None) -> int:
    """Answer ``game``'s decisions with ``deciders`` (see :data:`Deciders`) until it is over,
    a seat no decider answers for is asked, or ``until`` (see :data:`Until`) says stop, before
    that decision is answered. Returns how many decisions were answered.

    The loop that plays a game on: the random player, the AI, the lab and the table's
    computer seats go through it.
    """
    if isinstance(deciders, Mapping):
        seats: Mapping[int, Any] | Sequence[Any] | None = deciders
        one = None
    elif isinstance(deciders, Sequence):
        seats, one = deciders, None
    else:
        seats, one = None, deciders
    # the random player's answers, without a call of their own
    rng: random.Random | None = one.rng if type(one) is RandomPlayer else None
    n = 0
    if rng is not None and until is None and isinstance(game, Game):
        # a random player's whole game (the lab's, the benchmarks'): the game's own methods
        # called as a game's, not looked up by name as a protocol's
        while (d := game.decision) is not None:
            game.apply(random_pick(d, rng))
            n += 1
        return n
    while (d := game.decision) is not None:
        if until is not None and (d.kind == until if isinstance(until, str)
                                  else until(game, d)):
            break
        if one is not None:
            who = one
        elif isinstance(seats, Mapping):
            who = seats.get(d.player)
        else:
            assert seats is not None
            who = seats[d.player] if d.player < len(seats) else None
        if who is None:
            break
        game.apply(random_pick(d, rng) if rng is not None else who.answer(game, d))
        n += 1
    return n
