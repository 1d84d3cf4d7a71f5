"""The solitaire dashboard, driven in-process exactly as its page would drive it.

The page script (``board.js``) is not run here. Instead each test sends ``SoloApp.on_action``
the same messages the page sends (``{"do": "answer", "ids": [...]}``, ``{"do": "next"}``, ...)
and reads what the board would draw: the widget's ``state``, ``info``, ``faces`` and ``meta``
traits, the custom replies (``app.replies``) and the Charts and Game log tabs. Answers are drawn
with a seeded ``random.Random`` among the legal ones, so each game is the same on every run; the
expected values always come from the engine or the controller, never from this file.
"""

from __future__ import annotations

import json
import random
import re
import statistics
from collections.abc import Callable
from html import escape
from html.parser import HTMLParser
from typing import Any

import pandas as pd
import pytest

from rftg_nb.cards import CARDS
from rftg_nb.cards.text import card_text, describe_power
from rftg_nb.engine.why import card_notes
from rftg_nb.players import random_pick
from rftg_nb.robot import SoloGame
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS, SPACES, place_dice, player_markers
from rftg_nb.robot.rules import mat_rows, rule_summary
from rftg_nb.ui import NewGameSettings, SoloApp, SoloController
from rftg_nb.ui.app import PLOTLY_MIME, TAB_CHARTS, TAB_HELP, TAB_LOG
from rftg_nb.ui.charts import CHARTS, CONFIG, x_positions
from rftg_nb.ui.faces import face_html, full_text, kind_text
from rftg_nb.ui.phases import PHASE_ORDER, phase_order, phase_title

CHART_COLUMNS = {
    "vp_pool": ["vp_pool"],
    "robot": ["robot_credit", "robot_economy"],
    "race": ["player_score", "robot_score", "player_tableau", "robot_tableau"],
}


# ---------------------------------------------------------------------------- helpers
def _app(seed: int = 5, **settings: Any) -> SoloApp:
    c = SoloController()
    c.new_game(NewGameSettings(seed=seed, **settings))
    return SoloApp(c)


def _send(app: SoloApp, what: str, **rest: Any) -> None:
    """One message from the page."""
    app.on_action({"do": what, **rest})


def _answer(app: SoloApp, rng: random.Random) -> list[str]:
    """Answer the shown question with a random legal answer, as the page would send it."""
    d = app.c.decision
    assert d is not None and app.board.state["question"] is not None
    ids = random_pick(d, rng)
    _send(app, "answer", ids=ids)
    return ids


def _play_until(app: SoloApp, rng: random.Random, done: Callable[[SoloApp], Any],
                limit: int = 400) -> None:
    for _ in range(limit):
        if done(app):
            return
        if app.c.pending_steps():
            _send(app, "all")
        else:
            _answer(app, rng)
    raise AssertionError("the condition was never reached")


def _kind(kind: str) -> Callable[[SoloApp], bool]:
    return lambda a: a.c.decision is not None and a.c.decision.kind == kind


def _over(app: SoloApp) -> bool:
    return app.c.game.is_over and not app.c.pending_steps()


def _state(app: SoloApp) -> dict[str, Any]:
    return app.board.state


def _status(app: SoloApp) -> tuple[str, bool]:
    st = _state(app)["status"]
    return st["text"], st["error"]


def _check(app: SoloApp, ids: list[str]) -> dict[str, Any]:
    before = len(app.replies)
    _send(app, "check", ids=ids)
    assert len(app.replies) == before + 1
    return app.replies[-1]


def _cards(s: dict[str, Any]) -> list[dict[str, Any]]:
    return s["hand"] + s["explored"] + s["tableau"]


def _robot_moves(app: SoloApp) -> list[str]:
    """The texts of the robot's revealed events (what the moves list may draw from)."""
    return [e.text for e in app.c.visible_events() if e.actor == "robot"]


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


# ---------------------------------------------------------------------------- one state, checked
def _check_question(app: SoloApp, s: dict[str, Any]) -> None:
    """The question and the cards the board shows for it, against the engine's decision."""
    c, g = app.c, app.c.game
    d = c.decision
    q = s["question"]
    if d is None:
        assert q is None
        return
    assert q is not None
    assert [o["id"] for o in q["options"]] == list(d.ids)
    assert [o["label"] for o in q["options"]] == [o.label for o in d.options]
    assert (q["kind"], q["prompt"], q["min"], q["max"]) == (d.kind, d.prompt, d.min, d.max)
    assert q["none_ok"] == (d.check(()) is None)
    assert q["where"] == ("Setup" if g.round == 0 else f"Round {g.round}, "
                          + phase_title(g.phase))
    me = g.players[0]
    mine = {x.id for x in me.hand} | {x.id for x in me.tableau}
    assert q["cards"] == (bool(d.ids) and set(d.ids) <= mine)
    if d.kind == "dice":
        faces = [f["id"] for die in ("A", "B") for f in q["dice"][die]]
        assert sorted(faces) == sorted(d.ids)
    else:
        assert "dice" not in q
    shown = _cards(s)
    picked = {x["id"] for x in shown if x.get("o")}
    assert picked == (set(d.ids) if q["cards"] else set())
    notes = card_notes(g, 0) if q["cards"] and d.kind != "explore_keep" else {}
    if not set(d.ids) & {x.id for x in me.hand}:  # a tableau question leaves the hand undimmed
        notes = {k: v for k, v in notes.items() if k not in {x.id for x in me.hand}}
    assert {x["id"]: x["why"] for x in shown if "why" in x} == notes
    for x in shown:
        assert not (x.get("o") and x.get("why"))
    if d.kind == "explore_keep":
        assert q["cards"]
        assert sorted(x["id"] for x in s["explored"]) == sorted(d.ids)
        assert not {x["id"] for x in s["hand"]} & set(d.ids)
    else:
        assert s["explored"] == []


def _check_board(app: SoloApp) -> dict[str, Any]:
    """Everything the board shows, against the game at the step cursor; returns the state."""
    c, g = app.c, app.c.game
    s = _state(app)
    json.dumps(s, allow_nan=False)
    pending = c.pending_steps()
    assert s["pending"] == pending and s["step_through"] == c.step_through
    seen = g.at_step(c.shown) if pending else g  # the game as the person may see it
    assert len(seen.events) == c.shown
    if pending:
        assert s["question"] is None
    else:
        _check_question(app, s)
    me = seen.players[0]
    hand = {x.id: x.name for x in me.hand}
    assert {x["id"]: x["n"] for x in s["hand"] + s["explored"]} == hand
    assert len(s["hand"]) + len(s["explored"]) == len(me.hand)
    if not s["explored"]:
        assert [x["id"] for x in s["hand"]] == [x.id for x in me.hand]
    assert [(x["id"], x["n"], bool(x.get("g"))) for x in s["tableau"]] == [
        (x.id, x.name, x.good is not None) for x in me.tableau]
    assert s["counts"] == {  # cards in hand: not the explored ones you are choosing among
        "military": me.total_military(), "goods": me.good_count(),
        "hand": len(me.hand) - len(s["explored"]), "deck": len(seen.deck),
        "discard": len(seen.discard), "chips": me.vp,
    }
    now = g.numbers_at(c.shown - 1)
    assert s["score"] == {"you": now["player_score"], "robot": now["robot_score"],
                          "pool": now["vp_pool"]}
    if not pending:
        assert [s["score"]["you"], s["score"]["robot"]] == g.scores()
        assert s["score"]["pool"] == g.vp_pool
    assert s["game"] == {"seed": g.seed, "round": seen.round,
                         "difficulty": c.settings.difficulty,
                         "over": g.is_over and not pending, "started": bool(g.choices)}
    assert s["undo"] == bool(g.choices)
    # the robot's mat at the cursor
    r, m = seen.robot, s["mat"]
    assert [x["n"] for x in m["tableau"]] == list(r.tableau)
    assert (m["credit"], m["economy"], m["chips"], m["stack"], m["counters"]) == (
        r.credit, r.economy, r.vp_chips, len(r.stack), r.counters_left)
    assert (m["start"], m["start_gone"]) == (r.start.name, r.start.name not in r.tableau)
    assert len(m["spaces"]) == len(SPACES)
    for sp in m["spaces"]:
        if sp.get("dice"):
            assert sp["lit"] == "act"
    # the robot's moves: only revealed ones, the latest last
    moves = [x["t"] for x in s["moves"]]
    revealed = _robot_moves(app)
    assert moves == revealed[len(revealed) - len(moves):]
    assert bool(moves) == bool(revealed)
    return s


# ---------------------------------------------------------------------------- whole games
@pytest.mark.parametrize(("seed", "difficulty", "step"), [
    (3, "easy", False), (17, "medium", True), (29, "hard", False), (41, "hard", True)])
def test_a_whole_game_played_through_the_board(seed, difficulty, step):
    app = _app(seed=seed, difficulty=difficulty)
    rng = random.Random(seed)
    if step:
        _send(app, "step", on=True)
    serial = _check_board(app)["serial"]
    sizes, kinds, cursor_checks = [], set(), 0
    for _ in range(1000):
        if _over(app):
            break
        if app.c.pending_steps():
            # mostly one step at a time, now and then the rest at once
            _send(app, "all" if rng.random() < 0.15 else "next")
            cursor_checks += 1
        else:
            kinds.add(app.c.decision.kind)
            _answer(app, rng)
            sizes.append(len(json.dumps(_state(app))))
        s = _check_board(app)
        assert s["serial"] > serial
        serial = s["serial"]
    else:
        raise AssertionError("the game did not end")
    assert {"initial_discard", "actions"} <= kinds
    assert cursor_checks > 20 if step else cursor_checks == 0
    assert statistics.median(sizes) < 8000
    _check_end_sheet(app)


def _check_end_sheet(app: SoloApp) -> None:
    g = app.c.game
    s = _state(app)
    assert s["question"] is None and s["game"]["over"]
    end = s["end"]
    assert end is not None
    engine = SoloGame.from_json(g.to_json())  # an independent replay of the same choices
    assert engine.is_over and engine.snapshot() == g.snapshot()
    rows = {r[0]: r[1:] for r in end["rows"]}
    assert rows["Total"] == [str(x) for x in engine.scores()]
    p, r = engine.score_breakdown(0), engine.score_breakdown(1)
    assert rows["Printed VP on cards"] == [str(p["cards"]), str(r["cards"])]
    assert rows["VP chips"] == [str(p["chips"]), str(r["chips"])]
    assert rows["6-cost developments"] == [str(sum(p["bonuses"].values())),
                                           str(sum(r["six_cost"].values()))]
    assert rows["6-cost counters"] == ["", str(r["counters"])]
    assert end["bonuses"] == [f"{k}: {v} VP" for k, v in p["bonuses"].items()]
    winners = engine.winners
    if len(winners) > 1:
        assert "shared" in end["headline"]
    else:
        assert end["headline"].startswith("you" if winners == [0] else "robot")
    reasons = next(e.data["reasons"] for e in engine.events if e.kind == "game_end")
    assert end["reason"] == "The game ends: " + "; ".join(reasons) + "."
    json.dumps(end)


def test_the_end_sheet_waits_until_the_last_robot_step_is_shown():
    app = _app(seed=3)
    _send(app, "step", on=True)
    rng = random.Random(3)
    _play_until(app, rng, lambda a: a.c.game.is_over)
    assert app.c.pending_steps()  # the robot's last Consume and Produce moves
    s = _state(app)
    assert s["end"] is None and not s["game"]["over"] and s["question"] is None
    _send(app, "all")
    assert _state(app)["end"] is not None and _state(app)["game"]["over"]


def test_the_score_follows_the_game():
    app = _app(seed=9)
    rng = random.Random(9)
    for _ in range(25):
        s = _state(app)
        assert [s["score"]["you"], s["score"]["robot"]] == app.c.game.scores()
        assert s["score"]["pool"] == app.c.game.vp_pool
        _answer(app, rng)


def test_the_board_info_is_sent_once_per_game_and_names_the_rules():
    app = _app(seed=5)
    info = app.board.info
    values = app.c.game.robot.values
    rows = mat_rows(values)
    assert [x["id"] for x in info["spaces"]] == list(SPACES)
    for x in info["spaces"]:
        assert x["label"] == SPACE_LABELS[x["id"]]
        assert (x["act"], x["resp"]) == rows[x["id"]]
    assert info["seed"] == 5
    for rule, text in info["rules"].items():
        assert text == rule_summary(rule, values)
    json.dumps(info, allow_nan=False)
    _answer(app, random.Random(1))
    assert app.board.info is info  # not sent again while the game goes on
    _send(app, "new", settings={"seed": "6"})
    _send(app, "new", settings={"seed": "6"})  # confirmed: a game was in progress
    assert app.c.game.seed == 6 and app.board.info["seed"] == 6
    assert app.board.meta == {"difficulties": list(DIFFICULTIES), "starts": list(START_WORLDS)}


# ---------------------------------------------------------------------------- pick checks
def test_a_check_says_whether_the_picks_are_legal_without_redrawing(monkeypatch):
    app = _app(seed=5)
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(app.board, "send", sent.append)
    d = app.c.decision
    assert d.kind == "initial_discard" and (d.min, d.max) == (2, 2)
    serial = _state(app)["serial"]
    ids = list(d.ids)
    for pick in ([], ids[:1], ids[:2], ids[:3], [ids[0], ids[0]], ["c9999"]):
        reply = _check(app, pick)
        why = d.check(tuple(pick))
        assert reply == {"kind": "check", "ids": pick, "ok": why is None, "why": why or ""}
    assert _check(app, ids[:2])["ok"] and not _check(app, ids[:3])["ok"]
    assert sent == app.replies  # each reply goes to the page as a custom message
    assert _state(app)["serial"] == serial  # a check sends no new state
    assert app.c.game.choices == []
    _send(app, "answer", ids=ids[:2])
    assert app.c.decision.kind == "actions"


def test_a_check_of_the_actions_rule():
    app = _app(seed=5)
    _play_until(app, random.Random(0), _kind("actions"))
    d = app.c.decision
    reply = _check(app, ["develop2", "trade"])
    assert not reply["ok"] and reply["why"] == d.check(("develop2", "trade")) != ""
    assert "preview" not in reply
    assert _check(app, ["develop", "develop2"])["ok"]


def test_a_stale_check_is_judged_against_the_question_now():
    app = _app(seed=5)
    first = list(app.c.decision.ids[:2])
    _send(app, "answer", ids=first)
    now = app.c.decision
    reply = _check(app, first)  # sent for the old question, arrives after the answer
    assert not reply["ok"] and reply["why"] == now.check(tuple(first))
    # while robot steps are held back there is no question at all
    _send(app, "step", on=True)
    _play_until(app, random.Random(5), lambda a: a.c.pending_steps())
    reply = _check(app, first)
    assert reply == {"kind": "check", "ids": first, "ok": False, "why": "no question now"}


def test_the_dice_preview_matches_where_the_robot_puts_the_dice():
    app = _app(seed=5, manual_dice=True)
    rng = random.Random(2)
    _play_until(app, rng, _kind("dice"))
    g = app.c.game
    d = app.c.decision
    s = _check_board(app)
    q = s["question"]
    assert not q["cards"] and q["kind"] == "dice"
    a_faces = [f["face"] for f in q["dice"]["A"]]
    b_faces = [f["face"] for f in q["dice"]["B"]]
    assert [f["label"] for f in q["dice"]["A"]] == [FACE_LABELS[x] for x in a_faces]
    # your markers are on the mat while you roll, and no die is there yet
    marks = player_markers(g.players[0].actions)
    assert marks
    spaces = dict(zip(SPACES, s["mat"]["spaces"], strict=True))
    assert {k for k, sp in spaces.items() if sp.get("you")} == set(marks)
    assert not any(sp.get("dice") for sp in spaces.values())
    # no row is lit before the dice are on the mat
    assert all(sp["lit"] == "" for sp in spaces.values())
    # every legal pair of faces: where the dice would go
    for fa in a_faces:
        for fb in b_faces:
            ids = [f"a:{fa}", f"b:{fb}"]
            reply = _check(app, ids)
            assert reply["ok"] and reply["why"] == "" and d.check(tuple(ids)) is None
            expected = place_dice((fa, fb), g.robot.robot_face, marks)
            assert reply["preview"] == [
                {"die": p.die, "face": FACE_LABELS[p.face], "space_id": p.space,
                 "space": SPACE_LABELS[p.space], "why": p.why} for p in expected]
    # two faces of one die is not a roll
    bad = _check(app, [f"a:{a_faces[0]}", f"a:{a_faces[1]}"])
    assert not bad["ok"] and bad["why"] == d.check((f"a:{a_faces[0]}", f"a:{a_faces[1]}"))
    assert "preview" not in bad
    # roll one pair: the dice land where the preview said
    fa, fb = a_faces[0], b_faces[-1]
    preview = _check(app, [f"a:{fa}", f"b:{fb}"])["preview"]
    _send(app, "answer", ids=[f"a:{fa}", f"b:{fb}"])
    rolls = [e for e in app.c.game.events if e.kind == "dice"]
    assert rolls[-1].data["faces"] == [fa, fb]
    assert [p.rolled for p in app.c.game.robot.dice] == [fa, fb]
    assert f"The robot rolls {FACE_LABELS[fa]} and {FACE_LABELS[fb]}." in [
        x["t"] for x in _state(app)["moves"]]
    if app.c.game.round == rolls[-1].round:  # the mat still shows this round's dice
        placed = {sp_id: sp.get("dice", []) for sp_id, sp in
                  zip(SPACES, _state(app)["mat"]["spaces"], strict=True)}
        for p in preview:
            assert {"die": p["die"], "face": p["face"]} in placed[p["space_id"]]


# ---------------------------------------------------------------------------- illegal answers
def test_an_illegal_answer_says_why_and_changes_nothing():
    app = _app(seed=5)
    _play_until(app, random.Random(5), lambda a: a.c.game.round >= 1)
    before = _state(app)
    snap, choices, decision = app.c.game.snapshot(), list(app.c.game.choices), app.c.decision
    _send(app, "answer", ids=["c9999"])
    after = _state(app)
    text, error = _status(app)
    assert error and text.startswith("Not allowed:") and "c9999" in text
    assert after["question"] == before["question"]
    assert after["hand"] == before["hand"] and after["tableau"] == before["tableau"]
    assert app.c.game.choices == choices and app.c.game.snapshot() == snap
    assert app.c.decision == decision
    _send(app, "answer", ids=list(decision.ids) * 2)  # too many, and repeated
    assert _status(app)[1] and app.c.game.choices == choices


def test_an_answer_while_robot_steps_are_held_back_is_refused():
    app = _app(seed=5)
    _send(app, "step", on=True)
    _play_until(app, random.Random(5), lambda a: a.c.pending_steps())
    choices = list(app.c.game.choices)
    waiting = app.c.game.decision
    _send(app, "answer", ids=random_pick(waiting, random.Random(0)))
    text, error = _status(app)
    assert error and "Step through" in text
    assert app.c.game.choices == choices and _state(app)["question"] is None


def test_unknown_messages_are_ignored():
    app = _app(seed=5)
    serial = _state(app)["serial"]
    app.on_action({"do": "dance"})
    app.on_action({})
    assert _state(app)["serial"] == serial and app.c.game.choices == []


def test_the_board_widget_hands_page_messages_to_the_app():
    app = _app(seed=5)
    ids = list(app.c.decision.ids[:2])
    app.board._message(app.board, {"do": "answer", "ids": ids}, [])
    assert [list(x) for x in app.c.game.choices] == [ids]
    app.board._message(app.board, "not a dict", [])  # ignored
    assert len(app.c.game.choices) == 1


# ---------------------------------------------------------------------------- undo
def test_undo_returns_to_the_previous_question():
    app = _app(seed=8)
    rng = random.Random(8)
    _play_until(app, rng, lambda a: a.c.game.round >= 2)
    keys = ("question", "hand", "explored", "tableau", "counts", "score", "mat")
    before = {k: _state(app)[k] for k in keys}
    snap = app.c.game.snapshot()
    _answer(app, rng)
    assert app.c.game.snapshot() != snap
    _send(app, "undo")
    assert {k: _state(app)[k] for k in keys} == before
    assert app.c.game.snapshot() == snap
    assert _status(app) == ("Undone: back to your previous decision.", False)
    _check_board(app)


def test_undo_at_the_first_question_says_there_is_nothing_to_undo():
    app = _app()
    assert not _state(app)["undo"]
    _send(app, "undo")
    assert _status(app) == ("Nothing to undo: you have made no choice yet in this game.", True)
    assert _state(app)["question"]["kind"] == "initial_discard"
    _answer(app, random.Random(0))
    assert _state(app)["undo"]


# ---------------------------------------------------------------------------- save and load
def _save(app: SoloApp) -> dict[str, Any]:
    serial = _state(app)["serial"]
    _send(app, "save")
    reply = app.replies[-1]
    assert reply["kind"] == "save" and _state(app)["serial"] == serial
    return reply


def test_save_then_load_reproduces_the_game():
    app = _app(seed=12, difficulty="medium")
    rng = random.Random(12)
    _play_until(app, rng, lambda a: a.c.game.round >= 3)
    saved = _save(app)
    assert saved["name"] == f"rftg-solo-seed12-round{app.c.game.round}.json"
    assert json.loads(saved["text"]) == json.loads(app.c.save())
    other = _app(seed=99)
    _send(other, "load", text=saved["text"])
    assert other.c.game.snapshot() == app.c.game.snapshot()
    assert other.c.decision == app.c.decision
    keys = ("question", "hand", "explored", "tableau", "counts", "score", "mat", "moves",
            "game")
    assert {k: _state(other)[k] for k in keys} == {k: _state(app)[k] for k in keys}
    assert other.board.info == app.board.info and other.board.info["seed"] == 12
    assert _status(other) == (f"Loaded a saved game at round {app.c.game.round}.", False)
    # the New game form shows the loaded game's settings; its seed only as a hint
    st = _state(other)["settings"]
    assert st["difficulty"] == "medium" and not st["manual_dice"] and not st["confirm"]
    assert st["seed_hint"] == "blank = random" and st["seed_now"] == 12
    # both games go on the same way
    r1, r2 = random.Random(1), random.Random(1)
    for _ in range(5):
        _answer(app, r1)
        _answer(other, r2)
    assert other.c.game.snapshot() == app.c.game.snapshot()


def test_the_same_file_can_be_loaded_twice():
    app = _app(seed=12)
    rng = random.Random(12)
    _play_until(app, rng, lambda a: a.c.game.round >= 2)
    text = _save(app)["text"]
    snap = app.c.game.snapshot()
    _send(app, "load", text=text)
    _answer(app, rng)
    assert app.c.game.snapshot() != snap
    _send(app, "load", text=text)  # back to the save again
    assert app.c.game.snapshot() == snap
    assert _status(app)[0].startswith("Loaded a saved game")


def test_settings_of_a_loaded_game_are_shown():
    app = _app(seed=5)
    src = SoloController()
    src.new_game(NewGameSettings(seed=31, difficulty="hard", player_start="Alpha Centauri",
                                 robot_start="Separatist Colony", manual_dice=True))
    _send(app, "load", text=src.save())
    st = _state(app)["settings"]
    assert (st["difficulty"], st["player_start"], st["robot_start"], st["manual_dice"]) == (
        "hard", "Alpha Centauri", "Separatist Colony", True)
    assert st["seed_hint"] == "blank = random" and st["seed_now"] == 31
    assert _state(app)["game"]["difficulty"] == "hard"


BAD_FILES = {
    "not JSON": lambda s: "{not json",
    "tampered choice": lambda s: s.replace('"choices": [', '"choices": [["c9999"], ', 1),
    "tampered seed": lambda s: re.sub(r'"seed": \d+', '"seed": "x"', s),
    "empty file": lambda s: "",
}


@pytest.mark.parametrize("make", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_says_why_and_keeps_the_game(make):
    app = _app(seed=4)
    rng = random.Random(4)
    _play_until(app, rng, lambda a: a.c.game.round >= 2)
    game, snap, before = app.c.game, app.c.game.snapshot(), _state(app)
    good = _save(app)["text"]
    bad = make(good)
    assert bad != good
    _send(app, "load", text=bad)
    text, error = _status(app)
    assert error and text.startswith("Could not load that file:")
    assert app.c.game is game and game.snapshot() == snap
    assert _state(app)["question"] == before["question"]
    _answer(app, rng)  # and the game still plays


# ---------------------------------------------------------------------------- new game
def test_new_game_before_any_answer_starts_at_once():
    app = _app(seed=5)
    game = app.c.game
    _send(app, "new", settings={"difficulty": "medium", "seed": "77", "player_start": "",
                                "robot_start": "", "manual_dice": False})
    g = app.c.game
    assert g is not game and (g.seed, g.difficulty) == (77, "medium")
    solo = g.setup["solo"]
    assert (solo["player_start"], solo["robot_start"]) == (None, None)  # "" is random


def test_new_game_during_a_game_asks_for_confirmation():
    app = _app(seed=5)
    rng = random.Random(5)
    _answer(app, rng)
    game, snap = app.c.game, app.c.game.snapshot()
    form = {"difficulty": "hard", "seed": " 321 ", "player_start": "", "robot_start": "",
            "manual_dice": False}
    _send(app, "new", settings=form)
    text, error = _status(app)
    assert error and "A game is in progress" in text
    assert app.c.game is game and game.snapshot() == snap
    assert _state(app)["settings"]["confirm"]
    _answer(app, rng)  # playing on disarms it
    assert not _state(app)["settings"]["confirm"]
    _send(app, "new", settings=form)
    assert app.c.game is game and _state(app)["settings"]["confirm"]
    _send(app, "new", settings=form)  # the second press starts the new game
    g = app.c.game
    assert g is not game and g.choices == [] and (g.seed, g.difficulty) == (321, "hard")
    assert not _state(app)["settings"]["confirm"]
    text, error = _status(app)
    assert not error and text.startswith("New hard game (seed 321)")
    assert _state(app)["question"]["kind"] == "initial_discard"


def test_new_game_after_the_game_is_over_starts_at_once():
    app = _app(seed=3)
    _play_until(app, random.Random(3), _over)
    game = app.c.game
    _send(app, "new", settings={"seed": "4"})
    assert app.c.game is not game and app.c.game.seed == 4
    assert _state(app)["end"] is None


@pytest.mark.parametrize("text", ["abc", "1.5", "12 34"])
def test_a_seed_that_is_not_a_whole_number_is_refused(text):
    app = _app(seed=5)
    game = app.c.game
    _send(app, "new", settings={"seed": text})
    msg, error = _status(app)
    assert error and "The seed must be a whole number" in msg and repr(text) in msg
    assert app.c.game is game


def test_the_same_start_world_for_both_sides_is_refused():
    app = _app(seed=5)
    game = app.c.game
    _send(app, "new", settings={"player_start": "Old Earth", "robot_start": "Old Earth"})
    msg, error = _status(app)
    assert error and "Could not start a game" in msg and app.c.game is game


def test_new_game_with_chosen_start_worlds_difficulty_and_manual_dice():
    app = _app(seed=5)
    _send(app, "new", settings={"difficulty": "hard", "seed": "321",
                                "player_start": "Alpha Centauri",
                                "robot_start": "Separatist Colony", "manual_dice": True})
    g = app.c.game
    assert (g.seed, g.difficulty) == (321, "hard")
    assert g.players[0].tableau[0].name == "Alpha Centauri"
    assert g.robot.start.name == "Separatist Colony"
    assert g.setup["solo"]["dice"] == "manual"
    msg, error = _status(app)
    assert not error and "New hard game (seed 321)" in msg and "Separatist Colony" in msg
    st = _state(app)["settings"]
    assert (st["difficulty"], st["player_start"], st["robot_start"], st["manual_dice"]) == (
        "hard", "Alpha Centauri", "Separatist Colony", True)
    assert _state(app)["mat"]["start"] == "Separatist Colony"
    _play_until(app, random.Random(2), _kind("dice"))
    assert _state(app)["question"]["kind"] == "dice"


# ---------------------------------------------------------------------------- step-through
def _robot_pending(app: SoloApp, rng: random.Random, min_round: int = 1) -> None:
    _play_until(app, rng, lambda a: a.c.pending_steps() > 2 and a.c.game.round >= min_round)


def test_step_through_reveals_the_robots_moves_one_at_a_time():
    app = _app(seed=5)
    _send(app, "step", on=True)
    assert _state(app)["step_through"]
    _robot_pending(app, random.Random(5))
    c = app.c
    rules = app.board.info["rules"]
    values = c.game.robot.values
    while c.pending_steps():
        s = _check_board(app)
        assert s["question"] is None and s["pending"] == c.pending_steps() > 0
        shown, before = c.shown, [x["t"] for x in s["moves"]]
        pending = c.pending_steps()
        _send(app, "next")
        assert c.shown > shown
        # a step reveals one robot move, and the other events before it (a phase beginning,
        # your own draw); the next move's is the next step
        passed = c.game.events[shown: c.shown]
        robot = [x for x in passed if x.actor == "robot" and x.seen_by(0)]
        assert len(robot) == 1
        e = robot[0]
        s = _check_board(app)
        assert s["pending"] == pending - 1
        moves = s["moves"]
        assert moves[-1]["t"] == e.text and moves[-1]["rule"] == e.data["rule"]
        assert s["latest_rule"] == e.data["rule"]
        assert rules[e.data["rule"]] == rule_summary(e.data["rule"], values) != ""
        assert [x["t"] for x in moves][:-1] == before[len(before) + 1 - len(moves):]
    assert _state(app)["question"] is not None and _state(app)["pending"] == 0


def test_every_step_changes_the_board_and_the_count_is_the_steps_left():
    """*Next step* never does nothing: each press shows a new robot move, and "N steps to go"
    is how many presses bring the question back."""
    app = _app(seed=3)
    _send(app, "step", on=True)
    rng = random.Random(3)
    steps = 0
    while app.c.game.round < 4 and not _over(app):
        if not app.c.pending_steps():
            _answer(app, rng)
            continue
        left = _state(app)["pending"]
        for n in range(left, 0, -1):
            before = {k: v for k, v in _state(app).items() if k not in ("serial", "pending")}
            _send(app, "next")
            after = {k: v for k, v in _state(app).items() if k not in ("serial", "pending")}
            assert after != before, "a step that shows nothing new"
            assert _state(app)["pending"] == n - 1
            steps += 1
        assert _state(app)["question"] is not None or _over(app)
    assert steps > 20


def test_explored_cards_are_never_in_the_hand_or_its_count():
    """From the step that draws them until you keep some, the cards you explored show in the
    Explored row, not in your hand, and "cards in hand" does not count them."""
    app = _app(seed=3)
    _send(app, "step", on=True)
    rng = random.Random(3)
    checked = 0
    while app.c.game.round < 6 and not _over(app):
        live = app.c.game.decision
        s = _state(app)
        if live is not None and live.kind == "explore_keep" and live.player == 0:
            hand = {x["id"] for x in s["hand"]}
            drawn = set(live.ids) & {x.id for x in app.c.at_cursor().players[0].hand}
            assert not hand & set(live.ids)
            assert {x["id"] for x in s["explored"]} == drawn
            checked += 1
        assert s["counts"]["hand"] == len(s["hand"])
        if app.c.pending_steps():
            _send(app, "next")
        else:
            _answer(app, rng)
    assert checked > 5


def test_step_through_shows_the_previous_rounds_moves_while_they_are_stepped():
    """The robot's Consume and Produce moves come after your last question of the round; they
    are listed while you step through them, though the next round has begun."""
    app = _app(seed=5)
    _send(app, "step", on=True)
    _play_until(app, random.Random(5), lambda a: a.c.pending_steps()
                and a.c.game.events[a.c.shown].round < a.c.game.round)
    e = app.c.game.events[app.c.shown]
    _send(app, "next")
    assert e.text in [x["t"] for x in _state(app)["moves"]]
    assert _state(app)["game"]["round"] == e.round


def test_show_all_reveals_the_rest_and_brings_the_question_back():
    app = _app(seed=5)
    _send(app, "step", on=True)
    _robot_pending(app, random.Random(5))
    _send(app, "next")
    assert _state(app)["pending"] > 0
    _send(app, "all")
    s = _check_board(app)
    assert s["pending"] == 0 and app.c.shown == len(app.c.game.events)
    assert s["question"] is not None


def test_turning_step_through_off_reveals_everything():
    app = _app(seed=5)
    _send(app, "step", on=True)
    _robot_pending(app, random.Random(5))
    _send(app, "step", on=False)
    s = _check_board(app)
    assert s["pending"] == 0 and not s["step_through"] and s["question"] is not None


def test_the_board_at_every_step_cursor_is_the_game_at_that_step():
    app = _app(seed=21)
    _send(app, "step", on=True)
    rng = random.Random(21)
    steps = 0
    while app.c.game.round < 3:
        if app.c.pending_steps():
            _send(app, "next")
            steps += 1
            s = _check_board(app)
            at = app.c.game.at_step(app.c.shown)
            assert [x["n"] for x in s["mat"]["tableau"]] == list(at.robot.tableau)
            assert [x["id"] for x in s["tableau"]] == [x.id for x in at.players[0].tableau]
        else:
            _answer(app, rng)
    assert steps > 10


# ---------------------------------------------------------------------------- the robot's mat
def test_last_rounds_markers_and_dice_are_off_the_mat_while_you_choose_actions():
    app = _app(seed=4)
    _play_until(app, random.Random(4), lambda a: a.c.game.round == 2
                and a.c.decision is not None and a.c.decision.kind == "actions")
    assert app.c.game.players[0].actions  # round 1's actions are still recorded by the engine
    spaces = _state(app)["mat"]["spaces"]
    assert not any(sp.get("you") or sp.get("dice") or sp["lit"] for sp in spaces)
    _send(app, "answer", ids=["explore5", "produce"])
    spaces = dict(zip(SPACES, _state(app)["mat"]["spaces"], strict=True))
    assert {k for k, sp in spaces.items() if sp.get("you")} == set(
        player_markers(["explore5", "produce"]))


def test_the_mat_lights_the_row_in_use():
    app = _app(seed=11)
    rng = random.Random(11)
    lit = set()
    for _ in range(120):
        if _over(app):
            break
        _answer(app, rng)
        s = _state(app)
        for sp in s["mat"]["spaces"]:
            if sp.get("dice"):
                assert sp["lit"] == "act"
            elif sp["lit"]:
                assert sp["lit"] == "resp" and sp.get("you")
            lit.add(sp["lit"])
    assert {"act", "resp"} <= lit


# ---------------------------------------------------------------------------- charts
def _figure(app: SoloApp, key: str) -> dict[str, Any]:
    bundle, words = app.chart_outputs[key].outputs  # the chart, then its words
    json.dumps(bundle, allow_nan=False)  # widget messages must be strict JSON
    assert "rftg-chart-caption" in words["data"]["text/html"]
    return bundle["data"][PLOTLY_MIME]


def _values(column: pd.Series) -> list:
    return [None if pd.isna(v) else v for v in column]


def test_charts_are_drawn_only_while_their_tab_is_open():
    app = _app(seed=6)
    assert app.tabs.selected_index == TAB_HELP
    rng = random.Random(6)
    _play_until(app, rng, lambda a: a.c.game.round >= 3)
    assert all(out.outputs == () for out in app.chart_outputs.values())
    app.tabs.selected_index = TAB_CHARTS
    tl = app.c.timeline()
    assert len(tl) == len(app.c.visible_events())
    for key in CHARTS:
        fig = _figure(app, key)
        assert fig["config"] == CONFIG
        assert [t["y"] for t in fig["data"]] == [_values(tl[col]) for col in CHART_COLUMNS[key]]
        for t in fig["data"]:
            assert t["x"] == x_positions(tl) and len(t["x"]) == len(tl)
    # while the log is open the charts wait; they catch up when their tab opens again
    app.tabs.selected_index = TAB_LOG
    drawn = len(_figure(app, "race")["data"][0]["x"])
    _answer(app, rng)
    assert len(_figure(app, "race")["data"][0]["x"]) == drawn
    app.tabs.selected_index = TAB_CHARTS
    assert len(_figure(app, "race")["data"][0]["x"]) == len(app.c.timeline()) > drawn
    _answer(app, rng)  # and follow the game while open
    assert len(_figure(app, "race")["data"][0]["x"]) == len(app.c.timeline())


def test_charts_wait_for_round_one():
    app = _app(seed=6)
    app.tabs.selected_index = TAB_CHARTS
    assert app.c.game.round == 0
    assert "round 1" in app.chart_note.value
    assert all(out.outputs == () for out in app.chart_outputs.values())
    _play_until(app, random.Random(6), lambda a: a.c.game.round >= 1)
    assert "round 1" not in app.chart_note.value
    assert all(len(out.outputs) == 2 for out in app.chart_outputs.values())  # a chart, its words


def test_charts_stop_at_the_step_cursor():
    app = _app(seed=5)
    _send(app, "step", on=True)
    _robot_pending(app, random.Random(5))
    app.tabs.selected_index = TAB_CHARTS
    full = app.c.game.timeline()
    for _ in range(2):
        _send(app, "next")
        tl = full[full["step"] < app.c.shown]
        assert len(tl) < len(full)
        for key in CHARTS:
            fig = _figure(app, key)
            for t in fig["data"]:
                assert t["x"] == x_positions(tl)
    _send(app, "all")
    assert _figure(app, "race")["data"][0]["x"] == x_positions(full)


# ---------------------------------------------------------------------------- the log
def test_the_log_is_drawn_only_while_its_tab_is_open():
    app = _app(seed=6)
    _play_until(app, random.Random(6), lambda a: a.c.game.round >= 1)
    assert app.log.value == ""
    app.tabs.selected_index = TAB_LOG
    assert len(_cells(app.log.value)) == len(app.c.log_table()) > 0


def test_the_log_lists_the_revealed_events_and_filters_by_actor_and_phase():
    app = _app(seed=6)
    app.tabs.selected_index = TAB_LOG
    _play_until(app, random.Random(6), lambda a: a.c.game.round >= 2)
    tl = app.c.timeline()
    rows = _cells(app.log.value)
    table = app.c.log_table()
    assert len(rows) == len(table) < len(tl)
    assert [int(r[0]) for r in rows] == table["step"].tolist()[::-1]  # newest first
    assert [r[4] for r in rows] == table["text"].tolist()[::-1]
    assert f"data-steps='{len(tl)}'" in app.log.value
    assert {r[3] for r in rows} == {"robot", "you", "game"}
    # the phase menu: the phases seen so far, in game order
    values = [v for _label, v in app.log_phase.options]
    assert values[0] == "" and values[1:] == phase_order(tl["phase"])
    assert values[1:] == sorted(values[1:], key=PHASE_ORDER.index)
    assert values[1:4] == ["setup", "action", "explore"]
    assert [label for label, _v in app.log_phase.options][1:] == [
        phase_title(v) for v in values[1:]]
    app.log_actor.value = "robot"
    rows = _cells(app.log.value)
    assert rows and {r[3] for r in rows} == {"robot"}
    assert len(rows) == len(app.c.log_table(actor="robot"))
    app.log_phase.value = "explore"
    rows = _cells(app.log.value)
    assert rows and {(r[2], r[3]) for r in rows} == {(phase_title("explore"), "robot")}
    app.log_actor.value = ""
    rows = _cells(app.log.value)
    assert {r[2] for r in rows} == {phase_title("explore")} and {r[3] for r in rows} > {"robot"}
    assert len(rows) == len(app.c.log_table(phase="explore"))
    # the filter stays on while playing
    _answer(app, random.Random(1))
    assert {r[2] for r in _cells(app.log.value)} == {phase_title("explore")}
    assert app.log_phase.value == "explore"


def test_the_log_stops_at_the_step_cursor():
    app = _app(seed=5)
    app.tabs.selected_index = TAB_LOG
    _send(app, "step", on=True)
    _robot_pending(app, random.Random(5))
    _send(app, "next")
    steps = [int(r[0]) for r in _cells(app.log.value)]
    assert max(steps) < app.c.shown < len(app.c.game.events)
    assert f"data-steps='{len(app.c.timeline())}'" in app.log.value


# ---------------------------------------------------------------------------- card faces
def test_every_design_has_a_face_and_a_text():
    faces = _app(seed=5).board.faces
    assert set(faces) == set(CARDS.designs)
    for name, f in faces.items():
        d = CARDS.designs[name]
        assert f["html"] == face_html(d) and f["text"] == full_text(d)
        assert f["world"] == d.is_world and (f["good"] is None) == (d.good is None)
    json.dumps(faces)


def test_a_face_shows_cost_vp_kind_flags_and_a_line_per_power():
    for d in CARDS.designs.values():
        html = face_html(d)
        # the name as text (a hyphenated word kept whole in a span of its own)
        assert escape(d.name) in re.sub(r"</?span[^>]*>", "", html)
        assert f'<span class="rf-vp" title="{"?" if d.is_six_cost else d.vp} VP">' in html
        if d.military:
            assert 'class="rf-face world military' in html
            assert f'<span class="rf-cost mil" title="defence {d.cost}">{d.cost}</span>' in html
        else:
            assert "military" not in html.split('class="rf-band"')[0]
            assert f'<span class="rf-cost" title="cost {d.cost}">{d.cost}</span>' in html
        assert f">{escape(kind_text(d))}</div>" in html
        assert html.count('<div class="rf-pw">') == len(d.powers)
        assert html.count('<div class="rf-pw rf-six">') == (1 if d.bonuses else 0)
        for pw in d.powers:
            roman, text = describe_power(pw).split(": ", 1)
            assert f"<b>{roman}</b> {escape(text)}" in html


def test_faces_of_known_cards():
    assert '<span class="rf-vp" title="? VP">?</span>' in face_html(
        CARDS["Galactic Federation"])
    rebel = face_html(CARDS["Rebel Outpost"])
    assert 'rf-cost mil' in rebel and '<span class="rf-flag">Rebel</span>' in rebel
    assert "Novelty production world" in face_html(CARDS["Gem World"])
    windfall = [d for d in CARDS.designs.values()
                if d.is_world and d.good == "novelty" and d.windfall and not d.military]
    assert windfall and "Novelty windfall world" in face_html(windfall[0])
    flagged = {f: [d for d in CARDS.designs.values() if f in d.flags]
               for f in ("alien", "rebel", "imperium", "uplift")}
    for flag, label in (("alien", "Alien"), ("rebel", "Rebel"), ("imperium", "Imperium"),
                        ("uplift", "Uplift")):
        assert flagged[flag], flag
        for d in flagged[flag]:
            assert f'<span class="rf-flag">{label}</span>' in face_html(d)
    assert kind_text(CARDS["Genetics Lab"]) == "development"
    assert kind_text(CARDS["Galactic Federation"]) == "6-cost development"


def test_the_full_text_has_every_power_line():
    for d in CARDS.designs.values():
        text = full_text(d)
        lines = text.split("\n")
        assert lines[0] == d.name
        assert kind_text(d) in lines[1]
        assert (f"defence {d.cost}" if d.military else f"cost {d.cost}") in lines[1]
        for line in card_text(d).split("\n")[1:]:
            assert line in lines
        if not d.powers and not d.bonuses:
            assert lines[-1] == "No powers."


def test_the_board_sends_its_page_the_new_game_menus():
    meta = _app(seed=5).board.meta
    assert meta["difficulties"] == list(DIFFICULTIES)
    assert meta["starts"] == list(START_WORLDS)


# ---------------------------------------------------------------------------- the coach
def test_the_explain_switch_adds_a_sentence_on_each_questions_phase():
    from rftg_nb.engine.why import phase_note

    app = _app(seed=9)
    assert "coach" not in _state(app)["question"] and _state(app)["explain"] is False
    _send(app, "explain", on=True)
    rng = random.Random(9)
    kinds = set()
    for _ in range(40):
        s = _state(app)
        if s["question"] is None:
            break
        assert s["explain"] is True
        coach = s["question"]["coach"]
        assert coach.startswith(phase_note(app.c.game, 0)) and phase_note(app.c.game, 0) != ""
        kinds.add(s["question"]["kind"])
        _answer(app, rng)
    assert {"initial_discard", "actions"} <= kinds and len(kinds) >= 4
    _send(app, "explain", on=False)
    assert "coach" not in (_state(app)["question"] or {})


def test_explain_says_under_each_action_what_the_robots_response_row_does():
    """The action choice is where a solitaire player weighs the robot's response rows: with
    Explain on, each action carries what the robot does in its phase if the dice do not call
    it, with this robot's numbers (the mat's response row in a sentence)."""
    phase = {"explore5": "Explore", "explore11": "Explore", "develop": "Develop",
             "develop2": "Develop", "settle": "Settle", "settle2": "Settle",
             "trade": "Consume", "x2": "Consume", "produce": "Produce"}
    for difficulty in ("easy", "hard"):
        app = _app(seed=9, difficulty=difficulty)
        _play_until(app, random.Random(9), _kind("actions"))
        q = _state(app)["question"]
        assert all("note" not in o for o in q["options"])  # Explain is off
        _send(app, "explain", on=True)
        q = _state(app)["question"]
        values = app.c.game.robot.values
        assert {o["id"] for o in q["options"]} == set(phase)
        for o in q["options"]:
            assert o["note"] == rule_summary(f"{phase[o['id']]} response", values) != ""
        assert "response row" in q["coach"]
        develop = next(o for o in q["options"] if o["id"] == "develop")["note"]
        assert f"credit {values['develop_counter_credit_response']} or more" in develop
        _answer(app, random.Random(1))
        assert all("note" not in o for o in (_state(app)["question"] or {}).get("options", []))

