"""What the history hands back and takes in: its errors, a game's row read back from its
columns (a damaged column said, never raised), an import's report, a game about to be written,
and the times its columns hold."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from rftg_nb.history.record import Summary


class HistoryError(ValueError):
    """A request the history cannot carry out (an unknown game, a bad line to import); the
    message names what is wrong."""


class HistoryBusyError(HistoryError):
    """Another process held the history's lock past the wait: nothing was changed."""


class HistoryReadOnlyError(HistoryError):
    """The history's file, folder or disk cannot be written (or read): nothing was changed."""


def now() -> str:
    """The time now as the history writes it (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def when(x: Any) -> str | None:
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


@dataclass(frozen=True)
class Item:
    """One game to write: its key, columns, save text and choices, times and review."""

    key: str
    summary: Summary
    save: str
    choices: int
    started: str | None
    saved: str
    review: str | None


def read_json(value: Any, field: str, kind: type, bad: list[str]) -> Any:
    """A JSON column of ``kind`` read back; if it is not one, ``kind``'s empty value, and
    ``bad`` says so under the column's name (``field``)."""
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


def read_row(values: Any, check_save: bool = True) -> Row:
    """A row read back; a column that cannot be read leaves its kind's empty value, and the row
    says which it was (the save's JSON only if ``check_save``: an export parses it anyway)."""
    (id_, key, status, started, saved, mode, players, difficulty, seats, starts, scores,
     winners, you_won, rounds, ended, custom, version, save, review) = values
    bad: list[str] = []
    seats_ = [s for s in read_json(seats, "seats", list, bad) if isinstance(s, dict)]
    for s in seats_:
        s["name"] = str(s.get("name", ""))
    row_review = None
    if review is not None:
        row_review = read_json(review, "review", dict, bad) or None
    if not isinstance(save, str):
        bad.append("save: not a text")
        save = ""
    elif check_save and not _valid_json_object(save):
        bad.append("save: not JSON")
    return Row(int(id_), str(key), str(status), started if isinstance(started, str) else None,
               str(saved), str(mode), _int_or(players, "players", bad),
               difficulty if isinstance(difficulty, str) else None, seats_,
               read_json(starts, "starts", list, bad), read_json(scores, "scores", list, bad),
               read_json(winners, "winners", list, bad),
               None if you_won is None else bool(you_won), _int_or(rounds, "rounds", bad),
               str(ended), bool(custom), str(version), save, row_review,
               "; ".join(bad) or None)


def _valid_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


__all__ = ["HistoryBusyError", "HistoryError", "HistoryReadOnlyError", "ImportReport", "Item",
           "Row", "now", "read_json", "read_row", "when"]
