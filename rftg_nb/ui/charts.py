"""Charts: pure functions from a game's timeline (a DataFrame) to plotly figures.

Figures are built from plain trace dicts with plotly's validation turned off: the same
figure, about twenty times faster to build, which keeps each click of the app quick.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go

LAYOUT: dict[str, Any] = {
    "height": 280, "margin": {"l": 40, "r": 10, "t": 36, "b": 60}, "template": "plotly_white",
    "legend": {"orientation": "h", "y": -0.42}, "hovermode": "x unified",
}
# One colour per side in every chart; the robot's tracks have colours of their own.
COLOURS = {"you": "#1f77b4", "robot": "#d62728", "pool": "#555555", "credit": "#2ca02c",
           "economy": "#9467bd"}


def _line(timeline: pd.DataFrame, col: str, name: str, colour: str,
          dash: str | None = None) -> dict:
    trace = {
        "type": "scatter", "mode": "lines+markers", "name": name,
        "x": timeline["step"].tolist(),
        # a missing value (the robot's tracks before it is dealt) is a gap: null, not NaN,
        # which is not valid JSON for the widget messages
        "y": timeline[col].astype(object).where(timeline[col].notna(), None).tolist(),
        "line": {"shape": "hv", "color": colour}, "marker": {"size": 4, "color": colour},
        "customdata": timeline["round"].tolist(),
        "hovertemplate": f"{name}: %{{y}} (round %{{customdata}})<extra></extra>",
    }
    if dash:
        trace["line"]["dash"] = dash
    return trace


def round_ticks(timeline: pd.DataFrame) -> dict[str, Any]:
    """An x axis of steps marked where each round starts ("R1", "R2", ...)."""
    starts = timeline[timeline["round"] >= 1].groupby("round")["step"].min()
    return {"title": {"text": "step (R = start of a round)"},
            "tickvals": starts.tolist(), "ticktext": [f"R{r}" for r in starts.index]}


def _figure(title: str, timeline: pd.DataFrame, traces: list[dict], **layout: Any) -> go.Figure:
    return go.Figure(data=traces, layout={**LAYOUT, "title": {"text": title},
                                          "xaxis": round_ticks(timeline), **layout},
                     _validate=False)


def vp_pool_figure(timeline: pd.DataFrame) -> go.Figure:
    """VP chips left in the pool at every step (below 0: extra chips handed out)."""
    return _figure("VP pool", timeline,
                   [_line(timeline, "vp_pool", "VP pool", COLOURS["pool"])])


def robot_tracks_figure(timeline: pd.DataFrame) -> go.Figure:
    """The robot's credit (0-4) and economy (0-5) at every step."""
    return _figure(
        "Robot credit and economy", timeline,
        [_line(timeline, "robot_credit", "credit", COLOURS["credit"]),
         _line(timeline, "robot_economy", "economy", COLOURS["economy"])],
        yaxis={"range": [-0.3, 5.3], "dtick": 1},
    )


def race_figure(timeline: pd.DataFrame) -> go.Figure:
    """Both sides' score so far and tableau size at every step."""
    return _figure("The race: score and tableau size", timeline, [
        _line(timeline, "player_score", "your score", COLOURS["you"]),
        _line(timeline, "robot_score", "robot score", COLOURS["robot"]),
        _line(timeline, "player_tableau", "your tableau", COLOURS["you"], "dot"),
        _line(timeline, "robot_tableau", "robot tableau", COLOURS["robot"], "dot"),
    ])


CHARTS = {"vp_pool": vp_pool_figure, "robot": robot_tracks_figure, "race": race_figure}
