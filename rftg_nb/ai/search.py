"""The strong level: check the candidate answers by playing their round out, many times.

For an action choice (and, in the solitaire game, for the choice of a development or a world
to place and of the cards to keep when exploring) every candidate answer is played on copies
of the game (:mod:`rftg_nb.ai.determinize`) to the start of the next round: hidden cards
dealt afresh, the robot's roll taken from a spread of its 36 rolls, the seat's own later
choices in the round made by the fast level, other players' by the fast level from their own
seat. Every candidate meets the same deals and rolls, so the comparison is between choices,
not luck. The end of the round is scored by :func:`rftg_nb.ai.evaluate.position_value` (the
result itself if the game ends there).

Candidates are whittled down in stages (successive halving): all of them meet a few deals,
the best few meet more, the best two meet many more. The fast level's own ranking orders
the candidates and breaks ties, and its reason is the hint's reason.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import determinize
from rftg_nb.ai.decisions import Choice, Chooser, action_reason
from rftg_nb.ai.evaluate import position_value, win_chance
from rftg_nb.ai.plans import RoundPlan, action_sets
from rftg_nb.ai.valuation import Ctx

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision

# (candidates kept, deals each has met by the end of the stage)
STAGES = ((99, 4), (6, 12), (2, 24))
MID_ROUND = ("develop", "settle", "settle_second", "explore_keep")
MAX_KEEP_SETS = 8
OBJECTIVE = "win"  # solitaire: the chance of winning ("margin": the expected margin)
RECORD: list[dict[str, Any]] | None = None  # training data is collected here when a list


def strong_choice(game: Any, d: Decision, ctx: Ctx, chooser: Chooser,
                  rng: random.Random) -> Choice | None:
    """The strong level's answer, or None to let the fast level answer."""
    if d.kind == "actions":
        return _actions(game, d, ctx, rng)
    if ctx.solo and d.kind in MID_ROUND:
        return _mid_round(game, d, ctx, chooser, rng)
    return None


def _actions(game: Any, d: Decision, ctx: Ctx, rng: random.Random) -> Choice | None:
    plan = RoundPlan(ctx)
    outcomes = sorted((plan.evaluate(a) for a in action_sets(d)), key=lambda o: -o.score)
    if len(outcomes) <= 1:
        return None
    rolls = _rolls(game, rng, STAGES[-1][1])

    def run(o: Any, j: int, seed: int) -> float:
        return play_round(game, d.player, o.actions, seed, rolls[j], ctx, round_start=True)

    stats: list[tuple[float, int]] = []
    best = halve(outcomes, run, rng, stats)
    if RECORD is not None and ctx.solo:
        from rftg_nb.ai.features import solo_features

        RECORD.append({"features": solo_features(game, d.player, ctx),
                       "cands": [(o.actions, dict(o.parts), m) for o, (m, _n)
                                 in zip(outcomes, stats, strict=True)],
                       "chosen": outcomes.index(best)})
    return Choice(best.actions, action_reason(best))


def _mid_round(game: Any, d: Decision, ctx: Ctx, chooser: Chooser,
               rng: random.Random) -> Choice | None:
    quick = chooser.choose(d)
    if d.kind == "explore_keep":
        answers = _keep_sets(d, chooser)
    else:
        answers = [(o.id,) for o in d.options] + ([()] if d.min == 0 else [])
    if quick.ids in answers:
        answers.remove(quick.ids)
    answers.insert(0, quick.ids)
    if len(answers) <= 1:
        return None

    def run(ids: tuple[str, ...], j: int, seed: int) -> float:
        return play_round(game, d.player, ids, seed, None, ctx, round_start=False)

    best = halve(answers, run, rng)
    if best == quick.ids:
        return quick
    labels = [d.option(i).label for i in best]
    if not labels:
        return Choice(best, "Place nothing now: played out, keeping your cards does better.")
    verb = {"develop": "Develop", "settle": "Settle", "settle_second": "Settle",
            "explore_keep": "Keep"}[d.kind]
    return Choice(best, f"{verb} {_join(labels)}: played out over sampled draws and rolls, "
                        "it does best.")


def _keep_sets(d: Decision, chooser: Chooser) -> list[tuple[str, ...]]:
    """The explore answers worth playing out: the best few sets of cards by the fast level."""
    cards = [c for i in d.ids if (c := chooser.hand_card(i)) is not None]
    base = [c for c in chooser.ctx.me.hand if c not in cards]
    scored = []
    for combo in itertools.combinations(sorted(cards, key=lambda c: c.id), d.min):
        scored.append((-chooser.hv(base + list(combo)), tuple(c.id for c in combo)))
    scored.sort()
    return [ids for _v, ids in scored[:MAX_KEEP_SETS]]


def halve(cands: list[Any], run: Callable[[Any, int, int], float],
          rng: random.Random, stats: list[tuple[float, int]] | None = None) -> Any:
    """The candidate with the best mean over the deals, whittled down by :data:`STAGES`.
    ``stats`` (a list) receives each candidate's (mean after the first stage, deals met)."""
    seeds = [rng.getrandbits(64) for _ in range(STAGES[-1][1])]
    totals = [0.0] * len(cands)
    done = [0] * len(cands)
    alive = list(range(len(cands)))
    first: list[float] = []
    for keep, deals in STAGES:
        alive = alive[:keep]
        for i in alive:
            for j in range(done[i], deals):
                totals[i] += run(cands[i], j, seeds[j])
            done[i] = deals
        alive.sort(key=lambda i: (-totals[i] / done[i], i))
        if not first:
            first = [totals[i] / done[i] for i in range(len(cands))]
    if stats is not None:
        stats.extend(zip(first, done, strict=True))
    return cands[alive[0]]


def _rolls(game: Any, rng: random.Random, n: int) -> list[tuple[str, str] | None]:
    """``n`` robot rolls spread over the 36 (each pair of faces once while it can)."""
    comps = getattr(game, "components", None)
    if comps is None:
        return [None] * n
    every = [(x, y) for x in comps.get("dice", "a") for y in comps.get("dice", "b")]
    rng.shuffle(every)
    return [every[i % len(every)] for i in range(n)]


def play_round(game: Any, seat: int, answer: tuple[str, ...], seed: int,
               roll: tuple[str, str] | None, root: Ctx, round_start: bool) -> float:
    """Answer the pending decision with ``answer`` on a sampled copy, play to the start of
    the next round, and score that position for ``seat``.

    ``round_start`` (an action choice): the copy restarts the round's action choices, so the
    other players choose theirs again (they are secret) and ``roll`` is the robot's roll.
    """
    rng = random.Random(seed)
    twin = determinize.sample(game, seat, rng, round_start=round_start)
    if round_start:
        determinize.force_roll(twin, roll)
    start_round = twin.round
    pending = not round_start
    if pending:
        twin.apply(list(answer))
    while (d := twin.decision) is not None:
        if d.kind == "actions" and twin.round > start_round:
            break
        if round_start and d.kind == "actions" and d.player == seat:
            twin.apply(list(answer))
            continue
        if d.player == seat:
            c = Chooser(Ctx(twin, seat, parent=root), rng).choose(d)
        else:
            c = Chooser(Ctx(twin, d.player), rng).choose(d)
        twin.apply(list(c.ids))
    if OBJECTIVE == "win" and twin.setup.get("solo") is not None:
        return win_chance(twin, seat)
    return position_value(twin, seat)


def _join(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
