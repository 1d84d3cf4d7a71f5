"""Golden regression: a fixed set of seeded games plays exactly as it did when recorded.

``tests/data/engine_golden.json`` holds a fingerprint of each game (choice log, every decision
shown, every event with its sentence and data, views, snapshot, goals, scores and breakdowns,
the save, a mid-game step-through copy and, for solitaire, the race's numbers); it was written
by ``tests/data/make_engine_golden.py``, which says how to rewrite it when a rule change is
intended. Speed work on the engine must keep every fingerprint, and a reloaded save must give
the same fingerprint as the game played live.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rftg_nb import Game, SoloGame
from tests.data.make_engine_golden import GOLDEN, fingerprint, play

GAMES: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["games"]


def _differences(got: dict[str, Any], want: dict[str, Any]) -> list[str]:
    keys = sorted(set(got) | set(want))
    return [f"{k}: got {got.get(k)!r}, recorded {want.get(k)!r}"
            for k in keys if got.get(k) != want.get(k)]


def test_the_set_covers_every_kind_of_game() -> None:
    names = [g["name"] for g in GAMES]
    assert len(names) == len(set(names)) >= 60
    kinds = {g["class"] for g in GAMES}
    assert kinds == {"Game", "SoloGame"}
    players = {g["kwargs"].get("players") for g in GAMES if g["class"] == "Game"}
    assert players == {2, 3, 4, 5}
    assert any(g["kwargs"].get("expansion") == "base" for g in GAMES)
    levels = {g["kwargs"]["difficulty"] for g in GAMES if g["class"] == "SoloGame"}
    assert levels == {"easy", "medium", "hard"}


@pytest.mark.parametrize("spec", GAMES, ids=[g["name"] for g in GAMES])
def test_game_plays_as_recorded(spec: dict[str, Any]) -> None:
    game, shown = play(spec)
    diff = _differences(fingerprint(game, shown), spec["fingerprint"])
    assert not diff, f"{spec['name']} no longer plays as recorded:\n" + "\n".join(diff)

    cls = SoloGame if spec["class"] == "SoloGame" else Game
    loaded = cls.from_json(game.to_json())
    diff = _differences(fingerprint(loaded, shown), spec["fingerprint"])
    assert not diff, f"{spec['name']} reloaded from its save differs:\n" + "\n".join(diff)
