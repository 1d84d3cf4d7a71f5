"""The lab page in a browser, as issue 36 met it: a billion typed into a box, then Play.

The box keeps the kernel's limit (37,037 games per start world and difficulty, 999,999 in
all); the run plays on a thread of its own, so while it plays the page shows its progress and
the kernel takes the Stop click, which ends it after the chunks being played, whose charts are
then drawn.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, VoilaServer

WAIT = 120_000  # ms: the kernel of a Voila page on a busy machine


def test_a_long_run_shows_its_progress_and_stops(page: Page, page_errors: list[str],
                                                 lab_page: VoilaServer):
    page.goto(f"{lab_page.url}/voila/render/lab.ipynb", timeout=90_000)
    page.wait_for_selector(".widget-button", timeout=90_000)
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()  # no run yet
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
    page.wait_for_selector("text=/[1-9][\\d,]* of 999,999 games: the start worlds/",
                           timeout=WAIT)
    expect(page.get_by_role("button", name="Play", exact=True).first).to_be_disabled()
    page.get_by_role("button", name="Stop").click()
    page.wait_for_selector("text=/Stopped: [\\d,]+ of 999,999 games of the start worlds were "
                           "played, and the charts show them/", timeout=WAIT)
    page.wait_for_selector(".js-plotly-plot", timeout=WAIT)
    expect(page.get_by_role("button", name="Play", exact=True).first).to_be_enabled()
    expect(page.get_by_role("button", name="Stop")).to_be_disabled()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-stopped.png"), full_page=True)
    assert page_errors == []
