"""The history page's replay in the browser: a kept game opened on the board, moved through
with the buttons, the slider and the Left/Right keys, its questions shown with the answer given
and nothing to answer; a table game's names shown as text and its hands shown only when asked,
at the end. Screenshots at 1366x768 and 900x1000 go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from rftg_nb import Game, RandomPlayer, SoloGame, history
from tests.browser.conftest import ARTIFACTS, BOARD, VoilaServer, open_page

HOSTILE = "<img src=x onerror=window.__pwned=1>"


@pytest.fixture(scope="module")
def kept() -> dict[str, int]:
    """A finished solitaire game and a finished 2-player game in the history the pages use
    (RFTG_NB_HOME, set for the whole run by tests/conftest.py)."""
    h = history.open()
    solo = SoloGame.new(seed=31, difficulty="hard")
    RandomPlayer(31).play(solo)
    table = Game.new(players=2, seed=32, names=[HOSTILE, "Bo"])
    RandomPlayer(32).play(table)
    return {"solo": h.add(solo), "table": h.add(table)}


@pytest.fixture(params=[(1366, 768), (900, 1000)], ids=["1366x768", "900x1000"])
def sized(request: pytest.FixtureRequest, browser: Browser,
          page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, *request.param)


def _replay(page: Page, server: VoilaServer, game_id: int) -> None:
    page.goto(f"{server.url}/voila/render/history.ipynb")
    page.wait_for_selector(".rftg-history")
    select = page.locator(".widget-dropdown", has=page.locator("label", has_text="game")).locator(
        "select").first
    value = select.locator("option", has_text=f"{game_id}:").first.get_attribute("value")
    select.select_option(value)
    page.get_by_role("button", name="Replay this game").click()
    page.wait_for_selector(f"{BOARD} .rb-replay[data-at='0']")


def _at(page: Page) -> int:
    return int(page.eval_on_selector(".rb-replay", "e => e.dataset.at"))


def _wait_at(page: Page, n: int) -> None:
    page.wait_for_function("(n) => { const r = document.querySelector('.rb-replay'); "
                           "return r && Number(r.dataset.at) === n; }", arg=n)


def test_a_solitaire_game_replays_stop_by_stop(
        voila_pages: VoilaServer, sized: Page, kept: dict[str, int],
        page_errors: list[str]) -> None:
    page = sized
    _replay(page, voila_pages, kept["solo"])
    size = f"{page.viewport_size['width']}x{page.viewport_size['height']}"
    # nothing of the live page's own: no tools, no New game form, no computer help
    assert page.locator(f"{BOARD} .rb-tools").is_hidden()
    assert page.locator(f"{BOARD} details.rb-new").count() == 0
    # the Right key anywhere on the page, then Left, then the buttons
    page.locator(".rb-replay-at").click()
    page.keyboard.press("ArrowRight")
    _wait_at(page, 1)
    page.keyboard.press("ArrowRight")
    _wait_at(page, 2)
    page.keyboard.press("ArrowLeft")
    _wait_at(page, 1)
    # on to the first of your questions: shown with the answer given, nothing to press
    while page.eval_on_selector(".rb-replay", "e => e.dataset.kind") != "decision":
        n = _at(page)
        page.locator(".rb-replay button", has_text="Next").click()
        _wait_at(page, n + 1)
    assert page.locator(f"{BOARD} .rb-answered").inner_text().startswith("Answered:")
    assert page.locator(f"{BOARD} button[data-do=submit]").count() == 0
    picked = page.locator(f"{BOARD} .rb-card.picked, {BOARD} .rb-btn.opt.picked")
    assert picked.count() >= 1
    page.screenshot(path=str(ARTIFACTS / f"replay-question-{size}.png"))
    # a click on an option changes nothing
    n = _at(page)
    serial = page.eval_on_selector(BOARD, "e => e.dataset.serial")
    page.locator(f"{BOARD} .rb-card.opt, {BOARD} .rb-btn.opt").first.click(force=True)
    page.wait_for_timeout(300)
    assert _at(page) == n and page.eval_on_selector(BOARD, "e => e.dataset.serial") == serial
    # the slider, to the middle; the end button, to the end sheet
    total = int(page.eval_on_selector(".rb-replay", "e => e.dataset.of"))
    page.eval_on_selector(".rb-scrub", "(e, v) => { e.value = v; "
                          "e.dispatchEvent(new Event('change', {bubbles: true})); }", total // 2)
    _wait_at(page, total // 2)
    page.screenshot(path=str(ARTIFACTS / f"replay-middle-{size}.png"))
    page.locator(".rb-replay button[data-to=last]").click()
    _wait_at(page, total - 1)
    assert page.locator(f"{BOARD} .rb-end-head").inner_text().startswith("Game over")
    assert not page_errors


def test_a_table_game_replays_its_names_as_text_and_shows_hands_only_when_asked(
        voila_pages: VoilaServer, page: Page, kept: dict[str, int], page_errors: list[str]) -> None:
    _replay(page, voila_pages, kept["table"])
    assert page.locator(f"{BOARD}[data-serial]").count() == 1
    assert page.locator(f"{BOARD} img").count() == 0
    assert HOSTILE in page.locator(f"{BOARD} .rb-players").inner_text()
    assert page.locator(".rb-all-hands").count() == 0  # a finished game: the switch, off
    page.locator(".rb-replay button[data-to=last]").click()
    page.wait_for_selector(".rb-replay input[data-do=all_hands]")
    assert page.locator(".rb-all-hands").count() == 0
    page.locator(".rb-replay input[data-do=all_hands]").check()
    page.wait_for_selector(".rb-all-hands")
    assert HOSTILE in page.locator(".rb-all-hands").inner_text()
    assert page.evaluate("() => window.__pwned === undefined")
    page.screenshot(path=str(ARTIFACTS / "replay-table-end-1400x1000.png"))
    assert not page_errors


def test_a_review_runs_with_a_progress_bar_and_its_moments_move_the_replay(
        voila_pages: VoilaServer, browser: Browser, kept: dict[str, int],
        page_errors: list[str]) -> None:
    for page in open_page(browser, page_errors, 1366, 768):
        _replay(page, voila_pages, kept["solo"])
        page.get_by_role("button", name="Review this game").click()
        page.wait_for_selector(".rh-review-progress", state="visible")
        page.wait_for_selector(".rh-moment", timeout=120_000)
        page.wait_for_selector(".rh-review-chart .js-plotly-plot")
        assert page.locator(".rh-moment").count() >= 3
        page.screenshot(path=str(ARTIFACTS / "review-1366x768.png"), full_page=True)
        page.get_by_role("button", name="Show").first.click()
        page.wait_for_selector(".rb-replay[data-kind='decision']")
        assert page.locator(f"{BOARD} .rb-answered").count() == 1
        judged = page.locator(f"{BOARD} .rb-judged").inner_text()
        assert judged.startswith("The AI would choose") and "chance of winning after" in judged
        assert page.locator(f"{BOARD} .hinted").count() >= 1
        page.screenshot(path=str(ARTIFACTS / "review-moment-1366x768.png"))
        assert not page_errors


def test_a_table_game_is_reviewed_on_every_question_of_the_seat(
        voila_pages: VoilaServer, browser: Browser, kept: dict[str, int],
        page_errors: list[str]) -> None:
    for page in open_page(browser, page_errors, 1366, 768):
        _replay(page, voila_pages, kept["table"])
        assert HOSTILE in page.locator(".rh-review-note").inner_text()  # the seat, as text
        page.get_by_role("button", name="Review this game").click()
        page.wait_for_selector(".rh-moment", timeout=120_000)
        kinds = page.locator(".rh-moment").evaluate_all("els => els.map(e => e.dataset.kind)")
        assert len(kinds) >= 3
        # the moments are not only choices of actions: cards kept, placed or paid with too
        assert set(kinds) - {"actions"}
        page.screenshot(path=str(ARTIFACTS / "review-table-1366x768.png"), full_page=True)
        page.get_by_role("button", name="Show").last.click()
        page.wait_for_selector(".rb-replay[data-kind='decision']")
        judged = page.locator(f"{BOARD} .rb-judged").inner_text()
        assert judged.startswith("The AI would")
        # the chance is of ending first, in the figures and in the words made from them
        assert "chance of ending first after yours" in judged and "of winning" not in judged
        page.screenshot(path=str(ARTIFACTS / "review-table-moment-1366x768.png"))
        page.set_viewport_size({"width": 900, "height": 1000})
        page.screenshot(path=str(ARTIFACTS / "review-table-moment-900x1000.png"))
        assert page.evaluate("() => window.__pwned === undefined")
        assert not page_errors


def test_an_open_history_page_shows_a_game_kept_after_it_opened(
        kept: dict[str, int], page: Page, voila_pages: VoilaServer) -> None:
    """Issue 30: a history page opened before a game ended never showed it. Kept by another
    process (as the play page's kernel keeps it), it is listed within a few seconds, with no
    click."""
    page.goto(f"{voila_pages.url}/voila/render/history.ipynb")
    page.wait_for_selector(".rftg-history table.rh-games")
    later = SoloGame.new(seed=33, difficulty="easy")
    RandomPlayer(33).play(later)
    new_id = history.open().add(later)
    page.locator(".widget-dropdown", has=page.locator("label", has_text="game")).locator(
        "option", has_text=f"{new_id}:").first.wait_for(state="attached", timeout=15_000)
    assert page.locator("table.rh-games tbody tr").count() >= 3
