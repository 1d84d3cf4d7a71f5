"""A finished game with its review as one HTML file that opens in any browser, with no server
and nothing loaded from anywhere: ``share_html(save, review)``.

The file holds the board at each key moment of the review (and at the end), drawn by the
board's own page script from the state the replay builds for that stop, with no kernel
behind it (a stand-in for the widget's model answers its reads; nothing can be clicked but a
card's text); the charts of the game and the review's chance of winning, with plotly.js
inside the file; the review's key moments in words; and the game log. Every text that came
from a person or a file (names, custom cards) is escaped, and the data the page script reads
sits in a JSON block that cannot close its own script element.
"""

from __future__ import annotations

import html
import json
from typing import Any

import plotly.graph_objects as go

from rftg_nb.history.checks import check_review
from rftg_nb.history.review import key_moments, moment_line
from rftg_nb.ui.board import HERE, board_module
from rftg_nb.ui.faces import catalogue
from rftg_nb.ui.history_charts import review_figure, review_frame
from rftg_nb.ui.log_view import LOG_STYLE, log_html
from rftg_nb.ui.replay_app import ReplayApp

PAGE_STYLE = """
body { font-family: system-ui, sans-serif; margin: 16px auto; max-width: 1400px; color: #1d1d1d;
       background: #fff; padding: 0 12px; }
h1 { font-size: 1.5em; margin: 4px 0; } h2 { font-size: 1.2em; margin: 18px 0 4px; }
.rs-moment { margin: 14px 0 24px; } .rs-moment > p { margin: 4px 0; }
.rs-log { max-height: 480px; overflow: auto; border: 1px solid #ccc; }
.rs-note { color: #555; }
"""


def _json_block(data: Any) -> str:
    """JSON safe inside a script element: no ``<`` (so no ``</script>``), ``&`` or line
    separators as they are."""
    text = json.dumps(data, ensure_ascii=False)
    for bad, good in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                      ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(bad, good)
    return text


def _figure_html(fig: go.Figure, first: bool) -> str:
    return fig.to_html(full_html=False, include_plotlyjs=bool(first),
                       config={"displaylogo": False, "responsive": True})


def share_html(save: str | dict[str, Any], review: dict[str, Any] | None = None,
               title: str = "") -> str:
    """The game of ``save`` (finished or not) with ``review`` (from
    :func:`rftg_nb.history.review.review`, or None) as one self-contained HTML page. A review
    is checked against the game first (:func:`rftg_nb.history.checks.check_review`): one that
    is not a review of it raises :class:`rftg_nb.history.review.ReviewError`."""

    app = ReplayApp(save, title=title)
    game = app.replay.game
    if review is not None:
        review = check_review(review, game)
    app.set_review(review)
    heading = title or ("A solitaire game against the robot" if app.solo
                        else f"A game of {len(game.players)} players")
    moments = key_moments(review) if review else []
    shown: list[tuple[str, dict[str, Any]]] = []
    for m in moments:
        app.seek(int(m["stop"]))
        shown.append((moment_line(m), app.state()))
    app.seek(len(app.replay) - 1)
    end_state = app.state()
    shown.append(("The end of the game." if game.is_over else "Where the game was kept.",
                  end_state))
    for _line, st in shown:
        st["static"] = True  # drawn without its bar: nothing moves in a file
    data = {"faces": catalogue(game.db.designs), "info": app.info(),
            "meta": app.board_meta(), "states": [st for _line, st in shown]}
    figures: list[go.Figure] = []
    if review:
        res = review["result"]
        outcome = None
        if res["over"]:
            outcome = (0.5 if res["shared"] else 1.0) if res["you_won"] else 0.0
        figures.append(review_figure(review_frame(review), outcome))
    timeline = app.timeline()
    if len(timeline):
        figures += [fn(timeline) for fn in app.charts_drawn.values()]
    charts = "".join(f"<div class='rs-chart'>{_figure_html(f, i == 0)}</div>"
                     for i, f in enumerate(figures))
    scores = ", ".join(f"{html.escape(s)} {n}" for s, n in zip(game.sides(), game.scores(),
                                                                strict=True))
    parts = [f"<h1>{html.escape(heading)}</h1>",
             f"<p>Seed {int(game.seed)}; {len(game.choices)} decisions; round {game.round}; "
             f"{'final' if game.is_over else 'so far'}: {scores}.</p>"]
    if review:
        parts.append(f"<p class='rs-note'>Reviewed by the strong AI on "
                     f"{html.escape(str(review['deals']))} "
                     "sampled deals a decision: the chance of winning after your answer and "
                     "after the AI's.</p>")
    parts.append("<h2>Charts</h2>" + charts if charts else "")
    parts.append("<h2>" + ("The key moments" if moments else "The board") + "</h2>")
    for i, (line, _st) in enumerate(shown):
        parts.append(f"<section class='rs-moment'><p>{html.escape(line)}</p>"
                     f"<div class='rs-board' id='rs-board-{i}'></div></section>")
    log = app.log_table(None, None)
    parts.append("<h2>The game log</h2><div class='rs-log'>" + LOG_STYLE + log_html(log)
                 + "</div>")
    module = board_module().replace("export default { render };",
                                    "const RFTG_BOARD = { render };")
    if "const RFTG_BOARD" not in module:
        raise RuntimeError("the board module no longer ends in its default export")
    script = module + """
const DATA = JSON.parse(document.getElementById("rs-data").textContent);
DATA.states.forEach((state, i) => {
  const traits = { faces: DATA.faces, info: DATA.info, meta: DATA.meta, state };
  const model = { get: (k) => traits[k], on() {}, off() {}, send() {} };
  RFTG_BOARD.render({ model, el: document.getElementById(`rs-board-${i}`) });
});
"""
    css = (HERE / "board.css").read_text(encoding="utf-8")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(heading)}</title>"
            f"<style>{PAGE_STYLE}{css}</style></head><body>"
            + "".join(parts)
            + f"<script type='application/json' id='rs-data'>{_json_block(data)}</script>"
            f"<script type='module'>{script}</script></body></html>")


__all__ = ["share_html"]
