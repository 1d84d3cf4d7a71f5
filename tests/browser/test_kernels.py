"""Each dashboard page has a kernel of its own (about 120 MB); it must end when the page does.

Two ways out, both set up by binder/voila.py (see there):
- a page that closes asks the server to shut its kernel down (Voila's close request, which the
  server accepts only since the page gets its XSRF cookie);
- a page that vanishes without a word (browser killed, network lost) leaves a kernel with no
  connection, which the culler shuts down after a quiet spell, or once it has had no connection
  for as long when it is busy (computing and sending output all the while); a page that is
  still open keeps its connection and its kernel, busy or not.

The kernels are counted as the ipykernel child processes of the server, and each page's own
kernel is looked up by id with the server's /api/kernels/<id> (404 once it is gone).

These tests use no Playwright request routing: an intercepted request made while a page unloads
(the close request is one) never reaches the server. Instead Chromium sends every request that
is not for the loopback address to a proxy that is not there, so those requests all fail.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CULL_IDLE_TIMEOUT,
    CULL_INTERVAL,
    READY_TIMEOUT,
    ROOT,
    VoilaServer,
    _serve,
    free_port,
    stop,
)

LOADS = 3  # pages opened and closed one after the other
# Bounds are generous for a busy machine; when all is well a closed page's kernel ends within a
# second, and a vanished page's within CULL_IDLE_TIMEOUT + CULL_INTERVAL. The server's log tells
# which of the two ended a kernel, so the culler cannot pass for the close request.
CLOSE_BOUND = 30
CULL_BOUND = CULL_IDLE_TIMEOUT + CULL_INTERVAL + 30
CONNECT_TIMEOUT = 60.0  # seconds for a page to run the notebook and connect to its kernel

# A page whose button starts five minutes of work that sends the page a beat every half second,
# as a long replay or computation with a progress bar does.
BUSY_CELL = """\
import time
import ipywidgets as widgets
from IPython.display import display

beat = widgets.Label("0")
beat.add_class("busy-beat")
start = widgets.Button(description="Work")

def work(_):
    for i in range(1, 601):
        beat.value = str(i)
        time.sleep(0.5)

start.on_click(work)
display(start, beat)
"""
BEAT_JS = "Number(document.querySelector('.busy-beat').textContent || 0)"

KERNEL_ID_JS = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


@pytest.fixture(scope="module")
def local_browser(playwright_session: Playwright) -> Iterator[Browser]:
    """Chromium that can reach 127.0.0.1 only, without Playwright's request interception."""
    # Loopback addresses always bypass a proxy in Chromium; everything else goes to a closed port.
    dead_proxy = f"--proxy-server=http://127.0.0.1:{free_port()}"
    browser = playwright_session.chromium.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, dead_proxy], headless=True)
    try:
        yield browser
    finally:
        browser.close()


def _get_json(url: str) -> dict | None:
    """The JSON at url, or None on 404."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return json.load(response)
    except urllib.error.HTTPError as err:
        if err.code == 404:
            return None
        raise


def _wait(what: str, check: Callable[[], bool], seconds: float) -> float:
    """Wait until check() holds; return the seconds it took. (A plain sleep is fine here: with
    no request routing, Playwright has nothing to serve while we wait.)"""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > seconds:
            pytest.fail(f"{what}: not within {seconds:.0f} s")
        time.sleep(0.2)
    return time.monotonic() - start


def _culled(log_path: Path, kernel_id: str) -> bool:
    """Whether the server's log says the culler shut this kernel down."""
    return any("Culling" in line and kernel_id in line
               for line in log_path.read_text(errors="replace").splitlines())


def _kernel_count(proc: subprocess.Popen) -> int:
    """The server's kernels: its child processes running ipykernel (exited ones not counted)."""
    count = 0
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            if (child.status() != psutil.STATUS_ZOMBIE
                    and "ipykernel_launcher" in " ".join(child.cmdline())):
                count += 1
        except psutil.Error:  # it ended while we looked
            pass
    return count


class Dashboard:
    """One page of the dashboard at url in its own browser context, and its kernel."""

    def __init__(self, browser: Browser, url: str, api: str, query: str = "") -> None:
        self.api = api  # the server's base URL for /api/kernels
        self.query = query
        self.context: BrowserContext = browser.new_context()
        self.page = self.context.new_page()
        self.page.set_default_timeout(CONNECT_TIMEOUT * 1000)
        self.page.goto(url, wait_until="domcontentloaded")
        self.kernel_id: str = self.page.evaluate(KERNEL_ID_JS)
        _wait("the page connects to its kernel",
              lambda: (self.kernel() or {}).get("connections", 0) > 0, CONNECT_TIMEOUT)

    def kernel(self) -> dict | None:
        return _get_json(f"{self.api}/api/kernels/{self.kernel_id}{self.query}")

    def close(self) -> None:
        """Close the tab as a person does: the page's unload handlers run."""
        self.page.close(run_before_unload=True)

    def vanish(self) -> None:
        """Drop the page with no unload handlers, as when the browser is killed."""
        self.context.close()


def test_closing_the_page_ends_its_kernel(voila_server: VoilaServer,
                                           local_browser: Browser) -> None:
    url = voila_server.url
    waited = []
    for _ in range(LOADS):
        dashboard = Dashboard(local_browser, url, url)
        assert _kernel_count(voila_server.proc) >= 1
        dashboard.close()
        try:
            waited.append(_wait("the closed page's kernel ends",
                                lambda d=dashboard: d.kernel() is None, CLOSE_BOUND))
        finally:
            dashboard.vanish()
        assert not _culled(voila_server.log_path, dashboard.kernel_id), (
            "the kernel was culled: the page's close request did not end it")
    # Kernels of pages that other tests dropped without closing them are culled meanwhile.
    _wait("the server's kernels are all gone",
          lambda: _kernel_count(voila_server.proc) == 0, CULL_BOUND)
    print(f"kernels ended {', '.join(f'{s:.1f}' for s in waited)} s after their page closed")


def test_a_vanished_page_is_culled_and_an_open_one_kept(voila_server: VoilaServer,
                                                         local_browser: Browser) -> None:
    url = voila_server.url
    kept = Dashboard(local_browser, url, url)
    try:
        dropped = [Dashboard(local_browser, url, url) for _ in range(2)]
        for dashboard in dropped:
            dashboard.vanish()
        assert _kernel_count(voila_server.proc) >= 3
        took = _wait("the dropped pages' kernels are culled",
                     lambda: all(d.kernel() is None for d in dropped), CULL_BOUND)
        # The open page was as quiet as the dropped ones, but it is connected.
        assert kept.kernel() is not None, "the kernel of an open page was culled"
        assert _kernel_count(voila_server.proc) <= 1
        assert all(_culled(voila_server.log_path, d.kernel_id) for d in dropped)
        print(f"dropped pages' kernels culled {took:.1f} s after they went")
        kept.close()
        _wait("the last kernel ends", lambda: kept.kernel() is None, CLOSE_BOUND)
    finally:
        kept.vanish()


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A Voila server rendering a page with BUSY_CELL at ``/``."""
    folder = tmp_path_factory.mktemp("busy-page")
    notebook = {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "cells": [{"cell_type": "code", "id": "work", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": BUSY_CELL}],
    }
    (folder / "busy.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    yield from _serve(folder / "busy.ipynb", tmp_path_factory)


def _start_work(dashboard: Dashboard) -> None:
    """Click the page's button and wait until its kernel is busy and the beats come in."""
    dashboard.page.get_by_role("button", name="Work").click()
    dashboard.page.wait_for_function(f"{BEAT_JS} >= 2")
    assert (dashboard.kernel() or {}).get("execution_state") == "busy"


def test_a_vanished_page_is_culled_while_its_kernel_works(busy_server: VoilaServer,
                                                          local_browser: Browser) -> None:
    """A kernel busy for minutes, sending output all the while, ends with its page all the same;
    the same work on a page that stays open goes on."""
    url = busy_server.url
    kept = Dashboard(local_browser, url, url)
    dropped = Dashboard(local_browser, url, url)
    try:
        for dashboard in (kept, dropped):
            _start_work(dashboard)
        dropped.vanish()
        took = _wait("the dropped page's busy kernel is culled",
                     lambda: dropped.kernel() is None, CULL_BOUND)
        assert _culled(busy_server.log_path, dropped.kernel_id)
        # not before the timeout: a connection lost for a moment must not cost the kernel
        assert took > CULL_IDLE_TIMEOUT - 2, f"culled {took:.1f} s after the page went"
        # The open page's kernel has worked as long, and is still at it.
        kernel = kept.kernel()
        assert kernel is not None, "the busy kernel of an open page was culled"
        assert kernel["execution_state"] == "busy" and kernel["connections"] > 0
        beat = kept.page.evaluate(BEAT_JS)
        kept.page.wait_for_function(f"{BEAT_JS} > {beat}")
        assert not _culled(busy_server.log_path, kept.kernel_id)
        print(f"the dropped page's busy kernel was culled {took:.1f} s after it went")
        kept.close()  # the close request ends a busy kernel too
        _wait("the open page's kernel ends once it closes", lambda: kept.kernel() is None,
              CLOSE_BOUND)
        _wait("the server's kernels are all gone",
              lambda: _kernel_count(busy_server.proc) == 0, CLOSE_BOUND)
    finally:
        kept.vanish()
        dropped.vanish()


# --- As on Binder: a Jupyter server with Voila as its extension, set up by binder/postBuild ---

@pytest.fixture(scope="module")
def binder_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """A Jupyter server started the way Binder starts one, in a home where binder/postBuild ran.

    Yields the base URL, the token query string and the server's log.
    """
    home = tmp_path_factory.mktemp("home")
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env["HOME"] = str(home)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env, check=True,
                   stdin=subprocess.DEVNULL, timeout=60)
    port, token = free_port(), "rftg-test-token"
    log_path = home / "server.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", "--ServerApp.allow_root=True",
             f"--IdentityProvider.token={token}"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the Jupyter server exited:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"no answer in {READY_TIMEOUT:.0f} s:\n{log_path.read_text()}")
                time.sleep(0.25)
        yield url, f"?token={token}", log_path
    finally:
        stop(proc)


def test_on_binder_the_settings_apply_and_a_closed_page_ends_its_kernel(
        binder_server: tuple[str, str, Path], local_browser: Browser) -> None:
    url, query, log_path = binder_server
    dashboard = Dashboard(local_browser, f"{url}/voila/render/notebooks/play.ipynb{query}",
                          url, query)
    try:
        listed = _get_json(f"{url}/api/kernels{query}")
        assert [k["id"] for k in listed] == [dashboard.kernel_id]
        # The server read binder/voila.py (installed by postBuild): its culler is on, and its
        # kernel manager ends a kernel without a connection even if busy.
        log = log_path.read_text()
        assert re.search(r"Culling kernels with idle durations > 60 seconds at 15 second", log), log
        assert "Culling kernels with no connection for > 60 seconds, even if busy" in log, log
        dashboard.close()
        _wait("the closed page's kernel ends", lambda: dashboard.kernel() is None, CLOSE_BOUND)
        assert _get_json(f"{url}/api/kernels{query}") == []
        assert not _culled(log_path, dashboard.kernel_id)
    finally:
        dashboard.vanish()
