"""The AI's valuations are the same whatever was valued before them.

What a tableau's powers bring a round and what placing a card is worth are kept for every game
of the process (a look-ahead meets the same tableaux over and over), so they must be kept under
everything they depend on: each test values two positions that differ in one such fact, in both
orders, and each must be what it is when valued first (the caches empty, as in a new process).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rftg_nb import Game
from rftg_nb.ai import placing, round_gains, valuation
from rftg_nb.ai.valuation import Ctx
from rftg_nb.cards import CARDS


@pytest.fixture
def fresh(monkeypatch) -> Callable[[], None]:
    """Empties the AI's caches, as a new process has them (called again, empties them again)."""
    def empty() -> None:
        for name in ("_INCOME", "_PLAY", "_SURPLUS", "_BASE"):
            monkeypatch.setattr(placing, name, {})
        monkeypatch.setattr(round_gains, "_POWERS", {})
    empty()
    return empty


def in_either_order(one: Callable[[], Any], other: Callable[[], Any],
                    fresh: Callable[[], None]) -> None:
    fresh()
    first = one()
    fresh()
    second = other()
    assert first != second  # the two differ, so that one cannot stand for the other
    fresh()
    assert (one(), other()) == (first, second)
    fresh()
    assert (other(), one()) == (second, first)


def ctx_at(game: Game, seat: int, rounds: float, monkeypatch) -> Ctx:
    """The seat's context with ``rounds`` rounds left to play."""
    monkeypatch.setattr(valuation, "rounds_left", lambda _game, _seat, _robot=None: rounds)
    return Ctx(game, seat)


def designs(*names: str) -> list[Any]:
    return [CARDS[n] for n in names]


def test_income_tells_apart_times_left_that_round_alike(fresh, monkeypatch) -> None:
    """5.5 and 6 rounds left: a card in hand is worth as much (the most it can), but the good
    Alpha Centauri starts with is spread over more rounds (the old key rounded both to 5)."""
    game = Game.new(players=2, seed=1)
    early, earlier = ctx_at(game, 0, 5.5, monkeypatch), ctx_at(game, 0, 6.0, monkeypatch)
    assert early.cv == earlier.cv and early.future != earlier.future
    tableau = designs("Alpha Centauri", "Public Works")
    in_either_order(lambda: early.income(tableau), lambda: earlier.income(tableau), fresh)


def test_income_is_the_same_whatever_the_order_of_the_tableau(fresh, monkeypatch) -> None:
    """Two consume powers of Novelty, Earth's Lost Colony's and Consumer Markets': which one
    takes the good must not depend on the order the cards are listed in (the key sorts them)."""
    ctx = ctx_at(Game.new(players=2, seed=1), 0, 4.0, monkeypatch)
    tableau = designs("Earth's Lost Colony", "Consumer Markets", "Rebel Miners")
    fresh()
    forward = ctx.income(tableau)
    fresh()
    assert ctx.income(tableau[::-1]) == forward
    for names in (("Consumer Markets", "Earth's Lost Colony", "Rebel Miners"),
                  ("Rebel Miners", "Earth's Lost Colony", "Consumer Markets")):
        fresh()
        assert ctx.income(designs(*names)) == forward


def test_a_goal_held_by_one_seat_counts_for_the_other(fresh, monkeypatch) -> None:
    """Largest Industry, held by seat 0 (three Rare and Novelty worlds): a third such world
    brings seat 1 nearer to taking it, seat 0 nothing it has not got (the old key had the
    holders, not the seat asking)."""
    game = Game.from_position({
        "players": [{"name": "Alan", "tableau": ["Alpha Centauri", "Asteroid Belt",
                                                 "Galactic Resort"],
                     "hand": [], "actions": ["settle"]},
                    {"name": "Betty", "tableau": ["Epsilon Eridani"], "hand": [],
                     "actions": ["settle"]}],
        "phase": "settle", "advanced": False,
        "goals": [{"name": "Largest Industry", "holders": [0]}]})
    assert game.goal_tracks[0].holders == [0]
    holder, other = ctx_at(game, 0, 4.0, monkeypatch), ctx_at(game, 1, 4.0, monkeypatch)
    tableau = designs("Alpha Centauri", "Asteroid Belt")
    world = CARDS["Refugee World"]
    in_either_order(lambda: holder.play_value(world, tableau),
                    lambda: other.play_value(world, tableau), fresh)
    fresh()
    assert other.play_value(world, tableau) - holder.play_value(world, tableau) > 1.0


def custom_game(design: dict[str, Any]) -> Game:
    return Game.new(players=2, seed=1, custom_cards=[design])


MOON = {"name": "Relay Moon", "type": "world", "cost": 1, "vp": 1, "copies": 1}
MART = {"name": "Relay Mart", "type": "development", "cost": 2, "vp": 1, "copies": 1}


def test_custom_designs_of_one_name_are_valued_each_as_it_is(fresh, monkeypatch) -> None:
    """Two games with a custom world of the same name, worth 1 VP in one and 3 in the other
    (a card edited between games): the old keys had the names, not the designs."""
    small, big = custom_game(MOON), custom_game({**MOON, "vp": 3})
    ctx_small, ctx_big = ctx_at(small, 0, 4.0, monkeypatch), ctx_at(big, 0, 4.0, monkeypatch)
    tableau = designs("Alpha Centauri")
    in_either_order(lambda: ctx_small.play_value(small.db["Relay Moon"], tableau),
                    lambda: ctx_big.play_value(big.db["Relay Moon"], tableau), fresh)
    sells = custom_game({**MART, "powers": [{"phase": 4, "code": "CONSUME_ANY|GET_VP",
                                              "value": 1}]})
    keeps = custom_game(MART)
    in_either_order(lambda: round_gains._consume_powers([sells.db["Relay Mart"]]),
                    lambda: round_gains._consume_powers([keeps.db["Relay Mart"]]), fresh)
