"""Settings are checked before any game starts; a bad one names its field."""

from __future__ import annotations

import json
import sys

import pytest

from rftg_nb.lab import Settings, SettingsError, available_seats, grid, simulate
from rftg_nb.lab.settings import SEAT_KINDS
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS


def bad(field: str, **kwargs):
    """simulate(**kwargs) must raise SettingsError naming ``field``, playing nothing."""
    kwargs = {"executor": "serial", "progress": False, "games": 1} | kwargs
    with pytest.raises(SettingsError) as err:
        simulate(**kwargs)
    assert err.value.field == field
    assert str(err.value).startswith(f"{field}: ")
    return err.value


@pytest.mark.parametrize(("field", "kwargs"), [
    ("players", {"players": 0}),
    ("players", {"players": 6}),
    ("players", {"players": "2"}),
    ("players", {"players": True}),
    ("difficulty", {"difficulty": "nightmare"}),
    ("difficulty", {"players": 2, "difficulty": "hard"}),
    ("robot_start", {"robot_start": "Mars"}),
    ("player_start", {"player_start": 3}),
    ("robot_start", {"player_start": "Old Earth", "robot_start": "Old Earth"}),
    ("robot_start", {"players": 3, "robot_start": "Old Earth"}),
    ("player_start", {"players": 2, "player_start": "Old Earth"}),
    ("seats", {"seats": ["random", "random"]}),
    ("seats", {"players": 3, "seats": ["random"]}),
    ("seats", {"seats": 7}),
    ("seats[1]", {"players": 2, "seats": ["random", "genius"]}),
    ("components", {"components": {"dice": {"a": ["explore"]}}}),
    ("components", {"components": {"no_such_thing": 1}}),
    ("components", {"components": "/nonexistent/components.json"}),
    ("components", {"players": 2, "components": {}}),
    ("goals", {"goals": True}),
    ("goals", {"players": 2, "goals": "yes"}),
    ("label", {"label": 3}),
    ("games", {"games": 0}),
    ("games", {"games": 2.5}),
    ("seed", {"seed": -1}),
    ("chunk_size", {"chunk_size": 0}),
    ("executor", {"executor": "cloud"}),
    ("executor", {"executor": 0}),
    ("progress", {"progress": "yes"}),
    ("path", {"path": 12}),
    ("colour", {"colour": "red"}),
])
def test_a_bad_setting_names_its_field(field, kwargs):
    bad(field, **kwargs)


def test_an_error_in_a_list_names_the_item():
    with pytest.raises(SettingsError) as err:
        simulate([Settings(), {"difficulty": "hard", "robot_start": "Pluto"}], games=1,
                 executor="serial", progress=False)
    assert err.value.field == "settings[1].robot_start"


def test_the_same_settings_twice_is_an_error_but_different_labels_are_not():
    with pytest.raises(SettingsError) as err:
        simulate([Settings(), Settings(difficulty="easy")], games=1, executor="serial",
                 progress=False)
    assert err.value.field == "settings[1]"
    table = simulate([Settings(label="a"), Settings(label="b")], games=2, executor="serial",
                     progress=False)
    assert list(table["variant"]) == ["a", "a", "b", "b"]


def test_settings_both_ways_or_an_empty_list_are_errors():
    with pytest.raises(SettingsError) as err:
        simulate(Settings(), difficulty="hard", executor="serial")
    assert err.value.field == "difficulty"
    with pytest.raises(SettingsError) as err:
        simulate([], executor="serial")
    assert err.value.field == "settings"


def test_nothing_is_played_or_written_when_a_later_setting_is_bad(tmp_path):
    path = tmp_path / "results.jsonl"
    with pytest.raises(SettingsError):
        simulate([Settings(), Settings(players=9)], games=3, path=path, executor="serial",
                 progress=False)
    assert not path.exists()


def test_an_ai_seat_without_the_ai_package_is_a_settings_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "rftg_nb.ai", None)  # import of it fails
    err = bad("seats[0]", seats="ai-strong")
    assert "rftg_nb.ai" in str(err)
    assert available_seats() == ("random",)


def test_check_completes_the_settings(tmp_path):
    overrides = {"dice": {"b": ["explore", "settle", "x2", "robot", "develop", "match"]}}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(overrides))
    s = Settings(difficulty="hard", components=str(path)).check()
    assert s.seats == ("random",)
    assert s.components == overrides  # the values travel, not the path
    assert s.goals is False
    assert s.label == "hard, components: " + json.dumps(overrides, sort_keys=True)
    t = Settings(players=3, seats="random").check()
    assert t.seats == ("random",) * 3 and t.goals is True and t.difficulty is None
    assert Settings().check().difficulty == "easy"
    assert Settings(players=2, goals=False).check().label == "2 players, no goals"


def test_from_dict_round_trip_and_id():
    s = Settings(players=1, difficulty="medium", robot_start="New Sparta").check()
    again = Settings.from_dict(s.to_dict())
    assert again == s and again.id == s.id
    assert Settings(difficulty="hard").check().id != s.id
    with pytest.raises(SettingsError) as err:
        Settings.from_dict({"difficulty": "hard", "level": 3}, "settings[0].")
    assert err.value.field == "settings[0].level"


def test_grid_is_every_combination_labelled():
    g = grid(difficulty=DIFFICULTIES, robot_start=START_WORLDS)
    assert len(g) == 27
    assert g[0].difficulty == "easy" and g[0].robot_start == "Old Earth"
    assert g[0].label == "difficulty=easy, robot_start=Old Earth"
    assert len({s.check().id for s in g}) == 27
    assert grid(Settings(players=2), goals=[True, False])[1].players == 2
    with pytest.raises(SettingsError) as err:
        grid(speed=[1, 2])
    assert err.value.field == "speed"
    with pytest.raises(SettingsError) as err:
        grid(difficulty="hard")
    assert err.value.field == "difficulty"


def test_seat_kinds():
    assert SEAT_KINDS == ("random", "ai-fast", "ai-strong")
    assert available_seats()[0] == "random"
