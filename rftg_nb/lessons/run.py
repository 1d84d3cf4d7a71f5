"""``LessonRun``: a lesson's position, live, with its right answers computed by the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from rftg_nb.engine.decision import Decision, IllegalChoice
from rftg_nb.lessons.measures import GRADERS, MEASURES
from rftg_nb.lessons.model import Feedback, Lesson, LessonError, Step
from rftg_nb.players import quiet_pick
from rftg_nb.robot.solo import SoloGame
from rftg_nb.text import count

MAX_STEPS = 2000  # quiet answers in one until(): a safety stop, far above a whole game
MAX_CANDIDATES = 500  # answers a grader tries


class _Player:
    """Plays steps on a game, raising LessonError that names the lesson and the step."""

    def __init__(self, lesson: Lesson, where: str) -> None:
        self.lesson = lesson
        self.where = where

    def error(self, i: int, problem: str) -> LessonError:
        return LessonError(f"lesson {self.lesson.id!r}: {self.where} step {i}: {problem}")

    def play(self, g: SoloGame, steps: Sequence[Step]) -> None:
        for i, step in enumerate(steps):
            if isinstance(step, Mapping):
                if "until" in step:
                    self.until(g, i, step["until"])
                elif "robot" in step:
                    adjust_robot(g, step["robot"], self.lesson)
                else:
                    raise self.error(i, f"unknown step {dict(step)!r}")
                continue
            d = g.decision
            if d is None:
                raise self.error(i, f"the game is over; nothing to answer with {step!r}")
            ids = resolve(d, step, lambda p, i=i: self.error(i, p))
            try:
                g.apply(ids)
            except IllegalChoice as e:
                raise self.error(i, str(e)) from None

    def until(self, g: SoloGame, i: int, kind: str) -> None:
        for _ in range(MAX_STEPS):
            d = g.decision
            if d is None:
                if kind == "end":
                    return
                raise self.error(i, f"the game ended before a '{kind}' decision")
            if d.kind == kind:
                return
            g.apply(quiet_pick(d))
        raise self.error(i, f"no '{kind}' decision within {MAX_STEPS} answers")


def resolve(d: Decision, step: Step, error: Any) -> list[str]:
    """Option ids for an answer that names ids, option labels or card names."""
    names = [step] if isinstance(step, str) else list(step)  # type: ignore[arg-type]
    ids: list[str] = []
    for n in names:
        if n in d.ids and n not in ids:
            ids.append(n)
            continue
        found = [o.id for o in d.options if o.id not in ids
                 and (o.label == n or (o.data or {}).get("card") == n)]
        if not found:
            offered = ", ".join(f"{o.id} {_name(o)}" for o in d.options) or "nothing"
            raise error(f"{n!r} is not offered by the '{d.kind}' decision (offered: {offered})")
        ids.append(found[0])
    return ids


def _name(option: Any) -> str:
    return (option.data or {}).get("card") or option.label


def adjust_robot(g: SoloGame, values: Mapping[str, int], lesson: Lesson) -> None:
    """Change the robot's numbers through the game, which records the change so replays (the
    step-through views, undo) make it at the same point. A lesson that sets nothing changes
    nothing, and its game says nothing of a set-up."""
    if not values:
        return
    try:
        g.adjust(**values)
    except ValueError as e:
        raise LessonError(f"lesson {lesson.id!r}: robot: {e}") from None


# How the set-up line names each of the robot's numbers a lesson sets (see robot_setup).
_SETUP_WORDS = {"credit": "credit", "economy": "economy size", "stack": "draw stack",
                "stack_add": "draw stack", "tableau_add": "tableau",
                "counters_left": "6-cost counters left", "vp_pool": "VP pool"}
_SETUP_IN_CARDS = {"stack", "stack_add", "tableau_add"}


def robot_setup(lesson: Lesson) -> str:
    """The line that says which of the robot's numbers the lesson sets, from what to what, and
    why ("" when it sets none): "Set-up: as in the rulebook's example, this lesson sets the
    robot's draw stack from 4 cards to 2." """
    if not lesson.robot:
        return ""
    g = _new(lesson)  # the numbers the start world gives
    r = g.robot
    parts = []
    for key, value in lesson.robot.items():
        if key in ("stack", "stack_add"):
            start = len(r.stack)
            end = value if key == "stack" else start + value
        elif key == "tableau_add":
            start, end = r.tableau_size, r.tableau_size + value
        elif key == "vp_pool":
            start, end = g.vp_pool, value
        else:
            start, end = getattr(r, key), value
        was = count(start) if key in _SETUP_IN_CARDS else start
        parts.append(f"{_SETUP_WORDS[key]} from {was} to {end}")
    said = parts[0] if len(parts) == 1 else "; its ".join(parts)
    return f"Set-up: {lesson.robot_why}, this lesson sets the robot's {said}."


def _new(lesson: Lesson) -> SoloGame:
    try:
        return SoloGame.new(seed=lesson.seed, difficulty=lesson.difficulty,
                            player_start=lesson.player_start, robot_start=lesson.robot_start,
                            deck=list(lesson.deck) or None,
                            dice=[tuple(p) for p in lesson.dice] or None)
    except ValueError as e:
        raise LessonError(f"lesson {lesson.id!r}: set-up: {e}") from None


def build(lesson: Lesson) -> SoloGame:
    """A fresh game at the lesson's teaching point."""
    g = _new(lesson)
    adjust_robot(g, lesson.robot, lesson)
    _Player(lesson, "script").play(g, lesson.script)
    d = g.decision
    if d is None or d.player != 0:
        raise LessonError(f"lesson {lesson.id!r}: script: the game does not stop at a decision "
                          "of yours")
    return g


def answer_and_finish_phase(g: SoloGame, ids: Sequence[str]) -> None:
    """Answer the pending decision with ``ids``, then answer quietly until its phase (or
    round) is over."""
    answer_and_finish(g, ids, "phase")


def answer_and_finish(g: SoloGame, ids: Sequence[str], scope: str) -> None:
    """Answer the pending decision with ``ids``, then answer quietly until the ``scope``
    ("phase" or "round") it was asked in is over (or the game is)."""
    start = _where(g, scope)
    g.apply(list(ids))
    finish(g, start, scope)


def _where(g: SoloGame, scope: str) -> tuple[int, ...] | tuple[int, str]:
    return (g.round, g.phase) if scope == "phase" else (g.round,)


def finish(g: SoloGame, start: tuple[Any, ...], scope: str) -> None:
    """Answer quietly until the ``scope`` that stood at ``start`` (see :func:`_where`) is
    over, or the game is."""
    for _ in range(MAX_STEPS):
        if g.decision is None or _where(g, scope) != start:
            return
        g.apply(quiet_pick(g.decision))


class LessonRun:
    """A lesson being played: the live position and its computed answers.

    For "choose", :meth:`best` and :meth:`judge` try answers on fresh copies, so
    ``game`` is never changed by them. For "predict", :meth:`expected` plays ``then`` on a
    fresh copy and :meth:`play_on` plays it on ``game``; ``watch_from`` is then the index in
    ``game.events`` of the robot's first event in the watched phase.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.goal = lesson.goal or "Predict what the robot does, then watch it."
        self.questions: list[dict[str, Any]] = [
            {"key": q.key, "prompt": q.prompt,
             "choices": list(q.choices) if q.choices is not None else None}
            for q in lesson.questions
        ]
        self._trials: dict[tuple[str, ...], tuple[Any, SoloGame]] | None = None
        self._point: Decision | None = None
        self._fixed: tuple[str, ...] = ()  # option ids every answer includes
        self._after: tuple[SoloGame, int] | None = None
        self.reset()
        self._since = len(self.game.events)  # the same in every fresh copy
        # Fail now, naming the lesson, if the task does not fit the position.
        if lesson.kind == "choose":
            self.best()
        else:
            self.expected()

    # ------------------------------------------------------------------ both kinds
    def reset(self) -> None:
        """Rebuild the position from the declaration (try again)."""
        self.game: SoloGame = build(self.lesson)
        self.watch_from: int = len(self.game.events)
        self.played = False
        scope = GRADERS[self.lesson.grader].scope if self.lesson.kind == "choose" else "phase"
        self._start = _where(self.game, scope)  # where the teaching point stands

    def computed_claims(self) -> dict[str, Any]:
        """The engine's values for the keys of ``lesson.claims``."""
        out: dict[str, Any] = {}
        if self.lesson.kind == "choose":
            best = tuple(self.best())
            game = self._tried()[best][1]
            d = self._point
            assert d is not None
            for key in self.lesson.claims:
                if key == "best":
                    out[key] = [_name(d.option(i)) for i in best]
                else:
                    out[key] = MEASURES[key].fn(game, self._since)
        else:
            game, since = self._played_on()
            for key in self.lesson.claims:
                out[key] = MEASURES[key].fn(game, since)
        return out

    def played_out(self) -> tuple[SoloGame, int]:
        """The game played on from the teaching point as the claims are measured (a copy:
        after the best answer and the rest of its phase or round for "choose", after ``then``
        for "predict"), with the index of its first event after the teaching point."""
        if self.lesson.kind == "choose":
            return self._tried()[tuple(self.best())][1], self._since
        return self._played_on()

    # ------------------------------------------------------------------ choose
    def _tried(self) -> dict[tuple[str, ...], tuple[Any, SoloGame]]:
        """Every legal answer -> (grader value, the game after it and the rest of its phase)."""
        if self._trials is not None:
            return self._trials
        lesson = self.lesson
        grader = GRADERS[lesson.grader]
        d = build(lesson).decision
        assert d is not None
        self._point = d
        self._fixed = tuple(resolve(d, list(lesson.fixed), lambda p: LessonError(
            f"lesson {lesson.id!r}: fixed: {p}")))
        cands = [c for n in range(d.min, d.max + 1) for c in combinations(d.ids, n)
                 if set(self._fixed) <= set(c)]
        if len(cands) > MAX_CANDIDATES:
            raise LessonError(f"lesson {lesson.id!r}: the decision has {len(cands)} answers, "
                              f"too many to try")
        trials = {}
        for ids in cands:
            if d.check(ids) is not None:
                continue
            g = build(lesson)
            answer_and_finish(g, ids, grader.scope)
            trials[ids] = (MEASURES[grader.measure].fn(g, self._since), g)
        if not trials:
            raise LessonError(f"lesson {lesson.id!r}: the decision has no legal answer")
        self._trials = trials
        return trials

    def fixed(self) -> list[str]:
        """The names of the options every answer includes (the lesson's part of it)."""
        self._tried()
        d = self._point
        assert d is not None
        return [_name(d.option(i)) for i in self._fixed]

    def best(self) -> list[str]:
        """The best answer's option ids (the first of equals, in option order)."""
        trials = self._tried()
        top = max(v for v, _g in trials.values())
        return list(next(ids for ids, (v, _g) in trials.items() if v == top))

    def judge(self, ids: list[str]) -> Feedback:
        """Whether ``ids`` is a best answer to the lesson's question, and why. ``game`` is not
        changed (and may already have moved on: the answer is judged at the teaching point)."""
        if self.lesson.kind != "choose":
            return Feedback(False, "This lesson asks for predictions, not a choice.")
        trials = self._tried()
        d = self._point
        assert d is not None
        key = tuple(ids)
        why = d.check(key)
        if why is not None or any(i not in d.ids for i in key):
            return Feedback(False, f"That is not a legal answer: {why}.")
        say = GRADERS[self.lesson.grader].say
        best = tuple(self.best())
        top = trials[best][0]
        key = tuple(sorted(key, key=d.ids.index))  # as tried: in option order
        if key not in trials:  # legal, but without the lesson's fixed part
            return Feedback(False, f"Not the best: this task keeps {self._say(d, self._fixed)} "
                                   f"in the answer and asks for the rest; picking "
                                   f"{self._say(d, best)}, {say(top)}.")
        value = trials[key][0]
        extra = f" {self.lesson.why}" if self.lesson.why else ""
        if value == top:
            return Feedback(True, f"Right: picking {self._say(d, key)}, {say(value)}, "
                                  f"the most any choice gives.{extra}")
        return Feedback(False, f"Not the best: picking {self._say(d, key)}, {say(value)}; "
                               f"picking {self._say(d, best)} it would be {top}.{extra}")

    def carry_out(self) -> None:
        """Once the learner's answer is applied to ``game``, play the rest of its phase (or
        round, as the grader says) quietly, as the grader did: the board then shows the
        position the feedback measured (a development's payment made, say), not a decision
        half answered. ``watch_from`` is then the index of the first of the robot's events
        after the teaching point (or the end of the events)."""
        if self.lesson.kind != "choose" or self.played:
            return
        finish(self.game, self._start, GRADERS[self.lesson.grader].scope)
        self.played = True
        events = self.game.events
        self.watch_from = next((i for i in range(self._since, len(events))
                                if events[i].actor == "robot"), len(events))

    @staticmethod
    def _say(d: Decision, ids: tuple[str, ...]) -> str:
        names = [_name(d.option(i)) for i in ids]
        return " and ".join(names) if names else "nothing"

    # ------------------------------------------------------------------ predict
    def _played_on(self) -> tuple[SoloGame, int]:
        if self._after is None:
            g = build(self.lesson)
            since = len(g.events)
            _Player(self.lesson, "then").play(g, self.lesson.then)
            self._after = (g, since)
        return self._after

    def expected(self) -> dict[str, Any]:
        """The right prediction for each question, from playing ``then`` on a fresh copy."""
        g, since = self._played_on()
        return {q.key: MEASURES[q.measure].fn(g, since) for q in self.lesson.questions}

    def judge_predictions(self, answers: Mapping[str, Any]) -> list[Feedback]:
        """One feedback per question, in order; a missing answer is wrong."""
        want = self.expected()
        out = []
        for q in self.lesson.questions:
            v = want[q.key]
            said = MEASURES[q.measure].say(v)
            extra = f" {q.why}" if q.why else ""
            a = answers.get(q.key)
            if _same(a, v):
                out.append(Feedback(True, f"Right: {said}.{extra}"))
            elif a is None or a == "":
                out.append(Feedback(False, f"No answer: {said}.{extra}"))
            else:
                out.append(Feedback(False, f"Not quite: {said} (you said {a}).{extra}"))
        return out

    def play_on(self) -> None:
        """Play ``then`` on ``game``: the robot's moves happen; ``watch_from`` points at the
        first robot event of the watched phase."""
        if self.lesson.kind != "predict" or self.played:
            return
        start = len(self.game.events)
        _Player(self.lesson, "then").play(self.game, self.lesson.then)
        self.played = True
        self.watch_from = next(
            (i for i in range(start, len(self.game.events))
             if self.game.events[i].actor == "robot"
             and self.game.events[i].phase == self.lesson.watch),
            start)


def _same(answer: Any, value: Any) -> bool:
    if answer is None or isinstance(answer, bool):
        return False
    if isinstance(value, int):
        try:
            return int(str(answer).strip()) == value
        except ValueError:
            return False
    return str(answer).strip().lower() == str(value).strip().lower()
