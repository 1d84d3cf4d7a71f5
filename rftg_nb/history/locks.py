"""Taking turns on the history's file: SQLite's errors told apart (another process holds the
lock; the file, its folder or the disk cannot be written), and the lock on the history's folder
that processes take while they make, mend or set aside a history file there."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from types import ModuleType

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows has none: there the folder's lock is none
    fcntl = None

_BUSY_CODES = ("SQLITE_BUSY", "SQLITE_LOCKED")
_DENIED_CODES = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH",
                 "SQLITE_IOERR", "SQLITE_FULL")
_NOT_OURS_CODES = ("SQLITE_NOTADB", "SQLITE_CORRUPT")


def _code(e: BaseException) -> str:
    return str(getattr(e, "sqlite_errorname", "") or "")


def busy_error(e: BaseException) -> bool:
    """Whether ``e`` says another process holds the file's lock (past the wait)."""
    return isinstance(e, sqlite3.OperationalError) and (
        _code(e).startswith(_BUSY_CODES) or "locked" in str(e))


def denied_error(e: BaseException) -> bool:
    """Whether ``e`` says the file, its folder or the disk cannot be written (or read), or that
    the file may not be opened."""
    if isinstance(e, PermissionError):
        return True
    return isinstance(e, sqlite3.Error) and (
        _code(e).startswith(_DENIED_CODES) or "readonly" in str(e)
        or "unable to open" in str(e))


class folder_lock:  # noqa: N801  used as a context manager, like open()
    """A lock on the history's folder, taken by every process that is about to make, mend or
    set aside a history file there, so that they take turns (on systems without ``fcntl``,
    none)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.fd: int | None = None

    def __enter__(self) -> folder_lock:
        if fcntl is None:
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


__all__ = ["busy_error", "denied_error", "folder_lock"]
