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
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rftg_nb.history.record import Summary, plain_seats, save_digest, summarize, the_game

#: "RFNB": what marks a history file as this program's
APPLICATION_ID = 0x52464E42
#: the schema this code reads and writes
SCHEMA = 1
#: statements that bring a file from schema ``n - 1`` to ``n``, for each ``n`` up to SCHEMA
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            status TEXT NOT NULL CHECK (status IN ('finished', 'unfinished')),
            started TEXT,
            saved TEXT NOT NULL,
            mode TEXT NOT NULL,
            players INTEGER NOT NULL,
            difficulty TEXT,
            seats TEXT NOT NULL,
            starts TEXT NOT NULL,
            scores TEXT NOT NULL,
            winners TEXT NOT NULL,
            you_won INTEGER,
            rounds INTEGER NOT NULL,
            ended TEXT NOT NULL,
            custom INTEGER NOT NULL,
            version TEXT NOT NULL,
            save TEXT NOT NULL,
            review TEXT
        )""",
        "CREATE INDEX games_saved ON games (saved)",
    ),
}
#: the columns of the games table at :data:`SCHEMA` (a file with other columns is not ours)
TABLE_COLUMNS = ("id", "key", "status", "started", "saved", "mode", "players", "difficulty",
                 "seats", "starts", "scores", "winners", "you_won", "rounds", "ended", "custom",
                 "version", "save", "review")
#: where the history lives unless told: this variable's folder, else the user's data folder
HOME_VARIABLE = "RFTG_NB_HOME"
FILE_NAME = "history.sqlite"
#: seconds a write waits for another process's write to finish
LOCK_WAIT = 30.0
#: seconds opening a history waits to learn whether another process holds its write lock, and
#: a read waits for one that keeps readers out too (a page asks for several reads a redraw)
PROBE_WAIT = 2.0
#: a save larger than this is refused (as the play page refuses a save file)
MAX_SAVE_BYTES = 1_000_000
#: a review larger than this is refused
MAX_REVIEW_BYTES = 2_000_000
#: games written in one transaction by an import
IMPORT_BATCH = 200

COLUMNS = ("id", "key", "status", "started", "saved", "mode", "players", "difficulty", "seats",
           "starts", "scores", "winners", "you_won", "rounds", "ended", "custom", "version")
#: the table's columns (:meth:`History.table`, :meth:`History.page`), in order
TABLE = ("id", "status", "saved", "mode", "difficulty", "players", "seats", "your_start",
         "robot_start", "starts", "scores", "your_score", "winners", "you_won", "rounds",
         "ended", "custom", "reviewed", "version", "damaged")
#: the orders a page of the table can be read in: name -> SQL
ORDERS = {
    "newest": "saved DESC, id DESC",
    "oldest": "saved ASC, id ASC",
    "best score": "your_score IS NULL, your_score DESC, id DESC",
    "fewest rounds": "rounds IS NULL, rounds ASC, id DESC",
}
#: what a history can do now: all it should; list games only; nothing at all
OK, BUSY, READ_ONLY, UNREADABLE = "ok", "busy", "read only", "unreadable"

_BUSY_CODES = ("SQLITE_BUSY", "SQLITE_LOCKED")
_DENIED_CODES = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH",
                 "SQLITE_IOERR", "SQLITE_FULL")
_NOT_OURS_CODES = ("SQLITE_NOTADB", "SQLITE_CORRUPT")


class HistoryError(ValueError):
    """A request the history cannot carry out (an unknown game, a bad line to import); the
    message names what is wrong."""


class HistoryBusyError(HistoryError):
    """Another process held the history's lock past the wait: nothing was changed."""


class HistoryReadOnlyError(HistoryError):
    """The history's file, folder or disk cannot be written (or read): nothing was changed."""


def default_path() -> Path:
    """``$RFTG_NB_HOME/history.sqlite``, else the user's data folder's (platformdirs): on
    Binder, inside the session."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser() / FILE_NAME
    import platformdirs

    return Path(platformdirs.user_data_dir("rftg_nb", appauthor=False)) / FILE_NAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _when(x: Any) -> str | None:
    """A time read from a file as the history writes it (UTC, to the second), or None if it
    is not a time."""
    if not isinstance(x, str) or len(x) > 64:
        return None
    try:
        t = datetime.fromisoformat(x)
    except ValueError:
        return None
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return t.astimezone(UTC).isoformat(timespec="seconds")


def _code(e: BaseException) -> str:
    return str(getattr(e, "sqlite_errorname", "") or "")


def _busy(e: BaseException) -> bool:
    return isinstance(e, sqlite3.OperationalError) and (
        _code(e).startswith(_BUSY_CODES) or "locked" in str(e))


def _denied(e: BaseException) -> bool:
    if isinstance(e, PermissionError):
        return True
    return isinstance(e, sqlite3.Error) and (
        _code(e).startswith(_DENIED_CODES) or "readonly" in str(e)
        or "unable to open" in str(e))


@dataclass(frozen=True)
class Row:
    """One game of the history, its columns read back. ``damaged``: what is wrong with a row
    whose columns could not all be read (then the others hold what could), else None."""

    id: int
    key: str
    status: str
    started: str | None
    saved: str
    mode: str
    players: int
    difficulty: str | None
    seats: list[dict[str, Any]]
    starts: list[str | None]
    scores: list[int]
    winners: list[str]
    you_won: bool | None
    rounds: int
    ended: str
    custom: bool
    version: str
    save: str
    review: dict[str, Any] | None
    damaged: str | None = None


@dataclass
class ImportReport:
    """What an import did: games ``added`` (new rows), ``updated`` (a newer save of a game
    kept), ``kept`` (the line held an older or the same save of a game kept: left as it was),
    the lines ``refused`` (each "line N: why") and ``notes`` on lines taken in part (a review
    dropped). ``stopped``: why the import stopped before the end (the history busy), else
    None."""

    added: int = 0
    updated: int = 0
    kept: int = 0
    refused: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stopped: str | None = None
    lines: int = 0

    @property
    def games(self) -> int:
        """Games read from the file (added, updated or already kept)."""
        return self.added + self.updated + self.kept


class History:
    """The game history in the SQLite file at ``path`` (default :func:`default_path`), made if
    it does not exist; see the module's notes. ``wait``: seconds a write waits for another
    process's lock before it gives up (:class:`HistoryBusyError`)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 wait: float = LOCK_WAIT) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.wait = float(wait)
        #: what the page should say about the file (set aside, busy, read only), or None
        self.notice: str | None = None
        #: :data:`OK`, :data:`BUSY` (at open), :data:`READ_ONLY` or :data:`UNREADABLE`
        self.state = OK
        self._uri = ""  # how to open the file to read it, where it cannot be written
        self._open()

    # ------------------------------------------------------------------ the file
    def _connect(self, wait: float | None = None) -> sqlite3.Connection:
        wait = self.wait if wait is None else wait
        if self._uri:
            con = sqlite3.connect(self._uri, uri=True, timeout=wait, isolation_level=None)
        else:
            con = sqlite3.connect(self.path, timeout=wait, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
        con.create_function("rh_fold", 1, _fold, deterministic=True)
        return con

    def _open(self) -> None:
        """Check the file; set it aside if it is not a history this code can use; make it or
        bring it to the current schema; learn whether it can be written now."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self._cannot_use(e)
            return
        deadline = time.monotonic() + self.wait
        while True:
            try:
                verdict, why = self._inspect()
            except (sqlite3.Error, OSError) as e:
                self._cannot_use_now(e, reading=True)
                return
            if verdict == "ok":
                self._probe()
                return
            try:
                with _folder_lock(self.path.parent):
                    again, why = self._inspect()  # another process may have mended it
                    if again == "aside":
                        self._set_aside(why)
                        again = "new"
                    if again in ("new", "migrate"):
                        self._make()
            except (sqlite3.Error, OSError) as e:
                if _busy(e) and time.monotonic() < deadline:
                    time.sleep(0.05)  # another process makes it: its turn first
                    continue
                self._cannot_use_now(e, reading=False)
                return

    def _cannot_use_now(self, error: BaseException, reading: bool) -> None:
        """Say why the file cannot be used now (busy, read only, not allowed); an error of
        another kind is raised."""
        if _busy(error):
            self._is_busy(reading)
        elif _denied(error):
            self._read_only(error)
        elif isinstance(error, OSError):
            self._cannot_use(error)
        else:
            raise error

    def _inspect(self) -> tuple[str, str]:
        """("new" | "migrate" | "ok" | "aside", why): what the file is."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return "new", ""
        try:
            with contextlib.closing(self._connect(min(self.wait, PROBE_WAIT))) as con:
                app = con.execute("PRAGMA application_id").fetchone()[0]
                version = con.execute("PRAGMA user_version").fetchone()[0]
                tables = {r[0] for r in con.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
                if app == 0 and version == 0 and not tables:
                    return "new", ""  # an empty database: made here a moment ago
                if app != APPLICATION_ID:
                    return "aside", ("it is not a game history of rftg_nb (another program's "
                                     "database)")
                if version > SCHEMA:
                    return "aside", (f"a newer version of rftg_nb wrote it (its schema is "
                                     f"{version}; this version reads up to {SCHEMA})")
                if version == 0:
                    if tables:
                        return "aside", ("its schema is broken (tables but no schema number)")
                    return "new", ""
                columns = tuple(r[1] for r in con.execute("PRAGMA table_info(games)"))
                if version == SCHEMA and columns != TABLE_COLUMNS:
                    return "aside", ("its schema is broken (" + (
                        "no games table" if not columns else
                        "the games table has other columns") + ")")
                check = con.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    return "aside", f"it is damaged (SQLite's check: {check})"
                return ("ok" if version == SCHEMA else "migrate"), ""
        except sqlite3.DatabaseError as e:
            if _busy(e) or _denied(e):
                raise
            return "aside", f"it is not a database SQLite can read ({e})"

    def _make(self) -> None:
        """Make the schema (or bring it up to date) and put the file in WAL mode."""
        with contextlib.closing(self._connect()) as con:
            if con.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                con.execute("PRAGMA journal_mode = WAL")  # needs the file to itself
        with self._write() as con:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            for n in range(version + 1, SCHEMA + 1):
                for statement in MIGRATIONS[n]:
                    con.execute(statement)
            if version < SCHEMA:
                con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                con.execute(f"PRAGMA user_version = {SCHEMA}")

    def _probe(self) -> None:
        """Learn, without waiting long, whether the file can be written now."""
        try:
            with contextlib.closing(self._connect(min(self.wait, PROBE_WAIT))) as con:
                con.execute("BEGIN IMMEDIATE")
                con.execute("ROLLBACK")
        except sqlite3.Error as e:
            if _busy(e):
                self._is_busy(reading=False)
            elif _denied(e):
                self._read_only(e)
            else:
                raise

    def _count_or_none(self) -> int | None:
        try:
            with contextlib.closing(self._connect(min(self.wait, PROBE_WAIT))) as con:
                return int(con.execute("SELECT count(*) FROM games").fetchone()[0])
        except sqlite3.Error:
            return None

    def _is_busy(self, reading: bool) -> None:
        self.state = BUSY
        n = None if reading else self._count_or_none()
        shown = (f"{n} game{'s' * (n != 1)} shown" if n is not None
                 else "its games cannot be read just now")
        self.notice = (f"The game history {self.path} is busy: another program (another page "
                       "or JupyterLab, a backup, sqlite3) is holding it. Nothing was changed: "
                       f"{shown}; new games are kept once it lets go (reload this page to see "
                       "them).")

    def _read_only(self, error: BaseException) -> None:
        """Fall back to reading the file where it cannot be written (or say it cannot be
        read either)."""
        for uri in (f"{self.path.resolve().as_uri()}?mode=ro",
                    f"{self.path.resolve().as_uri()}?immutable=1"):
            self._uri = uri
            try:
                with contextlib.closing(self._connect(min(self.wait, PROBE_WAIT))) as con:
                    n = int(con.execute("SELECT count(*) FROM games").fetchone()[0])
            except sqlite3.Error:
                continue
            self.state = READ_ONLY
            self.notice = (f"The game history {self.path} is read only ({error}): {n} "
                           f"game{'s' * (n != 1)} shown; new games are not kept until it can "
                           "be written (its file, its folder and the disk).")
            return
        self._uri = ""
        self._cannot_use(error)

    def _cannot_use(self, error: BaseException) -> None:
        self.state = UNREADABLE
        self.notice = (f"The game history {self.path} cannot be read or written ({error}). "
                       "Nothing was changed or moved; no games are shown, and new games are "
                       "not kept until it can be used.")

    def _set_aside(self, why: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.set-aside-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.set-aside-{stamp}-{n}")
        os.replace(self.path, aside)
        for extra in ("-wal", "-shm"):  # SQLite's files beside it go with it
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                os.replace(side, aside.with_name(aside.name + extra))
        self.notice = (f"The game history {self.path} could not be used: {why}. It was kept, "
                       f"untouched, as {aside}, and a new history was started. To get it "
                       "back, close every page, then rename it to the history's name (or load "
                       "its games with rftg_nb.history.open(that file).export(...)).")

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite's errors as the history's own: busy, read only, damaged."""
        try:
            yield
        except sqlite3.Error as e:
            if _busy(e):
                raise HistoryBusyError(
                    "the game history is busy: another program is holding it past the wait "
                    f"({e}); nothing was changed") from None
            if _denied(e):
                raise HistoryReadOnlyError(
                    f"the game history {self.path} cannot be written ({e}); nothing was "
                    "changed") from None
            raise HistoryError(f"the game history {self.path} could not be used ({e})") from None
        except PermissionError as e:
            raise HistoryReadOnlyError(
                f"the game history {self.path} cannot be used ({e}); nothing was changed"
            ) from None

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction that waits for another process's to end."""
        if self.state in (READ_ONLY, UNREADABLE):
            raise HistoryReadOnlyError(f"the game history {self.path} cannot be written (it is "
                                       f"{self.state}); nothing was changed")
        with self._errors(), contextlib.closing(self._connect()) as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        if self.state == BUSY:  # it let go
            self.state, self.notice = OK, None

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        if self.state == UNREADABLE:
            raise HistoryReadOnlyError(f"the game history {self.path} cannot be read; nothing "
                                       "was changed")
        with self._errors(), contextlib.closing(
                self._connect(min(self.wait, PROBE_WAIT))) as con:
            yield con

    @property
    def readable(self) -> bool:
        return self.state != UNREADABLE

    # ------------------------------------------------------------------ adding games
    def add(self, game: Any, *, key: str | None = None, save: str | None = None,
            started: str | None = None, table: Mapping[str, Any] | None = None) -> int:
        """Keep ``game`` (finished, or unfinished to resume later) and return its row's id. The
        same ``key`` (default: the digest of its save) is the same row, brought up to date, so
        adding a game twice keeps it once; a review kept with it stays only while it is of the
        same choices. ``save``: the save text to keep if not ``game.to_json()`` (a table's,
        with its seats); ``table``: a table save's seats section, read from ``save`` when it
        has one."""
        text = save if save is not None else game.to_json()
        data = json.loads(text)
        if table is None and isinstance(data.get("table"), Mapping):
            table = data["table"]
        summary = summarize(game, table)
        item = _Item(key or save_digest(data), summary, text, len(game.choices),
                     _when(started), _now(), None)
        with self._write() as con:
            return self._put(con, item, newer_only=False)[0]

    def _put(self, con: sqlite3.Connection, it: _Item, newer_only: bool) -> tuple[int, str]:
        """Write one game in the open transaction: (its row's id, "added" | "updated" |
        "kept"). ``newer_only``: an import's, which never replaces a save with an older one
        of the same game."""
        if len(it.save.encode("utf-8")) > MAX_SAVE_BYTES:
            raise HistoryError(f"save: larger than {MAX_SAVE_BYTES:,} bytes")
        from rftg_nb import __version__

        old = con.execute("SELECT id, save, review, started, saved FROM games WHERE key = ?",
                          (it.key,)).fetchone()
        review = it.review
        if old is not None:
            old_id, old_save, old_review, old_started, old_saved = old
            if newer_only and not _is_newer(it.save, it.saved, old_save, old_saved):
                if review is not None and old_review is None and _same_save(it.save, old_save):
                    con.execute("UPDATE games SET review = ? WHERE id = ?", (review, old_id))
                return int(old_id), "kept"
            if review is None and old_review is not None and _review_choices(
                    old_review) == it.choices:
                review = old_review  # still the review of this save
            started = old_started if old_started is not None else it.started
        else:
            started = it.started
        s = it.summary
        values = {
            "key": it.key, "status": "finished" if s.finished else "unfinished",
            "started": started, "saved": it.saved, "mode": s.mode, "players": len(s.seats),
            "difficulty": s.difficulty, "seats": plain_seats(s.seats),
            "starts": json.dumps(list(s.starts)), "scores": json.dumps(list(s.scores)),
            "winners": json.dumps(list(s.winners)),
            "you_won": None if s.you_won is None else int(s.you_won), "rounds": s.rounds,
            "ended": s.ended, "custom": int(s.custom), "version": __version__, "save": it.save,
            "review": review,
        }
        if old is None:
            names = ", ".join(values)
            marks = ", ".join(f":{k}" for k in values)
            cur = con.execute(f"INSERT INTO games ({names}) VALUES ({marks})", values)
            return int(cur.lastrowid or 0), "added"
        sets = ", ".join(f"{k} = :{k}" for k in values if k != "key")
        con.execute(f"UPDATE games SET {sets} WHERE key = :key", values)
        return int(old[0]), "updated"

    # ------------------------------------------------------------------ reading
    def __len__(self) -> int:
        if not self.readable:
            return 0
        with self._read() as con:
            return int(con.execute("SELECT count(*) FROM games").fetchone()[0])

    def row(self, game_id: int) -> Row:
        """One game's row; :class:`HistoryError` if there is none of that id."""
        with self._read() as con:
            got = con.execute(f"SELECT {', '.join(COLUMNS)}, save, review FROM games "
                              "WHERE id = ?", (int(game_id),)).fetchone()
        if got is None:
            raise HistoryError(f"id: no game {game_id!r} in the history")
        return _row(got)

    def game_row(self, game_id: int) -> Row:
        """One game's row whose save can be replayed: :class:`HistoryError` if there is none
        of that id, or if its save or kind is damaged (the message says so)."""
        r = self.row(game_id)
        _usable(r)
        return r

    def rows(self) -> list[Row]:
        """Every game, oldest first (a damaged row too, marked so)."""
        if not self.readable:
            return []
        with self._read() as con:
            return [_row(r) for r in con.execute(
                f"SELECT {', '.join(COLUMNS)}, save, review FROM games ORDER BY id")]

    def table(self, **filters: Any) -> Any:
        """Every game (or those ``filters`` keep, as :meth:`page` takes them) as a pandas
        DataFrame, one row a game (no saves), newest first: id, status, when, mode,
        difficulty, the seats' names, your start and the robot's (or each seat's), scores,
        winners, whether you won (solitaire), rounds, how it ended, whether it was reviewed,
        the version that kept it, and what is damaged in a row that is ("" in one that is
        not)."""
        filters.setdefault("order", "newest")
        return self.page(limit=None, **filters)[0]

    def page(self, *, mode: str | None = None, difficulty: str | None = None,
             robot_start: str | None = None, status: str | None = None, text: str = "",
             order: str = "newest", offset: int = 0,
             limit: int | None = 50) -> tuple[Any, int]:
        """One page of the table (as :meth:`table`), sorted and filtered by SQL: the games of
        that ``mode``, ``difficulty``, robot's start world and ``status`` (None: any) whose
        seats' names or start worlds contain ``text`` (any case), in ``order`` (one of
        :data:`ORDERS`), ``limit`` of them from ``offset``; and how many games match."""
        import pandas as pd

        if order not in ORDERS:
            raise HistoryError(f"order: expected one of {', '.join(ORDERS)}, got {order!r}")
        where, args = _where(mode, difficulty, robot_start, status, text)
        if not self.readable:
            return pd.DataFrame([], columns=list(TABLE)), 0
        with self._read() as con:
            total = int(con.execute(f"SELECT count(*) FROM games{where}", args).fetchone()[0])
            tail = "" if limit is None else f" LIMIT {max(0, int(limit))} OFFSET " \
                                              f"{max(0, int(offset))}"
            got = con.execute(
                f"SELECT {', '.join(COLUMNS)}, {_ROBOT_START} AS robot_start, "
                f"{_YOUR_SCORE} AS your_score, json_valid(save), review IS NOT NULL, "
                f"review IS NULL OR json_valid(review) FROM games{where} "
                f"ORDER BY {ORDERS[order]}{tail}", args).fetchall()
        return pd.DataFrame([_table_row(r) for r in got], columns=list(TABLE)), total

    def choices(self, column: str) -> list[str]:
        """The values a filter can take: the history's modes, difficulties or robot's start
        worlds (``column``), sorted."""
        sql = {"mode": "mode", "difficulty": "difficulty", "robot_start": _ROBOT_START,
               "status": "status"}.get(column)
        if sql is None:
            raise HistoryError(f"column: expected mode, difficulty, robot_start or status, "
                               f"got {column!r}")
        if not self.readable:
            return []
        with self._read() as con:
            values = {r[0] for r in con.execute(f"SELECT DISTINCT {sql} FROM games")}
        return sorted(str(v) for v in values if v is not None)

    def record(self) -> Any:
        """The finished solitaire games, oldest first, in the table's columns that your record
        reads (id, saved, mode, status, difficulty, robot_start, your_score, scores, you_won,
        rounds), read by SQL alone: the record's charts at 10,000 games."""
        import pandas as pd

        columns = ["id", "saved", "mode", "status", "difficulty", "robot_start", "your_score",
                   "robot_score", "you_won", "rounds"]
        if not self.readable:
            return pd.DataFrame([], columns=[*columns, "scores"])
        with self._read() as con:
            got = con.execute(
                f"SELECT id, saved, mode, status, difficulty, {_ROBOT_START}, {_YOUR_SCORE}, "
                "CASE WHEN json_type(scores, '$[1]') = 'integer' THEN "
                "json_extract(scores, '$[1]') END, you_won, rounds FROM games "
                "WHERE mode = 'solitaire' AND status = 'finished' AND json_valid(scores) "
                "AND json_valid(starts) AND json_type(scores, '$[0]') = 'integer' "
                "ORDER BY saved, id").fetchall()
        df = pd.DataFrame.from_records(got, columns=columns)
        df["you_won"] = df["you_won"].astype(bool)
        df["scores"] = [f"{a} - {b}" for a, b in zip(df["your_score"], df["robot_score"],
                                                      strict=True)]
        return df

    def stamp(self) -> tuple[Any, ...]:
        """What changes whenever a game is added, kept further on or deleted (the record's
        charts are drawn again only then)."""
        if not self.readable:
            return ()
        with self._read() as con:
            return tuple(con.execute("SELECT count(*), max(id), max(saved), "
                                     "total(length(save)) FROM games").fetchone())

    def load(self, game_id: int) -> Any:
        """The game of that row, replayed from its save to where it was kept."""
        from rftg_nb import Game, SoloGame

        r = self.game_row(game_id)
        return (SoloGame if r.mode == "solitaire" else Game).from_json(r.save)

    def replay(self, game_id: int, viewer: int = 0) -> Any:
        """The game of that row to step through, stop by stop, as seat ``viewer`` saw it
        (:class:`rftg_nb.history.replay.Replay`)."""
        from rftg_nb.history.replay import Replay

        return Replay(self.game_row(game_id).save, viewer)

    def review(self, game_id: int, deals: int | None = None,
               progress: Any = None) -> dict[str, Any]:
        """The computer's review of that row's solitaire game
        (:func:`rftg_nb.history.review.review`): the one kept with it, else made now and
        kept."""
        from rftg_nb.history.replay import person_seat
        from rftg_nb.history.review import DEALS, is_current, review

        row = self.game_row(game_id)
        if is_current(row.review) and row.review["deals"] == (deals or DEALS):  # type: ignore[index]
            return row.review  # type: ignore[return-value]
        r = review(row.save, deals=deals or DEALS, progress=progress,
                   viewer=person_seat(row.save))
        self.set_review(game_id, r)
        return r

    # ------------------------------------------------------------------ reviews
    def set_review(self, game_id: int, review: Mapping[str, Any]) -> None:
        """Keep the computer's review of a game with it (shown at once the next time)."""
        text = json.dumps(review)
        with self._write() as con:
            if con.execute("UPDATE games SET review = ? WHERE id = ?",
                           (text, int(game_id))).rowcount == 0:
                raise HistoryError(f"id: no game {game_id!r} in the history")

    # ------------------------------------------------------------------ deleting
    def delete(self, game_id: int) -> None:
        with self._write() as con:
            if con.execute("DELETE FROM games WHERE id = ?", (int(game_id),)).rowcount == 0:
                raise HistoryError(f"id: no game {game_id!r} in the history")

    def clear(self) -> int:
        """Delete every game; returns how many there were."""
        with self._write() as con:
            return int(con.execute("DELETE FROM games").rowcount)

    # ------------------------------------------------------------------ export and import
    def export_lines(self, skipped: list[str] | None = None) -> Iterator[str]:
        """Every game as one JSON line: its save, with its key, times and review. A damaged
        row is left out, and said why in ``skipped`` (when given)."""
        if not self.readable:
            return
        with self._read() as con:
            for got in con.execute(f"SELECT {', '.join(COLUMNS)}, save, review FROM games "
                                   "ORDER BY id"):
                r = _row(got, check_save=False)  # parsed here, once
                try:
                    save = json.loads(r.save)
                    if not isinstance(save, dict):
                        raise ValueError("not a JSON object")
                except (ValueError, RecursionError) as e:
                    if skipped is not None:
                        skipped.append(f"game {r.id}: its save is damaged ({e})")
                    continue
                review = r.review
                if r.damaged and "review" in r.damaged:
                    review = None
                    if skipped is not None:
                        skipped.append(f"game {r.id}: its review is damaged (the game is "
                                       "exported without it)")
                yield json.dumps({"key": r.key, "started": r.started, "saved": r.saved,
                                  "save": save, "review": review})

    def export(self, path: str | os.PathLike[str], skipped: list[str] | None = None) -> int:
        """Write every game to ``path`` as JSON lines (see :meth:`export_lines`); returns how
        many."""
        n = 0
        with open(path, "w", encoding="utf-8") as f:
            for line in self.export_lines(skipped):
                f.write(line + "\n")
                n += 1
        return n

    def import_lines(self, lines: Iterable[str]) -> tuple[int, list[str]]:
        """Add the games of JSON lines (as :meth:`export_lines` writes them, or bare saves, one
        a line); a line that is not a game is refused alone and said why, by its number.
        Returns (games added or brought up to date, the problems); see :meth:`import_games`
        for the whole report."""
        report = self.import_games(lines)
        problems = [*report.refused, *report.notes]
        if report.stopped:
            problems.append(report.stopped)
        return report.added + report.updated, problems

    def import_games(self, lines: Iterable[str],
                     progress: Callable[[int, int], None] | None = None,
                     total: int | None = None, batch: int = IMPORT_BATCH) -> ImportReport:
        """Add the games of JSON lines, :data:`IMPORT_BATCH` a transaction, calling
        ``progress(lines done, total)`` after each batch. A game kept already is replaced only
        by a newer save of it (more choices of the same game; of another course, the one saved
        later), never rolled back; the exported ``saved`` time is kept. A review is checked
        like a save: one that is not a review of that save is dropped, and said so. If the
        history stays busy past the wait the import stops there, and says how far it got."""
        report = ImportReport()
        items: list[tuple[int, _Item]] = []
        n = 0
        for n, line in enumerate(lines, 1):
            report.lines = n
            if not line.strip():
                continue
            try:
                items.append((n, self._read_line(line, n, report)))
            except Exception as e:  # noqa: BLE001  a bad line is refused alone, named
                report.refused.append(f"line {n}: {_why(e)}")
            if len(items) >= batch:
                if not self._write_items(items, report):
                    return report
                items = []
                if progress is not None:
                    progress(n, total or n)
        if items and not self._write_items(items, report):
            return report
        if progress is not None:
            progress(n, total or n)
        return report

    def _read_line(self, line: str, n: int, report: ImportReport) -> _Item:
        from rftg_nb import Game, SoloGame
        from rftg_nb.history.checks import OldReview, check_review

        if len(line) > MAX_SAVE_BYTES + MAX_REVIEW_BYTES + 10_000:
            raise HistoryError("longer than a game with its review can be")
        item = json.loads(line)
        if not isinstance(item, dict):
            raise HistoryError("not a JSON object")
        wrapped = "save" in item and isinstance(item["save"], dict)
        save = item["save"] if wrapped else item
        text = json.dumps(save)
        solo = isinstance(save.get("setup"), dict) and "solo" in save["setup"]
        game = (SoloGame if solo else Game).from_json(text)
        table = save.get("table") if isinstance(save.get("table"), dict) else None
        key = item.get("key") if wrapped else None
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= 100):
            raise HistoryError("key: expected a short text")
        summary = summarize(game, table)
        review_text = None
        review = item.get("review") if wrapped else None
        if review is not None:
            try:
                checked = check_review(review, game)
                review_text = json.dumps(checked)
                if len(review_text) > MAX_REVIEW_BYTES:
                    raise HistoryError(f"review: larger than {MAX_REVIEW_BYTES:,} bytes")
            except OldReview:
                review_text = None  # made again when asked
            except ValueError as e:
                review_text = None
                report.notes.append(f"line {n}: {e} (the game was loaded without its "
                                    "review)")
        started = _when(item.get("started")) if wrapped else None
        saved = (_when(item.get("saved")) if wrapped else None) or _now()
        return _Item(key or save_digest(save), summary, text, len(game.choices), started,
                     saved, review_text)

    def _write_items(self, items: list[tuple[int, _Item]], report: ImportReport) -> bool:
        try:
            with self._write() as con:
                done = []
                for n, it in items:
                    con.execute("SAVEPOINT line")
                    try:
                        done.append(self._put(con, it, newer_only=True)[1])
                    except (HistoryError, sqlite3.IntegrityError) as e:
                        con.execute("ROLLBACK TO line")
                        report.refused.append(f"line {n}: {_why(e)}")
                    con.execute("RELEASE line")
        except HistoryError as e:
            report.stopped = (f"The import stopped at line {items[0][0]}: {e}. The games "
                              "before it were loaded; load the file again to load the rest.")
            return False
        report.added += done.count("added")
        report.updated += done.count("updated")
        report.kept += done.count("kept")
        return True

    def import_file(self, path: str | os.PathLike[str]) -> tuple[int, list[str]]:
        with open(path, encoding="utf-8") as f:
            return self.import_lines(f)


@dataclass(frozen=True)
class _Item:
    """One game to write: its key, columns, save text and choices, times and review."""

    key: str
    summary: Summary
    save: str
    choices: int
    started: str | None
    saved: str
    review: str | None


def _why(e: BaseException) -> str:
    if isinstance(e, RecursionError):
        return "nested too deep to be a game"
    if isinstance(e, (ValueError, TypeError)):
        return str(e)
    return f"not a game ({type(e).__name__}: {e})"


def _choices_of(save: str) -> tuple[Any, list[Any]] | None:
    """(the game's set-up and seed, its choices) of a save's text, or None if it is damaged.
    The version of rftg_nb that wrote it is not part of the game (:func:`the_game`)."""
    try:
        data = json.loads(save)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("choices"), list):
        return None
    same = {k: v for k, v in the_game(data).items() if k != "choices"}
    return same, data["choices"]


def _same_save(a: str, b: str) -> bool:
    return _choices_of(a) == _choices_of(b)


def _is_newer(save: str, saved: str, old_save: str, old_saved: str) -> bool:
    """Whether ``save`` (saved at ``saved``) should replace ``old_save`` of the same key: it
    goes further in the same game, or (another course of the game) it was saved later."""
    new, old = _choices_of(save), _choices_of(old_save)
    if old is None:
        return new is not None  # a damaged save is replaced by a good one
    if new is None:
        return False
    if new[0] == old[0]:
        a, b = new[1], old[1]
        if len(a) != len(b) and a[:len(b)] == b:
            return True  # the same game, further on
        if len(a) <= len(b) and b[:len(a)] == a:
            return False  # the same game, as far or less far
    return saved > old_saved


def _review_choices(review: str) -> int | None:
    try:
        data = json.loads(review)
    except (ValueError, RecursionError):
        return None
    got = data.get("choices") if isinstance(data, dict) else None
    return got if type(got) is int else None


def _usable(r: Row) -> None:
    if r.damaged and ("save" in r.damaged or "mode" in r.damaged):
        raise HistoryError(f"game {r.id} is damaged ({r.damaged}); it can only be deleted")


def _fold(text: Any) -> str:
    return text.casefold() if isinstance(text, str) else ""


#: what the table's text filter looks in: the seats' names and the start worlds (read by SQL's
#: JSON functions; a damaged column as it is), folded to any case
_HAYSTACK = (
    "rh_fold(CASE WHEN json_valid(seats) AND json_type(seats) = 'array' THEN "
    "(SELECT group_concat(json_extract(value, '$.name'), ', ') FROM json_each(games.seats) "
    "WHERE type = 'object') ELSE seats END || ' ' || "
    "CASE WHEN json_valid(starts) AND json_type(starts) = 'array' THEN "
    "(SELECT group_concat(value, ', ') FROM json_each(games.starts) WHERE type = 'text') "
    "ELSE starts END)")


_ROBOT_START = ("(CASE WHEN mode = 'solitaire' AND json_valid(starts) "
                "AND json_type(starts, '$[1]') = 'text' THEN json_extract(starts, '$[1]') END)")
_YOUR_SCORE = ("(CASE WHEN json_valid(scores) AND json_type(scores, '$[0]') = 'integer' "
               "THEN json_extract(scores, '$[0]') END)")


def _where(mode: str | None, difficulty: str | None, robot_start: str | None,
           status: str | None, text: str) -> tuple[str, list[Any]]:
    terms, args = [], []
    for column, value in (("mode", mode), ("difficulty", difficulty),
                          (_ROBOT_START, robot_start), ("status", status)):
        if value is not None:
            terms.append(f"{column} = ?")
            args.append(str(value))
    needle = str(text or "").strip().casefold()
    if needle:
        terms.append(f"instr({_HAYSTACK}, ?) > 0")
        args.append(needle)
    return (" WHERE " + " AND ".join(terms) if terms else ""), args


def _json(value: Any, field: str, kind: type, bad: list[str]) -> Any:
    try:
        got = json.loads(value)
    except (ValueError, TypeError, RecursionError):
        bad.append(f"{field}: not JSON")
        return kind()
    if not isinstance(got, kind):
        bad.append(f"{field}: expected a {kind.__name__}")
        return kind()
    return got


def _int_or(value: Any, field: str, bad: list[str]) -> int:
    if type(value) is int:
        return value
    bad.append(f"{field}: expected a whole number")
    return 0


def _row(values: Any, check_save: bool = True) -> Row:
    """A row read back; a column that cannot be read leaves its kind's empty value, and the row
    says which it was (the save's JSON only if ``check_save``: an export parses it anyway)."""
    (id_, key, status, started, saved, mode, players, difficulty, seats, starts, scores,
     winners, you_won, rounds, ended, custom, version, save, review) = values
    bad: list[str] = []
    seats_ = [s for s in _json(seats, "seats", list, bad) if isinstance(s, dict)]
    for s in seats_:
        s["name"] = str(s.get("name", ""))
    row_review = None
    if review is not None:
        row_review = _json(review, "review", dict, bad) or None
    if not isinstance(save, str):
        bad.append("save: not a text")
        save = ""
    elif check_save and not _valid_json_object(save):
        bad.append("save: not JSON")
    return Row(int(id_), str(key), str(status), started if isinstance(started, str) else None,
               str(saved), str(mode), _int_or(players, "players", bad),
               difficulty if isinstance(difficulty, str) else None, seats_,
               _json(starts, "starts", list, bad), _json(scores, "scores", list, bad),
               _json(winners, "winners", list, bad),
               None if you_won is None else bool(you_won), _int_or(rounds, "rounds", bad),
               str(ended), bool(custom), str(version), save, row_review,
               "; ".join(bad) or None)


def _valid_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


def _table_row(values: Any) -> dict[str, Any]:
    """A row of :meth:`History.table` from the page query's columns."""
    import pandas as pd

    (id_, key, status, started, saved, mode, players, difficulty, seats, starts, scores,
     winners, you_won, rounds, ended, custom, version, robot_start, your_score, save_ok,
     has_review, review_ok) = values
    bad: list[str] = []
    names = [str(s.get("name", "")) for s in _json(seats, "seats", list, bad)
             if isinstance(s, dict)]
    starts_ = _json(starts, "starts", list, bad)
    scores_ = _json(scores, "scores", list, bad)
    winners_ = _json(winners, "winners", list, bad)
    for name, value in (("players", players), ("rounds", rounds)):
        if type(value) is not int:
            bad.append(f"{name}: expected a whole number")
    if not save_ok:
        bad.append("save: not JSON")
    if not review_ok:
        bad.append("review: not JSON")
    try:
        when = pd.Timestamp(saved)
    except (ValueError, TypeError):
        bad.append("saved: not a time")
        when = pd.NaT
    return {
        "id": int(id_), "status": str(status), "saved": when, "mode": str(mode),
        "difficulty": difficulty if isinstance(difficulty, str) else None,
        "players": players if type(players) is int else None,
        "seats": ", ".join(names),
        "your_start": starts_[0] if starts_ else None,
        "robot_start": robot_start,
        "starts": ", ".join(str(s) for s in starts_),
        "scores": " - ".join(str(x) for x in scores_),
        "your_score": your_score,
        "winners": ", ".join(str(x) for x in winners_),
        "you_won": None if you_won is None else bool(you_won),
        "rounds": rounds if type(rounds) is int else None,
        "ended": str(ended), "custom": bool(custom), "reviewed": bool(has_review and review_ok),
        "version": str(version), "damaged": "; ".join(bad),
    }


class _folder_lock:  # noqa: N801  used as a context manager, like open()
    """A lock on the history's folder, taken by every process that is about to make, mend or
    set aside a history file there, so that they take turns (on systems without ``fcntl``,
    none)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.fd: int | None = None

    def __enter__(self) -> _folder_lock:
        try:
            import fcntl
        except ImportError:
            return self
        try:
            self.fd = os.open(self.folder, os.O_RDONLY)
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except OSError:
            if self.fd is not None:
                os.close(self.fd)
            self.fd = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing lets go of the lock
            self.fd = None


__all__ = ["APPLICATION_ID", "BUSY", "MIGRATIONS", "OK", "ORDERS", "READ_ONLY", "SCHEMA",
           "UNREADABLE", "History", "HistoryBusyError", "HistoryError", "HistoryReadOnlyError",
           "ImportReport", "Row", "default_path"]
