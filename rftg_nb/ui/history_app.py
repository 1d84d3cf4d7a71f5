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

The page is made of parts, a module each: the games table (:mod:`rftg_nb.ui.history_games`),
the file controls (:mod:`rftg_nb.ui.history_files`), the Replay and Play on tabs
(:mod:`rftg_nb.ui.history_replay_tab`) and the record (:mod:`rftg_nb.ui.history_record_tab`),
on what they share (:mod:`rftg_nb.ui.history_part`); here they are laid out, drawn together and
kept up to date.
"""

from __future__ import annotations

import html
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import IPython.display
import ipywidgets as w
import pandas as pd

from rftg_nb import history
from rftg_nb.history.review import DEALS
from rftg_nb.ui.history_charts import solitaire_finished as solitaire_finished
from rftg_nb.ui.history_files import MAX_IMPORT_BYTES as MAX_IMPORT_BYTES
from rftg_nb.ui.history_files import FileControls
from rftg_nb.ui.history_games import ALL as ALL
from rftg_nb.ui.history_games import LABEL_SEATS as LABEL_SEATS
from rftg_nb.ui.history_games import MAX_FILTER_TEXT as MAX_FILTER_TEXT
from rftg_nb.ui.history_games import PAGE as PAGE
from rftg_nb.ui.history_games import SHOWN as SHOWN
from rftg_nb.ui.history_games import SORTS as SORTS
from rftg_nb.ui.history_games import GamesTable
from rftg_nb.ui.history_part import TAB_GAMES as TAB_GAMES
from rftg_nb.ui.history_part import TAB_PLAY as TAB_PLAY
from rftg_nb.ui.history_part import TAB_RECORD as TAB_RECORD
from rftg_nb.ui.history_part import TAB_REPLAY as TAB_REPLAY
from rftg_nb.ui.history_record_tab import AI_GAMES as AI_GAMES
from rftg_nb.ui.history_record_tab import RecordTab
from rftg_nb.ui.history_replay_tab import ReplayTab
from rftg_nb.ui.page_css import PAGE_CSS

#: seconds between two looks at the history's files by a page on show (a stat of two files)
WATCH_EVERY = 2.0


class HistoryApp(GamesTable, FileControls, ReplayTab, RecordTab):
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

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        """Make the parts' widgets and lay them out: the head, the message, the tabs."""
        self.notice = w.HTML()
        self.head = w.HTML(PAGE_CSS + "<h1 style='font-size:22px'>Your games</h1>"
                           "<p>Every game played on the <b>play</b> and "
                           "<b>table</b> pages is kept here as it goes: finished, or unfinished "
                           "to pick up again. Sort and filter them, download or delete one, or "
                           "take the whole history with you.</p>")
        self._build_games()
        self._build_files()
        self._build_replay()
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
        record_tab = self._build_record()
        self.tabs = w.Tab(children=[games_tab, record_tab, self.replay_box, self.play_box],
                          titles=("Games", "Your record", "Replay", "Play on"))
        self.tabs.observe(self._tab_changed, names="selected_index")
        self.root = w.VBox([self.head, self.notice, self.tabs])
        self.root.add_class("rftg-history")

    def show(self) -> w.VBox:
        """Show the page, and keep it up to date with games kept by other pages
        (:meth:`watch`)."""
        IPython.display.display(self.root)
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
        """The time and size of the history's file and of its write-ahead log."""
        out: list[Any] = []
        for f in (self.history.path, Path(f"{self.history.path}-wal")):
            try:
                st = f.stat()
                out.append((st.st_mtime_ns, st.st_size))
            except OSError:
                out.append(None)
        return tuple(out)

    # ------------------------------------------------------------------ events
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

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Draw the page again (a redraw at a time: a click's, or the watcher's)."""
        with self._lock:
            self._drawing = True
            try:
                self._draw()
            finally:
                self._drawing = False

    def _draw(self) -> None:
        """The message, the Games tab and, when it is open, the record."""
        self._draw_menus()
        df = self._page = self.games()
        self.notice.value = (f"<p class='rh-notice' role='status'>{html.escape(self.message)}</p>"
                             if self.message else "")
        self._draw_games(df)
        self._draw_game_buttons()
        self.download_all.disabled = self.total == 0 and not self.filtered()
        if self.tabs.selected_index == TAB_RECORD:
            self._draw_record()


__all__ = ["HistoryApp", "solitaire_finished"]
