"""The history file's schema and place: what marks a file as a history of this program, the
statements that make (or bring up to date) its games table, that table's columns, and where the
file lives unless told."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

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

#: the columns of a row read back besides its save and review
COLUMNS = ("id", "key", "status", "started", "saved", "mode", "players", "difficulty", "seats",
           "starts", "scores", "winners", "you_won", "rounds", "ended", "custom", "version")


def default_path() -> Path:
    """``$RFTG_NB_HOME/history.sqlite``, else the user's data folder's (platformdirs): on
    Binder, inside the session."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser() / FILE_NAME
    return Path(platformdirs.user_data_dir("rftg_nb", appauthor=False)) / FILE_NAME


__all__ = ["APPLICATION_ID", "COLUMNS", "FILE_NAME", "HOME_VARIABLE", "MIGRATIONS", "SCHEMA",
           "TABLE_COLUMNS", "default_path"]
