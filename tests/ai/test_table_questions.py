"""The strong level plays out every question of its seat (issue 32, item 3), at a table and
against the robot: a payment, a consume, a discard ... as well as its choices of actions and
of cards to place. The fast level, which looks ahead against the robot only, plays out its
choices of actions and of cards to place or keep, and answers those others by its rules."""

from __future__ import annotations

import collections
import random

from rftg_nb import Game
from rftg_nb.ai import AIPlayer
from rftg_nb.ai.answers import MAX_ANSWERS, MID_ROUND, OTHER_QUESTIONS, VERBS, naming, neighbours
from rftg_nb.ai.budget import Budget
from rftg_nb.ai.decisions import Chooser
from rftg_nb.ai.search import strong_choice
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.kinds import Kind
from rftg_nb.robot import SoloGame


def test_every_question_but_the_dice_and_the_draft_is_played_out_at_a_table() -> None:
    assert set(OTHER_QUESTIONS) == set(VERBS)
    assert Kind.DICE not in OTHER_QUESTIONS and Kind.DRAFT_PICK not in OTHER_QUESTIONS
    assert {Kind.PAY, Kind.TRADE, Kind.CONSUME_GOODS, Kind.HAND_LIMIT} <= OTHER_QUESTIONS


def test_an_empty_answer_is_named_to_fit_both_places_in_a_hint() -> None:
    """First words ("Pay nothing: ...") and the answer compared with ("... with paying
    nothing"): the same answer, worded for each place."""
    for kind in (*OTHER_QUESTIONS, *MID_ROUND):
        verb, none, with_none = naming(kind)
        assert none.split()[0] == verb.split()[0] or kind in MID_ROUND
        assert with_none.split()[0].endswith("ing")
        assert with_none.split()[1:] == none.split()[1:len(with_none.split())]


def _questions(players: int, seeds: range):
    """Each question of OTHER_QUESTIONS the fast level meets at seat 0 (the game left as it is)."""
    for s in seeds:
        g = Game.new(players=players, seed=400 + s, goals=True)
        fast = AIPlayer("fast", seed=s)
        while (d := g.decision) is not None:
            if d.player == 0 and d.kind in OTHER_QUESTIONS:
                yield s, g, d
            g.apply(fast.answer(g, d))


def test_the_answers_played_out_are_legal_and_the_fast_answers_neighbours() -> None:
    kinds = collections.Counter()
    for s, g, d in _questions(2, range(3)):
        chooser = Chooser(Ctx(g, 0), random.Random(0))
        quick = chooser.choose(d).ids
        found = neighbours(d, chooser, quick)
        assert len(found) <= MAX_ANSWERS - 1
        assert len(set(found)) == len(found)
        assert tuple(sorted(quick)) not in {tuple(sorted(a)) for a in found}
        for ids in found:
            assert d.check(ids) is None, (s, d.kind, ids)
            if d.max > 1:  # one option more, one fewer or one swapped
                assert len(set(ids) ^ set(quick)) <= 2
        if d.max <= 1:
            singles = {(o.id,) for o in d.options} - {tuple(quick)}
            assert set(found) - {()} == singles or len(found) == MAX_ANSWERS - 1
        kinds[d.kind] += 1
    assert kinds[Kind.PAY] >= 3 and len(kinds) >= 4, kinds


def test_a_table_seats_other_questions_are_played_out_and_told() -> None:
    """Where the strong level's answer to such a question differs from the fast level's, it
    is the look-ahead's, and its reason tells the margins it found."""
    differs = collections.Counter()
    searched = 0
    for s, g, d in _questions(3, range(4)):
        quick = AIPlayer("fast", seed=s).hint(g)
        h = AIPlayer("strong", seed=s, playouts=40).hint(g)
        assert d.check(h.ids) is None
        if h.figures is not None:
            searched += 1
            assert h.figures.by == "margin"
        if h.ids != quick.ids:
            differs[d.kind] += 1
            assert h.figures is not None
            assert "best other player" in h.reason and "%" not in h.reason
            verb, none, _with_none = VERBS[d.kind]
            assert h.reason.startswith(verb if h.ids else none), h.reason
    assert searched >= 10 and sum(differs.values()) >= 2, (searched, differs)


def test_against_the_robot_the_strong_level_plays_them_out_and_the_fast_level_does_not() -> None:
    g = SoloGame.new(seed=11, difficulty="hard")
    fast = AIPlayer("fast", seed=1)
    seen = searched = 0
    while (d := g.decision) is not None and seen < 6:
        if d.kind in OTHER_QUESTIONS:
            ctx = Ctx(g, 0)
            assert strong_choice(g, d, ctx, Chooser(ctx, random.Random(0)), random.Random(0),
                                 every_question=False) is None
            got = strong_choice(g, d, ctx, Chooser(ctx, random.Random(0)), random.Random(0),
                                Budget(playouts=30).start())
            if got is not None:
                assert d.check(got.ids) is None
                searched += got.figures is not None
            seen += 1
        g.apply(fast.answer(g, d))
    assert seen == 6 and searched >= 1, (seen, searched)
