"""What :mod:`rftg_nb.lessons.words` checks a lesson's words against: where the lesson says
something (its text, ``after``, goal, ``why`` and questions, each a :class:`Said`) and its game,
at the teaching point and played on (:class:`Games`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rftg_nb.lessons.model import Lesson
from rftg_nb.lessons.run import LessonRun
from rftg_nb.robot.solo import SoloGame


@dataclass
class Games:
    """The lesson's game at its teaching point, and played on (its answer, or ``then``)."""

    point: SoloGame
    after: SoloGame
    since: int  # the first event after the teaching point, in ``after``
    names: frozenset[str]  # every card of the game: its deck, start worlds and all it dealt


def games_of(lesson: Lesson) -> Games:
    """``lesson``'s game at its teaching point and played out, with every card it holds."""
    run = LessonRun(lesson)
    point = run.game
    after, since = run.played_out()
    names = set(lesson.deck) | {n for n in (lesson.player_start, lesson.robot_start) if n}
    for g in (point, after):  # the cards it dealt (not the rest of the draw pile)
        for zone in (g.players[0].hand, g.players[0].tableau, g.robot.cards, g.robot.stack,
                     g.discard):
            names.update(c.name for c in zone)
        names.update(e.data["card"] for e in g.events if isinstance(e.data.get("card"), str))
    return Games(point, after, since, frozenset(names))


# ------------------------------------------------------------------------------ where it says so
@dataclass(frozen=True)
class Said:
    """Where a lesson says something: the field, and the words."""

    field: str
    text: str


def said_in(lesson: Lesson) -> list[Said]:
    """Each field of ``lesson`` that says something, in the order the learner meets them."""
    out = [Said("text", lesson.text), Said("after", lesson.after), Said("goal", lesson.goal),
           Said("why", lesson.why)]
    for q in lesson.questions:
        out += [Said(f"question {q.key}", q.prompt), Said(f"question {q.key} why", q.why)]
    return [s for s in out if s.text.strip()]


BEFORE = ("text", "goal")  # read before the learner answers (and every question prompt)


def before(s: Said) -> bool:
    """Whether the learner reads ``s`` before answering (what is counted is checked there)."""
    return s.field in BEFORE or (s.field.startswith("question ") and not s.field.endswith("why"))
