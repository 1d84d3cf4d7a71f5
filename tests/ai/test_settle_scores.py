"""The fast level's learned settle scores in the solitaire game (``solo_settle.json``) and
the script that fits them (``rftg_nb/ai/train_settle.py``)."""

from __future__ import annotations

import random

import numpy as np

from rftg_nb import Game
from rftg_nb.ai import AIPlayer, train_settle
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.features import SETTLE_NAMES, settle_score, settle_weights
from rftg_nb.ai.valuation import Ctx
from rftg_nb.robot import SoloGame

SETTLING = ("settle", "settle_second")


def _reckoning(game, d) -> tuple[Chooser, list[tuple[str, float, float]]]:
    """Each world offered: its id, its learned score and the old rule's worth less cost."""
    ch = Chooser(Ctx(game, d.player), random.Random(1))
    out = []
    for o in d.options:
        card = ch.hand_card(o.id)
        if card is None:
            continue
        value, loss, _how, x = ch.world_reckoning(card, features=True)
        weights = settle_weights()
        assert weights is not None  # the weights are shipped
        score = settle_score(weights, x)
        out.append((o.id, score, value - loss))
    return ch, out


def test_solitaire_settle_rule_places_the_best_scored_world_or_none() -> None:
    seen = placed = held = 0
    for i in range(8):
        game = SoloGame.new(seed=4_100 + i, difficulty="hard")
        ai = AIPlayer("fast", seed=i, playouts=0)  # the rules alone
        while (d := game.decision) is not None:
            if d.kind in SETTLING:
                ch, worlds = _reckoning(game, d)
                got = tuple(ch.choose(d).ids)
                best = max(worlds, key=lambda w: w[1], default=None)
                if best is not None and best[1] > 0:
                    assert got == (best[0],), f"round {game.round}: {got} over {best}"
                    placed += 1
                else:
                    assert got == (), f"round {game.round}: placed {got}, every score <= 0"
                    held += 1
                assert tuple(ai.answer(game, d)) == got  # the fast level's rule, eager or not
                seen += 1
            game.apply(ai.answer(game, d))
    assert seen > 20 and placed > 5


def test_at_a_table_the_settle_rule_is_the_worth_less_the_cost() -> None:
    game = Game.new(players=2, seed=78)
    ai = AIPlayer("fast", seed=3)
    checked = 0
    while (d := game.decision) is not None:
        if d.kind in SETTLING:
            ch, worlds = _reckoning(game, d)
            got = tuple(ch.choose(d).ids)
            best = max(worlds, key=lambda w: w[2], default=None)
            assert got == ((best[0],) if best is not None and best[2] > 0 else ())
            checked += 1
        game.apply(ai.answer(game, d))
    assert checked > 3


def _questions(w: np.ndarray, n: int, rng: np.random.Generator) -> list:
    """``n`` made-up Settle questions answered by the logit with weights ``w``."""
    out = []
    for _ in range(n):
        rows = rng.normal(size=(int(rng.integers(1, 5)), len(w)))
        s = np.append(rows @ w, 0.0)
        p = np.exp(s - s.max())
        out.append((rows.tolist(), int(rng.choice(len(s), p=p / p.sum()))))
    return out


def test_the_fit_recovers_the_weights_that_made_the_choices() -> None:
    rng = np.random.default_rng(5)
    w = np.array([1.0, -0.8, 0.0, 0.5, 0.7, -0.3, 0.9])
    assert len(w) == len(SETTLE_NAMES)
    got = train_settle.fit(_questions(w, 3000, rng))
    assert np.abs(got - w).max() < 0.2, got
    # choices made by the best score (no noise) are all agreed with
    sure = [(rows, int(np.argmax(np.append(np.array(rows) @ w, 0.0))))
            for rows, _ in _questions(w, 200, rng)]
    assert train_settle.agreement(sure, w) == 1.0
    assert train_settle.agreement(sure, -w) < 0.5
