"""Engine speed: random 2-player games per second, random 5-player games with goals per second,
drafted games per second, and the time to replay a finished game.

Run from the repository root: ``python benchmarks/engine.py``. Exits 1 if a floor is missed.
Floors: at least 250 complete random 2-player games a second on one core, at least 60 random
5-player games with The Gathering Storm's goals (2 "most" and 4 "first", drawn from the seed)
a second, and a finished game reloaded from its save (``Game.from_json(game.to_json())``, a
full replay) in at most 25 ms. Games are The Gathering Storm's, which plays with goals; every
decision is answered by ``RandomPlayer``, whose time counts. Drafted games (the drafting
variant, 2 and 3 players with goals, ``Game.new(draft=True)``) are measured and printed as a
figure, with no floor.

The game rates are judged on CPU time (the seconds this process ran on its core), so that other
work on a shared 2-core machine does not fail them; ``--wall`` judges wall-clock time instead,
as ``benchmarks/solo.py`` does. Each measurement is repeated and the best run counts (as
``timeit`` does): the games are played ``--repeat`` times and each replay is timed ``--repeat``
times. Finished games are dropped as they end, as a long session or an AI's playouts would,
except the ``--replays`` games kept (played after the timed runs) for the replay figure:
holding hundreds of finished games would time Python's garbage collector walking them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rftg_nb import Game, RandomPlayer  # noqa: E402

GAMES_PER_SECOND_FLOOR = 250.0
GOAL_GAMES_PER_SECOND_FLOOR = 60.0
REPLAY_MS_CEILING = 25.0


def play_one(seed: int, players: int = 2, draft: bool = False) -> Game:
    game = Game.new(players=players, seed=seed, draft=draft)
    if players > 2 and len(game.goals) != 6:
        raise SystemExit(f"seed {seed}: expected 6 goals in play, got {len(game.goals)}")
    bot = RandomPlayer(seed)
    while (d := game.decision) is not None:
        game.apply(bot.choose(d))
    return game


def bench_games(n: int, players: int = 2, keep: int = 0, draft: bool = False) -> tuple[
        float, float, float, list[Game]]:
    """Play ``n`` seeded games; return games/s (wall), games/s (CPU), decisions/game and the
    first ``keep`` games. The others are dropped as they end, as a long session or an AI's
    playouts would: holding hundreds of finished games would time Python's garbage collector
    walking them, not the engine."""
    games: list[Game] = []
    decisions = 0
    cpu = time.process_time()
    start = time.perf_counter()
    for seed in range(n):
        g = play_one(seed, players, draft)
        decisions += len(g.choices)
        if len(games) < keep:
            games.append(g)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return n / elapsed, n / max(cpu, 1e-9), decisions / n, games


def bench_replay(games: list[Game], repeat: int) -> tuple[float, float]:
    """Mean and max milliseconds of ``Game.from_json(game.to_json())`` (best of ``repeat``)."""
    times = []
    for g in games:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            loaded = Game.from_json(g.to_json())
            best = min(best, (time.perf_counter() - start) * 1000)
        if loaded.snapshot() != g.snapshot():
            raise SystemExit(f"seed {g.seed}: the reloaded game differs from the original")
        times.append(best)
    return statistics.mean(times), max(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games to play (300)")
    parser.add_argument("--goal-games", type=int, default=100,
                        help="random 5-player games with goals to play (100)")
    parser.add_argument("--draft-games", type=int, default=100,
                        help="random drafted games to play, of 2 and of 3 players (100 each)")
    parser.add_argument("--replays", type=int, default=50, help="finished games to reload (50)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (3)")
    parser.add_argument("--wall", action="store_true", help="judge wall-clock time, not CPU")
    args = parser.parse_args()

    play_one(10_000)  # warm up imports and caches
    key = 0 if args.wall else 1
    clock = "wall-clock" if args.wall else "CPU"
    runs = [bench_games(args.games)[:3] for _ in range(max(1, args.repeat))]
    wall, cpu_rate, decisions = max(runs, key=lambda r: r[key])
    rate = wall if args.wall else cpu_rate
    goal_runs = [bench_games(args.goal_games, 5)[:3] for _ in range(max(1, args.repeat))]
    goal_wall, goal_cpu, goal_decisions = max(goal_runs, key=lambda r: r[key])
    goal_rate = goal_wall if args.wall else goal_cpu
    draft_runs = {
        n: max((bench_games(args.draft_games, n, draft=True)[:3]
                for _ in range(max(1, args.repeat))), key=lambda r: r[key])
        for n in (2, 3)
    }
    games = bench_games(args.replays, keep=args.replays)[3]  # the games to reload
    mean_ms, max_ms = bench_replay(games, max(1, args.repeat))

    ok_rate = rate >= GAMES_PER_SECOND_FLOOR
    ok_replay = max_ms <= REPLAY_MS_CEILING
    ok_goals = goal_rate >= GOAL_GAMES_PER_SECOND_FLOOR
    print(f"random 2-player games: {args.games} in one process (one core), "
          f"best of {len(runs)} runs, judged on {clock} time")
    print(f"  {rate:8.1f} games/s   (floor {GAMES_PER_SECOND_FLOOR:.0f})   "
          f"{'PASS' if ok_rate else 'FAIL'}")
    print(f"  {cpu_rate:8.1f} games per CPU second, {wall:.1f} per wall-clock second; all "
          "runs (wall): " + ", ".join(f"{r[0]:.1f}" for r in runs))
    print(f"  {decisions:8.1f} decisions per game (mean)")
    print(f"random 5-player games with goals: {args.goal_games}, best of {len(goal_runs)} runs, "
          f"judged on {clock} time")
    print(f"  {goal_rate:8.1f} games/s   (floor {GOAL_GAMES_PER_SECOND_FLOOR:.0f})   "
          f"{'PASS' if ok_goals else 'FAIL'}")
    print(f"  {goal_cpu:8.1f} games per CPU second, {goal_wall:.1f} per wall-clock second; "
          f"{goal_decisions:.1f} decisions per game")
    print(f"random drafted games (the drafting variant, with goals): {args.draft_games} of "
          f"each size, best of {max(1, args.repeat)} runs, judged on {clock} time (no floor)")
    for n, (d_wall, d_cpu, d_decisions) in draft_runs.items():
        d_rate = d_wall if args.wall else d_cpu
        print(f"  {n} players: {d_rate:8.1f} games/s   ({d_cpu:.1f} per CPU second, "
              f"{d_wall:.1f} per wall-clock second; {d_decisions:.1f} decisions per game)")
    print(f"replay of a finished game: Game.from_json(game.to_json()) over "
          f"{min(args.replays, len(games))} games, best of {max(1, args.repeat)} each")
    print(f"  mean {mean_ms:6.2f} ms   max {max_ms:6.2f} ms   (ceiling {REPLAY_MS_CEILING:.0f} ms) "
          f"  {'PASS' if ok_replay else 'FAIL'}")
    ok = ok_rate and ok_replay and ok_goals
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
