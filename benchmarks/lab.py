"""Lab throughput: ``rftg_nb.lab.simulate`` on a pool of one process and of two, in units of a
fixed calibration workload and as the CPU two processes spend against one.

Run from the repository root: ``python benchmarks/lab.py [--games N] [--repeats R]``.
Each run plays the same solitaire games (RandomPlayer against the robot, start worlds dealt,
the three difficulties) through ``simulate`` with a process pool: the figure includes
sending chunks out, pickling rows back, putting them in order and building the table.

Figures, each a ratio that another machine reproduces:

- a game's cost on a pool of one process, in calibration units (``benchmarks/reference.py``,
  timed just before each run): the CPU seconds of the run (this process and its workers)
  over the unit's CPU seconds, per game;
- the CPU two processes spend on the same games against one (the CPU seconds of this process
  and its workers): the price of splitting the work. With both cores free, two processes are
  2 / (that ratio) times as fast as one.
- the clock speed-up of two processes over one, for information: it counts the free cores
  as much as the code, so it is 1.9x on an idle 2-core machine and about 1x on a busy one.

Ceilings (judged quiet and under load; set on 2026-12-01 from runs on the 2-core reference
machine, itself so busy with other work that a run got 0.06-0.35 of a core, which measured
1.07 units a game quiet and 1.30 under load, and a CPU ratio of 1.02 quiet and 1.06 under
load):

- a game on a pool of one process costs at most 3 calibration units;
- two processes spend at most 1.18 times the CPU of one on the same games (so that two free
  cores give at least 2 / 1.18 = 1.7 times the games a second).

Settings take turns (one process, two, one, ...) and the run of least CPU counts for the CPU
ratio, the median for the units. The run is made quiet and then under a CPU load (one busy
process per core, ``--load``).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import reference  # noqa: E402

from rftg_nb.lab import grid, simulate  # noqa: E402
from rftg_nb.robot.components import DIFFICULTIES  # noqa: E402

GAME_UNITS_CEILING = 3.0
CPU_RATIO_CEILING = 1.18


def cpu_seconds() -> float:
    """CPU time of this process and of its finished (waited-for) children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(processes: int, games: int) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, one calibration unit's CPU seconds around it) for one
    run. The unit is timed in CPU seconds, as the run's cost is: a run lasts many seconds, and
    a unit timed on the wall clock just before it would meet another moment of the machine."""
    settings = grid(difficulty=DIFFICULTIES)
    before = [reference.time_units(1, time.process_time) for _ in range(5)]
    cpu, start = cpu_seconds(), time.perf_counter()
    table = simulate(settings, games=games // len(settings), executor=processes,
                     progress=False)
    wall = time.perf_counter() - start
    used = cpu_seconds() - cpu
    unit = statistics.median(before + [reference.time_units(1, time.process_time)
                                       for _ in range(5)])
    assert len(table) == games // len(settings) * len(settings)
    return wall, used, unit


def run_once(args: argparse.Namespace, load: bool) -> tuple[bool, dict[str, float]]:
    games = args.games // 3 * 3
    walls: dict[int, list[float]] = {1: [], 2: []}
    cpus: dict[int, list[float]] = {1: [], 2: []}
    units: dict[int, list[float]] = {1: [], 2: []}
    with reference.condition(load, args.load_procs) as words:
        print(f"{words}: {games} solitaire games a run through simulate()")
        for r in range(args.repeats):  # alternating, so both settings meet the same machine
            for processes in (1, 2):
                wall, used, unit = run(processes, games)
                walls[processes].append(wall)
                cpus[processes].append(used)
                units[processes].append(used / unit / games)
                print(f"  {processes} process{'es' if processes > 1 else ''}, run {r + 1}: "
                      f"{games / wall:6.0f} games/s here, {units[processes][-1]:.2f} units of "
                      f"CPU a game ({wall:5.2f} s wall, {used:5.2f} s CPU: {used / wall:.2f} of "
                      f"{processes} cores; one unit {unit * 1000:.2f} ms of CPU)")
    cost = statistics.median(units[1])
    cpu_ratio = min(cpus[2]) / min(cpus[1])
    speedup = min(walls[1]) / min(walls[2])
    ok_cost = cost <= GAME_UNITS_CEILING
    ok_cpu = cpu_ratio <= CPU_RATIO_CEILING
    print(f"  a game, one process: {cost:.2f} calibration units   (ceiling "
          f"{GAME_UNITS_CEILING:g})   {'PASS' if ok_cost else 'FAIL'}")
    print(f"  two processes spend {cpu_ratio:.2f}x the CPU of one on the same games   (ceiling "
          f"{CPU_RATIO_CEILING:g}x)   {'PASS' if ok_cpu else 'FAIL'}: with both cores free "
          f"they would be about {2 / cpu_ratio:.2f}x as fast")
    print(f"  clock speed-up of two processes here: {speedup:.2f}x (best runs; for information: "
          "it counts the free cores)")
    return ok_cost and ok_cpu, {"units": cost, "cpu": cpu_ratio, "speedup": speedup}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per run (default 3000)")
    parser.add_argument("--repeats", type=int, default=2, help="runs per setting (default 2)")
    reference.add_load_options(parser)
    args = parser.parse_args(argv)
    print(f"lab benchmark; {reference.machine()}")
    if (os.cpu_count() or 1) < 2:
        print("note: this machine has one core; two processes cannot run side by side")
    results = {load: run_once(args, load) for load in reference.runs(args.load)}
    if len(results) == 2:
        q, u = results[False][1], results[True][1]
        print(f"under load / quiet: a game {u['units'] / q['units']:.2f}x in units; CPU ratio "
              f"{q['cpu']:.2f} quiet, {u['cpu']:.2f} under load")
    ok = all(r[0] for r in results.values())
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
