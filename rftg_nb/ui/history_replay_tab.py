"""The history page's Replay and Play on tabs: a game picked in the table replayed on the
board, read only, stop by stop, with the computer's review of it (made on demand, kept with the
game: its key moments and the chance of winning, decision by decision) and shared as one web
page; or an unfinished game played on from where it was kept, on the play page's board or the
table's, and kept on under its own row."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from rftg_nb import history
from rftg_nb.history.checks import OldReview, check_review
from rftg_nb.history.review import ReviewError, key_moments, moment_line, review
from rftg_nb.ui.app import SoloApp
from rftg_nb.ui.chart_words import chart_outputs
from rftg_nb.ui.history_charts import review_figure, review_frame
from rftg_nb.ui.history_part import TAB_PLAY, TAB_REPLAY, HistoryPart
from rftg_nb.ui.keeper import Keeper
from rftg_nb.ui.replay_app import ReplayApp
from rftg_nb.ui.share import share_html
from rftg_nb.ui.table_app import TableApp


class ReplayTab(HistoryPart):
    """The game picked, replayed (and reviewed, and shared) or played on."""

    #: the ReplayApp on the Replay tab, and its game's id
    replay: Any
    replay_id: int | None
    #: the SoloApp or TableApp on the Play on tab (a resumed game)
    playing: Any
    #: the review of the game on the Replay tab, when there is one
    review: dict[str, Any] | None
    #: sampled deals an answer is played out on, in a review
    review_deals: int

    def _build_replay(self) -> None:
        """The Replay and Resume buttons (in the game menu's row), the Play on tab's box and
        the Replay tab's: the review's button, progress, words and chart, and the share
        button."""
        self.replay_button = w.Button(description="Replay this game", button_style="primary",
                                      tooltip="the game on the board, read only, stop by stop")
        self.replay_button.on_click(lambda _b: self._act(self.open_replay, self.pick.value))
        self.resume_button = w.Button(description="Resume this game",
                                      tooltip="an unfinished game: play on from where it was "
                                              "kept (it stays one game in the history)")
        self.resume_button.on_click(lambda _b: self._act(self.resume, self.pick.value))
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

    def open_replay(self, game_id: int) -> Any:
        """Show game ``game_id`` on the Replay tab, read only, from its first stop, with its
        review if it has one (a solitaire game may be reviewed there)."""
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
        row = self.history.game_row(game_id)
        if row.status != "unfinished":
            raise history.HistoryError(f"id: game {game_id} is finished: replay it instead")
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
        """The Resume button: only for an unfinished game (not a damaged one)."""
        gid = self.pick.value
        page = self._page
        unfinished = False
        if gid is not None and page is not None:
            at = page[page["id"] == gid]
            unfinished = bool(len(at)) and at["status"].iloc[0] == "unfinished" \
                and not at["damaged"].iloc[0]
        self.resume_button.disabled = not unfinished

    def _draw_game_buttons(self) -> None:
        """The Replay button (a game is picked) and the Resume button (an unfinished one)."""
        self.replay_button.disabled = not self.pick.options
        self._draw_resume()

    def review_game(self) -> dict[str, Any] | None:
        """Review the game on the Replay tab with the strong AI (a progress bar while it
        runs), keep the review with the game and show it."""
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
        """The review of the game on the Replay tab: its words, its key moments (each with a
        button that moves the replay there) and its chart; nothing without a review."""
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


__all__ = ["ReplayTab"]
