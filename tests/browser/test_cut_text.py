"""No words cut, none too small (issue 30, item 9): on every page at both window sizes, no
control's label, placeholder or chosen option is cut (its text is measured against the room
its box gives it), and no text on a card tile is drawn under 9 px (a longer list of powers
ends in "…" and the i shows it whole)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.conftest import ARTIFACTS, VoilaServer, open_page, served

PAGES = {"play": ".rb-card", "table": ".rb-q", "learn": ".rb-card", "lab": ".js-plotly-plot",
         "designer": ".rftg-designer", "cards": ".rb-card", "history": ".rftg-history"}
SIZES = {"1366x768": (1366, 768), "900x1000": (900, 1000)}

CUT_JS = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const width = (text, el) => { const s = getComputedStyle(el);
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return canvas.measureText(text).width; };
  const room = (el) => { const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); };
  const seen = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
      && !el.closest('.rb-sr, .rb-after:not(:focus-within), [hidden], .lm-mod-hidden'); };
  const cut = [];
  const controls = 'button, .jupyter-button, .widget-label, label.widget-label-basic, summary';
  for (const el of document.querySelectorAll(controls)) {
    if (!seen(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      cut.push(['label', el.tagName, el.innerText.slice(0, 40), el.scrollWidth, el.clientWidth]);
    }
  }
  for (const el of document.querySelectorAll('input[placeholder]')) {
    if (!seen(el) || el.value) continue;
    const need = width(el.placeholder, el);
    if (need > room(el) + 1) {
      cut.push(['placeholder', el.placeholder.slice(0, 40), Math.round(need), room(el)]);
    }
  }
  for (const el of document.querySelectorAll('select:not([size])')) {
    if (!seen(el) || el.selectedIndex < 0) continue;
    const text = el.options[el.selectedIndex].text;
    const need = width(text, el);
    if (need > room(el) - 16) {
      cut.push(['select', text.slice(0, 40), Math.round(need), room(el) - 16]);
    }
  }
  return cut;
}"""

SMALL_JS = """() => {
  const small = [];
  for (const tile of document.querySelectorAll('.rb-card')) {
    for (const el of tile.querySelectorAll('*')) {
      if (el.closest('.rb-sr')) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 8.95) small.push([tile.dataset.name, el.className, size]);
    }
  }
  return small;
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(PAGES))
def test_no_label_is_cut_and_no_tile_text_is_under_9px(
        name: str, size: str, browser: Browser, voila_pages: VoilaServer,
        page_errors: list[str], request: pytest.FixtureRequest) -> None:
    url = f"{served(name, voila_pages, request).url}/voila/render/{name}.ipynb"
    for page in open_page(browser, page_errors, *SIZES[size]):
        page.goto(url, timeout=90_000)
        page.wait_for_selector(PAGES[name], timeout=120_000)
        page.wait_for_timeout(1500)  # the tiles fitted once the page is idle
        cut = page.evaluate(CUT_JS)
        small = page.evaluate(SMALL_JS)
        if cut or small:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"cut-{name}-{size}.png"), full_page=True)
        assert cut == [], cut
        assert small[:10] == [], f"{len(small)} tile texts under 9 px"
    assert page_errors == []
