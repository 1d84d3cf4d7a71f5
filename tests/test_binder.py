"""What Binder (repo2docker) builds from binder/: pinned packages, Python 3.11, our server settings.

repo2docker reads binder/runtime.txt (the Python version), installs binder/requirements.txt with
pip from the repository root, then runs binder/postBuild. The Jupyter server it starts serves
the dashboard at voila/render/notebooks/play.ipynb and JupyterLab at lab, so both must be in the
lock. (tests/browser/test_kernels.py starts a server the way Binder does, after postBuild.)
"""

from __future__ import annotations

import asyncio
import os
import re
import tomllib
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!_-]+)$")
# Binder opens the dashboard and JupyterLab from the same build.
ALSO_PINNED = ["jupyterlab", "voila", "ipykernel", "jupyter-server", "dask", "distributed"]


def _lock_lines() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def _pins() -> dict[str, str]:
    return {canonicalize_name(m[1]): m[2] for m in map(PIN.match, _lock_lines()) if m}


def _runtime_dependencies() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [canonicalize_name(Requirement(dep).name) for dep in project["dependencies"]]


def test_every_line_is_an_exact_pin_or_the_project_itself():
    lines = _lock_lines()
    bad = [line for line in lines if line != "." and not PIN.match(line)]
    assert not bad, f"not pinned with ==: {bad}"
    assert lines.count(".") == 1, "the project itself (`.`) must be installed once"
    names = [canonicalize_name(PIN.match(line)[1]) for line in lines if line != "."]
    assert len(names) == len(set(names)), "a package is pinned twice"


def test_the_runtime_dependencies_and_jupyterlab_are_pinned():
    pins = _pins()
    missing = [name for name in [*_runtime_dependencies(), *ALSO_PINNED] if name not in pins]
    assert not missing, f"missing from binder/requirements.txt (run `make lock`): {missing}"


def test_the_pins_meet_pyproject():
    """A lock older than a raised lower bound in pyproject.toml would install too old a version."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = _pins()
    extras = [dep for name in ("lab", "cluster") for dep in project["optional-dependencies"][name]]
    for dep in map(Requirement, [*project["dependencies"], *extras]):
        version = pins[canonicalize_name(dep.name)]
        assert dep.specifier.contains(Version(version), prereleases=True), (
            f"{dep.name}=={version} does not meet {dep} (run `make lock`)")


def test_python_version():
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


def test_post_build_installs_our_settings_for_the_server():
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "repo2docker runs postBuild only if it is executable"
    text = post_build.read_text(encoding="utf-8")
    assert text.startswith("#!/bin/bash\n")
    assert "voila.py" in text and "jupyter_server_config.py" in text


def test_the_settings_load():
    """binder/voila.py: the culler is on, an open page keeps its kernel, the hook is a function."""
    config = PyFileConfigLoader("voila.py", path=str(BINDER)).load_config()
    kernels = config.MappingKernelManager
    assert kernels.cull_idle_timeout > 0 and kernels.cull_interval > 0
    assert kernels.cull_connected is False, "an open page must keep its kernel"
    assert callable(config.VoilaConfiguration.prelaunch_hook)
    # one kernel manager, with the rule for busy kernels, for the `voila` app and for Binder's
    manager = config.VoilaConfiguration.multi_kernel_manager_class
    assert config.ServerApp.kernel_manager_class is manager
    assert issubclass(manager, AsyncMappingKernelManager)


class Kernels:
    """binder/voila.py's kernel manager with one stand-in kernel ("k"), whose culler is run by
    hand; the kernels it shuts down are listed in `ended`."""

    def __init__(self, state: str, quiet: float = 0) -> None:
        config = PyFileConfigLoader("voila.py", path=str(BINDER)).load_config()
        self.manager = config.ServerApp.kernel_manager_class(config=config)
        self.timeout = self.manager.cull_idle_timeout
        self.manager._kernels["k"] = SimpleNamespace(
            execution_state=state, kernel_name="python3", kernel_spec=SimpleNamespace(metadata={}),
            last_activity=datetime.now(UTC) - timedelta(seconds=quiet))
        self.manager._kernel_connections["k"] = 0
        self.ended: list[str] = []

        async def shutdown_kernel(kernel_id, now=False, restart=False):
            self.ended.append(kernel_id)

        self.manager.shutdown_kernel = shutdown_kernel

    def connect(self) -> None:
        self.manager.notify_connect("k")

    def disconnect(self, seconds_ago: float) -> None:
        self.manager.notify_disconnect("k")
        if "k" in self.manager._connections_lost:  # as if it had happened that long ago
            self.manager._connections_lost["k"] -= seconds_ago

    def cull(self) -> list[str]:
        # in a thread of its own: after the browser tests this one has Playwright's event loop
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, self.manager.cull_kernels()).result(timeout=30)
        return self.ended


@pytest.mark.parametrize("state", ["busy", "idle"])
def test_a_kernel_whose_page_went_away_is_culled_busy_or_not(state):
    kernels = Kernels(state)  # its last message just now: a busy kernel's progress, say
    kernels.connect()
    kernels.disconnect(seconds_ago=kernels.timeout + 1)
    assert kernels.cull() == ["k"]


def test_a_kernel_is_kept_while_its_page_is_open_or_back_in_time():
    open_page = Kernels("busy", quiet=3600)  # an hour without a word, but its page is open
    open_page.connect()
    assert open_page.cull() == []
    soon = Kernels("busy")  # its page went away a moment ago
    soon.connect()
    soon.disconnect(seconds_ago=soon.timeout / 2)
    assert soon.cull() == []
    back = Kernels("busy")  # its page went away long ago, and then came back
    back.connect()
    back.disconnect(seconds_ago=back.timeout + 1)
    back.connect()
    assert back.cull() == []
    two = Kernels("busy")  # one of its two connections closed long ago
    two.connect()
    two.connect()
    two.disconnect(seconds_ago=two.timeout + 1)
    assert two.cull() == []


def test_a_kernel_that_never_had_a_page_follows_the_culler_s_own_rules():
    running = Kernels("busy")  # its notebook still running for the page that asked for it
    assert running.cull() == []
    quiet = Kernels("idle", quiet=3600)  # ran its notebook, and the page never came
    assert quiet.cull() == ["k"]
