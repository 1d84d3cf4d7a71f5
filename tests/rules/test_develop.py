"""Rulings for Phase II, Develop (base-rules §5, §11, §12.3, §12.4, §12.15)."""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game
from tests.helpers import answer, card_id, hand_names, position, tableau_names

FILLER = ["Gem World", "Spice World", "Artist Colony", "Comet Zone", "Mining World"]


def develop(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    if p1 is None:
        p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["settle", "produce"]}
    return position(p0, p1, phase="develop", **top)


def me(hand: list[str], tableau: tuple[str, ...] = ("Old Earth",),
       actions: tuple[str, ...] = ("develop", "produce")) -> dict[str, Any]:
    return {"tableau": list(tableau), "hand": hand, "actions": list(actions)}


def costs(g: Game) -> dict[str, int]:
    return {o.label: o.data["cost"] for o in g.decision.options}


def test_placing_a_development_is_optional():
    """§5.2 Each player may place 0 or 1 development; passing is always allowed."""
    g = develop(me(["Space Marines", *FILLER]))
    d = g.decision
    assert (d.kind, d.min, d.max) == ("develop", 0, 1)
    before = [c.id for c in g.players[0].hand]
    g.apply([])
    assert tableau_names(g) == ["Old Earth"]
    assert [c.id for c in g.players[0].hand] == before


def test_picks_are_secret_and_revealed_together():
    """§5.2 / §9 Developments are chosen face down and placed together: player 2 chooses
    before player 1's pick is shown or placed."""
    g = develop(me(["Space Marines", *FILLER]),
                {"tableau": ["New Sparta"], "actions": ["settle", "produce"],
                 "hand": ["Export Duties", "Hive World", "Asteroid Belt"]})
    answer(g, "Space Marines")
    assert (g.decision.player, g.decision.kind) == (1, "develop")
    assert tableau_names(g) == ["Old Earth"]
    assert not [e for e in g.events if e.kind == "place"]
    assert "Space Marines" in hand_names(g)
    answer(g, "Export Duties")
    assert [e.actor for e in g.events if e.kind == "place"] == [0, 1]


@pytest.mark.cards("Space Marines")
def test_no_second_copy_in_your_own_tableau_but_an_opponents_is_fine():
    """§5.3 / §12.15 You may not place a development whose design is in your own tableau;
    another player's copy does not matter."""
    g = develop(me(["Space Marines", "Export Duties", *FILLER], ("Old Earth", "Space Marines")),
                {"tableau": ["New Sparta", "Export Duties"], "actions": ["settle", "produce"],
                 "hand": []})
    assert set(costs(g)) == {"Export Duties"}


def test_only_affordable_developments_are_offered():
    """§5.3 A development is offered only if its cost after reductions is at most the number
    of other cards in hand."""
    g = develop(me(["Drop Ships", "Space Marines", "Gem World", "Spice World"],
                   actions=("settle", "produce")),
                {"tableau": ["New Sparta"], "actions": ["develop", "produce"], "hand": []})
    assert costs(g) == {"Space Marines": 2}  # Drop Ships costs 4 > 3 other cards
    g = develop(me(["Drop Ships", "Space Marines", "Gem World", "Spice World"]))
    assert costs(g) == {"Drop Ships": 3, "Space Marines": 1}


def test_develop_bonus_only_for_the_chooser():
    """§5.4 / §12.4 The Develop chooser pays 1 less; a player who did not choose it pays full."""
    g = develop(me(["Space Marines", *FILLER]),
                {"tableau": ["New Sparta"], "actions": ["settle", "produce"],
                 "hand": ["Space Marines", "Hive World", "Asteroid Belt", "Radioactive World"]})
    assert costs(g) == {"Space Marines": 1}
    g.apply([])
    assert costs(g) == {"Space Marines": 2}


@pytest.mark.cards("Investment Credits", "Galactic Federation")
def test_reductions_stack_and_never_go_below_zero():
    """§5.4 Cost = printed - 1 (chooser) - Develop reductions, never below 0."""
    g = develop(me(["Export Duties", "Drop Ships", "Galactic Trendsetters", *FILLER],
                   ("Old Earth", "Investment Credits", "Galactic Federation")))
    assert costs(g)["Export Duties"] == 0
    assert costs(g)["Drop Ships"] == 0
    answer(g, "Drop Ships")
    assert g.decision is None or g.decision.kind != "pay"
    assert "Drop Ships" in tableau_names(g)
    assert len(g.players[0].hand) == 7


def test_payment_is_exact_and_the_card_does_not_pay_for_itself():
    """§5.4 / §12.3 Pay by discarding exactly the cost from hand; the placed card is not one
    of the payment cards, and paid cards go to the discard pile."""
    g = develop(me(["Drop Ships", *FILLER]))
    answer(g, "Drop Ships")
    d = g.decision
    assert (d.kind, d.min, d.max) == ("pay", 3, 3)
    assert card_id(g, "Drop Ships", zone="tableau") not in d.ids
    assert set(d.ids) == {card_id(g, n) for n in FILLER}
    answer(g, "Gem World", "Spice World", "Comet Zone")
    assert sorted(hand_names(g)) == ["Artist Colony", "Mining World"]
    assert sorted(c.name for c in g.discard) == ["Comet Zone", "Gem World", "Spice World"]


@pytest.mark.cards("Interstellar Bank")
def test_start_of_phase_draw_happens_even_without_placing():
    """§5.1 Start-of-phase draws (Interstellar Bank) happen for their owner whether or not
    they place a development, and before anyone chooses."""
    g = develop(me(["Space Marines", *FILLER]),
                {"tableau": ["New Sparta", "Interstellar Bank"], "actions": ["settle", "produce"],
                 "hand": []})
    assert len(g.players[1].hand) == 1
    g.apply([])
    assert len(g.players[1].hand) == 1
    assert [e.actor for e in g.events if e.kind == "draw"] == [1]


@pytest.mark.cards("Public Works")
def test_after_developing_draw_needs_a_placed_development():
    """§5.5 "After developing" draws (Public Works) come after paying, only if you placed."""
    g = develop(me(["Space Marines", *FILLER], ("Old Earth", "Public Works")))
    answer(g, "Space Marines")
    answer(g, "Gem World")
    kinds = [e.kind for e in g.events if e.actor == 0 and e.kind in ("discard", "draw")]
    assert kinds == ["discard", "draw"]
    assert len(g.players[0].hand) == len(FILLER) - 1 + 1
    g = develop(me(["Space Marines", *FILLER], ("Old Earth", "Public Works")))
    g.apply([])
    assert len(g.players[0].hand) == 1 + len(FILLER)


@pytest.mark.cards("Public Works")
def test_a_new_development_does_not_work_in_its_own_phase():
    """§5.6 / §11 A development's powers start in the next phase: Public Works placed now does
    not draw for itself."""
    g = develop(me(["Public Works", *FILLER], actions=("settle", "produce")),
                {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "produce"]})
    answer(g, "Public Works")
    answer(g, "Gem World")
    assert not [e for e in g.events if e.kind == "draw"]
    assert len(g.players[0].hand) == len(FILLER) - 1


@pytest.mark.cards("Investment Credits")
def test_a_new_reduction_does_not_lower_its_own_phases_payment():
    """§5.6 / §11 Investment Credits placed this phase does not reduce what you pay in it."""
    g = develop(me(["Investment Credits", *FILLER], actions=("settle", "produce")),
                {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "produce"]})
    assert costs(g) == {"Investment Credits": 1}
    answer(g, "Investment Credits")
    assert g.decision.kind == "pay" and g.decision.min == 1
