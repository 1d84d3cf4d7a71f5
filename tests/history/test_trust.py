"""The history a person can trust (issue 29): a history that is only busy, read only or not
allowed is never set aside; one bad row or line never takes the rest; an import never rolls a
game back and keeps the exported times; several processes meeting a new or damaged file at
once agree on one file."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rftg_nb import Game, RandomPlayer, SoloGame, history
from rftg_nb.history.store import (
    BUSY,
    OK,
    READ_ONLY,
    UNREADABLE,
    History,
    HistoryBusyError,
    HistoryError,
    HistoryReadOnlyError,
)
from tests.history.test_store import solo, table

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


def _aside(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".set-aside-" in p.name
                  and not p.name.endswith(("-wal", "-shm")))


@pytest.fixture
def kept(tmp_path: Path) -> tuple[Path, list[int]]:
    """A history of three games, closed (its log folded into the file)."""
    path = tmp_path / "history.sqlite"
    h = history.open(path)
    ids = [h.add(solo(s)) for s in (1, 2, 3)]
    return path, ids


class _Holder:
    """Another process holding the history's write lock (``BEGIN EXCLUSIVE``, as sqlite3 in a
    terminal would), until told to let go."""

    def __init__(self, path: Path, exclusive_mode: bool = False) -> None:
        code = textwrap.dedent(f"""
            import sqlite3, sys
            con = sqlite3.connect({str(path)!r}, isolation_level=None)
            if {exclusive_mode!r}:
                con.execute("PRAGMA locking_mode = EXCLUSIVE")
            con.execute("BEGIN EXCLUSIVE")
            con.execute("UPDATE games SET ended = ended")
            print("held", flush=True)
            sys.stdin.readline()
            con.execute("ROLLBACK")
        """)
        self.p = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert self.p.stdout is not None and self.p.stdout.readline().strip() == "held"

    def release(self) -> None:
        assert self.p.stdin is not None
        self.p.stdin.write("go\n")
        self.p.stdin.flush()
        self.p.wait(timeout=30)


# ---------------------------------------------------------------- 1. busy, read only, denied
def test_a_history_held_by_another_process_is_busy_never_set_aside(kept) -> None:
    path, ids = kept
    before = path.read_bytes()
    holder = _Holder(path)
    try:
        h = history.open(path, wait=0.3)
        assert h.state == BUSY and h.notice is not None and "busy" in h.notice
        assert "3 games shown" in h.notice
        assert _aside(path.parent) == []
        assert [r.id for r in h.rows()] == ids and len(h.table()) == 3  # still listed
        with pytest.raises(HistoryBusyError, match="busy"):
            h.add(solo(4))
        with pytest.raises(HistoryBusyError):
            h.delete(ids[0])
    finally:
        holder.release()
    assert len(h) == 3  # nothing written while it was held
    h.add(solo(4))
    assert len(h) == 4 and h.state == OK and h.notice is None  # kept once it let go
    assert _aside(path.parent) == [] and len(before) > 0


def test_a_history_whose_reads_are_locked_too_is_busy_never_set_aside(kept) -> None:
    path, ids = kept
    holder = _Holder(path, exclusive_mode=True)  # no reader gets in either
    try:
        h = history.open(path, wait=0.3)
        assert h.state == BUSY and "cannot be read just now" in (h.notice or "")
        with pytest.raises(HistoryBusyError):
            len(h)
        assert _aside(path.parent) == []
    finally:
        holder.release()
    assert [r.id for r in history.open(path).rows()] == ids


def _as_a_user(code: str, path: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` (with ``h = history.open(path)`` made first) as a process the file's
    permissions apply to: root without its power to override them."""
    script = textwrap.dedent(f"""
        import json
        from rftg_nb import history
        h = history.open({str(path)!r}, wait=0.3)
    """) + textwrap.dedent(code)
    command = [sys.executable, "-c", script]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        assert setpriv, "setpriv (util-linux) is needed to test permissions as root"
        drop = "-dac_override,-dac_read_search,-fowner"
        command = [setpriv, f"--inh-caps={drop}", f"--bounding-set={drop}", *command]
    return subprocess.run(command, capture_output=True, text=True, env=_env(), timeout=120)


def test_a_read_only_history_lists_its_games_and_refuses_writes_in_words(kept) -> None:
    path, ids = kept
    before = path.read_bytes()
    folder = path.parent
    os.chmod(path, 0o444)
    os.chmod(folder, 0o555)
    try:
        got = _as_a_user("""
            from rftg_nb.history import HistoryReadOnlyError
            from tests.history.test_store import solo
            print(json.dumps([h.state, h.notice, [r.id for r in h.rows()], len(h.table())]))
            try:
                h.add(solo(9))
            except HistoryReadOnlyError as e:
                print(json.dumps(str(e)))
        """, path)
    finally:
        os.chmod(folder, 0o755)
        os.chmod(path, 0o644)
    assert got.returncode == 0, got.stderr
    state, notice, listed, shown = json.loads(got.stdout.splitlines()[0])
    assert state == READ_ONLY and "read only" in notice and "3 games shown" in notice
    assert listed == ids and shown == 3
    assert "cannot be written" in json.loads(got.stdout.splitlines()[1])
    assert path.read_bytes() == before and _aside(folder) == []


def test_a_history_that_may_not_be_read_is_said_so_never_set_aside(kept) -> None:
    path, _ids = kept
    before = path.read_bytes()
    os.chmod(path, 0o000)
    try:
        got = _as_a_user("""
            print(json.dumps([h.state, h.notice, len(h), len(h.table())]))
        """, path)
    finally:
        os.chmod(path, 0o644)
    assert got.returncode == 0, got.stderr
    state, notice, n, shown = json.loads(got.stdout)
    assert state == UNREADABLE and "cannot be read" in notice and (n, shown) == (0, 0)
    assert path.read_bytes() == before and _aside(path.parent) == []


_OPEN_AND_ADD = """
import sys
from rftg_nb import history
from tests.history.test_store import solo
h = history.open(sys.argv[1])
h.add(solo(int(sys.argv[2])))
print(h.notice or "")
"""


def _at_once(path: Path, seeds: list[int]) -> list[subprocess.CompletedProcess[str]]:
    procs = [subprocess.Popen([sys.executable, "-c", _OPEN_AND_ADD, str(path), str(s)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=_env()) for s in seeds]
    out = []
    for p in procs:
        stdout, stderr = p.communicate(timeout=120)
        out.append(subprocess.CompletedProcess(p.args, p.returncode, stdout, stderr))
    return out


def test_several_processes_making_a_new_history_at_once_wait_their_turn(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    runs = _at_once(path, [1, 2, 3, 4])
    assert [r.returncode for r in runs] == [0] * 4, [r.stderr for r in runs]
    h = history.open(path)
    assert len(h) == 4 and h.notice is None and _aside(tmp_path) == []
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_several_processes_meeting_one_damaged_file_set_it_aside_once(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"not a database, and longer than a header " * 200)
    runs = _at_once(path, [1, 2, 3, 4])
    assert [r.returncode for r in runs] == [0] * 4, [r.stderr for r in runs]
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes().startswith(b"not a database")
    said = [r.stdout.strip() for r in runs if r.stdout.strip()]
    assert len(said) == 1 and str(aside) in said[0]  # the one that set it aside says so
    assert len(history.open(path)) == 4  # all four kept their game in the same new file


@pytest.mark.parametrize("spoil", ["no games table", "other columns", "user_version reset"])
def test_a_history_of_ours_with_a_broken_schema_is_set_aside(kept, spoil: str) -> None:
    path, _ids = kept
    with sqlite3.connect(path) as con:
        if spoil == "no games table":
            con.execute("DROP TABLE games")
        elif spoil == "other columns":
            con.execute("ALTER TABLE games ADD COLUMN extra TEXT")
        else:
            con.execute("PRAGMA user_version = 0")
    h = history.open(path)
    assert h.notice is not None and "schema is broken" in h.notice
    assert len(_aside(path.parent)) == 1 and len(h) == 0
    h.add(solo(5))
    assert len(history.open(path)) == 1


# ---------------------------------------------------------------- 2. one bad row or line
@pytest.mark.parametrize("column, value, why", [
    ("save", "{", "save: not JSON"),
    ("seats", "[{", "seats: not JSON"),
    ("scores", '"twelve"', "scores: expected a list"),
    ("players", "four", "players: expected a whole number"),
    ("review", "{", "review: not JSON"),
])
def test_one_damaged_row_is_shown_as_damaged_and_the_rest_stay_usable(
        kept, tmp_path: Path, column: str, value: str, why: str) -> None:
    path, ids = kept
    with sqlite3.connect(path) as con:
        con.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, ids[1]))
    h = history.open(path)
    assert h.notice is None
    df = h.table()
    assert sorted(df["id"]) == ids
    damaged = df.set_index("id")["damaged"]
    assert why in damaged[ids[1]] and damaged[ids[0]] == damaged[ids[2]] == ""
    assert df.set_index("id").loc[ids[1], "status"] == "finished"  # its columns still shown
    rows = {r.id: r for r in h.rows()}
    assert why in (rows[ids[1]].damaged or "") and rows[ids[0]].damaged is None
    page, total = h.page(limit=2)
    assert total == 3 and len(page) == 2
    skipped: list[str] = []
    out = tmp_path / "out.jsonl"
    n = h.export(out, skipped)
    if column in ("save",):
        assert n == 2 and len(skipped) == 1 and f"game {ids[1]}" in skipped[0]
        with pytest.raises(HistoryError, match="damaged"):
            h.replay(ids[1])
    else:
        assert n == 3
    other = history.open(tmp_path / "other.sqlite")
    assert other.import_file(out)[0] == n  # what was exported loads back
    h.load(ids[0])  # the others replay
    h.delete(ids[1])  # and the damaged one can be deleted
    assert len(h) == 2


def _deep(n: int) -> str:
    return "[" * n + "]" * n


def test_a_line_nested_too_deep_is_refused_alone(h_empty: History) -> None:
    lines = [solo(1).to_json(), '{"save": ' + _deep(100_000) + "}", _deep(100_000),
             solo(2).to_json()]
    added, problems = h_empty.import_lines(lines)
    assert added == 2 and len(h_empty) == 2
    assert [p.split(":")[0] for p in problems] == ["line 2", "line 3"]
    assert all("nested too deep" in p for p in problems)


@pytest.fixture
def h_empty(tmp_path: Path) -> History:
    return history.open(tmp_path / "history.sqlite")


def _line(game, review=None, key: str | None = None, saved: str | None = None) -> str:
    return json.dumps({"key": key, "started": None, "saved": saved,
                       "save": json.loads(game.to_json()), "review": review})


@pytest.fixture(scope="module")
def reviewed():
    from rftg_nb.history.review import review

    g = solo(1)
    return g, review(g.to_json(), deals=1)


@pytest.mark.parametrize("spoil, field", [
    (lambda r: r.update(deals="<svg onload=alert(1)>"), "deals"),
    (lambda r: r.update(key=list(range(40_000))), "key"),
    (lambda r: r.update(decisions=r["decisions"] * 3), "decisions"),
    (lambda r: r["decisions"][0].update(yours=["x9"]), "decisions[0].yours"),
    (lambda r: r["decisions"][1].update(after="high"), "decisions[1].after"),
    (lambda r: r["decisions"][2].update(prompt=None), "decisions[2].prompt"),
    (lambda r: r.update(result=[]), "result"),
    (lambda r: r.update(choices=3), "choices"),
    (lambda r: r.update(version="2"), "version"),
])
def test_an_imported_review_that_is_not_one_is_refused_and_said_the_game_kept(
        h_empty: History, reviewed, spoil, field: str) -> None:
    g, r = reviewed
    bad = json.loads(json.dumps(r))
    spoil(bad)
    added, problems = h_empty.import_lines([_line(g, bad, key="g1")])
    assert added == 1 and len(problems) == 1
    assert problems[0].startswith(f"line 1: review: {field}:"), problems[0]
    (row,) = h_empty.rows()
    assert row.review is None  # the game kept, without it
    h_empty.replay(row.id)  # and replays
    # the real review of the same game is taken
    again = h_empty.import_games([_line(g, r, key="g1")])
    assert again.notes == [] and h_empty.rows()[0].review == r


def test_an_imported_review_of_an_older_format_is_dropped_quietly(h_empty: History,
                                                                    reviewed) -> None:
    g, r = reviewed
    old = dict(r, version=1)
    assert h_empty.import_lines([_line(g, old)]) == (1, [])
    assert h_empty.rows()[0].review is None


# ---------------------------------------------------------------- 3. never rolled back
def test_an_older_export_never_rolls_a_game_back(tmp_path: Path, reviewed) -> None:
    h = history.open(tmp_path / "history.sqlite")
    g = SoloGame.new(seed=21)
    bot = RandomPlayer(21)
    while g.round < 3:
        g.apply(bot.answer(g, g.decision))
    gid = h.add(g, key="game-21")
    old_export = tmp_path / "old.jsonl"
    h.export(old_export)
    while g.decision is not None:
        g.apply(bot.answer(g, g.decision))
    h.add(g, key="game-21")
    from rftg_nb.history.review import review

    r = review(g.to_json(), deals=1)
    h.set_review(gid, r)
    finished = h.row(gid)
    report = h.import_games(old_export.read_text().splitlines())
    assert (report.added, report.updated, report.kept) == (0, 0, 1)
    now = h.row(gid)
    assert now.status == "finished" and now.save == finished.save and now.review == r
    assert now.saved == finished.saved
    # the newer export into the older history brings it up to date
    older = history.open(tmp_path / "older.sqlite")
    older.import_file(old_export)
    new_export = tmp_path / "new.jsonl"
    h.export(new_export)
    report = older.import_games(new_export.read_text().splitlines())
    assert report.updated == 1
    (row,) = older.rows()
    assert row.status == "finished" and row.save == finished.save and row.review == r


def test_a_review_of_an_unfinished_game_is_dropped_when_the_game_goes_on(
        tmp_path: Path) -> None:
    from rftg_nb.history.review import review

    h = history.open(tmp_path / "history.sqlite")
    g = SoloGame.new(seed=22)
    bot = RandomPlayer(22)
    while g.round < 2:
        g.apply(bot.answer(g, g.decision))
    gid = h.add(g, key="game-22")
    h.set_review(gid, review(g.to_json(), deals=1))
    export = tmp_path / "unfinished.jsonl"
    h.export(export)
    while g.round < 3:
        g.apply(bot.answer(g, g.decision))
    h.add(g, key="game-22")  # kept again further on: that review is of another moment
    assert h.row(gid).review is None
    # imported: a newer save with the old review replaces the save and drops the review
    other = history.open(tmp_path / "other.sqlite")
    other.import_file(export)
    assert other.rows()[0].review is not None
    newer = tmp_path / "newer.jsonl"
    h.export(newer)
    assert other.import_games(newer.read_text().splitlines()).updated == 1
    assert other.rows()[0].review is None


def test_the_exported_saved_time_is_kept_on_import(h_empty: History) -> None:
    g = solo(30)
    lines = [_line(g, key="k30", saved="2025-03-01T12:30:00+00:00"),
             _line(solo(31), key="k31", saved="2025-03-01T14:30:00+02:00"),
             _line(solo(32), key="k32", saved="yesterday")]
    assert h_empty.import_lines(lines) == (3, [])
    saved = {r.key: r.saved for r in h_empty.rows()}
    assert saved["k30"] == "2025-03-01T12:30:00+00:00"
    assert saved["k31"] == "2025-03-01T12:30:00+00:00"  # in UTC, as the history writes
    assert saved["k32"].startswith("20") and saved["k32"] != "yesterday"
    assert list(h_empty.table(order="oldest")["id"])[:2] == [1, 2]


def test_a_table_game_imported_twice_stays_one_row(h_empty: History) -> None:
    line = _line(table(3), key="t3")
    assert h_empty.import_lines([line, line]) == (1, [])
    assert len(h_empty) == 1


def test_a_write_to_a_read_only_history_changes_nothing(kept) -> None:
    path, ids = kept
    h = history.open(path)
    h.state = READ_ONLY  # as found at open
    with pytest.raises(HistoryReadOnlyError):
        h.delete(ids[0])
    assert len(history.open(path)) == 3


def test_a_share_takes_only_a_review_of_its_game(reviewed) -> None:
    from rftg_nb.history.review import ReviewError
    from rftg_nb.ui.share import share_html

    g, r = reviewed
    bad = dict(r, deals="<svg onload=alert(1)>")
    with pytest.raises(ReviewError, match="deals"):
        share_html(g.to_json(), bad)
    with pytest.raises(ReviewError, match="choices"):
        share_html(solo(2).to_json(), r)  # another game's review
    page = share_html(g.to_json(), r)
    assert "on 1 sampled deals" in page and "onload=alert" not in page


def test_the_text_filter_reads_names_and_worlds_in_any_case(h_empty: History) -> None:
    g = Game.new(players=2, seed=4, names=["Zoë", "Bob"])
    RandomPlayer(4).play(g)
    gid = h_empty.add(g)
    h_empty.add(solo(5))
    assert list(h_empty.page(text="ZOË")[0]["id"]) == [gid]
    assert h_empty.page(text="person")[1] == 0  # the seats' kinds are not names
    start = h_empty.row(gid).starts[1]
    assert gid in list(h_empty.page(text=start.upper())[0]["id"])
