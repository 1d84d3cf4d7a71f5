"""The Game log tab's table, drawn from the log's DataFrame.

Each column has one alignment for its header and its cells alike (numbers to the right, words
to the left), set by the classes in :data:`LOG_STYLE` rather than left to the page: a browser
centres a header by default and pandas' ``to_html`` puts every header to the right, so a
left-aligned column of text would have its header far from it. Every value is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

import pandas as pd

LOG_STYLE = """<style>
.rftg-log { border-collapse: collapse; }
.rftg-log th, .rftg-log td { padding: 1px 8px; vertical-align: top; }
.rftg-log .rl-text { text-align: left; }
.rftg-log .rl-num { text-align: right; }
.rftg-log th { border-bottom: 1px solid #999; }
</style>"""


def _value(v: Any) -> str:
    if v is None or (not isinstance(v, str) and pd.isna(v)):
        return ""
    return escape(str(v))


def log_html(table: pd.DataFrame) -> str:
    """``table`` as an HTML table of class ``rftg-log``, a header per column aligned as its
    cells."""
    kinds = ["rl-num" if pd.api.types.is_numeric_dtype(table[c]) else "rl-text"
             for c in table.columns]
    head = "".join(f'<th class="{k}" scope="col">{escape(str(c))}</th>'
                   for c, k in zip(table.columns, kinds, strict=True))
    rows = "".join(
        "<tr>" + "".join(f'<td class="{k}">{_value(v)}</td>'
                         for v, k in zip(row, kinds, strict=True)) + "</tr>"
        for row in table.itertuples(index=False, name=None))
    return (f'<table class="rftg-log"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")


__all__ = ["LOG_STYLE", "log_html"]
