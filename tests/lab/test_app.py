"""The lab page's controller: its buttons play the runs and its outputs show the charts."""

from __future__ import annotations

import html
import sys
import types

import pandas as pd

import rftg_nb.lab.run as run
from rftg_nb import RandomPlayer
from rftg_nb.lab import Settings, grid
from rftg_nb.lab.plan import most_games
from rftg_nb.lab.run import MAX_GAMES
from rftg_nb.lab.unknowns import all_alternatives, alternatives, title, unknowns
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.ui import lab_charts as charts
from rftg_nb.ui.lab_app import LabApp


def shown(out):
    """The plotly figure shown in an Output widget, as JSON (its words follow it)."""
    output, words = out.outputs
    assert "rftg-chart-caption" in words["data"]["text/html"]
    return output["data"][charts.PLOTLY_MIME]


def test_the_page_plays_its_small_defaults_at_once():
    app = LabApp(executor="serial", run_now=False, threaded=False)
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
    assert shown(app.unknown_chart)["data"] and "<table" in app.unknown_table.value
    # the overview (226 games at its default) plays on its button only
    assert "overview" not in app.tables and not app.overview_chart.outputs
    assert any("press <i>Play every unknown</i>" in getattr(w, "value", "")
               for w in app.widget.children)
    app.seat.value = "random"
    app.overview_games.value = 1
    app.overview_button.click()
    assert set(app.tables["overview"]["group"]) == set(unknowns())
    assert shown(app.overview_chart)["data"]


def test_buttons_run_with_the_widgets_values():
    app = LabApp(executor="serial", run_now=False, threaded=False)
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
    app = LabApp(executor="serial", run_now=False, threaded=False)
    app.seat.value = "random"  # quicker; the AI seats are tested below
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
    app = LabApp(executor="serial", run_now=False, threaded=False)
    assert [v for _, v in app.seat.options] == ["random"]
    assert "rftg_nb.ai" in app.ai_note.value

    class AIPlayer:
        def __init__(self, level, seed):
            self.player = RandomPlayer(seed)

        def answer(self, game, decision):
            return self.player.answer(game, decision)

    fake = types.SimpleNamespace(AIPlayer=AIPlayer, LEVELS=("fast", "strong"))
    monkeypatch.setitem(sys.modules, "rftg_nb.ai", fake)
    app = LabApp(executor="serial", run_now=False, threaded=False)
    assert [v for _, v in app.seat.options] == ["random", "ai-fast", "ai-strong"]
    assert app.ai_note.value == ""
    app.seat.value = "ai-fast"
    app.world_games.value = 1
    app.world_button.click()
    assert (app.tables["start worlds"]["seats"] == "ai-fast").all()
    assert "against the fast AI" in app.world_note.value


def test_a_failed_run_is_shown_on_the_page(monkeypatch):
    import rftg_nb.ui.lab_app as app_module

    app = LabApp(executor="serial", run_now=False, threaded=False)

    def failing(*args, **kwargs):
        assert all(b.disabled for b in app.buttons)  # no second run while one plays
        raise RuntimeError("the cluster went away <now>")

    monkeypatch.setattr(app_module, "simulate", failing)
    app.world_button.click()
    assert "The run failed: RuntimeError: the cluster went away &lt;now&gt;" in app.message.value
    assert not any(b.disabled for b in app.buttons) and not app.running
    assert "start worlds" not in app.tables
    monkeypatch.undo()
    app.world_games.value = 1
    app.world_button.click()
    assert app.message.value == "<p>Played 27 games of the start worlds.</p>"
    assert len(app.tables["start worlds"]) == 27


def _no_runs(monkeypatch) -> list[dict]:
    """The runs simulate is asked for from now on (none is played)."""
    import rftg_nb.ui.lab_app as app_module

    asked: list[dict] = []
    monkeypatch.setattr(app_module, "simulate", lambda *a, **k: asked.append(k))
    return asked


def test_a_client_that_raises_a_box_s_max_changes_nothing(monkeypatch):
    """A widget message may set a box's max and value (the browser then keeps any number):
    the kernel checks the number against its own limits, says so on the page, plays nothing."""
    app = LabApp(executor="serial", run_now=False, threaded=False)
    asked = _no_runs(monkeypatch)
    app.world_games.set_state({"max": 10**9, "value": 10**9})  # as the comm message does
    assert app.world_games.value == 10**9  # the widget took it...
    app.world_button.click()
    assert asked == []  # ...the kernel did not
    said = html.unescape(app.message.value)
    assert "Nothing was played: games per start world and difficulty (the start worlds): " \
           "1,000,000,000 is more than a run here plays: at most 37,037 (27 variants" in said
    assert app.tables == {} and not app.running and not any(b.disabled for b in app.buttons)

    app.overview_games.set_state({"max": 10**9, "value": 9_000})
    app.overview_button.click()
    assert asked == []
    assert "games per value (every unknown): 9,000 is more than a run here plays: at most " \
           f"{most_games(len(all_alternatives(Settings()))):,} (113 variants" \
        in html.unescape(app.message.value)

    app.unknown_games.set_state({"min": -5, "value": -5})
    app.unknown_button.click()
    assert asked == [] and "games per value" in app.message.value
    assert "expected a whole number from 1 to" in app.message.value

    app.unknown_games.set_state({"min": 1, "value": 1})
    app.seed.set_state({"max": 10**30, "value": 10**30})
    app.unknown_button.click()
    assert asked == [] and "Nothing was played: first seed: expected a whole number from 0 " \
                           "to 2,147,483,648 here" in html.unescape(app.message.value)

    app.seed.value = 3  # within the kernel's limits: played as asked
    app.unknown_button.click()
    assert [(k["games"], k["seed"]) for k in asked] == [(1, 3)]


def test_the_boxes_show_the_kernel_s_limits():
    app = LabApp(executor="serial", run_now=False, threaded=False)
    assert app.world_games.max == most_games(27) == 37_037
    assert app.overview_games.max == most_games(113) == 8_849
    assert most_games(2) == MAX_GAMES
    app.unknown.value = unknowns()[1]
    n = len(alternatives(unknowns()[1], Settings()))
    assert app.unknown_games.max == most_games(n)


def test_a_click_while_a_run_plays_is_refused(monkeypatch):
    """A disabled button still takes a client's click message: the kernel plays one run at
    a time and says why it did not start another."""
    import rftg_nb.ui.lab_app as app_module

    app = LabApp(executor="serial", run_now=False, threaded=False)
    real = app_module.simulate
    calls = []

    def clicking(*args, **kwargs):
        calls.append(kwargs["games"])
        assert app.running and all(b.disabled for b in app.buttons)
        app.overview_button.click()
        assert "A run is under way" in app.message.value
        return real(*args, **kwargs)

    monkeypatch.setattr(app_module, "simulate", clicking)
    app.world_games.value = 1
    app.world_button.click()
    assert calls == [1] and "overview" not in app.tables
    assert app.message.value == "<p>Played 27 games of the start worlds.</p>"


def test_stop_ends_the_run_between_chunks_and_keeps_what_was_played(monkeypatch):
    import rftg_nb.ui.lab_app as app_module

    app = LabApp(executor="serial", run_now=False, threaded=False)
    app.seat.value = "random"
    real = app_module.simulate
    seen = []

    def stopping(*args, on_progress, **kwargs):
        def step(done, total):
            seen.append((done, total))
            on_progress(done, total)
            if done:
                app.stop_button.click()  # the person presses Stop after the first chunk

        return real(*args, on_progress=step, **kwargs)

    monkeypatch.setattr(app_module, "simulate", stopping)
    app.run_all()
    chunk = run.default_chunk_size(81, 1)
    assert seen == [(0, 81), (chunk, 81)]
    t = app.tables["start worlds"]
    assert len(t) == chunk and t.attrs["stopped"]
    pd.testing.assert_frame_equal(t, real(
        grid(Settings(), difficulty=DIFFICULTIES, robot_start=START_WORLDS), games=3,
        executor="serial", progress=False).iloc[:chunk])  # the first chunk's games, as played
    assert shown(app.world_charts["win_rate"])["data"]  # drawn from the games played
    assert f"{chunk} games against the random player" in app.world_note.value
    assert app.message.value == (f"<p>Stopped: {chunk} of 81 games of the start worlds were "
                                 "played, and the charts show them. Not started: "
                                 f"{html.escape(title(unknowns()[0]))}.</p>")
    assert "unknown" not in app.tables and "overview" not in app.tables
    assert not app.running and not any(b.disabled for b in app.buttons)
    assert app.running_row.layout.display == "none"
    monkeypatch.undo()
    app.world_games.value = 1  # the next run starts afresh: Stop was for the last one
    app.world_button.click()
    assert len(app.tables["start worlds"]) == 27
    assert not app.tables["start worlds"].attrs["stopped"]


def test_a_run_plays_on_its_own_thread_and_stop_reaches_it():
    """As on the page: the click returns at once, the kernel is free for the Stop click, and
    the run ends after the chunks being played."""
    app = LabApp(executor="serial", run_now=False)
    app.seat.value = "random"
    app.world_games.value = 1000  # 27,000 games: far more than are played before the stop
    app.world_button.click()
    assert app.running and all(b.disabled for b in app.buttons)
    assert app.running_row.layout.display is None and not app.stop_button.disabled
    for _ in range(1200):  # until the bar moves (a minute at most)
        if app.bar.value or app.wait(0.05):
            break
    assert app.running and 0 < app.bar.value < app.bar.max == 27_000
    assert "Playing 27,000 games for the start worlds: " in app.bar_note.value
    assert app.slots["start worlds"].children == (app.running_row,)  # in its own section
    assert app.slots["unknown"].children == app.slots["overview"].children == ()
    app.stop_button.click()
    assert "Stopping" in app.message.value and app.stop_button.disabled
    assert app.wait(60)
    t = app.tables["start worlds"]
    assert t.attrs["stopped"] and 0 < len(t) < 27_000
    assert app.message.value.startswith(f"<p>Stopped: {len(t):,} of 27,000 games")
    assert not any(b.disabled for b in app.buttons)


def test_the_first_runs_wait_for_the_page_to_be_painted():
    """The notebook's way: the runs start when the browser says the page is painted, once,
    however many views of it are drawn; each run's bar is in its own section, in words."""
    app = LabApp(executor="serial", run_now=False, threaded=False)
    app.seat.value = "random"
    app.world_games.value = app.unknown_games.value = app.overview_games.value = 1
    notes: list[str] = []
    app.bar_note.observe(lambda c: notes.append(c["new"]), names="value")
    slots: list[str] = []
    for name, slot in app.slots.items():
        slot.observe(lambda c, name=name: slots.append(name) if c["new"] else None,
                     names="children")
    app.run_when_shown()
    assert not app.tables and not app.running  # nothing before the page is painted
    app.shown._message(app.shown, {"do": "something else"}, [])
    assert not app.tables
    app.shown._message(app.shown, {"do": "shown"}, [])
    assert set(app.tables) == {"start worlds", "unknown"}  # the overview on its button
    assert slots == ["start worlds", "unknown"]
    assert "Playing 27 games for the start worlds" in notes
    first = dict(app.tables)
    app.shown._message(app.shown, {"do": "shown"}, [])  # a second view: nothing more
    assert all(app.tables[k] is first[k] for k in first)
    app.run_when_shown()  # asked again once painted: runs at once
    assert all(app.tables[k] is not first[k] for k in first)


def test_every_action_ends_in_a_message():
    app = LabApp(executor="serial", run_now=False, threaded=False)
    app.stop_button.click()
    assert app.message.value == "<p>No run is under way: there is nothing to stop.</p>"
    app.unknown_games.value = 1
    app.unknown_button.click()
    n = len(alternatives(app.unknown.value, Settings()))
    assert app.message.value == (f"<p>Played {n} games of "
                                 f"{html.escape(title(app.unknown.value))}.</p>")
    app.measure.value = "rounds"
    assert app.message.value == "<p>The unknowns&#x27; charts show the mean game length in " \
                                "rounds.</p>"
