"""The game history (rftg_nb.history): every kind of game kept and replayed exactly, one row a
game however often it is added, export and import, files that cannot be used set aside (never
deleted), and two processes adding games at the same moment losing none and doubling none."""

from __future__ import annotations

import json
import multiprocessing
import re
import sqlite3
from pathlib import Path

import pytest

from rftg_nb import Game, RandomPlayer, SoloGame, history
from rftg_nb.history.record import save_digest
from rftg_nb.history.store import APPLICATION_ID, MIGRATIONS, SCHEMA, History, HistoryError


def solo(seed: int, difficulty: str = "easy", finish: bool = True) -> SoloGame:
    g = SoloGame.new(seed=seed, difficulty=difficulty)
    bot = RandomPlayer(seed)
    while g.decision is not None and (finish or g.round < 3):
        g.apply(bot.answer(g, g.decision))
    return g


def table(seed: int, players: int = 3, draft: bool = False) -> Game:
    g = Game.new(players=players, seed=seed, names=[f"P{i}" for i in range(players)],
                 draft=draft)
    RandomPlayer(seed).play(g)
    return g


@pytest.fixture(scope="module")
def reviewed() -> tuple[SoloGame, dict]:
    """A finished solitaire game and its review (one deal a decision: quick)."""
    from rftg_nb.history.review import review

    g = solo(1)
    return g, review(g.to_json(), deals=1)


@pytest.fixture
def h(tmp_path: Path) -> History:
    return history.open(tmp_path / "history.sqlite")


def _same_game(a, b) -> None:
    """Two games are the same game: the same choices, the same position, the same story."""
    assert a.choices == b.choices
    assert a.snapshot() == b.snapshot()
    assert [(e.kind, e.text) for e in a.events] == [(e.kind, e.text) for e in b.events]
    assert a.scores() == b.scores()


def test_a_solitaire_game_is_kept_with_its_columns_and_replays_exactly(h: History) -> None:
    g = solo(3)
    gid = h.add(g)
    r = h.row(gid)
    assert (r.status, r.mode, r.difficulty, r.players) == ("finished", "solitaire", "easy", 2)
    assert [s["kind"] for s in r.seats] == ["person", "robot"]
    dealt = {e.actor: e.data["card"] for e in g.events if e.kind == "start_world"}
    assert r.starts == [dealt[0], dealt["robot"]]
    assert r.scores == g.scores() and r.rounds == g.round
    assert r.winners == [["You", "Robot"][i] for i in g.winners]
    assert r.you_won == (0 in g.winners)
    assert r.ended.startswith("The game ends")
    _same_game(h.load(gid), g)
    df = h.table()
    assert list(df["id"]) == [gid] and df.loc[0, "robot_start"] == dealt["robot"]


def test_table_and_drafted_games_keep_their_seats(h: History) -> None:
    g = table(5, players=4)
    save = json.loads(g.to_json())
    save["table"] = {"names": [p.name for p in g.players], "computer": [False, True, False, True],
                     "level": "strong"}
    gid = h.add(g, save=json.dumps(save))
    r = h.row(gid)
    assert r.mode == "table" and r.players == 4
    assert [(s["kind"], s.get("level")) for s in r.seats] == [
        ("person", None), ("computer", "strong"), ("person", None), ("computer", "strong")]
    assert r.you_won is None and len(r.starts) == 4 and None not in r.starts
    _same_game(h.load(gid), g)
    d = table(6, players=2, draft=True)
    did = h.add(d)
    assert h.row(did).mode == "draft"
    _same_game(h.load(did), d)


def test_the_same_game_is_one_row_however_often_it_is_added(h: History) -> None:
    g = solo(4, finish=False)
    gid = h.add(g, key="game-1", started="2026-12-02T10:00:00+00:00")
    assert h.row(gid).status == "unfinished"
    # a review of the game as it stands stays while it is kept again as it stands ...
    h.set_review(gid, {"moments": [], "choices": len(g.choices)})
    assert h.add(g, key="game-1") == gid and h.row(gid).review is not None
    bot = RandomPlayer(9)
    while g.decision is not None:
        g.apply(bot.answer(g, g.decision))
    # ... and is dropped when the game goes on: it is no review of the game kept now
    assert h.add(g, key="game-1") == gid
    r = h.row(gid)
    assert len(h) == 1 and r.status == "finished" and r.scores == g.scores()
    assert r.started == "2026-12-02T10:00:00+00:00" and r.review is None
    other = solo(4)
    assert h.add(other) == h.add(other) != gid  # keyed by its save: added twice, one row
    assert len(h) == 2


def test_the_version_that_wrote_a_save_is_not_part_of_the_game(h: History) -> None:
    """A save names the rftg_nb that wrote it (``app_version``); the same game saved by
    another version, or before saves named it, is the same row, and an import of such a save
    from an earlier point of the game never rolls the row back."""
    g = solo(4, finish=False)
    data = json.loads(g.to_json())
    unnamed = {k: v for k, v in data.items() if k != "app_version"}
    elsewhere = dict(data, app_version="0.0.1")
    assert save_digest(unnamed) == save_digest(data) == save_digest(elsewhere)
    gid = h.add(g)
    report = h.import_games([json.dumps(unnamed), json.dumps(elsewhere)])
    assert (report.added, report.updated, report.kept, report.refused) == (0, 0, 2, [])
    assert len(h) == 1 and h.row(gid).save == g.to_json()
    kept = h.add(g, key="game-1")
    earlier = dict(unnamed, choices=unnamed["choices"][:-3])
    later = "2999-01-01T00:00:00+00:00"  # saved later, but less far in the same game
    report = h.import_games([json.dumps({"save": earlier, "key": "game-1", "saved": later})])
    assert (report.kept, report.updated, h.row(kept).save) == (1, 0, g.to_json())


def test_delete_one_or_every_game(h: History) -> None:
    ids = [h.add(solo(s)) for s in (1, 2, 3)]
    h.delete(ids[1])
    assert [r.id for r in h.rows()] == [ids[0], ids[2]]
    with pytest.raises(HistoryError, match="no game"):
        h.delete(ids[1])
    with pytest.raises(HistoryError, match="no game"):
        h.row(999)
    assert h.clear() == 2 and len(h) == 0


def test_export_and_import_as_json_lines(h: History, tmp_path: Path, reviewed) -> None:
    games = [reviewed[0], solo(2, "hard"), table(3)]
    ids = [h.add(g) for g in games]
    h.set_review(ids[0], reviewed[1])
    path = tmp_path / "games.jsonl"
    assert h.export(path) == 3
    other = history.open(tmp_path / "other.sqlite")
    added, problems = other.import_file(path)
    assert (added, problems) == (3, [])
    assert [(r.key, r.mode, r.scores, r.review) for r in other.rows()] == [
        (r.key, r.mode, r.scores, r.review) for r in h.rows()]
    again = other.import_games(path.read_text().splitlines())  # again: none doubled
    assert (again.added, again.updated, again.kept, again.refused) == (0, 0, 3, [])
    assert len(other) == 3
    # a bare save is a line too; a bad line is skipped and said why, by its number
    bare = solo(8).to_json()
    bad = json.loads(bare)
    bad["seed"] = "eight"
    added, problems = other.import_lines([bare, "{not json", json.dumps(bad), "[1, 2]", ""])
    assert added == 1 and len(other) == 4
    assert [p.split(":")[0] for p in problems] == ["line 2", "line 3", "line 4"]
    assert "seed" in problems[1]


def _setup_counts(path: Path) -> tuple[int, int]:
    with sqlite3.connect(path) as con:
        return (con.execute("PRAGMA application_id").fetchone()[0],
                con.execute("PRAGMA user_version").fetchone()[0])


def test_the_file_is_marked_and_numbered_and_in_wal_mode(h: History) -> None:
    assert _setup_counts(h.path) == (APPLICATION_ID, SCHEMA)
    with sqlite3.connect(h.path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA + 1))


@pytest.mark.parametrize("spoil, why", [
    ("truncated", "damaged|not a database"),
    ("foreign", "not a game history"),
    ("newer", "newer version"),
    ("bytes", "not a database"),
])
def test_a_file_that_cannot_be_used_is_set_aside_never_deleted(tmp_path: Path, spoil: str,
                                                               why: str) -> None:
    path = tmp_path / "history.sqlite"
    if spoil in ("truncated", "newer"):
        first = history.open(path)
        for s in range(12):
            first.add(solo(s))
        with sqlite3.connect(path) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            if spoil == "newer":
                con.execute("PRAGMA user_version = 99")
        if spoil == "truncated":
            data = path.read_bytes()
            path.write_bytes(data[: len(data) // 2])
    elif spoil == "foreign":
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT)")
            con.execute("INSERT INTO orders (item) VALUES ('tea')")
    else:
        path.write_bytes(b"these are not the games you are looking for" * 100)
    before = path.read_bytes()
    h = history.open(path)
    assert h.notice is not None
    assert re.search(why, h.notice), h.notice
    kept = [p for p in tmp_path.iterdir() if ".set-aside-" in p.name and not p.name.endswith(
        ("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert str(kept[0]) in h.notice
    assert len(h) == 0 and h.row(h.add(solo(50))).mode == "solitaire"  # a new history works
    assert history.open(path).notice is None  # and is not set aside again


def test_the_default_place_is_rftg_nb_home(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("RFTG_NB_HOME", str(tmp_path / "home"))
    h = history.open()
    assert h.path == tmp_path / "home" / "history.sqlite" and h.path.exists()


def _add_games(args: tuple[str, int, int]) -> list[int]:
    path, first, n = args
    h = history.open(path)
    return [h.add(solo(s)) for s in range(first, first + n)]


def test_two_processes_adding_games_at_once_lose_none_and_double_none(tmp_path: Path) -> None:
    path = str(tmp_path / "history.sqlite")
    history.open(path)
    n = 60
    # each process adds its own games and then the other's first ones: the same games added
    # by both at once must stay one row each
    jobs = [(path, 0, n), (path, n, n), (path, 0, 10), (path, n, 10)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.map(_add_games, jobs)
    h = history.open(path)
    assert len(h) == 2 * n
    assert sorted(r.key for r in h.rows()) == sorted({r.key for r in h.rows()})
    assert results[2] == results[0][:10] and results[3] == results[1][:10]
