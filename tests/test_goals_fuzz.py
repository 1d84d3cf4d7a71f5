"""Random-play fuzz of games with goals: seeded 2-5 player games played to the end.

At every goal check (the end of each phase and of each round): a "first" goal once scored keeps
the same scorers, and a "most" goal's holder is at or above the minimum and behind nobody.
At game end: goal VP add up in ``score_breakdown``, and the save replays to the same game.
"""

from __future__ import annotations

from functools import cache

import pytest

from rftg_nb import Game, RandomPlayer
from rftg_nb.engine.goal_checks import check
from rftg_nb.engine.goals import CHIP_VP, GOALS, PRINTED
from rftg_nb.engine.variant import Rules

GAMES = 30


class Checked(Game):
    """A game that checks the goal invariants right after every goal check.

    The check at the end of each phase is made here, right after the phase's hook, and checked
    at once (the rules' own check that follows finds nothing more to do: a check made twice
    changes nothing); the check at the end of each round is looked at as soon as the rules have
    made it (they ask for the end's reasons next)."""

    checks = 0

    def after_phase(self, phase: str) -> Rules:
        yield from super().after_phase(phase)
        if self.goal_tracks:
            before = self._first_holders()
            check(self, phase)
            self._checked(phase, before)
            self.held = self._first_holders()  # until the round's end's check

    def end_reasons(self) -> list[str]:
        if self.phase == "round_end" and self.goal_tracks:
            self._checked("round_end", self.held)
        return super().end_reasons()

    def _first_holders(self) -> dict[str, tuple[int, ...]]:
        return {x.name: x.holders for x in self.goals if x.kind == "first"}

    def _checked(self, phase: str, before: dict[str, tuple[int, ...]]) -> None:
        type(self).checks += 1
        for x in self.goals:
            if x.kind == "first":
                if before[x.name]:
                    assert x.holders == before[x.name], (phase, x)  # never lost or re-given
                else:  # claimed now (or not): exactly the players who meet it
                    met = tuple(i for i, c in enumerate(x.counts) if c >= x.need)
                    at_tile = PRINTED.get(phase, phase) in x.phases
                    assert x.holders == (met if at_tile else ()), (phase, x)
            else:
                assert len(x.holders) <= 1, x
                if x.holders:
                    mine = x.counts[x.holders[0]]
                    assert mine >= x.need, (phase, x)
                    assert mine == max(x.counts), (phase, x)


@cache
def play(seed: int) -> Checked:
    players = 2 + seed % 4
    game = Checked.new(players=players, seed=seed)
    RandomPlayer(seed).play(game)
    assert game.is_over
    return game


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_with_goals_keep_the_goal_invariants(seed: int) -> None:
    game = play(seed)
    goals = game.goals
    assert sum(x.kind == "most" for x in goals) == 2
    assert sum(x.kind == "first" for x in goals) == 4
    for i in range(len(game.players)):
        b = game.score_breakdown(i)
        want = {}
        for x in goals:
            vp = CHIP_VP if i in x.end_chips else 0
            if i in x.holders:
                vp += GOALS[x.name].vp
            want[x.name] = vp
        assert b["goals"] == want
        assert b["total"] == (b["cards"] + b["chips"] + sum(b["bonuses"].values())
                              + sum(want.values()))
        assert game.scores()[i] == b["total"]
    for x in goals:
        if x.kind == "most":
            assert not set(x.end_chips) & set(x.holders)
            best = max(x.counts)
            assert set(x.end_chips) == {i for i, c in enumerate(x.counts)
                                        if c == best >= x.need and i not in x.holders}
    # Chips came only from the pool: goal VP never touch it.
    assert game.vp_pool + sum(p.vp for p in game.players) == game.vp_start
    loaded = Checked.from_json(game.to_json())
    assert loaded.events == game.events
    assert loaded.goals == goals
    assert loaded.scores() == game.scores()
    assert loaded.snapshot() == game.snapshot()


def test_the_fuzz_checks_goals_and_sees_claims_losses_and_end_chips() -> None:
    kinds: set[str] = set()
    for seed in range(GAMES):
        kinds |= {e.kind for e in play(seed).events if e.kind.startswith("goal_")}
    assert Checked.checks > 0
    assert {"goal_claim", "goal_lost", "goal_end"} <= kinds
