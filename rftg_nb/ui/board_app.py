"""``BoardApp``: what every page built on the board shares (the solitaire dashboard, the
lessons and the 2-5 player table).

The board widget shows the game and sends back what the person did; under it a tab bar holds
the help, the charts and the game log, and the charts and the log are drawn only while their
tab is open and only once per game state, so an answer costs a few kilobytes rather than whole
figures. A page says what is its own by overriding a few methods: the board's state, the
charts, the log table, and the messages only it knows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pandas as pd
import plotly.graph_objects as go

from rftg_nb.cards import CARDS
from rftg_nb.engine.saves import MAX_SAVE_BYTES
from rftg_nb.ui.board import Board
from rftg_nb.ui.chart_words import chart_outputs
from rftg_nb.ui.charts import figure_json
from rftg_nb.ui.controller import Status
from rftg_nb.ui.faces import catalogue
from rftg_nb.ui.keeper import Keeper
from rftg_nb.ui.log_view import LOG_STYLE, log_html
from rftg_nb.ui.phases import phase_order, phase_title

PLOTLY_MIME = "application/vnd.plotly.v1+json"
LOG_ROWS = 300
TAB_HELP, TAB_CHARTS, TAB_LOG = 0, 1, 2


class BoardApp:
    """The board, its tabs and the message loop; subclasses supply the game's pieces and
    ``self.c``, their plain-Python controller (``answer``, ``undo``, ``hint``, ``autoplay``,
    ``decision``)."""

    c: Any

    #: chart key -> pure function from the timeline DataFrame to a figure
    charts_drawn: dict[str, Callable[[pd.DataFrame], go.Figure]] = {}
    #: what the charts tab says before there is anything to draw
    charts_wait = ""
    #: whether the page keeps its games in the game history (rftg_nb.history; the lessons'
    #: scripted games are not kept)
    keeps_games = False

    def __init__(self) -> None:
        self.serial = 0  # counts the board states sent (the page marks each one it draws)
        self._charts_key: Any = None
        self._log_key: Any = None
        self._info_for: Any = None  # the game whose fixed facts the board has
        self._faces_of: Any = CARDS  # the card database whose faces the board has
        self.replies: list[dict[str, Any]] = []  # custom messages sent (kept for tests)
        # perf_counter() when the message being handled came in (None between messages)
        self.busy_since: float | None = None
        self._confirm_new: tuple[int, int] | None = None  # (game id, choices) when armed
        self.keeper = Keeper() if self.keeps_games else None
        self._build()

    # ------------------------------------------------------------------ what a page supplies
    def game(self) -> Any:
        """The game on the board (None before one is started)."""
        raise NotImplementedError

    def board_meta(self) -> dict[str, Any]:
        """Sent once per page: the menus of the New game form."""
        return {}

    def help_widgets(self) -> list[w.Widget]:
        """The first tab's content."""
        return []

    def log_actors(self) -> list[tuple[str, str]]:
        """The log's "Who" filter: (label, value) pairs, value "" for everyone."""
        return [("everyone", "")]

    def info(self) -> dict[str, Any]:
        """Sent once per game: what does not change during it."""
        return {}

    def state(self) -> dict[str, Any]:
        """The board's state now (sent on every change)."""
        raise NotImplementedError

    def timeline(self) -> pd.DataFrame:
        """The charts' and the log's data: one row per step the page may show."""
        raise NotImplementedError

    def charts_ready(self) -> bool:
        return True

    def log_table(self, actor: str | None, phase: str | None) -> pd.DataFrame:
        """The log's rows (step, round, phase, actor, text, ...), oldest first."""
        raise NotImplementedError

    def handle(self, what: str, msg: dict[str, Any]) -> bool:
        """A page's own message; True when it was one (the board is then redrawn). Here: the
        computer's help, which every page's controller (``self.c``) offers."""
        if what == "hint":
            self.c.hint()
        elif what == "auto":
            self.c.autoplay("game" if msg.get("until") == "game" else "round")
        else:
            return False
        return True

    def view_key(self) -> Any:
        """Changes whenever what the tabs show may change."""
        g = self.game()
        return (id(g), len(g.choices), len(g.events)) if g is not None else None

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.board = Board(self.on_action, faces=catalogue(CARDS.designs),
                           meta=self.board_meta())
        self.chart_note = w.HTML()
        self.chart_outputs = {key: w.Output(layout=w.Layout(flex="1 1 280px", min_width="0"))
                              for key in self.charts_drawn}
        self.charts = w.VBox([self.chart_note, w.HBox(
            list(self.chart_outputs.values()), layout=w.Layout(flex_flow="row wrap",
                                                                width="100%"))])
        self.log_actor = w.Dropdown(options=self.log_actors(), description="Who")
        self.log_phase = w.Dropdown(options=[("all phases", "")], description="Phase")
        self.log_actor.observe(lambda _c: self.refresh_log(force=True), names="value")
        self.log_phase.observe(lambda _c: self.refresh_log(force=True), names="value")
        self.log = w.HTML(layout=w.Layout(max_height="360px", overflow="auto"))
        self.log_box = w.VBox([w.HBox([self.log_actor, self.log_phase]), self.log])
        self.tabs = w.Tab(children=[w.VBox(self.help_widgets()), self.charts, self.log_box],
                          titles=("How to play", "Charts", "Game log"))
        self.tabs.selected_index = TAB_HELP
        self.tabs.observe(lambda _c: self.refresh_tabs(), names="selected_index")
        self.root = w.VBox([self.board, self.tabs], layout=w.Layout(width="100%"))
        self.root.add_class("rftg-app")

    def show(self) -> w.VBox:
        """Display the app (in a notebook cell) and return its root widget."""
        from IPython.display import display

        display(self.root)
        return self.root

    # ------------------------------------------------------------------ messages
    def on_action(self, msg: dict[str, Any]) -> None:
        """One message from the board (see ``board.js``); unknown ones are ignored.

        The page shows a busy sign from the moment it sends a message that makes the kernel
        compute until the next state comes; a message that leads to no state (ignored, or
        failed) is answered ``{"kind": "idle"}`` so that the sign goes."""
        self.busy_since = time.perf_counter()
        try:
            if not self._act(msg):
                self.reply({"kind": "idle"})
        except Exception:
            self.reply({"kind": "idle"})
            raise
        finally:
            self.busy_since = None

    def _act(self, msg: dict[str, Any]) -> bool:
        """Handle one message; False when it was ignored (no state nor reply was sent)."""
        what = str(msg.get("do"))
        if self.game() is None and what not in ("new", "load"):
            return False  # nothing to act on before a game is started or loaded
        if what == "check":
            self.reply(self.check(list(msg.get("ids") or [])))
            return True
        if what == "save":
            self.reply(self.save())
            return True
        if what == "answer":
            self.answer(list(msg.get("ids") or []))
        elif what == "undo":
            self.undo()
        elif what == "load":
            size = msg.get("size")
            if type(size) is int and size > MAX_SAVE_BYTES:  # the page sent only its start

                self.c.status = Status(
                    f"Could not load that file: it is {size:,} bytes; a save is at most "
                    f"{MAX_SAVE_BYTES:,} bytes (1 MB). The game in play is kept.", True)
            else:
                self.load(str(msg.get("text", "")))
        elif what == "new":
            self.new_game(dict(msg.get("settings") or {}))
        elif not self.handle(what, msg):
            return False
        self.refresh()
        return self.game() is not None  # a state was sent

    def reply(self, content: dict[str, Any]) -> None:
        self.replies.append(content)
        self.board.reply(content)

    def decision(self) -> Any:
        """The question the board shows now (None while there is none)."""
        return self.c.decision

    def check(self, ids: list[str]) -> dict[str, Any]:
        """Whether ``ids`` would be a legal answer to the question shown."""
        d = self.decision()
        if d is None:
            return {"kind": "check", "ids": ids, "ok": False, "why": "no question now"}
        why = d.check(tuple(ids))
        return {"kind": "check", "ids": ids, "ok": why is None, "why": why or ""}

    def answer(self, ids: list[str]) -> bool:
        return bool(self.c.answer(ids))

    def undo(self) -> None:
        self.c.undo()

    def save(self) -> dict[str, Any]:
        raise NotImplementedError

    def load(self, text: str) -> bool:
        raise NotImplementedError

    def new_game(self, form: dict[str, Any]) -> None:
        raise NotImplementedError

    def in_play(self) -> bool:
        """Whether giving up the game on the board would lose a person's play (a new game over
        it asks to be confirmed)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ new game over a game
    def ask_to_confirm(self) -> bool:
        """The first press of New game over a game in play only asks to confirm it: True (and
        the status says so) when this press is that first one; the next press in the same
        position goes ahead."""
        g = self.game()
        if g is None or not self.in_play():
            return False
        here = (id(g), len(g.choices))
        if self._confirm_new == here:
            return False
        self._confirm_new = here
        self.c.status.text, self.c.status.error = (
            "A game is in progress. Press \"Confirm new game\" to give it up (Undo cannot "
            "bring it back; Save keeps a copy), or carry on playing.", True)
        return True

    def confirm_armed(self) -> bool:
        """Whether the New game button now reads "Confirm new game"."""
        g = self.game()
        return g is not None and self._confirm_new == (id(g), len(g.choices))

    def disarm(self) -> None:
        """A game was started or loaded: the next New game asks again."""
        self._confirm_new = None

    # ------------------------------------------------------------------ views
    def refresh(self) -> None:
        g = self.game()
        if g is None:
            return
        self.serial += 1
        if self._info_for is not g:
            self._info_for = g
            db = getattr(g, "db", CARDS)
            if db is not self._faces_of:  # a game with custom cards: their faces too
                self._faces_of = db
                self.board.faces = catalogue(db.designs)
            self.board.info = self.info()
        self.board.state = self.state()
        self.refresh_tabs()
        self.keep()

    def keep(self) -> None:
        """Keep the game in the game history at a new round or its end (after the page's new
        state is sent: a few writes a game, never in the way of an answer); what that has to
        say (a game kept, a history file set aside, a failure) goes to the status line."""
        if self.keeper is None or self.game() is None:
            return
        said = self.keeper.note(self.game(), self.c.key, self.c.save(), self.c.started)
        if said:
            status = self.c.status
            failed = said.startswith("This game could not be kept")
            status.text = f"{status.text} {said}".strip() if status.text else said
            status.error = status.error or failed
            self.serial += 1
            self.board.state = self.state()

    def refresh_tabs(self) -> None:
        """Draw the open tab's charts or log, once per game state."""
        if self.tabs.selected_index == TAB_CHARTS:
            self.refresh_charts()
        elif self.tabs.selected_index == TAB_LOG:
            self.refresh_log()

    def refresh_charts(self, force: bool = False) -> None:
        key = self.view_key()
        if key == self._charts_key and not force:
            return
        self._charts_key = key
        ready = self.game() is not None and self.charts_ready()
        df = self.timeline()
        # data-steps: how many steps the charts show (one point each), for tests
        self.chart_note.value = (f"<span class='rftg-chart-note' data-steps='{len(df)}'>"
                                 + ("" if ready else f"<i>{self.charts_wait}</i>") + "</span>")
        if not ready:
            for out in self.chart_outputs.values():
                out.outputs = ()
            return
        for key_, fn in self.charts_drawn.items():
            fig = fn(df)
            bundle = {PLOTLY_MIME: figure_json(fig), "text/plain": fig.layout.title.text}
            self.chart_outputs[key_].outputs = chart_outputs(fig, bundle)

    def refresh_log(self, force: bool = False) -> None:
        key = (self.view_key(), self.log_actor.value, self.log_phase.value)
        if key == self._log_key and not force:
            return
        self._log_key = key
        df = self.timeline()
        phases = [("all phases", "")] + [(phase_title(p), p)
                                         for p in phase_order(df["phase"] if len(df) else [])]
        if list(self.log_phase.options) != phases:
            keep = self.log_phase.value if self.log_phase.value in dict(phases).values() else ""
            self.log_phase.options = phases
            self.log_phase.value = keep
        table = self.log_table(self.log_actor.value or None, self.log_phase.value or None)
        total = len(table)
        table = table.iloc[::-1].head(LOG_ROWS).copy()
        table["phase"] = table["phase"].map(phase_title)
        note = (f"<i>Newest {LOG_ROWS} of {total} entries; filter by actor or phase to see "
                "older ones.</i>" if total > LOG_ROWS else "")
        self.log.value = (LOG_STYLE + f"<div class='rftg-log-note' data-steps='{len(df)}'>"
                          f"{note}</div>" + log_html(table))


__all__ = ["BoardApp"]
