"""Rulings tests for the Produce phase (powers.md section V, base-rules section 8)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import answer, hand_names, position

QUIET = {"tableau": ["Old Earth"], "hand": [], "actions": ["produce", "trade"]}


def produce(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any):
    """A game about to run the Produce phase; the opponent chose Produce unless told."""
    p0 = {"hand": [], "actions": ["produce", "trade"], **p0}
    return position(p0, p1 or dict(QUIET), phase="produce", **top)


def world(game, name: str, player: int = 0):
    return next(c for c in game.players[player].tableau if c.name == name)


def good_of(game, name: str, player: int = 0) -> str | None:
    g = world(game, name, player).good
    return None if g is None else g.name


def produced(game, player: int = 0) -> list[str]:
    return [e.data["card"] for e in game.events if e.kind == "produce" and e.actor == player]


NOT_PRODUCING = ["explore5", "develop"]


# ---------------------------------------------------------------- production worlds
@pytest.mark.cards("Gem World")
def test_gem_world_produces_on_itself_then_draws_one():
    g = produce({"tableau": ["Epsilon Eridani", "Gem World"]}, deck=["Hive World", "Spice World"])
    assert good_of(g, "Gem World") == "Hive World"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Gem World")
def test_gem_world_holding_a_good_neither_produces_nor_draws():
    g = produce({"tableau": ["Epsilon Eridani", {"card": "Gem World", "good": "Comet Zone"}]},
                deck=["Hive World", "Spice World"])
    assert good_of(g, "Gem World") == "Comet Zone"
    assert hand_names(g) == []
    assert g.deck[-1].name == "Hive World"


@pytest.mark.cards("Comet Zone")
def test_comet_zone_produces_and_draws_even_when_its_owner_did_not_choose_produce():
    g = produce({"tableau": ["Epsilon Eridani", "Comet Zone"], "actions": NOT_PRODUCING},
                deck=["Hive World", "Spice World", "Gem World"])
    assert good_of(g, "Comet Zone") == "Hive World"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Comet Zone")
def test_comet_zone_with_a_good_draws_nothing():
    g = produce({"tableau": ["Epsilon Eridani", {"card": "Comet Zone", "good": True}]})
    assert hand_names(g) == []
    assert produced(g) == []


@pytest.mark.cards("Rebel Miners")
def test_rebel_miners_military_world_produces_a_rare_good_without_drawing():
    g = produce({"tableau": ["New Sparta", "Rebel Miners"]}, deck=["Hive World", "Spice World"])
    assert good_of(g, "Rebel Miners") == "Hive World"
    assert hand_names(g) == []
    assert [e.data["kind"] for e in g.events if e.kind == "produce"] == ["rare"]


@pytest.mark.cards("Lost Species Ark World")
def test_lost_species_ark_world_draws_two_when_it_produces():
    g = produce({"tableau": ["Epsilon Eridani", "Lost Species Ark World"]},
                deck=["Hive World", "Spice World", "Gem World", "Comet Zone"])
    assert good_of(g, "Lost Species Ark World") == "Hive World"
    assert hand_names(g) == ["Spice World", "Gem World"]


@pytest.mark.cards("Lost Species Ark World")
def test_lost_species_ark_world_full_draws_nothing():
    g = produce({"tableau": ["Epsilon Eridani", {"card": "Lost Species Ark World",
                                                 "good": True}]})
    assert hand_names(g) == []


@pytest.mark.cards("Artist Colony", "Consumer Markets", "Gem World")
def test_artist_colony_novelty_counts_for_draw_per_novelty_produced():
    g = produce({"tableau": ["Epsilon Eridani", "Artist Colony", "Gem World",
                             "Consumer Markets"]})
    assert good_of(g, "Artist Colony") is not None
    # Gem World's own draw (1) + Consumer Markets, 1 per Novelty good produced (2).
    assert len(hand_names(g)) == 3


@pytest.mark.cards("Artist Colony")
def test_artist_colony_has_no_draw_of_its_own():
    g = produce({"tableau": ["Epsilon Eridani", "Artist Colony"]})
    assert good_of(g, "Artist Colony") is not None
    assert hand_names(g) == []


@pytest.mark.cards("Alien Robotic Factory", "Research Labs")
def test_alien_robotic_factory_produces_an_alien_good_counted_by_research_labs():
    g = produce({"tableau": ["Epsilon Eridani", "Alien Robotic Factory", "Research Labs"]})
    assert good_of(g, "Alien Robotic Factory") is not None
    assert [e.data["kind"] for e in g.events if e.kind == "produce"] == ["alien"]
    assert len(hand_names(g)) == 1


@pytest.mark.cards("Alien Robotic Factory", "Research Labs")
def test_alien_robotic_factory_full_gives_research_labs_nothing():
    g = produce({"tableau": ["Epsilon Eridani", {"card": "Alien Robotic Factory", "good": True},
                             "Research Labs"]})
    assert hand_names(g) == []


@pytest.mark.cards("Rebel Underground")
def test_rebel_underground_draws_one_in_every_produce_phase():
    g = produce({"tableau": ["New Sparta", "Rebel Underground"], "actions": NOT_PRODUCING},
                deck=["Hive World", "Spice World"])
    assert hand_names(g) == ["Hive World"]
    assert world(g, "Rebel Underground").good is None


@pytest.mark.cards("Runaway Robots")
def test_runaway_robots_windfall_world_never_produces_normally():
    g = produce({"tableau": ["New Sparta", "Runaway Robots"], "actions": NOT_PRODUCING})
    assert world(g, "Runaway Robots").good is None
    assert hand_names(g) == []


@pytest.mark.cards("Runaway Robots")
def test_runaway_robots_draws_when_the_produce_bonus_fills_it():
    g = produce({"tableau": ["New Sparta", "Runaway Robots"]}, deck=["Hive World", "Spice World"])
    assert good_of(g, "Runaway Robots") == "Hive World"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Runaway Robots", "Mining Robots")
def test_runaway_robots_draws_when_a_rare_windfall_power_fills_it():
    g = produce({"tableau": ["New Sparta", "Runaway Robots", "Mining Robots"],
                 "actions": NOT_PRODUCING}, deck=["Hive World", "Spice World"])
    assert good_of(g, "Runaway Robots") == "Hive World"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Mining World")
def test_mining_world_produces_and_draws_one():
    g = produce({"tableau": ["Epsilon Eridani", "Mining World"]}, deck=["Hive World", "Gem World"])
    assert good_of(g, "Mining World") == "Hive World"
    assert hand_names(g) == ["Gem World"]


@pytest.mark.cards("Mining World", "Mining Conglomerate")
def test_mining_world_gives_mining_conglomerate_the_most_rare():
    g = produce({"tableau": ["Epsilon Eridani", "Mining World", "Mining Conglomerate"]})
    # Mining World draws 1; strictly more Rare than the opponent (0): +2.
    assert len(hand_names(g)) == 3


@pytest.mark.cards("Volcanic World", "Mining World", "Mining Conglomerate")
def test_mining_conglomerate_tie_for_most_rare_draws_nothing():
    p1 = {"tableau": ["Old Earth", "Mining World"], "hand": [], "actions": ["produce", "trade"]}
    g = produce({"tableau": ["Epsilon Eridani", "Volcanic World", "Mining Conglomerate"]}, p1)
    assert good_of(g, "Volcanic World") is not None
    assert good_of(g, "Mining World", 1) is not None
    assert hand_names(g) == []


@pytest.mark.cards("Volcanic World", "Comet Zone", "Mining World", "Mining Conglomerate")
def test_mining_conglomerate_needs_strictly_more_rare_than_the_opponent():
    p1 = {"tableau": ["Old Earth", "Mining World", "Mining Conglomerate"], "hand": [],
          "actions": ["produce", "trade"]}
    g = produce({"tableau": ["Epsilon Eridani", "Volcanic World", "Comet Zone"]}, p1)
    assert len(hand_names(g)) == 1  # Comet Zone only: no Conglomerate of its own
    assert len(hand_names(g, 1)) == 1  # Mining World's draw; 1 Rare < 2 Rare, no bonus


@pytest.mark.cards("Volcanic World", "Mining Conglomerate")
def test_volcanic_world_two_rare_beat_one_for_the_conglomerate():
    p1 = {"tableau": ["Old Earth", "Rebel Miners"], "hand": [], "actions": ["produce", "trade"]}
    g = produce({"tableau": ["New Sparta", "Volcanic World", "Rebel Fuel Cache",
                             "Mining Conglomerate"]}, p1)
    # Volcanic World produces; the Produce bonus fills Rebel Fuel Cache (Rare windfall):
    # 2 Rare against 1, so the Conglomerate draws 2.
    assert world(g, "Rebel Fuel Cache").good is not None
    assert len(hand_names(g)) == 2


@pytest.mark.cards("Mining Conglomerate")
def test_mining_conglomerate_with_no_rare_produced_never_qualifies():
    g = produce({"tableau": ["Epsilon Eridani", "Artist Colony", "Mining Conglomerate"]})
    assert hand_names(g) == []


# ---------------------------------------------------------------- Damaged Alien Factory
@pytest.mark.cards("Damaged Alien Factory")
def test_damaged_alien_factory_discards_a_card_to_produce():
    g = produce({"tableau": ["Damaged Alien Factory"], "hand": ["Spice World", "Gem World"]})
    d = g.decision
    assert d.kind == "produce_discard" and (d.min, d.max) == (0, 1)
    answer(g, "Gem World")
    assert world(g, "Damaged Alien Factory").good is not None
    assert hand_names(g) == ["Spice World"]
    assert [c.name for c in g.discard][-1:] == ["Gem World"]


@pytest.mark.cards("Damaged Alien Factory")
def test_damaged_alien_factory_production_is_optional():
    g = produce({"tableau": ["Damaged Alien Factory"], "hand": ["Spice World"]})
    g.apply([])
    assert world(g, "Damaged Alien Factory").good is None
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Damaged Alien Factory")
def test_damaged_alien_factory_with_an_empty_hand_cannot_produce():
    g = produce({"tableau": ["Damaged Alien Factory"]})
    assert g.decision.kind == "actions"
    assert world(g, "Damaged Alien Factory").good is None


@pytest.mark.cards("Damaged Alien Factory")
def test_damaged_alien_factory_holding_a_good_asks_nothing():
    g = produce({"tableau": [{"card": "Damaged Alien Factory", "good": True}],
                 "hand": ["Spice World"]})
    assert g.decision.kind == "actions"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Damaged Alien Factory", "Research Labs", "Alien Robotic Factory")
def test_damaged_alien_factory_good_counts_as_produced_for_research_labs():
    g = produce({"tableau": ["Damaged Alien Factory", "Alien Robotic Factory", "Research Labs"],
                 "hand": ["Spice World"]})
    answer(g, "Spice World")
    assert len(hand_names(g)) == 2  # two Alien goods produced


@pytest.mark.cards("Damaged Alien Factory", "Diversified Economy", "Gem World")
def test_damaged_alien_factory_may_discard_a_card_drawn_by_diversified_economy():
    # TGS rulebook, Produce: a card gained from Diversified Economy may be discarded to
    # produce this good, but the Alien good then draws no card for Diversified Economy.
    g = produce({"tableau": ["Damaged Alien Factory", {"card": "Gem World", "good": True},
                             "Artist Colony", "Diversified Economy"]},
                deck=["Hive World", "Spice World"])
    assert g.decision.kind == "produce_discard"
    assert hand_names(g) == ["Spice World"]  # Diversified Economy: 1 kind (Novelty)
    answer(g, "Spice World")
    assert world(g, "Damaged Alien Factory").good is not None
    assert hand_names(g) == []


@pytest.mark.cards("Damaged Alien Factory", "Gem World", "Research Labs")
def test_a_card_drawn_as_a_world_produces_can_pay_damaged_alien_factory_in_time_to_count():
    # powers.md: a "draw if produced" world draws as its good is produced, before the powers
    # that count the goods produced; so with an empty hand, Gem World's card can pay for the
    # factory's Alien good, and Research Labs then counts that good.
    g = produce({"tableau": ["Damaged Alien Factory", "Gem World", "Research Labs"]},
                deck=["Hive World", "Spice World", "Comet Zone", "Mining World"])
    assert g.decision.kind == "produce_discard"
    assert hand_names(g) == ["Spice World"]
    answer(g, "Spice World")
    assert good_of(g, "Damaged Alien Factory") == "Comet Zone"
    assert hand_names(g) == ["Mining World"]  # Research Labs: 1 Alien good produced


# ---------------------------------------------------------------- windfall worlds
@pytest.mark.cards("Rebel Sympathizers")
def test_rebel_sympathizers_draws_when_the_produce_bonus_fills_it():
    g = produce({"tableau": ["New Sparta", "Rebel Sympathizers"]},
                deck=["Hive World", "Spice World"])
    assert good_of(g, "Rebel Sympathizers") == "Hive World"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Rebel Sympathizers")
def test_rebel_sympathizers_without_the_produce_bonus_stays_empty():
    g = produce({"tableau": ["New Sparta", "Rebel Sympathizers"], "actions": NOT_PRODUCING})
    assert world(g, "Rebel Sympathizers").good is None
    assert hand_names(g) == []


@pytest.mark.cards("Rebel Sympathizers", "Free Trade Association")
def test_rebel_sympathizers_draws_when_free_trade_association_fills_it():
    g = produce({"tableau": ["New Sparta", "Rebel Sympathizers", "Free Trade Association"],
                 "actions": NOT_PRODUCING}, deck=["Hive World", "Spice World"])
    assert good_of(g, "Rebel Sympathizers") == "Hive World"
    assert hand_names(g) == ["Spice World"]


@pytest.mark.cards("Rebel Sympathizers")
def test_rebel_sympathizers_good_from_settling_is_not_produced():
    g = produce({"tableau": ["New Sparta", {"card": "Rebel Sympathizers", "good": True}]})
    assert hand_names(g) == []
    assert produced(g) == []


@pytest.mark.cards("Asteroid Belt", "Pre-Sentient Race")
def test_produce_bonus_lets_the_chooser_pick_the_windfall_world():
    g = produce({"tableau": ["Epsilon Eridani", "Asteroid Belt", "Pre-Sentient Race"]})
    d = g.decision
    assert d.kind == "windfall" and sorted(o.label for o in d.options) == [
        "Asteroid Belt", "Pre-Sentient Race"]
    answer(g, "Pre-Sentient Race")
    assert world(g, "Pre-Sentient Race").good is not None
    assert world(g, "Asteroid Belt").good is None


@pytest.mark.cards("Asteroid Belt")
def test_produce_bonus_only_for_the_player_who_chose_produce():
    p1 = {"tableau": ["Old Earth", "Radioactive World"], "hand": [],
          "actions": ["develop", "settle"]}
    g = produce({"tableau": ["Epsilon Eridani", "Asteroid Belt"]}, p1)
    assert world(g, "Asteroid Belt").good is not None
    assert world(g, "Radioactive World", 1).good is None


@pytest.mark.cards("Runaway Robots", "Mining Robots", "Pre-Sentient Race")
def test_kind_windfall_power_goes_before_the_produce_bonus():
    # Mining Robots fills the Rare windfall world first; the bonus then has one target left.
    g = produce({"tableau": ["New Sparta", "Runaway Robots", "Pre-Sentient Race",
                             "Mining Robots"]})
    assert g.decision.kind == "actions"
    assert world(g, "Runaway Robots").good is not None
    assert world(g, "Pre-Sentient Race").good is not None


@pytest.mark.cards("Terraforming Guild", "Asteroid Belt", "Pre-Sentient Race")
def test_any_kind_windfall_power_goes_after_the_produce_bonus():
    g = produce({"tableau": ["Epsilon Eridani", "Asteroid Belt", "Pre-Sentient Race",
                             "Terraforming Guild"]})
    assert g.decision.kind == "windfall"
    answer(g, "Asteroid Belt")  # the bonus; the Guild then fills the other one
    assert world(g, "Asteroid Belt").good is not None
    assert world(g, "Pre-Sentient Race").good is not None


# ---------------------------------------------------------------- counting draws
@pytest.mark.cards("Hive World")
def test_hive_world_military_genes_world_produces():
    g = produce({"tableau": ["New Sparta", "Hive World"]}, deck=["Gem World"])
    assert good_of(g, "Hive World") == "Gem World"
    assert hand_names(g) == []


@pytest.mark.cards("Hive World", "Pan-Galactic League", "Ancient Race", "Pre-Sentient Race")
def test_pan_galactic_league_draws_per_genes_world_full_or_empty():
    g = produce({"tableau": [{"card": "Ancient Race", "good": True}, "Hive World",
                             "Pre-Sentient Race", "Pan-Galactic League", "Gem World"],
                 "actions": NOT_PRODUCING})
    # Ancient Race, Hive World and Pre-Sentient Race are Genes worlds (3); Gem World adds 1.
    assert len(hand_names(g)) == 4


@pytest.mark.cards("Imperium Lords", "Hive World", "Rebel Miners", "Runaway Robots")
def test_imperium_lords_draws_per_military_world():
    g = produce({"tableau": ["New Sparta", "Hive World", "Rebel Miners", "Runaway Robots",
                             "Imperium Lords", "Artist Colony"], "actions": NOT_PRODUCING})
    assert len(hand_names(g)) == 4


@pytest.mark.cards("Diversified Economy", "Gem World", "Artist Colony", "Mining World")
def test_diversified_economy_draws_per_kind_produced():
    g = produce({"tableau": ["Epsilon Eridani", "Gem World", "Artist Colony", "Mining World",
                             "Diversified Economy"]})
    # Gem World 1 + Mining World 1 + two kinds (Novelty, Rare) 2.
    assert len(hand_names(g)) == 4
