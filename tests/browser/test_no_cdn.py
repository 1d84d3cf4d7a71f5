"""No page loads anything from another host: the start page, every notebook page and an error
page, served as `make app` serves them and as Binder does.

Voila's own "lab" template links Font Awesome on cdn.jsdelivr.net from every page, and its
page frame (the start page's list, error pages) does too; the project's template "rftg"
(binder/share/jupyter/voila/templates/rftg, named by binder/voila.py) drops those links. Each
page is opened in a fresh browser context that records every request before the route aborts
the ones not for 127.0.0.1, and the test fails on any such request, on any request that
failed, and on a console error about a load that failed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route

from tests.browser.conftest import BOARD, LOCAL, VoilaServer
from tests.browser.test_kernels import binder_server, local_browser  # noqa: F401 - fixtures

# what shows that each page is drawn (its stylesheets and scripts are asked for before that)
PAGES = {
    "/": "a.rs-page[href*='play.ipynb']",
    "/voila/render/play.ipynb": f"{BOARD}[data-serial]",
    "/voila/render/table.ipynb": f"{BOARD}[data-serial]",
    "/voila/render/learn.ipynb": f"{BOARD}[data-serial]",
    "/voila/render/designer.ipynb": ".rftg-designer .rd-preview",
    "/voila/render/cards.ipynb": f"{BOARD}[data-kind=cards] .rb-card",
    "/voila/render/history.ipynb": ".rftg-history",
    "/voila/render/no-such-page.ipynb": "text=404",
}
FAILED_LOAD = re.compile(r"failed to load|net::err_|err_failed|refused to load", re.I)
SETTLE_MS = 2_000  # late requests (fonts, widget scripts) after the page is drawn


class Watch:
    """What one page asked for and what its console said."""

    def __init__(self) -> None:
        self.outside: list[str] = []
        self.failed: list[str] = []
        self.console: list[ConsoleMessage] = []

    def request(self, request: Request) -> None:
        if not request.url.startswith(LOCAL):
            self.outside.append(request.url)

    def route(self, route: Route) -> None:
        self.request(route.request)  # counted even if the page event were late
        if route.request.url.startswith(LOCAL):
            route.continue_()
        else:
            route.abort()

    def failed_loads(self, page_url: str) -> list[str]:
        """Console errors about a failed load (not the error page's own 404 status)."""
        return [m.text for m in self.console if m.type == "error" and FAILED_LOAD.search(m.text)
                and m.location.get("url", "").split("?")[0] != page_url.split("?")[0]]


def watched(browser: Browser, route: bool = True) -> Iterator[tuple[Page, Watch]]:
    watch = Watch()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    if route:
        context.route("**/*", watch.route)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.on("request", watch.request)
    page.on("requestfailed", lambda r: watch.failed.append(f"{r.url} ({r.failure})"))
    page.on("console", lambda m: watch.console.append(m))
    try:
        yield page, watch
    finally:
        context.close()


def check(page: Page, watch: Watch, url: str, drawn: str) -> None:
    page.goto(url, wait_until="commit", timeout=90_000)
    page.wait_for_selector(drawn, timeout=180_000)
    page.wait_for_timeout(SETTLE_MS)
    assert sorted(set(watch.outside)) == [], f"{url} asked another host"
    assert watch.failed == [], f"{url}: requests failed"
    assert watch.failed_loads(url) == [], f"{url}: the console reports failed loads"
    html = page.content()
    assert "cdn.jsdelivr.net" not in html and "cdnjs.cloudflare.com" not in html


@pytest.mark.parametrize("path", list(PAGES))
def test_a_page_loads_nothing_from_another_host(browser: Browser, voila_pages: VoilaServer,
                                                path: str):
    for page, watch in watched(browser):
        check(page, watch, voila_pages.url + path, PAGES[path])


def test_the_lab_page_loads_nothing_from_another_host(browser: Browser, lab_page: VoilaServer):
    """The lab page as notebooks/lab.ipynb builds it, from the copy that skips its first runs
    (minutes of simulation that would keep a core busy under the other tests)."""
    for page, watch in watched(browser):
        check(page, watch, lab_page.url + "/voila/render/lab.ipynb",
              "h2:has-text('The robot from each start world')")


@pytest.mark.parametrize("path", ["voila/render/notebooks/cards.ipynb",
                                  "voila/render/notebooks/play.ipynb",
                                  "voila/tree/notebooks", "voila/render/notebooks/nothing.ipynb"])
def test_on_binder_a_page_loads_nothing_from_another_host(
        binder_server: tuple[str, str, Path], local_browser: Browser,  # noqa: F811
        path: str):
    """As Binder serves the pages (a Jupyter server with Voila as its extension, set up by
    binder/postBuild): the template is found there too."""
    url, query, _log = binder_server
    drawn = {"voila/render/notebooks/cards.ipynb": f"{BOARD}[data-kind=cards] .rb-card",
             "voila/render/notebooks/play.ipynb": f"{BOARD}[data-serial]",
             "voila/tree/notebooks": "a.rs-page[href*='play.ipynb']",
             "voila/render/notebooks/nothing.ipynb": "text=404"}[path]
    for page, watch in watched(local_browser, route=False):
        check(page, watch, f"{url}/{path}{query}", drawn)
