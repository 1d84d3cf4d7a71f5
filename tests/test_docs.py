"""The documentation: it builds with warnings as errors, and every Python example in it runs.

- ``docs/`` (Sphinx, MyST, the PyData theme) builds as ``make docs`` builds it, with ``-W``.
- Every ```` ```python ```` block of ``README.md`` and ``docs/*.md`` runs, a page's blocks in
  order in one namespace (a page reads as one session), in a folder of its own with the
  history there (``RFTG_NB_HOME``).
- Every ``>>>`` example in the package's docstrings runs as a doctest. The docstrings are
  read from the sources, so the examples of compiled modules run too (on whichever engine
  this run imports).
"""

from __future__ import annotations

import ast
import doctest
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", *DOCS.glob("*.md")])
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_the_docs_build_with_warnings_as_errors(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-q",
         str(DOCS), str(tmp_path / "html")],
        capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    index = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    assert "rftg_nb" in index
    # the tables made from the package's data are there, and nothing is loaded from elsewhere
    robot = (tmp_path / "html" / "robot.html").read_text(encoding="utf-8")
    assert "assumed" in robot and "start_worlds / Old Earth / robot_face" in robot
    learning = html.unescape((tmp_path / "html" / "learning.html").read_text(encoding="utf-8"))
    from rftg_nb.lessons import LESSONS
    assert [lesson.title for lesson in LESSONS if lesson.title not in learning] == []
    for page in (tmp_path / "html").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<(script|link|img)[^>]+(src|href)=\"(https?:)?//", text), page.name


def _blocks(page: Path) -> list[str]:
    return FENCE.findall(page.read_text(encoding="utf-8"))


def test_the_pages_have_examples() -> None:
    """A guard for the test below: the pages that teach the API have their examples found."""
    found = {page.name: len(_blocks(page)) for page in PAGES}
    for name in ("engine.md", "ai.md", "lab.md", "history.md", "designer.md", "robot.md"):
        assert found[name] >= 1, name


@pytest.mark.parametrize("page", [p for p in PAGES if _blocks(p)], ids=lambda p: p.name)
def test_every_example_of_a_page_runs(page: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RFTG_NB_HOME", str(tmp_path / "home"))
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for n, block in enumerate(_blocks(page), 1):
        code = compile(block, f"{page.name}, example {n}", "exec")
        exec(code, namespace)  # noqa: S102 - the docs' own examples, run as a reader would


def _docstrings(path: Path) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module and of every class and function in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    module = ast.get_docstring(tree, clean=False)
    if module:
        found.append(("module", module, 1))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                found.append((node.name, text, node.lineno))
    return found


EXAMPLES = [(path, name, text, line)
            for path in sorted((ROOT / "rftg_nb").rglob("*.py"))
            for name, text, line in _docstrings(path) if ">>>" in text]


def test_the_docstrings_have_examples() -> None:
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("path, name, text, line", EXAMPLES,
                         ids=[f"{p.relative_to(ROOT)}:{n}" for p, n, _, _ in EXAMPLES])
def test_every_docstring_example_runs(path: Path, name: str, text: str, line: int,
                                      tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RFTG_NB_HOME", str(tmp_path / "home"))
    test = doctest.DocTestParser().get_doctest(
        text, {"__name__": "doctest"}, f"{path.relative_to(ROOT)}:{name}", str(path), line)
    assert test.examples
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
