"""A smoke test of strength (not timed): the fast AI is far better than random play."""

from __future__ import annotations

from rftg_nb import Game, RandomPlayer
from rftg_nb.ai import AIPlayer
from rftg_nb.robot import SoloGame

GAMES = 20


def test_fast_ai_beats_random_play_in_two_player_games() -> None:
    wins = 0
    for i in range(GAMES):
        game = Game.new(players=2, seed=700 + i)
        ai, rnd = AIPlayer("fast", i), RandomPlayer(i)
        ai_seat = i % 2
        while (d := game.decision) is not None:
            game.apply(ai.answer(game, d) if d.player == ai_seat else rnd.answer(game, d))
        wins += game.winner == ai_seat
    assert wins >= 17, f"the fast AI won {wins} of {GAMES}"


def test_fast_ai_scores_far_more_than_random_play_against_the_robot() -> None:
    ai_total = rnd_total = ai_wins = 0
    for i in range(GAMES):
        a = SoloGame.new(seed=800 + i, difficulty="easy")
        AIPlayer("fast", i).play(a)
        r = SoloGame.new(seed=800 + i, difficulty="easy")
        RandomPlayer(i).play(r)
        ai_total += a.scores()[0]
        rnd_total += r.scores()[0]
        ai_wins += a.winner == 0
    assert ai_total >= 2.5 * rnd_total, (ai_total, rnd_total)
    assert ai_wins >= 2
