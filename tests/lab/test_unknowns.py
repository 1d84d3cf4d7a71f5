"""The assumed component values and their alternatives, played side by side."""

from __future__ import annotations

import pytest

from rftg_nb.lab import Settings, SettingsError, simulate
from rftg_nb.lab.unknowns import (
    ASSUMED_MARK,
    UnknownError,
    all_alternatives,
    alternatives,
    title,
    unknowns,
    values,
)
from rftg_nb.robot import SoloGame, load_components
from rftg_nb.robot.dice import FACE_LABELS


def test_every_assumed_value_is_an_unknown_with_alternatives():
    marked = [r["name"] for r in load_components().marked() if r["source"] == "assumed"]
    assert unknowns() == marked
    assert {"dice.a", "dice.b", "start_worlds.Old Earth.robot_face"} <= set(unknowns())
    for name in unknowns():
        options = values(name)
        assert options[0][0].endswith(ASSUMED_MARK), name
        assert len(options) >= 2, f"{name} has no alternative"
        assert len({label for label, _ in options}) == len(options), name
        assert options[0][1] not in [v for _, v in options[1:]], name


def test_each_alternative_is_a_game_with_that_value():
    for name in unknowns():
        path = name.split(".") if not name.startswith("start_worlds") else [
            "start_worlds", name.split(".")[1], name.split(".")[2]]
        for (label, value), s in zip(values(name), alternatives(name), strict=True):
            assert s.group == name and s.label == label
            game = SoloGame.new(seed=1, robot_start=s.robot_start, components=s.components)
            assert game.components.get(*path) == value, (name, label)
            if path[0] == "start_worlds":
                assert s.robot_start == path[1]


def test_die_alternatives_swap_one_face():
    a = load_components().get("dice", "a")
    for label, die in values("dice.a")[1:]:
        assert sum(x != y for x, y in zip(a, die, strict=True)) == 1, label
        new = next(y for x, y in zip(a, die, strict=True) if x != y)
        old = next(x for x, y in zip(a, die, strict=True) if x != y)
        assert new not in a
        assert label == f"{FACE_LABELS[new]} instead of {FACE_LABELS[old]}"
    # Die B's two robot faces give one swap each, not two.
    assert len(values("dice.b")) == 1 + 5 * 3


def test_alternatives_keep_the_base_settings():
    base = Settings(difficulty="hard", player_start="Old Earth",
                    components={"vp_pool": 30})
    alts = alternatives("start_worlds.Old Earth.robot_face", base)
    assert all(s.difficulty == "hard" and s.robot_start == "Old Earth" for s in alts)
    assert all(s.player_start is None for s in alts)  # the robot needs Old Earth now
    assert all(s.components["vp_pool"] == 30 for s in alts)
    assert alts[1].components["start_worlds"]["Old Earth"]["robot_face"] == "explore"


def test_bad_names_and_bases():
    with pytest.raises(UnknownError) as err:
        alternatives("dice.c")
    assert err.value.field == "name"
    with pytest.raises(SettingsError) as err:
        alternatives("dice.a", Settings(players=2))
    assert err.value.field == "base.players"


def test_titles():
    assert title("dice.b") == "die B"
    assert title("start_worlds.Old Earth.robot_face") == 'Old Earth: "robot =" counter'
    assert title("conventions.draw_stack_order") == "draw stack order"


def test_alternatives_play_side_by_side_on_the_same_seeds():
    settings = alternatives("start_worlds.Damaged Alien Factory.robot_face")
    t = simulate(settings, games=4, executor="serial", progress=False)
    assert len(t) == 6 * 4
    assert (t["robot_world"] == "Damaged Alien Factory").all()
    assert (t["group"] == "start_worlds.Damaged Alien Factory.robot_face").all()
    by_variant = {v: g.reset_index(drop=True) for v, g in t.groupby("variant", sort=False)}
    base = by_variant[settings[0].label]
    assert list(base["components"].isna()) == [True] * 4
    # The same seeds deal the same start world to you in every variant ...
    for g in by_variant.values():
        assert list(g["seed"]) == [0, 1, 2, 3]
        assert list(g["world0"]) == list(base["world0"])
    # ... and a "robot =" counter reading Develop instead of $ changes how the robot plays.
    develop = by_variant["Develop"]
    assert list(develop["robot_score"]) != list(base["robot_score"])


def test_all_alternatives_is_every_group_in_order():
    every = all_alternatives()
    assert list(dict.fromkeys(s.group for s in every)) == unknowns()
    assert len({s.id for s in every}) == len(every)
