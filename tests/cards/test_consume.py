"""Rulings for Consume-phase cards (trade bonuses and consume powers) and their Produce powers.

Rules: reference powers.md sections IV (Consume, Trade) and V (Produce).
"""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice
from tests.helpers import answer, card_id, good, hand_names, position

QUIET = {"tableau": ["New Sparta"], "hand": [], "actions": ["explore5", "trade"]}
NO_X2 = ("explore5", "develop")  # player 0 chose neither Consume card
NOV, NOV2, RARE, GENES, ALIEN = (
    "Former Penal Colony", "Refugee World", "Asteroid Belt", "Pre-Sentient Race",
    "Deserted Alien Outpost",
)


def play(*tableau: Any, hand=(), actions=("explore5", "x2"), deck=(), p1=None,
         phase="consume", **top: Any) -> Game:
    """Player 0 with ``tableau``; by default Consume x2 only (no Trade), opponent quiet."""
    p0 = {"tableau": list(tableau), "hand": list(hand), "actions": list(actions)}
    return position(p0, p1 or dict(QUIET), phase=phase, deck=list(deck), **top)


def sales(g: Game) -> list[int]:
    """Cards received by each sale so far."""
    return [e.data["cards"] for e in g.events if e.kind == "trade" and "cards" in e.data]


def with_goods(g: Game, player: int = 0) -> list[str]:
    return [c.name for c in g.players[player].tableau if c.good is not None]


def done(g: Game) -> bool:
    """Player 0's Consume/Produce is over: the next round's action choice is pending."""
    return g.decision is not None and g.decision.kind == "actions"


def power(g: Game, name: str, index: int | None = None) -> str:
    """The consume_power option id of ``name``'s power (``index``: which of its powers)."""
    assert g.decision.kind == "consume_power", g.decision
    ids = [o.id for o in g.decision.options if o.data and o.data.get("card") == name]
    if index is not None:
        ids = [i for i in ids if i.endswith(f":{index}")]
    assert len(ids) == 1, g.decision
    return ids[0]


def pick(g: Game, *names: str) -> None:
    """Answer a goods decision with the goods on these worlds."""
    g.apply(goods_ids(g, *names))


def rejects(g: Game, choice: Any) -> None:
    """``choice`` raises IllegalChoice and leaves the game exactly as it was."""
    before = g.snapshot()
    with pytest.raises(IllegalChoice):
        g.apply(choice)
    assert g.snapshot() == before


def goods_ids(g: Game, *names: str) -> list[str]:
    return [card_id(g, n, zone="tableau") for n in names]


# ------------------------------------------------------------------ trade values ([harness])
@pytest.mark.cards("Clandestine Uplift Lab", "Genetics Lab", "Export Duties")
def test_genes_trade_with_chromosome_bonus_and_gene_bonuses():
    g = play(good("Avian Uplift Race"), "Clandestine Uplift Lab", actions=("trade", "explore5"))
    assert sales(g) == [4 + 2]
    g = play(good("Avian Uplift Race"), "Clandestine Uplift Lab", "Genetics Lab",
             "Export Duties", actions=("trade", "explore5"))
    assert sales(g) == [8]
    assert len(g.players[0].hand) == 8


@pytest.mark.cards("Black Market Trading World", "Genetics Lab", "Export Duties")
def test_black_market_trade_ignores_every_bonus():
    g = play(good("Avian Uplift Race"), "Clandestine Uplift Lab", "Genetics Lab",
             "Export Duties", "Black Market Trading World")
    g.apply(power(g, "Black Market Trading World"))
    assert sales(g) == [4]
    assert done(g) and g.players[0].vp == 0  # the good is gone: the Lab cannot consume


@pytest.mark.cards("Pirate World", "Spice World")
def test_pirate_world_own_novelty_with_spice_world_is_7():
    g = play(good("Spice World"), good("Pirate World"), actions=("trade", "explore5"))
    labels = [o.label for o in g.decision.options]
    assert labels == ["Novelty good on Spice World (4 cards)",
                      "Novelty good on Pirate World (7 cards)"]
    g.apply(card_id(g, "Pirate World", zone="tableau"))
    assert sales(g) == [7] and with_goods(g) == ["Spice World"]


@pytest.mark.cards("Spice World", "Pirate World")
def test_spice_world_novelty_is_not_helped_by_pirate_world():
    g = play(good("Spice World"), good("Pirate World"), actions=("trade", "explore5"))
    g.apply(card_id(g, "Spice World", zone="tableau"))
    assert sales(g) == [4] and len(g.players[0].hand) == 4


@pytest.mark.cards("Spice World")
def test_spice_world_bonus_is_for_novelty_only():
    g = play("Spice World", good(RARE), actions=("trade", "explore5"))
    assert sales(g) == [3]


@pytest.mark.cards("Old Earth", "Export Duties")
def test_trade_any_bonuses_add_up():
    g = play("Old Earth", "Export Duties", good(RARE), actions=("trade", "explore5"))
    assert sales(g) == [3 + 1 + 1]


@pytest.mark.cards("Galactic Engineers")
def test_galactic_engineers_trade_bonus():
    g = play("Galactic Engineers", good(NOV), actions=("trade", "explore5"))
    assert sales(g) == [3]


@pytest.mark.cards("Distant World")
def test_distant_world_boosts_novelty_not_its_own_genes():
    g = play(good("Distant World"), good(NOV), actions=("trade", "explore5"))
    assert [o.label for o in g.decision.options] == [
        "Genes good on Distant World (4 cards)", f"Novelty good on {NOV} (5 cards)"]
    g.apply(card_id(g, NOV, zone="tableau"))
    assert sales(g) == [5]


@pytest.mark.cards("Bio-Hazard Mining World")
def test_bio_hazard_boosts_genes_not_its_own_rare():
    g = play(good("Bio-Hazard Mining World"), good(GENES), actions=("trade", "explore5"))
    assert [o.label for o in g.decision.options] == [
        "Rare good on Bio-Hazard Mining World (3 cards)", f"Genes good on {GENES} (6 cards)"]


@pytest.mark.cards("Space Port", "Mining Conglomerate")
def test_rare_trade_bonuses():
    g = play("Space Port", "Mining Conglomerate", good(RARE), actions=("trade", "explore5"))
    assert sales(g) == [3 + 2 + 1]
    assert done(g) and g.players[0].vp == 0  # nothing left for the Conglomerate


@pytest.mark.cards("Merchant World")
def test_merchant_world_trade_bonus():
    g = play("Merchant World", good(GENES), actions=("trade", "explore5"))
    assert sales(g) == [6]


@pytest.mark.cards("Galactic Bazaar")
def test_galactic_bazaar_novelty_bonus_on_its_own_good():
    g = play(good("Galactic Bazaar"), actions=("trade", "explore5"))
    assert sales(g) == [3]


# ------------------------------------------------------------------ phase frame
@pytest.mark.cards("Galactic Trendsetters")
def test_trade_is_mandatory_and_comes_before_consume_powers():
    g = play("Galactic Trendsetters", good(NOV), actions=("trade", "x2"))
    assert sales(g) == [2] and g.players[0].vp == 0 and done(g)


@pytest.mark.cards("Galactic Trendsetters")
def test_galactic_trendsetters_two_vp_doubled_by_x2():
    g = play("Galactic Trendsetters", good(NOV))
    assert g.players[0].vp == 4 and with_goods(g) == []


@pytest.mark.cards("Terraformed World")
def test_consume_power_is_used_once_per_phase():
    g = play("Terraformed World", good(NOV), good(RARE), actions=("explore5", "trade"))
    pick(g, NOV)  # trade the Novelty; the Rare goes to the power
    assert g.players[0].vp == 1 and with_goods(g) == []
    g = play("Terraformed World", good(NOV), good(RARE))
    pick(g, NOV)
    assert g.players[0].vp == 2 and with_goods(g) == [RARE] and done(g)


@pytest.mark.cards("Prosperous World", "New Earth")
def test_player_picks_the_order_of_mandatory_powers():
    g = play(good("Prosperous World"), "New Earth", hand=[])
    assert g.decision.kind == "consume_power" and "done" not in g.decision.ids
    g.apply(power(g, "New Earth"))
    assert g.players[0].vp == 2 and len(g.players[0].hand) == 1 and done(g)


@pytest.mark.cards("Rebel Colony")
def test_vp_chips_come_from_the_pool_and_it_may_go_negative():
    g = play("Rebel Colony", good(NOV), vp_pool=1)
    assert g.players[0].vp == 2 and g.vp_pool == -1


@pytest.mark.cards("Rebel Colony")
def test_illegal_consume_power_choice_changes_nothing():
    g = play("Rebel Colony", "Outlaw World", good(NOV))
    rejects(g, "done")
    rejects(g, [power(g, "Rebel Colony"), power(g, "Outlaw World")])
    rejects(g, "nonsense")


# ------------------------------------------------------------------ goods-for-VP powers
@pytest.mark.cards("Old Earth")
def test_old_earth_takes_exactly_two_goods_when_two_or_more_are_held():
    g = play("Old Earth", good(NOV), good(RARE), good(GENES))
    assert g.decision.kind == "consume_goods"
    rejects(g, goods_ids(g, NOV))
    rejects(g, goods_ids(g, NOV, RARE, GENES))
    g.apply(goods_ids(g, NOV, GENES))
    assert g.players[0].vp == 4 and with_goods(g) == [RARE]


@pytest.mark.cards("Old Earth")
def test_old_earth_takes_the_single_good_left():
    g = play("Old Earth", good(NOV), actions=("explore5", "trade"))
    assert g.players[0].vp == 0 and len(g.players[0].hand) == 3  # sold: nothing to consume
    g = play("Old Earth", good(NOV))
    assert g.players[0].vp == 2 and done(g)


@pytest.mark.cards("Earth's Lost Colony")
def test_earths_lost_colony_consumes_then_produces():
    g = play(good("Earth's Lost Colony"), actions=("x2", "produce"))
    assert g.players[0].vp == 2
    assert with_goods(g) == ["Earth's Lost Colony"] and done(g)


@pytest.mark.cards("Expanding Colony")
def test_expanding_colony_vp_and_novelty_windfall():
    g = play("Expanding Colony", good(NOV), NOV2, actions=("x2", "produce"))
    assert g.players[0].vp == 2
    assert g.decision.kind == "windfall"
    answer(g, NOV2)  # Windfall Novelty: two empty targets; the Produce bonus fills the other
    assert sorted(with_goods(g)) == sorted([NOV, NOV2]) and done(g)


@pytest.mark.cards("Gambling World")
def test_gambling_world_keeps_the_card_when_the_cost_matches():
    g = play("Gambling World", hand=[], deck=["Gem World"])  # Gem World costs 2
    assert g.decision.kind == "gamble"
    rejects(g, "9")
    answer(g, "Cost 2")
    assert hand_names(g) == ["Gem World"] and done(g)


@pytest.mark.cards("Gambling World")
def test_gambling_world_discards_a_miss_and_also_consumes():
    g = play("Gambling World", good(NOV), hand=[], deck=["Gem World"])
    g.apply(power(g, "Gambling World", 1))  # the gamble first
    answer(g, "Cost 5")
    assert hand_names(g) == [] and "Gem World" in [c.name for c in g.discard]
    assert g.players[0].vp == 2 and done(g)  # the VP power was still mandatory


@pytest.mark.cards("Consumer Markets")
def test_consumer_markets_takes_as_many_novelty_as_it_can_up_to_three():
    g = play("Consumer Markets", good(NOV), good(NOV2), good("Artist Colony"),
             good("Gem World"), good(RARE))
    assert len(g.decision.options) == 4  # Novelty goods only
    rejects(g, goods_ids(g, NOV, NOV2))
    g.apply(goods_ids(g, NOV, NOV2, "Gem World"))
    assert g.players[0].vp == 6 and sorted(with_goods(g)) == ["Artist Colony", RARE]


@pytest.mark.cards("Consumer Markets")
def test_consumer_markets_with_fewer_novelty_takes_them_all():
    g = play("Consumer Markets", good(NOV), good(RARE), actions=("explore5", "trade"))
    pick(g, RARE)
    assert g.players[0].vp == 1 and with_goods(g) == []


@pytest.mark.cards("Consumer Markets")
def test_consumer_markets_draws_per_novelty_produced():
    g = play("Consumer Markets", "Artist Colony", "Gem World", "Mining World", hand=[],
             actions=("explore5", "produce"), phase="produce")
    # Consumer Markets: 2 Novelty produced; Gem World and Mining World (DRAW_IF): 1 each
    assert len(g.players[0].hand) == 2 + 2


@pytest.mark.cards("Mining Conglomerate")
def test_mining_conglomerate_consumes_up_to_two_rare_only():
    g = play("Mining Conglomerate", good(RARE), good("Radioactive World"),
             good("Destroyed World"), good(NOV))
    assert len(g.decision.options) == 3
    rejects(g, goods_ids(g, RARE))
    g.apply(goods_ids(g, RARE, "Destroyed World"))
    assert g.players[0].vp == 4 and sorted(with_goods(g)) == [NOV, "Radioactive World"]


@pytest.mark.cards("Mining Conglomerate")
def test_mining_conglomerate_draws_for_most_rare_produced():
    p1 = {"tableau": ["New Sparta", "Mining World"], "hand": [], "actions": ["explore5", "x2"]}
    g = play("Mining Conglomerate", "Volcanic World", "Rebel Miners", hand=[],
             actions=("explore5", "produce"), phase="produce", p1=p1)
    assert len(g.players[0].hand) == 2  # 2 Rare against 1
    g = play("Mining Conglomerate", "Volcanic World", hand=[],
             actions=("explore5", "produce"), phase="produce", p1=p1)
    assert len(g.players[0].hand) == 0  # a tie gives nothing


@pytest.mark.cards("Tourist World")
def test_tourist_world_two_goods_for_three_vp():
    g = play("Tourist World", good(NOV), good(RARE), actions=NO_X2)
    assert g.players[0].vp == 3 and with_goods(g) == [] and done(g)
    g = play("Tourist World", good(NOV), good(RARE), good(GENES))
    rejects(g, goods_ids(g, NOV))
    rejects(g, goods_ids(g, NOV, RARE, GENES))
    g.apply(goods_ids(g, NOV, GENES))
    assert g.players[0].vp == 6 and with_goods(g) == [RARE]


@pytest.mark.cards("Tourist World")
def test_tourist_world_is_not_offered_with_one_good():
    g = play("Tourist World", good(NOV))
    assert done(g) and g.players[0].vp == 0 and with_goods(g) == [NOV]


@pytest.mark.cards("Diversified Economy")
def test_diversified_economy_needs_three_different_kinds():
    g = play("Diversified Economy", good(NOV), good(NOV2), good(RARE), good(GENES))
    rejects(g, goods_ids(g, NOV, NOV2, RARE))
    g.apply(goods_ids(g, NOV2, RARE, GENES))
    assert g.players[0].vp == 6 and with_goods(g) == [NOV]


@pytest.mark.cards("Diversified Economy")
def test_diversified_economy_not_offered_with_two_kinds():
    g = play("Diversified Economy", good(NOV), good(NOV2), good(RARE))
    assert done(g) and g.players[0].vp == 0 and len(with_goods(g)) == 3


@pytest.mark.cards("Diversified Economy")
def test_diversified_economy_draws_per_kind_produced():
    g = play("Diversified Economy", "Artist Colony", "Spice World", "Volcanic World", hand=[],
             actions=("explore5", "produce"), phase="produce")
    assert len(g.players[0].hand) == 2  # Novelty, Novelty, Rare


@pytest.mark.cards("Pilgrimage World")
def test_pilgrimage_world_vp_is_goods_minus_one():
    g = play("Pilgrimage World", good(NOV), good(RARE), good(GENES), actions=("explore5", "trade"))
    pick(g, GENES)
    assert g.players[0].vp == 1 and with_goods(g) == []
    g = play("Pilgrimage World", good(NOV), good(RARE), good(GENES), actions=NO_X2)
    assert g.players[0].vp == 2


@pytest.mark.cards("Pilgrimage World")
def test_pilgrimage_world_two_goods_with_x2_is_two_vp_and_one_good_is_lost():
    g = play("Pilgrimage World", good(NOV), good(RARE))
    assert g.players[0].vp == 2 and with_goods(g) == []
    g = play("Pilgrimage World", good(NOV))
    assert g.players[0].vp == 0 and with_goods(g) == [] and done(g)


@pytest.mark.cards("Alien Toy Shop")
def test_alien_toy_shop_consumes_only_its_own_good():
    g = play(good("Alien Toy Shop"), good(ALIEN))
    assert g.players[0].vp == 4 and with_goods(g) == [ALIEN]
    g = play("Alien Toy Shop", good(ALIEN))
    assert g.players[0].vp == 0 and with_goods(g) == [ALIEN] and done(g)


# ------------------------------------------------------------------ goods-for-cards powers
@pytest.mark.cards("New Vinland")
def test_new_vinland_two_cards_no_vp_then_produces():
    g = play(good("New Vinland"), hand=[], actions=("x2", "produce"))
    assert len(g.players[0].hand) == 2 and g.players[0].vp == 0
    assert with_goods(g) == ["New Vinland"]


@pytest.mark.cards("Smuggling Lair")
def test_smuggling_lair_two_cards_for_any_good():
    g = play(good("Smuggling Lair"), hand=[])
    assert len(g.players[0].hand) == 2 and g.players[0].vp == 0 and with_goods(g) == []


@pytest.mark.cards("Secluded World")
def test_secluded_world_one_card_then_produces():
    g = play(good("Secluded World"), hand=[], actions=("x2", "produce"))
    assert len(g.players[0].hand) == 1 and g.players[0].vp == 0
    assert with_goods(g) == ["Secluded World"]


@pytest.mark.cards("New Survivalists")
def test_new_survivalists_novelty_only_for_a_card():
    g = play("New Survivalists", good(RARE), hand=[])
    assert done(g) and with_goods(g) == [RARE] and hand_names(g) == []
    g = play(good("New Survivalists"), good(RARE), hand=[], actions=("x2", "produce"))
    assert len(g.players[0].hand) == 1 and g.players[0].vp == 0
    assert with_goods(g) == ["New Survivalists", RARE]


@pytest.mark.cards("Plague World")
def test_plague_world_genes_only_vp_and_card():
    g = play("Plague World", good(NOV), hand=[])
    assert done(g) and with_goods(g) == [NOV]
    g = play(good("Plague World"), good(NOV), hand=[], actions=("x2", "produce"))
    assert g.players[0].vp == 2 and len(g.players[0].hand) == 1  # card not doubled
    assert with_goods(g) == ["Plague World", NOV]


@pytest.mark.cards("Outlaw World")
def test_outlaw_world_vp_and_card():
    g = play("Outlaw World", good(RARE), hand=[], actions=NO_X2)
    assert g.players[0].vp == 1 and len(g.players[0].hand) == 1


@pytest.mark.cards("Galactic Resort")
def test_galactic_resort_vp_and_card_from_its_own_good():
    g = play(good("Galactic Resort"), hand=[])
    assert g.players[0].vp == 2 and len(g.players[0].hand) == 1 and with_goods(g) == []


@pytest.mark.cards("New Earth")
def test_new_earth_vp_card_and_rare_production():
    g = play(good("New Earth"), hand=[], actions=("x2", "produce"))
    assert g.players[0].vp == 2 and len(g.players[0].hand) == 1
    assert with_goods(g) == ["New Earth"]


@pytest.mark.cards("Galactic Studios")
def test_galactic_studios_consumes_produces_and_draws():
    g = play(good("Galactic Studios"), hand=[], actions=("x2", "produce"))
    assert g.players[0].vp == 2
    assert len(g.players[0].hand) == 1 + 1  # consume card + DRAW_IF
    assert with_goods(g) == ["Galactic Studios"]


@pytest.mark.cards("Prosperous World")
def test_prosperous_world_consumes_and_produces():
    g = play(good("Prosperous World"), actions=("x2", "produce"))
    assert g.players[0].vp == 2 and with_goods(g) == ["Prosperous World"]


# ------------------------------------------------------------------ discard-for-VP powers
@pytest.mark.cards("Deficit Spending")
def test_deficit_spending_not_doubled_by_x2():
    g = play("Deficit Spending", hand=["Gem World", "Comet Zone", "Mining World"])
    assert set(g.decision.ids) == {power(g, "Deficit Spending"), "done"}
    g.apply(power(g, "Deficit Spending"))
    rejects(g, [card_id(g, n) for n in ("Gem World", "Comet Zone", "Mining World")])
    answer(g, "Gem World", "Mining World")
    assert g.players[0].vp == 2 and hand_names(g) == ["Comet Zone"] and done(g)


@pytest.mark.cards("Deficit Spending")
def test_deficit_spending_is_optional_and_may_discard_nothing():
    g = play("Deficit Spending", hand=["Gem World"])
    g.apply("done")
    assert hand_names(g) == ["Gem World"] and done(g)
    g = play("Deficit Spending", hand=["Gem World"])
    g.apply(power(g, "Deficit Spending"))
    g.apply([])
    assert hand_names(g) == ["Gem World"] and g.players[0].vp == 0 and done(g)


@pytest.mark.cards("Deficit Spending")
def test_deficit_spending_not_offered_with_empty_hand():
    g = play("Deficit Spending", hand=[])
    assert done(g)


@pytest.mark.cards("Merchant World")
def test_merchant_world_discards_up_to_two_after_mandatory_powers():
    g = play("Merchant World", "Terraformed World", good(NOV), hand=["Gem World", "Comet Zone"])
    assert "done" not in g.decision.ids  # a mandatory power is still usable
    g.apply(power(g, "Terraformed World"))
    assert g.players[0].vp == 2 and "done" in g.decision.ids
    g.apply(power(g, "Merchant World"))
    answer(g, "Gem World", "Comet Zone")
    assert g.players[0].vp == 4 and hand_names(g) == []


@pytest.mark.cards("Galactic Bazaar")
def test_galactic_bazaar_discards_at_most_one():
    g = play("Galactic Bazaar", hand=["Gem World", "Comet Zone"])
    g.apply(power(g, "Galactic Bazaar"))
    rejects(g, [card_id(g, "Gem World"), card_id(g, "Comet Zone")])
    answer(g, "Comet Zone")
    assert g.players[0].vp == 1 and hand_names(g) == ["Gem World"]


# ------------------------------------------------------------------ extra trades and draws
@pytest.mark.cards("Black Market Trading World")
def test_black_market_trades_after_the_trade_action_once():
    g = play("Black Market Trading World", "Spice World", good(NOV), good(NOV2), good(RARE),
             actions=("trade", "explore5"))
    pick(g, NOV)
    assert sales(g) == [4]
    pick(g, NOV2)
    assert sales(g) == [4, 2] and with_goods(g) == [RARE] and done(g)


@pytest.mark.cards("Trade League", "Export Duties")
def test_trade_league_extra_trade_keeps_bonuses():
    g = play("Trade League", "Export Duties", good(RARE), actions=("explore5", "x2"))
    assert sales(g) == [5] and done(g)


@pytest.mark.cards("New Economy")
def test_new_economy_draws_every_consume_phase():
    g = play("New Economy", hand=[])
    assert len(g.players[0].hand) == 1 and done(g)


# ------------------------------------------------------------------ produce powers
@pytest.mark.cards("Spice World", "Distant World", "Bio-Hazard Mining World", "Space Port")
def test_production_worlds_fill_when_empty():
    g = play("Spice World", "Distant World", "Bio-Hazard Mining World", good("Space Port"),
             actions=("explore5", "produce"), phase="produce")
    made = [e.data["card"] for e in g.events if e.kind == "produce"]
    assert made == ["Spice World", "Distant World", "Bio-Hazard Mining World"]
    assert len(with_goods(g)) == 4 and done(g)


@pytest.mark.cards("Galactic Engineers")
def test_galactic_engineers_windfall_any_with_produce_bonus():
    g = play("Galactic Engineers", RARE, GENES, actions=("explore5", "produce"), phase="produce")
    assert g.decision.kind == "windfall"  # Produce bonus: player's choice
    answer(g, GENES)  # then Galactic Engineers fills the other
    assert sorted(with_goods(g)) == sorted([RARE, GENES]) and done(g)


@pytest.mark.cards("Genetics Lab")
def test_genetics_lab_windfall_genes_only():
    g = play("Genetics Lab", RARE, GENES, actions=NO_X2, phase="produce",
             p1={"tableau": ["New Sparta"], "hand": [], "actions": ["explore5", "produce"]})
    assert with_goods(g) == [GENES] and done(g)
