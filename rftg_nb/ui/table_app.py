"""``TableApp``: a 2-5 player game of The Gathering Storm on one shared screen.

The same board as the solitaire dashboard (:class:`rftg_nb.ui.board_app.BoardApp`), over a
:class:`rftg_nb.ui.table.TableController`: every tableau, the goals in play with everyone's
progress, and the question of the person whose turn it is, shown only once they have taken the
screen. Computer seats answer at once. The charts tab draws each player's score over the
rounds with the goals claimed, and the VP pool; the log tab lists the public events.
"""

from __future__ import annotations

import time
from typing import Any

import ipywidgets as w
import pandas as pd

from rftg_nb.engine.goals import GOALS
from rftg_nb.ui.app import parse_seed
from rftg_nb.ui.board_app import BoardApp
from rftg_nb.ui.charts import TABLE_CHARTS
from rftg_nb.ui.page_css import PAGE_CSS
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_board import end_sheet, table_info, table_state
from rftg_nb.ui.table_seats import COMPUTER_LEVELS, MAX_PLAYERS, MIN_PLAYERS, TableSettings

DEFAULT = TableSettings(3, ["Player 1", "Player 2", "Computer"], [False, False, True])
HELP = PAGE_CSS + (
    "<div class='rftg-help'><b>How to play at one screen.</b> Two to five players, each a "
    "person or the computer. With two people or more, before each person's question the board "
    "asks for the screen to be passed to them and shows no hand; the person presses the button "
    "with their name and sees their own hand and question (one person keeps the screen). Every "
    "tableau, the goals and the scores are public and always shown, and every hand once the "
    "game is over. Pick the outlined cards (or the buttons) and confirm; dimmed cards say why "
    "they cannot be picked, and the <i>i</i> on a card shows its full text."
    "<ul><li><b>Goals.</b> A \"first\" goal gives 3 VP to every player who first meets it in "
    "the same phase and is never lost. A \"most\" goal (5 VP) goes to the one player with the "
    "most, at least its minimum; a tie for the lead leaves it where it is, and it is lost when "
    "overtaken or below the minimum. At game end, tied leaders without the tile score a 3 VP "
    "chip. Goal VP are not VP chips: they do not come from the pool.</li>"
    "<li><b>Computer seats</b> play at the level chosen in New game: the AI's <i>fast</i> or "
    "<i>strong</i> level, or at random. Like a person, the AI sees only its own hand. "
    "<b>Hint</b> shows what the AI would pick for your question and why; <b>Computer: round"
    "</b> lets it answer your questions to the end of the round.</li>"
    "<li><b>Drafting variant</b> (2 or 3 players): each player gets an odd and an even start "
    "world; the cards are drafted in packets of five passed left, then right, until the deck "
    "runs short; each player's picks make their own deck, which they draw from and discard to "
    "all game. Keep one start world and discard two cards, then play as usual.</li>"
    "<li><b>Undo</b> takes back the last person's decision (and the computers' moves after "
    "it), then asks for the screen to be passed to that person.</li>"
    "<li><b>Save</b> downloads the game (with the seats); <b>Load</b> carries on from such a "
    "file.</li></ul></div>"
)


class TableApp(BoardApp):
    """The table page. ``TableApp().show()`` in a notebook cell (or a Voila page)."""

    keeps_games = True

    charts_drawn = TABLE_CHARTS
    charts_wait = "The charts of the scores and the VP pool start when round 1 begins."
    #: seconds into handling a message after which the page is told which computer seat is
    #: thinking (quick computations send nothing: the page's own busy sign covers them)
    announce_after = 0.05

    def __init__(self, controller: TableController | None = None, start: bool = True) -> None:
        self.c = controller or TableController()
        self.explain = False
        self._names: list[str] = []
        self._announced: tuple[float, int] | None = None  # (message, seat) last named
        super().__init__()
        # every computer seat's answer tells the page who is thinking (when it takes long)
        self.c.on_think = self._announce
        if start and self.c.game is None:
            self.c.new_game(DEFAULT)
        self.refresh()

    # ------------------------------------------------------------------ the page's pieces
    def game(self) -> Any:
        return self.c.game

    def board_meta(self) -> dict[str, Any]:
        return {"min_players": MIN_PLAYERS, "max_players": MAX_PLAYERS,
                "goals": sorted(GOALS), "levels": list(COMPUTER_LEVELS)}

    def help_widgets(self) -> list[w.Widget]:
        return [w.HTML(HELP)]

    def info(self) -> dict[str, Any]:
        return table_info(self.c)

    def timeline(self) -> pd.DataFrame:
        return self.c.timeline()

    def charts_ready(self) -> bool:
        return self.c.game is not None and self.c.game.round >= 1

    def log_table(self, actor: str | None, phase: str | None) -> pd.DataFrame:
        df = self.timeline()[["step", "round", "phase", "actor", "text"]]
        if actor:
            df = df[df["actor"] == actor]
        if phase:
            df = df[df["phase"] == phase]
        return df

    def view_key(self) -> Any:
        g = self.c.game
        return (id(g), len(g.choices), len(g.events)) if g else None

    # ------------------------------------------------------------------ messages
    def handle(self, what: str, msg: dict[str, Any]) -> bool:
        if what == "seat":
            self.c.confirm_seat()
        elif what == "explain":
            self.explain = bool(msg.get("on"))
        else:
            return super().handle(what, msg)
        return True

    def _announce(self, seat: int) -> None:
        """Tell the page that ``seat`` (a computer seat) is thinking, once per seat in turn,
        when the message being handled has already taken ``announce_after`` seconds."""
        g = self.c.game
        since = self.busy_since
        if g is None or since is None or time.perf_counter() - since < self.announce_after:
            return
        if self._announced == (since, seat):
            return
        self._announced = (since, seat)
        self.reply({"kind": "busy", "who": f"{g.players[seat].name} (computer)"})

    def save(self) -> dict[str, Any]:
        g = self.c.game
        n = len(g.players) if g else 0
        name = (f"rftg-table-{n}p-seed{g.seed}-round{g.round}.json" if g
                else "rftg-table.json")
        return {"kind": "save", "name": name, "text": self.c.save()}

    def load(self, text: str) -> bool:
        if self.c.load(text):
            self.disarm()
            return True
        return False

    def in_play(self) -> bool:
        """A person has decided something (computer seats' answers alone are replayed at
        once)."""
        g = self.c.game
        return g is not None and not g.is_over and any(
            not self.c.settings.computer[p] for p in g.deciders)

    def new_game(self, form: dict[str, Any]) -> None:
        """Start the game the New game form describes (asking again over a game in play)."""

        if self.ask_to_confirm():
            return
        seed, why = parse_seed(form.get("seed"))
        if why:
            self.c.status.text, self.c.status.error = why, True
            return
        try:
            n = int(form.get("players", DEFAULT.players))
        except (TypeError, ValueError):
            n = -1
        names = [str(x) for x in (form.get("names") or [])][:max(n, 0)]
        computer = [bool(x) for x in (form.get("computer") or [])][:max(n, 0)]
        goals = None if form.get("goals", True) else False
        level = str(form.get("level") or DEFAULT.level)
        draft = bool(form.get("draft"))
        self.c.new_game(TableSettings(n, names, computer, goals, seed, level, draft))
        if not self.c.status.error:
            self.disarm()

    # ------------------------------------------------------------------ views
    def state(self) -> dict[str, Any]:
        s = table_state(self.c, self.serial, self.explain)
        g = self.c.game
        st = self.c.settings
        s["settings"] = {
            "players": st.players, "names": list(st.names), "computer": list(st.computer),
            "goals": st.goals is not False, "level": st.level, "draft": st.draft,
            # the placeholder stays short enough to be read whole; the game's seed beside it
            "seed_hint": "blank = random", "seed_now": g.seed if g else None,
            "confirm": self.confirm_armed(),
            "game": self.c.key,  # which game (a key of its own; an id may be reused)
        }
        s["end"] = end_sheet(self.c)
        s["hint"] = self.c.assistant.shown(g) if self.c.decision is not None else None
        s["assist"] = True
        return s

    def refresh(self) -> None:
        g = self.c.game
        if g is not None and [p.name for p in g.players] != self._names:
            self._names = [p.name for p in g.players]
            self.log_actor.options = [("everyone", ""), *((n, n) for n in self._names),
                                      ("game", "game")]
            self.log_actor.value = ""
        super().refresh()
        # the new state is on its way to the page: while the person reads it, the computer
        # seats may work out their choice of actions (TableController.think_ahead)
        self.c.think_ahead()


__all__ = ["TableApp"]
