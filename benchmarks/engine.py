"""Engine speed: what a random 2-player game, a 5-player game with goals, a drafted game and
the replay of a finished game cost, in units of a fixed calibration workload timed beside them.

Run from the repository root: ``python benchmarks/engine.py``. Exits 1 if a ceiling is missed.

Every figure is a ratio: the games are played in chunks, each chunk right after a few units
of ``benchmarks/reference.py``'s calibration workload (plain Python of the engine's kind), and
a game's cost is the median over chunks of (chunk time / unit time) / games per chunk. A
machine twice as fast plays twice the games a second and runs the unit twice as fast, so the
cost in units stays put; the games a second are printed too, for this machine only.

The run is made twice by default (``--load``): quiet, then under a CPU load (one busy process
per core, as a player's busy laptop or a shared Binder machine), and every ceiling is judged on
both runs. Games are The Gathering Storm's, with goals (5-player games: 2 "most" and 4
"first", drawn from the seed); every decision is answered by ``RandomPlayer``, whose time
counts. Finished games are dropped as they end, as a long session or an AI's playouts would,
except the ``--replays`` games kept for the replay figure (holding hundreds would time Python's
garbage collector walking them).

``--baseline REV`` also plays the same workloads (2-player and 5-player games with goals,
solitaire games, replays) on a git worktree of commit ``REV`` and on this tree, in child
processes taking turns, and prints how many times as fast this tree is (CPU time, medians over
``--baseline-rounds``): the measure of a speed-up that does not depend on the machine.
This tree runs the engine its files choose (``rftg_nb.ENGINE``: the compiled build of ``make
install`` while it matches the sources, else the Python one; the baseline's old commit is
Python); ``--pure`` times this tree's Python engine instead (``RFTG_NB_PURE=1``), and ``--tree
DIR`` another tree in place of this one. Every line says which engine each side ran.

Ceilings (in calibration units; set on 2026-12-01 from runs on the 2-core reference machine,
itself busy with other work, that measured 2.0-2.7 units a 2-player game, 4.2-6.0 a 5-player
game, 1.7-2.5 a replay and 2.5-3.2 the slowest replay, quiet and under load, for this commit
and for the one the old figures of 327 and 150 games a second were measured on; about 30-60%
of headroom):

- a random 2-player game: at most 3.5 units;
- a random 5-player game with goals: at most 7 units;
- reloading a finished 2-player game from its save (``Game.from_json(game.to_json())``, a full
  replay): at most 3.5 units median, and the slowest of the ``--replays`` games at most 5
  (that one timed in CPU seconds, the unit too).

Drafted games (the drafting variant, 2 and 3 players with goals, ``Game.new(draft=True)``) are
measured and printed, with no ceiling.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import reference  # noqa: E402

from rftg_nb import Game, RandomPlayer  # noqa: E402

GAME_UNITS_CEILING = 3.5
GOAL_GAME_UNITS_CEILING = 7.0
REPLAY_UNITS_CEILING = 3.5
REPLAY_MAX_UNITS_CEILING = 5.0
UNITS_PER_CHUNK = 10  # calibration units timed before each chunk (about 30 ms quiet)


def play_one(seed: int, players: int = 2, draft: bool = False) -> Game:
    game = Game.new(players=players, seed=seed, draft=draft)
    if players > 2 and len(game.goals) != 6:
        raise SystemExit(f"seed {seed}: expected 6 goals in play, got {len(game.goals)}")
    bot = RandomPlayer(seed)
    while (d := game.decision) is not None:
        game.apply(bot.answer(game, d))
    return game


def games_chunk(seeds: Iterator[int], per_chunk: int, players: int, draft: bool,
                decisions: list[int]) -> Callable[[], None]:
    """One chunk: the next ``per_chunk`` seeds played to the end (then dropped)."""
    def work() -> None:
        for seed in itertools.islice(seeds, per_chunk):
            decisions.append(len(play_one(seed, players, draft).choices))
    return work


def bench_games(n: int, per_chunk: int, players: int = 2,
                draft: bool = False) -> tuple[reference.Ratio, float]:
    """``n`` seeded games (seeds 0..n-1) in chunks of ``per_chunk``, each chunk beside the
    calibration unit; returns the ratio and the mean decisions a game."""
    decisions: list[int] = []
    work = games_chunk(iter(range(n)), per_chunk, players, draft, decisions)
    ratio = reference.interleaved(work, max(1, n // per_chunk), per_chunk, UNITS_PER_CHUNK)
    return ratio, statistics.mean(decisions)


def bench_replay(games: list[Game], per_chunk: int = 5) -> tuple[reference.Ratio, float]:
    """Reload every game from its save, ``per_chunk`` games a chunk, the whole list three times
    over; returns the ratio and the slowest single reload in units. The slowest is timed in
    CPU seconds (each game alone, best of three, over the unit's CPU seconds), since one reload
    of a few milliseconds is what a loaded machine's time slices cut into most unevenly."""
    order = itertools.cycle(games)

    def work() -> None:
        for g in itertools.islice(order, per_chunk):
            Game.from_json(g.to_json())

    ratio = reference.interleaved(work, max(1, 3 * len(games) // per_chunk), per_chunk, 3)
    unit_cpu = statistics.median(reference.time_units(1, time.process_time) for _ in range(5))
    slowest = 0.0
    for g in games:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            loaded = Game.from_json(g.to_json())
            best = min(best, time.process_time() - start)
        if loaded.snapshot() != g.snapshot():
            raise SystemExit(f"seed {g.seed}: the reloaded game differs from the original")
        slowest = max(slowest, best)
    return ratio, slowest / unit_cpu


def _line(what: str, ratio: reference.Ratio, ceiling: float | None,
          extra: str = "") -> tuple[str, bool]:
    cost = ratio.units_per_item
    ok = ceiling is None or cost <= ceiling
    mark = "" if ceiling is None else f"   (ceiling {ceiling:g})   {'PASS' if ok else 'FAIL'}"
    return (f"  {what}: {cost:6.2f} units{mark}\n"
            f"      {1 / ratio.item_seconds:7.1f} a wall-clock second here, one unit "
            f"{ratio.unit * 1000:.2f} ms{extra}"), ok


def run_once(args: argparse.Namespace, load: bool) -> tuple[bool, dict[str, float]]:
    """One run (quiet or under load): print its figures, return whether every ceiling holds and
    the units of each measure."""
    with reference.condition(load, args.load_procs) as words:
        play_one(10_000)  # warm up imports and caches
        two, d2 = bench_games(args.games, args.chunk)
        five, d5 = bench_games(args.goal_games, max(1, args.chunk // 2), 5)
        drafts = {n: bench_games(args.draft_games, args.chunk, n, draft=True) for n in (2, 3)}
        kept = [play_one(seed) for seed in range(args.replays)]
        replay, slowest = bench_replay(kept)
    print(f"{words}: what one item costs, in calibration units (median over chunks)")
    lines = [
        _line(f"random 2-player game ({args.games} games, {d2:.0f} decisions a game)", two,
              GAME_UNITS_CEILING),
        _line(f"random 5-player game with goals ({args.goal_games} games, {d5:.0f} decisions)",
              five, GOAL_GAME_UNITS_CEILING),
        *(_line(f"random drafted game, {n} players ({args.draft_games} games, {d:.0f} "
                "decisions)", r, None) for n, (r, d) in drafts.items()),
        _line(f"replay of a finished 2-player game ({len(kept)} games, each 3 times)", replay,
              REPLAY_UNITS_CEILING, f"; {replay.item_seconds * 1000:.2f} ms median"),
    ]
    slow_ok = slowest <= REPLAY_MAX_UNITS_CEILING
    lines.append((f"  slowest replay: {slowest:6.2f} units   (ceiling "
                  f"{REPLAY_MAX_UNITS_CEILING:g})   {'PASS' if slow_ok else 'FAIL'}", slow_ok))
    for text, _ in lines:
        print(text)
    figures = {"2p": two.units_per_item, "5p": five.units_per_item,
               "draft2": drafts[2][0].units_per_item, "draft3": drafts[3][0].units_per_item,
               "replay": replay.units_per_item, "replay max": slowest}
    return all(ok for _, ok in lines), figures


# ---------------------------------------------------------------------------- --baseline
# Run in a child Python for each tree (this one and a worktree of the baseline commit), so
# each plays with its own code. Only the public API every commit has: Game.new, SoloGame.new,
# RandomPlayer, to_json and from_json. Prints the CPU seconds the games took and where the
# package was imported from.
CHILD = """
import json, sys, time
import rftg_nb
from rftg_nb import Game, RandomPlayer
from rftg_nb.robot import SoloGame
kind, n, seed0 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def one(s):
    if kind == "solitaire":
        g = SoloGame.new(seed=s)
    else:
        g = Game.new(players=5 if kind == "5p" else 2, seed=s, goals=True)
    RandomPlayer(s).play(g)
    return g
games = [one(s) for s in range(seed0, seed0 + n)] if kind == "replay" else None
def at_round(players, s, rnd):
    g = Game.new(players=players, seed=s, goals=True)
    bot = RandomPlayer(s)
    while g.decision is not None and g.round < rnd:
        g.apply(bot.answer(g, g.decision))
    return g
if kind == "copy":  # the look-ahead's copy: Game.clone where there is one, else a replay
    from rftg_nb.ai import determinize
    spots = [g for s in range(seed0, seed0 + 20) if (g := at_round(4, s, 8)).round == 8][:10]
    def copy_of(g):  # made and let go as the look-ahead does (closed, where it can be)
        if not hasattr(g, "clone"):
            return lambda: determinize.replay(g)
        return lambda: g.clone().close()
    copies = [copy_of(g) for g in spots]
    for copy in copies:
        copy()  # (a game's first clone replays it; a look-ahead copies a game many times)
if kind == "hint":  # the strong level's hint at choices of actions of solitaire games
    from rftg_nb.ai import AIPlayer
    try:  # the older trees' search, playouts that try no answers of their own: the engines
        from rftg_nb.ai import playouts  # are compared
        playouts.BRANCH_WIDTH = 1
    except ImportError:
        pass
    spots = []
    for s in range(seed0, seed0 + 100):
        g = SoloGame.new(seed=s)
        fast = AIPlayer("fast", seed=s)
        while g.decision is not None and g.round < 4:
            if g.round >= 2 and g.decision.kind == "actions":
                spots.append(type(g).from_json(g.to_json()))
                break
            g.apply(fast.answer(g, g.decision))
        if len(spots) == n:
            break
t = time.process_time()
if kind == "replay":
    for g in games:
        type(g).from_json(g.to_json())
elif kind == "copy":
    for i in range(n):
        copies[i % len(copies)]()
elif kind == "hint":
    for g in spots:
        AIPlayer("strong", seed=1).hint(g)
else:
    for s in range(seed0, seed0 + n):
        one(s)
print(json.dumps({"cpu": time.process_time() - t, "package": rftg_nb.__file__,
                  "engine": getattr(rftg_nb, "ENGINE", "python")}))
"""
# The memory a finished game holds, as game_memory measures it, in a child on a tree (of any
# commit: it needs only Game.new and RandomPlayer). Prints the bytes a game.
MEMORY_CHILD = """
import gc, json, sys, tracemalloc
import rftg_nb
from rftg_nb import Game, RandomPlayer
n, warm = int(sys.argv[1]), int(sys.argv[2])
def one(s):
    g = Game.new(players=2, seed=s, goals=True)
    RandomPlayer(s).play(g)
    return g
for s in range(warm):
    one(20_000 + s)
gc.collect()
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
games = [one(10_000 + s) for s in range(n)]
gc.collect()
held = tracemalloc.get_traced_memory()[0] - before
print(json.dumps({"bytes": held / n, "package": rftg_nb.__file__,
                  "engine": getattr(rftg_nb, "ENGINE", "python")}))
"""


def _memory_child(tree: Path, pure: bool = False) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RFTG_NB_PURE", None)
    if pure:
        env["RFTG_NB_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(MEMORY_GAMES),
                          str(MEMORY_WARM_GAMES)], cwd=tree, env=env, capture_output=True,
                         text=True, check=True)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    if not Path(data["package"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the child imported {data['package']}, not the tree {tree}")
    return float(data["bytes"]), str(data["engine"])


# Items a child times: enough for a second or so of CPU on this tree, since a child timing a
# tenth of a second read anywhere from 2.3x to 5x for the same two trees within minutes.
BASELINE_KINDS = (("2p", "random 2-player games with goals", 300),
                  ("5p", "random 5-player games with goals", 100),
                  ("solitaire", "random solitaire games", 300),
                  ("replay", "replays of finished 2-player games", 150),
                  ("copy", "copies of 4-player games at the start of round 8 for look-ahead, "
                           "made and let go (Game.clone and close; where there is none, the "
                           "AI's replay)", 2000),
                  ("hint", "the strong level's hints at a choice of actions, solitaire "
                           "rounds 2-3", 4))


class ChildFailed(Exception):
    """A workload a tree cannot run (an older commit without the API it asks for)."""


def _child(tree: Path, kind: str, n: int, seed0: int, pure: bool = False) -> tuple[float, str]:
    """CPU seconds of ``n`` items of ``kind`` in a child process on ``tree``, and the engine it
    ran."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("RFTG_NB_PURE", None)
    if pure:
        env["RFTG_NB_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", CHILD, kind, str(n), str(seed0)], cwd=tree,
                         env=env, capture_output=True, text=True)
    if out.returncode != 0:
        lines = out.stderr.strip().splitlines() or ["no message"]
        raise ChildFailed(lines[-1])
    data = json.loads(out.stdout.strip().splitlines()[-1])
    if not Path(data["package"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the child imported {data['package']}, not the tree {tree}")
    return float(data["cpu"]), str(data["engine"])


def bench_baseline(rev: str, rounds: int, here_tree: Path = ROOT, pure: bool = False,
                   compiled: bool = False, kinds: tuple[str, ...] | None = None) -> None:
    """Each workload on this tree (or ``here_tree``; ``pure``: its Python engine) and on a
    worktree of ``rev`` (``compiled``: built with mypyc first, as ``make install`` builds
    it), in turn (the order alternating each round), in child processes; prints CPU seconds
    an item for both and their ratio, medians over the rounds. ``kinds``: only these
    workloads (see :data:`BASELINE_KINDS`)."""
    with reference.worktree(ROOT, rev, compiled) as (tree, sha):
        against = "this tree" if here_tree == ROOT else str(here_tree)
        print(f"baseline: {rev} ({sha}), against {against}; CPU seconds an item, medians "
              f"over {rounds} rounds, the two trees in turn")
        for kind, what, n in BASELINE_KINDS:
            if kinds is not None and kind not in kinds:
                continue
            here: list[float] = []
            there: list[float] = []
            engines: set[str] = set()
            theirs: set[str] = set()
            failed = None
            for r in range(rounds):
                sides = [(here_tree, here, pure), (tree, there, False)]
                for where, into, python in (sides if r % 2 == 0 else sides[::-1]):
                    try:
                        cpu, engine = _child(where, kind, n, 7_000 + 1_000 * r, python)
                    except ChildFailed as error:
                        failed = (f"  {what}: not measured, "
                                  f"{'this tree' if where is here_tree else 'the baseline'} "
                                  f"cannot run it ({error})")
                        break
                    into.append(cpu / n)
                    (engines if where is here_tree else theirs).add(engine)
                if failed:
                    break
            if failed:
                print(failed)
                continue
            a, b = statistics.median(here), statistics.median(there)
            # each round's two runs were next to each other in time: their ratio is the
            # figure least moved by the machine's own ups and downs
            paired = sorted(y / x for x, y in zip(here, there, strict=True))
            print(f"  {what}: this tree ({'/'.join(sorted(engines))} engine) "
                  f"{a * 1000:.2f} ms, baseline ({'/'.join(sorted(theirs))} engine) "
                  f"{b * 1000:.2f} ms: "
                  f"{statistics.median(paired):.2f}x as fast (median of the rounds' "
                  f"ratios; {paired[0]:.2f}-{paired[-1]:.2f})", flush=True)
        if kinds is None or "memory" in kinds:  # bytes: the same every time, run once
            mine, engine = _memory_child(here_tree, pure)
            base, theirs_engine = _memory_child(tree)
            print(f"  memory a finished random 2-player game with goals holds: this tree "
                  f"({engine} engine) {mine / 1024:.1f} KiB, baseline ({theirs_engine} "
                  f"engine) {base / 1024:.1f} KiB: {mine / base:.3f}x", flush=True)


# ---------------------------------------------------------------------------- memory
MEMORY_GAMES = 20
MEMORY_WARM_GAMES = 500


def game_memory() -> float:
    """Bytes a finished random 2-player game with goals holds, the mean over
    :data:`MEMORY_GAMES` games kept alive together, measured by :data:`MEMORY_CHILD` on this
    tree: what tracemalloc counts as allocated while they live, after a collection, less what
    it counted before the first (the card data, imported modules), once
    :data:`MEMORY_WARM_GAMES` games of other seeds have filled the tables every game shares
    (a 6-cost development's points for each design, the short answers, the goals' card
    categories), which grow for hundreds of games and are no game's own memory. The same on
    any machine with this Python; it is not a time."""
    return _memory_child(ROOT)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random 2-player games (300)")
    parser.add_argument("--goal-games", type=int, default=100,
                        help="random 5-player games with goals (100)")
    parser.add_argument("--draft-games", type=int, default=100,
                        help="random drafted games, of 2 and of 3 players (100 each)")
    parser.add_argument("--replays", type=int, default=50, help="finished games to reload (50)")
    parser.add_argument("--chunk", type=int, default=5,
                        help="2-player games a chunk (5; 5-player games take half as many)")
    parser.add_argument("--baseline", metavar="REV",
                        help="also time the same workloads on a worktree of commit REV and "
                             "print how many times as fast this tree is")
    parser.add_argument("--baseline-rounds", type=int, default=5,
                        help="rounds of the --baseline comparison (5)")
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="with --baseline: the tree to time against it instead of this one")
    parser.add_argument("--baseline-compiled", action="store_true",
                        help="with --baseline: build the baseline's compiled engine and time it "
                             "(like with like; otherwise the baseline runs its Python engine)")
    parser.add_argument("--baseline-kinds", metavar="KINDS",
                        help="with --baseline: only these workloads, comma-separated, of "
                             + ", ".join(k for k, _w, _n in BASELINE_KINDS) + ", memory")
    parser.add_argument("--only-baseline", action="store_true",
                        help="with --baseline: stop after it")
    parser.add_argument("--pure", action="store_true",
                        help="with --baseline: this tree's Python engine (RFTG_NB_PURE=1), not "
                             "its compiled build")
    reference.add_load_options(parser)
    args = parser.parse_args(argv)
    if args.baseline:  # quiet and/or under load, as --load asks
        for load in reference.runs(args.load):
            with reference.condition(load, args.load_procs) as words:
                print(f"{words}:")
                bench_baseline(args.baseline, args.baseline_rounds, args.tree.resolve(),
                               args.pure, args.baseline_compiled,
                               tuple(args.baseline_kinds.split(","))
                               if args.baseline_kinds else None)
        if args.only_baseline:
            return 0

    import rftg_nb

    print(f"engine benchmark, the {rftg_nb.ENGINE} engine; {reference.machine()}")
    results = {load: run_once(args, load) for load in reference.runs(args.load)}
    if len(results) == 2:
        quiet, loaded = results[False][1], results[True][1]
        print("under load / quiet, in units: " + ", ".join(
            f"{k} {loaded[k] / quiet[k]:.2f}x" for k in quiet))
    memory = game_memory()
    print(f"memory a finished 2-player game holds (tracemalloc, {MEMORY_GAMES} games kept): "
          f"{memory / 1024:.1f} KiB")
    ok = all(r[0] for r in results.values())
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
