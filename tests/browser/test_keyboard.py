"""A solitaire game played by keyboard only (issue 37): Tab, Shift+Tab, Space, Enter and
Escape, no mouse. After every answer the focus is on the new question (its first option, or
what there is to do), never on the page's body; Confirm follows the cards in the Tab order;
every control of the board (Load included) is reached by Tab and shows a focus ring."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from rftg_nb import SoloGame
from tests.browser.conftest import (
    ARTIFACTS,
    BOARD,
    VoilaServer,
    board_after,
    board_serial,
    open_page,
)

WAIT = 120_000
MAX_TABS = 80

FOCUS_JS = """() => { const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return {where: "body"};
  const card = e.closest('.rb-card');
  return {where: e.closest('.rftg-board') ? "board" : "page", tag: e.tagName,
          opt: !!(card && card.classList.contains('opt')) || !!e.dataset.opt,
          card: card ? card.dataset.id : null, todo: e.dataset.do || null,
          disabled: !!e.disabled,
          text: (e.innerText || e.getAttribute('aria-label') || '').slice(0, 60)}; }"""
RING_JS = """() => { const s = getComputedStyle(document.activeElement);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }"""


@pytest.fixture
def wide(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, 1366, 768)


def focus(page: Page) -> dict:
    return page.evaluate(FOCUS_JS)


def tab_to(page: Page, want, back: bool = False) -> dict:
    """Press Tab (or Shift+Tab) until the focused element is what ``want`` says; fail if the
    focus reaches the page's body or the control is never reached."""
    for _ in range(MAX_TABS):
        f = focus(page)
        assert f["where"] != "body", "the focus fell to the page's body"
        if want(f):
            return f
        page.keyboard.press("Shift+Tab" if back else "Tab")
    pytest.fail("the control was not reached by Tab")


def kind(page: Page) -> str:
    return page.eval_on_selector(BOARD, "e => e.dataset.kind || ''")


def round_now(page: Page) -> int:
    where = page.inner_text(".rb-q .rb-where") if page.locator(".rb-q .rb-where").count() else ""
    return int(where.split()[1].rstrip(",")) if where.startswith("Round ") else 0


def verdict(page: Page) -> tuple[int, bool]:
    h = page.wait_for_function(
        "() => { const e = document.querySelector('.rb-pick');"
        " return e && e.dataset.checked === '1'"
        " ? [Number(e.dataset.picked), e.dataset.ok === '1'] : null; }")
    n, ok = h.json_value()
    return n, ok


def bounds(page: Page) -> tuple[int, int]:
    m = re.search(r"Pick (\d+)(?: to (\d+))?:", page.inner_text(".rb-pick"))
    assert m, page.inner_text(".rb-pick")
    return int(m.group(1)), int(m.group(2) or m.group(1))


def answer_by_keys(page: Page, rng: random.Random) -> None:
    before = board_serial(page)
    k = kind(page)
    if k == "moving":
        tab_to(page, lambda f: f["todo"] in ("next", "all"))
        page.keyboard.press("Enter")
    elif page.locator(".rb-pick").count():
        low, high = bounds(page)
        options = page.locator(".rb-card.opt, .rb-q button[data-opt]").count()
        want = rng.randint(low, min(high, options))
        picked, ok = verdict(page)
        for _ in range(3 * options + 1):
            if ok and picked >= want:
                break
            tab_to(page, lambda f: f["opt"])
            page.keyboard.press("Space")
            n, ok = verdict(page)
            if n > picked and not ok and n >= high:  # a rule forbids this one: take it back
                page.keyboard.press("Space")
                n, ok = verdict(page)
            picked = n
            if not (ok and picked >= want):
                page.keyboard.press("Tab")
        assert ok, page.inner_text(".rb-q")
        # Confirm comes after the options in the Tab order
        tab_to(page, lambda f: f["todo"] == "submit" and not f["disabled"])
        page.keyboard.press("Enter")
    else:  # one button to press: the focus is on the first option already
        tab_to(page, lambda f: f["opt"] or f["todo"] in ("none", "seat"))
        page.keyboard.press("Enter")
    board_after(page, before)
    # the focus follows the game: on the board, never on the page's body
    page.wait_for_function("() => document.activeElement && document.activeElement !== "
                           "document.body && document.activeElement.closest('.rftg-board')")


def test_two_rounds_by_keyboard_only(wide: Page, voila_pages: VoilaServer,
                                     page_errors: list[str]) -> None:
    page = wide
    page.goto(f"{voila_pages.url}/voila/render/play.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-serial] .rb-card", timeout=WAIT)
    # every control of the board's head is reached by Tab, each with a ring of 2 px or more
    page.keyboard.press("Tab")
    reached = set()
    for _ in range(MAX_TABS):
        f = focus(page)
        assert f["where"] != "body"
        if f["where"] == "board":
            ring = page.evaluate(RING_JS)
            assert ring["style"] != "none" and ring["width"] >= 2, (f, ring)
            reached.add(f["todo"] or f["text"])
        if {"explain", "save", "load", "new", "hint"} <= reached:
            break
        page.keyboard.press("Tab")
    assert {"explain", "save", "load", "new", "hint"} <= reached, reached
    # Load, by keyboard: Enter on it opens the file chooser; the game loaded, the focus is on
    # its question
    saved = SoloGame.new(seed=5)
    tab_to(page, lambda f: f["todo"] == "load", back=True)
    page.evaluate("() => { window.__asked = 0; document.querySelector('.rb-load-file')"
                  ".addEventListener('click', () => { window.__asked += 1; }); }")
    page.keyboard.press("Enter")
    # Enter asked the file input for a file (the browser's chooser: headless Chromium opens
    # it only now and then for Playwright, so the file is then given to the input directly)
    page.wait_for_function("() => window.__asked === 1")
    before = board_serial(page)
    page.set_input_files(f"{BOARD} input.rb-load-file", files=[{
        "name": "game.json", "mimeType": "application/json",
        "buffer": saved.to_json().encode()}])
    board_after(page, before)
    assert page.inner_text(".rb-status").startswith("Loaded a saved game")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('.rftg-board .rb-left')")
    # a new game, by keyboard: the seed typed, then New game
    page.focus("input[name=seed]")
    page.keyboard.type("29")
    before = board_serial(page)
    tab_to(page, lambda f: f["todo"] == "new")
    page.keyboard.press("Enter")
    board_after(page, before)
    assert "seed 29" in page.inner_text(".rb-status")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('.rftg-board')")
    rng = random.Random(8)
    answers = 0
    while round_now(page) < 3 and kind(page):
        answer_by_keys(page, rng)
        answers += 1
        assert answers < 60
    assert answers >= 8
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "keyboard-round-3-1366x768.png"))
    assert page_errors == []


@pytest.mark.parametrize("name", ["play", "designer", "history", "lab", "cards", "learn", "table"])
def test_every_control_reached_by_tab_shows_a_ring(name: str, wide: Page,
                                                   voila_pages: VoilaServer,
                                                   page_errors: list[str]) -> None:
    """Tab through a page's first controls: each one shows a focus ring of 2 px or more, and
    the focus never falls to the body on the way."""
    page = wide
    page.goto(f"{voila_pages.url}/voila/render/{name}.ipynb", timeout=90_000)
    page.wait_for_selector(".jupyter-widgets", timeout=WAIT)
    page.wait_for_timeout(1000)
    rings = []
    for _ in range(30):
        page.keyboard.press("Tab")
        f = focus(page)
        if f["where"] == "body":
            break
        ring = page.evaluate(RING_JS)
        rings.append((f["tag"], f["text"][:30], ring["style"], ring["width"]))
    assert len(rings) >= 5, rings
    thin = [r for r in rings if r[2] == "none" or r[3] < 2]
    assert thin == [], thin
    assert page_errors == []
