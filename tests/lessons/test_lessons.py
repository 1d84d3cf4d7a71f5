"""Every lesson builds, says what the engine computes, and grades answers by playing them."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from rftg_nb.lessons import LESSONS, MEASURES, Feedback, Lesson, LessonError, LessonRun

CHOOSE = [x for x in LESSONS if x.kind == "choose"]
PREDICT = [x for x in LESSONS if x.kind == "predict"]


def ids(lessons: list[Lesson]) -> list[str]:
    return [x.id for x in lessons]


def state(run: LessonRun) -> tuple[str, dict, int]:
    g = run.game
    return g.to_json(), g.snapshot(), len(g.events)


def test_ids_are_unique_and_every_lesson_is_complete():
    assert len({x.id for x in LESSONS}) == len(LESSONS)
    assert len([x for x in LESSONS if x.topic == "game"]) >= 4
    assert len([x for x in LESSONS if x.topic == "robot"]) >= 4
    for x in LESSONS:
        assert x.text.strip() and x.source.strip() and x.title.strip(), x.id
        assert x.claims, x.id
        assert "\n\n\n" not in x.text, x.id


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_claims_are_what_the_engine_computes(lesson):
    run = LessonRun(lesson)
    assert run.computed_claims() == dict(lesson.claims)
    d = run.game.decision
    assert d is not None and d.player == 0
    assert run.goal


@pytest.mark.parametrize("lesson", CHOOSE, ids=ids(CHOOSE))
def test_choose_best_is_right_and_another_answer_is_wrong(lesson):
    run = LessonRun(lesson)
    before = state(run)
    best = run.best()
    right = run.judge(best)
    assert isinstance(right, Feedback) and right.correct, right.text
    d = run.game.decision
    wrong = None
    for n in range(d.min, d.max + 1):
        for pick in combinations(d.ids, n):
            if d.check(pick) is None and not run.judge(list(pick)).correct:
                wrong = list(pick)
                break
        if wrong:
            break
    assert wrong is not None, "every legal answer is best: the task teaches nothing"
    feedback = run.judge(wrong)
    assert not feedback.correct and feedback.text.startswith("Not the best")
    assert not run.judge(["no-such-option"]).correct
    assert state(run) == before  # judging plays on copies only
    run.game.apply(best)  # the board applies the learner's answer; judging still works
    assert run.judge(best).correct and not run.judge(wrong).correct


@pytest.mark.parametrize("lesson", PREDICT, ids=ids(PREDICT))
def test_predict_expected_is_right_and_play_on_shows_it(lesson):
    run = LessonRun(lesson)
    assert [q["key"] for q in run.questions] == [q.key for q in lesson.questions]
    want = run.expected()
    assert all(f.correct for f in run.judge_predictions(want))
    for q in lesson.questions:
        if q.choices is not None:
            assert want[q.key] in q.choices, (q.key, want[q.key])
    first = lesson.questions[0]
    if first.choices is not None:
        other = next(c for c in first.choices if c != want[first.key])
    else:
        other = want[first.key] + 1
    feedback = run.judge_predictions({**want, first.key: other})
    assert not feedback[0].correct and all(f.correct for f in feedback[1:])
    assert not run.judge_predictions({})[0].correct

    start = len(run.game.events)
    run.play_on()
    since = start
    after = {k: MEASURES[k].fn(run.game, since) for k in lesson.claims}
    assert after == dict(lesson.claims)
    e = run.game.events[run.watch_from]
    assert run.watch_from >= start and e.actor == "robot" and e.phase == lesson.watch
    assert not any(x.actor == "robot" and x.phase == lesson.watch
                   for x in run.game.events[start:run.watch_from])


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_reset_gives_back_the_same_position(lesson):
    run = LessonRun(lesson)
    before = state(run)
    if lesson.kind == "predict":
        run.play_on()
    else:
        run.game.apply(run.best())
    assert state(run) != before
    run.reset()
    assert state(run) == before
    assert run.watch_from == len(run.game.events)


def test_a_script_naming_a_card_not_offered_fails_naming_the_lesson():
    lesson = next(x for x in CHOOSE if x.script)
    bad = dataclasses.replace(lesson, id="bad-script",
                              script=(["Not A Card", "Nor This"],) + tuple(lesson.script[1:]))
    with pytest.raises(LessonError, match="bad-script.*'Not A Card' is not offered"):
        LessonRun(bad)


def test_a_then_that_does_not_fit_fails_naming_the_lesson():
    lesson = PREDICT[0]
    bad = dataclasses.replace(lesson, id="bad-then", then=(["explore5", "nonsense"],))
    with pytest.raises(LessonError, match="bad-then.*then step 0"):
        LessonRun(bad)


def test_a_bad_declaration_fails_naming_the_lesson():
    lesson = CHOOSE[0]
    with pytest.raises(LessonError, match="bad-grader.*grader"):
        dataclasses.replace(lesson, id="bad-grader", grader="most_fun")
    with pytest.raises(LessonError, match="bad-claim.*not a measure"):
        dataclasses.replace(lesson, id="bad-claim", claims={"happiness": 1})
    with pytest.raises(LessonError, match="bad-setup.*set-up"):
        LessonRun(dataclasses.replace(lesson, id="bad-setup", robot_start="Nowhere"))
