"""The table page (``TableApp``) driven through its board's messages, as the browser would.

Whole games are played message by message: "seat" when the screen is passed, then the
answer. At every state sent to the page the test checks what the board may show: the viewer's
hand only, no hand at all on a pass screen, every tableau, the goals with each player's count,
and the scores; the charts and the log hold public events only.
"""

from __future__ import annotations

import json
import random

import pytest

from rftg_nb.players import random_pick
from rftg_nb.ui.app import PLOTLY_MIME, TAB_CHARTS, TAB_LOG
from rftg_nb.ui.charts import table_scores_figure
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_app import TableApp
from rftg_nb.ui.table_seats import TableSettings

FORM = {"players": 3, "names": ["Ann", "Bob", "Cy"], "computer": [False, False, True],
        "goals": True, "seed": "35"}


def _app(form: dict | None = None) -> TableApp:
    app = TableApp()
    app.on_action({"do": "new", "settings": dict(form or FORM)})
    assert not app.c.status.error, app.c.status.text
    return app


def _ids(cards: list[dict]) -> set[str]:
    return {c["id"] for c in cards}


def _check_state(app: TableApp) -> None:
    s = app.board.state
    g = app.c.game
    text = json.dumps(s)
    names = [p.name for p in g.players]
    assert s["mode"] == "table" and s["score"]["names"] == names
    assert s["score"]["scores"] == g.scores() and s["score"]["pool"] == g.vp_pool
    for p, row in zip(g.players, s["players"], strict=True):
        assert [t["n"] for t in row["tableau"]] == [x.name for x in p.tableau]
        assert (row["hand"], row["chips"], row["score"]) == (len(p.hand), p.vp,
                                                             g.scores()[p.index])
    for live, goal in zip(s["goals"], g.goals, strict=True):
        assert live["counts"] == list(goal.counts)
        assert live["holders"] == [names[i] for i in goal.holders]
    seat = app.c.viewer
    if seat is None:
        assert s["hand"] == [] and s["question"] is None and s["viewer"] is None
        assert s["pass_to"] == app.c.pending_pass or g.is_over
    else:
        me = g.players[seat]
        assert s["viewer"] == me.name
        shown = _ids(s["hand"]) | _ids(s["explored"])
        assert shown == {c.id for c in me.hand}
        assert [o["id"] for o in s["question"]["options"]] == list(g.decision.ids)
    # no card of another hand anywhere in what the page gets
    for p in g.players:
        if p.index != seat:
            for c in p.hand:
                assert f'"{c.id}"' not in text


def _play(app: TableApp, rounds: int | None = None, check: bool = True) -> int:
    g = app.c.game
    answers = 0
    while g.decision is not None and (rounds is None or g.round <= rounds):
        if app.c.pending_pass:
            if check:
                _check_state(app)
            app.on_action({"do": "seat"})
        if check:
            _check_state(app)
        d = app.c.decision
        app.on_action({"do": "answer", "ids": random_pick(d, random.Random(len(g.choices)))})
        answers += 1
    return answers


def test_a_three_player_game_played_through_the_board_shows_only_the_viewers_hand():
    app = _app()
    assert _play(app) > 20
    assert app.c.game.is_over
    s = app.board.state
    assert s["end"]["names"] == ["Ann", "Bob", "Cy"]
    totals = next(r for r in s["end"]["rows"] if r[0] == "Total")[1:]
    assert totals == [str(x) for x in app.c.game.scores()]
    goals = next(r for r in s["end"]["rows"] if r[0] == "Goals")[1:]
    assert goals == [str(sum(app.c.game.score_breakdown(i)["goals"].values()))
                     for i in range(3)]
    assert any(w in s["end"]["headline"] for w in ["Ann", "Bob", "Cy"])


def test_five_players_with_computer_seats_play_to_the_end():
    form = {"players": 5, "names": ["Ann", "C1", "C2", "C3", "C4"],
            "computer": [False, True, True, True, True], "goals": True, "seed": "9"}
    app = _app(form)
    _play(app, check=False)
    assert app.c.game.is_over and len(app.c.game.goals) == 6
    assert app.board.state["pass_to"] is None


def test_the_pass_screen_comes_before_each_persons_question():
    app = _app()
    s = app.board.state
    assert s["pass_to"] == "Ann" and s["hand"] == [] and s["question"] is None
    app.on_action({"do": "answer", "ids": []})  # not before the screen is taken
    assert app.c.status.error and "Pass the screen to Ann" in app.c.status.text
    app.on_action({"do": "seat"})
    s = app.board.state
    assert s["viewer"] == "Ann" and len(s["hand"]) == 6 and s["question"]
    d = app.c.decision
    app.on_action({"do": "answer", "ids": list(d.ids[:2])})
    s = app.board.state
    assert s["pass_to"] == "Bob" and s["hand"] == []


def test_goals_are_sent_once_per_game_with_their_phases():
    app = _app()
    info = app.board.info
    assert [x["name"] for x in info["goals"]] == [s.name for s in app.c.game.goals]
    assert all(x["phases"] and x["text"] and x["kind"] in ("first", "most")
               for x in info["goals"])
    sent = app.board.info
    app.on_action({"do": "seat"})
    assert app.board.info is sent


def test_a_game_without_goals():
    app = _app({**FORM, "goals": False})
    assert app.c.game.goals == () and app.board.info["goals"] == []
    assert app.board.state["settings"]["goals"] is False


def test_the_new_game_form_errors_keep_the_game():
    app = _app()
    seed = app.c.game.seed
    app.on_action({"do": "new", "settings": {**FORM, "seed": "x1"}})
    assert app.c.status.error and "whole number" in app.c.status.text
    app.on_action({"do": "new", "settings": {**FORM, "names": ["Ann", "Ann", "Cy"]}})
    assert app.c.status.error and "names" in app.c.status.text
    app.on_action({"do": "new", "settings": {**FORM, "computer": [True, True, True]}})
    assert app.c.status.error and "person" in app.c.status.text
    assert app.c.game.seed == seed


def test_new_game_over_a_game_in_play_asks_for_confirmation():
    app = _app()
    _play(app, rounds=0, check=False)
    chosen = list(app.c.game.choices)
    app.on_action({"do": "new", "settings": {**FORM, "seed": "7"}})
    assert app.board.state["settings"]["confirm"] and app.c.game.choices == chosen
    app.on_action({"do": "new", "settings": {**FORM, "seed": "7"}})
    assert app.c.game.seed == 7 and not app.board.state["settings"]["confirm"]


def test_undo_save_and_load_through_the_board():
    app = _app()
    _play(app, rounds=1, check=False)
    app.on_action({"do": "save"})
    saved = app.replies[-1]
    assert saved["kind"] == "save" and saved["name"].startswith("rftg-table-3p-seed35")
    choices = list(app.c.game.choices)
    app.on_action({"do": "undo"})
    assert len(app.c.game.choices) < len(choices)
    assert app.board.state["pass_to"] is not None
    other = TableApp()
    other.on_action({"do": "load", "text": saved["text"]})
    assert other.c.game.choices == choices and not other.c.status.error
    assert other.board.state["settings"]["names"] == ["Ann", "Bob", "Cy"]
    other.on_action({"do": "load", "text": "{not json"})
    assert other.c.status.error and other.c.game.choices == choices


def test_a_check_judges_the_viewers_pick():
    app = _app()
    app.on_action({"do": "seat"})
    d = app.c.decision
    app.on_action({"do": "check", "ids": list(d.ids[:1])})
    assert app.replies[-1]["ok"] is False and app.replies[-1]["why"]
    app.on_action({"do": "check", "ids": list(d.ids[:2])})
    assert app.replies[-1]["ok"] is True


def test_explain_adds_a_sentence_on_the_phase():
    app = _app()
    app.on_action({"do": "explain", "on": True})
    app.on_action({"do": "seat"})
    assert app.board.state["question"]["coach"]
    app.on_action({"do": "explain", "on": False})
    assert "coach" not in app.board.state["question"]


def test_charts_show_every_players_score_with_goal_claims_marked():
    app = _app()
    _play(app, check=False)
    app.tabs.selected_index = TAB_CHARTS
    figures = [o.outputs[0]["data"][PLOTLY_MIME] for o in app.chart_outputs.values()]
    names = [t.get("name") for t in figures[0]["data"]]
    assert names[:3] == ["Ann", "Bob", "Cy"]
    claims = [e for e in app.c.game.events if e.kind == "goal_claim"]
    assert claims
    for e in claims:
        who = app.c.game.players[e.actor].name
        marks = next(t for t in figures[0]["data"] if t.get("name") == f"{who}: goals")
        assert any(e.data["goal"] in x for x in marks["text"])
    assert figures[1]["layout"]["title"]["text"] == "VP pool"


def test_the_score_figure_marks_each_goal_event_on_its_players_line():
    c = TableController()
    c.new_game(TableSettings(3, ["Ann", "Bob", "Cy"], [False, False, False], seed=35))
    g = c.game
    while g.decision is not None:
        if c.pending_pass:
            c.confirm_seat()
        c.answer(random_pick(g.decision, random.Random(len(g.choices))))
    df = c.timeline()
    fig = table_scores_figure(df)
    marked = sum(len(t.x) for t in fig.data if t.name.endswith(": goals"))
    assert marked == int((df["goal"] != "").sum()) > 0
    for t in fig.data:
        if t.name.endswith(": goals"):
            who = t.name.removesuffix(": goals")
            line = next(u for u in fig.data if u.name == who)
            assert set(zip(t.x, t.y, strict=True)) <= set(zip(line.x, line.y, strict=True))


def test_the_log_lists_public_events_and_filters_by_player():
    app = _app()
    _play(app, rounds=2, check=False)
    app.tabs.selected_index = TAB_LOG
    html = app.log.value
    public = [e for e in app.c.game.events if e.visible_to is None]
    private = [e for e in app.c.game.events if e.visible_to is not None]
    assert private and public
    assert all(e.text.split(" (")[0] not in html for e in private
               if e.text not in {x.text for x in public})
    assert [label for label, _ in app.log_actor.options] == ["everyone", "Ann", "Bob", "Cy",
                                                             "game"]
    app.log_actor.value = "Bob"
    assert "Ann draws" not in app.log.value and "Bob" in app.log.value


@pytest.mark.parametrize("players", [2, 4])
def test_other_table_sizes_start_from_the_form(players):
    names = [f"P{i}" for i in range(players)]
    app = _app({"players": players, "names": names, "computer": [False] * players,
                "goals": True, "seed": "3"})
    assert len(app.c.game.players) == players
    assert app.board.state["settings"]["players"] == players


def _private_ids(g, seat: int) -> set[str]:
    """Every card id only ``seat`` may know of: hand, and in the draft its packet, picks,
    start worlds and own piles."""
    p = g.players[seat]
    ids = {c.id for c in p.hand} | {c.id for c in p.deck or ()} | {c.id for c in p.discard or ()}
    if g.draft is not None:
        for group in (g.draft.packets, g.draft.picks, g.draft.start_worlds):
            ids |= {c.id for c in group[seat]}
    return ids - {c.id for c in p.tableau}


def test_a_drafted_game_shows_each_person_only_their_own_packet_and_picks():
    app = _app({"players": 2, "names": ["Ann", "Bob"], "computer": [False, False],
                "goals": True, "seed": "6", "draft": True})
    g = app.c.game
    assert g.draft is not None and app.board.state["settings"]["draft"] is True
    seen_packet = 0
    for _ in range(400):
        if g.decision is None or g.round >= 2:
            break
        if app.c.pending_pass:
            s = app.board.state
            assert "packet" not in s and "picks" not in s and s["hand"] == []
            app.on_action({"do": "seat"})
        seat = app.c.viewer
        s = app.board.state
        text = json.dumps(s)
        other = _private_ids(g, 1 - seat)
        assert not any(f'"{i}"' in text for i in other)
        if g.draft.packets[seat]:
            assert [c["id"] for c in s["packet"]] == [c.id for c in g.draft.packets[seat]]
            assert s["question"]["cards"] and s["question"]["kind"] == "draft_pick"
            assert s["picks"] == [c.name for c in g.draft.picks[seat]]
            seen_packet += 1
        d = app.c.decision
        app.on_action({"do": "answer", "ids": random_pick(d, random.Random(len(g.choices)))})
    assert seen_packet > 40 and g.round >= 1 and g.draft.done
    s = app.board.state
    assert s["pile"]["own"] and "packet" not in s


def test_the_draft_is_for_two_or_three_players():
    app = _app()
    app.on_action({"do": "new", "settings": {**FORM, "players": 4, "draft": True,
                                              "names": ["A", "B", "C", "D"],
                                              "computer": [False, True, True, True]}})
    assert app.c.status.error and "draft" in app.c.status.text


def _to_question(app: TableApp) -> None:
    if app.board.state["question"] is None:
        app.on_action({"do": "seat"})


def test_a_slow_computer_turn_names_each_seat_thinking_before_the_state():
    app = _app({**FORM, "computer": [False, True, True], "names": ["Ann", "Bea", "Cy"]})
    _to_question(app)
    app.announce_after = 0.0  # every computation is "slow": each seat in turn is named
    states: list[int] = []
    app.board.observe(lambda ch: states.append(len(app.replies)), names="state")
    before = len(app.replies)
    d = app.c.decision
    app.on_action({"do": "answer", "ids": random_pick(d, random.Random(1))})
    said = [r for r in app.replies[before:] if r["kind"] == "busy"]
    assert said, "the computer seats played after Ann's answer"
    assert {r["who"] for r in said} <= {"Bea (computer)", "Cy (computer)"}
    assert all(a != b for a, b in zip(said, said[1:], strict=False))  # once per seat in turn
    assert states and states[-1] == len(app.replies)  # the state comes after them all
    assert app.busy_since is None  # no message is being handled any more


def test_a_quick_computer_turn_sends_no_names():
    app = _app({**FORM, "level": "random"})
    _to_question(app)
    before = len(app.replies)
    app.on_action({"do": "answer", "ids": random_pick(app.c.decision, random.Random(1))})
    assert [r for r in app.replies[before:] if r["kind"] == "busy"] == []


def test_a_message_that_leads_to_no_state_is_answered_idle():
    app = _app()
    serial = app.board.state["serial"]
    app.on_action({"do": "no such thing"})
    assert app.replies[-1] == {"kind": "idle"} and app.board.state["serial"] == serial


def test_each_game_is_named_in_the_forms_settings():
    app = _app()
    first = app.board.state["settings"]["game"]
    app.on_action({"do": "seat"})
    assert app.board.state["settings"]["game"] == first  # the same game
    app.on_action({"do": "new", "settings": dict(FORM)})
    app.on_action({"do": "new", "settings": dict(FORM)})  # the confirmation
    assert not app.c.status.error, app.c.status.text
    assert app.board.state["settings"]["game"] != first


def test_the_computer_seats_choose_their_actions_while_the_person_chooses():
    """On the page the computer seats work out their choice of actions while the person is
    choosing (TableController.think_ahead, on a thread), and the game goes exactly as on a
    controller that lets them think only when asked."""
    form = {"players": 4, "names": ["Ann", "C1", "C2", "C3"],
            "computer": [False, True, True, True], "goals": True, "seed": "12"}
    app = _app(form)
    _play(app, rounds=4, check=False)
    g = app.c.game
    assert app.c.ahead.given >= 3 * 4  # three seats, four rounds
    people = [ids for ids, seat in zip(g.choices, g.deciders, strict=True) if seat == 0]
    c = TableController()  # never asked to think ahead
    c.new_game(TableSettings(4, form["names"], form["computer"], seed=12))
    for ids in people:
        if c.pending_pass:
            c.confirm_seat()
        assert c.answer(list(ids))
    assert c.game.choices == g.choices and c.ahead.given == 0
