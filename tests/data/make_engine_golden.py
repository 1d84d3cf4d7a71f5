"""Write ``engine_golden.json``: a fingerprint of every game in a fixed set of seeded games.

``tests/test_engine_golden.py`` plays the same games again and compares, so any change to what
the engine does (a rule, a sentence, an event's data, a decision's prompt or options, a score,
the save) shows up as a failed test naming the game and the fingerprint field.

Rerun this script only when a change of behaviour is intended (a rule fix, a reworded sentence),
and say so in the commit::

    .venv/bin/python tests/data/make_engine_golden.py

The games: 2-player advanced (with and without goals) and basic, 3, 4 and 5 players with
goals, the base game at 2 to 4 players, and solitaire games against the robot at the three
difficulties (start worlds dealt or named, dice rolled or entered). ``RandomPlayer`` answers
every decision, seeded per game.

Each fingerprint holds short SHA-256 digests (of ``repr`` of plain data, so that lists, tuples
and key order all count) of: the choice log, every decision shown (player, kind, prompt, options
with ids, labels and data, min, max, context), every event (round, phase, actor, kind, sentence,
data, visibility), each seat's view, the final snapshot, the goals, a mid-game step-through copy
and the save JSON (less its ``app_version``: a new version of the app is no change of the
engine's); plus the scores, score breakdowns and winners in full. Solitaire games add
the race's numbers after every event (``SoloGame.numbers_at``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rftg_nb import Game, RandomPlayer, SoloGame  # noqa: E402
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS  # noqa: E402

GOLDEN = Path(__file__).with_name("engine_golden.json")
MAX_DECISIONS = 3000  # a loop guard far above any real game


def _specs() -> list[dict[str, Any]]:
    """The fixed set of games: a name, the class, its constructor arguments, the answer seed."""
    specs: list[dict[str, Any]] = []

    def add(name: str, cls: str, player_seed: int, **kwargs: Any) -> None:
        specs.append({"name": name, "class": cls, "kwargs": kwargs, "player_seed": player_seed})

    for s in range(12):
        add(f"2p-advanced-{s}", "Game", s, players=2, seed=s)
    for s in range(4):
        add(f"2p-advanced-nogoals-{s}", "Game", 50 + s, players=2, seed=50 + s, goals=False)
    for s in range(8):
        add(f"2p-basic-{s}", "Game", 100 + s, players=2, seed=100 + s, advanced=False)
    for n in (3, 4, 5):
        for s in range(8):
            seed = 1000 * n + s
            add(f"{n}p-goals-{s}", "Game", seed, players=n, seed=seed)
    for n in (2, 3, 4):
        for s in range(3 if n == 2 else 2):
            seed = 7000 + 10 * n + s
            add(f"base-{n}p-{s}", "Game", seed, players=n, seed=seed, expansion="base")
    for k, level in enumerate(DIFFICULTIES):
        for s in range(4):
            i = 9 * k + s
            robot = START_WORLDS[i % 9]
            player = START_WORLDS[(i + 1 + s) % 9]
            if s == 3:  # start worlds dealt at random
                add(f"solo-{level}-{s}", "SoloGame", 500 + i, seed=500 + i, difficulty=level)
            else:
                add(f"solo-{level}-{s}", "SoloGame", 500 + i, seed=500 + i, difficulty=level,
                    robot_start=robot, player_start=player)
    for s in range(2):
        add(f"solo-manual-dice-{s}", "SoloGame", 600 + s, seed=600 + s, difficulty="medium",
            dice="manual")
    return specs


def _digest(obj: Any) -> str:
    return hashlib.sha256(repr(obj).encode()).hexdigest()[:20]


def _decision_facts(d: Any) -> tuple[Any, ...]:
    opts = tuple((o.id, o.label, None if o.data is None else dict(o.data)) for o in d.options)
    return (d.player, d.kind, d.prompt, opts, d.min, d.max, dict(d.context))


def _event_facts(e: Any) -> tuple[Any, ...]:
    return (e.round, e.phase, e.actor, e.kind, e.text, dict(e.data), e.visible_to)


def play(spec: dict[str, Any]) -> tuple[Game, list[tuple[Any, ...]]]:
    """Play one game of the set to its end; return it and the decisions it showed."""
    cls = SoloGame if spec["class"] == "SoloGame" else Game
    game = cls.new(**spec["kwargs"])
    bot = RandomPlayer(spec["player_seed"])
    shown: list[tuple[Any, ...]] = []
    while (d := game.decision) is not None:
        if len(shown) >= MAX_DECISIONS:
            raise RuntimeError(f"{spec['name']}: no end after {MAX_DECISIONS} decisions")
        shown.append(_decision_facts(d))
        game.apply(bot.answer(game, d))
    return game, shown


def _save_of_the_game(game: Game) -> str:
    """The save's text without the version of rftg_nb that wrote it."""
    save = json.loads(game.to_json())
    del save["app_version"]
    return json.dumps(save)


def fingerprint(game: Game, shown: list[tuple[Any, ...]]) -> dict[str, Any]:
    """The fingerprint of a finished game (see the module docstring)."""
    sides = len(game.sides())
    seats = len(game.players)
    out: dict[str, Any] = {
        "choices": len(game.choices),
        "choices_sha": _digest(game.choices),
        "decisions_sha": _digest(shown),
        "events": len(game.events),
        "events_sha": _digest([_event_facts(e) for e in game.events]),
        "event_text_sha": _digest([str(e) for e in game.events]),
        "views_sha": _digest([game.view(i) for i in range(seats)]),
        "seen_by": [len(game.events_for(i)) for i in range(seats)],
        "snapshot_sha": _digest(game.snapshot()),
        "goals_sha": _digest(game.goals),
        "scores": game.scores(),
        "breakdowns": [game.score_breakdown(i) for i in range(sides)],
        "winners": game.winners,
        "rounds": game.round,
        "save_sha": hashlib.sha256(_save_of_the_game(game).encode()).hexdigest()[:20],
    }
    mid = game.at_step(max(1, len(game.events) // 2))
    out["mid_step_sha"] = _digest(mid.snapshot())
    if isinstance(game, SoloGame):
        out["stamps_sha"] = _digest([game.numbers_at(i) for i in range(len(game.events))])
    return out


def build() -> list[dict[str, Any]]:
    rows = []
    for spec in _specs():
        game, shown = play(spec)
        rows.append({**spec, "fingerprint": fingerprint(game, shown)})
    return rows


def main() -> int:
    rows = build()
    # One game a line, so a diff of the file names the games that changed.
    lines = ",\n".join("  " + json.dumps(r) for r in rows)
    GOLDEN.write_text('{"games": [\n' + lines + "\n]}\n")
    print(f"wrote {len(rows)} game fingerprints to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
