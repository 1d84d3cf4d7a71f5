"""App speed: time from a click to the updated view, and the dashboard's first render in a browser.

Run from the repository root: ``python benchmarks/app.py``. Exits 1 if a floor is missed.

1. Server side, in-process: whole solitaire games played through the board widget's messages,
   as its page sends them (a pick check, then the answer). Each answer is timed until its handler
   returns: the controller's move plus the new board state. Widget messages are serialised to
   JSON as the kernel would (``jupyter_client``'s packer), so that cost counts too.
   The answers and the unit are timed in CPU seconds (an answer is too short to time against
   a wall clock that the load's time slices cut into). Ceiling: the median answer costs at
   most 1.0 calibration units (``benchmarks/reference.py``, timed before each game; on
   2026-12-01 the 2-core reference machine, busy with other work, measured 0.22 quiet and 0.32
   under load, so the ceiling leaves room for a slower board but catches a board
   state that grows tenfold).
2. Browser: Voila + headless Chromium (/usr/bin/chromium, offline: only 127.0.0.1 is reachable).
   Time from ``page.goto`` until each page's first content is visible (``PAGES``: the board's
   first card on play, learn and cards, the question box on the table, the first button on the
   lab, the designer and the history), every page of notebooks/ (``--pages`` picks some),
   beside a minimal notebook (one ipywidgets Button) written to a temporary directory and served
   the same way. One warm-up load of each page, then the median of ``--loads`` loads each
   (interleaved). Ceiling: every page within 1.5x the minimal page.

Both parts run quiet and then under a CPU load (one busy process per core, ``--load``), and
the ceilings are judged on both runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import reference  # noqa: E402

ANSWER_UNITS_CEILING = 1.0
RENDER_RATIO_FLOOR = 1.5
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: each page of notebooks/ and what shows that it is drawn
PAGES = {"play": ".rb-card", "table": ".rb-q", "learn": ".rb-card",
         "lab": ".jupyter-button:visible",
         "designer": ".jupyter-button:visible", "cards": ".rb-card",
         "history": ".jupyter-button:visible"}
MINIMAL_NOTEBOOK = {
    "cells": [{
        "cell_type": "code", "execution_count": None, "id": "cell-1", "metadata": {},
        "outputs": [],
        "source": ["import ipywidgets as w\n", "\n", "b = w.Button(description='Hello')\n",
                   "b.add_class('bench-ready')\n", "b"],
    }],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}, "language_info": {"name": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


# ---------------------------------------------------------------------------- 1. clicks
def _use_packing_comm() -> None:
    """Make widgets serialise every message as a kernel would, instead of dropping them."""
    import comm
    from comm.base_comm import BaseComm
    from jupyter_client.session import json_packer

    class PackingComm(BaseComm):
        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                        buffers: Any = None, **keys: Any) -> None:
            json_packer({"msg_type": msg_type, "data": data, "metadata": metadata or {},
                         "comm_id": self.comm_id, **keys})

    comm.create_comm = PackingComm



def bench_clicks(seeds: list[int]) -> tuple[reference.Ratio, list[float], list[float], int]:
    """Play a game per seed by clicking, the calibration unit timed before each game; return
    the answers' ratio (each game's median answer over its unit), answer ms, pick-check ms and
    rounds."""
    from rftg_nb.players import random_pick
    from rftg_nb.ui import NewGameSettings, SoloApp, SoloController

    answers: list[float] = []
    ticks: list[float] = []
    per_game: list[float] = []
    units: list[float] = []
    rounds = 0
    reference.calibration_unit()
    for seed in seeds:
        # An answer takes well under a millisecond, too short for the scheduler to cut into,
        # while a unit (a few ms) is cut into by every other process: so both are timed in
        # CPU seconds here, and the wall-clock milliseconds are printed beside them.
        units.append(statistics.median(reference.time_units(1, time.process_time)
                                       for _ in range(3)))
        c = SoloController()
        c.new_game(NewGameSettings(seed=seed))
        app = SoloApp(c)
        rng = random.Random(seed)
        mine: list[float] = []
        while (d := c.decision) is not None:
            ids = random_pick(d, rng)
            # a pick on the board asks the kernel whether it is legal (the reply is a message)
            t = time.perf_counter()
            app.board._message(app.board, {"do": "check", "ids": ids}, [])
            ticks.append((time.perf_counter() - t) * 1000)
            assert app.replies[-1]["ok"], app.replies[-1]
            t, cpu = time.perf_counter(), time.process_time()
            app.board._message(app.board, {"do": "answer", "ids": ids}, [])
            mine.append(time.process_time() - cpu)
            answers.append((time.perf_counter() - t) * 1000)
        per_game.append(statistics.median(mine))
        rounds += c.game.round
    return reference.Ratio(per_game, units, 1), answers, ticks, rounds


# ---------------------------------------------------------------------------- 2. browser
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Voila:
    """A Voila server for one notebook, on 127.0.0.1, in its own process session."""

    def __init__(self, notebook: Path, log: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self._log = log.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={self.port}",
             "--Voila.ip=127.0.0.1"],
            cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Voila exited:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/voila/static/voila.js", timeout=5):
                    return
            except OSError:
                time.sleep(0.25)
        raise RuntimeError(f"Voila did not answer in {timeout:.0f} s:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=15)
            except ProcessLookupError:
                pass
        self._log.close()


def _load_seconds(browser: Any, url: str, selector: str) -> float:
    """Seconds from navigation start until ``selector`` is visible, in a fresh context."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
        ("http://127.0.0.1", "ws://127.0.0.1")) else r.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        start = time.perf_counter()
        page.goto(url + "/", timeout=120_000)
        page.wait_for_selector(selector, state="visible", timeout=120_000)
        elapsed = time.perf_counter() - start
    finally:
        context.close()
    if errors:
        raise RuntimeError(f"page errors on {url}: {errors}")
    return elapsed


def bench_render(loads: int, pages: list[str]) -> dict[str, list[float]] | None:
    """Load times (seconds) of ``pages`` and of the minimal page (key ``"minimal"``), or None
    without a browser."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("browser: SKIPPED (the playwright package is not installed)")
        return None
    if not CHROMIUM.exists():
        print(f"browser: SKIPPED ({CHROMIUM} not found)")
        return None
    with tempfile.TemporaryDirectory(prefix="rftg-bench-") as tmp:
        minimal = Path(tmp) / "minimal.ipynb"
        minimal.write_text(json.dumps(MINIMAL_NOTEBOOK), encoding="utf-8")
        servers = {
            name: (Voila(ROOT / "notebooks" / f"{name}.ipynb", Path(tmp) / f"{name}.log"),
                   PAGES[name]) for name in pages}
        servers["minimal"] = (Voila(minimal, Path(tmp) / "minimal.log"), ".bench-ready")
        times: dict[str, list[float]] = {k: [] for k in servers}
        try:
            for server, _ in servers.values():
                server.wait_ready()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS, headless=True)
                try:
                    for server, selector in servers.values():  # warm up: one load each
                        _load_seconds(browser, server.url, selector)
                    for _ in range(loads):
                        for name, (server, selector) in servers.items():
                            times[name].append(_load_seconds(browser, server.url, selector))
                finally:
                    browser.close()
        finally:
            for server, _ in servers.values():
                server.stop()
    return times


# ---------------------------------------------------------------------------- report
def _ms(xs: list[float]) -> str:
    q = statistics.quantiles(xs, n=10) if len(xs) > 1 else xs * 9
    return (f"median {statistics.median(xs):6.1f} ms   p90 {q[-1]:6.1f} ms   "
            f"max {max(xs):6.1f} ms")


def clicks_once(games: int, load: bool, procs: int | None) -> tuple[bool, float]:
    """The server-side part, quiet or under load: print it, return (ceiling kept, units)."""
    with reference.condition(load, procs) as words:
        bench_clicks([10_000])  # warm up caches
        ratio, answers, ticks, rounds = bench_clicks(list(range(1, games + 1)))
    cost = ratio.units_per_item
    ok = cost <= ANSWER_UNITS_CEILING
    print(f"server side, {words}: {games} whole games clicked in-process ({len(answers)} "
          f"answers, {rounds} rounds)")
    print(f"  answer click -> updated view: {cost:.3f} calibration units (median of the games' "
          f"medians)   (ceiling {ANSWER_UNITS_CEILING:g})   {'PASS' if ok else 'FAIL'}")
    print(f"      here, wall clock: {_ms(answers)}; one unit {ratio.unit * 1000:.2f} ms of CPU")
    if ticks:
        print(f"  pick check -> reply: {_ms(ticks)}")
    return ok, cost


def render_once(loads: int, load: bool, procs: int | None,
                pages: list[str]) -> tuple[bool, float] | None:
    """The browser part, quiet or under load: print it, return (every ceiling kept, the
    largest ratio)."""
    with reference.condition(load, procs) as words:
        try:
            render = bench_render(loads, pages)
        except RuntimeError as e:  # a page error or a server that did not start
            print(f"browser, {words}: FAIL: {e}")
            return False, float("nan")
    if render is None:
        return None
    minimal = statistics.median(render["minimal"])
    print(f"browser, {words}: first render (goto -> the page's first content visible), median "
          f"of {loads} loads after one warm-up load each, Voila + headless Chromium")
    print(f"  {'minimal page (one Button)':28} " + _s(render["minimal"]))
    ratios = []
    for name in pages:
        ratio = statistics.median(render[name]) / minimal
        ratios.append(ratio)
        print(f"  {f'{name} ({PAGES[name]})':28} " + _s(render[name])
              + f"   {ratio:.2f}x the minimal page   (ceiling {RENDER_RATIO_FLOOR}x)   "
              + ("PASS" if ratio <= RENDER_RATIO_FLOOR else "FAIL"))
    return max(ratios) <= RENDER_RATIO_FLOOR, max(ratios)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games played by clicking (3)")
    parser.add_argument("--loads", type=int, default=3, help="page loads of each page (3)")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser part")
    parser.add_argument("--pages", default=",".join(PAGES),
                        help=f"pages whose first render is timed (default every one: "
                             f"{','.join(PAGES)})")
    reference.add_load_options(parser)
    args = parser.parse_args(argv)

    print(f"app benchmark; {reference.machine()}")
    _use_packing_comm()
    t = time.perf_counter()
    from rftg_nb.ui import SoloApp  # noqa: F401  (import time, printed below)

    print(f"import of rftg_nb.ui: {time.perf_counter() - t:.2f} s")
    loads = reference.runs(args.load)
    clicks = {load: clicks_once(args.games, load, args.load_procs) for load in loads}
    pages = [p for p in args.pages.replace(" ", "").split(",") if p]
    if unknown := [p for p in pages if p not in PAGES]:
        parser.error(f"--pages: no page {', '.join(unknown)} (pages: {', '.join(PAGES)})")
    renders = {} if args.no_browser else {
        load: r for load in loads
        if (r := render_once(args.loads, load, args.load_procs, pages))}
    if len(loads) == 2:
        line = f"under load / quiet: server-side answer {clicks[True][1] / clicks[False][1]:.2f}x"
        if len(renders) == 2:
            line += f"; the largest first-render ratio {renders[False][1]:.2f}x quiet, " \
                    f"{renders[True][1]:.2f}x under load"
        print(line)
    ok = all(r[0] for r in [*clicks.values(), *renders.values()])
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


def _s(xs: list[float]) -> str:
    return (f"median {statistics.median(xs):5.2f} s   loads: "
            + ", ".join(f"{x:.2f}" for x in xs))


if __name__ == "__main__":
    sys.exit(main())
