"""A file over 10 MiB on every page that takes files: the server closes a page's connection on a
message over 10 MiB, so a page that sent such a file whole lost it without a word. The play and
table boards send at most a save's size and the kernel refuses the file in words, from its size;
the card browser and the designer send at most a card file's size and refuse it the same way;
the history page's own export over 10 MiB goes in parts and loads back (tested in
test_history_long.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import BOARD, VoilaServer, board_after, board_serial

BIG = 12_600_000  # bytes: over the server's 10 MiB a message


def _big(n: int = BIG) -> list[dict]:
    head = '{"format": "rftg_nb-game", "pad": "'
    text = head + "x" * (n - len(head) - 2) + '"}'
    assert len(text) == n
    return [{"name": "big.json", "mimeType": "application/json", "buffer": text.encode()}]


@pytest.mark.parametrize("notebook", ["play.ipynb", "table.ipynb"])
def test_a_board_refuses_a_file_over_10_mib_in_words(voila_pages: VoilaServer, page: Page,
                                                     notebook: str,
                                                     page_errors: list[str]) -> None:
    page.goto(f"{voila_pages.url}/voila/render/{notebook}", timeout=90_000)
    page.wait_for_selector(f"{BOARD}[data-serial]", timeout=90_000)
    if notebook == "table.ipynb":  # a game to keep first
        before = board_serial(page)
        page.click("[data-do=new]")
        board_after(page, before)
    for size in (2_000_000, BIG):
        before = board_serial(page)
        page.set_input_files(f"{BOARD} input.rb-load-file", files=_big(size))
        board_after(page, before)
        status = page.locator(".rb-status").text_content() or ""
        assert status.startswith("Could not load that file"), status
        assert f"{size:,} bytes" in status and "1,000,000" in status, status
    assert page_errors == []


@pytest.mark.parametrize("notebook, root, where", [
    ("cards.ipynb", ".rftg-cards", ".rftg-cards .rc-note"),
    ("designer.ipynb", ".rftg-designer", ".rftg-designer"),
])
def test_a_card_page_refuses_a_file_over_10_mib_in_words(voila_pages: VoilaServer, page: Page,
                                                         notebook: str, root: str, where: str,
                                                         page_errors: list[str]) -> None:
    page.goto(f"{voila_pages.url}/voila/render/{notebook}", timeout=90_000)
    page.wait_for_selector(f"{root} .widget-upload", timeout=90_000)
    with page.expect_file_chooser() as chooser:
        page.click(f"{root} .widget-upload")
    chooser.value.set_files(files=_big())
    expect(page.locator(where).first).to_contain_text(f"it is {BIG:,} bytes, larger than a "
                                                      "card file may be", timeout=30_000)
    assert page_errors == []
