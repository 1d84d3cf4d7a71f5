"""Fuzz of every loader: documents of any shape load or are refused with the typed error.

Saves go to ``Game.from_json``, ``SoloGame.from_json``, ``TableGame.from_json`` and the load
of the dashboard's and the table's controllers; card sets and designs to ``check_designs``,
``from_file_data``, ``read_designs``, ``database_with`` and the ``custom_cards`` of ``new``;
component overrides to ``load_components``, ``read_overrides`` and ``SoloGame.new``; and
arguments of any shape to ``Game.new`` and ``SoloGame.new``. Each must load or raise its typed
error (``SaveFileError``, ``CustomCardError``, ``ComponentError``; a ``ValueError`` from
``new``), never another exception; a refused load keeps the controller's
game as it was, with an error status; and whatever loads or starts saves and loads again to
the same game. The documents and loaders are in :mod:`tests.fuzz_docs`;
``benchmarks/fuzz_loaders.py`` runs the same with thousands of examples and prints each
loader's slowest case, in milliseconds and in calibration units (no clock here: a busy machine
would fail a timed test, and the sizes that could make a load slow are refused by the loaders'
own limits, tested in ``tests/cards/test_custom.py``).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from tests import fuzz_docs as fd

# the strategies hold long constants (10**400, the formats' words): hypothesis warns when it
# prints them in a failure report
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

FUZZ = settings(max_examples=80, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.large_base_example])


# ------------------------------------------------------------------------------ the seeds
@pytest.mark.parametrize("name", sorted(fd.save_seeds()))
def test_every_real_save_loads_in_its_own_loader(name):
    """The mutations start from documents that load: each save is accepted somewhere."""
    outcomes = fd.check(fd.family("save"), fd.Doc(fd.save_seeds()[name], origin=name))
    accepted = {o.loader for o in outcomes if o.verdict == "accepted"}
    own = "SoloGame.from_json" if name.startswith("solo") else "Game.from_json"
    assert own in accepted
    if name == "table":
        assert "TableController.load" in accepted


@pytest.mark.parametrize("name", ["card file", "design list"])
def test_real_card_documents_load(name):
    outcomes = fd.check(fd.family("cards"), fd.Doc(fd.card_seeds()[name], origin=name))
    assert {"from_file_data", "read_designs"} <= {o.loader for o in outcomes
                                                  if o.verdict == "accepted"}


# ------------------------------------------------------------------------------ saves
@FUZZ
@given(doc=fd.save_documents())
def test_save_loaders_load_or_refuse(doc):
    fd.check(fd.family("save"), doc)


@settings(FUZZ, max_examples=120)
@given(doc=fd.mutated("save"))
def test_save_loaders_on_mutated_real_saves(doc):
    fd.check(fd.family("save"), doc)


# ------------------------------------------------------------------------------ card sets
@FUZZ
@given(doc=fd.card_documents())
def test_card_loaders_load_or_refuse(doc):
    fd.check(fd.family("cards"), doc)


@settings(FUZZ, max_examples=100)
@given(doc=fd.mutated("cards"))
def test_card_loaders_on_mutated_card_files(doc):
    fd.check(fd.family("cards"), doc)


# ------------------------------------------------------------------------------ components
@settings(FUZZ, max_examples=50)
@given(doc=fd.component_documents())
def test_component_overrides_load_or_refuse(doc):
    fd.check(fd.family("components"), doc)


# ------------------------------------------------------------------------------ new games
@settings(FUZZ, max_examples=100)
@given(doc=fd.game_new_kwargs())
def test_game_new_takes_any_arguments(doc):
    fd.check(fd.family("game new"), doc)


@settings(FUZZ, max_examples=100)
@given(doc=fd.solo_new_kwargs())
def test_solo_game_new_takes_any_arguments(doc):
    fd.check(fd.family("solo new"), doc)


# ------------------------------------------------------------------------------ known shapes
def _save(name: str, path: tuple, value) -> fd.Doc:
    doc = json.loads(json.dumps(fd.save_seeds()[name]))
    return fd.Doc(fd.set_at(doc, path, value), origin=f"{name} with {path} set")


def _cards(path: tuple, value) -> fd.Doc:
    doc = json.loads(json.dumps(fd.card_seeds()["design list"]))
    return fd.Doc(fd.set_at(doc, path, value), origin=f"designs with {path} set")


SAVE_CASES = {
    "5000 nested lists": fd.Doc(fd.nest(1, 5000)),
    "setup nested 1200 deep": _save("2 players advanced", ("setup",), fd.nest({}, 1200)),
    "names nested 5000 deep": _save("3 players goals", ("setup", "names"),
                                    fd.nest(["Ann"], 5000)),
    "custom card name a list": _save("custom cards", ("setup", "custom_cards", 0, "name"),
                                     ["Fuzz"]),
    "custom card name nested": _save("custom cards", ("setup", "custom_cards", 0, "name"),
                                     fd.nest("x", 5000)),
    "solo components nested": _save("solo scripted", ("setup", "solo", "components"),
                                    fd.nestd(1, 5000, "dice")),
    "solo deck a dict": _save("solo scripted", ("setup", "solo", "deck"), {"a": 1}),
    "solo dice a number": _save("solo scripted", ("setup", "solo", "dice"), 7),
    "lone surrogate name": fd.Doc(_save("3 players goals", ("setup", "names", 0),
                                        "\ud800").value, ensure_ascii=False),
    "seed NaN": _save("2 players advanced", ("seed",), float("nan")),
    "seed 10**30": _save("2 players advanced", ("seed",), 10**30),
    "seed 1.0": _save("2 players advanced", ("seed",), 1.0),
    "players True": _save("2 players advanced", ("setup", "players"), True),
    "players 2.0": _save("2 players advanced", ("setup", "players"), 2.0),
    "1 MB name": _save("3 players goals", ("setup", "names", 0), "x" * fd.GIANT),
    "choices nested": _save("2 players drafted", ("choices",), fd.nest([], 5000)),
    "table nested": _save("table", ("table",), fd.nestd([], 5000, "names")),
    "table computer 1.0": _save("table", ("table", "computer", 0), 1.0),
    "position nested": _save("position", ("setup", "position", "players"),
                             fd.nest([], 5000)),
    "invalid UTF-8": fd.Doc(b'{"format": "rftg_nb-game", "\xff": 1}', "bytes"),
    "UTF-16": fd.Doc(json.dumps(fd.save_seeds()["solo"]).encode("utf-16"), "bytes"),
    "4400-digit number": fd.Doc('{"seed": ' + "9" * 4400 + "}", "text"),
}

CARD_CASES = {
    "a number": fd.Doc(5),
    "a string": fd.Doc("Fuzz Moon"),
    "None": fd.Doc(None),
    "name a list": _cards((0, "name"), ["Fuzz"]),
    "name nested 5000": _cards((0, "name"), fd.nest("x", 5000)),
    "name 10**400": _cards((0, "name"), 10**400),
    "cost 1.0": _cards((0, "cost"), 1.0),
    "cost True": _cards((0, "cost"), True),
    "cost NaN": _cards((0, "cost"), float("nan")),
    "cost 10**30": _cards((0, "cost"), 10**30),
    "copies a list": _cards((1, "copies"), [2]),
    "flags a dict": _cards((1, "flags"), {"alien": True}),
    "flags with a list": _cards((1, "flags"), [["alien"]]),
    "powers a dict": _cards((0, "powers"), {"phase": 5}),
    "power a list": _cards((0, "powers", 0), [5, "DRAW"]),
    "power phase a list": _cards((0, "powers", 0, "phase"), [5]),
    "power code a dict": _cards((0, "powers", 0, "code"), {"DRAW": 1}),
    "bonus for a list": _cards((3, "bonuses", 0, "for"), ["WORLD"]),
    "bonus name a list": _cards((3, "bonuses", 1, "name"), ["Fuzz Moon"]),
    "good a list": _cards((0, "good"), ["rare"]),
    "type a dict": _cards((0, "type"), {"world": 1}),
    "design nested": _cards((0,), fd.nest({}, 5000)),
    "list nested": fd.Doc(fd.nest([], 5000)),
    "1 MB name": _cards((0, "name"), "x" * fd.GIANT),
    "surrogate name": _cards((0, "name"), "\ud800"),
    "duplicated": fd.Doc(fd.card_seeds()["design list"] * 3),
    "5000 designs": fd.Doc([fd.WORLD] * 5000),
    "file designs nested": fd.Doc({**fd.card_seeds()["card file"],
                                   "designs": fd.nest([], 5000)}),
    "file version 1.0": fd.Doc({**fd.card_seeds()["card file"], "version": 1.0}),
    "file version True": fd.Doc({**fd.card_seeds()["card file"], "version": True}),
    "invalid UTF-8 file": fd.Doc(b'[{"name": "\xff\xfe"}]', "bytes"),
}

COMPONENT_CASES = {
    "a number": fd.Doc(5),
    "a list": fd.Doc([1, 2]),
    "dice nested": fd.Doc({"dice": fd.nestd(1, 5000, "a")}),
    "die faces a dict": fd.Doc({"dice": {"a": {"explore": 1}}}),
    "vp_pool 1.0": fd.Doc({"vp_pool": 1.0}),
    "vp_pool 10**30": fd.Doc({"vp_pool": 10**30}),
    "leaf with a list value key": fd.Doc({"vp_pool": {"value": [24]}}),
    "start world a list": fd.Doc({"start_worlds": {"New Sparta": ["explore"]}}),
    "unhashable choice": fd.Doc({"same_single_space": {"value": ["once"]}}),
    "invalid UTF-8 file": fd.Doc(b'{"vp_pool": "\xff"}', "bytes"),
}

NEW_CASES = {
    "players a string": {"players": "2"},
    "players 2.0": {"players": 2.0},
    "players 10**30": {"players": 10**30},
    "names a number": {"names": 5},
    "names nested": {"names": fd.nest("Ann", 5000)},
    "names None inside": {"players": 2, "names": [None, None]},
    "goals a number": {"goals": 5},
    "goals a dict": {"goals": {"Greatest Military": 1}},
    "goals with a list": {"goals": [["Greatest Military"]]},
    "draft a string": {"players": 3, "draft": "yes"},
    "draft None": {"players": 3, "draft": None},
    "expansion a list": {"expansion": ["tgs"]},
    "advanced a string": {"advanced": "no"},
    "seed NaN": {"seed": float("nan")},
    "seed 10**30": {"seed": 10**30},
    "custom cards a dict": {"custom_cards": {"name": "x"}},
    "custom cards a number": {"custom_cards": 5},
}

SOLO_CASES = {
    "deck a number": {"deck": 5},
    "deck a dict": {"deck": {"Gem World": 1}},
    "deck with a list": {"deck": [["Gem World"]]},
    "dice a number": {"dice": 5},
    "dice pairs numbers": {"dice": [1, 2]},
    "dice a dict": {"dice": {"a": "b"}},
    "components a list": {"components": [1]},
    "components a number": {"components": 5},
    "components a missing file": {"components": "/nonexistent/components.json"},
    "difficulty a list": {"difficulty": ["easy"]},
    "player start a list": {"player_start": ["Old Earth"]},
    "robot start a dict": {"robot_start": {"Old Earth": 1}},
    "name nested": {"name": fd.nest("x", 5000)},
    "name a surrogate": {"name": "\ud800"},
    "seed 1.0": {"seed": 1.0},
    "custom cards a string": {"custom_cards": "Fuzz Moon"},
}


@pytest.mark.parametrize("case", sorted(SAVE_CASES))
def test_known_save_shapes(case):
    fd.check(fd.family("save"), SAVE_CASES[case])


@pytest.mark.parametrize("case", sorted(CARD_CASES))
def test_known_card_shapes(case):
    fd.check(fd.family("cards"), CARD_CASES[case])


@pytest.mark.parametrize("case", sorted(COMPONENT_CASES))
def test_known_component_shapes(case):
    fd.check(fd.family("components"), COMPONENT_CASES[case])


@pytest.mark.parametrize("case", sorted(NEW_CASES))
def test_known_game_new_arguments(case):
    fd.check(fd.family("game new"), fd.Doc(NEW_CASES[case], "kwargs", case))


@pytest.mark.parametrize("case", sorted(SOLO_CASES))
def test_known_solo_new_arguments(case):
    fd.check(fd.family("solo new"), fd.Doc(SOLO_CASES[case], "kwargs", case))
