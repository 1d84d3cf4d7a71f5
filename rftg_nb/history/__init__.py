"""Every game kept: the game history (a SQLite file in the user's data folder).

    >>> from rftg_nb import RandomPlayer, SoloGame, history
    >>> game = SoloGame.new(seed=4)
    >>> RandomPlayer(4).play(game)
    >>> h = history.open("games.sqlite")    # history.open(): the user's own history
    >>> game_id = h.add(game)               # a finished game, or an unfinished one to resume
    >>> len(h.table())                      # pandas: one row a game, newest first
    1
    >>> h.load(game_id).scores() == game.scores()   # the game, replayed from its save
    True
    >>> r = h.replay(game_id)               # stop by stop: r.stops, r.game_at(i)

See :mod:`rftg_nb.history.store` for what a row holds, and where the file lives.
"""

from __future__ import annotations

import os

from rftg_nb.history.record import Seat, Summary, summarize
from rftg_nb.history.replay import Replay, ReplayError, Stop
from rftg_nb.history.review import ReviewError, key_moments, review
from rftg_nb.history.store import (
    LOCK_WAIT,
    SCHEMA,
    History,
    HistoryBusyError,
    HistoryError,
    HistoryReadOnlyError,
    ImportReport,
    Row,
    default_path,
)


def open(path: str | os.PathLike[str] | None = None, *,  # as io.open: history.open()
         wait: float = LOCK_WAIT) -> History:
    """The game history at ``path`` (default: ``$RFTG_NB_HOME/history.sqlite``, else the user's
    data folder), made if it does not exist; ``wait``: seconds a write waits for another
    process's lock. A file that cannot be used as it is (busy, read only, not a history) is
    said in the history's ``notice``; see :mod:`rftg_nb.history.store`."""
    return History(path, wait=wait)


__all__ = ["LOCK_WAIT", "SCHEMA", "History", "HistoryBusyError", "HistoryError",
           "HistoryReadOnlyError", "ImportReport", "Replay", "ReplayError", "ReviewError", "Row",
           "Seat", "Stop", "Summary", "default_path", "key_moments", "open", "review",
           "summarize"]
