"""``SoloApp``: the solitaire dashboard, a board widget over :class:`SoloController`.

The board (:class:`rftg_nb.ui.board.Board`) shows everything a question needs on one screen and
sends back what the person did; each message calls one controller method, then :meth:`refresh`
sends the board its new state. Charts and the game log live in tabs under the board and are
drawn only while their tab is open, so an answer costs a few kilobytes, not whole figures.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from rftg_nb.cards import CARDS
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS
from rftg_nb.robot.solo import roll_from_ids
from rftg_nb.ui.board import Board
from rftg_nb.ui.charts import CHARTS, figure_json
from rftg_nb.ui.controller import NewGameSettings, SoloController
from rftg_nb.ui.faces import catalogue
from rftg_nb.ui.phases import phase_order, phase_title
from rftg_nb.ui.render import components_table
from rftg_nb.ui.solo_board import board_state, game_info

PLOTLY_MIME = "application/vnd.plotly.v1+json"
LOG_ROWS = 300
TAB_HELP, TAB_CHARTS, TAB_LOG = 0, 1, 2
HELP = (
    "<div class='rftg-help'><b>How to play.</b> You play the two-action game of Race for the "
    "Galaxy against the robot. Each round: pick two actions, the robot rolls its dice, then each "
    "phase runs left to right, you first. Answer the question in the blue box: click the "
    "outlined cards (or the buttons) and confirm. Dimmed cards say why they cannot be picked; "
    "the <i>i</i> on a card (or a click on any card that is not asked for) shows its full text. "
    "Keyboard: Tab to a card, Enter or Space to pick it, <i>i</i> for its text."
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


class SoloApp:
    """The dashboard. ``SoloApp().show()`` in a notebook cell (or a Voila page)."""

    def __init__(self, controller: SoloController | None = None, start: bool = True) -> None:
        self.c = controller or SoloController()
        self.serial = 0  # counts the board states sent (the page marks each one it draws)
        self._confirm_new: tuple[int, int] | None = None  # (game id, choices) when armed
        self._charts_key: Any = None
        self._log_key: Any = None
        self._info_for: Any = None  # the game whose fixed facts the board has
        self.replies: list[dict[str, Any]] = []  # custom messages sent (kept for tests)
        self._build()
        if start and self.c.game is None:
            self.c.new_game()
        self.refresh()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.board = Board(self.on_action, faces=catalogue(CARDS.designs),
                           meta={"difficulties": list(DIFFICULTIES),
                                 "starts": list(START_WORLDS)})
        self.help = w.HTML(HELP)
        self.chart_note = w.HTML()
        self.chart_outputs = {key: w.Output(layout=w.Layout(flex="1 1 280px", min_width="0"))
                              for key in CHARTS}
        self.charts = w.VBox([self.chart_note, w.HBox(
            list(self.chart_outputs.values()), layout=w.Layout(flex_flow="row wrap",
                                                                width="100%"))])
        self.log_actor = w.Dropdown(options=[("everyone", ""), ("you", "player"),
                                             ("robot", "robot"), ("game", "game")],
                                    description="Who")
        self.log_phase = w.Dropdown(options=[("all phases", "")], description="Phase")
        self.log_actor.observe(lambda _c: self.refresh_log(force=True), names="value")
        self.log_phase.observe(lambda _c: self.refresh_log(force=True), names="value")
        self.log = w.HTML(layout=w.Layout(max_height="360px", overflow="auto"))
        self.log_box = w.VBox([w.HBox([self.log_actor, self.log_phase]), self.log])
        self.components = w.HTML()
        self.tabs = w.Tab(children=[w.VBox([self.help, self.components]), self.charts,
                                    self.log_box],
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

    # ------------------------------------------------------------------ messages from the board
    def on_action(self, msg: dict[str, Any]) -> None:
        """One message from the board (see ``board.js``); unknown ones are ignored."""
        what = msg.get("do")
        if self.c.game is None and what not in ("new", "load"):
            return  # nothing to act on before a game is started or loaded
        if what == "check":
            self.reply(self.check(list(msg.get("ids") or [])))
            return
        if what == "answer":
            self.answer(list(msg.get("ids") or []))
        elif what == "next":
            self.c.next_step()
        elif what == "all":
            self.c.show_all()
        elif what == "step":
            self.c.set_step_through(bool(msg.get("on")))
        elif what == "explain":
            self.c.explain = bool(msg.get("on"))
        elif what == "undo":
            self.c.undo()
        elif what == "save":
            self.reply(self.save())
            return
        elif what == "load":
            if self.c.load(str(msg.get("text", ""))):
                self._confirm_new = None
        elif what == "new":
            self.new_game(dict(msg.get("settings") or {}))
        else:
            return
        self.refresh()

    def reply(self, content: dict[str, Any]) -> None:
        self.replies.append(content)
        self.board.reply(content)

    def answer(self, ids: list[str]) -> bool:
        return self.c.answer(ids)

    def check(self, ids: list[str]) -> dict[str, Any]:
        """Whether ``ids`` would be a legal answer, and for a roll where the dice would go."""
        d = self.c.decision
        if d is None:
            return {"kind": "check", "ids": ids, "ok": False, "why": "no question now"}
        why = d.check(tuple(ids))
        out: dict[str, Any] = {"kind": "check", "ids": ids, "ok": why is None, "why": why or ""}
        if d.kind == "dice" and why is None:
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
        g = self.c.game
        if g is not None and not g.is_over and g.choices:
            here = (id(g), len(g.choices))
            if self._confirm_new != here:
                self._confirm_new = here
                self.c.status.text, self.c.status.error = (
                    "A game is in progress. Press \"Confirm new game\" to give it up (Undo "
                    "cannot bring it back; Save keeps a copy), or carry on playing.", True)
                return
        raw = form.get("seed")
        text = "" if raw is None else str(raw).strip()
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                self.c.status.text, self.c.status.error = (
                    f"The seed must be a whole number, not {text!r}.", True)
                return
        difficulty = str(form.get("difficulty") or "easy")
        self._confirm_new = None
        self.c.new_game(NewGameSettings(
            difficulty=difficulty, seed=seed,
            player_start=form.get("player_start") or None,
            robot_start=form.get("robot_start") or None,
            manual_dice=bool(form.get("manual_dice"))))

    # ------------------------------------------------------------------ views
    def state(self) -> dict[str, Any]:
        """The board's state for the current position (what :meth:`refresh` sends)."""
        c = self.c
        s = board_state(c, self.serial)
        g = c.game
        armed = g is not None and self._confirm_new == (id(g), len(g.choices))
        st = c.settings
        s["settings"] = {
            "difficulty": st.difficulty, "player_start": st.player_start or "",
            "robot_start": st.robot_start or "", "manual_dice": st.manual_dice,
            "seed_hint": f"blank = random (this game: {g.seed})" if g else "blank = random",
            "confirm": armed,
        }
        result = c.result() if not c.pending_steps() else None
        s["end"] = _end_sheet(result) if result else None
        return s

    def refresh(self) -> None:
        if self.c.game is None:
            return
        self.serial += 1
        if self._info_for is not self.c.game:
            self._info_for = self.c.game
            self.board.info = game_info(self.c)
        self.board.state = self.state()
        comp = components_table(self.c.game.robot.components)
        if self.components.value != comp:
            self.components.value = comp
        self.refresh_tabs()

    def refresh_tabs(self) -> None:
        """Draw the open tab's charts or log, once per game state."""
        if self.tabs.selected_index == TAB_CHARTS:
            self.refresh_charts()
        elif self.tabs.selected_index == TAB_LOG:
            self.refresh_log()

    def _key(self) -> Any:
        g = self.c.game
        return (id(g), len(g.choices), len(g.events), self.c.shown) if g else None

    def refresh_charts(self, force: bool = False) -> None:
        key = self._key()
        if key == self._charts_key and not force:
            return
        self._charts_key = key
        started = self.c.game is not None and self.c.game.round >= 1
        df = self.c.timeline()
        # data-steps: how many steps the charts show (one point each), for tests
        self.chart_note.value = f"<span class='rftg-chart-note' data-steps='{len(df)}'>" + (
            "" if started else "<i>The charts of the VP pool, the robot's credit and economy "
            "and the race start when round 1 begins.</i>") + "</span>"
        if not started:
            for out in self.chart_outputs.values():
                out.outputs = ()
            return
        for key_, fn in CHARTS.items():
            fig = fn(df)
            bundle = {PLOTLY_MIME: figure_json(fig), "text/plain": fig.layout.title.text}
            self.chart_outputs[key_].outputs = ({
                "output_type": "display_data", "data": bundle, "metadata": {},
            },)

    def refresh_log(self, force: bool = False) -> None:
        key = (self._key(), self.log_actor.value, self.log_phase.value)
        if key == self._log_key and not force:
            return
        self._log_key = key
        df = self.c.timeline()
        phases = [("all phases", "")] + [(phase_title(p), p)
                                         for p in phase_order(df["phase"] if len(df) else [])]
        if list(self.log_phase.options) != phases:
            keep = self.log_phase.value if self.log_phase.value in dict(phases).values() else ""
            self.log_phase.options = phases
            self.log_phase.value = keep
        table = self.c.log_table(self.log_actor.value or None, self.log_phase.value or None)
        total = len(table)
        table = table.iloc[::-1].head(LOG_ROWS)
        table["phase"] = table["phase"].map(phase_title)
        table["actor"] = table["actor"].replace({"player": "you"})
        note = (f"<i>Newest {LOG_ROWS} of {total} entries; filter by actor or phase to see "
                "older ones.</i>" if total > LOG_ROWS else "")
        self.log.value = (f"<div class='rftg-log-note' data-steps='{len(df)}'>{note}</div>"
                          + table.to_html(index=False, border=0, escape=True,
                                          classes="rftg-log"))


def _end_sheet(result: dict[str, Any]) -> dict[str, Any]:
    """The end-of-game sheet: why it ended, who won, both scores broken down."""
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


__all__ = ["SoloApp"]
