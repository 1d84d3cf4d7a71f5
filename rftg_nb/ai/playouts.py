"""One sampled round played out for the look-ahead (:mod:`rftg_nb.ai.search`): a copy of the
game with every card the seat cannot see dealt afresh, the candidate answer given, the rest of
the round answered by the fast level (:func:`play_round`), and the round's end scored by
:func:`rftg_nb.ai.evaluate.outlook`. Against the robot the strong level's playout tries a few
answers to the seat's first own choice of a development or a world and keeps the best
(:func:`best_branch`); the robot's roll for a choice of actions comes from a spread of its 36
(:func:`spread_rolls`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import determinize
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.evaluate import outlook
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.decision import IllegalChoice
from rftg_nb.engine.kinds import Kind

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision

#: the seat's own questions inside a playout that it answers a few ways (each on a copy of
#: the playout, each played on to the round's end), the best one's result being the
#: playout's; at most once a playout (:func:`best_branch`)
BRANCHED = frozenset({Kind.DEVELOP, Kind.SETTLE, Kind.SETTLE_SECOND})
#: answers tried there: the fast level's, placing nothing, the cards it values most placed
BRANCH_WIDTH = 3
ROUNDS = 1  # rounds a playout plays before the outlook scores it
OBJECTIVE = "win"  # solitaire: the chance of winning ("margin": the expected margin)

# One playout's result for the seat: (what is maximised first: the chance of winning in the
# solitaire game, the margin otherwise; the expected own score; the expected margin).
Result = tuple[float, float, float]


def by_win(game: Any) -> bool:
    """Whether playouts in ``game`` are ranked by the chance of winning (the solitaire game)."""
    return OBJECTIVE == "win" and game.setup.get("solo") is not None


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
            chooser = Chooser(Ctx(twin, seat, parent=root), rng)
            c = chooser.choose(d)
            if branch and d.kind in BRANCHED and twin.copyable:
                answers = branch_answers(chooser, d, c.ids)
                if len(answers) > 1:
                    return best_branch(twin, seat, answers, seed, root, start_round, chance)
        else:
            c = Chooser(Ctx(twin, d.player), rng).choose(d)
        twin.apply(list(c.ids))
    won, mine, margin = outlook(twin, seat)
    by = by_win(twin)
    twin.close()  # (freed now, not at the collector's next round)
    return (won if chance or by else margin), mine, margin


def branch_answers(chooser: Chooser, d: Decision, quick: tuple[str, ...]) \
        -> list[tuple[str, ...]]:
    """The answers a playout tries to the seat's question ``d`` of :data:`BRANCHED`: the fast
    level's ``quick`` (``chooser``'s) first, then placing nothing, then the cards the seat
    values most in its tableau (:meth:`rftg_nb.ai.valuation.Ctx.play_value`),
    :data:`BRANCH_WIDTH` in all."""
    answers = [quick]
    if d.min == 0 and () not in answers:
        answers.append(())
    ranked = sorted((-chooser.ctx.play_value(card.design), o.id) for o in d.options
                    if (card := chooser.hand_card(o.id)) is not None and (o.id,) not in answers)
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
    results = []
    for k, ids in enumerate(answers):
        copy = twin.clone()
        copy.apply(list(ids))
        results.append(_play_on(copy, seat, (), seed, random.Random(seed * 31 + 7 * k), root,
                                False, start_round, None, chance, False))
    twin.close()
    return max(results, key=lambda r: (r[0], r[2], r[1]))  # (the first of equals)
