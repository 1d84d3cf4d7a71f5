"""Every game played on a page kept in the game history (:mod:`rftg_nb.history`).

A page's game is kept once its first round is under way, again at each new round (so that an
unfinished game can be picked up later) and when it ends, always as one row: the controller
gives each game it starts or loads a key of its own. Writing is after the page's new state is
sent, a few times a game, never on every answer. The history never stops a game: if it cannot
be written (another program holding it, a full disk, a read-only folder) the page says that the
game was not kept, and the keeper tries again at the next chance (the next answer, at most
every :data:`RETRY_SECONDS`), until the game is kept; then the page says so.
"""

from __future__ import annotations

import os
import time
from typing import Any

from rftg_nb import history

#: seconds a keeper's write waits for another process's lock (a page's answer waits with it)
KEEP_WAIT = 3.0
#: seconds between tries to keep a game that could not be kept
RETRY_SECONDS = 20.0


class Keeper:
    """Keeps one page's games in the history at ``path`` (default: the history's own)."""

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 wait: float = KEEP_WAIT, retry: float = RETRY_SECONDS) -> None:
        self.path = path
        self.wait = wait
        self.retry = retry
        self._history: history.History | None = None
        self._marks: dict[str, tuple[int, bool]] = {}  # game key -> (round, over) last kept
        self._missed: dict[str, float] = {}  # game key -> when it last could not be kept
        self.kept: dict[str, int] = {}  # game key -> its row's id

    def history(self) -> history.History:
        if self._history is None:
            self._history = history.open(self.path, wait=self.wait)
        return self._history

    def pending(self, key: str) -> bool:
        """Whether the game of ``key`` is waiting to be kept (its last write failed)."""
        return key in self._missed

    def note(self, game: Any, key: str, save: str, started: str | None) -> str | None:
        """Keep ``game`` if it reached a new round or its end since it was last kept, or if
        it could not be kept last time (at most every ``retry`` seconds). Returns what the page
        should say, if anything: that a finished game was kept, that the history file had to
        be set aside or cannot be written now, that the game was not kept (and will be at the
        next chance), or that a game not kept before now is."""
        if game is None or game.round < 1:
            return None
        mark = (int(game.round), bool(game.is_over))
        missed = self._missed.get(key)
        if missed is None and self._marks.get(key) == mark:
            return None
        if missed is not None and self._marks.get(key) == mark \
                and time.monotonic() - missed < self.retry:
            return None
        try:
            if self._history is not None and self._history.state != history.store.OK:
                self._history = None  # opened busy or read only: look at the file again
            h = self.history()
            notice, h.notice = h.notice, None
            if h.state == history.store.BUSY:
                notice = None  # it was busy at open; whether it still is, the write tells
            self.kept[key] = h.add(game, key=key, save=save, started=started)
        except Exception as e:  # never lose the game on the board to the history
            first = missed is None
            self._missed[key] = time.monotonic()
            self._marks[key] = mark
            if not first:
                return None  # said already; tried again later
            why = str(e) if isinstance(e, history.HistoryError) else f"{type(e).__name__}: {e}"
            return (f"This game could not be kept in your game history just now ({why}). "
                    "It is kept at the next chance: play on.")
        self._marks[key] = mark
        self._missed.pop(key, None)
        if notice:
            return notice
        if missed is not None:
            return ("The game is now kept in your game history (it could not be kept "
                    "before).")
        if game.is_over:
            return "The game is kept in your game history (the history page)."
        return None
