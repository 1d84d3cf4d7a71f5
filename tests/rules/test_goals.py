"""Rulings for The Gathering Storm's goals (tgs-rulebook "Goals"; goals.md for the counting).

Each ruling is a position at the start of a phase printed on the goal's tile; nobody has a card
to play unless the ruling says so, so the phase ends at once and its goal check runs. "Later"
steps of the rulebook's examples start from a new position that says who holds the tile.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rftg_nb import Game, PositionError, RandomPlayer, SaveFileError
from rftg_nb.engine.goals import FIRST_GOALS, GOALS, MOST_GOALS
from rftg_nb.engine.goals import draw as draw_goals
from rftg_nb.engine.scoring import TRADE_BONUS_ATOMS
from rftg_nb.robot import SoloGame

ACTION = {"develop": "develop", "settle": "settle", "consume": "x2", "round_end": "produce"}
# Greatest Military totals (unconditional EXTRA_MILITARY only) built from the card file.
MIL5 = ["Space Marines", "Drop Ships"]                                       # 2 + 3
MIL6 = ["Space Marines", "Drop Ships", "Expedition Force"]                   # 2 + 3 + 1
MIL7 = ["Lost Alien Battle Fleet", "Lost Alien Warship", "Rebel Outpost",
        "Epsilon Eridani"]                                                   # 3 + 2 + 1 + 1
MIL8_A = ["Drop Ships", "Space Marines", "New Sparta", "Expedition Force"]   # 3 + 2 + 2 + 1
MIL8_B = ["Drop Ships", "Space Marines", "Imperium Armaments World",
          "Expedition Force", "Alien Robot Scout Ship"]                      # 3 + 2 + 1 + 1 + 1
QUIET = ["Contact Specialist"]  # counts below every goal's threshold


def table(phase: str, *players: dict[str, Any], goals: list[Any], **top: Any) -> Game:
    """A game of len(players) from a position at the start of ``phase``."""
    names = ["Alan", "Betty", "Carol", "Dana", "Ed"]
    specs = []
    for i, p in enumerate(players):
        spec = {"name": names[i], "hand": [], "actions": [ACTION[phase]], **p}
        specs.append(spec)
    return Game.from_position({"players": specs, "phase": phase, "advanced": False,
                               "goals": goals, **top})


def goal(g: Game, name: str) -> Any:
    return next(x for x in g.goals if x.name == name)


def goal_events(g: Game, kind: str | None = None) -> list[tuple[str, int, str]]:
    return [(e.kind, e.actor, e.data["goal"]) for e in g.events
            if e.kind.startswith("goal_") and (kind is None or e.kind == kind)]


def military(*tableaux: list[str], holder: int | None = None, phase: str = "develop",
             **top: Any) -> Game:
    holders = [] if holder is None else [holder]
    g = table(phase, *({"tableau": t} for t in tableaux),
              goals=[{"name": "Greatest Military", "holders": holders}], **top)
    return g


# ---------------------------------------------------------------- rulebook example 1
def test_example_1_alan_plays_a_card_that_brings_his_military_to_6_and_claims():
    g = table("develop",
              {"tableau": ["Space Marines", "Expedition Force"],
               "hand": ["Drop Ships", "Gem World", "Comet Zone", "Hive World", "Mining World"]},
              {"tableau": QUIET}, {"tableau": ["New Sparta"]},
              goals=["Greatest Military"])
    d = g.decision
    assert (d.player, d.kind) == (0, "develop")
    g.apply([o.id for o in d.options if o.label == "Drop Ships"])
    while g.decision is not None and g.decision.kind == "pay":
        g.apply(list(g.decision.ids[: g.decision.min]))
    gm = goal(g, "Greatest Military")
    assert gm.counts == (6, -1, 2)
    assert gm.holders == (0,)
    assert goal_events(g) == [("goal_claim", 0, "Greatest Military")]
    assert g.score_breakdown(0)["goals"] == {"Greatest Military": 5}


def test_example_1_alan_would_return_it_below_6():
    g = military([*MIL6, "Contact Specialist"], QUIET, ["Old Earth"], holder=0)
    gm = goal(g, "Greatest Military")
    assert gm.counts[0] == 5 and gm.holders == ()
    assert goal_events(g) == [("goal_lost", 0, "Greatest Military")]
    assert "below the minimum of 6" in next(e.text for e in g.events if e.kind == "goal_lost")


def test_example_1_betty_reaching_6_does_not_exceed_alan():
    g = military(MIL6, ["Space Marines", "New Sparta", "Epsilon Eridani", "Rebel Outpost"],
                 ["Old Earth"], holder=0)
    gm = goal(g, "Greatest Military")
    assert gm.counts[:2] == (6, 6)
    assert gm.holders == (0,) and goal_events(g) == []


def test_example_1_carol_reaches_7_and_takes_it_from_alan():
    g = military(MIL6, MIL6, MIL7, holder=0)
    gm = goal(g, "Greatest Military")
    assert gm.counts == (6, 6, 7)
    assert gm.holders == (2,)
    assert goal_events(g) == [("goal_lost", 0, "Greatest Military"),
                              ("goal_claim", 2, "Greatest Military")]


def test_variant_alan_drops_to_5_and_betty_alone_at_6_takes_it_at_the_same_check():
    g = military(MIL5, MIL6, ["Old Earth"], holder=0)
    assert goal(g, "Greatest Military").holders == (1,)
    assert goal_events(g) == [("goal_lost", 0, "Greatest Military"),
                              ("goal_claim", 1, "Greatest Military")]


# ---------------------------------------------------------------- rulebook example 2
def test_example_2_alan_and_betty_reach_6_in_the_same_phase_neither_claims():
    g = military(MIL6, MIL6, ["Old Earth"])
    gm = goal(g, "Greatest Military")
    assert gm.counts[:2] == (6, 6) and gm.holders == () and goal_events(g) == []


def test_example_2_carol_then_reaches_7_and_claims():
    g = military(MIL6, MIL6, MIL7)
    assert goal(g, "Greatest Military").holders == (2,)


def test_example_2_alan_and_betty_both_reach_8_and_carol_returns_it():
    g = military(MIL8_A, MIL8_B, MIL7, holder=2)
    gm = goal(g, "Greatest Military")
    assert gm.counts == (8, 8, 7) and gm.holders == ()
    assert goal_events(g) == [("goal_lost", 2, "Greatest Military")]
    lost = next(e.text for e in g.events if e.kind == "goal_lost")
    assert lost == ("Carol returns the goal Greatest Military to the centre: "
                    "Alan and Betty have 8, more than 7.")


def test_example_2_if_the_game_ends_now_alan_and_betty_take_3_vp_chips_carol_nothing():
    g = military(MIL8_A, MIL8_B, MIL7, holder=2, phase="round_end", vp_pool=0)
    assert g.is_over
    assert goal_events(g) == [("goal_lost", 2, "Greatest Military"),
                              ("goal_end", 0, "Greatest Military"),
                              ("goal_end", 1, "Greatest Military")]
    assert [g.score_breakdown(i)["goals"]["Greatest Military"] for i in range(3)] == [3, 3, 0]
    assert goal(g, "Greatest Military").end_chips == (0, 1)


def test_after_example_2_alan_alone_reaches_9_claims_and_scores_5_alone():
    alan9 = [*MIL8_A, "Epsilon Eridani"]
    g = military(alan9, MIL8_B, ["Lost Alien Battle Fleet", "Lost Alien Warship",
                                 "Rebel Outpost", "Separatist Colony"])
    assert goal(g, "Greatest Military").holders == (0,)
    g = military(alan9, MIL8_B, ["Lost Alien Battle Fleet", "Lost Alien Warship",
                                 "Rebel Outpost", "Separatist Colony"],
                 holder=0, phase="round_end", vp_pool=0)
    assert [g.score_breakdown(i)["goals"]["Greatest Military"] for i in range(3)] == [5, 0, 0]


# ---------------------------------------------------------------- game end and ties
def test_game_end_a_tied_holder_keeps_5_and_the_tied_player_takes_a_3_vp_chip():
    g = table("round_end",
              {"tableau": ["Investment Credits", "Export Duties", "Public Works",
                           "Space Marines", "Drop Ships"]},
              {"tableau": ["Investment Credits", "Export Duties", "Public Works",
                           "Space Marines", "Drop Ships"]},
              {"tableau": ["Mining Robots", "Colony Ship", "Contact Specialist",
                           "Expedition Force"]},
              goals=[{"name": "Greatest Infrastructure", "holders": [0]}], vp_pool=0)
    assert g.is_over
    assert [g.score_breakdown(i)["goals"] for i in range(3)] == [
        {"Greatest Infrastructure": 5}, {"Greatest Infrastructure": 3},
        {"Greatest Infrastructure": 0}]
    end = next(e for e in g.events if e.kind == "goal_end")
    assert end.actor == 1 and end.text == (
        "Betty takes a 3 VP goal chip for Greatest Infrastructure: 5, the most at game end, "
        "without the tile.")


def test_game_end_below_the_minimum_nobody_scores():
    g = table("round_end", {"tableau": ["Spice World", "Gem World", "Imperium Armaments World"]},
              {"tableau": ["Earth's Lost Colony"]}, {"tableau": QUIET},
              goals=["Production Leader"], vp_pool=0)
    assert g.is_over and goal_events(g) == []
    assert [sum(g.score_breakdown(i)["goals"].values()) for i in range(3)] == [0, 0, 0]


def test_a_tied_holder_keeps_the_tile_and_loses_it_when_exceeded():
    four = ["Spice World", "Gem World", "Imperium Armaments World", "Lost Alien Battle Fleet"]
    g = table("settle", {"tableau": four},
              {"tableau": ["Earth's Lost Colony", "Distant World", "Comet Zone", "Hive World"]},
              goals=[{"name": "Production Leader", "holders": [0]}])
    assert goal(g, "Production Leader").holders == (0,)
    g = table("settle", {"tableau": four},
              {"tableau": ["Earth's Lost Colony", "Distant World", "Comet Zone", "Hive World",
                           "Mining World"]},
              goals=[{"name": "Production Leader", "holders": [0]}])
    assert goal(g, "Production Leader").holders == (1,)


def test_first_goal_shared_in_one_phase_by_differing_amounts_then_closed():
    g = table("settle",
              {"tableau": ["Alien Robot Sentry", "Deserted Alien Outpost", "Alien Toy Shop"]},
              {"tableau": ["Alien Robot Scout Ship", "Lost Alien Warship",
                           "Lost Alien Battle Fleet", "Deserted Alien Colony"]},
              {"tableau": ["Alien Rosetta Stone World", "Deserted Alien Library"]},
              goals=["Overlord Discoveries"])
    od = goal(g, "Overlord Discoveries")
    assert od.counts == (3, 4, 2) and od.holders == (0, 1)
    claims = [e for e in g.events if e.kind == "goal_claim"]
    assert [(e.actor, e.data["tile"]) for e in claims] == [(0, True), (1, False)]
    assert "takes a 3 VP goal chip" in claims[1].text
    assert [g.score_breakdown(i)["goals"]["Overlord Discoveries"] for i in range(3)] == [3, 3, 0]
    # Carol reaches 3 later: the goal is closed.
    g = table("settle",
              {"tableau": ["Alien Robot Sentry", "Deserted Alien Outpost", "Alien Toy Shop"]},
              {"tableau": QUIET},
              {"tableau": ["Alien Rosetta Stone World", "Deserted Alien Library",
                           "Alien Tech Institute"]},
              goals=[{"name": "Overlord Discoveries", "holders": [0]}])
    assert goal(g, "Overlord Discoveries").holders == (0,) and goal_events(g) == []


def test_a_first_goal_is_never_lost():
    g = table("develop", {"tableau": ["Old Earth"]}, {"tableau": QUIET},
              goals=[{"name": "Overlord Discoveries", "holders": [0]}])
    assert goal(g, "Overlord Discoveries").counts[0] == 0
    assert goal(g, "Overlord Discoveries").holders == (0,)
    assert g.score_breakdown(0)["goals"] == {"Overlord Discoveries": 3}


def test_budget_surplus_every_player_over_the_limit_scores_and_the_goal_closes():
    hand12 = ["Gem World", "Spice World", "Comet Zone", "Artist Colony", "Mining World",
              "Hive World", "Space Marines", "Drop Ships", "Export Duties", "Asteroid Belt",
              "Investment Credits", "Public Works"]
    hand11 = ["Distant World", "Alpha Centauri", "Epsilon Eridani", "New Sparta",
              "Expedition Force", "Contact Specialist", "Colony Ship", "Mining Robots",
              "Rebel Outpost", "Lost Alien Warship", "Galactic Federation"]
    hand10 = ["Earth's Lost Colony", "Doomed World", "Separatist Colony", "Alien Toy Shop",
              "Alien Robot Sentry", "Deserted Alien Outpost", "Lost Alien Battle Fleet",
              "Imperium Armaments World", "Alien Robot Scout Ship", "Deserted Alien Colony"]
    g = table("round_end", {"tableau": ["Old Earth"], "hand": hand12},
              {"tableau": QUIET, "hand": hand11},
              {"tableau": ["Rebel Warrior Race"], "hand": hand10},
              goals=["Budget Surplus"])
    for who, n in ((0, 2), (1, 1)):
        d = g.decision
        assert (d.player, d.kind, d.min) == (who, "hand_limit", n)
        assert goal(g, "Budget Surplus").counts[:2] == (2, 1)
        g.apply(list(d.ids[:n]))
    bs = goal(g, "Budget Surplus")
    assert bs.holders == (0, 1)
    assert [g.score_breakdown(i)["goals"]["Budget Surplus"] for i in range(3)] == [3, 3, 0]


# ---------------------------------------------------------------- every goal: at and below
AT_AND_BELOW: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("Galactic Standard of Living", "consume",
     {"tableau": ["Old Earth"], "vp": 5}, {"tableau": ["Old Earth"], "vp": 4}),
    ("Galactic Status", "develop",
     {"tableau": ["Old Earth", "Galactic Federation"]},
     {"tableau": ["Old Earth", "Investment Credits"]}),
    ("Innovation Leader", "develop",
     {"tableau": ["Epsilon Eridani", "Investment Credits", "Expedition Force", "Spice World"]},
     {"tableau": ["Epsilon Eridani", "Investment Credits", "Expedition Force",
                  "Black Market Trading World", "Gem World"]}),
    ("Innovation Leader", "settle",
     {"tableau": ["Epsilon Eridani", "Investment Credits", "Expedition Force", "Spice World"]},
     {"tableau": ["Epsilon Eridani", "Investment Credits", "Expedition Force",
                  "Black Market Trading World", "Gem World"]}),
    ("System Diversity", "settle",
     {"tableau": ["Alpha Centauri", "Spice World", "Avian Uplift Race", "Alien Toy Shop"]},
     {"tableau": ["Alpha Centauri", "Spice World", "Avian Uplift Race",
                  "Alien Rosetta Stone World"]}),
    ("Budget Surplus", "round_end",
     {"tableau": ["Old Earth"], "hand": ["Gem World", "Spice World", "Comet Zone",
                                         "Artist Colony", "Mining World", "Hive World",
                                         "Space Marines", "Drop Ships", "Export Duties",
                                         "Asteroid Belt", "Alpha Centauri"]},
     {"tableau": ["Old Earth"], "hand": ["Gem World", "Spice World", "Comet Zone",
                                         "Artist Colony", "Mining World", "Hive World",
                                         "Space Marines", "Drop Ships", "Export Duties",
                                         "Asteroid Belt"]}),
    ("Overlord Discoveries", "develop",
     {"tableau": ["Alien Robot Sentry", "Deserted Alien Outpost", "Alien Tech Institute"]},
     {"tableau": ["Alien Robot Sentry", "Deserted Alien Outpost"]}),
    ("Overlord Discoveries", "settle",
     {"tableau": ["Alien Robot Sentry", "Deserted Alien Outpost", "Alien Toy Shop"]},
     {"tableau": ["Alien Robot Sentry", "Deserted Alien Outpost"]}),
    ("Production Leader", "settle",
     {"tableau": ["Spice World", "Gem World", "Imperium Armaments World",
                  "Lost Alien Battle Fleet"]},
     {"tableau": ["Spice World", "Gem World", "Imperium Armaments World", "Alpha Centauri"]}),
    ("Greatest Military", "develop", {"tableau": MIL6}, {"tableau": MIL5}),
    ("Greatest Military", "settle", {"tableau": MIL6}, {"tableau": MIL5}),
    ("Greatest Infrastructure", "develop",
     {"tableau": ["Investment Credits", "Export Duties", "Public Works", "Space Marines"]},
     {"tableau": ["Investment Credits", "Export Duties", "Public Works", "Old Earth"]}),
    ("Largest Industry", "settle",
     {"tableau": ["Spice World", "Gem World", "Alpha Centauri"]},
     {"tableau": ["Spice World", "Gem World", "Avian Uplift Race"]}),
]


@pytest.mark.parametrize(("name", "phase", "at", "below"), AT_AND_BELOW,
                         ids=[f"{n}-{p}" for n, p, *_ in AT_AND_BELOW])
def test_every_goal_at_its_threshold_and_one_below(name, phase, at, below):
    need = GOALS[name].need
    for spec, claimed in ((at, True), (below, False)):
        g = table(phase, spec, {"tableau": QUIET}, goals=[name])
        while (d := g.decision) is not None and d.kind == "hand_limit":
            g.apply(list(d.ids[: d.min]))
        st = goal(g, name)
        want = need if claimed else need - 1
        if name == "Budget Surplus":
            assert [e.data["count"] for e in g.events if e.kind == "goal_claim"] == (
                [want] if claimed else [])
        else:
            assert st.counts[0] == want
        assert st.holders == ((0,) if claimed else ())
        vp = GOALS[name].vp
        assert g.score_breakdown(0)["goals"] == {name: vp if claimed else 0}


def test_goals_are_checked_only_at_the_end_of_their_printed_phases():
    g = table("settle", {"tableau": ["Old Earth", "Galactic Federation"]},
              {"tableau": MIL6 + ["Public Works"]},
              goals=["Galactic Status", "Greatest Infrastructure", "Largest Industry"])
    assert all(x.holders == () for x in g.goals)  # Galactic Status is a Develop goal
    g = table("consume", {"tableau": MIL6 + ["Public Works"]}, {"tableau": QUIET},
              goals=["Greatest Military", "Greatest Infrastructure"])
    assert all(x.holders == () for x in g.goals)


def test_the_second_develop_of_the_advanced_game_is_a_check_of_its_own():
    g = Game.from_position({
        "phase": "develop2", "goals": ["Greatest Military"],
        "players": [{"tableau": MIL6, "actions": ["develop", "develop2"]},
                    {"tableau": QUIET, "actions": ["settle", "produce"]}]})
    assert goal(g, "Greatest Military").holders == (0,)
    assert next(e for e in g.events if e.kind == "goal_claim").phase == "develop2"


# ---------------------------------------------------------------- goal VP are not chips
def test_goal_vp_leave_the_pool_alone_and_standard_of_living_counts_chips_only():
    # Alan has 4 VP in chips and a 3 VP goal tile: not yet 5 in chips.
    g = table("consume", {"tableau": ["Old Earth"], "vp": 4}, {"tableau": QUIET},
              goals=["Galactic Standard of Living",
                     {"name": "Galactic Status", "holders": [0]}], vp_pool=20)
    assert goal(g, "Galactic Standard of Living").holders == ()
    assert g.vp_pool == 20 and g.players[0].vp == 4
    assert g.scores()[0] == 2 + 4 + 3
    # With 5 in chips he claims it; the pool is unchanged by the claim.
    g = table("consume", {"tableau": ["Old Earth"], "vp": 5}, {"tableau": QUIET},
              goals=["Galactic Standard of Living",
                     {"name": "Galactic Status", "holders": [0]}], vp_pool=20)
    assert goal(g, "Galactic Standard of Living").holders == (0,)
    assert g.vp_pool == 20 and g.players[0].vp == 5
    b = g.score_breakdown(0)
    assert b["goals"] == {"Galactic Standard of Living": 3, "Galactic Status": 3}
    assert b["total"] == b["cards"] + b["chips"] + sum(b["goals"].values()) == 2 + 5 + 6
    assert g.scores()[0] == b["total"]


def test_galactic_standard_of_living_claimed_by_chips_earned_in_that_consume_phase():
    g = table("consume", {"tableau": ["Old Earth", {"card": "Spice World", "good": True}],
                          "vp": 4},
              {"tableau": QUIET}, goals=["Galactic Standard of Living"], vp_pool=20)
    for _ in range(10):
        d = g.decision
        if d is None or d.kind == "actions":
            break
        g.apply(list(d.ids[: max(d.min, 1)]))
    assert g.players[0].vp >= 5
    assert goal(g, "Galactic Standard of Living").holders == (0,)
    claim = next(e for e in g.events if e.kind == "goal_claim")
    assert claim.phase == "consume"
    assert g.vp_pool == 20 - (g.players[0].vp - 4)  # only the chips came from the pool


def test_galactic_renaissance_counts_chips_not_goal_vp():
    g = table("develop", {"tableau": ["Old Earth", "Galactic Renaissance"], "vp": 3},
              {"tableau": QUIET},
              goals=["Galactic Status", {"name": "Greatest Military", "holders": []}])
    b = g.score_breakdown(0)
    assert b["goals"]["Galactic Status"] == 3  # Galactic Renaissance is a 6-cost development
    assert b["bonuses"] == {"Galactic Renaissance": 1}  # 3 chips // 3, the goal VP left out


# ---------------------------------------------------------------- setup, saves, errors
def test_new_game_draws_two_most_and_four_first_goals_from_its_seed():
    g = Game.new(players=3, seed=5)
    kinds = [x.kind for x in g.goals]
    assert kinds.count("most") == 2 and kinds.count("first") == 4
    assert g.setup["goals"] == [x.name for x in g.goals]
    assert Game.new(players=4, seed=5).setup["goals"] == g.setup["goals"]
    assert len({tuple(Game.new(seed=s).setup["goals"]) for s in range(20)}) > 5
    assert all(x.holders == () and len(x.counts) == 3 for x in g.goals)


def test_chosen_goals_and_no_goals():
    g = Game.new(players=2, seed=1, goals=["Greatest Military", "Galactic Status"])
    assert [x.name for x in g.goals] == ["Greatest Military", "Galactic Status"]
    assert [x.kind for x in g.goals] == ["most", "first"]
    assert Game.new(seed=1, goals=False).goals == ()
    assert Game.new(seed=1, expansion="base").goals == ()
    assert "goals" not in Game.new(seed=1, expansion="base").setup
    assert len(FIRST_GOALS) == 6 and len(MOST_GOALS) == 4


def test_drawing_goals_does_not_change_the_deal():
    with_goals = Game.new(players=4, seed=33)
    without = Game.new(players=4, seed=33, goals=False)
    assert with_goals.snapshot() == without.snapshot()
    assert with_goals.events == without.events


def test_a_save_made_before_goals_existed_loads_without_goals():
    g = Game.new(players=3, seed=8, goals=False)
    RandomPlayer(8).play(g)
    data = json.loads(g.to_json())
    del data["setup"]["goals"]
    old = Game.from_json(json.dumps(data))
    assert old.goals == () and old.snapshot() == g.snapshot() and old.events == g.events
    assert old.scores() == g.scores()
    assert all(old.score_breakdown(i)["goals"] == {} for i in range(3))


def test_a_save_with_goals_replays_them():
    g = Game.new(players=4, seed=21)
    RandomPlayer(21).play(g)
    loaded = Game.from_json(g.to_json())
    assert loaded.goals == g.goals and loaded.events == g.events
    assert loaded.scores() == g.scores()


def test_solitaire_game_has_no_goals():
    assert SoloGame.new(seed=3).goals == ()


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"goals": ["Greatest Nothing"]}, r"goals\[0\]: unknown goal"),
    ({"goals": ["Galactic Status", "Galactic Status"]}, r"goals\[1\]: .* listed twice"),
    ({"goals": "Galactic Status"}, r"goals: expected"),
    ({"goals": 3}, r"goals: expected"),
    ({"goals": ["Galactic Status"], "expansion": "base"}, r"goals: .*Gathering Storm"),
    ({"goals": True, "expansion": "base"}, r"goals: .*Gathering Storm"),
])
def test_a_bad_goals_argument_is_refused_naming_the_field(kwargs, match):
    with pytest.raises(ValueError, match=match):
        Game.new(seed=1, **kwargs)


@pytest.mark.parametrize(("goals", "match"), [
    (["Galactic Status", "Nope"], r"field 'setup.goals\[1\]': unknown goal"),
    ("Galactic Status", r"field 'setup.goals': expected"),
])
def test_a_save_with_bad_goals_is_refused_naming_the_field(goals, match):
    data = json.loads(Game.new(seed=1).to_json())
    data["setup"]["goals"] = goals
    with pytest.raises(SaveFileError, match=match):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize(("goals", "match", "top"), [
    ("Greatest Military", r"^goals: expected a list", {}),
    (["Greatest Nothing"], r"^goals\[0\]: unknown goal", {}),
    ([{"name": "Nope"}], r"^goals\[0\]\.name: unknown goal", {}),
    (["Galactic Status", {"name": "Galactic Status"}], r"^goals\[1\]\.name: .* twice", {}),
    ([{"name": "Galactic Status", "who": [0]}], r"^goals\[0\]: unknown field", {}),
    ([{"name": "Galactic Status", "holders": 0}], r"^goals\[0\]\.holders: expected", {}),
    ([{"name": "Galactic Status", "holders": [2]}], r"^goals\[0\]\.holders\[0\]: no player", {}),
    ([{"name": "Galactic Status", "holders": ["x"]}], r"^goals\[0\]\.holders\[0\]: expected",
     {}),
    ([{"name": "Galactic Status", "holders": [1, 1]}], r"^goals\[0\]\.holders: .* twice", {}),
    ([{"name": "Greatest Military", "holders": [0, 1]}], r"^goals\[0\]\.holders: .*one holder",
     {}),
    (["Greatest Military"], r"^goals: .*Gathering Storm", {"expansion": "base"}),
])
def test_a_bad_goals_position_is_refused_naming_the_field(goals, match, top):
    data = {"players": [{"tableau": ["Old Earth"]}, {"tableau": QUIET}], "goals": goals, **top}
    with pytest.raises(PositionError, match=match):
        Game.from_position(data)


def test_a_custom_design_supplies_innovation_leader_its_own_phases() -> None:
    """A custom development of one name in two games, with an Explore power in one and a
    Produce power in the other (a card edited between games): beside Galactic Survey: SETI
    (Explore) each counts its own phase, one counted after the other."""
    count = GOALS["Innovation Leader"].tableau_count
    assert count is not None
    seti = Game.new(players=2, seed=1).db["Galactic Survey: SETI"]
    relay = {"name": "Relay Mart", "type": "development", "cost": 2, "vp": 1, "copies": 1}
    explores, produces = (Game.new(players=2, seed=1, custom_cards=[{
        **relay, "powers": [{"phase": phase, "code": "DRAW", "value": 1}]}]).db["Relay Mart"]
        for phase in (1, 5))
    assert (count([seti, explores]), count([seti, produces])) == (1, 2)


def test_innovation_leader_counts_the_kinds_of_power_of_any_tableau() -> None:
    """The count, kept as bits of each design, is the number of phases (and Trade) among any
    tableau's powers, as a plain set of them counts it: tableaux of 0 to 12 designs drawn
    from the whole deck."""
    count = GOALS["Innovation Leader"].tableau_count
    assert count is not None
    designs = list(dict.fromkeys(c.design for c in Game.new(players=2, seed=3).cards))
    rng = random.Random(5)
    seen = set()
    for _ in range(400):
        ds = rng.sample(designs, rng.randint(0, 12))
        kinds = {"$" if pw.phase == 4 and pw.atoms & TRADE_BONUS_ATOMS else pw.phase
                 for d in ds for pw in d.powers}
        assert count(ds) == len(kinds)
        seen.add(len(kinds))
    assert seen >= {0, 3, 5, 6}


def test_the_goals_are_drawn_as_a_seeded_random_samples_them() -> None:
    """``draw`` takes its shortcuts without changing a draw: the goals that
    ``random.Random(f"rftg_nb goals {seed}")`` samples, two "most" then four "first"."""
    for seed in [*range(2000), 2**31 - 1, 2**32 - 1, 10**12]:
        rng = random.Random(f"rftg_nb goals {seed}")
        picked = set(rng.sample(MOST_GOALS, 2)) | set(rng.sample(FIRST_GOALS, 4))
        assert draw_goals(seed) == [n for n in GOALS if n in picked], seed
