"""Issue 33: ``python -m build`` makes a wheel whose engine is mypyc's build of these sources
where a C compiler works, and a pure-Python wheel where none does (or ``RFTG_NB_COMPILE=0``),
never carrying a build that is not its own; the wheel installs ``rftg-nb``, which serves the
pages from the installed package alone, outside the repository; the wheel's metadata,
``rftg-nb --version`` and a new save's ``app_version`` name one version.

Every wheel is built from a copy of the files a build reads, with ``python -m build
--no-isolation`` (this venv's setuptools and mypy: nothing is downloaded). The default build,
compiled, is made once for the module (about a minute and a half) and installed without its
dependencies into a fresh venv; that venv sees this venv's packages through a path file (a
plain folder on sys.path after its own site-packages: the path files of this venv, among them
the editable install of rftg_nb, are not run, so the wheel's rftg_nb is the one imported), and
JUPYTER_PATH names this venv's share/jupyter (the Jupyter data that an install with
dependencies puts in the venv's own prefix).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import runpy
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

import rftg_nb
from rftg_nb._native import (
    BUILD_RECORD,
    GROUP_LIBRARY,
    NATIVE_MODULES,
    source_digest,
    write_record,
)
from tests.browser.conftest import BOARD, ROOT, board_after, board_serial, free_port, stop
from tests.browser.test_dashboard import _answer, _round

# The compiled build takes about a minute and a half on 2 cores, more under load.
pytestmark = pytest.mark.timeout(900)

# What a build of the package reads (setup.py, MANIFEST.in).
BUILD_FILES = ["rftg_nb", "notebooks", "binder", "setup.py", "pyproject.toml", "README.md",
               "MANIFEST.in"]
NOT_BUILT = shutil.ignore_patterns("__pycache__", "*.so", "_native_build.json", "*.egg-info",
                                   "app_files")
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
PURE_TAG = "py3-none-any"
# What this Python (CPython: mypyc builds for it) tags a wheel with extensions with:
# cp311-cp311-linux_x86_64
PYTHON_TAG = f"cp{sys.version_info.major}{sys.version_info.minor}"
PLATFORM_TAG = (f"{PYTHON_TAG}-{PYTHON_TAG}-"
                + sysconfig.get_platform().replace("-", "_").replace(".", "_"))
# In the child Pythons: the engine they run, where its game module is, the versions.
ASK = """
import importlib.metadata, json, sys
import rftg_nb, rftg_nb.engine.game as game
from rftg_nb import Game, SoloGame
json.dump({"engine": rftg_nb.ENGINE, "game": game.__file__, "package": rftg_nb.__file__,
           "version": rftg_nb.__version__, "metadata": importlib.metadata.version("rftg_nb"),
           "saves": [json.loads(g.to_json())["app_version"]
                     for g in (Game.new(players=2, seed=1), SoloGame.new(seed=1))]},
          sys.stdout)
"""


def _can_compile() -> bool:
    """Whether a build here can compile the engine: mypy is installed and a C extension can
    be built (setup.py's own probe)."""
    if importlib.util.find_spec("mypyc") is None:
        return False
    import setuptools

    real_setup = setuptools.setup
    setuptools.setup = lambda **_kwargs: None
    try:
        setup = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_read")
    finally:
        setuptools.setup = real_setup
    return setup["compiler_problem"]() is None


def _source(where: Path, leftovers: bool = False) -> Path:
    """A copy of what a build reads; ``leftovers``: with an in-place build's extension files
    and its record, matching the sources, as ``make install`` leaves them beside the sources."""
    source = where / "source"
    for name in BUILD_FILES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=NOT_BUILT)
        else:
            shutil.copy2(ROOT / name, source / name)
    if leftovers:
        for stem in [p.removesuffix(".py") for p in NATIVE_MODULES] + [GROUP_LIBRARY]:
            (source / (stem + SUFFIX)).write_bytes(b"an in-place build's extension")
        write_record(source)
    return source


def _build(source: Path, *args: str, **env: str) -> tuple[Path, str]:
    """``python -m build`` of ``source`` (``args``: what to build; ``env``: set for it); the
    wheel and what the build said."""
    environ = {k: v for k, v in os.environ.items() if k not in ("RFTG_NB_COMPILE", "CC")}
    out = source.parent / "dist"
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation",
                           "--skip-dependency-check", *args, "--outdir", str(out), str(source)],
                          env={**environ, **env}, cwd=source.parent, capture_output=True,
                          text=True, timeout=800)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-4000:]
    (wheel,) = out.glob("rftg_nb-*.whl")
    return wheel, said


def _venv(where: Path, wheel: Path) -> Path:
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=60)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--no-index", "-q", str(wheel)], check=True, timeout=120)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path("
                           "'purelib'))"], check=True, capture_output=True, text=True).stdout
    (Path(site.strip()) / "main_venv.pth").write_text(sysconfig.get_path("purelib") + "\n",
                                                      encoding="utf-8")
    return venv


def _env() -> dict[str, str]:
    """The environment of the venv's programs: this run's, less what would bring the
    repository in or choose the engine."""
    env = {**os.environ, "PYTHONNOUSERSITE": "1",
           "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter")}
    for name in ("RFTG_NB_HOME", "PYTHONPATH", "RFTG_NB_PURE"):
        env.pop(name, None)
    return env


def _ask(venv: Path, outside: Path) -> tuple[dict, str]:
    done = subprocess.run([str(venv / "bin" / "python"), "-c", ASK], cwd=outside, env=_env(),
                          check=True, capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout), done.stderr


def _names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as z:
        return z.namelist()


def _read(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as z:
        return z.read(name).decode("utf-8")


def _built_engine(names: list[str]) -> list[str]:
    return [n for n in names if n.endswith((".so", ".pyd")) or n.endswith(BUILD_RECORD)]


@dataclass(frozen=True)
class Built:
    wheel: Path
    said: str
    venv: Path
    outside: Path  # a folder outside the repository and the venv, to run from


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The default wheel (no RFTG_NB_COMPILE), built once, installed into a fresh venv."""
    where = tmp_path_factory.mktemp("wheel")
    wheel, said = _build(_source(where), "--wheel")
    outside = where / "elsewhere"
    outside.mkdir()
    return Built(wheel, said, _venv(where, wheel), outside)


def test_the_default_wheel_runs_the_compiled_engine_where_a_compiler_works(built) -> None:
    can_compile = _can_compile()
    if os.environ.get("CI"):
        assert can_compile, "CI installs gcc and mypy: the wheel's engine must be compiled"
    names = _names(built.wheel)
    info, warnings = _ask(built.venv, built.outside)
    assert info["package"].startswith(str(built.venv)), info
    assert "RuntimeWarning" not in warnings, warnings
    wheel_file = _read(built.wheel, f"rftg_nb-{rftg_nb.__version__}.dist-info/WHEEL")
    if not can_compile:
        assert built.wheel.name.endswith(f"-{PURE_TAG}.whl")
        assert "rftg_nb: a pure-Python wheel" in built.said
        assert (info["engine"], _built_engine(names)) == ("python", [])
        return
    assert built.wheel.name.endswith(f"-{PLATFORM_TAG}.whl"), built.wheel.name
    assert f"Tag: {PLATFORM_TAG}\n" in wheel_file and "Root-Is-Purelib: false" in wheel_file
    assert "rftg_nb: the wheel's engine is compiled" in built.said
    stems = [p.removesuffix(".py") for p in NATIVE_MODULES] + [GROUP_LIBRARY]
    assert sorted(_built_engine(names)) == sorted(
        [stem + SUFFIX for stem in stems] + [f"rftg_nb/{BUILD_RECORD}"])
    record = json.loads(_read(built.wheel, f"rftg_nb/{BUILD_RECORD}"))
    assert record["digest"] == source_digest(ROOT)  # built from these very sources
    assert set(NATIVE_MODULES) <= set(names)  # the sources beside their extensions
    assert info["engine"] == "compiled" and info["game"].endswith(SUFFIX), info


def test_the_wheel_the_command_and_a_save_name_one_version(built) -> None:
    version = rftg_nb.__version__
    assert built.wheel.name.startswith(f"rftg_nb-{version}-")
    metadata = _read(built.wheel, f"rftg_nb-{version}.dist-info/METADATA")
    assert f"\nVersion: {version}\n" in metadata
    info, _ = _ask(built.venv, built.outside)
    command = subprocess.run([str(built.venv / "bin" / "rftg-nb"), "--version"],
                             cwd=built.outside, env=_env(), check=True, capture_output=True,
                             text=True, timeout=60)
    assert command.stdout == f"rftg-nb {version}\n"
    assert (info["metadata"], info["version"], info["saves"]) == (version, version,
                                                                    [version, version])


def test_without_a_compiler_the_wheel_is_pure_and_carries_no_build(tmp_path: Path) -> None:
    """The compiler does not work (CC=/bin/false): a pure-Python wheel, said so, without the
    in-place build left beside the sources, running the Python engine with no warning."""
    wheel, said = _build(_source(tmp_path, leftovers=True), "--wheel", CC="/bin/false")
    assert wheel.name == f"rftg_nb-{rftg_nb.__version__}-{PURE_TAG}.whl"
    assert "rftg_nb: a pure-Python wheel: no C extension can be built here" in said
    assert _built_engine(_names(wheel)) == []
    assert "Root-Is-Purelib: true" in _read(
        wheel, f"rftg_nb-{rftg_nb.__version__}.dist-info/WHEEL")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    info, warnings = _ask(_venv(tmp_path, wheel), outside)
    assert info["engine"] == "python" and info["game"].endswith(".py"), info
    assert "RuntimeWarning" not in warnings, warnings


def test_compile_0_makes_an_sdist_and_a_pure_wheel_without_the_in_place_build(
        tmp_path: Path) -> None:
    """``RFTG_NB_COMPILE=0 python -m build``: the sdist and the wheel built from it leave out
    the in-place build beside the sources."""
    wheel, said = _build(_source(tmp_path, leftovers=True), RFTG_NB_COMPILE="0")
    assert wheel.name.endswith(f"-{PURE_TAG}.whl")
    assert "rftg_nb: a pure-Python wheel (RFTG_NB_COMPILE=0)" in said
    (sdist,) = (tmp_path / "dist").glob("rftg_nb-*.tar.gz")
    with tarfile.open(sdist) as tar:
        sdist_names = tar.getnames()
    assert _built_engine(sdist_names) == []
    assert any(n.endswith("/notebooks/play.ipynb") for n in sdist_names)
    assert _built_engine(_names(wheel)) == []
    assert "rftg_nb/app_files/notebooks/play.ipynb" in _names(wheel)


def test_the_wheel_serves_the_play_page_from_a_fresh_venv(built, tmp_path: Path, page,
                                                          page_errors: list[str]) -> None:
    venv, outside, env = built.venv, built.outside, _env()
    python, command = venv / "bin" / "python", venv / "bin" / "rftg-nb"

    where = subprocess.run([str(python), "-c", "import rftg_nb.cli as c; print(c.app_files())"],
                           cwd=outside, env=env, check=True, capture_output=True, text=True)
    assert str(venv) in where.stdout and str(ROOT) not in where.stdout, where.stdout

    port, home = free_port(), tmp_path / "home"
    log_path = tmp_path / "rftg-nb.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen([str(command), "--no-browser", f"--port={port}",
                                 f"--home={home}"], cwd=outside, env=env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as answer:
                    start_page = answer.read().decode()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"rftg-nb did not answer:\n{log_path.read_text()}")
                time.sleep(0.5)
        assert "play.ipynb" in start_page and "/voila/templates/rftg/" in start_page
        page.goto(url + "/voila/render/play.ipynb")
        page.wait_for_selector(f"{BOARD}[data-serial]", timeout=60_000)
        # a game played: the first round's questions by clicking, then the computer plays the
        # person's seat to the game's end, and the end is drawn
        rng = random.Random(7)
        while _round(page) < 2:
            _answer(page, rng)
        before = board_serial(page)
        page.click("[data-do=auto][data-until=game]")
        board_after(page, before)
        page.wait_for_selector(f"{BOARD} .rb-end-head", timeout=120_000)
        assert page.inner_text(f"{BOARD} .rb-end-head").startswith("Game over: ")
        assert not page.locator(f"{BOARD} .rb-status.err").count()
        assert page_errors == []
        assert home.is_dir()  # --home: the history's folder, made for the server
    finally:
        stop(proc)
    served = log_path.read_text()
    assert str(venv) in served and str(ROOT / "notebooks") not in served, served
