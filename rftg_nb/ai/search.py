"""The strong level: check the candidate answers by playing their round out, many times.

For an action choice, for the choice of a development or a world to place and of the cards
to keep when exploring, and for every other question of the seat (the answers of
:mod:`rftg_nb.ai.answers`; against the robot and at a table alike), every candidate
answer is played on copies of the game (:mod:`rftg_nb.ai.determinize`) to the start of the
next round (:mod:`rftg_nb.ai.playouts`): hidden cards dealt afresh, the robot's roll taken
from a spread of its 36 rolls, the seat's own later choices in the round made by the fast
level, other players' by the fast level from their own seat. Against the robot, the strong
level's playout tries a few answers to the seat's first later choice of a development or a
world, each on a copy played on to the round's end, and keeps the best: it will answer that
question by a search of its own when it comes. Every candidate meets the same deals and
rolls, so the comparison is between choices, not luck. The end of the round is scored by
:func:`rftg_nb.ai.evaluate.outlook`: the chance of winning against the robot, the expected
margin in a game of players (the result itself if the game ends there).

Candidates are whittled down in stages (successive halving): all of them meet a few deals,
the best few meet more, the best two meet many more. The fast level's own ranking orders
the candidates and breaks ties, and its reason is the hint's reason.

The search is anytime: it runs within an :class:`rftg_nb.ai.budget.Allowance`, picks from
:data:`SCHEDULES` the largest schedule the allowance is expected to pay for, and when the
allowance runs out midway it answers with the best candidate so far (compared on the deals
they have all met), or with the fast level's answer when nothing was played out yet.

When the chance of winning cannot tell the candidates apart (a solitaire game lost or won
whatever happens, or every estimate within its noise of the best), it says nothing about
which answer is better, so the candidates are ranked by the expected final margin against
the robot instead (what the learned value predicts, and what the chance is made from), then
the seat's own expected score.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import determinize
from rftg_nb.ai.answers import MID_ROUND, OTHER_QUESTIONS, candidates, naming
from rftg_nb.ai.budget import Allowance, Budget
from rftg_nb.ai.chooser_base import Choice
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.features import solo_features
from rftg_nb.ai.plans import RoundPlan, action_sets, label
from rftg_nb.ai.playouts import Result, by_win, play_round, spread_rolls
from rftg_nb.ai.sentences import SETTLED, Figures, actions_reason, place_reason
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.kinds import Kind

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision

# Schedules of (candidates kept, deals each has met by the end of the stage), dearest first:
# the full one, then cheaper ones that a tight budget can still finish. A cheap schedule
# keeps fewer of the fast level's best candidates from the start rather than deal each of
# many only once: one deal tells less than the fast level's own ranking does.
SCHEDULES = (
    ((99, 4), (6, 12), (2, 24)),
    ((99, 3), (5, 8), (2, 16)),
    ((12, 3), (4, 8), (2, 14)),
    ((8, 3), (3, 6), (2, 10)),
    ((6, 2), (3, 5), (2, 8)),
    ((4, 2), (2, 6)),
    ((3, 2), (2, 4)),
)
STAGES = SCHEDULES[0]
MAX_DEALS = max(deals for plan in SCHEDULES for _keep, deals in plan)
FLAT = 0.01  # win chances closer than this (beyond their noise) do not tell answers apart


def strong_choice(game: Any, d: Decision, ctx: Ctx, chooser: Chooser, rng: random.Random,
                  allowance: Allowance | None = None,
                  record: list[dict[str, Any]] | None = None,
                  every_question: bool = True) -> Choice | None:
    """The strong level's answer within ``allowance`` (default: none, the full schedule), or
    None to let the fast level answer.

    ``every_question``: play out the questions of :data:`OTHER_QUESTIONS` too (the strong
    level; the fast level, which looks ahead against the robot only, plays out its choices of
    actions and of cards to place or keep, within a few milliseconds).

    ``record``: a list that a solitaire choice of actions appends what the search found to
    (the position's features, each candidate's forecast parts and searched value, the one
    chosen): the training data of :mod:`rftg_nb.ai.train`."""
    if allowance is None:
        allowance = Budget().start()
    # The strong level's playouts against the robot try a few answers to the seat's own
    # choices of a development and a world (:func:`rftg_nb.ai.playouts.best_branch`).
    branch = every_question and ctx.solo
    if d.kind == Kind.ACTIONS:
        return _actions(game, d, ctx, rng, allowance, record, branch)
    if d.kind in MID_ROUND or (every_question and d.kind in OTHER_QUESTIONS):
        return _mid_round(game, d, ctx, chooser, rng, allowance, branch)
    return None


def _actions(game: Any, d: Decision, ctx: Ctx, rng: random.Random, allowance: Allowance,
             record: list[dict[str, Any]] | None, branch: bool = False) -> Choice | None:
    plan = RoundPlan(ctx)
    outcomes = sorted((plan.evaluate(a) for a in action_sets(d)), key=lambda o: -o.score)
    if len(outcomes) <= 1:
        return None
    rolls = spread_rolls(game, rng, MAX_DEALS)
    memo: dict[tuple[int, int], tuple[str, ...]] = {}
    deals = determinize.Deals(game, d.player)

    def run(o: Any, j: int, seed: int) -> Result:
        return play_round(game, d.player, o.actions, seed, rolls[j], ctx, round_start=True,
                          memo=memo, deals=deals, branch=branch)

    stats: list[tuple[float, int]] = []
    info: dict[str, Any] = {}
    best = halve(outcomes, run, rng, allowance, stats, by_win(game), info)
    if record is not None and ctx.solo:
        record.append({"features": solo_features(game, d.player, ctx),
                       "cands": [(o.actions, dict(o.parts), m) for o, (m, _n)
                                 in zip(outcomes, stats, strict=True)],
                       "chosen": outcomes.index(best)})
    goods = sum(1 for c in ctx.me.tableau if c.good is not None)
    figures = _figures(info, outcomes, best, lambda o: label(o.actions), game, goods,
                       best.goods_at_consume)
    return Choice(best.actions, actions_reason(label(best.actions), best.actions, figures,
                                               best.notes), figures)


def _figures(info: dict[str, Any], cands: list[Any], best: Any, name: Callable[[Any], str],
             game: Any, goods: int = 0, goods_at_consume: int = 0) -> Figures | None:
    """The figures a hint's words are made from: what :func:`halve`'s last ranking found for
    ``best`` (one of ``cands``) and the next best (named by ``name``); None when it played
    nothing out."""
    got = info.get("figures")
    if not got or cands[got[0][0]] is not best:
        return None
    (_i, value, vp, margin) = got[0]
    other = other_value = other_vp = other_margin = None
    if len(got) > 1:
        j, other_value, other_vp, other_margin = got[1]
        other = name(cands[j])
    return Figures("chance" if by_win(game) else "margin", value, vp, info["deals"],
                   bool(info.get("flat")), other, other_value, other_vp, goods,
                   goods_at_consume, margin, other_margin)


def _mid_round(game: Any, d: Decision, ctx: Ctx, chooser: Chooser, rng: random.Random,
               allowance: Allowance, branch: bool = False) -> Choice | None:
    quick = chooser.choose(d)
    answers = candidates(d, chooser, quick.ids)
    if len(answers) <= 1:
        return None

    deals = determinize.Deals(game, d.player)

    def run(ids: tuple[str, ...], j: int, seed: int) -> Result:
        return play_round(game, d.player, ids, seed, None, ctx, round_start=False,
                          deals=deals, branch=branch)

    info: dict[str, Any] = {}
    best = halve(answers, run, rng, allowance, flat_to_margin=by_win(game), info=info)
    if best == quick.ids:
        return quick
    verb, none, with_none = naming(d.kind)

    def named(ids: tuple[str, ...]) -> str:
        return _join([d.option(i).label for i in ids]) if ids else with_none

    figures = _figures(info, answers, best, named, game)
    labels = [d.option(i).label for i in best]
    return Choice(best, place_reason(verb, labels, figures, none), figures)


def schedule_cost(stages: tuple[tuple[int, int], ...], n: int) -> int:
    """How many playouts ``stages`` take for ``n`` candidates."""
    total = prev = 0
    alive = n
    for keep, deals in stages:
        alive = min(alive, keep)
        total += alive * (deals - prev)
        prev = deals
    return total


def schedule_for(n: int, room: float) -> tuple[tuple[int, int], ...]:
    """The dearest of :data:`SCHEDULES` that ``room`` playouts pay for (else the cheapest)."""
    for stages in SCHEDULES:
        if schedule_cost(stages, n) <= room:
            return stages
    return SCHEDULES[-1]


def halve(cands: list[Any], run: Callable[[Any, int, int], Result], rng: random.Random,
          allowance: Allowance | None = None, stats: list[tuple[float, int]] | None = None,
          flat_to_margin: bool = False, info: dict[str, Any] | None = None) -> Any:
    """The best candidate over the deals, whittled down by a schedule that ``allowance`` pays
    for (:func:`schedule_for`); ``cands[0]`` (the fast level's answer) when it pays for none.

    ``run(candidate, j, seed)`` plays candidate on deal ``j``. ``flat_to_margin``: the first
    figure of a result is a chance of winning, and candidates it cannot tell apart are ranked
    by margin (:func:`rank`). ``stats`` (a list) receives each candidate's (mean after the
    first stage, deals met); ``info`` (a dict) whether the last ranking was ``flat``, and the
    ``playouts`` run."""
    if allowance is None:
        allowance = Budget().start()
    seeds = [rng.getrandbits(64) for _ in range(MAX_DEALS)]
    results: list[list[Result]] = [[] for _ in cands]
    info = {} if info is None else info
    info.update(flat=False)

    def play(i: int, j: int) -> bool:
        if not allowance.may_run():
            return False
        results[i].append(run(cands[i], j, seeds[j]))
        allowance.ran()
        return True

    first: list[float] = []  # each candidate's mean after the first stage

    def answer(i: int) -> Any:
        if stats is not None:
            stats.extend((first[k] if first else math.nan, len(r))
                         for k, r in enumerate(results))
        return cands[i]

    if not play(0, 0):
        return answer(0)
    # A budget in seconds can tell how many playouts fit once it has timed one.
    stages = schedule_for(len(cands), allowance.room() + 1)
    alive = list(range(len(cands)))
    ranked: list[int] | None = None  # the order after the last stage finished
    finished = 0  # deals met by every candidate alive at the end of that stage
    for keep, deals in stages:
        alive = alive[:keep]
        for j in range(deals):
            for i in alive:
                if len(results[i]) <= j and not play(i, j):
                    return answer(_cut_short(alive, results, ranked, finished, flat_to_margin,
                                             info))
        # "Within the noise" is asked of all the options (the first stage); a later stage
        # keeps ranking by margin only while its few are still within the noise.
        alive, info["flat"] = rank(alive, results, deals, flat_to_margin,
                                   by_noise=ranked is None or info["flat"])
        _keep_figures(info, alive, results, deals)
        if not first:
            first = [_mean(r, 0, len(r)) if r else math.nan for r in results]
        ranked, finished = alive, deals
    return answer(alive[0])


def _cut_short(alive: list[int], results: list[list[Result]], ranked: list[int] | None,
               finished: int, flat_to_margin: bool, info: dict[str, Any]) -> int:
    """The answer when the allowance runs out in the middle of a stage: the candidates still
    in it compared on the deals they have all met, if that is more than the last finished
    stage saw; else that stage's best; else (no stage finished) the fast level's answer."""
    met = min(len(results[i]) for i in alive)
    if met > finished and met >= 2:
        order, info["flat"] = rank(alive, results, met, flat_to_margin,
                                   by_noise=ranked is None or info["flat"])
        _keep_figures(info, order, results, met)
        return order[0]
    return ranked[0] if ranked else 0


def _keep_figures(info: dict[str, Any], order: list[int], results: list[list[Result]],
                  n: int) -> None:
    """What the last ranking found, for the hint's words: the best two candidates' indices
    and their means (first figure, score, margin) over the ``n`` deals both met."""
    info["figures"] = [(i, _mean(results[i], 0, n), _mean(results[i], 1, n),
                        _mean(results[i], 2, n)) for i in order[:2]]
    info["deals"] = n


def _mean(rs: list[Result], k: int, n: int) -> float:
    return sum(r[k] for r in rs[:n]) / n


def rank(alive: list[int], results: list[list[Result]], n: int, flat_to_margin: bool,
         by_noise: bool = True) -> tuple[list[int], bool]:
    """``alive`` best first by their first ``n`` results, and whether the ranking was flat.

    Normally the first figure (the chance of winning, or the margin) ranks them, then the
    score, then the fast level's order. With ``flat_to_margin`` the chance of winning may say
    nothing, and then the margin ranks them, then the score: when the game is settled (every
    candidate's chance below :data:`SETTLED`, or every one above ``1 - SETTLED``), or
    (``by_noise``) when every chance is within :data:`FLAT` plus one standard error (of the
    paired differences on the same deals) of the best one's.
    """
    means = {i: (_mean(results[i], 0, n), _mean(results[i], 1, n), _mean(results[i], 2, n))
             for i in alive}
    flat = False
    if flat_to_margin and len(alive) > 1:
        chances = [means[i][0] for i in alive]
        top = max(alive, key=lambda i: (means[i][0], -i))
        flat = (max(chances) < SETTLED or min(chances) > 1.0 - SETTLED
                or (by_noise and all(means[top][0] - means[i][0]
                                     <= FLAT + _noise(results[top], results[i], n)
                                     for i in alive)))
    if flat:
        order = sorted(alive, key=lambda i: (-means[i][2], -means[i][1], i))
    else:
        order = sorted(alive, key=lambda i: (-means[i][0], -means[i][1], -means[i][2], i))
    return order, flat


def _noise(a: list[Result], b: list[Result], n: int) -> float:
    """The standard error of the mean difference of two candidates' first figures."""
    if n < 2:
        return 0.0
    diffs = [x[0] - y[0] for x, y in zip(a[:n], b[:n], strict=True)]
    return statistics.stdev(diffs) / math.sqrt(n)


def _join(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
