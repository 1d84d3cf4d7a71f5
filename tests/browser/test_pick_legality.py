"""The board judges a pick itself, from data sent with the question (``question["legal"]``,
:meth:`Decision.legality`): these tests run the board's own judge (``rftg_nb/ui/board/judge.js``,
in Chromium: there is no other copy of it) on that data and compare its verdict, and its
reason, with :meth:`Decision.check` for every pick of every question met in random solitaire
and table games (every subset of the options where there are few, a sample where there are
many).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

import rftg_nb.ui
from rftg_nb import Game, RandomPlayer
from rftg_nb.engine.decision import Decision, Option
from rftg_nb.robot import SoloGame
from rftg_nb.ui.app import SoloApp
from rftg_nb.ui.board_parts import question_for
from rftg_nb.ui.controller import NewGameSettings, SoloController
from rftg_nb.ui.table_app import TableApp

ALL_SUBSETS = 1024  # every subset of a question with at most 10 options
SAMPLED = 150  # else this many subsets drawn at random, of every size


def _picks(d: Decision, rng: random.Random) -> Iterator[tuple[int, ...]]:
    n = len(d.ids)
    if 2 ** n <= ALL_SUBSETS:
        for k in range(n + 1):
            yield from itertools.combinations(range(n), k)
        return
    for k in range(min(d.max, n) + 2):  # every size the rule allows, and one more
        if k <= n:
            yield tuple(sorted(rng.sample(range(n), k)))
    for _ in range(SAMPLED):
        yield tuple(sorted(rng.sample(range(n), rng.randint(0, n))))


JUDGE = Path(rftg_nb.ui.__file__).parent / "board" / "judge.js"


class Judge:
    """The board's judge in a page: the questions' picks are gathered, then judged in one
    call (:meth:`run`), each against :meth:`Decision.check`."""

    def __init__(self, page: Page) -> None:
        page.set_content("<!doctype html><title>judge</title>")
        page.add_script_tag(content=JUDGE.read_text(encoding="utf-8").replace("export ", ""))
        self.page = page
        self.asked: list[tuple[Decision, list[list[str]]]] = []

    def verdicts(self, d: Decision, picks: list[list[str]]) -> list[tuple[bool, str, bool]]:
        """The page's (ok, why, known) for each pick of ``d`` (option ids in click order)."""
        q = {"legal": d.legality(), "options": [{"id": i} for i in d.ids]}
        out = self.page.evaluate(
            "([q, picks]) => picks.map((ids) => { const v = judgePick(q, ids); "
            "return [v.ok, v.why, v.known]; })", [q, picks])
        return [tuple(v) for v in out]

    def ask(self, d: Decision, rng: random.Random) -> int:
        """Note every pick of ``d`` (see :func:`_picks`) to judge; returns how many."""
        picks = []
        for chosen in _picks(d, rng):
            order = list(chosen)
            rng.shuffle(order)  # the page sends the picks in the order they were clicked
            picks.append([d.ids[i] for i in order])
        self.asked.append((d, picks))
        return len(picks)

    def run(self) -> None:
        """Judge every pick noted: the page's verdict and reason are Decision.check's."""
        for d, picks in self.asked:
            for ids, (ok, why, known) in zip(picks, self.verdicts(d, picks), strict=True):
                expected = d.check(tuple(ids))
                assert known, (d.kind, d.legality())  # every question of the game is small
                assert ok == (expected is None), (d.kind, ids, expected)
                assert why == (expected or ""), (d.kind, ids)
        self.asked.clear()


@pytest.fixture
def judge(page: Page) -> Judge:
    return Judge(page)


def _play(game: Game, seed: int, kinds: dict[str, int], judge: Judge) -> None:
    bot = RandomPlayer(seed)
    rng = random.Random(f"picks-{seed}")
    steps = 0
    while (d := game.decision) is not None and steps < 600:
        kinds[d.kind] = kinds.get(d.kind, 0) + judge.ask(d, rng)
        game.apply(bot.answer(game, d))
        steps += 1
    judge.run()


# the kinds of question named in the board's help: keep, discard, develop, settle, pay,
# consume, sell, produce, dice and actions
MUST_MEET = {"explore_keep", "initial_discard", "hand_limit", "develop", "settle", "pay",
             "consume_goods", "consume_power", "trade", "windfall", "dice", "actions"}


def test_solitaire_picks_are_judged_as_the_game_judges_them(judge: Judge):
    kinds: dict[str, int] = {}
    for seed in range(6):
        _play(SoloGame.new(seed=seed, difficulty=("easy", "hard")[seed % 2],
                           dice="manual" if seed % 3 == 0 else None), seed, kinds, judge)
    assert kinds["dice"] >= 66 and kinds["actions"] > 0
    assert {"explore_keep", "initial_discard", "develop", "settle", "actions"} <= set(kinds)


@pytest.mark.parametrize(("players", "seed", "draft"),
                         [(2, 1, False), (3, 2, True), (4, 3, False), (5, 4, False)])
def test_table_picks_are_judged_as_the_game_judges_them(players, seed, draft, judge: Judge):
    kinds: dict[str, int] = {}
    _play(Game.new(players=players, seed=seed, goals=True, draft=draft), seed, kinds, judge)
    assert kinds and all(n > 0 for n in kinds.values())
    if draft:
        assert {"draft_pick", "start_world"} <= set(kinds)


def test_between_them_the_games_ask_every_kind_of_question(judge: Judge):
    kinds: dict[str, int] = {}
    for seed in range(6):
        _play(SoloGame.new(seed=seed, dice="manual" if seed < 2 else None), seed, kinds, judge)
        _play(Game.new(players=2 + seed % 3, seed=seed), seed, kinds, judge)
    assert MUST_MEET <= set(kinds), MUST_MEET - set(kinds)


def _verdict(judge: Judge, d: Decision, picks: list[int]) -> tuple[bool | None, str]:
    """The page's verdict on picking options ``picks`` (indices, in click order) of ``d``:
    (ok, why), ok None where the page asks the game."""
    ok, why, known = judge.verdicts(d, [[d.ids[i] for i in picks]])[0]
    return (ok if known else None), why


def _rule_decision(n: int, k: int) -> Decision:
    """k of n options where option 0 needs option 1 (as the 2nd Develop needs Develop)."""
    def rule(ids: tuple[str, ...]) -> str | None:
        return "o0 needs o1" if "o0" in ids and "o1" not in ids else None
    options = tuple(Option(f"o{i}", f"option {i}") for i in range(n))
    return Decision(0, "explore_keep", "pick", options, k, k, None, rule)


def test_a_rule_is_sent_as_the_list_of_legal_picks(judge: Judge):
    d = _rule_decision(4, 2)
    legal = d.legality()
    assert legal["min"] == legal["max"] == 2 and legal["want"] == "2 options"
    assert legal["sets"] == ["0,1", "1,2", "1,3", "2,3"]
    assert legal["why"] == ["o0 needs o1"] and legal["bad"] == {}
    assert _verdict(judge, d, [1, 0]) == (True, "")
    assert _verdict(judge, d, [0, 3]) == (False, "o0 needs o1")
    assert _verdict(judge, d, [0]) == (False, "pick 2 options, not 1")


def test_reasons_other_than_the_most_common_are_named_pick_by_pick(judge: Judge):
    def rule(ids: tuple[str, ...]) -> str | None:
        if "a" in ids and "b" in ids:
            return "not a with b"
        return None if "c" in ids else "c is needed"
    d = Decision(0, "explore_keep", "pick", tuple(Option(x, x) for x in "abcd"), 2, 2, None, rule)
    legal = d.legality()
    assert legal["why"] == ["c is needed", "not a with b"]
    assert legal["bad"] == {"0,1": 1}
    assert _verdict(judge, d, [0, 1]) == (False, "not a with b")
    assert _verdict(judge, d, [0, 3]) == (False, "c is needed")


def test_a_question_without_a_rule_sends_only_its_bounds(judge: Judge):
    d = Decision(0, "explore_keep", "pick", tuple(Option(f"o{i}", "x") for i in range(30)), 0, 30)
    assert d.legality() == {"min": 0, "max": 30, "want": "0 to 30 options"}
    assert _verdict(judge, d, list(range(17))) == (True, "")


def test_too_many_picks_under_a_rule_leave_the_verdict_to_the_game(judge: Judge):
    d = _rule_decision(20, 5)  # 15,504 picks of 5
    legal = d.legality()
    assert legal == {"min": 5, "max": 5, "want": "5 options", "ask": True}
    assert _verdict(judge, d, [0, 1, 2, 3, 4]) == (None, "")  # the page asks check()
    assert _verdict(judge, d, [0, 1]) == (False, "pick 5 options, not 2")  # counted at once
    small = d.legality(limit=20_000)
    assert "ask" not in small and len(small["sets"]) == 15_504 - 3_060  # C(18,4) with o0


def test_the_pages_send_the_legality_with_each_question():
    c = SoloController()
    c.new_game(NewGameSettings(seed=3, manual_dice=True))
    app = SoloApp(c)
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        d = app.c.decision
        if d is None:
            app.on_action({"do": "all"})
            continue
        q = app.board.state["question"]
        assert q["legal"] == d.legality()
        assert [o["id"] for o in q["options"]] == list(d.ids)  # the indices' order
        seen.add(d.kind)
        ids = RandomPlayer(rng.randrange(2**32)).answer(app.c.game, d)
        app.on_action({"do": "answer", "ids": ids})
    assert "dice" in seen and "actions" in seen
    table = TableApp()
    for _ in range(30):
        d = table.c.decision
        if d is None:
            break
        if table.board.state["question"] is None:
            table.on_action({"do": "seat"})
        q = table.board.state["question"]
        assert q is not None and q["legal"] == d.legality()
        ids = RandomPlayer(rng.randrange(2**32)).answer(table.c.game, d)
        table.on_action({"do": "answer", "ids": ids})


def test_question_for_another_seat_sends_nothing():
    g = Game.new(players=3, seed=1)
    d = g.decision
    assert question_for(g, (d.player + 1) % 3, d) is None
    assert question_for(g, d.player, d)["legal"] == d.legality()
