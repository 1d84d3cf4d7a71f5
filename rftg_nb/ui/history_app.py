"""``HistoryApp``: the history page, every game you played on the play and table pages.

The games in a table you sort and filter, a page of rows at a time (sorted, filtered and cut
into pages by SQL, so that 10,000 games draw as fast as ten), each one's save to download or to
delete; the whole history to download as JSON lines (made when asked, sent in parts) and to
load back (here or on another machine), in batches with a progress bar; and your record against
the robot as charts, drawn when their tab is opened and again only when the games changed: the
win rate by the robot's start world and difficulty with its interval, the score game after game,
your best and your streaks, and, on the same cells, the record of the computer player (the
lab's games, played on demand).

A history that is busy, read only or damaged is said in words at the top (see
:mod:`rftg_nb.history.store`); every action ends in a message there, whatever it met.

Every text in it that came from a person or a file (a seat's name, a custom start world, a
loaded file's problems) is shown as text: the table is HTML with every cell escaped, and chart
labels go through :func:`rftg_nb.ui.charts.plot_text`.
"""

from __future__ import annotations

import base64
import html
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import pandas as pd

from rftg_nb import history
from rftg_nb.history.review import DEALS
from rftg_nb.ui.chart_words import chart_outputs
from rftg_nb.ui.charts import shorten
from rftg_nb.ui.download import Downloader
from rftg_nb.ui.file_button import FileButton
from rftg_nb.ui.history_charts import (
    as_lab_table,
    best_and_streaks,
    record_heatmap,
    score_figure,
    solitaire_finished,
)
from rftg_nb.ui.page_css import PAGE_CSS

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
MAX_IMPORT_BYTES = 50_000_000  # a history file to load: far more games than a person plays
MAX_FILTER_TEXT = 200  # characters of the text filter the kernel reads
#: seconds between two looks at the history's files by a page on show (a stat of two files)
WATCH_EVERY = 2.0
#: games per cell the computer plays for "the AI on the same cells"
AI_GAMES = 20
TAB_GAMES, TAB_RECORD, TAB_REPLAY, TAB_PLAY = 0, 1, 2, 3


class HistoryApp:
    """The history page. ``HistoryApp().show()`` in a notebook cell (or a Voila page);
    ``path`` is the history's file (default: :func:`rftg_nb.history.default_path`)."""

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 simulate: Callable[..., pd.DataFrame] | None = None) -> None:
        self.history = history.open(path)
        self._simulate = simulate  # the lab's simulate (tests hand in a smaller one)
        self.ai_table: pd.DataFrame | None = None
        self.filters: dict[str, str] = {"mode": ALL, "difficulty": ALL, "robot_start": ALL,
                                        "status": ALL, "text": ""}
        self.sort = "newest first"
        self.message = self.history.notice or ""
        self._armed_clear = False
        self.replay: Any = None  # the ReplayApp on the Replay tab
        self.replay_id: int | None = None  # its game's id
        self.playing: Any = None  # the SoloApp or TableApp on the Play on tab (a resumed game)
        self.review: dict[str, Any] | None = None  # its game's review, when there is one
        self.review_deals = DEALS  # sampled deals an answer is played out on, in a review
        self._drawing = False  # refresh() is setting the menus: their changes redraw nothing
        self.offset = 0  # the first game of the page shown, in the filtered order
        self.total = 0  # games the filters keep
        self._page: pd.DataFrame | None = None  # the page shown
        self._record_stamp: Any = None  # the history as the record's charts were drawn of it
        self._lock = threading.RLock()  # a redraw at a time: a click's, or the watcher's
        self._watch_stop: threading.Event | None = None
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ what the page shows
    def all_games(self) -> pd.DataFrame:
        """Every game (:meth:`rftg_nb.history.History.table`)."""
        return self.history.table()

    def _query(self) -> dict[str, Any]:
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
        return any(self.filters[k] != ALL for k in ("mode", "difficulty", "robot_start",
                                                     "status")) or bool(self.filters["text"])

    def turn_page(self, by: int) -> None:
        """Show the next (``by`` 1) or the previous (-1) page of games."""
        self.offset = max(0, self.offset + by * PAGE)
        if self.offset >= self.total:
            self.offset = max(0, (self.total - 1) // PAGE * PAGE)
        self.refresh()

    # ------------------------------------------------------------------ actions
    def delete(self, game_id: int) -> None:
        self.history.delete(game_id)
        self.message = f"Game {game_id} deleted."

    def clear(self) -> bool:
        """Delete every game, at the second press (the first asks to confirm)."""
        if not self._armed_clear:
            self._armed_clear = True
            self.message = ("Press \"Delete every game\" again to delete all "
                            f"{len(self.history)} games (download them first to keep a copy).")
            return False
        n = self.history.clear()
        self._armed_clear = False
        self.message = f"Deleted all {n} games."
        return True

    def export_text(self, skipped: list[str] | None = None) -> str:
        return "".join(line + "\n" for line in self.history.export_lines(skipped))

    def download_every_game(self) -> None:
        """Make the history's export now and hand it to the browser to save."""
        skipped: list[str] = []
        text = self.export_text(skipped)
        if not text:
            self.message = ("No games to download." if not skipped else
                            "No game could be downloaded: " + "; ".join(skipped[:5]) + ".")
            return
        size = self.downloader.offer("rftg-history.jsonl", text, "application/jsonl")
        n = text.count("\n")
        self.message = (f"Downloading {n:,} game{'s' * (n != 1)} as rftg-history.jsonl "
                        f"({size / 1e6:.1f} MB).")
        if skipped:
            more = f" (and {len(skipped) - 5} more)" if len(skipped) > 5 else ""
            self.message += (f" Left out {len(skipped)} damaged game(s): "
                             + "; ".join(skipped[:5]) + more + ".")

    def import_bytes(self, name: str, content: bytes, size: int) -> None:
        if size > MAX_IMPORT_BYTES:
            self.message = (f"Could not load {name!r}: it is {size:,} bytes, more than a "
                            f"history file may be ({MAX_IMPORT_BYTES:,}).")
            return
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            self.message = f"Could not load {name!r}: it is not UTF-8 text (JSON lines)."
            return
        lines = text.splitlines()
        bar = self.import_progress
        bar.value, bar.max, bar.description = 0, max(1, len(lines)), "loading"
        bar.layout.display = None

        def step(done: int, total: int) -> None:
            bar.max = max(1, total)
            bar.value = done
            bar.description = f"{done:,}/{total:,} lines"

        try:
            r = self.history.import_games(lines, progress=step, total=len(lines))
        finally:
            bar.layout.display = "none"
        done = r.added + r.updated
        said = f"Loaded {done:,} game{'s' * (done != 1)} from {name!r}"
        if r.kept:
            said += (f"; {r.kept:,} {'was' if r.kept == 1 else 'were'} kept here already "
                     "(as far or further on: left as they are)")
        said += "."
        problems = [*r.refused, *r.notes]
        if problems:
            more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
            said += (f" {len(r.refused)} line(s) refused, {len(r.notes)} taken in part: "
                     + "; ".join(problems[:5]) + more + ".")
        if r.stopped:
            said += " " + r.stopped
        self.offset = 0
        self.message = said

    def open_replay(self, game_id: int) -> Any:
        """Show game ``game_id`` on the Replay tab, read only, from its first stop, with its
        review if it has one (a solitaire game may be reviewed there)."""
        from rftg_nb.history.checks import OldReview, check_review
        from rftg_nb.history.review import ReviewError
        from rftg_nb.ui.replay_app import ReplayApp

        row = self.history.game_row(game_id)
        self.replay = ReplayApp(row.save, title=f"Game {game_id}")
        self.replay_id = game_id
        said = ""
        self.review = None
        if row.review is not None:  # checked like an imported one: the row may be older
            try:
                self.review = check_review(row.review, self.replay.replay.game)
            except OldReview:
                pass
            except ReviewError as e:
                said = (f"The review kept with game {game_id} is not one ({e}): review the "
                        "game again to see one.")
        self.review_button.disabled = self.review is not None
        self.review_button.description = "Review this game"
        self.review_progress.layout.visibility = "hidden"
        shown = self.replay.replay
        self.review_note.value = ("" if row.mode == "solitaire" else
                                  "<p><i>At a table the review is of the decisions of "
                                  f"{html.escape(shown.game.players[shown.viewer].name)} "
                                  "(the seat replayed); the chance of winning is that of "
                                  "ending first.</i></p>")
        self._draw_review()
        self.replay_box.children = (self.review_top, self.replay.root, self.review_chart)
        self.tabs.selected_index = TAB_REPLAY
        self.message = said
        return self.replay

    def resume(self, game_id: int) -> Any:
        """Play an unfinished game on from where it was kept, on the Play on tab: the play
        page's board for a solitaire game, the table's for a game of players. It is kept as
        it goes under its own row (the same key), never as a second game."""
        from rftg_nb.ui.app import SoloApp
        from rftg_nb.ui.table_app import TableApp

        row = self.history.game_row(game_id)
        if row.status != "unfinished":
            raise history.HistoryError(f"id: game {game_id} is finished: replay it instead")
        from rftg_nb.ui.keeper import Keeper

        app: Any = SoloApp(start=False) if row.mode == "solitaire" else TableApp(start=False)
        app.keeper = Keeper(self.history.path)  # kept in this page's history
        if not app.c.load(row.save):
            raise history.HistoryError(f"save: game {game_id} could not be loaded: "
                                       f"{app.c.status.text}")
        app.c.key, app.c.started = row.key, row.started  # its own row, kept on
        app.c.status.text = f"Game {game_id} resumed at round {app.c.game.round}."
        app.refresh()
        self.playing = app
        self.play_box.children = (app.root,)
        self.tabs.selected_index = TAB_PLAY
        self.message = ""
        return app

    def _draw_resume(self) -> None:
        gid = self.pick.value
        page = self._page
        unfinished = False
        if gid is not None and page is not None:
            at = page[page["id"] == gid]
            unfinished = bool(len(at)) and at["status"].iloc[0] == "unfinished" \
                and not at["damaged"].iloc[0]
        self.resume_button.disabled = not unfinished

    def review_game(self) -> dict[str, Any] | None:
        """Review the game on the Replay tab with the strong AI (a progress bar while it
        runs), keep the review with the game and show it."""
        from rftg_nb.history.review import review

        if self.replay is None or self.replay_id is None:
            return None
        bar = self.review_progress
        bar.value, bar.max = 0, 1
        bar.layout.visibility = "visible"
        self.review_button.disabled = True
        self.review_button.description = "Reviewing..."

        def step(done: int, total: int) -> None:
            bar.max = max(1, total)
            bar.value = done
            bar.description = f"{done}/{total}"

        try:
            r = review(self.history.game_row(self.replay_id).save, deals=self.review_deals,
                       progress=step, viewer=self.replay.replay.viewer)
        except Exception:
            self.review_button.disabled = False
            raise
        finally:
            self.review_button.description = "Review this game"
            bar.layout.visibility = "hidden"
        self.history.set_review(self.replay_id, r)
        self.review = r
        self._draw_review()
        return r

    def share_text(self) -> str:
        """The game on the Replay tab, with its review if it has one, as one HTML file."""
        from rftg_nb.ui.share import share_html

        if self.replay is None or self.replay_id is None:
            raise history.HistoryError("id: open a game on the Replay tab first")
        row = self.history.game_row(self.replay_id)
        return share_html(row.save, self.review, title=f"Game {self.replay_id}")

    def share(self) -> None:
        """Download the shared page (through the replay board, as a save is)."""
        text = self.share_text()
        self.replay.reply({"kind": "save", "name": f"rftg-game-{self.replay_id}.html",
                           "text": text, "type": "text/html"})
        self.message = (f"Game {self.replay_id} is downloading as one web page "
                        f"({len(text) / 1e6:.1f} MB): it opens in any browser, offline.")

    def show_moment(self, stop: int) -> None:
        """Move the replay to a key moment's question."""
        if self.replay is not None:
            self.replay.seek(stop)
            self.replay.refresh()

    def _draw_review(self) -> None:
        from rftg_nb.history.review import key_moments, moment_line
        from rftg_nb.ui.history_charts import review_figure, review_frame

        r = self.review
        if self.replay is not None:
            self.replay.set_review(r)
        if r is None:
            self.review_text.value = ""
            self.review_moments.children = ()
            self.review_chart.outputs = ()
            return
        res = r["result"]
        lost = " The robot won." if r.get("solitaire", True) else " Another player won."
        how = ("" if not res["over"] else " You won." if res["you_won"] and not res["shared"]
               else " A shared win." if res["you_won"] else lost)
        differ = sum(not x["same"] for x in r["decisions"])
        self.review_text.value = (
            f"<p class='rh-review'><b>The computer's review</b>: {len(r['decisions'])} of your "
            f"decisions, {differ} answered otherwise than the strong AI would.{how} "
            "The key moments (the decisions that cost the most; <i>Show</i> moves the replay "
            "there):</p>")
        rows = []
        for m in key_moments(r):
            go_to = w.Button(description="Show",  # never squeezed by a long line beside it
                             layout=w.Layout(width="70px", flex="0 0 auto"),
                             tooltip="move the replay to this decision")
            go_to.on_click(lambda _b, stop=m["stop"]: self.show_moment(stop))
            kind = html.escape(m["kind"], quote=True)
            rows.append(w.HBox([go_to, w.HTML(f"<span class='rh-moment' data-kind='{kind}'>"
                                               f"{html.escape(moment_line(m))}</span>")],
                               layout=w.Layout(align_items="center")))
        if not rows:
            rows = [w.HTML("<p><i>No decision cost anything worth showing: the AI agrees "
                           "with you, or the result was settled whatever you chose.</i></p>")]
        self.review_moments.children = tuple(rows)
        outcome = None
        if res["over"]:
            outcome = (0.5 if res["shared"] else 1.0) if res["you_won"] else 0.0
        fig = review_figure(review_frame(r), outcome)
        self.review_chart.outputs = chart_outputs(fig)

    def compare_with_ai(self, games_per_cell: int = AI_GAMES) -> pd.DataFrame:
        """The fast AI's games on the cells (robot start world x difficulty) you played, with the
        lab's :func:`rftg_nb.lab.simulate` (kept beside the history, so the next visit reads
        them back)."""
        lab = as_lab_table(self.history.record())
        worlds = sorted(set(lab["robot_world"].dropna()))
        levels = sorted(set(lab["difficulty"].dropna()))
        if not worlds:
            self.message = "Finish a solitaire game first: the AI plays the cells you played."
            return pd.DataFrame()
        from rftg_nb.lab import grid, simulate

        run = self._simulate or simulate
        path = Path(self.history.path).with_name("ai-on-your-cells.jsonl")
        df = run(grid({"seats": "ai-fast"}, robot_start=worlds, difficulty=levels),
                 games=games_per_cell, path=path)
        self.ai_table = df
        self.message = (f"The fast AI played {games_per_cell} games on each of your "
                        f"{len(worlds) * len(levels)} cells.")
        self._draw_record(force=True)
        return df

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.notice = w.HTML()
        self.head = w.HTML(PAGE_CSS + "<h1 style='font-size:22px'>Your games</h1>"
                           "<p>Every game played on the <b>play</b> and "
                           "<b>table</b> pages is kept here as it goes: finished, or unfinished "
                           "to pick up again. Sort and filter them, download or delete one, or "
                           "take the whole history with you.</p>")
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
        self.download_all = w.Button(description="Download every game",
                                     layout=w.Layout(width="auto"),
                                     tooltip="the whole history as one file of JSON lines, "
                                             "to keep or to load on another machine")
        self.download_all.on_click(lambda _b: self._act(self.download_every_game))
        self.downloader = Downloader()
        self.import_progress = w.IntProgress(value=0, min=0, max=1,
                                             layout=w.Layout(display="none"))
        self.import_progress.add_class("rh-import-progress")
        self.previous_page = w.Button(description="Previous page", layout=w.Layout(width="auto"))
        self.previous_page.on_click(lambda _b: self._act(self.turn_page, -1))
        self.next_page = w.Button(description="Next page", layout=w.Layout(width="auto"))
        self.next_page.on_click(lambda _b: self._act(self.turn_page, 1))
        self.page_text = w.HTML()
        self.page_text.add_class("rh-page")
        self.upload = FileButton(on_file=self.uploaded, label="Load games from a file",
                                 hint="a history downloaded here (JSON lines)",
                                 accept=".jsonl,.json,application/json",
                                 max_bytes=MAX_IMPORT_BYTES)
        self.replay_button = w.Button(description="Replay this game", button_style="primary",
                                      tooltip="the game on the board, read only, stop by stop")
        self.replay_button.on_click(lambda _b: self._act(self.open_replay, self.pick.value))
        self.resume_button = w.Button(description="Resume this game",
                                      tooltip="an unfinished game: play on from where it was "
                                              "kept (it stays one game in the history)")
        self.resume_button.on_click(lambda _b: self._act(self.resume, self.pick.value))
        self.clear_button = w.Button(description="Delete every game")
        self.clear_button.on_click(lambda _b: self._act(self.clear))
        games_tab = w.VBox([
            w.HBox([self.w_mode, self.w_difficulty, self.w_robot],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.w_status, self.w_text, self.w_sort],
                   layout=w.Layout(flex_flow="row wrap")),
            self.table,
            w.HBox([self.previous_page, self.page_text, self.next_page],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([self.pick, self.replay_button, self.resume_button, self.download_one,
                    self.delete_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([self.download_all, self.upload, self.import_progress, self.clear_button,
                    self.downloader],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
        ])
        self.record_text = w.HTML()
        self.record_charts = w.Output()
        self.ai_button = w.Button(description="Let the AI play your cells",
                                  tooltip=f"the fast AI plays {AI_GAMES} games on each robot "
                                          "start world and difficulty you played")
        self.ai_button.on_click(lambda _b: self._act(self.compare_with_ai))
        self.ai_chart = w.Output()
        record_tab = w.VBox([self.record_text, self.record_charts, self.ai_button, self.ai_chart])
        self.play_box = w.VBox([w.HTML("<p><i>Pick an unfinished game on the Games tab and "
                                       "press <b>Resume this game</b>.</i></p>")])
        self.review_button = w.Button(description="Review this game",
                                      tooltip="the strong AI judges each of your decisions: "
                                              "your chance of winning after it and after its "
                                              "own answer (a few seconds)")
        self.review_button.on_click(lambda _b: self._act(self.review_game))
        self.review_progress = w.IntProgress(value=0, min=0, max=1, description="",
                                             layout=w.Layout(visibility="hidden"))
        self.review_progress.add_class("rh-review-progress")
        self.review_note = w.HTML()
        self.review_note.add_class("rh-review-note")
        self.review_text = w.HTML()
        self.review_moments = w.VBox()
        self.review_chart = w.Output()
        self.review_chart.add_class("rh-review-chart")
        self.share_button = w.Button(description="Share as a web page",
                                     tooltip="the game, its review, the board at the key "
                                             "moments and the charts in one HTML file that "
                                             "opens in any browser")
        self.share_button.on_click(lambda _b: self._act(self.share))
        self.review_top = w.VBox([w.HBox([self.review_button, self.review_progress,
                                          self.share_button],
                                         layout=w.Layout(align_items="center")),
                                  self.review_note, self.review_text, self.review_moments])
        self.replay_box = w.VBox([w.HTML("<p><i>Pick a game on the Games tab and press "
                                          "<b>Replay this game</b>.</i></p>")])
        self.tabs = w.Tab(children=[games_tab, record_tab, self.replay_box, self.play_box],
                          titles=("Games", "Your record", "Replay", "Play on"))
        self.tabs.observe(self._tab_changed, names="selected_index")
        self.root = w.VBox([self.head, self.notice, self.tabs])
        self.root.add_class("rftg-history")

    def show(self) -> w.VBox:
        """Show the page, and keep it up to date with games kept by other pages
        (:meth:`watch`)."""
        from IPython.display import display

        display(self.root)
        self.watch()
        return self.root

    def watch(self, every: float = WATCH_EVERY) -> None:
        """Redraw the page when another page or program changes the history: every
        ``every`` seconds a thread looks at the history's file and its write-ahead log (their
        size and time, not their contents), and only when one changed are the games read
        again. A game finished on the play page shows here within a few seconds."""
        if self._watch_stop is not None:
            return
        stop = self._watch_stop = threading.Event()
        seen = self._files()

        def look() -> None:
            nonlocal seen
            while not stop.wait(every):
                now = self._files()
                if now != seen:
                    seen = now
                    try:
                        self.refresh()
                    except Exception as e:  # noqa: BLE001  said on the page, and looked at again
                        self.message = f"The history could not be read again ({e})."

        threading.Thread(target=look, name="rftg-history-watch", daemon=True).start()

    def stop_watching(self) -> None:
        if self._watch_stop is not None:
            self._watch_stop.set()
            self._watch_stop = None

    def _files(self) -> tuple[Any, ...]:
        out: list[Any] = []
        for f in (self.history.path, Path(f"{self.history.path}-wal")):
            try:
                st = f.stat()
                out.append((st.st_mtime_ns, st.st_size))
            except OSError:
                out.append(None)
        return tuple(out)

    # ------------------------------------------------------------------ events
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

    def _act(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run a button's action; whatever it meets ends in a message on the page."""
        if fn != self.clear:  # any other action disarms "Delete every game"
            self._armed_clear = False
        try:
            if all(a is not None for a in args):
                fn(*args)
        except (ValueError, OSError) as e:  # a game gone meanwhile, a file that cannot be read
            self.message = str(e)
        except RecursionError:
            self.message = "That could not be done: what it read is nested too deep."
        except Exception as e:  # noqa: BLE001  said on the page, never silent
            self.message = f"That could not be done ({type(e).__name__}: {e})."
        self.refresh()

    def uploaded(self, name: str, content: bytes, size: int) -> None:
        """A file picked with "Load games from a file": its games added, the page redrawn."""
        self._act(self.import_bytes, name, content, size)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        with self._lock:
            self._drawing = True
            try:
                self._draw()
            finally:
                self._drawing = False

    def _draw(self) -> None:
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
        df = self._page = self.games()
        self.notice.value = (f"<p class='rh-notice' role='status'>{html.escape(self.message)}</p>"
                             if self.message else "")
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
        self.replay_button.disabled = not labels
        self._draw_resume()
        self.download_all.disabled = self.total == 0 and not self.filtered()
        if self.tabs.selected_index == TAB_RECORD:
            self._draw_record()

    def _draw_download(self) -> None:
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

    def _tab_changed(self, change: Any) -> None:
        if change["new"] == TAB_RECORD:
            self._draw_record()

    def _draw_record(self, force: bool = False) -> None:
        """The record's numbers and charts, drawn again only when the games changed."""
        try:
            stamp = self.history.stamp()
            if stamp == self._record_stamp and not force:
                return
            games = self.history.record()
        except history.HistoryError as e:
            self.record_text.value = f"<p>{html.escape(str(e))}</p>"
            return
        self._record_stamp = stamp
        r = best_and_streaks(games)
        if not r["games"]:
            self.record_text.value = ("<p><i>Your record starts with your first finished "
                                      "solitaire game.</i></p>")
            self.record_charts.outputs = ()
            return
        n, streak = r["streak"]
        self.record_text.value = (
            f"<p><b>{r['wins']} won of {r['games']}</b> solitaire games "
            f"({r['win_rate']:.0%}; 95% interval {r['low']:.0%}-{r['high']:.0%}). Best score "
            f"<b>{r['best']}</b> (game {r['best_id']}). Longest winning streak "
            f"<b>{r['longest_streak']}</b>; now {n} {'won' if streak else 'lost'} in a "
            "row.</p>")
        lab = as_lab_table(games)
        figures = [record_heatmap(lab, "Your games"), score_figure(games)]
        self.record_charts.outputs = tuple(o for f in figures for o in chart_outputs(f))
        if self.ai_table is not None and len(self.ai_table):
            ai = record_heatmap(self.ai_table, "The fast AI on the same cells")
            self.ai_chart.outputs = chart_outputs(ai)


def _empty() -> pd.DataFrame:
    from rftg_nb.history.store import TABLE

    return pd.DataFrame([], columns=list(TABLE))


#: characters of the seats' names a game's line in the menu shows (the table row has them all)
LABEL_SEATS = 40


def _label(r: Any) -> str:
    """A game's line in the game menu, short enough to be read whole in it."""
    kind = r.mode if r.mode != "solitaire" else f"solitaire, {r.difficulty}"
    return f"{r.id}: {kind}, {shorten(str(r.seats), LABEL_SEATS)}, {r.scores} ({r.status})"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


__all__ = ["HistoryApp", "solitaire_finished"]
