"""Stepping through the robot and the coach, as the page shows them.

- Every *Next step* press shows one new robot move, and "N steps to go" is the number of presses
  left before the question comes back (a phase beginning is not a step of its own).
- The cards you explore show in the Explored row, never in your hand, and "cards in hand" does
  not count them.
- With *Explain* on, each action of the action choice carries what the robot's response row
  does in its phase, in view beside its button.
"""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page

from tests.browser.conftest import ARTIFACTS, BOARD, board_after, board_serial
from tests.browser.test_dashboard import _answer, _kind, _open

STEPS = re.compile(r"(\d+) steps? to go")


def _count(page: Page, label: str) -> int:
    """A running total under the hand ("cards in hand", ...)."""
    text = page.inner_text(".rb-counts") if page.locator(".rb-counts").count() else ""
    m = re.search(rf"(\d+)\s*{label}", text) or re.search(rf"{label}\D*(\d+)", text)
    assert m, text
    return int(m.group(1))


def test_each_next_step_shows_a_new_move_and_counts_down(page: Page, voila_url: str,
                                                         page_errors: list[str]):
    _open(page, voila_url, seed=3, step=True)
    rng = random.Random(3)
    pressed = 0
    for _ in range(80):
        if pressed >= 25:
            break
        if _kind(page) != "moving":
            _answer(page, rng)
            continue
        left = int(STEPS.search(page.inner_text(".rb-prompt")).group(1))
        for n in range(left, 0, -1):
            moves = page.eval_on_selector_all(".rb-moves li", "es => es.map(e => e.innerText)")
            before = board_serial(page)
            page.click("[data-do=next]")
            board_after(page, before)
            after = page.eval_on_selector_all(".rb-moves li", "es => es.map(e => e.innerText)")
            assert after != moves and after[-1] not in moves[-1:], "a step that showed nothing"
            pressed += 1
            if n > 1:
                assert int(STEPS.search(page.inner_text(".rb-prompt")).group(1)) == n - 1
        assert _kind(page) != "moving"
    assert pressed >= 25
    assert page_errors == []


def test_explored_cards_are_apart_from_the_hand_and_its_count(page: Page, voila_url: str,
                                                              page_errors: list[str]):
    _open(page, voila_url, seed=3, step=True)
    rng = random.Random(4)
    seen = 0
    for _ in range(120):
        if seen >= 3:
            break
        explored = page.locator(".rb-explored .rb-card").count()
        if explored:
            hand = page.locator(".rb-hand .rb-card").count()
            assert _count(page, "in hand") == hand
            ids = set(page.eval_on_selector_all(".rb-hand .rb-card",
                                                "es => es.map(e => e.dataset.id)"))
            apart = set(page.eval_on_selector_all(".rb-explored .rb-card",
                                                  "es => es.map(e => e.dataset.id)"))
            assert not ids & apart
            seen += _kind(page) == "explore_keep"
        if _kind(page) == "moving":
            before = board_serial(page)
            page.click("[data-do=next]")
            board_after(page, before)
        else:
            _answer(page, rng)
    assert seen >= 3
    assert page_errors == []


def test_explain_shows_the_response_row_beside_each_action(page: Page, voila_url: str,
                                                           page_errors: list[str]):
    page.set_viewport_size({"width": 1366, "height": 768})
    _open(page, voila_url, seed=9)
    before = board_serial(page)
    page.check("input[data-do=explain]")
    board_after(page, before)
    rng = random.Random(9)
    for _ in range(10):
        if _kind(page) == "actions":
            break
        _answer(page, rng)
    assert _kind(page) == "actions"
    rows = page.locator(".rb-opt-row")
    assert rows.count() == 9
    notes = page.eval_on_selector_all(
        ".rb-opt-row", "rs => rs.map(r => [r.querySelector('button').innerText, "
        "r.querySelector('.rb-opt-note').innerText])")
    by_action = dict(notes)
    assert by_action["Produce"] == "The robot does nothing."
    assert "credit" in by_action["Develop"] and "Draw" in by_action["Explore +5"]
    assert "response row" in page.inner_text(".rb-coach")
    # the buttons still answer: two actions, then Confirm
    page.click("button[data-opt='develop']")
    page.click("button[data-opt='settle']")
    page.wait_for_selector("[data-do=submit]:not([disabled])")
    page.screenshot(path=str(ARTIFACTS / "explain-actions-1366x768.png"))
    before = board_serial(page)
    page.click("[data-do=submit]")
    board_after(page, before)
    assert page.locator(".rb-opt-row").count() == 0 or _kind(page) == "actions"
    assert page.locator(f"{BOARD}").count() == 1
    assert page_errors == []
