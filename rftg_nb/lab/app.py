"""``LabApp``: the lab page (notebooks/lab.ipynb), a plain controller with thin widgets.

Two studies, each a method a button calls and a test can call:

- :meth:`LabApp.run_start_worlds`: the robot from each start world at each difficulty against
  the chosen opponent (the random player, or the AI once ``rftg_nb.ai`` exists): heatmaps of
  its win rate and mean score, score and game-length distributions, and how the games ended.
- :meth:`LabApp.run_unknown` and :meth:`LabApp.run_overview`: each assumed component value
  against its alternatives (:mod:`rftg_nb.lab.unknowns`), one at a time or all at a glance.

Each run keeps its table in :attr:`LabApp.tables`; charts are redrawn from the tables alone
(:mod:`rftg_nb.lab.charts`), so changing what is measured needs no new games.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import pandas as pd

from rftg_nb.lab import charts
from rftg_nb.lab.run import simulate
from rftg_nb.lab.settings import Settings, available_seats, grid
from rftg_nb.lab.unknowns import all_alternatives, alternatives, title, unknowns
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS

SEAT_LABELS = {"random": "the random player", "ai-fast": "the fast AI",
               "ai-strong": "the strong AI"}
# Small defaults, so the page shows every chart within seconds; raise them for real answers.
START_WORLD_GAMES = 3
UNKNOWN_GAMES = 6
OVERVIEW_GAMES = 2


class LabApp:
    """The lab's widgets and the runs behind them. ``executor`` goes to :func:`simulate`
    (None: a process pool over every core); ``run_now`` plays the small default runs at once."""

    def __init__(self, executor: Any = None, run_now: bool = True) -> None:
        self.executor = executor
        self.tables: dict[str, pd.DataFrame] = {}
        style = {"description_width": "initial"}
        seats = available_seats()
        self.seat = widgets.Dropdown(options=[(SEAT_LABELS[s], s) for s in seats],
                                     value="ai-fast" if "ai-fast" in seats else "random",
                                     description="Your seat is played by",
                                     style=style)
        self.seed = widgets.BoundedIntText(value=0, min=0, max=2**31, description="first seed",
                                           style=style, layout={"width": "180px"})
        self.ai_note = widgets.HTML(
            "" if "ai-fast" in seats else
            "<i>The fast and strong AI players appear here once <code>rftg_nb.ai</code> is "
            "installed; until then your seat is played at random.</i>")
        self.progress = widgets.Output()
        self.error = widgets.HTML()

        self.world_games = widgets.BoundedIntText(
            value=START_WORLD_GAMES, min=1, max=100_000, style=style,
            description="games per start world and difficulty", layout={"width": "340px"})
        self.world_button = widgets.Button(description="Play", button_style="primary")
        self.world_button.on_click(lambda _b: self._click(self.run_start_worlds))
        self.world_note = widgets.HTML()
        self.world_charts = {k: widgets.Output() for k in (
            "win_rate", "robot_score", "scores", "length", "end")}

        self.unknown = widgets.Dropdown(options=[(title(n), n) for n in unknowns()],
                                        description="unknown", style=style)
        self.unknown_games = widgets.BoundedIntText(
            value=UNKNOWN_GAMES, min=1, max=100_000, description="games per value",
            style=style, layout={"width": "220px"})
        self.unknown_button = widgets.Button(description="Play", button_style="primary")
        self.unknown_button.on_click(lambda _b: self._click(self.run_unknown))
        self.overview_games = widgets.BoundedIntText(
            value=OVERVIEW_GAMES, min=1, max=100_000, description="games per value",
            style=style, layout={"width": "220px"})
        self.overview_button = widgets.Button(description="Play every unknown")
        self.overview_button.on_click(lambda _b: self._click(self.run_overview))
        self.measure = widgets.Dropdown(options=[(v, k) for k, v in charts.MEASURES.items()],
                                        value="robot_score", description="measure",
                                        style=style)
        self.measure.observe(lambda _c: self.draw_unknowns(), names="value")
        self.unknown_note = widgets.HTML()
        self.unknown_chart = widgets.Output()
        self.unknown_table = widgets.HTML()
        self.overview_chart = widgets.Output()

        self.widget = widgets.VBox([
            widgets.HBox([self.seat, self.seed]), self.ai_note, self.progress, self.error,
            widgets.HTML("<h3>The robot from each start world</h3>"),
            widgets.HBox([self.world_games, self.world_button]), self.world_note,
            *self.world_charts.values(),
            widgets.HTML("<h3>The unknowns: component values the rulebook does not print</h3>"
                         "<p>Each value marked <i>assumed</i> in the robot's component data is "
                         "played against its alternatives on the same deals. A bar is the "
                         "change from the assumed value, with its 95% interval: an interval "
                         "that crosses 0 may be chance; more games narrow it.</p>"),
            widgets.HBox([self.unknown, self.unknown_games, self.unknown_button]),
            self.measure, self.unknown_note, self.unknown_chart, self.unknown_table,
            widgets.HBox([self.overview_games, self.overview_button]), self.overview_chart,
        ])
        if run_now:
            self.run_all()

    def run_all(self) -> None:
        """The page's first runs: the start worlds, the unknown shown and the overview."""
        self.run_start_worlds()
        self.run_unknown()
        self.run_overview()

    # ------------------------------------------------------------------ runs
    @property
    def buttons(self) -> list[widgets.Button]:
        return [self.world_button, self.unknown_button, self.overview_button]

    def _click(self, run: Any) -> None:
        """A button's run: the buttons wait while it plays, and a failure is shown on the
        page (a button's callback has nowhere else to say it)."""
        for b in self.buttons:
            b.disabled = True
        self.error.value = ""
        try:
            run()
        except Exception as e:  # shown, not raised: the page stays usable
            self.progress.clear_output()
            self.error.value = (f"<p style='color:#b00'>The run failed: "
                                f"{html.escape(f'{type(e).__name__}: {e}')}</p>")
        finally:
            for b in self.buttons:
                b.disabled = False

    def _simulate(self, settings: list[Settings], games: int) -> pd.DataFrame:
        with self.progress:  # the progress bar shows here while the games are played
            table = simulate(settings, games=games, seed=self.seed.value,
                             executor=self.executor)
        self.progress.clear_output()
        return table

    def _base(self) -> Settings:
        return Settings(seats=self.seat.value)

    def run_start_worlds(self) -> pd.DataFrame:
        """Every robot start world at every difficulty against the chosen seat."""
        settings = grid(self._base(), difficulty=DIFFICULTIES, robot_start=START_WORLDS)
        table = self._simulate(settings, self.world_games.value)
        self.tables["start worlds"] = table
        self.draw_start_worlds()
        return table

    def run_unknown(self) -> pd.DataFrame:
        """The chosen unknown's assumed value and its alternatives, side by side."""
        table = self._simulate(alternatives(self.unknown.value, self._base()),
                               self.unknown_games.value)
        self.tables["unknown"] = table
        self.draw_unknowns()
        return table

    def run_overview(self) -> pd.DataFrame:
        """Every unknown against its alternatives, for the at-a-glance chart."""
        table = self._simulate(all_alternatives(self._base()), self.overview_games.value)
        self.tables["overview"] = table
        self.draw_unknowns()
        return table

    # ------------------------------------------------------------------ drawing
    @staticmethod
    def _show(out: widgets.Output, fig: Any) -> None:
        out.outputs = ({"output_type": "display_data", "data": charts.mime_bundle(fig),
                        "metadata": {}},)

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
