"""``DesignerApp``: the card designer page, ipywidgets over :class:`DesignerController`.

A form for one world or development, its problems shown next to the field at fault, a live
preview drawn with the board's card faces, the set of finished cards (kept, edited again,
removed, downloaded as a JSON file and loaded from one) and "Play with these cards": a
solitaire game on the dashboard's board with the set shuffled into the deck.
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from rftg_nb.cards import GOODS
from rftg_nb.cards.custom_powers import known_powers
from rftg_nb.cards.text import ROMAN
from rftg_nb.ui.app import SoloApp
from rftg_nb.ui.controller import NewGameSettings, SoloController, custom_set_words
from rftg_nb.ui.designer import (
    BONUS_CHOICES,
    DESIGN_FLAGS,
    DesignerController,
    bonus_text,
    is_six_cost,
    power_choices,
    power_fields,
)
from rftg_nb.ui.faces import FLAG_LABELS
from rftg_nb.ui.file_button import FileButton
from rftg_nb.ui.page_css import PAGE_CSS

CSS = (Path(__file__).parent / "board.css").read_text(encoding="utf-8")
STYLE = """<style>
.rftg-designer .rd-error { color: #b3261e; font-weight: 600; font-size: 12.5px; }
.rftg-designer .rd-preview .rf-face { width: 150px; height: 150px; font-size: 12px; }
.rftg-designer .rd-preview .rf-name { font-size: 12.5px; }
.rftg-designer .rd-text { white-space: pre-line; font-size: 13px; margin-top: 6px; }
.rftg-designer .rd-problem { color: #b3261e; font-weight: 600; }
</style>"""
KINDS = [("world", "world"), ("development", "development")]
INTRO = ("<h1 style='margin:4px 0;font-size:20px'>Card designer</h1>"
         "<p style='margin:0 0 6px'>Fill in a blank "
         "card: a world or a development, with any of the engine's powers. A problem shows in "
         "red next to its field; the preview is the card as the board draws it. Keep finished "
         "cards in the set, download the set as a file to use it again (here, on the cards "
         "page or in Python), and play a solitaire game with the set shuffled in.</p>")


def _error_label() -> w.HTML:
    box = w.HTML()
    box.add_class("rd-error")
    return box


class DesignerApp:
    """The designer. ``DesignerApp().show()`` in a notebook cell (or a Voila page)."""

    def __init__(self, controller: DesignerController | None = None) -> None:
        self.c = controller or DesignerController()
        self.game_app: Any = None  # the solitaire board of "Play with these cards"
        self._quiet = False  # set while the widgets are filled from the draft
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        lay = w.Layout
        self.name = w.Text(description="Name", placeholder="the card's name")
        self.kind = w.ToggleButtons(options=KINDS, description="Card",
                                    style={"description_width": "initial"})
        # plain IntText, not BoundedIntText: a bounded one would clamp what is typed (-2 to
        # its minimum) before the check could quote it; the check says what is allowed
        self.cost = w.IntText(description="Cost", layout=lay(width="170px"))
        self.vp = w.IntText(description="VP", layout=lay(width="150px"))
        self.six_vp = w.HTML("<span style='line-height:28px' title='a 6-cost development "
                             "scores by its lines'>VP <b>?</b> (its scoring lines below)</span>",
                             layout=lay(width="auto", margin="0 8px"))
        self.copies = w.IntText(description="Copies", layout=lay(width="170px"))
        # "" for no good: a Dropdown reads the value None as "nothing selected"
        self.good = w.Dropdown(options=[("none", ""), *((g.capitalize(), g)
                                                           for g in sorted(GOODS))],
                               description="Good")
        self.windfall = w.Checkbox(description="windfall (no Produce: goods come from powers)",
                                   indent=False, layout=lay(width="auto"))
        self.military = w.Checkbox(description="military world (its cost is its defence)",
                                   indent=False, layout=lay(width="auto"))
        self.flags = {f: w.Checkbox(description=FLAG_LABELS.get(f, f), indent=False,
                                    layout=lay(width="auto")) for f in DESIGN_FLAGS}
        self.errors = {k: _error_label() for k in
                       ("name", "type", "cost", "vp", "copies", "good", "windfall", "military",
                        "flags", "powers", "bonuses", "")}
        self.power_rows = w.VBox()
        self.add_power_menu = w.Dropdown(options=power_choices(), description="Power",
                                         layout=lay(width="430px"))
        self.add_power_button = w.Button(description="+ Add power")
        self.bonus_rows = w.VBox()
        self.add_bonus_menu = w.Dropdown(
            options=[(bonus_text(code), code) for code in BONUS_CHOICES],
            description="Scores", layout=lay(width="430px"))
        self.add_bonus_button = w.Button(description="+ Add scoring line")
        self.world_box = w.VBox([w.HBox([self.good, self.errors["good"]]),
                                 w.HBox([self.windfall, self.errors["windfall"]]),
                                 w.HBox([self.military, self.errors["military"]])])
        self.bonus_box = w.VBox([
            w.HTML("<b>6-cost scoring</b> (a 6-cost development scores these at game end)"),
            self.bonus_rows, w.HBox([self.add_bonus_menu, self.add_bonus_button]),
            self.errors["bonuses"]])
        form = w.VBox([
            w.HBox([self.name, self.errors["name"]]),
            w.HBox([self.kind, self.errors["type"]]),
            w.HBox([self.cost, self.vp, self.six_vp, self.copies]),
            w.HBox([self.errors["cost"], self.errors["vp"], self.errors["copies"]]),
            self.world_box,
            w.HTML("<b>Flags</b>"), w.HBox(list(self.flags.values()),
                                          layout=lay(flex_flow="row wrap")),
            self.errors["flags"],
            w.HTML("<b>Powers</b> (the engine's powers, by phase; set the number of each one "
                   "that takes a number)"),
            self.power_rows, w.HBox([self.add_power_menu, self.add_power_button]),
            self.errors["powers"],
            self.bonus_box,
        ], layout=lay(flex="0 1 700px"))
        self.preview = w.HTML(layout=lay(width="330px"))
        self.preview.add_class("rd-preview")
        self.keep_button = w.Button(description="✓ Keep this card in the set",
                                    button_style="success")
        self.new_world = w.Button(description="New world")
        self.new_dev = w.Button(description="New development")
        self.status = w.HTML()
        self.set_list = w.Select(description="The set", rows=5, layout=lay(width="360px"))
        self.edit_button = w.Button(description="Edit")
        self.delete_button = w.Button(description="Remove", button_style="danger")
        self.download = w.HTML()
        self.upload = FileButton(on_file=self._uploaded, label="Load a set from a file",
                                 hint="a JSON file of custom cards, as downloaded here",
                                 accept=".json,application/json")
        self.play_button = w.Button(description="▶ Play with these cards",
                                    button_style="primary")
        self.game_box = w.VBox()
        for b in (self.keep_button, self.new_world, self.new_dev, self.play_button,
                  self.add_power_button, self.add_bonus_button, self.edit_button,
                  self.delete_button):
            b.layout.width = "auto"
        self.root = w.VBox([
            w.HTML(PAGE_CSS + STYLE + f"<style>{CSS}</style>" + INTRO),
            w.HBox([form, w.VBox([w.HTML("<b>Preview</b>"), self.preview])],
                   layout=lay(flex_flow="row wrap", grid_gap="12px")),
            w.HBox([self.keep_button, self.new_world, self.new_dev]),
            self.status,
            w.HBox([self.set_list, w.VBox([self.edit_button, self.delete_button])]),
            w.HBox([self.download, self.upload, self.play_button]),
            self.game_box,
        ])
        self.root.add_class("rftg-designer")
        # wiring
        for key, widget in (("name", self.name), ("type", self.kind), ("cost", self.cost),
                            ("vp", self.vp), ("copies", self.copies), ("good", self.good),
                            ("windfall", self.windfall), ("military", self.military)):
            widget.observe(lambda ch, k=key: self._changed(k, ch["new"]), names="value")
        for widget in self.flags.values():
            widget.observe(lambda _ch: self._flags_changed(), names="value")
        self.add_power_button.on_click(lambda _b: self.on_add_power())
        self.add_bonus_button.on_click(lambda _b: self.on_add_bonus())
        self.keep_button.on_click(lambda _b: self.on_keep())
        self.new_world.on_click(lambda _b: self.on_new("world"))
        self.new_dev.on_click(lambda _b: self.on_new("development"))
        self.edit_button.on_click(lambda _b: self.on_edit())
        self.delete_button.on_click(lambda _b: self.on_delete())
        self.play_button.on_click(lambda _b: self.on_play())

    def show(self) -> w.VBox:
        from IPython.display import display

        display(self.root)
        return self.root

    # ------------------------------------------------------------------ events
    def _changed(self, key: str, value: Any) -> None:
        if self._quiet:
            return
        if key == "good":
            value = value or None
        self.c.set(key, value)
        self.refresh(rows=key == "type")

    def _flags_changed(self) -> None:
        if self._quiet:
            return
        self.c.set("flags", [f for f, box in self.flags.items() if box.value])
        self.refresh(rows=False)

    def on_add_power(self) -> None:
        phase, code = self.add_power_menu.value
        self.c.add_power(phase, code)
        self.refresh()

    def on_add_bonus(self) -> None:
        self.c.add_bonus(self.add_bonus_menu.value)
        self.refresh()

    def on_keep(self) -> None:
        self.c.keep()
        self.refresh()

    def on_new(self, kind: str) -> None:
        self.c.new_card(kind)
        self.refresh()

    def on_edit(self) -> None:
        if self.set_list.value is not None:
            self.c.edit(self.set_list.value)
            self.refresh()

    def on_delete(self) -> None:
        if self.set_list.value is not None:
            self.c.delete(self.set_list.value)
            self.refresh()

    def _uploaded(self, _name: str, content: bytes, size: int) -> None:
        """A file chosen with the load button: its set replaces the one here, or is refused
        naming the card and field (the set is kept)."""
        self.c.load_upload(content, size)
        self.refresh()

    def on_play(self) -> None:
        """A solitaire game on the dashboard's board with the set shuffled into the deck."""

        if not self.c.designs:
            self.c.status.text, self.c.status.error = (
                "Keep at least one card in the set first.", True)
            self.refresh(rows=False)
            return
        board = SoloController()
        board.new_game(NewGameSettings(custom_cards=self.c.normalized()))
        if board.game is None:
            self.c.status.text, self.c.status.error = board.status.text, True
            self.refresh(rows=False)
            return
        self.game_app = SoloApp(board)
        self.game_box.children = [self.game_app.root]
        self.c.status.text, self.c.status.error = (
            f"A solitaire game with your {custom_set_words(self.c.designs)} shuffled in: "
            "scroll down to play.", False)
        self.refresh(rows=False)

    # ------------------------------------------------------------------ drawing
    def refresh(self, rows: bool = True) -> None:
        """Fill the form from the draft, mark the field at fault and redraw the preview."""
        c = self.c
        d = c.draft
        self._quiet = True
        try:
            for widget, key in ((self.name, "name"), (self.kind, "type"), (self.cost, "cost"),
                                (self.vp, "vp"), (self.copies, "copies"), (self.good, "good"),
                                (self.windfall, "windfall"), (self.military, "military")):
                value = (d[key] or "") if key == "good" else d[key]
                if widget.value != value:
                    widget.value = value
            for f, box in self.flags.items():
                box.value = f in d["flags"]
        finally:
            self._quiet = False
        world = d["type"] == "world"
        self.world_box.layout.display = "" if world else "none"
        self.cost.description = "Defence" if world and d["military"] else "Cost"
        six = is_six_cost(d)
        self.bonus_box.layout.display = "" if six or d["bonuses"] else "none"
        # a 6-cost development's VP are its scoring lines ("?" on the card, 0 in the file)
        self.vp.layout.display = "none" if six and d["vp"] == 0 else ""
        self.six_vp.layout.display = "" if six and d["vp"] == 0 else "none"
        if rows:
            self._rows()
        problem = c.problem()
        # the one label that shows the problem: its row's for a power or a scoring line,
        # else its field's. Each label is given its final value once: a value set and then
        # cleared in the same redraw still reaches the page, which showed it twice meanwhile
        shown: Any = None
        if problem is not None:
            lists = {"powers": self.power_rows, "bonuses": self.bonus_rows}
            where = problem.field.split("[")[0].split(".")[0]
            index = problem.field[len(where) + 1:].split("]")[0]
            if where in lists and problem.field.startswith(f"{where}[") and index.isdigit() \
                    and int(index) < len(lists[where].children):
                shown = lists[where].children[int(index)].children[-1]
            else:
                shown = self.errors.get(where, self.errors[""])
        labels = [*self.errors.values(), *(row.children[-1] for row in
                                          (*self.power_rows.children, *self.bonus_rows.children))]
        for label in labels:
            value = escape(problem.text) if label is shown and problem is not None else ""
            if label.value != value:
                label.value = value
        p = c.preview() if problem is None else None  # the set is checked once a redraw
        self.preview.value = (
            f"<div class='rftg-board' style='border:none;padding:0;background:none'>"
            f"{p['face']}<div class='rd-text'>{escape(p['text'])}</div></div>"
            if p and p["face"] else
            # the problem itself shows once, by its field
            "<div class='rd-problem'>Fix the field marked in red to see the card.</div>")
        self.keep_button.disabled = problem is not None
        self.keep_button.description = ("Save the changes to this card" if c.editing is not None
                                        else "Keep this card in the set")
        self.status.value = (f"<span class='{'rd-error' if c.status.error else ''}' "
                             f"role='status'>{escape(c.status.text)}</span>")
        options = [(x.get("name", "?"), i) for i, x in enumerate(c.designs)]
        if list(self.set_list.options) != options:
            self.set_list.options = options
        self.play_button.disabled = not c.designs
        self.download.value = self._download_link()

    def _rows(self) -> None:
        d = self.c.draft
        known = {(k["phase"], k["code"]): k for k in known_powers()}

        rows = []
        for i, p in enumerate(d["powers"]):
            k = known.get((p["phase"], p["code"]), {"text": p["code"]})
            parts: list[w.Widget] = [
                w.HTML(f"<b>{ROMAN.get(p['phase'], '?')}</b> {escape(k['text'])}",
                       layout=w.Layout(width="300px"))]
            numbers = power_fields(p["phase"], p["code"])
            # a number the power takes, or one it does not take but holds (from a file), so
            # the check's complaint about it can be fixed here
            for key, label, width in (("value", "number", "150px"), ("times", "times", "140px")):
                if key in numbers or p.get(key):
                    box = w.IntText(value=p[key], description=label,
                                    layout=w.Layout(width=width))
                    box.observe(lambda ch, i=i, key=key: self._power(i, key, ch["new"]),
                                names="value")
                    parts.append(box)
                elif key == "value":  # an empty space, so the rows' buttons line up
                    parts.append(w.HTML(layout=w.Layout(width=width)))
            rows.append(w.HBox([*parts, self._trash("powers", i), _error_label()]))
        self.power_rows.children = rows
        rows = []
        for i, b in enumerate(d["bonuses"]):
            vp = w.IntText(value=b["vp"], description="VP", layout=w.Layout(width="130px"))
            vp.observe(lambda ch, i=i: self._bonus(i, "vp", ch["new"]), names="value")
            what = bonus_text(b["for"], 1, b.get("name")).split(" per ", 1)[-1]
            parts = [w.HTML(escape(f"per {what}"), layout=w.Layout(width="260px")), vp]
            if b["for"] == "NAME":
                name = w.Text(value=b.get("name", ""), placeholder="a card's name",
                              layout=w.Layout(width="200px"))
                name.observe(lambda ch, i=i: self._bonus(i, "name", ch["new"]), names="value")
                parts.append(name)
            rows.append(w.HBox([*parts, self._trash("bonuses", i), _error_label()]))
        self.bonus_rows.children = rows

    def _trash(self, what: str, i: int) -> w.Button:
        """The button that removes line ``i`` of the powers or the scoring lines."""
        remove = w.Button(description="✕", tooltip="remove this line",
                          layout=w.Layout(width="40px"))
        remove.on_click(lambda _b: self._remove(what, i))
        return remove

    def _power(self, i: int, key: str, value: int) -> None:
        self.c.set_power(i, key, value)
        self.refresh(rows=False)

    def _bonus(self, i: int, key: str, value: Any) -> None:
        self.c.set_bonus(i, key, value)
        self.refresh(rows=False)

    def _remove(self, what: str, i: int) -> None:
        (self.c.remove_power if what == "powers" else self.c.remove_bonus)(i)
        self.refresh()

    def _download_link(self) -> str:
        if not self.c.designs:
            return "<i>Keep a card to download the set.</i>"
        data = base64.b64encode(self.c.to_json().encode("utf-8")).decode("ascii")
        return (f"<a class='rd-download' download='rftg-custom-cards.json' "
                f"href='data:application/json;base64,{data}'>Download the set (JSON)</a>")


__all__ = ["DesignerApp"]
