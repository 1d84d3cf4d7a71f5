"""Markers by place: every test under ``tests/browser/`` is a ``browser`` test (a Voila server
and Chromium), and ``tests/test_notebooks.py`` holds the ``notebook`` tests (each notebook run
headless). ``make check`` runs the rest: ``pytest -m "not browser and not notebook"``.

The pages keep every game played in the game history (rftg_nb.history): for the tests that
history lives in a folder of the test run's own (``RFTG_NB_HOME``, which the Voila servers and
kernels the tests start inherit; one for each pytest-xdist worker), never in the person's
data folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BROWSER = HERE / "browser"
NOTEBOOKS = HERE / "test_notebooks.py"


def pytest_configure(config: pytest.Config) -> None:
    # each of pytest-xdist's workers (``-n 2``) keeps a history of its own: what a page shows
    # must not hang on which tests the other worker ran
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker or not os.environ.get("RFTG_NB_TEST_HOME"):
        home = tempfile.mkdtemp(prefix=f"rftg-nb-test-home-{worker or 'main'}-")
        os.environ["RFTG_NB_TEST_HOME"] = os.environ["RFTG_NB_HOME"] = home


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).resolve()
        if BROWSER in path.parents:
            item.add_marker(pytest.mark.browser)
        elif path == NOTEBOOKS:
            item.add_marker(pytest.mark.notebook)
