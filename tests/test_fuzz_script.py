"""``scripts/fuzz.py``, the fuzzing at scale: its games are played and checked, and a broken
invariant is reported with the game's number and setting and fails the run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

PATH = Path(__file__).resolve().parent.parent / "scripts" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz() -> Any:
    spec = importlib.util.spec_from_file_location("rftg_nb_fuzz_script", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its workers find play() by the module's name)
    spec.loader.exec_module(module)
    return module


def test_the_settings_cover_every_kind_of_game(fuzz: Any) -> None:
    settings = [fuzz.setting(i) for i in range(400)]
    assert {s["players"] for s in settings} == {1, 2, 3, 4, 5}
    assert any(s.get("draft") for s in settings) and any(s.get("goals") for s in settings)
    assert any(s.get("custom_cards") and s["players"] == 1 for s in settings)
    assert not any(s.get("draft") and s["players"] > 3 for s in settings)
    assert fuzz.setting(7) == fuzz.setting(7)  # a game's setting is its own, every run


def test_games_are_played_and_checked(fuzz: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert all(fuzz.play(i) is None for i in range(0, 60, 3))  # full checks and reloads
    assert fuzz.main(["--games", "40", "--first", "100", "--processes", "2"]) == 0
    assert "40 games from 100" in capsys.readouterr().out


def test_a_broken_invariant_is_reported_with_its_game(
        fuzz: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def broken(game: Any, custom: set[str]) -> None:
        raise AssertionError("planted")

    monkeypatch.setattr(fuzz, "check", broken)
    got = fuzz.play(20)
    assert got is not None and got["game"] == 20 and "planted" in got["error"]
    assert got["setting"]["seed"] == 20 and "custom_cards" not in got["setting"]
    assert fuzz.main(["--games", "3", "--processes", "1"]) == 1  # (its worker is forked)
    out = capsys.readouterr().out
    assert "game 0 failed: AssertionError('planted')" in out and "3 failed" in out
