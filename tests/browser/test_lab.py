"""The lab page in a browser, as issue 36 met it: a billion typed into a box, then Play.

The box keeps the kernel's limit (37,037 games per start world and difficulty, 999,999 in
all); the run plays on a thread of its own, so while it plays the page shows its progress and
the kernel takes the Stop click, which ends it after the chunks being played, whose charts are
then drawn.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import ARTIFACTS, VoilaServer, open_page

WAIT = 120_000  # ms: the kernel of a Voila page on a busy machine


def test_a_long_run_shows_its_progress_and_stops(page: Page, page_errors: list[str],
                                                 lab_page: VoilaServer):
    page.goto(f"{lab_page.url}/voila/render/lab.ipynb", timeout=90_000)
    page.wait_for_selector(".widget-button", timeout=90_000)
    expect(page.get_by_role("button", name="Stop")).to_be_hidden()  # no run yet
    page.get_by_role("combobox", name="Your seat is played by").select_option(
        label="the random player")
    games = page.get_by_role("spinbutton", name="games per start world and difficulty")
    games.fill("1000000000")
    games.press("Tab")
    page.wait_for_function(
        "() => [...document.querySelectorAll('input[type=number]')].some(e => e.value == "
        "'37037')")
    page.get_by_role("button", name="Play", exact=True).first.click()
    # the bar and its words move while the games are played
    page.wait_for_selector(
        "text=/Playing 999,999 games for the start worlds: [1-9][\\d,]* played/", timeout=WAIT)
    expect(page.get_by_role("button", name="Play", exact=True).first).to_be_disabled()
    page.get_by_role("button", name="Stop").click()
    page.wait_for_selector("text=/Stopped: [\\d,]+ of 999,999 games of the start worlds were "
                           "played, and the charts show them/", timeout=WAIT)
    page.wait_for_selector(".js-plotly-plot", timeout=WAIT)
    expect(page.get_by_role("button", name="Play", exact=True).first).to_be_enabled()
    expect(page.get_by_role("button", name="Stop")).to_be_hidden()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-stopped.png"), full_page=True)
    assert page_errors == []


def _top(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"]


@pytest.fixture
def wide(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, 1366, 768)


def test_the_page_draws_first_then_plays_its_first_runs_each_bar_in_its_section(
        wide: Page, page_errors: list[str], voila_pages: VoilaServer) -> None:
    """The real lab page (its notebook as committed): the page is drawn at once, then its
    first runs play, each with its bar in words in the section whose charts it makes."""
    page = wide
    page.goto(f"{voila_pages.url}/voila/render/lab.ipynb", timeout=90_000)
    worlds = "text=The robot from each start world"
    unknowns = "text=The unknowns: component values the rulebook does not print"
    page.wait_for_selector(worlds, timeout=WAIT)
    note = page.locator("text=/Playing 81 games for the start worlds/")
    note.wait_for(timeout=WAIT)
    assert _top(page, worlds) < note.bounding_box()["y"] < _top(page, unknowns)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-first-run-1366x768.png"))
    # the next run's bar is in the section of the unknowns
    later = page.locator("text=/Playing [\\d,]+ games for (?!the start worlds)/")
    later.wait_for(timeout=WAIT)
    assert later.bounding_box()["y"] > _top(page, unknowns)
    page.wait_for_selector("text=/Played [\\d,]+ games of the start worlds. Played [\\d,]+ "
                           "games of /", timeout=WAIT)
    # the overview waits for its button
    assert page.locator("text=/games for every unknown/").count() == 0
    page.get_by_role("heading", name="Every unknown at a glance").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "lab-first-runs-done-1366x768.png"))
    expect(page.get_by_role("button", name="Stop")).to_be_hidden()
    assert page_errors == []
