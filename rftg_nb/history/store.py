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
file is brought up to date by :data:`MIGRATIONS`. A file that is not such a database (another
program's, damaged, cut short) or that a newer version of this program wrote is never deleted:
it is set aside under a new name beside it, a new history is started, and :attr:`History.notice`
says what happened.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rftg_nb.history.record import Summary, plain_seats, save_digest, summarize

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
#: where the history lives unless told: this variable's folder, else the user's data folder
HOME_VARIABLE = "RFTG_NB_HOME"
FILE_NAME = "history.sqlite"
#: seconds a write waits for another process's write to finish
LOCK_WAIT = 30.0
#: a save larger than this is refused (as the play page refuses a save file)
MAX_SAVE_BYTES = 1_000_000

COLUMNS = ("id", "key", "status", "started", "saved", "mode", "players", "difficulty", "seats",
           "starts", "scores", "winners", "you_won", "rounds", "ended", "custom", "version")


class HistoryError(ValueError):
    """A request the history cannot carry out (an unknown game, a bad line to import); the
    message names what is wrong."""


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


@dataclass(frozen=True)
class Row:
    """One game of the history, its columns read back."""

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


class History:
    """The game history in the SQLite file at ``path`` (default :func:`default_path`), made if
    it does not exist; see the module's notes."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        #: what happened to a file that could not be used (set aside), or None
        self.notice: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._open()

    # ------------------------------------------------------------------ the file
    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=LOCK_WAIT, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout = {int(LOCK_WAIT * 1000)}")
        return con

    def _open(self) -> None:
        """Check the file, set it aside if it is not a history this code can use, and bring it
        to the current schema."""
        why = self._unusable()
        if why is not None:
            self._set_aside(why)
        with self._write() as con:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            for n in range(version + 1, SCHEMA + 1):
                for statement in MIGRATIONS[n]:
                    con.execute(statement)
            if version < SCHEMA:
                con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                con.execute(f"PRAGMA user_version = {SCHEMA}")
        with contextlib.closing(self._connect()) as con:
            con.execute("PRAGMA journal_mode = WAL")

    def _unusable(self) -> str | None:
        """Why the file cannot be used as it is (None: it can, or it is new)."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return None
        try:
            with contextlib.closing(self._connect()) as con:
                app = con.execute("PRAGMA application_id").fetchone()[0]
                version = con.execute("PRAGMA user_version").fetchone()[0]
                tables = {r[0] for r in con.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
                if app == 0 and version == 0 and not tables:
                    return None  # an empty database: made here a moment ago
                if app != APPLICATION_ID:
                    return "it is not a game history of rftg_nb (another program's database)"
                if version > SCHEMA:
                    return (f"a newer version of rftg_nb wrote it (its schema is {version}; this "
                            f"version reads up to {SCHEMA})")
                check = con.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    return f"it is damaged (SQLite's check: {check})"
        except sqlite3.DatabaseError as e:
            return f"it is not a database SQLite can read ({e})"
        return None

    def _set_aside(self, why: str) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.set-aside-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.name}.set-aside-{stamp}-{n}")
        try:
            os.replace(self.path, aside)
        except FileNotFoundError:  # another process set it aside first
            return
        for extra in ("-wal", "-shm"):  # SQLite's files beside it go with it
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                os.replace(side, aside.with_name(aside.name + extra))
        self.notice = (f"The game history {self.path} could not be used: {why}. It was kept, "
                       f"untouched, as {aside}, and a new history was started.")

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction that waits for another process's to end."""
        with contextlib.closing(self._connect()) as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with contextlib.closing(self._connect()) as con:
            yield con

    # ------------------------------------------------------------------ adding games
    def add(self, game: Any, *, key: str | None = None, save: str | None = None,
            started: str | None = None, table: Mapping[str, Any] | None = None) -> int:
        """Keep ``game`` (finished, or unfinished to resume later) and return its row's id. The
        same ``key`` (default: the digest of its save) is the same row, brought up to date, so
        adding a game twice keeps it once. ``save``: the save text to keep if not
        ``game.to_json()`` (a table's, with its seats); ``table``: a table save's seats section,
        read from ``save`` when it has one."""
        text = save if save is not None else game.to_json()
        data = json.loads(text)
        if table is None and isinstance(data.get("table"), Mapping):
            table = data["table"]
        summary = summarize(game, table)
        return self._put(key or save_digest(data), summary, text, started, None)

    def _put(self, key: str, s: Summary, save: str, started: str | None,
             review: str | None) -> int:
        if len(save.encode("utf-8")) > MAX_SAVE_BYTES:
            raise HistoryError(f"save: larger than {MAX_SAVE_BYTES:,} bytes")
        from rftg_nb import __version__

        values = {
            "key": key, "status": "finished" if s.finished else "unfinished",
            "started": started, "saved": _now(), "mode": s.mode, "players": len(s.seats),
            "difficulty": s.difficulty, "seats": plain_seats(s.seats),
            "starts": json.dumps(list(s.starts)), "scores": json.dumps(list(s.scores)),
            "winners": json.dumps(list(s.winners)),
            "you_won": None if s.you_won is None else int(s.you_won), "rounds": s.rounds,
            "ended": s.ended, "custom": int(s.custom), "version": __version__, "save": save,
            "review": review,
        }
        names = ", ".join(values)
        marks = ", ".join(f":{k}" for k in values)
        # a row's start time and review stay (a game added again as it goes on is one row)
        update = ", ".join(f"{k} = excluded.{k}" for k in values
                           if k not in ("key", "started", "review"))
        with self._write() as con:
            con.execute(f"INSERT INTO games ({names}) VALUES ({marks}) "
                        f"ON CONFLICT (key) DO UPDATE SET {update}", values)
            return int(con.execute("SELECT id FROM games WHERE key = ?", (key,)).fetchone()[0])

    # ------------------------------------------------------------------ reading
    def __len__(self) -> int:
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

    def rows(self) -> list[Row]:
        """Every game, oldest first."""
        with self._read() as con:
            return [_row(r) for r in con.execute(
                f"SELECT {', '.join(COLUMNS)}, save, review FROM games ORDER BY id")]

    def table(self) -> Any:
        """Every game as a pandas DataFrame, one row a game (no saves), newest first: id,
        status, when, mode, difficulty, the seats' names, your start and the robot's (or each
        seat's), scores, winners, whether you won (solitaire), rounds, how it ended."""
        import pandas as pd

        rows = []
        for r in reversed(self.rows()):
            names = [s["name"] for s in r.seats]
            rows.append({
                "id": r.id, "status": r.status, "saved": pd.Timestamp(r.saved),
                "mode": r.mode, "difficulty": r.difficulty, "players": r.players,
                "seats": ", ".join(names),
                "your_start": r.starts[0] if r.starts else None,
                "robot_start": r.starts[1] if r.mode == "solitaire" and len(r.starts) > 1
                else None,
                "starts": ", ".join(str(s) for s in r.starts),
                "scores": " - ".join(str(x) for x in r.scores),
                "your_score": r.scores[0] if r.scores else None,
                "winners": ", ".join(r.winners), "you_won": r.you_won, "rounds": r.rounds,
                "ended": r.ended, "custom": r.custom, "reviewed": r.review is not None,
                "version": r.version,
            })
        return pd.DataFrame(rows, columns=[
            "id", "status", "saved", "mode", "difficulty", "players", "seats", "your_start",
            "robot_start", "starts", "scores", "your_score", "winners", "you_won", "rounds",
            "ended", "custom", "reviewed", "version"])

    def load(self, game_id: int) -> Any:
        """The game of that row, replayed from its save to where it was kept."""
        from rftg_nb import Game, SoloGame

        r = self.row(game_id)
        return (SoloGame if r.mode == "solitaire" else Game).from_json(r.save)

    def replay(self, game_id: int, viewer: int = 0) -> Any:
        """The game of that row to step through, stop by stop, as seat ``viewer`` saw it
        (:class:`rftg_nb.history.replay.Replay`)."""
        from rftg_nb.history.replay import Replay

        return Replay(self.row(game_id).save, viewer)

    def review(self, game_id: int, deals: int | None = None,
               progress: Any = None) -> dict[str, Any]:
        """The computer's review of that row's solitaire game
        (:func:`rftg_nb.history.review.review`): the one kept with it, else made now and
        kept."""
        from rftg_nb.history.replay import person_seat
        from rftg_nb.history.review import DEALS, is_current, review

        row = self.row(game_id)
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
    def export_lines(self) -> Iterator[str]:
        """Every game as one JSON line: its save, with its key, times and review."""
        for r in self.rows():
            yield json.dumps({"key": r.key, "started": r.started, "saved": r.saved,
                              "save": json.loads(r.save), "review": r.review})

    def export(self, path: str | os.PathLike[str]) -> int:
        """Write every game to ``path`` as JSON lines (see :meth:`export_lines`); returns how
        many."""
        n = 0
        with open(path, "w", encoding="utf-8") as f:
            for line in self.export_lines():
                f.write(line + "\n")
                n += 1
        return n

    def import_lines(self, lines: Sequence[str] | Iterator[str]) -> tuple[int, list[str]]:
        """Add the games of JSON lines (as :meth:`export_lines` writes them, or bare saves, one
        a line); a line that is not a game is skipped and said why, by its number. Returns
        (games added or brought up to date, the problems)."""
        from rftg_nb import Game, SoloGame

        added, problems = 0, []
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
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
                review = item.get("review") if wrapped else None
                started = item.get("started") if wrapped else None
                summary = summarize(game, table)
                self._put(key or save_digest(save), summary, text,
                          started if isinstance(started, str) else None,
                          json.dumps(review) if isinstance(review, dict) else None)
                added += 1
            except (ValueError, TypeError) as e:  # SaveFileError and HistoryError included
                problems.append(f"line {n}: {e}")
        return added, problems

    def import_file(self, path: str | os.PathLike[str]) -> tuple[int, list[str]]:
        with open(path, encoding="utf-8") as f:
            return self.import_lines(f)


def _row(values: Sequence[Any]) -> Row:
    (id_, key, status, started, saved, mode, players, difficulty, seats, starts, scores,
     winners, you_won, rounds, ended, custom, version, save, review) = values
    return Row(int(id_), key, status, started, saved, mode, int(players), difficulty,
               json.loads(seats), json.loads(starts), json.loads(scores), json.loads(winners),
               None if you_won is None else bool(you_won), int(rounds), ended, bool(custom),
               version, save, None if review is None else json.loads(review))


__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA", "History", "HistoryError", "Row",
           "default_path"]
