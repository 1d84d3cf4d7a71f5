"""Scoring rulings: the 6-cost development bonuses and the worlds without powers.

Rules: base-rules.md section 10.2 and powers.md section VI (first matching line only, a 6-cost
development counts itself, THREE_VP from chips, TOTAL_MILITARY may be negative).
"""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game
from rftg_nb.cards import CARDS
from tests.helpers import answer, hand_names, position, tableau_names

SIX_COST = [d.name for d in CARDS if d.is_six_cost]

# powers.md VI, per-card oracle: for each 6-cost development, what each card of the deck adds
# to its bonus (cards not named add 0). New Galactic Order: each card's plain Military.
ORACLE: dict[str, dict[int, str]] = {
    "Pan-Galactic League": {
        3: "Contact Specialist",
        2: (
            "Distant World; Hive World; Lost Species Ark World; Malevolent Lifeforms; Plague "
            "World; Ancient Race; Aquatic Uplift Race; Avian Uplift Race; Empath World; "
            "Pre-Sentient Race; Rebel Warrior Race; Reptilian Uplift Race; The Last of the "
            "Uplift Gnarssh"
        ),
        1: (
            "Alien Robot Scout Ship; Alien Robot Sentry; Clandestine Uplift Lab; Damaged Alien "
            "Factory; Former Penal Colony; Lost Alien Battle Fleet; Lost Alien Warship; New "
            "Sparta; New Survivalists; Outlaw World; Pirate World; Rebel Base; Rebel Colony; "
            "Rebel Fuel Cache; Rebel Homeworld; Rebel Miners; Rebel Outpost; Rebel "
            "Sympathizers; Rebel Underground; Runaway Robots; Smuggling Lair; Star Nomad Lair"
        ),
    },
    "Mining League": {
        2: (
            "Mining Conglomerate; Mining Robots; Bio-Hazard Mining World; Comet Zone; Imperium "
            "Armaments World; Mining World; New Earth; Rebel Miners; Volcanic World"
        ),
        1: (
            "Alpha Centauri; Asteroid Belt; Blaster Gem Mines; Destroyed World; Radioactive "
            "World; Rebel Fuel Cache; Runaway Robots; Smuggling Lair"
        ),
    },
    "Free Trade Association": {
        2: (
            "Consumer Markets; Expanding Colony; Artist Colony; Earth's Lost Colony; Galactic "
            "Studios; Gem World; New Survivalists; New Vinland; Prosperous World; Secluded "
            "World; Space Port; Spice World"
        ),
        1: (
            "Former Penal Colony; Galactic Bazaar; Galactic Resort; Pirate World; Rebel "
            "Sympathizers; Refugee World; Star Nomad Lair"
        ),
    },
    "Alien Tech Institute": {
        3: "Alien Robotic Factory; Damaged Alien Factory; Lost Alien Battle Fleet",
        2: (
            "Alien Rosetta Stone World; Alien Tech Institute; Deserted Alien World; Alien Robot"
            " Scout Ship; Alien Robot Sentry; Alien Toy Shop; Deserted Alien Colony; Deserted "
            "Alien Library; Deserted Alien Outpost; Lost Alien Warship"
        ),
    },
    "Galactic Survey: SETI": {
        2: (
            "Clandestine Uplift Lab; Deserted Alien World; Doomed World; Malevolent Lifeforms; "
            "Separatist Colony; Star Nomad Lair"
        ),
        1: (
            "Expedition Force; Galactic Renaissance; Galactic Survey: SETI; Research Labs; "
            "Alien Robot Scout Ship; Alien Robot Sentry; Alien Robotic Factory; Alien Rosetta "
            "Stone World; Alien Toy Shop; Alpha Centauri; Ancient Race; Aquatic Uplift Race; "
            "Artist Colony; Asteroid Belt; Avian Uplift Race; Bio-Hazard Mining World; Black "
            "Market Trading World; Blaster Gem Mines; Comet Zone; Damaged Alien Factory; "
            "Deserted Alien Colony; Deserted Alien Library; Deserted Alien Outpost; Destroyed "
            "World; Distant World; Earth's Lost Colony; Empath World; Epsilon Eridani; "
            "Expanding Colony; Former Penal Colony; Galactic Bazaar; Galactic Engineers; "
            "Galactic Resort; Galactic Studios; Galactic Trendsetters; Gambling World; Gem "
            "World; Hive World; Imperium Armaments World; Lost Alien Battle Fleet; Lost Alien "
            "Warship; Lost Species Ark World; Merchant World; Mining World; New Earth; New "
            "Sparta; New Survivalists; New Vinland; Old Earth; Outlaw World; Pilgrimage World; "
            "Pirate World; Plague World; Pre-Sentient Race; Prosperous World; Radioactive "
            "World; Rebel Base; Rebel Colony; Rebel Fuel Cache; Rebel Homeworld; Rebel Miners; "
            "Rebel Outpost; Rebel Sympathizers; Rebel Underground; Rebel Warrior Race; Refugee "
            "World; Reptilian Uplift Race; Runaway Robots; Secluded World; Smuggling Lair; "
            "Space Port; Spice World; Terraformed World; The Last of the Uplift Gnarssh; "
            "Tourist World; Volcanic World"
        ),
    },
    "Galactic Federation": {
        2: (
            "Alien Tech Institute; Free Trade Association; Galactic Federation; Galactic Genome"
            " Project; Galactic Imperium; Galactic Renaissance; Galactic Survey: SETI; Imperium"
            " Lords; Merchant Guild; Mining League; New Economy; New Galactic Order; "
            "Pan-Galactic League; Terraforming Guild; Trade League"
        ),
        1: (
            "Colony Ship; Consumer Markets; Contact Specialist; Deficit Spending; Diversified "
            "Economy; Drop Ships; Expedition Force; Export Duties; Genetics Lab; Improved "
            "Logistics; Interstellar Bank; Investment Credits; Mining Conglomerate; Mining "
            "Robots; New Military Tactics; Public Works; Replicant Robots; Research Labs; Space"
            " Marines; Space Mercenaries; Terraforming Robots"
        ),
    },
    "New Galactic Order": {
        3: "Drop Ships; Lost Alien Battle Fleet",
        2: "Lost Alien Warship; New Galactic Order; New Sparta; Space Marines",
        1: (
            "Alien Robot Scout Ship; Blaster Gem Mines; Epsilon Eridani; Expedition Force; "
            "Former Penal Colony; Imperium Armaments World; Rebel Outpost; Rebel Warrior Race; "
            "Separatist Colony; Space Mercenaries"
        ),
        -1: "Contact Specialist; Empath World; Pan-Galactic League; Refugee World",
    },
    "Merchant Guild": {
        2: (
            "Alien Robotic Factory; Damaged Alien Factory; Lost Alien Battle Fleet; Distant "
            "World; Hive World; Lost Species Ark World; Malevolent Lifeforms; Plague World; "
            "Artist Colony; Earth's Lost Colony; Galactic Studios; Gem World; New Survivalists;"
            " New Vinland; Prosperous World; Secluded World; Space Port; Spice World; "
            "Bio-Hazard Mining World; Comet Zone; Imperium Armaments World; Mining World; New "
            "Earth; Rebel Miners; Volcanic World"
        ),
    },
    "New Economy": {
        2: (
            "Consumer Markets; Deficit Spending; Diversified Economy; Free Trade Association; "
            "Galactic Genome Project; Mining Conglomerate; Mining League; New Economy; Public "
            "Works; Research Labs; Terraforming Robots; Trade League"
        ),
        1: (
            "Alien Toy Shop; Black Market Trading World; Clandestine Uplift Lab; Earth's Lost "
            "Colony; Epsilon Eridani; Expanding Colony; Galactic Bazaar; Galactic Resort; "
            "Galactic Studios; Galactic Trendsetters; Gambling World; Merchant World; New "
            "Earth; New Survivalists; New Vinland; Old Earth; Outlaw World; Pilgrimage World; "
            "Plague World; Prosperous World; Rebel Colony; Secluded World; Smuggling Lair; "
            "Terraformed World; Tourist World"
        ),
    },
    "Galactic Renaissance": {
        3: "Artist Colony; Galactic Trendsetters; Research Labs",
    },
    "Galactic Imperium": {
        2: (
            "Rebel Base; Rebel Colony; Rebel Fuel Cache; Rebel Homeworld; Rebel Miners; Rebel "
            "Outpost; Rebel Sympathizers; Rebel Underground; Rebel Warrior Race"
        ),
        1: (
            "Alien Robot Scout Ship; Alien Robot Sentry; Aquatic Uplift Race; Avian Uplift "
            "Race; Clandestine Uplift Lab; Damaged Alien Factory; Former Penal Colony; Hive "
            "World; Lost Alien Battle Fleet; Lost Alien Warship; Malevolent Lifeforms; New "
            "Sparta; New Survivalists; Outlaw World; Pirate World; Reptilian Uplift Race; "
            "Runaway Robots; Smuggling Lair; Star Nomad Lair; The Last of the Uplift Gnarssh"
        ),
    },
    "Trade League": {
        2: "Export Duties; Genetics Lab; Mining Conglomerate; Trade League",
        1: (
            "Bio-Hazard Mining World; Clandestine Uplift Lab; Distant World; Galactic Bazaar; "
            "Galactic Engineers; Merchant World; Old Earth; Pirate World; Space Port; Spice "
            "World; Star Nomad Lair"
        ),
    },
    "Terraforming Guild": {
        2: (
            "Alien Robot Scout Ship; Alien Robot Sentry; Alien Toy Shop; Deserted Alien Colony;"
            " Deserted Alien Library; Deserted Alien Outpost; Lost Alien Warship; Ancient Race;"
            " Aquatic Uplift Race; Avian Uplift Race; Empath World; Pre-Sentient Race; Rebel "
            "Warrior Race; Reptilian Uplift Race; The Last of the Uplift Gnarssh; Former Penal "
            "Colony; Galactic Bazaar; Galactic Resort; Pirate World; Rebel Sympathizers; "
            "Refugee World; Star Nomad Lair; Alpha Centauri; Asteroid Belt; Blaster Gem Mines; "
            "Destroyed World; Radioactive World; Rebel Fuel Cache; Runaway Robots; Smuggling "
            "Lair; Terraforming Guild; Terraforming Robots"
        ),
    },
    "Galactic Genome Project": {
        3: "Genetics Lab",
        2: (
            "Distant World; Hive World; Lost Species Ark World; Malevolent Lifeforms; Plague "
            "World; Ancient Race; Aquatic Uplift Race; Avian Uplift Race; Empath World; "
            "Pre-Sentient Race; Rebel Warrior Race; Reptilian Uplift Race; The Last of the "
            "Uplift Gnarssh"
        ),
    },
    "Imperium Lords": {
        2: "Galactic Imperium; Imperium Armaments World; Imperium Lords",
        1: (
            "Alien Robot Scout Ship; Alien Robot Sentry; Aquatic Uplift Race; Avian Uplift "
            "Race; Clandestine Uplift Lab; Damaged Alien Factory; Former Penal Colony; Hive "
            "World; Lost Alien Battle Fleet; Lost Alien Warship; Malevolent Lifeforms; New "
            "Sparta; New Survivalists; Outlaw World; Pirate World; Rebel Base; Rebel Colony; "
            "Rebel Fuel Cache; Rebel Homeworld; Rebel Miners; Rebel Outpost; Rebel "
            "Sympathizers; Rebel Underground; Rebel Warrior Race; Reptilian Uplift Race; "
            "Runaway Robots; Smuggling Lair; Star Nomad Lair; The Last of the Uplift Gnarssh"
        ),
    },
}


def oracle(dev: str) -> dict[str, int]:
    return {n: pts for pts, names in ORACLE[dev].items() for n in names.split("; ")}


def scored(tableau: list[Any], vp: int = 0) -> Game:
    """A game whose player 0 holds ``tableau`` and ``vp`` chips (opponent: a lone start world)."""
    names = {t if isinstance(t, str) else t["card"] for t in tableau}
    other = "Old Earth" if "Old Earth" not in names else "Epsilon Eridani"
    return position({"tableau": tableau, "vp": vp}, {"tableau": [other]})


def bonus(dev: str, *cards: Any, vp: int = 0) -> int:
    return scored([dev, *cards], vp).score_breakdown(0)["bonuses"][dev]


# ---------------------------------------------------------------- the oracle, card by card
def test_oracle_names_real_cards_and_every_six_cost_development():
    assert sorted(ORACLE) == sorted(SIX_COST)
    for dev in ORACLE:
        assert set(oracle(dev)) <= set(CARDS.designs), dev


@pytest.mark.cards(
    "Pan-Galactic League", "Mining League", "Free Trade Association", "Alien Tech Institute",
    "Galactic Survey: SETI", "Galactic Federation", "New Galactic Order", "Merchant Guild",
    "New Economy", "Galactic Renaissance", "Galactic Imperium", "Trade League",
    "Terraforming Guild", "Galactic Genome Project", "Imperium Lords",
)
@pytest.mark.parametrize("dev", SIX_COST)
def test_each_card_of_the_deck_adds_what_the_oracle_says(dev):
    want = oracle(dev)
    alone = bonus(dev)
    assert alone == want.get(dev, 0)
    got = {d.name: bonus(dev, d.name) - alone for d in CARDS if d.name != dev}
    assert {n: v for n, v in got.items() if v} == {n: v for n, v in want.items() if n != dev}


@pytest.mark.cards("Merchant Guild", "Gem World", "Mining World")
def test_goods_on_worlds_do_not_change_a_bonus():
    full = bonus("Merchant Guild", {"card": "Gem World", "good": True},
                 {"card": "Mining World", "good": True})
    assert full == bonus("Merchant Guild", "Gem World", "Mining World") == 4


# ---------------------------------------------------------------- one tableau per development
@pytest.mark.cards("Pan-Galactic League", "Avian Uplift Race", "Hive World")
def test_pan_galactic_league_first_matching_line_only():
    # Ancient Race 2 (Genes windfall), Avian Uplift Race 2 (not 2+1), Hive World 2 (not 2+1),
    # New Sparta 1, Contact Specialist 3, Gem World 0, itself 0.
    assert bonus("Pan-Galactic League", "Ancient Race", "Avian Uplift Race", "Hive World",
                 "New Sparta", "Contact Specialist", "Gem World") == 10


@pytest.mark.cards("Mining League", "Rebel Miners", "Asteroid Belt")
def test_mining_league_rare_production_windfall_and_names():
    assert bonus("Mining League", "Alpha Centauri", "Mining World", "Rebel Miners",
                 "Asteroid Belt", "Mining Robots", "Mining Conglomerate", "Gem World") == 10


@pytest.mark.cards("Free Trade Association", "Rebel Sympathizers")
def test_free_trade_association_novelty_worlds_and_names():
    assert bonus("Free Trade Association", "Earth's Lost Colony", "Gem World",
                 "Rebel Sympathizers", "Consumer Markets", "Expanding Colony", "Asteroid Belt"
                 ) == 9


@pytest.mark.cards("Alien Tech Institute", "Alien Robot Sentry", "Deserted Alien Library")
def test_alien_tech_institute_counts_itself_and_scores_each_card_once():
    # Damaged Alien Factory 3 (not 3+2), itself 2, Alien Robot Sentry 2 (not 2+2),
    # Alien Rosetta Stone World 2 (flag only), Deserted Alien Library 2.
    assert bonus("Alien Tech Institute", "Damaged Alien Factory", "Alien Robot Sentry",
                 "Alien Rosetta Stone World", "Deserted Alien Library") == 11


@pytest.mark.cards("Galactic Survey: SETI")
def test_galactic_survey_seti_explore_cards_and_worlds():
    # Separatist Colony 2, itself 1, Galactic Renaissance 1, Research Labs 1, Gem World 1,
    # Space Marines 0.
    assert bonus("Galactic Survey: SETI", "Separatist Colony", "Galactic Renaissance",
                 "Research Labs", "Gem World", "Space Marines") == 6


@pytest.mark.cards("Galactic Federation")
def test_galactic_federation_six_cost_and_other_developments():
    assert bonus("Galactic Federation", "Epsilon Eridani", "Trade League", "Space Marines",
                 "Gem World") == 2 + 2 + 1


@pytest.mark.cards("New Galactic Order")
def test_new_galactic_order_total_military_can_be_negative():
    g = scored(["Epsilon Eridani", "New Galactic Order", "Contact Specialist", "Refugee World",
                "Empath World", "Pan-Galactic League"], vp=1)
    b = g.score_breakdown(0)
    assert b["bonuses"]["New Galactic Order"] == 1 + 2 - 1 - 1 - 1 - 1
    assert b["total"] == b["cards"] + 1 - 1 + b["bonuses"]["Pan-Galactic League"]
    assert g.scores()[0] == b["total"]


@pytest.mark.cards("New Galactic Order")
def test_new_galactic_order_ignores_specialised_and_temporary_military():
    # Alpha Centauri (+1 vs Rare), Galactic Imperium (+4 vs Rebel), Alien Tech Institute
    # (+2 vs Alien), New Military Tactics (discard for +3) add nothing; Space Mercenaries' plain
    # +1 counts, its hand Military does not.
    assert bonus("New Galactic Order", "Alpha Centauri", "Galactic Imperium",
                 "Alien Tech Institute", "New Military Tactics", "Space Mercenaries") == 3


@pytest.mark.cards("Merchant Guild")
def test_merchant_guild_production_worlds_only():
    assert bonus("Merchant Guild", "Earth's Lost Colony", "Mining World", "Hive World",
                 "Alien Robotic Factory", "Asteroid Belt", "Rebel Underground") == 8


@pytest.mark.cards("New Economy", "Trade League")
def test_new_economy_counts_trade_league_and_black_market_as_consume():
    # Epsilon Eridani 1, itself 2, Trade League 2 (TRADE_ACTION is a consume power),
    # Black Market Trading World 1, Gambling World 1, Consumer Markets 2, Spice World 0.
    assert bonus("New Economy", "Epsilon Eridani", "Trade League",
                 "Black Market Trading World", "Gambling World", "Consumer Markets",
                 "Spice World") == 9


@pytest.mark.cards("Galactic Renaissance")
@pytest.mark.parametrize(("chips", "extra"), [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3)])
def test_galactic_renaissance_one_point_per_three_chips(chips, extra):
    assert bonus("Galactic Renaissance", "Research Labs", "Galactic Trendsetters",
                 "Artist Colony", "Rebel Homeworld", vp=chips) == 9 + extra


@pytest.mark.cards("Galactic Imperium", "Rebel Base")
def test_galactic_imperium_rebel_military_first():
    # New Sparta 1, Rebel Base 2 (not 2+1), Rebel Underground 2, Hive World 1, Gem World 0.
    assert bonus("Galactic Imperium", "New Sparta", "Rebel Base", "Rebel Underground",
                 "Hive World", "Gem World") == 6


@pytest.mark.cards("Trade League")
def test_trade_league_counts_itself_but_not_black_market():
    assert bonus("Trade League", "Epsilon Eridani", "Black Market Trading World",
                 "Spice World", "Export Duties", "Clandestine Uplift Lab") == 2 + 1 + 2 + 1


@pytest.mark.cards("Terraforming Guild", "Pre-Sentient Race", "Alien Robot Sentry")
def test_terraforming_guild_windfall_worlds_and_terraforming_cards():
    assert bonus("Terraforming Guild", "Alpha Centauri", "Terraforming Robots",
                 "Pre-Sentient Race", "Alien Robot Sentry", "Rebel Sympathizers",
                 "Gem World") == 12


@pytest.mark.cards("Galactic Genome Project", "Avian Uplift Race")
def test_galactic_genome_project_genes_worlds_and_genetics_lab():
    assert bonus("Galactic Genome Project", "Ancient Race", "Hive World", "Avian Uplift Race",
                 "Genetics Lab", "Gem World") == 9


@pytest.mark.cards("Imperium Lords", "Rebel Base")
def test_imperium_lords_imperium_cards_and_military_worlds():
    assert bonus("Imperium Lords", "New Sparta", "Galactic Imperium",
                 "Imperium Armaments World", "Rebel Base", "Gem World") == 1 + 2 + 2 + 2 + 1


@pytest.mark.cards("Galactic Federation", "Trade League", "New Economy")
def test_each_six_cost_development_is_scored_on_its_own():
    b = scored(["Epsilon Eridani", "Galactic Federation", "Trade League", "New Economy"]
               ).score_breakdown(0)["bonuses"]
    assert b == {"Galactic Federation": 6, "Trade League": 2, "New Economy": 1 + 2 + 2}


# ---------------------------------------------------------------- 6-cost powers in play
def phase(p0: dict[str, Any], name: str, p1: dict[str, Any] | None = None, **top: Any) -> Game:
    p0 = {"hand": [], **p0}
    if p1 is None:
        p1 = {"tableau": ["Old Earth"], "hand": [], "actions": p0["actions"]}
    return position(p0, p1, phase=name, **top)


def settle_options(tableau: list[Any], hand: list[str]) -> list[str]:
    g = phase({"tableau": tableau, "hand": hand, "actions": ["settle", "explore5"]}, "settle")
    d = g.decision
    return sorted(o.label for o in d.options) if d.kind == "settle" else []


@pytest.mark.cards("Galactic Renaissance")
def test_galactic_renaissance_explores_two_more_and_keeps_one_more():
    g = phase({"tableau": ["Epsilon Eridani", "Galactic Renaissance"],
               "actions": ["develop", "settle"]}, "explore",
              {"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "develop"]})
    d = g.decision
    assert (d.player, d.kind, len(d.options), d.min, d.max) == (0, "explore_keep", 4, 2, 2)


@pytest.mark.cards("Galactic Survey: SETI")
def test_galactic_survey_seti_explores_two_more():
    g = phase({"tableau": ["Epsilon Eridani", "Galactic Survey: SETI"],
               "actions": ["explore5", "develop"]}, "explore")
    d = g.decision
    assert (d.player, d.kind, len(d.options), d.min, d.max) == (0, "explore_keep", 9, 1, 1)


@pytest.mark.cards("Galactic Federation")
@pytest.mark.parametrize(("actions", "cost"), [(["develop", "settle"], 3),
                                               (["settle", "produce"], 4)])
def test_galactic_federation_developments_cost_two_less(actions, cost):
    p1 = {"tableau": ["Old Earth"], "hand": [], "actions": ["develop", "settle"]}
    g = phase({"tableau": ["Epsilon Eridani", "Galactic Federation"], "actions": actions,
               "hand": ["Trade League", "Gem World", "Spice World", "Comet Zone", "Hive World"]},
              "develop", p1)
    assert g.decision.kind == "develop"
    assert g.decision.options[0].data["cost"] == cost


@pytest.mark.cards("Pan-Galactic League")
def test_pan_galactic_league_lowers_military_by_one():
    hand = ["Rebel Fuel Cache", "Gem World"]
    assert settle_options(["Epsilon Eridani"], hand) == ["Rebel Fuel Cache"]
    assert settle_options(["Epsilon Eridani", "Pan-Galactic League"], hand) == []


@pytest.mark.cards("New Galactic Order")
def test_new_galactic_order_gives_two_military():
    hand = ["Alien Robot Sentry", "Gem World"]
    assert settle_options(["Earth's Lost Colony"], hand) == []
    assert settle_options(["Earth's Lost Colony", "New Galactic Order"], hand) == [
        "Alien Robot Sentry"]


@pytest.mark.cards("Galactic Imperium", "Rebel Base")
def test_galactic_imperium_four_military_against_rebel_worlds_only():
    hand = ["Rebel Base", "Lost Alien Warship", "Hive World"]
    assert settle_options(["New Sparta", "Galactic Imperium"], hand) == ["Rebel Base"]


@pytest.mark.cards("Alien Tech Institute", "Alien Robot Sentry", "Deserted Alien Outpost")
def test_alien_tech_institute_military_and_discount_against_alien_worlds():
    g = phase({"tableau": ["Earth's Lost Colony", "Alien Tech Institute"],
               "actions": ["settle", "explore5"],
               "hand": ["Alien Robot Sentry", "Rebel Fuel Cache", "Deserted Alien Outpost",
                        "Gem World", "Spice World"]}, "settle")
    assert sorted(o.label for o in g.decision.options) == [
        "Alien Robot Sentry", "Deserted Alien Outpost", "Gem World", "Spice World"]
    answer(g, "Deserted Alien Outpost")
    assert (g.decision.kind, g.decision.min) == ("pay", 2)  # 4 - 2


@pytest.mark.cards("Terraforming Guild")
def test_terraforming_guild_draws_after_placing_a_world():
    g = phase({"tableau": ["Epsilon Eridani", "Terraforming Guild"],
               "actions": ["settle", "explore5"], "hand": ["Artist Colony", "Gem World"]},
              "settle", deck=["Hive World", "Comet Zone"])
    answer(g, "Artist Colony")
    # pays Gem World; Settle bonus draws Hive World, the Guild Comet Zone.
    assert hand_names(g) == ["Hive World", "Comet Zone"]


@pytest.mark.cards("Trade League")
def test_trade_league_sells_a_good_with_its_trade_bonus():
    g = phase({"tableau": ["Epsilon Eridani", "Trade League",
                           {"card": "Gem World", "good": True}],
               "actions": ["x2", "explore5"]}, "consume")
    answer(g, next(o.id for o in g.decision.options if o.data["card"] == "Trade League"))
    assert len(hand_names(g)) == 2 + 1  # Novelty 2 + Trade League's own +1
    assert g.players[0].vp == 0


@pytest.mark.cards("New Economy")
def test_new_economy_draws_one_in_consume():
    g = phase({"tableau": ["Epsilon Eridani", "New Economy"], "actions": ["x2", "explore5"]},
              "consume", deck=["Hive World"])
    assert hand_names(g) == ["Hive World"]


@pytest.mark.cards("Mining League")
def test_mining_league_consumes_two_rare_for_three_vp():
    g = phase({"tableau": ["Earth's Lost Colony", "Mining League",
                           {"card": "Asteroid Belt", "good": True},
                           {"card": "Radioactive World", "good": True}],
               "actions": ["develop", "settle"]}, "consume",
              {"tableau": ["Old Earth"], "hand": [], "actions": ["trade", "develop"]})
    answer(g, next(o.id for o in g.decision.options if o.data["card"] == "Mining League"))
    assert g.players[0].vp == 3
    assert [c.name for c in g.players[0].tableau if c.good] == []


@pytest.mark.cards("Galactic Genome Project")
def test_galactic_genome_project_needs_two_genes_goods():
    p1 = {"tableau": ["Old Earth"], "hand": [], "actions": ["trade", "develop"]}
    g = phase({"tableau": ["New Sparta", "Galactic Genome Project",
                           {"card": "Pre-Sentient Race", "good": True},
                           {"card": "Avian Uplift Race", "good": True}],
               "actions": ["develop", "settle"]}, "consume", p1)
    assert g.players[0].vp == 3  # the only usable power, taken automatically
    one = phase({"tableau": ["New Sparta", "Galactic Genome Project",
                             {"card": "Pre-Sentient Race", "good": True}],
                 "actions": ["develop", "settle"]}, "consume", p1)
    assert one.players[0].vp == 0
    assert one.players[0].tableau[2].good is not None


@pytest.mark.cards("Free Trade Association")
def test_free_trade_association_takes_three_novelty_for_vp_and_cards():
    p1 = {"tableau": ["Old Earth"], "hand": [], "actions": ["trade", "develop"]}
    g = phase({"tableau": ["New Sparta", "Free Trade Association",
                           {"card": "Rebel Sympathizers", "good": True},
                           {"card": "Refugee World", "good": True},
                           {"card": "Former Penal Colony", "good": True},
                           {"card": "Star Nomad Lair", "good": True}],
               "actions": ["develop", "settle"]}, "consume", p1)
    d = g.decision
    assert (d.kind, d.min, d.max) == ("consume_goods", 3, 3)
    g.apply(list(d.ids[:3]))
    assert g.players[0].vp == 3
    assert len(hand_names(g)) == 3


@pytest.mark.cards("Merchant Guild")
def test_merchant_guild_draws_two_in_produce():
    g = phase({"tableau": ["Epsilon Eridani", "Merchant Guild"],
               "actions": ["produce", "explore5"]}, "produce", deck=["Hive World", "Gem World"])
    assert hand_names(g) == ["Hive World", "Gem World"]


@pytest.mark.cards("Mining League", "Asteroid Belt")
def test_mining_league_fills_a_rare_windfall_world_in_produce():
    g = phase({"tableau": ["Epsilon Eridani", "Mining League", "Asteroid Belt",
                           "Pre-Sentient Race"], "actions": ["explore5", "develop"]}, "produce",
              {"tableau": ["Old Earth"], "hand": [], "actions": ["produce", "develop"]})
    assert [c.name for c in g.players[0].tableau if c.good] == ["Asteroid Belt"]


# ---------------------------------------------------------------- worlds without powers
def settle_game(tableau: list[Any], hand: list[str], deck: list[str] = ()) -> Game:
    return phase({"tableau": tableau, "hand": hand, "actions": ["settle", "explore5"]},
                 "settle", deck=list(deck))


def place(g: Game, name: str) -> None:
    answer(g, name)
    while (d := g.decision) is not None and d.player == 0 and d.kind in ("settle_method", "pay"):
        g.apply(list(d.ids[: d.min]))


def placed(name: str, tableau: list[Any], hand: list[str]) -> Game:
    """Settle ``name`` paying with ``hand``; a windfall world takes the top card as its good."""
    g = settle_game(tableau, [name, *hand], deck=["Hive World", "Lost Species Ark World"])
    place(g, name)
    assert name in tableau_names(g)
    world = next(c for c in g.players[0].tableau if c.name == name)
    if CARDS[name].windfall:
        assert world.good is not None and world.good.name == "Hive World"
        assert hand_names(g)[-1:] == ["Lost Species Ark World"]  # Settle bonus, after it
    else:
        assert world.good is None
        assert hand_names(g)[-1:] == ["Hive World"]
    return g


def printed(name: str) -> int:
    g = scored([name])
    return g.score_breakdown(0)["cards"]


def good_on(g: Game, name: str) -> bool:
    return next(c for c in g.players[0].tableau if c.name == name).good is not None


def windfall_settles_with_a_good(name: str, payment: list[str]) -> None:
    g = placed(name, ["Earth's Lost Colony"], payment)
    assert hand_names(g) == ["Lost Species Ark World"]  # paid in full, then the Settle bonus
    assert g.score_breakdown(0)["cards"] == 1 + CARDS[name].vp


def military_needs_defence(name: str, enough: list[str], short: list[str]) -> Game:
    hand = ["Gem World"]
    assert name not in settle_options(short, [name, *hand])
    g = placed(name, enough, hand)
    assert hand_names(g)[:1] == ["Gem World"]  # conquered: nothing paid
    return g


PAY2 = ["Gem World", "Spice World"]


@pytest.mark.cards("Rebel Fuel Cache")
def test_rebel_fuel_cache():
    assert printed("Rebel Fuel Cache") == 1
    g = military_needs_defence("Rebel Fuel Cache", ["Epsilon Eridani"], ["Earth's Lost Colony"])
    assert good_on(g, "Rebel Fuel Cache")


@pytest.mark.cards("Avian Uplift Race")
def test_avian_uplift_race():
    assert printed("Avian Uplift Race") == 2
    g = military_needs_defence("Avian Uplift Race", ["New Sparta"], ["Epsilon Eridani"])
    assert good_on(g, "Avian Uplift Race")


@pytest.mark.cards("Reptilian Uplift Race")
def test_reptilian_uplift_race():
    assert printed("Reptilian Uplift Race") == 2
    g = military_needs_defence("Reptilian Uplift Race", ["Epsilon Eridani", "Expedition Force"],
                               ["Epsilon Eridani"])
    assert good_on(g, "Reptilian Uplift Race")


@pytest.mark.cards("Aquatic Uplift Race")
def test_aquatic_uplift_race():
    assert printed("Aquatic Uplift Race") == 2
    g = military_needs_defence("Aquatic Uplift Race", ["Earth's Lost Colony", "Space Marines"],
                               ["New Sparta", "Pan-Galactic League"])
    assert good_on(g, "Aquatic Uplift Race")


@pytest.mark.cards("The Last of the Uplift Gnarssh")
def test_the_last_of_the_uplift_gnarssh():
    assert printed("The Last of the Uplift Gnarssh") == 0
    g = military_needs_defence("The Last of the Uplift Gnarssh", ["Epsilon Eridani"],
                               ["Epsilon Eridani", "Pan-Galactic League"])
    assert good_on(g, "The Last of the Uplift Gnarssh")


@pytest.mark.cards("Alien Robot Sentry")
def test_alien_robot_sentry():
    assert printed("Alien Robot Sentry") == 2
    g = military_needs_defence("Alien Robot Sentry",
                               ["Earth's Lost Colony", "Alien Tech Institute"],
                               ["Epsilon Eridani"])
    assert good_on(g, "Alien Robot Sentry")


@pytest.mark.cards("Rebel Homeworld")
def test_rebel_homeworld():
    assert printed("Rebel Homeworld") == 7
    g = military_needs_defence("Rebel Homeworld",
                               ["New Sparta", "Galactic Imperium", "Expedition Force"],
                               ["New Sparta", "Galactic Imperium"])
    assert not good_on(g, "Rebel Homeworld")
    assert g.score_breakdown(0)["cards"] == 1 + 7 + 1


@pytest.mark.cards("Rebel Base")
def test_rebel_base():
    assert printed("Rebel Base") == 6
    g = military_needs_defence("Rebel Base", ["New Sparta", "Galactic Imperium"],
                               ["New Sparta", "Drop Ships"])
    assert not good_on(g, "Rebel Base")


@pytest.mark.cards("Pre-Sentient Race")
def test_pre_sentient_race():
    assert printed("Pre-Sentient Race") == 1
    windfall_settles_with_a_good("Pre-Sentient Race", PAY2)


@pytest.mark.cards("Asteroid Belt")
def test_asteroid_belt():
    assert printed("Asteroid Belt") == 1
    windfall_settles_with_a_good("Asteroid Belt", PAY2)


@pytest.mark.cards("Radioactive World")
def test_radioactive_world():
    assert printed("Radioactive World") == 1
    windfall_settles_with_a_good("Radioactive World", PAY2)


@pytest.mark.cards("Destroyed World")
def test_destroyed_world():
    assert printed("Destroyed World") == 0
    windfall_settles_with_a_good("Destroyed World", ["Gem World"])


@pytest.mark.cards("Deserted Alien Outpost")
def test_deserted_alien_outpost():
    assert printed("Deserted Alien Outpost") == 3
    windfall_settles_with_a_good("Deserted Alien Outpost", [*PAY2, "Comet Zone", "Mining World"])


@pytest.mark.cards("Deserted Alien Colony")
def test_deserted_alien_colony():
    assert printed("Deserted Alien Colony") == 4
    windfall_settles_with_a_good("Deserted Alien Colony",
                                 [*PAY2, "Comet Zone", "Mining World", "Artist Colony"])


@pytest.mark.cards("Deserted Alien Library")
def test_deserted_alien_library():
    assert printed("Deserted Alien Library") == 5
    windfall_settles_with_a_good(
        "Deserted Alien Library",
        [*PAY2, "Comet Zone", "Mining World", "Artist Colony", "Volcanic World"])


@pytest.mark.cards("Deserted Alien Library")
def test_deserted_alien_library_cannot_be_settled_one_card_short():
    hand = ["Deserted Alien Library", *PAY2, "Comet Zone", "Mining World", "Artist Colony"]
    assert "Deserted Alien Library" not in settle_options(["Earth's Lost Colony"], hand)


@pytest.mark.cards("Ancient Race")
def test_ancient_race_start_world_keeps_three_opening_cards_and_starts_with_a_good():
    seed = next(s for s in range(500) if any(
        p.tableau[0].name == "Ancient Race" for p in Game.new(seed=s).players))
    g = Game.new(seed=seed)
    who = next(p.index for p in g.players if p.tableau[0].name == "Ancient Race")
    assert g.players[who].tableau[0].good is not None
    while g.decision.kind == "initial_discard":
        d = g.decision
        assert (d.min, d.max) == ((3, 3) if d.player == who else (2, 2))
        g.apply(list(d.ids[: d.min]))
    assert [len(p.hand) for p in g.players] == [3 if p.index == who else 4 for p in g.players]


@pytest.mark.cards("Ancient Race")
def test_ancient_race_scores_one_and_counts_as_a_genes_windfall_world():
    assert printed("Ancient Race") == 1
    assert bonus("Terraforming Guild", "Ancient Race") == 2 + 2
