"""Markers by place: every test under ``tests/browser/`` is a ``browser`` test (a Voila server
and Chromium), and ``tests/test_notebooks.py`` holds the ``notebook`` tests (each notebook run
headless). ``make check`` runs the rest: ``pytest -m "not browser and not notebook"``."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BROWSER = HERE / "browser"
NOTEBOOKS = HERE / "test_notebooks.py"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).resolve()
        if BROWSER in path.parents:
            item.add_marker(pytest.mark.browser)
        elif path == NOTEBOOKS:
            item.add_marker(pytest.mark.notebook)
