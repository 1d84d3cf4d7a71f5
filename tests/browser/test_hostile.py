"""Hostile input in a real browser (Voila + headless Chromium): every string a person types or a
file brings (card and scoring-line names, seat names, file names, format fields quoted back in
an error message, lesson and lab answers) must reach the page as text, never as markup.

Each page is opened once and fed the payloads below through every field a person or a file can
fill on it: the board's Load (play and table), the designer's form and its card-set upload, the
table's New game form, the lessons' and the lab's number boxes. After each step the page is
searched for any trace of the payloads having run (``window.__pwned``, an element carrying one of
their handlers, a dialog) and the text is looked for where the page shows it. Saves are built
with the engine from real games and then mutated: valid hostile ones load (their names are drawn
on the tiles, in the question, the log, the goals and the charts), bad ones are refused with a
message that quotes the markup, and the game or the set in play stays as it was.

The payloads fit the 40 characters a card or player name may have; each sets ``__pwned`` (a
global of the page) if it ever runs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from rftg_nb.engine.table import TableGame
from rftg_nb.players import random_pick
from rftg_nb.robot.solo import SoloGame
from rftg_nb.ui.table import TableController
from tests.browser.conftest import (
    BOARD,
    VoilaServer,
    board_after,
    board_serial,
    open_page,
)

IMG = "<img src=x onerror=__pwned=1>"
SVG = "<svg onload=__pwned=2>"
SCRIPT = '"><script>__pwned=3</script>'
ATTR = '" autofocus onfocus="__pwned=4'  # breaks out of a double-quoted attribute
END_SCRIPT = "</script><script>__pwned=5</script>"
JS_STRING = "');__pwned=6;//`${__pwned=7}`"  # breaks out of a JS string or template literal
# plotly.js reads <b>, <a href> and <span style> in legend and hover text
PLOTLY = "<b>Bo</b><a href=https://x.test>ld</a>"
# the brief's long payload: too long for a name, it goes where an error message quotes it
LONG = '<img src=x onerror="window.__pwned=(window.__pwned||0)+1">'

# A custom card set whose names carry markup; all valid designs, so a game with them loads.
CARDS = [
    {"name": IMG, "type": "world", "cost": 1, "vp": 1, "good": "rare", "copies": 4},
    {"name": SVG, "type": "development", "cost": 1, "vp": 1, "copies": 4},
    {"name": ATTR, "type": "development", "cost": 6, "vp": 0, "copies": 4,
     "bonuses": [{"vp": 2, "for": "NAME", "name": IMG}]},
    {"name": JS_STRING, "type": "world", "cost": 2, "vp": 2, "copies": 4},
]
CARD_NAMES = {c["name"] for c in CARDS}
TABLE_NAMES = [IMG, PLOTLY, SVG]  # seat 3 is the computer's
FORM_NAMES = [ATTR, END_SCRIPT, JS_STRING]

# Whether anything of the payloads ran or landed in the page as markup: the global they set,
# an element with one of their handlers, a script with their code (JSON data scripts aside).
TRACES_JS = """() => {
  const hit = [];
  for (const e of document.querySelectorAll('*')) {
    for (const a of e.attributes) {
      if (a.name.startsWith('on') && a.value.includes('__pwned'))
        hit.push(e.outerHTML.slice(0, 120));
    }
    if (e.tagName === 'SCRIPT' && !(e.type || '').includes('json')
        && e.textContent.includes('__pwned'))
      hit.push(e.outerHTML.slice(0, 120));
  }
  return {pwned: window.__pwned === undefined ? null : String(window.__pwned), hit};
}"""
STATE_JS = """() => {
  const q = (s) => document.querySelector(s);
  return {
    ids: [...document.querySelectorAll('.rftg-board [data-id]')].map((e) => e.dataset.id),
    players: [...document.querySelectorAll('.rb-player-head > b:first-child')]
      .map((e) => e.textContent),
    seed: (q('.rftg-board input[name=seed]') || {}).placeholder || '',
    where: (q('.rftg-board .rb-where') || {}).textContent || '',
  };
}"""


# ---------------------------------------------------------------------------- hostile files
def solo_save() -> str:
    """A real solitaire game with the custom cards in hand and on the tableau, stopped at a
    question that names one of them ("discard 1 card to pay for <img ...>"); the player's name
    is markup too."""
    seed = next(s for s in range(1, 3000)
                if {IMG, SVG, ATTR} <= {c.name for c in
                                        SoloGame.new(seed=s, custom_cards=CARDS).players[0].hand})
    g = SoloGame.new(seed=seed, custom_cards=CARDS)
    rng = random.Random(1)
    while len(g.choices) < 2 or not any(n in g.decision.prompt for n in CARD_NAMES):
        d = g.decision
        mine = [o.id for o in d.options if o.label in CARD_NAMES]
        if d.kind == "initial_discard":
            pick = [o.id for o in d.options if o.label not in CARD_NAMES][:d.min]
        elif d.kind == "actions":
            pick = ["develop", "settle"]
        elif d.kind in ("develop", "settle") and mine:
            pick = mine[:1]
        else:
            pick = random_pick(d, rng)
        g.apply(pick)
        assert len(g.choices) < 40, "the hostile cards were never asked about"
    data = json.loads(g.to_json())
    data["setup"]["names"] = [END_SCRIPT]
    return json.dumps(data)


def _table_game(seed: int) -> TableController:
    game = TableGame.new(3, seed=seed, names=TABLE_NAMES, custom_cards=CARDS)
    data = json.loads(game.to_json())
    data["table"] = {"names": TABLE_NAMES, "computer": [False, False, True], "level": "random"}
    c = TableController()
    assert c.load(json.dumps(data)), c.status.text
    rng = random.Random(3)
    while c.game.round < 4 and c.game.decision is not None:
        if c.pending_pass:
            c.confirm_seat()
        d = c.game.decision
        mine = [o.id for o in d.options if o.label in CARD_NAMES]
        other = [o.id for o in d.options if o.label not in CARD_NAMES]
        if "discard" in d.kind and len(other) >= d.min:
            pick = other[:d.min]
        elif mine and d.kind in ("develop", "settle", "explore_keep") and d.check(
                tuple(mine[:max(1, d.min)])) is None:
            pick = mine[:max(1, d.min)]
        else:
            pick = random_pick(d, rng)
        assert c.answer(pick), c.status.text
    return c


def table_save() -> str:
    """A real 3-player table game (two people, one computer) a few rounds in, whose seats are
    named with markup and whose tableaux hold custom cards named with markup."""
    for seed in range(31, 100):
        c = _table_game(seed)
        placed = [x.name for p in c.game.players for x in p.tableau if x.name in CARD_NAMES]
        if len(placed) >= 2:
            return c.save()
    raise AssertionError("no seed put the hostile cards on a tableau")


# JSON nested 2000 deep: the loaders raised RecursionError (the page said nothing) until they
# were hardened to refuse it like any bad file
DEEP = [(f"{SVG}-deep.json", "[" * 2000 + "]" * 2000, "nested too deep"),
        ("deep-object.json", '{"a":' * 2000 + "1" + "}" * 2000, "nested too deep")]


def refused_solo_saves(good: str) -> list[tuple[str, str, str]]:
    """(file name, text, what the refusal must quote) for saves the play page must refuse."""
    base = json.loads(good)

    def with_(**change: Any) -> str:
        return json.dumps({**base, **change})

    bad_card = {"name": "Fine", "type": "world", "cost": 1, "vp": SVG}
    return [
        (f"{IMG}.json", with_(format=IMG), repr(IMG)),
        (f"{SCRIPT}.json", with_(version=SCRIPT), repr(SCRIPT)),
        ("long.json", with_(format=LONG), "<img src=x onerror="),
        (f"{ATTR}.json", with_(setup={**base["setup"], "custom_cards": [bad_card]}), repr(SVG)),
        # a name that is a list (raised TypeError before the loaders were hardened)
        ("name-list.json", with_(setup={**base["setup"], "custom_cards": [
            {"name": [IMG], "type": "world", "cost": 1, "vp": 1}]}), IMG),
        ("choices.json", with_(choices=[[END_SCRIPT]]), repr(END_SCRIPT)),
        ("not-json.json", IMG, "not JSON"),
        *DEEP,
    ]


def refused_table_saves(good: str) -> list[tuple[str, str, str]]:
    base = json.loads(good)
    table = base["table"]
    return [
        (f"{SVG}.json", json.dumps({**base, "table": {**table, "level": SVG}}), repr(SVG)),
        (f"{JS_STRING}.json", json.dumps({**base, "table": {**table, "names": [
            ATTR, END_SCRIPT, "Cy"]}}), ATTR),
        ("format.json", json.dumps({**base, "format": IMG}), repr(IMG)),
        *DEEP,
    ]


def card_file(designs: list[dict[str, Any]]) -> str:
    return json.dumps({"format": "rftg_nb-custom-cards", "version": 1, "designs": designs})


# ---------------------------------------------------------------------------- page helpers
def _file(name: str, text: str) -> list[dict[str, Any]]:
    return [{"name": name, "mimeType": "application/json", "buffer": text.encode("utf-8")}]


class Watch:
    """A page and what would show a payload ran on it: dialogs and uncaught errors too."""

    def __init__(self, page: Page, errors: list[str]) -> None:
        self.page, self.errors, self.dialogs = page, errors, []
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def clean(self, where: str) -> None:
        """Nothing ran: give an <img src=x> time to fail to load, then look for traces."""
        self.page.wait_for_timeout(250)
        got = self.page.evaluate(TRACES_JS)
        assert got == {"pwned": None, "hit": []}, f"{where}: {got}"
        assert self.dialogs == [], f"{where}: {self.dialogs}"
        assert self.errors == [], f"{where}: {self.errors}"


def _board_load(page: Page, name: str, text: str) -> str:
    """Load a file with the board's Load button; the status line after it."""
    before = board_serial(page)
    page.set_input_files(f"{BOARD} input.rb-load-file", files=_file(name, text))
    board_after(page, before)
    return page.locator(".rb-status").text_content()


def _texts(page: Page, selector: str) -> list[str]:
    return [t.replace("\xa0", " ") for t in page.locator(selector).all_text_contents()]


def _board_state(page: Page) -> dict[str, Any]:
    return page.evaluate(STATE_JS)


def _refusals(w: Watch, cases: list[tuple[str, str, str]]) -> None:
    """Each file is refused with a visible message quoting the markup as text; the game on
    the board stays as it was."""
    page = w.page
    kept = _board_state(page)
    for name, text, quoted in cases:
        status = _board_load(page, name, text)
        assert status.startswith("Could not load that file"), (name, status)
        assert quoted in status, (name, quoted, status)
        expect(page.locator(".rb-status.err")).to_be_visible()
        assert _board_state(page) == kept, name
        w.clean(f"refused {name}")


@pytest.fixture
def tab(browser: Browser, page_errors: list[str]) -> Iterator[Watch]:
    for page in open_page(browser, page_errors, 1366, 900):
        yield Watch(page, page_errors)


def _open(w: Watch, server: VoilaServer, notebook: str, ready: str) -> Page:
    page = w.page
    page.goto(f"{server.url}/voila/render/{notebook}", timeout=90_000)
    page.wait_for_selector(ready, timeout=90_000)
    w.clean(f"{notebook} opened")
    return page


# ---------------------------------------------------------------------------- the pages
def test_play_page_refuses_bad_saves_and_draws_hostile_names_as_text(
        tab: Watch, voila_pages: VoilaServer):
    page = _open(tab, voila_pages, "play.ipynb", f"{BOARD}[data-serial] .rb-card")
    good = solo_save()
    _refusals(tab, refused_solo_saves(good))

    # a valid save whose custom cards and player are named with markup
    status = _board_load(page, f"{SVG}{IMG}.json", good)
    assert status.startswith("Loaded a saved game"), status
    tab.clean("hostile save loaded")
    where = page.locator(".rb-prompt").text_content()
    assert END_SCRIPT in where and IMG in where, where  # the question quotes both names
    names = _texts(page, ".rb-hand .rf-name") + _texts(page, ".rb-tableau .rf-name")
    assert {IMG, SVG, ATTR} <= set(names), names
    data_names = page.eval_on_selector_all(".rb-card", "es => es.map(e => e.dataset.name)")
    assert {IMG, SVG, ATTR} <= set(data_names)  # attributes carry the names whole
    # a tile's name for a screen reader: the card's words, its name as typed, as text
    labels = page.eval_on_selector_all(".rb-card.opt .rb-hit", "es => es.map(e => e.textContent)")
    assert any(x.startswith(f"{ATTR}: ") and x.endswith("Can be picked.") for x in labels), labels

    # a card's full text, then an answer: the board redraws with the names still as text
    card = page.locator(".rb-card", has=page.locator(".rf-name", has_text=ATTR)).first
    card.locator(".rb-info").click()
    expect(page.locator(".rb-detail b")).to_have_text(ATTR)
    expect(page.locator(".rb-detail")).to_contain_text(IMG)  # its scoring line names IMG
    tab.clean("card text")
    page.click(".rb-close")
    page.screenshot(path="/tmp/hostile-play.png", full_page=True)
    pick = page.eval_on_selector_all(".rb-card.opt", "es => es.map(e => e.dataset.id)")
    before = board_serial(page)
    page.click(f".rb-card.opt[data-id='{pick[-1]}']")
    page.wait_for_selector("[data-do=submit]:not([disabled])")
    page.click("[data-do=submit]")
    board_after(page, before)
    before = board_serial(page)
    page.check("input[data-do=explain]")
    board_after(page, before)
    tab.clean("answered and redrawn")

    # the game log quotes the events with the names; the charts draw
    page.get_by_role("tab", name="Game log").click()
    log = page.locator(".rftg-log")
    expect(log).to_contain_text(f"{END_SCRIPT} places the world {IMG}")
    page.get_by_role("tab", name="Charts").click()
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length === 3")
    tab.clean("log and charts")
    page.screenshot(path="/tmp/hostile-play-log.png", full_page=True)


def test_table_page_seat_names_and_saves_are_text(tab: Watch, voila_pages: VoilaServer):
    page = _open(tab, voila_pages, "table.ipynb", f"{BOARD}[data-serial]")
    # the New game form: seats named with markup
    if page.locator("details.rb-new[open]").count() == 0:
        page.click("details.rb-new > summary")
    page.select_option("select[name=players]", "3")
    for i, name in enumerate(FORM_NAMES):
        page.fill(f"input[name=name{i}]", name)
        page.set_checked(f"input[name=computer{i}]", i == 2)
    page.fill("input[name=seed]", "7")
    before = board_serial(page)
    page.click("[data-do=new]")
    board_after(page, before)
    assert "seed 7" in page.locator(".rb-status").text_content()
    expect(page.locator(".rb-where")).to_have_text(f"Pass the screen to {ATTR}")
    for i, name in enumerate(FORM_NAMES):
        assert page.input_value(f"input[name=name{i}]") == name
    assert _texts(page, ".rb-player-head > b:first-child") == FORM_NAMES
    score = page.locator(".rb-score").text_content()
    assert all(n in score for n in FORM_NAMES), score
    before = board_serial(page)
    page.click("[data-do=seat]")
    board_after(page, before)
    expect(page.locator(".rb-hand .rb-sub")).to_contain_text(f"{ATTR}'s hand")
    tab.clean("seats named in the form")

    good = table_save()
    _refusals(tab, refused_table_saves(good))

    status = _board_load(page, f"{JS_STRING}.json", good)
    assert status.startswith("Loaded a saved game"), status
    tab.clean("hostile table save loaded")
    assert _texts(page, ".rb-player-head > b:first-child") == TABLE_NAMES
    score = page.locator(".rb-score").text_content()
    assert all(n in score for n in TABLE_NAMES), score
    minis = set(_texts(page, ".rb-players .rb-mini"))
    minis |= set(_texts(page, ".rb-tableau .rf-name"))
    assert any(m.startswith(tuple(CARD_NAMES)) for m in minis), minis
    progress = page.eval_on_selector_all(".rb-prog", "es => es.map(e => e.title)")
    assert any(p.startswith(PLOTLY + ": ") for p in progress), progress[:4]
    if page.locator("[data-do=seat]").count():
        expect(page.locator(".rb-where")).to_contain_text("Pass the screen to ")
        before = board_serial(page)
        page.click("[data-do=seat]")
        board_after(page, before)
    tab.clean("seat taken")
    page.screenshot(path="/tmp/hostile-table.png", full_page=True)

    # the log's "Who" menu and rows, and the charts' legend, show the names as typed
    page.get_by_role("tab", name="Game log").click()
    expect(page.locator(".rftg-log")).to_contain_text(IMG)
    who = page.get_by_role("combobox", name="Who")
    options = [t.replace("\xa0", " ") for t in who.locator("option").all_text_contents()]
    assert set(TABLE_NAMES) <= set(options), options
    page.get_by_role("tab", name="Charts").click()
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length === 2")
    legend = _texts(page, ".js-plotly-plot .legendtext")
    assert set(TABLE_NAMES) <= set(legend), legend
    tab.clean("log and charts")
    page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/hostile-table-charts.png")


def test_designer_names_and_card_files_are_text(tab: Watch, voila_pages: VoilaServer):
    page = _open(tab, voila_pages, "designer.ipynb", ".rftg-designer")
    preview = page.locator(".rd-preview")
    name = page.get_by_placeholder("the card's name")
    keep = page.get_by_role("button", name="Keep this card in the set")
    listed = page.locator(".rftg-designer select[size] option")

    # a world named with markup, kept in the set
    name.fill(IMG)
    name.press("Tab")
    expect(preview.locator(".rf-name")).to_have_text(IMG)
    keep.click()
    expect(listed).to_have_text([IMG])
    status = page.locator(".rftg-designer [role=status]")
    expect(status).to_have_text(f"{IMG} is in the set: 1 custom design (1 card).")
    tab.clean("world kept")

    # a 6-cost development scoring per a named card: first a name no card has, then IMG
    page.get_by_role("button", name="New development").click()
    name.fill(SCRIPT)
    name.press("Tab")
    cost = page.get_by_role("spinbutton", name="Cost")
    cost.fill("6")
    cost.press("Tab")
    page.get_by_role("combobox", name="Scores").select_option(label="1 VP per a named card")
    page.get_by_role("button", name="Add scoring line").click()
    line = page.get_by_placeholder("a card's name")
    line.fill(END_SCRIPT)
    line.press("Tab")
    # the refusal shows by the line and in the status line: either one must quote it as text
    unknown = page.locator(".rd-error", has_text="no card named").first
    expect(unknown).to_contain_text(repr(END_SCRIPT))
    tab.clean("scoring line with an unknown name")
    line.fill(IMG)
    line.press("Tab")
    expect(page.locator(".rd-error", has_text="no card named")).to_have_count(0)
    expect(preview).to_contain_text(f"per {IMG}")
    expect(preview.locator(".rf-name")).to_have_text(SCRIPT)
    keep.click()
    expect(listed).to_have_text([IMG, SCRIPT])
    tab.clean("development kept")
    kept = listed.all_text_contents()

    # card files that must be refused: the set stays, the message quotes the markup as text
    def upload(file_name: str, text: str) -> None:
        """Through the FileUpload button and the browser's file chooser, as a person does."""
        with page.expect_file_chooser() as chooser:
            page.click(".rftg-designer .widget-upload")
        chooser.value.set_files(files=_file(file_name, text))

    refused = [
        (f"{IMG}.json", card_file([{"name": "Fine", "type": "world", "cost": SVG, "vp": 1}]),
         repr(SVG)),
        (f"{ATTR}.json", json.dumps({"format": IMG, "version": 1, "designs": []}), repr(IMG)),
        (f"{SVG}.json", card_file([{"name": [END_SCRIPT], "type": "world", "cost": 1,
                                    "vp": 1}]), END_SCRIPT),
        *DEEP,
    ]
    for file_name, text, quoted in refused:
        upload(file_name, text)
        expect(status).to_contain_text("Could not load that file")
        expect(status).to_contain_text(quoted)
        expect(page.locator(".rftg-designer .rd-error[role=status]")).to_be_visible()
        assert listed.all_text_contents() == kept, file_name
        tab.clean(f"refused {file_name}")
        page.get_by_role("button", name="New world").click()  # clears the status line
        expect(status).to_have_text("")

    # a valid set named with markup: listed, edited again and played with
    upload(f"{SCRIPT}{JS_STRING}.json", card_file(CARDS))
    expect(status).to_have_text("Loaded 4 custom designs (16 cards).")
    expect(listed).to_have_text([c["name"] for c in CARDS])
    page.locator(".rftg-designer select[size]").select_option(index=2)
    page.get_by_role("button", name="Edit").click()
    expect(name).to_have_value(ATTR)
    expect(page.locator(".rftg-designer").get_by_text(f"per {IMG}", exact=True)).to_be_visible()
    expect(preview.locator(".rf-name")).to_have_text(ATTR)
    tab.clean("set loaded and edited")
    page.screenshot(path="/tmp/hostile-designer.png", full_page=True)
    page.get_by_role("button", name="Play with these cards").click()
    page.wait_for_selector(f"{BOARD}[data-serial] .rb-card", timeout=60_000)
    expect(page.locator(".rb-status")).to_contain_text(
        "4 custom designs (16 cards) in the deck: " + ", ".join(c["name"] for c in CARDS))
    tab.clean("played with the set")
    page.screenshot(path="/tmp/hostile-designer-game.png", full_page=True)


def _type_into_numbers(w: Watch, scope: str) -> int:
    """Type every payload into each number box under ``scope`` as a person would; each box
    keeps only what it accepts. Returns how many boxes there were."""
    page = w.page
    boxes = page.locator(f"{scope} input[type=number]")
    n = boxes.count()
    for i in range(n):
        box = boxes.nth(i)
        for payload in (IMG, ATTR, JS_STRING):
            box.click()
            page.keyboard.press("ControlOrMeta+a")
            page.keyboard.type(payload)
            page.keyboard.press("Tab")
        w.clean(f"typed into box {i} of {scope}")
    return n


def test_learn_page_takes_no_markup_and_ignores_a_load(tab: Watch, voila_pages: VoilaServer):
    page = _open(tab, voila_pages, "learn.ipynb", f"{BOARD}[data-serial]")
    kept = _board_state(page)
    # the board's Load is hidden in a lesson; a file pushed into it anyway changes nothing
    page.set_input_files(f"{BOARD} input.rb-load-file",
                         files=_file(f"{IMG}.json", solo_save()))
    page.wait_for_timeout(500)
    assert _board_state(page) == kept
    tab.clean("load pushed into a lesson")

    # a robot lesson's predictions: typed into its number boxes, then checked
    from rftg_nb.lessons import LESSONS

    index = next(i for i, x in enumerate(LESSONS) if x.id == "robot-develop-1")
    page.select_option(".rftg-lessons select", index=index)
    page.wait_for_selector(".rftg-lesson[data-id='robot-develop-1']")
    page.wait_for_selector(".rftg-q-credit input")
    assert _type_into_numbers(tab, ".rftg-lessons") >= 1
    page.get_by_role("button", name="Check my predictions").click()
    page.wait_for_selector(".rftg-feedback, .rb-status")
    tab.clean("predictions checked")
    page.screenshot(path="/tmp/hostile-learn.png", full_page=True)


def test_lab_page_number_boxes_take_no_markup(tab: Watch, lab_page: VoilaServer):
    page = _open(tab, lab_page, "lab.ipynb", ".widget-button")
    page.wait_for_selector("input[type=number]")
    assert _type_into_numbers(tab, "body") >= 4
    # then a run with what the boxes kept: its chart and table are drawn
    games = page.get_by_role("spinbutton", name="games per value").first
    games.fill("1")
    games.press("Tab")
    page.get_by_role("button", name="Play", exact=True).nth(1).click()
    page.wait_for_selector(".js-plotly-plot", timeout=90_000)
    tab.clean("lab after a run")
    page.screenshot(path="/tmp/hostile-lab.png", full_page=True)
