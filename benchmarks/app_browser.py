"""The board in a real browser: click latency and websocket bytes over whole games: solitaire
games on the dashboard, or with ``--table N`` N-player games with goals on the table page (one
person, the other seats the computer's).

Run from the repository root: ``.venv/bin/python benchmarks/app_browser.py`` (``--help`` for the
options). Prints a table and exits 1 if a floor is missed (0 with a SKIPPED line when Playwright
or /usr/bin/chromium is missing).

How: Voila serves notebooks/play.ipynb (``SoloApp``) and a minimal notebook written to a
temporary directory, each on a free port of 127.0.0.1 in its own process session (the server
helper of ``benchmarks/app.py``). Headless Chromium (/usr/bin/chromium, driven by Playwright;
every request not to 127.0.0.1 is aborted, the machine may be offline) opens them at 1366x768.
Each game (``--seeds``, easy by default) is started through the board's New game form and played
to its end with legal random picks (``random.Random(seed)``).

What, all timed IN THE PAGE with ``performance.now()``: a capturing ``click`` listener on the
document takes the time of the click the script announced, a MutationObserver on the board's
root waits for what the click leads to, and the time is taken after the next paint
(``requestAnimationFrame`` then ``setTimeout 0``).

1. Answer click (the Confirm button of a card, multi-pick or dice question, or a single-pick
   ``button[data-opt]``) -> the next state on the page: the root's ``data-serial`` changed, then
   painted. Floors: median <= 150 ms, p90 <= 300 ms. Picking a card, an action or a die face
   (a toggle that asks the kernel whether the pick is legal) is timed to the redraw carrying the
   kernel's verdict (the ``.rb-pick`` note replaced), reported without a floor, and so is the
   "Show all" button while robot steps are held back.
2. The floor: a minimal page (an ipywidgets Button whose click sets a Label to a counter) served
   and timed the same way, ``--floor-clicks`` clicks after a few warm-up clicks: its median and
   the dashboard/floor ratio (reported, no floor).
3. Websocket bytes (Playwright's ``websocket`` events: ``framereceived`` / ``framesent``, str
   counted as UTF-8 bytes): per answer, from the answer click until the next state is drawn and
   the socket has been quiet for 40 ms (so the kernel's trailing status message counts). Floor:
   median received per answer <= 10 KB (10,240 bytes). The first page load (everything on the
   websocket until the first question is drawn) is reported for information.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

ANSWER_MEDIAN_FLOOR = 150.0  # ms
ANSWER_P90_FLOOR = 300.0  # ms
RECEIVED_PER_ANSWER_FLOOR = 10_240  # bytes
VIEWPORT = {"width": 1366, "height": 768}
WAIT_MS = 30_000  # for one click's result; longer means the board is stuck
LOAD_MS = 120_000  # for the first page load
QUIET_S = 0.04  # the websocket is settled after this long without a frame
MAX_STEPS = 600  # clicks in one game before giving up on it


def _server_helpers() -> Any:
    """benchmarks/app.py, for its Voila server class and Chromium settings."""
    spec = importlib.util.spec_from_file_location("rftg_bench_app", HERE / "app.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FLOOR_NOTEBOOK = {
    "cells": [{
        "cell_type": "code", "execution_count": None, "id": "cell-1", "metadata": {},
        "outputs": [],
        "source": [
            "import ipywidgets as w\n", "\n",
            "b = w.Button(description='Count')\n", "b.add_class('bench-button')\n",
            "label = w.Label(value='0')\n", "label.add_class('bench-label')\n", "\n",
            "def on_click(_b):\n", "    label.value = str(int(label.value) + 1)\n", "\n",
            "b.on_click(on_click)\n", "w.VBox([b, label])",
        ],
    }],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}, "language_info": {"name": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}

# ---------------------------------------------------------------------------- page scripts
# Installed once the board is on the page. Python announces each click it is about to make
# (window.__rb.expect = {type, label}); the capturing listener stamps it, the observer on the
# board's root (whose innerHTML is redrawn, but which itself stays) sees the outcome, and the
# figure is taken after the next paint. Finished clicks go to window.__rb.done.
BOARD_TIMER_JS = """() => {
  if (window.__rb) return true;
  const root = document.querySelector('.rftg-board');
  if (!root || !root.dataset.serial) return false;
  const B = window.__rb = {expect: null, done: []};
  const afterPaint = (f) => requestAnimationFrame(() => setTimeout(f, 0));
  document.addEventListener('click', () => {
    const e = B.expect;
    if (!e || e.t0 !== undefined) return;
    e.t0 = performance.now();
    if (e.type === 'pick') {
      // The board redraws at once (the pick, not yet checked) inside this click; the kernel's
      // verdict comes with a later redraw, i.e. a new .rb-pick element.
      setTimeout(() => { e.note = root.querySelector('.rb-pick'); e.armed = true; }, 0);
    } else {
      e.serial0 = root.dataset.serial;
      e.armed = true;
    }
  }, true);
  new MutationObserver(() => {
    const e = B.expect;
    if (!e || !e.armed || e.t1 !== undefined) return;
    if (e.type === 'pick' ? root.querySelector('.rb-pick') === e.note
                          : root.dataset.serial === e.serial0) return;
    e.t1 = performance.now();
    afterPaint(() => {
      const note = root.querySelector('.rb-pick');
      B.done.push({type: e.type, label: e.label, ms: performance.now() - e.t0,
                   drawn_ms: e.t1 - e.t0, serial: root.dataset.serial, kind: root.dataset.kind,
                   ok: note ? note.dataset.ok === '1' : null,
                   picked: note ? Number(note.dataset.picked) : null});
      B.expect = null;
    });
  }).observe(root, {attributes: true, attributeFilter: ['data-serial'], childList: true});
  return true;
}"""

FLOOR_TIMER_JS = """() => {
  if (window.__fl) return true;
  const label = document.querySelector('.bench-label');
  if (!label || !document.querySelector('.bench-button')) return false;
  const F = window.__fl = {done: [], t0: null, text0: null};
  document.addEventListener('click', (ev) => {
    if (!ev.target.closest('.bench-button') || F.t0 !== null) return;
    F.t0 = performance.now();
    F.text0 = label.textContent;
  }, true);
  new MutationObserver(() => {
    if (F.t0 === null || label.textContent === F.text0) return;
    const t0 = F.t0;
    F.t0 = 0;  // taken: no second stamp until this one is stored
    requestAnimationFrame(() => setTimeout(() => {
      F.done.push(performance.now() - t0);
      F.t0 = null;
    }, 0));
  }).observe(label, {childList: true, characterData: true, subtree: true});
  return true;
}"""

# What the board asks now, read from the page (never kept across a redraw).
QUESTION_JS = """() => {
  const r = document.querySelector('.rftg-board');
  const q = r.querySelector('.rb-q');
  const note = q && q.querySelector('.rb-pick');
  const text = (s) => { const x = q && q.querySelector(s); return x ? x.textContent.trim() : ''; };
  return {serial: r.dataset.serial, kind: r.dataset.kind, where: text('.rb-where'),
          prompt: text('.rb-prompt'), over: !!r.querySelector('.rb-end'),
          cards: [...r.querySelectorAll('.rb-card.opt[data-id]')].map((e) => e.dataset.id),
          opts: q ? [...q.querySelectorAll('button[data-opt]')].map((e) => e.dataset.opt) : [],
          none: !!(q && q.querySelector('[data-do=none]')),
          pass: !!(q && q.querySelector('[data-do=seat]')),
          submit: !!(q && q.querySelector('[data-do=submit]')),
          note: note ? note.textContent.replace(/\\s+/g, ' ').trim() : null,
          ok: note ? note.dataset.ok === '1' : null,
          picked: note ? Number(note.dataset.picked) : null,
          status: (r.querySelector('.rb-status') || {}).textContent || ''};
}"""

PICK_NOTE = re.compile(r"Pick (\d+)(?: to (\d+))?:")


# ---------------------------------------------------------------------------- bookkeeping
class Stuck(RuntimeError):
    """The board did not get to where a click should have led."""


@dataclass
class Socket:
    """Bytes over every websocket of one page, counted as Playwright reports the frames."""

    received: int = 0
    sent: int = 0
    frames: int = 0
    frames_received: int = 0

    def watch(self, page: Any) -> None:
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self._add(payload, True))
        ws.on("framesent", lambda payload: self._add(payload, False))

    def _add(self, payload: str | bytes, received: bool) -> None:
        n = len(payload.encode("utf-8")) if isinstance(payload, str) else len(payload)
        self.frames += 1
        if received:
            self.received += n
            self.frames_received += 1
        else:
            self.sent += n

    def mark(self) -> tuple[int, int]:
        return self.received, self.sent

    def settle(self, page: Any, cap_s: float = 2.0) -> None:
        """Wait until no frame has come for QUIET_S (Playwright delivers events while waiting)."""
        end = time.monotonic() + cap_s
        seen = self.frames
        while time.monotonic() < end:
            page.wait_for_timeout(QUIET_S * 1000)
            if self.frames == seen:
                return
            seen = self.frames


@dataclass
class Figures:
    answers: list[dict[str, Any]] = field(default_factory=list)  # page records + ws bytes
    picks: list[float] = field(default_factory=list)
    slow_picks: list[tuple[float, str]] = field(default_factory=list)  # (ms, question kind)
    reveals: list[float] = field(default_factory=list)
    seats: list[float] = field(default_factory=list)  # "I am <name>" on the table's pass screen
    new_games: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)
    first_load: dict[str, float] = field(default_factory=dict)
    games: list[dict[str, Any]] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------- the board
class BoardPage:
    """The dashboard page, played by clicking; every click is timed in the page."""

    def __init__(self, page: Any, ws: Socket, figures: Figures) -> None:
        self.page = page
        self.ws = ws
        self.fig = figures

    def question(self) -> dict[str, Any]:
        return self.page.evaluate(QUESTION_JS)

    def click(self, selector: str, type_: str, label: str) -> dict[str, Any]:
        """Click ``selector`` (queried now) and return the page's record of what followed."""
        n = self.page.evaluate("(e) => { window.__rb.expect = e; return window.__rb.done.length; }",
                               {"type": type_, "label": label})
        self.page.locator(selector).click(timeout=WAIT_MS)
        try:
            self.page.wait_for_function("(n) => window.__rb.done.length > n", arg=n,
                                        timeout=WAIT_MS)
        except Exception as e:  # the Playwright timeout: say where the board stopped
            raise Stuck(f"{type_} click on {selector} ({label}) got no redraw in "
                        f"{WAIT_MS / 1000:.0f} s; board now: {self.question()}") from e
        return self.page.evaluate("(n) => window.__rb.done[n]", n)

    def pick(self, selector: str, label: str) -> dict[str, Any]:
        record = self.click(selector, "pick", label)
        self.fig.picks.append(record["ms"])
        self.fig.slow_picks = sorted([*self.fig.slow_picks, (record["ms"], record["kind"])],
                                     reverse=True)[:3]
        return record

    def answer(self, selector: str, q: dict[str, Any]) -> dict[str, Any]:
        self.ws.settle(self.page)  # the last pick's trailing messages are not the answer's
        r0, s0 = self.ws.mark()
        f0 = self.ws.frames_received
        record = self.click(selector, "answer", q["kind"])
        self.ws.settle(self.page)
        r1, s1 = self.ws.mark()
        record.update(received=r1 - r0, sent=s1 - s0, question=q["kind"],
                      frames=self.ws.frames_received - f0)
        self.fig.answers.append(record)
        return record

    # ------------------------------------------------------------------ a game
    def new_game(self, seed: int, difficulty: str) -> None:
        """Start a solitaire game through the New game form."""
        def fill() -> None:
            self.page.locator("select[name=difficulty]").select_option(difficulty)

        self._start(seed, fill)

    def new_table_game(self, seed: int, players: int) -> None:
        """Start a table game through its New game form: seat 1 a person, the others the
        computer, goals on."""
        def fill() -> None:
            self.page.locator("select[name=players]").select_option(str(players))
            for i in range(players):
                self.page.locator(f"input[name=name{i}]").fill("Ann" if i == 0 else f"Computer {i}")
                self.page.locator(f"input[name=computer{i}]").set_checked(i > 0)
            self.page.locator("input[name=goals]").set_checked(True)

        self._start(seed, fill)

    def _start(self, seed: int, fill: Any) -> None:
        """Open the New game form, ``fill()`` it, give the seed and press New game (again to
        confirm over a game in play)."""
        for _ in range(3):
            if not self.page.evaluate("() => document.querySelector('details.rb-new').open"):
                self.page.locator("details.rb-new > summary").click()
            fill()
            self.page.locator("input[name=seed]").fill(str(seed))
            button = self.page.locator("[data-do=new]")
            record = self.click("[data-do=new]", "new", f"seed {seed}")
            self.fig.new_games.append(record["ms"])
            hint = self.page.locator("input[name=seed]").get_attribute("placeholder") or ""
            if f"this game: {seed})" in hint:
                return
            if "Confirm new game" not in button.inner_text():
                raise Stuck(f"New game (seed {seed}) did not start: {self.question()}")
        raise Stuck(f"New game (seed {seed}) did not start after confirming")

    def play(self, seed: int, difficulty: str, table: int = 0) -> dict[str, Any]:
        rng = random.Random(seed)
        if table:
            self.new_table_game(seed, table)
        else:
            self.new_game(seed, difficulty)
        answers, last_round = 0, "0"
        t = time.monotonic()
        for _ in range(MAX_STEPS):
            q = self.question()
            if found := re.search(r"Round (\d+)", q["where"]):
                last_round = found.group(1)
            if q["pass"]:
                self.fig.seats.append(self.click("[data-do=seat]", "seat", "seat")["ms"])
                continue
            if q["kind"] == "moving":
                self.fig.reveals.append(self.click("[data-do=all]", "reveal", "all")["ms"])
                continue
            if not q["kind"]:
                if q["over"]:
                    return {"seed": seed, "answers": answers, "seconds": time.monotonic() - t,
                            "round": last_round}
                raise Stuck(f"no question, no robot steps and no end sheet: {q}")
            self.answer_question(q, rng)
            answers += 1
        raise Stuck(f"seed {seed}: no end after {MAX_STEPS} clicks; board now: {self.question()}")

    def answer_question(self, q: dict[str, Any], rng: random.Random) -> None:
        if not q["submit"]:  # single pick: one click answers
            choices = [f'.rb-q button[data-opt="{o}"]' for o in q["opts"]]
            if q["none"]:
                choices.append(".rb-q [data-do=none]")
            if not choices:
                raise Stuck(f"a question with nothing to click: {q}")
            self.answer(rng.choice(choices), q)
            return
        if q["kind"] == "dice":
            self.pick_dice(q, rng)
        else:
            self.pick_some(q, rng)
        self.answer(".rb-q [data-do=submit]", q)

    def pick_dice(self, q: dict[str, Any], rng: random.Random) -> None:
        faces = {die: [o for o in q["opts"] if o.startswith(die + ":")] for die in "ab"}
        for _ in range(12):
            for die in "ab":
                face = rng.choice(faces[die])
                record = self.pick(f'.rb-q button[data-opt="{face}"]', face)
            if record["ok"]:
                return
        raise Stuck(f"no legal roll found in 12 tries: {self.question()}")

    def pick_some(self, q: dict[str, Any], rng: random.Random) -> None:
        """Pick options in a random order until the note says the pick may be confirmed."""
        m = PICK_NOTE.search(q["note"] or "")
        if not m:
            raise Stuck(f"unreadable pick note: {q}")
        low = int(m.group(1))
        high = int(m.group(2) or low)
        if q["cards"]:
            options = [(f'.rb-card.opt[data-id="{i}"]', i) for i in q["cards"]]
        else:
            options = [(f'.rb-q button[data-opt="{o}"]', o) for o in q["opts"]]
        want = rng.randint(low, min(high, len(options)))
        rng.shuffle(options)
        picked, ok = q["picked"], q["ok"]
        for selector, label in options:
            if picked >= want and ok:
                break
            record = self.pick(selector, label)
            picked, ok = record["picked"], record["ok"]
            if picked >= high and not ok:  # this one breaks the pick: take it back
                record = self.pick(selector, label)
                picked, ok = record["picked"], record["ok"]
        if not ok:
            raise Stuck(f"no legal pick found (picked {picked}, wanted {want}): "
                        f"{self.question()}")


def _timer(page: Any, script: str, what: str) -> None:
    try:
        page.wait_for_function(script, timeout=LOAD_MS)
    except Exception as e:
        raise Stuck(f"{what} never appeared on the page") from e


def bench_board(browser: Any, url: str, seeds: list[int], difficulty: str,
                figures: Figures, step_through: bool = False, table: int = 0) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    context.route("**/*", _local_only)
    page = context.new_page()
    page.on("pageerror", lambda e: figures.page_errors.append(str(e)))
    ws = Socket()
    ws.watch(page)
    try:
        start = time.perf_counter()
        page.goto(url + "/", timeout=LOAD_MS)
        page.wait_for_function(
            "() => { const r = document.querySelector('.rftg-board');"
            " return r && r.dataset.serial && (r.dataset.kind || r.querySelector('[data-do=seat]'))"
            " && r.dataset.kind !== 'moving'; }", timeout=LOAD_MS)
        figures.first_load["seconds"] = time.perf_counter() - start
        ws.settle(page)
        figures.first_load["received"], figures.first_load["sent"] = ws.mark()
        _timer(page, BOARD_TIMER_JS, "the board (.rftg-board[data-serial])")
        board = BoardPage(page, ws, figures)
        if step_through:  # hold the robot's steps back: each answer is then followed by Show all
            board.click("input[data-do=step]", "step", "step through")
        for seed in seeds:
            figures.games.append(board.play(seed, difficulty, table))
    finally:
        context.close()


# ---------------------------------------------------------------------------- the floor page
def bench_floor(browser: Any, url: str, clicks: int, figures: Figures, warm: int = 3) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    context.route("**/*", _local_only)
    page = context.new_page()
    page.on("pageerror", lambda e: figures.page_errors.append(str(e)))
    try:
        page.goto(url + "/", timeout=LOAD_MS)
        _timer(page, FLOOR_TIMER_JS, "the floor page's button and label")
        for i in range(warm + clicks):
            page.locator(".bench-button").click(timeout=WAIT_MS)
            try:
                page.wait_for_function("(n) => window.__fl.done.length > n", arg=i,
                                       timeout=WAIT_MS)
            except Exception as e:
                raise Stuck(f"floor page: click {i + 1} did not change the label") from e
        figures.floor.extend(page.evaluate("() => window.__fl.done")[warm:])
    finally:
        context.close()


def _local_only(route: Any) -> None:
    if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1")):
        route.continue_()
    else:
        route.abort()


# ---------------------------------------------------------------------------- run and report
def run(seeds: list[int], difficulty: str, floor_clicks: int,
        step_through: bool = False, table: int = 0) -> Figures | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("SKIPPED: the playwright package is not installed")
        return None
    helpers = _server_helpers()
    if not helpers.CHROMIUM.exists():
        print(f"SKIPPED: {helpers.CHROMIUM} not found")
        return None
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="rftg-bench-browser-") as tmp:
        floor_nb = Path(tmp) / "floor.ipynb"
        floor_nb.write_text(json.dumps(FLOOR_NOTEBOOK), encoding="utf-8")
        page = "table.ipynb" if table else "play.ipynb"
        dash = helpers.Voila(ROOT / "notebooks" / page, Path(tmp) / "dash.log")
        floor = helpers.Voila(floor_nb, Path(tmp) / "floor.log")
        try:
            dash.wait_ready()
            floor.wait_ready()
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(helpers.CHROMIUM),
                                             args=helpers.CHROMIUM_ARGS, headless=True)
                try:
                    bench_floor(browser, floor.url, floor_clicks, figures)
                    bench_board(browser, dash.url, seeds, difficulty, figures, step_through,
                                table)
                finally:
                    browser.close()
        except Stuck as e:
            print(f"STUCK: {e}")
            tail = dash.log.read_text(errors="replace").splitlines()[-15:]
            if tail:
                print("  last lines of the dashboard's Voila log:\n    " + "\n    ".join(tail))
            figures.games.append({"stuck": str(e)})
        finally:
            dash.stop()
            floor.stop()
    return figures


def _p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10, method="inclusive")[-1] if len(xs) > 1 else xs[0]


def _ms(xs: list[float]) -> str:
    if not xs:
        return "none"
    return (f"median {statistics.median(xs):.0f} / p90 {_p90(xs):.0f} / max {max(xs):.0f} ms"
            f" (n={len(xs)})")


def report(fig: Figures, seeds: list[int]) -> bool:
    rows: list[tuple[str, str, str, bool | None]] = []  # measure, figure, floor, passed
    stuck = [g["stuck"] for g in fig.games if "stuck" in g]
    done = [g for g in fig.games if "stuck" not in g]
    for g in done:
        print(f"game seed {g['seed']}: {g['answers']} answers, ended in round {g['round']}, "
              f"{g['seconds']:.1f} s of clicking")
    ms = [a["ms"] for a in fig.answers]
    ok = not stuck
    if ms:
        med, p90 = statistics.median(ms), _p90(ms)
        rows += [
            ("answer click -> next question painted, median", f"{med:.0f} ms",
             f"<= {ANSWER_MEDIAN_FLOOR:.0f} ms", med <= ANSWER_MEDIAN_FLOOR),
            ("answer click -> next question painted, p90", f"{p90:.0f} ms",
             f"<= {ANSWER_P90_FLOOR:.0f} ms", p90 <= ANSWER_P90_FLOOR),
            ("answer click, max", f"{max(ms):.0f} ms", "", None),
            ("answer clicks", f"{len(ms)}", "", None),
            ("  of which: state drawn (before paint), median",
             f"{statistics.median(a['drawn_ms'] for a in fig.answers):.0f} ms", "", None),
        ]
    else:
        ok = False
        rows.append(("answer clicks", "none", "", False))
    rows.append(("pick click -> verdict painted", _ms(fig.picks), "", None))
    if fig.reveals:
        rows.append(("'Show all' click -> state painted", _ms(fig.reveals), "", None))
    if fig.seats:
        rows.append(("'I am ...' (pass screen) click -> question painted", _ms(fig.seats), "",
                     None))
    if fig.new_games:
        rows.append(("New game click -> state painted", _ms(fig.new_games), "", None))
    if fig.floor:
        f_med = statistics.median(fig.floor)
        rows.append(("floor page click -> label painted", _ms(fig.floor), "", None))
        if ms:
            rows.append(("ratio dashboard / floor (medians)",
                         f"{statistics.median(ms) / f_med:.2f}x", "", None))
    if fig.answers:
        rec = [a["received"] for a in fig.answers]
        sent = [a["sent"] for a in fig.answers]
        rmed = statistics.median(rec)
        rows += [
            ("ws bytes received per answer, median", f"{rmed:,.0f} B",
             f"<= {RECEIVED_PER_ANSWER_FLOOR:,} B", rmed <= RECEIVED_PER_ANSWER_FLOOR),
            ("ws bytes received per answer, max", f"{max(rec):,} B", "", None),
            ("ws frames received per answer, median / max",
             f"{statistics.median(a['frames'] for a in fig.answers):.0f} / "
             f"{max(a['frames'] for a in fig.answers)}", "", None),
            ("ws bytes sent per answer, median / max",
             f"{statistics.median(sent):,.0f} / {max(sent):,} B", "", None),
        ]
    if fig.first_load:
        rows += [
            ("first load: goto -> first question", f"{fig.first_load['seconds']:.2f} s", "", None),
            ("first load: ws bytes received / sent",
             f"{fig.first_load['received']:,} / {fig.first_load['sent']:,} B", "", None),
        ]
    by_kind: dict[str, list[float]] = {}
    for a in fig.answers:
        by_kind.setdefault(a["question"], []).append(a["ms"])
    if by_kind:
        print("answer click by question kind: " + "; ".join(
            f"{k} {statistics.median(v):.0f} ms (n={len(v)})" for k, v in sorted(
                by_kind.items(), key=lambda kv: -statistics.median(kv[1]))))
    slow = sorted(fig.answers, key=lambda a: -a["ms"])[:3]
    if slow:
        print("slowest answers: " + "; ".join(
            f"{a['question']} -> {a['kind'] or 'end'} {a['ms']:.0f} ms ({a['received']:,} B)"
            for a in slow))

    if fig.slow_picks:
        print("slowest picks: " + "; ".join(f"{k} {t:.0f} ms" for t, k in fig.slow_picks))

    width = max(len(r[0]) for r in rows)
    fwidth = max(len(r[1]) for r in rows)
    print(f"\n{'measure':<{width}} | {'figure':<{fwidth}} | floor")
    print(f"{'-' * width}-+-{'-' * fwidth}-+------")
    for measure, figure, floor, passed in rows:
        mark = "" if passed is None else ("  PASS" if passed else "  FAIL")
        print(f"{measure:<{width}} | {figure:<{fwidth}} | {floor}{mark}")
        if passed is False:
            ok = False
    if len(done) < len(seeds):
        ok = False
        print(f"only {len(done)} of {len(seeds)} games were played to the end")
    for s in stuck:
        print(f"STUCK: {s}")
    if fig.page_errors:
        ok = False
        print("page errors: " + "; ".join(fig.page_errors[:5]))
    print("PASS" if ok else "FAIL")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games to play (default: one per seed, 2 without --seeds)")
    parser.add_argument("--seeds", default="1,2",
                        help="comma-separated game seeds; more games than seeds take the "
                             "following numbers (default 1,2)")
    parser.add_argument("--difficulty", default="easy", help="difficulty of each game (easy)")
    parser.add_argument("--floor-clicks", type=int, default=40,
                        help="timed clicks on the minimal page (40)")
    parser.add_argument("--step-through", action="store_true",
                        help="tick 'Step through robot' first, so that answers are followed by "
                             "held-back robot steps, revealed with 'Show all' (timed apart)")
    parser.add_argument("--table", type=int, default=0, metavar="PLAYERS",
                        help="play the 2-5 player table page instead (notebooks/table.ipynb): "
                             "PLAYERS seats with goals, seat 1 clicked by this script, the "
                             "others computer seats")
    args = parser.parse_args()
    if args.table and not 2 <= args.table <= 5:
        parser.error("--table takes 2 to 5 players")
    seeds = [int(s) for s in args.seeds.replace(" ", "").split(",") if s]
    if not seeds:
        parser.error("--seeds needs at least one seed")
    games = args.games if args.games is not None else len(seeds)
    if games < 1:
        parser.error("--games must be at least 1")
    while len(seeds) < games:
        seeds.append(max(seeds) + 1)
    seeds = seeds[:games]
    what = (f"{args.table}-player table with goals (one person and {args.table - 1} computer seats)"
            if args.table else f"solitaire, {args.difficulty}")
    print(f"browser benchmark: {games} game(s), seeds {seeds}, {what}; Voila + "
          f"headless Chromium at {VIEWPORT['width']}x{VIEWPORT['height']}")
    t = time.monotonic()
    figures = run(seeds, args.difficulty, args.floor_clicks, args.step_through, args.table)
    if figures is None:
        return 0
    ok = report(figures, seeds)
    print(f"({time.monotonic() - t:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
