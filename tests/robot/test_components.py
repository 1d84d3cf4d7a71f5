"""The robot's component data (components.json): sources, overrides and validation; the
solitaire set-up arguments' errors; and invariants of whole random games."""

from __future__ import annotations

import json

import pytest

from rftg_nb import ComponentError, RandomPlayer, SoloGame
from rftg_nb.engine.views import locations
from rftg_nb.robot.components import START_WORLDS, load_components
from tests.robot.test_robot_phases import drawn, flips, play_round, solo

# --------------------------------------------------------------------------- sources


def test_assumed_values_are_marked_with_a_reason():
    """robot.md: every value the text leaves out is marked assumed, with a one-line reason."""
    rows = load_components().marked()
    assumed = {r["name"] for r in rows if r["source"] == "assumed"}
    assert {"dice.a", "dice.b", "same_single_space"} <= assumed
    assert {f"start_worlds.{w}.robot_face" for w in START_WORLDS} <= assumed
    assert {"start_worlds.New Sparta.settle_action_draw",
            "start_worlds.New Sparta.settle_response_draw",
            "start_worlds.Alpha Centauri.settle_action_draw",
            "start_worlds.Separatist Colony.explore_action_draw",
            "start_worlds.Damaged Alien Factory.after_trade",
            "start_worlds.Damaged Alien Factory.after_produce"} <= assumed
    for r in rows:
        assert r["source"] in ("rulebook", "assumed"), r
        if r["source"] == "assumed":
            assert r["reason"].strip(), r


@pytest.mark.parametrize("name, value", [
    ("vp_pool", 24), ("credit_max", 4), ("economy_max", 5),
    ("difficulty.easy.counters", 1), ("difficulty.medium.counter_vp", 6),
    ("difficulty.hard.counters", 3), ("difficulty.hard.counter_vp", 9),
    ("start_defaults.credit", 1), ("start_defaults.draw_stack", 4),
    ("start_worlds.Ancient Race.credit", 0), ("start_worlds.Ancient Race.draw_stack", 3),
    ("start_worlds.Alpha Centauri.credit", 2), ("start_worlds.Epsilon Eridani.economy", 1),
    ("start_worlds.Earth's Lost Colony.economy", 1),
    ("start_worlds.New Sparta.settle_finds", "military"),
    ("start_worlds.Alpha Centauri.response_needs_credit", False),
    ("mat.settle_action_draw", 3), ("mat.develop_counter_credit_response", 3),
])
def test_rulebook_values_are_marked_rulebook(name, value):
    rows = {r["name"]: r for r in load_components().marked()}
    assert (rows[name]["value"], rows[name]["source"]) == (value, "rulebook")


def test_robot_lists_only_its_own_start_world_rows():
    g = SoloGame.new(seed=1, robot_start="New Sparta")
    names = [r["name"] for r in g.robot.components]
    worlds = {n.split(".")[1] for n in names if n.startswith("start_worlds.")}
    assert worlds == {"New Sparta"}
    assert "dice.b" in names


# --------------------------------------------------------------------------- overrides

def test_dict_override_changes_the_robot_face_and_is_marked_user():
    over = {"start_worlds": {"Old Earth": {"robot_face": {"value": "produce",
                                                          "reason": "my printed counter"}}}}
    g = solo("Old Earth", dice=[("explore", "robot")], components=over)
    assert g.robot.robot_face == "produce"
    play_round(g, "develop", "settle")
    assert [(p.face, p.space) for p in g.robot.dice] == [("explore", "explore1"),
                                                         ("produce", "produce")]
    row = next(r for r in g.robot.components if r["name"] == "start_worlds.Old Earth.robot_face")
    assert (row["source"], row["reason"]) == ("user", "my printed counter")
    other = next(r for r in g.robot.components if r["name"] == "dice.a")
    assert other["source"] == "assumed"


def test_json_file_override_changes_behaviour_and_keeps_other_sources(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"mat": {"explore_action_draw": 2},
                                "difficulty": {"easy": {"counter_vp": 7}}}))
    g = solo("Old Earth", dice=[("explore", "x2")], components=str(path))
    assert g.robot.counter_vp == 7
    play_round(g, "produce", "trade")
    assert drawn(g, "explore") == [2]
    sources = {r["name"]: r["source"] for r in g.robot.components}
    assert sources["mat.explore_action_draw"] == "user"
    assert sources["dice.a"] == "assumed"
    assert sources["vp_pool"] == "rulebook"
    again = SoloGame.from_json(g.to_json())
    assert again.robot.counter_vp == 7
    assert again.snapshot() == g.snapshot()


def test_path_object_override(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"vp_pool": 30}))
    assert SoloGame.new(seed=1, components=path).vp_pool == 30


def test_same_single_space_twice_override():
    """With same_single_space = twice, two Produce dice raise economy by 2."""
    over = {"same_single_space": "twice",
            "start_worlds": {"Old Earth": {"robot_face": "produce"}}}
    g = solo("Old Earth", dice=[("produce", "robot")], components=over)
    play_round(g, "develop", "settle")
    assert g.robot.economy == 2


def test_draw_stack_order_stack_flips_the_newest_card_first():
    """conventions.draw_stack_order: with "stack" the cards drawn for the robot go on top, so
    a Develop action flips the card it just drew before its opening stack."""
    stack = ["Gem World", "Spice World", "Space Port", "Comet Zone"]
    queue = solo("Old Earth", stack=stack, later=["Mining Robots"], dice=[("develop", "x2")])
    top = solo("Old Earth", stack=stack, later=["Mining Robots"], dice=[("develop", "x2")],
               components={"conventions": {"draw_stack_order": "stack"}})
    assert queue.robot.draw_stack == stack
    assert top.robot.draw_stack == stack[::-1]
    row = next(r for r in top.robot.components if r["name"] == "conventions.draw_stack_order")
    assert (row["value"], row["source"]) == ("stack", "user")
    play_round(queue, "produce", "trade")
    play_round(top, "produce", "trade")
    assert flips(queue, "develop") == [*stack, "Mining Robots"]
    assert flips(top, "develop") == ["Mining Robots"]
    assert queue.robot.tableau == top.robot.tableau == ["Old Earth", "Mining Robots"]
    assert top.robot.draw_stack == stack[::-1]


def test_response_credit_payment_never_makes_a_free_response_settle_free():
    """conventions.response_credit_payment: with "never", a military settler's response
    settle keeps its credit."""
    stack = ["Hive World", "Gem World", "Spice World", "Space Port"]
    over = {"conventions": {"response_credit_payment": "never"}}
    g = solo("Epsilon Eridani", stack=stack, later=[], dice=[("trade", "x2")], components=over)
    credit = g.robot.credit
    assert credit > 0
    play_round(g, "settle", "produce")
    assert g.robot.tableau == ["Epsilon Eridani", "Hive World"]
    assert g.robot.credit == min(credit + 2, 4)  # the Trade action's +2 only


@pytest.mark.parametrize("when", ["after_hand", "before_robot"])
def test_player_windfall_good_comes_before_or_after_the_deals(when):
    """conventions.player_windfall_good: the player's windfall start world takes its good
    after the robot's stack and the opening hand are dealt, or before both."""
    deck = ["Gem World", "Spice World", "Space Port", "Comet Zone", "Mining World",
            "New Vinland", "Artist Colony", "Secluded World", "Distant World", "Hive World",
            "Galactic Studios"]
    g = SoloGame.new(seed=3, player_start="Alpha Centauri", robot_start="Old Earth",
                     deck=deck, components={"conventions": {"player_windfall_good": when}})
    good = g.players[0].tableau[0].good
    if when == "after_hand":
        assert good.name == deck[10]
        assert g.robot.draw_stack == deck[:4]
    else:
        assert good.name == deck[0]
        assert g.robot.draw_stack == deck[1:5]


def test_start_world_override_changes_setup():
    g = solo("Old Earth", components={"start_worlds": {"Old Earth": {"credit": 3,
                                                                     "draw_stack": 2}}})
    assert (g.robot.credit, len(g.robot.draw_stack)) == (3, 2)


def test_dice_override_changes_what_a_scripted_roll_may_show():
    over = {"dice": {"b": ["explore", "develop", "settle", "x2", "robot", "robot"]}}
    with pytest.raises(ValueError, match=r"dice\[0\]"):
        solo("Old Earth", dice=[("trade", "match")], components=over)
    g = solo("Old Earth", dice=[("match", "robot")], components=over)
    assert g.robot.robot_face == "trade"


@pytest.mark.parametrize("over, path", [
    ({"nonsense": 1}, "'nonsense'"),
    ({"start_worlds": {"Old Earth": {"colour": "red"}}}, "'start_worlds.Old Earth.colour'"),
    ({"start_worlds": {"Gem World": {"credit": 1}}}, "'start_worlds.Gem World'"),
    ({"start_worlds": {"Old Earth": {"robot_face": "match"}}},
     "'start_worlds.Old Earth.robot_face'"),
    ({"start_worlds": {"Old Earth": {"robot_face": {"value": "x2", "colour": 1}}}},
     "'start_worlds.Old Earth.robot_face'"),
    ({"dice": {"a": ["explore", "develop"]}}, "'dice.a'"),
    ({"dice": {"b": ["explore", "develop", "settle", "x2", "robot", "jump"]}}, "'dice.b'"),
    ({"dice": {"a": "explore"}}, "'dice.a'"),
    ({"credit_max": "four"}, "'credit_max'"),
    ({"difficulty": {"hard": {"counter_vp": True}}}, "'difficulty.hard.counter_vp'"),
    ({"difficulty": {"nightmare": {"counters": 4}}}, "'difficulty.nightmare'"),
    ({"mat": {"settle_action_draw": -1}}, "'mat.settle_action_draw'"),
    ({"same_single_space": "thrice"}, "'same_single_space'"),
    ({"start_worlds": {"Old Earth": {"after_trade": {"from": "trade", "to": "x2"}}}},
     "'start_worlds.Old Earth.after_trade'"),
    ({"start_worlds": {"Doomed World": {"first_settle": {"from": "hand", "min_vp": 3,
                                                         "credit": 2, "economy": 1}}}},
     "'start_worlds.Doomed World.first_settle'"),
])
def test_bad_override_raises_component_error_naming_the_path(over, path):
    with pytest.raises(ComponentError) as e:
        load_components(over)
    assert path in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(ComponentError) as e2:
        SoloGame.new(seed=1, components=over)
    assert path in str(e2.value)


def test_bad_override_file_raises_component_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ComponentError, match="bad.json"):
        SoloGame.new(seed=1, components=bad)
    with pytest.raises(ComponentError, match="missing.json"):
        load_components(tmp_path / "missing.json")
    with pytest.raises(ComponentError):
        load_components(["not", "a", "dict"])  # type: ignore[arg-type]


# --------------------------------------------------------------------------- set-up errors

@pytest.mark.parametrize("dice, where", [
    ([("develop", "match"), ("trade", "produce")], r"dice\[1\]"),
    ([("explore",)], r"dice\[0\]"),
    ([("explore", "jump")], r"dice\[0\]"),
    ([("robot", "robot")], r"dice\[0\]"),
    (["explore"], r"dice\[0\]"),
    ("auto", "dice"),
])
def test_scripted_dice_errors_name_the_roll(dice, where):
    with pytest.raises(ValueError, match=where):
        SoloGame.new(seed=1, dice=dice)


@pytest.mark.parametrize("kw, where", [
    ({"deck": ["Gem Wrld"]}, r"deck\[0\]"),
    ({"deck": ["Gem World", "Spice World", "Gem World"]}, r"deck\[2\]"),
    ({"deck": ["Colony Ship", "Colony Ship", "Colony Ship"]}, r"deck\[2\]"),
    ({"deck": ["Old Earth"], "robot_start": "Old Earth"}, r"deck\[0\]"),
    ({"deck": ["Gem World", "New Sparta"], "player_start": "New Sparta"}, r"deck\[1\]"),
    ({"deck": "Gem World"}, "deck"),
    ({"deck": [w for w in START_WORLDS if w != "Old Earth"]}, "deck"),
])
def test_deck_errors(kw, where):
    with pytest.raises(ValueError, match=where):
        SoloGame.new(seed=1, **kw)


@pytest.mark.parametrize("kw, where", [
    ({"robot_start": "Gem World"}, "robot_start"),
    ({"player_start": "Old Earht"}, "player_start"),
    ({"player_start": "Old Earth", "robot_start": "Old Earth"}, "robot_start"),
    ({"difficulty": "nightmare"}, "difficulty"),
    ({"seed": "1"}, "seed"),
])
def test_start_world_and_difficulty_errors(kw, where):
    kw = {"seed": 1, **kw}
    with pytest.raises(ValueError, match=where):
        SoloGame.new(**kw)


# --------------------------------------------------------------------------- invariants

@pytest.mark.parametrize("seed", range(9))
def test_random_games_keep_rules_tracks_and_cards(seed):
    """Random play to the end with each start world: every robot event names its rule, credit
    stays 0..4 and economy 0..5, every card is in one place, VP chips are conserved, and the
    game ends by a rulebook condition."""
    level = ("easy", "medium", "hard")[seed % 3]
    g = SoloGame.new(seed=seed, difficulty=level, robot_start=START_WORLDS[seed])
    RandomPlayer(seed).play(g)
    assert g.is_over
    missing = [e for e in g.events if e.actor == "robot" and "rule" not in e.data]
    assert missing == []
    assert all(e.data["rule"] for e in g.events if e.actor == "robot")
    t = g.timeline().dropna(subset=["robot_credit"])
    assert t.robot_credit.between(0, 4).all()
    assert t.robot_economy.between(0, 5).all()
    assert (t[t.actor == "robot"].rule != "").all()
    locations(g)
    assert g.vp_pool + g.players[0].vp + g.robot.vp_chips == 24
    assert (g.vp_pool <= 0 or g.robot.tableau_size >= 12
            or len(g.players[0].tableau) >= 12)
    assert g.robot.counters_placed + g.robot.counters_left == {"easy": 1, "medium": 2,
                                                              "hard": 3}[level]
    assert g.scores()[1] == g.score_breakdown(1)["total"]
