"""The results table: its columns and types, and the JSON-lines file that keeps it.

One row per game. Settings columns come first, then the outcome, then one group of columns per
seat (``score0``, ``world0`` ... for seat 0, and so on for as many seats as the widest game in
the table has), then the robot's columns (only if the table has a solitaire game). A column a
game has no value for (the robot's score in a table game, seat 3 in a 2-player game) is missing
(``pd.NA``): every column has a nullable type, the same whatever the rows hold.

The file: a first line naming the format, then one JSON object per line, one per game, written
as each chunk of games finishes. A run that stops loses only the chunks still in play; a last
line cut short by the stop is ignored (and cut off before the next run appends).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

FORMAT = "rftg_nb-lab-results"
VERSION = 1

# Column -> (pandas type, meaning). Types: "string", "Int64", "boolean" (all nullable).
SETTINGS_COLUMNS: dict[str, tuple[str, str]] = {
    "variant": ("string", "the settings' label"),
    "group": ("string", "the name shared by variants compared side by side ('' if none)"),
    "settings_id": ("string", "fingerprint of the settings; with the seed it names the game"),
    "seed": ("Int64", "the game's seed"),
    "players": ("Int64", "1 for the solitaire game, else 2 to 5"),
    "difficulty": ("string", "the robot's difficulty (solitaire)"),
    "player_start": ("string", "the start world asked for seat 0 (solitaire; missing: dealt)"),
    "robot_start": ("string", "the start world asked for the robot (missing: dealt)"),
    "seats": ("string", "who played each seat, comma separated"),
    "goals": ("boolean", "whether the TGS goals were in play"),
    "components": ("string", "the robot's component overrides as JSON (missing: none)"),
}
OUTCOME_COLUMNS: dict[str, tuple[str, str]] = {
    "winner": ("string", "seat0 ... seat4, robot, or tie (still tied after the tie-break)"),
    "rounds": ("Int64", "rounds played"),
    "end": ("string", "what ended it: chips and/or tableau:<side>, joined by +"),
    "end_reasons": ("string", "the engine's end reasons, joined by '; '"),
    "vp_pool": ("Int64", "VP chips left in the pool (below 0: extra chips used)"),
    "decisions": ("Int64", "decisions answered"),
    "goal_names": ("string", "the goals in play, comma separated"),
}
SEAT_COLUMNS: dict[str, tuple[str, str]] = {
    "score": ("Int64", "final score"),
    "world": ("string", "start world"),
    "tableau": ("Int64", "cards in the tableau at the end"),
    "chips": ("Int64", "VP chips"),
    "goal_vp": ("Int64", "VP from goals"),
}
ROBOT_COLUMNS: dict[str, tuple[str, str]] = {
    "robot_score": ("Int64", "the robot's final score"),
    "robot_world": ("string", "the robot's start world"),
    "robot_tableau": ("Int64", "cards in its tableau, 6-cost counters included"),
    "robot_chips": ("Int64", "its VP chips"),
    "robot_credit": ("Int64", "its final credit"),
    "robot_economy": ("Int64", "its final economy"),
    "robot_counters": ("Int64", "6-cost counters it placed"),
    "robot_face": ("string", "what its \"robot =\" counter read at the end"),
}
MAX_SEATS = 5


class ResultsFileError(ValueError):
    """A results file that cannot be read: not one of ours, or a line that is not a row."""


def columns(seats: int, robot: bool) -> dict[str, str]:
    """Column -> pandas type for a table whose widest game has ``seats`` seats."""
    out = {k: t for k, (t, _) in (SETTINGS_COLUMNS | OUTCOME_COLUMNS).items()}
    for i in range(seats):
        out |= {f"{k}{i}": t for k, (t, _) in SEAT_COLUMNS.items()}
    if robot:
        out |= {k: t for k, (t, _) in ROBOT_COLUMNS.items()}
    return out


def describe_columns() -> pd.DataFrame:
    """Every column's name, type and meaning (seat columns shown for seat 0)."""
    rows = [(k, t, m) for k, (t, m) in (SETTINGS_COLUMNS | OUTCOME_COLUMNS).items()]
    rows += [(f"{k}0", t, f"seat 0's {m} (seat1 ... for the others)")
             for k, (t, m) in SEAT_COLUMNS.items()]
    rows += [(k, t, m) for k, (t, m) in ROBOT_COLUMNS.items()]
    return pd.DataFrame(rows, columns=["column", "type", "meaning"])


def frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """The table of ``rows`` (dicts as :func:`rftg_nb.lab.play.game_row` makes them), with
    every column of :func:`columns` in order and typed."""
    rows = list(rows)
    seats = max((r["players"] for r in rows), default=1)
    robot = any(r["players"] == 1 for r in rows) or not rows
    return _typed(columns(seats, robot), lambda name: [r.get(name) for r in rows])


def _typed(types: Mapping[str, str], column: Callable[[str], list[Any]]) -> pd.DataFrame:
    return pd.DataFrame({name: pd.array(column(name), dtype=t) for name, t in types.items()})


class RowStore:
    """Game rows kept until the table is made, each once, under its (settings_id, seed).

    A row is kept as a tuple of its values behind the tuple of its column names (shared by
    every row of the same shape), and equal strings (a variant's label, a start world, an end
    reason) as one string: about a seventh of the memory of the rows as dicts, so that a run of
    :data:`rftg_nb.lab.run.MAX_RUN_GAMES` games fits in a kernel.
    """

    MAX_SHARED = 100_000  # distinct strings kept once; past this, strings are kept as they come

    def __init__(self) -> None:
        self._rows: dict[tuple[str, int], tuple[Any, ...]] = {}
        self._shapes: dict[tuple[str, ...], tuple[str, ...]] = {}
        self._strings: dict[str, str] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def add(self, row: Mapping[str, Any]) -> None:
        """Keep ``row``, unless a row of the same game is kept already (the first stays)."""
        key = (row["settings_id"], row["seed"])
        if key in self._rows:
            return
        names = tuple(row)
        names = self._shapes.setdefault(names, names)
        self._rows[key] = (names, *map(self._once, row.values()))

    def _once(self, v: Any) -> Any:
        if type(v) is not str:
            return v
        same = self._strings.get(v)
        if same is not None:
            return same
        if len(self._strings) < self.MAX_SHARED:
            self._strings[v] = v
        return v

    def frame(self, order: Callable[[tuple[str, int]], Any]) -> pd.DataFrame:
        """The table of the rows kept, sorted by ``order`` of their (settings_id, seed),
        typed as :func:`frame` types it."""
        rows = [self._rows[k] for k in sorted(self._rows, key=order)]
        at = {names: {n: i + 1 for i, n in enumerate(names)} for names in self._shapes}
        where = [at[r[0]] for r in rows]
        players = [r[i["players"]] for r, i in zip(rows, where, strict=True)]
        types = columns(max(players, default=1), 1 in players or not rows)

        def column(name: str) -> list[Any]:
            return [r[i[name]] if name in i else None for r, i in zip(rows, where, strict=True)]

        return _typed(types, column)


def _header() -> str:
    return json.dumps({"format": FORMAT, "version": VERSION}) + "\n"


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows in results file ``path`` (none if it does not exist), first copy of each
    game kept. A last line cut short (a run stopped while writing) is skipped."""
    seen: set[tuple[str, int]] = set()
    rows = []
    for row in iter_rows(path):
        key = (row["settings_id"], row["seed"])
        if key not in seen:
            seen.add(key)
            rows.append(row)
    return rows


def iter_rows(path: str | Path) -> Iterator[dict[str, Any]]:
    """Each row in results file ``path`` in turn, read a line at a time (none if the file does
    not exist), a game's later copies too. A last line cut short is skipped."""
    path = Path(path)
    if not path.exists():
        return
    try:
        with path.open(encoding="utf-8") as f:
            yield from _rows_of(path, f)
    except OSError as e:
        raise ResultsFileError(f"results file {str(path)!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ResultsFileError(f"results file {str(path)!r}: not UTF-8 text") from None


def _rows_of(path: Path, lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    head = None
    for number, line in enumerate(lines, start=1):
        if not line.endswith("\n"):
            return  # cut short: the run stopped while writing it
        if not line.strip():
            continue
        if head is None:
            try:
                head = json.loads(line)
            except ValueError:
                head = None
            if not isinstance(head, dict) or head.get("format") != FORMAT:
                raise ResultsFileError(f"results file {str(path)!r}: line {number} is not a "
                                       f"{FORMAT} header (is this a results file of "
                                       "rftg_nb.lab?)")
            if head.get("version") != VERSION:
                raise ResultsFileError(f"results file {str(path)!r}: version "
                                       f"{head.get('version')!r}, this program reads version "
                                       f"{VERSION}")
            continue
        try:
            row = json.loads(line)
        except ValueError as e:
            raise ResultsFileError(f"results file {str(path)!r} line {number}: not JSON ({e})"
                                   ) from None
        if not isinstance(row, dict) or not isinstance(row.get("settings_id"), str) or not (
                isinstance(row.get("seed"), int) and isinstance(row.get("players"), int)):
            raise ResultsFileError(f"results file {str(path)!r} line {number}: not a game row "
                                   "(settings_id, seed and players are needed)")
        if not 1 <= row["players"] <= MAX_SEATS:
            raise ResultsFileError(f"results file {str(path)!r} line {number}: players: "
                                   f"expected 1 to {MAX_SEATS}, got {row['players']!r}")
        yield row


def read_results(path: str | Path) -> pd.DataFrame:
    """Every game in the results file ``path`` as a table (see :func:`frame`)."""
    if not Path(path).exists():
        raise ResultsFileError(f"results file {str(path)!r}: no such file")
    return frame(read_rows(path))


def open_for_append(path: str | Path) -> Any:
    """``path`` opened to append rows: a new file gets the header, and a last line cut short
    by a stopped run is cut off first so the next row starts on a line of its own."""
    path = Path(path)
    if path.exists() and path.stat().st_size:
        with path.open("rb+") as f:
            data = f.read()
            if not data.endswith(b"\n"):
                f.truncate(data.rfind(b"\n") + 1)
        f = path.open("a", encoding="utf-8")
        if f.tell() == 0:
            f.write(_header())
        return f
    path.parent.mkdir(parents=True, exist_ok=True)
    f = path.open("w", encoding="utf-8")
    f.write(_header())
    return f


def append_rows(f: Any, rows: Iterable[Mapping[str, Any]]) -> None:
    """Write ``rows`` to the open results file ``f``, one line each, and flush them to disk."""
    f.write("".join(json.dumps(dict(r), separators=(",", ":")) + "\n" for r in rows))
    f.flush()
