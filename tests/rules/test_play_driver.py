"""``rftg_nb.players.play``: the one loop that answers a game's decisions, for every kind of
player, stopping where it is told."""

from __future__ import annotations

from rftg_nb import Game, RandomPlayer, SoloGame
from rftg_nb.engine.kinds import Kind
from rftg_nb.players import play


def test_one_player_answers_every_seat_to_the_end() -> None:
    game = Game.new(players=3, seed=2)
    n = play(game, RandomPlayer(2))
    assert game.is_over and n == len(game.choices)
    again = Game.new(players=3, seed=2)
    RandomPlayer(2).play(again)  # the same answers, through the same loop
    assert again.choices == game.choices


def test_it_stops_before_a_kind_or_when_told() -> None:
    game = SoloGame.new(seed=3)
    play(game, RandomPlayer(3), until=Kind.ACTIONS)
    assert game.decision is not None and game.decision.kind == "actions" and game.round == 1
    n = play(game, RandomPlayer(4), until="actions")  # already there: nothing answered
    assert n == 0
    before = len(game.choices)
    n = play(game, RandomPlayer(4), until=lambda g, d: g.round == 3)
    assert game.round == 3 and n == len(game.choices) - before


def test_a_seat_nobody_answers_for_stops_it() -> None:
    game = Game.new(players=3, seed=5)
    seen = []

    class Watching:  # any object with an answer: the Player protocol
        def __init__(self, seed: int) -> None:
            self.bot = RandomPlayer(seed)

        def answer(self, game, decision):
            seen.append(decision.player)
            return self.bot.answer(game, decision)

    play(game, {0: Watching(1), 2: Watching(2)})
    assert game.decision is not None and game.decision.player == 1
    assert set(seen) <= {0, 2}
    play(game, [None, Watching(3), None])
    assert game.decision is None or game.decision.player != 1
