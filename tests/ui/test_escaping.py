"""Strings from people and files reach the pages as text: the checks that need no browser
(plotly figures, the HTML of the widgets). tests/browser/test_hostile.py drives the pages."""

from __future__ import annotations

import html
import json
import random

import pytest

from rftg_nb.cards.custom import check_designs
from rftg_nb.players import random_pick
from rftg_nb.ui.charts import plot_text, table_scores_figure
from rftg_nb.ui.designer import DesignerController
from rftg_nb.ui.designer_app import DesignerApp
from rftg_nb.ui.faces import catalogue
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_app import TableApp
from rftg_nb.ui.table_seats import TableSettings

IMG = "<img src=x onerror=__pwned=1>"
PLOTLY = "<b>Bo</b><a href=https://x.test>ld</a>"
TEMPLATE = 'Cy "%{y}" 100%'  # a plotly template field, quotes and a per cent sign
NAMES = [IMG, PLOTLY, TEMPLATE]
MARKUP = ("<img", "<b>", "<a ", "<svg", "<script")


def _table(names: list[str] = NAMES) -> TableController:
    c = TableController()
    c.new_game(TableSettings(3, names, [False, False, True], seed=4, level="random"))
    assert c.game is not None, c.status.text
    rng = random.Random(0)
    while c.game.round < 3 and c.game.decision is not None:
        if c.pending_pass:
            c.confirm_seat()
        assert c.answer(random_pick(c.game.decision, rng)), c.status.text
    return c


def _plotly_shows(text: str) -> str:
    """What plotly.js shows for a label: its entities turned back into characters."""
    return html.unescape(text)


@pytest.mark.parametrize("text", [IMG, PLOTLY, TEMPLATE, "&amp; <", "plain"])
def test_plot_text_keeps_the_text_and_no_markup(text):
    shown = plot_text(text)
    assert "<" not in shown and "%" not in shown and "&quot;" not in shown
    assert _plotly_shows(shown) == text


def test_the_table_chart_names_players_as_text():
    fig = table_scores_figure(_table().timeline())
    lines = [t for t in fig.data if t.showlegend is not False]
    assert [_plotly_shows(t.name) for t in lines] == NAMES
    for t in fig.data:
        assert not any(m in t.name for m in MARKUP), t.name
        assert "&quot;" not in t.hovertemplate
        # the only template fields are the chart's own, whatever the name holds
        assert t.hovertemplate.count("%{") == 2, t.hovertemplate  # %{y} and %{text}
        assert all(not any(m in x for m in MARKUP) for x in t.text)


def test_the_table_log_and_its_menu_show_names_as_text():
    app = TableApp(_table())
    app.tabs.selected_index = 2  # the log
    app.refresh_log(force=True)
    assert IMG not in app.log.value and html.escape(IMG) in app.log.value
    labels = [label for label, _ in app.log_actor.options]
    assert set(NAMES) <= set(labels)  # a menu's labels are text, not HTML


def test_card_faces_escape_names_and_scoring_lines():
    designs = check_designs([
        {"name": IMG, "type": "world", "cost": 1, "vp": 1},
        {"name": PLOTLY, "type": "development", "cost": 6, "vp": 0,
         "bonuses": [{"vp": 1, "for": "NAME", "name": IMG}]}])
    faces = catalogue({d.name: d for d in designs})
    for d in designs:
        face = faces[d.name]["html"]
        assert d.name not in face and html.escape(d.name) in face
        assert "<img" not in face and "<a " not in face
    assert html.escape(IMG) in faces[PLOTLY]["html"]  # the scoring line names IMG
    assert faces[IMG]["text"].startswith(IMG)  # the text is plain: the board escapes it


def test_the_designer_shows_names_and_refusals_as_text():
    app = DesignerApp()
    app.name.value = IMG
    app.keep_button.click()
    assert IMG not in app.preview.value and IMG not in app.status.value
    assert html.escape(IMG) in app.status.value
    text = json.dumps({"format": IMG, "version": 1, "designs": []})
    assert not app.c.load_json(text)
    app.refresh()
    assert IMG not in app.status.value and html.escape(repr(IMG)) in app.status.value
    assert [x["name"] for x in app.c.designs] == [IMG]


def test_the_designer_refuses_a_file_nested_too_deep():
    c = DesignerController(designs=[{"name": "Kept", "type": "world", "cost": 1, "vp": 1}])
    for text in ("[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000):
        assert not c.load_json(text)
        assert c.status.error and "nested too deep" in c.status.text
    assert [d["name"] for d in c.designs] == ["Kept"]


def test_the_lab_shows_a_failed_run_as_text(monkeypatch):
    import rftg_nb.ui.lab_app as lab_app

    app = lab_app.LabApp(run_now=False, threaded=False)

    def fails(*args, **kwargs) -> None:
        raise ValueError(IMG)

    monkeypatch.setattr(lab_app, "simulate", fails)
    app.world_button.click()
    assert IMG not in app.message.value and html.escape(IMG) in app.message.value
    assert not any(b.disabled for b in app.buttons)
