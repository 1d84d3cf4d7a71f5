"""simulate(): one row per game, the same table on any executor, a file that resumes."""

from __future__ import annotations

import json
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

import rftg_nb.lab.run as run
from rftg_nb import Game, RandomPlayer, SoloGame
from rftg_nb.lab import (
    GameFailed,
    ResultsFileError,
    Settings,
    describe_columns,
    grid,
    read_results,
    simulate,
)
from rftg_nb.lab.play import play_game, seat_seed
from rftg_nb.lab.results import FORMAT, columns
from rftg_nb.robot.components import DIFFICULTIES

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
        game.apply(players[d.player].choose(d))
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
    """The AI package is imported only for an AI seat, and asked for every answer."""
    asked = []

    class AIPlayer:
        def __init__(self, level, seed):
            self.level, self.player = level, RandomPlayer(seed)

        def answer(self, game, decision):
            asked.append(self.level)
            return self.player.choose(decision)

    fake = types.SimpleNamespace(AIPlayer=AIPlayer, LEVELS=("fast", "strong"))
    monkeypatch.setitem(sys.modules, "rftg_nb.ai", fake)
    t = simulate(players=2, seats=["ai-strong", "random"], games=2, executor="serial", **QUIET)
    assert set(asked) == {"strong"} and len(asked) > 10
    assert (t["seats"] == "ai-strong,random").all()
    assert len(asked) < t["decisions"].sum()  # seat 1 answered by the random player


def test_the_real_ai_gives_the_same_table_on_any_executor():
    """Once rftg_nb.ai exists: its fast seat, seeded per game and seat, replays exactly."""
    ai = pytest.importorskip("rftg_nb.ai")
    assert "fast" in ai.LEVELS
    settings = [Settings(seats="ai-fast", difficulty="hard"),
                Settings(players=2, seats=["ai-fast", "random"])]
    serial = simulate(settings, games=2, executor="serial", **QUIET)
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate(settings, games=2, executor=pool, chunk_size=1, **QUIET)
    pd.testing.assert_frame_equal(pooled, serial)
    assert list(serial["seats"]) == ["ai-fast"] * 2 + ["ai-fast,random"] * 2
