"""The AI benchmark's bookkeeping: intervals, and per-game results kept and read back."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

import rftg_nb

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "ai.py"
_spec = importlib.util.spec_from_file_location("bench_ai", _PATH)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)  # type: ignore[union-attr]


def test_wilson_interval_matches_the_textbook_values() -> None:
    lo, hi = bench.wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = bench.wilson(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and round(hi, 4) == 0.2775
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_fingerprint_is_stable() -> None:
    fp = bench.code_fingerprint()
    assert len(fp) == 16 and fp == bench.code_fingerprint()


def test_store_plays_only_the_missing_games_of_the_current_code(tmp_path: Path) -> None:
    calls: list[int] = []

    def square(x: int) -> int:
        calls.append(x)
        return x * x

    first = bench.Store(tmp_path, "row")
    assert first.run(square, [0, 1, 2], processes=1) == [0, 1, 4]
    assert calls == [0, 1, 2]

    # Another run with the same code reads the three back and plays the two new games only.
    calls.clear()
    again = bench.Store(tmp_path, "row")
    assert again.run(square, [0, 1, 2, 3, 4], processes=1) == [0, 1, 4, 9, 16]
    assert calls == [3, 4]
    lines = (tmp_path / "row.jsonl").read_text().splitlines()
    assert len(lines) == 5
    assert all(json.loads(line)["code"] == bench.code_fingerprint() for line in lines)


def test_store_skips_other_code_and_lines_cut_short(tmp_path: Path) -> None:
    fp = bench.code_fingerprint()
    (tmp_path / "row.jsonl").write_text(
        json.dumps({"code": fp, "game": 0, "result": 100}) + "\n"
        + json.dumps({"code": "0" * 16, "game": 1, "result": 100}) + "\n"
        + '{"code": "' + fp + '", "game": 2, "res'  # an interrupted write
    )
    store = bench.Store(tmp_path, "row")
    assert store.done == {0: 100}
    assert store.run(lambda x: x + 1, [10, 20, 30], processes=1) == [100, 21, 31]
    # The games played after the cut line are read back by the next run.
    assert bench.Store(tmp_path, "row").done == {0: 100, 1: 21, 2: 31}


def test_no_store_keeps_nothing(tmp_path: Path) -> None:
    store = bench.Store(None, "row")
    assert store.run(lambda x: -x, [1, 2], processes=1) == [-1, -2]
    assert list(tmp_path.iterdir()) == []


def test_a_rerun_reads_every_game_back(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    argv = ["--games", "3", "--rows", "solo-fast", "--processes", "1", "--results", str(tmp_path)]
    bench.main(argv)
    first = capsys.readouterr().out
    assert "code " + bench.code_fingerprint() in first
    assert first.count("(0 read back from earlier runs)") == 3
    stored = {p.name: p.read_text().splitlines() for p in tmp_path.iterdir()}
    assert sorted(stored) == [f"solo-fast-{d}.jsonl" for d in ("easy", "hard", "medium")]
    assert all(len(lines) == 3 for lines in stored.values())

    bench.main(argv)
    second = capsys.readouterr().out
    assert second.count("(3 read back from earlier runs)") == 3
    # Same games, same figures, and nothing was played or written again.
    assert [line.split("; ")[:2] for line in first.splitlines()[1:4]] == \
        [line.split("; ")[:2] for line in second.splitlines()[1:4]]
    assert {p.name: p.read_text().splitlines() for p in tmp_path.iterdir()} == stored


def test_an_unknown_row_is_refused(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exc:
        bench.main(["--rows", "solo-fast,solo-fastest"])
    assert exc.value.code == 2
    assert "solo-fastest" in capsys.readouterr().err


# ---------------------------------------------------------------------------- the reference
# benchmarks/reference.py (the calibration unit and the CPU load) and the output of the
# benchmarks that report against it. No figure is judged here: speed lives in the scripts.
_BENCH = _PATH.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", _BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


sys.path.insert(0, str(_BENCH))  # as the benchmarks import it
import reference  # noqa: E402


def test_the_calibration_unit_is_fixed_work() -> None:
    # The same checksum every time and on every machine: the unit's work never changes.
    assert reference.calibration_unit() == reference.calibration_unit()
    assert reference.UNIT_STEPS == 500


def test_a_ratio_is_the_median_of_chunk_over_unit_per_item() -> None:
    r = reference.Ratio([0.2, 0.4, 0.9], [0.1, 0.1, 0.3], per_chunk=2)
    assert r.units_per_item == pytest.approx(1.5)  # median of 2, 4, 3, over 2 items
    assert r.item_seconds == pytest.approx(0.2)
    assert r.unit == pytest.approx(0.1)


def test_interleaved_times_each_chunk_beside_its_units() -> None:
    calls: list[int] = []
    r = reference.interleaved(lambda: calls.append(1), chunks=4, per_chunk=3, units=2)
    assert len(calls) == 4 and len(r.work_seconds) == len(r.unit_seconds) == 4
    assert r.per_chunk == 3 and all(u > 0 for u in r.unit_seconds)


def test_load_choices_and_their_words() -> None:
    assert reference.runs("both") == [False, True]
    assert reference.runs("quiet") == [False] and reference.runs("load") == [True]
    assert reference.conditions(False) == "quiet"
    assert reference.conditions(True, 3) == "under load (3 busy processes)"
    with reference.condition(False) as words:
        assert words == "quiet"


def test_the_cpu_load_starts_and_stops_its_processes() -> None:
    import multiprocessing as mp

    with reference.cpu_load(1) as n:
        assert n == 1
        busy = mp.active_children()
        assert len(busy) == 1 and busy[0].is_alive()
    assert not busy[0].is_alive()


@pytest.mark.parametrize("name, argv, lines", [
    ("engine", ["--games", "2", "--goal-games", "1", "--draft-games", "1", "--replays", "1",
                "--chunk", "1"],
     ["random 2-player game", "random 5-player game with goals", "random drafted game, 2",
      "random drafted game, 3", "replay of a finished 2-player game", "slowest replay"]),
    ("solo", ["--games", "2", "--chunk", "1"], ["a solitaire game:"]),
])
def test_benchmarks_report_units_and_their_conditions(
        name: str, argv: list[str], lines: list[str], capsys: pytest.CaptureFixture) -> None:
    code = _load(name).main([*argv, "--load", "quiet"])
    out = capsys.readouterr().out.splitlines()
    label = "engine" if name == "engine" else "solitaire"
    # The first line says which engine ran (compiled or Python) and on what machine.
    assert out[0].startswith(f"{label} benchmark, the {rftg_nb.ENGINE} engine; ")
    assert out[-1] == ("PASS" if code == 0 else "FAIL")
    for start in lines:
        found = [x for x in out if x.strip().startswith(start)]
        assert len(found) == 1, (start, out)
        assert " units" in found[0]
    assert any(x.startswith("quiet: ") for x in out)
    assert not any("under load" in x for x in out)


def test_the_history_benchmark_times_each_action_of_the_page(capsys) -> None:
    code = _load("history").main(["--games", "120", "--chunks", "1", "--import-games", "4",
                                  "--load", "quiet"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"history benchmark, the {rftg_nb.ENGINE} engine, 120 games; ")
    for name in ("open", "refresh", "filter", "page", "delete", "text", "record", "download",
                 "table"):
        (line,) = [x for x in out if x.strip().startswith(name + " ")]
        assert " units (" in line
    assert any(x.strip().startswith("import") and "games a calibration unit" in x for x in out)
    assert out[-1] == ("PASS" if code == 0 else "FAIL")
