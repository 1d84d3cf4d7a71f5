"""The solitaire board in JupyterLab, as a person who runs `make lab` and opens play.ipynb sees it.

JupyterLab (the ``lab`` extra; the test extra installs it too) runs in its own process on a free
port of 127.0.0.1, with its settings, workspaces and runtime files in a temporary directory and a
copy of the notebook, so nothing of the repository is written. Chromium opens the notebook with
the file browser open (JupyterLab's default), runs its cell and checks, in the light and the
dark theme:

- the question and the robot's mat are side by side and both in view in the notebook's width at
  1366x768 (the board follows its own width, not the window's);
- the board's text is readable on its background in both themes;
- text typed into the board (a seed of markup) is shown as text, never run.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import (
    ARTIFACTS,
    BOARD,
    ROOT,
    _local_only,
    board_after,
    board_serial,
    free_port,
)
from tests.browser.conftest import stop as stop_server

READY_S = 120
# the colours of a theme's text and background must differ at least this much (WCAG ratio)
MIN_CONTRAST = 4.5
CONTRAST_JS = """(sel) => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const bg = (e) => { for (; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); }
    return [255, 255, 255]; };
  return [...document.querySelectorAll(sel)].filter((e) => e.offsetParent && e.innerText.trim())
    .map((e) => { const a = lum(parse(getComputedStyle(e).color).slice(0, 3)), b = lum(bg(e));
      return [e.className, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)]; });
}"""


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on a copy of play.ipynb: yields the notebook's URL with its token."""
    home = tmp_path_factory.mktemp("jupyterlab")
    notebooks = home / "notebooks"
    notebooks.mkdir()
    shutil.copy(ROOT / "notebooks" / "play.ipynb", notebooks / "play.ipynb")
    token = secrets.token_hex(16)
    port = free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    log_path = home / "lab.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={notebooks}",
         f"--IdentityProvider.token={token}", "--ServerApp.allow_root=True",
         "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
         "--LabServerApp.extension_manager=readonly"],
        cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_S
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer in {READY_S} s:\n{log_path.read_text()}")
            time.sleep(0.5)
        yield f"{url}/lab/tree/play.ipynb?token={token}"
    finally:
        stop_server(proc)
        log.close()


@pytest.fixture(scope="module")
def lab_notebook(browser: Browser, jupyterlab: str) -> Iterator[Page]:
    """The notebook open in JupyterLab at 1366x768 with its cell run: the board drawn."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.route("**/*", _local_only)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(jupyterlab, timeout=90_000)
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-Notebook')",
                           timeout=120_000)
    # the notebook names its kernel (python3): JupyterLab starts it on opening
    page.wait_for_function("() => /\\| Idle/.test(document.querySelector('.jp-StatusBar-Widget')"
                           " ? document.body.innerText : '')", timeout=180_000)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_selector(f"{BOARD}[data-serial]", timeout=180_000)
    yield page
    context.close()


def _theme(page: Page, name: str) -> None:
    page.evaluate("(t) => window.jupyterapp.commands.execute('apputils:change-theme', "
                  "{theme: t})", name)
    page.wait_for_function("(t) => document.body.dataset.jpThemeName === t", arg=name,
                           timeout=30_000)
    page.wait_for_timeout(500)


def _boxes(page: Page) -> dict[str, dict[str, float]]:
    return page.evaluate("""() => Object.fromEntries(['.rb-q', '.rb-mat', '.rb-hand'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return [s, {left: r.left, right: r.right, top: r.top, bottom: r.bottom}]; }))""")


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_question_and_mat_side_by_side_and_readable(lab_notebook: Page, theme: str):
    page = lab_notebook
    _theme(page, theme)
    board = page.locator(BOARD)
    board.scroll_into_view_if_needed()
    page.evaluate(f"() => document.querySelector('{BOARD}').scrollIntoView({{block: 'start'}})")
    width = page.eval_on_selector(BOARD, "e => e.getBoundingClientRect().width")
    assert width < 1300  # the notebook is narrower than the window (file browser, prompts)
    box = _boxes(page)
    q, mat = box[".rb-q"], box[".rb-mat"]
    assert q["right"] <= mat["left"] + 1, f"the mat is not beside the question: {box}"
    for name, b in (("question", q), ("mat", mat)):
        assert 0 <= b["left"] and b["right"] <= 1366, f"the {name} is cut off: {b}"
        assert b["top"] < 768 and b["bottom"] > 0, f"the {name} is out of view: {b}"
    low = [(cls, round(ratio, 2)) for cls, ratio in page.evaluate(
        CONTRAST_JS, f"{BOARD} .rb-q *, {BOARD} .rb-mat *, {BOARD} .rb-head *")
        if ratio < MIN_CONTRAST]
    assert low == [], f"{theme}: text hard to read on its background"
    # axe-core over the notebook's output (the app's part of JupyterLab's page), each theme
    from tests.browser.test_axe import AXE, OPTIONS
    found = AXE.run(page, context=".jp-OutputArea", options=OPTIONS).response["violations"]
    bad = [f"{v['impact']} {v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in found
           if v["impact"] in ("critical", "serious")]
    assert bad == [], f"{theme}: {bad}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"jupyterlab-{theme.split()[-1].lower()}-1366x768.png"))


def test_typed_markup_is_text_in_jupyterlab(lab_notebook: Page):
    page = lab_notebook
    markup = "<img src=x onerror=window.__ran=1><b>7</b>"
    page.evaluate(f"() => document.querySelector('{BOARD} details.rb-new').open = true")
    page.fill(f"{BOARD} input[name=seed]", markup)
    before = board_serial(page)
    page.click(f"{BOARD} [data-do=new]")
    board_after(page, before)
    status = page.inner_text(f"{BOARD} .rb-status")
    assert page.evaluate("() => window.__ran") is None
    assert page.locator(f"{BOARD} img[src=x], {BOARD} .rb-status b").count() == 0
    assert "<b>7</b>" in status or "seed" in status.lower(), status
