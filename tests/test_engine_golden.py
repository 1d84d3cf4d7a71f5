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
import random
from typing import Any

import pytest

from rftg_nb import Decision, Game, Option, SoloGame
from rftg_nb.engine.piles import shuffle
from rftg_nb.players import random_pick
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


def _stdlib_pick(d: Decision, rng: random.Random) -> list[str]:
    """RandomPlayer's answer as it was drawn when the golden games were recorded."""
    for _ in range(1000):
        pick = rng.sample(d.ids, rng.randint(d.min, min(d.max, len(d.ids))))
        if d.rule is None or d.rule(tuple(pick)) is None:
            return pick
    raise RuntimeError("no legal answer")


def _outcome(pick: Any, d: Decision, rng: random.Random) -> list[str] | str:
    try:
        return pick(d, rng)
    except RuntimeError:  # no legal answer in 1000 draws (the rule rejects every draw)
        return "none"


def test_random_player_draws_as_randint_and_sample_did() -> None:
    """``random_pick`` takes its shortcuts without changing a draw: the same answers, and the
    generator left in the same state, for every shape of decision (up to 30 options, 0-7
    picks, with and without a rule that rejects some answers)."""
    def rule(ids: tuple[str, ...]) -> str | None:
        return "not o0 with others" if "o0" in ids and len(ids) > 1 else None

    shapes = 0
    for n in range(31):
        options = tuple(Option(f"o{i}", f"option {i}") for i in range(n))
        for low in range(min(n, 7) + 1):
            for high in range(low, 9):
                for r in (None, rule):
                    d = Decision(0, "explore_keep", "pick", options, low, high, rule=r)
                    for seed in range(2):
                        a, b = random.Random(seed), random.Random(seed)
                        for _ in range(3):
                            assert _outcome(random_pick, d, a) == _outcome(_stdlib_pick, d, b), (
                                n, low, high)
                        assert a.random() == b.random(), (n, low, high)
                    shapes += 1
    assert shapes > 1000


def test_the_deck_shuffles_as_random_shuffle_did() -> None:
    """``piles.shuffle`` draws its swaps without a method call for each: the same order, and
    the generator left in the same state, for every size of pile a game shuffles."""
    for n in range(200):
        for seed in range(3):
            a, b = random.Random(seed), random.Random(seed)
            mine, theirs = list(range(n)), list(range(n))
            shuffle(a, mine)
            b.shuffle(theirs)
            assert mine == theirs, n
            assert a.random() == b.random(), n
