"""``AIPlayer``: a computer player that answers any decision of its seat.

Two levels: ``"fast"`` answers by the rules of thumb of :mod:`rftg_nb.ai.decisions`, and
against the robot plays its best few candidates out on a few deals (a few milliseconds a
decision); ``"strong"`` plays the rounds that each promising answer leads to many times over,
on copies of the game whose hidden cards and dice are drawn afresh (:mod:`rftg_nb.ai.search`),
and keeps the answer that does best. Both play the seat's later choices in those rounds by the
rules of thumb.

Both see only what their seat sees (:mod:`rftg_nb.ai.knowledge`). The strong level thinks
within a :class:`rftg_nb.ai.budget.Budget`: ``seconds`` bounds the wait for one answer (it
returns its best so far when the time is up, the fast level's answer if it had no time at
all), ``playouts`` bounds the work. Without ``seconds`` both levels are deterministic: the
same seed and the same visible position give the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rftg_nb.ai import knowledge
from rftg_nb.ai.budget import Allowance, Budget
from rftg_nb.ai.chooser_base import Choice
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.determinize import CopyError
from rftg_nb.ai.search import strong_choice
from rftg_nb.ai.sentences import Figures
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.decision import Decision, IllegalChoice
from rftg_nb.players import play, quiet_pick, random_pick

LEVELS = ("fast", "strong")
# What the apps let the strong level think about one question (hints, computer seats): the
# search stops on time, and what it does after the last playout keeps the wait within 2 s.
APP_SECONDS = 1.5
# The fast level's look-ahead against the robot: at most this many playouts a decision, its
# best few candidates each played out on a few deals (a few milliseconds a decision). At a
# table it plays nothing out: there a playout costs a round of every seat, and the app's
# computer seats answer while a person waits.
FAST_PLAYOUTS = 24


class AILevelError(ValueError):
    """An AI level that does not exist; the message names the field ``level``."""


class IllegalAIAnswer(AssertionError):
    """In strict mode: the AI's own answer broke the decision's rule (a fault in the AI; out of
    strict mode such an answer is replaced by a legal one)."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What the AI would choose: option ``ids``, their ``labels`` and a one-line ``reason``,
    made from the look-ahead's ``figures`` where it played the choice out (see
    :mod:`rftg_nb.ai.sentences`; None where the fast level's rules of thumb answered)."""

    ids: tuple[str, ...]
    labels: tuple[str, ...]
    reason: str
    figures: Figures | None = None

    def __str__(self) -> str:
        return self.reason


class AIPlayer:
    """A computer player. ``level`` is one of :data:`LEVELS`; ``seed`` fixes its choices.

    ``seconds`` and ``playouts`` cap the strong level's look-ahead of one decision (wall-clock
    seconds; playouts, each one answer played to the end of the round on one sampled copy),
    whichever runs out first. None (the default) is no cap: the full look-ahead, whose time
    grows with the players at the table (about 1-5 s a choice of actions with 4-5 players).
    The fast level plays out at most :data:`FAST_PLAYOUTS` a decision against the robot (a
    lower ``playouts`` lowers that) and nothing at a table.

    ``strict``: an answer of the AI's own that the decision does not allow raises
    :class:`IllegalAIAnswer` (the tests play so); otherwise it is replaced by a legal one, so
    that a player of the app never waits on a fault of the AI.

    ``record``: a list that the strong level appends what its search found at each solitaire
    choice of actions to (:func:`rftg_nb.ai.search.strong_choice`), the training data of
    :mod:`rftg_nb.ai.train`; None (the default) keeps nothing.
    """

    def __init__(self, level: str = "fast", seed: int = 0, seconds: float | None = None,
                 playouts: int | None = None, strict: bool = False,
                 record: list[dict[str, Any]] | None = None) -> None:
        if level not in LEVELS:
            raise AILevelError(f"level: expected one of {LEVELS}, got {level!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise AILevelError(f"seed: expected an int, got {seed!r}")
        self.level = level
        self.seed = seed
        self.strict = bool(strict)
        self.record = record
        self.budget = Budget(seconds, playouts)  # checks both, naming the field

    def __repr__(self) -> str:
        more = "".join(f", {k}={v}" for k, v in (("seconds", self.budget.seconds),
                                                  ("playouts", self.budget.playouts),
                                                  ("strict", self.strict or None))
                       if v is not None)
        return f"AIPlayer(level={self.level!r}, seed={self.seed}{more})"

    # ------------------------------------------------------------------ answering
    def answer(self, game: Any, decision: Decision) -> list[str]:
        """The option ids answering ``decision`` (the :class:`rftg_nb.players.Player`
        protocol)."""
        return list(self._choose(game, decision).ids)

    def hint(self, game: Any) -> Hint:
        """The AI's answer to the pending decision, with the labels and a reason to show."""
        d = game.decision
        if d is None:
            raise IllegalChoice("the game is over: there is no decision to hint at")
        c = self._choose(game, d)
        labels = tuple(d.option(i).label for i in c.ids)
        return Hint(c.ids, labels, c.reason, c.figures)

    def play(self, game: Any, seat: int | None = None) -> None:
        """Answer every decision of ``seat`` (default: every seat) until another side is asked
        or the game ends."""
        play(game, self if seat is None else {seat: self})

    # ------------------------------------------------------------------ inside
    def _budget(self) -> Budget:
        """The cap of one decision's look-ahead: the one given, and for the fast level at most
        :data:`FAST_PLAYOUTS` playouts."""
        b = self.budget
        if self.level == "fast":
            cap = FAST_PLAYOUTS if b.playouts is None else min(b.playouts, FAST_PLAYOUTS)
            return Budget(b.seconds, cap)
        return b

    def _choose(self, game: Any, decision: Decision | None) -> Choice:
        d = decision if decision is not None else game.decision
        if d is None:
            raise IllegalChoice("the game is over: there is no decision to answer")
        allowance = self._budget().start()  # the wait counts from the question
        key = knowledge.position_key(game, d.player, d, self.seed)
        rng = random.Random(key)
        choice = self._think(game, d, rng, allowance)
        ids = tuple(choice.ids)
        why = d.check(ids)
        if why is not None and self.strict:
            raise IllegalAIAnswer(f"{self!r} answered {d.kind} {ids} ({choice.reason!r}): {why}")
        if why is not None:  # never answer illegally, whatever went wrong above
            q = tuple(quiet_pick(d))
            ids = q if d.check(q) is None else tuple(random_pick(d, rng))
            choice = Choice(ids, "A legal choice.")
        return choice

    def _think(self, game: Any, d: Decision, rng: random.Random,
               allowance: Allowance) -> Choice:
        ctx = Ctx(game, d.player)
        fast = self.level == "fast"
        chooser = Chooser(ctx, rng, eager=fast)
        # The fast level looks ahead against the robot only, and with playouts=0 not at all
        # (its rules of thumb alone).
        if not fast or (ctx.solo and allowance.budget.playouts != 0):
            try:
                got = strong_choice(game, d, ctx, chooser, rng, allowance, self.record,
                                    every_question=not fast)
            except CopyError:  # a game with zones the look-ahead cannot copy faithfully
                got = None
            if got is not None:
                return got
        return chooser.choose(d)
