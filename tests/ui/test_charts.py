"""The charts: an x axis by round, hovers that tell the step, figures that fit their container;
and the phases in game order for the log's filter."""

from __future__ import annotations

import json
from functools import cache
from html import escape

import pandas as pd
import pytest

from rftg_nb import RandomPlayer, SoloGame
from rftg_nb.ui.charts import (
    CHARTS,
    COLOURS,
    CONFIG,
    LAYOUT,
    SENTENCE_CHARS,
    figure_json,
    hover_texts,
    race_figure,
    robot_tracks_figure,
    round_ticks,
    shorten,
    vp_pool_figure,
    x_positions,
)
from rftg_nb.ui.phases import PHASE_ORDER, PHASE_TITLES, phase_order, phase_title

COLUMNS = {"vp_pool": ["vp_pool"], "robot": ["robot_credit", "robot_economy"],
           "race": ["player_score", "robot_score", "player_tableau", "robot_tableau"]}


@cache
def _game_timeline() -> pd.DataFrame:
    g = SoloGame.new(seed=3)
    RandomPlayer(3).play(g)
    return g.timeline()


def _timeline() -> pd.DataFrame:
    return _game_timeline().copy()


def _flat(hover: str) -> str:
    """A hover's lines as one line of text."""
    return hover.replace("<br>", " ")


# ---------------------------------------------------------------------------- the x axis
def test_x_grows_strictly_with_the_step_and_stays_within_its_round():
    tl = _timeline()
    x = x_positions(tl)
    assert len(x) == len(tl) > 100
    assert tl["step"].is_monotonic_increasing
    assert all(a < b for a, b in zip(x, x[1:], strict=False))
    for pos, rnd in zip(x, tl["round"], strict=True):
        assert rnd <= pos < rnd + 1


def test_each_round_starts_at_its_number_and_spreads_its_steps_evenly():
    tl = _timeline()
    tl["x"] = x_positions(tl)
    for rnd, rows in tl.groupby("round"):
        assert rows["x"].iloc[0] == rnd
        gaps = rows["x"].diff().dropna().round(9).unique()
        assert list(gaps) == [round(1 / len(rows), 9)]
    assert tl.loc[tl["round"] == 0, "x"].max() < 1  # setup comes before round 1


def test_x_follows_the_step_even_when_rows_come_out_of_order():
    tl = _timeline()
    shuffled = tl.sample(frac=1, random_state=1)
    by_step = dict(zip(shuffled["step"], x_positions(shuffled), strict=True))
    assert [by_step[s] for s in tl["step"]] == x_positions(tl)


def test_a_game_in_progress_keeps_its_x_strictly_increasing():
    tl = _timeline()
    for end in (1, 8, 40, 97):
        x = x_positions(tl.head(end))
        assert all(a < b for a, b in zip(x, x[1:], strict=False))


def test_the_axis_has_one_tick_per_round_with_grid_lines_where_rounds_start():
    tl = _timeline()
    rounds = sorted(tl["round"].unique())
    axis = round_ticks(tl)
    assert axis["title"]["text"] == "round"
    assert axis["tickvals"] == [r + 0.5 for r in rounds]
    assert axis["ticktext"] == ["setup"] + [f"R{r}" for r in rounds[1:]]
    assert axis["minor"]["tickvals"] == [*rounds, rounds[-1] + 1]
    assert axis["minor"]["showgrid"] and not axis["showgrid"]
    assert axis["range"] == [0, rounds[-1] + 1]


def test_the_axis_of_a_timeline_from_round_one():
    tl = _timeline()
    axis = round_ticks(tl[tl["round"] >= 1])
    assert axis["ticktext"][0] == "R1" and axis["range"][0] == 1


@pytest.mark.parametrize("key", CHARTS)
def test_each_chart_has_one_point_per_row_at_its_round_position(key):
    tl = _timeline()
    fig = CHARTS[key](tl)
    assert len(fig.data) == len(COLUMNS[key])
    for trace, col in zip(fig.data, COLUMNS[key], strict=True):
        assert list(trace.x) == x_positions(tl)
        assert list(trace.y) == [None if pd.isna(v) else v for v in tl[col]]
        assert list(trace.customdata) == tl["round"].tolist()
    assert fig.layout.xaxis.ticktext == tuple(round_ticks(tl)["ticktext"])


# ---------------------------------------------------------------------------- hovers
def test_a_hover_tells_the_round_the_phase_and_the_sentence():
    tl = _timeline()
    hovers = hover_texts(tl)
    for row, hover in zip(tl.itertuples(), hovers, strict=True):
        flat = _flat(hover)
        assert escape(shorten(row.text), quote=False) in flat
        if row.round == 0:
            assert flat.startswith("<i>Setup</i>")
        else:
            assert flat.startswith(f"<i>Round {row.round}, {phase_title(row.phase)}</i>")
    assert "<i>Round 1, choose actions</i>" in {h.split("<br>")[0] for h in hovers}


def test_every_trace_hovers_with_its_value_and_the_steps_text():
    tl = _timeline()
    for key, fn in CHARTS.items():
        fig = fn(tl)
        for trace in fig.data:
            assert list(trace.text) == hover_texts(tl), key
            assert "%{y}" in trace.hovertemplate and "%{text}" in trace.hovertemplate
            assert trace.hovertemplate.startswith(f"<b>{trace.name}: ")
            assert trace.hovertemplate.endswith("<extra></extra>")


def test_long_sentences_are_cut_with_an_ellipsis_and_lines_stay_short():
    tl = _timeline()
    long = tl[tl["text"].str.len() > SENTENCE_CHARS]
    assert len(long) > 3
    for text, hover in zip(long["text"], hover_texts(long), strict=True):
        short = shorten(text)
        assert len(short) <= SENTENCE_CHARS and short.endswith("…")
        assert text.startswith(short[:-1])
        assert text not in _flat(hover)
        assert all(len(line) <= 60 for line in hover.split("<br>")[1:])
    assert shorten("A short one.") == "A short one."
    assert shorten("word " * 40).endswith("word…")


def test_sentences_are_html_escaped_for_plotly():
    tl = _timeline().head(2)
    tl["text"] = ["<b>Bold</b> & <script>alert(1)</script>", 'The "robot =" counter -> Settle.']
    danger, quotes = hover_texts(tl)
    assert "<script>" not in danger and "<b>Bold" not in danger
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;" in _flat(danger)
    # plotly.js shows &quot; literally, so quotes stay as they are: they are harmless in text
    assert '"robot =" counter -&gt; Settle.' in _flat(quotes)
    assert "&quot;" not in quotes


def test_a_timeline_without_sentences_still_charts():
    tl = _timeline().drop(columns=["text"])
    fig = race_figure(tl)
    assert all(len(t.x) == len(tl) for t in fig.data)
    assert fig.data[0].text[-1].startswith("<i>Round ")


# ---------------------------------------------------------------------------- resizing
@pytest.mark.parametrize("key", CHARTS)
def test_figures_have_no_fixed_width_and_size_themselves(key):
    bundle = figure_json(CHARTS[key](_timeline()))
    layout = bundle["layout"]
    assert "width" not in layout and layout["autosize"] is True
    assert 250 <= layout["height"] <= 400
    assert bundle["config"] == CONFIG and CONFIG["responsive"] is True
    json.dumps(bundle, allow_nan=False)  # widget messages must be strict JSON
    assert '"width"' not in json.dumps(layout)


def test_titles_sit_above_the_plot_below_the_mode_bar():
    title = vp_pool_figure(_timeline()).layout.title
    assert (title.yref, title.y, title.yanchor) == ("paper", 1, "bottom")
    assert LAYOUT["margin"]["t"] >= 56  # the mode bar's band at the top (about 25 px)
    assert not CONFIG["displaylogo"]


# ---------------------------------------------------------------------------- kept as it was
def test_each_side_keeps_its_colour():
    you, robot, your_cards, robot_cards = race_figure(_timeline()).data
    assert you.line.color == your_cards.line.color == COLOURS["you"]
    assert robot.line.color == robot_cards.line.color == COLOURS["robot"]
    assert you.line.dash is None and your_cards.line.dash == "dot"


def test_titles_and_the_robots_range():
    tl = _timeline()
    assert vp_pool_figure(tl).layout.title.text == "VP pool"
    robot = robot_tracks_figure(tl)
    assert robot.layout.yaxis.range == (-0.3, 5.3) and robot.layout.yaxis.dtick == 1
    assert robot.data[0].y[0] is None  # the robot's tracks before it is dealt: a gap
    assert race_figure(tl).layout.title.text.startswith("The race")


def test_an_empty_timeline_gives_empty_charts():
    tl = _timeline().head(0)
    assert x_positions(tl) == []
    for fn in CHARTS.values():
        assert all(len(t.x) == 0 for t in fn(tl).data)


# ---------------------------------------------------------------------------- phases
def test_phase_order_sorts_phases_in_game_order():
    assert phase_order(["settle", "action", "setup", "explore", "settle", "game_end",
                        "consume", "develop2", "round_end", "develop", "produce",
                        "settle2"]) == [
        "setup", "action", "explore", "develop", "develop2", "settle", "settle2", "consume",
        "produce", "round_end", "game_end"]
    assert phase_order([]) == []
    assert phase_order(["later", "produce", "other", "setup"]) == [
        "setup", "produce", "later", "other"]


def test_the_games_phases_are_all_known_and_named():
    tl = _timeline()
    phases = phase_order(tl["phase"])
    assert set(phases) <= set(PHASE_ORDER)
    assert phases == sorted(set(tl["phase"]), key=PHASE_ORDER.index)
    assert set(PHASE_TITLES) == set(PHASE_ORDER)
    assert phase_title("develop2") == "second Develop"
    assert phase_title("action") == "choose actions"
    assert phase_title("nonsense") == "nonsense"
