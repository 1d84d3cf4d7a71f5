"""The card designer in a real browser (Voila + headless Chromium): design a card, see the
problem of a bad field next to it and fix it, keep the card and start a game with it."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, BOARD, VoilaServer


def test_design_a_card_fix_a_field_and_play_with_it(page: Page, voila_pages: VoilaServer,
                                                    page_errors: list[str]):
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(voila_pages.url + "/voila/render/designer.ipynb", timeout=90_000)
    page.wait_for_selector(".rftg-designer", timeout=90_000)
    preview = page.locator(".rd-preview")
    expect(preview).to_contain_text("Fix the field")  # a blank card has no name yet
    name = page.get_by_placeholder("the card's name")
    name.fill("Moon Base")
    name.press("Tab")
    expect(preview.locator(".rf-name")).to_have_text("Moon Base")

    cost = page.get_by_role("spinbutton", name="Cost")
    cost.fill("9")
    cost.press("Tab")
    error = page.locator(".rd-error", has_text="0 to 7")
    expect(error).to_be_visible()
    expect(page.get_by_role("button", name="Keep this card in the set")).to_be_disabled()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "designer-error-1366x768.png"), full_page=True)
    cost.fill("2")
    cost.press("Tab")
    expect(error).to_have_count(0)

    page.get_by_role("combobox", name="Good").select_option(label="Rare")
    page.get_by_role("combobox", name="Power").select_option(label="V: draw 1")
    page.get_by_role("button", name="Add power").click()
    expect(preview).to_contain_text("Phase V (Produce): draw 1")
    expect(preview).to_contain_text("Rare production world")
    page.screenshot(path=str(ARTIFACTS / "designer-card-1366x768.png"), full_page=True)
    page.get_by_role("button", name="Keep this card in the set").click()
    expect(page.locator(".rftg-designer select[size] option")).to_have_text(["Moon Base"])
    expect(page.locator("a.rd-download")).to_have_attribute("download",
                                                           "rftg-custom-cards.json")

    page.get_by_role("button", name="Play with these cards").click()
    page.wait_for_selector(f"{BOARD}[data-serial] .rb-card", timeout=60_000)
    expect(page.locator(".rb-status")).to_contain_text(
        "1 custom design (1 card) in the deck: Moon Base")
    page.screenshot(path=str(ARTIFACTS / "designer-game-1366x768.png"), full_page=True)
    assert page_errors == []


# A MutationObserver on the designer: how many places showed "no card named" at most, after
# every change of the page (a value set and taken back in one redraw shows in between).
COUNT_REFUSALS = """form => {
  window.__mostRefusals = 0;
  const count = () => {
    const n = [...form.querySelectorAll('.rd-error, .rd-problem, [role=status]')]
      .filter(e => e.textContent.includes('no card named')).length;
    window.__mostRefusals = Math.max(window.__mostRefusals, n);
  };
  new MutationObserver(count).observe(form, {subtree: true, childList: true,
                                             characterData: true});
}"""


def _card_file(*designs: dict) -> dict:
    import json

    text = json.dumps({"format": "rftg_nb-custom-cards", "version": 1, "designs": list(designs)})
    return {"name": "set.json", "mimeType": "application/json", "buffer": text.encode()}


def test_the_form_shows_only_fields_that_mean_something(page: Page, voila_pages: VoilaServer,
                                                        page_errors: list[str]):
    """Issue 18: no number for a power that takes none, a refusal quotes what was typed, a
    6-cost development's VP is its lines, the load button has no count, and a scoring line's
    refusal shows once."""
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((1366, 768), (900, 1000)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(voila_pages.url + "/voila/render/designer.ipynb", timeout=90_000)
        page.wait_for_selector(".rftg-designer", timeout=90_000)
        form = page.locator(".rftg-designer")
        preview = page.locator(".rd-preview")
        name = page.get_by_placeholder("the card's name")
        name.fill("Moon Base")
        name.press("Tab")

        # the load button says what it does, with no count of files, before and after a load
        load = form.locator(".widget-upload")
        expect(load).to_have_text("Load a set from a file")
        with page.expect_file_chooser() as chooser:
            load.click()
        chooser.value.set_files(files=_card_file(
            {"name": "Star Hall", "type": "development", "cost": 6, "vp": 0,
             "bonuses": [{"vp": 1, "for": "MILITARY"}]}))
        status = form.locator("[role=status]")
        expect(status).to_contain_text("Loaded 1 custom design (1 card).")
        expect(form.locator("select[size] option")).to_have_text(["Star Hall"])
        expect(load).to_have_text("Load a set from a file")

        # a number out of range is quoted as typed, not as the widget clamped it
        cost = page.get_by_role("spinbutton", name="Cost")
        cost.fill("-2")
        cost.press("Tab")
        expect(page.locator(".rd-error", has_text="0 to 7")).to_contain_text("got -2")
        expect(cost).to_have_value("-2")
        cost.fill("2")
        cost.press("Tab")

        # a power that takes no number shows none
        page.get_by_role("combobox", name="Good").select_option(label="Rare")
        # the kernel has the good (and the cost before it) once the preview shows it: only
        # then is the windfall box clicked, so no redraw of the form lands on the click
        expect(preview).to_contain_text(re.compile("rare", re.IGNORECASE))
        page.get_by_role("checkbox", name="windfall").check()
        page.get_by_role("combobox", name="Power").select_option(
            label="V: a good on any windfall world")
        page.get_by_role("button", name="Add power").click()
        expect(preview).to_contain_text("a good on any windfall world")
        expect(page.get_by_role("spinbutton", name="number")).to_have_count(0)
        page.get_by_role("combobox", name="Power").select_option(label="V: draw 1")
        page.get_by_role("button", name="Add power").click()
        expect(page.get_by_role("spinbutton", name="number")).to_have_count(1)
        page.screenshot(path=str(ARTIFACTS / f"designer-fields-{width}x{height}.png"),
                        full_page=True)

        # a 6-cost development: no VP to type, "?" as on its card, and a scoring line's
        # refusal shown once, by its line
        page.get_by_role("button", name="New development").click()
        expect(cost).to_have_value("1")  # the blank card has reached the page: type on it
        name.fill("Hall of Fame")
        name.press("Tab")
        vp = page.get_by_role("spinbutton", name="VP", exact=True)
        expect(vp).to_be_visible()
        cost.fill("6")
        cost.press("Tab")
        expect(vp).to_be_hidden()
        expect(form.get_by_text("(its scoring lines below)")).to_be_visible()
        page.get_by_role("combobox", name="Scores").select_option(label="1 VP per a named card")
        page.get_by_role("button", name="Add scoring line").click()
        line = page.get_by_placeholder("a card's name")
        form.evaluate(COUNT_REFUSALS)  # the most copies of the refusal shown at any moment
        line.fill("Nowhere")
        line.press("Tab")
        refusal = form.locator(".rd-error", has_text="no card named")
        expect(refusal).to_have_count(1)
        expect(refusal).to_contain_text("'Nowhere'")
        page.wait_for_timeout(500)
        assert page.evaluate("window.__mostRefusals") == 1
        expect(preview).to_contain_text("Fix the field marked in red")
        expect(preview).not_to_contain_text("no card named")
        page.screenshot(path=str(ARTIFACTS / f"designer-six-cost-{width}x{height}.png"),
                        full_page=True)
        line.fill("Old Earth")
        line.press("Tab")
        expect(refusal).to_have_count(0)
        expect(preview.locator(".rf-vp")).to_have_text("?")
        page.get_by_role("button", name="Keep this card in the set").click()
        expect(form.locator("select[size] option")).to_have_text(["Star Hall", "Hall of Fame"])
    assert page_errors == []
