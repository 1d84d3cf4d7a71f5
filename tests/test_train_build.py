"""The profile-guided build of the compiled engine: ``scripts/train_build.py`` plays every kind
of game on the build it trains, removes the counts an earlier build left, and refuses the
Python engine (``setup.py``'s flags for it: tests/test_native.py)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rftg_nb

ROOT = Path(__file__).resolve().parent.parent
PATH = ROOT / "scripts" / "train_build.py"


@pytest.fixture(scope="module")
def train_build() -> Any:
    spec = importlib.util.spec_from_file_location("rftg_nb_train_build", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_kind_of_game_is_played(train_build: Any) -> None:
    count = train_build.train(0.02)
    assert set(count) == set(train_build.GAMES)
    assert all(n >= 1 for n in count.values())
    assert count["two players"] == round(0.02 * train_build.GAMES["two players"])


def test_an_earlier_builds_counts_are_removed(train_build: Any, tmp_path: Path) -> None:
    folder = tmp_path / "build" / "temp.linux" / "build" / "rftg_nb" / "engine"
    folder.mkdir(parents=True)
    (folder / "game.gcda").write_bytes(b"counts")
    (tmp_path / "build" / "__native__engine.gcda").write_bytes(b"counts")
    (folder / "game.o").write_bytes(b"an object")
    assert train_build.remove_counts(tmp_path) == 2
    assert not list(tmp_path.rglob("*.gcda")) and (folder / "game.o").exists()


def _run(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PATH), "--scale", "0.01"], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, **env}, timeout=300)


def test_it_trains_the_compiled_engine_and_refuses_the_python_one() -> None:
    pure = _run(RFTG_NB_PURE="1")
    assert pure.returncode == 1
    assert "the compiled engine is not the one running" in pure.stderr
    if rftg_nb.ENGINE != "compiled":
        pytest.skip("no compiled build in this tree (make install builds it; CI has one)")
    out = _run(RFTG_NB_PURE="0")
    assert out.returncode == 0, out.stderr[-2000:]
    assert "games played on the compiled engine" in out.stdout
