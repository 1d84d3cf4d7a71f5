"""Rulings for Phase I, Explore (base-rules §4, §12.2)."""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import Game
from tests.helpers import answer, card_id, hand_names, position


def explore(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    if p1 is None:
        p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]}
    return position(p0, p1, phase="explore", **top)


def me(actions: list[str], tableau: tuple[str, ...] = ("Old Earth",), hand=()) -> dict:
    return {"tableau": list(tableau), "hand": list(hand), "actions": actions}


def keep_decision(g: Game, player: int = 0):
    d = g.decision
    assert (d.player, d.kind) == (player, "explore_keep")
    return d


@pytest.mark.parametrize(("actions", "draw", "keep"), [
    (["develop", "settle"], 2, 1),
    (["explore5", "settle"], 7, 1),
    (["explore11", "settle"], 3, 2),
    (["explore5", "explore11"], 8, 2),
])
def test_explore_draw_and_keep_table(actions, draw, keep):
    """§4 Draw 2 keep 1; +5: draw 7 keep 1; +1,+1: draw 3 keep 2; both (2p): draw 8 keep 2."""
    p1 = {"tableau": ["New Sparta"], "hand": [], "actions": ["explore5", "produce"]}
    g = explore(me(actions), p1)
    d = keep_decision(g)
    assert (len(d.options), d.min, d.max) == (draw, keep, keep)


def test_explore_plus_five_draws_seven_keeps_one_and_others_draw_two():
    """§12.2 Explore +5 means draw 7 keep 1; the non-chooser draws 2 and keeps 1."""
    g = explore(me(["explore5", "produce"]),
                {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "settle"]})
    g.apply(keep_decision(g).ids[0])
    d = keep_decision(g, 1)
    assert (len(d.options), d.min) == (2, 1)
    g.apply(d.ids[0])
    assert [len(p.hand) for p in g.players] == [1, 1]
    assert len(g.discard) == 6 + 1


@pytest.mark.cards("Separatist Colony")
def test_explore_draw_power_adds_to_the_draw():
    """§4 Explore "draw +N" powers add to the draw (Separatist Colony: +2), chooser or not."""
    p0 = {"tableau": ["Separatist Colony"], "hand": [], "actions": ["develop", "settle"]}
    g = explore(p0, {"tableau": ["New Sparta"], "hand": [], "actions": ["explore5", "produce"]})
    d = keep_decision(g)
    assert (len(d.options), d.min) == (4, 1)


@pytest.mark.cards("Research Labs")
def test_explore_keep_power_adds_to_the_keep():
    """§4 Explore "keep +N" powers add to the keep (Research Labs: keep +1)."""
    g = explore(me(["explore5", "develop"], ("Old Earth", "Research Labs")))
    d = keep_decision(g)
    assert (len(d.options), d.min, d.max) == (7, 2, 2)


def test_only_the_new_cards_can_be_kept_or_discarded():
    """§4 / §12.2 You keep cards only from those just drawn; cards already in hand stay."""
    g = explore(me(["explore11", "develop"], hand=["Gem World", "Spice World"]))
    old = {card_id(g, "Gem World"), card_id(g, "Spice World")}
    d = keep_decision(g)
    assert not old & set(d.ids)
    g.apply(list(d.ids[1:]))
    assert old <= {c.id for c in g.players[0].hand}
    assert len(g.players[0].hand) == 4
    assert [c.id for c in g.discard] == [d.ids[0]]


def test_explored_cards_not_kept_are_discarded_face_down():
    """§4 / §9 The cards not kept go to the discard pile; only their owner learns their names."""
    g = explore(me(["explore5", "develop"]))
    d = keep_decision(g)
    names = [o.label for o in d.options]
    g.apply(d.ids[3])
    g.apply(g.decision.ids[0])
    gone = [n for i, n in enumerate(names) if i != 3]
    assert sorted(c.name for c in g.discard[:6]) == sorted(gone)
    assert hand_names(g) == [names[3]]
    mine = [e for e in g.events_for(1) if e.actor == 0]
    assert [e.data["count"] for e in mine if e.kind == "discard"] == [6]
    assert not [e for e in mine if e.kind.endswith("_private")]


def test_everyone_draws_before_anyone_chooses():
    """§4 Everyone draws first, then all choose: player 2 already holds its explored cards
    while player 1 decides."""
    g = explore(me(["explore5", "develop"]),
                {"tableau": ["New Sparta"], "hand": [], "actions": ["explore11", "settle"]})
    keep_decision(g)
    assert len(g.players[1].hand) == 3
    g.apply(g.decision.ids[0])
    d = keep_decision(g, 1)
    assert set(d.ids) == {c.id for c in g.players[1].hand}


@pytest.mark.cards("Galactic Renaissance", "Galactic Survey: SETI")
def test_explore_powers_stack_with_both_bonuses():
    """§4 draw = 2 + 5 + 1 + every draw power, keep = 1 + 1 + every keep power."""
    g = explore(me(["explore5", "explore11"],
                   ("Old Earth", "Galactic Renaissance", "Galactic Survey: SETI")))
    d = keep_decision(g)
    assert (len(d.options), d.min) == (2 + 5 + 1 + 2 + 2, 1 + 1 + 1)
    answer(g, *[o.label for o in d.options[:3]])
    assert len(g.players[0].hand) == 3
