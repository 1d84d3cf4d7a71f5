"""The strong level's answers at fixed positions, pinned: making it faster must not change them.

The strong level is a search with a seeded generator, so the same answers mean the same play.
Each position is reached by the fast level from a seeded deal; the answers were recorded from
the search before it was made faster (solitaire choices of actions and mid-round choices,
2- and 3-player choices of actions, from either seat). Three solitaire positions were pinned
again when the fast level's solitaire settle rule became the learned score (its games reach
other positions since), and one again when the solitaire value was fitted from games with
branches (the value the search scores the end of a round with).
"""

from __future__ import annotations

import pytest

from rftg_nb import Game
from rftg_nb.ai import AIPlayer
from rftg_nb.ai.answers import MID_ROUND
from rftg_nb.robot import SoloGame

DIFFICULTY = ("easy", "medium", "hard")

# (game, seed, first round, kind of decision, seat): the strong level's answer there
PINNED = [
    (("solo", 0, 2, "actions", 0), ("explore11", "settle")),
    (("solo", 1, 3, "mid", 0), ("c34", "c39")),  # which explored cards to keep
    (("solo", 3, 6, "mid", 0), ("c4", "c43")),  # which explored cards to keep
    (("solo", 4, 6, "actions", 0), ("settle", "settle2")),
    (("solo", 17, 7, "mid", 0), ("c21", "c22")),  # which explored cards to keep
    (("table", 1, 3, "actions", 1), ("explore11", "settle")),
    (("table", 4, 6, "actions", 0), ("trade", "produce")),
    (("table", 9, 6, "actions", 0), ("develop",)),  # 3 players
]


def position(where: tuple[str, int, int, str, int]) -> SoloGame | Game:
    """The game at the first decision of ``kind`` from ``round`` on, played by the fast level's
    rules alone (no look-ahead: the positions these answers were pinned at)."""
    game, s, rnd, kind, seat = where
    if game == "solo":
        g: SoloGame | Game = SoloGame.new(seed=100 + s, difficulty=DIFFICULTY[s % 3])
    else:
        g = Game.new(players=3 if s == 9 else 2, seed=200 + s, goals=s % 2 == 0)
    fast = AIPlayer("fast", seed=s, playouts=0)
    while (d := g.decision) is not None:
        wanted = d.kind == "actions" if kind == "actions" else d.kind in MID_ROUND
        if g.round >= rnd and wanted and d.player == seat:
            return g
        g.apply(fast.answer(g, d))
    raise AssertionError(f"no such position: {where}")


@pytest.mark.parametrize(("where", "ids"), PINNED, ids=[str(w) for w, _ in PINNED])
def test_the_strong_level_answers_as_it_did(where: tuple[str, int, int, str, int],
                                            ids: tuple[str, ...]) -> None:
    g = position(where)
    assert AIPlayer("strong", seed=7).hint(g).ids == ids


@pytest.mark.parametrize("players", [2, 4])
def test_at_a_table_a_card_to_place_or_keep_is_played_out(players: int) -> None:
    """Mid-round, at a table too, the strong level plays its candidates out: where its answer
    differs from the fast level's, the reason tells the margins it found (no chance: a table's
    look-ahead ranks by margin)."""
    seen = 0
    for s in range(6):
        g = Game.new(players=players, seed=300 + s, goals=True)
        fast = AIPlayer("fast", seed=s)
        while (d := g.decision) is not None and g.round < 8:
            if d.kind in MID_ROUND and d.player == 0:
                quick = fast.hint(g)
                h = AIPlayer("strong", seed=s, playouts=60).hint(g)
                assert d.check(h.ids) is None
                if h.ids != quick.ids:
                    seen += 1
                    assert h.figures is not None and h.figures.by == "margin"
                    assert "best other player" in h.reason and "%" not in h.reason
            g.apply(fast.answer(g, d))
        if seen >= 2:
            break
    assert seen >= 2
