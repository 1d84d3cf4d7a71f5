"""Reading games from the history: a row, every row, the table as a pandas DataFrame (one page
of it sorted, filtered and cut by SQL), the values a filter can take, the record of your
solitaire games, and a game to load, replay or review."""

from __future__ import annotations

from typing import Any

from rftg_nb import Game, SoloGame
from rftg_nb.history.replay import Replay, person_seat
from rftg_nb.history.review import DEALS, is_current, review
from rftg_nb.history.rows import HistoryError, Row, read_json, read_row
from rftg_nb.history.schema import COLUMNS
from rftg_nb.history.writing import HistoryWriter

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


class HistoryReader(HistoryWriter):
    """The history's file with the ways to read its games (and to review one)."""

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
        return read_row(got)

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
            return [read_row(r) for r in con.execute(
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
        import pandas as pd  # lazy: at the top it would double rftg-nb's start (-X importtime)

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
        import pandas as pd  # lazy: at the top it would double rftg-nb's start (-X importtime)

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
        r = self.game_row(game_id)
        return (SoloGame if r.mode == "solitaire" else Game).from_json(r.save)

    def replay(self, game_id: int, viewer: int = 0) -> Any:
        """The game of that row to step through, stop by stop, as seat ``viewer`` saw it
        (:class:`rftg_nb.history.replay.Replay`)."""
        return Replay(self.game_row(game_id).save, viewer)

    def review(self, game_id: int, deals: int | None = None,
               progress: Any = None) -> dict[str, Any]:
        """The computer's review of that row's solitaire game
        (:func:`rftg_nb.history.review.review`): the one kept with it, else made now and
        kept."""
        row = self.game_row(game_id)
        if is_current(row.review) and row.review["deals"] == (deals or DEALS):  # type: ignore[index]
            return row.review  # type: ignore[return-value]
        r = review(row.save, deals=deals or DEALS, progress=progress,
                   viewer=person_seat(row.save))
        self.set_review(game_id, r)
        return r


def _usable(r: Row) -> None:
    """Raise :class:`HistoryError` if the row's save or kind is damaged (it cannot be
    replayed)."""
    if r.damaged and ("save" in r.damaged or "mode" in r.damaged):
        raise HistoryError(f"game {r.id} is damaged ({r.damaged}); it can only be deleted")


#: what the table's text filter looks in: the seats' names and the start worlds (read by SQL's
#: JSON functions; a damaged column as it is), folded to any case
_HAYSTACK = (
    "rh_fold(CASE WHEN json_valid(seats) AND json_type(seats) = 'array' THEN "
    "(SELECT group_concat(json_extract(value, '$.name'), ', ') FROM json_each(games.seats) "
    "WHERE type = 'object') ELSE seats END || ' ' || "
    "CASE WHEN json_valid(starts) AND json_type(starts) = 'array' THEN "
    "(SELECT group_concat(value, ', ') FROM json_each(games.starts) WHERE type = 'text') "
    "ELSE starts END)")
#: the robot's start world of a solitaire game, in SQL (else NULL)
_ROBOT_START = ("(CASE WHEN mode = 'solitaire' AND json_valid(starts) "
                "AND json_type(starts, '$[1]') = 'text' THEN json_extract(starts, '$[1]') END)")
#: the first seat's score (yours), in SQL (else NULL)
_YOUR_SCORE = ("(CASE WHEN json_valid(scores) AND json_type(scores, '$[0]') = 'integer' "
               "THEN json_extract(scores, '$[0]') END)")


def _where(mode: str | None, difficulty: str | None, robot_start: str | None,
           status: str | None, text: str) -> tuple[str, list[Any]]:
    """The SQL that keeps the games the filters keep (" WHERE ...", or "" for every game),
    and its arguments."""
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


def _table_row(values: Any) -> dict[str, Any]:
    """A row of :meth:`History.table` from the page query's columns."""
    import pandas as pd  # lazy: at the top it would double rftg-nb's start (-X importtime)

    (id_, key, status, started, saved, mode, players, difficulty, seats, starts, scores,
     winners, you_won, rounds, ended, custom, version, robot_start, your_score, save_ok,
     has_review, review_ok) = values
    bad: list[str] = []
    names = [str(s.get("name", "")) for s in read_json(seats, "seats", list, bad)
             if isinstance(s, dict)]
    starts_ = read_json(starts, "starts", list, bad)
    scores_ = read_json(scores, "scores", list, bad)
    winners_ = read_json(winners, "winners", list, bad)
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


__all__ = ["ORDERS", "TABLE", "HistoryReader"]
