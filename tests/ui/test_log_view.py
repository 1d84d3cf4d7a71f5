"""The Game log tab's table: every header sits over its column (numbers to the right, words to
the left, header and cells alike), the text is escaped, and the pages use it."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pandas as pd

from rftg_nb.players import random_pick
from rftg_nb.ui import SoloApp
from rftg_nb.ui.app import TAB_LOG
from rftg_nb.ui.log_view import LOG_STYLE, log_html


class _Cells(HTMLParser):
    """(tag, class, text) of every th and td, by row."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, str, str]]] = []
        self._cell: tuple[str, str, list[str]] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        assert "style" not in a, f"inline style on <{tag}> would override the columns' alignment"
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = (tag, a.get("class") or "", [])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            t, cls, text = self._cell
            self.rows[-1].append((t, cls, "".join(text)))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[2].append(data)


def _align(cls: str) -> str:
    """The text-align LOG_STYLE gives a cell of class ``cls``."""
    found = "left"
    for sel, value in re.findall(r"([^{}]+)\{\s*text-align:\s*(\w+)", LOG_STYLE):
        if any(f".{c}" in sel for c in cls.split()):
            found = value
    return found


TABLE = pd.DataFrame({"step": [12, 3], "round": [2, 1], "phase": ["Explore", "Setup"],
                      "actor": ["you", "robot"], "text": ["<b>drew</b> 2 & kept 1", "dealt"],
                      "rule": ["R3", None]})


def test_each_header_is_aligned_as_its_column():
    rows = _Cells(log_html(TABLE)).rows
    head, *body = rows
    assert [t for t, _c, _x in head] == ["th"] * 6
    assert [x for _t, _c, x in head] == list(TABLE.columns)
    assert len(body) == 2
    for row in body:
        assert [t for t, _c, _x in row] == ["td"] * 6
        for (_t, hcls, name), (_t2, cls, _x) in zip(head, row, strict=True):
            assert _align(hcls) == _align(cls), name
    aligns = {name: _align(cls) for _t, cls, name in head}
    assert aligns == {"step": "right", "round": "right", "phase": "left", "actor": "left",
                      "text": "left", "rule": "left"}


def test_the_log_text_is_escaped_and_missing_values_are_blank():
    html = log_html(TABLE)
    assert "<b>drew" not in html and "&lt;b&gt;drew&lt;/b&gt; 2 &amp; kept 1" in html
    body = _Cells(html).rows[1:]
    assert [c[2] for c in body[0]] == ["12", "2", "Explore", "you", "<b>drew</b> 2 & kept 1",
                                       "R3"]
    assert body[1][5][2] == ""
    assert 'class="rftg-log' in html


def test_the_dashboard_log_tab_uses_it():
    app = SoloApp()
    app.on_action({"do": "new", "settings": {"difficulty": "easy", "seed": "4"}})
    rng = random.Random(4)
    for _ in range(30):
        d = app.c.decision
        if d is None:
            break
        app.on_action({"do": "answer", "ids": random_pick(d, rng)})
    app.tabs.selected_index = TAB_LOG
    rows = _Cells(app.log.value).rows
    head = rows[0]
    assert [x for _t, _c, x in head][:5] == ["step", "round", "phase", "actor", "text"]
    for row in rows[1:]:
        for (_t, hcls, name), (_t2, cls, _x) in zip(head, row, strict=True):
            assert _align(hcls) == _align(cls), name
    assert LOG_STYLE in app.log.value
