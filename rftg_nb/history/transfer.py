"""The history to and from a file of JSON lines, one game a line (its save, key, times and
review): the export, which leaves a damaged row out and says so, and the import, in batches,
which refuses a bad line alone, never rolls a game back and drops a review that is not of its
save."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator

from rftg_nb import Game, SoloGame
from rftg_nb.history.checks import OldReview, check_review
from rftg_nb.history.queries import HistoryReader
from rftg_nb.history.record import save_digest, summarize
from rftg_nb.history.rows import HistoryError, ImportReport, Item, now, read_row, when
from rftg_nb.history.schema import COLUMNS
from rftg_nb.history.writing import MAX_SAVE_BYTES

#: a review larger than this is refused
MAX_REVIEW_BYTES = 2_000_000
#: games written in one transaction by an import
IMPORT_BATCH = 200


class HistoryTransfer(HistoryReader):
    """The history's file with the ways to export its games and to import games."""

    def export_lines(self, skipped: list[str] | None = None) -> Iterator[str]:
        """Every game as one JSON line: its save, with its key, times and review. A damaged
        row is left out, and said why in ``skipped`` (when given)."""
        if not self.readable:
            return
        with self._read() as con:
            for got in con.execute(f"SELECT {', '.join(COLUMNS)}, save, review FROM games "
                                   "ORDER BY id"):
                r = read_row(got, check_save=False)  # parsed here, once
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
        items: list[tuple[int, Item]] = []
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

    def _read_line(self, line: str, n: int, report: ImportReport) -> Item:
        """One line's game, ready to write; a review that is not of its save is dropped, and
        said so in the report's notes."""
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
        started = when(item.get("started")) if wrapped else None
        saved = (when(item.get("saved")) if wrapped else None) or now()
        return Item(key or save_digest(save), summary, text, len(game.choices), started,
                    saved, review_text)

    def _write_items(self, items: list[tuple[int, Item]], report: ImportReport) -> bool:
        """Write a batch of games in one transaction (a line that cannot be written refused
        alone); False if the history stayed busy, the report saying where the import
        stopped."""
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
        """Add the games of a file of JSON lines (see :meth:`import_lines`)."""
        with open(path, encoding="utf-8") as f:
            return self.import_lines(f)


def _why(e: BaseException) -> str:
    """Why a line is not a game, in words."""
    if isinstance(e, RecursionError):
        return "nested too deep to be a game"
    if isinstance(e, (ValueError, TypeError)):
        return str(e)
    return f"not a game ({type(e).__name__}: {e})"


__all__ = ["IMPORT_BATCH", "MAX_REVIEW_BYTES", "HistoryTransfer"]
