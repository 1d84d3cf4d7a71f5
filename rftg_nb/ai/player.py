"""``AIPlayer``: a computer player that answers any decision of its seat.

Two levels: ``"fast"`` answers every decision by the rules of thumb of
:mod:`rftg_nb.ai.decisions` (a few milliseconds); ``"strong"`` also plays the rounds that each
promising choice of actions leads to, many times over, on copies of the game whose hidden cards
and dice are drawn afresh (:mod:`rftg_nb.ai.search`), and keeps the choice that does best.

Both see only what their seat sees (:mod:`rftg_nb.ai.knowledge`), and both are deterministic:
the same seed and the same visible position give the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rftg_nb.ai import knowledge
from rftg_nb.ai.decisions import Choice, Chooser
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.decision import Decision, IllegalChoice
from rftg_nb.players import quiet_pick, random_pick

LEVELS = ("fast", "strong")


class AILevelError(ValueError):
    """An AI level that does not exist; the message names the field ``level``."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What the AI would choose: option ``ids``, their ``labels`` and a one-line ``reason``."""

    ids: tuple[str, ...]
    labels: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        return self.reason


class AIPlayer:
    """A computer player. ``level`` is one of :data:`LEVELS`; ``seed`` fixes its choices."""

    def __init__(self, level: str = "fast", seed: int = 0) -> None:
        if level not in LEVELS:
            raise AILevelError(f"level: expected one of {LEVELS}, got {level!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise AILevelError(f"seed: expected an int, got {seed!r}")
        self.level = level
        self.seed = seed

    def __repr__(self) -> str:
        return f"AIPlayer(level={self.level!r}, seed={self.seed})"

    # ------------------------------------------------------------------ answering
    def pick(self, game: Any, decision: Decision | None = None) -> list[str]:
        """The option ids answering ``decision`` (default: the game's pending decision)."""
        return list(self._choose(game, decision).ids)

    def hint(self, game: Any) -> Hint:
        """The AI's answer to the pending decision, with the labels and a reason to show."""
        d = game.decision
        if d is None:
            raise IllegalChoice("the game is over: there is no decision to hint at")
        c = self._choose(game, d)
        labels = tuple(d.option(i).label for i in c.ids)
        return Hint(c.ids, labels, c.reason)

    def play(self, game: Any, seat: int | None = None) -> None:
        """Answer every decision of ``seat`` (default: every seat) until another side is asked
        or the game ends."""
        while (d := game.decision) is not None and (seat is None or d.player == seat):
            game.apply(self.pick(game, d))

    # ------------------------------------------------------------------ inside
    def _choose(self, game: Any, decision: Decision | None) -> Choice:
        d = decision if decision is not None else game.decision
        if d is None:
            raise IllegalChoice("the game is over: there is no decision to answer")
        key = knowledge.position_key(game, d.player, d, self.seed)
        rng = random.Random(key)
        choice = self._think(game, d, rng)
        ids = tuple(choice.ids)
        if d.check(ids) is not None:  # never answer illegally, whatever went wrong above
            q = tuple(quiet_pick(d))
            ids = q if d.check(q) is None else tuple(random_pick(d, rng))
            choice = Choice(ids, "A legal choice.")
        return choice

    def _think(self, game: Any, d: Decision, rng: random.Random) -> Choice:
        ctx = Ctx(game, d.player)
        chooser = Chooser(ctx, rng, eager=self.level == "fast")
        if self.level == "strong":
            from rftg_nb.ai.determinize import CopyError
            from rftg_nb.ai.search import strong_choice

            try:
                got = strong_choice(game, d, ctx, chooser, rng)
            except CopyError:  # a game with zones the look-ahead cannot copy faithfully
                got = None
            if got is not None:
                return got
        return chooser.choose(d)
