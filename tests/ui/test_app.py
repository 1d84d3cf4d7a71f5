"""The widget dashboard, driven in-process by clicking its own widgets.

Single picks are buttons (``option_buttons``), multi-picks checkboxes (``option_boxes``) and
Submit. Choices are drawn with a seeded ``random.Random`` among the legal answers, so each game
is the same on every run.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import random
import re
from html import escape, unescape
from html.parser import HTMLParser

import pandas as pd
import pytest

from rftg_nb.players import random_pick
from rftg_nb.robot import SoloGame
from rftg_nb.robot.dice import FACE_LABELS
from rftg_nb.robot.rules import rule_summary
from rftg_nb.ui import NewGameSettings, SoloApp, SoloController
from rftg_nb.ui import app as app_module
from rftg_nb.ui.app import PLOTLY_MIME
from rftg_nb.ui.charts import CHARTS, race_figure, robot_tracks_figure, vp_pool_figure

CHART_COLUMNS = {
    "vp_pool": ["vp_pool"],
    "robot": ["robot_credit", "robot_economy"],
    "race": ["player_score", "robot_score", "player_tableau", "robot_tableau"],
}


# ---------------------------------------------------------------------------- helpers
def _app(seed: int = 5, **settings) -> SoloApp:
    c = SoloController()
    c.new_game(NewGameSettings(seed=seed, **settings))
    return SoloApp(c)



def _click(app: SoloApp, rng: random.Random) -> None:
    """Answer the shown decision through its widgets with a random legal answer."""
    d = app.c.decision
    assert d is not None
    if d.max == 1:
        expected = set(d.ids) | ({""} if d.min == 0 else set())
        assert set(app.option_buttons) == expected and not app.option_boxes
        app.option_buttons[rng.choice(sorted(app.option_buttons))].click()
        return
    assert set(app.option_boxes) == set(d.ids) and not app.option_buttons
    assert app.submit.layout.display != "none"
    for i in random_pick(d, rng):
        app.option_boxes[i].value = True
    assert not app.submit.disabled
    app.submit.click()


def _click_until(app: SoloApp, rng: random.Random, done, limit: int = 300) -> None:
    for _ in range(limit):
        if done(app):
            return
        if app.c.pending_steps():
            app.all_button.click()
        else:
            _click(app, rng)
    raise AssertionError("the condition was never reached")


class _Table(HTMLParser):
    """Rows of <td> cells of an HTML table, as text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
        if tag in ("td", "th"):
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _cells(html: str) -> list[list[str]]:
    return [r for r in _Table(html).rows if r]


def _upload(app: SoloApp, content: bytes, name: str = "save.json") -> None:
    """What the browser sends when a file is chosen in the Load button."""
    app.upload.set_state({"value": [{
        "name": name, "type": "application/json", "size": len(content),
        "content": memoryview(content),
        "last_modified": int(dt.datetime(2024, 1, 1).timestamp() * 1000),
    }]})


def _saved(app: SoloApp) -> bytes:
    app.save_button.click()
    m = re.search(r'href="data:application/json;base64,([^"]+)"', app.save_link.value)
    assert m, app.save_link.value
    return base64.b64decode(m.group(1))


def _status(app: SoloApp) -> tuple[str, bool]:
    html = app.status.value
    return unescape(re.sub(r"<[^>]+>", "", html)), "#b00020" in html


MARKER = re.compile(r"<span class='rftg-decision' data-serial='(\d+)' data-count='(\d+)'></span>")


def _prompt(app: SoloApp) -> str:
    """The question as shown, without the redraw marker (which changes on every redraw)."""
    return MARKER.sub("", app.prompt.value)


def test_each_redraw_marks_its_option_widgets_with_a_new_serial():
    app = _app(seed=6)
    rng = random.Random(6)
    seen = set()
    for _ in range(12):
        serial, count = map(int, MARKER.search(app.prompt.value).groups())
        widgets = [*app.option_buttons.values(), *app.option_boxes.values()]
        assert count == len(widgets) == len(app.options.children)
        assert all(f"rftg-d{serial}" in x._dom_classes for x in widgets)
        assert serial not in seen
        seen.add(serial)
        _click(app, rng)


# ---------------------------------------------------------------------------- a whole game
@pytest.mark.parametrize(("seed", "difficulty"), [(3, "easy"), (17, "hard")])
def test_a_whole_game_played_by_clicking_ends_with_the_engines_scores(seed, difficulty):
    app = _app(seed=seed, difficulty=difficulty)
    rng = random.Random(seed)
    _click_until(app, rng, lambda a: a.c.game.is_over and not a.c.pending_steps())
    g = app.c.game
    assert g.decision is None and not app.option_buttons and not app.option_boxes
    assert "game is over" in app.prompt.value
    # an independent replay of the same choices by the engine
    engine = SoloGame.from_json(g.to_json())
    assert engine.is_over and engine.snapshot() == g.snapshot()
    scores, winners = engine.scores(), engine.winners
    rows = {r[0]: r[1:] for r in _cells(app.end_view.value)}
    assert rows["Total"] == [str(s) for s in scores]
    p, r = engine.score_breakdown(0), engine.score_breakdown(1)
    assert rows["Printed VP on cards"] == [str(p["cards"]), str(r["cards"])]
    assert rows["VP chips"] == [str(p["chips"]), str(r["chips"])]
    assert rows["6-cost counters"] == ["", str(r["counters"])]
    if len(winners) > 1:
        assert "A shared win" in app.end_view.value
    elif winners == [0]:
        assert "Game over: You win!" in app.end_view.value
    else:
        assert "Game over: Robot wins!" in app.end_view.value
    assert g.vp_pool <= 0 or max(len(g.players[0].tableau), g.robot.tableau_size) >= 12
    reason = unescape(re.search(r"<div>(The game ends: [^<]+)</div>", app.end_view.value)[1])
    assert reason == "The game ends: " + "; ".join(g.end_reasons()) + "."
    assert f"you {scores[0]}, robot {scores[1]}" in app.player_view.value


def test_the_score_so_far_follows_the_game():
    app = _app(seed=9)
    rng = random.Random(9)
    for _ in range(25):
        you, robot = app.c.game.scores()
        assert f"<b>Score so far</b> (chips, cards and 6-cost bonuses): you {you}, robot " \
               f"{robot} &middot; VP pool {app.c.game.vp_pool}" in app.player_view.value
        _click(app, rng)


@pytest.mark.parametrize(("pool", "text"), [(3, "3"), (0, "0"), (-1, "0 (1 extra chip used)"),
                                            (-4, "0 (4 extra chips used)")])
def test_an_exhausted_pool_reads_as_extra_chips(pool, text):
    assert app_module._pool(pool) == text


# ---------------------------------------------------------------------------- undo
def test_the_undo_button_returns_to_the_previous_decision():
    app = _app(seed=8)
    rng = random.Random(8)
    _click_until(app, rng, lambda a: a.c.game.round >= 2)
    before = (app.c.game.snapshot(), app.c.decision, _prompt(app),
              set(app.option_buttons) | set(app.option_boxes))
    _click(app, rng)
    assert app.c.game.snapshot() != before[0]
    app.undo_button.click()
    after = (app.c.game.snapshot(), app.c.decision, _prompt(app),
             set(app.option_buttons) | set(app.option_boxes))
    assert after == before
    assert _status(app) == ("Undone: back to your previous decision.", False)


def test_undo_at_the_first_decision_says_there_is_nothing_to_undo():
    app = _app()
    app.undo_button.click()
    text, error = _status(app)
    assert error and text == "Nothing to undo: you have made no choice yet in this game."
    assert app.c.decision.kind == "initial_discard" and app.option_boxes


# ---------------------------------------------------------------------------- save and load
def test_save_link_then_upload_reproduces_the_game():
    app = _app(seed=12, difficulty="medium")
    rng = random.Random(12)
    _click_until(app, rng, lambda a: a.c.game.round >= 3)
    data = _saved(app)
    assert json.loads(data) == json.loads(app.c.save())
    assert f'download="rftg-solo-seed12-round{app.c.game.round}.json"' in app.save_link.value
    other = _app(seed=99)
    _upload(other, data)
    assert other.c.game.snapshot() == app.c.game.snapshot()
    assert other.c.decision == app.c.decision
    assert _prompt(other) == _prompt(app)
    assert other.log.value == app.log.value
    assert _status(other) == (f"Loaded a saved game at round {app.c.game.round}.", False)
    # the New game panel now shows the loaded game's settings; its seed only as the hint, so
    # New game deals a fresh game
    assert (other.difficulty.value, other.seed.value) == ("medium", "")
    assert other.seed.placeholder == "blank = random (this game: 12)"
    # both games go on the same way
    r1, r2 = random.Random(1), random.Random(1)
    for _ in range(5):
        _click(app, r1)
        _click(other, r2)
    assert other.c.game.snapshot() == app.c.game.snapshot()


def test_the_same_file_can_be_loaded_twice():
    app = _app(seed=12)
    rng = random.Random(12)
    _click_until(app, rng, lambda a: a.c.game.round >= 2)
    data = _saved(app)
    snap = app.c.game.snapshot()
    _upload(app, data)
    _click(app, rng)
    assert app.c.game.snapshot() != snap
    _upload(app, data)  # go back to the save again
    assert app.c.game.snapshot() == snap
    assert _status(app)[0].startswith("Loaded a saved game")


BAD_UPLOADS = {
    "not JSON": lambda s: b"{not json",
    "tampered choice": lambda s: s.replace(b'"choices": [', b'"choices": [["c9999"], ', 1),
    "tampered seed": lambda s: re.sub(rb'"seed": \d+', b'"seed": "x"', s),
    "empty file": lambda s: b"",
}


@pytest.mark.parametrize("make", BAD_UPLOADS.values(), ids=BAD_UPLOADS.keys())
def test_a_bad_upload_shows_an_error_and_keeps_the_game(make):
    app = _app(seed=4)
    rng = random.Random(4)
    _click_until(app, rng, lambda a: a.c.game.round >= 2)
    game, snap, prompt = app.c.game, app.c.game.snapshot(), _prompt(app)
    bad = make(_saved(app))
    assert bad != _saved(app)
    _upload(app, bad)
    text, error = _status(app)
    assert error and text.startswith("Could not load that file:")
    assert app.c.game is game and game.snapshot() == snap and _prompt(app) == prompt
    _click(app, rng)  # and the game still plays


# ---------------------------------------------------------------------------- illegal picks
def test_an_illegal_pick_cannot_be_submitted():
    app = _app(seed=5)
    d = app.c.decision
    assert d.kind == "initial_discard" and (d.min, d.max) == (2, 2)
    boxes = list(app.option_boxes.values())
    assert app.submit.disabled and f"Pick 2 of {len(d.options)}: 0 picked." in app.pick_note.value
    boxes[0].value = True
    assert app.submit.disabled and "1 picked" in app.pick_note.value
    boxes[1].value = True
    assert not app.submit.disabled
    boxes[2].value = True
    assert app.submit.disabled and "pick 2 options, not 3" in app.pick_note.value
    boxes[2].value = False
    app.submit.click()
    assert app.c.decision.kind == "actions"


def test_the_actions_rule_disables_submit():
    app = _app(seed=5)
    _click(app, random.Random(0))
    assert app.c.decision.kind == "actions"
    app.option_boxes["develop2"].value = True
    app.option_boxes["trade"].value = True
    assert app.submit.disabled
    assert "2nd Develop" in app.pick_note.value
    app.option_boxes["trade"].value = False
    app.option_boxes["develop"].value = True
    assert not app.submit.disabled


def test_an_illegal_choice_through_the_controller_shows_a_message_and_keeps_the_game():
    app = _app(seed=5)
    snap, decision = app.c.game.snapshot(), app.c.decision
    app.c.answer(["c9999"])
    app.refresh()
    text, error = _status(app)
    assert error and text.startswith("Not allowed:") and "c9999" in text
    assert app.c.game.snapshot() == snap and app.c.decision == decision
    assert set(app.option_boxes) == set(decision.ids)


# ---------------------------------------------------------------------------- step-through
def _robot_pending(app: SoloApp, rng: random.Random, min_round: int = 1) -> None:
    _click_until(app, rng, lambda a: a.c.pending_steps() > 2 and a.c.game.round >= min_round)


def test_step_through_reveals_the_robots_moves_one_at_a_time_with_their_rule():
    app = _app(seed=5)
    app.step_toggle.value = True
    _robot_pending(app, random.Random(5))
    c = app.c
    # the decision panel is blocked
    assert not app.option_buttons and not app.option_boxes and app.options.children == ()
    assert "The robot is moving" in app.prompt.value
    assert not app.next_button.disabled and not app.all_button.disabled
    assert f"({c.pending_steps()} more to step through)" in app.steps.value
    while c.pending_steps():
        shown = c.shown
        e = c.game.events[shown]
        app.next_button.click()
        assert c.shown >= shown + 1
        assert c.game.events[shown + 1: c.shown] == [
            x for x in c.game.events[shown + 1: c.shown] if x.visible_to not in (None, 0)]
        if e.actor == "robot":
            why = rule_summary(e.data["rule"], c.game.robot.values)
            item = (f"{escape(e.text)} <span style='color:#666' title='{escape(why)}'>"
                    f"[{escape(e.data['rule'])}]</span>")
            assert item in app.steps.value, (e, app.steps.value)
            assert why and (f"The rule for the latest step, <b>{escape(e.data['rule'])}</b>: "
                            f"{escape(why)}</div>") in app.steps.value
        if c.pending_steps():
            assert not app.option_buttons and not app.option_boxes
    assert app.next_button.disabled and app.all_button.disabled
    assert app.option_buttons or app.option_boxes


def test_step_through_shows_the_previous_rounds_moves_while_they_are_stepped():
    """The robot's consume and produce moves come after your last decision of the round; they
    must be listed while you step through them, even though the next round has begun."""
    app = _app(seed=5)
    app.step_toggle.value = True
    rng = random.Random(5)
    _click_until(app, rng, lambda a: a.c.pending_steps() and a.c.game.events[a.c.shown].round
                 < a.c.game.round)
    e = app.c.game.events[app.c.shown]
    app.next_button.click()
    assert escape(e.text) in app.steps.value


def test_show_all_releases_the_decision_panel():
    app = _app(seed=5)
    app.step_toggle.value = True
    _robot_pending(app, random.Random(5))
    app.next_button.click()
    app.all_button.click()
    assert app.c.pending_steps() == 0
    assert app.option_buttons or app.option_boxes
    assert "The robot is moving" not in app.prompt.value
    assert len(app.chart_outputs["vp_pool"].outputs[0]["data"][PLOTLY_MIME]["data"][0]["x"]) \
        == len(app.c.game.timeline())


def test_charts_stop_at_the_step_cursor():
    app = _app(seed=5)
    app.step_toggle.value = True
    _robot_pending(app, random.Random(5))
    for _ in range(2):
        app.next_button.click()
        fig = app.chart_outputs["race"].outputs[0]["data"][PLOTLY_MIME]
        assert fig["data"][0]["x"] == app.c.timeline()["step"].tolist()
        assert max(fig["data"][0]["x"]) < app.c.shown < len(app.c.game.events)


# ---------------------------------------------------------------------------- charts
def _timeline() -> pd.DataFrame:
    return pd.DataFrame({
        "step": [0, 1, 4, 7], "round": [0, 0, 1, 1], "phase": ["setup"] * 2 + ["explore"] * 2,
        "vp_pool": [24, 24, 22, 19], "robot_credit": [1, 2, 2, 0],
        "robot_economy": [1, 1, 3, 5], "robot_vp": [0, 0, 2, 5], "robot_tableau": [1, 1, 2, 2],
        "player_vp": [0, 0, 0, 0], "player_tableau": [1, 1, 1, 3],
        "robot_score": [0, 0, 4, 7], "player_score": [0, 0, 1, 3],
    })


@pytest.mark.parametrize("key", CHARTS)
def test_each_chart_has_one_point_per_timeline_row_and_the_timelines_values(key):
    tl = _timeline()
    fig = CHARTS[key](tl)
    assert [t.y and list(t.y) for t in fig.data] == [tl[c].tolist() for c in CHART_COLUMNS[key]]
    for t in fig.data:
        assert list(t.x) == tl["step"].tolist()
        assert list(t.customdata) == tl["round"].tolist()


def test_charts_of_a_real_game_follow_its_timeline():
    app = _app(seed=6)
    _click_until(app, random.Random(6), lambda a: a.c.game.round >= 3)
    tl = app.c.timeline()
    assert len(tl) == len(app.c.visible_events())
    for key, out in app.chart_outputs.items():
        (bundle,) = out.outputs
        fig = bundle["data"][PLOTLY_MIME]
        assert [len(t["x"]) for t in fig["data"]] == [len(tl)] * len(CHART_COLUMNS[key])
        assert [t["y"] for t in fig["data"]] == [_values(tl[c]) for c in CHART_COLUMNS[key]]
        json.dumps(bundle, allow_nan=False)  # widget messages must be strict JSON


def _values(column: pd.Series) -> list:
    return [None if pd.isna(v) else v for v in column]


def test_a_missing_value_is_a_gap_in_the_chart():
    tl = _timeline().astype({"robot_credit": float})
    tl.loc[0, "robot_credit"] = float("nan")
    fig = robot_tracks_figure(tl)
    assert list(fig.data[0].y) == [None, 2, 2, 0]
    json.dumps(fig.to_plotly_json(), allow_nan=False)


def test_chart_titles():
    tl = _timeline()
    assert vp_pool_figure(tl).layout.title.text == "VP pool"
    assert robot_tracks_figure(tl).layout.yaxis.range == (-0.3, 5.3)
    assert len(race_figure(tl).data) == 4


@pytest.mark.parametrize("key", CHARTS)
def test_charts_mark_where_each_round_starts(key):
    axis = CHARTS[key](_timeline()).layout.xaxis
    assert list(axis.tickvals) == [4] and list(axis.ticktext) == ["R1"]


def test_each_side_keeps_its_colour_across_the_race_chart():
    you, robot, your_cards, robot_cards = race_figure(_timeline()).data
    assert you.line.color == your_cards.line.color != robot.line.color == robot_cards.line.color


# ---------------------------------------------------------------------------- the log
def test_the_log_filters_by_actor_and_phase():
    app = _app(seed=6)
    _click_until(app, random.Random(6), lambda a: a.c.game.round >= 2)
    rows = _cells(app.log.value)
    assert len(rows) == len(app.c.log_table()) < len(app.c.timeline())
    assert f"data-steps='{len(app.c.timeline())}'" in app.log.value
    assert {r[3] for r in rows} >= {"robot", "you", "game"}
    app.log_actor.value = "robot"
    rows = _cells(app.log.value)
    assert rows and {r[3] for r in rows} == {"robot"}
    assert len(rows) == len(app.c.log_table(actor="robot"))
    assert ("Explore", "explore") in app.log_phase.options
    assert ("choose actions", "action") in app.log_phase.options
    app.log_phase.value = "explore"
    rows = _cells(app.log.value)
    assert rows and {(r[2], r[3]) for r in rows} == {("Explore", "robot")}
    app.log_actor.value = ""
    rows = _cells(app.log.value)
    assert {r[2] for r in rows} == {"Explore"} and {r[3] for r in rows} > {"robot"}
    # newest first, and the filter stays on while playing
    assert [int(r[0]) for r in rows] == sorted((int(r[0]) for r in rows), reverse=True)
    _click(app, random.Random(1))
    assert {r[2] for r in _cells(app.log.value)} == {"Explore"}


# ---------------------------------------------------------------------------- new game panel
@pytest.mark.parametrize("text", ["abc", "1.5", "12 34"])
def test_a_bad_seed_shows_a_message_and_keeps_the_game(text):
    app = _app(seed=5)
    game = app.c.game
    app.seed.value = text
    app.new_button.click()
    msg, error = _status(app)
    assert error and "The seed must be a whole number" in msg and repr(text) in msg
    assert app.c.game is game


def test_new_game_during_a_game_asks_for_a_second_press():
    app = _app(seed=5)
    rng = random.Random(5)
    _click(app, rng)
    game, snap = app.c.game, app.c.game.snapshot()
    app.new_button.click()
    msg, error = _status(app)
    assert error and "A game is in progress" in msg
    assert app.c.game is game and game.snapshot() == snap
    assert app.new_button.description == "Confirm new game"
    _click(app, rng)  # playing on disarms the button
    assert app.new_button.description == "New game"
    app.new_button.click()
    assert app.c.game is game
    app.new_button.click()
    assert app.c.game is not game and app.c.game.choices == []
    assert app.new_button.description == "New game"
    assert _status(app)[0].startswith("New easy game")


def test_start_world_menus_show_random_and_start_random_worlds():
    app = _app(seed=5)
    for menu in (app.player_start, app.robot_start):
        assert menu.label == "random" and menu.value == ""
    app.seed.value = "77"
    app.new_button.click()
    solo = app.c.game.setup["solo"]
    assert (solo["player_start"], solo["robot_start"]) == (None, None)
    assert app.c.game.seed == 77


def test_the_same_start_world_for_both_sides_shows_a_message():
    app = _app(seed=5)
    game = app.c.game
    app.player_start.value = app.robot_start.value = "Old Earth"
    app.new_button.click()
    msg, error = _status(app)
    assert error and "Could not start a game" in msg and app.c.game is game


def test_new_game_with_chosen_start_worlds_difficulty_and_manual_dice():
    app = _app(seed=5)
    app.difficulty.value = "hard"
    app.seed.value = " 321 "
    app.player_start.value = "Alpha Centauri"
    app.robot_start.value = "Separatist Colony"
    app.manual_dice.value = True
    app.new_button.click()
    g = app.c.game
    assert (g.seed, g.difficulty) == (321, "hard")
    assert g.players[0].tableau[0].name == "Alpha Centauri"
    assert g.robot.start.name == "Separatist Colony"
    assert g.setup["solo"]["dice"] == "manual"
    msg, error = _status(app)
    assert not error and "New hard game (seed 321)" in msg and "Separatist Colony" in msg
    rng = random.Random(2)
    _click_until(app, rng, lambda a: a.c.decision is not None and a.c.decision.kind == "dice")
    # you roll the robot's dice: one face for die A, one for die B
    a_faces = [i for i in app.option_boxes if i.startswith("a:")]
    b_faces = [i for i in app.option_boxes if i.startswith("b:")]
    assert a_faces and b_faces and len(a_faces) + len(b_faces) == len(app.option_boxes)
    app.option_boxes[a_faces[0]].value = True
    app.option_boxes[a_faces[1]].value = True
    assert app.submit.disabled and "one face for die A" in app.pick_note.value
    app.option_boxes[a_faces[1]].value = False
    app.option_boxes[b_faces[-1]].value = True
    assert not app.submit.disabled
    app.submit.click()
    fa, fb = a_faces[0][2:], b_faces[-1][2:]
    rolls = [e for e in app.c.game.events if e.kind == "dice"]
    assert rolls[-1].data["faces"] == [fa, fb]
    assert f"The robot rolls {FACE_LABELS[fa]} and {FACE_LABELS[fb]}." in app.steps.value
    assert [p.rolled for p in app.c.game.robot.dice] == [fa, fb]


def test_the_cards_a_question_is_about_are_outlined():
    app = _app(seed=5)
    assert app.c.decision.kind == "initial_discard"
    assert app.player_view.value.count(' asked"') == 6
    assert "outlined: the cards this question is about" in app.player_view.value
    _click_until(app, random.Random(5), lambda a: a.c.decision.kind == "actions")
    assert " asked" not in app.player_view.value
    assert "outlined" not in app.player_view.value
