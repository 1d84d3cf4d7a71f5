"""Rulings tests for Explore, Develop and Settle powers (and the other powers of those cards).

Each test builds a position, makes the choice and checks the outcome against
reference/powers.md (the [harness] examples are quoted in the test names).
"""

from __future__ import annotations

import pytest

from rftg_nb import IllegalChoice
from rftg_nb.engine.game import Game
from rftg_nb.engine.views import locations
from tests.helpers import answer, card_id, hand_names, position, tableau_names

# Single-copy 6-cost developments: hand filler that is never a world.
FILLER = ["Galactic Renaissance", "Merchant Guild", "Trade League", "Mining League",
          "New Economy", "Free Trade Association"]
# Named draw pile cards (top first), also never worlds.
DECK = ["Galactic Survey: SETI", "Imperium Lords", "Terraforming Guild", "Galactic Federation",
        "Galactic Genome Project", "Pan-Galactic League"]

ACTIONS = {
    "explore": ["explore5", "settle"],
    "develop": ["develop", "explore5"],
    "settle": ["settle", "explore5"],
    "consume": ["x2", "explore5"],
    "produce": ["produce", "explore5"],
}


def at(phase: str, tableau: list, hand: list | tuple = (), actions: list | None = None,
       **top) -> Game:
    """Player 0 with ``tableau`` and ``hand``, resuming in ``phase`` (deck top = DECK).

    The opponent has an empty hand and a start world without Settle powers.
    """
    top.setdefault("deck", DECK)
    p0 = {"tableau": tableau, "hand": list(hand), "actions": actions or ACTIONS[phase]}
    p1 = top.pop("p1", {"tableau": ["Earth's Lost Colony"], "actions": p0["actions"]})
    return position(p0, p1, phase=phase, **top)


def offered(g: Game) -> list[str]:
    """Worlds player 0 is offered in this Settle phase ([] when not asked at all)."""
    d = g.decision
    if d is None or d.kind != "settle" or d.player != 0:
        return []
    return [o.label for o in d.options]


def methods(g: Game) -> list[str]:
    """The kinds of payment methods in the pending settle_method decision."""
    assert g.decision.kind == "settle_method", g.decision
    return sorted(o.id.split(":")[0] for o in g.decision.options)


def settle_price(tableau: list, world: str, spare: int = 6) -> int:
    """Cards player 0 must discard to settle ``world`` (the only way offered)."""
    g = at("settle", tableau, [world, *FILLER[:spare]])
    answer(g, world)
    assert world in tableau_names(g)
    return g.decision.min if g.decision.kind == "pay" else 0


def goods(g: Game, player: int = 0) -> dict[str, str | None]:
    return {c.name: c.good.name if c.good else None for c in g.players[player].tableau}


# ============================================================== Explore
@pytest.mark.parametrize("card, extra", [
    pytest.param("Expedition Force", 1, marks=pytest.mark.cards("Expedition Force")),
    pytest.param("Malevolent Lifeforms", 1, marks=pytest.mark.cards("Malevolent Lifeforms")),
    pytest.param("Star Nomad Lair", 1, marks=pytest.mark.cards("Star Nomad Lair")),
    pytest.param("Separatist Colony", 2, marks=pytest.mark.cards("Separatist Colony")),
    pytest.param("Doomed World", 1, marks=pytest.mark.cards("Doomed World")),
    pytest.param("Deserted Alien World", 1, marks=pytest.mark.cards("Deserted Alien World")),
    pytest.param("Clandestine Uplift Lab", 1, marks=pytest.mark.cards("Clandestine Uplift Lab")),
])
def test_explore_draw_power_adds_cards_but_not_keeps(card, extra):
    g = at("explore", [card])
    d = g.decision
    assert (d.kind, d.player) == ("explore_keep", 0)
    assert len(d.options) == 2 + 5 + extra
    assert d.min == d.max == 1


@pytest.mark.cards("Expedition Force", "Malevolent Lifeforms", "Separatist Colony")
def test_explore_draw_powers_add_up_with_explore_plus_one_plus_one():
    g = at("explore", ["Separatist Colony", "Expedition Force", "Malevolent Lifeforms"],
           actions=["explore11", "settle"])
    d = g.decision
    assert len(d.options) == 2 + 1 + 2 + 1 + 1
    assert d.min == d.max == 2


@pytest.mark.cards("Separatist Colony")
def test_explore_powers_work_for_a_player_who_did_not_choose_explore():
    p1 = {"tableau": ["Earth's Lost Colony"], "actions": ["explore5", "develop"]}
    g = at("explore", ["Separatist Colony"], actions=["develop", "settle"], p1=p1)
    d = g.decision
    assert (d.player, len(d.options), d.min) == (0, 2 + 2, 1)


@pytest.mark.cards("Research Labs")
def test_research_labs_keeps_one_more_and_old_hand_cards_are_safe():
    g = at("explore", ["Old Earth", "Research Labs"], hand=["Gem World"])
    d = g.decision
    assert len(d.options) == 7 and d.min == d.max == 2
    assert "Gem World" not in [o.label for o in d.options]
    before = g.snapshot()
    with pytest.raises(IllegalChoice):
        g.apply(card_id(g, "Gem World"))  # not a card explored this phase
    with pytest.raises(IllegalChoice):
        g.apply(d.ids[:1])  # must keep 2
    assert g.snapshot() == before
    g.apply(d.ids[:2])
    assert len(hand_names(g)) == 3 and "Gem World" in hand_names(g)
    assert len(g.discard) == 5


# ============================================================== Develop
@pytest.mark.cards("Interstellar Bank")
def test_interstellar_bank_draws_at_start_and_the_card_can_pay():
    # Space Marines costs 2 - 1 = 1: only affordable thanks to the card the Bank draws.
    g = at("develop", ["Old Earth", "Interstellar Bank"], ["Space Marines"])
    assert hand_names(g) == ["Space Marines", DECK[0]]
    answer(g, "Space Marines")
    assert "Space Marines" in tableau_names(g)
    assert hand_names(g) == [] and g.discard[-1].name == DECK[0]


@pytest.mark.cards("Interstellar Bank")
def test_interstellar_bank_draws_even_without_developing():
    g = at("develop", ["Old Earth", "Interstellar Bank"], [])
    assert g.decision.kind == "actions"  # nothing to develop; the phase is over
    assert hand_names(g) == [DECK[0]]


def test_develop_without_interstellar_bank_is_not_affordable():
    g = at("develop", ["Old Earth"], ["Space Marines"])
    assert g.decision.kind == "actions"
    assert hand_names(g) == ["Space Marines"]


@pytest.mark.cards("Investment Credits")
def test_investment_credits_adds_to_the_develop_bonus_floor_zero():
    g = at("develop", ["Old Earth", "Investment Credits"], ["Public Works", "Space Marines"])
    assert [o.data["cost"] for o in g.decision.options] == [0, 0]  # 1-2 and 2-2
    answer(g, "Public Works")
    assert hand_names(g) == ["Space Marines"]  # paid nothing


@pytest.mark.cards("Investment Credits")
def test_investment_credits_without_the_develop_bonus():
    p1 = {"tableau": ["Earth's Lost Colony"], "actions": ["develop", "explore5"]}
    g = at("develop", ["Old Earth", "Investment Credits"], ["Galactic Imperium", *FILLER],
           actions=["explore5", "trade"], p1=p1)
    answer(g, "Galactic Imperium")
    assert g.decision.kind == "pay" and g.decision.min == 5  # 6 - 1, no chooser bonus


@pytest.mark.cards("Public Works")
def test_public_works_draws_after_paying():
    g = at("develop", ["Old Earth", "Public Works"], ["Space Marines", "Galactic Renaissance"])
    answer(g, "Space Marines")  # costs 1: the only other card pays, the draw comes after
    assert hand_names(g) == [DECK[0]]
    assert g.discard[-1].name == "Galactic Renaissance"
    whys = [e.data["why"] for e in g.events if e.kind in ("draw", "discard")][-2:]
    assert whys == ["paying for Space Marines", "Public Works"]


@pytest.mark.cards("Public Works")
def test_public_works_draws_nothing_without_a_development_or_when_just_placed():
    g = at("develop", ["Old Earth", "Public Works"], [])
    assert hand_names(g) == []
    g = at("develop", ["Old Earth"], ["Public Works"])
    answer(g, "Public Works")  # costs 0; it was not in play when the phase began
    assert hand_names(g) == [] and "Public Works" in tableau_names(g)


def test_develop_offers_no_duplicate_and_no_unaffordable_development():
    g = at("develop", ["Old Earth", "Public Works"],
           ["Public Works", "Space Marines", "Drop Ships"])
    # Public Works is already in play; Drop Ships costs 3 with 2 spare cards.
    assert [o.label for o in g.decision.options] == ["Space Marines"]
    before = g.snapshot()
    with pytest.raises(IllegalChoice):
        g.apply(card_id(g, "Drop Ships"))
    assert g.snapshot() == before


# ============================================================== Settle: Military
@pytest.mark.parametrize("card, mil", [
    pytest.param("Epsilon Eridani", 1, marks=pytest.mark.cards("Epsilon Eridani")),
    pytest.param("New Sparta", 2, marks=pytest.mark.cards("New Sparta")),
    pytest.param("Expedition Force", 1, marks=pytest.mark.cards("Expedition Force")),
    pytest.param("Former Penal Colony", 1, marks=pytest.mark.cards("Former Penal Colony")),
    pytest.param("Space Marines", 2, marks=pytest.mark.cards("Space Marines")),
    pytest.param("Rebel Outpost", 1, marks=pytest.mark.cards("Rebel Outpost")),
    pytest.param("Rebel Warrior Race", 1, marks=pytest.mark.cards("Rebel Warrior Race")),
    pytest.param("Lost Alien Battle Fleet", 3, marks=pytest.mark.cards("Lost Alien Battle Fleet")),
    pytest.param("Lost Alien Warship", 2, marks=pytest.mark.cards("Lost Alien Warship")),
    pytest.param("Alien Robot Scout Ship", 1, marks=pytest.mark.cards("Alien Robot Scout Ship")),
    pytest.param("Drop Ships", 3, marks=pytest.mark.cards("Drop Ships")),
    pytest.param("Imperium Armaments World", 1,
                 marks=pytest.mark.cards("Imperium Armaments World")),
    pytest.param("Blaster Gem Mines", 1, marks=pytest.mark.cards("Blaster Gem Mines")),
    pytest.param("Separatist Colony", 1, marks=pytest.mark.cards("Separatist Colony")),
])
def test_plain_military_conquers_up_to_its_value(card, mil):
    by_defence = {1: "Outlaw World", 2: "Avian Uplift Race", 3: "Pirate World", 4: "Rebel Colony"}
    g = at("settle", [card], [by_defence[mil], by_defence[mil + 1]])
    assert g.players[0].total_military() == mil
    assert offered(g) == [by_defence[mil]]  # equal Military is enough; one more is not
    answer(g, by_defence[mil])
    assert by_defence[mil] in tableau_names(g)


@pytest.mark.cards("Refugee World", "Empath World", "Contact Specialist", "New Sparta")
def test_negative_military_adds_up_and_only_blocks_conquest():
    g = at("settle", ["New Sparta", "Refugee World", "Empath World"], ["Outlaw World", "Gem World",
                                                                          *FILLER[:2]])
    assert g.players[0].total_military() == 0
    assert offered(g) == ["Gem World"]  # defence 1 is out of reach
    g = at("settle", ["Refugee World", "Empath World", "Contact Specialist"],
           ["Gem World", *FILLER[:2]])
    assert g.players[0].total_military() == -3
    assert offered(g) == ["Gem World"]  # a non-military world is still paid for in cards


@pytest.mark.cards("Alpha Centauri", "Expedition Force")
def test_alpha_centauri_alone_cannot_take_rebel_miners_with_expedition_force_it_can():
    assert offered(at("settle", ["Alpha Centauri"], ["Rebel Miners"])) == []  # 1 < defence 2
    g = at("settle", ["Alpha Centauri", "Expedition Force"], ["Rebel Miners"])
    assert offered(g) == ["Rebel Miners"]
    answer(g, "Rebel Miners")
    assert "Rebel Miners" in tableau_names(g)


@pytest.mark.cards("Alpha Centauri")
def test_alpha_centauri_military_only_counts_against_rare_worlds():
    # Runaway Robots (Rare, defence 1) yes; Outlaw World (no good, defence 1) no.
    g = at("settle", ["Alpha Centauri"], ["Runaway Robots", "Outlaw World"])
    assert offered(g) == ["Runaway Robots"]


@pytest.mark.parametrize("card", [
    pytest.param("Alien Rosetta Stone World", marks=pytest.mark.cards("Alien Rosetta Stone World")),
    pytest.param("Deserted Alien World", marks=pytest.mark.cards("Deserted Alien World")),
    pytest.param("Alien Tech Institute", marks=pytest.mark.cards("Alien Tech Institute")),
])
def test_alien_military_counts_only_against_alien_worlds(card):
    g = at("settle", [card], ["Alien Robot Sentry", "Avian Uplift Race"])  # both defence 2
    assert g.players[0].total_military() == 0
    assert offered(g) == ["Alien Robot Sentry"]


@pytest.mark.parametrize("card", [
    pytest.param("Alien Rosetta Stone World", marks=pytest.mark.cards("Alien Rosetta Stone World")),
    pytest.param("Deserted Alien World", marks=pytest.mark.cards("Deserted Alien World")),
])
def test_alien_reduction_lowers_only_alien_worlds(card):
    assert settle_price([card], "Deserted Alien Outpost") == 4 - 2
    assert settle_price([card], "Gem World") == 2


@pytest.mark.cards("Alien Tech Institute", "Alien Rosetta Stone World")
def test_alien_tech_institute_lowers_library_6_to_4_but_not_alien_rosetta_stone_world():
    assert settle_price(["Old Earth", "Alien Tech Institute"], "Deserted Alien Library") == 4
    assert settle_price(["Old Earth", "Alien Tech Institute"], "Alien Rosetta Stone World") == 3


# ============================================================== Settle: cost reductions
@pytest.mark.cards("Alpha Centauri")
def test_alpha_centauri_lowers_rare_worlds_only():
    assert settle_price(["Alpha Centauri"], "Mining World") == 3 - 1
    assert settle_price(["Alpha Centauri"], "Spice World") == 2


@pytest.mark.cards("Mining Robots")
def test_mining_robots_lowers_rare_worlds_only_floor_zero():
    assert settle_price(["Old Earth", "Mining Robots"], "Comet Zone") == 3 - 1
    assert settle_price(["Old Earth", "Mining Robots"], "Destroyed World") == 0  # 1 - 1
    assert settle_price(["Old Earth", "Mining Robots"], "Prosperous World") == 3


@pytest.mark.cards("Replicant Robots")
def test_replicant_robots_lowers_every_paid_world_floor_zero():
    assert settle_price(["Old Earth", "Replicant Robots"], "Mining World") == 1
    assert settle_price(["Old Earth", "Replicant Robots"], "Artist Colony") == 0  # 1 - 2
    tableau = ["Old Earth", "Replicant Robots", "Contact Specialist"]
    assert settle_price(tableau, "Rebel Outpost") == 5 - 1 - 2


@pytest.mark.cards("Replicant Robots")
def test_replicant_robots_does_not_help_conquest():
    g = at("settle", ["Old Earth", "Replicant Robots"], ["Outlaw World", *FILLER[:3]])
    assert offered(g) == []


# ============================================================== Settle: Contact Specialist
@pytest.mark.cards("Contact Specialist", "Rebel Outpost")
def test_rebel_outpost_costs_4_cards_with_contact_specialist():
    assert settle_price(["Old Earth", "Contact Specialist"], "Rebel Outpost") == 4


@pytest.mark.cards("Contact Specialist", "Mining Robots")
def test_contact_specialist_and_mining_robots_buy_rebel_miners_for_0_cards():
    g = at("settle", ["Old Earth", "Contact Specialist", "Mining Robots"], ["Rebel Miners"])
    answer(g, "Rebel Miners")
    assert "Rebel Miners" in tableau_names(g)
    assert hand_names(g) == [DECK[0]]  # only the Settle bonus card


@pytest.mark.cards("Contact Specialist")
def test_contact_specialist_cannot_buy_alien_worlds():
    g = at("settle", ["Old Earth", "Contact Specialist"],
           ["Alien Robot Sentry", "Avian Uplift Race", *FILLER[:3]])
    assert offered(g) == ["Avian Uplift Race"]  # both defence 2; the Sentry is Alien


@pytest.mark.cards("Contact Specialist", "New Sparta")
def test_contact_specialist_offers_conquest_and_purchase_when_both_work():
    g = at("settle", ["New Sparta", "Contact Specialist"], ["Outlaw World", *FILLER[:2]])
    answer(g, "Outlaw World")  # Military 2 - 1 = 1 = defence
    assert methods(g) == ["conquer", "contact"]
    answer(g, "conquer")
    assert hand_names(g) == [*FILLER[:2], DECK[0]]  # nothing paid


@pytest.mark.cards("Contact Specialist", "Colony Ship")
def test_method_options_list_only_legal_methods():
    g = at("settle", ["Old Earth", "Contact Specialist", "Colony Ship"],
           ["Rebel Miners", *FILLER[:2]])
    answer(g, "Rebel Miners")
    # No conquest (Military -1), no Colony Ship alone on a military world.
    assert methods(g) == ["contact", "contact+free"]
    before = g.snapshot()
    with pytest.raises(IllegalChoice):
        g.apply(f"free:{card_id(g, 'Colony Ship', zone='tableau')}")
    with pytest.raises(IllegalChoice):
        g.apply("conquer")
    assert g.snapshot() == before
    answer(g, f"contact+free:{card_id(g, 'Contact Specialist', zone='tableau')}:"
              f"{card_id(g, 'Colony Ship', zone='tableau')}")
    assert tableau_names(g) == ["Old Earth", "Contact Specialist", "Rebel Miners"]
    assert hand_names(g) == [*FILLER[:2], DECK[0]]


# ============================================================== Settle: Colony Ship, Doomed World
@pytest.mark.cards("Colony Ship")
def test_colony_ship_discards_itself_for_a_free_world():
    g = at("settle", ["Old Earth", "Colony Ship"], ["Mining World", "Galactic Renaissance"])
    answer(g, "Mining World")  # 3 cards are out of reach: the ship is the only way
    assert tableau_names(g) == ["Old Earth", "Mining World"]
    assert g.discard[-1].name == "Colony Ship"
    assert hand_names(g) == ["Galactic Renaissance", DECK[0]]


@pytest.mark.cards("Colony Ship")
def test_colony_ship_is_optional_when_cards_can_pay():
    g = at("settle", ["Old Earth", "Colony Ship"], ["Gem World", *FILLER[:3]])
    answer(g, "Gem World")
    assert methods(g) == ["free", "pay"]
    answer(g, "pay")
    answer(g, *FILLER[:2])
    assert "Colony Ship" in tableau_names(g)


@pytest.mark.cards("Colony Ship", "Alien Rosetta Stone World")
def test_colony_ship_not_for_alien_or_military_worlds_but_alien_flag_is_fine():
    g = at("settle", ["Old Earth", "Colony Ship"],
           ["Deserted Alien Outpost", "Outlaw World", "Alien Rosetta Stone World"])
    assert offered(g) == ["Alien Rosetta Stone World"]


@pytest.mark.cards("Doomed World")
def test_doomed_world_discards_itself_for_a_free_world_and_loses_its_minus_vp():
    g = at("settle", ["Doomed World"], ["Spice World"])
    assert g.score_breakdown(0)["cards"] == -1
    answer(g, "Spice World")
    assert tableau_names(g) == ["Spice World"]
    assert g.discard[-1].name == "Doomed World"
    assert g.score_breakdown(0)["cards"] == 1


@pytest.mark.cards("Doomed World")
def test_doomed_world_cannot_make_an_alien_world_free():
    g = at("settle", ["Doomed World"], ["Alien Toy Shop", "Galactic Renaissance"])
    assert offered(g) == []


# ============================================================== Settle: temporary Military
@pytest.mark.cards("New Military Tactics")
def test_new_military_tactics_makes_a_defence_3_world_legal():
    g = at("settle", ["Old Earth", "New Military Tactics"], ["Hive World", "Rebel Colony"])
    assert offered(g) == ["Hive World"]  # +3 reaches 3, not 4
    answer(g, "Hive World")
    assert tableau_names(g) == ["Old Earth", "Hive World"]
    assert g.discard[-1].name == "New Military Tactics"


@pytest.mark.cards("New Military Tactics", "Improved Logistics")
def test_new_military_tactics_lasts_for_a_second_world_this_phase():
    g = at("settle", ["Old Earth", "New Military Tactics", "Improved Logistics"],
           ["Hive World", "Pirate World"])
    answer(g, "Hive World")
    assert g.decision.kind == "settle_second"
    answer(g, "Pirate World")  # +3 is still there: conquered without discarding anything
    assert tableau_names(g) == ["Old Earth", "Improved Logistics", "Hive World", "Pirate World"]
    assert hand_names(g) == [DECK[0]]  # one Settle bonus card, not two
    assert goods(g)["Pirate World"] is not None  # windfall good for the second world


@pytest.mark.cards("New Military Tactics")
def test_new_military_tactics_bonus_ends_with_the_settle_phase():
    g = at("settle", ["Old Earth", "New Military Tactics"], ["Hive World", "Pirate World"],
           actions=["settle", "settle2"])
    answer(g, "Hive World")
    assert g.decision.kind == "actions"  # no world for the second Settle phase
    assert "Pirate World" in hand_names(g)


@pytest.mark.cards("Space Mercenaries")
def test_space_mercenaries_needs_two_spare_cards_for_defence_3():
    g = at("settle", ["Old Earth", "Space Mercenaries"], ["Hive World", "Galactic Renaissance"])
    assert offered(g) == []  # +1 plain, +1 from the one spare card: 2 < 3
    g = at("settle", ["Old Earth", "Space Mercenaries"], ["Hive World", *FILLER[:3]])
    assert offered(g) == ["Hive World"]
    answer(g, "Hive World")
    d = g.decision
    assert (d.kind, d.min, d.max) == ("military_discard", 2, 2)
    before = g.snapshot()
    with pytest.raises(IllegalChoice):
        answer(g, FILLER[0])
    assert g.snapshot() == before
    answer(g, *FILLER[:2])
    assert "Hive World" in tableau_names(g)
    assert hand_names(g) == [FILLER[2], DECK[0]]


@pytest.mark.cards("Space Mercenaries")
def test_space_mercenaries_may_discard_up_to_two_when_one_is_needed():
    g = at("settle", ["Old Earth", "Space Mercenaries"], ["Avian Uplift Race", *FILLER[:3]])
    answer(g, "Avian Uplift Race")
    d = g.decision
    assert (d.kind, d.min, d.max) == ("military_discard", 1, 2)
    answer(g, FILLER[0])
    assert "Avian Uplift Race" in tableau_names(g)
    assert hand_names(g) == [*FILLER[1:3], DECK[1]]  # DECK[0] became the windfall good


@pytest.mark.cards("Space Mercenaries", "New Military Tactics")
def test_space_mercenaries_and_new_military_tactics_combine():
    g = at("settle", ["Old Earth", "New Military Tactics", "Space Mercenaries"],
           ["Rebel Outpost", *FILLER[:2]])
    answer(g, "Rebel Outpost")  # defence 5 = 1 plain + 3 tactics + at least 1 from hand
    assert (g.decision.kind, g.decision.min, g.decision.max) == ("military_discard", 1, 2)
    answer(g, FILLER[0])
    assert tableau_names(g) == ["Old Earth", "Space Mercenaries", "Rebel Outpost"]


@pytest.mark.cards("Space Mercenaries")
def test_space_mercenaries_hand_military_is_no_use_for_non_military_worlds():
    g = at("settle", ["Old Earth", "Space Mercenaries"], ["Mining World", "Galactic Renaissance"])
    assert offered(g) == []


# ============================================================== Settle: draws, second world, goods
@pytest.mark.cards("Terraforming Robots")
def test_terraforming_robots_draws_after_payment_and_settle_bonus():
    g = at("settle", ["Old Earth", "Terraforming Robots"], ["Gem World", *FILLER[:3]])
    answer(g, "Gem World")
    assert g.decision.kind == "pay"
    assert hand_names(g) == FILLER[:3]  # the draws have not happened yet
    answer(g, *FILLER[:2])
    assert hand_names(g) == [FILLER[2], DECK[0], DECK[1]]
    whys = [e.data["why"] for e in g.events if e.kind == "draw"]
    assert whys[-2:] == ["Settle bonus", "Terraforming Robots"]


@pytest.mark.cards("Terraforming Robots")
def test_terraforming_robots_draws_nothing_without_a_world():
    g = at("settle", ["Old Earth", "Terraforming Robots"], ["Galactic Renaissance"])
    assert g.decision.kind == "actions"
    assert hand_names(g) == ["Galactic Renaissance"]


@pytest.mark.cards("Improved Logistics", "Terraforming Robots")
def test_improved_logistics_second_world_draws_but_gets_no_second_bonus():
    g = at("settle", ["Old Earth", "Improved Logistics", "Terraforming Robots"],
           ["Gem World", "Spice World", *FILLER[:2]])
    answer(g, "Gem World")
    answer(g, *FILLER[:2])
    assert hand_names(g) == ["Spice World", DECK[0], DECK[1]]  # bonus, then Robots
    assert offered(g) == [] and g.decision.kind == "settle_second"
    answer(g, "Spice World")  # pays both drawn cards (forced)
    assert tableau_names(g)[-2:] == ["Gem World", "Spice World"]
    assert hand_names(g) == [DECK[2]]  # Robots again; no second Settle bonus
    whys = [e.data["why"] for e in g.events if e.kind == "draw"]
    assert whys.count("Settle bonus") == 1 and whys.count("Terraforming Robots") == 2


@pytest.mark.cards("Improved Logistics")
def test_improved_logistics_is_optional_and_needs_a_legal_world():
    g = at("settle", ["Old Earth", "Improved Logistics"], ["Refugee World", "Empath World"])
    answer(g, "Refugee World")
    assert [o.label for o in g.decision.options] == ["Empath World"]
    g.apply([])
    assert "Empath World" in hand_names(g) and g.decision.kind == "actions"
    g = at("settle", ["Old Earth", "Improved Logistics"], ["Refugee World", "Mining World"])
    answer(g, "Refugee World")
    assert g.decision.kind == "actions"  # Mining World (3) is out of reach: not asked


@pytest.mark.cards("Improved Logistics", "Former Penal Colony")
def test_first_world_gives_no_power_to_the_second_but_does_in_the_next_settle_phase():
    g = at("settle", ["New Sparta", "Improved Logistics"], ["Former Penal Colony", "Hive World"],
           actions=["settle", "settle2"])
    answer(g, "Former Penal Colony")
    # Military 2 + 1 would reach Hive World, but the Colony's +1 is not active yet.
    assert g.phase == "settle2"
    assert offered(g) == ["Hive World"]


@pytest.mark.parametrize("tableau, world", [
    pytest.param(["Old Earth"], "Refugee World", marks=pytest.mark.cards("Refugee World")),
    pytest.param(["Old Earth"], "Empath World", marks=pytest.mark.cards("Empath World")),
    pytest.param(["Old Earth"], "Blaster Gem Mines", marks=pytest.mark.cards("Blaster Gem Mines")),
    pytest.param(["Epsilon Eridani"], "Star Nomad Lair",
                 marks=pytest.mark.cards("Star Nomad Lair")),
    pytest.param(["New Sparta"], "Former Penal Colony",
                 marks=pytest.mark.cards("Former Penal Colony")),
    pytest.param(["Drop Ships"], "Rebel Warrior Race",
                 marks=pytest.mark.cards("Rebel Warrior Race")),
    pytest.param(["Drop Ships", "Space Marines"], "Lost Alien Warship",
                 marks=pytest.mark.cards("Lost Alien Warship")),
    pytest.param(["Deserted Alien World", "Space Marines"], "Alien Robot Scout Ship",
                 marks=pytest.mark.cards("Alien Robot Scout Ship")),
])
def test_windfall_world_gets_a_good_when_placed(tableau, world):
    g = at("settle", tableau, [world, *FILLER[:3]])
    answer(g, world)
    while g.decision.kind == "pay":
        g.apply(g.decision.ids[: g.decision.min])
    assert goods(g)[world] == DECK[0]  # the top card, before the Settle bonus card
    assert DECK[1] in hand_names(g)


@pytest.mark.parametrize("tableau, world", [
    pytest.param(["Old Earth"], "Imperium Armaments World",
                 marks=pytest.mark.cards("Imperium Armaments World")),
    pytest.param(["Drop Ships", "Space Marines", "Epsilon Eridani"], "Lost Alien Battle Fleet",
                 marks=pytest.mark.cards("Lost Alien Battle Fleet")),
    pytest.param(["Old Earth", "Drop Ships", "Expedition Force"], "Malevolent Lifeforms",
                 marks=pytest.mark.cards("Malevolent Lifeforms")),
])
def test_production_world_arrives_empty(tableau, world):
    g = at("settle", tableau, [world, *FILLER[:4]])
    answer(g, world)
    while g.decision.kind == "pay":
        g.apply(g.decision.ids[: g.decision.min])
    assert goods(g)[world] is None
    assert hand_names(g)[-1] == DECK[0]


# ============================================================== Settle: negative cases
def test_illegal_world_is_not_offered_and_an_illegal_apply_changes_nothing():
    g = at("settle", ["Old Earth"], ["Hive World", "Gem World", *FILLER[:2]])
    assert offered(g) == ["Gem World"]  # Hive World needs Military 3
    before = g.snapshot()
    with pytest.raises(IllegalChoice):
        g.apply(card_id(g, "Hive World"))
    with pytest.raises(IllegalChoice):
        g.apply([card_id(g, "Gem World"), card_id(g, "Hive World")])
    assert g.snapshot() == before
    locations(g)


# ============================================================== Consume and Produce powers
@pytest.mark.cards("Epsilon Eridani")
def test_epsilon_eridani_consumes_a_good_for_vp_and_a_card():
    g = at("consume", ["Epsilon Eridani", {"card": "Gem World", "good": True}])
    assert g.players[0].vp == 2  # 1 VP doubled by Consume x2
    assert hand_names(g) == [DECK[0]] and goods(g)["Gem World"] is None


@pytest.mark.cards("Public Works")
def test_public_works_consumes_any_good_for_one_vp():
    g = at("consume", [{"card": "Gem World", "good": True}, "Public Works"])
    assert g.players[0].vp == 2 and hand_names(g) == []


@pytest.mark.cards("Terraforming Robots")
def test_terraforming_robots_consumes_only_rare_goods():
    g = at("consume", [{"card": "Mining World", "good": True}, "Terraforming Robots"])
    assert g.players[0].vp == 2 and hand_names(g) == [DECK[0]]
    g = at("consume", [{"card": "Gem World", "good": True}, "Terraforming Robots"])
    assert g.players[0].vp == 0 and goods(g)["Gem World"] is not None


@pytest.mark.cards("Research Labs")
def test_research_labs_consumes_only_genes_goods():
    g = at("consume", [{"card": "Hive World", "good": True}, {"card": "Gem World", "good": True},
                       "Research Labs"])
    assert g.players[0].vp == 2
    assert goods(g)["Hive World"] is None and goods(g)["Gem World"] is not None


@pytest.mark.cards("Research Labs", "Lost Alien Battle Fleet")
def test_research_labs_draws_for_each_alien_good_produced():
    g = at("produce", ["Lost Alien Battle Fleet", "Research Labs", "Gem World"])
    assert goods(g)["Lost Alien Battle Fleet"] is not None
    # Gem World draws 1 for producing; Research Labs 1 for the one Alien good.
    assert len(hand_names(g)) == 2


@pytest.mark.cards("Malevolent Lifeforms", "Imperium Armaments World", "Lost Alien Battle Fleet")
def test_production_worlds_produce():
    g = at("produce", ["Malevolent Lifeforms", "Imperium Armaments World",
                       {"card": "Lost Alien Battle Fleet", "good": True}])
    assert all(good is not None for good in goods(g).values())
    assert [e.data["card"] for e in g.events if e.kind == "produce" and e.actor == 0] == [
        "Malevolent Lifeforms", "Imperium Armaments World"]


@pytest.mark.cards("Mining Robots", "Alien Rosetta Stone World")
def test_windfall_powers_fill_their_kind_without_the_produce_action():
    p1 = {"tableau": ["Earth's Lost Colony"], "actions": ["produce", "explore5"]}
    g = at("produce", ["Mining Robots", "Alien Rosetta Stone World", "Blaster Gem Mines",
                       "Alien Robot Sentry", "Refugee World"], actions=["explore5", "trade"],
           p1=p1)
    assert goods(g)["Blaster Gem Mines"] is not None
    assert goods(g)["Alien Robot Sentry"] is not None
    assert goods(g)["Refugee World"] is None


@pytest.mark.cards("Star Nomad Lair")
def test_star_nomad_lair_trade_bonus_only_for_its_own_good():
    g = at("consume", [{"card": "Star Nomad Lair", "good": True}], actions=["trade", "explore5"])
    assert len(hand_names(g)) == 2 + 1
    g = at("consume", ["Star Nomad Lair", {"card": "Gem World", "good": True}],
           actions=["trade", "explore5"])
    assert len(hand_names(g)) == 2


@pytest.mark.cards("Clandestine Uplift Lab")
def test_clandestine_uplift_lab_trades_genes_plus_one_per_chromosome():
    g = at("consume", ["Clandestine Uplift Lab", {"card": "Avian Uplift Race", "good": True}],
           actions=["trade", "explore5"])
    assert len(hand_names(g)) == 4 + 2  # itself and the Uplift Race
    g = at("consume", ["Clandestine Uplift Lab", {"card": "Gem World", "good": True}],
           actions=["trade", "explore5"])
    assert len(hand_names(g)) == 2


@pytest.mark.cards("Clandestine Uplift Lab")
def test_clandestine_uplift_lab_consumes_a_good_for_vp_and_a_card():
    g = at("consume", ["Clandestine Uplift Lab", {"card": "Gem World", "good": True}])
    assert g.players[0].vp == 2 and hand_names(g) == [DECK[0]]
