"""Placing the robot's dice (TGS rulebook, "Solitaire Game", "Place dice").

``place_dice((die A, die B), robot_face, markers)`` is pure; a few tests also play the roll in a
game to check the robot then acts on the spaces the dice took.
"""

from __future__ import annotations

import pytest

from rftg_nb import IllegalChoice
from rftg_nb.robot.dice import place_dice, player_markers
from tests.robot.test_robot_phases import drawn, play_round, robot_events, solo


def spaces(rolled, markers, robot_face="trade"):
    return [(p.die, p.space) for p in place_dice(rolled, robot_face, markers)]


# --------------------------------------------------------------------------- examples

def test_example_x2_and_produce_robot_rolls_develop_and_match():
    """Rulebook example: "After you choose Consume x2 and Produce, the robot rolls Develop and
    [match]; put the first die on the left-most Develop space and the second die on Produce
    (the right-most unoccupied space below a player action)."""
    markers = player_markers(["x2", "produce"])
    assert markers == ["x2", "produce"]
    assert spaces(("develop", "match"), markers) == [("A", "develop1"), ("B", "produce")]


def test_example_explore_twice_robot_rolls_produce_and_match():
    """Rulebook example: "If, instead, you chose Explore twice and the robot rolled Produce
    and [match], put the first die on Produce and the second die on the left-most (first)
    Explore space."""
    markers = player_markers(["explore5", "explore11"])
    assert markers == ["explore1", "explore2"]
    assert spaces(("produce", "match"), markers) == [("A", "produce"), ("B", "explore1")]


def test_example_one_in_a_game_robot_develops_and_produces():
    """The first example played: the robot's Develop die acts in Develop (no player Develop:
    still an action) and its match die makes it Produce."""
    g = solo("Old Earth", dice=[("develop", "match")])
    play_round(g, "x2", "produce")
    assert [(p.face, p.space) for p in g.robot.dice] == [("develop", "develop1"),
                                                         ("match", "produce")]
    assert drawn(g, "develop") == [1]
    assert [e.data["row"] for e in robot_events(g, "produce")] == ["action"]
    assert g.robot.economy == 1


def test_example_two_in_a_game_is_one_explore_action():
    """The second example played: one die under the first Explore space is an Explore action
    (draw 1, credit +1), not both Explores."""
    g = solo("Old Earth", dice=[("produce", "match")])
    play_round(g, "explore5", "explore11")
    assert drawn(g, "explore") == [1]
    assert [e.data["rule"] for e in robot_events(g, "explore")] == ["Explore action"] * 2


# --------------------------------------------------------------------------- player markers

@pytest.mark.parametrize("actions, markers", [
    (["explore5", "develop"], ["explore1", "develop1"]),
    (["explore11", "settle"], ["explore1", "settle1"]),
    (["develop", "develop2"], ["develop1", "develop2"]),
    (["settle", "settle2"], ["settle1", "settle2"]),
    (["produce", "trade"], ["trade", "produce"]),
    (["x2", "settle"], ["settle1", "x2"]),
])
def test_player_markers_left_to_right(actions, markers):
    """The player's second Explore, Develop or Settle marker takes the pair's right space."""
    assert player_markers(actions) == markers


# --------------------------------------------------------------------------- phase faces

@pytest.mark.parametrize("face, space", [("explore", "explore1"), ("develop", "develop1"),
                                         ("settle", "settle1")])
def test_single_pair_face_goes_on_left_space(face, space):
    """Rulebook: "placing any single Explore, Develop, or Settle die face rolled on the
    left-most of these respective pairs of spaces"."""
    assert spaces((face, "x2"), ["trade", "x2"]) == [("A", space), ("B", "x2")]


@pytest.mark.parametrize("face", ["explore", "develop", "settle"])
def test_same_pair_face_twice_fills_both_spaces(face):
    """Two Explore, Develop or Settle faces: the single-face rule puts one on the left space,
    so the other takes the right one."""
    assert spaces((face, face), ["trade", "x2"]) == [("A", f"{face}1"), ("B", f"{face}2")]


@pytest.mark.parametrize("face", ["trade", "x2", "produce"])
def test_phase_face_goes_on_its_space(face):
    """Rulebook: "put them on their matching spaces in the dice row"."""
    placed = place_dice((face, "settle"), "trade", ["develop1", "develop2"])
    assert [(p.face, p.space) for p in placed] == [(face, face), ("settle", "settle1")]


@pytest.mark.parametrize("robot_face, space", [("x2", "x2"), ("settle", "settle1"),
                                               ("explore", "explore1"), ("trade", "trade")])
def test_robot_face_is_read_through_the_robot_counter(robot_face, space):
    """Rulebook: "If a [robot] face is rolled, read it as the face shown on the "robot ="
    counter"."""
    placed = place_dice(("produce", "robot"), robot_face, ["develop1", "trade"])
    assert (placed[1].rolled, placed[1].face, placed[1].space) == ("robot", robot_face, space)
    assert "robot =" in placed[1].why


# --------------------------------------------------------------------------- match faces

@pytest.mark.parametrize("actions", [["develop", "trade"], ["explore5", "explore11"],
                                     ["settle", "settle2"], ["x2", "produce"]])
def test_two_match_faces_go_under_both_markers(actions):
    """Rulebook: "If [match] faces are rolled on both dice, put the dice on the spaces below
    the two player action markers"."""
    markers = player_markers(actions)
    assert sorted(s for _d, s in spaces(("match", "match"), markers)) == sorted(markers)


def test_one_match_goes_under_the_right_most_marker():
    """Rulebook: "If only one [match] face is rolled, put that die in the space below the
    right-most player action marker"."""
    assert spaces(("explore", "match"), ["develop1", "produce"]) == [("A", "explore1"),
                                                                      ("B", "produce")]


def test_one_match_goes_under_the_other_marker_when_right_most_is_taken():
    """Rulebook: "(unless this space already has a die in it, in which case this die goes
    below the other player marker)"."""
    assert spaces(("produce", "match"), ["develop1", "produce"]) == [("A", "produce"),
                                                                      ("B", "develop1")]


def test_one_match_taken_space_can_come_from_the_robot_face():
    """The robot face is read before the match die is placed: robot = x2 fills x2."""
    assert spaces(("match", "robot"), ["settle1", "x2"], robot_face="x2") == [
        ("B", "x2"), ("A", "settle1")]


@pytest.mark.parametrize("pair", ["explore", "develop", "settle"])
def test_one_match_shifts_left_when_both_markers_are_on_a_pair(pair):
    """Rulebook: "If both player action markers occupy a pair of Explore, Develop, or Settle
    spaces, then shift the [match] die left so that it is below the first of this pair of
    spaces"."""
    markers = [f"{pair}1", f"{pair}2"]
    assert spaces(("trade", "match"), markers) == [("A", "trade"), ("B", f"{pair}1")]


@pytest.mark.parametrize("pair", ["explore", "develop", "settle"])
def test_one_match_does_not_shift_onto_the_other_die(pair):
    """Rulebook: "(unless the other die is already in that space)"."""
    markers = [f"{pair}1", f"{pair}2"]
    rolled = (pair, "match") if pair != "develop" else ("match", pair)
    placed = {p.face: p.space for p in place_dice(rolled, "trade", markers)}
    assert placed == {pair: f"{pair}1", "match": f"{pair}2"}


def test_every_placement_says_why():
    placed = place_dice(("produce", "match"), "trade", ["explore1", "explore2"])
    assert "shifts left" in placed[1].why
    assert all(p.why for p in placed)


# --------------------------------------------------------------------------- same space twice

def test_trade_twice_on_one_space_acts_once():
    """Assumed (components: same_single_space = once): two dice on the one Trade space make
    one Trade action. Old Earth's "robot =" counter reads $ (assumed)."""
    placed = place_dice(("trade", "robot"), "trade", ["develop1", "settle1"])
    assert [p.space for p in placed] == ["trade", "trade"]
    g = solo("Old Earth", dice=[("trade", "robot")])
    play_round(g, "develop", "settle")
    trades = robot_events(g, "consume", kind="credit")
    assert len(trades) == 1 and trades[0].data["rule"] == "Consume: Trade action"


def test_produce_twice_on_one_space_acts_once():
    """Assumed: two Produce dice (robot = Produce by a component override) raise economy by 1
    only."""
    g = solo("Old Earth", dice=[("produce", "robot")],
             components={"start_worlds": {"Old Earth": {"robot_face": "produce"}}})
    play_round(g, "develop", "settle")
    assert [p.space for p in g.robot.dice] == ["produce", "produce"]
    assert g.robot.economy == 1


# --------------------------------------------------------------------------- rolls

def test_scripted_pair_may_be_given_in_either_order():
    """A scripted roll names die A's and die B's faces in any order."""
    g = solo("Old Earth", dice=[("x2", "trade")])
    play_round(g, "develop", "produce")
    assert [(p.die, p.rolled) for p in g.robot.dice] == [("A", "trade"), ("B", "x2")]


def test_manual_dice_ask_for_one_face_per_die():
    """dice="manual": a decision of kind "dice" takes the faces the user rolled."""
    g = solo("Old Earth", dice="manual")
    g.apply(list(g.decision.ids[-2:]))
    g.apply(["x2", "produce"])
    d = g.decision
    assert d.kind == "dice" and (d.min, d.max) == (2, 2)
    assert {o.id for o in d.options} >= {"a:develop", "b:match", "a:match", "b:robot"}
    # which physical die is which: the faces only one of them carries
    assert d.prompt.endswith("Die A is the one with Develop, $ (Trade) and Produce; die B the "
                             "one with x2 and robot faces.")
    with pytest.raises(IllegalChoice):
        g.apply(["a:develop", "a:trade"])
    g.apply(["a:develop", "b:match"])
    assert [(p.face, p.space) for p in g.robot.dice] == [("develop", "develop1"),
                                                         ("match", "produce")]


def test_unscripted_rounds_roll_faces_from_the_dice():
    g = solo("Old Earth", dice=[("develop", "match")])
    play_round(g, "x2", "produce")
    play_round(g, "x2", "produce")
    a, b = (p.rolled for p in sorted(g.robot.dice, key=lambda p: p.die))
    assert a in ("explore", "develop", "settle", "trade", "produce", "match")
    assert b in ("explore", "develop", "settle", "x2", "robot", "match")
