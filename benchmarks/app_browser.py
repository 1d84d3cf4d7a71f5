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
(``requestAnimationFrame`` then ``setTimeout 0``). A script installed before the page's own
stamps every websocket frame as it is sent and as it arrives, so that each click's time splits
into: its message sent, the new state in (the kernel's round trip through Voila), the page
changed (drawn) and painted.

Every figure is judged as a ratio to the minimal page measured in the same run (an ipywidgets
Button whose click sets a Label to a counter, served and clicked the same way, ``--floor-clicks``
clicks after a few warm-up clicks, half before the games and half after), and the run is made
quiet and then under a CPU load (one busy process per core, ``--load``), the two Voila servers
and the browser the same throughout.

1. Answer click (the Confirm button of a card, multi-pick or dice question, or a single-pick
   ``button[data-opt]``) -> the next state on the page: the root's ``data-serial`` changed, then
   painted. Ceiling: the median at most 1.5 times the minimal page's median, in every run (the
   board then costs a player no more than half again what any widget page costs on that
   machine at that moment). The p90 over the minimal page's median is printed too.
2. Pick feedback: a click on a card tile, an action or a die face -> the board redrawn with
   the pick marked and its verdict (the ``.rb-pick`` note replaced, ``data-checked="1"``).
   Floor: in at least 95% of picks the verdict is already on the page in the first animation
   frame after the click (a ``requestAnimationFrame`` callback registered in the click runs just
   before that frame's paint), i.e. the pick's feedback is within one frame, whatever the
   kernel is doing. The median milliseconds to that frame and to the verdict painted are
   printed. "Show all" (robot steps held back), "I am ..." (the table's pass screen) and New
   game are timed and printed, with no floor.
3. Websocket bytes (Playwright's ``websocket`` events: ``framereceived`` / ``framesent``, str
   counted as UTF-8 bytes): per answer, from the answer click until the next state is drawn and
   the socket has been quiet for 40 ms (so the kernel's trailing status message counts). Floor:
   median received per answer <= 10 KB (10,240 bytes): bytes are the same on any machine. The
   first page load (everything on the websocket until the first question is drawn) is reported
   for information.
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
sys.path.insert(0, str(HERE))

import reference  # noqa: E402

ANSWER_RATIO_CEILING = 1.5  # answer median over the minimal page's median, every run
PICK_FIRST_FRAME_FLOOR = 0.95  # share of picks whose verdict is in the click's first frame
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
      // The pick's feedback: the board redrawn with the pick marked and its verdict (the
      // .rb-pick note replaced, data-checked="1"). The first animation frame after the click
      // tells whether that comes with the very next paint: a callback registered now runs just
      // before it, and what the page holds then is what the frame shows.
      e.note = root.querySelector('.rb-pick');
      requestAnimationFrame(() => {
        const n = root.querySelector('.rb-pick');
        e.first_frame = !!n && n !== e.note && n.dataset.checked !== '0';
        e.frame_ms = performance.now() - e.t0;
      });
      e.armed = true;
    } else {
      e.serial0 = root.dataset.serial;
      e.armed = true;
    }
  }, true);
  const settled = (e) => {
    if (e.type !== 'pick') return root.dataset.serial !== e.serial0;
    const n = root.querySelector('.rb-pick');
    return !!n && n !== e.note && n.dataset.checked !== '0';
  };
  const finish = () => {
    const e = B.expect;
    if (!e || !e.armed || e.t1 !== undefined || !settled(e)) return;
    e.t1 = performance.now();
    afterPaint(() => {
      const note = root.querySelector('.rb-pick');
      const parts = window.__wsParts ? window.__wsParts(e.t0, e.t1) : {};
      B.done.push({...parts, type: e.type, label: e.label, ms: performance.now() - e.t0,
                   drawn_ms: e.t1 - e.t0, serial: root.dataset.serial, kind: root.dataset.kind,
                   first_frame: e.first_frame === undefined ? null : e.first_frame,
                   frame_ms: e.frame_ms === undefined ? null : e.frame_ms,
                   ok: note ? note.dataset.ok === '1' : null,
                   picked: note ? Number(note.dataset.picked) : null});
      B.expect = null;
    });
  };
  // A pick drawn inside its click handler changes the page before the observer's first
  // callback; the check after the handler (setTimeout 0) catches that case.
  document.addEventListener('click', () => setTimeout(finish, 0), false);
  new MutationObserver(finish).observe(root, {attributes: true, attributeFilter: ['data-serial'],
                                              childList: true});
  return true;
}"""

# Installed before any page script (``add_init_script``): stamps, in page time, each websocket
# frame sent and each received as it arrives (before the page's own handlers see it), so that
# a click's time splits into the kernel's round trip, the page's drawing and the paint.
WS_STAMP_JS = """(() => {
  const W = window.__ws = {sent: [], recv: []};
  const Orig = window.WebSocket;
  const send = Orig.prototype.send;
  Orig.prototype.send = function (d) { W.sent.push(performance.now()); return send.call(this, d); };
  function Stamped(...args) {
    const ws = new Orig(...args);
    ws.addEventListener('message', (ev) => {
      const d = ev.data;
      const n = typeof d === 'string' ? d.length : (d.byteLength || d.size || 0);
      W.recv.push([performance.now(), n]);
    });
    return ws;
  }
  Stamped.prototype = Orig.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Stamped[k] = Orig[k];
  window.WebSocket = Stamped;
  // The click at t0 whose page change came at t1: when its message left, when the first frame
  // came back (the kernel's "busy": it has the message), and when the largest frame received
  // in between (the new state) arrived, all in ms after t0.
  window.__wsParts = (t0, t1) => {
    const sent = W.sent.find((t) => t >= t0);
    let big = null;
    let first = null;
    for (const [t, n] of W.recv) {
      if (t < t0 || t > t1 || (sent !== undefined && t < sent)) continue;
      if (first === null) first = t;
      if (!big || n > big[1]) big = [t, n];
    }
    W.sent = W.sent.filter((t) => t >= t1);
    W.recv = W.recv.filter(([t]) => t >= t1);
    return {sent_ms: sent === undefined ? null : sent - t0, reply_ms: big ? big[0] - t0 : null,
            first_ms: first === null ? null : first - t0};
  };
})()"""

FLOOR_TIMER_JS = """() => {
  if (window.__fl) return true;
  const label = document.querySelector('.bench-label');
  if (!label || !document.querySelector('.bench-button')) return false;
  const F = window.__fl = {done: [], parts: [], t0: null, text0: null};
  document.addEventListener('click', (ev) => {
    if (!ev.target.closest('.bench-button') || F.t0 !== null) return;
    F.t0 = performance.now();
    F.text0 = label.textContent;
  }, true);
  new MutationObserver(() => {
    if (F.t0 === null || label.textContent === F.text0) return;
    const t0 = F.t0;
    const t1 = performance.now();
    F.t0 = 0;  // taken: no second stamp until this one is stored
    requestAnimationFrame(() => setTimeout(() => {
      F.done.push(performance.now() - t0);
      F.parts.push({...(window.__wsParts ? window.__wsParts(t0, t1) : {}), drawn_ms: t1 - t0});
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
    pick_frames: list[bool] = field(default_factory=list)  # verdict in the click's first frame
    reveals: list[float] = field(default_factory=list)
    seats: list[float] = field(default_factory=list)  # "I am <name>" on the table's pass screen
    new_games: list[float] = field(default_factory=list)
    floor: list[float] = field(default_factory=list)
    floor_parts: list[dict[str, Any]] = field(default_factory=list)  # sent, reply, drawn ms
    pick_frame_ms: list[float] = field(default_factory=list)  # click -> its first frame
    first_load: dict[str, float] = field(default_factory=dict)
    games: list[dict[str, Any]] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    conditions: str = ""
    seconds: float = 0.0


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
        self.fig.pick_frames.append(bool(record.get("first_frame")))
        if record.get("frame_ms") is not None:
            self.fig.pick_frame_ms.append(record["frame_ms"])
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
            record = self.answer(selector, label)
            picked, ok = record["picked"], record["ok"]
            if picked >= high and not ok:  # this one breaks the pick: take it back
                record = self.answer(selector, label)
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
    context.add_init_script(WS_STAMP_JS)
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
    context.add_init_script(WS_STAMP_JS)
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
        figures.floor_parts.extend(page.evaluate("() => window.__fl.parts")[warm:])
    finally:
        context.close()


def _local_only(route: Any) -> None:
    if route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1")):
        route.continue_()
    else:
        route.abort()


# ---------------------------------------------------------------------------- run and report
def run(seeds: list[int], difficulty: str, floor_clicks: int, loads: list[bool],
        procs: int | None, step_through: bool = False,
        table: int = 0) -> dict[bool, Figures] | None:
    """One run of the floor page and the board per entry of ``loads`` (quiet: False, under a CPU
    load: True), the same two Voila servers throughout. In each run the floor page's clicks are
    split, half before the games and half after, so that both pages meet the same machine."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("SKIPPED: the playwright package is not installed")
        return None
    helpers = _server_helpers()
    if not helpers.CHROMIUM.exists():
        print(f"SKIPPED: {helpers.CHROMIUM} not found")
        return None
    results: dict[bool, Figures] = {}
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
                    for load in loads:
                        figures = results[load] = Figures()
                        with reference.condition(load, procs) as words:
                            figures.conditions = words
                            t = time.monotonic()
                            try:
                                bench_floor(browser, floor.url, floor_clicks // 2, figures)
                                bench_board(browser, dash.url, seeds, difficulty, figures,
                                            step_through, table)
                                bench_floor(browser, floor.url, floor_clicks - floor_clicks // 2,
                                            figures)
                            except Stuck as e:
                                print(f"STUCK ({words}): {e}")
                                tail = dash.log.read_text(errors="replace").splitlines()[-15:]
                                if tail:
                                    print("  last lines of the dashboard's Voila log:\n    "
                                          + "\n    ".join(tail))
                                figures.games.append({"stuck": str(e)})
                            figures.seconds = time.monotonic() - t
                finally:
                    browser.close()
        finally:
            dash.stop()
            floor.stop()
    return results


def _ms(xs: list[float]) -> str:
    if not xs:
        return "none"
    return (f"median {statistics.median(xs):.0f} / p90 {reference.p90(xs):.0f} / max "
            f"{max(xs):.0f} ms (n={len(xs)})")


def _parts(records: list[dict[str, Any]], totals: list[float] | None = None) -> str:
    """Where a click's time goes, as medians: the message out, the first frame back (the
    kernel's "busy": it has the message), the new state in (the kernel's round trip through
    Voila), the page changed (drawn), painted."""
    def med(key: str) -> str:
        xs = [r[key] for r in records if r.get(key) is not None]
        return f"{statistics.median(xs):.0f}" if xs else "?"
    total = statistics.median(totals) if totals else statistics.median(r["ms"] for r in records)
    return (f"sent {med('sent_ms')}, first frame back {med('first_ms')}, state in "
            f"{med('reply_ms')}, drawn {med('drawn_ms')}, painted {total:.0f} ms")


def report(fig: Figures, seeds: list[int]) -> bool:
    print(f"\n--- {fig.conditions} ({fig.seconds:.0f} s)")
    rows: list[tuple[str, str, str, bool | None]] = []  # measure, figure, floor, passed
    stuck = [g["stuck"] for g in fig.games if "stuck" in g]
    done = [g for g in fig.games if "stuck" not in g]
    for g in done:
        print(f"game seed {g['seed']}: {g['answers']} answers, ended in round {g['round']}, "
              f"{g['seconds']:.1f} s of clicking")
    ms = [a["ms"] for a in fig.answers]
    ok = not stuck
    f_med = statistics.median(fig.floor) if fig.floor else None
    if fig.floor:
        rows.append(("minimal page: click -> label painted", _ms(fig.floor), "", None))
    if ms:
        med, p90 = statistics.median(ms), reference.p90(ms)
        rows += [("answer click -> next question painted", _ms(ms), "", None)]
        if f_med:
            ratio = med / f_med
            rows += [
                ("answer / minimal page, medians", f"{ratio:.2f}x",
                 f"<= {ANSWER_RATIO_CEILING}x", ratio <= ANSWER_RATIO_CEILING),
                ("answer p90 / minimal page median", f"{p90 / f_med:.2f}x", "", None),
            ]
        else:
            ok = False
            rows.append(("minimal page clicks", "none", "", False))
        rows.append(("  where the time goes (medians)", _parts(fig.answers), "", None))
        if fig.floor_parts:
            rows.append(("  the minimal page's (medians)", _parts(fig.floor_parts, fig.floor),
                         "", None))
    else:
        ok = False
        rows.append(("answer clicks", "none", "", False))
    if fig.picks:
        share = sum(fig.pick_frames) / len(fig.pick_frames)
        rows += [
            ("pick click -> verdict in the first frame", f"{share:.0%} of {len(fig.picks)}",
             f">= {PICK_FIRST_FRAME_FLOOR:.0%}", share >= PICK_FIRST_FRAME_FLOOR),
            ("pick click -> verdict painted", _ms(fig.picks), "", None),
        ]
        if fig.pick_frame_ms:
            rows.append(("pick click -> its first frame", _ms(fig.pick_frame_ms), "", None))
        if f_med:
            rows.append(("pick / minimal page, medians",
                         f"{statistics.median(fig.picks) / f_med:.2f}x", "", None))
    if fig.reveals:
        rows.append(("'Show all' click -> state painted", _ms(fig.reveals), "", None))
    if fig.seats:
        rows.append(("'I am ...' (pass screen) click -> question painted", _ms(fig.seats), "",
                     None))
    if fig.new_games:
        rows.append(("New game click -> state painted", _ms(fig.new_games), "", None))
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
    print(f"{fig.conditions}: {'PASS' if ok else 'FAIL'}")
    return ok


def summary(results: dict[bool, Figures]) -> None:
    """The ratios of each run side by side (what the docs quote)."""
    print("\nsummary (medians):")
    for fig in results.values():
        ms = [a["ms"] for a in fig.answers]
        if not (ms and fig.floor):
            print(f"  {fig.conditions}: incomplete")
            continue
        f_med = statistics.median(fig.floor)
        picks = (f"; picks: verdict in the first frame {sum(fig.pick_frames)} of "
                 f"{len(fig.pick_frames)}, {statistics.median(fig.picks):.0f} ms to the verdict "
                 f"painted ({statistics.median(fig.picks) / f_med:.2f}x)" if fig.picks else "")
        print(f"  {fig.conditions}: answer {statistics.median(ms):.0f} ms, minimal page "
              f"{f_med:.0f} ms: {statistics.median(ms) / f_med:.2f}x (ceiling "
              f"{ANSWER_RATIO_CEILING}x){picks}")


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
    reference.add_load_options(parser)
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
          f"headless Chromium at {VIEWPORT['width']}x{VIEWPORT['height']}; "
          f"{reference.machine()}")
    t = time.monotonic()
    results = run(seeds, args.difficulty, args.floor_clicks, reference.runs(args.load),
                  args.load_procs, args.step_through, args.table)
    if results is None:
        return 0
    ok = all([report(fig, seeds) for fig in results.values()])
    summary(results)
    print(f"{'PASS' if ok else 'FAIL'} ({time.monotonic() - t:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
