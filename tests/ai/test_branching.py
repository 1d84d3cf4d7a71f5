"""The strong level's playouts against the robot try a few answers to the seat's own later
choice of a development or a world, each on a copy played on to the round's end, and keep the
best (:func:`rftg_nb.ai.playouts.best_branch`); the fast level's and a table's playouts do not."""

from __future__ import annotations

import random

import pytest

from rftg_nb import Game, SoloGame
from rftg_nb.ai import AIPlayer, determinize, playouts
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.valuation import Ctx


def at_actions(seed: int, rnd: int) -> SoloGame:
    """A solitaire game at hard, played by the fast level's rules to a choice of actions of
    round ``rnd``."""
    game = SoloGame.new(seed=seed, difficulty="hard")
    fast = AIPlayer("fast", seed=seed, playouts=0)
    while (d := game.decision) is not None and not (d.kind == "actions" and game.round == rnd):
        game.apply(fast.answer(game, d))
    assert game.decision is not None
    return game


def at_placement(seed: int) -> tuple[SoloGame, Ctx, SoloGame, int]:
    """A dealt copy of a choice of actions of round 3 (Develop and Settle chosen), played by
    the fast level to the seat's first choice of a card to place that it can be copied at:
    the game, the root's context, the copy and the deal's seed."""
    game = at_actions(seed, 3)
    root = Ctx(game, 0)
    for deal in range(20):
        twin, rng = determinize.Deals(game, 0).sample(deal, True)
        determinize.force_roll(twin, None)
        twin.copy_from_here()
        twin.apply(["develop", "settle"])
        while (d := twin.decision) is not None and twin.round == 3:
            if d.player == 0 and d.kind in playouts.BRANCHED and twin.copyable:
                return game, root, twin, deal
            twin.apply(list(Chooser(Ctx(twin, d.player), rng).choose(d).ids))
        twin.close()
    raise AssertionError("no choice of a card to place met")


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_answers_tried_and_the_best_kept(seed: int) -> None:
    game, root, twin, deal = at_placement(seed)
    d = twin.decision
    ctx = Ctx(twin, 0, parent=root)
    chooser = Chooser(ctx, random.Random(0))
    quick = chooser.choose(d).ids
    answers = playouts.branch_answers(chooser, d, quick)
    assert answers[0] == quick
    assert 1 < len(answers) <= playouts.BRANCH_WIDTH
    assert len(set(answers)) == len(answers)
    assert all(d.check(a) is None for a in answers)
    if d.min == 0:
        assert () in answers
    # each answer played on its own copy, as best_branch plays it
    results = []
    for k, ids in enumerate(answers):
        copy = twin.clone()
        copy.apply(list(ids))
        results.append(playouts._play_on(copy, 0, (), deal, random.Random(deal * 31 + 7 * k),
                                       root, False, 3, None, False, False))
    got = playouts.best_branch(twin, 0, answers, deal, root, 3, False)
    best = max(range(len(results)), key=lambda k: ((results[k][0], results[k][2],
                                                    results[k][1]), -k))
    assert got == results[best]
    assert twin.decision is None  # (closed: the copies played on)


def test_the_strong_level_against_the_robot_branches(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = playouts.best_branch

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(playouts, "best_branch", counted)
    game = at_actions(3, 3)
    AIPlayer("strong", seed=3, playouts=60).answer(game, game.decision)
    assert calls


def test_the_fast_level_and_a_table_do_not(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args, **kwargs):
        raise AssertionError("branched")

    monkeypatch.setattr(playouts, "best_branch", refused)
    game = at_actions(3, 3)
    fast = AIPlayer("fast", seed=3)
    for _ in range(30):
        if game.decision is None:
            break
        game.apply(fast.answer(game, game.decision))
    table = Game.new(players=2, seed=4)
    strong = AIPlayer("strong", seed=4, playouts=40)
    while table.round < 3 and table.decision is not None:
        table.apply(strong.answer(table, table.decision))
