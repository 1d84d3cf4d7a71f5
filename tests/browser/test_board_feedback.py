"""The board answers the person at once (headless Chromium; Voila where a kernel is needed).

- A pick is judged in the page: the picked mark, the count, the reason and whether Confirm may
  be pressed are on the page within the click's own task, with no message to the kernel.
  (That the page's judge agrees with Decision.check on every pick:
  ``tests/browser/test_pick_legality.py``.)
- The New game form keeps what the person set across every redraw until a game is started.
- A redraw leaves on the page, untouched, every card tile and log line drawn as before: a pick
  rebuilds only the tile picked, an answer adds the new lines to the log, and a tile whose
  marks change (no longer an option) keeps its face.
- Whatever makes the kernel compute (Hint, New game, Show all, an answer at the table) shows
  a busy sign in the click's own task, gone once the kernel's next state is drawn.
- Each region an answer changes on its own is a composited layer of its own (Chromium's layer
  tree), so that a question that grows moves the regions below it without painting them again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import BOARD, VoilaServer, board_after, board_serial, open_page

JUDGE_JS = Path(__file__).resolve().parents[2] / "rftg_nb" / "ui" / "board" / "judge.js"


@pytest.fixture
def laptop(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, 1366, 768)


def _open(page: Page, url: str) -> None:
    page.goto(url, timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)


def _redraw(page: Page, action) -> None:
    """Do ``action`` and wait for the kernel's next state on the page."""
    before = board_serial(page)
    action()
    board_after(page, before)


def _sent_checks(page: Page) -> list[str]:
    """Frames the page sends over the kernel's websocket that ask the kernel about a pick."""
    frames: list[str] = []

    def on_socket(ws) -> None:
        ws.on("framesent", lambda f: frames.append(f) if isinstance(f, str)
              and re.search(r'"do":\s*"check"', f) else None)
    page.on("websocket", on_socket)
    return frames


def _pick_until_ready(page: Page) -> None:
    """Pick cards of the table's question until Confirm may be pressed, as many as its note
    asks: the table deals from a new seed each time, and a start world such as Ancient Race
    makes its player discard 3 opening cards, not 2 (what once looked like a pick lost on a
    busy machine). A failure says what the question showed."""
    note = page.inner_text(".rb-q .rb-pick")
    m = re.search(r"Pick (\d+)", note)
    assert m, note
    n = int(m.group(1))
    picked = page.locator(".rb-card.opt.picked")
    ready = page.locator("[data-do=submit]:not([disabled])")
    for _ in range(2 * n):
        if picked.count() == n and ready.count():
            return
        page.keyboard.press("Escape")  # a card's text opened by a click
        if picked.count() < n:
            page.click(".rb-card.opt:not(.picked)")
    assert picked.count() == n and ready.count(), page.inner_text(".rb-q")


# ---------------------------------------------------------------------------- the page's judge
# (The page's judge against Decision.check: tests/browser/test_pick_legality.py.)


# ---------------------------------------------------------------------------- picks at once
PICK_NOW_JS = """(sel) => {
  const note = () => { const e = document.querySelector('.rb-pick');
    const go = document.querySelector('[data-do=submit]');
    return {picked: e.dataset.picked, ok: e.dataset.ok, checked: e.dataset.checked,
            text: e.textContent.replace(/\\s+/g, ' ').trim(), confirm: go && !go.disabled}; };
  const ids = [...document.querySelectorAll(sel)].map((e) => e.dataset.id || e.dataset.opt);
  const seen = [];
  for (const id of ids) {
    document.querySelector(`[data-id="${id}"], [data-opt="${id}"]`).click();
    const s = note();  // read in the same task as the click, before the kernel can answer
    s.marked = !!document.querySelector(`[data-id="${id}"].picked, [data-opt="${id}"].picked`);
    seen.push(s);
    if (seen.length === 3) break;
  }
  return seen;
}"""


def test_a_pick_shows_its_count_and_confirm_in_the_same_task(laptop: Page, voila_url: str,
                                                               page_errors: list[str]):
    page = laptop
    checks = _sent_checks(page)
    _open(page, voila_url + "/")
    page.fill("input[name=seed]", "5")
    _redraw(page, lambda: page.click("[data-do=new]"))
    assert page.eval_on_selector(BOARD, "e => e.dataset.kind") == "initial_discard"
    serial = board_serial(page)
    seen = page.evaluate(PICK_NOW_JS, ".rb-card.opt")
    assert [s["picked"] for s in seen] == ["1", "2", "3"]
    assert [s["checked"] for s in seen] == ["1", "1", "1"]  # the verdict is final at once
    assert [s["ok"] for s in seen] == ["0", "1", "0"]  # discard 2 of 6
    assert [s["confirm"] for s in seen] == [False, True, False]
    assert all(s["marked"] for s in seen)
    assert "pick 2 options, not 3" in seen[2]["text"]
    page.wait_for_timeout(300)
    assert checks == [] and board_serial(page) == serial  # nothing asked of the kernel
    # the actions' rule is judged in the page too: the 2nd Develop needs Develop
    page.click(".rb-card.opt.picked")  # take one back: two picked, legal
    _redraw(page, lambda: page.click("[data-do=submit]"))
    page.wait_for_selector(f"{BOARD}[data-kind=actions]")
    seen = page.evaluate(
        "() => { const out = []; for (const id of ['develop2', 'trade']) {"
        " document.querySelector(`[data-opt='${id}']`).click();"
        " const e = document.querySelector('.rb-pick');"
        " out.push([e.dataset.ok, e.dataset.checked, e.textContent.replace(/\\s+/g, ' ').trim(),"
        " document.querySelector('[data-do=submit]').disabled]); } return out; }")
    assert seen[0][:2] == ["0", "1"] and seen[0][3]
    assert seen[1][:2] == ["0", "1"] and seen[1][3]
    assert "the 2nd Develop can only be chosen together with Develop" in seen[1][2]
    page.wait_for_timeout(300)
    assert checks == []
    assert page_errors == []


# ---------------------------------------------------------------------------- what a redraw keeps
MARK_JS = """(sel) => { const es = [...document.querySelectorAll(sel)];
  es.forEach((e, i) => { e.__before = i; }); return es.length; }"""
KEPT_JS = """(sel) => [...document.querySelectorAll(sel)].map(
  (e) => e.__before === undefined ? null : e.__before)"""


def test_a_redraw_keeps_the_tiles_and_log_lines_it_does_not_change(laptop: Page, voila_url: str,
                                                                   page_errors: list[str]):
    page = laptop
    _open(page, voila_url + "/")
    page.fill("input[name=seed]", "5")
    _redraw(page, lambda: page.click("[data-do=new]"))
    hand = ".rb-hand .rb-card"
    assert page.evaluate(MARK_JS, hand) == 6
    page.click(f"{hand}:nth-child(2)")  # a pick: that tile is drawn again, the others stay
    assert page.evaluate(KEPT_JS, hand) == [0, None, 2, 3, 4, 5]
    assert page.locator(f"{hand}:nth-child(2).picked").count() == 1
    page.click(f"{hand}:nth-child(4)")
    assert page.evaluate(KEPT_JS, hand) == [0, None, 2, None, 4, 5]
    page.evaluate(MARK_JS, hand)
    _redraw(page, lambda: page.click("[data-do=submit]"))
    # the two discarded cards left the hand; the four others, no longer options, are the same
    # tiles with their marks changed in place (their faces as fitted)
    assert page.evaluate(KEPT_JS, hand) == [0, 2, 4, 5]
    assert page.locator(f"{hand}.opt").count() == 0
    # an answer that makes the robot move: the lines already shown stay, the new ones follow
    lines = page.evaluate(MARK_JS, ".rb-moves li")
    texts = page.eval_on_selector_all(".rb-moves li", "es => es.map(e => e.textContent)")
    page.wait_for_selector(f"{BOARD}[data-kind=actions]")
    page.click("[data-opt=explore5]")
    page.click("[data-opt=develop]")  # this question asks for two actions
    _redraw(page, lambda: page.click("[data-do=submit]"))
    kept = page.evaluate(KEPT_JS, ".rb-moves li")
    after = page.eval_on_selector_all(".rb-moves li", "es => es.map(e => e.textContent)")
    assert kept[:lines] == list(range(lines)) and len(after) > lines
    assert all(k is None for k in kept[lines:])
    assert after[:lines] == texts
    assert page_errors == []


def test_a_table_answer_keeps_each_seats_cards_and_redraws_its_counts(
        laptop: Page, voila_pages: VoilaServer, page_errors: list[str]):
    page = laptop
    _open(page, voila_pages.url + "/voila/render/table.ipynb")
    _redraw(page, lambda: page.click("[data-do=seat]"))
    page.wait_for_selector(f"{BOARD}[data-kind=initial_discard]")
    minis = page.evaluate(MARK_JS, ".rb-players .rb-mini")
    heads = page.eval_on_selector_all(".rb-player-head", "es => es.map(e => e.textContent)")
    assert minis >= 2  # every seat shows its start world
    _pick_until_ready(page)
    _redraw(page, lambda: page.click("[data-do=submit]"))
    # the discards placed no card: each seat's cards are the same elements, while its line of
    # counts (hand size) was drawn again (the screen may now be passed on, and the seat that
    # answered shows its own start world among the others: a new element)
    kept = page.evaluate(KEPT_JS, ".rb-players .rb-mini")
    assert [k for k in kept if k is not None] == list(range(minis)), kept
    after = page.eval_on_selector_all(".rb-player-head", "es => es.map(e => e.textContent)")
    assert after != heads
    assert page_errors == []


# ---------------------------------------------------------------------------- layers
# The regions an answer changes one by one, on each page: each must be a composited layer of
# its own, so that a question growing or shrinking moves the regions below it without their
# being painted and rasterized again.
SOLO_LAYERS = [".rb-head", "details.rb-new", ".rb-q", "section.rb-hand", "section.rb-tableau",
               ".rb-mat", ".rb-log"]
TABLE_LAYERS = [".rb-head", "details.rb-new", ".rb-q", ".rb-player", ".rb-goals-panel",
                ".rb-log"]


def _layer_owners(page: Page, selectors: list[str]) -> dict[str, bool]:
    """For each selector, whether every element it matches on the board owns a composited
    layer (Chromium's layer tree, read through the DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    trees: list[list[dict]] = []
    cdp.on("LayerTree.layerTreeDidChange", lambda e: trees.append(e.get("layers") or []))
    cdp.send("DOM.getDocument", {"depth": 0})
    cdp.send("LayerTree.enable")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    for _ in range(20):
        if trees and trees[-1]:
            break
        page.wait_for_timeout(100)
    assert trees and trees[-1], "Chromium sent no layer tree"
    owners = {layer["backendNodeId"] for layer in trees[-1] if "backendNodeId" in layer}
    doc = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    out = {}
    for sel in selectors:
        ids = cdp.send("DOM.querySelectorAll", {"nodeId": doc, "selector": f"{BOARD} {sel}"})
        nodes = ids["nodeIds"]
        backend = [cdp.send("DOM.describeNode", {"nodeId": n})["node"]["backendNodeId"]
                   for n in nodes]
        out[sel] = bool(backend) and all(b in owners for b in backend)
    cdp.send("LayerTree.disable")
    return out


def test_each_region_an_answer_changes_is_a_layer_of_its_own(laptop: Page, voila_pages: VoilaServer,
                                                             page_errors: list[str]):
    page = laptop
    _open(page, voila_pages.url + "/voila/render/play.ipynb")
    assert _layer_owners(page, SOLO_LAYERS) == {s: True for s in SOLO_LAYERS}
    _open(page, voila_pages.url + "/voila/render/table.ipynb")
    _redraw(page, lambda: page.click("[data-do=seat]"))
    page.wait_for_selector(f"{BOARD}[data-kind=initial_discard]")
    assert _layer_owners(page, TABLE_LAYERS) == {s: True for s in TABLE_LAYERS}
    assert page_errors == []


# ---------------------------------------------------------------------------- the New game form
def _form(page: Page) -> dict:
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('.rb-form [name]')].map(x =>"
        " [x.name, x.type === 'checkbox' ? x.checked : x.value]))")


def test_the_new_game_form_keeps_its_settings_across_redraws(laptop: Page, voila_url: str,
                                                              page_errors: list[str]):
    page = laptop
    _open(page, voila_url + "/")
    page.fill("input[name=seed]", "5")
    _redraw(page, lambda: page.click("[data-do=new]"))
    # the game is started: answer the opening discard
    for _ in range(2):
        page.click(".rb-card.opt:not(.picked)")
    _redraw(page, lambda: page.click("[data-do=submit]"))
    if not page.is_visible("select[name=difficulty]"):
        page.click("details.rb-new > summary")
    page.select_option("select[name=difficulty]", "hard")
    page.select_option("select[name=player_start]", "Old Earth")
    page.select_option("select[name=robot_start]", "New Sparta")
    page.check("input[name=manual_dice]")
    page.fill("input[name=seed]", "77")
    wanted = {"difficulty": "hard", "player_start": "Old Earth", "robot_start": "New Sparta",
              "manual_dice": True, "seed": "77"}
    _redraw(page, lambda: page.check("input[data-do=explain]"))
    assert _form(page) == wanted
    _redraw(page, lambda: page.check("input[data-do=step]"))
    assert _form(page) == wanted
    page.click(".rb-btn.opt[data-opt]:not([data-opt=develop2])")  # a pick: a redraw in the page
    assert _form(page) == wanted
    _redraw(page, lambda: page.click("[data-do=new]"))
    assert "Confirm new game" in page.inner_text("[data-do=new]")
    assert _form(page) == wanted
    _redraw(page, lambda: page.click("[data-do=new]"))
    status = page.inner_text(".rb-status")
    assert status.startswith("New hard game (seed 77)") and "New Sparta" in status, status
    assert "Old Earth" in page.inner_text(".rb-tableau")
    form = _form(page)  # the new game's own settings
    assert {k: form[k] for k in ("difficulty", "player_start", "robot_start", "manual_dice")} \
        == {k: wanted[k] for k in ("difficulty", "player_start", "robot_start", "manual_dice")}
    assert page_errors == []


def test_the_tables_new_game_form_keeps_its_settings(laptop: Page, voila_pages: VoilaServer,
                                                     page_errors: list[str]):
    page = laptop
    _open(page, voila_pages.url + "/voila/render/table.ipynb")
    _redraw(page, lambda: page.click("[data-do=seat]"))
    page.wait_for_selector(f"{BOARD}[data-kind=initial_discard]")
    _pick_until_ready(page)
    _redraw(page, lambda: page.click("[data-do=submit]"))
    if page.locator("[data-do=seat]").count():
        _redraw(page, lambda: page.click("[data-do=seat]"))
    if not page.is_visible("select[name=players]"):
        page.click("details.rb-new > summary")
    page.select_option("select[name=players]", "2")
    page.fill("input[name=name0]", "Zed <b>")
    page.fill("input[name=name1]", "Yu")
    page.set_checked("input[name=computer0]", False)
    page.set_checked("input[name=computer1]", True)
    page.set_checked("input[name=goals]", False)
    page.set_checked("input[name=draft]", True)
    page.select_option("select[name=level]", "random")
    page.fill("input[name=seed]", "41")
    wanted = {k: v for k, v in _form(page).items()}
    _redraw(page, lambda: page.check("input[data-do=explain]"))
    assert _form(page) == wanted
    if page.locator(".rb-card.opt").count():
        page.click(".rb-card.opt")
        assert _form(page) == wanted
    _redraw(page, lambda: page.click("[data-do=new]"))
    assert "Confirm new game" in page.inner_text("[data-do=new]")
    assert _form(page) == wanted
    _redraw(page, lambda: page.click("[data-do=new]"))
    assert "New 2-player game (seed 41)" in page.inner_text(".rb-status")
    form = _form(page)
    assert (form["players"], form["name0"], form["name1"], form["computer1"], form["goals"],
            form["draft"], form["level"]) == ("2", "Zed <b>", "Yu", True, False, True, "random")
    assert page.locator(".rb-goal").count() == 0  # no goals in the new game
    assert page_errors == []


# ---------------------------------------------------------------------------- the busy sign
BUSY_NOW_JS = """(sel) => {
  document.querySelector(sel).click();
  const b = document.querySelector('.rb-busy');  // in the click's own task
  return b ? b.textContent.replace(/\\s+/g, ' ').trim() : null;
}"""


def _busy_then_gone(page: Page, selector: str) -> str:
    before = board_serial(page)
    text = page.evaluate(BUSY_NOW_JS, selector)
    board_after(page, before)
    page.wait_for_selector(".rb-busy", state="detached")
    return text


def test_the_board_shows_it_is_busy_at_once(laptop: Page, voila_url: str,
                                            page_errors: list[str]):
    page = laptop
    _open(page, voila_url + "/")
    assert page.locator(".rb-busy").count() == 0
    page.fill("input[name=seed]", "5")
    assert "thinking" in _busy_then_gone(page, "[data-do=new]")
    assert "thinking" in _busy_then_gone(page, "[data-do=hint]")
    assert page.locator(".rb-hintline").count() == 1
    _redraw(page, lambda: page.check("input[data-do=step]"))
    for _ in range(2):
        page.click(".rb-card.opt:not(.picked)")
    _redraw(page, lambda: page.click("[data-do=submit]"))
    for _ in range(6):  # pick actions until the robot's moves are held back
        if page.locator("[data-do=all]").count():
            break
        opts = page.eval_on_selector_all(".rb-q [data-opt]", "es => es.map(e => e.dataset.opt)")
        if page.locator(".rb-card.opt").count():
            page.click(".rb-card.opt")
        else:
            page.click(f"[data-opt='{[o for o in opts if o != 'develop2'][0]}']")
        if page.locator("[data-do=submit]:not([disabled])").count():
            _redraw(page, lambda: page.click("[data-do=submit]"))
    if page.locator("[data-do=all]").count():
        assert "thinking" in _busy_then_gone(page, "[data-do=all]")
    assert "thinking" in _busy_then_gone(page, "[data-do=auto][data-until=round]")
    assert page_errors == []


def test_the_table_shows_the_computer_seats_are_thinking(laptop: Page, voila_pages: VoilaServer,
                                                         page_errors: list[str]):
    page = laptop
    _open(page, voila_pages.url + "/voila/render/table.ipynb")
    _redraw(page, lambda: page.click("[data-do=seat]"))
    page.wait_for_selector(f"{BOARD}[data-kind=initial_discard]")
    _pick_until_ready(page)
    # the answer hands the turn on: the board says so before the kernel's reply
    text = _busy_then_gone(page, "[data-do=submit]:not([disabled])")
    assert "thinking" in text, text
    assert page_errors == []


def test_a_roll_may_be_confirmed_at_once_and_its_preview_follows(laptop: Page, voila_url: str,
                                                                page_errors: list[str]):
    from tests.browser.test_dashboard import _answer, _kind

    page = laptop
    _open(page, voila_url + "/")
    page.fill("input[name=seed]", "8")
    page.check("input[name=manual_dice]")
    _redraw(page, lambda: page.click("[data-do=new]"))
    rng = random.Random(2)
    for _ in range(10):
        if _kind(page) == "dice":
            break
        _answer(page, rng)
    assert _kind(page) == "dice"
    seen = page.evaluate(
        "() => { const out = []; for (const die of ['a', 'b']) {"
        " document.querySelector(`button[data-opt^='${die}:']`).click();"
        " const e = document.querySelector('.rb-pick');"
        " out.push([e.dataset.picked, e.dataset.ok, e.dataset.checked,"
        " document.querySelector('[data-do=submit]').disabled]); } return out; }")
    assert seen == [["1", "0", "1", True], ["2", "1", "1", False]]
    page.wait_for_selector(".rb-die.ghost")  # where the dice go: the kernel's preview, later
    assert page_errors == []
