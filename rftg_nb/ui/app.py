"""``SoloApp``: the ipywidgets dashboard for the TGS solitaire game.

The widgets are thin views over :class:`SoloController`; every handler calls one controller
method and then :meth:`SoloApp.refresh` redraws the views from the controller's state.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

import ipywidgets as w

from rftg_nb.cards import CARDS
from rftg_nb.engine.rounds import PHASE_TITLES as ROUND_PHASE_TITLES
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.robot.rules import rule_summary
from rftg_nb.text import count
from rftg_nb.ui.charts import CHARTS
from rftg_nb.ui.controller import NewGameSettings, SoloController
from rftg_nb.ui.render import CSS, robot_mat, score_sheet, tiles

PLOTLY_MIME = "application/vnd.plotly.v1+json"
LOG_ROWS = 300
PHASE_TITLES = {**ROUND_PHASE_TITLES, "setup": "setup", "action": "choose actions",
                "round_end": "round end", "game_end": "game end"}
HELP = (
    "<b>How to play.</b> You play the two-action game of Race for the Galaxy against the "
    "robot. Each round: pick two actions, the robot rolls its dice, then each phase runs left "
    "to right, you first. Answer each question below; the robot's moves are listed with the "
    "rule that drives them."
    "<details><summary>What each action gives you (its bonus)</summary><ul>"
    "<li><b>Explore +5</b>: draw 5 more cards, keep 1 of them all; <b>Explore +1/+1</b>: "
    "draw 1 more and keep 1 more.</li>"
    "<li><b>Develop</b>: your development costs 1 less. Pick <b>Develop (2nd)</b> with it "
    "for a second Develop phase, with the bonus again.</li>"
    "<li><b>Settle</b>: draw 1 card after you place a world. <b>Settle (2nd)</b> goes with "
    "it in the same way.</li>"
    "<li><b>Trade</b>: sell one good for cards before consuming; <b>Consume x2</b>: your VP "
    "from consuming are doubled.</li>"
    "<li><b>Produce</b>: one extra good on a windfall world.</li>"
    "</ul>A phase only the robot chose is played by you too, without the bonus.</details>"
)


class SoloApp:
    """The dashboard. ``SoloApp().show()`` in a notebook cell (or a Voila page)."""

    def __init__(self, controller: SoloController | None = None, start: bool = True) -> None:
        self.c = controller or SoloController()
        self.option_buttons: dict[str, w.Button] = {}
        self.option_boxes: dict[str, w.Checkbox] = {}
        self._saved_at = -1
        self._confirm_new: tuple[int, int] | None = None  # (game id, choices) when armed
        self.serial = 0  # counts the redraws of the decision panel (see refresh_decision)
        self._build()
        if start and self.c.game is None:
            self.c.new_game()
        self.show_settings()
        self.refresh()

    # ------------------------------------------------------------------ layout
    def _build(self) -> None:
        self.css = w.HTML(CSS)
        self.title = w.HTML("<h2 style='margin:4px 0'>Race for the Galaxy: "
                            "The Gathering Storm &mdash; solitaire</h2>")
        self.status = w.HTML()
        # new game panel
        self.difficulty = w.Dropdown(options=list(DIFFICULTIES), value="easy",
                                     description="Difficulty")
        self.seed = w.Text(placeholder="blank = random", description="Seed")
        # "" stands for a random start world: a Dropdown shows a None value as no selection
        starts = [("random", "")] + [(s, s) for s in START_WORLDS]
        self.player_start = w.Dropdown(options=starts, value="", description="Your start")
        self.robot_start = w.Dropdown(options=starts, value="", description="Robot start")
        self.manual_dice = w.Checkbox(value=False, description="I roll real dice")
        self.new_button = w.Button(description="New game", button_style="primary",
                                   icon="play")
        self.new_button.on_click(lambda _b: self.on_new_game())
        self.new_panel = w.VBox([
            w.HBox([self.difficulty, self.seed]),
            w.HBox([self.player_start, self.robot_start]),
            w.HBox([self.manual_dice, self.new_button]),
        ])
        # decision panel
        self.prompt = w.HTML()
        self.options = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.submit = w.Button(description="Submit", button_style="success", icon="check")
        self.submit.on_click(lambda _b: self.on_submit())
        self.pick_note = w.HTML()
        self.decision_box = w.VBox([self.prompt, self.options,
                                    w.HBox([self.submit, self.pick_note])])
        # step through
        self.step_toggle = w.ToggleButton(value=False, description="Step through robot",
                                          icon="shoe-prints")
        self.step_toggle.observe(lambda ch: self.on_step_toggle(ch["new"]), names="value")
        self.next_button = w.Button(description="Next step", icon="forward")
        self.next_button.on_click(lambda _b: self.on_next_step())
        self.all_button = w.Button(description="Show all", icon="fast-forward")
        self.all_button.on_click(lambda _b: self.on_show_all())
        self.steps = w.HTML()
        # tools
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.on_click(lambda _b: self.on_undo())
        self.save_button = w.Button(description="Save", icon="download")
        self.save_button.on_click(lambda _b: self.on_save())
        self.save_link = w.HTML()
        self.save_link.add_class("rftg-save")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load")
        self.upload.observe(lambda ch: self.on_upload(ch["new"]), names="value")
        # tableau views
        self.player_view = w.HTML()
        self.robot_view = w.HTML()
        self.end_view = w.HTML()
        # charts and log
        self.chart_outputs = {k: w.Output(layout=w.Layout(width="33%", min_width="300px"))
                              for k in CHARTS}
        self.log_actor = w.Dropdown(options=[("everyone", ""), ("you", "player"),
                                             ("robot", "robot"), ("game", "game")],
                                    value="", description="Actor")
        self.log_phase = w.Dropdown(options=[("all phases", "")], value="", description="Phase")
        self.log_actor.observe(lambda _c: self.refresh_log(), names="value")
        self.log_phase.observe(lambda _c: self.refresh_log(), names="value")
        self.log = w.HTML(layout=w.Layout(max_height="320px", overflow="auto"))
        self.chart_note = w.HTML("<i>The charts of the VP pool, the robot's credit and economy "
                                 "and the race start when round 1 begins.</i>")
        self.root = w.VBox([
            self.css, self.title, w.HTML(HELP),
            w.Accordion(children=[self.new_panel], titles=("New game",)),
            self.status, self.end_view, self.decision_box,
            w.HBox([self.step_toggle, self.next_button, self.all_button, self.undo_button,
                    self.save_button, self.upload, self.save_link],
                   layout=w.Layout(flex_flow="row wrap")),
            self.steps, self.player_view, self.robot_view, self.chart_note,
            w.HBox(list(self.chart_outputs.values()), layout=w.Layout(flex_flow="row wrap")),
            w.HTML("<b>Game log</b>"), w.HBox([self.log_actor, self.log_phase]), self.log,
        ])

    def show(self) -> w.VBox:
        """Display the app (in a notebook cell) and return its root widget."""
        from IPython.display import display

        display(self.root)
        return self.root

    # ------------------------------------------------------------------ handlers
    def on_new_game(self) -> None:
        g = self.c.game
        if g is not None and not g.is_over and g.choices:
            here = (id(g), len(g.choices))
            if self._confirm_new != here:  # a game is in progress: ask once more
                self._confirm_new = here
                self.c.status.text, self.c.status.error = (
                    "A game is in progress. Press \"Confirm new game\" to give it up (Undo "
                    "cannot bring it back; Save keeps a copy), or carry on playing.", True)
                self.refresh()
                return
        text = self.seed.value.strip()
        seed: int | None
        if text:
            try:
                seed = int(text)
            except ValueError:
                self.c.status.text, self.c.status.error = (
                    f"The seed must be a whole number, not {text!r}.", True)
                self.refresh()
                return
        else:
            seed = None
        self.c.new_game(NewGameSettings(
            difficulty=self.difficulty.value, seed=seed,
            player_start=self.player_start.value or None,
            robot_start=self.robot_start.value or None, manual_dice=self.manual_dice.value))
        self.refresh()

    def on_option(self, option_id: str) -> None:
        self.c.answer([option_id])
        self.refresh()

    def on_submit(self) -> None:
        ids = [i for i, box in self.option_boxes.items() if box.value]
        self.c.answer(ids)
        self.refresh()

    def on_step_toggle(self, on: bool) -> None:
        self.c.set_step_through(on)
        self.refresh()

    def on_next_step(self) -> None:
        self.c.next_step()
        self.refresh()

    def on_show_all(self) -> None:
        self.c.show_all()
        self.refresh()

    def on_undo(self) -> None:
        self.c.undo()
        self.refresh()

    def on_save(self) -> None:
        data = base64.b64encode(self.c.save().encode()).decode()
        g = self.c.game
        name = f"rftg-solo-seed{g.seed}-round{g.round}.json" if g else "rftg-solo.json"
        self.save_link.value = (f'<a download="{name}" href="data:application/json;base64,'
                                f'{data}">Download {name}</a>')
        self._saved_at = len(g.choices) if g else -1

    def on_upload(self, value: Any) -> None:
        files = list(value or ())
        if not files:
            return
        content = files[0]["content"]
        self.upload.value = ()  # forget the file, so choosing the same one again loads it again
        if self.c.load(bytes(content)):
            self.show_settings()
        self.refresh()

    def show_settings(self) -> None:
        """Show the settings of the game in play in the New game panel.

        The seed box stays blank (its hint names this game's seed), so New game deals a new
        game unless a seed is typed.
        """
        s = self.c.settings
        self.difficulty.value = s.difficulty
        self.seed.value = ""
        self.player_start.value = s.player_start or ""
        self.robot_start.value = s.robot_start or ""
        self.manual_dice.value = s.manual_dice

    # ------------------------------------------------------------------ views
    def refresh(self) -> None:
        c = self.c
        if c.game is not None and self._saved_at != len(c.game.choices):
            self.save_link.value = ""  # a download link is only offered for the current position
        st = c.status
        colour = "#b00020" if st.error else "#205020"
        self.status.value = f"<div style='color:{colour}'>{escape(st.text)}</div>" if st.text \
            else ""
        if c.game is None:
            return
        armed = self._confirm_new == (id(c.game), len(c.game.choices))
        self.new_button.description = "Confirm new game" if armed else "New game"
        self.new_button.button_style = "danger" if armed else "primary"
        self.seed.placeholder = f"blank = random (this game: {c.game.seed})"
        self.refresh_decision()
        self.refresh_steps()
        self.refresh_tables()
        self.refresh_charts()
        self.refresh_log()

    def refresh_decision(self) -> None:
        """Redraw the question and its option widgets.

        Each redraw gets a new serial number: the option widgets carry the CSS class
        ``rftg-d<serial>`` and the prompt an empty ``span.rftg-decision`` with ``data-serial``
        and ``data-count`` (how many option widgets there are). The browser builds each widget's
        view on its own time, so a page script or a browser test knows the question is complete
        when that many ``.rftg-d<serial>`` elements are on the page.
        """
        c = self.c
        d = c.decision
        self.serial += 1
        for old in [*self.option_buttons.values(), *self.option_boxes.values()]:
            old.close()  # free the widgets of the previous question (kernel and browser)
        self.option_buttons = {}
        self.option_boxes = {}
        if d is None:
            if c.pending_steps():
                self.prompt.value = ("<b>The robot is moving.</b> Press <i>Next step</i> to see "
                                     "its next move, or <i>Show all</i>.")
            else:
                self.prompt.value = "<b>The game is over.</b> Start a new game above."
            self.options.children = ()
            self.submit.layout.display = "none"
            self.pick_note.value = ""
            return
        where = ("Setup." if c.game.round == 0 else
                 f"Round {c.game.round}, {PHASE_TITLES.get(c.game.phase, c.game.phase)}.")
        prompt = f"<b>{where}</b> {escape(d.prompt)}"
        if d.max == 1:
            buttons = []
            for o in d.options:
                b = w.Button(description=o.label, tooltip=o.label,
                             layout=w.Layout(width="auto"))
                b.add_class("rftg-option")
                b.on_click(lambda _b, i=o.id: self.on_option(i))
                self.option_buttons[o.id] = b
                buttons.append(b)
            if d.min == 0:
                none = w.Button(description="None", button_style="warning",
                                layout=w.Layout(width="auto"))
                none.add_class("rftg-option")
                none.on_click(lambda _b: self._answer_none())
                self.option_buttons[""] = none
                buttons.append(none)
            self._show_options(prompt, buttons)
            self.submit.layout.display = "none"
            self.pick_note.value = ""
            return
        boxes = []
        for o in d.options:
            box = w.Checkbox(value=False, description=o.label, indent=False,
                             layout=w.Layout(width="auto", margin="0 12px 0 0"))
            box.add_class("rftg-option")
            box.observe(lambda _ch: self._update_submit(), names="value")
            self.option_boxes[o.id] = box
            boxes.append(box)
        self._show_options(prompt, boxes)
        self.submit.layout.display = None
        self._update_submit()

    def _show_options(self, prompt: str, widgets: list[w.DOMWidget]) -> None:
        tag = f"rftg-d{self.serial}"
        for widget in widgets:
            widget.add_class(tag)
        self.prompt.value = (prompt + f"<span class='rftg-decision' data-serial='{self.serial}'"
                             f" data-count='{len(widgets)}'></span>")
        self.options.children = tuple(widgets)

    def _answer_none(self) -> None:
        self.c.answer([])
        self.refresh()

    def _update_submit(self) -> None:
        d = self.c.decision
        if d is None:
            return
        ids = tuple(i for i, box in self.option_boxes.items() if box.value)
        why = d.check(ids)
        self.submit.disabled = why is not None
        want = str(d.min) if d.min == d.max else f"{d.min} to {d.max}"
        # data-ok says whether Submit is enabled, for page scripts and browser tests
        self.pick_note.value = (
            f"<span class='rftg-pick' data-serial='{self.serial}' data-picked='{len(ids)}' "
            f"data-ok='{int(why is None)}'>Pick {want} of {len(d.options)}: {len(ids)} picked."
            + (f" <span style='color:#a15c00'>{escape(why)}</span>"
               if why and len(ids) >= d.min else "") + "</span>")

    def refresh_steps(self) -> None:
        c = self.c
        pending = c.pending_steps()
        self.next_button.disabled = not pending
        self.all_button.disabled = not pending
        events = [e for e in c.visible_events() if e.actor == "robot"]
        # The robot's latest moves, newest last; a round's last moves (Consume, Produce) stay
        # listed while the next round's actions are chosen.
        recent = events[-16:]
        values = c.game.robot.values

        def tag(e: Any) -> str:
            rule = e.data.get("rule", "")
            why = rule_summary(rule, values)
            return (f"<span style='color:#666' title='{escape(why, quote=True)}'>"
                    f"[{escape(rule)}]</span>")

        rows = "".join(f"<li><span style='color:#666'>R{e.round}</span> {escape(e.text)} "
                       f"{tag(e)}</li>" for e in recent)
        head = "<b>The robot's latest moves</b> (point at a rule to read it)"
        if pending:
            head += f" ({pending} more to step through)"
        rule = ""
        if c.step_through and recent:
            last = recent[-1].data.get("rule", "")
            why = rule_summary(last, values)
            if why:
                rule = (f"<div class='rftg-rule'>The rule for the latest step, "
                        f"<b>{escape(last)}</b>: {escape(why)}</div>")
        self.steps.value = (f"{head}<ul>{rows}</ul>{rule}" if rows
                            else head + ": none yet.")

    def refresh_tables(self) -> None:
        c = self.c
        g = c.game
        me = g.players[0]
        now = g.numbers_at(c.shown - 1) if c.shown else None
        score = (f"<div class='rftg-score-now'><b>Score so far</b> (chips, cards and 6-cost "
                 f"bonuses): you {now['player_score']}, robot {now['robot_score']} &middot; "
                 f"VP pool {_pool(now['vp_pool'])}</div>" if now else "")
        d = c.decision
        ids = {o.id for o in d.options} if d is not None else set()
        in_hand = {i for i, x in enumerate(me.hand) if x.id in ids}
        on_table = {i for i, x in enumerate(me.tableau) if x.id in ids}
        note = (" &middot; <span style='color:#1f5fbf'>outlined: the cards this question is "
                "about</span>" if in_hand or on_table else "")
        self.player_view.value = (
            score + f"<b>Your tableau</b> ({count(len(me.tableau))}, {me.vp} VP chips)"
            + tiles([(x.design, x.good is not None) for x in me.tableau], asked=on_table)
            + f"<b>Your hand</b> ({count(len(me.hand))}){note}"
            + tiles([(x.design, False) for x in me.hand], "empty", asked=in_hand))
        mat = c.robot_at_cursor()
        self.robot_view.value = robot_mat(
            mat, mat["markers"], g.robot.components, g.robot.counter_vp, CARDS.designs)
        result = c.result() if not c.pending_steps() else None
        self.end_view.value = score_sheet(result, me.name) if result else ""

    def refresh_charts(self) -> None:
        # The charts start with round 1: before that they would show a flat setup line, and
        # leaving them out lets the page appear before plotly's JavaScript has loaded.
        started = self.c.game is not None and self.c.game.round >= 1
        self.chart_note.layout.display = "none" if started else None
        if not started:
            for out in self.chart_outputs.values():
                out.outputs = ()
            return
        df = self.c.timeline()
        for key, fn in CHARTS.items():
            fig = fn(df)
            self.chart_outputs[key].outputs = ({
                "output_type": "display_data",
                "data": {PLOTLY_MIME: fig.to_plotly_json(), "text/plain": fig.layout.title.text},
                "metadata": {},
            },)

    def refresh_log(self) -> None:
        df = self.c.timeline()
        phases = [("all phases", "")] + [(PHASE_TITLES.get(p, p), p)
                                         for p in dict.fromkeys(df["phase"])]
        if list(self.log_phase.options) != phases:
            keep = self.log_phase.value if self.log_phase.value in dict(phases).values() else ""
            self.log_phase.options = phases
            self.log_phase.value = keep
        table = self.c.log_table(self.log_actor.value or None, self.log_phase.value or None)
        total = len(table)
        table = table.iloc[::-1].head(LOG_ROWS)
        table["phase"] = table["phase"].map(lambda p: PHASE_TITLES.get(p, p))
        table["actor"] = table["actor"].replace({"player": "you"})
        note = (f"<i>Newest {LOG_ROWS} of {total} entries; filter by actor or phase to see "
                "older ones.</i>" if total > LOG_ROWS else "")
        # data-steps: how many steps the charts show (the log lists your draws once, not twice)
        self.log.value = (f"<div class='rftg-log-note' data-steps='{len(df)}'>{note}</div>"
                          + table.to_html(index=False, border=0, escape=True,
                                          classes="rftg-log"))


def _pool(n: int) -> str:
    """The VP pool; below 0 it is empty and extra chips have been handed out."""
    return str(n) if n >= 0 else f"0 ({count(-n, 'extra chip')} used)"
