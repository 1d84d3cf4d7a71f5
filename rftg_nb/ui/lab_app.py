"""``LabApp``: the lab page (notebooks/lab.ipynb), a plain controller with thin widgets.

Two studies, each a method a button calls and a test can call:

- :meth:`LabApp.run_start_worlds`: the robot from each start world at each difficulty against
  the chosen opponent (the random player, or the AI once ``rftg_nb.ai`` exists): heatmaps of
  its win rate and mean score, score and game-length distributions, and how the games ended.
- :meth:`LabApp.run_unknown` and :meth:`LabApp.run_overview`: each assumed component value
  against its alternatives (:mod:`rftg_nb.lab.unknowns`), one at a time or all at a glance.

Each run keeps its table in :attr:`LabApp.tables`; charts are redrawn from the tables alone
(:mod:`rftg_nb.ui.lab_charts`), so changing what is measured needs no new games.

A button's run plays on a thread of its own, so the kernel stays free for the page's messages:
the progress bar moves, and Stop ends the run between chunks of games (the games played are
kept and drawn). The kernel checks every number itself against its own limits
(:mod:`rftg_nb.lab.plan`): a box's ``max`` is only what the browser shows, and a
client that changes it changes nothing here. Every action ends in a message on the page.
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import pandas as pd

from rftg_nb.lab.plan import MAX_SEED, Run, most_games, plan
from rftg_nb.lab.run import MAX_GAMES, simulate
from rftg_nb.lab.settings import Settings, SettingsError, available_seats, grid
from rftg_nb.lab.unknowns import all_alternatives, alternatives, title, unknowns
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.ui import lab_charts as charts
from rftg_nb.ui.chart_words import chart_outputs
from rftg_nb.ui.page_css import PAGE_CSS
from rftg_nb.ui.shown import Shown

SEAT_LABELS = {"random": "the random player", "ai-fast": "the fast AI",
               "ai-strong": "the strong AI"}
# Small defaults, so the page's first runs (the start worlds and the unknown shown) take well
# under a minute against the fast AI on two cores; raise them for real answers. The overview
# (every unknown's 113 values) plays on its button only: at 2 games a value it is 226 games,
# twice the first runs together.
START_WORLD_GAMES = 3
UNKNOWN_GAMES = 6
OVERVIEW_GAMES = 2
#: seconds between two moves of the progress bar at most (each move is a message to the page)
BAR_EVERY = 0.2


class LabApp:
    """The lab's widgets and the runs behind them. ``executor`` goes to :func:`simulate`
    (None: a process pool over every core); ``run_now`` plays the small default runs at once;
    ``threaded=False`` plays a button's run before the click returns (tests)."""

    def __init__(self, executor: Any = None, run_now: bool = True,
                 threaded: bool = True) -> None:
        self.executor = executor
        self.threaded = threaded
        self.tables: dict[str, pd.DataFrame] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._running = False
        self._lock = threading.Lock()  # a run starts once, whatever clicks arrive
        style = {"description_width": "initial"}
        seats = available_seats()
        self.seat = widgets.Dropdown(options=[(SEAT_LABELS[s], s) for s in seats],
                                     value="ai-fast" if "ai-fast" in seats else "random",
                                     description="Your seat is played by",
                                     style=style, layout={"width": "340px"})  # each name whole
        self.seed = widgets.BoundedIntText(value=0, min=0, max=MAX_SEED,
                                           description="first seed",
                                           style=style, layout={"width": "180px"})
        self.ai_note = widgets.HTML(
            "" if "ai-fast" in seats else
            "<i>The fast and strong AI players appear here once <code>rftg_nb.ai</code> is "
            "installed; until then your seat is played at random.</i>")
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout={"width": "320px"})
        self.bar_note = widgets.HTML()
        self.stop_button = widgets.Button(description="Stop",
                                          tooltip="Stop the run: the games being played "
                                                  "finish, and the charts show what was played")
        self.stop_button.on_click(lambda _b: self.stop())
        self.stop_button.disabled = True
        # The bar, its words and Stop show while a run plays, in the section of the run
        # (``self.slots``: one a table the page draws).
        self.running_row = widgets.HBox([self.bar, self.bar_note, self.stop_button],
                                        layout={"display": "none", "align_items": "center"})
        self.slots = {t: widgets.VBox() for t in ("start worlds", "unknown", "overview")}
        self.message = widgets.HTML()
        self.shown = Shown()  # the page's first runs start once it is painted

        self.world_games = widgets.BoundedIntText(
            value=START_WORLD_GAMES, min=1, max=most_games(len(DIFFICULTIES) *
                                                           len(START_WORLDS)),
            style=style, description="games per start world and difficulty",
            layout={"width": "340px"})
        self.world_button = widgets.Button(description="Play", button_style="primary")
        self.world_button.on_click(lambda _b: self.start([self.start_worlds_run]))
        self.world_note = widgets.HTML()
        self.world_charts = {k: widgets.Output() for k in (
            "win_rate", "robot_score", "scores", "length", "end")}

        self.unknown = widgets.Dropdown(options=[(title(n), n) for n in unknowns()],
                                        description="unknown", style=style)
        self.unknown_games = widgets.BoundedIntText(
            value=UNKNOWN_GAMES, min=1, max=MAX_GAMES, description="games per value",
            style=style, layout={"width": "220px"})
        self.unknown.observe(lambda _c: self._show_unknown_limit(), names="value")
        self._show_unknown_limit()
        self.unknown_button = widgets.Button(description="Play", button_style="primary")
        self.unknown_button.on_click(lambda _b: self.start([self.unknown_run]))
        self.overview_games = widgets.BoundedIntText(
            value=OVERVIEW_GAMES, min=1, max=most_games(len(all_alternatives(Settings()))),
            description="games per value", style=style, layout={"width": "220px"})
        self.overview_button = widgets.Button(description="Play every unknown")
        self.overview_button.on_click(lambda _b: self.start([self.overview_run]))
        self.measure = widgets.Dropdown(options=[(v, k) for k, v in charts.MEASURES.items()],
                                        value="robot_score", description="measure",
                                        style=style)
        self.measure.observe(lambda _c: self._redraw(), names="value")
        self.unknown_note = widgets.HTML()
        self.unknown_chart = widgets.Output()
        self.unknown_table = widgets.HTML()
        self.overview_chart = widgets.Output()

        self.widget = widgets.VBox([
            widgets.HTML(PAGE_CSS), widgets.HBox([self.seat, self.seed]), self.ai_note,
            self.message, self.shown,
            widgets.HTML("<h2>The robot from each start world</h2>"),
            widgets.HBox([self.world_games, self.world_button]), self.slots["start worlds"],
            self.world_note,
            *self.world_charts.values(),
            widgets.HTML("<h2>The unknowns: component values the rulebook does not print</h2>"
                         "<p>Each value marked <i>assumed</i> in the robot's component data is "
                         "played against its alternatives on the same deals. A bar is the "
                         "change from the assumed value, with its 95% interval: an interval "
                         "that crosses 0 may be chance; more games narrow it.</p>"),
            widgets.HBox([self.unknown, self.unknown_games, self.unknown_button]),
            self.slots["unknown"], self.measure, self.unknown_note, self.unknown_chart,
            self.unknown_table,
            widgets.HTML("<h3>Every unknown at a glance</h3>"
                         f"<p>Every unknown's values ({len(all_alternatives(Settings()))} "
                         "in all) on the same deals; the chart shows, for each unknown, the "
                         "value that changes the measure most from the assumed one. It is not "
                         "played with the page's first runs: press <i>Play every "
                         "unknown</i>.</p>"),
            widgets.HBox([self.overview_games, self.overview_button]), self.slots["overview"],
            self.overview_chart,
        ])
        if run_now:
            self.run_all()

    def run_when_shown(self) -> None:
        """:meth:`run_all` once the page is painted in the browser (the notebook's way: the
        runs would otherwise compete with the page's first drawing for the machine)."""
        self.shown.then(self.run_all)

    def run_all(self) -> None:
        """The page's first runs: the start worlds, then the unknown shown (on a thread of
        their own: this returns at once unless not threaded). The overview plays on its
        button."""
        self.start([self.start_worlds_run, self.unknown_run])

    # ------------------------------------------------------------------ what a run plays
    @property
    def buttons(self) -> list[widgets.Button]:
        return [self.world_button, self.unknown_button, self.overview_button]

    def _run(self, table: str, what: str, settings: list[Settings],
             box: widgets.BoundedIntText) -> Run:
        return plan(table, what, settings, box.value, box.description, self.seed.value,
                    self.seed.description)

    def _base(self) -> Settings:
        return Settings(seats=self.seat.value)

    def start_worlds_run(self) -> Run:
        """Every robot start world at every difficulty against the chosen seat."""
        settings = grid(self._base(), difficulty=DIFFICULTIES, robot_start=START_WORLDS)
        return self._run("start worlds", "the start worlds", settings, self.world_games)

    def unknown_run(self) -> Run:
        """The chosen unknown's assumed value and its alternatives, side by side."""
        name = self.unknown.value
        return self._run("unknown", title(name), alternatives(name, self._base()),
                         self.unknown_games)

    def overview_run(self) -> Run:
        """Every unknown against its alternatives, for the at-a-glance chart."""
        return self._run("overview", "every unknown", all_alternatives(self._base()),
                         self.overview_games)

    def _show_unknown_limit(self) -> None:
        self.unknown_games.max = most_games(len(alternatives(self.unknown.value,
                                                             self._base())))

    # ------------------------------------------------------------------ playing
    def run_start_worlds(self) -> pd.DataFrame:
        """Play :meth:`start_worlds_run` here and now, draw it and return its table."""
        return self._play_here(self.start_worlds_run)

    def run_unknown(self) -> pd.DataFrame:
        """Play :meth:`unknown_run` here and now, draw it and return its table."""
        return self._play_here(self.unknown_run)

    def run_overview(self) -> pd.DataFrame:
        """Play :meth:`overview_run` here and now, draw it and return its table."""
        return self._play_here(self.overview_run)

    def _play_here(self, make: Callable[[], Run]) -> pd.DataFrame:
        with self._lock:
            if self._running:
                raise RuntimeError("a run is under way on the page: wait for it to end "
                                   "(app.wait()) or stop it (app.stop())")
            self._running = True
        self._stop.clear()
        try:
            self._busy(True)
            return self.play(make())
        finally:
            self._busy(False)
            self._running = False

    @property
    def running(self) -> bool:
        """Whether a button's run is under way."""
        return self._running

    def start(self, runs: Sequence[Callable[[], Run]]) -> bool:
        """Check what each of ``runs`` asks for, then play them one after another, on a
        thread of their own (or before returning, if not threaded). False, with the reason on
        the page, if a run is already under way or a number is refused (nothing is played)."""
        with self._lock:
            if self._running:  # a click from a client whose button was not disabled yet
                self._say("A run is under way: wait for it to end, or press Stop.", bad=True)
                return False
            try:
                planned = [make() for make in runs]
            except SettingsError as e:
                self._say(f"Nothing was played: {e}.", bad=True)
                return False
            except Exception as e:  # shown, not raised: a click has nowhere else to say it
                self._say(f"Nothing was played: {type(e).__name__}: {e}", bad=True)
                return False
            self._running = True
        self._stop.clear()
        self._busy(True)
        if not self.threaded:
            self._play_all(planned)
            return True
        self._thread = threading.Thread(target=self._play_all, args=(planned,),
                                        name="rftg-lab-run", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        """Stop the run under way after the chunks of games being played (they are kept)."""
        if not self._running:
            self._say("No run is under way: there is nothing to stop.")
            return
        self._stop.set()
        self.stop_button.disabled = True
        self._say("Stopping: the games being played finish first, then the charts show "
                  "what was played.")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run under way to end (at most ``timeout`` seconds); True once none
        is under way."""
        t = self._thread
        if t is not None:
            t.join(timeout)
        return not self._running

    def _busy(self, on: bool) -> None:
        for b in self.buttons:
            b.disabled = on
        self.stop_button.disabled = not on
        self.running_row.layout.display = None if on else "none"

    def _play_all(self, runs: list[Run]) -> None:
        said: list[str] = []
        bad = False
        try:
            for r in runs:
                if self._stop.is_set():
                    said.append(f"Not started: {r.what}.")
                    continue
                t = self.play(r)
                planned = len(r.settings) * r.games
                if t.attrs.get("stopped"):
                    said.append(f"Stopped: {len(t):,} of {planned:,} games of {r.what} were "
                                "played" + (", and the charts show them." if len(t) else "."))
                else:
                    said.append(f"Played {len(t):,} games of {r.what}.")
        except Exception as e:  # shown, not raised: the page stays usable
            bad = True
            said.append(f"The run failed: {type(e).__name__}: {e}")
        finally:
            self._busy(False)
            self._running = False
        self._say(" ".join(said), bad=bad)

    def play(self, run: Run) -> pd.DataFrame:
        """Play ``run`` on this thread with the progress bar, keep its table and draw it.
        A stopped run's table holds the games played (``attrs["stopped"]`` is True)."""
        planned = len(run.settings) * run.games
        last = 0.0

        def step(done: int, total: int) -> None:
            nonlocal last
            now = time.monotonic()
            if done < total and now - last < BAR_EVERY:
                return
            last = now
            self.bar.max, self.bar.value = max(1, total), done
            self.bar_note.value = html.escape(
                f"Playing {total:,} games for {run.what}: {done:,} played")

        for table, slot in self.slots.items():
            slot.children = (self.running_row,) if table == run.table else ()
        self.bar.max, self.bar.value = max(1, planned), 0
        self.bar_note.value = html.escape(f"Playing {planned:,} games for {run.what}")
        table = simulate(run.settings, games=run.games, seed=run.seed, executor=self.executor,
                         progress=False, on_progress=step, stop=self._stop)
        if len(table):
            self.tables[run.table] = table
            if run.table == "start worlds":
                self.draw_start_worlds()
            else:
                self.draw_unknowns()
        return table

    def _say(self, text: str, bad: bool = False) -> None:
        style = " style='color:#b00'" if bad else ""
        self.message.value = f"<p{style}>{html.escape(text)}</p>"

    def _redraw(self) -> None:
        """The measure changed: the charts of the unknowns again, from their tables."""
        try:
            self.draw_unknowns()
        except Exception as e:  # shown, not raised: an observer has nowhere else to say it
            self._say(f"The charts could not be drawn: {type(e).__name__}: {e}", bad=True)
            return
        if "unknown" in self.tables or "overview" in self.tables:
            self._say(f"The unknowns' charts show {charts.MEASURES[self.measure.value]}.")


    # ------------------------------------------------------------------ drawing
    @staticmethod
    def _show(out: widgets.Output, fig: Any) -> None:
        out.outputs = chart_outputs(fig)

    def draw_start_worlds(self) -> None:
        t = self.tables.get("start worlds")
        if t is None:
            return
        seat = SEAT_LABELS[t["seats"].iloc[0]]
        by = charts.robot_summary(t, by=["difficulty"])
        rates = ", ".join(f"{r.difficulty} {r.robot_win_rate:.0%} ({r.win_low:.0%}-"
                          f"{r.win_high:.0%})" for r in by.itertuples())
        # beside the heatmaps: why their columns are so often alike (the same deals)
        same = charts.same_deals_note(t)
        self.world_note.value = (f"<p>{len(t)} games against {seat}. The robot's win rate "
                                 f"(95% interval): {rates}."
                                 + (f" {html.escape(same)}" if same else "") + "</p>")
        out = self.world_charts
        self._show(out["win_rate"], charts.start_world_heatmap(t, "robot_win_rate"))
        self._show(out["robot_score"], charts.start_world_heatmap(t, "robot_score"))
        self._show(out["scores"], charts.score_distribution(t))
        self._show(out["length"], charts.length_distribution(t, "difficulty"))
        self._show(out["end"], charts.end_chart(t, "difficulty"))

    def draw_unknowns(self) -> None:
        measure = self.measure.value
        t = self.tables.get("unknown")
        if t is not None:
            group = t["group"].iloc[0]
            seat = SEAT_LABELS[t["seats"].iloc[0]]
            self.unknown_note.value = (f"<p>{title(group)}: {t['variant'].nunique()} values, "
                                       f"{len(t)} games against {seat}.</p>")
            self._show(self.unknown_chart, charts.effect_chart(t, group, measure, title(group)))
            e = charts.effects(t, measure)
            self.unknown_table.value = e.drop(columns=["group", "baseline"]).to_html(
                index=False, float_format=lambda x: f"{x:.2f}", na_rep="-")
        o = self.tables.get("overview")
        if o is not None:
            titles = {n: title(n) for n in unknowns()}
            self._show(self.overview_chart, charts.overview_chart(o, measure, titles))
