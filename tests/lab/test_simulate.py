"""simulate(): one row per game, the same table on any executor, a file that resumes."""

from __future__ import annotations

import json
import threading
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

import rftg_nb.lab.play as lab_play
import rftg_nb.lab.run as run
from rftg_nb import Game, RandomPlayer, SoloGame
from rftg_nb.ai import LEVELS
from rftg_nb.lab import (
    GameFailed,
    ResultsFileError,
    Settings,
    SettingsError,
    describe_columns,
    grid,
    read_results,
    simulate,
)
from rftg_nb.lab.play import play_game, seat_seed
from rftg_nb.lab.results import FORMAT, columns
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS

QUIET = {"progress": False}
MIXED = [Settings(difficulty="hard", robot_start="Old Earth"), Settings(label="easy"),
         Settings(players=3, seats=["random", "random", "random"], goals=False),
         Settings(players=2, label="two")]


@pytest.fixture(scope="module")
def serial_table() -> pd.DataFrame:
    return simulate(MIXED, games=5, seed=40, executor="serial", **QUIET)


def test_one_row_per_game_in_order(serial_table):
    t = serial_table
    assert len(t) == 4 * 5
    assert list(t["variant"]) == [s.check().label for s in MIXED for _ in range(5)]
    assert list(t["seed"]) == list(range(40, 45)) * 4
    assert t.index.tolist() == list(range(20))


def test_columns_and_types(serial_table):
    t = serial_table
    expected = columns(3, robot=True)
    assert list(t.columns) == list(expected)
    assert {c: str(t[c].dtype) for c in t} == {c: str(pd.array([], dtype=d).dtype)
                                               for c, d in expected.items()}
    assert set(describe_columns()["column"]) >= {"seed", "winner", "robot_score", "score0"}
    solo, table = t[t["players"] == 1], t[t["players"] > 1]
    assert solo["robot_score"].notna().all() and table["robot_score"].isna().all()
    assert solo["score1"].isna().all() and table["score1"].notna().all()
    assert t[t["players"] == 2]["score2"].isna().all()
    assert set(t["winner"]) <= {"seat0", "seat1", "seat2", "robot", "tie"}
    assert (t["rounds"] > 0).all() and (t["decisions"] > 0).all()
    assert (t["robot_world"][:5] == "Old Earth").all()  # the first variant asks for it


def test_settings_columns(serial_table):
    t = serial_table.set_index("variant")
    hard = t.loc[MIXED[0].check().label]
    assert (hard["difficulty"] == "hard").all() and (hard["robot_start"] == "Old Earth").all()
    assert hard["player_start"].isna().all() and hard["components"].isna().all()
    three = t.loc[MIXED[2].check().label]
    assert (three["seats"] == "random,random,random").all()
    assert not three["goals"].any() and (three["goal_vp0"] == 0).all()
    assert (three["goal_names"] == "").all() and three["difficulty"].isna().all()
    two = t.loc["two"]
    assert two["goals"].all() and (two["goal_names"].str.count(",") == 5).all()  # 6 goals


def test_a_row_is_the_game_its_seed_plays():
    row = simulate(difficulty="medium", games=1, seed=7, executor="serial", **QUIET).iloc[0]
    game = SoloGame.new(seed=7, difficulty="medium")
    RandomPlayer(seat_seed(7, 0)).play(game)
    assert game.is_over
    assert row["score0"] == game.scores()[0] and row["robot_score"] == game.scores()[1]
    assert row["rounds"] == game.round and row["decisions"] == len(game.choices)
    assert row["robot_credit"] == game.robot.credit
    assert row["robot_economy"] == game.robot.economy
    assert row["winner"] == {0: "seat0", 1: "robot", None: "tie"}[game.winner]
    assert row["world0"] == game.players[0].tableau[0].name
    reasons = next(e.data["reasons"] for e in game.events if e.kind == "game_end")
    assert row["end_reasons"] == "; ".join(reasons)
    assert ("chips" in row["end"].split("+")) == any("VP chips" in r for r in reasons)


def test_a_table_game_row_counts_goal_vp():
    s = Settings(players=2).check()
    from rftg_nb.lab.run import job_dict

    row = play_game(job_dict(s), 3)
    game = Game.new(players=2, seed=3)
    players = [RandomPlayer(seat_seed(3, i)) for i in range(2)]
    while (d := game.decision) is not None:
        game.apply(players[d.player].answer(game, d))
    for i in range(2):
        assert row[f"score{i}"] == game.scores()[i]
        assert row[f"goal_vp{i}"] == sum(game.score_breakdown(i)["goals"].values())
    assert row["goal_names"] == ",".join(g.name for g in game.goals)


def test_the_end_column_agrees_with_the_reasons(serial_table):
    for end, reasons in zip(serial_table["end"], serial_table["end_reasons"], strict=True):
        assert end, reasons
        assert ("chips" in end.split("+")) == ("VP chips" in reasons)
        assert ("tableau:" in end) == ("tableau has" in reasons)


def test_same_table_on_a_process_pool_and_other_chunks(serial_table):
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate(MIXED, games=5, seed=40, executor=pool, chunk_size=3, **QUIET)
    pd.testing.assert_frame_equal(pooled, serial_table)
    default = simulate(MIXED, games=5, seed=40, **QUIET)  # a pool over every core
    pd.testing.assert_frame_equal(default, serial_table)
    threads = simulate(MIXED, games=5, seed=40, executor=ThreadPoolExecutor(2), chunk_size=1,
                       **QUIET)
    pd.testing.assert_frame_equal(threads, serial_table)


def test_same_table_on_a_dask_cluster(serial_table):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_client = simulate(MIXED, games=5, seed=40, executor=client, chunk_size=4, **QUIET)
        on_executor = simulate(MIXED, games=5, seed=40, executor=client.get_executor(),
                               **QUIET)
    pd.testing.assert_frame_equal(on_client, serial_table)
    pd.testing.assert_frame_equal(on_executor, serial_table)


def test_work_goes_out_in_chunks(monkeypatch):
    sizes = []
    real = run.play_chunk

    def counting(jobs):
        sizes.append(len(jobs))
        return real(jobs)

    monkeypatch.setattr(run, "play_chunk", counting)
    simulate(grid(difficulty=DIFFICULTIES), games=7, executor="serial", chunk_size=5, **QUIET)
    assert sizes == [5, 5, 5, 5, 1]
    assert run.default_chunk_size(10_000, 2) == run.MAX_CHUNK
    assert run.default_chunk_size(40, 2) == 5
    assert run.default_chunk_size(1, 8) == 1


def _played(monkeypatch) -> list[int]:
    """Seeds played from now on (by simulate in this process)."""
    seeds: list[int] = []
    real = run.play_chunk

    def counting(jobs):
        seeds.extend(seed for _, seed in jobs)
        return real(jobs)

    monkeypatch.setattr(run, "play_chunk", counting)
    return seeds


def test_a_results_file_resumes(tmp_path, monkeypatch):
    path = tmp_path / "runs" / "results.jsonl"
    first = simulate(games=6, seed=100, executor="serial", path=path, **QUIET)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == FORMAT and len(lines) == 7
    pd.testing.assert_frame_equal(read_results(path), first)
    seeds = _played(monkeypatch)
    more = simulate(games=10, seed=100, executor="serial", path=path, **QUIET)
    assert seeds == [106, 107, 108, 109]  # the six in the file are not played again
    fresh = simulate(games=10, seed=100, executor="serial", **QUIET)
    pd.testing.assert_frame_equal(more, fresh)
    seeds.clear()
    again = simulate(games=10, seed=100, executor="serial", path=path, **QUIET)
    assert seeds == []
    pd.testing.assert_frame_equal(again, fresh)
    other = simulate(difficulty="hard", games=2, seed=100, executor="serial", path=path,
                     **QUIET)
    assert len(other) == 2 and len(read_results(path)) == 12  # the file keeps both runs


def test_a_stopped_run_keeps_its_finished_chunks(tmp_path, monkeypatch):
    path = tmp_path / "results.jsonl"
    real = run.play_chunk
    calls = []

    def failing(jobs):
        calls.append(jobs)
        if len(calls) == 3:
            raise KeyboardInterrupt  # the person stops the run during the third chunk
        return real(jobs)

    monkeypatch.setattr(run, "play_chunk", failing)
    with pytest.raises(KeyboardInterrupt):
        simulate(games=8, executor="serial", chunk_size=2, path=path, **QUIET)
    assert sorted(read_results(path)["seed"]) == [0, 1, 2, 3]
    # A line cut short by the stop is ignored, then cut off before the next rows.
    with path.open("a") as f:
        f.write('{"variant": "solitaire, ea')
    assert len(read_results(path)) == 4
    seeds = _played(monkeypatch)
    monkeypatch.setattr(run, "play_chunk", lambda jobs: (seeds.extend(s for _, s in jobs),
                                                         real(jobs))[1])
    table = simulate(games=8, executor="serial", chunk_size=2, path=path, **QUIET)
    assert seeds == [4, 5, 6, 7]
    pd.testing.assert_frame_equal(table, simulate(games=8, executor="serial", **QUIET))
    pd.testing.assert_frame_equal(read_results(path), table)


def test_a_failing_game_names_its_seed(monkeypatch):
    import rftg_nb.lab.play as play

    real = play.play_game

    def broken(s, seed):
        if seed == 3:
            raise KeyError("a bug")
        return real(s, seed)

    monkeypatch.setattr(play, "play_game", broken)
    with pytest.raises(GameFailed, match=r"'solitaire, easy' seed 3: KeyError"):
        simulate(games=5, executor="serial", **QUIET)


def test_results_files_that_are_not_ours(tmp_path):
    with pytest.raises(ResultsFileError, match="no such file"):
        read_results(tmp_path / "none.jsonl")
    other = tmp_path / "other.jsonl"
    other.write_text('{"hello": 1}\n')
    with pytest.raises(ResultsFileError, match="line 1"):
        read_results(other)
    with pytest.raises(ResultsFileError):
        simulate(games=1, path=other, executor="serial", **QUIET)
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({"format": FORMAT, "version": 1}) + "\n[1, 2]\n")
    with pytest.raises(ResultsFileError, match="line 2"):
        read_results(broken)


def test_the_progress_bar(monkeypatch, capsys):
    real = run.play_chunk

    def slow(jobs):
        time.sleep(0.6)
        return real(jobs)

    monkeypatch.setattr(run, "play_chunk", slow)
    simulate(games=4, executor="serial", chunk_size=2, progress=False)
    assert capsys.readouterr().err == ""
    simulate(games=4, executor="serial", chunk_size=2)  # over a second: the bar shows
    err = capsys.readouterr().err
    assert "rftg_nb.lab" in err and "4/4" in err


def test_quick_runs_show_no_bar(capsys):
    simulate(games=2, executor="serial")
    assert capsys.readouterr().err == ""


def test_ai_seats_use_rftg_nb_ai(monkeypatch):
    """An AI seat is played by rftg_nb.ai's AIPlayer, asked for every answer of its seat."""
    asked = []

    class AIPlayer:
        def __init__(self, level, seed):
            self.level, self.player = level, RandomPlayer(seed)

        def answer(self, game, decision):
            asked.append(self.level)
            return self.player.answer(game, decision)

    monkeypatch.setattr(lab_play, "AIPlayer", AIPlayer)
    t = simulate(players=2, seats=["ai-strong", "random"], games=2, executor="serial", **QUIET)
    assert set(asked) == {"strong"} and len(asked) > 10
    assert (t["seats"] == "ai-strong,random").all()
    assert len(asked) < t["decisions"].sum()  # seat 1 answered by the random player


def test_the_real_ai_gives_the_same_table_on_any_executor():
    """The AI's fast seat, seeded per game and seat, replays exactly."""
    assert "fast" in LEVELS
    settings = [Settings(seats="ai-fast", difficulty="hard"),
                Settings(players=2, seats=["ai-fast", "random"])]
    serial = simulate(settings, games=2, executor="serial", **QUIET)
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate(settings, games=2, executor=pool, chunk_size=1, **QUIET)
    pd.testing.assert_frame_equal(pooled, serial)
    assert list(serial["seats"]) == ["ai-fast"] * 2 + ["ai-fast,random"] * 2


# ---------------------------------------------------------------- limits, laziness, stop
def _nothing_played(monkeypatch) -> None:
    def never(jobs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(run, "play_chunk", never)


@pytest.mark.parametrize(("kwargs", "field", "words"), [
    ({"games": run.MAX_GAMES + 1}, "games", "from 1 to 100,000"),
    ({"games": 10**9}, "games", "got 1000000000"),
    ({"games": 0}, "games", "from 1"),
    ({"settings": grid(difficulty=DIFFICULTIES, robot_start=["Old Earth", "Alpha Centauri",
                                                              "Epsilon Eridani", "New Sparta"]),
      "games": 90_000}, "games", "12 settings x 90,000 games is 1,080,000 games, more than a "
                                 "run plays (1,000,000)"),
    ({"seed": 2**63 - 5, "games": 10}, "seed", "got 9223372036854775803"),
    ({"seed": -1}, "seed", "from 0"),
    ({"chunk_size": 10**9}, "chunk_size", "to 100,000"),
    ({"executor": 10**6}, "executor", f"to {run.MAX_PROCESSES}"),
    ({"stop": "now"}, "stop", "threading.Event"),
    ({"on_progress": 3}, "on_progress", "a function"),
])
def test_numbers_over_their_maximum_are_refused_before_anything_starts(
        tmp_path, monkeypatch, kwargs, field, words):
    _nothing_played(monkeypatch)
    kwargs = dict(kwargs)
    settings = kwargs.pop("settings", None)
    path = tmp_path / "results.jsonl"
    with pytest.raises(SettingsError) as e:
        simulate(settings, **{"games": 1, "executor": "serial", "path": path, **QUIET,
                              **kwargs})
    assert e.value.field == field and str(e.value).startswith(f"{field}: ")
    assert words in str(e.value)
    assert not path.exists()


def test_the_most_a_run_plays_is_allowed(monkeypatch):
    """The limits themselves are allowed: 10 settings x 100,000 games, stopped at once."""
    _nothing_played(monkeypatch)
    t = simulate([Settings(label=str(i)) for i in range(10)], games=run.MAX_GAMES,
                 seed=2**63 - run.MAX_GAMES, executor="serial", stop=lambda: True, **QUIET)
    assert len(t) == 0 and t.attrs["stopped"]


class CountingExecutor(ThreadPoolExecutor):
    """A pool of threads that counts the chunks sent to it and how many are out at once."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.sent = self.out = self.most_out = 0
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        with self.lock:
            self.sent += 1
            self.out += 1
            self.most_out = max(self.most_out, self.out)
        f = super().submit(fn, *args, **kwargs)
        f.add_done_callback(self._back)
        return f

    def _back(self, _f) -> None:
        with self.lock:
            self.out -= 1


def _fake_rows(monkeypatch) -> list[int]:
    """play_chunk made instant (a row of the settings and seed alone); returns the sizes of
    the chunks played."""
    sizes: list[int] = []

    def fake(jobs):
        sizes.append(len(jobs))
        return [{"settings_id": s["id"], "seed": n, "players": 1, "variant": s["label"]}
                for s, n in jobs]

    monkeypatch.setattr(run, "play_chunk", fake)
    return sizes


@pytest.mark.parametrize("executor", ["serial", "pool"])
def test_a_huge_run_makes_its_jobs_as_it_sends_them(monkeypatch, executor):
    """27 settings x 37,037 games (999,999): the chunks are made as they go out, a few per
    worker at a time, so memory holds the chunks in play, never the whole run's jobs."""
    sizes = _fake_rows(monkeypatch)
    pool = CountingExecutor(2) if executor == "pool" else "serial"
    settings = grid(difficulty=DIFFICULTIES, robot_start=START_WORLDS)
    chunks_played = 30

    def enough() -> bool:
        return len(sizes) >= chunks_played

    tracemalloc.start()
    try:
        t = simulate(settings, games=37_037, executor=pool, stop=enough, **QUIET)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        if executor == "pool":
            pool.shutdown()
    # the whole run's jobs as (dict, seed) tuples would take about 90 MB, and all its
    # chunks sent at once 750 MB (imports on the way take a few MB)
    assert peak < 30_000_000
    assert t.attrs["stopped"] and len(t) == sum(sizes) == len(sizes) * run.MAX_CHUNK
    if executor == "pool":
        bound = 2 * run.IN_FLIGHT_PER_WORKER
        assert pool.most_out <= bound
        # the chunks being played when it stopped finish; those sent but not started do not
        assert chunks_played <= len(sizes) <= pool.sent <= chunks_played + bound
    else:
        assert len(sizes) == chunks_played
    # the rows kept are the first chunks' games, in the run's order
    assert list(t["seed"][:5]) == list(range(5))
    assert (t["variant"][:run.MAX_CHUNK] == settings[0].check().label).all()


def test_stop_returns_the_games_played_and_says_so(tmp_path):
    path = tmp_path / "results.jsonl"
    fresh = simulate(games=8, executor="serial", **QUIET)
    assert fresh.attrs["stopped"] is False
    stop = threading.Event()
    seen = []

    def step(done, total):
        seen.append((done, total))
        if done >= 4:
            stop.set()  # as the page's Stop button does, from another thread

    t = simulate(games=8, executor="serial", chunk_size=2, path=path, stop=stop,
                 on_progress=step, **QUIET)
    assert seen == [(0, 8), (2, 8), (4, 8)]
    assert t.attrs["stopped"] is True
    pd.testing.assert_frame_equal(t, fresh.iloc[:4])
    pd.testing.assert_frame_equal(read_results(path), t)
    # the stopped run resumes from its file; the rest of the games, then the whole table
    seen.clear()
    again = simulate(games=8, executor="serial", chunk_size=2, path=path, on_progress=step,
                     **QUIET)
    assert seen == [(0, 4), (2, 4), (4, 4)]  # the games this call plays
    assert again.attrs["stopped"] is False
    pd.testing.assert_frame_equal(again, fresh)


def test_stop_on_a_pool_keeps_every_chunk_that_finished(monkeypatch):
    real = run.play_chunk
    finished: list[int] = []
    stop = threading.Event()

    def chunk(jobs):
        rows = real(jobs)
        finished.extend(n for _, n in jobs)
        if len(finished) >= 6:
            stop.set()
        return rows

    monkeypatch.setattr(run, "play_chunk", chunk)
    with ThreadPoolExecutor(2) as pool:
        t = simulate(MIXED, games=5, seed=40, executor=pool, chunk_size=2, stop=stop, **QUIET)
    assert t.attrs["stopped"] and 6 <= len(t) == len(finished) < 20
    full = simulate(MIXED, games=5, seed=40, executor="serial", **QUIET)
    played = full.apply(lambda r: (r["variant"], r["seed"]), axis=1).isin(
        t.apply(lambda r: (r["variant"], r["seed"]), axis=1))
    # the same rows in the run's order (with the columns of the games played)
    pd.testing.assert_frame_equal(t, full[played].reset_index(drop=True)[list(t.columns)])


def test_the_table_is_each_game_played_alone(serial_table):
    """The same rows as playing each (settings, seed) by itself, in the run's order."""
    from rftg_nb.lab.results import frame
    from rftg_nb.lab.run import job_dict

    rows = [play_game(job_dict(s.check()), n) for s in MIXED for n in range(40, 45)]
    pd.testing.assert_frame_equal(serial_table, frame(rows))


def test_rows_are_kept_compactly():
    """The rows of a run are kept as tuples with their strings shared: far less memory than
    the rows as they arrive, so the most a run plays fits in a kernel."""
    from rftg_nb.lab.results import RowStore

    row = simulate(games=1, executor="serial", **QUIET).iloc[0]
    text = json.dumps({k: (None if pd.isna(v) else v.item() if hasattr(v, "item") else v)
                       for k, v in row.items()})
    tracemalloc.start()
    try:
        dicts = [json.loads(text) | {"seed": n} for n in range(5000)]
        as_dicts, _ = tracemalloc.get_traced_memory()
        store = RowStore()
        for r in dicts:
            store.add(r)
        del r
        dicts.clear()
        as_store, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert as_store * 3 < as_dicts
    t = store.frame(lambda key: -key[1])
    assert list(t["seed"]) == list(range(4999, -1, -1))
    t = store.frame(lambda key: key[1])
    assert len(t) == 5000 and list(t["seed"]) == list(range(5000))
    assert (t["end_reasons"] == row["end_reasons"]).all()


def test_a_results_file_is_read_a_line_at_a_time_and_checked(tmp_path):
    head = json.dumps({"format": FORMAT, "version": 1}) + "\n"
    wide = tmp_path / "wide.jsonl"  # a row claiming 10**9 seats would make as many columns
    wide.write_text(head + json.dumps({"settings_id": "x", "seed": 1, "players": 10**9}) + "\n")
    with pytest.raises(ResultsFileError, match=r"line 2: players: expected 1 to 5, got 1000"):
        read_results(wide)
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(head.encode() + b"\xff\xfe\n")
    with pytest.raises(ResultsFileError, match="not UTF-8 text"):
        simulate(games=1, path=binary, executor="serial", **QUIET)
    assert binary.read_bytes() == head.encode() + b"\xff\xfe\n"  # left as it was
