"""Independent audit of ``SoloGame`` against the TGS rulebook's "Solitaire Game" section.

Expectations are derived from the rulebook text and, for values the text leaves to the printed
components, from the assumed defaults in components.json (written without reading the robot's
code, as a second reading of the rules beside test_robot_phases.py).
Positions are scripted through the public API (``deck`` and ``dice``); where a number cannot be
reached from a start world, the test sets it on ``game.robot`` after set-up and says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import SoloGame

# The player's opening six: dear cards the quiet player never places.
HAND = ["Rebel Homeworld", "Rebel Base", "Rebel Outpost", "Rebel Colony",
        "Lost Alien Battle Fleet", "Alien Robotic Factory"]
STARTS = ("Old Earth", "Epsilon Eridani", "Alpha Centauri", "New Sparta", "Earth's Lost Colony",
          "Separatist Colony", "Ancient Race", "Damaged Alien Factory", "Doomed World")


def new(robot: str, stack: list[str] | None = None, later: list[str] | None = None,
        dice: list[tuple[str, str]] | None = None, **kw: Any) -> SoloGame:
    """A game with the robot on ``robot`` and a player start world without draws or goods.

    ``stack``: the robot's opening draw stack, top first (must be 4 cards, 3 for Ancient Race);
    ``later``: the draw pile after the player's opening six (``HAND``), top first.
    """
    player = kw.pop("player", "Old Earth" if robot == "New Sparta" else "New Sparta")
    deck = None
    if stack is not None:
        deck = list(stack) + HAND + list(later or [])
    return SoloGame.new(seed=kw.pop("seed", 5), robot_start=robot, player_start=player,
                        deck=deck, dice=dice, **kw)


def quiet(g: SoloGame) -> None:
    """Answer every decision but the next round's action choice with the least the player can."""
    while g.decision is not None and g.decision.kind != "actions":
        d = g.decision
        g.apply(["done"] if "done" in d.ids else list(d.ids[: d.min]))


def round_(g: SoloGame, *actions: str) -> None:
    """Play one round with the player's two ``actions``, quietly."""
    quiet(g)
    assert g.decision is not None and g.decision.kind == "actions"
    g.apply(list(actions))
    quiet(g)


def ev(g: SoloGame, kind: str | None = None, phase: str | None = None,
       rnd: int | None = None) -> list[Any]:
    return [e for e in g.events if e.actor == "robot" and (kind is None or e.kind == kind)
            and (phase is None or e.phase == phase) and (rnd is None or e.round == rnd)]


def draws(g: SoloGame, phase: str | None = None) -> list[int]:
    """Card counts of the robot's draws in play (set-up excluded)."""
    return [e.data["count"] for e in ev(g, "robot_draw", phase) if e.phase != "setup"]


def rows(g: SoloGame, phase: str, rnd: int | None = None) -> list[str]:
    return [e.data["row"] for e in ev(g, phase=phase, rnd=rnd)]


def spaces(g: SoloGame) -> list[tuple[str, str]]:
    return [(p.face, p.space) for p in g.robot.dice]


# --------------------------------------------------------------------------- setup

def test_setup_robot_start_world_holds_no_good():
    """Rulebook: the robot's tableau is a stack of cards "without any goods"."""
    for world in ("Alpha Centauri", "Ancient Race"):
        g = new(world, player="Old Earth")
        assert g.robot.start.good is None
        assert g.robot.tableau == [world]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_setup_unused_start_worlds_go_into_the_deck(seed):
    """Rulebook: "Shuffle the other start worlds into the deck" (all 7 unused ones)."""
    g = SoloGame.new(seed=seed)
    r = g.robot
    elsewhere = [c.name for c in [*g.deck, *r.stack, *g.players[0].hand]]
    assert sorted(n for n in elsewhere if n in STARTS) == sorted(
        set(STARTS) - {g.players[0].tableau[0].name, r.start.name})
    goods = sum(1 for c in g.players[0].tableau if c.good is not None)
    assert len(g.deck) + len(r.stack) + len(g.players[0].hand) + goods == 136 - 2


def test_setup_24_chips_and_player_keeps_four_of_six():
    """Rulebook: "Set out 24 VP chips"; "deal six cards to yourself. Choose four of them"."""
    g = new("Epsilon Eridani")
    assert g.vp_pool == 24
    d = g.decision
    assert d.kind == "initial_discard" and (d.min, d.max) == (2, 2)
    assert len(g.players[0].hand) == 6
    g.apply(list(d.ids[:2]))
    assert len(g.players[0].hand) == 4


# --------------------------------------------------------------------------- placing dice

def test_two_match_faces_under_both_explore_markers_are_both_explore_actions():
    """Rulebook: two match dice go under both markers; both Explores: draw 3, credit +1."""
    g = new("Old Earth", dice=[("match", "match")])
    round_(g, "explore5", "explore11")
    assert sorted(s for _f, s in spaces(g)) == ["explore1", "explore2"]
    assert draws(g, "explore") == [3]
    assert g.robot.credit == 2
    assert len(g.robot.stack) == 4 + 3


def test_two_match_faces_under_both_consume_markers_are_both_consume_actions():
    """Rulebook: two match dice under Trade and x2 are "Both Consume actions"."""
    g = new("Epsilon Eridani", dice=[("match", "match")])
    round_(g, "trade", "x2")
    assert sorted(s for _f, s in spaces(g)) == ["trade", "x2"]
    r = g.robot
    assert (r.vp_chips, r.credit, r.economy) == (2, 3, 2)
    assert {e.data["rule"] for e in ev(g, phase="consume")} == {"Both Consume actions"}


def test_single_match_stays_on_second_space_when_other_die_is_on_the_first():
    """Rulebook: no shift left "if the other die is already in that space" (two Develops)."""
    g = new("Old Earth", stack=["Gem World", "Public Works", "Spice World", "Mining Robots"],
            later=["New Vinland", "Space Port"], dice=[("develop", "match")])
    round_(g, "develop", "develop2")
    assert spaces(g) == [("develop", "develop1"), ("match", "develop2")]
    assert rows(g, "develop") and set(rows(g, "develop")) == {"action"}
    assert set(rows(g, "develop2")) == {"action"}
    assert draws(g, "develop") == [1] and draws(g, "develop2") == [1]
    assert g.robot.tableau == ["Old Earth", "Public Works", "Mining Robots"]
    assert g.robot.draw_stack == ["New Vinland", "Space Port"]
    assert g.robot.credit == 1


def test_single_match_shifts_left_under_two_settle_markers():
    """Rulebook: both markers on a pair: the match die shifts to its first space."""
    g = new("Old Earth", dice=[("produce", "match")])
    round_(g, "settle", "settle2")
    assert spaces(g) == [("produce", "produce"), ("match", "settle1")]
    assert set(rows(g, "settle")) == {"action"}
    assert set(rows(g, "settle2")) == {"response"}


def test_single_match_goes_under_other_marker_when_right_most_is_taken_in_play():
    """Rulebook: right-most marker already has a die: the match die goes under the other."""
    g = new("Epsilon Eridani", dice=[("produce", "match")])
    round_(g, "trade", "produce")
    assert spaces(g) == [("produce", "produce"), ("match", "trade")]
    r = g.robot
    assert (r.credit, r.vp_chips, r.economy) == (1 + 2, 1, 1 + 1)
    assert [e.data["rule"] for e in ev(g, "robot_vp")] == ["Consume: Trade action"]


def test_single_match_goes_under_right_most_marker():
    """Rulebook: one match face goes below the right-most player action marker."""
    g = new("Old Earth", dice=[("settle", "match")])
    round_(g, "explore5", "produce")
    assert spaces(g) == [("settle", "settle1"), ("match", "produce")]
    assert rows(g, "explore") == ["response"]
    assert g.robot.economy == 1


def test_match_after_single_settle_die_on_the_same_space_goes_under_other_marker():
    """Rulebook: Settle + match vs Explore + Settle: match goes under Explore (an action)."""
    g = new("Old Earth", dice=[("settle", "match")])
    round_(g, "explore5", "settle")
    assert spaces(g) == [("settle", "settle1"), ("match", "explore1")]
    assert rows(g, "explore").count("response") == 0
    assert draws(g, "explore") == [1] and g.robot.credit == 2


@pytest.mark.parametrize("world, face", [
    ("Old Earth", "trade"), ("Ancient Race", "trade"), ("Damaged Alien Factory", "trade"),
    ("Earth's Lost Colony", "x2"), ("Epsilon Eridani", "settle"), ("Alpha Centauri", "settle"),
    ("New Sparta", "settle"), ("Doomed World", "settle"), ("Separatist Colony", "explore"),
])
def test_robot_face_is_read_through_each_start_worlds_counter(world, face):
    """Rulebook: a robot face reads as the "robot =" counter (faces assumed per robot.md)."""
    g = new(world, dice=[("produce", "robot")])
    round_(g, "develop", "develop2")
    pair = {"settle": "settle1", "explore": "explore1"}
    assert spaces(g) == [("produce", "produce"), (face, pair.get(face, face))]
    phase = {"trade": "consume", "x2": "consume"}.get(face, face)
    assert rows(g, phase)[0] == ("special" if world == "Doomed World" else "action")


def test_robot_face_and_same_pair_face_fill_both_settle_spaces():
    """Rulebook: single face takes the left space; a second Settle takes the right one."""
    g = new("Epsilon Eridani", dice=[("settle", "robot")])
    round_(g, "produce", "trade")
    assert sorted(s for _f, s in spaces(g)) == ["settle1", "settle2"]
    assert draws(g, "settle") == [3] and draws(g, "settle2") == [3]
    assert set(rows(g, "settle2")) == {"action"}


def test_robot_face_reads_x2_with_trade_die_is_both_consume_actions():
    """Rulebook: Trade + robot (= x2) is both Consume actions: 2x VP, credit +2, economy +1."""
    g = new("Earth's Lost Colony", dice=[("trade", "robot")])
    round_(g, "explore5", "produce")
    r = g.robot
    assert (r.vp_chips, r.credit, r.economy) == (2, 3, 2)


def test_player_resolves_each_phase_before_the_robot():
    """Rulebook: "Resolve actions for each selected phase, from left to right, player first"."""
    g = new("Old Earth", dice=[("explore", "x2")])
    round_(g, "explore5", "produce")
    explore = [e for e in g.events if e.phase == "explore"]
    first_player = next(i for i, e in enumerate(explore) if e.actor == 0)
    first_robot = next(i for i, e in enumerate(explore) if e.actor == "robot")
    assert first_player < first_robot
    order = [e.phase for e in ev(g) if e.round == 1 and e.phase != "action"]
    assert order.index("explore") < order.index("consume") < order.index("produce")


def test_robot_only_phase_is_played_by_the_player_too():
    """Rulebook + base rules: a phase the robot's dice select is played by the player too."""
    g = new("Old Earth", dice=[("explore", "x2")])
    round_(g, "develop", "produce")
    assert any(e.actor == 0 and e.phase == "explore" for e in g.events)


# --------------------------------------------------------------------------- Explore

def test_explore_response_to_one_player_explore_draws_one_without_credit():
    """Rulebook: "Explore response: draw 1 card" (no credit change)."""
    g = new("Old Earth", dice=[("produce", "x2")])
    round_(g, "explore5", "produce")
    assert draws(g, "explore") == [1]
    assert g.robot.credit == 1 and len(g.robot.stack) == 5


def test_explore_action_credit_stays_at_the_top_of_the_track():
    """Rulebook: "its maximum credit is 4" (Explore action at credit 4)."""
    g = new("Old Earth", dice=[("explore", "x2")])
    g.robot.credit = 4
    round_(g, "x2", "produce")
    assert g.robot.credit == 4 and draws(g, "explore") == [1]


def test_no_explore_phase_for_robot_when_nobody_explores():
    """Rulebook: no die and no player choice: the robot does nothing in that phase."""
    g = new("Old Earth", dice=[("produce", "x2")])
    round_(g, "develop", "settle")
    assert ev(g, phase="explore") == []


# --------------------------------------------------------------------------- Develop

def test_develop_action_counter_with_exactly_two_credit():
    """Rulebook: counter on action with "2 or more credit": place it, credit -2, skip Develop."""
    g = new("Alpha Centauri", dice=[("develop", "x2")])
    stack = g.robot.draw_stack
    round_(g, "produce", "trade")
    r = g.robot
    assert r.tableau == ["Alpha Centauri", "6-cost counter"]
    assert (r.credit, r.counters_left) == (0, 0)
    assert r.draw_stack == stack and draws(g, "develop") == []


def test_develop_action_with_one_credit_does_not_place_a_counter():
    """Rulebook: with 1 credit the counter check fails and the regular Develop action runs."""
    g = new("Old Earth", stack=["Gem World", "Public Works", "Spice World", "New Vinland"],
            dice=[("develop", "x2")])
    round_(g, "produce", "trade")
    r = g.robot
    assert r.counters_left == 1
    assert r.tableau == ["Old Earth", "Public Works"]
    assert r.credit == 1 and draws(g, "develop") == [1]


def test_develop_response_counter_with_exactly_three_credit():
    """Rulebook: counter on response with "3 or more credit" (2 start + 1 Explore = 3)."""
    g = new("Alpha Centauri", dice=[("explore", "x2")])
    round_(g, "develop", "produce")
    r = g.robot
    assert rows(g, "develop") == ["response", "response"]
    assert r.tableau == ["Alpha Centauri", "6-cost counter"]
    assert r.credit == 0
    assert len(r.stack) == 4 + 1


def test_develop_response_with_two_credit_flips_instead_of_placing_a_counter():
    """Rulebook: response with 2 credit: no counter (needs 3); flip, place, pay 1."""
    g = new("Alpha Centauri", stack=["Gem World", "Mining Robots", "Spice World", "New Vinland"],
            dice=[("produce", "x2")])
    round_(g, "develop", "trade")
    r = g.robot
    assert r.counters_left == 1
    assert r.tableau == ["Alpha Centauri", "Mining Robots"]
    assert r.credit == 1 and draws(g, "develop") == []


def test_develop_response_without_credit_ignores_counters_and_draws_nothing():
    """Rulebook: "Develop response: if the robot has no credit, do nothing"."""
    g = new("Ancient Race", dice=[("produce", "x2")], difficulty="hard")
    stack = g.robot.draw_stack
    round_(g, "develop", "settle")
    assert g.robot.counters_left == 3 and g.robot.draw_stack == stack
    assert [e.kind for e in ev(g, phase="develop")] == ["nothing"]


def test_two_develop_actions_counter_then_regular():
    """Rulebook: the counter check runs "for each selected Develop phase"."""
    g = new("Alpha Centauri", stack=["Gem World", "Public Works", "Spice World",
                                     "New Vinland"], later=["Space Port"],
            dice=[("develop", "match")], difficulty="medium")
    round_(g, "develop", "develop2")
    r = g.robot
    assert r.tableau == ["Alpha Centauri", "Public Works", "6-cost counter"]
    assert (r.credit, r.counters_left) == (0, 1)
    assert draws(g, "develop") == [] and draws(g, "develop2") == [1]


def test_develop_action_without_credit_discards_every_six_cost_and_may_find_none():
    """Rulebook: 6-cost found with no credit: "discard it and continue flipping cards"."""
    g = new("Ancient Race", stack=["Galactic Federation", "Gem World", "Spice World"],
            later=["Alien Tech Institute"], dice=[("develop", "x2")])
    round_(g, "produce", "trade")
    r = g.robot
    assert r.tableau == ["Ancient Race"] and r.draw_stack == [] and r.credit == 0
    gone = {c.name for c in g.discard}
    assert {"Galactic Federation", "Alien Tech Institute", "Gem World", "Spice World"} <= gone
    assert ev(g, "flip_none", "develop")


def test_develop_action_six_cost_with_one_credit_costs_one():
    """Rulebook: 6-cost found with positive credit: "decrease its credit by 1 and place it"."""
    g = new("Old Earth", stack=["Gem World", "Galactic Federation", "Public Works", "Spice World"],
            dice=[("develop", "x2")])
    round_(g, "produce", "trade")
    assert g.robot.tableau == ["Old Earth", "Galactic Federation"]
    assert g.robot.credit == 0 and g.robot.counters_left == 1


def test_develop_response_with_credit_and_empty_stack_places_nothing_and_keeps_credit():
    """Rulebook: flip to find stops when the draw stack is exhausted; nothing is paid."""
    g = new("Old Earth", dice=[("produce", "x2")])
    g.discard.extend(g.robot.stack)
    g.robot.stack.clear()
    round_(g, "develop", "trade")
    assert g.robot.credit == 1 and g.robot.tableau == ["Old Earth"]
    assert ev(g, "flip_none", "develop")


# --------------------------------------------------------------------------- Settle

def test_settle_action_skips_military_worlds_and_developments_and_costs_nothing():
    """Rulebook: "Settle action: draw 3 cards and flip to find a non-military world"."""
    g = new("Ancient Race", stack=["Rebel Miners", "Public Works", "Hive World"],
            later=["Gem World", "Spice World", "Space Port"], dice=[("settle", "x2")])
    round_(g, "produce", "trade")
    r = g.robot
    assert draws(g, "settle") == [3]
    assert r.tableau == ["Ancient Race", "Gem World"]
    assert r.credit == 0 and r.draw_stack == ["Spice World", "Space Port"]


def test_settle_action_without_a_non_military_world_places_nothing():
    """Rulebook: Settle action places a world only "if one is found"."""
    g = new("Old Earth", stack=["Rebel Miners", "Public Works", "Hive World", "Mining Robots"],
            later=["Pirate World", "Space Marines", "Outlaw World"], dice=[("settle", "x2")])
    round_(g, "produce", "trade")
    assert g.robot.tableau == ["Old Earth"] and g.robot.draw_stack == []
    assert g.robot.credit == 1


def test_settle_response_with_one_credit_places_and_pays():
    """Rulebook: Settle response: draw 2, flip; if found, credit -1 and place it."""
    g = new("Old Earth", stack=["Rebel Miners", "Gem World", "Spice World", "Space Port"],
            dice=[("produce", "x2")])
    round_(g, "settle", "trade")
    r = g.robot
    assert draws(g, "settle") == [2]
    assert r.tableau == ["Old Earth", "Gem World"] and r.credit == 0


@pytest.mark.parametrize("world, draw", [("Epsilon Eridani", 2), ("New Sparta", 3),
                                         ("Separatist Colony", 2)])
def test_military_settlers_respond_with_zero_credit_and_find_military(world, draw):
    """Rulebook: EE/NS/SC find military worlds, need no positive credit on response."""
    g = new(world, stack=["Gem World", "Public Works", "Rebel Miners", "Spice World"],
            dice=[("produce", "x2")])
    g.robot.credit = 0
    round_(g, "settle", "trade")
    r = g.robot
    assert draws(g, "settle") == [draw]
    assert r.tableau == [world, "Rebel Miners"] and r.credit == 0


def test_alpha_centauri_responds_with_zero_credit_non_military():
    """Rulebook: Alpha Centauri needs no positive credit to Settle on response."""
    g = new("Alpha Centauri", stack=["Rebel Miners", "Public Works", "Gem World", "Spice World"],
            dice=[("produce", "x2")])
    g.robot.credit = 0
    round_(g, "settle", "trade")
    r = g.robot
    assert draws(g, "settle") == [2]
    assert r.tableau == ["Alpha Centauri", "Gem World"] and r.credit == 0


def test_military_settler_settle_action_ignores_non_military_worlds():
    """Rulebook: Epsilon Eridani's Settle action flips to find military worlds instead."""
    g = new("Epsilon Eridani", stack=["Gem World", "Spice World", "Public Works", "Hive World"],
            dice=[("settle", "x2")])
    round_(g, "produce", "trade")
    assert g.robot.tableau == ["Epsilon Eridani", "Hive World"]
    assert g.robot.credit == 1


def test_ordinary_settle_response_with_zero_credit_draws_nothing():
    """Rulebook example: Settle response with 0 credit: "It does nothing" (no draw)."""
    g = new("Damaged Alien Factory", dice=[("produce", "x2")])
    g.robot.credit = 0
    stack = g.robot.draw_stack
    round_(g, "settle", "develop")
    assert g.robot.draw_stack == stack and draws(g, "settle") == []


# --------------------------------------------------------------------------- Doomed World

def test_doomed_world_first_settle_flips_the_draw_pile_for_3vp_non_military():
    """Rulebook: Doomed World's first Settle action: draw pile, 3+ VP non-military world."""
    g = new("Doomed World", stack=["Gem World", "Spice World", "Space Port", "New Vinland"],
            later=["Rebel Underground", "Comet Zone", "Public Works", "Deserted Alien Outpost",
                   "Galactic Studios"], dice=[("settle", "x2")])
    round_(g, "produce", "trade")
    r = g.robot
    assert r.tableau == ["Deserted Alien Outpost"]
    assert (r.credit, r.economy) == (1 + 2, 0 + 1 + 1)
    assert r.draw_stack == ["Gem World", "Spice World", "Space Port", "New Vinland"]
    gone = {c.name for c in g.discard}
    assert {"Rebel Underground", "Comet Zone", "Public Works", "Doomed World"} <= gone
    assert g.deck[-1].name == "Galactic Studios"
    # x2 after Settle: economy 1 -> 2 chips
    assert r.vp_chips == 2


def test_doomed_world_special_settle_happens_once():
    """Rulebook: only Doomed World's first Settle action is special."""
    g = new("Doomed World", stack=["Gem World", "Spice World", "Space Port", "New Vinland"],
            later=["Deserted Alien Outpost", "Public Works", "Mining Robots", "Comet Zone"],
            dice=[("settle", "x2"), ("settle", "x2")])
    round_(g, "produce", "x2")
    round_(g, "produce", "x2")
    r = g.robot
    assert r.tableau == ["Deserted Alien Outpost", "Gem World"]
    assert draws(g, "settle") == [3]


def test_doomed_world_scores_minus_one_while_in_tableau():
    """Rulebook: the robot scores its "tableau VPs" (Doomed World printed -1)."""
    g = new("Doomed World", dice=[("produce", "x2")])
    assert g.scores()[1] == -1


# --------------------------------------------------------------------------- Consume

def test_player_trade_robot_x2_gives_only_the_x2_action():
    """Rulebook: no Consume response when the robot rolled a Consume (x2 action only)."""
    g = new("Epsilon Eridani", dice=[("settle", "x2")])
    round_(g, "trade", "produce")
    r = g.robot
    assert [e.data["rule"] for e in ev(g, "robot_vp")] == ["Consume: 2x VPs action"]
    assert (r.vp_chips, r.economy, r.credit) == (2, 1 + 1, 1)


def test_both_player_consumes_robot_trade_gives_only_the_trade_action():
    """Rulebook: Trade action: credit +2, VP = economy; no response beside it."""
    g = new("Epsilon Eridani", dice=[("trade", "explore")])
    round_(g, "trade", "x2")
    r = g.robot
    assert [e.data["rule"] for e in ev(g, "robot_vp")] == ["Consume: Trade action"]
    assert (r.vp_chips, r.credit, r.economy) == (1, 1 + 1 + 2, 1)


def test_consume_response_with_zero_economy_gives_no_chips():
    """Rulebook: Consume response gives VP chips equal to its economy size (0 here)."""
    g = new("Old Earth", dice=[("produce", "explore")])
    round_(g, "trade", "develop")
    assert g.robot.vp_chips == 0 and g.vp_pool == 24


def test_consume_response_uses_economy_before_produce():
    """Rulebook: phases left to right: Consume response uses economy before Produce."""
    g = new("Epsilon Eridani", dice=[("produce", "explore")])
    round_(g, "x2", "develop")
    assert (g.robot.vp_chips, g.robot.economy) == (1, 2)


def test_x2_action_at_economy_five_gives_ten_and_stays_five():
    """Rulebook: x2 action: 2 x economy VP, then economy +1, capped at 5."""
    g = new("Old Earth", dice=[("produce", "x2")])
    g.robot.economy = 5
    round_(g, "develop", "settle")
    assert g.robot.vp_chips == 10 and g.robot.economy == 5 and g.vp_pool == 14


def test_both_consume_actions_at_the_top_of_both_tracks():
    """Rulebook: both Consume actions at credit 4 / economy 5: tracks do not pass the top."""
    g = new("Earth's Lost Colony", dice=[("trade", "x2")])
    g.robot.credit, g.robot.economy = 4, 5
    round_(g, "explore5", "produce")
    assert (g.robot.vp_chips, g.robot.credit, g.robot.economy) == (10, 4, 5)


# --------------------------------------------------------------------------- Produce

def test_produce_action_and_player_produce_raise_economy_once():
    """Rulebook example: player and robot both Produce: economy +1 once."""
    g = new("Old Earth", dice=[("produce", "explore")])
    round_(g, "produce", "develop")
    assert g.robot.economy == 1
    assert rows(g, "produce") == ["action"]


def test_produce_response_changes_nothing():
    """Rulebook: "Produce response: the robot does nothing"."""
    g = new("Old Earth", dice=[("settle", "explore")])
    before = (g.robot.credit, g.robot.economy)
    round_(g, "produce", "develop")
    assert rows(g, "produce") == ["response"]
    assert (g.robot.credit, g.robot.economy) == before


# --------------------------------------------------------------------------- Old Earth, DAF

def test_old_earth_keeps_its_counter_after_a_consume_response():
    """Rulebook: Old Earth swaps after its first Trade *action*, not after a response."""
    g = new("Old Earth", dice=[("produce", "explore"), ("produce", "robot")])
    round_(g, "trade", "develop")
    assert g.robot.robot_face == "trade"
    round_(g, "develop", "settle")
    assert ("trade", "trade") in spaces(g)


def test_old_earth_keeps_its_counter_after_an_x2_action():
    """Rulebook: an x2 action is no Trade action: Old Earth keeps its "robot =" counter."""
    g = new("Old Earth", dice=[("produce", "x2")])
    round_(g, "develop", "settle")
    assert g.robot.robot_face == "trade"


def test_old_earth_robot_face_reads_x2_after_its_first_trade_action():
    """Rulebook: after Old Earth's first Trade action its "robot =" counter reads x2."""
    g = new("Old Earth", dice=[("trade", "explore"), ("produce", "robot"),
                               ("trade", "explore")])
    round_(g, "develop", "settle")
    assert g.robot.robot_face == "x2"
    round_(g, "develop", "settle")
    assert ("x2", "x2") in spaces(g)
    round_(g, "develop", "settle")
    assert g.robot.robot_face == "x2"


def test_damaged_alien_factory_flips_back_and_forth():
    """Rulebook: DAF flips after every Trade and every Produce action (faces assumed)."""
    g = new("Damaged Alien Factory", dice=[("trade", "explore"), ("trade", "explore"),
                                           ("produce", "explore"), ("produce", "explore"),
                                           ("trade", "explore")])
    faces = []
    for _ in range(5):
        round_(g, "develop", "settle")
        faces.append(g.robot.robot_face)
    assert faces == ["x2", "x2", "trade", "trade", "x2"]


def test_damaged_alien_factory_robot_face_trade_then_produce_in_one_round():
    """Rulebook: DAF robot face read as $; Trade flips it, the same round's Produce back."""
    g = new("Damaged Alien Factory", dice=[("produce", "robot")])
    round_(g, "develop", "settle")
    assert ("trade", "trade") in spaces(g)
    kinds = [(e.data["old"], e.data["new"]) for e in ev(g, "robot_face")]
    assert kinds == [("trade", "x2"), ("x2", "trade")]


# --------------------------------------------------------------------------- draw pile, limits

def test_robot_draw_reshuffles_the_discard_pile_when_the_draw_pile_is_empty():
    """Base rules (robot.md): an empty draw pile is refilled from the shuffled discards."""
    g = new("Old Earth", dice=[("explore", "x2")])
    quiet(g)
    g.discard.extend(g.deck)
    g.deck.clear()
    n = len(g.discard)
    round_(g, "produce", "trade")
    assert any(e.kind == "reshuffle" for e in g.events)
    assert draws(g, "explore") == [1] and len(g.robot.stack) == 5
    assert len(g.deck) + len(g.discard) == n - 2  # the player also explores and keeps 1


def test_robot_draw_stops_when_both_piles_are_empty():
    """robot.md: with draw and discard piles empty, the draw simply stops."""
    g = new("Old Earth", dice=[("explore", "explore")])
    quiet(g)
    g.deck.clear()
    g.discard.clear()
    round_(g, "produce", "trade")
    assert draws(g, "explore") == [0] and len(g.robot.stack) == 4
    assert g.robot.credit == 2


def test_robot_has_no_hand_limit():
    """Rulebook: "discard down to 10 cards (the robot has no hand limit)"."""
    g = new("Old Earth", dice=[("explore", "explore")])
    quiet(g)
    for _ in range(8):
        g.robot.stack.append(g.deck.pop(0))
    round_(g, "produce", "trade")
    assert len(g.robot.stack) == 12 + 3
    assert not [e for e in g.events if e.kind == "hand_limit" and e.actor == "robot"]


# --------------------------------------------------------------------------- game end

def test_pool_reaching_exactly_zero_ends_the_game_at_round_end():
    """Rulebook: the game ends at the round end in which the 24 VP chips are exhausted."""
    g = new("Epsilon Eridani", dice=[("x2", "produce")])
    quiet(g)
    g.vp_pool = 2
    round_(g, "develop", "settle")
    assert g.vp_pool == 0 and g.is_over and g.round == 1
    assert g.robot.economy == 1 + 1 + 1  # x2 then Produce: the round is finished


def test_pool_with_chips_left_does_not_end_the_game():
    """Rulebook: a pool with chips left does not end the game."""
    g = new("Epsilon Eridani", dice=[("x2", "produce")])
    quiet(g)
    g.vp_pool = 3
    round_(g, "develop", "settle")
    assert g.vp_pool == 1 and not g.is_over


def test_robot_takes_extra_chips_beyond_an_exhausted_pool():
    """Rulebook: "use extra VP chips to finish out the round"."""
    g = new("Old Earth", dice=[("trade", "x2")])
    quiet(g)
    g.vp_pool = 1
    g.robot.economy = 3
    round_(g, "develop", "settle")
    assert g.robot.vp_chips == 6 and g.vp_pool == -5 and g.is_over


def test_player_tableau_of_twelve_ends_the_game():
    """Rulebook: the player's tableau of 12 or more cards ends the game at round end."""
    g = new("Old Earth", dice=[("produce", "explore")])
    quiet(g)
    me = g.players[0]
    for _ in range(11):
        me.tableau.append(g.deck.pop(0))
    round_(g, "develop", "settle")
    assert len(me.tableau) == 12 and g.is_over


def test_robot_tableau_of_twelve_by_settle_ends_the_game():
    """Rulebook: the robot's tableau of 12 or more cards ends the game at round end."""
    g = new("Old Earth", stack=["Gem World", "Spice World", "Space Port", "New Vinland"],
            dice=[("settle", "x2")])
    quiet(g)
    for _ in range(10):
        g.robot.cards.append(g.deck.pop(0))
    round_(g, "produce", "trade")
    assert g.robot.tableau_size == 12 and g.is_over


def test_robot_tableau_counts_counters_toward_twelve():
    """Rulebook: placed 6-cost counters count "as one card apiece" toward 12."""
    g = new("Alpha Centauri", dice=[("develop", "match")], difficulty="hard")
    quiet(g)
    for _ in range(9):
        g.robot.cards.append(g.deck.pop(0))
    g.robot.credit = 4
    round_(g, "develop", "develop2")
    assert g.robot.counters_placed == 2 and g.robot.tableau_size == 12 and g.is_over


# --------------------------------------------------------------------------- scoring

@pytest.mark.parametrize("level, each", [("easy", 6), ("medium", 6), ("hard", 9)])
def test_robot_score_chips_printed_vp_and_six_cost_cards_and_counters(level, each):
    """Rulebook: robot score = chips + tableau VP, 6-cost cards/counters at 6 or 9."""
    g = new("Old Earth", stack=["Galactic Federation", "Gem World", "Spice World",
                                "Space Port"], later=["Space Marines", "Rebel Warrior Race"],
            dice=[("develop", "x2")], difficulty=level)
    quiet(g)
    r = g.robot
    r.credit = 1
    round_(g, "produce", "trade")  # 1 credit: Galactic Federation, not a counter
    assert r.tableau == ["Old Earth", "Galactic Federation"]
    r.counters_left -= 1
    r.counters_placed += 1
    r.vp_chips = 4
    r.cards.append(next(c for c in g.deck if c.name == "Rebel Warrior Race"))
    assert g.scores()[1] == 4 + 2 + 2 + each + each


def test_tie_break_uses_robot_credit_plus_economy():
    """Rulebook: robot tie-breaker = credit + economy; player's = hand + goods."""
    g = new("Epsilon Eridani", dice=[("produce", "explore")])
    quiet(g)
    g.vp_pool = 0
    round_(g, "develop", "settle")
    assert g.is_over
    me, r = g.players[0], g.robot
    r.vp_chips += g.scores()[0] - g.scores()[1]
    assert g.scores()[0] == g.scores()[1]
    mine = len(me.hand) + me.good_count()
    r.credit, r.economy = 1, mine - 1
    assert g.tiebreak(1) == mine and g.winner is None
    r.economy = mine
    assert g.winner == 1
    r.credit, r.economy = 0, mine - 1
    assert g.winner == 0


def test_robot_events_carry_their_rule():
    """Every robot step names the rulebook rule it follows (data["rule"])."""
    g = new("Old Earth", dice=[("develop", "match"), ("settle", "trade")])
    round_(g, "explore5", "produce")
    round_(g, "settle", "x2")
    assert all(e.data.get("rule") for e in ev(g))
    assert list(g.timeline()["rule"])


def test_doomed_world_two_settle_dice_first_is_special_second_is_regular():
    """Rulebook: two Settle dice for Doomed World: first special, second regular."""
    g = new("Doomed World", stack=["Gem World", "Spice World", "Space Port", "New Vinland"],
            later=["Deserted Alien Outpost", "Public Works", "Mining Robots", "Comet Zone"],
            dice=[("settle", "robot")])
    round_(g, "produce", "trade")
    r = g.robot
    assert set(rows(g, "settle")) == {"special"} and set(rows(g, "settle2")) == {"action"}
    assert r.tableau == ["Deserted Alien Outpost", "Gem World"]
    assert draws(g, "settle2") == [3]
    assert (r.credit, r.economy) == (3, 1)


def test_dice_carry_two_robot_faces_on_one_die_and_a_match_face_each():
    """Rulebook: "the two robot faces (on one of the dice)"; match faces on both dice."""
    g = new("Old Earth")
    a, b = g.components.get("dice", "a"), g.components.get("dice", "b")
    assert (a.count("robot"), b.count("robot")) == (0, 2)
    assert "match" in a and "match" in b
    assert {"explore", "develop", "settle", "trade", "x2", "produce"} <= set(a) | set(b)
