"""The history's SQLite file: opening it (made, brought up to date, or set aside when it is not
a history this code can use), saying in words when it is busy, read only or cannot be used,
and the one way to read it or write it (a write is one ``BEGIN IMMEDIATE`` transaction that
waits for another process's lock). See :mod:`rftg_nb.history.store` for what it does with a
file it cannot use as it is."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rftg_nb.history.locks import busy_error, denied_error, folder_lock
from rftg_nb.history.rows import HistoryBusyError, HistoryError, HistoryReadOnlyError
from rftg_nb.history.schema import APPLICATION_ID, MIGRATIONS, SCHEMA, TABLE_COLUMNS, default_path

#: seconds a write waits for another process's write to finish
LOCK_WAIT = 30.0
#: seconds opening a history waits to learn whether another process holds its write lock, and
#: a read waits for one that keeps readers out too (a page asks for several reads a redraw)
PROBE_WAIT = 2.0
#: what a history can do now: all it should; list games only; nothing at all
OK, BUSY, READ_ONLY, UNREADABLE = "ok", "busy", "read only", "unreadable"


def _fold(text: Any) -> str:
    """``text`` in any case, for SQL (``rh_fold``: the table's text filter); not a text: ""."""
    return text.casefold() if isinstance(text, str) else ""


class HistoryFile:
    """The history's file at ``path`` (default :func:`default_path`), opened, and what it can
    do now (:attr:`state`, :attr:`notice`); ``wait``: seconds a write waits for another
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
                with folder_lock(self.path.parent):
                    again, why = self._inspect()  # another process may have mended it
                    if again == "aside":
                        self._set_aside(why)
                        again = "new"
                    if again in ("new", "migrate"):
                        self._make()
            except (sqlite3.Error, OSError) as e:
                if busy_error(e) and time.monotonic() < deadline:
                    time.sleep(0.05)  # another process makes it: its turn first
                    continue
                self._cannot_use_now(e, reading=False)
                return

    def _cannot_use_now(self, error: BaseException, reading: bool) -> None:
        """Say why the file cannot be used now (busy, read only, not allowed); an error of
        another kind is raised."""
        if busy_error(error):
            self._is_busy(reading)
        elif denied_error(error):
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
            if busy_error(e) or denied_error(e):
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
            if busy_error(e):
                self._is_busy(reading=False)
            elif denied_error(e):
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
            if busy_error(e):
                raise HistoryBusyError(
                    "the game history is busy: another program is holding it past the wait "
                    f"({e}); nothing was changed") from None
            if denied_error(e):
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


__all__ = ["BUSY", "LOCK_WAIT", "OK", "PROBE_WAIT", "READ_ONLY", "UNREADABLE", "HistoryFile"]
