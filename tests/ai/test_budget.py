"""The strong level thinks within a budget: wall-clock seconds (a bounded wait) or a count of
playouts (deterministic), whichever runs out first; the fast level plays none at all.

No test here reads the real clock: the clock the budget watches is replaced by one that moves
only when a playout is run, so the tests say what the search does, not how fast this machine
is. The real waits are measured by ``benchmarks/ai.py``.
"""

from __future__ import annotations

from functools import cache

import pytest

from rftg_nb import Game
from rftg_nb.ai import AIPlayer, budget, search


@cache
def table_json() -> str:
    """A 5-player game with goals, played by the fast AI to an action choice of round 4."""
    game = Game.new(players=5, seed=41, goals=True)
    fast = AIPlayer("fast", seed=1)
    while (d := game.decision) is not None and not (d.kind == "actions" and game.round == 4):
        game.apply(fast.answer(game, d))
    assert game.decision is not None and game.decision.kind == "actions"
    return game.to_json()


def table() -> Game:
    return Game.from_json(table_json())


class Counted:
    """Counts playouts; each one moves a fake clock on by ``step`` seconds."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, step: float = 0.0) -> None:
        self.n = 0
        self.now = 0.0
        self.step = step
        real = search.play_round

        def play_round(*args, **kwargs):
            self.n += 1
            self.now += self.step
            return real(*args, **kwargs)

        monkeypatch.setattr(search, "play_round", play_round)
        monkeypatch.setattr(budget, "clock", lambda: self.now)

    def pick(self, ai: AIPlayer, game: Game) -> list[str]:
        self.n = 0
        got = ai.answer(game, game.decision)
        assert game.decision is not None and game.decision.check(got) is None
        return got


@pytest.mark.parametrize(("field", "value"), [("seconds", -1), ("seconds", "2"),
                                              ("seconds", float("nan")), ("playouts", -3),
                                              ("playouts", 2.5), ("playouts", True)])
def test_a_bad_budget_is_a_value_error_naming_its_field(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        AIPlayer("strong", seed=1, **{field: value})  # type: ignore[arg-type]


def test_the_budget_is_kept_on_the_player() -> None:
    ai = AIPlayer("strong", seed=1, seconds=1.5, playouts=40)
    assert ai.budget == budget.Budget(seconds=1.5, playouts=40)
    assert "seconds=1.5" in repr(ai) and "playouts=40" in repr(ai)
    assert AIPlayer("strong", seed=1).budget.deterministic
    assert not ai.budget.deterministic


def test_a_playout_count_caps_the_search_and_repeats_exactly(monkeypatch) -> None:
    c = Counted(monkeypatch)
    game = table()
    full = c.pick(AIPlayer("strong", seed=2), game)
    unbounded = c.n
    assert unbounded > 30  # the full schedule
    capped = c.pick(AIPlayer("strong", seed=2, playouts=20), game)
    assert 0 < c.n <= 20
    assert c.pick(AIPlayer("strong", seed=2, playouts=20), table()) == capped
    assert c.pick(AIPlayer("strong", seed=2), game) == full and c.n == unbounded


def test_seconds_stop_the_search_when_the_clock_runs_out(monkeypatch) -> None:
    c = Counted(monkeypatch, step=0.1)  # each playout takes 0.1 s
    game = table()
    c.pick(AIPlayer("strong", seed=2, seconds=1.0), game)
    assert 1 <= c.n <= 10
    c.pick(AIPlayer("strong", seed=2, seconds=3.0), game)
    assert 10 < c.n <= 30


def test_a_clock_that_never_runs_out_changes_nothing(monkeypatch) -> None:
    c = Counted(monkeypatch, step=0.0)
    game = table()
    assert c.pick(AIPlayer("strong", seed=3, seconds=5.0), game) == c.pick(
        AIPlayer("strong", seed=3), game)


def test_no_time_at_all_gives_the_fast_levels_answer(monkeypatch) -> None:
    c = Counted(monkeypatch, step=0.1)
    game = table()
    for seed in (1, 2, 3):
        fast = AIPlayer("fast", seed=seed).answer(game, game.decision)
        assert c.pick(AIPlayer("strong", seed=seed, seconds=0.0), game) == fast
        assert c.n == 0
        assert c.pick(AIPlayer("strong", seed=seed, playouts=0), game) == fast


def test_the_fast_level_plays_nothing_out(monkeypatch) -> None:
    c = Counted(monkeypatch)
    c.pick(AIPlayer("fast", seed=1, seconds=2.0), table())
    assert c.n == 0


def test_a_tight_budget_plays_out_fewer_candidates_more_often() -> None:
    import math

    assert search.schedule_for(20, math.inf) == search.STAGES
    for n, room in ((20, 30), (20, 70), (7, 20), (23, 12)):
        stages = search.schedule_for(n, room)
        assert search.schedule_cost(stages, n) <= room, (n, room)
        assert stages[0][1] >= 2  # every candidate played out meets two deals at least
    assert search.schedule_for(20, 30)[0][0] < 20  # the fast level's best few, not all
