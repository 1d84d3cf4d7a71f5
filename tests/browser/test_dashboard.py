"""The dashboard in a real browser: Voila + headless Chromium, played by clicking the page.

Options carry the CSS class ``rftg-option``: buttons for single picks, checkboxes (then Submit)
for multi-picks. Each click goes to the kernel and back, so every step waits for the page to
change rather than for a fixed time.
"""

from __future__ import annotations

import random
import re
import time

from playwright.sync_api import Page

from tests.browser.conftest import ARTIFACTS

OPTION = ".rftg-option"
BUTTON = "button.rftg-option"
BOX = ".widget-checkbox.rftg-option input[type=checkbox]"
ROUNDS = 3
PICK = re.compile(r"Pick (\d+)(?: to (\d+))?: (\d+) picked")
ROUND = re.compile(r"Round (\d+), |Setup\.")

# Plot 0 is the VP pool chart; the log is a table whose body has one row per revealed step.
CHART_POINTS_JS = """() => {
  const plots = document.querySelectorAll('.js-plotly-plot');
  const rows = document.querySelectorAll('table.rftg-log tbody tr');
  if (plots.length < 3 || !plots[0].data || !rows.length) return null;
  const x = plots[0].data[0].x;
  return {points: x.length, last: x[x.length - 1], rows: rows.length,
          newest: Number(rows[0].querySelector('td').textContent)};
}"""


def _prompt(page: Page) -> str:
    return page.locator("b").filter(has_text=ROUND).first.inner_text()


def _round(page: Page) -> int | None:
    """The round shown in the decision prompt; None when the game is over."""
    if page.get_by_text("The game is over.").count():
        return None
    found = ROUND.search(_prompt(page))
    return int(found.group(1)) if found.group(1) else 0  # "Setup." comes before round 1


def _wait_for_options(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelector('.rftg-option') !== null"
        " || document.body.innerText.includes('The game is over.')", timeout=30_000)


def _pick_note(page: Page) -> re.Match:
    note = page.get_by_text(PICK).first
    m = PICK.search(note.inner_text())
    assert m, note.inner_text()
    return m


def _set_box(page: Page, box, on: bool, picked: int) -> None:
    box.set_checked(on)
    page.get_by_text(re.compile(rf"Pick [^:]+: {picked} picked")).first.wait_for()


def _answer_boxes(page: Page, rng: random.Random) -> None:
    """Tick boxes in a random order until Submit is enabled with at least the minimum."""
    submit = page.locator("button.widget-button", has_text="Submit")
    boxes = page.locator(BOX).element_handles()
    m = _pick_note(page)
    low = int(m.group(1))
    high = int(m.group(2) or low)
    want = rng.randint(low, min(high, len(boxes)))
    rng.shuffle(boxes)
    picked = 0
    for box in boxes:
        if picked >= want and submit.is_enabled():
            break
        _set_box(page, box, True, picked + 1)
        picked += 1
        if picked >= high and not submit.is_enabled():  # a rule forbids this box: take it back
            _set_box(page, box, False, picked - 1)
            picked -= 1
    assert submit.is_enabled(), _pick_note(page).group(0)
    first = boxes[0]
    submit.click()
    first.wait_for_element_state("hidden")  # the decision panel was redrawn


def _answer_buttons(page: Page, rng: random.Random) -> None:
    buttons = page.locator(BUTTON).element_handles()
    button = rng.choice(buttons)
    button.click()
    button.wait_for_element_state("hidden")


def test_a_game_played_in_the_browser(page: Page, page_errors: list[str], voila_url: str):
    start = time.monotonic()
    page.goto(voila_url + "/", timeout=90_000)
    page.wait_for_selector(OPTION, state="visible", timeout=90_000)
    assert "solitaire" in page.locator("h2").first.inner_text()
    assert page_errors == []

    rng = random.Random(2024)
    clicks = 0
    seen_rounds = set()
    while (rnd := _round(page)) is not None and rnd <= ROUNDS:
        seen_rounds.add(rnd)
        if page.locator(BOX).count():
            _answer_boxes(page, rng)
        else:
            _answer_buttons(page, rng)
        clicks += 1
        _wait_for_options(page)
        assert clicks < 200, "the game does not move on"
    assert {1, 2, 3} <= seen_rounds or rnd is None
    assert not page.get_by_text(re.compile("^Not allowed")).count()

    # The charts have one point per step: as many as the log's rows (the log shows 300 at most)
    page.wait_for_function(
        f"() => {{ const r = ({CHART_POINTS_JS})(); "
        "return r && r.last === r.newest && (r.points === r.rows || r.rows === 300); }",
        timeout=30_000)
    points = page.evaluate(CHART_POINTS_JS)
    assert points["last"] == points["newest"]
    assert points["points"] == points["rows"] or (points["rows"] == 300
                                                  and points["points"] > 300)
    assert page.locator(".js-plotly-plot").count() == 3

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dashboard.png"), full_page=True)
    assert (ARTIFACTS / "dashboard.png").stat().st_size > 10_000
    assert page_errors == []
    assert time.monotonic() - start < 90, f"{clicks} clicks took too long"
