"""The compiled engine (rftg_nb/_native.py): a build is used only while it matches the sources
it was built from, never mixed with them, and RFTG_NB_PURE=1 runs the sources. On CI the
compiled engine must be the one the tests run (.ci/run installs the C compiler)."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rftg_nb
from rftg_nb import _native
from rftg_nb._native import NATIVE_MODULES, choose_engine, compiled_state, write_record

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the compiled modules' sources, as a repository or site-packages holds them."""
    for path in NATIVE_MODULES:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, tmp_path / path)
    return tmp_path


def _fake_build(root: Path) -> None:
    write_record(root)
    for path in NATIVE_MODULES:
        (root / path).with_suffix(SUFFIX).write_bytes(b"")


def test_no_extension_files_is_the_python_engine(tree: Path) -> None:
    assert compiled_state(tree) == "none"


def test_a_build_is_used_while_it_matches_its_sources(tree: Path, monkeypatch) -> None:
    monkeypatch.delenv("RFTG_NB_PURE", raising=False)
    _fake_build(tree)
    assert compiled_state(tree) == "compiled"
    monkeypatch.setenv("RFTG_NB_PURE", "1")
    assert compiled_state(tree) == "declined"
    monkeypatch.delenv("RFTG_NB_PURE")
    with (tree / "rftg_nb/engine/rounds.py").open("a") as f:
        f.write("# an edit after the build\n")
    assert compiled_state(tree) == "stale"
    (tree / "rftg_nb" / _native.BUILD_RECORD).unlink()
    assert compiled_state(tree) == "stale"  # extensions with no record of their sources


def test_a_stale_build_loads_every_compiled_module_from_its_source(tree: Path,
                                                                   monkeypatch) -> None:
    monkeypatch.delenv("RFTG_NB_PURE", raising=False)
    _fake_build(tree)
    with (tree / "rftg_nb/players.py").open("a") as f:
        f.write("# an edit after the build\n")
    finders = list(sys.meta_path)
    monkeypatch.setattr(sys, "meta_path", finders)
    with pytest.warns(RuntimeWarning, match="built from other sources"):
        assert choose_engine(tree) == "python"
    finder = sys.meta_path[0]
    for path in NATIVE_MODULES:
        spec = finder.find_spec(_native.module_name(path))
        assert spec is not None and spec.origin == str(tree / path)
    assert finder.find_spec("rftg_nb.ui.board") is None  # the rest is found as usual


def _engine_of_a_fresh_run(**env: str) -> str:
    code = ("import rftg_nb, rftg_nb.engine.game as g, rftg_nb.players as p; "
            "print(rftg_nb.ENGINE, g.__file__, p.__file__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, **env}, cwd=ROOT)
    return out.stdout.strip()


def test_the_package_runs_the_engine_its_files_say() -> None:
    engine, game, players = _engine_of_a_fresh_run().split()
    state = compiled_state(ROOT)
    if state == "compiled" and os.environ.get("RFTG_NB_PURE") != "1":
        assert (engine, game.endswith(SUFFIX), players.endswith(SUFFIX)) == ("compiled", True, True)
    else:
        assert (engine, game.endswith(".py"), players.endswith(".py")) == ("python", True, True)
    engine, game, players = _engine_of_a_fresh_run(RFTG_NB_PURE="1").split()
    assert (engine, game.endswith(".py"), players.endswith(".py")) == ("python", True, True)


def test_on_ci_the_tests_run_the_compiled_engine() -> None:
    """CI builds it (.ci/run installs gcc; `make install` compiles): a build that failed there
    must not pass for the compiled engine tested. (The second pytest run of `make test` asks
    for the Python engine on purpose.)"""
    if os.environ.get("CI") and os.environ.get("RFTG_NB_PURE") != "1":
        assert rftg_nb.ENGINE == "compiled", compiled_state(ROOT)
    else:
        assert rftg_nb.ENGINE in ("compiled", "python")
