"""Writing games to the history: a game added (or the newer save of a game kept under the same
key), a review kept with its game, a game or every game deleted; and the rule that decides
which of two saves of the same game is the newer, so that nothing is ever rolled back."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from typing import Any

from rftg_nb import __version__
from rftg_nb.history.database import HistoryFile
from rftg_nb.history.record import plain_seats, save_digest, summarize, the_game
from rftg_nb.history.rows import HistoryError, Item, now, when

#: a save larger than this is refused (as the play page refuses a save file)
MAX_SAVE_BYTES = 1_000_000


class HistoryWriter(HistoryFile):
    """The history's file with the ways to write games to it."""

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
        item = Item(key or save_digest(data), summary, text, len(game.choices),
                    when(started), now(), None)
        with self._write() as con:
            return self._put(con, item, newer_only=False)[0]

    def _put(self, con: sqlite3.Connection, it: Item, newer_only: bool) -> tuple[int, str]:
        """Write one game in the open transaction: (its row's id, "added" | "updated" |
        "kept"). ``newer_only``: an import's, which never replaces a save with an older one
        of the same game."""
        if len(it.save.encode("utf-8")) > MAX_SAVE_BYTES:
            raise HistoryError(f"save: larger than {MAX_SAVE_BYTES:,} bytes")
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
    """The choices of the game a review's text was made at, or None if it does not say."""
    try:
        data = json.loads(review)
    except (ValueError, RecursionError):
        return None
    got = data.get("choices") if isinstance(data, dict) else None
    return got if type(got) is int else None


__all__ = ["MAX_SAVE_BYTES", "HistoryWriter"]
