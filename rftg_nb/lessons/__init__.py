"""Learn to play, step by step: lessons as data, their right answers computed by the engine.

>>> from rftg_nb.lessons import LESSONS, LessonRun
>>> run = LessonRun(LESSONS[0])
>>> run.judge(run.best()).correct
True
"""

from __future__ import annotations

from rftg_nb.lessons.game import GAME_LESSONS
from rftg_nb.lessons.measures import GRADERS, MEASURES, SPACE_CHOICES
from rftg_nb.lessons.model import Feedback, Lesson, LessonError, Question, adjust, until
from rftg_nb.lessons.robot import ROBOT_LESSONS
from rftg_nb.lessons.run import LessonRun, robot_setup

LESSONS: tuple[Lesson, ...] = GAME_LESSONS + ROBOT_LESSONS


def lesson(lesson_id: str) -> Lesson:
    """The lesson with id ``lesson_id`` (KeyError if there is none)."""
    for x in LESSONS:
        if x.id == lesson_id:
            return x
    raise KeyError(lesson_id)


__all__ = ["GRADERS", "LESSONS", "MEASURES", "SPACE_CHOICES", "Feedback", "Lesson",
           "LessonError", "LessonRun", "Question", "adjust", "lesson", "robot_setup",
           "until"]
