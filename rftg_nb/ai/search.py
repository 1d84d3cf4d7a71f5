"""The strong level: check the candidate answers by playing their round out, many times.

For an action choice, for the choice of a development or a world to place and of the cards
to keep when exploring, and for every other question of the seat (the answers of
:mod:`rftg_nb.ai.answers`; against the robot and at a table alike), every candidate
answer is played on copies of the game (:mod:`rftg_nb.ai.determinize`) to the start of the
next round: hidden cards dealt afresh, the robot's roll taken from a spread of its 36 rolls,
the seat's own later choices in the round made by the fast level, other players' by the fast
level from their own seat. Against the robot, the strong level's playout tries a few answers
to the seat's first later choice of a development or a world, each on a copy played on to the
round's end, and keeps the best (:func:`best_branch`): it will answer that question by a
search of its own when it comes. Every candidate meets the same deals and rolls, so the
comparison is between choices, not luck. The end of the round is scored by
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
from rftg_nb.ai.evaluate import outlook
from rftg_nb.ai.features import solo_features
from rftg_nb.ai.plans import RoundPlan, action_sets, label
from rftg_nb.ai.sentences import SETTLED, Figures, actions_reason, place_reason
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.decision import IllegalChoice
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
#: the seat's own questions inside a playout that it answers a few ways (each on a copy of
#: the playout, each played on to the round's end), the best one's result being the
#: playout's; at most once a playout (:func:`best_branch`)
BRANCHED = frozenset({Kind.DEVELOP, Kind.SETTLE, Kind.SETTLE_SECOND})
#: answers tried there: the fast level's, placing nothing, the cards it values most placed
BRANCH_WIDTH = 3
FLAT = 0.01  # win chances closer than this (beyond their noise) do not tell answers apart
ROUNDS = 1  # rounds a playout plays before the outlook scores it
OBJECTIVE = "win"  # solitaire: the chance of winning ("margin": the expected margin)

# One playout's result for the seat: (what is maximised first: the chance of winning in the
# solitaire game, the margin otherwise; the expected own score; the expected margin).
Result = tuple[float, float, float]


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
    # choices of a development and a world (:func:`best_branch`).
    branch = every_question and ctx.solo
    if d.kind == Kind.ACTIONS:
        return _actions(game, d, ctx, rng, allowance, record, branch)
    if d.kind in MID_ROUND or (every_question and d.kind in OTHER_QUESTIONS):
        return _mid_round(game, d, ctx, chooser, rng, allowance, branch)
    return None


def by_win(game: Any) -> bool:
    """Whether playouts in ``game`` are ranked by the chance of winning (the solitaire game)."""
    return OBJECTIVE == "win" and game.setup.get("solo") is not None


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


def spread_rolls(game: Any, rng: random.Random, n: int) -> list[tuple[str, str] | None]:
    """``n`` robot rolls spread over the 36 (each pair of faces once while it can)."""
    comps = getattr(game, "components", None)
    if comps is None:
        return [None] * n
    every = [(x, y) for x in comps.get("dice", "a") for y in comps.get("dice", "b")]
    rng.shuffle(every)
    return [every[i % len(every)] for i in range(n)]


def play_round(game: Any, seat: int, answer: tuple[str, ...], seed: int,
               roll: tuple[str, str] | None, root: Ctx, round_start: bool,
               memo: dict[tuple[int, int], tuple[str, ...]] | None = None,
               chance: bool = False, deals: determinize.Deals | None = None,
               branch: bool = False) -> Result:
    """Answer the pending decision with ``answer`` on a sampled copy, play to the start of
    the next round, and score that position for ``seat`` (a :data:`Result`).

    ``round_start`` (an action choice): the copy restarts the round's action choices, so the
    other players choose theirs again (they are secret) and ``roll`` is the robot's roll.
    The other players cannot know ``answer`` when they choose, so on the same deal (``seed``)
    they choose the same whatever the candidate: ``memo`` keeps their choices for the next
    candidate to meet that deal (each chooses with a generator of its own, so that reusing
    an answer leaves the rest of the playout as it would have been). ``deals``: the copies
    of ``game`` for ``seat`` (:class:`rftg_nb.ai.determinize.Deals`), when the caller plays
    it on the same seeds more than once: the same copy as without, made faster.
    ``branch``: the seat's first own choice of a development or a world in the playout is
    answered a few ways, and the best is kept (:func:`best_branch`).
    """
    rng: random.Random | determinize.Later
    if deals is None:
        rng = random.Random(seed)
        twin = determinize.sample(game, seat, rng, round_start=round_start)
    else:
        twin, rng = deals.sample(seed, round_start)
    if round_start:
        determinize.force_roll(twin, roll)
    branch = branch and BRANCH_WIDTH > 1
    if branch:
        twin.copy_from_here()  # (its hidden cards are dealt: never copy it from its seed)
    start_round = twin.round
    if not round_start:
        try:
            twin.apply(list(answer))
        except IllegalChoice as err:
            raise determinize.CopyError(f"the answer does not fit the copy: {err}") from err
    return _play_on(twin, seat, answer, seed, rng, root, round_start, start_round, memo,
                    chance, branch)


def _play_on(twin: Any, seat: int, answer: tuple[str, ...], seed: int,
             rng: random.Random | determinize.Later, root: Ctx, round_start: bool,
             start_round: int, memo: dict[tuple[int, int], tuple[str, ...]] | None,
             chance: bool, branch: bool) -> Result:
    """:func:`play_round` on from its copy ``twin``, which began the playout in round
    ``start_round``. ``branch``: the seat's first question of :data:`BRANCHED` that the copy
    can be copied at is answered by :func:`best_branch`."""
    while (d := twin.decision) is not None:
        if d.kind == Kind.ACTIONS and twin.round >= start_round + ROUNDS:
            break
        if round_start and d.kind == Kind.ACTIONS and twin.round == start_round:
            if d.player == seat:
                twin.apply(list(answer))
                continue
            key = (seed, d.player)
            ids = memo.get(key) if memo is not None else None
            if ids is None:
                own = random.Random(seed ^ ((d.player + 1) * 0x9E3779B97F4A7C15))
                ids = Chooser(Ctx(twin, d.player), own).choose(d).ids
                if memo is not None:
                    memo[key] = ids
            twin.apply(list(ids))
            continue
        if d.player == seat:
            ctx = Ctx(twin, seat, parent=root)
            c = Chooser(ctx, rng).choose(d)
            if branch and d.kind in BRANCHED and twin.copyable:
                answers = branch_answers(ctx, d, c.ids)
                if len(answers) > 1:
                    return best_branch(twin, seat, answers, seed, root, start_round, chance)
        else:
            c = Chooser(Ctx(twin, d.player), rng).choose(d)
        twin.apply(list(c.ids))
    won, mine, margin = outlook(twin, seat)
    by = by_win(twin)
    twin.close()  # (freed now, not at the collector's next round)
    return (won if chance or by else margin), mine, margin


def branch_answers(ctx: Ctx, d: Decision, quick: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The answers a playout tries to the seat's question ``d`` of :data:`BRANCHED`: the fast
    level's ``quick`` first, then placing nothing, then the cards the seat values most in its
    tableau (:meth:`rftg_nb.ai.valuation.Ctx.play_value`), :data:`BRANCH_WIDTH` in all."""
    answers = [quick]
    if d.min == 0 and () not in answers:
        answers.append(())
    hand = {c.id: c for c in ctx.me.hand}
    ranked = sorted((-ctx.play_value(hand[o.id].design), o.id) for o in d.options
                    if o.id in hand and (o.id,) not in answers)
    answers += [(i,) for _v, i in ranked[:max(0, BRANCH_WIDTH - len(answers))]]
    return answers


def best_branch(twin: Any, seat: int, answers: list[tuple[str, ...]], seed: int, root: Ctx,
                start_round: int, chance: bool) -> Result:
    """The seat's pending question in the playout ``twin`` answered each of ``answers`` ways,
    each on a copy played on to the round's end; the best result (by what the search ranks
    first, then the margin, then the score; the earlier answer on a tie) is the playout's.

    The search answers these questions itself when they come, as the fast level's rule alone
    would not: a choice of actions that leads to one is judged by the best answer found there.
    The robot's flips and every card dealt are the same in each copy, and the seat chooses
    before it sees any of them, but for the cards it draws in the phase."""
    best: tuple[tuple[float, float, float], Result] | None = None
    for k, ids in enumerate(answers):
        copy = twin.clone()
        copy.apply(list(ids))
        got = _play_on(copy, seat, (), seed, random.Random(seed * 31 + 7 * k), root, False,
                       start_round, None, chance, False)
        key = (got[0], got[2], got[1])
        if best is None or key > best[0]:
            best = (key, got)
    twin.close()
    assert best is not None
    return best[1]


def _join(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
