"""Fixtures for browser tests: Voila serving notebooks/play.ipynb, and headless Chromium.

Voila runs from this Python (the project's venv) on a free port of 127.0.0.1 in its own process
session, with the server settings of binder/voila.py (as `make app` and Binder use them); Chromium
is Debian's (/usr/bin/chromium, installed by .ci/run on CI) driven by Playwright's sync API. The
machine may be offline: every request not to 127.0.0.1 is aborted.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "play.ipynb"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
READY_TIMEOUT = 90.0  # seconds for Voila to answer
# binder/voila.py: the server settings shared by `make app`, these tests and Binder.
VOILA_CONFIG_DIR = ROOT / "binder"
# The tests keep those settings but cull the kernel of a page that went away after this many
# seconds of quiet instead of a minute, so that test_kernels.py need not wait long.
CULL_IDLE_TIMEOUT = 12
CULL_INTERVAL = 1


def _missing(what: str) -> None:
    """Skip on a developer machine without the tool; on CI a missing tool is a failure."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required for the browser tests on CI")
    pytest.skip(f"{what} is not available")


try:
    from playwright.sync_api import Browser, Page, Playwright, Route, sync_playwright
except ImportError:  # pragma: no cover - the test extra installs playwright
    sync_playwright = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (Voila shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=15)
    except ProcessLookupError:
        pass


@dataclass(frozen=True)
class VoilaServer:
    url: str
    proc: subprocess.Popen
    log_path: Path


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voila server rendering notebooks/play.ipynb at ``/`` (its URL, process and log)."""
    yield from _serve(NOTEBOOK, tmp_path_factory)


@pytest.fixture(scope="session")
def voila_pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voila server on the notebooks/ folder, as ``make app`` runs it: ``/`` is the start
    page, ``/voila/render/<name>.ipynb`` a page."""
    yield from _serve(ROOT / "notebooks", tmp_path_factory)


def _lab_copy(tmp_path_factory: pytest.TempPathFactory, first_runs: str) -> Path:
    """A folder holding notebooks/lab.ipynb with its ``app.run_when_shown()`` replaced by
    ``first_runs``."""
    nb = json.loads((ROOT / "notebooks" / "lab.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1 and "app.run_when_shown()" in "".join(code[0]["source"])
    code[0]["source"] = "".join(code[0]["source"]).replace("app.run_when_shown()", first_runs)
    folder = tmp_path_factory.mktemp("lab-page")
    (folder / "lab.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def lab_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The lab page as notebooks/lab.ipynb builds it, served from a copy that skips the page's
    first runs: those play a few hundred games (minutes on a small machine) and hold no input
    of anyone's. The copy plays one game per value when its button is pressed."""
    yield from _serve(_lab_copy(tmp_path_factory, "app.unknown_games.value = 1"),
                      tmp_path_factory)


@pytest.fixture(scope="session")
def lab_quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The lab page as notebooks/lab.ipynb builds it, served from a copy whose first runs
    are played by the random player: the same page, sections and charts in seconds rather
    than a minute of the fast AI's games (for the checks of what a drawn page shows: axe, cut
    words). tests/browser/test_lab.py plays the real page's first runs."""
    yield from _serve(_lab_copy(tmp_path_factory,
                                'app.seat.value = "random"\napp.run_when_shown()'),
                      tmp_path_factory)


def served(name: str, voila_pages: VoilaServer, request: pytest.FixtureRequest) -> VoilaServer:
    """The server of page ``name`` for a check of the drawn page: the lab from
    :func:`lab_quick`, every other page from ``voila_pages``."""
    return request.getfixturevalue("lab_quick") if name == "lab" else voila_pages


def _serve(target: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    port = free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(target), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--VoilaConfiguration.show_tracebacks=True",
         f"--Voila.config_file_paths={VOILA_CONFIG_DIR}",
         f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
         f"--MappingKernelManager.cull_interval={CULL_INTERVAL}"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True,
        # the pages' kernels import this tree's package, whatever else the venv holds (a
        # copy installed by binder/postBuild's `pip install .` would otherwise shadow it)
        env={**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voila exited with {proc.returncode}:\n{log_path.read_text()}")
            try:  # a static file: fetching "/" would start a kernel
                with urllib.request.urlopen(f"{url}/voila/static/voila.js", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"Voila did not answer in {READY_TIMEOUT:.0f} s:\n"
                            f"{log_path.read_text()}")
            time.sleep(0.25)
        yield VoilaServer(url, proc, log_path)
    finally:
        stop(proc)
        log.close()


@pytest.fixture(scope="session")
def voila_url(voila_server: VoilaServer) -> str:
    """Base URL of a Voila server rendering notebooks/play.ipynb at ``/``."""
    return voila_server.url


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    """The one Playwright of the run: its sync API allows only one at a time in a thread."""
    if sync_playwright is None:
        _missing("the playwright Python package")
    if not CHROMIUM.exists():
        _missing(str(CHROMIUM))
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    b = playwright_session.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                           headless=True)
    try:
        yield b
    finally:
        b.close()


#: what a page may load: this machine's servers, and what the page makes itself
LOCAL = ("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")


def _local_only(route: Route) -> None:
    if route.request.url.startswith(LOCAL):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def page_errors() -> list[str]:
    return []


def open_page(browser: Browser, page_errors: list[str], width: int = 1400,
              height: int = 1000) -> Iterator[Page]:
    """A fresh page of the given window size that may only talk to 127.0.0.1; uncaught page
    errors go to ``page_errors``. A generator, for fixtures to ``yield from``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/*", _local_only)
    p = context.new_page()
    p.set_default_timeout(30_000)
    p.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        yield p
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    """A fresh 1400x1000 page (see :func:`open_page`)."""
    yield from open_page(browser, page_errors)


# The board marks each state it has drawn: its root carries data-serial (and data-kind, the
# question's decision kind). A redraw replaces the board's elements, so tests wait for a new
# serial after each action and look elements up again.
BOARD = ".rftg-board"


def board_serial(page: Page) -> str:
    return page.eval_on_selector(BOARD, "e => e.dataset.serial || ''")


def board_after(page: Page, serial: str) -> None:
    """Wait until the board has drawn a state newer than ``serial``."""
    page.wait_for_function(
        "(s) => { const b = document.querySelector('.rftg-board'); "
        "return b && b.dataset.serial && b.dataset.serial !== s; }", arg=serial)
