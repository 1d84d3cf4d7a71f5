"""The card browser in a real browser (Voila + headless Chromium): the tiles with the board's
faces, the filters and the count, a card's whole text on a click, and custom card files loaded
through the page's own file input: a good set, then hostile and broken files, each refused
with its reason shown as plain text while the set loaded before stays."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from rftg_nb.cards import CARDS
from rftg_nb.cards.custom import FILE_FORMAT, FILE_VERSION
from tests.browser.conftest import ARTIFACTS, BOARD, VoilaServer, board_after, board_serial

HOSTILE = '<img src=z onerror="window.__pwned=1">'
HOSTILE_LINE = '<img src=zz onerror="window.__pwned=1">'
ALL = len(CARDS)
COUNT = f"{BOARD} .rb-count"
NOTE = ".rftg-cards .rc-note"
MOON = {"name": "Moon Base", "type": "world", "cost": 2, "vp": 1, "good": "rare",
        "powers": [{"phase": 5, "code": "DRAW", "value": 1}]}


def card_file(*designs: dict, fmt: str = FILE_FORMAT) -> bytes:
    return json.dumps({"format": fmt, "version": FILE_VERSION,
                       "designs": list(designs)}).encode("utf-8")


# (file name, content, text the refusal must show) of files that must all be refused
HOSTILE_FILES = [
    ("format.json", card_file(MOON, fmt=HOSTILE), f"got '{HOSTILE}'"),
    ("name.json", card_file({**MOON, "name": HOSTILE, "cost": 99}),
     f"custom card '{HOSTILE}': field 'cost'"),
    ("six.json", card_file({"name": "Grand Plan", "type": "development", "cost": 6, "vp": 0,
                            "bonuses": [{"vp": 2, "for": "NAME", "name": HOSTILE_LINE}]}),
     f"no card named '{HOSTILE_LINE}'"),
    ("latin1.json", "{\"designs\": [\"Caf\u00e9\"]}".encode("latin-1"), "not UTF-8 text"),
    ("deep.json", b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    (f"{HOSTILE}.json", b'{"designs": 1', "not valid JSON"),
]


def open_cards(page: Page, url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url + "/voila/render/cards.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-kind=cards] .rb-card", timeout=90_000)


def pwned(page: Page) -> object:
    return page.evaluate("() => window.__pwned")


def upload(page: Page, name: str, content: bytes, expect_text: str) -> None:
    """Load a file through the page's upload button (the file input it opens, as a person
    does) and wait for its message."""
    # the button says what it does, with no count of files beside its words
    expect(page.locator(".rftg-cards .widget-upload")).to_have_text("Load custom cards")
    with page.expect_file_chooser() as chooser:
        page.click(".rftg-cards .widget-upload")
    chooser.value.set_files(files=[{"name": name, "mimeType": "application/json",
                                    "buffer": content}])
    expect(page.locator(NOTE)).to_contain_text(expect_text, timeout=30_000)


def upload_hostile_files(page: Page) -> None:
    """The hostile part of the test, on a page that shows the card browser: a valid set under
    a hostile file name with a hostile card name, then every file of HOSTILE_FILES. Nothing
    may run and every quoted word must show as it was written. (Run against the old notebook,
    the first hostile message ran its script.)"""
    good = card_file({**MOON, "name": HOSTILE})
    upload(page, f"{HOSTILE}.json", good, "Loaded 1 custom design")
    note = page.locator(NOTE)
    expect(note).to_have_text(f"Loaded 1 custom design from {HOSTILE}.json.")
    expect(page.locator(COUNT)).to_have_text(f"{ALL + 1} of {ALL + 1} designs")
    tile = page.locator(f"{BOARD} .rb-card .rb-mark.custom").locator("..")
    expect(tile.locator(".rf-name")).to_have_text(HOSTILE)
    expect(page.locator(f"{BOARD} .rb-cat .rb-sub").first).to_have_text(
        f"Custom designs from {HOSTILE}.json (1 of 1)")
    for name, content, reason in HOSTILE_FILES:
        upload(page, name, content, reason)
        text = note.inner_text()
        assert text.startswith(f"Not loaded: {name}: "), text
        assert text.endswith(f"Nothing changed: the 1 custom design from {HOSTILE}.json is "
                             "still shown."), text
        expect(note.locator(".rc-error")).to_be_visible()
        expect(page.locator(COUNT)).to_have_text(f"{ALL + 1} of {ALL + 1} designs")
        assert pwned(page) is None, name
    assert page.locator("img[src=z], img[src=zz]").count() == 0


def test_tiles_filters_and_text(page: Page, voila_pages: VoilaServer, page_errors: list[str]):
    open_cards(page, voila_pages.url)
    tiles = page.locator(f"{BOARD} .rb-card")
    expect(page.locator(COUNT)).to_have_text(f"{ALL} of {ALL} designs")
    expect(tiles).to_have_count(ALL)
    expect(page.locator(f"{BOARD} .rb-mark.start")).to_have_count(9)
    expect(page.locator(f"{BOARD} .rb-card[data-name='Old Earth'] .rb-mark")).to_have_text(
        "start world")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "cards-1366x768.png"))

    def choose(label: str, option: str, count: int) -> None:
        serial = board_serial(page)
        page.get_by_role("combobox", name=label).select_option(label=option)
        board_after(page, serial)
        expect(page.locator(COUNT)).to_have_text(f"{count} of {ALL} designs")
        expect(tiles).to_have_count(count)

    worlds = sum(d.is_world for d in CARDS)
    choose("Type", "worlds", worlds)
    assert tiles.locator(".rf-face.devel").count() == 0
    alien_worlds = sum(d.is_world and "alien" in d.flags for d in CARDS)
    choose("Flag", "Alien", alien_worlds)
    produce = sum(d.is_world and "alien" in d.flags and bool(d.powers_in(5)) for d in CARDS)
    choose("Power in phase", "V Produce", produce)
    assert 0 < produce < alien_worlds
    choose("Type", "all types", sum("alien" in d.flags and bool(d.powers_in(5)) for d in CARDS))
    choose("Flag", "any flag", sum(bool(d.powers_in(5)) for d in CARDS))
    choose("Power in phase", "any phase", ALL)
    choose("Set", "The Gathering Storm", sum(d.copies_in("tgs") > d.copies_in("base")
                                             for d in CARDS))
    choose("Set", "all sets", ALL)
    # a card's text opened and closed leaves every tile on the page as it was drawn
    page.evaluate("() => document.querySelectorAll('.rb-card').forEach((e) => { e.__kept = 1; })")
    tiles.nth(5).click()
    expect(page.locator(f"{BOARD} .rb-detail")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(f"{BOARD} .rb-detail")).to_have_count(0)
    assert page.evaluate(
        "() => [...document.querySelectorAll('.rb-card')].filter((e) => e.__kept).length") == ALL

    serial = board_serial(page)
    page.get_by_placeholder("part of a name").fill("old EARTH")
    board_after(page, serial)
    expect(page.locator(COUNT)).to_have_text(f"1 of {ALL} designs")
    expect(tiles).to_have_count(1)
    tiles.first.click()
    detail = page.locator(f"{BOARD} .rb-detail")
    expect(detail).to_contain_text("Old Earth")
    expect(detail).to_contain_text("Phase IV (Consume): up to 2 goods -> 1 VP each")
    page.keyboard.press("Escape")
    expect(detail).to_have_count(0)
    assert page_errors == []


def test_custom_sets_and_hostile_files_show_as_text(page: Page, voila_pages: VoilaServer,
                                                    page_errors: list[str]):
    open_cards(page, voila_pages.url)
    upload_hostile_files(page)
    # the hostile card's text opens as text too
    page.locator(f"{BOARD} .rb-card .rb-mark.custom").locator("..").click()
    detail = page.locator(f"{BOARD} .rb-detail")
    expect(detail.locator("b")).to_have_text(HOSTILE)
    page.get_by_role("combobox", name="Set").select_option(label="custom")
    expect(page.locator(COUNT)).to_have_text(f"1 of {ALL + 1} designs")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "cards-hostile-1366x768.png"), full_page=True)
    assert pwned(page) is None
    assert page_errors == []
