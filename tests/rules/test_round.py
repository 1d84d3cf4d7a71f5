"""Rulings for the round (base-rules §3 round structure, §3.1 the 2-player advanced game,
§11 timing, §13 order), and for illegal answers to every kind of decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice
from tests.helpers import answer, card_id, pass_until, position, tableau_names


def pos(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    """A position; the quiet opponent holds New Sparta and copies player 1's actions."""
    if p1 is None:
        acts = list(p0.get("actions", [])) if top.get("phase", "action") != "action" else []
        p1 = {"tableau": ["New Sparta"], "hand": [], "actions": acts}
    return position(p0, p1, **top)


def phases(g: Game) -> list[str]:
    return [e.data["phase"] for e in g.events if e.kind == "phase"]


def to_round(g: Game, n: int = 2) -> None:
    """Answer every decision with its minimum until round ``n``'s action selection."""
    while (d := g.decision) is not None and not (d.kind == "actions" and g.round >= n):
        g.apply(list(d.ids[: d.min]))


def drawn(g: Game, player: int, why: str = "Explore") -> int:
    return sum(e.data["count"] for e in g.events
               if e.kind == "draw" and e.actor == player and e.data.get("why") == why)


# ------------------------------------------------------------------ §3 action selection
def test_actions_are_chosen_in_secret_and_revealed_together():
    """§3 (1) / §9 Actions are chosen secretly; nobody sees a pick until all have chosen."""
    g = pos({"tableau": ["Old Earth"], "hand": []},
                 {"tableau": ["Alpha Centauri"], "hand": []})
    assert (g.decision.player, g.decision.kind) == (0, "actions")
    g.apply(["explore5", "produce"])
    assert (g.decision.player, g.decision.kind) == (1, "actions")
    assert g.players[0].actions == ()
    assert g.view(1)["players"][0]["actions"] == []
    assert not [e for e in g.events_for(1) if e.kind == "actions"]
    g.apply(["develop", "settle"])
    assert g.players[0].actions == ("explore5", "produce")
    assert g.players[1].actions == ("develop", "settle")
    assert [e.actor for e in g.events if e.kind == "actions"] == [0, 1]


@pytest.mark.parametrize("pick", [
    ["explore5", "explore5"], ["develop2", "settle"], ["settle2", "produce"], ["produce"],
    ["develop", "settle", "produce"],
])
def test_advanced_game_needs_two_different_legal_actions(pick):
    """§3.1 Two different actions each; a 2nd Develop/Settle only together with the 1st."""
    g = pos({"tableau": ["Old Earth"], "hand": []})
    with pytest.raises(IllegalChoice):
        g.apply(pick)
    assert g.decision.kind == "actions" and g.decision.player == 0


@pytest.mark.parametrize("pick", [["develop", "develop2"], ["settle", "settle2"],
                                  ["explore5", "explore11"], ["trade", "x2"]])
def test_advanced_game_allows_both_cards_of_one_phase(pick):
    """§3.1 Both Explore, both Develop, both Settle or both Consume cards may be chosen."""
    g = pos({"tableau": ["Old Earth"], "hand": []})
    g.apply(pick)
    assert g.decision.player == 1


def test_basic_game_has_seven_action_cards_and_one_pick():
    """§1.3 / §3.1 The basic 2-player game (and 3+ players) is one action from the 7 cards."""
    for g in (pos({"tableau": ["Old Earth"], "hand": []}, advanced=False),
              Game.new(players=3, seed=4)):
        while g.decision.kind != "actions":
            g.apply(list(g.decision.ids[: g.decision.min]))
        d = g.decision
        assert (d.min, d.max) == (1, 1)
        assert set(d.ids) == {"explore5", "explore11", "develop", "settle", "trade", "x2",
                              "produce"}


# ------------------------------------------------------------------ §3 phases
def test_phases_run_in_order_and_only_when_chosen():
    """§3 (2) / §13 Phases run I-V in order, and a phase nobody chose does not happen."""
    g = pos({"tableau": ["Old Earth"], "hand": ["Gem World", "Spice World", "Space Marines"]},
                 {"tableau": ["Alpha Centauri"], "hand": ["Artist Colony"]})
    g.apply(["produce", "explore5"])
    g.apply(["settle", "develop"])
    to_round(g)
    assert phases(g) == ["explore", "develop", "settle", "produce"]
    assert g.round == 2 and g.decision.kind == "actions"


def test_non_choosers_take_part_but_get_no_bonus():
    """§3 (2) / §12.1 Everyone takes part in a chosen phase; only the chooser gets the bonus."""
    g = pos({"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "trade"]},
                 {"tableau": ["Alpha Centauri"], "hand": [], "actions": ["develop", "settle"]},
                 phase="explore")
    d = g.decision
    assert (d.player, len(d.options), d.min) == (0, 7, 1)
    g.apply(d.ids[0])
    d = g.decision
    assert (d.player, len(d.options), d.min) == (1, 2, 1)


def test_a_phase_chosen_by_both_players_happens_once_with_both_bonuses():
    """§3 (2) If several players chose the same action, the phase happens once and each gets
    the bonus."""
    g = pos({"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "trade"]},
                 {"tableau": ["Alpha Centauri"], "hand": [], "actions": ["explore5", "settle"]},
                 phase="explore")
    to_round(g)
    assert phases(g).count("explore") == 1
    assert drawn(g, 0) == drawn(g, 1) == 7
    assert len(g.players[0].hand) == len(g.players[1].hand) == 1


# ------------------------------------------------------------------ §3.1 advanced specifics
def test_both_explore_cards_draw_eight_keep_two():
    """§3.1 Both Explore cards: one Explore phase with both bonuses, draw 8 and keep 2."""
    g = pos({"tableau": ["Old Earth"], "hand": ["Gem World"],
                  "actions": ["explore5", "explore11"]}, phase="explore")
    d = g.decision
    assert (d.player, d.kind, len(d.options), d.min, d.max) == (0, "explore_keep", 8, 2, 2)
    g.apply(list(d.ids[:2]))
    assert len(g.players[0].hand) == 3


@pytest.mark.cards("Old Earth")
def test_both_consume_cards_trade_first_then_consume_at_double():
    """§3.1 Both Consume cards: one Consume phase, trade first, then consume powers at x2."""
    g = pos({"tableau": ["Old Earth", {"card": "Spice World", "good": True},
                              {"card": "Gem World", "good": True},
                              {"card": "Artist Colony", "good": True}],
                  "hand": [], "actions": ["trade", "x2"]},
                 {"tableau": ["Alpha Centauri"], "hand": [], "actions": ["develop", "settle"]},
                 phase="consume")
    d = g.decision
    assert d.kind == "trade"
    answer(g, card_id(g, "Spice World", zone="tableau"))
    assert len(g.players[0].hand) == 2 + 1 + 2  # Novelty 2, Old Earth +1, Spice World +2
    # Old Earth is the only consume power and takes both goods: forced, so not asked.
    assert g.players[0].vp == 4  # 2 goods x 1 VP, doubled
    assert g.players[0].good_count() == 0
    assert phases(g) == ["consume"]


def develop_costs(g: Game) -> dict[str, int]:
    return {o.label: o.data["cost"] for o in g.decision.options}


def test_both_develop_cards_give_two_phases_and_the_bonus_only_where_chosen():
    """§3.1 / §12.4 Both Develop cards: two Develop phases. The double chooser gets -1 in both;
    a player who chose only Develop gets -1 in the 1st phase only."""
    g = pos({"tableau": ["Old Earth"], "actions": ["develop", "develop2"],
                  "hand": ["Space Marines", "Export Duties", "Gem World", "Spice World",
                           "Artist Colony"]},
                 {"tableau": ["Alpha Centauri"], "actions": ["develop", "settle"],
                  "hand": ["Drop Ships", "Colony Ship", "Comet Zone", "Mining World",
                           "Asteroid Belt", "Hive World", "Rebel Miners", "Secluded World"]},
                 phase="develop")
    assert develop_costs(g)["Space Marines"] == 1
    answer(g, "Export Duties")
    assert develop_costs(g) == {"Drop Ships": 3, "Colony Ship": 1}
    answer(g, "Colony Ship")
    answer(g, "Comet Zone")  # pays 1 for Colony Ship
    assert g.phase == "develop2"
    assert (g.decision.player, develop_costs(g)) == (0, {"Space Marines": 1})
    g.apply([])
    assert g.decision.player == 1
    assert develop_costs(g) == {"Drop Ships": 4}
    assert phases(g) == ["develop", "develop2"]


def settle_bonuses(g: Game, player: int) -> list[str]:
    return [e.phase for e in g.events
            if e.kind == "draw" and e.actor == player and e.data["why"] == "Settle bonus"]


@pytest.mark.cards("Alpha Centauri")
def test_both_settle_cards_give_two_phases_and_the_bonus_only_where_chosen():
    """§3.1 / §12.4 Both Settle cards: two Settle phases, each may place a world; the double
    chooser draws the bonus card in both, a single chooser only in the 1st."""
    g = pos({"tableau": ["Old Earth"], "actions": ["settle", "settle2"],
             "hand": ["Artist Colony", "Secluded World", "Comet Zone", "Hive World"]},
            {"tableau": ["Alpha Centauri"], "actions": ["settle", "produce"],
             "hand": ["Destroyed World", "Radioactive World", "Gem World"]},
            phase="settle")
    answer(g, "Artist Colony")
    answer(g, "Destroyed World")  # Rare, cost 1 - 1 (Alpha Centauri): free
    answer(g, "Comet Zone")  # player 1 pays for Artist Colony
    assert g.phase == "settle2"
    answer(g, "Secluded World")
    pass_until(g, 1, "settle")
    answer(g, "Radioactive World")  # Rare, cost 2 - 1: pays 1
    pass_until(g, 1, "pay")
    answer(g, "Gem World")
    assert tableau_names(g, 0) == ["Old Earth", "Artist Colony", "Secluded World"]
    assert tableau_names(g, 1) == ["Alpha Centauri", "Destroyed World", "Radioactive World"]
    assert settle_bonuses(g, 0) == ["settle", "settle2"]
    assert settle_bonuses(g, 1) == ["settle"]
    assert phases(g) == ["settle", "settle2", "produce"]


@pytest.mark.cards("Investment Credits")
def test_a_development_placed_in_the_first_develop_works_in_the_second():
    """§3.1 / §11 A card placed in the 1st Develop phase is active in the 2nd."""
    g = pos({"tableau": ["Old Earth"], "actions": ["develop", "develop2"],
                  "hand": ["Investment Credits", "Drop Ships", "Gem World", "Spice World",
                           "Artist Colony"]}, phase="develop")
    assert develop_costs(g) == {"Investment Credits": 0, "Drop Ships": 3}
    answer(g, "Investment Credits")
    assert g.phase == "develop2"
    assert develop_costs(g) == {"Drop Ships": 2}


@pytest.mark.cards("Blaster Gem Mines", "Rebel Fuel Cache")
def test_a_world_placed_in_the_first_settle_works_in_the_second():
    """§3.1 / §11 A world placed in the 1st Settle phase adds its Military in the 2nd."""
    g = pos({"tableau": ["Old Earth"], "actions": ["settle", "settle2"],
                  "hand": ["Blaster Gem Mines", "Rebel Fuel Cache", "Gem World", "Spice World",
                           "Artist Colony"]}, phase="settle")
    assert "Rebel Fuel Cache" not in [o.label for o in g.decision.options]
    answer(g, "Blaster Gem Mines")
    pass_until(g, 0, "pay")
    answer(g, "Gem World", "Spice World", "Artist Colony")
    assert g.phase == "settle2"
    answer(g, "Rebel Fuel Cache")
    assert "Rebel Fuel Cache" in tableau_names(g)


# ------------------------------------------------------------------ §11 / §13 timing
@pytest.mark.cards("Mining Robots", "Mining World")
def test_a_development_placed_in_develop_works_in_the_same_rounds_settle():
    """§11 / §13 Powers are read afresh each phase: Mining Robots placed in Develop lowers a
    Rare world's cost in the Settle of the same round."""
    g = pos({"tableau": ["Old Earth"], "actions": ["develop", "settle"],
                  "hand": ["Mining Robots", "Mining World", "Gem World", "Spice World",
                           "Artist Colony", "Comet Zone"]},
                 phase="develop")
    answer(g, "Mining Robots")
    answer(g, "Gem World")
    answer(g, "Mining World")
    assert g.decision.kind == "pay" and g.decision.min == 2
    assert g.decision.context["cost"] == 2


@pytest.mark.cards("Gem World")
def test_a_world_placed_in_settle_produces_in_the_same_rounds_produce():
    """§11 / §13 A world placed in Settle produces in the same round's Produce."""
    g = pos({"tableau": ["Old Earth"], "actions": ["settle", "produce"],
                  "hand": ["Gem World", "Spice World", "Artist Colony"]}, phase="settle")
    answer(g, "Gem World")  # pays both other cards: forced, not asked
    to_round(g)
    assert g.players[0].tableau[1].good is not None
    assert len(g.players[0].hand) == 1 + 1  # Settle bonus + Gem World draw


def test_after_the_round_the_next_round_starts_with_action_selection():
    """§3 (3) / §13 After the last phase comes round end, then the next round's actions."""
    g = pos({"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "produce"]},
                 phase="explore")
    to_round(g)
    assert (g.round, g.phase, g.decision.kind, g.decision.player) == (2, "action", "actions", 0)


# ------------------------------------------------------------------ illegal answers
def _actions() -> Game:
    return pos({"tableau": ["Old Earth"], "hand": []})


def _initial() -> Game:
    return Game.new(seed=2)


def _explore_keep() -> Game:
    return pos({"tableau": ["Old Earth"], "hand": [], "actions": ["explore5", "produce"]},
                    phase="explore")


def _develop() -> Game:
    return pos({"tableau": ["Old Earth"], "actions": ["develop", "produce"],
                     "hand": ["Drop Ships", "Space Marines", "Gem World", "Spice World",
                              "Artist Colony"]}, phase="develop")


def _pay() -> Game:
    g = _develop()
    answer(g, "Drop Ships")
    return g


def _settle() -> Game:
    return pos({"tableau": ["Old Earth", "Colony Ship"], "actions": ["settle", "produce"],
                     "hand": ["Comet Zone", "Gem World", "Spice World", "Artist Colony"]},
                    phase="settle")


def _settle_method() -> Game:
    g = _settle()
    answer(g, "Comet Zone")
    return g


def _trade() -> Game:
    return pos({"tableau": ["Alpha Centauri", {"card": "Gem World", "good": True},
                                 {"card": "Comet Zone", "good": True}],
                     "hand": [], "actions": ["trade", "produce"]}, phase="consume")


def _consume_power() -> Game:
    return pos({"tableau": ["Old Earth", "Deficit Spending",
                                 {"card": "Gem World", "good": True}],
                     "hand": ["Spice World"], "actions": ["x2", "produce"]}, phase="consume")


def _consume_goods() -> Game:
    g = pos({"tableau": ["Old Earth", {"card": "Gem World", "good": True},
                              {"card": "Comet Zone", "good": True},
                              {"card": "Spice World", "good": True}],
                  "hand": [], "actions": ["x2", "produce"]}, phase="consume")
    return g


def _consume_discard() -> Game:
    g = pos({"tableau": ["Alpha Centauri", "Deficit Spending"],
             "hand": ["Gem World", "Spice World", "Comet Zone"],
             "actions": ["x2", "produce"]}, phase="consume")
    g.apply(g.decision.ids[0])
    return g


def _windfall() -> Game:
    return pos({"tableau": ["Old Earth", "Asteroid Belt", "Radioactive World"],
                     "hand": [], "actions": ["produce", "trade"]}, phase="produce")


def _military_discard() -> Game:
    g = pos({"tableau": ["Old Earth", "Space Mercenaries"],
                  "actions": ["settle", "produce"],
                  "hand": ["Rebel Miners", "Gem World", "Spice World", "Artist Colony"]},
                 phase="settle")
    answer(g, "Rebel Miners")
    return g


def _hand_limit() -> Game:
    names = ["Gem World", "Spice World", "Comet Zone", "Artist Colony", "Mining World",
             "Hive World", "Space Marines", "Drop Ships", "Colony Ship", "Export Duties",
             "Asteroid Belt", "Destroyed World"]
    return pos({"tableau": ["Old Earth"], "hand": names, "actions": ["produce", "trade"]},
                    phase="round_end")


BUILDERS: dict[str, Callable[[], Game]] = {
    "actions": _actions, "initial_discard": _initial, "explore_keep": _explore_keep,
    "develop": _develop, "pay": _pay, "settle": _settle, "settle_method": _settle_method,
    "trade": _trade, "consume_power": _consume_power, "consume_goods": _consume_goods,
    "consume_discard": _consume_discard, "windfall": _windfall,
    "military_discard": _military_discard, "hand_limit": _hand_limit,
}


def bad_answers(g: Game) -> list[Any]:
    d = g.decision
    ids = list(d.ids)
    bad: list[Any] = ["nope", ["nope"], [ids[0], "c99999"], [ids[0], ids[0]],
                      3, None, [1], (ids[0], 7), b"c1", {ids[0]}, {ids[0]: 1}]
    if d.min > 0:
        bad.append(ids[: d.min - 1])
    if len(ids) > d.max:
        bad.append(ids[: d.max + 1])
    if d.max > 1:
        bad.append([ids[0]] * d.max)
    return bad


def assert_unchanged_by(g: Game, choice: Any) -> None:
    before, events, log = g.snapshot(), list(g.events), g.choices
    with pytest.raises(IllegalChoice):
        g.apply(choice)
    assert g.snapshot() == before
    assert g.events == events
    assert g.choices == log


@pytest.mark.cards("Deficit Spending", "Space Mercenaries", "Colony Ship")
@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_every_illegal_answer_raises_and_changes_nothing(kind):
    """§3-§10 (decision protocol) A wrong id, a wrong count, a repeated id or a non-string
    answer raises IllegalChoice and leaves the game, its events and its log unchanged."""
    g = BUILDERS[kind]()
    assert g.decision.kind == kind
    for choice in bad_answers(g):
        assert_unchanged_by(g, choice)
    d = g.decision
    g.apply(list(d.ids[: max(d.min, 1)]))  # a legal answer still works
    assert g.choices


def test_illegal_action_pair_changes_nothing():
    """§3.1 A 2nd Develop without Develop is refused and changes nothing."""
    g = _actions()
    assert_unchanged_by(g, ["develop2", "produce"])
    assert_unchanged_by(g, ["settle2", "settle2"])


def test_answering_a_finished_game_is_illegal():
    """§10 When the game is over there is no decision; an answer raises IllegalChoice."""
    g = pos({"tableau": ["Old Earth"], "hand": [], "actions": ["produce", "trade"]},
                 phase="round_end", vp_pool=0)
    assert g.decision is None and g.is_over
    assert_unchanged_by(g, "explore5")
