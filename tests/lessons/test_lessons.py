"""Every lesson builds, says what the engine computes, and grades answers by playing them."""

from __future__ import annotations

import dataclasses
import re
from itertools import combinations

import pytest

from rftg_nb.lessons import LESSONS, MEASURES, Feedback, Lesson, LessonError, LessonRun, until

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
        assert x.after.strip(), x.id


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


def test_a_step_waiting_for_a_kind_of_decision_that_does_not_exist_fails_when_declared():
    lesson = PREDICT[0]
    with pytest.raises(LessonError, match=r"bad-until.*then\[1\]: until\('action'\) names no"):
        dataclasses.replace(lesson, id="bad-until", then=(lesson.then[0], until("action")))
    with pytest.raises(LessonError, match=r"bad-script.*script\[0\]: until\('Settle'\)"):
        dataclasses.replace(CHOOSE[0], id="bad-script", script=(until("Settle"),))
    assert dataclasses.replace(lesson, then=(lesson.then[0], until("end"))).then[1] == {
        "until": "end"}


def test_a_bad_declaration_fails_naming_the_lesson():
    lesson = CHOOSE[0]
    with pytest.raises(LessonError, match="bad-grader.*grader"):
        dataclasses.replace(lesson, id="bad-grader", grader="most_fun")
    with pytest.raises(LessonError, match="bad-claim.*not a measure"):
        dataclasses.replace(lesson, id="bad-claim", claims={"happiness": 1})
    with pytest.raises(LessonError, match="bad-setup.*set-up"):
        LessonRun(dataclasses.replace(lesson, id="bad-setup", robot_start="Nowhere"))


# ---------------------------------------------------------------- the text does not give it away
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")
# The words that name each numeric measure in a sentence ("1 credit", "economy size 3").
MEASURE_WORDS = {
    "robot_credit": ("credits?",),
    "robot_economy": ("economy(?: size)?",),
    "robot_stack": ("draw stack", "stack"),
    "robot_vp": ("VP chips?", "chips?"),
    "robot_tableau": ("tableau",),
    "robot_score": ("score", "VP"),
    "player_score": ("score", "VP"),
    "player_hand": ("cards? in (?:your )?hand", "hand", "cards"),
    "player_hand_vp": ("VP",),
    "player_goods_value": ("cards",),
    "player_tableau": ("tableau",),
}


# A number after one of these words is a change or a limit ("by 1", "pays 1", "above 4"),
# not the value a measure ends at.
CHANGE_WORDS = {"by", "pays", "paying", "costs", "needs", "least", "above", "than", "over"}


def states_number(text: str, measure: str, n: int) -> bool:
    """Whether ``text`` states ``n`` as the value of ``measure``: "ends with N", or N next to
    the measure's words ("N credit", "credit N", "economy size goes to N", "N cards in its
    draw stack"), unless N is a change or a limit ("credit by 1", "pays 1 credit")."""
    num = rf"(?:{n}|{NUMBER_WORDS[n]})" if 0 <= n < len(NUMBER_WORDS) else str(n)
    gap = r"(?:[\w/+()',-]+\s+)"
    pats = [rf"\bends? (?:up )?with (?P<n>{num})\b"]
    for w in MEASURE_WORDS[measure]:
        pats.append(rf"(?<![\w.])(?P<n>{num})\s+{gap}{{0,4}}?{w}\b")
        pats.append(rf"\b{w}\s+{gap}{{0,5}}?(?P<n>{num})(?!\w|\.\d)")
    for p in pats:
        for m in re.finditer(p, text, re.IGNORECASE):
            words = text[:m.start("n")].split()
            if not words or words[-1].lower() not in CHANGE_WORDS:
                return True
    return False


def states_space(text: str, label: str) -> bool:
    """Whether ``text`` says a die goes on the space ``label`` ("Develop (left)": "on the left
    Develop space", "goes on Develop", "Develop (left)")."""
    key = label.replace("Consume: ", "").split(" (")[0]
    if label != key and label in text:
        return True
    key = re.escape(key)
    side = r"(?:(?:left|right|first|second|left-most|right-most)\s+)?"
    return bool(re.search(rf"\b(?:on|under|onto|to)\s+(?:the\s+)?{side}{key}\b", text)
                or re.search(rf"\b(?:left|right|first|second)\s+{key}\b", text))


def states(text: str, measure: str, value: object) -> bool:
    """Whether ``text`` states ``value`` as the value of ``measure``."""
    if isinstance(value, int):
        return states_number(text, measure, value)
    if measure.startswith("die_"):
        return states_space(text, str(value))
    names = str(value).split(" and ")
    return all(x.lower() in text.lower() for x in names)


def before(lesson: Lesson) -> str:
    """What the learner reads before answering: the text, the goal and the questions."""
    return "\n".join([lesson.text, lesson.goal, *(q.prompt for q in lesson.questions)])


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_the_text_does_not_give_the_answer_away(lesson):
    shown = before(lesson)
    if lesson.kind == "choose":
        fixed = LessonRun(lesson).fixed()  # the lesson's own part of the answer, named in it
        for name in lesson.claims["best"]:
            if name in fixed:
                continue
            assert name not in shown, f"{lesson.id}: the text names the best choice {name!r}"
        asked = {k: v for k, v in lesson.claims.items() if k != "best"}
    else:
        want = LessonRun(lesson).expected()
        asked = {q.measure: want[q.key] for q in lesson.questions}
    for measure, value in asked.items():
        assert not states(shown, measure, value), \
            f"{lesson.id}: the text states the answer {measure} = {value!r}"


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_after_states_every_claim(lesson):
    for key, value in lesson.claims.items():
        if key == "best":
            for name in value:
                assert name in lesson.after, f"{lesson.id}: `after` does not name {name!r}"
        else:
            assert states(lesson.after, key, value), \
                f"{lesson.id}: `after` does not state {key} = {value!r}"


def test_the_give_away_checks_catch_the_answer():
    assert states("It ends with 1 credit and 1 card in its draw stack.", "robot_stack", 1)
    assert states("Its economy size goes from 0 to 1.", "robot_economy", 1)
    assert states("it takes three VP chips", "robot_vp", 3)
    assert not states("it raises its credit by 1", "robot_credit", 1)
    assert not states("It has 2 cards in its draw stack.", "robot_stack", 1)
    assert states("Develop goes on the left Develop space", "die_a_space", "Develop (left)")
    assert states("and the match die on Produce", "die_b_space", "Produce")
    assert not states("You choose Consume x2 and Produce.", "die_b_space", "Produce")


# ---------------------------------------------------------------- graders over the round
FIXED = [x for x in CHOOSE if x.fixed]


def test_some_lessons_grade_a_pair_of_actions_over_the_round():
    from rftg_nb.lessons import GRADERS

    assert FIXED, "no lesson grades your actions"
    assert all(GRADERS[x.grader].scope == "round" for x in FIXED)
    assert all(GRADERS[x.grader].scope == "phase" for x in CHOOSE if not x.fixed)


@pytest.mark.parametrize("lesson", FIXED, ids=ids(FIXED))
def test_a_fixed_part_is_in_every_graded_answer(lesson):
    run = LessonRun(lesson)
    d = run.game.decision
    fixed = run.fixed()
    assert fixed and all(n in lesson.claims["best"] for n in fixed)
    tried = run._tried()
    assert tried and all(
        {d.option(i).label for i in key} >= set(fixed) for key in tried)
    # a legal answer without the lesson's part is judged wrong, and says what the task keeps
    without = next(pick for pick in combinations(d.ids, d.min)
                   if d.check(pick) is None and not set(fixed) & {d.option(i).label
                                                                    for i in pick})
    feedback = run.judge(list(without))
    assert not feedback.correct and "keeps" in feedback.text and fixed[0] in feedback.text


def test_a_round_grader_measures_after_the_round():
    lesson = next(x for x in FIXED if x.id == "game-explore-pick")
    run = LessonRun(lesson)
    start = run.game.round
    for _value, game in run._tried().values():
        assert game.round == start + 1 and game.decision.kind == "actions"
    # a phase grader stops at the next phase's decision: here, mid-Explore, before you keep
    # cards, where Explore +5's seven drawn cards would wrongly look best
    from rftg_nb.lessons.run import answer_and_finish_phase, build

    g = build(lesson)
    answer_and_finish_phase(g, ["explore5", "produce"])
    assert g.round == start and g.decision.kind == "explore_keep"
    assert len(g.players[0].hand) > lesson.claims["player_hand"]


def test_fixed_is_only_for_choose_lessons():
    with pytest.raises(LessonError, match="bad-fixed.*fixed is for a choose lesson"):
        dataclasses.replace(PREDICT[0], id="bad-fixed", fixed=("produce",))
    lesson = FIXED[0]
    with pytest.raises(LessonError, match="bad-fixed.*fixed.*'nonsense' is not offered"):
        LessonRun(dataclasses.replace(lesson, id="bad-fixed", fixed=("nonsense",)))


# ---------------------------------------------------------------- what the screen determines
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
            "eighth", "ninth", "tenth")


def flip_runs(lesson: Lesson) -> list[tuple[str, int, bool]]:
    """Each flip to find the robot makes after ``then``: (its rule, cards flipped, found)."""
    run = LessonRun(lesson)
    run.play_on()
    runs: list[tuple[str, int, bool]] = []
    for e in run.game.events[run.watch_from:]:
        if e.actor != "robot" or e.kind != "flip":
            continue
        rule = e.data.get("rule", "")
        if runs and runs[-1][0] == rule and not runs[-1][2]:
            runs[-1] = (rule, runs[-1][1] + 1, bool(e.data.get("found")))
        else:
            runs.append((rule, 1, bool(e.data.get("found"))))
    return runs


def states_flip(text: str, flips: int, found: bool) -> bool:
    """Whether ``text`` says where a flip to find stops: "on the fourth flip", "the second card
    it flips", or "none of the cards it flips" when it finds nothing."""
    if not found:
        return "none of the cards it flips" in text
    n = ORDINALS[flips]
    return bool(re.search(rf"\b{n} (?:flip|card it flips)\b", text, re.IGNORECASE))


STACK_ASKED = [x for x in PREDICT if any(q.measure == "robot_stack" for q in x.questions)]


@pytest.mark.parametrize("lesson", STACK_ASKED, ids=ids(STACK_ASKED))
def test_a_draw_stack_question_says_where_each_flip_stops(lesson):
    """The draw stack after a flip to find depends on how many cards it flips: the text must
    say, or the question cannot be answered from the screen."""
    shown = before(lesson)
    for rule, flips, found in flip_runs(lesson):
        assert states_flip(shown, flips, found), \
            f"{lesson.id}: the text does not say where the {rule} flip stops ({flips} flipped)"


def test_settle_2_answers_follow_from_what_the_text_says():
    """Lesson "A Settle action, then a Settle response": any draw stack that fits the text (the
    action finds a world on the fourth flip, the response on the second) gives the same
    answers; one that finds it on another flip gives others, so the text must say it."""
    lesson = next(x for x in LESSONS if x.id == "robot-settle-2")
    text = before(lesson)
    assert states_flip(text, 4, True) and "response finds one on the second flip" in text
    want = LessonRun(lesson).expected()
    robot, hand = lesson.deck[:4], lesson.deck[4:10]
    assert robot[:2] == ("Hive World", "Mining Robots")  # its draw stack of 2
    # not a non-military world (N) or one (W); the robot flips its two cards,
    # then the five it draws: N N | N W N | W x
    fits = [("Mining Robots", "Hive World", "Colony Ship", "Spice World", "Outlaw World",
             "Gem World", "Space Marines"),
            ("Outlaw World", "Colony Ship", "Hive World", "Gem World", "Mining Robots",
             "Spice World", "New Earth")]
    for cards in fits:
        deck = cards[:2] + robot[2:] + hand + cards[2:]
        other = LessonRun(dataclasses.replace(lesson, id="fits", deck=deck))
        assert other.expected() == want, cards
    # the response finds its world on the first flip: one card more is left
    first = ("Hive World", "Mining Robots", "Outlaw World", "Gem World", "Spice World",
             "Colony Ship", "Space Marines")
    deck = first[:2] + robot[2:] + hand + first[2:]
    other = LessonRun(dataclasses.replace(lesson, id="first", deck=deck)).expected()
    assert other["stack"] == want["stack"] + 1


# ---------------------------------------------------------------- the set-up is said
ADJUSTED = [x for x in LESSONS if x.robot]


@pytest.mark.parametrize("lesson", ADJUSTED, ids=ids(ADJUSTED))
def test_a_lesson_that_sets_the_robots_numbers_says_so_and_why(lesson):
    from rftg_nb.lessons import robot_setup

    line = robot_setup(lesson)
    assert line.startswith("Set-up: ") and lesson.robot_why in line
    # it states the numbers the robot starts the lesson with, which its mat shows anyway:
    # what the learner is to work out comes later
    run = LessonRun(lesson)
    mat = {"credit": run.game.robot.credit, "economy": run.game.robot.economy,
           "stack": len(run.game.robot.stack), "stack_add": len(run.game.robot.stack),
           "tableau_add": run.game.robot.tableau_size}
    plain = LessonRun(dataclasses.replace(lesson, robot={})).game.robot
    words = {"credit": "credit", "economy": "economy size", "stack": "draw stack",
             "stack_add": "draw stack", "tableau_add": "tableau"}
    for key, value in lesson.robot.items():
        if key in ("stack", "stack_add"):
            start, end = len(plain.stack), (value if key == "stack" else
                                            len(plain.stack) + value)
        elif key == "tableau_add":
            start, end = plain.tableau_size, plain.tableau_size + value
        else:
            start, end = getattr(plain, key), value
        assert f"{words[key]} from {start}" in line and f"to {end}" in line, (key, line)
        assert mat[key] == end, key  # as the mat shows at the start of the lesson


def test_the_draw_stack_of_the_develop_lesson_is_set_to_two_and_said():
    from rftg_nb.lessons import robot_setup

    lesson = next(x for x in LESSONS if x.id == "robot-develop-1")
    assert robot_setup(lesson) == ("Set-up: as in the rulebook's example, this lesson sets "
                                   "the robot's draw stack from 4 cards to 2.")
    assert all(robot_setup(x) == "" for x in LESSONS if not x.robot)
    with pytest.raises(LessonError, match="no-why.*robot_why"):
        dataclasses.replace(lesson, id="no-why", robot_why=" ")


# ---------------------------------------------------------------- words about the tiles
# Shapes a lesson might name for what a tile shows, and whether the board's card tiles draw
# them (board.css, rftg_nb.ui.faces): the band in the colour of a world's good is solid for a
# production world and hatched for a windfall one; worlds have a solid frame, developments a
# dashed one; the VP sits in a pentagon. A colour is never drawn as a circle or a ring.
SHAPE_WORDS = {
    "band": True, "hatched": True, "solid": True, "dashed": True, "frame": True,
    "pentagon": True, r"colou?red circle": False, "full circle": False, "ring": False,
    "hexagon": False, "octagon": False, "triangle": False, "star": False, "shield": False,
    "disc": False, "cube": False, "dot": False,
}
TILE_CSS = {  # a drawn shape -> what board.css holds for it
    "hatched": r"\.rf-face\.windfall \.rf-band \{[^}]*repeating-linear-gradient",
    "dashed": r"\.rf-face\.devel \{[^}]*border-style: dashed",
    "pentagon": r"\.rf-vp \{[^}]*polygon\((?:[^,)]*,){4}[^,)]*\)",
    "band": r"\.rf-band \{",
}


def shown_words(lesson: Lesson) -> str:
    """Every text of a lesson the learner reads."""
    from rftg_nb.lessons import robot_setup

    return "\n".join([before(lesson), robot_setup(lesson), lesson.after, lesson.goal, lesson.why,
                      *(q.prompt for q in lesson.questions), *(q.why for q in lesson.questions)])


def test_the_tiles_draw_the_shapes_the_lessons_may_name():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "rftg_nb" / "ui" / "board.css").read_text()
    for shape, pattern in TILE_CSS.items():
        assert SHAPE_WORDS[shape] and re.search(pattern, css), shape


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_no_lesson_names_a_shape_the_tiles_do_not_have(lesson):
    text = shown_words(lesson)
    for shape, drawn in SHAPE_WORDS.items():
        if not drawn:
            assert not re.search(rf"\b{shape}s?\b", text, re.IGNORECASE), \
                f"{lesson.id}: the tiles have no {shape}"


def test_the_produce_lesson_tells_the_worlds_apart_by_their_band():
    lesson = next(x for x in LESSONS if x.id == "game-produce")
    assert re.search(r"production world[^.]*solid band", lesson.text)
    assert re.search(r"windfall world[^.]*hatched band", lesson.text)


@pytest.mark.parametrize("lesson", LESSONS, ids=ids(LESSONS))
def test_the_set_up_line_is_said_only_when_the_lesson_sets_something(lesson):
    """A lesson that sets none of the robot's numbers shows no set-up move (it once showed
    "Set-up of this example: ." with nothing after the colon); one that sets some says each."""
    run = LessonRun(lesson)
    game, _since = run.played_out()
    for g in (run.game, game):
        said = [e for e in g.events if e.kind == "adjust"]
        if not lesson.robot:
            assert said == [], [e.text for e in said]
            assert "adjust" not in g.setup["solo"]
            continue
        assert len(said) == 1 and said[0].data["values"] == dict(lesson.robot)
        assert said[0].text.startswith("Set-up of this example: ")
        assert not re.search(r":\s*\.", said[0].text), said[0].text
    for e in run.game.events:  # no move of the lesson's board is a sentence with nothing said
        assert not re.search(r":\s*\.$", e.text), (e.kind, e.text)


def test_an_adjustment_of_nothing_changes_and_says_nothing():
    from rftg_nb.robot.solo import SoloGame

    g = SoloGame.new(seed=3)
    before = (g.to_json(), len(g.events))
    g.adjust()
    assert (g.to_json(), len(g.events)) == before
