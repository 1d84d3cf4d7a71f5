"""Saving, loading and undo; argument checks of ``Game.new`` and ``Game.from_position``.

A save is format + format version + setup + seed + choice log, with the version of rftg_nb
that wrote it (``app_version``, which the replay never reads); loading replays the log, and
undo replays one of a player's choices fewer.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice, PositionError, RandomPlayer, SaveFileError, SoloGame
from rftg_nb import __version__ as app_version
from rftg_nb.engine.decision import Decision, Option
from rftg_nb.engine.views import locations


def _history(seed: int, players: int = 2, stop: int | None = None) -> tuple[Game, list[Any]]:
    """Play ``seed`` with RandomPlayer (``stop`` choices, or to the end).

    Returns the game and, for each choice made, (snapshot, events, decision) just before it.
    """
    game = Game.new(players=players, seed=seed)
    bot = RandomPlayer(seed)
    before = []
    while (d := game.decision) is not None and (stop is None or len(before) < stop):
        before.append((game.snapshot(), list(game.events), d))
        game.apply(bot.answer(game, d))
    return game, before


@pytest.fixture
def midgame() -> tuple[Game, list[Any]]:
    game, before = _history(7, stop=60)
    assert game.decision is not None and game.round >= 2
    return game, before


def _save(game: Game) -> dict[str, Any]:
    return json.loads(game.to_json())


def _load(data: Any) -> Game:
    return Game.from_json(data if isinstance(data, str) else json.dumps(data))


# --------------------------------------------------------------------------- round trip


def test_round_trip_mid_game(midgame: tuple[Game, list[Any]]) -> None:
    game, _ = midgame
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.snapshot() == game.snapshot()
    assert loaded.events == game.events
    assert loaded.decision == game.decision
    assert loaded.to_json() == text
    # Both carry on identically.
    for g in (game, loaded):
        RandomPlayer(99).play(g)
    assert loaded.events == game.events and loaded.scores() == game.scores()


def test_save_holds_setup_seed_and_choices(midgame: tuple[Game, list[Any]]) -> None:
    game, before = midgame
    data = _save(game)
    assert data["format"] == "rftg_nb-game" and data["version"] == 1
    assert data["app_version"] == app_version
    assert data["seed"] == 7
    assert data["setup"] == {"players": 2, "expansion": "tgs", "advanced": True,
                             "goals": [g.name for g in game.goals]}  # drawn from the seed
    assert data["choices"] == [list(c) for c in game.choices]
    assert len(data["choices"]) == len(before)


@pytest.mark.parametrize("made_by", [None, "0.0.1", "9.9.9.dev3+local", "rftg_nb 2"])
@pytest.mark.parametrize("new", [
    lambda: Game.new(players=3, seed=12), lambda: SoloGame.new(seed=12)], ids=["game", "solo"])
def test_any_app_version_or_none_loads_the_same_game(new: Any, made_by: str | None) -> None:
    """A save names the version of rftg_nb that wrote it; one written before that field was
    added has none, one written by another version names that: each loads the same game, and
    saves again as this version."""
    game = new()
    bot = RandomPlayer(12)
    for _ in range(25):
        game.apply(bot.answer(game, game.decision))
    data = _save(game)
    assert data["app_version"] == app_version and data["version"] == 1
    if made_by is None:
        del data["app_version"]
    else:
        data["app_version"] = made_by
    loaded = type(game).from_json(json.dumps(data))
    assert loaded.snapshot() == game.snapshot() and loaded.events == game.events
    assert loaded.to_json() == game.to_json()


def test_loads_bytes_and_keeps_names() -> None:
    game = Game.new(players=3, seed=4, names=["Ann", "Bo", "Cy"])
    loaded = Game.from_json(game.to_json().encode())
    assert [p.name for p in loaded.players] == ["Ann", "Bo", "Cy"]
    assert loaded.snapshot() == game.snapshot()


def test_truncated_log_loads_as_an_earlier_position(midgame: tuple[Game, list[Any]]) -> None:
    game, before = midgame
    data = _save(game)
    for k in (0, 1, 17, len(before) - 1):
        data_k = dict(data, choices=data["choices"][:k])
        loaded = _load(data_k)
        snap, events, decision = before[k]
        assert loaded.snapshot() == snap
        assert loaded.events == events
        assert loaded.decision == decision


def test_position_game_round_trips() -> None:
    game = Game.from_position(
        {"players": [{"tableau": ["Old Earth"], "hand": ["Gem World", "Spice World"]},
                     {"tableau": ["Alpha Centauri"], "hand": ["Public Works"]}],
         "deck": ["Mining World"], "round": 3},
        seed=5,
    )
    bot = RandomPlayer(5)
    for _ in range(8):
        game.apply(bot.answer(game, game.decision))
    loaded = Game.from_json(game.to_json())
    assert loaded.snapshot() == game.snapshot()
    assert loaded.events == game.events


# --------------------------------------------------------------------------- bad files


def test_save_file_error_is_a_value_error() -> None:
    assert issubclass(SaveFileError, ValueError)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not JSON"),
        ("", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('"a save"', "JSON object"),
        ("null", "JSON object"),
    ],
)
def test_not_a_saved_game(text: str, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        Game.from_json(text)


def test_not_text_at_all() -> None:
    with pytest.raises(SaveFileError, match="not a saved game"):
        Game.from_json(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "' + "x" * 1_000_001 + '"}', "at most 1,000,000 bytes"),
    (b'{"format": "\xff"}', "not UTF-8"),
    ("NaN", "expected a JSON object"),
])
def test_a_file_too_deep_too_big_or_not_text_is_refused(text: Any, words: str) -> None:
    with pytest.raises(SaveFileError, match=words):
        Game.from_json(text)


def _tampered(base: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DELETE = object()

TAMPERS: list[tuple[tuple[str, ...], Any, str]] = [
    (("format",), "chess-pgn", "'format'"),
    (("format",), _DELETE, "'format'"),
    (("version",), 2, "'version'"),
    (("version",), "1", "'version'"),
    (("version",), _DELETE, "'version'"),
    (("seed",), "7", "'seed'"),
    (("seed",), 7.0, "'seed'"),
    (("seed",), True, "'seed'"),
    (("seed",), None, "'seed'"),
    (("setup",), _DELETE, "'setup'"),
    (("setup",), [2, "tgs"], "'setup'"),
    (("setup", "players"), 1, "'setup.players'"),
    (("setup", "players"), 6, "'setup.players'"),
    (("setup", "players"), "2", "'setup.players'"),
    (("setup", "players"), True, "'setup.players'"),
    (("setup", "players"), _DELETE, "'setup.players'"),
    (("setup", "expansion"), "rvi", "'setup.expansion'"),
    (("setup", "expansion"), _DELETE, "'setup.expansion'"),
    (("setup", "advanced"), "yes", "'setup.advanced'"),
    (("setup", "advanced"), 1, "'setup.advanced'"),
    (("setup", "advanced"), _DELETE, "'setup.advanced'"),
    (("setup", "names"), ["only one"], "'setup.names'"),
    (("setup", "names"), ["Ann", 2], r"'setup.names\[1\]'"),
    (("setup", "names"), "Ann and Bo", "'setup.names'"),
    (("setup", "names"), ["Ann", "\ud800"], r"'setup.names\[1\]'"),
    (("setup", "names"), ["Ann", "Bo\nBo"], r"'setup.names\[1\]'"),
    (("setup", "names"), ["Ann", "B" * 41], r"'setup.names\[1\]'"),
    (("setup", "names"), ["", "Bo"], r"'setup.names\[0\]'"),
    (("setup", "names"), None, "'setup.names'"),
    (("setup", "colour"), "red", "'setup.colour'"),
    (("setup", "goals"), [["Greatest Military"]], "'setup.goals"),
    (("setup", "custom_cards"), [{"name": ["x"], "type": "world", "cost": 1, "vp": 1}],
     r"'setup.custom_cards\[0\].name'"),
    (("setup", "custom_cards"), [{"name": "X", "type": "world", "cost": 1, "vp": 10**30}],
     r"'setup.custom_cards\[0\].vp'"),
    (("setup", "custom_cards"), "Moon Base", "'setup.custom_cards'"),
    (("extra",), 1, "'extra'"),
    (("version",), True, "'version'"),
    (("version",), 1.0, "'version'"),
    (("version",), "0.1.0", "'version'"),  # the app's version is not the format's
    (("app_version",), 1, "'app_version'"),
    (("app_version",), None, "'app_version'"),
    (("app_version",), "", "'app_version'"),
    (("app_version",), "9" * 101, "'app_version'"),
    (("app_version",), ["0.1.0"], "'app_version'"),
    (("seed",), 2**70, "'seed'"),
    (("setup", "advanced"), 0.0, "'setup.advanced'"),
    (("setup", "advanced"), {}, "'setup.advanced'"),
    (("setup", "players"), 2.0, "'setup.players'"),
    (("setup", "position"), {"players": []}, "'setup.position'"),
    (("choices",), _DELETE, "'choices'"),
    (("choices",), "c1 c2", "'choices'"),
    (("choices",), {"0": ["c1"]}, "'choices'"),
]


@pytest.mark.parametrize(("path", "value", "field"), TAMPERS,
                         ids=[f"{'.'.join(p)}={v!r:.12}" for p, v, _ in TAMPERS])
def test_tampered_field_is_named(
    midgame: tuple[Game, list[Any]], path: tuple[str, ...], value: Any, field: str
) -> None:
    data = _tampered(_save(midgame[0]), path, value)
    with pytest.raises(SaveFileError, match=f"field {field}"):
        _load(data)


def test_advanced_game_needs_two_players(midgame: tuple[Game, list[Any]]) -> None:
    data = _save(midgame[0])
    data["setup"]["players"] = 3
    data["choices"] = []
    with pytest.raises(SaveFileError, match="'setup.advanced'"):
        _load(data)


def test_five_players_need_the_expansion(midgame: tuple[Game, list[Any]]) -> None:
    # TGS adds the fifth player's components; the base game is for 2 to 4 (Game.new agrees).
    data = _save(midgame[0])
    data["setup"] = {"players": 5, "expansion": "base", "advanced": False}
    data["choices"] = []
    with pytest.raises(SaveFileError, match="'setup.players'"):
        _load(data)


@pytest.mark.parametrize("item", ["c12", [1, 2], [None], {"id": "c1"}, 5])
def test_choice_item_not_a_list_of_strings(
    midgame: tuple[Game, list[Any]], item: Any
) -> None:
    data = _save(midgame[0])
    data["choices"][4] = item
    with pytest.raises(SaveFileError, match="'choices' item 4"):
        _load(data)


@pytest.mark.parametrize("index", [0, 3, 20, 59])
def test_a_choice_that_does_not_replay_names_its_index(
    midgame: tuple[Game, list[Any]], index: int
) -> None:
    data = _save(midgame[0])
    data["choices"][index] = ["c9999"] + data["choices"][index][1:]
    with pytest.raises(SaveFileError, match=f"'choices' item {index} does not replay"):
        _load(data)


def test_swapped_choices_do_not_replay(midgame: tuple[Game, list[Any]]) -> None:
    data = _save(midgame[0])
    c = data["choices"]
    c[0], c[1] = c[1], c[0]  # the two players' opening discards (each from their own hand)
    with pytest.raises(SaveFileError, match="'choices' item 0 does not replay"):
        _load(data)


def test_a_choice_after_the_game_ended_does_not_replay() -> None:
    game, _ = _history(8)
    data = _save(game)
    data["choices"].append(data["choices"][-1])
    n = len(data["choices"]) - 1
    with pytest.raises(SaveFileError, match=f"'choices' item {n} does not replay"):
        _load(data)


# --------------------------------------------------------------------------- undo


def test_undo_returns_to_the_players_previous_decision() -> None:
    game, before = _history(9, stop=40)
    mover = game.decision.player
    last = max(i for i, (_, _, d) in enumerate(before) if d.player == mover)
    game.undo()
    snap, events, decision = before[last]
    assert game.decision == decision and game.decision.player == mover
    assert game.snapshot() == snap
    assert game.events == events
    assert len(game.choices) == last


def test_undo_for_a_named_player_while_another_decides() -> None:
    game, before = _history(9, stop=40)
    other = 1 - game.decision.player
    last = max(i for i, (_, _, d) in enumerate(before) if d.player == other)
    game.undo(other)
    assert game.decision.player == other
    assert game.snapshot() == before[last][0]


def test_repeated_undo_walks_back_one_decision_at_a_time() -> None:
    game, before = _history(10, stop=50)
    mover = game.decision.player
    mine = [i for i, (_, _, d) in enumerate(before) if d.player == mover]
    for i in reversed(mine[-4:]):
        game.undo(mover)
        assert game.snapshot() == before[i][0]
        assert game.events == before[i][1]


def test_undo_all_the_way_back_then_nothing_to_undo() -> None:
    game, before = _history(11, stop=2)
    start_snapshot = before[0][0]
    game.undo(1)
    game.undo(0)
    assert game.snapshot() == start_snapshot and game.choices == []
    with pytest.raises(IllegalChoice, match="has made no choice yet"):
        game.undo()
    assert game.snapshot() == start_snapshot


def test_undo_with_nothing_to_undo_leaves_the_game_unchanged() -> None:
    game = Game.new(seed=12)
    snap = game.snapshot()
    with pytest.raises(IllegalChoice):
        game.undo()
    with pytest.raises(IllegalChoice):
        game.undo(1)
    assert game.snapshot() == snap


def test_undo_after_game_over_reopens_the_last_decision() -> None:
    game, before = _history(13)
    assert game.is_over
    final_scores, last_choice = game.scores(), game.choices[-1]
    game.undo()
    snap, events, decision = before[-1]
    assert not game.is_over and game.decision == decision
    assert game.snapshot() == snap and game.events == events
    game.apply(list(last_choice))  # the same choice ends the game the same way
    assert game.is_over and game.scores() == final_scores


def test_undo_then_a_different_choice_saves_and_loads() -> None:
    game, _ = _history(14, stop=30)
    game.undo()
    d = game.decision
    bot = RandomPlayer(1234)
    game.apply(bot.answer(game, d))
    while game.decision is not None:  # play on to the end: the undone game keeps working
        game.apply(bot.answer(game, game.decision))
        locations(game)
    assert game.is_over and game.phase == "game_end"
    loaded = Game.from_json(game.to_json())
    assert loaded.snapshot() == game.snapshot() and loaded.events == game.events


def test_undo_in_a_game_started_from_a_position() -> None:
    game = Game.from_position(
        {"players": [{"tableau": ["Old Earth"], "hand": ["Gem World"]},
                     {"tableau": ["Alpha Centauri"], "hand": []}]},
        seed=3,
    )
    start = game.snapshot()
    game.apply(["settle", "produce"])
    game.undo(0)
    assert game.snapshot() == start


# --------------------------------------------------------------------------- Game.new


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": 1}, "players"),
        ({"players": 6}, "players"),
        ({"players": 0}, "players"),
        ({"players": 5, "expansion": "base"}, "players"),
        ({"players": "2"}, "players"),
        ({"players": 2.0}, "players"),
        ({"players": True}, "players"),
        ({"expansion": "rebel_vs_imperium"}, "expansion"),
        ({"expansion": None}, "expansion"),
        ({"seed": "7"}, "seed"),
        ({"seed": 7.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"players": 3, "advanced": True}, "advanced"),
        ({"players": 3, "names": ["Ann", "Bo"]}, "names"),
    ],
)
def test_new_rejects_bad_arguments(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Game.new(**kwargs)


def test_new_defaults() -> None:
    assert Game.new(seed=1).advanced
    assert not Game.new(players=3, seed=1).advanced
    assert not Game.new(seed=1, advanced=False).advanced
    assert len(Game.new(players=5, seed=1).players) == 5
    assert len(Game.new(players=4, seed=1, expansion="base").players) == 4
    assert isinstance(Game.new().seed, int)


# --------------------------------------------------------------------------- Game.from_position


def _p(**kw: Any) -> dict[str, Any]:
    return {"tableau": ["Old Earth"], "hand": [], **kw}


def _p2() -> dict[str, Any]:
    return {"tableau": ["Alpha Centauri"]}


POSITION_ERRORS: list[tuple[Any, str]] = [
    ([_p(), _p2()], "position"),
    ({"players": [_p(), _p2()], "colour": "red"}, "unknown field"),
    ({"players": [_p(), _p2()], "expansion": "rvi"}, "expansion"),
    ({"players": [_p()]}, "players"),
    ({"players": "two"}, "players"),
    ({"players": [_p(), _p2()] * 3}, "players"),
    ({"players": [_p(), _p2()], "advanced": "yes"}, "advanced"),
    ({"players": [_p(), _p2(), _p2()], "advanced": True}, "advanced"),
    ({"players": [_p(), _p2()], "round": 0}, "round"),
    ({"players": [_p(), _p2()], "round": "3"}, "round"),
    ({"players": [_p(), _p2()], "phase": "trade"}, "phase"),
    ({"players": [_p(), "Bo"]}, r"players\[1\]"),
    ({"players": [_p(chips=2), _p2()]}, r"players\[0\]: unknown field"),
    ({"players": [_p(tableau=["Old Earth", "Old Eart"]), _p2()]}, r"players\[0\]\.tableau\[1\]"),
    ({"players": [_p(tableau=["Old Earth", 5]), _p2()]}, r"players\[0\]\.tableau\[1\]"),
    ({"players": [_p(tableau=["Old Earth", {"card": "Public Works", "good": True}]), _p2()]},
     r"players\[0\]\.tableau\[1\]\.good"),
    ({"players": [_p(tableau=["Old Earth", {"card": "Gem World", "owner": 1}]), _p2()]},
     r"players\[0\]\.tableau\[1\]: unknown field"),
    ({"players": [_p(tableau=["Old Earth", "Public Works", "Public Works"]), _p2()]},
     r"players\[0\]\.tableau\[2\]"),
    ({"players": [_p(tableau=[]), _p2()]}, r"players\[0\]\.tableau"),
    ({"players": [_p(), {"tableau": ["Alpha Centauri"], "hand": ["Nowhere"]}]},
     r"players\[1\]\.hand\[0\]"),
    ({"players": [_p(vp=-1), _p2()]}, r"players\[0\]\.vp"),
    ({"players": [_p(vp="2"), _p2()]}, r"players\[0\]\.vp"),
    ({"players": [_p(actions=["settle"]), _p2()], "phase": "settle"}, r"players\[0\]\.actions"),
    ({"players": [_p(actions=["settle", "settle"]), _p2()], "phase": "settle"},
     r"players\[0\]\.actions"),
    ({"players": [_p(actions=["settle", "fly"]), _p2()]}, r"players\[0\]\.actions"),
    ({"players": [_p(actions=["develop2", "produce"]),
                  {"tableau": ["Alpha Centauri"], "actions": ["settle", "produce"]}],
      "phase": "produce"}, r"players\[0\]\.actions"),
    ({"players": [_p(actions=["settle"]),
                  {"tableau": ["Alpha Centauri"], "actions": ["develop2"]},
                  {"tableau": ["New Sparta"], "actions": ["produce"]}],
      "phase": "settle"}, r"players\[1\]\.actions: 2nd"),
    ({"players": [_p(actions=["develop", "produce"]),
                  {"tableau": ["Alpha Centauri"], "actions": ["trade", "produce"]}],
      "phase": "settle"}, "phase"),
    ({"players": [_p(), _p2()], "deck": ["Gem World", "Gem Wrold"]}, r"deck\[1\]"),
    ({"players": [_p(), _p2()], "discard": [None]}, r"discard\[0\]"),
    ({"players": [_p(hand=["Gem World"]), _p2()], "deck": ["Gem World"]}, "Gem World"),
    ({"players": [_p(), _p2()], "vp_pool": "lots"}, "vp_pool"),
]


@pytest.mark.parametrize(("data", "words"), POSITION_ERRORS)
def test_from_position_names_the_bad_field(data: Any, words: str) -> None:
    with pytest.raises(PositionError, match=words):
        Game.from_position(data)


def test_position_error_is_a_value_error() -> None:
    assert issubclass(PositionError, ValueError)


def test_five_players_in_a_base_position() -> None:
    players = [{"tableau": [w]} for w in ("Old Earth", "Alpha Centauri", "New Sparta",
                                           "Epsilon Eridani", "Earth's Lost Colony")]
    with pytest.raises(PositionError, match="players"):
        Game.from_position({"players": players, "expansion": "base"})
    assert len(Game.from_position({"players": players}).players) == 5


def test_answered_counts_each_players_answers_and_undo_takes_one_back() -> None:
    game = Game.new(players=3, seed=12)
    bot = RandomPlayer(12)
    by_seat = [0, 0, 0]
    for _ in range(40):
        d = game.decision
        assert d is not None
        assert game.answered(d.player) == by_seat[d.player]
        game.apply(bot.answer(game, d))
        by_seat[d.player] += 1
    assert [game.answered(p) for p in range(3)] == by_seat
    assert sum(by_seat) == len(game.choices)
    seat = game.decision.player
    game.undo()
    assert game.answered(seat) == by_seat[seat] - 1


def test_listeners_see_every_event_as_it_is_emitted_and_stay_over_undo() -> None:
    seen: list[Any] = []
    game = Game(Game.new(players=2, seed=5).setup, 5, listeners=[seen.append])
    bot = RandomPlayer(5)
    for _ in range(30):
        game.apply(bot.answer(game, game.decision))
    assert seen == game.events and len(seen) > 30
    game.undo()
    seen.clear()
    game.apply(bot.answer(game, game.decision))
    assert seen and seen == game.events[-len(seen):]


def test_a_game_that_records_no_events_plays_the_same() -> None:
    setup = Game.new(players=3, seed=8, goals=True).setup
    told, quiet = Game(setup, 8), Game(setup, 8, record=False)
    a, b = RandomPlayer(8), RandomPlayer(8)
    while told.decision is not None:
        assert quiet.decision is not None and quiet.decision.ids == told.decision.ids
        told.apply(a.answer(told, told.decision))
        quiet.apply(b.answer(quiet, quiet.decision))
    assert quiet.decision is None and quiet.events == [] and told.events
    assert quiet.scores() == told.scores()


def test_events_are_made_when_read_the_same_objects_after() -> None:
    """The record keeps each event's parts and makes the events when they are read: the same
    objects at each reading, as many as were told, in order, each as a listener is told it."""
    game = Game(Game.new(players=2, seed=12).setup, 12)
    bot = RandomPlayer(12)
    for _ in range(20):
        game.apply(bot.answer(game, game.decision))
    told = len(game.record)
    first = list(game.events)
    assert len(first) == told > 20
    assert all(a is b for a, b in zip(first, game.events, strict=True))
    for _ in range(20):
        game.apply(bot.answer(game, game.decision))
    more = game.events
    assert len(more) == len(game.record) > told
    assert all(a is b for a, b in zip(first, more[:told], strict=True))
    seen: list[Any] = []
    heard = Game(game.setup, 12, listeners=[seen.append])
    for ids in game.choices:
        heard.apply(ids)
    assert seen == heard.events == game.events
    assert [e.text for e in seen] == [e.text for e in game.events]


def test_an_answer_is_accepted_as_the_log_keeps_it_or_refused_unchanged() -> None:
    """``Decision.accept``, which ``apply`` asks: one option (the usual answer) kept as one
    shared tuple, a list or a tuple of ids as a tuple; every fault refused as ``check`` says,
    after the decision's kind."""
    options = tuple(Option(f"o{i}", f"option {i}") for i in range(4))
    d = Decision(0, "explore_keep", "keep one", options, 1, 1)
    one = d.accept(["o2"])
    assert one == ("o2",) and d.accept("o2") is one and d.accept(("o2",)) is one
    assert Decision(1, "settle", "place", options, 0, 1).accept(["o2"]) is one
    two = Decision(0, "explore_keep", "keep two", options, 2, 2)
    assert two.accept(["o1", "o3"]) == ("o1", "o3")
    for bad, why in ((["o9"], "'o9' is not one of the options"),
                     ([], "pick 1 option, not 0"),
                     (["o1", "o2"], "pick 1 option, not 2"),
                     ([3], "option ids must be strings"),
                     (3, "answer with an option id or a list of ids")):
        with pytest.raises(IllegalChoice, match="^explore_keep: " + why.replace("(", r"\(")):
            d.accept(bad)

    def rule(ids: tuple[str, ...]) -> str | None:
        return "not o0" if "o0" in ids else None

    ruled = Decision(0, "develop", "pick", options, 1, 1, rule=rule)
    assert ruled.accept(["o1"]) == ("o1",)
    with pytest.raises(IllegalChoice, match="^develop: not o0$"):
        ruled.accept(["o0"])
    with pytest.raises(IllegalChoice, match="^develop: not o0$"):
        ruled.accept("o0")


def test_answers_of_several_ids_are_accepted_only_when_each_is_distinct_and_known() -> None:
    """The list answers the rules' own players give (none, two, more ids) take a shorter way
    than others; both ways accept and refuse the same answers with the same reasons, and an id
    equal to an option's but another string object counts."""
    options = tuple(Option(f"o{i}", f"option {i}") for i in range(5))
    d = Decision(0, "hand_limit", "discard", options, 0, 3)
    assert d.accept([]) == () and d.accept(()) == ()
    assert d.accept(["o1", "o3"]) == ("o1", "o3") == d.accept(("o1", "o3"))
    assert d.accept(["".join(["o", "1"]), "o3"]) == ("o1", "o3")  # equal, another object
    assert Decision(1, "pay", "pay", options, 2, 2).accept(["o3", "o1"]) == ("o3", "o1")
    assert d.accept(["o4", "o0", "o2"]) == ("o4", "o0", "o2")
    for bad, why in ((["o1", "o1"], "the same option was picked twice"),
                     (["o1", "o2", "o1"], "the same option was picked twice"),
                     (["o1", "o9"], "'o9' is not one of the options"),
                     (["o0", "o1", "o2", "o3"], "pick 0 to 3 options, not 4"),
                     (["o1", 2], "option ids must be strings")):
        for answer in (bad, tuple(bad)):
            with pytest.raises(IllegalChoice, match="^hand_limit: " + why):
                d.accept(answer)

    def rule(ids: tuple[str, ...]) -> str | None:
        return "o0 needs o1" if "o0" in ids and "o1" not in ids else None

    ruled = Decision(0, "actions", "choose", options, 2, 2, rule=rule)
    assert ruled.accept(["o0", "o1"]) == ("o0", "o1")
    with pytest.raises(IllegalChoice, match="^actions: o0 needs o1$"):
        ruled.accept(["o0", "o2"])


def test_an_option_is_read_only_and_equal_by_its_fields() -> None:
    o = Option("c1", "Alpha", {"card": "Alpha"})
    assert (o.id, o.label, o.data) == ("c1", "Alpha", {"card": "Alpha"})
    assert o == Option("c1", "Alpha", {"card": "Alpha"}) and o != Option("c1", "Beta")
    assert o != "c1" and str(o) == "c1: Alpha"
    assert repr(o) == "Option(id='c1', label='Alpha', data={'card': 'Alpha'})"
    assert hash(Option("c2", "B")) == hash(Option("c2", "B"))
    for field in ("id", "label", "data"):
        with pytest.raises(AttributeError):
            setattr(o, field, "x")
    assert o.id == "c1"


class _Answers:
    """A decider that answers as a random player of the same seed would, through ``answer``
    (the general way of ``players.play``)."""

    def __init__(self, seed: int) -> None:
        self.player = RandomPlayer(seed)

    def answer(self, game: Any, d: Decision) -> list[str]:
        return self.player.answer(game, d)


@pytest.mark.parametrize("make", [lambda s: Game.new(players=2, seed=s),
                                  lambda s: Game.new(players=4, seed=s),
                                  lambda s: SoloGame.new(seed=s)])
def test_a_random_players_own_way_through_play_answers_as_the_general_way(make: Any) -> None:
    """``players.play`` plays a random player's whole game on a short way of its own; it ends
    the very same game as the general way (each answer asked of a decider), also when told
    to stop at a kind of decision."""
    from rftg_nb.players import play
    for seed in range(6):
        short, general = make(seed), make(seed)
        assert RandomPlayer(seed).play(short) is None
        n = play(general, _Answers(seed))
        assert short.is_over and general.is_over and n == len(general.choices)
        assert short.choices == general.choices and short.to_json() == general.to_json()
        stopped = make(seed)
        play(stopped, RandomPlayer(seed), until="develop")
        assert stopped.decision is not None and stopped.decision.kind == "develop"
