"""Every game played on a page kept in the game history (:mod:`rftg_nb.history`).

A page's game is kept once its first round is under way, again at each new round (so that an
unfinished game can be picked up later) and when it ends, always as one row: the controller
gives each game it starts or loads a key of its own. Writing is after the page's new state is
sent, a few times a game, never on every answer. The history never stops a game: if it cannot
be written (a full disk, a read-only folder), the page says so once and play goes on.
"""

from __future__ import annotations

import os
from typing import Any

from rftg_nb import history


class Keeper:
    """Keeps one page's games in the history at ``path`` (default: the history's own)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = path
        self._history: history.History | None = None
        self._failed = False  # the history could not be opened or written: tried no more
        self._marks: dict[str, tuple[int, bool]] = {}  # game key -> (round, over) last kept
        self.kept: dict[str, int] = {}  # game key -> its row's id

    def history(self) -> history.History:
        if self._history is None:
            self._history = history.open(self.path)
        return self._history

    def note(self, game: Any, key: str, save: str, started: str | None) -> str | None:
        """Keep ``game`` if it reached a new round or its end since it was last kept. Returns
        what the page should say, if anything: that a finished game was kept, that the
        history file had to be set aside, or why the game could not be kept."""
        if self._failed or game is None or game.round < 1:
            return None
        mark = (int(game.round), bool(game.is_over))
        if self._marks.get(key) == mark:
            return None
        self._marks[key] = mark
        try:
            h = self.history()
            notice, h.notice = h.notice, None
            self.kept[key] = h.add(game, key=key, save=save, started=started)
        except Exception as e:  # never lose the game on the board to the history
            self._failed = True
            return f"This game could not be kept in your game history ({type(e).__name__}: {e})."
        if notice:
            return notice
        if game.is_over:
            return "The game is kept in your game history (the history page)."
        return None
