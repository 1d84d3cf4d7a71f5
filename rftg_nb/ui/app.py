"""``SoloApp``: the solitaire dashboard, a board widget over :class:`SoloController`.

The board (:class:`rftg_nb.ui.board.Board`) shows everything a question needs on one screen and
sends back what the person did; each message calls one controller method, then :meth:`refresh`
sends the board its new state. Charts and the game log live in tabs under the board and are
drawn only while their tab is open, so an answer costs a few kilobytes, not whole figures.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from rftg_nb.engine.kinds import Kind
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS, roll_from_ids
from rftg_nb.ui.board_app import LOG_ROWS, PLOTLY_MIME, TAB_CHARTS, TAB_HELP, TAB_LOG, BoardApp
from rftg_nb.ui.charts import CHARTS
from rftg_nb.ui.controller import NewGameSettings, SoloController
from rftg_nb.ui.page_css import PAGE_CSS
from rftg_nb.ui.render import components_table
from rftg_nb.ui.solo_board import board_state, game_info

HELP = PAGE_CSS + (
    "<div class='rftg-help'><b>How to play.</b> You play the two-action game of Race for the "
    "Galaxy against the robot. Each round: pick two actions, the robot rolls its dice, then each "
    "phase runs left to right, you first. Answer the question in the blue box: click the "
    "outlined cards (or the buttons) and confirm. Dimmed cards say why they cannot be picked; "
    "the <i>i</i> on a card (or a click on any card that is not asked for) shows its full text. "
    "Keyboard: after each answer the focus is on the next question; Tab to a card, Enter or "
    "Space to pick it, <i>i</i> for its text (Escape closes it); after the cards, Tab reaches "
    "Confirm."
    "<ul>"
    "<li><b>Explore +5</b>: draw 5 more cards, keep 1 of them all; <b>Explore +1/+1</b>: "
    "draw 1 more and keep 1 more.</li>"
    "<li><b>Develop</b>: your development costs 1 less. Pick <b>Develop (2nd)</b> with it "
    "for a second Develop phase, with the bonus again.</li>"
    "<li><b>Settle</b>: draw 1 card after you place a world. <b>Settle (2nd)</b> goes with "
    "it in the same way.</li>"
    "<li><b>Trade</b>: sell one good for cards before consuming; <b>Consume x2</b>: your VP "
    "from consuming are doubled.</li>"
    "<li><b>Produce</b>: one extra good on a windfall world.</li>"
    "</ul>A phase only the robot chose is played by you too, without the bonus. The robot's "
    "mat shows under each space its action row (a die there) and its response row (only you "
    "chose that phase); the row in use is lit.</div>"
)


class SoloApp(BoardApp):
    """The dashboard. ``SoloApp().show()`` in a notebook cell (or a Voila page)."""

    keeps_games = True

    charts_drawn = CHARTS
    charts_wait = ("The charts of the VP pool, the robot's credit and economy and the race "
                   "start when round 1 begins.")

    def __init__(self, controller: SoloController | None = None, start: bool = True) -> None:
        self.c = controller or SoloController()
        self.help = w.HTML(HELP)
        self.components = w.HTML()
        super().__init__()
        if start and self.c.game is None:
            self.c.new_game()
        self.refresh()

    # ------------------------------------------------------------------ the page's pieces
    def game(self) -> Any:
        return self.c.game

    def board_meta(self) -> dict[str, Any]:
        return {"difficulties": list(DIFFICULTIES), "starts": list(START_WORLDS)}

    def help_widgets(self) -> list[w.Widget]:
        return [self.help, self.components]

    def log_actors(self) -> list[tuple[str, str]]:
        return [("everyone", ""), ("you", "player"), ("robot", "robot"), ("game", "game")]

    def info(self) -> dict[str, Any]:
        return game_info(self.c)

    def timeline(self) -> Any:
        return self.c.timeline()

    def charts_ready(self) -> bool:
        return self.c.game is not None and self.c.game.round >= 1

    def log_table(self, actor: str | None, phase: str | None) -> Any:
        table = self.c.log_table(actor, phase)
        table["actor"] = table["actor"].replace({"player": "you"})
        return table

    def view_key(self) -> Any:
        g = self.c.game
        return (id(g), len(g.choices), len(g.events), self.c.shown) if g else None

    # ------------------------------------------------------------------ messages from the board
    def handle(self, what: str, msg: dict[str, Any]) -> bool:
        if what == "next":
            self.c.next_step()
        elif what == "all":
            self.c.show_all()
        elif what == "step":
            self.c.set_step_through(bool(msg.get("on")))
        elif what == "explain":
            self.c.explain = bool(msg.get("on"))
        else:
            return super().handle(what, msg)
        return True

    def load(self, text: str) -> bool:
        if self.c.load(text):
            self.disarm()
            return True
        return False

    def in_play(self) -> bool:
        g = self.c.game
        return g is not None and not g.is_over and bool(g.choices)

    def check(self, ids: list[str]) -> dict[str, Any]:
        """Whether ``ids`` would be a legal answer, and for a roll where the dice would go."""
        out = super().check(ids)
        d = self.c.decision
        if d is not None and d.kind == Kind.DICE and out["ok"]:
            out["preview"] = [{"die": p.die, "face": FACE_LABELS.get(p.face, p.face),
                               "space_id": p.space,
                               "space": SPACE_LABELS[p.space], "why": p.why}
                              for p in self.c.game.placements(roll_from_ids(ids))]
        return out

    def save(self) -> dict[str, Any]:
        g = self.c.game
        name = f"rftg-solo-seed{g.seed}-round{g.round}.json" if g else "rftg-solo.json"
        return {"kind": "save", "name": name, "text": self.c.save()}

    def new_game(self, form: dict[str, Any]) -> None:
        """Start the game the New game form describes (asking again over a game in play)."""
        if self.ask_to_confirm():
            return
        seed, why = parse_seed(form.get("seed"))
        if why:
            self.c.status.text, self.c.status.error = why, True
            return
        difficulty = str(form.get("difficulty") or "easy")
        self.disarm()
        self.c.new_game(NewGameSettings(
            difficulty=difficulty, seed=seed,
            player_start=form.get("player_start") or None,
            robot_start=form.get("robot_start") or None,
            manual_dice=bool(form.get("manual_dice")),
            custom_cards=self.c.settings.custom_cards))  # the designer's cards stay in

    # ------------------------------------------------------------------ views
    def state(self) -> dict[str, Any]:
        """The board's state for the current position (what :meth:`refresh` sends)."""
        c = self.c
        s = board_state(c, self.serial)
        g = c.game
        st = c.settings
        s["settings"] = {
            "difficulty": st.difficulty, "player_start": st.player_start or "",
            "robot_start": st.robot_start or "", "manual_dice": st.manual_dice,
            # the placeholder stays short enough to be read whole; the game's seed beside it
            "seed_hint": "blank = random", "seed_now": g.seed if g else None,
            "confirm": self.confirm_armed(),
            "game": self.c.key,  # which game (a key of its own; an id may be reused)
        }
        result = c.result() if not c.pending_steps() else None
        s["end"] = solo_end_sheet(result) if result else None
        s["hint"] = c.assistant.shown(g) if c.decision is not None else None
        s["assist"] = True
        return s

    def refresh(self) -> None:
        super().refresh()
        if self.c.game is not None:
            comp = components_table(self.c.game.robot.components)
            if self.components.value != comp:
                self.components.value = comp


def parse_seed(raw: Any) -> tuple[int | None, str]:
    """The New game form's seed: (None, "") when blank, (seed, "") or (None, why not)."""
    text = "" if raw is None else str(raw).strip()
    if not text:
        return None, ""
    try:
        return int(text), ""
    except ValueError:
        return None, f"The seed must be a whole number, not {text!r}."


def solo_end_sheet(result: dict[str, Any]) -> dict[str, Any]:
    """The solitaire game's end-of-game sheet: why it ended, who won, both scores broken down."""
    p, r = result["player"], result["robot"]
    rows = [
        ("Printed VP on cards", p["cards"], r["cards"]),
        ("VP chips", p["chips"], r["chips"]),
        ("6-cost developments", sum(p["bonuses"].values()), sum(r["six_cost"].values())),
        ("6-cost counters", "", r["counters"]),
        ("Total", p["total"], r["total"]),
    ]
    if result["shared"]:
        headline = "a shared win!"
    elif result["winner"] == "You":
        headline = "you win!"
    else:
        headline = f"{result['winner'].lower()} wins."
    return {"headline": headline, "reason": result.get("reason", ""),
            "rows": [[a, str(b), str(c)] for a, b, c in rows],
            "bonuses": [f"{k}: {v} VP" for k, v in p["bonuses"].items()]}


__all__ = ["LOG_ROWS", "PLOTLY_MIME", "TAB_CHARTS", "TAB_HELP", "TAB_LOG", "SoloApp",
           "parse_seed"]
