"""Issue 33: a wheel of the package installs ``rftg-nb``, which serves the pages from the installed
package alone, outside the repository.

The wheel is built from a copy of the files a build reads (pure: no RFTG_NB_COMPILE) and
installed without its dependencies into a fresh venv; that venv sees this venv's packages through
a path file (a plain folder on sys.path after its own site-packages: the path files of this
venv, among them the editable install of rftg_nb, are not run, so the wheel's rftg_nb is the one
imported), and JUPYTER_PATH names this venv's share/jupyter (the Jupyter data that an install
with dependencies puts in the venv's own prefix). Nothing is downloaded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import BOARD, ROOT, free_port, stop

# What a build of the package reads (setup.py, MANIFEST.in).
BUILD_FILES = ["rftg_nb", "notebooks", "binder", "setup.py", "pyproject.toml", "README.md",
               "MANIFEST.in"]
NOT_BUILT = shutil.ignore_patterns("__pycache__", "*.so", "_native_build.json", "*.egg-info",
                                   "app_files")


def _wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    for name in BUILD_FILES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=NOT_BUILT)
        else:
            shutil.copy2(ROOT / name, source / name)
    env = {k: v for k, v in os.environ.items() if k != "RFTG_NB_COMPILE"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--no-index", "-q", "-w", str(tmp_path / "dist"), str(source)],
                   check=True, env=env, cwd=tmp_path, timeout=120)
    (wheel,) = (tmp_path / "dist").glob("rftg_nb-*.whl")
    return wheel


def _venv(tmp_path: Path, wheel: Path) -> Path:
    venv = tmp_path / "venv"
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


def test_the_wheel_serves_the_play_page_from_a_fresh_venv(tmp_path: Path, page,
                                                          page_errors: list[str]) -> None:
    pytest.importorskip("setuptools")  # the build runs in this venv (the native extra has it)
    venv = _venv(tmp_path, _wheel(tmp_path))
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {**os.environ, "PYTHONNOUSERSITE": "1",
           "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter")}
    env.pop("RFTG_NB_HOME", None)
    env.pop("PYTHONPATH", None)
    python, command = venv / "bin" / "python", venv / "bin" / "rftg-nb"

    where = subprocess.run([str(python), "-c", "import rftg_nb.cli as c; print(c.app_files())"],
                           cwd=outside, env=env, check=True, capture_output=True, text=True)
    assert str(venv) in where.stdout and str(ROOT) not in where.stdout, where.stdout
    version = subprocess.run([str(command), "--version"], cwd=outside, env=env, check=True,
                             capture_output=True, text=True)
    assert version.stdout.strip() == "rftg-nb 0.1.0"

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
        assert page_errors == []
        assert home.is_dir()  # --home: the history's folder, made for the server
    finally:
        stop(proc)
    served = log_path.read_text()
    assert str(venv) in served and str(ROOT / "notebooks") not in served, served
