"""Replaying a kept game (rftg_nb.history.replay and rftg_nb.ui.replay_app): the stops, the
game at each of them equal to the live game at that moment, the board showing the viewer no
more than the live board showed them, and the replay page reading only."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rftg_nb import Game, RandomPlayer, SoloGame, history
from rftg_nb.history.replay import Replay, ReplayError, load_game
from rftg_nb.players import random_pick
from rftg_nb.ui import NewGameSettings, SoloController
from rftg_nb.ui.history_app import TAB_REPLAY, HistoryApp
from rftg_nb.ui.replay_app import ReplayApp, open_replay
from rftg_nb.ui.solo_board import board_state
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_board import table_state
from rftg_nb.ui.table_seats import TableSettings


def _robot_tableau(game: SoloGame) -> list[Any] | None:
    """The robot's tableau, or None before its mat is dealt (the first events of the deal)."""
    robot = getattr(game, "robot", None)
    return None if robot is None else list(robot.tableau)


class _Noting(SoloGame):
    """A solitaire game that notes your cards and the robot's tableau after each event."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.seen: list[dict[str, Any]] = []
        super().__init__(*args, **kwargs)

    def _own_listeners(self) -> list[Any]:
        return [*super()._own_listeners(), self._note]

    def _note(self, _event: Any) -> None:
        me = self.players[0]
        self.seen.append({"hand": sorted(c.name for c in me.hand),
                          "tableau": [c.name for c in me.tableau],
                          "robot": _robot_tableau(self)})


def _solo(seed: int) -> SoloGame:
    g = SoloGame.new(seed=seed, difficulty="medium")
    RandomPlayer(seed).play(g)
    return g


def test_the_stops_are_every_question_of_yours_and_every_robot_move_in_order() -> None:
    g = _solo(11)
    r = Replay(g.to_json())
    kinds = [s.kind for s in r.stops]
    assert kinds[-1] == "end" and kinds.count("end") == 1
    decisions = [s for s in r.stops if s.kind == "decision"]
    # every choice of the solitaire game is yours, each asked once, with the answer given
    assert [s.choices for s in decisions] == list(range(len(g.choices)))
    assert [s.answer for s in decisions] == [tuple(c) for c in g.choices]
    robot = [i + 1 for i, e in enumerate(g.events) if e.actor == "robot"]
    assert [s.events for s in r.stops if s.kind == "move"] == robot
    assert [(s.choices, s.events) for s in r.stops] == sorted((s.choices, s.events)
                                                              for s in r.stops)
    assert r.stop_of_choice(3) == r.decision_stops()[3]


def test_the_game_at_each_stop_is_the_game_as_it_stood_then() -> None:
    g = _solo(12)
    r = Replay(g.to_json())
    noted = _Noting(g.setup, g.seed, g.db)
    live = SoloGame(g.setup, g.seed, g.db)
    asked = []  # (events, prompt, option ids) when each question was asked, live
    for ids in g.choices:
        d = live.decision
        asked.append((len(live.events), d.prompt, [o.id for o in d.options]))
        live.apply(list(ids))
        noted.apply(list(ids))
    for i in random.Random(1).sample(range(len(r)), 40) + [len(r) - 1]:
        s = r.stops[i]
        at = r.game_at(i)
        me = at.players[0]
        cards = {"hand": sorted(c.name for c in me.hand),
                 "tableau": [c.name for c in me.tableau],
                 "robot": _robot_tableau(at)}
        assert cards == noted.seen[s.events - 1], i
        if s.kind == "decision":
            assert (len(at.events), at.decision.prompt,
                    [o.id for o in at.decision.options]) == asked[s.choices]
    end = r.game_at(len(r) - 1)
    assert end.is_over and end.scores() == g.scores() and end.to_json() == g.to_json()


def test_an_unfinished_game_ends_where_it_was_kept() -> None:
    g = SoloGame.new(seed=5)
    rng = random.Random(5)
    for _ in range(15):
        g.apply(random_pick(g.decision, rng))
    r = Replay(g.to_json())
    assert r.stops[-1].text.startswith("The game as it was kept")
    assert r.game_at(len(r) - 1).to_json() == g.to_json()


def test_a_bad_save_or_stop_is_refused_naming_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="JSON"):
        load_game("{not json")
    r = Replay(_solo(3))
    with pytest.raises(ReplayError, match="stop"):
        r.stop(len(r))
    with pytest.raises(ReplayError, match="viewer"):
        Replay(_solo(3), viewer=4)


def test_the_board_at_every_stop_shows_what_you_saw_then() -> None:
    """The replay's board against the live board stepping through the same game: at each
    robot move the step-through board, at each question the live board asking it."""
    c = SoloController()
    c.new_game(NewGameSettings(seed=21, difficulty="hard"))
    c.set_step_through(True)
    rng = random.Random(21)
    live: dict[tuple[int, str], dict[str, Any]] = {}  # (events shown, kind) -> board parts

    def parts(s: dict[str, Any]) -> dict[str, Any]:
        q = s["question"]
        return {"hand": [x["n"] for x in s["hand"]], "explored": [x["n"] for x in s["explored"]],
                "tableau": [x["n"] for x in s["tableau"]], "mat": s["mat"], "score": s["score"],
                "moves": s["moves"], "q": q and (q["prompt"], [o["id"] for o in q["options"]])}

    while not (c.game.is_over and not c.pending_steps()):
        if c.pending_steps():
            c.next_step()
            if c.pending_steps():  # (after the round's last move the next question shows)
                live[(c.shown, "move")] = parts(board_state(c))
        else:
            live[(c.shown, "decision")] = parts(board_state(c))
            assert c.answer(random_pick(c.decision, rng))
    app = ReplayApp(c.save())
    compared = 0
    for i, s in enumerate(app.replay.stops):
        app.seek(i)
        key = (s.events, s.kind)
        if key in live:
            assert parts(app.state()) == live[key], (i, s)
            compared += 1
    assert compared >= 60


def _table_game(seed: int) -> TableController:
    c = TableController()
    c.new_game(TableSettings(3, ["Ann", "Bob", "Cy"], [False, True, True], seed=seed,
                             level="random"))
    c.confirm_seat()
    c.autoplay("game")
    assert c.game.is_over
    return c


def test_a_table_replay_never_shows_another_hand_until_asked_at_the_end() -> None:
    c = _table_game(4)
    app = ReplayApp(c.save())
    assert app.c.viewer == 0  # the person's seat
    g = app.replay.game
    for i in range(0, len(app.replay), 7):
        app.seek(i)
        at = app.c.game
        state = app.state()
        text = json.dumps(state)
        assert "hands" not in state["replay"]
        for p in at.players[1:]:
            for x in p.hand:
                assert json.dumps(x.id) not in text, (i, p.name, x.name)
        assert sorted(x["n"] for x in state["hand"] + state["explored"]) == sorted(
            x.name for x in at.players[0].hand)
        assert state == {**table_state(app.c, app.serial), **{
            k: state[k] for k in ("replay", "undo", "end", "game", "pass_to", "question", "banner")
            if k in state}}
    app.on_action({"do": "all_hands", "on": True})
    hands = app.board.state["replay"]["hands"]
    at = app.c.game
    assert [h["cards"] for h in hands] == [[x.name for x in p.hand] for p in at.players]
    assert g.is_over


def test_the_replay_page_answers_nothing_and_moves_by_the_scrubber() -> None:
    app = ReplayApp(_solo(8).to_json(), title="Game 1")
    n = len(app.replay)
    before = app.c.game.to_json()
    for msg in ({"do": "answer", "ids": ["a1"]}, {"do": "undo"}, {"do": "new"},
                {"do": "save"}, {"do": "seek", "to": "nowhere"}):
        app.on_action(msg)
        assert app.replies[-1] == {"kind": "idle"}
    assert app.c.game.to_json() == before and app.c.index == 0
    app.on_action({"do": "seek", "by": 1})
    assert app.board.state["replay"]["at"] == 1
    app.on_action({"do": "seek", "by": -5})
    assert app.board.state["replay"]["at"] == 0
    app.on_action({"do": "seek", "to": "last"})
    s = app.board.state
    assert s["replay"]["at"] == n - 1 and s["game"]["over"] and s["end"]["headline"]
    app.on_action({"do": "seek", "to": 2})
    s = app.board.state
    assert s["replay"]["kind"] == "decision" and s["end"] is None and not s["undo"]
    assert s["question"]["answered"] == list(app.replay.stops[2].answer)
    assert s["replay"]["title"] == "Game 1" and 2 in s["replay"]["marks"]
    assert not s["replay"]["can_show_hands"]  # the solitaire game has no other hand


def test_the_history_page_opens_a_game_on_its_replay_tab(tmp_path: Path) -> None:
    h = history.open(tmp_path / "h.sqlite")
    gid = h.add(_solo(2))
    t = Game.new(players=2, seed=3, names=["<b>Ann</b>", "Bo"])
    RandomPlayer(3).play(t)
    tid = h.add(t)
    app = HistoryApp(tmp_path / "h.sqlite")
    app.pick.value = gid
    app.replay_button.click()
    assert app.tabs.selected_index == TAB_REPLAY
    assert app.replay.root in app.replay_box.children
    assert app.replay.board.state["replay"]["title"] == f"Game {gid}"
    app.pick.value = tid
    app.replay_button.click()
    assert app.replay.board.state["mode"] == "table"
    assert open_replay(h.row(tid).save).viewer == 0


def test_the_replay_tab_reviews_a_solitaire_game_and_keeps_the_review(tmp_path: Path) -> None:
    h = history.open(tmp_path / "h.sqlite")
    gid = h.add(_solo(6))
    app = HistoryApp(tmp_path / "h.sqlite")
    app.review_deals = 2
    app.open_replay(gid)
    assert app.review is None and not app.review_button.disabled
    seen = []
    app.review_progress.observe(lambda c: seen.append(c["new"]), names="value")
    app.review_button.click()
    assert seen and seen[-1] == app.review_progress.max  # the bar moved to its end
    assert app.review is not None and app.review_button.disabled
    assert h.row(gid).review == app.review  # kept with the game
    moments = app.review_moments.children
    assert 3 <= len(moments) <= 5
    assert app.review_chart.outputs  # the win-chance chart
    # a key moment's Show moves the replay to that question
    first = app.review["decisions"][app.review["key"][0]]
    moments[0].children[0].click()
    assert app.replay.c.index == first["stop"]
    state = app.replay.board.state
    assert state["replay"]["kind"] == "decision"
    assert state["question"]["judged"]["ai_labels"] == first["ai_labels"]
    assert state["hint"]["ids"] == first["ai"]  # the AI's answer ringed on the board
    # the next visit shows the kept review at once, without reviewing again
    again = HistoryApp(tmp_path / "h.sqlite")
    again.open_replay(gid)
    assert again.review == app.review and again.review_button.disabled
    assert len(again.review_moments.children) == len(moments)


def test_a_table_game_is_reviewed_for_the_seat_replayed(tmp_path: Path) -> None:
    h = history.open(tmp_path / "h.sqlite")
    t = Game.new(players=2, seed=3, names=["<i>Ann</i>", "Bo"])
    RandomPlayer(3).play(t)
    app = HistoryApp(tmp_path / "h.sqlite")
    app.review_deals = 1
    app.open_replay(h.add(t))
    assert "&lt;i&gt;Ann&lt;/i&gt;" in app.review_note.value  # the seat's name as text
    app.review_button.click()
    assert app.review["viewer"] == 0
    assert {"actions", "develop", "settle"} <= {x["kind"] for x in app.review["decisions"]}
    assert app.review_moments.children


def test_an_unfinished_game_is_resumed_and_kept_under_its_own_row(tmp_path: Path) -> None:
    h = history.open(tmp_path / "h.sqlite")
    g = SoloGame.new(seed=9)
    rng = random.Random(9)
    for _ in range(12):
        g.apply(random_pick(g.decision, rng))
    gid = h.add(g, key="kept-game")
    done = h.add(_solo(4))
    app = HistoryApp(tmp_path / "h.sqlite")
    app.pick.value = done
    assert app.resume_button.disabled  # a finished game is replayed, not resumed
    app.pick.value = gid
    assert not app.resume_button.disabled
    app.resume_button.click()
    play = app.playing
    assert app.tabs.selected_index == 3 and play.root in app.play_box.children
    assert play.c.game.to_json() == g.to_json() and play.c.key == "kept-game"
    assert f"Game {gid} resumed" in play.board.state["status"]["text"]
    play.on_action({"do": "auto", "until": "game"})
    assert play.c.game.is_over
    assert len(h) == 2 and h.row(gid).status == "finished"  # the same row, now finished
    assert h.row(gid).save == play.c.game.to_json()


def test_a_table_game_is_resumed_on_the_tables_board(tmp_path: Path) -> None:
    c = TableController()
    c.new_game(TableSettings(2, ["Ann", "Bo"], [False, True], seed=6, level="random"))
    c.confirm_seat()
    c.answer(random_pick(c.decision, random.Random(1)))
    h = history.open(tmp_path / "h.sqlite")
    gid = h.add(c.game, save=c.save(), key="t")
    app = HistoryApp(tmp_path / "h.sqlite")
    app.resume(gid)
    assert app.playing.board.state["mode"] == "table"
    assert app.playing.c.settings.computer == [False, True]


def test_the_replay_tab_shares_the_game_as_one_web_page(tmp_path: Path) -> None:
    h = history.open(tmp_path / "h.sqlite")
    gid = h.add(_solo(6))
    app = HistoryApp(tmp_path / "h.sqlite")
    app.open_replay(gid)
    app.share_button.click()
    sent = app.replay.replies[-1]
    assert sent["kind"] == "save" and sent["type"] == "text/html"
    assert sent["name"] == f"rftg-game-{gid}.html"
    text = sent["text"]
    assert text.startswith("<!DOCTYPE html>") and "plotly" in text
    assert text.count("<script") == text.count("</script>")  # no script left open
    assert "downloading as one web page" in app.message


def test_a_game_with_custom_cards_replays_reviews_and_shares_with_their_faces() -> None:
    from rftg_nb.history.review import review
    from rftg_nb.ui.share import share_html

    moon = {"name": "<b>Moon</b> Base", "type": "world", "cost": 2, "vp": 1, "good": "rare",
            "copies": 4}
    g = SoloGame.new(seed=12, custom_cards=[moon])
    RandomPlayer(12).play(g)
    app = ReplayApp(g.to_json())
    assert "<b>Moon</b> Base" in app.board.faces  # the custom design's face is sent
    app.on_action({"do": "seek", "to": "last"})
    r = review(g.to_json(), deals=1)
    page = share_html(g.to_json(), r)
    assert "\\u003cb\\u003eMoon\\u003c/b\\u003e Base" in page  # in the data, never as markup
    assert "<b>Moon</b>" not in page
