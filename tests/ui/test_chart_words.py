"""Charts in words (issue 37): every chart of every page comes with a caption and its data as a
table a screen reader reads, and its lines differ by marker and dash, not by colour alone."""

from __future__ import annotations

import html
import random

import pytest

from rftg_nb import RandomPlayer, SoloGame
from rftg_nb.lab import simulate
from rftg_nb.players import random_pick
from rftg_nb.ui.chart_words import MAX_ROWS, chart_outputs, words_html
from rftg_nb.ui.charts import CHARTS, TABLE_CHARTS
from rftg_nb.ui.lab_app import LabApp

HOSTILE = "<img src=x onerror=alert(1)>"


def _solo() -> SoloGame:
    g = SoloGame.new(seed=3)
    g.keep_numbers()
    RandomPlayer(3).play(g)
    return g


def _words(outputs: tuple) -> str:
    assert len(outputs) == 2 and "application/vnd.plotly.v1+json" in outputs[0]["data"]
    return outputs[1]["data"]["text/html"]


@pytest.mark.parametrize("name", list(CHARTS))
def test_the_play_pages_charts_have_words_and_lines_apart(name: str) -> None:
    df = _solo().timeline()
    fig = CHARTS[name](df)
    words = words_html(fig)
    assert "class='rftg-chart-caption'" in words and "<details>" in words
    assert "<th scope='col'>round</th>" in words
    rounds = sorted(set(df["round"]))
    assert words.count("<tr><td>") == min(len(rounds), MAX_ROWS)
    lines = [(t.marker.symbol, t.line.dash) for t in fig.data]
    assert len(set(lines)) == len(lines)  # no two lines alike but for their colour


def test_a_tables_charts_name_its_players_as_text() -> None:
    from rftg_nb.ui.table import TableController
    from rftg_nb.ui.table_seats import TableSettings

    c = TableController()
    c.new_game(TableSettings(3, ["Ann", HOSTILE, "Cy"], [False, True, True], seed=4))
    rng = random.Random(4)
    while c.decision is not None:
        assert c.answer(random_pick(c.decision, rng))
    assert c.game.is_over, c.status.text
    df = c.timeline()
    scores = words_html(TABLE_CHARTS["scores"](df))
    assert HOSTILE not in scores and html.escape(HOSTILE) in scores
    fig = TABLE_CHARTS["scores"](df)
    seats = [t for t in fig.data if t.mode == "lines+markers"]
    lines = [(t.marker.symbol, t.line.dash) for t in seats]
    assert len(seats) == 3 and len(set(lines)) == len(lines)
    assert "rftg-chart-caption" in words_html(TABLE_CHARTS["vp_pool"](df))


def test_every_lab_chart_has_its_words() -> None:
    app = LabApp(executor="serial", run_now=False, threaded=False)
    app.seat.value = "random"
    app.world_games.value = app.unknown_games.value = app.overview_games.value = 1
    app.run_all()
    app.overview_button.click()
    shown = [out for out in [*app.world_charts.values(), app.unknown_chart, app.overview_chart]
             if out.outputs]
    assert len(shown) >= 7
    for out in shown:
        words = _words(out.outputs)
        assert "rftg-chart-caption" in words and "<table" in words


def test_a_heatmap_and_a_histogram_in_words() -> None:
    from rftg_nb.ui.lab_charts import score_distribution, start_world_heatmap

    df = simulate(difficulty="easy", games=6, executor="serial", progress=False)
    heat = words_html(start_world_heatmap(df))
    assert "a grid of" in heat and "<tbody><tr><td>" in heat
    spread = words_html(score_distribution(df))
    assert "<th scope='col'>median</th>" in spread


def test_chart_outputs_keep_the_figure_first() -> None:
    fig = CHARTS["vp_pool"](_solo().timeline())
    out = chart_outputs(fig)
    assert out[0]["data"]["text/plain"] == "VP pool"
    assert out[1]["data"]["text/html"].startswith("<div class='rftg-chart-words'>")
