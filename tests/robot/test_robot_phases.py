"""The robot's actions and responses, phase by phase (TGS rulebook, "Solitaire Game").

Every worked example of "Resolving Robot Actions / Responses" is a test here, quoted in its
docstring. Positions are scripted with ``deck`` and ``dice``; where an example needs a credit,
economy or draw-stack size that no start world gives, the test sets it on ``game.robot`` after
set-up and says so.

The small helpers at the top are shared by the other robot test files.
"""

from __future__ import annotations

from typing import Any

import pytest

from rftg_nb import SoloGame
from rftg_nb.players import quiet_pick

# Six cards for the player's opening hand: dear worlds the quiet player never places.
HAND = ["Rebel Homeworld", "Rebel Base", "Rebel Outpost", "Rebel Colony",
        "Lost Alien Battle Fleet", "Alien Robotic Factory"]


def solo(robot: str, stack: list[str] | None = None, later: list[str] | None = None,
         dice: list[tuple[str, str]] | None = None, player: str | None = None,
         **kw: Any) -> SoloGame:
    """A solitaire game with the robot on ``robot``.

    ``stack`` is the robot's opening draw stack (top first); ``later`` the cards drawn after
    the player's opening hand (``HAND``), in order. The player's start world has no draws or
    goods of its own (New Sparta, or Old Earth when the robot has New Sparta).
    """
    if player is None:
        player = "Old Earth" if robot == "New Sparta" else "New Sparta"
    deck = None
    if stack is not None:
        deck = list(stack) + (HAND + list(later or []) if later is not None else [])
    return SoloGame.new(seed=7, robot_start=robot, player_start=player, deck=deck, dice=dice,
                        **kw)


quiet = quiet_pick  # the player's do-nothing answer, shared with the other robot test files


def play_round(g: SoloGame, *actions: str) -> None:
    """Choose ``actions`` and play the round out quietly, to the next round's actions."""
    if g.decision is not None and g.decision.kind == "initial_discard":
        g.apply(list(g.decision.ids[-2:]))
    assert g.decision is not None and g.decision.kind == "actions", g.decision
    g.apply(list(actions))
    while g.decision is not None and g.decision.kind != "actions":
        g.apply(quiet(g.decision))


def robot_events(g: SoloGame, phase: str | None = None, rnd: int | None = None,
                 kind: str | None = None) -> list[Any]:
    """The robot's events, optionally of one phase, round and kind."""
    return [e for e in g.events if e.actor == "robot"
            and (phase is None or e.phase == phase) and (rnd is None or e.round == rnd)
            and (kind is None or e.kind == kind)]


def flips(g: SoloGame, phase: str | None = None) -> list[str]:
    return [e.data["card"] for e in robot_events(g, phase, kind="flip")]


def drawn(g: SoloGame, phase: str) -> list[int]:
    return [e.data["count"] for e in robot_events(g, phase, kind="robot_draw")]


def trim_stack(g: SoloGame, n: int) -> None:
    """Test set-up: keep the top ``n`` cards of the robot's draw stack (the rest are discarded)."""
    g.discard.extend(g.robot.stack[n:])
    del g.robot.stack[n:]


def give_robot(g: SoloGame, n: int) -> None:
    """Test set-up: move ``n`` cards from the draw pile into the robot's tableau stack."""
    for _ in range(n):
        g.robot.cards.append(g.deck.pop(0))


# --------------------------------------------------------------------------- Explore

def test_explore_action_draws_one_and_adds_one_credit():
    """Rulebook: "Explore action: draw 1 card and increase the robot's credit by 1"."""
    g = solo("Old Earth", dice=[("explore", "x2")])
    play_round(g, "produce", "trade")
    assert drawn(g, "explore") == [1]
    assert len(g.robot.stack) == 4 + 1
    assert g.robot.credit == 2
    credit = robot_events(g, "explore", kind="credit")
    assert [(e.data["old"], e.data["new"]) for e in credit] == [(1, 2)]


def test_explore_action_on_both_spaces_draws_three_and_adds_one_credit():
    """Rulebook: "(draw 3 cards total and increase the robot's credit by 1 if the robot
    selected both Explore actions)"."""
    g = solo("Old Earth", dice=[("explore", "explore")])
    play_round(g, "produce", "trade")
    assert drawn(g, "explore") == [3]
    assert g.robot.credit == 2
    assert len(g.robot.stack) == 4 + 3


def test_explore_response_draws_one_even_for_both_player_explores():
    """Rulebook: "Explore response: draw 1 card (even if the player chose both Explore
    actions)"."""
    g = solo("Old Earth", dice=[("produce", "x2")])
    play_round(g, "explore5", "explore11")
    assert drawn(g, "explore") == [1]
    assert g.robot.credit == 1
    assert [e.data["row"] for e in robot_events(g, "explore")] == ["response"]


# --------------------------------------------------------------------------- Develop

def test_develop_example_one_credit_two_cards_rolls_develop():
    """Rulebook example: "Suppose you select Develop as one of your actions and the robot,
    with 1 credit and 2 cards in its draw stack, rolls Develop (plus some other action).
    After resolving your Develop, transfer 1 card to the robot's draw stack and flip over
    cards from it, one at a time. On your second flip, you find a non-6 development and place
    it in the robot's tableau stack. The robot ends with 1 credit and 1 card in its draw
    stack."

    Old Earth's robot starts with credit 1; the test trims its draw stack to 2 cards. The other
    die is x2 (after Develop; it changes neither credit nor the draw stack).
    """
    g = solo("Old Earth", stack=["Gem World", "Mining Robots", "Spice World", "New Vinland"],
             later=["Comet Zone"], dice=[("develop", "x2")])
    trim_stack(g, 2)
    play_round(g, "develop", "produce")
    r = g.robot
    assert drawn(g, "develop") == [1]
    assert flips(g, "develop") == ["Gem World", "Mining Robots"]
    assert r.tableau == ["Old Earth", "Mining Robots"]
    assert r.credit == 1
    assert r.draw_stack == ["Comet Zone"]


def test_develop_example_counter_on_action_then_response_flips():
    """Rulebook example: "Later, you select Develop for both your actions and the robot
    matches your first Develop (and rolls some other action). The robot has 4 credit, 5 cards
    in its draw stack, and two unplaced 6-development counters. After resolving your first
    Develop, place one of its 6-development counters next to its tableau stack and decrease
    the robot's credit by 2. Since it placed a 6-cost development counter, skip the robot's
    normal Develop action and do not draw or flip any cards. After resolving your second
    Develop, resolve the robot's response. Since it now has only 2 credit, do not place its
    other 6-development counter (this costs 3 credit on response), but instead begin flipping
    over cards (since the robot has positive credit). After finding a 2 cost development on
    its third flip, place it in the robot's tableau stack and decrease its credit by 1. The
    robot ends with 1 credit and 2 cards in its draw stack."

    Medium difficulty gives two counters. The test sets credit 4 and puts a fifth card under
    the draw stack. The other die is Produce (after Develop).
    """
    g = solo("Old Earth", stack=["Gem World", "Hive World", "Colony Ship", "Spice World"],
             later=["New Vinland"], dice=[("produce", "match")], difficulty="medium")
    r = g.robot
    r.stack.append(g.deck.pop())  # New Vinland, the top of the draw pile
    r.credit = 4
    assert r.counters_left == 2 and len(r.stack) == 5
    play_round(g, "develop", "develop2")
    assert [(p.face, p.space) for p in r.dice] == [("produce", "produce"), ("match", "develop1")]
    first = robot_events(g, "develop")
    assert [e.kind for e in first] == ["counter", "credit"]
    assert first[1].data["new"] == 2
    assert drawn(g, "develop2") == []
    assert flips(g, "develop2") == ["Gem World", "Hive World", "Colony Ship"]
    assert r.tableau == ["Old Earth", "Colony Ship", "6-cost counter"]
    assert (r.counters_left, r.counters_placed) == (1, 1)
    assert r.credit == 1
    assert r.draw_stack == ["Spice World", "New Vinland"]


def test_develop_action_discards_a_six_cost_development_without_credit():
    """Rulebook: "If a 6-cost development is found and the robot has positive credit,
    decrease its credit by 1 and place it; otherwise discard it and continue flipping"
    (Ancient Race's robot starts with credit 0)."""
    g = solo("Ancient Race", stack=["Galactic Federation", "Gem World", "Public Works"],
             later=[], dice=[("develop", "x2")])
    play_round(g, "produce", "trade")
    seen = [(e.data["card"], e.data["found"]) for e in robot_events(g, "develop", kind="flip")]
    assert seen == [("Galactic Federation", True), ("Galactic Federation", False),
                    ("Gem World", False), ("Public Works", True)]
    assert g.robot.tableau == ["Ancient Race", "Public Works"]
    assert "Galactic Federation" in [c.name for c in g.discard]
    assert g.robot.credit == 0


def test_develop_action_places_a_six_cost_development_for_one_credit():
    """Rulebook: "If a 6-cost development is found and the robot has positive credit,
    decrease its credit by 1 and place it"."""
    g = solo("Old Earth", stack=["Galactic Federation", "Gem World", "Public Works",
                                 "Spice World"], dice=[("develop", "x2")])
    play_round(g, "produce", "trade")
    assert g.robot.tableau == ["Old Earth", "Galactic Federation"]
    assert g.robot.credit == 0


def test_develop_response_without_credit_does_nothing():
    """Rulebook: "Develop response: if the robot has no credit, do nothing"."""
    g = solo("Ancient Race", dice=[("produce", "x2")])
    stack = list(g.robot.draw_stack)
    play_round(g, "develop", "trade")
    assert [e.kind for e in robot_events(g, "develop")] == ["nothing"]
    assert g.robot.draw_stack == stack


def test_develop_response_pays_one_even_for_a_non_six_development():
    """Rulebook: "If one is found, whether or not it is a 6-cost development, decrease the
    robot's credit by 1 and place it" (and the response draws nothing)."""
    g = solo("Old Earth", stack=["Gem World", "Public Works", "Spice World", "New Vinland"],
             dice=[("produce", "x2")])
    play_round(g, "develop", "trade")
    assert drawn(g, "develop") == []
    assert g.robot.tableau == ["Old Earth", "Public Works"]
    assert g.robot.credit == 0


# --------------------------------------------------------------------------- Settle

def test_settle_example_zero_credit_other_actions_does_nothing():
    """Rulebook example: "You select Settle and the robot, with 0 credit, rolls two other
    actions. It does nothing."

    Ancient Race's robot starts with 0 credit. Its dice are both Consume actions (after
    Settle)."""
    g = solo("Ancient Race", dice=[("trade", "x2")])
    stack = list(g.robot.draw_stack)
    play_round(g, "settle", "produce")
    events = robot_events(g, "settle")
    assert [(e.kind, e.data["rule"]) for e in events] == [("nothing", "Settle response")]
    assert g.robot.draw_stack == stack
    assert g.robot.tableau == ["Ancient Race"]


@pytest.mark.parametrize("found", [False, True])
def test_settle_example_action_then_response(found):
    """Rulebook example: "Later, you select both Settle actions and the robot matches the
    first Settle action (and rolls some other action). The robot has credit 2 and a draw stack
    of 2 cards. After you perform your first Settle action, transfer 3 cards to robot's draw
    stack and begin to flip them over. On its fourth flip, the robot finds a non-military
    world. Place it in its tableau. After you resolve your second Settle, transfer 2 more
    cards to the robot's draw stack and, because the robot has positive credit on response,
    flip to find a non-military world. If it fails to find one after 3 cards, exhausting its
    draw stack, do nothing (the robot ends with 2 credit). If it does find a non-military
    world, place it and decrease its credit to 1 (since the robot is performing this Settle in
    response to your action choice)."

    The test sets credit 2 and trims the draw stack to 2 cards. The other die is Produce.
    """
    last = ["Spice World", "Space Marines"] if found else ["Rebel Miners", "Public Works"]
    g = solo("Old Earth",
             stack=["Hive World", "Mining Robots", "Contact Specialist", "Expedition Force"],
             later=["Outlaw World", "Gem World", "Colony Ship", *last],
             dice=[("produce", "match")])
    trim_stack(g, 2)
    g.robot.credit = 2
    play_round(g, "settle", "settle2")
    r = g.robot
    assert [(p.face, p.space) for p in r.dice] == [("produce", "produce"), ("match", "settle1")]
    assert drawn(g, "settle") == [3]
    assert flips(g, "settle") == ["Hive World", "Mining Robots", "Outlaw World", "Gem World"]
    assert drawn(g, "settle2") == [2]
    if found:
        assert flips(g, "settle2") == ["Colony Ship", "Spice World"]
        assert r.tableau == ["Old Earth", "Gem World", "Spice World"]
        assert r.credit == 1
        assert r.draw_stack == ["Space Marines"]
    else:
        assert flips(g, "settle2") == ["Colony Ship", "Rebel Miners", "Public Works"]
        assert r.tableau == ["Old Earth", "Gem World"]
        assert r.credit == 2
        assert r.draw_stack == []


# --------------------------------------------------------------------------- Consume

def test_consume_example_trade_action_credit_tops_out_no_response():
    """Rulebook example: "You select Consume 2x VPs as one action and the robot rolls
    Consume:Trade as one of its actions. The robot has 3 credit and economy size 1. Increase
    the robot's credit to 4 (its maximum) and give it a VP chip. The robot does nothing in
    response to your Consume 2x action, since it rolled a Consume action."

    Earth's Lost Colony's robot starts with economy 1; the test sets credit 3. The other die
    is Settle (a Settle action costs no credit)."""
    g = solo("Earth's Lost Colony", dice=[("trade", "settle")])
    g.robot.credit = 3
    play_round(g, "x2", "produce")
    events = robot_events(g, "consume")
    assert [(e.kind, e.data["rule"]) for e in events] == [
        ("credit", "Consume: Trade action"), ("robot_vp", "Consume: Trade action")]
    assert (events[0].data["old"], events[0].data["new"]) == (3, 4)
    assert events[1].data["vp"] == 1
    assert (g.robot.credit, g.robot.economy, g.robot.vp_chips) == (4, 1, 1)


def test_consume_example_response_to_both_player_consumes_once():
    """Rulebook example: "Later, you select both Consume actions and the robot rolls two other
    actions. The robot has economy size 3. Give it three VP chips. (Do so only once, despite
    the fact that you selected both Consume actions.)"

    The test sets economy 3."""
    g = solo("Old Earth", dice=[("produce", "explore")])
    g.robot.economy = 3
    play_round(g, "trade", "x2")
    events = robot_events(g, "consume")
    assert [(e.kind, e.data["rule"], e.data["vp"]) for e in events] == [
        ("robot_vp", "Consume response", 3)]
    assert g.robot.vp_chips == 3
    assert g.vp_pool == 24 - 3


def test_consume_x2_action_doubles_then_raises_economy():
    """Rulebook: "Consume: 2x VPs action: give the robot VP chips equal to twice its current
    economy size and then increase the robot's economy size by 1"."""
    g = solo("Epsilon Eridani", dice=[("produce", "x2")])
    play_round(g, "develop", "settle")
    events = robot_events(g, "consume")
    assert [(e.kind, e.data["rule"]) for e in events] == [
        ("robot_vp", "Consume: 2x VPs action"), ("economy", "Consume: 2x VPs action")]
    assert events[0].data["vp"] == 2
    assert g.robot.vp_chips == 2


def test_both_consume_actions_double_then_credit_and_economy():
    """Rulebook: "Both Consume actions selected by robot: give the robot VP chips equal to
    twice its current economy size and then increase its credit by 2 and its economy size
    by 1"."""
    g = solo("Epsilon Eridani", dice=[("trade", "x2")])
    play_round(g, "produce", "explore5")
    events = robot_events(g, "consume")
    assert [e.kind for e in events] == ["robot_vp", "credit", "economy"]
    assert {e.data["rule"] for e in events} == {"Both Consume actions"}
    assert events[0].data["vp"] == 2
    assert (g.robot.economy, g.robot.vp_chips) == (2, 2)
    assert events[1].data["new"] - events[1].data["old"] == 2


# --------------------------------------------------------------------------- Produce

def test_produce_example_action_raises_economy_from_zero():
    """Rulebook example: "The robot rolls Produce as one of its actions. The robot has economy
    size 0. Increase its economy size to 1.\""""
    g = solo("Old Earth", dice=[("produce", "explore")])
    assert g.robot.economy == 0
    play_round(g, "develop", "settle")
    events = robot_events(g, "produce")
    assert [(e.kind, e.data["old"], e.data["new"]) for e in events] == [("economy", 0, 1)]
    assert g.robot.economy == 1


def test_produce_example_response_does_nothing():
    """Rulebook example: "Later, you select Produce as one of your actions and the robot rolls
    two other actions. The robot does nothing.\""""
    g = solo("Earth's Lost Colony", dice=[("explore", "explore")])
    play_round(g, "produce", "develop")
    events = robot_events(g, "produce")
    assert [(e.kind, e.data["rule"]) for e in events] == [("produce_response",
                                                           "Produce response")]
    assert g.robot.economy == 1


def test_produce_example_player_and_robot_both_produce():
    """Rulebook example: "Still later, you select Produce and the robot rolls Produce. The
    robot has economy size 2. Increase its economy size to 3."

    Earth's Lost Colony's robot starts with economy 1; a first round's Produce action takes it
    to 2."""
    g = solo("Earth's Lost Colony", dice=[("produce", "explore"), ("produce", "settle")])
    play_round(g, "develop", "settle")
    assert g.robot.economy == 2
    play_round(g, "produce", "develop")
    events = robot_events(g, "produce", rnd=2)
    assert [(e.kind, e.data["old"], e.data["new"]) for e in events] == [("economy", 2, 3)]
    assert g.robot.economy == 3


# --------------------------------------------------------------------------- tracks

def test_credit_track_tops_out_at_four():
    """Rulebook: "its maximum credit is 4 ... increases beyond these numbers have no effect"
    (Alpha Centauri starts at 2: Explore +1, Trade +2)."""
    g = solo("Alpha Centauri", dice=[("trade", "explore")])
    play_round(g, "produce", "x2")
    assert g.robot.credit == 4


def test_economy_track_tops_out_at_five():
    """Rulebook: "its maximum economy size is 5" (the test sets economy 5; Produce adds
    nothing)."""
    g = solo("Old Earth", dice=[("produce", "explore")])
    g.robot.economy = 5
    play_round(g, "develop", "settle")
    assert g.robot.economy == 5
    assert "tops out" in robot_events(g, "produce", kind="economy")[0].text


# --------------------------------------------------------------------------- difficulty

@pytest.mark.parametrize("level, counters, vp", [("easy", 1, 6), ("medium", 2, 6),
                                                 ("hard", 3, 9)])
def test_difficulty_sets_counters_and_their_vp(level, counters, vp):
    """Rulebook chart: easy 1 @ 6 VPs, medium 2 @ 6 VPs, hard 3 @ 9 VPs. A placed counter
    scores its VP for the robot (the test sets credit 2 so the Develop action places one)."""
    g = solo("Old Earth", dice=[("develop", "x2")], difficulty=level)
    assert (g.robot.counters_left, g.robot.counter_vp) == (counters, vp)
    g.robot.credit = 2
    play_round(g, "produce", "trade")
    assert g.robot.tableau == ["Old Earth", "6-cost counter"]
    assert g.robot.counters_left == counters - 1
    assert g.scores()[1] == 2 + vp  # Old Earth 2 VP; x2 at economy 0 gives no chips
    assert g.score_breakdown(1)["counters"] == vp


def test_robot_places_no_counter_when_none_is_left():
    """Rulebook: the counter check needs "an unplaced 6-cost development counter"."""
    g = solo("Old Earth", dice=[("develop", "x2"), ("develop", "x2")])
    g.robot.credit = 4
    play_round(g, "produce", "trade")
    g.robot.credit = 4
    play_round(g, "produce", "trade")
    assert (g.robot.counters_left, g.robot.counters_placed) == (0, 1)
    assert robot_events(g, "develop", rnd=2, kind="counter") == []
    assert drawn(g, "develop")[-1] == 1  # the regular Develop action instead


@pytest.mark.parametrize("level, vp", [("easy", 6), ("medium", 6), ("hard", 9)])
def test_six_cost_development_card_scores_by_difficulty(level, vp):
    """Rulebook: "scoring each 6-cost development card or counter as 6 or 9 VPs, depending
    on the selected game difficulty"."""
    g = solo("Old Earth", stack=["Galactic Federation", "Gem World", "Spice World",
                                 "New Vinland"], dice=[("develop", "x2")], difficulty=level)
    play_round(g, "produce", "trade")
    assert g.robot.tableau == ["Old Earth", "Galactic Federation"]
    assert g.scores()[1] == 2 + vp
    assert g.score_breakdown(1)["six_cost"] == {"Galactic Federation": vp}


# --------------------------------------------------------------------------- game end

def test_game_ends_at_round_end_when_robot_tableau_with_counter_reaches_12():
    """Rulebook: the game ends "at the round end in which either the player's or robot's
    tableau is 12 or more cards (counting any placed 6-cost development counters as one card
    apiece towards the robot's tableau total)".

    The test moves 10 cards into the robot's tableau (11 with Old Earth) and sets credit 2; the
    Develop action's counter is the 12th card. The later x2 action still happens."""
    g = solo("Old Earth", dice=[("develop", "x2")])
    give_robot(g, 10)
    g.robot.credit = 2
    play_round(g, "produce", "trade")
    assert g.robot.tableau_size == 12 and g.robot.counters_placed == 1
    assert g.is_over and g.decision is None
    end = [e for e in g.events if e.kind == "game_end"]
    assert [e.data["reasons"] for e in end] == [["the robot's tableau has 12 cards"]]
    assert robot_events(g, "consume", kind="economy")  # the round was finished
    assert g.round == 1


def test_game_goes_on_with_eleven_robot_cards():
    g = solo("Old Earth", dice=[("produce", "x2")])
    give_robot(g, 10)
    play_round(g, "produce", "trade")
    assert g.robot.tableau_size == 11
    assert not g.is_over and g.decision.kind == "actions"


def test_game_ends_when_pool_is_exhausted_and_round_finishes_with_extra_chips():
    """Rulebook: the game ends when "the 24 VP chips are exhausted (use extra VP chips to finish
    out the round)".

    The test sets the pool to 2 and the robot's economy to 3: its x2 action takes 6 chips, and
    the Produce action after it still happens."""
    g = solo("Old Earth", dice=[("produce", "x2")])
    g.vp_pool = 2
    g.robot.economy = 3
    play_round(g, "produce", "trade")
    assert g.robot.vp_chips == 6
    assert g.vp_pool == -4
    assert g.robot.economy == 5  # x2 then Produce
    assert g.is_over
    end = [e for e in g.events if e.kind == "game_end"]
    assert end[0].text == "The game ends: the VP chips have run out (pool 0, 4 extra used)."
    assert g.scores()[1] == 2 + 6


@pytest.mark.parametrize("robot_tb, winner", [(1, 1), (-1, 0), (0, None)])
def test_tie_break_robot_credit_plus_economy_vs_player_hand_plus_goods(robot_tb, winner):
    """Rulebook: "If a tie occurs, the robot's final credit plus its economy size is its
    tie-breaker value (the player's tie-breaker value remains cards in hand plus goods)."

    The game ends by an exhausted pool (set to 0); then the test gives the robot the chips that
    tie the scores and sets its credit and economy around the player's tie-breaker."""
    g = solo("Old Earth", dice=[("produce", "explore")])
    g.vp_pool = 0
    play_round(g, "develop", "settle")
    assert g.is_over
    me, r = g.players[0], g.robot
    player_tb = len(me.hand) + me.good_count()
    assert player_tb >= 2
    r.vp_chips += g.scores()[0] - g.scores()[1]
    r.economy = 0
    r.credit = player_tb + robot_tb
    assert g.scores()[0] == g.scores()[1]
    assert g.tiebreak(1) == r.credit + r.economy
    assert g.tiebreak(0) == player_tb
    assert g.winner == winner
    assert g.winners == ([0, 1] if winner is None else [winner])
