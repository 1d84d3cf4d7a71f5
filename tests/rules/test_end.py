"""Rulings for the end of the round and of the game, and scoring (base-rules §10, §12.13,
§12.14)."""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game
from tests.helpers import answer, position, tableau_names

TEN = ["Gem World", "Spice World", "Comet Zone", "Artist Colony", "Mining World", "Hive World",
       "Space Marines", "Drop Ships", "Export Duties", "Asteroid Belt"]
ELEVEN = ["Alpha Centauri", "Gem World", "Spice World", "Comet Zone", "Artist Colony",
          "Mining World", "Hive World", "Space Marines", "Drop Ships", "Export Duties",
          "Asteroid Belt"]


def at(phase: str, p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    if p1 is None:
        p1 = {"tableau": ["New Sparta"], "hand": [], "actions": list(p0["actions"])}
    return position(p0, p1, phase=phase, **top)


def finished(p0: dict[str, Any], p1: dict[str, Any] | None = None) -> Game:
    """A game that ends at once: round end with the VP pool empty."""
    p0 = {"actions": ["develop", "settle"], **p0}
    g = at("round_end", p0, p1, vp_pool=0)
    assert g.is_over
    return g


# ------------------------------------------------------------------ §10.1 hand limit
def test_hand_limit_applies_only_at_round_end():
    """§10.1 / §12.13 There is no hand limit during the round; at round end a player with more
    than 10 cards discards down to 10, in secret."""
    g = at("explore", {"tableau": ["Old Earth"], "hand": TEN, "actions": ["explore11", "develop"]},
           {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]})
    g.apply(list(g.decision.ids[:2]))
    g.apply(g.decision.ids[0])
    assert len(g.players[0].hand) == 12
    d = g.decision
    assert (d.player, d.kind) == (0, "develop")  # still 12 cards, play goes on
    g.apply([])
    assert g.decision.kind == "settle"
    g.apply([])
    d = g.decision
    assert (d.player, d.kind, d.min, d.max, len(d.options)) == (0, "hand_limit", 2, 2, 12)
    gone = [d.options[0].label, d.options[5].label]
    g.apply([d.ids[0], d.ids[5]])
    assert len(g.players[0].hand) == 10
    assert g.decision.kind == "actions" and g.round == 2
    seen_by_2 = [e for e in g.events_for(1) if e.actor == 0 and e.data.get("why") == "hand limit"]
    assert [e.data["count"] for e in seen_by_2] == [2]
    assert not any(n in e.text for e in seen_by_2 for n in gone)


def test_ten_cards_is_within_the_limit():
    """§10.1 Exactly 10 cards at round end is allowed: nothing to discard."""
    g = at("round_end", {"tableau": ["Old Earth"], "hand": TEN, "actions": ["develop", "settle"]})
    assert g.decision.kind == "actions"
    assert len(g.players[0].hand) == 10


# ------------------------------------------------------------------ §10.1 game end
def test_twelve_card_tableau_ends_the_game_after_the_round_is_finished():
    """§10.1 / §12.13 A tableau reaching 12 ends the game only at round end: the rest of the
    round is played first (here a 13th card is settled)."""
    g = at("develop", {"tableau": ELEVEN, "actions": ["develop", "settle"],
                       "hand": ["Investment Credits", "Secluded World", "Rebel Miners",
                                "Radioactive World"]})
    answer(g, "Investment Credits")
    assert len(g.players[0].tableau) == 12 and not g.is_over
    assert g.decision.kind == "settle"
    answer(g, "Secluded World")
    answer(g, "Rebel Miners")
    assert len(g.players[0].tableau) == 13
    assert g.is_over and g.decision is None


def test_eleven_cards_do_not_end_the_game():
    """§10.1 The start world counts, goods don't: 11 cards (with goods) is not the end."""
    g = at("round_end", {"tableau": ["Alpha Centauri", {"card": "Gem World", "good": True},
                                     *ELEVEN[2:]], "hand": [], "actions": ["develop", "settle"]})
    assert len(g.players[0].tableau) == 11
    assert not g.is_over and g.decision.kind == "actions"


def test_a_twelve_card_tableau_at_round_end_ends_the_game():
    """§10.1 After every round the game ends if any tableau has 12 or more cards."""
    g = at("round_end", {"tableau": ["Old Earth"], "hand": [], "actions": ["develop", "settle"]},
           {"tableau": [*ELEVEN, "Secluded World"], "hand": [],
            "actions": ["develop", "settle"]})
    assert g.is_over and g.decision is None
    end = [e for e in g.events if e.kind == "game_end"]
    assert [e.data["reasons"] for e in end] == [[f"{g.players[1].name}'s tableau has 12 cards"]]


@pytest.mark.parametrize(("pool", "over"), [(1, False), (0, True), (-2, True)])
def test_vp_pool_at_or_below_zero_ends_the_game(pool, over):
    """§10.1 The game ends after the round if the VP pool is at or below 0."""
    g = at("round_end", {"tableau": ["Old Earth"], "hand": [], "actions": ["develop", "settle"]},
           vp_pool=pool)
    assert g.is_over is over
    reasons = [e.data["reasons"] for e in g.events if e.kind == "game_end"]
    assert reasons == ([["the VP chips have run out (pool 0"
                         + (f", {-pool} extra used)" if pool < 0 else ")")]] if over else [])


@pytest.mark.cards("Old Earth")
def test_empty_pool_ends_the_game_only_at_round_end():
    """§10.1 / §12.12 The pool emptying in Consume does not stop the round: Produce still runs,
    and the game ends after it."""
    g = at("consume", {"tableau": ["Old Earth", {"card": "Comet Zone", "good": True},
                                   "Gem World"], "hand": [], "actions": ["x2", "produce"]},
           vp_pool=2)
    assert g.vp_pool == 0
    assert [e.data["phase"] for e in g.events if e.kind == "phase"] == ["consume", "produce"]
    assert g.players[0].tableau[2].good is not None
    assert g.is_over


# ------------------------------------------------------------------ §10.2 scoring
@pytest.mark.cards("Doomed World", "Gem World", "Space Marines")
def test_score_is_printed_vp_plus_chips():
    """§10.2 Total = printed VP of tableau cards (Doomed World is -1) + VP chips."""
    g = finished({"tableau": ["Doomed World", {"card": "Gem World", "good": True},
                              "Space Marines"], "hand": [], "vp": 5})
    b = g.score_breakdown(0)
    assert (b["cards"], b["chips"], b["total"]) == (-1 + 1 + 1, 5, 6)
    assert g.scores()[0] == 6


@pytest.mark.cards("Galactic Federation", "Space Marines")
def test_six_cost_development_counts_itself():
    """§10.2 / §12.14 A 6-cost development scores for itself when it matches (Galactic
    Federation: 2 per 6-cost development, 1 per other development) and has no printed VP."""
    g = finished({"tableau": ["Old Earth", "Galactic Federation", "Space Marines"], "hand": []})
    b = g.score_breakdown(0)
    assert b["bonuses"] == {"Galactic Federation": 2 + 1}
    assert b["cards"] == 2 + 0 + 1
    assert b["total"] == 3 + 3


@pytest.mark.cards("Alien Tech Institute", "Alien Robotic Factory", "Deserted Alien Outpost")
def test_each_card_scores_one_line_per_six_cost_development():
    """§10.2 / §12.14 Each card scores only its first matching line: an Alien production world
    is 3 on Alien Tech Institute, not 3 + 2."""
    g = finished({"tableau": ["Old Earth", "Alien Tech Institute", "Alien Robotic Factory",
                              "Deserted Alien Outpost"], "hand": []})
    assert g.score_breakdown(0)["bonuses"] == {"Alien Tech Institute": 3 + 2 + 2}


@pytest.mark.cards("Galactic Renaissance")
def test_galactic_renaissance_one_point_per_three_chips():
    """§10.2 Galactic Renaissance: 1 VP per 3 VP chips, rounded down."""
    g = finished({"tableau": ["Old Earth", "Galactic Renaissance"], "hand": [], "vp": 8})
    assert g.score_breakdown(0)["bonuses"] == {"Galactic Renaissance": 2}


@pytest.mark.cards("New Galactic Order", "Contact Specialist", "Empath World", "Refugee World",
                   "Alpha Centauri")
def test_new_galactic_order_counts_plain_military_and_can_be_negative():
    """§10.2 New Galactic Order scores your unconditional Military; it can be negative, and
    specialised Military (Alpha Centauri vs Rare) does not count."""
    g = finished({"tableau": ["Alpha Centauri", "New Galactic Order", "Contact Specialist",
                              "Empath World", "Refugee World"], "hand": []})
    assert g.score_breakdown(0)["bonuses"] == {"New Galactic Order": 2 - 1 - 1 - 1}


# ------------------------------------------------------------------ §10.3 tie-break
def test_most_points_wins():
    """§10.2 / §10.3 The highest total wins outright; the winner is announced."""
    g = finished({"tableau": ["Old Earth"], "hand": [], "vp": 3},
                 {"tableau": ["New Sparta"], "hand": ["Gem World"], "vp": 1,
                  "actions": ["develop", "settle"]})
    assert g.scores() == [5, 2]
    assert (g.winner, g.winners) == (0, [0])
    assert [e.data["winners"] for e in g.events if e.kind == "winner"] == [[0]]


@pytest.mark.cards("Gem World")
def test_tie_is_broken_by_hand_cards_plus_goods():
    """§10.3 Tied players compare hand cards + goods on worlds (one sum)."""
    g = finished({"tableau": ["Old Earth", {"card": "Gem World", "good": True}], "hand": [],
                  "vp": 0},
                 {"tableau": ["New Sparta", "Secluded World"], "hand": ["Comet Zone"], "vp": 1,
                  "actions": ["develop", "settle"]})
    assert g.scores() == [3, 3]
    assert g.tiebreak(0) == g.tiebreak(1) == 1
    assert g.winners == [0, 1] and g.winner is None
    g = finished({"tableau": ["Old Earth", {"card": "Gem World", "good": True}],
                  "hand": ["Spice World"]},
                 {"tableau": ["New Sparta", "Secluded World"], "hand": ["Comet Zone"], "vp": 1,
                  "actions": ["develop", "settle"]})
    assert g.winners == [0] and g.winner == 0


def test_tied_after_the_tie_break_share_the_win():
    """§10.3 If the tie-break is also tied, the tied players share the win."""
    g = finished({"tableau": ["Old Earth"], "hand": ["Gem World"], "vp": 0},
                 {"tableau": ["Alpha Centauri", "Secluded World"], "hand": ["Comet Zone"],
                  "vp": 1, "actions": ["develop", "settle"]})
    assert g.scores() == [2, 2]
    assert g.winners == [0, 1]
    assert [e.data["winners"] for e in g.events if e.kind == "winner"] == [[0, 1]]


def test_game_end_leaves_no_decision():
    """§13 After the end check the game is scored and over; nothing is asked any more."""
    g = finished({"tableau": ["Old Earth"], "hand": []})
    assert g.decision is None and g.is_over
    assert tableau_names(g) == ["Old Earth"]
    assert [e.kind for e in g.events if e.kind == "score"] == ["score", "score"]
