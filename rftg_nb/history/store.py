"""The game history: every game kept in one SQLite file, with its save and the columns a person
looks games up by.

One row a game: its save (set-up, seed and choices, so it replays exactly) and, read from the
game when it is added (:mod:`rftg_nb.history.record`), when it was played, the kind of game,
the difficulty, each seat's name, kind and start world, the scores, the winners, the rounds,
how it ended and the package version; later, the computer's review of it. A game is one row
under its key: the id the app gives a game when it starts (so a game kept unfinished and added
again finished is the same row), or, for a game added without one, the digest of its save.

The file is SQLite's own (``sqlite3``, the standard library), in write-ahead-log mode, every
write one ``BEGIN IMMEDIATE`` transaction with a wait for the lock, so that two pages or
processes finishing games at the same moment both keep theirs. Its schema is numbered
(``PRAGMA user_version``) and marked as this program's (``PRAGMA application_id``); an older
file is brought up to date by :data:`MIGRATIONS`.

What the history does with a file it cannot use as it is:

- *Not a history* (another program's database, a damaged or cut-short file, one whose schema is
  broken, one a newer version of this program wrote): never deleted, it is set aside under a
  new name beside it, a new history is started, and :attr:`History.notice` says where the old
  file is. Several processes meeting the same file at once set it aside once (they take turns
  on a lock of the folder) and all use the same new file.
- *Busy* (another process holds the write lock past the wait: a second JupyterLab, a backup
  tool, ``sqlite3`` in a terminal), *read only* (the file, its folder or the disk) or *not
  allowed* (permissions): never set aside. The games are listed where they can be read, and
  :attr:`History.notice` says what is wrong; a write raises :class:`HistoryBusyError` or
  :class:`HistoryReadOnlyError` and changes nothing.
- *One damaged row* (a column that is not what it should be): listed as damaged, with the
  columns that can be read; the others are untouched, and an export skips it and says so.

An import never rolls a game back: a save older than the one kept of the same game (fewer
choices, the same game) leaves the kept one as it is, and a review made of a game at another
point than the save kept with it is dropped, never shown beside the wrong game.

The history is made in layers, a module each, each class built on the one before it:
:mod:`~rftg_nb.history.schema` (the file's schema and place), :mod:`~rftg_nb.history.rows`
(the errors, a row read back, an import's report), :mod:`~rftg_nb.history.locks` and
:mod:`~rftg_nb.history.database` (the file opened, its lock, reading and writing it),
:mod:`~rftg_nb.history.writing` (adding and deleting games), :mod:`~rftg_nb.history.queries`
(the table as pandas DataFrames, a game to load, replay or review) and
:mod:`~rftg_nb.history.transfer` (export and import as JSON lines); :class:`History` is the
whole. The names they give the rest of the package can all be imported from here.
"""

from __future__ import annotations

from rftg_nb.history.database import BUSY as BUSY
from rftg_nb.history.database import LOCK_WAIT as LOCK_WAIT
from rftg_nb.history.database import OK as OK
from rftg_nb.history.database import PROBE_WAIT as PROBE_WAIT
from rftg_nb.history.database import READ_ONLY as READ_ONLY
from rftg_nb.history.database import UNREADABLE as UNREADABLE
from rftg_nb.history.queries import ORDERS as ORDERS
from rftg_nb.history.queries import TABLE as TABLE
from rftg_nb.history.rows import HistoryBusyError as HistoryBusyError
from rftg_nb.history.rows import HistoryError as HistoryError
from rftg_nb.history.rows import HistoryReadOnlyError as HistoryReadOnlyError
from rftg_nb.history.rows import ImportReport as ImportReport
from rftg_nb.history.rows import Row as Row
from rftg_nb.history.schema import APPLICATION_ID as APPLICATION_ID
from rftg_nb.history.schema import COLUMNS as COLUMNS
from rftg_nb.history.schema import FILE_NAME as FILE_NAME
from rftg_nb.history.schema import HOME_VARIABLE as HOME_VARIABLE
from rftg_nb.history.schema import MIGRATIONS as MIGRATIONS
from rftg_nb.history.schema import SCHEMA as SCHEMA
from rftg_nb.history.schema import TABLE_COLUMNS as TABLE_COLUMNS
from rftg_nb.history.schema import default_path as default_path
from rftg_nb.history.transfer import IMPORT_BATCH as IMPORT_BATCH
from rftg_nb.history.transfer import MAX_REVIEW_BYTES as MAX_REVIEW_BYTES
from rftg_nb.history.transfer import HistoryTransfer
from rftg_nb.history.writing import MAX_SAVE_BYTES as MAX_SAVE_BYTES


class History(HistoryTransfer):
    """The game history in the SQLite file at ``path`` (default :func:`default_path`), made if
    it does not exist; see the module's notes. ``wait``: seconds a write waits for another
    process's lock before it gives up (:class:`HistoryBusyError`)."""


__all__ = ["APPLICATION_ID", "BUSY", "MIGRATIONS", "OK", "ORDERS", "READ_ONLY", "SCHEMA",
           "UNREADABLE", "History", "HistoryBusyError", "HistoryError", "HistoryReadOnlyError",
           "ImportReport", "Row", "default_path"]
