"""The dashboard in a real browser: Voila + headless Chromium, played by clicking the page.

Options carry the CSS class ``rftg-option``: buttons for single picks, checkboxes (then Submit)
for multi-picks. Each click goes to the kernel and back, and the browser builds each widget's
view on its own time, so every step waits for the marks the app puts on the page (see
``SoloApp.refresh_decision``) rather than for a fixed time or for the first widget to appear.
"""

from __future__ import annotations

import random
import re
import time

from playwright.sync_api import Page

from tests.browser.conftest import ARTIFACTS

OPTION = ".rftg-option"
ROUNDS = 3
ROUND = re.compile(r"Round (\d+), |Setup\.")

# The app marks each drawn question: span.rftg-decision in the prompt carries a serial number and
# how many option widgets it has, and each of those widgets has the class rftg-d<serial>. Widget
# views appear one by one, so a question is ready once all of its widgets are on the page.
QUESTION_JS = """(after) => {
  if (document.body.innerText.includes('The game is over.')) return {over: true};
  const mark = document.querySelector('.rftg-decision');
  if (!mark || mark.dataset.serial === after) return null;
  const serial = mark.dataset.serial;
  if (document.querySelectorAll('.rftg-d' + serial).length !== Number(mark.dataset.count))
    return null;
  return {over: false, serial: serial, prompt: mark.parentElement.innerText,
          boxes: document.querySelectorAll('.rftg-d' + serial + ' input[type=checkbox]').length};
}"""

# The pick note of a multi-pick: its data tells the serial, how many are ticked and whether
# Submit is enabled.
NOTE_JS = """([serial, picked]) => {
  const n = document.querySelector('.rftg-pick');
  return n && n.dataset.serial === serial && n.dataset.picked === String(picked)
         ? {ok: n.dataset.ok === '1', text: n.innerText} : null;
}"""
PICK = re.compile(r"Pick (\d+)(?: to (\d+))? of (\d+): 0 picked")

# Plot 0 is the VP pool chart; the log's note carries how many steps have been revealed
# (data-steps) and its table lists them newest first.
CHART_POINTS_JS = """() => {
  const plots = document.querySelectorAll('.js-plotly-plot');
  const note = document.querySelector('.rftg-log-note');
  const rows = document.querySelectorAll('table.rftg-log tbody tr');
  if (plots.length < 3 || !plots[0].data || !note || !rows.length) return null;
  const x = plots[0].data[0].x;
  return {points: x.length, last: x[x.length - 1], steps: Number(note.dataset.steps),
          newest: Number(rows[0].querySelector('td').textContent)};
}"""


def _question(page: Page, after: str | None = None) -> dict:
    """Wait for a complete question newer than serial ``after`` (or the end of the game)."""
    return page.wait_for_function(QUESTION_JS, arg=after, timeout=30_000).json_value()


def _round(question: dict) -> int | None:
    """The round of a question; None when the game is over, 0 at setup."""
    if question["over"]:
        return None
    found = ROUND.search(question["prompt"])
    assert found, question["prompt"]
    return int(found.group(1)) if found.group(1) else 0


def _note(page: Page, serial: str, picked: int) -> dict:
    return page.wait_for_function(NOTE_JS, arg=[serial, picked], timeout=30_000).json_value()


def _answer_boxes(page: Page, q: dict, rng: random.Random) -> None:
    """Tick boxes in a random order until Submit is enabled with at least the minimum."""
    serial = q["serial"]
    note = _note(page, serial, 0)
    m = PICK.search(note["text"])
    assert m, note["text"]
    boxes = page.locator(f".rftg-d{serial} input[type=checkbox]").element_handles()
    assert len(boxes) == int(m.group(3)) == q["boxes"]
    low = int(m.group(1))
    high = int(m.group(2) or low)
    want = rng.randint(low, min(high, len(boxes)))
    rng.shuffle(boxes)
    picked, ok = 0, note["ok"]
    for box in boxes:
        if picked >= want and ok:
            break
        box.set_checked(True)
        picked += 1
        ok = _note(page, serial, picked)["ok"]
        if picked >= high and not ok:  # a rule forbids this box: take it back
            box.set_checked(False)
            picked -= 1
            ok = _note(page, serial, picked)["ok"]
    assert ok, f"no legal pick found: {note['text']}"
    page.locator("button.widget-button", has_text="Submit").click()  # waits until enabled


def _answer_buttons(page: Page, q: dict, rng: random.Random) -> None:
    buttons = page.locator(f"button.rftg-d{q['serial']}").element_handles()
    assert buttons
    rng.choice(buttons).click()


def test_a_game_played_in_the_browser(page: Page, page_errors: list[str], voila_url: str):
    start = time.monotonic()
    page.goto(voila_url + "/", timeout=90_000)
    page.wait_for_selector(OPTION, state="visible", timeout=90_000)
    assert "solitaire" in page.locator("h2").first.inner_text()
    assert page_errors == []

    rng = random.Random(2024)
    clicks = 0
    seen_rounds = set()
    q = _question(page)
    while (rnd := _round(q)) is not None and rnd <= ROUNDS:
        seen_rounds.add(rnd)
        if q["boxes"]:
            _answer_boxes(page, q, rng)
        else:
            _answer_buttons(page, q, rng)
        clicks += 1
        q = _question(page, after=q["serial"])
        assert clicks < 200, "the game does not move on"
    assert {1, 2, 3} <= seen_rounds or rnd is None
    assert not page.get_by_text(re.compile("^Not allowed")).count()

    # The charts have one point per step, up to the newest step in the log
    page.wait_for_function(
        f"() => {{ const r = ({CHART_POINTS_JS})(); "
        "return r && r.last === r.newest && r.points === r.steps; }", timeout=30_000)
    points = page.evaluate(CHART_POINTS_JS)
    assert points["last"] == points["newest"] and points["points"] == points["steps"] > 50
    assert page.locator(".js-plotly-plot").count() == 3

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dashboard.png"), full_page=True)
    assert (ARTIFACTS / "dashboard.png").stat().st_size > 10_000
    assert page_errors == []
    assert time.monotonic() - start < 90, f"{clicks} clicks took too long"
