"""Random-play fuzz: many seeded games to the end, checking invariants after every choice.

After every answer: every card is in exactly one place and VP chips are conserved (pool +
chips held == chips at the start). After every game: a save reloads to the same state and the
same events. At a few seeded points per game, illegal answers are refused and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

import pytest

from rftg_nb import Decision, Game, IllegalChoice, RandomPlayer
from rftg_nb.engine.views import locations

MAX_DECISIONS = 2000  # far above any real game (about 160 in a 2-player game): a loop guard
PROBES_PER_GAME = 3


def _state(game: Game) -> tuple[dict[str, Any], list[Any], list[tuple[str, ...]]]:
    return game.snapshot(), list(game.events), game.choices


def _check_shown(d: Decision) -> None:
    """A shown decision is a real choice: something to pick, and not everything forced."""
    n = len(d.options)
    assert 0 <= d.min <= d.max, d
    assert d.min <= n, d
    assert d.max > 0, d
    assert not (d.rule is None and n == d.min == d.max), f"forced decision shown: {d}"
    assert len(set(d.ids)) == n, f"repeated option ids: {d}"


def _illegal_answers(d: Decision, seen: set[str], rng: random.Random) -> list[tuple[str, Any]]:
    """Answers that ``d`` must refuse, each with a short name for the failure message."""
    ids = list(d.ids)
    bad: list[tuple[str, Any]] = [
        ("unknown id", "no-such-option"),
        ("unknown id in a list", [ids[0], "c99999"]),
        ("duplicate ids", [ids[0], ids[0]]),
        ("non-string", 7),
        ("non-string in a list", [ids[0], None]),
        ("none", None),
    ]
    if d.min > 0:
        bad.append(("too few", ids[: d.min - 1]))
    if d.max < len(ids):
        bad.append(("too many", ids[: d.max + 1]))
    foreign = sorted(seen - set(ids))
    if foreign:
        bad.append(("id from another decision", rng.choice(foreign)))
    return bad


def _probe(game: Game, seen: set[str], rng: random.Random) -> None:
    d = game.decision
    assert d is not None
    before = _state(game)
    for what, answer in _illegal_answers(d, seen, rng):
        with pytest.raises(IllegalChoice):
            game.apply(answer)
        assert _state(game) == before, f"{what} ({answer!r}) changed the game"
        assert game.decision == d


def _check_invariants(game: Any, custom: Collection[str] = ()) -> None:
    """Every card in one place, the VP chips conserved (a solitaire robot's counted), no two
    copies of a card in one tableau, goods only on worlds. ``custom``: the names of custom
    cards, whose worlds may have copies (the rules forbid only duplicate developments)."""
    locations(game)  # raises AssertionError if a card is in two places or none
    robot = getattr(game, "robot", None)
    held = sum(p.vp for p in game.players) + (robot.vp_chips if robot is not None else 0)
    assert game.vp_pool + held == game.vp_start, (game.vp_pool, held, game.vp_start)
    for p in game.players:
        names = [c.name for c in p.tableau
                 if not (c.design.is_world and c.name in custom)]
        assert len(set(names)) == len(names), names
        assert all(c.design.is_world for c in p.goods()), names


def _check_round_start(game: Game) -> None:
    """At action selection the round-end hand limit (10) has been applied."""
    assert all(len(p.hand) <= 10 for p in game.players), [len(p.hand) for p in game.players]


def play_checked(game: Game, seed: int) -> int:
    """Play ``game`` to the end with RandomPlayer(seed), checking everything; return #choices."""
    bot = RandomPlayer(seed)
    probe_rng = random.Random(f"probe-{seed}")
    probe_at = set(probe_rng.sample(range(1, 80), PROBES_PER_GAME))
    seen: set[str] = set()
    _check_invariants(game)
    steps = 0
    while (d := game.decision) is not None:
        assert steps < MAX_DECISIONS, f"seed {seed}: no end after {steps} decisions"
        _check_shown(d)
        if d.kind == "actions":
            _check_round_start(game)
        if steps in probe_at:
            _probe(game, seen, probe_rng)
        seen.update(d.ids)
        game.apply(bot.answer(game, d))
        _check_invariants(game)
        steps += 1
    _check_finished(game)
    return steps


def _check_finished(game: Game) -> None:
    assert game.is_over and game.phase == "game_end"
    assert game.vp_pool <= 0 or any(len(p.tableau) >= 12 for p in game.players)
    assert len(game.scores()) == len(game.players)
    assert game.winners and all(0 <= w < len(game.players) for w in game.winners)
    with pytest.raises(IllegalChoice):
        game.apply("anything")
    loaded = Game.from_json(game.to_json())
    assert loaded.snapshot() == game.snapshot()
    assert loaded.events == game.events
    assert loaded.choices == game.choices


@pytest.mark.parametrize("chunk", range(10))
def test_two_player_games(chunk: int) -> None:
    for seed in range(chunk * 20, chunk * 20 + 20):
        game = Game.new(seed=seed)
        assert game.advanced
        play_checked(game, seed)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 3), (4, 4), (5, 5), (5, 6)])
def test_basic_game_with_more_players(players: int, seed: int) -> None:
    game = Game.new(players=players, seed=seed)
    assert not game.advanced
    play_checked(game, seed)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (2, 12), (2, 13), (3, 14), (4, 15)])
def test_base_game_only(players: int, seed: int) -> None:
    game = Game.new(players=players, seed=seed, expansion="base")
    assert all(c.design.name in set(game.db.deck("base")) for c in game.cards)
    assert len(game.cards) == len(game.db.deck("base"))
    play_checked(game, seed)


def test_basic_two_player_game() -> None:
    game = Game.new(seed=21, advanced=False)
    while game.decision.kind == "initial_discard":
        game.apply(list(game.decision.ids[: game.decision.min]))
    assert game.decision.kind == "actions" and game.decision.max == 1
    assert not {"develop2", "settle2"} & set(game.decision.ids)
    play_checked(game, 21)
    assert all(len(e.data["actions"]) == 1 for e in game.events if e.kind == "actions")


def _play_log(seed: int, players: int = 2) -> tuple[list[Any], list[tuple[str, ...]]]:
    game = Game.new(players=players, seed=seed)
    RandomPlayer(seed).play(game)
    return game.events, game.choices


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (4, 32)])
def test_same_seed_and_choices_give_the_same_events(players: int, seed: int) -> None:
    events, choices = _play_log(seed, players)
    again, again_choices = _play_log(seed, players)
    assert again == events
    assert again_choices == choices
    # Feeding the same choices by hand to a fresh game of the same seed gives the same story.
    game = Game.new(players=players, seed=seed)
    for c in choices:
        game.apply(list(c))
    assert game.events == events and game.is_over


def test_different_seeds_deal_differently() -> None:
    deals = {tuple(c.id for c in Game.new(seed=s).players[0].hand) for s in range(5)}
    assert len(deals) == 5


@pytest.mark.parametrize("seed", range(300, 306))
def test_undo_at_random_points_then_play_on(seed: int) -> None:
    game = Game.new(seed=seed)
    bot = RandomPlayer(seed)
    rng = random.Random(f"undo-{seed}")
    steps = 0
    while (d := game.decision) is not None:
        assert steps < MAX_DECISIONS
        if game.choices and rng.random() < 0.03:
            game.undo()
        else:
            game.apply(bot.answer(game, d))
        _check_invariants(game)
        steps += 1
    game.undo()  # and once more after the end
    assert not game.is_over
    RandomPlayer(seed + 1).play(game)
    _check_finished(game)
