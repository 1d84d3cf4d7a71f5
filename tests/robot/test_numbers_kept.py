"""The race's numbers after each event (SoloGame.numbers_at, timeline): a game keeps them as
it goes only when asked to (keep_numbers, the pages); any other works them out by a replay
when first asked. Both ways give the same numbers, also after an undo and in an at_step copy."""

from __future__ import annotations

import random

import pytest

from rftg_nb.players import random_pick
from rftg_nb.robot import SoloGame

FIELDS = ("vp_pool", "robot_credit", "robot_economy", "robot_vp", "robot_tableau",
          "player_vp", "player_tableau", "robot_score", "player_score")


def _numbers(g: SoloGame) -> list[tuple]:
    return [tuple(g.numbers_at(i)[f] for f in FIELDS) for i in range(len(g.events))]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_numbers_kept_live_equal_numbers_worked_out_later(seed: int) -> None:
    live = SoloGame.new(seed=seed, difficulty=("easy", "medium", "hard")[seed % 3])
    live.keep_numbers()
    lazy = SoloGame.new(seed=seed, difficulty=live.difficulty)
    rng = random.Random(seed)
    halfway = None
    while live.decision is not None:
        ids = random_pick(live.decision, rng)
        live.apply(ids)
        lazy.apply(ids)
        if halfway is None and live.round == 5:
            halfway = len(live.events)
            assert _numbers(lazy) == _numbers(live)  # asked midway, then played on
    assert _numbers(lazy) == _numbers(live)
    copy = lazy.at_step(halfway)
    assert _numbers(copy) == _numbers(live)[:halfway]


def test_a_kept_game_keeps_its_numbers_through_undo() -> None:
    g = SoloGame.new(seed=8)
    g.keep_numbers()
    rng = random.Random(8)
    for _ in range(20):
        g.apply(random_pick(g.decision, rng))
    g.undo(0)
    assert g._keeping and len(g.race.stamps) == len(g.events)  # kept while the undo replayed
    for _ in range(5):
        if g.decision is not None:
            g.apply(random_pick(g.decision, rng))
    fresh = SoloGame.from_json(g.to_json())  # keeps none: worked out on asking
    assert _numbers(fresh) == _numbers(g)
