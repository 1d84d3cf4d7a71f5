"""Rulings for setup (base-rules §1 components, §2 setup) on freshly dealt games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rftg_nb import Game
from rftg_nb.cards import CARDS
from rftg_nb.engine.views import locations


def dealt(test: Callable[[Game], bool], **kw: Any) -> Game:
    """The first game (seed 0, 1, ...) whose deal passes ``test``."""
    for seed in range(2000):
        g = Game.new(seed=seed, **kw)
        if test(g):
            return g
    raise AssertionError("no seed gives that deal")


def starts(g: Game) -> list[str]:
    return [p.tableau[0].name for p in g.players]


def answer_min(g: Game) -> None:
    d = g.decision
    g.apply(list(d.ids[: d.min]))


# ------------------------------------------------------------------ §1.4 / §2.1 the VP pool
@pytest.mark.parametrize(("players", "expansion", "pool"), [
    (2, "tgs", 24), (3, "tgs", 36), (4, "tgs", 48), (5, "tgs", 60), (2, "base", 24),
    (4, "base", 48),
])
def test_vp_pool_is_twelve_chips_per_player(players, expansion, pool):
    """§1.4 / §2.1 / §3.1 The VP pool holds 12 chips per player (24 in the 2-player advanced
    game; 5 players only with TGS)."""
    g = Game.new(players=players, seed=3, expansion=expansion)
    assert g.vp_pool == pool
    assert all(p.vp == 0 for p in g.players)


def test_five_players_need_the_expansion():
    """§1.4 A 5th player (and its 12 chips) exists only with The Gathering Storm."""
    with pytest.raises(ValueError):
        Game.new(players=5, seed=1, expansion="base")


# ------------------------------------------------------------------ §1.1 deck size
@pytest.mark.parametrize(("expansion", "total"), [("base", 114), ("tgs", 136)])
def test_every_card_of_the_set_is_in_exactly_one_place(expansion, total):
    """§1.1 The base set has 114 cards, base + TGS 136; each is somewhere exactly once."""
    g = Game.new(seed=7, expansion=expansion)
    where = locations(g)
    assert len(g.cards) == total
    assert len(where) == total
    assert sum(1 for c in g.cards if c.design.is_development and c.design.is_six_cost) == (
        12 if expansion == "base" else 15
    )


# ------------------------------------------------------------------ §2.2 start worlds
def test_each_player_is_dealt_one_start_world_and_the_rest_join_the_deck():
    """§2.2 Each player gets 1 start world face up; the undealt ones are shuffled into the deck."""
    g = Game.new(players=3, seed=11)
    assert all(len(p.tableau) == 1 and p.tableau[0].design.is_start_world for p in g.players)
    where = locations(g)
    others = [c for c in g.cards if c.design.is_start_world
              and c.name not in starts(g)]
    assert len(others) == 9 - 3
    assert all(where[c.id] in ("deck", "hand:0", "hand:1", "hand:2") for c in others)
    assert any(where[c.id] == "deck" for c in others)


def test_base_game_uses_only_start_worlds_0_to_4():
    """§1.2 / §2.2 The base game deals from start worlds 0-4 only; TGS adds 5-8."""
    base = {n for s in range(60) for n in starts(Game.new(players=4, seed=s, expansion="base"))}
    tgs = {n for s in range(60) for n in starts(Game.new(players=4, seed=s))}
    assert base == {d.name for d in CARDS.start_worlds("base")}
    assert tgs == {d.name for d in CARDS.start_worlds("tgs")}


def test_start_worlds_are_dealt_at_random_with_no_choice():
    """§2.2 / §14.4 UNCONFIRMED red/blue choice: the engine deals 1 random start world and asks
    nothing about it: the first decision of a new game is the opening discard."""
    g = Game.new(seed=5)
    assert g.decision.kind == "initial_discard"
    colours = {CARDS[n].start_color for s in range(40) for n in starts(Game.new(seed=s))[:1]}
    assert colours == {"red", "blue"}


# ------------------------------------------------------------------ §2.3 windfall start worlds
@pytest.mark.cards("Alpha Centauri")
def test_alpha_centauri_starts_with_a_good():
    """§2.3 / §12.20 Alpha Centauri (windfall) starts with a good from the top of the deck."""
    g = dealt(lambda g: "Alpha Centauri" in starts(g))
    world = next(p.tableau[0] for p in g.players if p.tableau[0].name == "Alpha Centauri")
    assert world.good is not None
    assert locations(g)[world.good.id] == f"good:{world.id}"


@pytest.mark.cards("Ancient Race")
def test_ancient_race_starts_with_a_good():
    """§2.3 Ancient Race (Genes windfall) starts with a good too."""
    g = dealt(lambda g: "Ancient Race" in starts(g))
    world = next(p.tableau[0] for p in g.players if p.tableau[0].name == "Ancient Race")
    assert world.good is not None


@pytest.mark.cards("Earth's Lost Colony", "Old Earth")
def test_other_start_worlds_start_without_goods():
    """§2.3 Only windfall start worlds get a good; a production start world waits for Produce."""
    g = dealt(lambda g: {"Earth's Lost Colony", "Old Earth"} <= set(starts(g)))
    assert [p.tableau[0].good for p in g.players] == [None, None]


# ------------------------------------------------------------------ §2.4 opening hands
def test_deal_six_keep_four():
    """§2.4 Each player is dealt 6 cards and discards 2 face down, keeping 4."""
    g = dealt(lambda g: "Ancient Race" not in starts(g))
    for i in (0, 1):
        d = g.decision
        assert (d.player, d.kind, d.min, d.max, len(d.options)) == (i, "initial_discard", 2, 2, 6)
        assert set(d.ids) == {c.id for c in g.players[i].hand}
        answer_min(g)
    assert [len(p.hand) for p in g.players] == [4, 4]
    assert len(g.discard) == 4
    assert g.decision.kind == "actions"
    assert g.round == 1


@pytest.mark.cards("Ancient Race")
def test_ancient_race_keeps_three():
    """§2.4 / §12.20 The Ancient Race player discards 3 of 6 and keeps 3; the other keeps 4."""
    g = dealt(lambda g: starts(g)[0] == "Ancient Race")
    d = g.decision
    assert (d.player, d.min, d.max) == (0, 3, 3)
    answer_min(g)
    assert g.decision.min == 2
    answer_min(g)
    assert [len(p.hand) for p in g.players] == [3, 4]


@pytest.mark.cards("Ancient Race")
def test_ancient_race_in_the_opening_hand_does_not_shrink_it():
    """§2.4 The keep-3 power works only for the start world, not for Ancient Race in hand."""
    g = dealt(lambda g: any(c.name == "Ancient Race" for p in g.players for c in p.hand))
    who = next(i for i, p in enumerate(g.players) if "Ancient Race" in [c.name for c in p.hand])
    while g.decision.player != who:
        answer_min(g)
    assert g.decision.min == 2


def test_opening_discards_are_secret_and_independent():
    """§2.4 / §2.5 Opening discards are made in secret and at the same time: player 2 gets the
    same choice whatever player 1 discarded, and never sees what it was."""
    g1 = Game.new(seed=2)
    g2 = Game.new(seed=2)
    g1.apply(list(g1.decision.ids[:2]))
    g2.apply(list(g2.decision.ids[-2:]))
    assert g1.decision == g2.decision and g1.decision.player == 1
    gone = [g1.discard[0].name, g1.discard[1].name]
    seen_by_2 = " ".join(e.text for e in g1.events_for(1) if e.actor == 0)
    seen_by_1 = " ".join(e.text for e in g1.events_for(0) if e.actor == 0)
    assert not any(n in seen_by_2 for n in gone)
    assert all(n in seen_by_1 for n in gone)


def test_two_players_play_the_advanced_game():
    """§1.3 / §3.1 A 2-player game is the advanced game: 9 action cards, choose 2."""
    g = Game.new(seed=2)
    answer_min(g)
    answer_min(g)
    d = g.decision
    assert d.kind == "actions" and (d.min, d.max) == (2, 2)
    assert len(d.options) == 9
