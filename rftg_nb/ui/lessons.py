"""``LessonApp``: the course of lessons, each a few sentences and a live board.

A lesson (:mod:`rftg_nb.lessons`) is a declaration; :class:`rftg_nb.lessons.LessonRun` builds
its position and computes the right answers through the engine. This app shows the lesson's
text beside the same board as the solitaire dashboard and lets the learner act on it:

- a *choose* lesson: the learner answers the question on the board (clicking cards); the answer
  is judged against the best options the engine computes, then played so its result shows;
- a *predict* lesson: the learner predicts the robot's numbers with the widgets, checks them, and
  then steps through the robot's moves on its mat with the rule of each step.

:class:`LessonController` holds the course's state in plain Python (tests drive it without a
browser); the widgets only read it and call its methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w

from rftg_nb.lessons import LESSONS, Feedback, Lesson, LessonRun
from rftg_nb.ui.app import SoloApp
from rftg_nb.ui.controller import SoloController, Status


@dataclass
class LessonController:
    """Which lesson is open, its run, what the learner got right, and the board's controller."""

    lessons: tuple[Lesson, ...] = LESSONS
    index: int = 0
    run: LessonRun | None = None
    board: SoloController = field(default_factory=SoloController)
    feedback: list[Feedback] = field(default_factory=list)
    judged: bool = False  # the lesson's task has been answered (try again to repeat it)
    answers: dict[str, Any] = field(default_factory=dict)  # the predictions last checked
    done: set[str] = field(default_factory=set)  # ids of lessons answered right

    def __post_init__(self) -> None:
        self.open(self.index)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def open(self, index: int) -> None:
        """Open lesson ``index`` (0-based) at its start."""
        if not 0 <= index < len(self.lessons):
            raise ValueError(f"there is no lesson {index + 1} (1 to {len(self.lessons)})")
        self.index = index
        self.run = LessonRun(self.lessons[index])
        self._show_game()

    def next(self) -> None:
        if self.index + 1 < len(self.lessons):
            self.open(self.index + 1)

    def previous(self) -> None:
        if self.index > 0:
            self.open(self.index - 1)

    def try_again(self) -> None:
        assert self.run is not None
        self.run.reset()
        self._show_game()

    def _show_game(self) -> None:
        assert self.run is not None
        self.feedback = []
        self.judged = False
        self.answers = {}
        c = self.board
        c.game = self.run.game
        c.step_through = True
        c.shown = len(self.run.game.events)
        c.status = Status("")

    # ------------------------------------------------------------------ the learner's answers
    def answer(self, ids: list[str]) -> bool:
        """A choose lesson's answer from the board: judged, then played so its result shows."""
        run = self.run
        assert run is not None
        if self.lesson.kind != "choose":
            self.board.status = Status("Make your predictions first, then check them.", True)
            return False
        if self.judged:
            self.board.status = Status("This lesson's question is answered: press Try again to "
                                       "answer it once more, or go on to the next lesson.", True)
            return False
        d = self.board.decision
        if d is None or d.check(tuple(ids)) is not None:
            return self.board.answer(ids)  # says why it is not a legal answer
        fb = run.judge(ids)
        self.feedback = [fb]
        self.judged = True
        if fb.correct:
            self.done.add(self.lesson.id)
        self.board.answer(ids)
        return fb.correct

    def predict(self, answers: dict[str, Any]) -> list[Feedback]:
        """A predict lesson's predictions: judged, then the robot's moves are played to watch."""
        run = self.run
        assert run is not None
        if self.lesson.kind != "predict" or self.judged:
            return self.feedback
        missing = [q["key"] for q in run.questions if answers.get(q["key"]) in (None, "")]
        if missing:
            self.board.status = Status("Answer every question before checking.", True)
            return []
        self.answers = dict(answers)
        self.feedback = run.judge_predictions(answers)
        self.judged = True
        if all(f.correct for f in self.feedback):
            self.done.add(self.lesson.id)
        run.play_on()
        c = self.board
        c.game = run.game
        c.step_through = True
        c.show_from(run.watch_from)
        c.status = Status("Now watch: press Next step to see each of the robot's moves with its "
                          "rule.")
        return self.feedback

    @property
    def progress(self) -> tuple[int, int]:
        """(lessons answered right, lessons in the course)."""
        return len(self.done), len(self.lessons)


class LessonBoard(SoloApp):
    """The dashboard's board, answering through the lesson instead of the game directly."""

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

    def state(self) -> dict[str, Any]:
        s = super().state()
        s["lesson"] = True  # the page hides the game's own tools
        lessons = self.lessons
        if lessons.lesson.kind == "predict" and not lessons.judged:
            s["question"] = None
            s["banner"] = ("Your turn to predict",
                           "Answer the questions above the board, then check them.")
        elif lessons.lesson.kind == "choose" and lessons.judged:
            s["question"] = None
            s["banner"] = ("Lesson answered", "The board shows what your answer did. Press "
                           "Next for the next lesson, or Try again.")
        return s


# Compact text, so the board starts high on the page.
LESSON_CSS = """<style>
.rftg-lesson { max-width: 1100px; font-size: 13.5px; line-height: 1.35; }
.rftg-lesson h3 { margin: 2px 0 4px; font-size: 16px; }
.rftg-lesson p { margin: 0 0 5px; }
.rftg-lesson .task { background: #eef3fb; border-left: 3px solid #1f5fbf; padding: 2px 8px; }
.rftg-lesson .source { color: #666; font-size: 12px; }
.rftg-feedback, .rftg-after p { font-size: 13.5px; line-height: 1.35; margin: 0 0 4px; }
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
        self.prev_button = w.Button(description="← Previous")
        self.prev_button.on_click(lambda _b: self.on_open(self.c.index - 1))
        self.next_button = w.Button(description="Next →",
                                    button_style="primary")
        self.next_button.on_click(lambda _b: self.on_open(self.c.index + 1))
        self.again_button = w.Button(description="↻ Try again")
        self.again_button.on_click(lambda _b: self.on_try_again())
        self.bar = w.IntProgress(value=0, min=0, max=len(self.c.lessons),
                                 description="Done", layout=w.Layout(width="260px"))
        self.bar_note = w.HTML()
        self.text = w.HTML()
        self.questions = w.VBox()
        self.check_button = w.Button(description="✓ Check my predictions",
                                     button_style="success")
        self.check_button.on_click(lambda _b: self.on_check())
        self.feedback = w.HTML()
        self.inputs: dict[str, w.ValueWidget] = {}
        self.root = w.VBox([
            w.HTML("<h2 style='margin:4px 0'>Learn to play: Race for the Galaxy and the "
                   "solitaire robot</h2>"),
            w.HBox([self.pick, self.prev_button, self.next_button, self.again_button,
                    self.bar, self.bar_note], layout=w.Layout(flex_flow="row wrap")),
            self.text, self.questions, self.feedback, self.app.board,
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
        self.text.value = (
            LESSON_CSS
            + f"<div class='rftg-lesson' data-id='{escape(lesson.id)}' data-kind='{lesson.kind}'>"
            f"<h3>{escape(lesson.title)}</h3>{paragraphs}"
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
                x: w.ValueWidget = w.Dropdown(options=[("(choose)", "")] + [
                    (ch, ch) for ch in q["choices"]], value=given if given in q["choices"] else "")
            else:
                x = w.BoundedIntText(value=given if isinstance(given, int) else 0, min=-99,
                                     max=999, layout=w.Layout(width="90px"))
            x.disabled = c.judged
            x.add_class(f"rftg-q-{q['key']}")
            self.inputs[q["key"]] = x
            rows.append(w.HBox([w.HTML(f"<span style='min-width:360px;display:inline-block'>"
                                       f"{escape(q['prompt'])}</span>"), x]))
        self.check_button.disabled = c.judged
        self.questions.children = (*rows, self.check_button)
