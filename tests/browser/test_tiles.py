"""The board's look in a real browser (Voila + headless Chromium): every card design's text fits
inside its tile at the sizes the board draws tiles, with no word of a name broken across two
lines; a dimmed card's reason hides neither its powers nor its *i*; the card text opens beside
its card and gives the focus back when closed; the board's layout follows the width of its
container (a notebook's output area), not the window's; the draft's picks are grouped; the
Game log's headers sit over their columns."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from rftg_nb.cards.custom import FILE_FORMAT, FILE_VERSION
from tests.browser.conftest import (
    ARTIFACTS,
    BOARD,
    VoilaServer,
    board_after,
    board_serial,
    open_page,
)
from tests.browser.test_cards import ALL, COUNT, upload
from tests.browser.test_dashboard import _answer, _kind, _open

SIZES = {"1366x768": (1366, 768), "900x1000": (900, 1000)}

# Custom names of up to 40 characters with long words, on cards with many powers and flags.
LONG_NAMES = ["Interstellar Xenoarchaeology Consortium", "Grand Unified Pan-Galactic Trade Network",
              "The Long Forgotten Uplift Research World", "A B C D E F G H I J K L M N O P Q R S T"]
LONG = [
    {"name": LONG_NAMES[0], "type": "world", "cost": 5, "vp": 3, "good": "alien",
     "windfall": True, "military": True, "flags": ["alien", "rebel", "imperium", "uplift"],
     "powers": [{"phase": 3, "code": "EXTRA_MILITARY", "value": 2},
                {"phase": 4, "code": "CONSUME_ANY|GET_VP", "value": 1, "times": 2},
                {"phase": 5, "code": "DRAW", "value": 2}]},
    {"name": LONG_NAMES[1], "type": "development", "cost": 6, "vp": 0,
     "flags": ["terraforming", "chromo"],
     "powers": [{"phase": 2, "code": "REDUCE", "value": 1},
                {"phase": 4, "code": "CONSUME_ANY|GET_VP", "value": 1, "times": 3}],
     "bonuses": [{"vp": 1, "for": "WORLD"}, {"vp": 2, "for": "NAME", "name": LONG_NAMES[0]},
                 {"vp": 3, "for": "SIX_DEVEL"}]},
    {"name": LONG_NAMES[2], "type": "world", "cost": 4, "vp": 2, "good": "genes",
     "flags": ["uplift"], "powers": [{"phase": 5, "code": "DRAW", "value": 1}]},
    {"name": LONG_NAMES[3], "type": "development", "cost": 3, "vp": 1,
     "powers": [{"phase": 2, "code": "REDUCE", "value": 1}]},
]

# Every problem of the board's tiles, as [card name, what, ...]: a text element whose box is not
# inside its tile or whose content overflows it, a word of a name on two lines, a power line
# under a mark the board puts on the tile (the i, a good, the cards page's mark, the picked
# tick), and a reason (.rb-why) overlapping the face's powers or the i.
TILE_PROBLEMS_JS = """(scope) => {
  const out = [];
  const near = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const lines = (e) => { const r = document.createRange(); r.selectNodeContents(e);
    return [...r.getClientRects()].filter((q) => q.width > 0.5 && q.height > 0.5); };
  for (const tile of document.querySelectorAll(scope + " .rb-card")) {
    const n = tile.dataset.name;
    const t = tile.getBoundingClientRect();
    const boxes = ".rf-name, .rf-band, .rf-flag, .rf-pw, .rb-mark, .rb-why";
    for (const e of tile.querySelectorAll(boxes)) {
      if (e.closest("[hidden]")) continue;  // not drawn (flags sent to the i)
      const r = e.getBoundingClientRect();
      if (r.left < t.left - 0.5 || r.right > t.right + 0.5 || r.top < t.top - 0.5
          || r.bottom > t.bottom + 0.5) out.push([n, e.className, "outside the tile"]);
      if (e.scrollHeight > e.clientHeight || e.scrollWidth > e.clientWidth)
        out.push([n, e.className, "overflows", e.scrollHeight, e.clientHeight,
                  e.scrollWidth, e.clientWidth]);
    }
    const face = tile.querySelector(".rf-face");
    if (face && (face.scrollHeight > face.clientHeight || face.scrollWidth > face.clientWidth))
      out.push([n, "rf-face", "overflows"]);
    const name = tile.querySelector(".rf-name");
    const node = name && name.firstChild;
    if (node && node.nodeType === 3) {
      let i = 0;
      for (const w of node.textContent.split(" ")) {
        const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + w.length);
        const tops = new Set([...r.getClientRects()].map((q) => Math.round(q.top)));
        if (tops.size > 1) out.push([n, "word on two lines", w]);
        i += w.length + 1;
      }
    }
    const marks = [...tile.querySelectorAll(".rb-info, .rb-good, .rb-mark, .rb-tick")]
      .map((e) => [e.className, e.getBoundingClientRect()]);
    const texts = [...tile.querySelectorAll(".rf-pw, .rf-name, .rf-band, .rf-flag")]
      .filter((e) => !e.closest("[hidden]"));
    for (const e of texts) for (const q of lines(e)) for (const [cls, m] of marks)
      if (near(q, m)) out.push([n, e.className, "under " + cls]);
    const why = tile.querySelector(".rb-why");
    if (why) {
      const w = why.getBoundingClientRect();
      for (const e of [...tile.querySelectorAll(".rf-pw, .rb-info")])
        for (const q of (e.classList.contains("rb-info") ? [e.getBoundingClientRect()] : lines(e)))
          if (near(q, w)) out.push([n, e.className, "under the reason"]);
      if (!why.textContent.trim()) out.push([n, "rb-why", "empty"]);
    }
  }
  return out;
}"""


@pytest.fixture
def sized(browser: Browser, request: pytest.FixtureRequest,
          page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, *SIZES[request.param])


def _card_file(*designs: dict) -> bytes:
    return json.dumps({"format": FILE_FORMAT, "version": FILE_VERSION,
                       "designs": list(designs)}).encode("utf-8")


def _problems(page: Page, scope: str = BOARD) -> list:
    return page.evaluate(TILE_PROBLEMS_JS, scope)


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_every_design_fits_its_tile(sized: Page, voila_pages: VoilaServer,
                                    page_errors: list[str], request: pytest.FixtureRequest):
    page = sized
    size = request.node.callspec.params["sized"]
    page.goto(voila_pages.url + "/voila/render/cards.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-kind=cards] .rb-card", timeout=90_000)
    upload(page, "long.json", _card_file(*LONG), f"Loaded {len(LONG)} custom designs")
    expect(page.locator(COUNT)).to_have_text(f"{ALL + len(LONG)} of {ALL + len(LONG)} designs")
    tiles = page.locator(f"{BOARD} .rb-card")
    expect(tiles).to_have_count(ALL + len(LONG))
    assert _problems(page) == []
    # the size the board draws a hand's and a tableau's tiles
    serial = board_serial(page)
    page.get_by_role("combobox", name="Tile size").select_option(label="as on the board")
    board_after(page, serial)
    small = page.eval_on_selector(f"{BOARD} .rb-card", "e => e.getBoundingClientRect().width")
    board_w = page.evaluate("""() => { const b = document.createElement('div');
      b.className = 'rftg-board'; b.innerHTML = '<div class="rb-card hand"></div>';
      document.body.appendChild(b); const w = b.firstChild.getBoundingClientRect().width;
      b.remove(); return w; }""")
    assert small == board_w < 124
    assert _problems(page) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tiles-board-{size}.png"))
    assert page_errors == []


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_a_dimmed_cards_reason_hides_neither_its_powers_nor_its_i(
        sized: Page, voila_url: str, page_errors: list[str], request: pytest.FixtureRequest):
    page = sized
    size = request.node.callspec.params["sized"]
    _open(page, voila_url, seed=23)
    rng = random.Random(3)
    dimmed = 0
    for _ in range(120):
        if not _kind(page):
            break
        if page.locator(".rb-card.dim").count():
            dimmed += 1
            assert page.locator(".rb-card.dim .rb-why").count() == page.locator(
                ".rb-card.dim").count()
            assert _problems(page) == []
            if dimmed == 1:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"tiles-dimmed-{size}.png"))
            if dimmed >= 3:
                break
        _answer(page, rng)
    assert dimmed >= 3
    assert page_errors == []


DETAIL_PLACE_JS = """(sel) => {
  const card = document.querySelector(sel).getBoundingClientRect();
  const box = document.querySelector('.rb-detail').getBoundingClientRect();
  const gap = Math.max(box.left - card.right, card.left - box.right, box.top - card.bottom,
                       card.top - box.bottom);
  return {inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth
            && box.bottom <= innerHeight,
          gap: Math.round(gap), w: Math.round(box.width)};
}"""
FOCUSED_JS = """() => { const e = document.activeElement;
  const card = e && e.closest('.rb-card, .rb-mini');
  return card ? (card.dataset.id || card.dataset.name) : (e ? e.tagName : null); }"""


def _check_detail(page: Page, sel: str, key: str, shot: str = "") -> None:
    """The text box of the card at ``sel`` lies beside it (not over it) inside the window."""
    detail = page.locator(f"{BOARD} .rb-detail")
    expect(detail).to_be_visible()
    place = page.evaluate(DETAIL_PLACE_JS, sel)
    assert place["inside"] and 0 <= place["gap"] <= 24 and place["w"] >= 200, (sel, place)
    expect(page.locator(f"{BOARD} .rb-close")).to_be_focused()
    if shot:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"tiles-detail-{shot}.png"))
    if key == "Escape":
        page.keyboard.press("Escape")
    else:
        page.click(f"{BOARD} .rb-close")
    expect(detail).to_have_count(0)


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_the_card_text_opens_beside_its_card_and_gives_the_focus_back(
        sized: Page, voila_url: str, voila_pages: VoilaServer, page_errors: list[str],
        request: pytest.FixtureRequest):
    page = sized
    size = request.node.callspec.params["sized"]
    _open(page, voila_url, seed=101)
    cards = page.eval_on_selector_all(".rb-hand .rb-card", "es => es.map(e => e.dataset.id)")
    assert len(cards) == 6
    for cid, key in ((cards[0], "Escape"), (cards[-1], "close")):
        sel = f".rb-card[data-id='{cid}']"
        page.click(f"{sel} .rb-info")
        _check_detail(page, sel, key, f"play-{size}" if key == "close" else "")
        assert page.evaluate(FOCUSED_JS) == cid
    # by the keyboard: i on a focused card, Escape back to it
    sel = f".rb-card[data-id='{cards[2]}']"
    page.focus(f"{sel} .rb-hit")
    page.keyboard.press("i")
    _check_detail(page, sel, "Escape")
    assert page.evaluate(FOCUSED_JS) == cards[2]
    # a card of the robot's tableau, on its mat
    mini = ".rb-mat .rb-mini[data-name]"
    name = page.get_attribute(mini, "data-name")
    page.click(mini)
    _check_detail(page, mini, "Escape", f"mat-{size}")
    assert page.evaluate(FOCUSED_JS) == name
    # the cards page: the last tile of the first row (at the window's right edge)
    page.goto(voila_pages.url + "/voila/render/cards.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-kind=cards] .rb-card", timeout=90_000)
    last = page.evaluate("""() => { const ts = [...document.querySelectorAll('.rb-card')];
      const top = ts[0].getBoundingClientRect().top;
      return ts.filter((t) => t.getBoundingClientRect().top === top).pop().dataset.id; }""")
    sel = f".rb-card[data-id='{last}']"
    page.click(sel)
    _check_detail(page, sel, "Escape", f"cards-{size}")
    assert page.evaluate(FOCUSED_JS) == last
    assert page_errors == []


# The names on the robot's mat, in the table's tableaux and among the draft's picks: each on one
# line (none taller than one line of its text).
MINIS_ON_TWO_LINES_JS = """() => [...document.querySelectorAll('.rb-mini')].filter((e) =>
  e.getBoundingClientRect().height > 1.9 * parseFloat(getComputedStyle(e).fontSize))
  .map((e) => e.textContent)"""
IN_VIEW_JS = """(sels) => sels.map((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return [s, Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
})"""


def test_the_layout_follows_the_boards_container_not_the_window(
        browser: Browser, voila_url: str, page_errors: list[str]):
    """In a notebook the board's container (the output area) is narrower than the window: at a
    container of 900 to 1100 px the question and the robot's mat are both in view."""
    for page in open_page(browser, page_errors, 1600, 768):
        _open(page, voila_url, seed=17)
        rng = random.Random(5)
        for _ in range(80):
            kind = _kind(page)
            if kind and kind != "moving" and page.locator(".rb-where").inner_text().startswith(
                    "Round 2"):
                break
            _answer(page, rng)
        for width in (1100, 1000, 900):
            page.evaluate(
                "(w) => { document.querySelector('.rftg-app').style.maxWidth = w + 'px'; }", width)
            page.wait_for_function(
                "(w) => document.querySelector('.rftg-board').getBoundingClientRect().width <= w",
                arg=width)
            page.eval_on_selector(BOARD, "e => e.scrollIntoView()")
            boxes = page.evaluate(IN_VIEW_JS, [".rb-q", ".rb-mat", ".rb-hand"])
            for sel, left, top, right, bottom in boxes:
                assert 0 <= left and right <= width + 40 and 0 <= top and bottom <= 768, (
                    width, sel, boxes)
            # the mat is beside the question, not under the hand
            (_s, _l, q_top, q_right, _b), (_s2, m_left, m_top, _r, _b2), (_s3, _l3, h_top, _r3,
                                                                        _b3) = boxes
            assert m_top < h_top and m_left >= q_right, (width, boxes)
            assert page.locator(".rb-mat .rb-mini").count() >= 1
            assert page.evaluate(MINIS_ON_TWO_LINES_JS) == []
            page.screenshot(path=str(ARTIFACTS / f"tiles-container-{width}.png"))
    assert page_errors == []


PICKS_JS = """() => [...document.querySelectorAll('.rb-pick-group')].map((g) => [g.dataset.kind,
  g.querySelector('.rb-pick-title').textContent,
  [...g.querySelectorAll('.rb-mini')].map((c) => [c.dataset.name,
    Number(c.querySelector('.rb-pick-cost').textContent),
    Number((c.querySelector('.rb-pick-n') || {textContent: 'x1'}).textContent.slice(1))])])"""
# For each column of the log table: its header's and its first cell's left and right edges and
# their text alignment.
LOG_COLUMNS_JS = """() => { const t = document.querySelector('.rftg-log');
  const cells = (row) => [...row.children].map((c) => { const r = document.createRange();
    r.selectNodeContents(c); const q = r.getBoundingClientRect();
    return [c.textContent, Math.round(q.left), Math.round(q.right),
            getComputedStyle(c).textAlign]; });
  return [cells(t.querySelector('thead tr')), cells(t.querySelector('tbody tr'))]; }"""


def test_the_draft_picks_are_grouped_and_the_log_headers_sit_over_their_columns(
        browser: Browser, voila_pages: VoilaServer, page_errors: list[str]):
    from rftg_nb.cards import CARDS

    for page in open_page(browser, page_errors, 1366, 768):
        page.goto(voila_pages.url + "/voila/render/table.ipynb", timeout=90_000)
        page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
        page.select_option("select[name=players]", "2")
        page.set_checked("input[name=computer0]", False)
        page.set_checked("input[name=computer1]", True)
        page.set_checked("input[name=draft]", True)
        page.fill("input[name=seed]", "8")
        before = board_serial(page)
        page.click("[data-do=new]")
        board_after(page, before)
        picked = 0
        for _ in range(60):
            if page.locator("[data-do=seat]").count():
                before = board_serial(page)
                page.click("[data-do=seat]")
                board_after(page, before)
            if _kind(page) != "draft_pick" or picked >= 14:
                break
            page.click(".rb-packet .rb-card.opt >> nth=0")
            page.wait_for_selector("[data-do=submit]:not([disabled])")
            before = board_serial(page)
            page.click("[data-do=submit]")
            board_after(page, before)
            picked += 1
        assert picked >= 10
        groups = page.evaluate(PICKS_JS)
        kinds = [k for k, _t, _c in groups]
        assert kinds in (["world", "development"], ["world"], ["development"])
        total = 0
        for kind, title, chips in groups:
            costs = [c for _n, c, _k in chips]
            assert costs == sorted(costs), (kind, chips)
            assert all(CARDS[n].type == kind and CARDS[n].cost == c for n, c, _k in chips)
            n = sum(k for _n, _c, k in chips)
            assert title.startswith(f"{'Worlds' if kind == 'world' else 'Developments'} ({n}")
            total += n
        assert total >= picked  # a packet's last card comes without a question
        assert f"Your picks ({total}), by cost" in page.locator(".rb-picks").last.inner_text()
        assert page.evaluate(MINIS_ON_TWO_LINES_JS) == []
        page.locator(".rb-picks").last.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "tiles-draft-picks.png"))
        # the Game log tab: each header sits over its column
        page.get_by_role("tab", name="Game log").click()
        page.wait_for_selector(".rftg-log tbody tr")
        head, row = page.evaluate(LOG_COLUMNS_JS)
        for (name, hl, hr, ha), (_text, cl, cr, ca) in zip(head, row, strict=True):
            assert ha == ca, (name, ha, ca)
            edge = (hr, cr) if ha == "right" else (hl, cl)
            assert abs(edge[0] - edge[1]) <= 1, (name, head, row)
        page.screenshot(path=str(ARTIFACTS / "tiles-log.png"))
    assert page_errors == []
