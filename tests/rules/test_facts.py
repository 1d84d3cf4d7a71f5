"""The rule facts (``rftg_nb.engine.facts``) say what the phases do, on real cards.

Each test builds a position, asks the fact about the tableau's designs, and checks it against
what the phase then offers, asks or pays.
"""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game
from rftg_nb.cards import CARDS
from rftg_nb.engine import facts
from rftg_nb.engine.phases import settle, settle_powers, trade
from tests.helpers import answer, drew, good, position

FILLER = ["Gem World", "Spice World", "Artist Colony", "Comet Zone", "Mining World",
          "Hive World"]


def designs(g: Game, player: int = 0) -> list:
    return [c.design for c in g.players[player].tableau]


# ------------------------------------------------------------------ Explore
@pytest.mark.parametrize("tableau", [
    ("Old Earth",), ("Separatist Colony",), ("Old Earth", "Research Labs"),
    ("Galactic Renaissance", "Galactic Survey: SETI", "Clandestine Uplift Lab"),
])
@pytest.mark.parametrize("actions", [
    ("explore5", "settle"), ("explore11", "settle"), ("explore5", "explore11"),
    ("develop", "settle"),
])
def test_explore_counts_are_what_explore_draws_and_keeps(tableau, actions):
    p0 = {"tableau": list(tableau), "hand": [], "actions": list(actions)}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["explore5", "produce"]}
    g = position(p0, p1, phase="explore")
    draw, keep = facts.explore_counts(designs(g), actions)
    d = g.decision
    if keep == draw:  # every card is kept: nothing to ask
        assert d.player != 0 or d.kind != "explore_keep"
        assert len(g.players[0].hand) == draw
    else:
        assert (d.player, d.kind, len(d.options), d.min, d.max) == (
            0, "explore_keep", draw, keep, keep)


# ------------------------------------------------------------------ Develop
@pytest.mark.parametrize(("tableau", "actions"), [
    (("Old Earth",), ("develop", "produce")),
    (("Old Earth", "Investment Credits"), ("develop", "produce")),
    (("Old Earth", "Investment Credits", "Galactic Federation"), ("settle", "produce")),
])
def test_development_costs_are_what_develop_offers(tableau, actions):
    hand = ["Space Marines", "Drop Ships", "Galactic Imperium", *FILLER]
    p0 = {"tableau": list(tableau), "hand": hand, "actions": list(actions)}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "produce"]}
    g = position(p0, p1, phase="develop")
    d = g.decision
    assert (d.player, d.kind) == (0, "develop")
    offered = {o.label: o.data["cost"] for o in d.options}
    for name in ("Space Marines", "Drop Ships", "Galactic Imperium"):
        cost = facts.cost_to_place(designs(g), CARDS[name], bonus="develop" in actions)
        assert offered.get(name) == cost, name
    assert facts.cost_to_place([*designs(g), CARDS["Drop Ships"]], CARDS["Drop Ships"]) is None


# ------------------------------------------------------------------ Settle
def engine_price(g: Game, name: str) -> int | None:
    """The fewest cards the Settle phase lets player 0 pay for ``name`` without one-off powers
    (discarding from the tableau or for temporary Military), None if it offers no such way."""
    p = g.players[0]
    card = next(c for c in p.hand if c.name == name)
    ways = [m.pay for m in settle.methods(g, p, card, len(p.hand) - 1)
            if m.discard_card is None and m.hand_military is None]
    return min(ways) if ways else None


@pytest.mark.parametrize(("tableau", "world"), [
    (("Old Earth", "Space Marines", "Galactic Imperium"), "Rebel Outpost"),
    (("Old Earth", "Galactic Imperium"), "Hive World"),
    (("Old Earth", "Alien Tech Institute"), "Alien Robot Sentry"),
    (("Old Earth", "Alien Tech Institute"), "Rebel Miners"),
    (("Old Earth", "Alpha Centauri"), "Rebel Miners"),
    (("Old Earth", "Contact Specialist"), "Rebel Outpost"),
    (("Old Earth", "Contact Specialist"), "Alien Robot Sentry"),
    (("Old Earth", "Alpha Centauri", "Contact Specialist"), "Rebel Miners"),
    (("Old Earth", "Alpha Centauri"), "Comet Zone"),
    (("Old Earth", "Space Marines"), "Gem World"),
])
def test_military_and_world_costs_are_what_settle_applies(tableau, world):
    hand = [world, *(n for n in FILLER if n not in (world, *tableau))]
    p0 = {"tableau": list(tableau), "hand": hand, "actions": ["settle", "produce"]}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["settle", "produce"]}
    g = position(p0, p1, phase="settle")
    w = CARDS[world]
    assert facts.military(designs(g), w) == settle_powers.military(g, g.players[0], w)
    cost = facts.cost_to_place(designs(g), w)
    assert cost == engine_price(g, world)
    offered = {o.label for o in g.decision.options} if g.decision.player == 0 else set()
    assert (world in offered) == (cost is not None)
    if cost is not None:  # and placing it costs that much
        answer(g, world)
        d = g.decision
        if d is not None and d.kind == "settle_method":
            g.apply(next(o.id for o in d.options if o.data["pay"] == cost))
            d = g.decision
        paid = d.min if d is not None and d.kind == "pay" and d.player == 0 else 0
        assert paid == cost


def test_military_without_a_world_is_what_applies_against_every_world():
    t = [CARDS[n] for n in ("Old Earth", "Space Marines", "Galactic Imperium",
                             "Alien Tech Institute", "Contact Specialist")]
    assert facts.military(t) == 2 - 1
    assert facts.military(t, CARDS["Rebel Outpost"]) == 2 - 1 + 4
    assert facts.military(t, CARDS["Alien Robot Sentry"]) == 2 - 1 + 2


# ------------------------------------------------------------------ Consume
@pytest.mark.parametrize(("tableau", "goods"), [
    (["Old Earth"], ["Gem World", "Hive World"]),
    (["Spice World"], ["Spice World", "Comet Zone"]),
    (["Clandestine Uplift Lab", "Avian Uplift Race"], ["Hive World", "Gem World"]),
    (["Pirate World"], ["Pirate World", "Mining World"]),
    (["Old Earth", "Pirate World"], ["Pirate World"]),
])
def test_trade_price_is_what_the_trade_action_pays(tableau, goods):
    rows: list[Any] = [good(n) if n in goods else n for n in tableau]
    rows += [good(n) for n in goods if n not in tableau]
    for i, sold in enumerate(goods):
        p0 = {"tableau": rows, "hand": [], "actions": ["trade", "develop"]}
        g = position(p0, {"tableau": ["New Sparta"], "hand": [],
                          "actions": ["develop", "settle"]}, phase="consume")
        t = designs(g)
        world = next(c for c in g.players[0].tableau if c.name == sold)
        price = facts.trade_price(t, world.design)
        assert price == trade.trade_value(g, g.players[0], world)
        assert facts.trade_price(t, world.design, bonuses=False) == trade.trade_value(
            g, g.players[0], world, False)
        d = g.decision
        if d is not None and d.kind == "trade":
            g.apply(world.id)
        elif i:
            continue  # the one good was sold without asking
        assert drew(g)["trade: Trade action"] == price


def test_the_chromosome_bonus_counts_each_chromosome_world():
    t = [CARDS[n] for n in ("Clandestine Uplift Lab", "Avian Uplift Race", "Hive World")]
    assert facts.trade_bonus(t, CARDS["Hive World"]) == 2  # two Chromosome worlds
    assert facts.trade_bonus(t, CARDS["Avian Uplift Race"]) == 2
    assert facts.trade_bonus(t, CARDS["Gem World"]) == 0


@pytest.mark.parametrize(("power_card", "goods", "taken"), [
    ("Tourist World", ["Gem World", "Hive World", "Comet Zone"], 2),
    ("Diversified Economy", ["Gem World", "Hive World", "Comet Zone", "Spice World"], 3),
    ("Diversified Economy", ["Gem World", "Hive World", "Comet Zone"], 3),
    ("Diversified Economy", ["Gem World", "Spice World", "Comet Zone"], 0),
    ("Pilgrimage World", ["Gem World", "Hive World", "Comet Zone"], 3),
    ("Old Earth", ["Gem World", "Hive World", "Comet Zone"], 2),
    ("Mining League", ["Gem World", "Mining World", "Comet Zone"], 2),
])
def test_goods_a_consume_power_takes_are_what_consume_takes(power_card, goods, taken):
    p0 = {"tableau": [power_card, *(good(n) for n in goods)], "hand": [],
          "actions": ["x2", "develop"]}
    g = position(p0, {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]},
                 phase="consume")
    (_d, use), = facts.consume_uses([CARDS[power_card]])
    n = facts.goods_taken(use, [CARDS[x].good for x in goods])
    assert n == taken
    d = g.decision  # the position ran until the first question: a forced use is made
    while d is not None and d.player == 0 and d.kind == "consume_power":
        g.apply(next(o.id for o in d.options if o.data and o.data.get("card") == power_card))
        d = g.decision
    if d is not None and d.player == 0 and d.kind == "consume_goods":
        assert d.min == d.max == n
        g.apply(d.ids[:n] if use.different is False else _different(g, d, n))
    assert len(goods) - g.players[0].good_count() == n


def _different(g: Game, d: Any, n: int) -> list[str]:
    """``n`` goods of different kinds among the options."""
    seen: dict[str, str] = {}
    for o in d.options:
        seen.setdefault(o.data["kind"], o.id)
    return list(seen.values())[:n]


def test_abilities_say_what_each_power_does():
    said = {(a.phase, a.does, a.good) for a in facts.abilities(CARDS["Alpha Centauri"])}
    assert said == {(3, "reduce", "rare"), (3, "military", "rare")}
    (a,) = facts.abilities(CARDS["Tourist World"], 4)
    assert a.goods is not None and (a.goods.size, a.goods.whole) == (2, True)
    assert facts.ability(CARDS["Old Earth"], 1).goods.size == 2
