"""The robot's start worlds: set-up values and special mat counters (TGS rulebook, "Solitaire
Game"; the numbers the text leaves out are the assumed defaults of components.json)."""

from __future__ import annotations

import pytest

from rftg_nb import SoloGame
from rftg_nb.engine.views import locations
from tests.robot.test_robot_phases import HAND, drawn, flips, play_round, robot_events, solo

START_VALUES = [  # credit, economy, draw stack, "robot =" face (assumed)
    ("Old Earth", 1, 0, 4, "trade"),
    ("Epsilon Eridani", 1, 1, 4, "settle"),
    ("Alpha Centauri", 2, 0, 4, "settle"),
    ("New Sparta", 1, 0, 4, "settle"),
    ("Earth's Lost Colony", 1, 1, 4, "x2"),
    ("Separatist Colony", 1, 0, 4, "explore"),
    ("Ancient Race", 0, 0, 3, "trade"),
    ("Damaged Alien Factory", 1, 0, 4, "trade"),
    ("Doomed World", 1, 0, 4, "settle"),
]


@pytest.mark.parametrize("world, credit, economy, stack, face", START_VALUES)
def test_start_values(world, credit, economy, stack, face):
    """Rulebook: "Place the credit marker on 1 (0 if the robot's start world is Ancient Race;
    2 if it is Alpha Centauri); the economy size marker on 0 (1 if its start world is Earth's
    Lost Colony or Epsilon Eridani), and deal four cards (three if its start world is Ancient
    Race) face down to form the robot's initial draw stack"."""
    g = SoloGame.new(seed=3, robot_start=world)
    r = g.robot
    assert (r.credit, r.economy, len(r.draw_stack)) == (credit, economy, stack)
    assert r.robot_face == face
    assert r.tableau == [world]
    assert (r.vp_chips, r.counters_placed) == (0, 0)
    assert g.vp_pool == 24
    setup = robot_events(g, kind="start_world")[0]
    assert setup.data["rule"] == "Setup" and setup.data["robot_face"] == face


def test_setup_order_robot_stack_then_player_hand():
    """Rulebook: the robot's mat (its draw stack) is set up, then "After setting up the robot
    mat, deal six cards to yourself"."""
    stack = ["Gem World", "Spice World", "New Vinland", "Space Port"]
    g = SoloGame.new(seed=1, robot_start="Old Earth", player_start="New Sparta",
                     deck=stack + HAND)
    assert g.robot.draw_stack == stack
    assert sorted(c.name for c in g.players[0].hand) == sorted(HAND)
    assert g.decision.kind == "initial_discard" and g.decision.min == 2


def test_random_start_worlds_are_dealt_one_each_and_the_rest_shuffled_in():
    """Rulebook: "Shuffle and deal one start world each to you and the robot. Shuffle the other
    start worlds into the deck."""
    g = SoloGame.new(seed=11)
    mine = g.players[0].tableau[0].name
    theirs = g.robot.start.name
    assert mine != theirs
    starts = {n for n, *_ in START_VALUES}
    assert {mine, theirs} <= starts
    where = locations(g)
    others = [c for c in g.cards if c.name in starts - {mine, theirs}]
    assert len(others) == 7
    assert {where[c.id] for c in others} <= {"deck", "robot:draw_stack", "hand:0"}


@pytest.mark.parametrize("seed", range(12))
def test_chosen_robot_start_world_with_random_player_start(seed):
    """A random player start world is never the robot's chosen one (nor one put on the
    deck)."""
    g = SoloGame.new(seed=seed, robot_start="Old Earth", deck=["Doomed World"])
    assert g.robot.start.name == "Old Earth"
    assert g.players[0].tableau[0].name not in ("Old Earth", "Doomed World")
    assert g.robot.draw_stack[0] == "Doomed World"


# --------------------------------------------------------------------------- military worlds

@pytest.mark.parametrize("world, draws", [("Epsilon Eridani", 2), ("New Sparta", 3),
                                          ("Separatist Colony", 2)])
def test_military_settlers_respond_without_credit(world, draws):
    """Rulebook: "Epsilon Eridani, New Sparta, and Separatist Colony, as indicated on their
    special mat counters, flip to find military worlds instead and do not need positive credit
    to Settle on response. New Sparta also receives extra Settle draws" (assumed: 3 on
    response). The test sets credit 0; the world is placed free."""
    g = solo(world, stack=["Gem World", "Hive World", "Spice World", "Space Port"], later=[],
             dice=[("trade", "x2")])
    g.robot.credit = 0
    play_round(g, "settle", "produce")
    assert drawn(g, "settle") == [draws]
    assert flips(g, "settle") == ["Gem World", "Hive World"]
    assert g.robot.tableau == [world, "Hive World"]
    assert robot_events(g, "settle", kind="credit") == []
    assert g.robot.credit == 0 + 2  # the later Consume actions


@pytest.mark.parametrize("world, draws", [("Epsilon Eridani", 3), ("New Sparta", 4),
                                          ("Separatist Colony", 3)])
def test_military_settlers_settle_action_finds_a_military_world(world, draws):
    """Their Settle action flips to find a military world (New Sparta draws 4, assumed)."""
    g = solo(world, stack=["Gem World", "Mining Robots", "Outlaw World", "Space Port"],
             later=[], dice=[("settle", "x2")])
    credit = g.robot.credit
    play_round(g, "produce", "trade")
    assert drawn(g, "settle") == [draws]
    assert flips(g, "settle") == ["Gem World", "Mining Robots", "Outlaw World"]
    assert g.robot.tableau == [world, "Outlaw World"]
    assert g.robot.credit == credit


def test_military_settler_response_pays_one_credit_when_it_has_some():
    """Assumed (conventions.response_credit_payment): a response settle that needs no positive
    credit still pays 1 credit if the robot has any."""
    g = solo("Epsilon Eridani", stack=["Hive World", "Gem World", "Spice World", "Space Port"],
             later=[], dice=[("trade", "x2")])
    play_round(g, "settle", "produce")
    assert g.robot.tableau == ["Epsilon Eridani", "Hive World"]
    credit = robot_events(g, "settle", kind="credit")
    assert [(e.data["old"], e.data["new"]) for e in credit] == [(1, 0)]


# --------------------------------------------------------------------------- Alpha Centauri

def test_alpha_centauri_settle_action_draws_four():
    """Rulebook: "Alpha Centauri receives extra draws on its Settle actions" (assumed: 4)."""
    g = solo("Alpha Centauri", dice=[("settle", "x2")])
    play_round(g, "produce", "trade")
    assert drawn(g, "settle") == [4]


def test_alpha_centauri_responds_without_credit_and_finds_non_military():
    """Rulebook: Alpha Centauri "does not need positive credit to Settle on response" (it
    still finds a non-military world; the response draws 2). The test sets credit 0."""
    g = solo("Alpha Centauri", stack=["Hive World", "Gem World", "Spice World", "Space Port"],
             later=[], dice=[("trade", "x2")])
    g.robot.credit = 0
    play_round(g, "settle", "produce")
    assert drawn(g, "settle") == [2]
    assert flips(g, "settle") == ["Hive World", "Gem World"]
    assert g.robot.tableau == ["Alpha Centauri", "Gem World"]
    assert robot_events(g, "settle", kind="credit") == []


def test_ordinary_robot_response_settle_needs_credit():
    """Rulebook: "Settle response ...: if the robot has no credit, do nothing" (Old Earth)."""
    g = solo("Old Earth", dice=[("trade", "x2")])
    g.robot.credit = 0
    play_round(g, "settle", "produce")
    assert [e.kind for e in robot_events(g, "settle")] == ["nothing"]


# --------------------------------------------------------------------------- Separatist Colony

@pytest.mark.parametrize("dice, actions, draws, credit", [
    (("explore", "x2"), ("produce", "trade"), 2, 1),
    (("explore", "explore"), ("produce", "trade"), 4, 1),
    (("produce", "x2"), ("explore5", "develop"), 2, 0),
])
def test_separatist_colony_explore_draws_more(dice, actions, draws, credit):
    """Rulebook: "Separatist Colony draws more cards on Explore as shown on its special mat
    counter" (assumed: action 2, both Explores 4, response 2; credit as usual)."""
    g = solo("Separatist Colony", dice=[dice])
    play_round(g, *actions)
    assert drawn(g, "explore") == [draws]
    credit_events = robot_events(g, "explore", kind="credit")
    assert sum(e.data["new"] - e.data["old"] for e in credit_events) == credit


def test_separatist_colony_robot_face_reads_explore():
    """Assumed "robot =" counter: Explore, so Explore + robot is both Explore actions."""
    g = solo("Separatist Colony", dice=[("explore", "robot")])
    play_round(g, "produce", "trade")
    assert [p.space for p in g.robot.dice] == ["explore1", "explore2"]
    assert drawn(g, "explore") == [4]


# --------------------------------------------------------------------------- Doomed World

def test_doomed_world_first_settle_action_then_a_normal_one():
    """Rulebook: "Doomed World's first Settle action: flip from the draw pile (not its draw
    stack) until a 3 or more VP non-military world is found, place it, and increase its credit
    by 2 and its economy size by 1. Discard this mat counter and the Doomed World start world
    from its tableau."

    Both dice show Settle, so the robot has two Settle actions this round: the first is the
    special one, the second the normal draw 3 / flip from the draw stack."""
    stack = ["Mining Robots", "Gem World", "Colony Ship", "Public Works"]
    g = solo("Doomed World", stack=stack,
             later=["Rebel Miners", "Comet Zone", "Galactic Federation", "New Earth",
                    "Spice World", "Space Port", "Volcanic World"],
             dice=[("settle", "settle")])
    play_round(g, "settle", "produce")
    r = g.robot
    first = robot_events(g, "settle")
    assert [e.data["card"] for e in first if e.kind == "flip"] == [
        "Rebel Miners", "Comet Zone", "Galactic Federation", "New Earth"]
    assert drawn(g, "settle") == []
    assert {e.data["rule"] for e in first} == {"Doomed World's first Settle action"}
    assert [e.kind for e in first][-4:] == ["robot_place", "credit", "economy",
                                            "discard_tableau"]
    assert drawn(g, "settle2") == [3]
    assert flips(g, "settle2") == ["Mining Robots", "Gem World"]
    assert r.tableau == ["New Earth", "Gem World"]
    assert (r.credit, r.economy) == (3, 1)
    assert r.draw_stack == ["Colony Ship", "Public Works", "Spice World", "Space Port",
                            "Volcanic World"]
    discard = [c.name for c in g.discard]
    assert "Doomed World" in discard and "Comet Zone" in discard
    assert g.scores()[1] == 3 + 1  # New Earth and Gem World; Doomed World's -1 is gone


def test_doomed_world_scores_minus_one_until_discarded():
    """Assumed: the robot's start world is in its tableau and scores its printed VP."""
    g = solo("Doomed World", dice=[("produce", "x2")])
    assert g.scores()[1] == -1
    assert g.robot.tableau_size == 1


def test_doomed_world_response_settle_is_not_its_first_settle_action():
    """Only a Settle *action* is special: a response draws 2 from the draw pile into the draw
    stack and pays 1 credit as usual."""
    g = solo("Doomed World", stack=["Mining Robots", "Gem World", "Colony Ship", "Public Works"],
             later=[], dice=[("trade", "x2")])
    play_round(g, "settle", "produce")
    assert drawn(g, "settle") == [2]
    assert g.robot.tableau == ["Doomed World", "Gem World"]
    assert "first_settle" not in g.robot.used_once


# --------------------------------------------------------------------------- "robot =" counters

def test_old_earth_swaps_to_x2_after_its_first_trade_action_and_not_back():
    """Rulebook: "Old Earth, after its first Trade action: replace its "robot =" counter with
    [x2] and discard its mat counter." Round 2's robot face then reads x2; a later Trade action
    leaves it at x2."""
    g = solo("Old Earth", dice=[("trade", "explore"), ("produce", "robot"), ("trade", "robot")])
    assert g.robot.robot_face == "trade"
    play_round(g, "develop", "settle")
    assert g.robot.robot_face == "x2"
    swap = robot_events(g, kind="robot_face")
    assert len(swap) == 1 and swap[0].phase == "consume"
    assert (swap[0].data["old"], swap[0].data["new"]) == ("trade", "x2")
    assert swap[0].data["rule"].startswith("Old Earth")
    play_round(g, "develop", "settle")
    assert [(p.face, p.space) for p in g.robot.dice] == [("produce", "produce"), ("x2", "x2")]
    play_round(g, "develop", "settle")
    assert [p.space for p in g.robot.dice] == ["trade", "x2"]
    assert g.robot.robot_face == "x2"
    assert len(robot_events(g, kind="robot_face")) == 1


def test_damaged_alien_factory_flips_after_trade_and_after_produce():
    """Rulebook: "Damaged Alien Factory: after every Trade action, if its "robot =" counter is
    currently [$], flip it over to [x2]" and "after every Produce action, if its "robot ="
    counter is currently [x2], flip it over to [$]" (faces assumed from the summary)."""
    g = solo("Damaged Alien Factory",
             dice=[("trade", "explore"), ("produce", "robot"), ("trade", "robot"),
                   ("produce", "x2")])
    play_round(g, "develop", "settle")
    assert g.robot.robot_face == "x2"
    play_round(g, "develop", "settle")  # robot reads x2; then the Produce action flips it back
    assert [p.face for p in g.robot.dice] == ["produce", "x2"]
    assert g.robot.robot_face == "trade"
    play_round(g, "develop", "settle")  # robot reads $: one Trade action, flips to x2
    assert [p.space for p in g.robot.dice] == ["trade", "trade"]
    assert g.robot.robot_face == "x2"
    play_round(g, "develop", "settle")  # x2 and Produce actions: Produce flips it back
    assert g.robot.robot_face == "trade"
    faces = [(e.round, e.data["new"]) for e in robot_events(g, kind="robot_face")]
    assert faces == [(1, "x2"), (2, "trade"), (3, "x2"), (4, "trade")]


def test_damaged_alien_factory_produce_leaves_dollar_face_alone():
    """A Produce action while the counter reads $ does not flip it."""
    g = solo("Damaged Alien Factory", dice=[("produce", "explore")])
    play_round(g, "develop", "settle")
    assert g.robot.robot_face == "trade"
    assert robot_events(g, kind="robot_face") == []
