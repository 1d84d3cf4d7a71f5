"""Charts: pure functions from a game's timeline (a DataFrame) to plotly figures.

The x axis reads by round: round r's steps share the stretch from r to r + 1, evenly and in
game order (so the phases of a round follow each other left to right), and setup's steps sit
between 0 and 1. Hovering a point tells its round, its phase, the value and the step's
sentence from the log.

Figures are built from plain trace dicts with plotly's validation turned off: the same
figure, about twenty times faster to build, which keeps each click of the app quick. They
have no fixed width: shown with :data:`CONFIG` (see :func:`figure_json`), plotly.js fits them
to their container when the window is resized.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from rftg_nb.ui.phases import phase_title

# How the figures are displayed: the app passes this as the "config" of the plotly bundle.
# "responsive" makes plotly.js redraw a figure at its container's width whenever the window
# is resized; the mode bar keeps only the buttons worth having on a small chart.
CONFIG: dict[str, Any] = {
    "responsive": True, "displaylogo": False,
    "modeBarButtonsToRemove": ["select2d", "lasso2d", "zoomIn2d", "zoomOut2d", "autoScale2d"],
}
# No width: the figure takes its container's (300 to 600 px in the app). The title sits just
# above the plot, below the band at the top where plotly shows its mode bar. No template: the
# look is set here, and the figure's JSON stays small (plotly.py would otherwise add its
# default template, some 7 kB, to every figure; plotly.js ignores a template given by name).
LAYOUT: dict[str, Any] = {
    "autosize": True, "height": 300, "template": {},
    "margin": {"l": 40, "r": 12, "t": 62, "b": 40, "autoexpand": True},
    "paper_bgcolor": "white", "plot_bgcolor": "white", "font": {"size": 12},
    "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": -0.3, "yanchor": "top"},
    "hovermode": "closest", "hoverlabel": {"align": "left", "font": {"size": 12}},
    "yaxis": {"gridcolor": "#e5e5e5", "zerolinecolor": "#c8c8c8"},
}
TITLE: dict[str, Any] = {"x": 0, "xref": "paper", "xanchor": "left", "y": 1, "yref": "paper",
                         "yanchor": "bottom", "pad": {"b": 10}, "font": {"size": 15}}
# One colour per side in every chart; the robot's tracks have colours of their own.
COLOURS = {"you": "#1f77b4", "robot": "#d62728", "pool": "#555555", "credit": "#2ca02c",
           "economy": "#9467bd"}
# A hover shows at most this much of a step's sentence, in lines of at most WRAP characters
# so that the box fits a narrow chart.
SENTENCE_CHARS = 90
WRAP = 42


def x_positions(timeline: pd.DataFrame) -> list[float]:
    """Where each row of the timeline sits on the x axis, row by row.

    Round r's steps are spread evenly over [r, r + 1) in step order: the k-th of its n steps
    is at r + k / n. The positions grow strictly with the step as rounds follow each other.
    """
    if timeline.empty:
        return []
    rounds = timeline["round"]
    k = timeline["step"].groupby(rounds).rank(method="first") - 1
    n = rounds.map(rounds.value_counts())
    return (rounds + k / n).astype(float).tolist()


def round_label(rnd: int) -> str:
    """A round in short, for the axis: "R3"; round 0 is "setup"."""
    return f"R{rnd}" if rnd >= 1 else "setup"


def round_ticks(timeline: pd.DataFrame) -> dict[str, Any]:
    """An x axis by round: a label at the middle of each round's stretch ("R1", "R2", ...)
    and a grid line where each round starts."""
    rounds = sorted({int(r) for r in timeline["round"]})
    starts = sorted({*rounds, *(r + 1 for r in rounds)})
    axis: dict[str, Any] = {
        "title": {"text": "round", "standoff": 4}, "tickmode": "array",
        "tickvals": [r + 0.5 for r in rounds], "ticktext": [round_label(r) for r in rounds],
        "ticks": "", "showgrid": False, "zeroline": False,
        "minor": {"tickmode": "array", "tickvals": starts,
                  "showgrid": True, "gridcolor": "#d0d0d0", "ticks": "outside", "ticklen": 4},
    }
    if rounds:
        axis["range"] = [rounds[0], rounds[-1] + 1]
    return axis


def shorten(sentence: str, limit: int = SENTENCE_CHARS) -> str:
    """The sentence as it is if it is short enough, else cut at a word with an ellipsis."""
    sentence = " ".join(sentence.split())
    if len(sentence) <= limit:
        return sentence
    cut = sentence[:limit - 1]
    if " " in cut[limit // 2:]:
        cut = cut[:cut.rindex(" ")]
    return cut.rstrip(" ,;:.") + "…"


def hover_texts(timeline: pd.DataFrame) -> list[str]:
    """Each row's hover lines: its round and phase in words, then its sentence (shortened,
    HTML-escaped and wrapped to fit a narrow chart)."""
    n = len(timeline)
    phases = timeline["phase"] if "phase" in timeline else pd.Series([""] * n)
    sentences = timeline["text"] if "text" in timeline else pd.Series([""] * n)
    out = []
    for rnd, phase, sentence in zip(timeline["round"], phases, sentences, strict=True):
        when = "Setup" if rnd < 1 else f"Round {rnd}, {escape(phase_title(phase), quote=False)}"
        # quote=False: plotly.js knows &amp; &lt; &gt; but would show &quot; as it is
        lines = [escape(line, quote=False)
                 for line in textwrap.wrap(shorten(str(sentence or "")), WRAP,
                                              break_on_hyphens=False)]
        out.append("<br>".join([f"<i>{when}</i>", *lines]))
    return out


def plot_text(text: object) -> str:
    """A name (a player's, a goal's) as text for plotly.js, which reads a few HTML tags in a
    trace's name, hover and legend (<b>, <a href>, <span style>) and fills ``%{...}`` fields
    in a hover template: ``&``, ``<`` and ``>`` become entities and ``%`` becomes ``&#37;``, so
    the name shows as it was typed (plotly.js turns the entities back into the characters)."""
    # quote=False: plotly.js knows &amp; &lt; &gt; and &#NN; but would show &quot; as it is
    return escape(str(text), quote=False).replace("%", "&#37;")


def _values(column: pd.Series) -> list:
    # a missing value (the robot's tracks before it is dealt) is a gap: null, not NaN,
    # which is not valid JSON for the widget messages
    return column.astype(object).where(column.notna(), None).tolist()


# Lines differ by their markers and dashes as well as by colour (issue 37): the n-th line of a
# chart takes the n-th marker, and the n-th dash unless it names its own.
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "cross")
DASHES = (None, "dash", "dashdot", "longdash", "dot", "longdashdot")


def _line(timeline: pd.DataFrame, x: list[float], hover: list[str], col: str, name: str,
          colour: str, dash: str | None = None, n: int = 0) -> dict:
    label = plot_text(name)  # a player's name in the table's charts: shown as text
    dash = dash or DASHES[n % len(DASHES)]
    trace = {
        "type": "scatter", "mode": "lines+markers", "name": label, "x": x,
        "y": _values(timeline[col]),
        "line": {"shape": "hv", "color": colour},
        "marker": {"size": 6, "color": colour, "symbol": SYMBOLS[n % len(SYMBOLS)]},
        "customdata": timeline["round"].tolist(), "text": hover,
        "hovertemplate": f"<b>{label}: %{{y}}</b><br>%{{text}}<extra></extra>",
    }
    if dash:
        trace["line"]["dash"] = dash
    return trace


def _figure(title: str, timeline: pd.DataFrame, lines: list[tuple], **axes: dict) -> go.Figure:
    """A chart of ``lines`` (column, name, colour[, dash]) over the timeline; ``axes`` adds to
    LAYOUT's settings of an axis (``yaxis={...}``)."""
    x, hover = x_positions(timeline), hover_texts(timeline)
    layout = {**LAYOUT, "title": {"text": title, **TITLE}, "xaxis": round_ticks(timeline)}
    for key, settings in axes.items():
        layout[key] = {**layout.get(key, {}), **settings}
    return go.Figure(data=[_line(timeline, x, hover, *line[:3], line[3] if len(line) > 3 else None,
                                 n) for n, line in enumerate(lines)],
                     layout=layout, _validate=False)


def vp_pool_figure(timeline: pd.DataFrame) -> go.Figure:
    """VP chips left in the pool at every step (below 0: extra chips handed out)."""
    return _figure("VP pool", timeline, [("vp_pool", "VP pool", COLOURS["pool"])])


def robot_tracks_figure(timeline: pd.DataFrame) -> go.Figure:
    """The robot's credit (0-4) and economy (0-5) at every step."""
    return _figure(
        "Robot credit and economy", timeline,
        [("robot_credit", "credit", COLOURS["credit"]),
         ("robot_economy", "economy", COLOURS["economy"])],
        yaxis={"range": [-0.3, 5.3], "dtick": 1},
    )


def race_figure(timeline: pd.DataFrame) -> go.Figure:
    """Both sides' score so far and tableau size at every step."""
    return _figure("The race: score and tableau size", timeline, [
        ("player_score", "your score", COLOURS["you"]),
        ("robot_score", "robot score", COLOURS["robot"]),
        ("player_tableau", "your tableau", COLOURS["you"], "dot"),
        ("robot_tableau", "robot tableau", COLOURS["robot"], "dot"),
    ])


def figure_json(fig: go.Figure) -> dict[str, Any]:
    """The figure as the data of an ``application/vnd.plotly.v1+json`` output, with
    :data:`CONFIG` (JupyterLab's and Voilà's plotly renderer hands "config" to plotly.js)."""
    return {**fig.to_plotly_json(), "config": CONFIG}


# The table's players, in seat order (colour-blind-safe, apart from the VP pool's grey).
SEAT_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00"]
GOAL_SYMBOLS = {"goal_claim": "star", "goal_end": "star-open", "goal_lost": "x"}
GOAL_WORDS = {"goal_claim": "claims", "goal_end": "takes a chip for", "goal_lost": "loses"}


def score_columns(timeline: pd.DataFrame) -> list[str]:
    """The players' names, from the timeline's ``score <name>`` columns, in seat order."""
    return [c[len("score "):] for c in timeline.columns if c.startswith("score ")]


def table_scores_figure(timeline: pd.DataFrame) -> go.Figure:
    """Every player's score so far at every step, with each goal claimed, lost or scored at
    game end marked on its player's line (a star, an open star, a cross)."""
    names = score_columns(timeline)
    lines = [(f"score {n}", n, SEAT_COLOURS[i % len(SEAT_COLOURS)])
             for i, n in enumerate(names)]
    fig_data = _figure("Scores, with goals", timeline, lines)
    x = x_positions(timeline)
    marks = timeline["goal"].astype(bool) if "goal" in timeline else pd.Series(
        [False] * len(timeline))
    for i, n in enumerate(names):
        rows = [k for k in range(len(timeline))
                if marks.iloc[k] and timeline["actor"].iloc[k] == n]
        if not rows:
            continue
        colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
        kinds = [timeline["kind"].iloc[k] for k in rows]
        text = [f"{plot_text(n)} {GOAL_WORDS.get(kd, kd)} {plot_text(timeline['goal'].iloc[k])}"
                for kd, k in zip(kinds, rows, strict=True)]
        fig_data.add_trace({
            "type": "scatter", "mode": "markers", "name": plot_text(f"{n}: goals"),
            "showlegend": False,
            "x": [x[k] for k in rows], "y": [timeline[f"score {n}"].iloc[k] for k in rows],
            "marker": {"size": 13, "color": colour, "line": {"color": "#222", "width": 1},
                       "symbol": [GOAL_SYMBOLS.get(kd, "star") for kd in kinds]},
            "text": text, "hovertemplate": "<b>%{text}</b><br>score %{y}<extra></extra>",
        })
    return fig_data


CHARTS = {"vp_pool": vp_pool_figure, "robot": robot_tracks_figure, "race": race_figure}
TABLE_CHARTS = {"scores": table_scores_figure, "vp_pool": vp_pool_figure}
