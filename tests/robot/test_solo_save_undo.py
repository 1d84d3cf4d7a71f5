"""Saving, loading and undoing the TGS solitaire game, and its timeline table."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice, RandomPlayer
from rftg_nb.engine.decision import SaveFileError
from rftg_nb.robot import SoloGame

DECK = ["Gem World", "Spice World", "Hive World", "Deficit Spending", "Alien Tech Institute",
        "New Military Tactics", "Contact Specialist", "Rebel Fuel Cache",
        "Galactic Trendsetters", "Mining Robots"]
COLUMNS = ["step", "round", "phase", "actor", "kind", "text", "rule", "vp_pool", "robot_credit",
           "robot_economy", "robot_vp", "robot_tableau", "player_vp", "player_tableau",
           "robot_score", "player_score"]


def new(seed: int = 5, **kw: Any) -> SoloGame:
    kw.setdefault("robot_start", "Damaged Alien Factory")
    kw.setdefault("player_start", "New Sparta" if kw["robot_start"] == "Old Earth" else "Old Earth")
    return SoloGame.new(seed=seed, **kw)


def play(game: SoloGame, bot: RandomPlayer, steps: int | None = None,
         until: str | None = None) -> None:
    """Answer ``steps`` decisions (all, if None), or until a decision of kind ``until``."""
    n = 0
    while (d := game.decision) is not None and (steps is None or n < steps):
        if until is not None and d.kind == until and n > 0:
            return
        game.apply(bot.answer(game, d))
        n += 1


def robot_state(game: SoloGame) -> tuple[Any, ...]:
    r = game.robot
    return (r.credit, r.economy, r.draw_stack, r.tableau, r.vp_chips, r.robot_face,
            r.counters_left, game.vp_pool)


def full_state(game: SoloGame) -> tuple[Any, ...]:
    return (game.snapshot(), robot_state(game), list(game.events), game.choices,
            str(game.decision))


def rolls(game: SoloGame) -> list[list[str]]:
    return [e.data["faces"] for e in game.events if e.kind == "dice"]


# ---------------------------------------------------------------------------- save and load
@pytest.mark.parametrize("dice", [None, "manual"])
@pytest.mark.parametrize("steps", [1, 7, 15])
def test_a_save_mid_game_reloads_and_plays_on_the_same(dice: str | None, steps: int) -> None:
    game = new(seed=steps, dice=dice, difficulty="medium")
    play(game, RandomPlayer(steps), steps)
    loaded = SoloGame.from_json(game.to_json())
    assert full_state(loaded) == full_state(game)
    play(game, RandomPlayer(99))
    play(loaded, RandomPlayer(99))
    assert game.is_over and full_state(loaded) == full_state(game)
    assert rolls(loaded) == rolls(game) and len(rolls(game)) == game.round


def test_a_save_waiting_for_dice_entered_by_hand_takes_the_faces_after_loading() -> None:
    game = new(dice="manual")
    play(game, RandomPlayer(1), until="dice")
    play(game, RandomPlayer(1), until="dice")  # the second round's roll
    assert game.decision.kind == "dice" and game.round == 2
    loaded = SoloGame.from_json(game.to_json())
    assert loaded.decision == game.decision
    for g in (game, loaded):
        g.apply(["b:robot", "a:trade"])
    assert rolls(loaded) == rolls(game) and rolls(game)[-1] == ["trade", "robot"]
    assert loaded.robot.dice == game.robot.dice
    assert full_state(loaded) == full_state(game)


def test_a_scripted_deck_and_dice_are_kept_by_a_save() -> None:
    script = [("x2", "develop"), ("match", "settle"), ("robot", "trade")]
    game = new(seed=8, robot_start="Old Earth", player_start="Epsilon Eridani", deck=DECK,
               dice=script)
    # The robot's draw stack (4 cards for Old Earth) comes off the deck first, then your hand.
    assert game.robot.draw_stack == DECK[:4]
    assert [c.name for c in game.players[0].hand] == DECK[4:]
    bot = RandomPlayer(8)
    play(game, bot, until="actions")
    play(game, bot, until="actions")  # round 1 played; round 2's actions pending
    assert game.round == 2
    loaded = SoloGame.from_json(game.to_json())
    assert full_state(loaded) == full_state(game)
    play(game, RandomPlayer(3))
    play(loaded, RandomPlayer(3))
    assert full_state(loaded) == full_state(game)
    # Each scripted pair is read as (die A, die B), whichever order it was given in.
    assert rolls(game)[:3] == [["develop", "x2"], ["match", "settle"], ["trade", "robot"]]
    assert len(rolls(game)) == game.round > 3  # then the dice roll themselves, reproducibly


def test_the_robots_draw_stack_is_face_down() -> None:
    game = new(deck=DECK)
    hidden = game.robot.draw_stack
    assert hidden == DECK[:4]
    seen = json.dumps([[e.text, e.data] for e in game.events_for(0)]) + json.dumps(game.view(0))
    assert not [name for name in hidden if name in seen]
    assert game.view(0)["robot"]["draw_stack"] == 4


# ---------------------------------------------------------------------------- tampered saves
def _saved() -> dict[str, Any]:
    game = new(dice=[("develop", "x2")], deck=DECK[:2])
    play(game, RandomPlayer(5), 4)
    return json.loads(game.to_json())


def _load_with(**solo: Any) -> None:
    data = _saved()
    data["setup"]["solo"].update(solo)
    SoloGame.from_json(json.dumps(data))


@pytest.mark.parametrize(("field", "value", "message"), [
    ("difficulty", "impossible", r"setup\.solo.*difficulty"),
    ("difficulty", None, r"setup\.solo.*difficulty"),
    ("robot_start", "Pluto", r"setup\.solo.*robot_start.*'Pluto'"),
    ("player_start", "Gem World", r"setup\.solo.*player_start.*'Gem World'"),
    ("player_start", "Damaged Alien Factory", r"setup\.solo.*robot_start"),
    ("deck", ["Gem World", "No Such World"], r"setup\.solo.*deck\[1\].*'No Such World'"),
    ("deck", ["Gem World", "Gem World"], r"setup\.solo.*deck\[1\].*'Gem World'"),
    ("deck", "Gem World", r"setup\.solo.*deck"),
    ("dice", [["develop", "x2"], ["trade", "produce"]], r"setup\.solo.*dice\[1\]"),
    ("dice", [["develop"]], r"setup\.solo.*dice\[0\]"),
    ("dice", [["develop", "x2", "settle"]], r"setup\.solo.*dice\[0\]"),
    ("dice", "loaded", r"setup\.solo.*dice"),
])
def test_a_tampered_solo_save_names_the_field(field: str, value: Any, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        _load_with(**{field: value})


@pytest.mark.parametrize(("components", "message"), [
    ({"vp_pool": 0}, r"setup\.solo.*component 'vp_pool'"),
    ({"dice": {"a": ["explore"]}}, r"setup\.solo.*component 'dice\.a'"),
    ({"start_worlds": {"Pluto": {"credit": 1}}}, r"setup\.solo.*component 'start_worlds\.Pluto'"),
    ({"wormholes": 3}, r"setup\.solo.*component 'wormholes'"),
    (5, r"setup\.solo.*components"),
])
def test_a_save_with_bad_components_names_the_component(components: Any, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        _load_with(components=components, dice=None)


def test_bad_components_in_a_save_with_scripted_dice_raise_save_file_error() -> None:
    with pytest.raises(SaveFileError, match=r"setup\.solo.*component 'vp_pool'"):
        _load_with(components={"vp_pool": 0})


def test_a_save_does_not_read_components_from_a_file_path(tmp_path: Any) -> None:
    path = tmp_path / "components.json"
    path.write_text('{"vp_pool": 30}')
    with pytest.raises(SaveFileError, match=r"setup\.solo.*components"):
        _load_with(components=str(path), dice=None)


def test_a_save_without_solo_setup_or_with_a_bad_choice_is_refused() -> None:
    data = _saved()
    del data["setup"]["solo"]
    with pytest.raises(SaveFileError, match=r"setup\.solo"):
        SoloGame.from_json(json.dumps(data))
    with pytest.raises(SaveFileError, match=r"setup\.solo"):
        SoloGame.from_json(Game.new(seed=1).to_json())
    with pytest.raises(SaveFileError, match=r"setup\.solo.*solitaire"):
        Game.from_json(new().to_json())
    data = _saved()
    data["choices"][-1] = ["c9999"]
    with pytest.raises(SaveFileError, match=r"'choices' item 3"):
        SoloGame.from_json(json.dumps(data))


def test_a_save_with_dice_faces_of_one_die_is_refused() -> None:
    game = new(dice="manual")
    play(game, RandomPlayer(2), until="dice")
    game.apply(["a:develop", "b:x2"])
    data = json.loads(game.to_json())
    data["choices"][-1] = ["a:develop", "a:trade"]
    with pytest.raises(SaveFileError, match=r"'choices' item .* one face for die A"):
        SoloGame.from_json(json.dumps(data))


# ---------------------------------------------------------------------------- undo
@pytest.mark.parametrize(("seed", "dice", "robot"), [
    (21, None, "Doomed World"), (22, "manual", "Old Earth"), (23, None, "Ancient Race"),
])
def test_undo_returns_to_your_previous_decision_and_the_robots_state(
        seed: int, dice: str | None, robot: str) -> None:
    game = new(seed=seed, dice=dice, robot_start=robot, difficulty="hard")
    bot = RandomPlayer(seed)
    changed = 0
    while (d := game.decision) is not None:
        before = full_state(game)
        game.apply(bot.answer(game, d))
        after = full_state(game)
        changed += robot_state(game) != before[1]
        game.undo()
        assert full_state(game) == before
        game.apply(list(after[3][-1]))  # the same answer again gives the same game
        assert full_state(game) == after
    assert changed >= 5  # the undone answers moved the robot


def test_undo_after_the_end_and_at_the_start() -> None:
    game = new(seed=31)
    with pytest.raises(IllegalChoice):
        game.undo()
    bot = RandomPlayer(31)
    while game.decision is not None:
        before = full_state(game)
        game.apply(bot.answer(game, game.decision))
    assert game.is_over
    game.undo()
    assert not game.is_over and full_state(game) == before


def test_undo_of_an_action_choice_takes_back_the_robots_roll() -> None:
    game = new(seed=41, robot_start="Alpha Centauri")
    bot = RandomPlayer(41)
    play(game, bot, until="actions")
    play(game, bot, until="actions")
    before = full_state(game)
    game.apply(["explore5", "produce"])  # the robot rolls and acts on its own
    assert len(rolls(game)) == 2
    game.undo()
    assert full_state(game) == before and len(rolls(game)) == 1
    assert game.decision.kind == "actions"


# ---------------------------------------------------------------------------- timeline
def _finished(seed: int, **kw: Any) -> SoloGame:
    game = new(seed=seed, **kw)
    play(game, RandomPlayer(seed))
    return game


@pytest.mark.parametrize(("seed", "robot", "level"), [
    (51, "Damaged Alien Factory", "easy"), (52, "Doomed World", "medium"),
    (53, "New Sparta", "hard"),
])
def test_the_timeline_has_a_row_per_visible_event_ending_on_the_final_state(
        seed: int, robot: str, level: str) -> None:
    game = _finished(seed, robot_start=robot, difficulty=level)
    t = game.timeline()
    assert list(t.columns) == COLUMNS
    visible = [i for i, e in enumerate(game.events) if e.visible_to in (None, 0)]
    assert list(t["step"]) == visible
    assert list(t["kind"]) == [game.events[i].kind for i in visible]
    last = t.iloc[-1]
    r, me = game.robot, game.players[0]
    assert (last["vp_pool"], last["robot_credit"], last["robot_economy"], last["robot_vp"],
            last["robot_tableau"], last["player_vp"], last["player_tableau"]) == (
        game.vp_pool, r.credit, r.economy, r.vp_chips, r.tableau_size, me.vp, len(me.tableau))
    assert [last["player_score"], last["robot_score"]] == game.scores()
    assert last["round"] == game.round and last["phase"] == "game_end"
    assert t["vp_pool"].iloc[0] == 24
    assert t["vp_pool"].is_monotonic_decreasing
    assert t["robot_vp"].is_monotonic_increasing and t["player_vp"].is_monotonic_increasing


@pytest.mark.parametrize("robot", ["Doomed World", "Old Earth", "Alpha Centauri"])
def test_the_timeline_scores_are_the_scores_at_every_decision(robot: str) -> None:
    """The score columns agree with scores() wherever the game stops for a decision."""
    game = new(seed=44, robot_start=robot, difficulty="hard")
    bot = RandomPlayer(44)
    checked = 0
    while game.decision is not None:
        row = game.timeline().iloc[-1]
        assert [row["player_score"], row["robot_score"]] == game.scores()
        checked += 1
        game.apply(bot.answer(game, game.decision))
    assert checked > 10


def test_the_timeline_numbers_follow_each_robot_step() -> None:
    game = _finished(61, robot_start="Old Earth", difficulty="hard")
    t = game.timeline()
    prev = None
    checked = 0
    for row in t.itertuples():
        e = game.events[row.step]
        if e.actor == "robot" and row.phase != "game_end":
            assert row.actor == "robot" and row.rule == e.data["rule"] and row.rule
        if e.kind == "robot_vp":
            assert row.robot_vp - prev.robot_vp == e.data["vp"]
            assert prev.vp_pool - row.vp_pool == e.data["vp"] and row.vp_pool == e.data["pool"]
            checked += 1
        elif e.kind in ("credit", "economy"):
            assert getattr(row, f"robot_{e.kind}") == e.data["new"]
            assert getattr(prev, f"robot_{e.kind}") == e.data["old"]
            checked += 1
        elif e.kind == "robot_place":
            assert row.robot_tableau == prev.robot_tableau + 1 == e.data["tableau"]
            checked += 1
        prev = row
    assert checked >= 10


def test_a_timeline_mid_game_ends_on_the_current_state() -> None:
    game = new(seed=71)
    play(game, RandomPlayer(71), 12)
    t = game.timeline()
    assert len(t) == len(game.events_for(0))
    last = t.iloc[-1]
    assert (last["vp_pool"], last["robot_credit"], last["robot_economy"], last["robot_vp"]) == (
        game.vp_pool, game.robot.credit, game.robot.economy, game.robot.vp_chips)
    loaded = SoloGame.from_json(game.to_json())
    assert loaded.timeline().equals(t)


def test_the_vp_pool_column_only_decreases_across_many_games() -> None:
    for seed in range(80, 92):
        t = _finished(seed, difficulty=("easy", "medium", "hard")[seed % 3]).timeline()
        pool = t["vp_pool"]
        assert pool.iloc[0] == 24 and pool.is_monotonic_decreasing
        assert pool.iloc[-1] < 24


def test_undo_rewinds_the_timeline() -> None:
    game = new(seed=91)
    play(game, RandomPlayer(91), 10)
    t = copy.deepcopy(game.timeline())
    game.apply(RandomPlayer(0).answer(game, game.decision))
    assert len(game.timeline()) > len(t)
    game.undo()
    assert game.timeline().equals(t)


@pytest.mark.parametrize(("path", "value", "field"), [
    (("setup", "advanced"), -1, "setup.advanced"),
    (("setup", "advanced"), "x", "setup.advanced"),
    (("setup", "advanced"), float("nan"), "setup.advanced"),
    (("setup", "advanced"), {}, "setup.advanced"),
    (("setup", "players"), True, "setup.players"),
    (("setup", "players"), 1.0, "setup.players"),
    (("setup", "expansion"), ["tgs"], "setup.expansion"),
    (("table",), {}, "table"),
    (("version",), True, "version"),
    (("version",), 1.0, "version"),
    (("setup", "names"), ["\ud800"], "setup.names[0]"),
    (("setup", "names"), [["You"]], "setup.names[0]"),
    (("setup", "goals"), [], "setup.goals"),
    (("setup", "solo", "colour"), "red", "setup.solo"),
    (("setup", "solo", "difficulty"), ["hard"], "setup.solo"),
    (("setup", "solo", "robot_start"), ["Old Earth"], "setup.solo"),
    (("setup", "solo", "adjust"), [{"after": 0, "robot": {"credit": 10**30}}], "setup.solo"),
    (("setup", "solo", "adjust"), [{"after": True, "robot": {"credit": 1}}], "setup.solo"),
    (("setup", "solo", "adjust"), [{"after": 0, "robot": {"stack_add": 500}}], "setup"),
])
def test_a_solitaire_save_is_checked_by_type_and_range(path: tuple[str, ...], value: Any,
                                                        field: str) -> None:
    data = _saved()
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SaveFileError) as info:
        SoloGame.from_json(json.dumps(data))
    assert f"field '{field}" in str(info.value)


def test_an_adjustment_past_the_draw_pile_is_refused_and_changes_nothing() -> None:
    game = new()
    before = (game.to_json(), game.robot.credit, len(game.robot.stack), len(game.deck))
    with pytest.raises(ValueError, match="draw pile"):
        game.adjust(credit=game.robot.credit + 3, stack_add=200)
    assert (game.to_json(), game.robot.credit, len(game.robot.stack), len(game.deck)) == before
