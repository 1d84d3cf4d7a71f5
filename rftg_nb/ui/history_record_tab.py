"""The history page's Your record tab: your record against the robot as charts, drawn when
the tab is opened and again only when the games changed (the win rate by the robot's start
world and difficulty with its interval, the score game after game, your best and your streaks),
and, on the same cells, the record of the computer player (the lab's games, played on
demand)."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import pandas as pd

from rftg_nb import history
from rftg_nb.lab import grid, simulate
from rftg_nb.ui.chart_words import chart_outputs
from rftg_nb.ui.history_charts import as_lab_table, best_and_streaks, record_heatmap, score_figure
from rftg_nb.ui.history_part import TAB_RECORD, HistoryPart

#: games per cell the computer plays for "the AI on the same cells"
AI_GAMES = 20


class RecordTab(HistoryPart):
    """Your record, and the fast AI's on the same cells."""

    #: the fast AI's games on your cells, once played
    ai_table: pd.DataFrame | None
    #: the lab's simulate (tests hand in a smaller one), or None for the lab's own
    _simulate: Callable[..., pd.DataFrame] | None
    #: the history as the record's charts were drawn of it
    _record_stamp: Any

    def _build_record(self) -> w.VBox:
        """The Your record tab: its words, its charts, and the AI's with their button."""
        self.record_text = w.HTML()
        self.record_charts = w.Output()
        self.ai_button = w.Button(description="Let the AI play your cells",
                                  tooltip=f"the fast AI plays {AI_GAMES} games on each robot "
                                          "start world and difficulty you played")
        self.ai_button.on_click(lambda _b: self._act(self.compare_with_ai))
        self.ai_chart = w.Output()
        return w.VBox([self.record_text, self.record_charts, self.ai_button, self.ai_chart])

    def compare_with_ai(self, games_per_cell: int = AI_GAMES) -> pd.DataFrame:
        """The fast AI's games on the cells (robot start world x difficulty) you played, with the
        lab's :func:`rftg_nb.lab.simulate` (kept beside the history, so the next visit reads
        them back)."""
        lab = as_lab_table(self.history.record())
        worlds = sorted(set(lab["robot_world"].dropna()))
        levels = sorted(set(lab["difficulty"].dropna()))
        if not worlds:
            self.message = "Finish a solitaire game first: the AI plays the cells you played."
            return pd.DataFrame()
        run = self._simulate or simulate
        path = Path(self.history.path).with_name("ai-on-your-cells.jsonl")
        df = run(grid({"seats": "ai-fast"}, robot_start=worlds, difficulty=levels),
                 games=games_per_cell, path=path)
        self.ai_table = df
        self.message = (f"The fast AI played {games_per_cell} games on each of your "
                        f"{len(worlds) * len(levels)} cells.")
        self._draw_record(force=True)
        return df

    def _tab_changed(self, change: Any) -> None:
        """The record is drawn when its tab is opened (if the games changed)."""
        if change["new"] == TAB_RECORD:
            self._draw_record()

    def _draw_record(self, force: bool = False) -> None:
        """The record's numbers and charts, drawn again only when the games changed."""
        try:
            stamp = self.history.stamp()
            if stamp == self._record_stamp and not force:
                return
            games = self.history.record()
        except history.HistoryError as e:
            self.record_text.value = f"<p>{html.escape(str(e))}</p>"
            return
        self._record_stamp = stamp
        r = best_and_streaks(games)
        if not r["games"]:
            self.record_text.value = ("<p><i>Your record starts with your first finished "
                                      "solitaire game.</i></p>")
            self.record_charts.outputs = ()
            return
        n, streak = r["streak"]
        self.record_text.value = (
            f"<p><b>{r['wins']} won of {r['games']}</b> solitaire games "
            f"({r['win_rate']:.0%}; 95% interval {r['low']:.0%}-{r['high']:.0%}). Best score "
            f"<b>{r['best']}</b> (game {r['best_id']}). Longest winning streak "
            f"<b>{r['longest_streak']}</b>; now {n} {'won' if streak else 'lost'} in a "
            "row.</p>")
        lab = as_lab_table(games)
        figures = [record_heatmap(lab, "Your games"), score_figure(games)]
        self.record_charts.outputs = tuple(o for f in figures for o in chart_outputs(f))
        if self.ai_table is not None and len(self.ai_table):
            ai = record_heatmap(self.ai_table, "The fast AI on the same cells")
            self.ai_chart.outputs = chart_outputs(ai)


__all__ = ["AI_GAMES", "RecordTab"]
