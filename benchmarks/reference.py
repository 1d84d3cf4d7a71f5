"""What the benchmarks measure against: a fixed pure-Python calibration workload and a
concurrent CPU load.

A bare figure (games a second, milliseconds a click) says as much about the machine as about
the project: the same engine benchmark read 327 and 96 games a second on two machines of one
kind. So every benchmark here also times a fixed workload in the same run, interleaved with its
own, and reports its figure as a ratio to it; and it repeats the run while other processes keep
every core busy, the way a player's busy laptop or a shared Binder machine runs it.

The calibration workload (:func:`calibration_unit`) is plain Python of the engine's kind:
small objects, dict and list traffic, attribute access, short functions and a seeded
``random.Random``. Its size is fixed forever (change it and every ratio in the docs changes),
and one unit takes a few milliseconds on a current core.

Used by ``engine.py``, ``solo.py``, ``ai.py``, ``app.py``, ``app_browser.py`` and ``lab.py``.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

#: work of one calibration unit; fixed, so that ratios stay comparable between commits
UNIT_STEPS = 500


@dataclass
class _Item:
    kind: str
    cost: int
    vp: int
    zone: str = "deck"


def calibration_unit() -> int:
    """One unit of the fixed calibration workload; returns a checksum (so no step is idle)."""
    rng = random.Random(12345)
    kinds = ("world", "development", "military")
    items = [_Item(kinds[i % 3], i % 7, i % 5) for i in range(64)]
    zones: dict[str, list[_Item]] = {"deck": list(items), "hand": [], "tableau": []}
    total = 0
    for step in range(UNIT_STEPS):
        deck = zones["deck"]
        if not deck:
            deck.extend(zones["tableau"])
            zones["tableau"].clear()
            rng.shuffle(deck)
        card = deck.pop()
        card.zone = "hand"
        zones["hand"].append(card)
        if len(zones["hand"]) > 6:
            best = max(zones["hand"], key=lambda c: (c.vp * 2 - c.cost, c.kind))
            zones["hand"].remove(best)
            best.zone = "tableau"
            zones["tableau"].append(best)
            total += sum(c.vp for c in zones["tableau"] if c.kind != "military")
        counts: dict[str, int] = {}
        for c in zones["hand"]:
            counts[c.kind] = counts.get(c.kind, 0) + 1
        total += counts.get("world", 0) * step % 11
    return total


def time_units(n: int = 1, clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds of ``n`` calibration units on ``clock``: the wall clock by default, or
    ``time.process_time`` (CPU seconds) beside work too short to time against a wall clock
    that a busy machine's time slices cut into."""
    start = clock()
    for _ in range(n):
        calibration_unit()
    return clock() - start


def p90(xs: list[float]) -> float:
    """The 90th percentile of ``xs`` (inclusive quantiles; the one value of a list of one)."""
    return statistics.quantiles(xs, n=10, method="inclusive")[-1] if len(xs) > 1 else xs[0]


def unit_seconds(repeat: int = 5) -> float:
    """The median wall-clock seconds of one unit over ``repeat`` timings (after a warm-up)."""
    calibration_unit()
    return statistics.median(time_units() for _ in range(repeat))


@dataclass
class Ratio:
    """A workload timed against the calibration unit, chunk by chunk in one run."""

    work_seconds: list[float]  # wall-clock seconds of each chunk of the workload
    unit_seconds: list[float]  # one calibration unit timed just before each chunk
    per_chunk: int = 1  # how many items (games, clicks, ...) each chunk holds

    @property
    def item_seconds(self) -> float:
        """Median wall-clock seconds of one item."""
        return statistics.median(self.work_seconds) / self.per_chunk

    @property
    def unit(self) -> float:
        return statistics.median(self.unit_seconds)

    @property
    def units_per_item(self) -> float:
        """What one item costs, in calibration units: the median over chunks of (chunk time /
        the unit timed beside it) / items per chunk. Machine-independent to the degree the
        workload resembles the unit."""
        pairs = zip(self.work_seconds, self.unit_seconds, strict=True)
        return statistics.median(w / u for w, u in pairs) / self.per_chunk


def interleaved(work: Callable[[], object], chunks: int, per_chunk: int = 1,
                units: int = 1) -> Ratio:
    """Time ``work`` (one call = one chunk of ``per_chunk`` items) ``chunks`` times, each time
    right after ``units`` calibration units, so both see the same machine at the same moment.

    Under load the scheduler hands out the core in slices of a few milliseconds, so a chunk and
    the units beside it should each last several slices (tens of milliseconds) for their ratio
    to be steady; ``units`` sets the calibration side, ``per_chunk`` the workload's."""
    calibration_unit()
    work_s: list[float] = []
    unit_s: list[float] = []
    for _ in range(chunks):
        unit_s.append(time_units(units) / units)
        start = time.perf_counter()
        work()
        work_s.append(time.perf_counter() - start)
    return Ratio(work_s, unit_s, per_chunk)


def _spin(stop: mp.synchronize.Event, parent: int) -> None:  # pragma: no cover - a child
    x = 0
    while not stop.is_set() and os.getppid() == parent:  # ends with a killed benchmark too
        for i in range(10_000):
            x = (x * 31 + i) % 1_000_003


def load_processes(procs: int | None = None) -> int:
    """How many busy processes :func:`cpu_load` starts: one per core unless told."""
    return procs if procs is not None else (os.cpu_count() or 1)


@contextmanager
def cpu_load(procs: int | None = None) -> Iterator[int]:
    """Keep ``procs`` other processes busy (one per core by default) for the ``with`` block;
    yields how many run. ``procs=0`` is the quiet run."""
    n = load_processes(procs)
    if n <= 0:
        yield 0
        return
    ctx = mp.get_context("spawn")
    stop = ctx.Event()
    workers = [ctx.Process(target=_spin, args=(stop, os.getpid()), daemon=True)
               for _ in range(n)]
    for p in workers:
        p.start()
    time.sleep(0.3)  # let them reach full speed
    try:
        yield n
    finally:
        stop.set()
        for p in workers:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()


def conditions(load: bool, procs: int | None = None) -> str:
    """The words a report uses for a run: "quiet" or "under load (N busy processes)"."""
    return f"under load ({load_processes(procs)} busy processes)" if load else "quiet"


def machine() -> str:
    """One line on where a run is made: Python, cores, the load average before it."""
    import platform

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
            f"{load:.2f} before the run")


#: the ``--load`` choices of every benchmark: which runs to make
LOAD_CHOICES = ("quiet", "load", "both")


def add_load_options(parser: argparse.ArgumentParser) -> None:
    """``--load quiet|load|both`` (default both) and ``--load-procs N`` on a benchmark's
    command line."""
    parser.add_argument("--load", choices=LOAD_CHOICES, default="both",
                        help="run quiet, under a CPU load, or both, one after the other "
                             "(default both)")
    parser.add_argument("--load-procs", type=int, default=None, metavar="N",
                        help="busy processes of the CPU load (default: one per core, "
                             f"{load_processes()} here)")


def runs(choice: str) -> list[bool]:
    """The runs a ``--load`` choice asks for, as the ``load`` flag of each (quiet first)."""
    return {"quiet": [False], "load": [True], "both": [False, True]}[choice]


@contextmanager
def condition(load: bool, procs: int | None = None) -> Iterator[str]:
    """The ``with`` block runs quiet or under :func:`cpu_load`; yields :func:`conditions`'s
    words for it."""
    with cpu_load(procs if load else 0):
        yield conditions(load, procs)


@contextmanager
def worktree(root: Path, rev: str, compiled: bool = False) -> Iterator[tuple[Path, str]]:
    """A worktree of commit ``rev`` of the repository at ``root`` in a temporary folder
    (``compiled``: its engine built with mypyc first, as ``make install`` builds it), and its
    short commit id; removed when the block ends."""
    with tempfile.TemporaryDirectory(prefix="rftg-baseline-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree), rev],
                       check=True, capture_output=True)
        try:
            if compiled:
                print(f"building the compiled engine of {rev} (about a minute)...", flush=True)
                subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                               cwd=tree, env={**os.environ, "RFTG_NB_COMPILE": "1"},
                               check=True, capture_output=True)
            sha = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                                 check=True, capture_output=True, text=True).stdout.strip()
            yield tree, sha
        finally:
            subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)


if __name__ == "__main__":
    quiet = unit_seconds()
    with cpu_load() as n:
        loaded = unit_seconds()
    print(f"calibration unit: {quiet * 1000:.2f} ms quiet, {loaded * 1000:.2f} ms with {n} "
          "busy processes")
