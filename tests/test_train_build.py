"""The profile-guided build of the compiled engine: ``scripts/train_build.py`` plays every kind
of game on the build it trains, removes the counts an earlier build left, and refuses the
Python engine; ``setup.py`` passes the flags ``RFTG_NB_PROFILE`` asks for."""

from __future__ import annotations

import importlib.util
import os
import runpy
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


def _setup_py(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    setuptools = pytest.importorskip("setuptools")
    monkeypatch.delenv("RFTG_NB_COMPILE", raising=False)
    monkeypatch.delenv("RFTG_NB_PROFILE", raising=False)
    monkeypatch.setattr(setuptools, "setup", lambda **_kwargs: None)
    return runpy.run_path(str(ROOT / "setup.py"), run_name="setup_read")


def test_setup_py_compiles_with_the_profile_flags_asked_for(monkeypatch) -> None:
    setup = _setup_py(monkeypatch)
    flags = setup["profile_flags"]
    assert flags({}) == ([], [])
    assert flags({"RFTG_NB_PROFILE": "generate"}) == (["-fprofile-generate"],
                                                      ["-fprofile-generate"])
    use, link = flags({"RFTG_NB_PROFILE": "use"})
    assert use[0] == "-fprofile-use" and "-Wno-missing-profile" in use and link == []
    with pytest.raises(SystemExit, match="RFTG_NB_PROFILE='both': say generate or use"):
        flags({"RFTG_NB_PROFILE": "both"})
    extension = pytest.importorskip("setuptools").Extension("x", ["x.c"],
                                                            extra_link_args=["-lm"])
    setup["with_flags"]([extension], ["-O3"], ["-fprofile-generate"])
    assert extension.extra_link_args == ["-lm", "-fprofile-generate"]
    monkeypatch.setenv("RFTG_NB_PROFILE", "generate")
    compile_flags, link_flags = setup["engine_flags"]()
    assert compile_flags[-1] == "-fprofile-generate" and link_flags == ["-fprofile-generate"]
