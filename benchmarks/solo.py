"""Solitaire speed: complete TGS solitaire games (you against the robot) per second.

Run from the repository root: ``python benchmarks/solo.py``. Exits 1 if the floor is missed.
Floor: at least 600 complete solitaire games a second on one core, the player answering every
decision with ``RandomPlayer`` and the games cycling through the robot's 9 start worlds (your
start world another one each time) and the 3 difficulties.

The floor is judged on CPU time (the seconds this process ran on its core), so that other work
on a shared 2-core machine does not fail it; ``--wall`` judges wall-clock time instead, as
``benchmarks/engine.py`` does. Each measurement is repeated and the best run counts. The time
to reload a finished game from its save (a full replay) is printed for information.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rftg_nb import RandomPlayer  # noqa: E402
from rftg_nb.robot import SoloGame  # noqa: E402
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS  # noqa: E402

GAMES_PER_SECOND_FLOOR = 600.0


def setup(i: int) -> dict[str, object]:
    """Game ``i``: every robot start world at every difficulty; your start world is another."""
    robot = i % 9
    player = (robot + 1 + (i // 27) % 8) % 9
    return {"seed": i, "difficulty": DIFFICULTIES[(i // 9) % 3],
            "robot_start": START_WORLDS[robot], "player_start": START_WORLDS[player]}


def play_one(i: int) -> SoloGame:
    game = SoloGame.new(**setup(i))  # type: ignore[arg-type]
    bot = RandomPlayer(i)
    while (d := game.decision) is not None:
        game.apply(bot.choose(d))
    return game


def bench_games(n: int, keep: int = 50) -> tuple[float, float, float, float, int,
                                               list[SoloGame]]:
    """Play ``n`` games; return games/s (wall and CPU), decisions and rounds per game, the
    robot's wins and the first ``keep`` games (the rest are dropped, as a long session would)."""
    games: list[SoloGame] = []
    decisions = rounds = wins = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for i in range(n):
        g = play_one(i)
        decisions += len(g.choices)
        rounds += g.round
        wins += g.winner == 1
        if len(games) < keep:
            games.append(g)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return n / elapsed, n / max(cpu, 1e-9), decisions / n, rounds / n, wins, games


def bench_replay(games: list[SoloGame]) -> float:
    """Mean milliseconds of ``SoloGame.from_json(game.to_json())``."""
    times = []
    for g in games:
        start = time.perf_counter()
        loaded = SoloGame.from_json(g.to_json())
        times.append((time.perf_counter() - start) * 1000)
        if loaded.snapshot() != g.snapshot():
            raise SystemExit(f"seed {g.seed}: the reloaded game differs from the original")
    return statistics.mean(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=540, help="solitaire games to play (540)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the measurement (3)")
    parser.add_argument("--wall", action="store_true", help="judge wall-clock time, not CPU")
    args = parser.parse_args()

    play_one(10_000)  # warm up imports and caches
    runs = [bench_games(args.games) for _ in range(max(1, args.repeat))]
    key = 0 if args.wall else 1
    wall, cpu_rate, decisions, rounds, wins, games = max(runs, key=lambda r: r[key])
    rate = wall if args.wall else cpu_rate
    ok = rate >= GAMES_PER_SECOND_FLOOR
    print(f"solitaire games (RandomPlayer vs the robot): {args.games} in one process (one "
          f"core), best of {len(runs)} runs, judged on {'wall-clock' if args.wall else 'CPU'} "
          "time")
    print(f"  {rate:8.1f} games/s   (floor {GAMES_PER_SECOND_FLOOR:.0f})   "
          f"{'PASS' if ok else 'FAIL'}")
    print(f"  {cpu_rate:8.1f} games per CPU second; all runs (wall): "
          + ", ".join(f"{r[0]:.1f}" for r in runs))
    print(f"  {decisions:8.1f} decisions, {rounds:.1f} rounds per game (mean); "
          f"the robot won {wins} of {args.games}")
    print(f"  {bench_replay(games):8.2f} ms to reload a finished game from its save (mean "
          f"of {len(games)})")
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
