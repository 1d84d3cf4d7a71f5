"""The Games tab of the history page: the games in a table you sort and filter, a page of rows
at a time (sorted, filtered and cut into pages by SQL, so that 10,000 games draw as fast as
ten), and the game menu under it, with each game's save to download or the game to delete.
Every cell of the table is escaped: a seat's name or a custom start world is shown as text."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pandas as pd

from rftg_nb import history
from rftg_nb.history.store import TABLE
from rftg_nb.ui.charts import shorten
from rftg_nb.ui.history_part import HistoryPart

#: the table's columns as shown, in order, with their headings
SHOWN = {"id": "game", "saved": "when (UTC)", "status": "status", "mode": "kind",
         "difficulty": "difficulty", "seats": "seats", "starts": "start worlds",
         "scores": "scores", "winners": "won by", "rounds": "rounds", "ended": "how it ended"}
#: the orders offered, and the history's name of each (rftg_nb.history.store.ORDERS)
SORTS = {"newest first": "newest", "oldest first": "oldest",
         "your score, best first": "best score", "rounds, fewest first": "fewest rounds"}
#: games a page of the table shows
PAGE = 50
ALL = "any"
MAX_FILTER_TEXT = 200  # characters of the text filter the kernel reads
#: characters of the seats' names a game's line in the menu shows (the table row has them all)
LABEL_SEATS = 40


class GamesTable(HistoryPart):
    """The games table, its filters, its pages and the game menu under it."""

    #: the filters' values (:data:`ALL`: any), by the history's name of each
    filters: dict[str, str]
    #: the order shown (one of :data:`SORTS`)
    sort: str
    #: games the filters keep
    total: int
    #: the page is being drawn: the menus' changes redraw nothing
    _drawing: bool

    def _build_games(self) -> None:
        """The filters, the table, its page buttons and the game menu (laid out by the
        page)."""
        self.w_mode = w.Dropdown(options=[ALL], description="kind")
        self.w_difficulty = w.Dropdown(options=[ALL], description="difficulty")
        self.w_robot = w.Dropdown(options=[ALL], description="robot's start")
        self.w_status = w.Dropdown(options=[ALL, "finished", "unfinished"],
                                   description="status")
        self.w_text = w.Text(placeholder="a seat's name or a start world",
                             description="contains")
        self.w_sort = w.Dropdown(options=list(SORTS), value=self.sort, description="order")
        for widget, key in ((self.w_mode, "mode"), (self.w_difficulty, "difficulty"),
                            (self.w_robot, "robot_start"), (self.w_status, "status"),
                            (self.w_text, "text")):
            widget.observe(self._filter_changed(key), names="value")
        self.w_sort.observe(self._sort_changed, names="value")
        self.table = w.HTML()
        self.pick = w.Dropdown(description="game", layout=w.Layout(width="560px",
                                                                   max_width="100%"))
        self.download_one = w.HTML()
        self.pick.observe(lambda _c: (self._draw_download(), self._draw_resume()), names="value")
        self.delete_button = w.Button(description="Delete this game")
        self.delete_button.on_click(lambda _b: self._act(self.delete, self.pick.value))
        self.previous_page = w.Button(description="Previous page", layout=w.Layout(width="auto"))
        self.previous_page.on_click(lambda _b: self._act(self.turn_page, -1))
        self.next_page = w.Button(description="Next page", layout=w.Layout(width="auto"))
        self.next_page.on_click(lambda _b: self._act(self.turn_page, 1))
        self.page_text = w.HTML()
        self.page_text.add_class("rh-page")

    def all_games(self) -> pd.DataFrame:
        """Every game (:meth:`rftg_nb.history.History.table`)."""
        return self.history.table()

    def _query(self) -> dict[str, Any]:
        """The filters and the order as the history's :meth:`~rftg_nb.history.History.page`
        takes them."""
        f = self.filters
        return {"mode": None if f["mode"] == ALL else f["mode"],
                "difficulty": None if f["difficulty"] == ALL else f["difficulty"],
                "robot_start": None if f["robot_start"] == ALL else f["robot_start"],
                "status": None if f["status"] == ALL else f["status"], "text": f["text"],
                "order": SORTS[self.sort]}

    def games(self) -> pd.DataFrame:
        """The page of games shown: those the filters keep, in the chosen order, :data:`PAGE`
        of them from :attr:`offset` (:attr:`total` says how many the filters keep)."""
        try:
            df, self.total = self.history.page(offset=self.offset, limit=PAGE, **self._query())
        except history.HistoryError as e:  # busy past the wait, or not readable
            self.message = str(e)
            df, self.total = _empty(), 0
        if df.empty and self.offset and self.total:  # the page emptied: show the last one
            self.offset = max(0, (self.total - 1) // PAGE * PAGE)
            return self.games()
        return df

    def table_html(self, df: pd.DataFrame) -> str:
        """The page of games ``df`` as an HTML table (every cell escaped), or why there is
        none."""
        if df.empty:
            return ("<p class='rh-empty'><i>No games yet: every game you play on the play and "
                    "table pages is kept here.</i></p>" if not self.filtered() else
                    "<p class='rh-empty'><i>No game matches these filters.</i></p>")
        shown = df[list(SHOWN)].rename(columns=SHOWN).copy()
        shown["when (UTC)"] = [t.strftime("%Y-%m-%d %H:%M") if pd.notna(t) else ""
                               for t in df["saved"]]
        shown["difficulty"] = shown["difficulty"].fillna("")
        shown["status"] = [f"damaged ({d})" if d else s
                           for s, d in zip(df["status"], df["damaged"], strict=True)]
        # the page of games scrolls in a region of its own that the keyboard reaches (Tab to
        # it, then the arrow keys scroll), its column names kept in view
        return ("<style>.rh-games-scroll thead th {position: sticky; top: 0; "
                "background: var(--jp-layout-color1, white)}</style>"
                "<div class='rh-games-scroll' tabindex='0' role='region' aria-label='the "
                "games of this page' style='max-height:420px; overflow:auto'>"
                + shown.to_html(index=False, escape=True, classes="rh-games", border=0)
                + "</div>")

    def filtered(self) -> bool:
        """Whether a filter keeps fewer games than all."""
        return any(self.filters[k] != ALL for k in ("mode", "difficulty", "robot_start",
                                                     "status")) or bool(self.filters["text"])

    def turn_page(self, by: int) -> None:
        """Show the next (``by`` 1) or the previous (-1) page of games."""
        self.offset = max(0, self.offset + by * PAGE)
        if self.offset >= self.total:
            self.offset = max(0, (self.total - 1) // PAGE * PAGE)
        self.refresh()

    def delete(self, game_id: int) -> None:
        self.history.delete(game_id)
        self.message = f"Game {game_id} deleted."

    def _filter_changed(self, key: str) -> Callable[[Any], None]:
        def changed(change: Any) -> None:
            self.filters[key] = str(change["new"])[:MAX_FILTER_TEXT]  # whatever a client sends
            if not self._drawing:
                self.offset = 0
                self.refresh()
        return changed

    def _sort_changed(self, change: Any) -> None:
        self.sort = str(change["new"])
        if not self._drawing:
            self.offset = 0
            self.refresh()

    def _draw_menus(self) -> None:
        """The filters' menus offer the values the history holds (a value gone: any)."""
        for widget, column in ((self.w_mode, "mode"), (self.w_difficulty, "difficulty"),
                               (self.w_robot, "robot_start")):
            try:
                choices = [ALL, *self.history.choices(column)]
            except history.HistoryError:
                choices = [ALL]
            if list(widget.options) != choices:
                keep = widget.value if widget.value in choices else ALL
                widget.options = choices
                widget.value = keep
                self.filters[column] = keep

    def _draw_games(self, df: pd.DataFrame) -> None:
        """The table of the page of games ``df``, its page buttons and the game menu."""
        self.table.value = self.table_html(df)
        first = self.offset + 1 if len(df) else 0
        # the buttons before the words, so a page that says "Games 51-100" can go back
        self.previous_page.layout.display = self.next_page.layout.display = (
            None if self.total > PAGE else "none")
        self.previous_page.disabled = self.offset == 0
        self.next_page.disabled = self.offset + len(df) >= self.total
        self.page_text.value = (f"<span>Games {first:,}-{self.offset + len(df):,} of "
                                f"{self.total:,}</span>" if self.total > PAGE else "")
        labels = [(_label(r), int(r.id)) for r in df.itertuples()]
        keep = self.pick.value if self.pick.value in [v for _, v in labels] else None
        self.pick.options = labels
        self.pick.value = keep if keep is not None else (labels[0][1] if labels else None)
        self._draw_download()
        self.delete_button.disabled = not labels

    def _draw_download(self) -> None:
        """The link to download the picked game's save (none for a damaged save)."""
        gid = self.pick.value
        self.download_one.value = ""
        if gid is None:
            return
        try:
            row = self.history.row(gid)
        except history.HistoryError:
            return
        if row.damaged and "save" in row.damaged:
            return
        self.download_one.value = (f"<a class='rh-download' download='rftg-game-{gid}.json' "
                                   f"href='data:application/json;base64,{_b64(row.save)}'>"
                                   "Download its save</a>")


def _empty() -> pd.DataFrame:
    """A page of the table with no games."""
    return pd.DataFrame([], columns=list(TABLE))


def _label(r: Any) -> str:
    """A game's line in the game menu, short enough to be read whole in it."""
    kind = r.mode if r.mode != "solitaire" else f"solitaire, {r.difficulty}"
    return f"{r.id}: {kind}, {shorten(str(r.seats), LABEL_SEATS)}, {r.scores} ({r.status})"


def _b64(text: str) -> str:
    """``text`` (UTF-8) in base64, for a data: link."""
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


__all__ = ["ALL", "LABEL_SEATS", "MAX_FILTER_TEXT", "PAGE", "SHOWN", "SORTS", "GamesTable"]
