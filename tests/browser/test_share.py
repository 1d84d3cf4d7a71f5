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
        assert page.locator(".rb-end-head").first.inner_text().startswith("Game over")
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


MARKUP = ["<img src=x onerror=window.__pwned=1>", "<svg onload=window.__pwned=2>",
          "</script><script>window.__pwned=3</script>", "\"'><b id=pwned>bold</b>"]


def _markup_everywhere(value, n: list[int], keep: frozenset[str] = frozenset()):
    """``value`` with every string in it (nested, but not under the keys of ``keep``) made
    markup, a payload of its own each."""
    if isinstance(value, str):
        n[0] += 1
        return MARKUP[n[0] % len(MARKUP)] + str(n[0])
    if isinstance(value, list):
        return [_markup_everywhere(v, n, keep) for v in value]
    if isinstance(value, dict):
        return {k: v if k in keep else _markup_everywhere(v, n, keep) for k, v in value.items()}
    return value


def test_a_share_from_an_export_whose_every_string_is_markup_runs_nothing(
        browser: Browser, tmp_path: Path) -> None:
    import json

    from rftg_nb import history
    from rftg_nb.ui.history_app import HistoryApp

    g = SoloGame.new(seed=41, difficulty="medium")
    RandomPlayer(41).play(g)
    save = json.loads(g.to_json())
    save["setup"]["names"] = [MARKUP[0]]  # the person's name too
    g = SoloGame.from_json(json.dumps(save))
    r = review(g.to_json(), deals=1)
    n = [0]
    # every text of the review a payload (its answers must stay the game's own to be one),
    # the line's own fields too; then a second line whose review is markup where numbers go
    crafted = _markup_everywhere(r, n, keep=frozenset({"yours"}))
    line = {"key": MARKUP[1], "started": MARKUP[2], "saved": MARKUP[3],
            "save": json.loads(g.to_json()), "review": crafted}
    worse = dict(line, key="second", review={k: MARKUP[i % 4] for i, k in enumerate(r)})
    h = history.open(tmp_path / "h.sqlite")
    added, problems = h.import_lines([json.dumps(line), json.dumps(worse)])
    assert added == 2 and len(problems) == 1 and "line 2: review:" in problems[0]
    app = HistoryApp(tmp_path / "h.sqlite")
    first = next(row.id for row in h.rows() if row.key == MARKUP[1])
    app.open_replay(first)
    assert app.review is not None and app.review["decisions"][0]["prompt"].startswith("<")
    path = tmp_path / "crafted.html"
    path.write_text(app.share_text(), encoding="utf-8")
    context, page, asked, errors = _open(browser, path)
    try:
        page.wait_for_selector(".rftg-board[data-serial]")
        page.wait_for_timeout(300)  # an <img src=x> fails to load at once
        assert page.evaluate("() => window.__pwned === undefined")
        assert page.locator("#pwned").count() == 0
        assert page.locator("img[src=x], svg[onload]").count() == 0
        text = page.locator("body").inner_text()
        assert "<img src=x onerror=window.__pwned=1>" in text  # shown as text
        assert not asked and not errors
    finally:
        context.close()
