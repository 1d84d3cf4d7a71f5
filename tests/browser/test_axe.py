"""axe-core on every page, after its first render and after answers (issue 37).

axe-core (bundled by axe-playwright-python: nothing is fetched) checks each page against the
WCAG 2.2 A and AA rules and its best practices; a critical or serious violation fails the test
and names the rule and the elements. The experimental rule that a control's name holds its
visible words (label-content-name-mismatch) is run too.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from rftg_nb import RandomPlayer, SoloGame, history
from tests.browser.conftest import (
    ARTIFACTS,
    BOARD,
    VoilaServer,
    board_after,
    board_serial,
    open_page,
    served,
)
from tests.browser.test_dashboard import _answer, _kind, _round

AXE = Axe()
OPTIONS = {"resultTypes": ["violations"],
           "rules": {"label-content-name-mismatch": {"enabled": True}}}
WAIT = 120_000

# each page: its address and what shows that it is drawn
PAGES = {
    "start": ("/", "a.rs-page"),
    "play": ("/voila/render/play.ipynb", f"{BOARD}[data-serial] .rb-card"),
    "table": ("/voila/render/table.ipynb", f"{BOARD}[data-serial] .rb-q"),
    "learn": ("/voila/render/learn.ipynb", f"{BOARD}[data-serial] .rb-card"),
    "lab": ("/voila/render/lab.ipynb", ".js-plotly-plot"),
    "designer": ("/voila/render/designer.ipynb", ".rftg-designer"),
    "cards": ("/voila/render/cards.ipynb", f"{BOARD}[data-kind=cards] .rb-card"),
    "history": ("/voila/render/history.ipynb", ".rftg-history table.rh-games"),
}


def serious(page: Page) -> list[str]:
    """The critical and serious violations on the page, each with up to three of its places."""
    found = AXE.run(page, options=OPTIONS).response["violations"]
    return [f"{v['impact']} {v['id']} ({v['help']}): "
            + "; ".join(str(n["target"]) for n in v["nodes"][:3])
            for v in found if v["impact"] in ("critical", "serious")]


@pytest.fixture
def wide(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, 1366, 768)


@pytest.fixture(scope="module")
def kept() -> None:
    """A finished game in the history the pages read, so that its table has a row."""
    game = SoloGame.new(seed=41, difficulty="medium")
    RandomPlayer(41).play(game)
    history.open().add(game)


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_at_first_render(name: str, wide: Page, voila_pages: VoilaServer, kept,
                                    page_errors: list[str],
                                    request: pytest.FixtureRequest) -> None:
    path, ready = PAGES[name]
    wide.goto(served(name, voila_pages, request).url + path, timeout=90_000)
    wide.wait_for_selector(ready, timeout=WAIT)
    assert serious(wide) == []
    assert wide.locator("h1, [role=heading][aria-level='1']").count() == 1
    assert wide.locator("main, [role=main]").count() == 1
    assert page_errors == []


def test_play_after_answers_at_both_sizes(browser: Browser, voila_pages: VoilaServer,
                                          page_errors: list[str]) -> None:
    """The dashboard as a game goes: a card question with dimmed cards, a card's text open,
    the robot's moves stepped through, the charts, and the end of the game."""
    for width, height in ((1366, 768), (900, 1000)):
        for page in open_page(browser, page_errors, width, height):
            page.goto(voila_pages.url + PAGES["play"][0], timeout=90_000)
            page.wait_for_selector(PAGES["play"][1], timeout=WAIT)
            page.fill("input[name=seed]", "23")
            before = board_serial(page)
            page.click("[data-do=new]")
            board_after(page, before)
            rng = random.Random(4)
            seen = {"dim": False, "moving": False}
            for _ in range(80):
                if _round(page) >= 3 or not _kind(page):
                    break
                if page.locator(".rb-card.dim").count() and not seen["dim"]:
                    seen["dim"] = True
                    assert serious(page) == [], "a question with dimmed cards"
                    page.click(f"{BOARD} .rb-card.dim .rb-info")
                    page.wait_for_selector(f"{BOARD} .rb-detail")
                    assert serious(page) == [], "a card's text open"
                    page.keyboard.press("Escape")
                _answer(page, rng)
            assert seen["dim"]
            page.check("input[data-do=step]")
            for _ in range(40):
                if _kind(page) == "moving":
                    seen["moving"] = True
                    assert serious(page) == [], "stepping through the robot's moves"
                    break
                _answer(page, rng)
            assert seen["moving"]
            before = board_serial(page)
            page.click("[data-do=all]")
            board_after(page, before)
            before = board_serial(page)
            page.uncheck("input[data-do=step]")
            board_after(page, before)
            page.get_by_role("tab", name="Charts").click()
            page.wait_for_selector(".js-plotly-plot", timeout=WAIT)
            # each chart in words: its caption, and its data as a table opened by keyboard
            page.wait_for_selector(".rftg-chart-caption")
            assert page.locator(".rftg-chart-caption:visible").count() == 3
            summary = page.locator(".rftg-chart-words summary").first
            summary.focus()
            page.keyboard.press("Enter")
            assert page.locator(".rftg-chart-words details").first.get_attribute("open") is not None
            assert page.locator(".rftg-chart-data tbody tr").first.is_visible()
            assert serious(page) == [], "the charts tab"
            before = board_serial(page)
            page.click("[data-do=auto][data-until=game]")
            board_after(page, before)
            page.wait_for_selector(f"{BOARD} .rb-end-head", timeout=WAIT)
            assert serious(page) == [], "the end of the game"
            if width == 1366:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "axe-play-end-1366x768.png"))
    assert page_errors == []


def test_table_after_answers(wide: Page, voila_pages: VoilaServer,
                             page_errors: list[str]) -> None:
    """A table of two people and a computer seat: the screen passed, the people's questions,
    the goals panel and every seat's tableau."""
    from rftg_nb.ui.table import TableController
    from rftg_nb.ui.table_seats import TableSettings
    from tests.browser.test_table import COMPUTER, NAMES, SEED
    from tests.browser.test_table import _answer as answer_like

    page = wide
    page.goto(voila_pages.url + PAGES["table"][0], timeout=90_000)
    page.wait_for_selector(PAGES["table"][1], timeout=WAIT)
    page.select_option("select[name=players]", "3")
    for i, name in enumerate(NAMES):
        page.fill(f"input[name=name{i}]", name)
        page.set_checked(f"input[name=computer{i}]", COMPUTER[i])
    page.fill("input[name=seed]", str(SEED))
    before = board_serial(page)
    page.click("[data-do=new]")
    board_after(page, before)
    copy = TableController()
    copy.new_game(TableSettings(3, NAMES, COMPUTER, None, SEED))
    checked = {"pass": 0, "question": 0}
    for _ in range(8):
        if copy.game.decision is None:
            break
        if copy.pending_pass:
            page.wait_for_selector("[data-do=seat]")
            if not checked["pass"]:
                assert serious(page) == [], "the screen passed"
            checked["pass"] += 1
            before = board_serial(page)
            page.click("[data-do=seat]")
            board_after(page, before)
            copy.confirm_seat()
        if checked["question"] < 2:
            assert serious(page) == [], f"a question: {copy.decision.kind}"
        checked["question"] += 1
        answer_like(page, copy)
    assert checked["pass"] and checked["question"] >= 4
    assert page_errors == []
