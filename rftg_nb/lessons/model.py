"""What a lesson is: a declaration (set-up, a script to the teaching point, a task, claims).

A lesson holds no answers. A "choose" lesson names a grader; the grader's best answer is found
by trying every legal answer on a fresh copy of the position. A "predict" lesson names measures;
the expected values come from playing ``then`` on a fresh copy. ``text`` is read before the learner
acts and does not give the answer away; ``after`` is read once they have answered: the outcome
and why. ``claims`` are the outcomes ``after`` states; a test checks them against the engine.

A step of a script (``script`` and ``then``) is one of:

- an answer to the pending decision: an option id or a card name, or a list of them
  (``["develop", "produce"]``, ``["Rebel Base", "Rebel Homeworld"]``, ``[]`` for "none");
- ``until("actions")``: answer quietly ("done", else the fewest options allowed, the first ones)
  until a decision of that kind is pending (``until("end")``: until the game is over);
- ``adjust(credit=2, stack=2)``: set the robot's numbers, as the rulebook's examples do (see
  :meth:`rftg_nb.robot.solo.SoloGame.adjust`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rftg_nb.engine.kinds import DECISION_KINDS
from rftg_nb.lessons.measures import GRADERS, MEASURES
from rftg_nb.robot.setup import ADJUSTABLE

TOPICS = ("game", "robot")
KINDS = ("choose", "predict")

# An answer (ids or card names), or {"until": kind}, or {"robot": {adjustment: value}}.
Step = str | Sequence[str] | Mapping[str, Any]

class LessonError(ValueError):
    """A lesson whose declaration or script does not fit the engine; the message names it."""


def until(kind: str) -> dict[str, str]:
    """A script step: answer quietly until a decision of ``kind`` is pending ("end": game over)."""
    return {"until": kind}


def adjust(**values: int) -> dict[str, dict[str, int]]:
    """A script step: set the robot's numbers (see :meth:`SoloGame.adjust` for the keys)."""
    return {"robot": dict(values)}


@dataclass(frozen=True)
class Question:
    """A prediction to make: ``measure`` names the value (a key of ``MEASURES``); ``choices``
    lists the answers to pick from (None: a whole number); ``why`` is said after the answer."""

    key: str
    prompt: str
    measure: str
    choices: tuple[str, ...] | None = None
    why: str = ""


@dataclass(frozen=True)
class Feedback:
    """Whether an answer was right, and in a sentence or two, why."""

    correct: bool
    text: str


@dataclass(frozen=True)
class Lesson:
    """One lesson, as data. See the module docstring for the steps of ``script`` and ``then``.

    Set-up: ``seed``, ``difficulty``, the start worlds, ``deck`` (card names on top of the
    draw pile once the start worlds are dealt, top first: the robot's draw stack, then your six
    opening cards, then later draws), ``dice`` (one (face, face) pair per round) and ``robot``
    (adjustments after set-up, see :meth:`rftg_nb.robot.solo.SoloGame.adjust`), with
    ``robot_why`` the reason, said on the screen beside the new numbers. ``script``
    brings the game to the teaching point, where the pending decision is the learner's.

    "choose": ``goal`` says what to do; ``grader`` names how the best answer is computed (a
    key of ``GRADERS``; its scope says whether the rest of the phase or of the round is played
    before measuring); ``why`` is one sentence added to the feedback. ``fixed`` names options
    (ids or card names) that every answer must include: the lesson's part of the answer, so
    that the learner's choice is the rest (with your actions: the other action).
    "predict": ``questions``; ``then`` plays on from the teaching point (usually your action
    choice and ``until("actions")``); ``watch`` is the phase whose robot events the learner
    steps through ("action" for the dice).

    ``text`` teaches the rule and sets the scene, without the answer to the task; ``after``
    is shown once the learner has answered: the outcome, and why the best choice is best.

    ``claims``: measure name -> value as ``after`` states it; for "choose" also ``"best"`` -> the
    names of the best answer's cards or options. Choose claims are measured after the best
    answer and the rest of its phase (or round, as the grader says); predict claims after
    ``then``.
    """

    id: str
    title: str
    topic: str
    text: str
    source: str
    kind: str
    claims: Mapping[str, Any]
    after: str
    seed: int = 1
    difficulty: str = "easy"
    player_start: str | None = "New Sparta"
    robot_start: str | None = "Old Earth"
    deck: tuple[str, ...] = ()
    dice: tuple[tuple[str, str], ...] = ()
    robot: Mapping[str, int] = field(default_factory=dict)
    robot_why: str = "as in the rulebook's example"
    script: tuple[Step, ...] = ()
    goal: str = ""
    grader: str = ""
    why: str = ""
    fixed: tuple[str, ...] = ()
    questions: tuple[Question, ...] = ()
    then: tuple[Step, ...] = ()
    watch: str = ""

    def __post_init__(self) -> None:
        def bad(problem: str) -> LessonError:
            return LessonError(f"lesson {self.id!r}: {problem}")

        if self.topic not in TOPICS:
            raise bad(f"topic must be one of {TOPICS}, not {self.topic!r}")
        if self.kind not in KINDS:
            raise bad(f"kind must be one of {KINDS}, not {self.kind!r}")
        for name in ("title", "text", "after", "source"):
            if not getattr(self, name).strip():
                raise bad(f"{name} is empty")
        if not self.claims:
            raise bad("claims: state at least one outcome of the text")
        for key in self.claims:
            if key not in MEASURES and not (key == "best" and self.kind == "choose"):
                raise bad(f"claims: {key!r} is not a measure ({', '.join(MEASURES)})")
        for part, steps in (("script", self.script), ("then", self.then)):
            for i, step in enumerate(steps):
                if isinstance(step, Mapping) and "until" in step \
                        and step["until"] != "end" and step["until"] not in DECISION_KINDS:
                    raise bad(f"{part}[{i}]: until({step['until']!r}) names no kind of "
                              f"decision (one of {', '.join(DECISION_KINDS)}, or 'end')")
        if self.robot and not self.robot_why.strip():
            raise bad("robot_why: say why the robot's numbers are set")
        for key in self.robot:
            if key not in ADJUSTABLE:
                raise bad(f"robot: {key!r} is not an adjustment ({', '.join(ADJUSTABLE)})")
        if self.kind == "choose":
            if self.grader not in GRADERS:
                raise bad(f"grader {self.grader!r} is not one of {', '.join(GRADERS)}")
            if not self.goal.strip():
                raise bad("a choose lesson needs a goal")
            if isinstance(self.fixed, str):
                raise bad("fixed: expected a tuple of options, not a string")
        else:
            if self.fixed:
                raise bad("fixed is for a choose lesson")
            if not self.questions or not self.then:
                raise bad("a predict lesson needs questions and `then`")
            keys = [q.key for q in self.questions]
            if len(set(keys)) != len(keys):
                raise bad("question keys must be unique")
            for q in self.questions:
                if q.measure not in MEASURES:
                    raise bad(f"question {q.key!r}: {q.measure!r} is not a measure")
            if not self.watch:
                raise bad("a predict lesson names the phase to `watch`")
