"""The history page in the browser with 12,000 games: it opens on the first page of 50, turns
pages, filters, deletes and downloads the whole history (made only when asked, sent in parts)
without sending the history to the page at every redraw; the download (over 10 MiB, more than
the server takes in one message) loads back in parts, with a progress bar. Served from a copy of
notebooks/history.ipynb that opens its own history file, so the other browser tests' history
is untouched. Screenshots at 1366x768 go to test-artifacts/."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from rftg_nb import history
from tests.browser.conftest import ARTIFACTS, ROOT, VoilaServer, _serve, open_page
from tests.browser.test_axe import serious
from tests.helpers_history import fill

GAMES = 12_000  # their export is over 10 MiB


@pytest.fixture(scope="module")
def long_history(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    folder = tmp_path_factory.mktemp("long-history")
    path = folder / "history.sqlite"
    fill(path, GAMES)
    nb = json.loads((ROOT / "notebooks" / "history.ipynb").read_text(encoding="utf-8"))
    (cell,) = [c for c in nb["cells"] if c["cell_type"] == "code"]
    source = "".join(cell["source"])
    assert "HistoryApp()" in source
    cell["source"] = source.replace("HistoryApp()", f"HistoryApp({str(path)!r})")
    pages = folder / "pages"
    pages.mkdir()
    (pages / "history.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    for server in _serve(pages, tmp_path_factory):
        yield server, path


@pytest.fixture
def wide(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, 1366, 768)


def _pages_text(page: Page, text: str) -> None:
    page.wait_for_function("(t) => { const e = document.querySelector('.rh-page'); "
                           "return e && e.textContent.includes(t); }", arg=text)


def _dropdown(page: Page, label: str):
    return page.locator(".widget-dropdown", has=page.locator("label", has_text=label)).locator(
        "select").first


def test_twelve_thousand_games_page_filter_delete_download_and_load_back(
        long_history: tuple[VoilaServer, Path], wide: Page, page_errors: list[str],
        tmp_path: Path) -> None:
    server, path = long_history
    page = wide
    received: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(
        len(payload))))
    start = time.perf_counter()
    page.goto(f"{server.url}/voila/render/history.ipynb")
    _pages_text(page, f"Games 1-50 of {GAMES:,}")
    opened = time.perf_counter() - start
    assert page.locator("table.rh-games tbody tr").count() == 50
    assert max(received) < 2_000_000  # no 23 MB download link, no 10,000-row table
    # fifty rows scroll in their region, which the keyboard reaches and scrolls (axe-core's
    # scrollable-region-focusable, and the rest of its rules, on the long page)
    assert serious(page) == []
    region = page.locator(".rh-games-scroll")
    assert region.evaluate("(e) => e.scrollHeight > e.clientHeight")
    region.focus()
    page.keyboard.press("PageDown")
    page.wait_for_function("() => document.querySelector('.rh-games-scroll').scrollTop > 0")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "history-12000-1366x768.png"), full_page=True)

    page.get_by_role("button", name="Next page").click()
    _pages_text(page, f"Games 51-100 of {GAMES:,}")
    expect(page.get_by_role("button", name="Previous page")).to_be_enabled()

    hard = len(history.open(path).table(difficulty="hard"))
    _dropdown(page, "difficulty").select_option("hard")
    _pages_text(page, f"Games 1-50 of {hard:,}")
    assert set(page.locator("table.rh-games tbody tr td:nth-child(5)").all_inner_texts()) == \
        {"hard"}

    page.get_by_role("button", name="Delete this game").click()
    page.wait_for_function("() => document.querySelector('.rh-notice') && "
                           "/Game \\d+ deleted/.test(document.querySelector('.rh-notice')"
                           ".textContent)")
    _pages_text(page, f"of {hard - 1:,}")
    deleted = int(page.locator(".rh-notice").inner_text().split()[1])
    assert history.open(path).table(difficulty="hard")["id"].tolist().count(deleted) == 0

    with page.expect_download(timeout=60_000) as got:
        page.get_by_role("button", name="Download every game").click()
    saved = tmp_path / "all.jsonl"
    got.value.save_as(saved)
    assert got.value.suggested_filename == "rftg-history.jsonl"
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert len(lines) == GAMES - 1 and saved.stat().st_size > 10 * 2**20
    assert all(json.loads(x)["key"] for x in lines[:: 997])

    # every game deleted, then the download loaded back
    page.get_by_role("button", name="Delete every game").click()
    page.get_by_role("button", name="Delete every game").click()
    page.wait_for_selector(".rh-empty")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load games from a file").click()
    chooser.value.set_files(str(saved))
    page.wait_for_function("(t) => document.querySelector('.rh-notice') && "
                           "document.querySelector('.rh-notice').textContent.includes(t)",
                           arg=f"Loaded {GAMES - 1:,} games", timeout=120_000)
    assert len(history.open(path)) == GAMES - 1
    page.wait_for_function("(t) => document.querySelector('.rh-page') && "
                           "document.querySelector('.rh-page').textContent.includes(t)",
                           arg=f"of {GAMES - 1:,}")
    assert page_errors == []
    print(f"{GAMES:,} games: first page painted {opened:.1f} s after the page was asked for")
