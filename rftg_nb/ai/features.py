"""Numbers that describe a solitaire position from the player's seat, for the learned value.

:func:`solo_features` turns what the seat sees into a fixed list of numbers (scores, tableau
sizes, the VP pool, the hand, goods and powers, the robot's mat, the rounds left, and their
products with the rounds left, since a hand or an economy is worth more with more rounds to
use it). :mod:`rftg_nb.ai.train` fits weights to them from played games, and
:func:`learned_value` applies the weights shipped in ``solo_value.json``: the expected final
margin (your score minus the robot's) from this position.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from operator import mul
from typing import Any

from rftg_nb.ai.income import consume_uses
from rftg_nb.ai.valuation import Ctx
from rftg_nb.constants import GOOD_VALUE

NAMES = (
    "bias", "margin", "my_score", "robot_score", "pool", "my_tableau", "robot_tableau",
    "hand", "hand_value", "income", "goods", "goods_value", "empty_production",
    "consume_vp", "military", "robot_credit", "robot_economy", "robot_stack",
    "robot_counter_vp", "round", "rounds_left",
    "income_x_left", "hand_value_x_left", "economy_x_left", "credit_x_counters",
    "consume_x_left", "production_x_left", "pool_small", "robot_near_end", "me_near_end",
    "counter_threat", "credit2_counters", "credit3_counters", "bonus_to_come", "best_play",
    "hand_x_left", "military_x_left", "stack_x_left", "robot_rate_x_left",
)


def solo_features(game: Any, seat: int = 0, ctx: Ctx | None = None) -> list[float]:
    """The numbers :data:`NAMES` for the solitaire position ``game`` seen from ``seat``."""
    if ctx is None:
        ctx = Ctx(game, seat)
    r = ctx.robot
    assert r is not None, "solo_features needs a solitaire game"
    me = ctx.me
    scores = game.scores()
    mine, theirs = float(scores[seat]), float(scores[1])
    hand_value = ctx.hand_now()
    income = ctx.tableau_income()
    goods = [c for c in me.tableau if c.good is not None]
    goods_value = sum(GOOD_VALUE.get(c.design.good or "", 2) for c in goods)
    empty = sum(1 for c in me.tableau if c.design.is_production and c.good is None)
    consume_vp = 0.0
    for use in consume_uses(ctx.tableau):
        # the VP of one use at most (the learned weights were fitted to this count)
        consume_vp += use.vp * (1 if use.whole or use.size is None else use.size)
    left = ctx.rounds
    counter_vp = float(r.counters_left * r.counter_vp)
    # The robot places a 6-cost counter with 2 credit on its Develop action, 3 on a response.
    threat = r.counter_vp * min(r.counters_left, (1.0 if r.credit >= 2 else 0.0) + 0.25 * left)
    to_come = sum(ctx.bonus_to_come(d, len(ctx.tableau)) for d in ctx.tableau if d.bonuses)
    best_play = max((ctx.surplus(c.design)[0] for c in me.hand), default=0.0)
    return [
        1.0, mine - theirs, mine, theirs, float(game.vp_pool), float(len(me.tableau)),
        float(r.tableau_size), float(len(me.hand)), hand_value, income, float(len(goods)),
        float(goods_value), float(empty), consume_vp, float(ctx.military),
        float(r.credit), float(r.economy), float(r.stack), counter_vp, float(game.round),
        left,
        income * left, hand_value * left, r.economy * left, r.credit * counter_vp / 10.0,
        consume_vp * left, (empty + len(goods)) * left,
        1.0 if game.vp_pool <= 6 else 0.0,
        1.0 if r.tableau_size >= 10 else 0.0,
        1.0 if len(me.tableau) >= 10 else 0.0,
        threat, counter_vp if r.credit >= 2 else 0.0, counter_vp if r.credit >= 3 else 0.0,
        to_come, max(0.0, best_play), len(me.hand) * left, ctx.military * left,
        min(r.stack, 8) * left, (1.5 + 0.6 * r.economy) * left,
    ]


class WeightsError(ValueError):
    """A shipped weights file that does not fit the features the code computes: the message
    names the file and the first feature that differs."""


def read_weights(file: str, names: tuple[str, ...], text: str | None = None) \
        -> tuple[float, ...] | None:
    """The weights of ``file`` (in this package; ``text``: its contents given instead), one per
    feature of ``names``, in that order. None when no such file is shipped (the trainer's first
    run); :class:`WeightsError` when it was trained on other features or is malformed, since
    a value computed from weights that mean something else would steer the AI silently."""
    if text is None:
        try:
            text = resources.files("rftg_nb.ai").joinpath(file).read_text()
        except FileNotFoundError:
            return None
    try:
        data = json.loads(text)
        got, weights = tuple(data["names"]), data["weights"]
        values = tuple(float(w) for w in weights)
    except (ValueError, TypeError, KeyError) as e:
        raise WeightsError(f"{file}: not a weights file ({type(e).__name__}: {e})") from None
    if got != names:
        diff = next((i for i, (a, b) in enumerate(zip(got, names, strict=False)) if a != b),
                    min(len(got), len(names)))
        have = got[diff] if diff < len(got) else "(none)"
        want = names[diff] if diff < len(names) else "(none)"
        raise WeightsError(f"{file}: trained on other features: feature {diff} is {have!r}, "
                           f"the code computes {want!r} ({len(got)} names against "
                           f"{len(names)}); retrain with rftg_nb/ai/train.py")
    if len(values) != len(names):
        raise WeightsError(f"{file}: {len(values)} weights for {len(names)} features")
    return values


def weighted(file: str, w: tuple[float, ...], x: list[float]) -> float:
    """The sum of ``x`` weighted by ``w`` (read from ``file``), which must be as long."""
    if len(x) != len(w):
        raise WeightsError(f"{file}: {len(w)} weights for {len(x)} features")
    return sum(map(mul, w, x))


@cache
def _weights() -> tuple[float, ...] | None:
    return read_weights("solo_value.json", NAMES)


def has_weights() -> bool:
    return _weights() is not None


def learned_value(game: Any, seat: int = 0, ctx: Ctx | None = None) -> float:
    """The expected final margin from the shipped weights (0.0 if none are shipped; a file
    that does not fit the features raises :class:`WeightsError`)."""
    w = _weights()
    if w is None:
        return 0.0
    return weighted("solo_value.json", w, solo_features(game, seat, ctx))


# ---------------------------------------------------------------------------- action scores
PARTS = ("explore", "develop", "settle", "consume", "produce", "robot_vp", "robot_later",
         "robot_cards", "robot_chips")
ACTIONS = ("explore5", "explore11", "develop", "develop2", "settle", "settle2", "trade", "x2",
           "produce")
POLICY_NAMES = (*PARTS, *ACTIONS, *(f"{a}_x_left" for a in ACTIONS),
                *(f"{a}_x_pool_small" for a in ACTIONS))


def action_features(actions: tuple[str, ...], parts: dict[str, float], rounds_left: float,
                    pool: int) -> list[float]:
    """Numbers for one choice of actions in a solitaire round: the forecast's gains phase by
    phase (:class:`rftg_nb.ai.plans.Outcome`), which actions, and which actions late or with
    few VP chips left."""
    chosen = [1.0 if a in actions else 0.0 for a in ACTIONS]
    late = min(rounds_left, 10.0) / 10.0
    small = 1.0 if pool <= 8 else 0.0
    return ([parts.get(p, 0.0) for p in PARTS] + chosen + [c * late for c in chosen]
            + [c * small for c in chosen])


@cache
def _policy() -> tuple[float, ...] | None:
    return read_weights("solo_actions.json", POLICY_NAMES)


def action_score(actions: tuple[str, ...], parts: dict[str, float], rounds_left: float,
                 pool: int) -> float | None:
    """The learned score of a choice of actions (None: no weights shipped)."""
    w = _policy()
    if w is None:
        return None
    return weighted("solo_actions.json", w, action_features(actions, parts, rounds_left, pool))


# ---------------------------------------------------------------------------- settle scores
SETTLE_NAMES = ("play_value", "cost_in_vp", "cards_paid", "vp", "military", "produces",
                "windfall")


def settle_features(design: Any, play_value: float, cost_in_vp: float, paid: int) -> list[float]:
    """Numbers for settling one world in the solitaire game, beside placing nothing (all
    zero): what the fast level's rule reckons placing it is worth (``play_value``) and costs
    (``cost_in_vp``: the hand value given up, the world's own keep value included), the cards
    paid, and what kind of world it is (printed VP, a military world, a production or a
    windfall world)."""
    return [play_value, cost_in_vp, float(paid), float(design.vp),
            1.0 if design.military else 0.0,
            1.0 if design.good and not design.windfall else 0.0,
            1.0 if design.windfall else 0.0]


@cache
def settle_weights() -> tuple[float, ...] | None:
    """The shipped settle weights (``solo_settle.json``), one per :data:`SETTLE_NAMES`; None
    when none are shipped."""
    return read_weights("solo_settle.json", SETTLE_NAMES)


def settle_score(weights: tuple[float, ...], x: list[float]) -> float:
    """The learned score of settling a world with features ``x`` (:func:`settle_features`;
    above 0: better than placing nothing)."""
    return weighted("solo_settle.json", weights, x)
