"""The 2-5 player table in a real browser (Voila + headless Chromium): a 3-player game with two
people and one computer seat, played by clicking through several rounds until a goal is claimed.

The test keeps its own copy of the game (a :class:`TableController` with the same seats and
seed): the computer seat answers the same way in both, so the copy knows every question the
page will ask and every card in every hand. Each person's answer is drawn at random from the
copy's question, clicked on the page, then applied to the copy. At every step the page must
show what the copy shows, and no card of a hand other than the viewer's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from rftg_nb.players import random_pick
from rftg_nb.ui.board_parts import question_for
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_seats import TableSettings
from tests.browser.conftest import (
    ARTIFACTS,
    BOARD,
    VoilaServer,
    board_after,
    board_serial,
    open_page,
)

NAMES = ["Ann", "Bob", "Cy"]
COMPUTER = [False, False, True]
SEED = 32  # Ann claims the goal Galactic Status in round 4 with these answers
LAST_ROUND = 4


@pytest.fixture
def laptop(browser: Browser, page_errors: list[str]) -> Iterator[Page]:
    yield from open_page(browser, page_errors, 1366, 768)


def _dom_ids(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("[data-id]", "es => es.map(e => e.dataset.id)"))


def _answer(page: Page, copy: TableController) -> list[str]:
    g = copy.game
    d = g.decision
    ids = random_pick(d, random.Random(f"test:{len(g.choices)}"))
    q = question_for(g, d.player, d)
    before = board_serial(page)
    if q["cards"] or d.max > 1:
        sel = ".rb-card.opt[data-id='{}']" if q["cards"] else "[data-opt='{}']"
        for n, x in enumerate(ids, start=1):
            page.click(sel.format(x))
            page.wait_for_function(
                "(n) => { const e = document.querySelector('.rb-pick');"
                " return e && e.dataset.picked === String(n) && e.dataset.checked === '1'; }",
                arg=n)
        page.click("[data-do=submit]:not([disabled])")
    elif ids:
        page.click(f"[data-opt='{ids[0]}']")
    else:
        page.click("[data-do=none]")
    board_after(page, before)
    assert copy.answer(ids), copy.status.text
    return ids


def _hands(copy: TableController) -> list[set[str]]:
    return [{c.id for c in p.hand} for p in copy.game.players]


def test_three_players_two_people_one_computer_until_a_goal_is_claimed(
        laptop: Page, voila_pages: VoilaServer, page_errors: list[str]):
    page = laptop
    page.goto(voila_pages.url + "/voila/render/table.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
    # the New game form: three seats, the third one the computer's
    page.select_option("select[name=players]", "3")
    for i, name in enumerate(NAMES):
        page.fill(f"input[name=name{i}]", name)
        page.set_checked(f"input[name=computer{i}]", COMPUTER[i])
    assert page.is_hidden("input[name=name3]")  # seats 4 and 5 are folded away
    page.fill("input[name=seed]", str(SEED))
    before = board_serial(page)
    page.click("[data-do=new]")
    board_after(page, before)
    assert f"seed {SEED}" in page.inner_text(".rb-status")

    copy = TableController()
    copy.new_game(TableSettings(3, NAMES, COMPUTER, None, SEED))
    goals = [s.name for s in copy.game.goals]
    assert page.eval_on_selector_all(".rb-goal", "es => es.map(e => e.dataset.goal)") == goals
    ARTIFACTS.mkdir(exist_ok=True)
    shots = set()
    passes = answers = 0
    while copy.game.round <= LAST_ROUND and copy.game.decision is not None:
        if copy.pending_pass:
            # the pass screen: nobody's hand is on the page
            page.wait_for_selector("[data-do=seat]")
            assert copy.pending_pass in page.inner_text(".rb-q")
            assert page.locator(".rb-hand").count() == 0
            assert not _dom_ids(page) & set().union(*_hands(copy))
            if "pass" not in shots:
                page.screenshot(path=str(ARTIFACTS / "table-pass-1366x768.png"))
                shots.add("pass")
            before = board_serial(page)
            page.click("[data-do=seat]")
            board_after(page, before)
            copy.confirm_seat()
            passes += 1
        seat = copy.viewer
        assert page.inner_text(".rb-hand .rb-sub").startswith(f"{NAMES[seat]}'s hand")
        assert page.eval_on_selector(BOARD, "e => e.dataset.kind") == copy.decision.kind
        others = set().union(*(h for i, h in enumerate(_hands(copy)) if i != seat))
        shown = _dom_ids(page)
        assert _hands(copy)[seat] <= shown  # the viewer's whole hand
        assert not shown & others  # and nobody else's card
        if copy.decision.kind not in shots and len(shots) < 6 and copy.game.round >= 1:
            page.screenshot(path=str(ARTIFACTS / f"table-{copy.decision.kind}-1366x768.png"))
            shots.add(copy.decision.kind)
        _answer(page, copy)
        answers += 1
        claims = [e for e in copy.game.events if e.kind == "goal_claim"]
        if any(e.actor in (0, 1) for e in claims):
            break
    claim = next(e for e in copy.game.events if e.kind == "goal_claim" and e.actor in (0, 1))
    goal, who = claim.data["goal"], NAMES[claim.actor]
    assert passes >= 6 and answers >= 10
    assert copy.game.round >= 2  # several rounds
    # the goal panel and the log show the claim
    holder = page.inner_text(f".rb-goal[data-goal='{goal}'] .rb-holder")
    assert who in holder, holder
    assert any(goal in t for t in page.eval_on_selector_all(
        ".rb-moves li.goal", "es => es.map(e => e.textContent)"))
    scores = page.inner_text(".rb-score")
    for p, s in zip(copy.game.players, copy.game.scores(), strict=True):
        assert f"{p.name} {s}" in scores, scores
    page.screenshot(path=str(ARTIFACTS / "table-goal-1366x768.png"), full_page=True)
    page.set_viewport_size({"width": 900, "height": 1000})
    page.screenshot(path=str(ARTIFACTS / "table-goal-900x1000.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})

    # the charts tab: every player's score with the goal claim marked, and the VP pool
    page.get_by_role("tab", name="Charts").click()
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length === 2")
    traces = page.eval_on_selector(".js-plotly-plot", "e => e.data.map(t => [t.name, t.mode])")
    assert [n for n, _ in traces[:3]] == NAMES
    assert f"{who}: goals" in [n for n, _ in traces]
    page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "table-charts-1366x768.png"))
    page.get_by_role("tab", name="How to play").click()

    # undo takes back the last person's decision and passes the screen back to them
    last = next(i for i in reversed(copy.game.deciders) if not COMPUTER[i])
    before = board_serial(page)
    page.click("[data-do=undo]")
    board_after(page, before)
    assert copy.undo()
    assert copy.pending_pass == NAMES[last]
    assert f"Pass the screen to {NAMES[last]}" in page.inner_text(".rb-q")

    # save: the file the page offers loads into a new table with the same seats
    before = board_serial(page)
    with page.expect_download() as download:
        page.click("[data-do=save]")
    saved = download.value.path().read_text()
    again = TableController()
    assert again.load(saved), again.status.text
    assert json.loads(saved)["table"]["names"] == NAMES
    assert again.game.choices == copy.game.choices
    assert page_errors == []


def test_one_person_at_the_table_plays_without_passing_and_sees_every_hand_at_the_end(
        laptop: Page, voila_pages: VoilaServer, page_errors: list[str]) -> None:
    """Issue 30: one person and two computer seats. No "Pass the screen" at any time; the New
    game form folds away once the game starts, so the last seat's tableau is in view at
    1366x768; the game over, every hand is shown."""
    page = laptop
    page.goto(voila_pages.url + "/voila/render/table.ipynb", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
    page.select_option("select[name=players]", "3")
    for i, (name, computer) in enumerate((("Me", False), ("Bot A", True), ("Bot B", True))):
        page.fill(f"input[name=name{i}]", name)
        page.set_checked(f"input[name=computer{i}]", computer)
    page.fill("input[name=seed]", "5")
    before = board_serial(page)
    page.click("[data-do=new]")
    board_after(page, before)
    assert not page.locator("details.rb-new[open]").count()  # folded once the game starts
    assert page.locator("[data-do=seat]").count() == 0
    assert page.inner_text(".rb-hand .rb-sub").startswith("Me's hand")
    last = page.locator(".rb-player").last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= 768, last
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-one-person-1366x768.png"))
    before = board_serial(page)
    page.click("[data-do=auto][data-until=game]")
    board_after(page, before)
    page.wait_for_selector(f"{BOARD} .rb-all-hands", timeout=120_000)
    assert "Pass the screen" not in page.inner_text(BOARD)
    assert "No hand is shown" not in page.inner_text(BOARD)
    text = page.inner_text(f"{BOARD} .rb-all-hands")
    for name in ("Me", "Bot A", "Bot B"):
        assert f"{name}:" in text
    page.screenshot(path=str(ARTIFACTS / "table-one-person-end-1366x768.png"))
    assert page_errors == []
