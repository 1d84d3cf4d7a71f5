"""Where the AI's own readings of the powers disagreed with the rules, it now agrees.

The AI asks ``rftg_nb.engine.facts``; these are the cases its readings got wrong: a consume
power taking several goods, the Chromosome trade bonus, specialised Military.
"""

from __future__ import annotations

import random

from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.plans import RoundPlan
from rftg_nb.ai.valuation import Ctx
from rftg_nb.cards import CARDS
from tests.helpers import good, position


def _quiet() -> dict:
    return {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]}


def test_the_cost_to_place_counts_military_against_rebel_worlds():
    g = position({"tableau": ["Old Earth", "Space Marines", "Galactic Imperium"],
                  "hand": ["Rebel Outpost"], "actions": ["settle", "produce"]}, _quiet(),
                 phase="settle")
    ctx = Ctx(g, 0)
    assert ctx.military == 2
    assert ctx.cost_to_place(CARDS["Rebel Outpost"]) == 0  # Military 2 + 4 against Rebel worlds
    assert ctx.cost_to_place(CARDS["Hive World"]) is None  # 2 against the others


def test_a_consume_power_taking_two_goods_is_worth_both():
    """Old Earth consumes up to 2 goods for 1 VP each: with 3 goods a use is worth 2 VP, less
    the goods' worth (Tourist World's pair 3 VP)."""
    g = position({"tableau": ["Old Earth", "Tourist World", good("Gem World"),
                              good("Comet Zone"), good("Mining World")],
                  "hand": [], "actions": ["x2", "develop"]}, _quiet(), phase="consume")
    d = g.decision
    assert (d.player, d.kind) == (0, "consume_power")
    chooser = Chooser(Ctx(g, 0), random.Random(1))
    gains = {o.data["card"]: chooser._power_gain(o.id, False) for o in d.options}
    assert gains["Old Earth"] == 2 * 1 - 0.3 * 2
    assert gains["Tourist World"] == 3 - 0.3 * 2


def test_the_forecast_trade_counts_the_chromosome_bonus():
    """Clandestine Uplift Lab: a Genes good sells for 1 more for each Chromosome world."""
    g = position({"tableau": ["Clandestine Uplift Lab", "Avian Uplift Race",
                              good("Hive World")], "hand": [], "actions": ["trade", "develop"]},
                 _quiet(), phase="develop")
    plan = RoundPlan(Ctx(g, 0))
    hive = CARDS["Hive World"]
    _gain, _used, note = plan._consume([hive], plan.ctx.tableau, True, False, 0)
    assert note.startswith("sell a good for 6 cards")  # 4 + 2 Chromosome worlds
