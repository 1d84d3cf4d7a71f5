"""The same seed gives the same choices: whole games twice over, and a reloaded game."""

from __future__ import annotations

from rftg_nb import Game
from rftg_nb.ai import AIPlayer
from rftg_nb.robot import SoloGame


def played(make, seed: int) -> list[tuple[str, ...]]:
    game = make()
    AIPlayer("fast", seed).play(game)
    assert game.is_over
    return game.choices


def test_fast_games_repeat_exactly() -> None:
    for make in (lambda: SoloGame.new(seed=31, difficulty="hard"),
                 lambda: Game.new(players=3, seed=32, goals=True)):
        assert played(make, 4) == played(make, 4)


def test_another_seed_may_choose_otherwise_but_stays_legal() -> None:
    # Different seeds only break ties, so both games are complete and legal.
    a = played(lambda: Game.new(players=2, seed=33), 1)
    b = played(lambda: Game.new(players=2, seed=33), 2)
    assert a and b


def test_strong_repeats_and_does_not_depend_on_the_object() -> None:
    game = SoloGame.new(seed=34, difficulty="medium")
    fast = AIPlayer("fast", 0)
    game.apply(fast.answer(game, game.decision))  # the opening discard
    first = AIPlayer("strong", seed=9).answer(game, game.decision)
    again = AIPlayer("strong", seed=9).answer(game, game.decision)
    reloaded = SoloGame.from_json(game.to_json())
    assert first == again == AIPlayer("strong", seed=9).answer(reloaded, reloaded.decision)


def test_picking_leaves_the_game_and_the_global_random_state_alone() -> None:
    import random

    game = Game.new(players=2, seed=35)
    state = random.getstate()
    before = game.snapshot()
    for level in ("fast", "strong"):
        AIPlayer(level, 1).answer(game, game.decision)
    assert game.snapshot() == before
    assert random.getstate() == state
