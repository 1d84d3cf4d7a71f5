"""Charts in words: each chart's caption and its data as a table a screen reader can read.

Every chart of the app (play, the table, the lab, your games) is shown by :func:`chart_outputs`:
the plotly figure, then a caption (the chart's title and what its axes are) and its data as a
table folded under it (``<details>``), read from the figure itself, so that a new chart gets its
words with no more work. Names from people (seats) are escaped: text, never markup.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from rftg_nb.ui.lab_charts import mime_bundle

#: rows of a chart's data table at most (the rest is counted below it)
MAX_ROWS = 60


def _text(value: Any) -> str:
    """A cell: a number without noise, any other value as escaped text (plotly's <br> as a
    space)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    # plotly's texts are HTML (a name from a person arrives escaped once): read them as text,
    # then escape them for this table
    return html.escape(html.unescape(str(value).replace("<br>", " ")))


def _plain(title: Any) -> str:
    text = title if isinstance(title, str) else (title or {}).get("text", "") if isinstance(
        title, dict) else ""
    return " ".join(html.unescape(str(text).replace("<br>", " ")).split())


def _axis(layout: dict[str, Any], key: str) -> str:
    return _plain((layout.get(key) or {}).get("title"))


def _table(head: Sequence[str], rows: list[list[Any]], caption: str) -> str:
    more = len(rows) - MAX_ROWS
    body = "".join("<tr>" + "".join(f"<td>{_text(v)}</td>" for v in row) + "</tr>"
                   for row in rows[:MAX_ROWS])
    return (f"<table class='rftg-chart-data'><caption>{html.escape(caption)}</caption><thead><tr>"
            + "".join(f"<th scope='col'>{_text(h)}</th>" for h in head) + "</tr></thead>"
            f"<tbody>{body}</tbody></table>"
            + (f"<p>and {more:,} rows more.</p>" if more > 0 else ""))


def _rows_by_x(traces: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    """Points of line and bar charts, a row per x value (a round's last value where the points
    carry their round), a column per trace."""
    keyed: list[dict[Any, Any]] = []
    for t in traces:
        xs = t.get("x") if t.get("x") is not None else list(range(len(t.get("y") or [])))
        ys = t.get("y") if t.get("y") is not None else [None] * len(xs)
        if t.get("orientation") == "h":
            xs, ys = ys, xs
        rounds = t.get("customdata")
        keys = rounds if rounds is not None and len(rounds) == len(xs) else xs
        col: dict[Any, Any] = {}
        for k, y in zip(keys, ys, strict=False):
            col[k if not isinstance(k, list) else tuple(k)] = y
        keyed.append(col)
    order: list[Any] = []
    for col in keyed:
        for k in col:
            if k not in order:
                order.append(k)
    rows = [[k, *(col.get(k) for col in keyed)] for k in order]
    return [_plain(t.get("name")) or f"series {i + 1}" for i, t in enumerate(traces)], rows


def words_html(fig: Any) -> str:
    """The chart's caption and its data as a folded table, as HTML."""
    data = fig.to_plotly_json() if hasattr(fig, "to_plotly_json") else fig
    layout = data.get("layout") or {}
    traces = [t for t in data.get("data") or [] if t.get("visible", True) is not False]
    title = _plain(layout.get("title")) or "A chart"
    x_name, y_name = _axis(layout, "xaxis"), _axis(layout, "yaxis")
    kinds = {t.get("type", "scatter") for t in traces}
    if "heatmap" in kinds:
        t = next(t for t in traces if t.get("type") == "heatmap")
        xs, ys, z = list(t.get("x") or []), list(t.get("y") or []), t.get("z") or []
        head = [y_name or "row", *[_plain(x) for x in xs]]
        rows = [[_plain(y), *(list(z[i]) if i < len(z) else [])] for i, y in enumerate(ys)]
        what = f"a grid of {y_name or 'rows'} by {x_name or 'columns'}"
    elif kinds <= {"histogram", "box"}:
        head = ["series", "values", "lowest", "median", "highest"]
        rows = []
        for t in traces:
            vals = sorted(v for v in (t.get("x") if t.get("x") is not None else t.get("y")) or []
                          if v is not None)
            rows.append([_plain(t.get("name")), len(vals), vals[0] if vals else None,
                         vals[len(vals) // 2] if vals else None, vals[-1] if vals else None])
        what = f"how {x_name or 'the values'} are spread"
    else:
        # a chart over the rounds tabulates its lines by round (marks such as the goals' stars
        # are on those lines already)
        if any(t.get("customdata") is not None for t in traces):
            traces = [t for t in traces if t.get("customdata") is not None]
        names, rows = _rows_by_x(traces)
        key = "round" if any(t.get("customdata") is not None for t in traces) else (
            x_name or "x")
        head = [key, *names]
        what = f"{', '.join(names)} by {key}" if names else "no data"
    caption = f"{title}: {what}" + (f" ({y_name})" if y_name and "grid" not in what else "")
    return (f"<div class='rftg-chart-words'><p class='rftg-chart-caption'>{html.escape(caption)}"
            f".</p><details><summary>The chart's data as a table</summary>"
            f"{_table(head, rows, caption)}</details></div>")


def chart_outputs(fig: Any, bundle: dict[str, Any] | None = None) -> tuple[dict[str, Any], ...]:
    """The outputs that show a chart: the figure (``bundle``, or plotly's own), then its words."""
    return ({"output_type": "display_data", "data": bundle or mime_bundle(fig), "metadata": {}},
            {"output_type": "display_data",
             "data": {"text/html": words_html(fig), "text/plain": _plain(
                 fig.layout.title.text if hasattr(fig, "layout") else "")},
             "metadata": {}})
