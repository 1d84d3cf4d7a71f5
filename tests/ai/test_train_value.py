"""The games with branches that the shipped solitaire value is fitted from
(``rftg_nb/ai/train.py --branches``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rftg_nb.ai import train
from rftg_nb.ai.features import NAMES

ROUND = NAMES.index("round")


@pytest.fixture(scope="module")
def lines() -> list[train.Line]:
    return train.play_branching(4, share=1.0)


def test_a_game_and_its_branches_are_whole_lines(lines: list[train.Line]) -> None:
    rows, _margin = lines[0]
    # every choice of actions of the game branched (share 1), bar one with no other choice
    assert len(lines) - 1 >= len(rows) - 1 >= 3
    for line_rows, margin in lines:
        assert all(len(row) == len(NAMES) for row in line_rows)
        assert margin == int(margin)
    # the game's rows are one a round, in order; a branch's rows start a round later than
    # where it branched, so its first row is of a round the game also reached (or it ended)
    rounds = [row[ROUND] for row in rows]
    assert rounds == list(range(1, len(rows) + 1))
    assert {r[0][ROUND] for r, _m in lines[1:] if r} <= set(rounds) | {len(rows) + 1}


def test_branching_is_deterministic_and_a_share_of_none_is_the_game_alone(
        lines: list[train.Line]) -> None:
    assert train.play_branching(4, share=1.0) == lines
    alone = train.play_branching(4, share=0.0)
    assert len(alone) == 1
    assert alone[0] == lines[0]  # the copies leave the game as it was


def test_contrasts_pair_a_branch_with_the_game_at_the_same_round() -> None:
    def row(rnd: int, v: float) -> list[float]:
        r = [v] * len(NAMES)
        r[ROUND] = float(rnd)
        return r

    game = ([row(1, 0.0), row(2, 1.0), row(3, 2.0)], 10.0)
    branch = ([row(3, 5.0), row(4, 9.0)], 4.0)
    over = ([], 7.0)  # ended before another choice of actions: no contrast
    late = ([row(5, 1.0)], 0.0)  # a round the game never reached: no contrast
    got = train.contrasts([game, branch, over, late])
    assert len(got) == 1
    dx, dy = got[0]
    assert dy == -6.0
    assert dx[ROUND] == 0.0
    assert all(v == 3.0 for i, v in enumerate(dx) if i != ROUND)


def test_the_fit_finds_weights_that_make_the_margins() -> None:
    rng = random.Random(5)
    true = np.array([rng.uniform(-1, 1) for _ in NAMES])
    true[0] = 2.0

    def line(rnd: int) -> train.Line:
        r = [1.0] + [rng.uniform(0, 10) for _ in NAMES[1:]]
        r[ROUND] = float(rnd)
        return [r], float(np.array(r) @ true)

    # a game and two branches, each a row of the same round: two contrasts a game, all
    # consistent with the rows
    games = [[line(g % 7 + 1) for _ in range(3)] for g in range(120)]
    assert all(len(train.contrasts(g)) == 2 for g in games)
    for weight in (1.0, train.CONTRAST_WEIGHT):
        w = train.fit_branching(games, ridge=1e-6, weight=weight)
        assert np.allclose(w, true, atol=1e-3)
    # the games ``keep`` leaves out are left out: margins made otherwise there do not count
    spoiled = [g if i % 2 == 0 else [(r, m + 50.0) for r, m in g] for i, g in enumerate(games)]
    assert np.allclose(train.fit_branching(spoiled, 1e-6, keep=lambda g: g % 2 == 0), true,
                       atol=1e-3)
    assert not np.allclose(train.fit_branching(spoiled, 1e-6), true, atol=1e-1)
