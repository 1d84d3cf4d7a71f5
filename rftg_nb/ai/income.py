"""What a card's powers bring, in VP-equivalents: a tableau's income each round, and the
powers a card uses once or that add Military.

The tableau's powers are valued together by :func:`round_income`, so a consume power is worth
much only with goods to feed it and a production world only with somewhere to sell its goods.
A design's powers are asked of the rules (:mod:`rftg_nb.engine.facts`) once for each design.
The values depend on the designs, a card's worth in hand, the time left and the phases'
frequencies alone, so :mod:`rftg_nb.ai.placing` keeps them for every game of the process.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rftg_nb.cards import Design
from rftg_nb.constants import GOOD_VALUE
from rftg_nb.engine import facts
from rftg_nb.engine.phases.consume import GoodsUse

#: goods a "consume all your goods" power is counted to take in one use
ALL_GOODS = 4


def per_good(use: GoodsUse) -> tuple[float, float, int, tuple[str, ...], bool]:
    """A goods-consuming power as the rules say it takes goods (:func:`rftg_nb.engine.facts.
    consume_uses`), per good: (VP a good, cards a good, goods a use takes, the kinds it takes,
    only the card's own good)."""
    n = use.size or ALL_GOODS
    vp, cards = use.reward(n)
    return vp / n, cards / n, n, use.kinds, use.own


# a design's id -> (the design, its powers: all of them, those of phases 1 to 5, those that
# bring draws or discounts)
_ABILITIES: dict[int, tuple[Design, tuple[tuple[facts.Ability, ...], ...]]] = {}


def _abilities(d: Design) -> tuple[tuple[facts.Ability, ...], ...]:
    """:func:`rftg_nb.engine.facts.abilities` of ``d``: ``[0]`` all its powers, ``[k]`` those
    of phase ``k``, each asked of the rules once; ``[6]`` those :func:`_draw_income` counts
    (:data:`DRAW_INCOME`), in the same order."""
    got = _ABILITIES.get(id(d))
    if got is None or got[0] is not d:
        if len(_ABILITIES) > 10_000:  # many custom designs made: start again
            _ABILITIES.clear()
        every = facts.abilities(d)
        draws = tuple(a for a in every if a.does in DRAW_INCOME.get(a.phase, ()))
        got = _ABILITIES[id(d)] = (
            d, (*(facts.abilities(d, k or None) for k in range(6)), draws))
    return got[1]


def consume_uses(designs: Iterable[Design]) -> list[GoodsUse]:
    """What a use of each goods-consuming power of a tableau takes and gives, in tableau order
    (:func:`rftg_nb.engine.facts.consume_uses`)."""
    return [a.goods for d in designs for a in _abilities(d)[4] if a.goods is not None]


def has_military(d: Design) -> bool:
    """Whether ``d`` has a power that may add Military against every world (what
    :func:`rftg_nb.engine.facts.military` counts without a world)."""
    return any(a.does == "military" and a.good is None for a in _abilities(d)[3])


def one_off(d: Design, cv: float) -> float:
    """Powers used once: discard-from-tableau powers."""
    total = 0.0
    for a in _abilities(d)[3]:
        if a.does == "free_world":
            total += 2.5 * cv
        elif a.does == "tactics":
            total += 1.0
    return total


# a design's id -> (the design, what round_income reads of it: _income_facts)
_INCOME_FACTS: dict[int, tuple[Design, tuple[Any, ...]]] = {}


def _income_facts(d: Design) -> tuple[Any, ...]:
    """What :func:`round_income` reads of ``d``, worked out once: the good of a windfall world
    that has one, the good of a production world, its Produce powers, its Consume powers
    each with what it is (its ``does``, and per good what a goods-consuming one takes and
    gives: :func:`per_good`), whether it is an Alien windfall world with a power on its own
    good, and its powers :func:`_draw_income` counts."""
    got = _INCOME_FACTS.get(id(d))
    if got is None or got[0] is not d:
        if len(_INCOME_FACTS) > 10_000:  # many custom designs made: start again
            _INCOME_FACTS.clear()
        powers = _abilities(d)
        four = tuple((a.does, a, None if a.goods is None else per_good(a.goods))
                     for a in powers[4])
        own = d.good == "alien" and d.windfall and any(
            a.goods is not None and a.goods.own for a in powers[4])
        got = _INCOME_FACTS[id(d)] = (d, (
            d.good if d.is_world and d.windfall and d.good else None,
            d.good if d.is_production else None, powers[5], four, own, powers[6]))
    return got[1]


def round_income(designs: list[Design], cv: float, freq: dict[str, float],
                 future: float) -> float:
    """VP-equivalents a round from the tableau's powers."""
    produce = freq["produce"]
    consume = freq["consume"]
    cycle = min(produce, consume) + 0.1
    total = 0.0
    facts_of = [_income_facts(d) for d in designs]
    # ---- goods: what is produced each Produce phase
    goods: list[str] = []
    windfall_worlds: dict[str, int] = {}  # by kind of good, in tableau order
    start_goods = 0  # windfall worlds with a good, counted below
    for f in facts_of:
        good = f[0]
        if good is not None:
            windfall_worlds[good] = windfall_worlds.get(good, 0) + 1
            start_goods += 1
    wf_any = 0
    for d, f in zip(designs, facts_of, strict=True):
        if f[1] is not None:
            goods.append(f[1])
        for a in f[2]:
            if a.does == "windfall" and a.good is not None:
                if windfall_worlds.get(a.good, 0) > 0:
                    windfall_worlds[a.good] -= 1
                    goods.append(a.good)
            elif a.does == "windfall":
                wf_any += 1
            elif a.does == "produce_discard":
                goods.append(d.good or "alien")  # it costs a card each time: counted half below
                total -= 0.5 * cv * produce
    for _ in range(wf_any):
        left = [k for k, n in windfall_worlds.items() if n > 0]
        if left:
            best = max(left, key=lambda k: GOOD_VALUE[k])
            windfall_worlds[best] -= 1
            goods.append(best)
    # ---- consume powers: (vp per good, cards per good, goods a use takes, kinds)
    powers: list[tuple[float, float, int, tuple[str, ...]]] = []
    trade_bonus = 0.0
    extra_trades = 0
    this_goods = 0  # alien windfall worlds with a power on their own good
    for f in facts_of:
        if f[4]:
            this_goods += 1
        for does, a, each in f[3]:
            if does in ("trade", "trade_plain"):
                extra_trades += 1
            elif does in ("trade_bonus", "trade_bonus_own"):
                any_good = does == "trade_bonus" and a.good is None
                trade_bonus += a.value * (1.0 if any_good else 0.4)
            elif does == "discard_hand":
                total += consume * a.times * max(0.0, a.value - cv) * 0.8
            elif does == "draw":
                total += consume * a.value * cv
            elif does == "gamble":
                total += consume * 0.15 * cv
            elif each is not None:
                vp, cards, take, kinds, own = each
                powers.append((vp, cards, 1, ("this",)) if own else (vp, cards, take, kinds))
    # Assign the goods of one cycle to the powers, best VP first.
    pool: dict[str, int] = {}  # goods by kind
    for g in goods:
        pool[g] = pool.get(g, 0) + 1
    vp_gain = cards_gain = 0.0
    for vp, cards, take, kinds in sorted(powers, key=lambda x: -(x[0] * 2 + x[1] * cv)):
        if kinds == ("this",):
            if this_goods:
                vp_gain += vp * 0.5
            continue
        for _ in range(take):
            kind = _take_good(pool, kinds)
            if kind is None:
                break
            vp_gain += vp
            cards_gain += cards
    leftover = sum(pool.values())
    sell = 0.0
    if leftover:
        best = max((GOOD_VALUE[k] for k, n in pool.items() if n > 0), default=0)
        sell = (best + trade_bonus) * cv * 0.45 * min(1, leftover)
        sell += extra_trades * (best + trade_bonus * 0.5) * cv * 0.6 * min(1, leftover - 1)
    # x2 doubles the VP part about half the time it is used.
    total += cycle * (vp_gain * 1.45 + cards_gain * cv) + sell
    # windfall worlds that start with a good count half a good (one use, then refills rarely)
    if start_goods and powers:
        total += 0.6 / max(1.0, future)
    # ---- draws and discounts
    for f in facts_of:
        for a in f[5]:  # (the others bring nothing: adding 0.0 changes no sum)
            total += _draw_income(a, designs, goods, cv, freq)
    return total


#: what the powers :func:`_draw_income` counts do, by phase (it counts nothing for the others)
DRAW_INCOME = {1: frozenset({"draw", "keep"}), 2: frozenset({"draw", "draw_after", "reduce"}),
               3: frozenset({"reduce", "draw_after", "place_two", "pay_military",
                             "hand_military"}),
               5: frozenset({"draw", "draw_if", "draw_each", "draw_different", "draw_most",
                             "draw_per_world", "draw_per_military"})}


def _draw_income(a: facts.Ability, designs: list[Design], goods: list[str], cv: float,
                 freq: dict[str, float]) -> float:
    """VP-equivalents a round of an Explore, Develop, Settle or Produce power: draws,
    discounts and the like (what ``goods`` a Produce phase makes, by kind)."""
    does, v = a.does, a.value
    if a.phase == 1:
        return freq["explore"] * (0.35 if does == "draw" else 0.9 if does == "keep" else 0) * v * cv
    if a.phase == 2:
        if does == "draw":
            return freq["develop"] * v * cv
        if does == "draw_after":
            return freq["develop"] * 0.5 * v * cv
        return 0.45 * v * cv if does == "reduce" else 0.0
    if a.phase == 3:
        if does == "reduce":
            return (0.45 if a.good is None else 0.12) * v * cv
        if does == "draw_after":
            return 0.5 * v * cv
        return {"place_two": 0.25 * 1.5, "pay_military": 0.25 * cv,
                "hand_military": 0.15 * cv}.get(does, 0.0)
    if a.phase != 5:
        return 0.0
    produce = freq["produce"]
    if does == "draw":
        return produce * v * cv
    if does == "draw_if":
        return produce * 0.8 * v * cv
    if does == "draw_each":
        return produce * goods.count(a.good or "") * cv
    if does == "draw_different":
        return produce * len(set(goods)) * cv
    if does == "draw_most":
        return produce * (1.2 if a.good in goods else 0.0) * cv
    if does == "draw_per_world":
        return produce * sum(1 for x in designs if x.is_world and x.good == a.good) * cv
    if does == "draw_per_military":
        return produce * sum(1 for x in designs if x.military) * cv
    return 0.0


def _take_good(pool: dict[str, int], kinds: tuple[str, ...]) -> str | None:
    """Take one good a power accepts (cheapest first for "any": dear goods sell better)."""
    if kinds:
        for k in kinds:
            if pool.get(k, 0) > 0:
                pool[k] -= 1
                return k
        return None
    for k in ("novelty", "rare", "genes", "alien"):
        if pool.get(k, 0) > 0:
            pool[k] -= 1
            return k
    return None
