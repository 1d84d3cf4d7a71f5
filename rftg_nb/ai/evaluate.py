"""How good a position is for one seat: the look-ahead's score for the end of a round.

A finished game scores its margin (your score minus the best other score), plus half a point
for winning a tie. Otherwise each side's score so far is added to what it can still expect:
for the seat, its hand (:meth:`Ctx.hand_value`), its goods and its tableau's powers over the
rounds left; for the robot, what its credit, economy and draw stack bring
(:func:`rftg_nb.ai.robot_model.robot_later`); for other players, the same public measures as
for the seat, with their hands counted as plain cards.
"""

from __future__ import annotations

import math
from typing import Any

from rftg_nb.ai import features, robot_model
from rftg_nb.ai.valuation import Ctx
from rftg_nb.constants import GOOD_VALUE


def final_margin(game: Any, seat: int, scores: list[int] | None = None) -> float:
    scores = game.scores() if scores is None else scores
    mine = scores[seat]
    others = max(s for i, s in enumerate(scores) if i != seat)
    bonus = 0.5 if game.winner == seat else 0.0
    return mine - others + bonus


def outlook(game: Any, seat: int) -> tuple[float, float, float]:
    """``seat``'s (chance of winning, expected final score, expected final margin) from here;
    for a finished game its result, its score and its margin. Each side's final score is taken
    to spread about its expected score, more widely the further the end is (fitted to played
    games: a margin spreads about 5 VP with a round left, 12 with ten), and the chance of
    winning is the chance that the seat's ends above every other side's
    (:func:`first_chance`). The score and the margin are what is left to play for when the
    chance of winning is the same whatever one does."""
    if game.is_over:
        scores = game.scores()
        winners = game.winners
        won = (1.0 / len(winners)) if seat in winners else 0.0
        return won, float(scores[seat]), final_margin(game, seat, scores)
    ctx = Ctx(game, seat)
    mine, margin, others = expected(game, seat, ctx)
    spread = 3.8 + 0.85 * ctx.rounds
    won = first_chance(mine, others, spread) if len(others) > 1 else _ahead(margin, spread)
    return won, mine, margin


def _ahead(margin: float, spread: float) -> float:
    """The chance that a margin expected at ``margin``, spread by ``spread``, ends above 0."""
    return 0.5 * (1.0 + math.erf(margin / (spread * math.sqrt(2.0))))


def first_chance(mine: float, others: list[float], spread: float) -> float:
    """The chance that a final score expected at ``mine`` ends above each of ``others``
    (expected final scores), every score spreading independently so that the margin between
    two spreads by ``spread`` (its standard deviation).

    Against one side that is the margin against its spread; against more it is lower, as
    ending first means beating the best of several scores, not the best of their expectations
    (three even rivals: about 1 in 4, where the margin to the best expectation says 1 in 2)."""
    if len(others) <= 1:
        return _ahead(mine - (others[0] if others else 0.0), spread)
    sigma = spread / math.sqrt(2.0)  # one side's own spread
    gaps = [(mine - o) / sigma for o in others]
    total = 0.0
    for z, w in _NORMAL_POINTS:  # the seat's own luck z; each rival below it
        p = w
        for g in gaps:
            p *= 0.5 * (1.0 + math.erf((g + z) / math.sqrt(2.0)))
        total += p
    return min(1.0, max(0.0, total))


def _normal_points(n: int = 81, reach: float = 6.0) -> tuple[tuple[float, float], ...]:
    """Points and weights (summing to 1) over a standard normal, evenly spaced to ``reach``."""
    step = 2.0 * reach / (n - 1)
    zs = [-reach + k * step for k in range(n)]
    ws = [math.exp(-0.5 * z * z) for z in zs]
    total = sum(ws)
    return tuple((z, w / total) for z, w in zip(zs, ws, strict=True))


_NORMAL_POINTS = _normal_points()


def expected(game: Any, seat: int, ctx: Ctx) -> tuple[float, float, list[float]]:
    """The seat's (expected final score, expected final margin over the best other side, the
    other players' expected final scores) from the position now (a game not over), each
    worked out once. Against the robot the last is empty: the margin is all there is."""
    scores = game.scores()
    mine = scores[seat] + side_potential(ctx, game.players[seat], own=True)
    if ctx.solo and features.has_weights():
        return mine, features.learned_value(game, seat, ctx), []
    if ctx.solo and ctx.robot is not None:
        r = ctx.robot
        mat = robot_model.Mat(float(r.credit), float(r.economy), float(r.stack),
                              float(r.counters_left))
        theirs = r.score + robot_model.robot_later(mat, r, ctx.rounds + 1.0)
        return mine, mine - theirs, []
    others = [scores[p.index] + side_potential(ctx, p, own=False)
              for p in game.players if p.index != seat]
    return mine, mine - max(others, default=0.0), others


def side_potential(ctx: Ctx, p: Any, own: bool) -> float:
    """What a player can still expect: hand, goods and the tableau's powers."""
    mine = p is ctx.me  # (the context's own hand and tableau, valued once)
    if own:
        hand = ctx.hand_now() if mine else ctx.hand_value([c.design for c in p.hand])
    else:
        hand = ctx.currency(len(p.hand)) * 1.3
    goods = sum(0.5 * ctx.cv * GOOD_VALUE.get(c.design.good or "", 2)
                for c in p.tableau if c.good is not None)
    if ctx.rounds > 1.0:
        powers = ctx.uses * (ctx.tableau_income() if mine
                             else ctx.income([c.design for c in p.tableau]))
    else:
        powers = 0.0
    return hand + goods + powers
