"""Automatic players that answer decisions through the same door as people do."""

from __future__ import annotations

import random
from typing import Any, Protocol

from rftg_nb.engine.decision import Decision


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
    randbelow = rng.randrange  # randrange(m) is randbelow(m) for m > 0
    for _ in range(1000):
        # The very draws of ``k = rng.randint(low, top)`` then ``rng.sample(ids, k)``, made
        # without their overhead: randint(a, b) is a + randrange(b - a + 1), and a sample of
        # up to 5 from at most 21 takes randbelow(n), randbelow(n - 1) ... from a pool that
        # moves its last item into each vacancy (tests/test_engine_golden.py checks this).
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

    def choose(self, d: Decision) -> list[str]:
        return random_pick(d, self.rng)

    def answer(self, game: Any, decision: Decision) -> list[str]:
        """As :meth:`choose` (the :class:`Player` protocol; the game is not looked at)."""
        return self.choose(decision)

    def play(self, game: Playable, player: int | None = None) -> None:
        """Answer every pending decision (only ``player``'s, if given) until none is left."""
        while (d := game.decision) is not None and (player is None or d.player == player):
            game.apply(self.choose(d))
