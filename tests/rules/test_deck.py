"""Rulings for the deck and hidden information (base-rules §9, §14.5, §14.8)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice
from rftg_nb.engine.views import locations
from tests.helpers import others, position


def small_deck(p0: dict[str, Any], p1: dict[str, Any], deck: list[str], phase: str,
               **top: Any) -> Game:
    """A position whose draw pile is exactly ``deck``: every other card is in the discard."""
    used = [*p0["tableau"], *p0["hand"], *p1["tableau"], *p1["hand"], *deck]
    return position(p0, p1, phase=phase, deck=deck, discard=others(*used), **top)


def stuck_deck(p0: dict[str, Any], deck: list[str], phase: str) -> Game:
    """A position whose only cards outside hands and tableaux are ``deck``: player 2 holds the
    rest, so the discard pile is empty."""
    p1_tableau = ["New Sparta"]
    used = [*p0["tableau"], *p0["hand"], *p1_tableau, *deck]
    p1 = {"tableau": p1_tableau, "hand": others(*used), "actions": ["develop", "settle"]}
    return position(p0, p1, phase=phase, deck=deck)


# ------------------------------------------------------------------ reshuffle
def test_discard_pile_is_reshuffled_when_the_deck_runs_out():
    """§9 When the deck runs out, the discard pile is shuffled into a new deck and the draw
    goes on."""
    p0 = {"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "develop"]}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]}
    deck = ["Gem World", "Spice World", "Comet Zone"]
    old_discard = len(others("Old Earth", "New Sparta", *deck))
    g = small_deck(p0, p1, deck, "explore")
    assert len(g.players[0].hand) == 7
    assert [e.data["cards"] for e in g.events if e.kind == "reshuffle"] == [old_discard]
    assert len(g.deck) == old_discard - 4 - 2
    locations(g)


def test_explore_discards_miss_a_reshuffle_during_the_draws():
    """§4 / §14.8 UNCONFIRMED, decided as [K]: everyone draws before anyone discards, so a
    reshuffle during the Explore draws does not take this phase's discards, which stay in
    the new discard pile."""
    p0 = {"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "develop"]}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]}
    g = small_deck(p0, p1, ["Gem World", "Spice World", "Comet Zone"], "explore")
    g.apply(g.decision.ids[0])
    g.apply(g.decision.ids[0])
    assert len(g.discard) == 6 + 1
    assert [e.kind for e in g.events].count("reshuffle") == 1
    locations(g)


def test_the_reshuffle_happens_as_the_last_card_is_drawn():
    """§9 The discard pile becomes the new deck at once when the deck runs out, not at the
    next draw: the two Explores take exactly the 7 + 2 cards left, so the 6 + 1 cards they
    discard stay out of the new deck."""
    p0 = {"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "develop"]}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]}
    deck = ["Gem World", "Spice World", "Comet Zone", "Mining World", "Space Port",
            "New Vinland", "Artist Colony", "Secluded World", "Distant World"]
    old_discard = len(others("Old Earth", "New Sparta", *deck))
    g = small_deck(p0, p1, deck, "explore")
    assert (len(g.players[0].hand), len(g.players[1].hand)) == (7, 2) and g.discard == []
    assert len(g.deck) == old_discard
    g.apply(g.decision.ids[0])
    g.apply(g.decision.ids[0])
    assert g.phase != "explore"
    assert len(g.discard) == 6 + 1
    assert len(g.deck) == old_discard
    locations(g)


@pytest.mark.cards("Gem World", "Spice World")
def test_a_good_can_come_from_a_reshuffled_deck():
    """§9 Goods come from the deck too, so they trigger the reshuffle the same way."""
    p0 = {"tableau": ["Old Earth", "Gem World", "Spice World"], "hand": [],
          "actions": ["produce", "develop"]}
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]}
    g = small_deck(p0, p1, ["Hive World"], "produce")
    assert g.players[0].good_count() == 2
    assert [e.kind for e in g.events].count("reshuffle") == 1
    locations(g)


@pytest.mark.cards("Gem World", "Comet Zone")
def test_no_draw_when_deck_and_discard_are_both_empty():
    """§9 If the deck and the discard pile are both empty, the draw simply doesn't happen."""
    p0 = {"tableau": ["Old Earth", "Gem World", "Comet Zone"], "hand": [],
          "actions": ["produce", "develop"]}
    g = stuck_deck(p0, ["Hive World"], "produce")
    world = g.players[0].tableau
    assert [w.good is not None for w in world] == [False, True, False]
    assert g.players[0].hand == []  # Gem World produced, but there is no card to draw
    assert [e.data["count"] for e in g.events if e.kind == "draw"] == [0]
    assert not g.deck and not g.discard
    locations(g)


# ------------------------------------------------------------------ hidden information
def card_ids(text: str) -> set[str]:
    return set(re.findall(r"\bc\d+\b", text))


def own_cards(g: Game, player: int) -> set[str]:
    p = g.players[player]
    return {c.id for c in p.hand} | {c.id for c in p.tableau}


def random_play(seed: int, rounds: int, check) -> Game:
    g = Game.new(seed=seed)
    rng = random.Random(seed)
    while g.decision is not None and g.round <= rounds:
        d = g.decision
        check(g, d)
        for _ in range(50):
            k = rng.randint(d.min, d.max)
            try:
                g.apply(rng.sample(list(d.ids), k))
                break
            except IllegalChoice:
                continue
        else:
            raise AssertionError(f"no legal random answer to {d}")
    return g


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_decision_shows_only_the_deciders_cards(seed):
    """§9 A decision names only cards its player may see: their own hand and tableau."""
    seen: Counter[int] = Counter()

    def check(g: Game, d) -> None:
        named = set().union(*(card_ids(o.id) for o in d.options)) | card_ids(d.prompt)
        assert named <= own_cards(g, d.player), d
        seen[d.player] += 1

    random_play(seed, 4, check)
    assert seen[0] and seen[1]


def test_view_hides_the_other_players_hand():
    """§9 / §14.5 game.view(1) shows player 2's own hand and only the size of player 1's hand;
    VP chips (UNCONFIRMED in the physical game) are shown for everyone, as in both engines."""
    g = position({"tableau": ["Old Earth", {"card": "Gem World", "good": True}],
                  "hand": ["Spice World", "Comet Zone", "Hive World"], "vp": 3},
                 {"tableau": ["New Sparta"], "hand": ["Artist Colony"]})
    v = g.view(1)
    assert [c["name"] for c in v["hand"]] == ["Artist Colony"]
    text = json.dumps(v)
    for name in ("Spice World", "Comet Zone", "Hive World"):
        assert name not in text
    assert not card_ids(text) & {c.id for c in g.players[0].hand}
    assert v["players"][0]["hand_size"] == 3
    # public: tableaux, goods (but not which card they are), pool, pile sizes; and VP chips:
    # §14.5 UNCONFIRMED, decided as both engines: every player's chips are shown
    assert v["players"][0]["tableau"][1] == {"id": g.players[0].tableau[1].id,
                                             "name": "Gem World", "good": True}
    assert g.players[0].tableau[1].good.id not in card_ids(text)
    assert v["players"][0]["vp"] == 3
    assert (v["vp_pool"], v["deck_size"]) == (24 - 3, len(g.deck))


def test_events_for_a_player_hide_the_others_private_draws_and_discards():
    """§9 events_for(1) hides player 1's private draws and discards: only counts are public."""
    g = position({"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "develop"]},
                 {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]},
                 phase="explore")
    mine = {o.label for o in g.decision.options}
    g.apply(g.decision.ids[0])
    theirs = [e for e in g.events_for(1) if e.actor == 0]
    assert {e.kind for e in theirs} == {"draw", "discard"}
    assert [e.data["count"] for e in theirs] == [7, 6]
    assert not any(n in e.text for e in theirs for n in mine)
    assert all(e.visible_to in (None, 1) for e in g.events_for(1))
    private = [e for e in g.events_for(0) if e.visible_to == 0]
    assert [e.kind for e in private] == ["draw_private", "discard_private"]
    assert set(private[0].data["cards"]) == mine
