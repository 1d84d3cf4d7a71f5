"""``Game.clone``: a copy made from the state the game kept at the start of the round or
phase, with the choices since replayed, stands exactly where a full replay of the game's
choices stands, plays on exactly as it would, and changes nothing of the game it was made
from."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice, RandomPlayer, SoloGame
from rftg_nb.engine.decision import Decision

FUZZ_MOON = {"name": "Clone Moon", "type": "world", "cost": 2, "vp": 1, "good": "rare",
             "powers": [{"phase": 5, "code": "DRAW", "value": 1}], "copies": 2}


def replayed(game: Game, round_start: bool = False) -> Game:
    """The copy every look-ahead made before clones: set-up, seed and choices replayed."""
    twin = type(game)(game.setup, game.seed, record=False)
    for ids in game.choices:
        d = twin.decision
        if round_start and d is not None and d.kind == "actions" and twin.round == game.round:
            break
        twin.apply(ids)
    return twin


def where(game: Game) -> Any:
    """Everything a player could tell of the position, and the pending question."""
    d = game.decision
    question = None if d is None else (d.player, d.kind, d.prompt, d.min, d.max,
                                       [(o.id, o.label) for o in d.options])
    return game.snapshot(), game.round, game.phase, game.choices, question


def played_out(game: Game, seed: int) -> list[Any]:
    """The game played to its end by a random player: every position met, and the scores."""
    bot = RandomPlayer(seed)
    seen = []
    while (d := game.decision) is not None:
        seen.append(where(game))
        game.apply(bot.answer(game, d))
    seen.append((game.scores(), game.winners))
    return seen


MAKERS: dict[str, Callable[[int], Game]] = {
    "2 players": lambda s: Game.new(players=2, seed=s),
    "3 players, goals": lambda s: Game.new(players=3, seed=s, goals=True),
    "4 players": lambda s: Game.new(players=4, seed=s),
    "5 players, goals": lambda s: Game.new(players=5, seed=s, goals=True),
    "base game": lambda s: Game.new(players=3, seed=s, expansion="base"),
    "draft": lambda s: Game.new(players=2, seed=s, draft=True),
    "custom cards": lambda s: Game.new(players=2, seed=s, custom_cards=[FUZZ_MOON]),
    "solo easy": lambda s: SoloGame.new(seed=s, difficulty="easy"),
    "solo hard": lambda s: SoloGame.new(seed=s, difficulty="hard"),
}


@pytest.mark.parametrize("kind", list(MAKERS))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_clone_stands_and_plays_on_as_a_replay(kind: str, seed: int) -> None:
    game = MAKERS[kind](seed)
    bot = RandomPlayer(seed)
    rng = random.Random(seed)
    copies = 0
    while (d := game.decision) is not None:
        if rng.random() < 0.2:
            round_start = rng.random() < 0.3
            twin = game.clone(round_start)
            ref = replayed(game, round_start)
            assert where(twin) == where(ref)
            assert played_out(twin, copies) == played_out(ref, copies)
            copies += 1
        game.apply(bot.answer(game, d))
    assert copies >= 3


def test_cloning_changes_nothing_of_the_game() -> None:
    plain, cloned = Game.new(players=3, seed=9), Game.new(players=3, seed=9)
    a, b = RandomPlayer(9), RandomPlayer(9)
    while (d := plain.decision) is not None:
        twin = cloned.clone()
        played_out(twin, 0)  # the copy played to its end, its cards changed in place
        twin = cloned.clone(round_start=True)
        played_out(twin, 1)
        assert where(cloned) == where(plain)
        plain.apply(a.answer(plain, d))
        cloned.apply(b.answer(cloned, cloned.decision))
    assert cloned.events == plain.events
    assert cloned.scores() == plain.scores()


@pytest.mark.parametrize("make, first, then", [
    (lambda: Game.new(players=2, seed=4), 20, 8),
    (lambda: SoloGame.new(seed=4, difficulty="medium"), 8, 4),
])
def test_a_clone_of_a_clone(make: Callable[[], Game], first: int, then: int) -> None:
    game = make()
    bot = RandomPlayer(4)
    for _ in range(first):
        game.apply(bot.answer(game, game.decision))
    twin = game.clone()
    for _ in range(then):
        twin.apply(bot.answer(twin, twin.decision))
    again = twin.clone()
    assert where(again) == where(replayed(twin))
    assert played_out(again, 5) == played_out(replayed(twin), 5)


def test_the_choices_replayed_are_watched() -> None:
    game = Game.new(players=2, seed=3)
    bot = RandomPlayer(3)
    for _ in range(25):
        game.apply(bot.answer(game, game.decision))
    seen: list[tuple[Decision, tuple[str, ...]]] = []
    game.clone(watch=lambda twin, d, ids: seen.append((d, ids)))  # the first: a whole replay
    assert [ids for _d, ids in seen] == game.choices
    seen.clear()
    game.clone(watch=lambda twin, d, ids: seen.append((d, ids)))
    assert len(seen) < len(game.choices)  # the choices since the phase began, if any
    assert [ids for _d, ids in seen] == game.choices[len(game.choices) - len(seen):]


def test_scripted_changes_of_a_lesson_are_in_the_clone() -> None:
    game = SoloGame.new(seed=6, difficulty="hard")
    bot = RandomPlayer(6)
    for _ in range(12):
        game.apply(bot.answer(game, game.decision))
    game.clone()  # marks kept from here on
    for _ in range(5):
        game.apply(bot.answer(game, game.decision))
    game.adjust(credit=3, economy=2)
    twin = game.clone()
    assert where(twin) == where(replayed(game))
    assert played_out(twin, 2) == played_out(replayed(game), 2)


def test_a_clone_after_undo_and_from_a_position() -> None:
    game = Game.new(players=2, seed=8)
    bot = RandomPlayer(8)
    for _ in range(30):
        game.apply(bot.answer(game, game.decision))
    game.clone()
    game.undo()
    assert where(game.clone()) == where(replayed(game))
    pos = Game.from_position(
        {"players": [{"tableau": ["Old Earth"], "hand": ["Gem World", "Spice World"]},
                     {"tableau": ["Alpha Centauri"], "hand": ["Public Works"]}],
         "deck": ["Mining World", "Comet Zone", "Deserted Alien Outpost", "Galactic Trendsetters",
                  "Rebel Warrior Race", "Space Marines"], "round": 3}, seed=5)
    for round_start in (False, True, False):
        assert where(pos.clone(round_start)) == where(replayed(pos, round_start))
        pos.apply(bot.answer(pos, pos.decision))


def test_a_step_through_copy_cannot_be_cloned() -> None:
    game = Game.new(players=2, seed=2)
    RandomPlayer(2).play(game)
    for step in (3, len(game.events) // 2):
        copy = game.at_step(step)
        with pytest.raises(ValueError, match="step-through"):
            copy.clone()
        copy.close()  # (nothing to stop)
        with pytest.raises(IllegalChoice):
            copy.apply("c1")


def test_a_closed_copy_takes_no_answer_and_still_shows_its_state() -> None:
    game = Game.new(players=2, seed=5)
    bot = RandomPlayer(5)
    for _ in range(12):
        game.apply(bot.answer(game, game.decision))
    twin = game.clone()
    ids = bot.answer(twin, twin.decision)
    shown = {**twin.snapshot(), "decision": None}
    twin.close()
    assert twin.decision is None and not twin.is_over
    assert twin.snapshot() == shown  # everything but the question it no longer asks
    with pytest.raises(IllegalChoice, match="closed"):
        twin.apply(ids)
    game.apply(ids)  # the game it was copied from plays on


def test_a_game_told_to_copy_from_here_is_copied_from_its_own_states() -> None:
    """A look-ahead's dealt copy holds cards its seed would not deal: told to copy from here,
    it is copied from the states it keeps from then on, never by a replay from its seed, and
    so are its copies."""
    game = SoloGame.new(seed=7, difficulty="hard")
    bot = RandomPlayer(7)
    for _ in range(10):
        game.apply(bot.answer(game, game.decision))
    twin = game.clone()
    twin.deck.reverse()  # (a deck its seed does not deal)
    twin.copy_from_here()
    assert not twin.copyable
    with pytest.raises(ValueError, match="copy_from_here"):
        twin.clone()
    with pytest.raises(ValueError, match="undone"):
        twin.undo()
    at = (twin.round, twin.phase)
    while (twin.round, twin.phase) == at:
        twin.apply(bot.answer(twin, twin.decision))
    twin.apply(bot.answer(twin, twin.decision))  # (a choice into the phase: replayed)
    assert twin.copyable
    copy, other = twin.clone(), twin.clone()
    assert where(copy) == where(twin)
    assert not copy.copyable  # (it keeps states of its own once told to, and a phase starts)
    with pytest.raises(ValueError, match="copy_from_here"):
        copy.clone()
    seed_replay = replayed(twin)
    assert played_out(copy, 3) == played_out(twin, 3)
    assert played_out(seed_replay, 3) != played_out(other, 3)  # (the deck reversed mattered)
