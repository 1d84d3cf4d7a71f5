"""The review points at the mistakes that mattered: solitaire games of the fast AI with one
mistake planted in each (rftg_nb.history.planted), reviewed in full. The benchmark row
``benchmarks/ai.py --rows review-planted`` measures it on 50 games; these are a handful."""

from __future__ import annotations

from functools import cache

import pytest

from rftg_nb.history.planted import KINDS, Planted, PlantError, planted_game
from rftg_nb.history.review import key_moments, moment_line, review

SEED0 = 40_000  # seeds apart from the benchmark's


@cache
def planted(kind: str, n: int) -> Planted:
    """The ``n``-th game from :data:`SEED0` that can carry a mistake of ``kind``."""
    found = 0
    for seed in range(SEED0, SEED0 + 400):
        p = planted_game(seed, kind)
        if p is not None:
            if found == n:
                return p
            found += 1
    raise AssertionError(f"no game carries a {kind} mistake")


@cache
def reviewed(kind: str, n: int) -> tuple[Planted, dict]:
    p = planted(kind, n)
    return p, review(p.game)


@pytest.mark.parametrize("kind", KINDS)
def test_the_mistake_is_planted_as_asked(kind: str) -> None:
    p = planted(kind, 0)
    answer = tuple(p.game.choices[p.choice])
    assert answer != p.instead and p.game.is_over
    if kind == "unplaced":
        assert answer == () and p.instead
    elif kind == "cards-for-vp":
        assert "trade" in answer and "x2" in p.instead
        assert [a for a in answer if a != "trade"] == [a for a in p.instead if a != "x2"]
    elif kind == "weak-development":
        assert len(answer) == 1 and len(p.instead) == 1


def test_the_planted_mistakes_are_among_the_key_moments() -> None:
    hits = []
    for kind in KINDS:
        for n in (0, 1):
            p, r = reviewed(kind, n)
            keys = key_moments(r)
            hit = next((m for m in keys if m["choice"] == p.choice), None)
            hits.append(hit is not None)
            if hit is not None:  # told as the review measured it
                assert not hit["same"] and moment_line(hit).endswith(hit["reason"])
                assert hit["cost"] >= 0.01 or hit["vp_cost"] >= 0.5
    assert sum(hits) >= 7, hits  # 8 games: the benchmark's floor is 80%


def test_an_unknown_kind_is_refused_by_name() -> None:
    with pytest.raises(PlantError, match="kind"):
        planted_game(1, "blunder")
