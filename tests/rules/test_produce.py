"""Rulings for Phase V, Produce (base-rules §8, §1.1, §12.8, §12.16, §12.19, §14.6)."""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice
from rftg_nb.engine.decision import PositionError
from tests.helpers import answer, card_id, drew, good, position


def produce(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    if p1 is None:
        p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "produce"]}
    return position(p0, p1, phase=top.pop("phase", "produce"), **top)


def me(tableau: list[Any], hand: tuple[str, ...] = (),
       actions: tuple[str, ...] = ("develop", "produce")) -> dict[str, Any]:
    return {"tableau": tableau, "hand": list(hand), "actions": list(actions)}


def goods(g: Game, player: int = 0) -> list[str]:
    return [c.name for c in g.players[player].goods()]


# ------------------------------------------------------------------ production
@pytest.mark.cards("Gem World", "Mining World")
def test_production_worlds_without_a_good_produce_automatically():
    """§8 / §1.1 Every production world without a good gets one; a world holds at most 1."""
    g = produce(me(["Alpha Centauri", "Gem World", good("Mining World")],
                   actions=("develop", "settle")), phase="produce",
                p1={"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "produce"]})
    assert goods(g) == ["Gem World", "Mining World"]
    assert [e.data["card"] for e in g.events if e.kind == "produce"] == ["Gem World"]


@pytest.mark.cards("Asteroid Belt", "Artist Colony")
def test_normal_production_never_fills_a_windfall_world():
    """§8 / §12.8 Windfall worlds get no good from normal production, only from windfall powers
    or the Produce bonus."""
    g = produce(me(["Old Earth", "Asteroid Belt", "Artist Colony"], actions=("develop", "settle")))
    assert goods(g) == ["Artist Colony"]


@pytest.mark.cards("Damaged Alien Factory")
def test_damaged_alien_factory_produces_only_for_a_discard():
    """§8 Damaged Alien Factory produces only if its owner discards 1 card (optional)."""
    g = produce(me(["Damaged Alien Factory"], hand=("Gem World", "Spice World"),
                   actions=("develop", "settle")))
    d = g.decision
    assert (d.kind, d.min, d.max) == ("produce_discard", 0, 1)
    g.apply([])
    assert goods(g) == []
    g = produce(me(["Damaged Alien Factory"], hand=("Gem World", "Spice World"),
                   actions=("develop", "settle")))
    answer(g, "Gem World")
    assert goods(g) == ["Damaged Alien Factory"]
    assert [c.name for c in g.discard] == ["Gem World"]
    g = produce(me(["Damaged Alien Factory"], actions=("develop", "settle")))
    assert goods(g) == []


@pytest.mark.cards("Galactic Engineers")
def test_no_good_worlds_never_hold_a_good():
    """§1.1 A grey (no-good) world never holds a good: nothing produces on it, not even an
    any-kind windfall power, and a position can't give it one."""
    g = produce(me(["Old Earth", "Galactic Engineers", "Pilgrimage World"],
                   actions=("produce", "develop")))
    assert goods(g) == []
    with pytest.raises(PositionError):
        produce(me([{"card": "Old Earth", "good": True}]))


# ------------------------------------------------------------------ windfall powers and bonus
@pytest.mark.cards("Mining Robots", "Radioactive World", "Refugee World")
def test_kind_windfall_power_fills_only_a_matching_windfall_world():
    """§8 Mining Robots puts a good on a Rare windfall world only."""
    g = produce(me(["Old Earth", "Mining Robots", "Radioactive World", "Refugee World"],
                   actions=("develop", "settle")))
    assert goods(g) == ["Radioactive World"]


@pytest.mark.cards("Galactic Engineers", "Refugee World")
def test_any_kind_windfall_power():
    """§8 Galactic Engineers puts a good on a windfall world of any kind."""
    g = produce(me(["Galactic Engineers", "Refugee World"], actions=("develop", "settle")))
    assert goods(g) == ["Refugee World"]


@pytest.mark.cards("Radioactive World", "Refugee World")
def test_produce_bonus_fills_one_windfall_world_for_the_chooser_only():
    """§8 The Produce chooser puts 1 good on one windfall world of any kind; others don't."""
    g = produce(me(["Old Earth", "Radioactive World", "Refugee World"],
                   actions=("produce", "develop")),
                {"tableau": ["New Sparta", "Asteroid Belt"], "hand": [],
                 "actions": ["develop", "settle"]})
    d = g.decision
    assert (d.player, d.kind, d.min, d.max) == (0, "windfall", 1, 1)
    assert {o.label for o in d.options} == {"Radioactive World", "Refugee World"}
    answer(g, "Refugee World")
    assert goods(g) == ["Refugee World"]
    assert goods(g, 1) == []


def test_produce_bonus_without_a_windfall_world_does_nothing():
    """§8 The Produce bonus gives nothing to a chooser with no empty windfall world."""
    g = produce(me(["Old Earth", good("Asteroid Belt")],
                   actions=("produce", "develop")))
    assert not [e for e in g.events if e.kind == "produce"]
    assert goods(g) == ["Asteroid Belt"]


@pytest.mark.cards("Radioactive World", "Refugee World")
def test_windfall_production_is_not_optional():
    """§14.6 UNCONFIRMED, decided as [K]: windfall production and the Produce bonus are used
    whenever a target exists; the player picks the world but cannot pass."""
    g = produce(me(["Old Earth", "Radioactive World", "Refugee World"],
                   actions=("produce", "develop")))
    with pytest.raises(IllegalChoice):
        g.apply([])
    g = produce(me(["Old Earth", "Radioactive World"], actions=("produce", "develop")))
    assert goods(g) == ["Radioactive World"]


@pytest.mark.cards("Mining Robots", "Radioactive World", "Refugee World")
def test_specific_windfall_powers_go_before_the_general_bonus():
    """§8 Specific windfall powers resolve before the Produce bonus, so no good is lost: Mining
    Robots fills the Rare world and the bonus then fills the Novelty one."""
    g = produce(me(["Old Earth", "Mining Robots", "Radioactive World", "Refugee World"],
                   actions=("produce", "develop")))
    assert sorted(goods(g)) == ["Radioactive World", "Refugee World"]


# ------------------------------------------------------------------ draw powers
@pytest.mark.cards("Gem World")
def test_draw_if_this_world_produced():
    """§8 Gem World draws only if it produced this phase."""
    g = produce(me(["Old Earth", "Gem World"], actions=("develop", "settle")))
    assert drew(g) == {"Gem World produced": 1}
    g = produce(me(["Old Earth", good("Gem World")], actions=("develop", "settle")))
    assert drew(g) == {}


@pytest.mark.cards("Merchant Guild")
def test_unconditional_draw():
    """§8 Unconditional Produce draws (Merchant Guild: 2) happen with nothing produced."""
    g = produce(me(["Old Earth", "Merchant Guild"], actions=("develop", "settle")))
    assert drew(g) == {"Merchant Guild": 2}


@pytest.mark.cards("Consumer Markets", "Refugee World", "Artist Colony")
def test_draw_per_good_produced_counts_windfall_goods():
    """§8 "Draw per Novelty produced" (Consumer Markets) counts goods from the Produce bonus."""
    g = produce(me(["Old Earth", "Consumer Markets", "Artist Colony", "Refugee World"],
                   actions=("produce", "develop")))
    assert drew(g) == {"Consumer Markets: 2 Novelty produced": 2}


@pytest.mark.cards("Mining Conglomerate", "Volcanic World", "Radioactive World")
def test_most_produced_needs_strictly_more():
    """§8 / §12.16 Mining Conglomerate draws 2 for strictly the most Rare goods produced."""
    g = produce(me(["Old Earth", "Mining Conglomerate", "Volcanic World", "Radioactive World"],
                   actions=("produce", "develop")),
                {"tableau": ["New Sparta", "Comet Zone"], "hand": [],
                 "actions": ["develop", "settle"]})
    assert drew(g) == {"Mining Conglomerate: most Rare goods produced": 2}


@pytest.mark.cards("Mining Conglomerate", "Volcanic World")
def test_most_produced_waits_for_later_players_and_ties_get_nothing():
    """§8 / §12.16 The "most" check comes after later players produce too: player 2's Rare
    production ties player 1's, and a tie draws nothing."""
    g = produce(me(["Old Earth", "Mining Conglomerate", "Volcanic World"],
                   actions=("develop", "settle")),
                {"tableau": ["New Sparta", "Comet Zone"], "hand": [],
                 "actions": ["develop", "produce"]})
    assert [e.actor for e in g.events if e.kind == "produce"] == [0, 1]
    assert drew(g) == {}


# ------------------------------------------------------------------ timing
@pytest.mark.cards("Old Earth", "Gem World")
def test_goods_produced_this_round_cannot_be_consumed_this_round():
    """§7 (end) / §12.19 Produce comes after Consume, so its goods wait for a later round."""
    g = produce(me(["Old Earth", "Gem World"], actions=("x2", "produce")), phase="consume")
    assert goods(g) == ["Gem World"]
    assert g.players[0].vp == 0
    assert g.round == 2


@pytest.mark.cards("Gem World")
def test_gem_world_good_is_a_hidden_deck_card():
    """§9 Goods are deck cards placed face down: the good is the top card of the deck."""
    g = produce(me(["Old Earth", "Gem World"], actions=("develop", "settle")),
                deck=["Hive World", "Spice World"])
    world = g.players[0].tableau[1]
    assert world.good is not None and world.good.name == "Hive World"
    assert card_id(g, "Spice World") in {c.id for c in g.players[0].hand}
    assert "Hive World" not in " ".join(e.text for e in g.events)
