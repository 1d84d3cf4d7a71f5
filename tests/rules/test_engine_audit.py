"""Independent audit of card powers and core rules against the reference glossary
(reference/powers.md), the base rules and the TGS card clarifications.

Every test sets up a position, answers the decisions and checks the reference outcome.
"""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game
from rftg_nb.cards import CARDS
from tests.helpers import answer, hand_names, others, position, tableau_names

# Hand filler and named draw-pile cards: single-copy 6-cost developments (never worlds, and
# too expensive to develop with these hands).
FILLER = ["Galactic Renaissance", "Merchant Guild", "Trade League", "Mining League",
          "New Economy", "Free Trade Association"]
TOP = ["Galactic Survey: SETI", "Imperium Lords", "Terraforming Guild", "Galactic Federation",
       "Galactic Genome Project", "Pan-Galactic League"]


def at(phase: str, tableau: list, hand: list | tuple = (), actions: list | tuple = (),
       p1: dict[str, Any] | None = None, **top: Any) -> Game:
    """Player 0 with ``tableau`` and ``hand`` resuming in ``phase``; a quiet opponent."""
    actions = list(actions) or {
        "explore": ["explore5", "develop"], "develop": ["develop", "explore5"],
        "develop2": ["develop", "develop2"], "settle": ["settle", "explore5"],
        "settle2": ["settle", "settle2"], "consume": ["trade", "explore5"],
        "produce": ["produce", "explore5"], "round_end": ["develop", "settle"],
    }[phase]
    p0 = {"tableau": tableau, "hand": list(hand), "actions": actions}
    if p1 is None:
        names = {t if isinstance(t, str) else t["card"] for t in tableau} | set(hand)
        quiet = next(w for w in ("Old Earth", "Epsilon Eridani", "New Sparta") if w not in names)
        p1 = {"tableau": [quiet], "hand": [], "actions": actions}
    return position(p0, p1, phase=phase, **top)


def method_kinds(g: Game) -> list[str]:
    d = g.decision
    assert d.kind == "settle_method", d
    return sorted(o.id.split(":")[0] for o in d.options)


def goods_on(g: Game, player: int = 0) -> dict[str, bool]:
    return {c.name: c.good is not None for c in g.players[player].tableau}


def drew(g: Game, why: str, player: int = 0) -> int:
    """Cards ``player`` drew for reason ``why`` (as the engine logs it)."""
    return sum(e.data["count"] for e in g.events
               if e.kind == "draw" and e.actor == player and e.data.get("why") == why)


# ====================================================================== Explore
def test_explore_both_cards_and_powers_add_draws_and_keeps():
    """Explore: both cards draw 2+5+1 keep 2; Renaissance +2/+1 and Research Labs keep +1 add on."""
    g = at("explore", ["Old Earth", "Galactic Renaissance", "Research Labs"],
           actions=["explore5", "explore11"])
    d = g.decision
    assert (d.kind, len(d.options), d.min, d.max) == ("explore_keep", 10, 4, 4)


def test_explore_discards_only_what_was_drawn_when_the_piles_run_short():
    """Explore: when the piles run short, discard only the drawn cards minus the keep count."""
    rest = others("Old Earth", "New Sparta", "Gem World", "Spice World")
    p1 = {"tableau": ["New Sparta"], "hand": rest, "actions": ["develop", "settle"]}
    g = at("explore", ["Old Earth"], deck=["Gem World", "Spice World"], p1=p1)
    d = g.decision
    assert (d.player, d.kind, len(d.options), d.min) == (0, "explore_keep", 2, 1)
    answer(g, "Spice World")
    assert hand_names(g) == ["Spice World"]
    assert [c.name for c in g.discard] == ["Gem World"]


def test_explore_powers_apply_without_choosing_explore():
    """Explore DRAW powers add to the draw of a player who did not choose Explore."""
    p1 = {"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "develop"]}
    g = at("explore", ["Separatist Colony", "Galactic Survey: SETI"],
           actions=["develop", "settle"], p1=p1)
    d = g.decision
    assert (d.player, len(d.options), d.min) == (0, 2 + 2 + 2, 1)


# ====================================================================== Develop
def test_develop_reductions_stack_on_a_six_cost_development():
    """Develop REDUCE: Investment Credits + Galactic Federation: a 6-cost costs 3, 2 with bonus."""
    tab = ["Old Earth", "Galactic Federation", "Investment Credits"]
    hand = ["Galactic Imperium", *FILLER[:3]]
    g = at("develop", tab, hand, actions=["develop", "explore5"])
    assert {o.data["cost"] for o in g.decision.options} == {2}
    p1 = {"tableau": ["Epsilon Eridani"], "hand": [], "actions": ["develop", "explore5"]}
    g = at("develop", tab, hand, actions=["explore5", "settle"], p1=p1)
    assert {o.data["cost"] for o in g.decision.options} == {3}


def test_second_develop_bonus_only_for_its_chooser():
    """Advanced game: the -1 of the 2nd Develop goes only to the player who chose it."""
    hand = ["Space Marines", *FILLER[:2]]
    p1 = {"tableau": ["Epsilon Eridani"], "hand": [], "actions": ["develop", "develop2"]}
    g = at("develop2", ["Old Earth"], hand, actions=["develop", "settle"], p1=p1)
    assert [(o.label, o.data["cost"]) for o in g.decision.options] == [("Space Marines", 2)]
    g = at("develop2", ["Old Earth"], hand, actions=["develop", "develop2"])
    assert [(o.label, o.data["cost"]) for o in g.decision.options] == [("Space Marines", 1)]


def test_interstellar_bank_draws_in_each_develop_phase():
    """Develop DRAW (Interstellar Bank) fires at the start of every Develop phase."""
    g = at("develop", ["Old Earth", "Interstellar Bank"], actions=["develop", "develop2"],
           deck=TOP)
    assert g.decision.kind == "actions"
    assert hand_names(g) == TOP[:2]
    assert drew(g, "Interstellar Bank") == 2


def test_public_works_draw_comes_after_payment():
    """Develop DRAW_AFTER: the card is drawn after paying, so it cannot pay."""
    g = at("develop", ["Old Earth", "Public Works"], ["Drop Ships", *FILLER[:2]], deck=TOP)
    assert g.decision.kind == "actions"  # Drop Ships costs 4 - 1 = 3 with 2 spare cards
    g = at("develop", ["Old Earth", "Public Works"], ["Drop Ships", *FILLER[:3]], deck=TOP)
    answer(g, "Drop Ships")
    assert g.decision.kind == "actions"  # all 3 spare cards were needed: payment was forced
    assert hand_names(g) == [TOP[0]]
    assert [c.name for c in g.discard] == FILLER[:3]


# ====================================================================== Settle
def test_contact_specialist_and_colony_ship_place_a_military_world_for_free():
    """PAY_MILITARY + DISCARD|REDUCE_ZERO: a non-Alien military world costs 0 cards."""
    g = at("settle", ["Old Earth", "Contact Specialist", "Colony Ship"], ["Rebel Base"])
    answer(g, "Rebel Base")
    assert "Rebel Base" in tableau_names(g) and "Colony Ship" not in tableau_names(g)
    assert g.discard[-1].name == "Colony Ship"


def test_doomed_world_with_contact_specialist_buys_a_military_world_for_free():
    """Doomed World's REDUCE_ZERO combines with Contact Specialist, not for Alien worlds."""
    g = at("settle", ["Doomed World", "Contact Specialist"], ["Rebel Warrior Race"])
    answer(g, "Rebel Warrior Race")
    assert tableau_names(g) == ["Contact Specialist", "Rebel Warrior Race"]
    g = at("settle", ["Doomed World", "Contact Specialist"], ["Alien Robot Sentry"])
    assert g.decision.kind == "actions"  # not offered at all


def test_contact_specialist_minus_one_military_always_counts():
    """EXTRA_MILITARY -1 (Contact Specialist): New Sparta + Contact Specialist = 1 Military."""
    g = at("settle", ["New Sparta", "Contact Specialist"], ["Former Penal Colony"])
    assert g.decision.kind == "actions"  # defence 2, Military 1, no card to pay 2 - 1
    g = at("settle", ["New Sparta", "Contact Specialist"], ["Former Penal Colony", FILLER[0]])
    answer(g, "Former Penal Colony")  # the only way: Contact Specialist, 2 - 1 = 1 card
    assert "Former Penal Colony" in tableau_names(g)
    assert FILLER[0] not in hand_names(g)


def test_contact_specialist_and_space_mercenaries_are_separate_methods():
    """PAY_MILITARY cannot combine with MILITARY_HAND: each is its own way to place."""
    g = at("settle", ["Old Earth", "Contact Specialist", "Space Mercenaries"],
           ["Former Penal Colony", *FILLER[:3]])
    answer(g, "Former Penal Colony")  # Military 0 vs defence 2
    assert method_kinds(g) == ["contact", "mercs"]
    d = g.decision
    contact = next(o for o in d.options if o.id.startswith("contact"))
    assert contact.data["pay"] == 1


def test_galactic_imperium_helps_only_against_rebel_worlds():
    """AGAINST_REBEL +4: Rebel Colony (4) yes, Rebel Base (6) no, non-Rebel Hive World (3) no."""
    g = at("settle", ["Old Earth", "Galactic Imperium"],
           ["Rebel Colony", "Rebel Base", "Hive World"])
    assert [o.label for o in g.decision.options] == ["Rebel Colony"]


def test_rare_military_and_rare_reduction_only_for_rare_worlds():
    """Alpha Centauri: +1 Military and -1 cost only for Rare worlds; reductions never conquer."""
    g = at("settle", ["Alpha Centauri", "Expedition Force"],
           ["Rebel Miners", "Former Penal Colony", "Rebel Fuel Cache"])
    # Military 1, +1 vs Rare: Rebel Miners (Rare, 2) and Rebel Fuel Cache (1) but not the
    # Novelty Former Penal Colony (2).
    assert sorted(o.label for o in g.decision.options) == ["Rebel Fuel Cache", "Rebel Miners"]
    g = at("settle", ["Alpha Centauri"], ["Mining World", "Gem World", *FILLER[:2]])
    answer(g, "Mining World")
    assert g.decision.kind == "pay" and g.decision.min == 2  # 3 - 1


def test_alien_flag_without_alien_good_is_not_an_alien_world():
    """REDUCE|ALIEN needs an Alien good: not Alien Rosetta Stone World (flag only)."""
    g = at("settle", ["Deserted Alien World"], ["Alien Rosetta Stone World", *FILLER[:4]])
    answer(g, "Alien Rosetta Stone World")
    assert g.decision.kind == "pay" and g.decision.min == 3
    g = at("settle", ["Deserted Alien World"], ["Deserted Alien Outpost", *FILLER[:4]])
    answer(g, "Deserted Alien Outpost")
    assert g.decision.kind == "pay" and g.decision.min == 2


def test_improved_logistics_same_military_conquers_two_worlds():
    """PLACE_TWO: Military is not spent, and the first world's powers do not help the second."""
    g = at("settle", ["New Sparta", "Improved Logistics"],
           ["Former Penal Colony", "Avian Uplift Race", "Hive World"], deck=TOP)
    answer(g, "Former Penal Colony")
    d = g.decision
    assert d.kind == "settle_second"
    assert [o.label for o in d.options] == ["Avian Uplift Race"]  # Hive World needs 3
    answer(g, "Avian Uplift Race")
    assert tableau_names(g)[-2:] == ["Former Penal Colony", "Avian Uplift Race"]
    assert goods_on(g)["Avian Uplift Race"]  # windfall good on the second world too
    assert drew(g, "Settle bonus") == 1


def test_improved_logistics_keeps_temporary_military_from_space_mercenaries():
    """MILITARY_HAND: the temporary Military lasts the phase, so it helps the second world."""
    g = at("settle", ["Old Earth", "Improved Logistics", "Space Mercenaries"],
           ["Rebel Miners", "Avian Uplift Race", *FILLER[:3]], deck=TOP)
    answer(g, "Rebel Miners")  # Military 1 vs 2: Space Mercenaries is the only way
    d = g.decision
    assert (d.kind, d.min, d.max) == ("military_discard", 1, 2)
    answer(g, FILLER[0])
    assert g.decision.kind == "settle_second"
    answer(g, "Avian Uplift Race")  # Military 1 + 1 temporary: no more discards
    assert tableau_names(g)[-2:] == ["Rebel Miners", "Avian Uplift Race"]
    assert set(FILLER[1:3]) <= set(hand_names(g))


def test_new_military_tactics_is_counted_for_legality_and_leaves_the_tableau():
    """DISCARD|EXTRA_MILITARY: +3 until the end of the phase; the card goes to the discard."""
    g = at("settle", ["Old Earth", "New Military Tactics"], ["Hive World"])
    assert [o.label for o in g.decision.options] == ["Hive World"]
    answer(g, "Hive World")
    assert tableau_names(g) == ["Old Earth", "Hive World"]
    assert g.discard[-1].name == "New Military Tactics"


def test_settle_bonus_card_can_pay_for_the_second_world_but_not_the_first():
    """Settle bonus: one card after paying the first world; it can pay for the second world."""
    g = at("settle", ["Old Earth", "Improved Logistics"],
           ["Artist Colony", "Secluded World", FILLER[0]], deck=TOP)
    answer(g, "Artist Colony")
    assert g.decision.kind == "pay"
    assert TOP[0] not in [o.label for o in g.decision.options]
    answer(g, FILLER[0])
    assert hand_names(g) == ["Secluded World", TOP[0]]
    answer(g, "Secluded World")  # costs 1: paid with the bonus card
    assert hand_names(g) == []
    assert drew(g, "Settle bonus") == 1


# ====================================================================== Consume / Trade
@pytest.mark.parametrize("world, cards", [
    ("Gem World", 2), ("Mining World", 3), ("Hive World", 4), ("Alien Robotic Factory", 5),
])
def test_trade_price_by_good_kind(world, cards):
    """Trade: Novelty 2, Rare 3, Genes 4, Alien 5 cards."""
    g = at("consume", ["Epsilon Eridani", {"card": world, "good": True}])
    assert len(g.players[0].hand) == cards
    assert not goods_on(g)[world]


def test_chromosome_trade_bonus_counts_chromosome_cards():
    """TRADE_BONUS_CHROMO: Genes trade +1 per chromosome card, the Lab itself included."""
    g = at("consume", ["Clandestine Uplift Lab", {"card": "Avian Uplift Race", "good": True}])
    assert len(g.players[0].hand) == 6
    g = at("consume", ["Clandestine Uplift Lab", {"card": "Avian Uplift Race", "good": True},
                       "Genetics Lab", "Export Duties"])
    assert len(g.players[0].hand) == 8
    # Non-chromosome Genes worlds add nothing: the Lab alone, +4 base = 5.
    g = at("consume", ["Clandestine Uplift Lab", {"card": "Hive World", "good": True},
                       "Pre-Sentient Race"])
    assert len(g.players[0].hand) == 5


def test_black_market_trade_gets_only_the_base_value():
    """TRADE_ACTION|TRADE_NO_BONUS: base value only, not even TRADE_THIS (Pirate World 2)."""
    g = at("consume", ["Black Market Trading World", {"card": "Pirate World", "good": True},
                       "Spice World", "Export Duties"], actions=["x2", "explore5"])
    assert len(g.players[0].hand) == 2
    assert not goods_on(g)["Pirate World"]


def test_trade_league_extra_trade_after_the_trade_action_with_bonuses():
    """TRADE_ACTION: a second trade after the Trade action, with TRADE_ANY bonuses."""
    g = at("consume", ["Old Earth", "Trade League", {"card": "Gem World", "good": True},
                       {"card": "Mining World", "good": True}])
    assert g.decision.kind == "trade"
    answer(g, next(o.id for o in g.decision.options if "Gem World" in o.label))
    assert len(g.players[0].hand) == 2 + 1 + 1  # Old Earth +1, Trade League +1
    # Consume powers next: Trade League's trade (mandatory) or Old Earth's VP.
    d = g.decision
    assert d.kind == "consume_power"
    answer(g, next(o.id for o in d.options if o.label.startswith("Trade League")))
    assert len(g.players[0].hand) == 4 + 3 + 2
    assert g.players[0].vp == 0


def test_double_vp_doubles_chips_but_not_cards():
    """Consume x2: Free Trade Association's 3 Novelty give 6 VP and only 3 cards."""
    tab = ["Old Earth", "Free Trade Association"]
    tab += [{"card": w, "good": True} for w in ("Gem World", "Artist Colony", "Spice World")]
    g = at("consume", tab, actions=["x2", "explore5"])
    answer(g, next(o.id for o in g.decision.options if "Free Trade" in o.label))
    assert (g.players[0].vp, len(g.players[0].hand)) == (6, 3)


def test_consume_two_power_takes_exactly_two_goods():
    """CONSUME_RARE|CONSUME_TWO (Mining League): two Rare goods for 3 VP once (6 with x2)."""
    tab = ["Mining League"]
    tab += [{"card": w, "good": True} for w in ("Mining World", "Comet Zone", "Volcanic World")]
    g = at("consume", tab, actions=["x2", "explore5"])
    d = g.decision  # the only power: chosen at once
    assert (d.kind, d.min, d.max, len(d.options)) == ("consume_goods", 2, 2, 3)
    g.apply(list(d.ids[:2]))
    assert g.players[0].vp == 6
    assert g.players[0].good_count() == 1


def test_old_earth_consumes_up_to_two_goods_for_one_vp_each():
    """CONSUME_ANY|GET_VP times 2: Old Earth must take exactly two of three goods."""
    tab = ["Old Earth"] + [{"card": w, "good": True}
                           for w in ("Gem World", "Mining World", "Hive World")]
    g = at("consume", tab, actions=["x2", "explore5"])
    d = g.decision
    assert (d.kind, d.min, d.max) == ("consume_goods", 2, 2)
    g.apply(list(d.ids[:2]))
    assert g.players[0].vp == 4 and g.players[0].good_count() == 1


def test_discard_for_vp_is_not_doubled():
    """GET_VP|DISCARD_HAND (Deficit Spending) VP are not doubled by x2."""
    g = at("consume", ["Old Earth", "Deficit Spending"], FILLER[:3], actions=["x2", "explore5"])
    d = g.decision
    assert (d.kind, d.min, d.max) == ("consume_power", 1, 1)
    answer(g, next(o.id for o in d.options if "Deficit" in o.label))
    d = g.decision
    assert (d.kind, d.min, d.max) == ("consume_discard", 0, 2)
    answer(g, *FILLER[:2])
    assert g.players[0].vp == 2


# ====================================================================== Produce
def test_windfall_power_filling_runaway_robots_triggers_its_draw():
    """DRAW_IF: Mining Robots' windfall good on Runaway Robots makes it draw 1."""
    g = at("produce", ["Old Earth", "Mining Robots", "Runaway Robots"],
           actions=["develop", "settle"],
           p1={"tableau": ["Epsilon Eridani"], "hand": [], "actions": ["produce", "settle"]})
    assert goods_on(g)["Runaway Robots"]
    assert drew(g, "Runaway Robots produced") == 1


def test_two_rare_windfall_powers_fill_two_worlds():
    """WINDFALL_RARE once per power: Mining Robots and Mining League fill two Rare windfalls."""
    g = at("produce", ["Old Earth", "Mining Robots", "Mining League", "Asteroid Belt",
                       "Radioactive World"], actions=["develop", "settle"],
           p1={"tableau": ["Epsilon Eridani"], "hand": [], "actions": ["produce", "settle"]})
    while g.decision.kind == "windfall":
        g.apply(g.decision.ids[0])
    assert goods_on(g)["Asteroid Belt"] and goods_on(g)["Radioactive World"]


def test_draw_per_different_kind_produced():
    """DRAW_DIFFERENT: Novelty, Novelty, Rare produced -> 2 cards."""
    g = at("produce", ["Old Earth", "Diversified Economy", "Artist Colony", "Spice World",
                       "Volcanic World"])
    assert drew(g, "Diversified Economy: 2 kinds produced") == 2


def test_draw_per_genes_world_counts_every_genes_world():
    """DRAW_WORLD_GENE: every Genes world, production or windfall, full or empty."""
    g = at("produce", ["Ancient Race", "Pan-Galactic League", "Hive World",
                       {"card": "Pre-Sentient Race", "good": True}, "Gem World"],
           actions=["develop", "settle"],
           p1={"tableau": ["Old Earth"], "hand": [], "actions": ["produce", "settle"]})
    assert drew(g, "Pan-Galactic League: 3 Genes worlds") == 3


def test_draw_per_military_world_counts_military_start_worlds():
    """DRAW_MILITARY (Imperium Lords): one card per military world, start worlds included."""
    g = at("produce", ["Damaged Alien Factory", "Imperium Lords", "New Sparta", "Rebel Base",
                       "Imperium Armaments World"], actions=["develop", "settle"],
           p1={"tableau": ["Old Earth"], "hand": [], "actions": ["produce", "settle"]})
    assert drew(g, "Imperium Lords: 3 military worlds") == 3


def test_damaged_alien_factory_good_counts_for_research_labs():
    """PRODUCE|DISCARD: optional discard for an Alien good, counted as produced."""
    g = at("produce", ["Damaged Alien Factory", "Research Labs"], [FILLER[0]])
    d = g.decision
    assert (d.kind, d.min, d.max) == ("produce_discard", 0, 1)
    answer(g, FILLER[0])
    assert goods_on(g)["Damaged Alien Factory"]
    assert drew(g, "Research Labs: 1 Alien produced") == 1


def test_draw_per_novelty_produced_counts_windfall_goods():
    """DRAW_EACH_NOVELTY: one card per Novelty good produced, Produce-bonus goods included."""
    g = at("produce", ["Old Earth", "Consumer Markets", "Gem World", "Galactic Resort",
                       "Mining World"])
    assert goods_on(g)["Galactic Resort"]
    assert drew(g, "Consumer Markets: 2 Novelty produced") == 2


def test_most_rare_counts_windfall_rare_and_needs_strictly_more():
    """DRAW_MOST_RARE: judged after all produced; windfall Rare counts; ties give nothing."""
    p1 = {"tableau": ["Epsilon Eridani", "Mining World"], "hand": [],
          "actions": ["produce", "settle"]}
    g = at("produce", ["Old Earth", "Mining Conglomerate", "Mining Robots", "Asteroid Belt",
                       "Volcanic World"], actions=["develop", "settle"], p1=p1)
    assert drew(g, "Mining Conglomerate: most Rare goods produced") == 2
    g = at("produce", ["Old Earth", "Mining Conglomerate", "Volcanic World"],
           actions=["develop", "settle"], p1=p1)
    assert drew(g, "Mining Conglomerate: most Rare goods produced") == 0


# ====================================================================== 6-cost scoring
SIX_COST = [
    ("Pan-Galactic League", ["Avian Uplift Race", "Distant World", "Rebel Miners",
                             "Contact Specialist", "Gem World"], 2 + 2 + 1 + 3),
    ("Mining League", ["Rebel Miners", "Asteroid Belt", "Mining Robots", "Mining Conglomerate",
                       "Gem World"], 2 + 1 + 2 + 2),
    ("Free Trade Association", ["Gem World", "Former Penal Colony", "Consumer Markets",
                                "Expanding Colony", "Rebel Miners"], 2 + 1 + 2 + 2),
    ("Alien Tech Institute", ["Alien Robotic Factory", "Alien Robot Sentry",
                              "Alien Rosetta Stone World", "Damaged Alien Factory"],
     2 + 3 + 2 + 2 + 3),
    ("Galactic Survey: SETI", ["Star Nomad Lair", "Expedition Force", "Gem World",
                               "Space Marines"], 1 + 2 + 1 + 1),
    ("Galactic Federation", ["Merchant Guild", "Space Marines", "Gem World"], 2 + 2 + 1),
    ("New Galactic Order", ["New Sparta", "Contact Specialist", "Alpha Centauri",
                            "Galactic Imperium"], 2 + 2 - 1),
    ("Merchant Guild", ["Gem World", "Rebel Miners", "Distant World", "Alien Robotic Factory",
                        "Asteroid Belt"], 2 + 2 + 2 + 2),
    ("New Economy", ["Trade League", "Black Market Trading World", "Gambling World",
                     "Export Duties", "Old Earth"], 2 + 2 + 1 + 1 + 1),
    ("Galactic Renaissance", ["Research Labs", "Artist Colony", "Galactic Trendsetters",
                              "Gem World"], 8 // 3 + 3 + 3 + 3),
    ("Galactic Imperium", ["Rebel Base", "New Sparta", "Rebel Fuel Cache", "Gem World",
                           "Imperium Armaments World"], 2 + 1 + 2),
    ("Trade League", ["Export Duties", "Old Earth", "Black Market Trading World",
                      "Star Nomad Lair", "Clandestine Uplift Lab"], 2 + 2 + 1 + 1 + 1),
    ("Terraforming Guild", ["Terraforming Robots", "Asteroid Belt", "Alien Robot Sentry",
                            "Gem World"], 2 + 2 + 2 + 2),
    ("Galactic Genome Project", ["Distant World", "Avian Uplift Race", "Genetics Lab",
                                 "Ancient Race"], 2 + 2 + 3 + 2),
    ("Imperium Lords", ["Galactic Imperium", "Imperium Armaments World", "New Sparta",
                        "Rebel Base", "Gem World"], 2 + 2 + 2 + 1 + 1),
]


@pytest.mark.parametrize("dev, tableau, bonus", SIX_COST, ids=[s[0] for s in SIX_COST])
def test_six_cost_development_bonus(dev, tableau, bonus):
    """6-cost bonus: first matching line per card, itself included; THREE_VP; TOTAL_MILITARY."""
    g = Game.from_position({
        "players": [
            {"tableau": [dev, *tableau], "vp": 8, "actions": ["develop", "settle"]},
            {"tableau": ["Epsilon Eridani"], "actions": ["develop", "settle"]},
        ],
        "phase": "round_end",
    })
    assert g.score_breakdown(0)["bonuses"][dev] == bonus


def test_goods_do_not_change_a_bonus_and_each_development_scores_alone():
    """6-cost bonuses look at card types, not goods; two 6-cost developments each score."""
    g = Game.from_position({
        "players": [
            {"tableau": ["Merchant Guild", "Galactic Federation",
                         {"card": "Gem World", "good": True}, "Spice World"],
             "actions": ["develop", "settle"]},
            {"tableau": ["Epsilon Eridani"], "actions": ["develop", "settle"]},
        ],
        "phase": "round_end",
    })
    b = g.score_breakdown(0)
    assert b["bonuses"] == {"Merchant Guild": 4, "Galactic Federation": 4}
    assert b["total"] == 1 + 1 + 4 + 4


# ====================================================================== Round end
def test_hand_limit_discards_down_to_ten_at_round_end():
    """Round end: a player with more than 10 cards discards down to 10."""
    hand = others("Old Earth", "Epsilon Eridani")[:13]
    g = Game.from_position({
        "players": [{"tableau": ["Old Earth"], "hand": hand, "actions": ["develop", "settle"]},
                    {"tableau": ["Epsilon Eridani"], "actions": ["develop", "settle"]}],
        "phase": "round_end",
    })
    d = g.decision
    assert (d.player, d.kind, d.min, d.max) == (0, "hand_limit", 3, 3)
    g.apply(list(d.ids[:3]))
    assert len(g.players[0].hand) == 10 and not g.is_over


@pytest.mark.parametrize("cards, over", [(11, False), (12, True)])
def test_game_ends_at_round_end_with_twelve_tableau_cards(cards, over):
    """Game end: a tableau of 12 or more cards at round end."""
    worlds = [d.name for d in CARDS if d.is_world and not d.is_start_world][:cards - 1]
    g = Game.from_position({
        "players": [{"tableau": ["Old Earth", *worlds], "actions": ["develop", "settle"]},
                    {"tableau": ["Epsilon Eridani"], "actions": ["develop", "settle"]}],
        "phase": "round_end",
    })
    assert g.is_over is over


def test_pool_running_out_in_consume_ends_the_game_after_the_round():
    """VP pool: chips are paid past zero; the game ends at the end of that round."""
    tab = ["Old Earth"] + [{"card": w, "good": True} for w in ("Gem World", "Mining World")]
    g = at("consume", tab, actions=["x2", "produce"], vp_pool=1)
    # Old Earth takes both goods (forced), 2 x 2 VP; Produce still runs, then the game ends.
    assert g.players[0].vp == 4 and g.vp_pool == -3
    assert goods_on(g)["Gem World"] and goods_on(g)["Mining World"]
    assert g.is_over and g.decision is None
    assert g.scores()[0] == 2 + 1 + 2 + 4


def test_tie_break_is_hand_plus_goods_then_shared():
    """Winner: most VP; tie broken by hand cards + goods; still tied, both win."""
    def game(hand0: list[str], good0: bool) -> Game:
        return Game.from_position({
            "players": [
                {"tableau": ["Old Earth", {"card": "Gem World", "good": good0}], "hand": hand0,
                 "actions": ["develop", "settle"]},
                {"tableau": ["Epsilon Eridani", "Spice World"], "vp": 1,
                 "hand": ["Comet Zone"], "actions": ["develop", "settle"]},
            ],
            "phase": "round_end", "vp_pool": 0,
        })
    g = game([], True)
    assert g.scores() == [3, 3] and g.winners == [0, 1]
    g = game(["Mining World"], True)
    assert g.winner == 0
    g = game([], False)
    assert g.winner == 1


def test_reshuffle_when_the_pile_runs_out_mid_draw():
    """Deck: when the draw pile runs out during a draw, the discard pile becomes the pile."""
    rest = others("Old Earth", "Epsilon Eridani", "Gem World", "Artist Colony", "Comet Zone")
    g = at("produce", ["Old Earth", "Artist Colony", "Gem World"], deck=["Comet Zone"],
           discard=rest[:5], p1={"tableau": ["Epsilon Eridani"], "hand": rest[5:],
                                 "actions": ["produce", "explore5"]})
    assert goods_on(g)["Artist Colony"] and goods_on(g)["Gem World"]
    assert [e.kind for e in g.events].count("reshuffle") == 1
