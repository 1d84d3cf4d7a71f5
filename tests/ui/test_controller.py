"""The dashboard's plain-Python controller: new games, answers, undo, save/load, step-through.

Every button of the app calls one of these methods, so these tests are the app's rules without
widgets. A game is driven by a seeded RandomPlayer through ``answer`` (as the buttons do).
"""

from __future__ import annotations

import json

import pytest

from rftg_nb import RandomPlayer
from rftg_nb.robot import SoloGame
from rftg_nb.ui import NewGameSettings, SoloController


def _controller(seed: int = 5, **settings) -> SoloController:
    c = SoloController()
    c.new_game(NewGameSettings(seed=seed, **settings))
    assert c.game is not None and not c.status.error
    return c


def _play(c: SoloController, n: int, bot: RandomPlayer) -> None:
    """Answer ``n`` decisions, or fewer if the game ends (revealing held-back steps first)."""
    for _ in range(n):
        c.show_all()
        d = c.decision
        if d is None:
            assert c.game.is_over
            return
        assert c.answer(bot.answer(c, d)), c.status.text


def _until_pending(c: SoloController, bot: RandomPlayer, limit: int = 60) -> None:
    """Answer decisions until the robot's steps are held back."""
    for _ in range(limit):
        if c.pending_steps():
            return
        assert c.answer(bot.answer(c, c.decision)), c.status.text
    raise AssertionError("the robot never moved")


# ---------------------------------------------------------------------------- new game
def test_new_game_uses_the_settings_and_says_which_robot_start():
    c = _controller(seed=11, difficulty="hard", player_start="Old Earth",
                    robot_start="Doomed World")
    g = c.game
    assert g.seed == 11 and g.difficulty == "hard"
    assert g.players[0].tableau[0].name == "Old Earth"
    assert g.robot.start.name == "Doomed World"
    assert "Doomed World" in c.status.text and "seed 11" in c.status.text
    assert c.pending_steps() == 0 and c.decision == g.decision


def test_bad_new_game_settings_keep_the_game_and_say_why():
    c = _controller()
    before = c.game
    c.new_game(NewGameSettings(seed=1, player_start="Old Earth", robot_start="Old Earth"))
    assert c.game is before
    assert c.status.error and "Could not start a game" in c.status.text
    assert "different start worlds" in c.status.text
    c.new_game(NewGameSettings(seed=1, difficulty="impossible"))
    assert c.game is before and c.status.error and "difficulty" in c.status.text


def test_same_seed_and_settings_deal_the_same_game():
    a, b = _controller(seed=42), _controller(seed=42)
    assert a.game.snapshot() == b.game.snapshot()


# ---------------------------------------------------------------------------- answers
def test_an_illegal_choice_is_reported_and_changes_nothing():
    c = _controller()
    before = (c.game.snapshot(), c.game.decision, len(c.game.events))
    assert not c.answer(["not-an-option"])
    assert c.status.error and c.status.text.startswith("Not allowed:")
    assert "not-an-option" in c.status.text
    assert (c.game.snapshot(), c.game.decision, len(c.game.events)) == before
    # the game goes on: a legal answer is taken and clears the message
    assert c.answer(RandomPlayer(1).answer(c, c.decision))
    assert c.status.text == "" and not c.status.error


def test_too_few_picks_are_illegal():
    c = _controller()
    d = c.decision
    assert d.kind == "initial_discard" and d.min == 2
    assert not c.answer(list(d.ids[:1]))
    assert "pick 2" in c.status.text and c.decision == d


def test_a_finished_game_has_no_decision_and_a_result_matching_the_engine():
    c = _controller(seed=3)
    bot = RandomPlayer(3)
    while (d := c.decision) is not None or c.pending_steps():
        if d is None:
            c.show_all()
            continue
        assert c.result() is None
        assert c.answer(bot.answer(c, d))
    g = c.game
    r = c.result()
    assert g.is_over
    assert [r["player"]["total"], r["robot"]["total"]] == g.scores()
    assert r["player"] == g.score_breakdown(0) and r["robot"] == g.score_breakdown(1)
    assert r["winner"] == " and ".join(g.sides()[i] for i in g.winners)
    assert r["shared"] == (len(g.winners) > 1)
    assert not c.answer(["anything"]) and "game is over" in c.status.text


# ---------------------------------------------------------------------------- undo
def test_undo_goes_back_to_the_previous_decision():
    c = _controller(seed=8)
    bot = RandomPlayer(8)
    _play(c, 5, bot)
    before = (c.game.snapshot(), c.decision, [e.text for e in c.game.events])
    _play(c, 1, bot)
    assert c.undo()
    assert (c.game.snapshot(), c.decision, [e.text for e in c.game.events]) == before
    assert "Undone" in c.status.text and not c.status.error


def test_undo_with_nothing_to_undo_is_reported():
    c = _controller()
    decision = c.decision
    assert not c.undo()
    assert c.status.error and c.status.text.startswith("Nothing to undo")
    assert c.decision == decision


# ---------------------------------------------------------------------------- save and load
def test_save_then_load_reproduces_the_game():
    c = _controller(seed=9, difficulty="medium", robot_start="New Sparta")
    _play(c, 12, RandomPlayer(9))
    text = c.save()
    other = _controller(seed=1)
    assert other.load(text)
    assert other.game.snapshot() == c.game.snapshot()
    assert other.decision == c.decision
    assert [e.text for e in other.game.events] == [e.text for e in c.game.events]
    assert other.game.difficulty == "medium"
    assert f"round {c.game.round}" in other.status.text and not other.status.error


def _tampered(save: str, change) -> bytes:
    data = json.loads(save)
    change(data)
    return json.dumps(data).encode()


BAD_FILES = {
    "not JSON": lambda s: b"this is not a saved game",
    "binary": lambda s: bytes(range(256)),
    "a JSON list": lambda s: b"[1, 2, 3]",
    "choice not an option": lambda s: _tampered(s, lambda d: d["choices"].append(["c9999"])),
    "seed is text": lambda s: _tampered(s, lambda d: d.update(seed="five")),
    "unknown difficulty": lambda s: _tampered(
        s, lambda d: d["setup"]["solo"].update(difficulty="nightmare")),
    "wrong version": lambda s: _tampered(s, lambda d: d.update(version=999)),
    "two-player save": lambda s: _tampered(
        s, lambda d: (d["setup"].pop("solo"), d["setup"].update(players=2))),
}


@pytest.mark.parametrize("make", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_file_is_reported_and_the_game_kept(make):
    c = _controller(seed=4)
    _play(c, 4, RandomPlayer(4))
    game, snap = c.game, c.game.snapshot()
    assert not c.load(make(c.save()))
    assert c.status.error and c.status.text.startswith("Could not load that file:")
    assert c.game is game and c.game.snapshot() == snap


# ---------------------------------------------------------------------------- step-through
def test_step_through_holds_the_robot_back_and_reveals_one_event_at_a_time():
    c = _controller(seed=5)
    c.set_step_through(True)
    bot = RandomPlayer(5)
    _until_pending(c, bot)
    g = c.game
    first = g.events[c.shown]
    assert first.actor == "robot"
    # the decision panel is blocked while robot steps are held back
    assert c.decision is None and g.decision is not None
    waiting = g.decision
    assert not c.answer(bot.answer(g, waiting))
    assert c.status.error and "Step through" in c.status.text
    assert g.decision == waiting
    revealed = []
    while c.pending_steps():
        shown = c.shown
        e = c.next_step()
        # one robot move a step, with the events just before it (after the last move, the
        # events after it too: nothing is left to hold back)
        passed = g.events[shown:c.shown]
        assert e.actor == "robot" and [x for x in passed if x.actor == "robot"] == [e]
        revealed.extend(passed)
        assert e in c.visible_events()
        assert len(c.timeline()) == len(c.visible_events())
    assert c.next_step() is None
    robot = [e for e in revealed if e.actor == "robot"]
    assert robot and all(e.data.get("rule") for e in robot)
    assert c.decision == waiting


def test_show_all_releases_the_decision_panel():
    c = _controller(seed=5)
    c.set_step_through(True)
    _until_pending(c, RandomPlayer(5))
    c.next_step()
    c.show_all()
    assert c.pending_steps() == 0 and c.decision == c.game.decision is not None
    assert len(c.timeline()) == len(c.game.timeline())


def test_turning_step_through_off_reveals_everything():
    c = _controller(seed=5)
    c.set_step_through(True)
    _until_pending(c, RandomPlayer(5))
    c.set_step_through(False)
    assert c.pending_steps() == 0 and c.decision is not None


def test_without_step_through_nothing_is_held_back():
    c = _controller(seed=5)
    bot = RandomPlayer(5)
    for _ in range(15):
        assert c.answer(bot.answer(c, c.decision))
        assert c.pending_steps() == 0
    assert any(e.actor == "robot" and e.kind == "dice" for e in c.visible_events())


def test_the_robot_mat_follows_the_step_cursor():
    c = _controller(seed=21)
    c.set_step_through(True)
    bot = RandomPlayer(21)
    checked = set()
    for _ in range(200):
        if c.game.is_over and not c.pending_steps():
            break
        if not c.pending_steps():
            assert c.answer(bot.answer(c, c.decision))
            continue
        e = c.next_step()
        if c.pending_steps() == 0 or e.actor != "robot":
            continue
        mat = c.robot_at_cursor()
        if e.kind in ("credit", "economy"):
            assert mat[e.kind] == e.data["new"]
            checked.add(e.kind)
        if e.kind in ("robot_place", "counter"):
            assert len(mat["tableau"]) == e.data["tableau"]
            assert e.data["card"] in mat["tableau"]
            checked.add(e.kind)
        if "stack" in e.data:
            assert mat["draw_stack"] == e.data["stack"]
            checked.add("stack")
        if e.kind == "robot_vp":
            assert mat["vp"] == sum(x.data["vp"] for x in c.game.events[: c.shown]
                                    if x.kind == "robot_vp")
            checked.add("vp")
        if e.kind == "dice":  # rolled, not yet placed
            assert mat["dice"] == []
            checked.add("dice")
        if e.kind == "die":  # the dice placed so far this round, where they went
            placed = [x for x in c.game.events[: c.shown] if x.kind == "die"
                      and x.round == e.round]
            assert 1 <= len(placed) <= 2
            assert [(d.die, d.space) for d in mat["dice"]] == [
                (x.data["die"], x.data["space"]) for x in placed]
            checked.add("die")
    assert {"credit", "robot_place", "stack", "dice", "die"} <= checked


# ---------------------------------------------------------------------------- the log
def test_the_log_filters_by_actor_and_phase():
    c = _controller(seed=6)
    _play(c, 12, RandomPlayer(6))
    everything = c.log_table()
    shown = [(i, e) for i, e in enumerate(c.game.events[: c.shown])
             if e.visible_to in (None, 0)]
    assert len(c.timeline()) == len(shown)
    # your draws and discards are listed once, by the twin that names the cards
    twins = {i for (i, e), (_j, nxt) in zip(shown, shown[1:], strict=False)
             if e.kind in ("draw", "discard") and nxt.kind == e.kind + "_private"}
    assert twins and list(everything["step"]) == [i for i, _e in shown if i not in twins]
    robot = c.log_table(actor="robot")
    assert len(robot) and set(robot["actor"]) == {"robot"}
    assert len(robot) == sum(1 for e in c.visible_events() if e.actor == "robot")
    explore = c.log_table(phase="explore")
    assert len(explore) and set(explore["phase"]) == {"explore"}
    both = c.log_table(actor="player", phase="explore")
    assert len(both) == sum(1 for i, e in shown if e.actor == 0 and e.phase == "explore"
                            and i not in twins)
    assert list(c.log_table().columns) == ["step", "round", "phase", "actor", "text", "rule"]


def test_the_timeline_matches_the_engine():
    c = _controller(seed=6)
    _play(c, 12, RandomPlayer(6))
    tl = c.timeline()
    g = c.game
    assert tl["vp_pool"].iloc[-1] == g.vp_pool
    assert tl["robot_vp"].iloc[-1] == g.robot.vp_chips
    assert tl["player_tableau"].iloc[-1] == len(g.players[0].tableau)
    assert tl["robot_tableau"].iloc[-1] == g.robot.tableau_size
    assert tl["step"].is_monotonic_increasing


def test_a_loaded_game_replays_like_the_engine_would():
    c = _controller(seed=13)
    _play(c, 10, RandomPlayer(13))
    direct = SoloGame.from_json(c.save())
    assert direct.snapshot() == c.game.snapshot()
