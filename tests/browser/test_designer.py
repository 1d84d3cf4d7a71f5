"""The card designer in a real browser (Voila + headless Chromium): design a card, see the
problem of a bad field next to it and fix it, keep the card and start a game with it."""

from __future__ import annotations

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
    expect(page.locator(".rb-status")).to_contain_text("custom card in the deck: Moon Base")
    page.screenshot(path=str(ARTIFACTS / "designer-game-1366x768.png"), full_page=True)
    assert page_errors == []
