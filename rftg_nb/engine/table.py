"""The table's game: any game of 2 to 5 players that also keeps, after each event, the VP pool
and every score so far (the table page's race over time), and says who made each choice (the
table's undo asks for a person's last one)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rftg_nb.engine.decision import Event
from rftg_nb.engine.game import Game
from rftg_nb.engine.scoring import score_breakdown


class TableGame(Game):
    """A game that also keeps, after each event, the VP pool and every score so far
    (``stamps``, for the table page's timeline) and says who made each choice
    (``deciders``, for undo)."""

    def __init__(self, setup: Mapping[str, Any], seed: int, db: Any = None,
                 **options: Any) -> None:
        # Set before the rules start: dealing already emits events and replay applies choices.
        self.stamps: list[tuple[int, tuple[int, ...]]] = []
        self._scored: tuple[Any, tuple[int, ...]] = (None, ())
        super().__init__(setup, seed, db, **options)

    @property
    def deciders(self) -> list[int]:
        """Who made each choice so far, in order."""
        return list(self._log_players)

    def _own_listeners(self) -> list[Callable[[Event], None]]:
        return [self._stamp]

    def _stamp(self, _event: Event) -> None:
        # Scores change only with a tableau, the chips or a goal: recount only then.
        key = (tuple(tuple(c.id for c in p.tableau) for p in self.players),
               tuple(p.vp for p in self.players),
               tuple((tuple(t.holders), tuple(t.end_chips)) for t in self.goal_tracks))
        if self._scored[0] != key:
            self._scored = (key, tuple(score_breakdown(self, p)["total"]
                                       for p in self.players))
        self.stamps.append((self.vp_pool, self._scored[1]))


__all__ = ["TableGame"]
