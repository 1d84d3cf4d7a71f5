"""The committed notebooks: each is stored clean and runs from top to bottom on a fresh kernel.

The notebooks are run here with nbclient rather than by nbmake, so that a busy machine (two test
runs at once, Voila and Chromium alongside) cannot fail a good notebook:
- each kernel talks to us over IPC sockets (files in a private temporary directory) instead of
  TCP ports on 127.0.0.1. A TCP port is picked by binding port 0 and letting it go, and stays
  free until the kernel binds it a second or more later; any other process on the machine (the
  other test run's kernels, Voila's kernels, Chromium's connections) may take it meanwhile. Files
  in a directory of our own cannot be taken;
- a kernel that does not answer within STARTUP_TIMEOUT is shut down and another one is started
  (START_ATTEMPTS in all), instead of the run waiting on it for the whole cell timeout;
- a cell has CELL_TIMEOUT seconds;
- the client never waits on a socket for long in one go (POLL_SLICE): under load, an asyncio
  wait on a kernel's ZMQ socket can miss the wake-up for a message that has arrived, and then
  lasts its whole timeout. nbclient waits for a cell's reply with the cell's full timeout, so a
  notebook that ran in a second sat idle for that timeout: 120 s here (seen in two of about a
  dozen loaded runs, ending in a pass), 300 s under nbmake, where pytest-timeout failed it first.
  Waiting in slices looks at the socket again at least every POLL_SLICE seconds;
- the notebook runs on an event loop of its own, in a thread of its own, and the test gives up
  on it after RUN_TIMEOUT. The browser tests run in the same pytest process, and while their
  session-wide Playwright is alive it marks its event loop as running in the main thread between
  calls. nbclient's blocking `execute()` then hands the run to a helper thread and waits for it
  with no timeout at all (jupyter_core's run_sync), which is how nbmake ran the notebooks.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import tempfile
import threading
import time
import warnings
from pathlib import Path
from queue import Empty

import nbformat
import pytest
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

NOTEBOOK_DIR = Path(__file__).parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
KERNEL = "python3"
STARTUP_TIMEOUT = 30  # seconds for a new kernel to answer (it takes 1-2 s when all is well)
START_ATTEMPTS = 3
CELL_TIMEOUT = 120  # seconds for one cell
POLL_SLICE = 0.5  # seconds: the longest single wait on a kernel's socket
RUN_TIMEOUT = START_ATTEMPTS * STARTUP_TIMEOUT * 2 + 2 * CELL_TIMEOUT  # a whole notebook


class KernelStartWarning(UserWarning):
    """A kernel did not answer in time and another one was started (pytest lists these)."""


def test_there_are_notebooks():
    assert NOTEBOOKS, "no notebooks found in notebooks/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"], start=1):
        if cell["cell_type"] != "code":
            continue
        assert cell.get("outputs") == [], f"{path.name} cell {number} has outputs"
        assert cell.get("execution_count") is None, f"{path.name} cell {number} was run"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_runs_on_the_python3_kernel(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == KERNEL


async def _reply(client, msg_id: str, timeout: float) -> dict:
    """The shell reply to msg_id (replies to earlier requests are skipped)."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no reply in {timeout:.0f} s")
        msg = await client.get_shell_msg(timeout=left)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg


def _wait_in_slices(channel) -> None:
    """Make channel.get_msg(timeout) wait in POLL_SLICE steps, with the same overall timeout."""
    whole_wait = channel.get_msg

    async def get_msg(timeout: float | None = None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = POLL_SLICE if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                return await whole_wait(timeout=min(POLL_SLICE, left))
            except Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    raise

    channel.get_msg = get_msg


async def _start_kernel(workdir: Path, cwd: Path):
    """A kernel on IPC sockets in workdir that has answered a request, and its client."""
    problems = []
    for attempt in range(1, START_ATTEMPTS + 1):
        km = AsyncKernelManager(kernel_name=KERNEL, transport="ipc",
                                connection_file=str(workdir / f"kernel-{attempt}.json"))
        await km.start_kernel(cwd=str(cwd),
                              extra_arguments=["--HistoryManager.hist_file=:memory:"])
        kc = km.client()
        kc.start_channels()
        _wait_in_slices(kc.shell_channel)
        _wait_in_slices(kc.iopub_channel)
        started = time.monotonic()
        try:
            await kc.wait_for_ready(timeout=STARTUP_TIMEOUT)
            _trace(f"attempt {attempt}: ready", started)
            await _reply(kc, kc.kernel_info(), STARTUP_TIMEOUT)
            _trace(f"attempt {attempt}: answered", started)
            return km, kc
        except (RuntimeError, TimeoutError, Empty) as err:
            problem = f"attempt {attempt}: {err} after {time.monotonic() - started:.0f} s"
            problems.append(problem)
            alive = await km.is_alive()
            warnings.warn(f"{cwd.name}: kernel start {problem} (process alive: {alive}); "
                          "starting another", KernelStartWarning, stacklevel=1)
            kc.stop_channels()
            await km.shutdown_kernel(now=True)
    raise RuntimeError("the kernel did not start: " + "; ".join(problems))


async def _run(path: Path, workdir: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    started = time.monotonic()
    km, kc = await _start_kernel(workdir, path.parent)
    try:
        client = NotebookClient(notebook, km=km, kernel_name=KERNEL, timeout=CELL_TIMEOUT,
                                resources={"metadata": {"path": str(path.parent)}})
        client.kc = kc
        await client.async_execute()
        _trace("notebook ran", started)
    finally:
        kc.stop_channels()
        await km.shutdown_kernel(now=True)
        _trace("kernel shut down", started)


def _trace(what: str, since: float) -> None:
    """Timings, printed into the test's captured output (pytest shows it when a test fails)."""
    print(f"{time.strftime('%H:%M:%S')} {what} ({time.monotonic() - since:.1f} s)", flush=True)


@pytest.mark.timeout(RUN_TIMEOUT + 60)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_runs_headless(path):
    """Every cell runs without an error (a CellExecutionError shows the cell and traceback)."""
    # A short path of our own: a Unix socket's path may not be longer than about 100 bytes.
    workdir = Path(tempfile.mkdtemp(prefix="rftg-nb-"))
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            asyncio.run(_run(path, workdir))
            outcome.append(None)
        except BaseException as err:  # handed to the test's thread below
            outcome.append(err)

    thread = threading.Thread(target=run, name=f"notebook {path.name}", daemon=True)
    try:
        thread.start()
        thread.join(RUN_TIMEOUT)
        if thread.is_alive():
            pytest.fail(f"{path.name} did not finish in {RUN_TIMEOUT} s")
        if outcome[0] is not None:
            raise outcome[0]
    finally:
        if not thread.is_alive():
            shutil.rmtree(workdir, ignore_errors=True)
