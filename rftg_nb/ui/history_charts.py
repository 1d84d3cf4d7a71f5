"""Your record against the robot, as pure functions from the game history's table
(:meth:`rftg_nb.history.History.table`) to figures and facts: the win rate by the robot's start
world and difficulty with its interval, the score over the games, the best and the streaks; and
the same cells for the AI, from the lab's tables (:func:`rftg_nb.lab.simulate`); and a game's
review (:mod:`rftg_nb.history.review`) as a table and its win-chance chart."""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go

from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.ui.charts import plot_text
from rftg_nb.ui.lab_charts import LAYOUT, robot_summary, wilson


def solitaire_finished(games: pd.DataFrame) -> pd.DataFrame:
    """The finished solitaire games of the history's table, oldest first."""
    if games.empty:
        return games
    done = games[(games["mode"] == "solitaire") & (games["status"] == "finished")]
    return done.sort_values("saved", kind="stable")


def as_lab_table(games: pd.DataFrame) -> pd.DataFrame:
    """Finished solitaire games in the lab's columns (one row a game: the robot's start world,
    difficulty, winner, both scores), so that the lab's summaries read them as they read
    simulated games."""
    done = solitaire_finished(games)
    return pd.DataFrame({
        "players": 1, "robot_world": list(done["robot_start"]),
        "difficulty": list(done["difficulty"]),
        "winner": ["seat0" if w else "robot" for w in done["you_won"]],
        "score0": list(done["your_score"]),
        "robot_score": [_robot_score(x) for x in done["scores"]],
        "rounds": list(done["rounds"]), "seed": list(done["id"])},
        columns=["players", "robot_world", "difficulty", "winner", "score0", "robot_score",
                 "rounds", "seed"])


def _robot_score(scores: str) -> int | None:
    parts = str(scores).split(" - ")
    return int(parts[1]) if len(parts) == 2 else None


def cells(lab: pd.DataFrame) -> pd.DataFrame:
    """Per robot start world and difficulty: games, the player's wins, win rate and its 95%
    interval (a shared win counts for the player, as :attr:`Summary.you_won` does)."""
    s = robot_summary(lab)
    out = pd.DataFrame({"robot_world": s["robot_world"], "difficulty": s["difficulty"],
                        "games": s["games"], "wins": s["games"] - s["robot_wins"]})
    out["win_rate"] = out["wins"] / out["games"]
    bounds = [wilson(int(w), int(n)) for w, n in zip(out["wins"], out["games"], strict=True)]
    out["low"] = [b[0] for b in bounds]
    out["high"] = [b[1] for b in bounds]
    return out


def record_heatmap(lab: pd.DataFrame, title: str) -> go.Figure:
    """A heatmap of the player's win rate by the robot's start world (rows) and difficulty
    (columns); each cell reads its wins of its games and the 95% interval."""
    c = cells(lab)
    present = set(c["robot_world"])
    worlds = [w for w in START_WORLDS if w in present] + sorted(present - set(START_WORLDS))
    levels = [d for d in DIFFICULTIES if d in set(c["difficulty"])]
    at = {(r.robot_world, r.difficulty): r for r in c.itertuples()}
    z, text = [], []
    for w in worlds:
        z.append([at[w, d].win_rate if (w, d) in at else None for d in levels])
        text.append([f"{at[w, d].wins}/{at[w, d].games} won<br>{at[w, d].low:.0%}-"
                     f"{at[w, d].high:.0%}" if (w, d) in at else "" for d in levels])
    fig = go.Figure(go.Heatmap(
        z=z, x=levels, y=[plot_text(w) for w in worlds], text=text, texttemplate="%{text}",
        colorscale="RdBu", zmin=0, zmax=1, colorbar={"tickformat": ".0%"},
        hovertemplate="robot's start %{y}, %{x}: %{text}<extra></extra>"))
    fig.update_layout(LAYOUT, title_text=plot_text(title) + "<br><sup>your win rate, with its "
                      "95% interval, by the robot's start world and difficulty</sup>",
                      height=max(260, 100 + 46 * len(worlds)), yaxis={"autorange": "reversed"},
                      xaxis={"title": "difficulty"}, margin={**LAYOUT["margin"], "t": 80})
    return fig


#: games the score chart draws at the most (the latest)
SCORE_GAMES = 500


def score_figure(games: pd.DataFrame) -> go.Figure:
    """Your score and the robot's, game after game (finished solitaire games), wins marked,
    with the mean of your last five; of a long record the latest :data:`SCORE_GAMES` games
    (numbered as in the whole record)."""
    done = solitaire_finished(games)
    first = max(0, len(done) - SCORE_GAMES)
    done = done.iloc[first:]
    n = list(range(first + 1, first + len(done) + 1))
    yours = [int(x) for x in done["your_score"]]
    robot = [_robot_score(s) for s in done["scores"]]
    won = [bool(w) for w in done["you_won"]]
    hover = [plot_text(f"game {i} ({r.difficulty}, robot's start {r.robot_start}): "
                       f"{r.scores}, {'won' if r.you_won else 'lost'}")
             for i, r in zip(n, done.itertuples(), strict=True)]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=n, y=robot, name="the robot", mode="lines+markers",
                             line={"color": "#d55e00", "width": 1, "dash": "dash"},
                             marker={"symbol": "square"}, hovertext=hover,
                             hoverinfo="text"))
    fig.add_trace(go.Scatter(
        x=n, y=yours, name="you", mode="lines+markers", hovertext=hover, hoverinfo="text",
        line={"color": "#0072b2"},
        marker={"size": 9, "symbol": ["star" if w else "circle" for w in won]}))
    if len(yours) >= 2:
        mean = pd.Series(yours).rolling(5, min_periods=1).mean()
        fig.add_trace(go.Scatter(x=n, y=list(mean), name="you, mean of the last 5",
                                 mode="lines", line={"color": "#0072b2", "dash": "dot"}))
    latest = f" (your latest {len(done)} of {first + len(done)})" if first else ""
    fig.update_layout(LAYOUT, title_text=f"Score, game after game{latest} (a star: a game you "
                                         "won)",
                      xaxis={"title": "game", "dtick": 1 if len(n) <= 20 else None},
                      yaxis={"title": "VP"}, height=320)
    return fig


def best_and_streaks(games: pd.DataFrame) -> dict[str, Any]:
    """Your record in numbers: games, wins and the win rate with its interval, the best score
    (and its game's id), the longest winning streak and the streak you are on."""
    done = solitaire_finished(games)
    won = [bool(w) for w in done["you_won"]]
    longest = current = 0
    for w in won:
        current = current + 1 if w else 0
        longest = max(longest, current)
    on = 0
    for w in reversed(won):
        if w != won[-1]:
            break
        on += 1
    lo, hi = wilson(sum(won), len(won))
    best = done.loc[done["your_score"].idxmax()] if len(done) else None
    return {"games": len(won), "wins": sum(won), "win_rate": sum(won) / len(won) if won else None,
            "low": lo if won else None, "high": hi if won else None,
            "best": None if best is None else int(best["your_score"]),
            "best_id": None if best is None else int(best["id"]),
            "longest_streak": longest,
            "streak": (on, won[-1]) if won else (0, False)}


def review_frame(review: dict[str, Any]) -> pd.DataFrame:
    """A review's decisions, one row each in game order: ``n`` (1, 2, ...), round, kind,
    the question, your chance after your answer, the AI's, the cost (chances in percent) and
    whether it is a key moment."""
    key = set(review.get("key", ()))
    rows = []
    for i, x in enumerate(review.get("decisions", ())):
        if not x.get("reviewed"):
            continue
        rows.append({"n": i + 1, "choice": x["choice"], "stop": x["stop"], "round": x["round"],
                     "kind": x["kind"], "prompt": x["prompt"],
                     "yours": "; ".join(x["your_labels"]) or "nothing",
                     "ai": "; ".join(x["ai_labels"]) or "nothing",
                     "after": 100 * x["after"], "ai_after": 100 * x["ai_after"],
                     "cost": 100 * x["cost"], "key": i in key})
    return pd.DataFrame(rows, columns=["n", "choice", "stop", "round", "kind", "prompt", "yours",
                                       "ai", "after", "ai_after", "cost", "key"])


def review_figure(df: pd.DataFrame, outcome: float | None = None) -> go.Figure:
    """Your chance of winning over the game, decision by decision: after your answer, and
    after the AI's where it would have answered otherwise; the key moments ringed; the
    result (100 won, 0 lost) at the end."""
    hover = [plot_text(f"round {r.round}, {r.prompt} You: {r.yours} ({r.after:.0f}%). "
                       f"The AI: {r.ai} ({r.ai_after:.0f}%).") for r in df.itertuples()]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=list(df["n"]), y=list(df["ai_after"]), name="the AI's answer",
                             mode="lines", line={"color": "#009e73", "dash": "dot"},
                             hovertext=hover, hoverinfo="text"))
    fig.add_trace(go.Scatter(x=list(df["n"]), y=list(df["after"]), name="your answer",
                             mode="lines+markers", line={"color": "#0072b2"},
                             marker={"size": 5}, hovertext=hover, hoverinfo="text"))
    key = df[df["key"]]
    if len(key):
        fig.add_trace(go.Scatter(
            x=list(key["n"]), y=list(key["after"]), name="key moments", mode="markers",
            marker={"size": 14, "symbol": "circle-open", "color": "#d55e00",
                    "line": {"width": 2}},
            hovertext=[hover[i] for i in range(len(df)) if bool(df["key"].iloc[i])],
            hoverinfo="text"))
    if outcome is not None and len(df):
        fig.add_trace(go.Scatter(x=[int(df["n"].max()) + 1], y=[100 * outcome], name="result",
                                 mode="markers", marker={"size": 11, "symbol": "star",
                                                         "color": "#333"}))
    fig.update_layout(LAYOUT, title_text="Your chance of winning, decision by decision",
                      xaxis={"title": "your decisions, in order"},
                      yaxis={"title": "chance of winning (%)", "range": [0, 100]}, height=320)
    return fig
