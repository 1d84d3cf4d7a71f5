"""A game shared as one HTML file opens in a browser with no server and loads nothing from
anywhere: the board at each key moment and at the end, the charts, the log; names from a
person shown as text."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Request

from rftg_nb import Game, RandomPlayer, SoloGame
from rftg_nb.history.review import review
from rftg_nb.ui.share import share_html
from tests.browser.conftest import ARTIFACTS

HOSTILE = "<img src=x onerror=window.__pwned=1>"


def _open(browser: Browser, path: Path, size: tuple[int, int] = (1366, 768)):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    asked: list[str] = []

    def note(request: Request) -> None:
        if not request.url.startswith(("file://", "data:", "blob:")):
            asked.append(request.url)

    context.on("request", note)
    context.route("**/*", lambda route: route.abort()
                  if not route.request.url.startswith(("file://", "data:", "blob:"))
                  else route.continue_())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    return context, page, asked, errors


def test_a_reviewed_solitaire_game_opens_as_a_page_of_its_own(browser: Browser,
                                                             tmp_path: Path) -> None:
    g = SoloGame.new(seed=31, difficulty="hard")
    RandomPlayer(31).play(g)
    r = review(g.to_json(), deals=2)
    path = tmp_path / "game.html"
    path.write_text(share_html(g.to_json(), r, title=f"Game 1 {HOSTILE}"), encoding="utf-8")
    context, page, asked, errors = _open(browser, path)
    try:
        n = len(r["key"]) + 1
        page.wait_for_function("(n) => document.querySelectorAll('.rftg-board[data-serial]')"
                               ".length === n", arg=n)
        page.wait_for_selector(".rs-chart .js-plotly-plot")
        assert page.locator(".rb-replay").count() == 0  # nothing to move in a file
        assert page.locator(".rb-judged").count() == len(r["key"])
        assert page.locator(".rb-end h3").first.inner_text().startswith("Game over")
        assert HOSTILE in page.locator("h1").inner_text()
        assert page.evaluate("() => window.__pwned === undefined")
        assert page.locator(".rftg-log tr").count() > 50
        page.screenshot(path=str(ARTIFACTS / "share-1366x768.png"))
        page.locator(".rs-moment").nth(1).scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "share-moment-1366x768.png"))
        assert not asked and not errors
    finally:
        context.close()


def test_a_table_game_with_a_hostile_name_shares_as_text(browser: Browser,
                                                        tmp_path: Path) -> None:
    t = Game.new(players=2, seed=5, names=[HOSTILE, "Bo"])
    RandomPlayer(5).play(t)
    path = tmp_path / "table.html"
    path.write_text(share_html(t.to_json()), encoding="utf-8")
    context, page, asked, errors = _open(browser, path)
    try:
        page.wait_for_selector(".rftg-board[data-serial]")
        assert page.locator(".rftg-board img").count() == 0
        assert HOSTILE in page.locator(".rftg-board").inner_text()
        assert page.evaluate("() => window.__pwned === undefined")
        assert not asked and not errors
    finally:
        context.close()
