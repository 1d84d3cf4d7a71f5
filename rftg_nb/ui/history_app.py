"""``HistoryApp``: the history page, every game you played on the play and table pages.

The games in a table you sort and filter (pandas), each one's save to download or to delete;
the whole history to download as JSON lines and to load back (here or on another machine); and
your record against the robot as charts: the win rate by the robot's start world and
difficulty with its interval, the score game after game, your best and your streaks, and, on
the same cells, the record of the computer player (the lab's games, played on demand).

Every text in it that came from a person or a file (a seat's name, a custom start world, a
loaded file's problems) is shown as text: the table is HTML with every cell escaped, and chart
labels go through :func:`rftg_nb.ui.charts.plot_text`.
"""

from __future__ import annotations

import base64
import html
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import pandas as pd

from rftg_nb import history
from rftg_nb.history.review import DEALS
from rftg_nb.lab.charts import mime_bundle
from rftg_nb.ui.file_button import FileButton
from rftg_nb.ui.history_charts import (
    as_lab_table,
    best_and_streaks,
    record_heatmap,
    score_figure,
    solitaire_finished,
)

#: the table's columns as shown, in order, with their headings
SHOWN = {"id": "game", "saved": "when (UTC)", "status": "status", "mode": "kind",
         "difficulty": "difficulty", "seats": "seats", "starts": "start worlds",
         "scores": "scores", "winners": "won by", "rounds": "rounds", "ended": "how it ended"}
SORTS = {
    "newest first": ("saved", False), "oldest first": ("saved", True),
    "your score, best first": ("your_score", False), "rounds, fewest first": ("rounds", True),
}
ALL = "any"
MAX_IMPORT_BYTES = 50_000_000  # a history file to load: far more games than a person plays
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
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ what the page shows
    def all_games(self) -> pd.DataFrame:
        return self.history.table()

    def games(self) -> pd.DataFrame:
        """The games the filters keep, in the chosen order."""
        df = self.all_games()
        f = self.filters
        for column in ("mode", "difficulty", "robot_start", "status"):
            if f[column] != ALL:
                df = df[df[column] == f[column]]
        text = f["text"].strip().lower()
        if text:
            hay = (df["seats"].fillna("") + " " + df["starts"].fillna("")).str.lower()
            df = df[hay.str.contains(text, regex=False)]
        column, ascending = SORTS[self.sort]
        return df.sort_values(column, ascending=ascending, kind="stable", na_position="last")

    def table_html(self, df: pd.DataFrame) -> str:
        if df.empty:
            return ("<p class='rh-empty'><i>No games yet: every game you play on the play and "
                    "table pages is kept here.</i></p>" if self.all_games().empty else
                    "<p class='rh-empty'><i>No game matches these filters.</i></p>")
        shown = df[list(SHOWN)].rename(columns=SHOWN).copy()
        shown["when (UTC)"] = [t.strftime("%Y-%m-%d %H:%M") for t in df["saved"]]
        shown["difficulty"] = shown["difficulty"].fillna("")
        return shown.to_html(index=False, escape=True, classes="rh-games", border=0)

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

    def export_text(self) -> str:
        return "".join(line + "\n" for line in self.history.export_lines())

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
        added, problems = self.history.import_lines(text.splitlines())
        said = f"Loaded {added} game{'s' * (added != 1)} from {name!r}."
        if problems:
            more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
            said += f" Skipped {len(problems)} line(s): " + "; ".join(problems[:5]) + more + "."
        self.message = said

    def open_replay(self, game_id: int) -> Any:
        """Show game ``game_id`` on the Replay tab, read only, from its first stop, with its
        review if it has one (a solitaire game may be reviewed there)."""
        from rftg_nb.history.review import is_current
        from rftg_nb.ui.replay_app import ReplayApp

        row = self.history.row(game_id)
        self.replay = ReplayApp(row.save, title=f"Game {game_id}")
        self.replay_id = game_id
        self.review = row.review if is_current(row.review) else None
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
        self.message = ""
        return self.replay

    def resume(self, game_id: int) -> Any:
        """Play an unfinished game on from where it was kept, on the Play on tab: the play
        page's board for a solitaire game, the table's for a game of players. It is kept as
        it goes under its own row (the same key), never as a second game."""
        from rftg_nb.ui.app import SoloApp
        from rftg_nb.ui.table_app import TableApp

        row = self.history.row(game_id)
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
        unfinished = False
        if gid is not None:
            try:
                unfinished = self.history.row(gid).status == "unfinished"
            except (ValueError, OSError):
                unfinished = False
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
            r = review(self.history.row(self.replay_id).save, deals=self.review_deals,
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
        row = self.history.row(self.replay_id)
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
        self.review_chart.outputs = ({"output_type": "display_data", "data": mime_bundle(fig),
                                      "metadata": {}},)

    def compare_with_ai(self, games_per_cell: int = AI_GAMES) -> pd.DataFrame:
        """The fast AI's games on the cells (robot start world x difficulty) you played, with the
        lab's :func:`rftg_nb.lab.simulate` (kept beside the history, so the next visit reads
        them back)."""
        lab = as_lab_table(self.all_games())
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
        return df

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        games = self.all_games()
        self.notice = w.HTML()
        self.head = w.HTML("<h2>Your games</h2><p>Every game played on the <b>play</b> and "
                           "<b>table</b> pages is kept here as it goes: finished, or unfinished "
                           "to pick up again. Sort and filter them, download or delete one, or "
                           "take the whole history with you.</p>")
        self.w_mode = w.Dropdown(options=_choices(games["mode"]), description="kind")
        self.w_difficulty = w.Dropdown(options=_choices(games["difficulty"]),
                                       description="difficulty")
        self.w_robot = w.Dropdown(options=_choices(games["robot_start"]),
                                  description="robot's start")
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
        self.table = w.HTML(layout=w.Layout(max_height="420px", overflow="auto"))
        self.pick = w.Dropdown(description="game", layout=w.Layout(width="480px"))
        self.download_one = w.HTML()
        self.pick.observe(lambda _c: (self._draw_download(), self._draw_resume()), names="value")
        self.delete_button = w.Button(description="Delete this game")
        self.delete_button.on_click(lambda _b: self._act(self.delete, self.pick.value))
        self.download_all = w.HTML()
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
            w.HBox([self.pick, self.replay_button, self.resume_button, self.download_one,
                    self.delete_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            w.HBox([self.download_all, self.upload, self.clear_button],
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
        self.root = w.VBox([self.head, self.notice, self.tabs])
        self.root.add_class("rftg-history")

    def show(self) -> w.VBox:
        from IPython.display import display

        display(self.root)
        return self.root

    # ------------------------------------------------------------------ events
    def _filter_changed(self, key: str) -> Callable[[Any], None]:
        def changed(change: Any) -> None:
            self.filters[key] = str(change["new"])
            if not self._drawing:
                self.refresh()
        return changed

    def _sort_changed(self, change: Any) -> None:
        self.sort = str(change["new"])
        if not self._drawing:
            self.refresh()

    def _act(self, fn: Callable[..., Any], *args: Any) -> None:
        if fn != self.clear:  # any other action disarms "Delete every game"
            self._armed_clear = False
        try:
            if all(a is not None for a in args):
                fn(*args)
        except (ValueError, OSError) as e:  # a game gone meanwhile, a file that cannot be read
            self.message = str(e)
        self.refresh()

    def uploaded(self, name: str, content: bytes, size: int) -> None:
        """A file picked with "Load games from a file": its games added, the page redrawn."""
        self._act(self.import_bytes, name, content, size)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        self._drawing = True
        try:
            self._draw()
        finally:
            self._drawing = False

    def _draw(self) -> None:
        games = self.all_games()
        for widget, column in ((self.w_mode, "mode"), (self.w_difficulty, "difficulty"),
                               (self.w_robot, "robot_start")):
            choices = _choices(games[column])
            if list(widget.options) != choices:
                keep = widget.value if widget.value in choices else ALL
                widget.options = choices
                widget.value = keep
                self.filters[column] = keep
        self.notice.value = (f"<p class='rh-notice' role='status'>{html.escape(self.message)}</p>"
                             if self.message else "")
        df = self.games()
        self.table.value = self.table_html(df)
        labels = [(_label(r), int(r.id)) for r in df.itertuples()]
        keep = self.pick.value if self.pick.value in [v for _, v in labels] else None
        self.pick.options = labels
        self.pick.value = keep if keep is not None else (labels[0][1] if labels else None)
        self._draw_download()
        self.delete_button.disabled = not labels
        self.replay_button.disabled = not labels
        self._draw_resume()
        text = self.export_text()
        self.download_all.value = (
            "<a class='rh-download' download='rftg-history.jsonl' "
            f"href='data:application/jsonl;base64,{_b64(text)}'>Download every game "
            "(JSON lines)</a>" if text else "")
        self._draw_record()

    def _draw_download(self) -> None:
        gid = self.pick.value
        if gid is None:
            self.download_one.value = ""
            return
        row = self.history.row(gid)
        self.download_one.value = (f"<a class='rh-download' download='rftg-game-{gid}.json' "
                                   f"href='data:application/json;base64,{_b64(row.save)}'>"
                                   "Download its save</a>")

    def _draw_record(self) -> None:
        games = self.all_games()
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
        self.record_charts.outputs = tuple(
            {"output_type": "display_data", "data": mime_bundle(f), "metadata": {}}
            for f in figures)
        if self.ai_table is not None and len(self.ai_table):
            ai = record_heatmap(self.ai_table, "The fast AI on the same cells")
            self.ai_chart.outputs = ({"output_type": "display_data", "data": mime_bundle(ai),
                                      "metadata": {}},)


def _choices(values: pd.Series) -> list[str]:
    """A filter's menu: any, then the values the history holds."""
    return [ALL, *sorted({str(v) for v in values if pd.notna(v)})]


def _label(r: Any) -> str:
    kind = r.mode if r.mode != "solitaire" else f"solitaire, {r.difficulty}"
    return f"{r.id}: {kind}, {r.seats}, {r.scores} ({r.status})"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


__all__ = ["HistoryApp", "solitaire_finished"]
