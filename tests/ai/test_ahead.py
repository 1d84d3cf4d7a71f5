"""Thinking ahead (rftg_nb.ai.ahead): the computer seats' choices of actions worked out while a
person chooses give the very answers the seats give when asked after the person's answer, so a
game goes exactly as it would have; and where nothing was worked out, or it went wrong, the
seat simply thinks when asked."""

from __future__ import annotations

import pytest

from rftg_nb import Game
from rftg_nb.ai import AIPlayer
from rftg_nb.ai.ahead import ThinkAhead
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_seats import TableSettings


def play_table(seed: int, computer: list[bool], think_ahead: bool, level: str = "fast",
               draft: bool = False, threaded: bool = False) -> TableController:
    """A whole table game, the people's seats answered by a fast AI of their own; with
    ``think_ahead`` the computer seats think ahead at every question, as on the page."""
    n = len(computer)
    c = TableController(ahead=ThinkAhead(threaded=threaded, delay=0.0))
    c.new_game(TableSettings(n, [f"P{i}" for i in range(n)], computer, seed=seed, level=level,
                             draft=draft))
    person = AIPlayer("fast", seed=99)
    while c.game.decision is not None:
        if c.pending_pass:
            c.confirm_seat()
        if think_ahead:
            c.think_ahead()
        assert c.answer(person.answer(c.game, c.game.decision))
    return c


@pytest.mark.parametrize("computer, draft", [
    ([False, True, True, True, True], False),   # one person, four computer seats
    ([False, True, False, True], False),        # two people, a computer seat after each
    ([True, False, True], False),               # a computer seat before the person too
    ([False, True], False),                      # the 2-player advanced game: two actions each
    ([False, True, True], True),                 # the drafting variant
], ids=["5-players", "4-players-2-people", "computer-first", "2-players", "draft"])
def test_a_game_goes_exactly_as_without_thinking_ahead(computer: list[bool], draft: bool) -> None:
    for seed in (1, 2):
        live = play_table(seed, computer, think_ahead=False, draft=draft)
        ahead = play_table(seed, computer, think_ahead=True, draft=draft)
        assert ahead.game.choices == live.game.choices
        assert ahead.game.scores() == live.game.scores()
        assert live.ahead.given == 0
        # every computer seat choosing after a person took its answer from the thinking ahead
        asked = sum(1 for e in live.game.events if e.kind == "actions"
                    and e.actor > _first_person(computer) and computer[e.actor])
        assert ahead.ahead.given == asked > 0


def _first_person(computer: list[bool]) -> int:
    return computer.index(False)



def test_on_its_thread_the_answers_are_the_same() -> None:
    computer = [False, True, True, True]
    live = play_table(3, computer, think_ahead=False)
    threaded = play_table(3, computer, think_ahead=True, threaded=True)
    assert threaded.game.choices == live.game.choices
    assert threaded.ahead.given > 0


def test_the_strong_level_thinking_ahead_answers_as_it_would_when_asked() -> None:
    """With a fixed number of playouts the strong level is deterministic: its answer worked out
    ahead, with a stand-in for the person's choice, is the one it gives after the real one."""
    strong = AIPlayer("strong", seed=5, playouts=6)
    game = Game.new(players=3, seed=8)
    while game.decision.kind != "actions":
        game.apply(AIPlayer("fast", seed=1).answer(game, game.decision))
    ahead = ThinkAhead(threaded=False)
    assert ahead.start(game, [False, True, True], strong.answer)
    game.apply(["settle"])  # the person's real choice, not the stand-in
    for seat in (1, 2):
        d = game.decision
        assert d.player == seat and d.kind == "actions"
        got = ahead.take(game, d)
        assert got == strong.answer(game, d)
        game.apply(got)
    assert ahead.given == 2


def test_nothing_is_given_for_a_position_not_thought_about() -> None:
    game = Game.new(players=2, seed=4)
    while game.decision.kind != "actions":
        game.apply(AIPlayer("fast", seed=1).answer(game, game.decision))
    ahead = ThinkAhead(threaded=False)
    fast = AIPlayer("fast", seed=4)
    # the pending choice is the computer seat's own: nothing to think ahead of
    assert not ahead.start(game, [True, True], fast.answer)
    assert ahead.start(game, [False, True], fast.answer)
    ahead.forget()  # a new game, a load or an undo forgets what was worked out
    game.apply(["explore5", "develop"])
    assert ahead.take(game, game.decision) is None
    assert ahead.given == 0


def test_a_failure_while_thinking_ahead_leaves_the_seat_to_think_when_asked() -> None:
    game = Game.new(players=2, seed=4)
    while game.decision.kind != "actions":
        game.apply(AIPlayer("fast", seed=1).answer(game, game.decision))

    def broken(_game: Game, _d: object) -> list[str]:
        raise RuntimeError("a fault in the AI")

    ahead = ThinkAhead(threaded=False)
    assert ahead.start(game, [False, True], broken)
    game.apply(["explore5", "develop"])
    assert ahead.take(game, game.decision) is None  # the seat then thinks live
