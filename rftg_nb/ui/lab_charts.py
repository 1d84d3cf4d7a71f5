"""Charts of simulation results: pure functions from a results table to a summary table or a
plotly figure.

Every figure has a summary function behind it that returns its numbers as a DataFrame
(:func:`robot_summary`, :func:`end_shares`, :func:`effects`), so the numbers a chart shows are
tested as data. Rates carry 95% Wilson intervals; mean differences between variants are paired
by seed (the variants of a group play the same seeds, so the same deals), with 95% normal
intervals.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.ui.charts import plot_text

PLOTLY_MIME = "application/vnd.plotly.v1+json"
Z95 = 1.959964
LAYOUT: dict[str, Any] = {
    "template": "plotly_white", "height": 380, "margin": {"l": 60, "r": 20, "t": 60, "b": 50},
    "font": {"size": 12}, "title": {"x": 0, "xanchor": "left", "font": {"size": 15}},
    "legend": {"orientation": "h", "x": 0, "y": -0.18},
}
COLOURS = {"robot": "#d62728", "seat0": "#1f77b4", "seat1": "#ff7f0e", "seat2": "#2ca02c",
           "seat3": "#9467bd", "seat4": "#8c564b"}
# What a comparison of variants can measure: column of :func:`with_measures` -> its words.
MEASURES = {
    "robot_score": "the robot's mean score",
    "robot_won": "the robot's win rate",
    "score0": "your mean score (seat 0)",
    "rounds": "the mean game length in rounds",
}


def mime_bundle(fig: go.Figure) -> dict[str, Any]:
    """``fig`` as a display bundle (``display(bundle, raw=True)``) for JupyterLab and Voila's
    plotly renderer, in plain JSON."""
    return {PLOTLY_MIME: json.loads(fig.to_json()), "text/plain": fig.layout.title.text or ""}


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate ``wins / n`` (nan, nan for no games)."""
    if n == 0:
        return math.nan, math.nan
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def with_measures(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with ``robot_won`` (1 if the robot won, else 0) added, as floats for averaging."""
    out = df.copy()
    out["robot_won"] = (out["winner"] == "robot").astype("Float64")
    return out


def _order(values: pd.Series, known: tuple[str, ...]) -> list[str]:
    present = [v for v in values.dropna().unique()]
    return [v for v in known if v in present] + sorted(v for v in present if v not in known)


def robot_summary(df: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per group of ``by`` (default ``["robot_world", "difficulty"]``): games, the robot's
    wins, win rate with its interval, the robot's and seat 0's mean scores, mean rounds."""
    by = by or ["robot_world", "difficulty"]
    solo = with_measures(df[df["players"] == 1])
    rows = []
    for key, g in solo.groupby(by, sort=False, dropna=False):
        key = key if isinstance(key, tuple) else (key,)
        n, wins = len(g), int((g["winner"] == "robot").sum())
        lo, hi = wilson(wins, n)
        rows.append({**dict(zip(by, key, strict=True)), "games": n, "robot_wins": wins,
                     "robot_win_rate": wins / n, "win_low": lo, "win_high": hi,
                     "robot_score": float(g["robot_score"].mean()),
                     "player_score": float(g["score0"].mean()),
                     "rounds": float(g["rounds"].mean())})
    return pd.DataFrame(rows, columns=[*by, "games", "robot_wins", "robot_win_rate", "win_low",
                                       "win_high", "robot_score", "player_score", "rounds"])


HEATMAP_VALUES = {
    "robot_win_rate": ("The robot's win rate", ".0%"),
    "robot_score": ("The robot's mean score", ".1f"),
    "player_score": ("Your mean score", ".1f"),
}


def same_deals_note(df: pd.DataFrame, rate: bool = True) -> str:
    """Why a heatmap's columns are so often alike, when they are: if every start world and
    difficulty played the same seeds (as :func:`rftg_nb.lab.grid` runs do), each column
    played the same deals and differs from the next by the difficulty alone; with ``rate``,
    how coarse a win rate of so few games is. "" when the cells played different seeds."""
    solo = df[df["players"] == 1]
    seeds = {key: frozenset(int(s) for s in g["seed"])
             for key, g in solo.groupby(["robot_world", "difficulty"], dropna=False)}
    shared = set(seeds.values())
    if len(shared) != 1 or len({d for _, d in seeds}) < 2:
        return ""
    (deals,) = shared
    n, low, high = len(deals), min(deals), max(deals)
    which = (f"seed {low}" if n == 1 else f"seeds {low}-{high}" if high - low + 1 == n
             else f"{n} seeds")
    text = (f"Every cell plays the same {'deal' if n == 1 else f'{n} deals'} ({which}), so "
            "its columns differ by the difficulty alone")
    if rate:
        text += ("; with one game a cell, a win rate is 0% or 100%, and columns are often "
                 "equal" if n == 1 else
                 f"; with {n} games a cell, a win rate moves in steps of 1/{n}, and columns "
                 "are often equal")
    return text + "."


def start_world_heatmap(df: pd.DataFrame, value: str = "robot_win_rate") -> go.Figure:
    """A heatmap of ``value`` (see :data:`HEATMAP_VALUES`) by the robot's start world (rows)
    and difficulty (columns); each cell says its value and how many games it holds, and the
    title says when every cell played the same deals (:func:`same_deals_note`)."""
    if value not in HEATMAP_VALUES:
        raise ValueError(f"value: expected one of {list(HEATMAP_VALUES)}, got {value!r}")
    title, fmt = HEATMAP_VALUES[value]
    s = robot_summary(df)
    worlds = _order(s["robot_world"], START_WORLDS)
    levels = _order(s["difficulty"], DIFFICULTIES)
    cell = {(r.robot_world, r.difficulty): r for r in s.itertuples()}
    z, text = [], []
    for w in worlds:
        z.append([getattr(cell[w, d], value) if (w, d) in cell else None for d in levels])
        text.append([f"{format(getattr(cell[w, d], value), fmt)}<br>{cell[w, d].games} games"
                     if (w, d) in cell else "" for d in levels])
    fig = go.Figure(go.Heatmap(
        z=z, x=levels, y=worlds, text=text, texttemplate="%{text}",
        colorscale="RdBu_r" if value == "robot_win_rate" else "Viridis",
        zmin=0 if value == "robot_win_rate" else None,
        zmax=1 if value == "robot_win_rate" else None,
        hovertemplate="%{y}, %{x}: %{text}<extra></extra>",
        colorbar={"tickformat": fmt.replace("f", "") if value == "robot_win_rate" else None}))
    note = same_deals_note(df, rate=value == "robot_win_rate")
    sub = "<br><sup>" + plot_text(note).replace("; ", ";<br>") + "</sup>" if note else ""
    top = 60 + 14 * sub.count("<br>")
    fig.update_layout(LAYOUT, title_text=f"{title} by its start world and difficulty{sub}",
                      height=max(260, top + 40 * len(worlds)), yaxis={"autorange": "reversed"},
                      xaxis={"title": "difficulty"}, margin={**LAYOUT["margin"], "t": top})
    return fig


def _sides(df: pd.DataFrame) -> list[tuple[str, str]]:
    """(score column, name) of each side in ``df``: seat 0 is "you" in solitaire tables."""
    solo_only = bool((df["players"] == 1).all()) if len(df) else True
    seats = int(df["players"].max()) if len(df) else 1
    sides = [("score0", "you" if solo_only else "seat 0")]
    sides += [(f"score{i}", f"seat {i}") for i in range(1, seats) if f"score{i}" in df]
    if "robot_score" in df:
        sides.append(("robot_score", "robot"))
    return sides


def score_distribution(df: pd.DataFrame) -> go.Figure:
    """The final scores of each side (you and the robot, or each seat), overlaid."""
    fig = go.Figure()
    for col, name in _sides(df):
        values = df[col].dropna().astype(int).tolist()
        key = "robot" if col == "robot_score" else f"seat{col.removeprefix('score')}"
        fig.add_trace(go.Histogram(x=values, name=f"{name} (mean {_mean(values)})",
                                   opacity=0.6, xbins={"size": 2},
                                   marker={"color": COLOURS[key]}))
    fig.update_layout(LAYOUT, barmode="overlay", title_text="Final scores",
                      xaxis={"title": "VP"}, yaxis={"title": "games"})
    return fig


def _mean(values: list[int]) -> str:
    return f"{sum(values) / len(values):.1f}" if values else "-"


def length_distribution(df: pd.DataFrame, by: str | None = None) -> go.Figure:
    """How many rounds the games lasted: games per round count, one bar colour per value of
    column ``by`` (for example "difficulty") if given."""
    fig = go.Figure()
    groups = [("all games", df)] if by is None else [
        (str(v), df[df[by] == v]) for v in _order(df[by], DIFFICULTIES)]
    for name, g in groups:
        counts = g["rounds"].value_counts().sort_index()
        fig.add_trace(go.Bar(x=[int(r) for r in counts.index], y=counts.tolist(), name=name,
                             hovertemplate="%{x} rounds: %{y} games<extra>" + name
                             + "</extra>"))
    fig.update_layout(LAYOUT, barmode="group", title_text="Game length",
                      xaxis={"title": "rounds", "dtick": 1}, yaxis={"title": "games"},
                      showlegend=by is not None)
    return fig


def end_label(end: str, solo: bool) -> str:
    """Words for an ``end`` value ("chips+tableau:robot" -> "VP chips ran out and the
    robot's tableau reached 12")."""
    parts = []
    for part in end.split("+"):
        if part == "chips":
            parts.append("VP chips ran out")
        elif part.startswith("tableau:"):
            side = part.removeprefix("tableau:")
            who = ("the robot's" if side == "robot" else "your" if solo and side == "seat0"
                   else f"seat {side.removeprefix('seat')}'s")
            parts.append(f"{who} tableau reached 12")
        else:
            parts.append(part)
    text = " and ".join(parts)
    return text[:1].upper() + text[1:]


def end_shares(df: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """Games and share of games by how they ended (``how``, in words), per value of ``by``."""
    solo = bool((df["players"] == 1).all()) if len(df) else True
    d = df.assign(how=[end_label(e, solo) for e in df["end"]])
    keys = ["how"] if by is None else [by, "how"]
    out = d.groupby(keys, sort=False).size().rename("games").reset_index()
    totals = out.groupby(by)["games"].transform("sum") if by else out["games"].sum()
    out["share"] = out["games"] / totals
    return out


def end_chart(df: pd.DataFrame, by: str | None = None) -> go.Figure:
    """How the games ended: the share of games by end condition, per value of ``by``. Each
    share is written past its bar at a readable size; a long end is broken before each
    "and", so the labels leave the bars room."""
    s = end_shares(df, by)
    fig = go.Figure()
    groups = [None] if by is None else _order(s[by], DIFFICULTIES)
    for g in groups:
        part = s if g is None else s[s[by] == g]
        fig.add_trace(go.Bar(y=[plot_text(h).replace(" and ", "<br>and ") for h in part["how"]],
                             x=part["share"].tolist(), orientation="h",
                             name="all games" if g is None else str(g),
                             text=[f"{v:.0%}" for v in part["share"]], textposition="outside",
                             cliponaxis=False, customdata=part["games"].tolist(),
                             hovertemplate="%{y}: %{x:.0%} (%{customdata} games)<extra></extra>"))
    rows = s["how"].nunique()
    # each row holds one bar per group, 16 px each at least, and 3 lines of its label
    row = max(16 * len(groups), 44) + 12
    fig.update_layout(LAYOUT, barmode="group", title_text="How the games ended",
                      height=max(260, 130 + row * rows),
                      uniformtext={"minsize": 11, "mode": "show"},
                      xaxis={"title": "share of games", "tickformat": ".0%",
                             "range": [0, min(1.0, float(s["share"].max() or 0)) * 1.12 + 0.02]},
                      # the first end and the first group on top, as the legend reads
                      yaxis={"automargin": True, "autorange": "reversed"},
                      showlegend=by is not None)
    return fig


def effects(df: pd.DataFrame, measure: str = "robot_score") -> pd.DataFrame:
    """For each variant of each group: games, the mean of ``measure`` (see
    :data:`MEASURES`), and its difference from the group's first variant (the assumed value),
    paired by seed, with a 95% interval (``low``, ``high``)."""
    if measure not in MEASURES:
        raise ValueError(f"measure: expected one of {list(MEASURES)}, got {measure!r}")
    d = with_measures(df)
    rows = []
    for group, g in d.groupby("group", sort=False):
        variants = list(dict.fromkeys(g["variant"]))
        base = g[g["variant"] == variants[0]].set_index("seed")[measure].astype(float)
        for v in variants:
            mine = g[g["variant"] == v].set_index("seed")[measure].astype(float)
            diff = (mine - base).dropna()
            n = len(diff)
            sd = float(diff.std()) if n > 1 else math.nan
            half = Z95 * sd / math.sqrt(n) if n > 1 else math.nan
            mean = float(diff.mean()) if n else math.nan
            rows.append({"group": group, "variant": v, "games": len(mine),
                         "mean": float(mine.mean()), "difference": mean,
                         "low": mean - half, "high": mean + half,
                         "baseline": v == variants[0]})
    return pd.DataFrame(rows, columns=["group", "variant", "games", "mean", "difference",
                                       "low", "high", "baseline"])


def effect_chart(df: pd.DataFrame, group: str, measure: str = "robot_score",
                 title: str | None = None) -> go.Figure:
    """The alternatives of one group side by side: each one's difference in ``measure`` from
    the assumed value, with its interval (a bar whose interval crosses 0 may be chance)."""
    e = effects(df[df["group"] == group], measure)
    alts = e[~e["baseline"]]
    base = e[e["baseline"]]
    fig = go.Figure(go.Bar(
        y=alts["variant"].tolist(), x=alts["difference"].tolist(), orientation="h",
        error_x={"type": "data", "symmetric": False,
                 "array": (alts["high"] - alts["difference"]).tolist(),
                 "arrayminus": (alts["difference"] - alts["low"]).tolist()},
        customdata=alts[["mean", "games"]].values.tolist(),
        marker={"color": ["#d62728" if x > 0 else "#1f77b4" for x in alts["difference"]]},
        hovertemplate="%{y}: %{x:+.2f} (mean %{customdata[0]:.2f}, %{customdata[1]} games)"
                      "<extra></extra>"))
    what = MEASURES[measure]
    at = (f"{base['variant'].iloc[0]}: {base['mean'].iloc[0]:.2f}, {base['games'].iloc[0]} "
          "games" if len(base) else "no games")
    fig.update_layout(LAYOUT, title_text=f"{title or group}: change in {what}<br>"
                                         f"<sup>against {at}</sup>",
                      height=max(240, 90 + 28 * len(alts)),
                      xaxis={"title": f"difference from the assumed value ({what})",
                             "zeroline": True, "zerolinecolor": "#444"},
                      yaxis={"automargin": True, "autorange": "reversed"})
    return fig


def overview(df: pd.DataFrame, measure: str = "robot_score",
             titles: dict[str, str] | None = None) -> pd.DataFrame:
    """One row per group: the alternative that moves ``measure`` most from the assumed
    value, its difference and interval, sorted from the largest effect."""
    e = effects(df, measure)
    alts = e[~e["baseline"]].copy()
    if alts.empty:
        return alts.assign(title=pd.Series(dtype=str))
    alts["size"] = alts["difference"].abs()
    top = alts.sort_values("size", ascending=False, kind="stable").groupby(
        "group", sort=False).head(1)
    top = top.sort_values("size", ascending=False, kind="stable").reset_index(drop=True)
    top["title"] = [(titles or {}).get(g, g) for g in top["group"]]
    return top.drop(columns=["baseline", "size"])


def overview_chart(df: pd.DataFrame, measure: str = "robot_score",
                   titles: dict[str, str] | None = None) -> go.Figure:
    """Which unknowns matter: for each group, the largest change in ``measure`` any of its
    alternatives makes, with its interval, largest first."""
    top = overview(df, measure, titles)
    # the alternative goes under its group's name on the axis, not on the bar, where it ran
    # over the error bar (which often spans the whole bar)
    labels = [f"{plot_text(t)}<br><span style='color:#666'>{plot_text(v)}</span>"
              for t, v in zip(top["title"], top["variant"], strict=True)]
    fig = go.Figure(go.Bar(
        y=labels, x=top["difference"].tolist(), orientation="h",
        error_x={"type": "data", "symmetric": False,
                 "array": (top["high"] - top["difference"]).tolist(),
                 "arrayminus": (top["difference"] - top["low"]).tolist()},
        customdata=[[plot_text(t), plot_text(v), n] for t, v, n in
                    zip(top["title"], top["variant"], top["games"], strict=True)],
        marker={"color": ["#d62728" if x > 0 else "#1f77b4" for x in top["difference"]]},
        hovertemplate="%{customdata[0]}: %{customdata[1]} changes it by %{x:+.2f} "
                      "(%{customdata[2]} games)<extra></extra>"))
    fig.update_layout(LAYOUT, title_text=f"Which unknowns matter: the largest change in "
                                         f"{MEASURES[measure]}<br><sup>under each unknown, "
                                         "the alternative that makes it; with few games the "
                                         "largest of several noisy changes overstates</sup>",
                      height=max(260, 100 + 40 * len(top)),
                      xaxis={"title": "difference from the assumed value", "zeroline": True,
                             "zerolinecolor": "#444"},
                      yaxis={"automargin": True, "autorange": "reversed"})
    return fig
