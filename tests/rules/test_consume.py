"""Rulings for Phase IV, Consume (base-rules §7, §12.9-§12.12, §14.1, §14.2)."""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice
from tests.helpers import answer, card_id, drew, good, position, tableau_names


def consume(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    if p1 is None:
        p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["x2", "explore5"]}
    return position(p0, p1, phase=top.pop("phase", "consume"), **top)


def me(tableau: list[Any], hand: tuple[str, ...] = (),
       actions: tuple[str, ...] = ("x2", "develop")) -> dict[str, Any]:
    return {"tableau": tableau, "hand": list(hand), "actions": list(actions)}


def power_labels(g: Game) -> list[str]:
    assert g.decision.kind == "consume_power", g.decision
    return [o.label for o in g.decision.options]


def use(g: Game, card: str) -> None:
    """Choose the consume power of ``card``."""
    d = g.decision
    assert d.kind == "consume_power", d
    g.apply(next(o.id for o in d.options if o.data and o.data["card"] == card))


# ------------------------------------------------------------------ §7.1 Trade
@pytest.mark.cards("Gem World", "Mining World", "Hive World", "Alien Robotic Factory")
@pytest.mark.parametrize(("world", "value"), [
    ("Gem World", 2), ("Mining World", 3), ("Hive World", 4), ("Alien Robotic Factory", 5),
])
def test_trade_draws_the_goods_base_value(world, value):
    """§1.1 / §7.1 Selling a Novelty, Rare, Genes or Alien good draws 2, 3, 4 or 5 cards."""
    g = consume(me(["Alpha Centauri", good(world)], actions=("trade", "develop")))
    assert g.players[0].good_count() == 0
    assert drew(g) == {"trade: Trade action": value}
    assert len(g.discard) == 1  # the good, face down


def test_trade_is_only_for_the_chooser():
    """§7.1 Only a player who chose Consume-Trade sells a good."""
    g = consume(me(["Alpha Centauri", good("Gem World")], actions=("explore5", "develop")),
                {"tableau": ["New Sparta", good("Mining World")], "hand": [],
                 "actions": ["trade", "develop"]})
    assert g.players[0].good_count() == 1
    assert drew(g, 0) == {}
    assert drew(g, 1) == {"trade: Trade action": 3}


def test_trade_is_mandatory_when_you_have_a_good():
    """§7.1 / §12.10 / §14.1 UNCONFIRMED, decided as both engines: the Trade chooser who holds a
    good must sell exactly 1 (no way to pass)."""
    g = consume(me(["Alpha Centauri", good("Gem World"), good("Mining World")],
                   actions=("trade", "develop")))
    d = g.decision
    assert (d.kind, d.min, d.max, len(d.options)) == ("trade", 1, 1, 2)
    with pytest.raises(IllegalChoice):
        g.apply([])
    answer(g, card_id(g, "Mining World", zone="tableau"))
    assert g.players[0].good_count() == 1


@pytest.mark.cards("Old Earth", "Spice World", "Export Duties")
def test_trade_bonuses_add_up():
    """§7.1 Trade bonuses add: Old Earth +1 and Export Duties +1 for any good, Spice World +2
    for Novelty."""
    g = consume(me(["Old Earth", "Export Duties", good("Spice World"), good("Mining World")],
                   actions=("trade", "develop")))
    answer(g, card_id(g, "Spice World", zone="tableau"))
    assert drew(g)["trade: Trade action"] == 2 + 1 + 1 + 2


@pytest.mark.cards("Pirate World", "Star Nomad Lair")
def test_trade_this_world_bonus_only_for_its_own_good():
    """§7.1 "+N when trading this world's good" (Pirate World +3) counts only for its good."""
    g = consume(me(["Alpha Centauri", good("Pirate World"), good("Star Nomad Lair")],
                   actions=("trade", "develop")))
    labels = {o.label for o in g.decision.options}
    assert labels == {"Novelty good on Pirate World (5 cards)",
                      "Novelty good on Star Nomad Lair (3 cards)"}
    answer(g, card_id(g, "Pirate World", zone="tableau"))
    assert drew(g)["trade: Trade action"] == 5


@pytest.mark.cards("Old Earth")
def test_trade_comes_before_consume_powers_and_its_bonus_does_not_help_them():
    """§7.1 / §7.2 / §12.10 The trade comes first; Old Earth's Trade +1 never adds to a consume
    power: its consume still gives 1 VP per good."""
    g = consume(me(["Old Earth", good("Gem World"), good("Mining World"), good("Hive World")],
                   actions=("trade", "develop")))
    assert g.decision.kind == "trade"
    answer(g, card_id(g, "Hive World", zone="tableau"))
    assert g.players[0].vp == 2
    assert drew(g) == {"trade: Trade action": 4 + 1}
    kinds = [e.kind for e in g.events if e.kind in ("trade", "consume")]
    assert kinds == ["trade", "consume"]


# ------------------------------------------------------------------ §7.2 consume powers
@pytest.mark.cards("Old Earth")
def test_up_to_n_takes_as_many_as_it_can_and_each_power_is_used_once():
    """§7.2 "Up to N" must take as many goods as it can, up to N; a power is used at most once
    per phase, so extra goods stay."""
    g = consume(me(["Old Earth", good("Gem World"), good("Mining World"), good("Hive World")],
                   actions=("explore5", "develop")))
    d = g.decision
    assert (d.kind, d.min, d.max) == ("consume_goods", 2, 2)
    answer(g, card_id(g, "Gem World", zone="tableau"), card_id(g, "Hive World", zone="tableau"))
    assert g.players[0].vp == 2
    assert [c.name for c in g.players[0].goods()] == ["Mining World"]
    assert len(g.discard) == 2


@pytest.mark.cards("Secluded World", "Prosperous World", "Deficit Spending")
def test_consume_is_mandatory_while_goods_remain_and_you_choose_the_order():
    """§7.2 / §12.9 You choose the order of your powers, but may not stop while a power can
    still consume goods; discard-hand powers are optional."""
    g = consume(me(["Alpha Centauri", "Deficit Spending", good("Secluded World"),
                    good("Prosperous World")], hand=("Gem World",),
                   actions=("explore5", "develop")))
    labels = power_labels(g)
    assert "Stop consuming" not in labels
    assert len(labels) == 3
    use(g, "Prosperous World")
    answer(g, card_id(g, "Secluded World", zone="tableau"))
    assert "Stop consuming" not in power_labels(g)
    use(g, "Secluded World")  # the last good: taken without asking
    assert "Stop consuming" in power_labels(g)
    answer(g, "done")
    assert g.players[0].vp == 1
    assert drew(g) == {"Secluded World": 1}
    assert len(g.players[0].hand) == 2


@pytest.mark.cards("Secluded World", "Tourist World")
def test_a_poor_order_can_leave_goods_unused():
    """§12.9 A poor order is legal: using Secluded World first leaves 1 good, too few for
    Tourist World's 2-good set, and the phase ends with it unused."""
    g = consume(me(["Alpha Centauri", "Tourist World", good("Secluded World"),
                    good("Gem World")], actions=("explore5", "develop")))
    use(g, "Secluded World")
    answer(g, card_id(g, "Gem World", zone="tableau"))
    assert g.players[0].good_count() == 1
    assert g.phase != "consume" or g.decision is None or g.decision.player != 0


@pytest.mark.cards("Tourist World")
def test_exact_set_powers_need_the_whole_set():
    """§7.2 Tourist World needs exactly 2 goods for 3 VP; with 1 good it can't be used."""
    g = consume(me(["Alpha Centauri", "Tourist World", good("Gem World")],
                   actions=("explore5", "develop")))
    assert g.players[0].good_count() == 1 and g.players[0].vp == 0
    g = consume(me(["Alpha Centauri", "Tourist World", good("Gem World"), good("Hive World"),
                    good("Mining World")], actions=("explore5", "develop")))
    assert (g.decision.kind, g.decision.min, g.decision.max) == ("consume_goods", 2, 2)
    g.apply(list(g.decision.ids[:2]))
    assert g.players[0].vp == 3


@pytest.mark.cards("Diversified Economy")
def test_three_different_kinds_must_differ():
    """§7.2 Diversified Economy takes 3 goods of 3 different kinds for 3 VP."""
    g = consume(me(["Alpha Centauri", "Diversified Economy", good("Gem World"),
                    good("Spice World"), good("Mining World"), good("Hive World")],
                   actions=("explore5", "develop")))
    ids = {n: card_id(g, n, zone="tableau") for n in ("Gem World", "Spice World",
                                                      "Mining World", "Hive World")}
    with pytest.raises(IllegalChoice):
        g.apply([ids["Gem World"], ids["Spice World"], ids["Mining World"]])
    g.apply([ids["Gem World"], ids["Mining World"], ids["Hive World"]])
    assert g.players[0].vp == 3
    assert [c.name for c in g.players[0].goods()] == ["Spice World"]


@pytest.mark.cards("Pilgrimage World")
def test_pilgrimage_world_takes_all_goods_for_goods_minus_one():
    """§7.2 Pilgrimage World consumes all your goods: VP = goods - 1."""
    g = consume(me(["Alpha Centauri", "Pilgrimage World", good("Gem World"),
                    good("Spice World"), good("Mining World")], actions=("explore5", "develop")))
    assert g.players[0].good_count() == 0
    assert g.players[0].vp == 2


@pytest.mark.cards("Alien Toy Shop")
def test_this_worlds_good_powers_take_only_that_good():
    """§7.2 "This world's good" (Alien Toy Shop) can't take goods from other worlds."""
    g = consume(me(["Alpha Centauri", "Alien Toy Shop", good("Alien Robotic Factory")],
                   actions=("explore5", "develop")))
    assert g.players[0].good_count() == 1 and g.players[0].vp == 0
    g = consume(me(["Alpha Centauri", good("Alien Toy Shop"), good("Alien Robotic Factory")],
                   actions=("explore5", "develop")))
    assert [c.name for c in g.players[0].goods()] == ["Alien Robotic Factory"]
    assert g.players[0].vp == 2


@pytest.mark.cards("Deficit Spending")
def test_discard_for_vp_is_optional_zero_to_n():
    """§7.2 Discard-hand powers (Deficit Spending: up to 2 cards, 1 VP each) take 0..N cards."""
    g = consume(me(["Alpha Centauri", "Deficit Spending"], hand=("Gem World", "Spice World",
                                                                  "Hive World"),
                   actions=("explore5", "develop")))
    use(g, "Deficit Spending")
    d = g.decision
    assert (d.kind, d.min, d.max) == ("consume_discard", 0, 2)
    answer(g, "Gem World")
    assert g.players[0].vp == 1 and len(g.players[0].hand) == 2


# ------------------------------------------------------------------ §7.3 x2
@pytest.mark.cards("Epsilon Eridani")
def test_double_vp_doubles_goods_vp_but_not_cards():
    """§7.3 / §12.11 Consume x2 doubles VP from consuming goods, not cards drawn."""
    g = consume(me(["Epsilon Eridani", good("Gem World")], actions=("x2", "develop")))
    assert g.players[0].vp == 2
    assert drew(g) == {"Epsilon Eridani": 1}
    g = consume(me(["Epsilon Eridani", good("Gem World")], actions=("explore5", "develop")))
    assert g.players[0].vp == 1


@pytest.mark.cards("Old Earth")
def test_double_vp_does_not_double_trade_income():
    """§7.3 / §12.11 Trade income is not doubled by choosing both Consume cards."""
    g = consume(me(["Old Earth", good("Gem World"), good("Mining World")],
                   actions=("trade", "x2")))
    answer(g, card_id(g, "Gem World", zone="tableau"))
    assert drew(g) == {"trade: Trade action": 2 + 1}
    assert g.players[0].vp == 2  # 1 good left x 1 VP, doubled


@pytest.mark.cards("Deficit Spending")
def test_double_vp_does_not_double_discard_for_vp():
    """§7.3 / §12.11 / §14.2 UNCONFIRMED, decided as both engines: x2 does not double VP from
    discarding hand cards (Deficit Spending)."""
    g = consume(me(["Alpha Centauri", "Deficit Spending"], hand=("Gem World", "Spice World"),
                   actions=("x2", "develop")))
    use(g, "Deficit Spending")
    answer(g, "Gem World", "Spice World")
    assert g.players[0].vp == 2


# ------------------------------------------------------------------ §7.4 the pool running out
@pytest.mark.cards("Old Earth")
def test_payouts_continue_when_the_pool_runs_out():
    """§7.4 / §12.12 Chips are paid as if the pool were endless; the pool goes negative and the
    game ends at the end of that round."""
    g = consume(me(["Old Earth", good("Gem World"), good("Mining World"), "Artist Colony"],
                   actions=("x2", "produce")), vp_pool=1)
    assert g.players[0].vp == 4
    assert g.vp_pool == -3
    assert g.players[0].tableau[-1].good is not None  # Produce still happened
    assert g.is_over


# ------------------------------------------------------------------ timing
@pytest.mark.cards("Old Earth", "Radioactive World")
def test_a_windfall_good_from_this_rounds_settle_can_be_consumed():
    """§7 (end) A good put on a windfall world in this round's Settle can be consumed now."""
    g = consume(me(["Old Earth"], hand=("Radioactive World", "Gem World", "Spice World"),
                   actions=("settle", "x2")), phase="settle")
    answer(g, "Radioactive World")  # paying both other cards is forced
    assert tableau_names(g)[-1] == "Radioactive World"
    assert g.players[0].good_count() == 0
    assert g.players[0].vp == 2


@pytest.mark.cards("Gambling World")
@pytest.mark.parametrize(("named", "kept"), [("3", True), ("2", False)])
def test_gambling_world_keeps_the_base_power(named, kept):
    """§14.7 UNCONFIRMED, decided as both engines: in TGS games Gambling World keeps the base
    power: name a cost, reveal the top card, keep it if the cost matches, else discard it."""
    g = consume(me(["Alpha Centauri", "Gambling World"], actions=("explore5", "develop")),
                deck=["Comet Zone"])
    d = g.decision
    assert (d.kind, d.min, d.max) == ("gamble", 1, 1)
    assert {"1", "2", "3", "4", "5", "6", "7"} <= set(d.ids)
    g.apply(named)
    assert ("Comet Zone" in [c.name for c in g.players[0].hand]) is kept
    assert ("Comet Zone" in [c.name for c in g.discard]) is not kept


def test_consume_powers_are_labelled_with_what_each_good_gives():
    """The label of a consume power says how many goods it takes and what they give."""
    from rftg_nb.cards import CARDS
    from rftg_nb.engine.phases.consume import _describe_goods
    from rftg_nb.engine.state import Card

    def label(name: str, code: str) -> str:
        pw = next(p for p in CARDS[name].powers if p.code == code)
        return _describe_goods(Card(0, CARDS[name]), pw)

    assert label("Epsilon Eridani", "CONSUME_ANY|GET_CARD|GET_VP") == \
        "Epsilon Eridani: consume 1 good for 1 VP and 1 card"
    assert label("Free Trade Association", "CONSUME_NOVELTY|GET_CARD|GET_VP") == \
        "Free Trade Association: consume up to 3 Novelty goods for 1 VP and 1 card each"
    assert label("Tourist World", "CONSUME_ANY|CONSUME_TWO|GET_VP") == \
        "Tourist World: consume 2 goods for 3 VP"
    assert label("Pilgrimage World", "CONSUME_ALL|GET_VP") == \
        "Pilgrimage World: consume all your goods for 1 VP per good after the first"
