"""The fast level's eager placement rule in the solitaire game (``plans.PLACE_SLACK``)."""

from __future__ import annotations

import random

from rftg_nb import Game
from rftg_nb.ai import AIPlayer
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.valuation import Ctx
from rftg_nb.robot import SoloGame

PLACING = ("develop", "settle", "settle_second")


def _answers(game, d) -> tuple[tuple[str, ...], tuple[str, ...]]:
    plain = Chooser(Ctx(game, d.player), random.Random(1)).choose(d).ids
    eager = Chooser(Ctx(game, d.player), random.Random(1), eager=True).choose(d).ids
    return tuple(plain), tuple(eager)


def test_solitaire_fast_level_places_whenever_the_plain_rule_would_and_more_often() -> None:
    more = 0
    seen = 0
    for i in range(6):
        game = SoloGame.new(seed=4_000 + i, difficulty="hard")
        ai = AIPlayer("fast", seed=i, playouts=0)  # its rules alone: no look-ahead
        while (d := game.decision) is not None:
            if d.kind in PLACING:
                plain, eager = _answers(game, d)
                seen += 1
                assert d.check(eager) is None
                if plain:
                    assert eager, f"round {game.round}: the eager rule held back {plain}"
                elif eager:
                    more += 1
                assert tuple(ai.answer(game, d)) == eager  # the fast level's rule is the eager one
            game.apply(ai.answer(game, d))
    assert seen > 20
    assert more > 0, "the eager rule never placed a card the plain rule held back"


def test_eager_rule_is_for_the_solitaire_game_only() -> None:
    game = Game.new(players=2, seed=77)
    ai = AIPlayer("fast", seed=3)
    checked = 0
    while (d := game.decision) is not None:
        if d.kind in PLACING:
            plain, eager = _answers(game, d)
            assert plain == eager
            checked += 1
        game.apply(ai.answer(game, d))
    assert checked > 5
