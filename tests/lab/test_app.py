"""The lab page's controller: its buttons play the runs and its outputs show the charts."""

from __future__ import annotations

import sys
import types

from rftg_nb import RandomPlayer
from rftg_nb.lab import charts
from rftg_nb.lab.app import LabApp
from rftg_nb.lab.unknowns import unknowns
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS


def shown(out):
    """The plotly figure shown in an Output widget, as JSON."""
    (output,) = out.outputs
    return output["data"][charts.PLOTLY_MIME]


def test_the_page_plays_its_small_defaults_at_once():
    app = LabApp(executor="serial", run_now=False)
    assert app.seat.value == "ai-fast"  # the default opponent once the AI is installed
    app.seat.value = "random"  # quicker here; the AI seats are tested below
    app.run_all()
    t = app.tables["start worlds"]
    assert len(t) == 27 * app.world_games.value
    assert set(t["robot_world"]) == set(START_WORLDS) and set(t["difficulty"]) == set(
        DIFFICULTIES)
    for out in app.world_charts.values():
        assert shown(out)["data"]
    assert "win rate" in shown(app.world_charts["win_rate"])["layout"]["title"]["text"]
    assert f"{len(t)} games against the random player" in app.world_note.value
    assert app.tables["unknown"]["group"].iloc[0] == unknowns()[0]
    assert set(app.tables["overview"]["group"]) == set(unknowns())
    assert shown(app.unknown_chart)["data"] and shown(app.overview_chart)["data"]
    assert "<table" in app.unknown_table.value


def test_buttons_run_with_the_widgets_values():
    app = LabApp(executor="serial", run_now=False)
    assert app.tables == {}
    app.world_games.value = 1
    app.seed.value = 5
    app.world_button.click()
    t = app.tables["start worlds"]
    assert len(t) == 27 and set(t["seed"]) == {5}
    # beside the heatmaps: why their columns are so often alike
    assert "the same deal (seed 5)" in app.world_note.value
    assert "seed 5" in shown(app.world_charts["win_rate"])["layout"]["title"]["text"]
    app.unknown.value = "start_worlds.Old Earth.robot_face"
    app.unknown_games.value = 2
    app.unknown_button.click()
    u = app.tables["unknown"]
    assert len(u) == 6 * 2 and (u["robot_world"] == "Old Earth").all()
    assert "Old Earth" in app.unknown_note.value


def test_changing_the_measure_redraws_without_playing():
    app = LabApp(executor="serial", run_now=False)
    app.unknown_games.value = 2
    app.overview_games.value = 1
    app.unknown_button.click()
    app.overview_button.click()
    before = app.tables["unknown"]
    app.measure.value = "rounds"
    assert app.tables["unknown"] is before
    assert "game length" in shown(app.unknown_chart)["layout"]["title"]["text"]
    assert "game length" in shown(app.overview_chart)["layout"]["title"]["text"]


def test_the_ai_players_are_offered_once_they_exist(monkeypatch):
    monkeypatch.setitem(sys.modules, "rftg_nb.ai", None)
    app = LabApp(executor="serial", run_now=False)
    assert [v for _, v in app.seat.options] == ["random"]
    assert "rftg_nb.ai" in app.ai_note.value

    class AIPlayer:
        def __init__(self, level, seed):
            self.player = RandomPlayer(seed)

        def answer(self, game, decision):
            return self.player.choose(decision)

    fake = types.SimpleNamespace(AIPlayer=AIPlayer, LEVELS=("fast", "strong"))
    monkeypatch.setitem(sys.modules, "rftg_nb.ai", fake)
    app = LabApp(executor="serial", run_now=False)
    assert [v for _, v in app.seat.options] == ["random", "ai-fast", "ai-strong"]
    assert app.ai_note.value == ""
    app.seat.value = "ai-fast"
    app.world_games.value = 1
    app.world_button.click()
    assert (app.tables["start worlds"]["seats"] == "ai-fast").all()
    assert "against the fast AI" in app.world_note.value


def test_a_failed_run_is_shown_on_the_page(monkeypatch):
    import rftg_nb.lab.app as app_module

    app = LabApp(executor="serial", run_now=False)

    def failing(*args, **kwargs):
        assert all(b.disabled for b in app.buttons)  # no second run while one plays
        raise RuntimeError("the cluster went away <now>")

    monkeypatch.setattr(app_module, "simulate", failing)
    app.world_button.click()
    assert "RuntimeError: the cluster went away &lt;now&gt;" in app.error.value
    assert not any(b.disabled for b in app.buttons)
    assert "start worlds" not in app.tables
    monkeypatch.undo()
    app.world_games.value = 1
    app.world_button.click()
    assert app.error.value == "" and len(app.tables["start worlds"]) == 27
