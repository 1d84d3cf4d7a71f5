"""Solitaire games with one mistake planted in them, to check that the review points at it.

Each game is played by the fast AI's rules of thumb (:class:`rftg_nb.ai.AIPlayer` with
``playouts=0``), whose answers differ from the strong AI's often enough that the review has
other decisions to weigh, except for one decision of the kind asked, from a seeded round on,
answered as a weaker player would:

- ``"unplaced"``: a world the fast AI would settle is left in hand;
- ``"weak-development"``: a 6-cost development it would place is passed over for the
  cheapest other development it could place;
- ``"cards-for-vp"``: Consume x2 (VP) is called as Trade (cards) with the same other action,
  where VP were needed: the fast level's plan of the round values the x2 call at least
  :data:`VP_NEEDED` VP-equivalents above the Trade call;
- ``"robot-phase"``: the actions called are those whose phases the robot gains most from
  this round, by the look-ahead's forecast of the robot (:mod:`rftg_nb.ai.robot_model`).

``benchmarks/ai.py --rows review-planted`` reviews many such games and counts how often the
planted decision is among the key moments; ``tests/history/test_review_planted.py`` keeps a
few.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.plans import RoundPlan, action_sets
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.decision import Decision
from rftg_nb.engine.kinds import Kind
from rftg_nb.robot import SoloGame

KINDS = ("unplaced", "weak-development", "cards-for-vp", "robot-phase")
DIFFICULTIES = ("easy", "medium", "hard")
#: the rounds a mistake is planted from (the first decision of its kind from the seeded one on)
ROUNDS = (2, 7)
#: how much better the plan must value Consume x2 than Trade for selling to be a mistake
VP_NEEDED = 2.0


class PlantError(ValueError):
    """A planted game asked of an unknown kind (the message names it)."""


@dataclass(frozen=True, slots=True)
class Planted:
    """A finished game with one planted mistake: the game, the ``kind``, the index of the
    planted answer in its choice log (``choice``), its round, and what the fast AI would
    have answered there (``instead``)."""

    game: SoloGame
    kind: str
    choice: int
    round: int
    instead: tuple[str, ...]


def _cost(game: SoloGame, d: Decision, option_id: str) -> int | None:
    for c in game.players[d.player].hand:
        if c.id == option_id:
            return c.design.cost
    return None


def _mistake(kind: str, game: SoloGame, d: Decision, ids: tuple[str, ...]) \
        -> tuple[str, ...] | None:
    """The planted answer to ``d`` in place of the fast AI's ``ids``, or None where this
    decision cannot carry a mistake of ``kind``."""
    if kind == "unplaced":
        if d.kind in (Kind.SETTLE, Kind.SETTLE_SECOND) and ids and d.check(()) is None:
            return ()
    elif kind == "weak-development":
        if d.kind == Kind.DEVELOP and len(ids) == 1 and _cost(game, d, ids[0]) == 6:
            others = [(c, i) for i in d.ids if i != ids[0]
                      and (c := _cost(game, d, i)) is not None and c < 6]
            if others:
                return (min(others)[1],)
    elif kind == "cards-for-vp":
        if d.kind == Kind.ACTIONS and "x2" in ids and "trade" not in ids:
            swapped = tuple(sorted(["trade" if i == "x2" else i for i in ids],
                                   key=d.ids.index))
            if d.check(swapped) is None:
                plan = RoundPlan(Ctx(game, d.player))
                if plan.evaluate(ids).mine - plan.evaluate(swapped).mine >= VP_NEEDED:
                    return swapped
    elif kind == "robot-phase":
        if d.kind == Kind.ACTIONS:
            plan = RoundPlan(Ctx(game, d.player))
            worst = max(action_sets(d), key=lambda a: (plan.evaluate(a).theirs, a))
            if worst != ids:
                return worst
    else:
        raise PlantError(f"kind: expected one of {KINDS}, got {kind!r}")
    return None


def planted_game(seed: int, kind: str, difficulty: str | None = None,
                 rounds: tuple[int, int] = ROUNDS) -> Planted | None:
    """The solitaire game of ``seed`` played by the fast AI's rules of thumb (no look-ahead:
    ``playouts=0``) with one mistake of ``kind`` planted at the first decision that can carry
    it from a round drawn from ``rounds`` on; None when the game ends with none planted."""
    if kind not in KINDS:
        raise PlantError(f"kind: expected one of {KINDS}, got {kind!r}")
    rng = random.Random(f"planted:{seed}:{kind}")
    from_round = rng.randint(*rounds)
    game = SoloGame.new(seed=seed, difficulty=difficulty or DIFFICULTIES[seed % 3])
    ai = AIPlayer("fast", seed=seed, playouts=0)  # its rules of thumb (the games as measured)
    planted: tuple[int, int, tuple[str, ...]] | None = None
    while (d := game.decision) is not None:
        ids = tuple(ai.answer(game, d))
        if planted is None and d.player == 0 and game.round >= from_round:
            wrong = _mistake(kind, game, d, ids)
            if wrong is not None:
                planted = (len(game.choices), game.round, ids)
                ids = wrong
        game.apply(list(ids))
    if planted is None:
        return None
    return Planted(game, kind, planted[0], planted[1], planted[2])


__all__ = ["KINDS", "PlantError", "Planted", "planted_game"]
