"""Rulings for Phase III, Settle (base-rules §6, §11, §12.3-§12.7, §12.17, §12.18)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rftg_nb import Game
from rftg_nb.cards import CARDS
from rftg_nb.engine.decision import PositionError
from tests.helpers import answer, card_id, hand_names, position, tableau_names

FILLER = ["Gem World", "Spice World", "Artist Colony", "Comet Zone", "Mining World"]


def settle(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    if p1 is None:
        p1 = {"tableau": ["Earth's Lost Colony"], "hand": [], "actions": ["develop", "explore5"]}
    return position(p0, p1, phase=top.pop("phase", "settle"), **top)


def me(hand: list[str], tableau: tuple[str, ...] = ("Old Earth",),
       actions: tuple[str, ...] = ("settle", "develop")) -> dict[str, Any]:
    """Player 1; Develop is already over, so Settle is the last phase of the round."""
    return {"tableau": list(tableau), "hand": hand, "actions": list(actions)}


def offered(g: Game) -> set[str]:
    d = g.decision
    if d is None or d.kind != "settle" or d.player != 0:
        return set()
    return {o.label for o in d.options}


def price(g: Game, world: str) -> int | None:
    """What player 1 pays to place ``world`` by plain payment, or None if it is not offered."""
    g = Game.from_json(g.to_json())
    answer(g, world)
    d = g.decision
    if d is not None and d.kind == "settle_method":
        opts = [o for o in d.options if o.id in ("pay", "conquer") or o.id.startswith("contact:")]
        if not opts:
            return None
        g.apply(opts[0].id)
        d = g.decision
    if d is not None and d.kind == "pay" and d.player == 0:
        return d.min
    return 0


# ------------------------------------------------------------------ §6.1 choosing
def test_placing_a_world_is_optional_and_picks_are_secret():
    """§6.1 Each player may place 0 or 1 world, chosen face down and placed together."""
    g = settle(me(["Gem World", *FILLER[1:]]),
               {"tableau": ["Earth's Lost Colony"], "actions": ["develop", "explore5"],
                "hand": ["Secluded World", "Hive World"]})
    d = g.decision
    assert (d.kind, d.min, d.max) == ("settle", 0, 1)
    answer(g, "Gem World")
    assert (g.decision.player, g.decision.kind) == (1, "settle")
    assert tableau_names(g) == ["Old Earth"]
    g.apply([])
    assert tableau_names(g, 1) == ["Earth's Lost Colony"]
    assert "Gem World" in tableau_names(g)


# ------------------------------------------------------------------ §6.2 non-military worlds
def test_non_military_world_costs_its_printed_cost_even_for_the_chooser():
    """§6.2 / §12.3 A non-military world costs its printed cost in cards, paid exactly; the
    Settle action gives no reduction and the world does not pay for itself."""
    g = settle(me(["Comet Zone", "Gem World", "Spice World", "Artist Colony", "Hive World"]))
    answer(g, "Comet Zone")
    d = g.decision
    assert (d.kind, d.min, d.max) == ("pay", 3, 3)
    assert card_id(g, "Comet Zone", zone="tableau") not in d.ids


@pytest.mark.cards("Alpha Centauri")
def test_kind_reduction_applies_to_production_and_windfall_worlds_of_that_kind():
    """§6.2 A kind-specific reduction (Alpha Centauri: -1 Rare) lowers the cost of Rare
    production and Rare windfall worlds, and nothing else."""
    g = settle(me(["Mining World", "Radioactive World", "Gem World", *FILLER[1:4]],
                  ("Alpha Centauri",)))
    assert price(g, "Mining World") == 2
    assert price(g, "Radioactive World") == 1
    assert price(g, "Gem World") == 2


@pytest.mark.cards("Replicant Robots")
def test_settle_cost_never_goes_below_zero():
    """§6.2 The cost after reductions can't go below 0 (Replicant Robots -2 on a cost-1 world)."""
    g = settle(me(["Artist Colony", "Gem World"], ("Old Earth", "Replicant Robots")))
    answer(g, "Artist Colony")
    assert tableau_names(g)[-1] == "Artist Colony"
    assert len(g.players[0].hand) == 1 + 1  # Gem World kept, bonus card drawn
    assert not g.discard


@pytest.mark.cards("Colony Ship")
def test_colony_ship_discards_itself_to_settle_for_free():
    """§6.2 / §9 / §12.18 Colony Ship leaves the tableau for the discard pile and the world
    costs 0; the Colony Ship's VP are lost."""
    g = settle(me(["Comet Zone", "Gem World"], ("Old Earth", "Colony Ship")))
    before = g.score_breakdown(0)["cards"]
    answer(g, "Comet Zone")  # 1 card in hand cannot pay 3: Colony Ship is the only way
    assert tableau_names(g) == ["Old Earth", "Comet Zone"]
    assert [c.name for c in g.discard] == ["Colony Ship"]
    assert "Gem World" in hand_names(g)
    assert g.score_breakdown(0)["cards"] == before - 1 + 2


@pytest.mark.cards("Colony Ship", "Deserted Alien Outpost", "Rebel Outpost")
def test_colony_ship_cannot_place_alien_or_military_worlds():
    """§6.2 / §12.6 Colony Ship does not work for Alien-good worlds or military worlds."""
    g = settle(me(["Deserted Alien Outpost", "Rebel Outpost", *FILLER[:4]],
                  ("Old Earth", "Colony Ship")))
    assert offered(g) == {"Deserted Alien Outpost", *FILLER[:4]}
    answer(g, "Deserted Alien Outpost")
    assert g.decision.kind == "pay"  # only one way: pay 4; no free method was offered


@pytest.mark.cards("Alien Tech Institute", "Alien Rosetta Stone World", "Alien Robot Sentry")
def test_alien_powers_need_an_alien_good_kind():
    """§12.7 Alien-specific reductions and Military need a yellow good kind: Alien Tech
    Institute helps with Deserted Alien Outpost and Alien Robot Sentry, but not with Alien
    Rosetta Stone World, which has no good."""
    g = settle(me(["Deserted Alien Outpost", "Alien Rosetta Stone World", "Alien Robot Sentry",
                   *FILLER[:4]], ("Old Earth", "Alien Tech Institute")))
    assert price(g, "Deserted Alien Outpost") == 4 - 2
    assert price(g, "Alien Rosetta Stone World") == 3
    assert "Alien Robot Sentry" in offered(g)  # defence 2, Military +2 vs Alien
    answer(g, "Alien Robot Sentry")
    assert tableau_names(g)[-1] == "Alien Robot Sentry"


# ------------------------------------------------------------------ §6.3 military worlds
@pytest.mark.cards("New Sparta", "Rebel Miners")
def test_military_world_is_conquered_without_paying():
    """§6.3 Military >= defence places a military world; no cards are discarded."""
    g = settle(me(["Rebel Miners", *FILLER[:2]], ("New Sparta",)))
    answer(g, "Rebel Miners")
    assert tableau_names(g) == ["New Sparta", "Rebel Miners"]
    assert len(g.players[0].hand) == 2 + 1  # both cards kept, plus the Settle bonus
    assert not g.discard
    assert [e.kind for e in g.events if e.kind == "conquer"] == ["conquer"]


@pytest.mark.cards("Space Marines", "Rebel Miners", "Rebel Warrior Race")
def test_military_is_a_threshold_usable_in_both_settle_phases():
    """§6.3 / §12.5 Military is not used up: the same total conquers a world in each of the two
    Settle phases."""
    g = settle(me(["Rebel Miners", "Rebel Warrior Race"], ("Old Earth", "Space Marines"),
                  ("settle", "settle2")))
    answer(g, "Rebel Miners")
    assert g.phase == "settle2"
    assert "Rebel Warrior Race" not in offered(g)  # defence 3 > Military 2
    g.apply([])
    g = settle(me(["Rebel Miners", "Avian Uplift Race"], ("Old Earth", "Space Marines"),
                  ("settle", "settle2")))
    answer(g, "Rebel Miners")
    answer(g, "Avian Uplift Race")  # defence 2 again, same Military 2
    assert tableau_names(g)[-2:] == ["Rebel Miners", "Avian Uplift Race"]


@pytest.mark.cards("Epsilon Eridani", "Empath World", "Rebel Fuel Cache")
def test_negative_military_counts():
    """§6.3 Military is the sum of all +/- Military: Epsilon Eridani +1 and Empath World -1 make
    0, too little for a defence-1 world."""
    g = settle(me(["Rebel Fuel Cache", *FILLER[:3]], ("Epsilon Eridani", "Empath World")))
    assert "Rebel Fuel Cache" not in offered(g)
    g = settle(me(["Rebel Fuel Cache", *FILLER[:3]], ("Epsilon Eridani",)))
    assert "Rebel Fuel Cache" in offered(g)


@pytest.mark.cards("Alpha Centauri", "Rebel Fuel Cache", "New Survivalists")
def test_specialised_military_needs_the_matching_good_kind():
    """§6.3 Alpha Centauri's +1 Military counts only against Rare worlds."""
    g = settle(me(["Rebel Fuel Cache", "New Survivalists", *FILLER[:3]], ("Alpha Centauri",)))
    assert offered(g) >= {"Rebel Fuel Cache"}
    assert "New Survivalists" not in offered(g)


@pytest.mark.cards("Galactic Imperium", "Rebel Outpost", "Lost Alien Warship")
def test_military_against_rebel_worlds_needs_the_rebel_flag():
    """§6.3 Galactic Imperium's +4 counts only against Rebel military worlds."""
    g = settle(me(["Rebel Outpost", "Lost Alien Warship"], ("New Sparta", "Galactic Imperium")))
    assert offered(g) == {"Rebel Outpost"}


@pytest.mark.cards("New Military Tactics", "Rebel Underground")
def test_new_military_tactics_gives_temporary_military_and_is_discarded():
    """§6.3 / §12.18 New Military Tactics: discard it from the tableau for +3 Military this
    phase; it then counts for nothing."""
    g = settle(me(["Rebel Underground", "Gem World"], ("Old Earth", "New Military Tactics")))
    answer(g, "Rebel Underground")
    assert tableau_names(g) == ["Old Earth", "Rebel Underground"]
    assert [c.name for c in g.discard] == ["New Military Tactics"]
    assert g.score_breakdown(0)["cards"] == 2 + 4


@pytest.mark.cards("Space Mercenaries", "Rebel Underground")
def test_space_mercenaries_discard_hand_cards_for_temporary_military():
    """§6.3 Space Mercenaries: +1 Military, and discard up to 2 hand cards for +1 each."""
    g = settle(me(["Rebel Underground", *FILLER[:3]], ("Old Earth", "Space Mercenaries")))
    answer(g, "Rebel Underground")
    d = g.decision
    assert (d.kind, d.min, d.max) == ("military_discard", 2, 2)
    answer(g, "Gem World", "Spice World")
    assert tableau_names(g)[-1] == "Rebel Underground"
    assert sorted(c.name for c in g.discard) == ["Gem World", "Spice World"]


@pytest.mark.cards("Replicant Robots", "Rebel Fuel Cache")
def test_cost_reductions_do_not_help_conquest_and_military_worlds_cannot_be_bought():
    """§6.3 / §12.6 Without Military a military world can't be placed: cards can't buy it and
    cost reductions don't lower its defence."""
    g = settle(me(["Rebel Fuel Cache", *FILLER], ("Old Earth", "Replicant Robots")))
    assert "Rebel Fuel Cache" not in offered(g)
    assert offered(g)


@pytest.mark.cards("Contact Specialist", "Rebel Outpost", "Alien Robot Sentry")
def test_contact_specialist_buys_military_worlds_except_alien_ones():
    """§6.3 / §12.6 Contact Specialist pays for a military world at cost -1 (not Alien ones)."""
    g = settle(me(["Rebel Outpost", "Alien Robot Sentry", *FILLER[:4]],
                  ("Old Earth", "Contact Specialist")))
    assert "Alien Robot Sentry" not in offered(g)
    answer(g, "Rebel Outpost")
    d = g.decision
    assert (d.kind, d.min) == ("pay", 5 - 1)


@pytest.mark.cards("Contact Specialist", "Alpha Centauri", "Rebel Miners")
def test_contact_specialist_keeps_other_reductions():
    """§6.3 With Contact Specialist other cost reductions still apply (Alpha Centauri -1 Rare):
    Rebel Miners (Rare, defence 2) costs 2 - 1 - 1 = 0."""
    g = settle(me(["Rebel Miners", "Gem World"], ("Alpha Centauri", "Contact Specialist")))
    answer(g, "Rebel Miners")
    assert tableau_names(g)[-1] == "Rebel Miners"
    assert "Gem World" in hand_names(g)


@pytest.mark.cards("Contact Specialist", "Colony Ship", "Rebel Outpost")
def test_colony_ship_with_contact_specialist_can_place_a_military_world():
    """§12.6 Colony Ship + Contact Specialist: pay-for-military first, then cost 0."""
    g = settle(me(["Rebel Outpost", "Gem World"],
                  ("Old Earth", "Colony Ship", "Contact Specialist")))
    answer(g, "Rebel Outpost")
    assert tableau_names(g) == ["Old Earth", "Contact Specialist", "Rebel Outpost"]
    assert [c.name for c in g.discard] == ["Colony Ship"]


@pytest.mark.cards("Drop Ships")
def test_non_military_worlds_cannot_be_conquered():
    """§6.3 Military does not place non-military worlds: with Military 5 and no cards to pay,
    Comet Zone is not offered."""
    g = settle(me(["Comet Zone"], ("New Sparta", "Drop Ships")))
    assert g.decision is None or g.decision.kind != "settle" or g.decision.player != 0


# ------------------------------------------------------------------ §6.4 windfall goods
@pytest.mark.cards("Radioactive World", "Rebel Fuel Cache")
def test_windfall_worlds_get_a_good_when_placed_others_do_not():
    """§6.4 A windfall world gets 1 good when placed (paid or conquered); others get none."""
    g = settle(me(["Radioactive World", "Gem World", "Spice World"], ("Alpha Centauri",)),
               phase="settle")
    answer(g, "Radioactive World")
    answer(g, "Gem World")
    world = g.players[0].tableau[-1]
    assert world.name == "Radioactive World" and world.good is not None
    g = settle(me(["Rebel Fuel Cache", "Gem World"], ("New Sparta",)))
    answer(g, "Rebel Fuel Cache")
    assert g.players[0].tableau[-1].good is not None
    g = settle(me(["Gem World", "Spice World", "Comet Zone"]))
    answer(g, "Gem World")
    assert g.players[0].tableau[-1].good is None


@pytest.mark.cards("Alpha Centauri", "New Sparta")
def test_start_worlds_from_the_deck_are_ordinary_worlds():
    """§12.17 A start world drawn later is an ordinary world: New Sparta is a defence-2
    military world (its own +2 doesn't help), Alpha Centauri gets its good when placed."""
    g = settle(me(["New Sparta", "Alpha Centauri", "Gem World", "Spice World"]))
    assert offered(g) == {"Alpha Centauri", "Gem World", "Spice World"}
    answer(g, "Alpha Centauri")
    answer(g, "Gem World", "Spice World")
    assert g.players[0].tableau[-1].good is not None
    g = settle(me(["New Sparta"], ("Old Earth", "Space Marines")))
    answer(g, "New Sparta")
    assert tableau_names(g)[-1] == "New Sparta"


# ------------------------------------------------------------------ §6.5 the Settle bonus
def test_settle_bonus_card_comes_after_payment():
    """§6.5 / §12.3 The chooser draws 1 card after paying; it can't pay for the world."""
    g = settle(me(["Gem World", "Spice World", "Artist Colony"]))
    answer(g, "Gem World")  # paying the other 2 cards is forced
    whys = [e.data["why"] for e in g.events if e.kind in ("draw", "discard")]
    assert whys == ["paying for Gem World", "Settle bonus"]
    assert len(g.players[0].hand) == 1
    g = settle(me(["Gem World", "Spice World"]))
    assert "Gem World" not in offered(g)  # 1 other card; the bonus card would come too late


def test_settle_bonus_needs_a_placed_world_and_the_action():
    """§6.5 / §12.4 No world placed, no bonus card; a non-chooser who places gets none."""
    g = settle(me(["Gem World", "Spice World", "Artist Colony"]),
               {"tableau": ["Earth's Lost Colony"], "actions": ["develop", "explore5"],
                "hand": ["Secluded World", "Hive World"]})
    g.apply([])
    answer(g, "Secluded World")
    assert len(g.players[0].hand) == 3
    assert len(g.players[1].hand) == 0
    assert not [e for e in g.events if e.kind == "draw"]


@pytest.mark.cards("Terraforming Robots")
def test_after_settling_draws_follow_the_bonus_only_if_placed():
    """§6.5 "After settling" draws (Terraforming Robots) come after the bonus card."""
    g = settle(me(["Gem World", "Spice World", "Artist Colony"],
                  ("Old Earth", "Terraforming Robots")))
    answer(g, "Gem World")
    whys = [e.data["why"] for e in g.events if e.kind == "draw"]
    assert whys == ["Settle bonus", "Terraforming Robots"]
    g = settle(me(["Gem World", "Spice World", "Artist Colony"],
                  ("Old Earth", "Terraforming Robots")))
    g.apply([])
    assert not [e for e in g.events if e.kind == "draw"]


@pytest.mark.cards("Improved Logistics", "Blaster Gem Mines", "Rebel Fuel Cache")
def test_improved_logistics_second_world_gets_no_second_bonus_and_no_help_from_the_first():
    """§6.5 / §11 Improved Logistics places a 2nd world, but the Settle bonus card comes once
    per phase, and the 1st world's powers (Blaster Gem Mines +1 Military) don't work yet."""
    g = settle(me(["Artist Colony", "Secluded World", "Rebel Fuel Cache", "Gem World",
                   "Spice World"], ("Old Earth", "Improved Logistics")))
    answer(g, "Artist Colony")
    answer(g, "Gem World")
    d = g.decision
    assert d.kind == "settle_second"
    assert "Secluded World" in {o.label for o in d.options}
    assert "Rebel Fuel Cache" not in {o.label for o in d.options}
    answer(g, "Secluded World")
    answer(g, "Spice World")
    assert tableau_names(g)[-2:] == ["Artist Colony", "Secluded World"]
    assert [e.data["why"] for e in g.events if e.kind == "draw"] == ["Settle bonus"]
    g = settle(me(["Blaster Gem Mines", "Rebel Fuel Cache", *FILLER[:3]],
                  ("Old Earth", "Improved Logistics")))
    answer(g, "Blaster Gem Mines")
    answer(g, *FILLER[:3])
    d = g.decision
    assert d.kind != "settle_second" or "Rebel Fuel Cache" not in {o.label for o in d.options}
    assert "Rebel Fuel Cache" in hand_names(g)


# ------------------------------------------------------------------ §6.6 / §6.7
@pytest.mark.cards("New Sparta", "Drop Ships")
def test_no_takeovers_only_worlds_from_your_own_hand():
    """§6.6 There are no takeovers in base/TGS: only worlds from your own hand are offered,
    whatever your Military."""
    g = settle(me(["Gem World", "Spice World", "Comet Zone"], ("New Sparta", "Drop Ships")),
               {"tableau": ["Earth's Lost Colony", "Rebel Fuel Cache"], "hand": [],
                "actions": ["develop", "explore5"]})
    assert set(g.decision.ids) <= {c.id for c in g.players[0].hand}
    kinds = {e.kind for e in g.events}
    assert "takeover" not in kinds


def test_each_world_exists_once():
    """§6.7 Worlds have one copy each, so nobody can hold two of the same world."""
    counts = Counter(CARDS.deck("tgs"))
    assert all(counts[d.name] == 1 for d in CARDS if d.is_world)
    with pytest.raises(PositionError):
        settle(me(["Gem World"], ("Old Earth", "Gem World")))


@pytest.mark.cards("Doomed World")
def test_doomed_world_leaves_the_tableau_and_is_gone_in_the_next_phase():
    """§6.2 / §12.18 / §13 Doomed World discards itself from the tableau so a non-military
    world costs 0; its -1 VP goes with it, and in the 2nd Settle (powers read afresh) it
    can't be used again."""
    g = settle(me(["Comet Zone", "Mining World"], ("Doomed World",), ("settle", "settle2")))
    assert g.score_breakdown(0)["cards"] == -1
    answer(g, "Comet Zone")
    assert tableau_names(g) == ["Comet Zone"]
    assert [c.name for c in g.discard] == ["Doomed World"]
    assert g.score_breakdown(0)["cards"] == 2
    assert "Mining World" not in offered(g)  # cost 3, 1 other card, no Doomed World now
    assert "Mining World" in hand_names(g)


@pytest.mark.parametrize("players", [2, 4])
def test_can_place_agrees_with_the_ways_offered(players: int) -> None:
    """``can_place`` answers without wording the ways: at every Settle question of random
    games, for every world in every hand and every number of cards to pay with, it says yes
    exactly when ``methods`` offers a way."""
    from rftg_nb import RandomPlayer
    from rftg_nb.engine.phases.settle import can_place, methods

    checked = 0
    for seed in range(12):
        g = Game.new(players=players, seed=seed)
        bot = RandomPlayer(seed)
        while (d := g.decision) is not None:
            if g.phase in ("settle", "settle2"):
                for p in g.players:
                    for c in p.hand:
                        if not c.design.is_world:
                            continue
                        for hand in range(len(p.hand) + 1):
                            assert can_place(g, p, c, hand) == bool(methods(g, p, c, hand)), (
                                seed, c.name, hand)
                            checked += 1
            g.apply(bot.answer(g, d))
    assert checked > 1000
