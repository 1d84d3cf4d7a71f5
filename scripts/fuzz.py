"""Play many fuzzed games to the end and check the rules' invariants: every kind of game the
engine plays, in random settings, answered by the random player.

Run from the repository root::

    python scripts/fuzz.py --games 100000

Game ``i`` is set up from its own seeded generator: 1 to 5 players (1: the solitaire game at a
random difficulty), goals or none, the drafting variant (2 or 3 players), the advanced rules or
not (2 players), and in about one game in seven 1 to 8 generated custom cards. Each game is
checked at its end, and one game in 20 after every answer too: every card is in exactly one
place, the VP chips are conserved (the pool, the players' chips and the robot's), no tableau
holds two copies of a development or of a printed world, and goods sit only on worlds. Every
question of every game must be a real choice, its options' ids each once. One game in 10 is
saved and loaded back, and must be the same game. A failure prints the game's number and
setting; the exit status is 1 if any failed. The unit tests (``tests/test_fuzz.py`` and its
neighbours) play a few hundred of these checks; this runs them at scale, on the engine the
package runs (``RFTG_NB_PURE=1``: the Python one).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # (the tests' card generator and checks)

FULL_EVERY = 20  # one game in this many is checked after every answer
RELOAD_EVERY = 10  # one game in this many is saved and loaded back
MAX_ANSWERS = 3000  # far above any real game: a loop guard


def setting(i: int) -> dict[str, Any]:
    """The setting of game ``i`` (``players`` 1: the solitaire game)."""
    from tests.test_custom_cards_fuzz import design

    rng = random.Random(f"fuzz-{i}")
    players = rng.choice([1, 2, 2, 3, 4, 5])
    kw: dict[str, Any] = {"players": players, "seed": i}
    if players == 1:
        kw["difficulty"] = rng.choice(["easy", "medium", "hard"])
    else:
        kw["goals"] = rng.random() < 0.6
        kw["draft"] = players <= 3 and rng.random() < 0.3
        if players == 2:
            kw["advanced"] = rng.random() < 0.7
    if rng.random() < 0.15:
        kw["custom_cards"] = [design(rng, f"Fuzz {i}-{j}") for j in range(rng.randint(1, 8))]
    return kw


def check(game: Any, custom: set[str]) -> None:
    """The invariants of a game at any point (the unit tests' own check; AssertionError
    naming the one broken)."""
    from tests.test_fuzz import _check_invariants

    _check_invariants(game, custom)


def play(i: int) -> dict[str, Any] | None:
    """Play and check game ``i``; None, or what failed."""
    from rftg_nb import Game, RandomPlayer
    from rftg_nb.robot import SoloGame
    from tests.test_fuzz import _check_shown

    kw = setting(i)
    try:
        custom = {d["name"] for d in kw.get("custom_cards", ())}
        if kw["players"] == 1:
            game: Any = SoloGame.new(**{k: v for k, v in kw.items() if k != "players"})
        else:
            game = Game.new(**kw)
        bot = RandomPlayer(i)
        full = i % FULL_EVERY == 0
        answers = 0
        while (d := game.decision) is not None:
            assert answers < MAX_ANSWERS, f"no end after {answers} answers"
            _check_shown(d)
            game.apply(bot.answer(game, d))
            answers += 1
            if full:
                check(game, custom)
        check(game, custom)
        assert game.is_over and game.winners, "ended without a winner"
        if i % RELOAD_EVERY == 0:
            loaded = type(game).from_json(game.to_json())
            assert loaded.snapshot() == game.snapshot(), "loaded back, not the same game"
            assert loaded.choices == game.choices, "loaded back, other choices"
        return None
    except Exception as e:  # (every failure is reported with its game, not raised)
        return {"game": i, "setting": {k: v for k, v in kw.items() if k != "custom_cards"},
                "custom cards": len(kw.get("custom_cards", ())), "error": repr(e)[:300],
                "where": traceback.format_exc()[-1200:]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args(argv)
    import rftg_nb

    start = time.perf_counter()
    games = range(args.first, args.first + args.games)
    failed = 0
    with ProcessPoolExecutor(args.processes) as pool:
        for got in pool.map(play, games, chunksize=50):
            if got is not None:
                failed += 1
                print(f"game {got['game']} failed: {got['error']}\n  setting {got['setting']}, "
                      f"{got['custom cards']} custom cards\n{got['where']}", flush=True)
    print(f"{args.games} games from {args.first} on the {rftg_nb.ENGINE} engine: "
          f"{failed} failed ({time.perf_counter() - start:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
