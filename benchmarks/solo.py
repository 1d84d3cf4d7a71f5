"""Solitaire speed: what a complete TGS solitaire game (you against the robot) costs, in units
of a fixed calibration workload timed beside it.

Run from the repository root: ``python benchmarks/solo.py``. Exits 1 if the ceiling is missed.

The player answers every decision with ``RandomPlayer``; the games cycle through the robot's
9 start worlds (your start world another one each time) and the 3 difficulties. They are
played in chunks, each right after a few units of ``benchmarks/reference.py``'s calibration
workload, and a game's cost is the median over chunks of (chunk time / unit time) / games per
chunk: a figure that stays put from one machine to another, where games a second (printed
too) do not. The run is made quiet and then under a CPU load (one busy process per core) by
default (``--load``), and the ceiling is judged on both.

Ceiling: a solitaire game costs at most 1.2 calibration units (set on 2026-12-01 from runs on
the 2-core reference machine, itself busy with other work, which measured 0.86 units quiet
and 0.88 under load; about 40% of headroom, as the old floor of 600 games a second had over
the 815 measured). The time to reload a finished game from its save (a
full replay) is printed in units too, for information.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import reference  # noqa: E402

import rftg_nb  # noqa: E402
from rftg_nb import RandomPlayer  # noqa: E402
from rftg_nb.robot import SoloGame  # noqa: E402
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS  # noqa: E402

GAME_UNITS_CEILING = 1.2
UNITS_PER_CHUNK = 10  # calibration units timed before each chunk


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
        game.apply(bot.answer(game, d))
    return game


class Tally:
    """What the games played so far were like: decisions, rounds, the robot's wins, and the
    first ``keep`` games (the rest are dropped, as a long session would)."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.games: list[SoloGame] = []
        self.decisions = self.rounds = self.wins = self.played = 0

    def add(self, g: SoloGame) -> None:
        self.played += 1
        self.decisions += len(g.choices)
        self.rounds += g.round
        self.wins += g.winner == 1
        if len(self.games) < self.keep:
            self.games.append(g)


def bench_games(n: int, per_chunk: int, keep: int = 50) -> tuple[reference.Ratio, Tally]:
    tally = Tally(keep)
    order: Iterator[int] = iter(range(n))

    def work() -> None:
        for i in itertools.islice(order, per_chunk):
            tally.add(play_one(i))

    ratio = reference.interleaved(work, max(1, n // per_chunk), per_chunk, UNITS_PER_CHUNK)
    return ratio, tally


def bench_replay(games: list[SoloGame]) -> reference.Ratio:
    """``SoloGame.from_json(game.to_json())`` of each game, five games a chunk, every game
    checked against the original first."""
    for g in games:
        if SoloGame.from_json(g.to_json()).snapshot() != g.snapshot():
            raise SystemExit(f"seed {g.seed}: the reloaded game differs from the original")
    order = itertools.cycle(games)

    def work() -> None:
        for g in itertools.islice(order, 5):
            SoloGame.from_json(g.to_json())

    return reference.interleaved(work, max(1, 2 * len(games) // 5), 5, 3)


def run_once(args: argparse.Namespace, load: bool) -> tuple[bool, float]:
    with reference.condition(load, args.load_procs) as words:
        play_one(10_000)  # warm up imports and caches
        ratio, tally = bench_games(args.games, args.chunk)
        replay = bench_replay(tally.games)
    cost = ratio.units_per_item
    ok = cost <= GAME_UNITS_CEILING
    print(f"{words}: {args.games} solitaire games (RandomPlayer vs the robot), "
          f"{args.chunk} a chunk, one process")
    print(f"  a solitaire game: {cost:6.2f} calibration units   (ceiling "
          f"{GAME_UNITS_CEILING:g})   {'PASS' if ok else 'FAIL'}")
    print(f"      {1 / ratio.item_seconds:7.1f} games a wall-clock second here, one unit "
          f"{ratio.unit * 1000:.2f} ms")
    print(f"  {tally.decisions / tally.played:.1f} decisions, {tally.rounds / tally.played:.1f} "
          f"rounds a game (mean); the robot won {tally.wins} of {tally.played}")
    print(f"  reload of a finished game from its save: {replay.units_per_item:.2f} units "
          f"({replay.item_seconds * 1000:.2f} ms median here, {len(tally.games)} games)")
    return ok, cost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=540, help="solitaire games to play (540)")
    parser.add_argument("--chunk", type=int, default=10, help="games a chunk (10)")
    reference.add_load_options(parser)
    args = parser.parse_args(argv)
    print(f"solitaire benchmark, the {rftg_nb.ENGINE} engine; {reference.machine()}")
    results = {load: run_once(args, load) for load in reference.runs(args.load)}
    if len(results) == 2:
        print(f"under load / quiet, in units: {results[True][1] / results[False][1]:.2f}x")
    ok = all(r[0] for r in results.values())
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
