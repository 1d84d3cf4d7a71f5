"""``LessonApp``: the course of lessons, each a few sentences and a live board.

A lesson (:mod:`rftg_nb.lessons`) is a declaration; :class:`rftg_nb.lessons.LessonRun` builds
its position and computes the right answers through the engine. This app shows the lesson's
text beside the same board as the solitaire dashboard and lets the learner act on it:

- a *choose* lesson: the learner answers the question on the board (clicking cards); the answer
  is judged against the best options the engine computes, then played out to the end of its
  phase (or round) as the grader measured it, so the board shows the result, payment made;
- a *predict* lesson: the learner predicts the robot's numbers with the widgets, checks them, and
  then steps through the robot's moves on its mat with the rule of each step.

:class:`rftg_nb.ui.lesson_controller.LessonController` holds the course's state in plain Python
(tests drive it without a browser); the widgets only read it and call its methods.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from rftg_nb.lessons import robot_setup
from rftg_nb.ui.app import SoloApp
from rftg_nb.ui.lesson_controller import PREDICTION_RANGE, LessonController
from rftg_nb.ui.page_css import PAGE_CSS


class LessonBoard(SoloApp):
    """The dashboard's board, answering through the lesson instead of the game directly."""

    keeps_games = False  # a lesson's game is a scripted position, not a game of the person's

    def __init__(self, lessons: LessonController,
                 on_answer: Callable[[], None] | None = None) -> None:
        self.lessons = lessons
        self.on_answer = on_answer  # the course redraws its feedback and progress
        super().__init__(lessons.board, start=False)

    def on_action(self, msg: dict[str, Any]) -> None:
        what = msg.get("do")
        if what == "answer":
            self.lessons.answer(list(msg.get("ids") or []))
            if self.on_answer is not None:
                self.on_answer()
            else:
                self.refresh()
            return
        if what in ("new", "load", "undo", "save", "step", "hint", "auto"):
            return  # the lesson decides the position
        super().on_action(msg)

    def handle(self, what: str, msg: dict[str, Any]) -> bool:
        if what == "next":  # the lesson's steps: it ends once the last one is shown
            self.lessons.next_step()
        elif what == "all":
            self.lessons.show_all()
        else:
            return super().handle(what, msg)
        return True

    def state(self) -> dict[str, Any]:
        s = super().state()
        s["lesson"] = True  # the page hides the game's own tools
        lessons = self.lessons
        if lessons.lesson.kind == "predict" and not lessons.judged:
            s["question"] = None
            s["banner"] = ("Your turn to predict",
                           "Answer the lesson's questions, then check them.")
        elif lessons.judged:
            # answered: no question of the game in play is asked any more (the next round's
            # actions, say); once the robot's moves are watched, the lesson's ending shows
            s["question"] = None
            ending = lessons.ending
            if ending is not None:
                s["banner"] = ending
        if s.get("question") is None:
            # no question on the board: no card is outlined as an option or says why not
            for key in ("hand", "explored", "tableau", "packet"):
                if s.get(key):
                    s[key] = [{k: v for k, v in t.items() if k not in ("o", "why")}
                              for t in s[key]]
        return s


# Compact text, so the board starts high on the page. When the course is 1280 px wide or more
# (a 1366 px screen, with or without a scroll bar) the lesson is a column beside the board, and
# the board keeps its two columns (its own container query would stack them below 920 px);
# narrower (a notebook, a small window), the lesson sits above the board.
LESSON_CSS = """<style>
.rftg-lessons { container: rftg-lessons / inline-size; }
.rftg-lessons-title { margin: 2px 0; font-size: 18px; }
.rftg-lesson { max-width: 1100px; font-size: 13.5px; line-height: 1.35; }
.rftg-lesson h2 { margin: 2px 0 4px; font-size: 16px; }
.rftg-lesson p { margin: 0 0 5px; }
.rftg-lesson .task { background: #eef3fb; border-left: 3px solid #1f5fbf; padding: 2px 8px; }
.rftg-lesson .setup { background: #f4f1e8; border-left: 3px solid #8a7a55; padding: 2px 8px; }
.rftg-lesson .source { color: #666; font-size: 12px; }
.rftg-feedback, .rftg-after p { font-size: 13.5px; line-height: 1.35; margin: 0 0 4px; }
.rftg-lesson-main { display: flex; flex-direction: column; gap: 4px; }
.rftg-q-row { align-items: center; gap: 6px; }
.rftg-q-row > .rftg-q-label { flex: 1 1 0 !important; width: auto !important; min-width: 0; }
.rftg-q-label .rftg-q-prompt { display: inline-block; white-space: normal; line-height: 1.25; }
.rftg-q-row > .widget-dropdown, .rftg-q-row > .widget-inline-hbox { flex: 0 0 auto; }
.rftg-check { max-width: 100%; align-self: flex-start; }
.rftg-q-row { max-width: 560px; }
.rftg-lesson-panel > *, .rftg-lesson-panel .widget-vbox > * { flex-shrink: 0; }
@container rftg-lessons (min-width: 1280px) {
  .rftg-lesson-main { flex-direction: row; align-items: flex-start; gap: 10px; }
  .rftg-lesson-panel { flex: 0 0 380px; width: 380px; min-width: 0;
    max-height: calc(100vh - 110px); overflow-y: auto; }
  .rftg-lesson-panel .rftg-lesson, .rftg-lesson-panel .rftg-feedback,
  .rftg-lesson-panel .rftg-after p { font-size: 13px; line-height: 1.3; }
  .rftg-lesson-panel .rftg-lesson h2 { font-size: 15px; }
  .rftg-lesson-board { flex: 1 1 0; min-width: 0; }
  .rftg-lessons .rftg-lesson-board .rb-main {
    grid-template-columns: minmax(0, 1fr) minmax(0, 470px); }
}
</style>"""


class LessonApp:
    """The course: ``LessonApp().show()`` in a notebook cell or a Voila page."""

    def __init__(self, controller: LessonController | None = None) -> None:
        self.c = controller or LessonController()
        self.app = LessonBoard(self.c, on_answer=lambda: self.refresh())
        titles = [(f"{i + 1}. {x.title}", i) for i, x in enumerate(self.c.lessons)]
        self.pick = w.Dropdown(options=titles, value=self.c.index, description="Lesson",
                               layout=w.Layout(width="420px"))
        self.pick.observe(lambda ch: self.on_open(ch["new"]), names="value")
        narrow = {"layout": w.Layout(width="auto")}  # the buttons as wide as their words
        self.prev_button = w.Button(description="← Previous", **narrow)
        self.prev_button.on_click(lambda _b: self.on_open(self.c.index - 1))
        self.next_button = w.Button(description="Next →", button_style="primary", **narrow)
        self.next_button.on_click(lambda _b: self.on_open(self.c.index + 1))
        self.again_button = w.Button(description="↻ Try again", **narrow)
        self.again_button.on_click(lambda _b: self.on_try_again())
        self.bar = w.IntProgress(value=0, min=0, max=len(self.c.lessons),
                                 description="Done", layout=w.Layout(width="260px"))
        self.bar_note = w.HTML()
        self.text = w.HTML()
        self.questions = w.VBox()
        self.check_button = w.Button(description="✓ Check my predictions",
                                     button_style="success", layout=w.Layout(width="auto"))
        self.check_button.add_class("rftg-check")
        self.check_button.on_click(lambda _b: self.on_check())
        self.feedback = w.HTML()
        self.inputs: dict[str, w.ValueWidget] = {}
        # The lesson (text, questions, feedback) beside the board on a wide screen, above it
        # on a narrow one (LESSON_CSS): the text, the predictions and the robot's moves on
        # its mat are then in view together.
        self.panel = w.VBox([self.text, self.questions, self.feedback])
        self.panel.add_class("rftg-lesson-panel")
        self.app.board.add_class("rftg-lesson-board")
        self.main = w.Box([self.panel, self.app.board])
        self.main.add_class("rftg-lesson-main")
        self.root = w.VBox([
            w.HTML(PAGE_CSS + LESSON_CSS + "<h1 class='rftg-lessons-title'>Learn to play: "
                   "Race for the Galaxy and the solitaire robot</h1>"),
            w.HBox([self.pick, self.prev_button, self.next_button, self.again_button,
                    self.bar, self.bar_note], layout=w.Layout(flex_flow="row wrap")),
            self.main,
        ])
        self.root.add_class("rftg-lessons")
        self.refresh()

    def show(self) -> w.VBox:
        from IPython.display import display

        display(self.root)
        return self.root

    # ------------------------------------------------------------------ handlers
    def on_open(self, index: int) -> None:
        if not 0 <= index < len(self.c.lessons) or (index == self.c.index and self.c.run):
            return
        self.c.open(index)
        self.refresh()

    def on_try_again(self) -> None:
        self.c.try_again()
        self.refresh()

    def on_check(self) -> None:
        self.c.predict({k: x.value for k, x in self.inputs.items()})
        self.refresh()

    # ------------------------------------------------------------------ views
    def refresh(self) -> None:
        c = self.c
        lesson = c.lesson
        run = c.run
        assert run is not None
        if self.pick.value != c.index:
            self.pick.value = c.index
        self.prev_button.disabled = c.index == 0
        self.next_button.disabled = c.index + 1 >= len(c.lessons)
        right, total = c.progress
        self.bar.value = right
        self.bar_note.value = (f"<span class='rftg-progress' data-done='{right}'>lesson "
                               f"{c.index + 1} of {total}; {right} answered right</span>")
        paragraphs = "".join(f"<p>{escape(p)}</p>" for p in lesson.text.split("\n\n"))
        setup = robot_setup(lesson)
        if setup:
            paragraphs += f"<p class='setup'>{escape(setup)}</p>"
        self.text.value = (
            f"<div class='rftg-lesson' data-id='{escape(lesson.id)}' data-kind='{lesson.kind}'>"
            f"<h2>{escape(lesson.title)}</h2>{paragraphs}"
            f"<p class='task'><b>Your task:</b> {escape(run.goal)}</p>"
            f"<p class='source'>Source: {escape(lesson.source)}</p></div>")
        self._refresh_questions()
        after = getattr(lesson, "after", "") if c.judged else ""
        self.feedback.value = "".join(
            f"<div class='rftg-feedback {'right' if f.correct else 'wrong'}' style='color:"
            f"{'#1b5e20' if f.correct else '#b3261e'};font-weight:600'>{escape(f.text)}</div>"
            for f in c.feedback) + (
            "<div class='rftg-after' style='margin-top:4px'>"
            + "".join(f"<p>{escape(p)}</p>" for p in after.split("\n\n")) + "</div>"
            if after else "")
        self.app.refresh()

    def _refresh_questions(self) -> None:
        c = self.c
        run = c.run
        assert run is not None
        if c.lesson.kind != "predict":
            self.inputs = {}
            self.questions.children = ()
            return
        key = (c.lesson.id, id(run.game), c.judged)
        if getattr(self, "_questions_for", None) == key:
            return
        self._questions_for = key
        self.inputs = {}
        rows = []
        for q in run.questions:
            given = c.answers.get(q["key"])  # a checked prediction stays on show
            if q["choices"]:
                x: w.ValueWidget = w.Dropdown(
                    options=[("(choose)", "")] + [(ch, ch) for ch in q["choices"]],
                    value=given if given in q["choices"] else "",
                    layout=w.Layout(width="190px"))
            else:
                x = w.BoundedIntText(value=given if isinstance(given, int) else 0,
                                     min=PREDICTION_RANGE[0], max=PREDICTION_RANGE[1],
                                     layout=w.Layout(width="72px"))
            x.disabled = c.judged
            x.add_class(f"rftg-q-{q['key']}")
            self.inputs[q["key"]] = x
            label = w.HTML(f"<span class='rftg-q-prompt'>{escape(q['prompt'])}</span>")
            label.add_class("rftg-q-label")
            row = w.HBox([label, x])
            row.add_class("rftg-q-row")
            rows.append(row)
        self.check_button.disabled = c.judged
        self.questions.children = (*rows, self.check_button)
