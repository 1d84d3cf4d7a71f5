"""Play the games a profile-guided build of the compiled engine is laid out by.

``make install`` compiles the engine with ``RFTG_NB_PROFILE=generate`` (the build counts what
its code does as it runs), runs this script on that build, then compiles the same sources again
with ``RFTG_NB_PROFILE=use``: the compiler lays the code out by the counts (the paths taken
most, straight through). Run from the repository root::

    python scripts/train_build.py

The games are what the app and the AI ask of the engine, answered by the random player: 2-5
player games with and without goals, drafted games, solitaire games at every difficulty, saves
loaded back, look-ahead copies played on and closed, steps of a game's story, and each game's
events, views and scores read. The counts are written beside the build's object files (under
``build/``) as this process ends; the counts an earlier build left there are removed first.
Exits 1, and ``make install`` then compiles the engine without counts, when the compiled
engine is not the one running.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rftg_nb
from rftg_nb.engine.game import Game
from rftg_nb.engine.kinds import Kind
from rftg_nb.players import RandomPlayer, play
from rftg_nb.robot.solo import SoloGame

ROOT = Path(__file__).resolve().parent.parent

#: games of each kind at --scale 1 (a few seconds on the profiled build)
GAMES = {"two players": 1200, "three to five players": 300, "drafted": 120, "solitaire": 600,
         "loaded back": 120, "copied": 80, "read": 80}


def remove_counts(root: Path = ROOT) -> int:
    """Remove the counts an earlier profiled build left under ``root / "build"``; how many."""
    gone = 0
    for path in (root / "build").rglob("*.gcda"):
        path.unlink()
        gone += 1
    return gone


def _played(game: Any, player: RandomPlayer) -> Any:
    """``game`` played to its end by ``player`` (the random player's own way through a game)."""
    play(game, player)
    return game


def _answers(most: int) -> Callable[[Any, Any], bool]:
    """An ``until`` for :func:`rftg_nb.players.play`: stop after ``most`` answers."""
    asked = iter(range(most, -1, -1))
    return lambda _game, _decision: next(asked) == 0


def train(scale: float = 1.0) -> dict[str, int]:
    """Play the games (``scale`` times :data:`GAMES` of each kind); how many of each."""
    count = {kind: max(1, round(n * scale)) for kind, n in GAMES.items()}
    player = RandomPlayer(20261206)
    for i in range(count["two players"]):
        _played(Game.new(players=2, seed=i, goals=i % 4 != 0, advanced=i % 3 == 0), player)
    for i in range(count["three to five players"]):
        _played(Game.new(players=3 + i % 3, seed=i, goals=i % 2 == 0), player)
    for i in range(count["drafted"]):
        _played(Game.new(players=2 + i % 2, seed=i, goals=True, draft=True), player)
    difficulties = ("easy", "medium", "hard")
    for i in range(count["solitaire"]):
        _played(SoloGame.new(seed=i, difficulty=difficulties[i % 3]), player)
    for i in range(count["loaded back"]):
        kind: Any = SoloGame if i % 2 else Game
        kind.from_json(_played(kind.new(seed=i), player).to_json())
    for i in range(count["copied"]):  # the look-ahead: copies at each choice of actions
        game = SoloGame.new(seed=i, difficulty=difficulties[i % 3])
        while (d := game.decision) is not None:
            if d.kind == Kind.ACTIONS:
                for round_start in (False, True):
                    copy = game.clone(round_start=round_start)
                    play(copy, player, until=_answers(30))
                    copy.close()
            game.apply(player.answer(game, d))
    for i in range(count["read"]):  # what the app's pages read of a game
        game = _played(SoloGame.new(seed=i) if i % 2 else Game.new(players=3, seed=i), player)
        for event in game.events:
            event.text  # noqa: B018 - the sentence is made when read
        game.view(0)
        game.scores()
        game.at_step(len(game.events) // 2).view(0)
    return count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="games of each kind, times this")
    args = ap.parse_args(argv)
    if rftg_nb.ENGINE != "compiled":
        print("train_build: the compiled engine is not the one running (rftg_nb.ENGINE is "
              f"{rftg_nb.ENGINE!r}); nothing to train", file=sys.stderr)
        return 1
    gone = remove_counts()
    count = train(args.scale)
    print(f"train_build: {sum(count.values())} games played on the compiled engine "
          f"({gone} earlier count files removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
