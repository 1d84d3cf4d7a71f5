"""The course of lessons in plain Python (:class:`LessonController`): which lesson is open, its
run, the learner's answers or predictions judged, and the board's controller showing its game.
Tests drive it without a browser; the course's page (:mod:`rftg_nb.ui.lessons`) only reads it
and calls its methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rftg_nb.lessons import GRADERS, LESSONS, Feedback, Lesson, LessonRun
from rftg_nb.ui.controller import SoloController, Status

#: the numbers a prediction may be (the box's bounds; the kernel checks them too)
PREDICTION_RANGE = (-99, 999)
#: the status line while the robot's moves after an answer are held back to step through
WATCH = "Now watch: press Next step to see each of the robot's moves with its rule."
#: the board's banner once a lesson is over, whatever its kind (see LessonController.ending)
DONE = "Lesson done"


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

    # ------------------------------------------------------------------ where the lesson is
    @property
    def stage(self) -> str:
        """"task" (the learner answers or predicts), "watch" (answered: the robot's moves
        after it are still held back to step through) or "done" (nothing is left to do in
        this lesson but go on, or try again)."""
        if not self.judged:
            return "task"
        return "watch" if self.board.pending_steps() else "done"

    @property
    def ending(self) -> tuple[str, str] | None:
        """The board's last words for the lesson, the same for every kind: (``DONE``, what
        happened and what to do next); None until the lesson is done."""
        if self.stage != "done":
            return None
        lesson = self.lesson
        if lesson.kind == "choose":
            right = bool(self.feedback) and self.feedback[0].correct
            scope = GRADERS[lesson.grader].scope
            verdict = "right" if right else "not the best (the feedback says why)"
            happened = (f"Your answer was {verdict}: the board shows it played out to the end "
                        f"of the {scope}.")
        else:
            hits = sum(f.correct for f in self.feedback)
            end = "the game" if self.board.game is not None and self.board.game.is_over \
                else "the round"
            happened = (f"You predicted {hits} of {len(self.feedback)} right: the board shows "
                        f"the robot's moves to the end of {end}, each with its rule.")
        if self.index + 1 < len(self.lessons):
            after = self.lessons[self.index + 1]
            what_next = (f"What next: press Next → for lesson {self.index + 2} ({after.title}), "
                         "or Try again to repeat this one.")
        else:
            what_next = ("That was the last lesson: press Try again to repeat it, or pick any "
                         "lesson from the list.")
        return DONE, f"{happened} {what_next}"

    def next_step(self) -> None:
        """Reveal the robot's next move after the answer (the board's *Next step*)."""
        self.board.next_step()
        self._watched()

    def show_all(self) -> None:
        """Reveal all the robot's moves after the answer (the board's *Show all*)."""
        self.board.show_all()
        self._watched()

    def _watched(self) -> None:
        """Once no move is left to watch, the watch hint goes: the board's banner ends the
        lesson."""
        if self.stage == "done" and self.board.status.text == WATCH:
            self.board.status = Status("")

    def _show_game(self) -> None:
        assert self.run is not None
        self.feedback = []
        self.judged = False
        self.answers = {}
        c = self.board
        c.game = self.run.game
        c.game.keep_numbers()
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
        if self.board.answer(ids):
            # the rest of the answer's phase, as the feedback measured it (a payment, say);
            # the robot's moves after the teaching point are stepped through
            run.carry_out()
            self.board.show_from(run.watch_from)
            self.board.status = Status(WATCH if self.stage == "watch" else "")
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
        low, high = PREDICTION_RANGE
        if any(isinstance(a, int) and not low <= a <= high for a in answers.values()):
            # the box keeps to this, but a client can send any number: the kernel checks it
            self.board.status = Status(f"Answer each number from {low} to {high}.", True)
            return []
        self.answers = dict(answers)
        self.feedback = run.judge_predictions(answers)
        self.judged = True
        if all(f.correct for f in self.feedback):
            self.done.add(self.lesson.id)
        run.play_on()
        c = self.board
        c.game = run.game
        c.game.keep_numbers()
        c.step_through = True
        c.show_from(run.watch_from)
        c.status = Status(WATCH if self.stage == "watch" else "")
        return self.feedback

    @property
    def progress(self) -> tuple[int, int]:
        """(lessons answered right, lessons in the course)."""
        return len(self.done), len(self.lessons)
