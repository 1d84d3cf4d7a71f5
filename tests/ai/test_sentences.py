"""The words of hints and reviews agree with the figures beside them (rftg_nb.ai.sentences):
the sentence makers fed the edge cases (settled chances, near-ties, no goods), a hint's
reason made from its look-ahead's figures, and a table's chance of ending first."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.evaluate import first_chance
from rftg_nb.ai.player import FAST_PLAYOUTS
from rftg_nb.ai.sentences import (
    MIN_COST,
    SETTLED,
    Figures,
    actions_reason,
    percent,
    place_reason,
    review_reason,
)
from rftg_nb.robot import SoloGame

CALL = "Develop and Settle"
OTHER = "Explore +5 and Produce"


def _f(value: float, other_value: float | None = 0.30, flat: bool = False, vp: float = 30.0,
       other_vp: float = 28.0, goods: int = 1, at_consume: int = 1,
       by: str = "chance", margin: float | None = -3.2,
       other_margin: float | None = -5.0) -> Figures:
    return Figures(by, value, vp, 24, flat, None if other_value is None else OTHER,
                   other_value, None if other_value is None else other_vp, goods, at_consume,
                   margin, None if other_value is None else other_margin)


def _percents(text: str) -> list[str]:
    return re.findall(r"(?:under |over )?\d+%", text)


def test_a_clear_choice_names_both_chances() -> None:
    said = actions_reason(CALL, ("develop", "settle"), _f(0.42, 0.35))
    assert said.startswith(f"Choose {CALL}: ") and said.endswith(".")
    assert _percents(said) == ["42%", "35%"] and OTHER in said
    assert "whatever" not in said and "lost" not in said


def test_a_near_tie_that_rounds_alike_is_not_said_to_differ() -> None:
    said = actions_reason(CALL, ("develop", "settle"), _f(0.4231, 0.4205))
    assert _percents(said) == ["42%"] and "a little more" in said


def test_a_flat_choice_says_the_chance_is_the_same_and_plays_for_the_margin() -> None:
    said = actions_reason(CALL, ("develop", "settle"), _f(0.31, 0.33, flat=True))
    assert "whatever you call" in said and "leaves you best placed" in said
    assert "31%" in said and "33%" in said
    assert "3 VP behind the robot" in said and "5 VP behind the robot" in said
    assert "30 VP" not in said  # the score did not rank them: it is not what is said


@pytest.mark.parametrize(("p", "q", "state"), [(0.01, 0.0, "lost"), (0.0, 0.04, "lost"),
                                               (0.99, 1.0, "won"), (0.96, 0.999, "won")])
def test_a_settled_game_is_said_lost_or_won_and_played_for_the_margin(p, q, state) -> None:
    ahead = state == "won"
    said = actions_reason(CALL, ("develop", "settle"),
                          _f(p, q, flat=True, margin=12.4 if ahead else -14.0,
                             other_margin=9.0 if ahead else -16.6))
    assert f"looks {state} whatever you call" in said and "leaves you best placed" in said
    assert ("12 VP ahead of the robot" in said) if ahead else ("14 VP behind" in said)
    bound = percent(SETTLED if state == "lost" else 1.0 - SETTLED)
    assert bound in said
    assert all(x.startswith(("under", "over")) or x == bound for x in _percents(said))


def test_equal_margins_are_not_called_the_best() -> None:
    said = actions_reason(CALL, ("develop", "settle"), _f(0.01, 0.02, flat=True, margin=-6.04,
                                                          other_margin=-5.98))
    assert "as well placed as any: about 6 VP behind the robot" in said
    assert "best placed" not in said
    said = actions_reason(CALL, ("develop", "settle"), _f(0.5, 0.5, flat=True, margin=0.3,
                                                          other_margin=-1.2))
    assert "about level with the robot at the end, against 1 VP behind the robot" in said


def test_figures_without_margins_speak_of_the_score() -> None:
    said = actions_reason(CALL, ("develop", "settle"), _f(0.31, 0.33, flat=True, margin=None))
    assert "the most VP" in said and "30 VP" in said and "28 VP" in said
    said = actions_reason(CALL, ("develop", "settle"), _f(0.01, 0.02, flat=True, vp=21.04,
                                                          other_vp=20.98, margin=None))
    assert "as many VP as any" in said and "the most VP" not in said


def test_trade_without_goods_is_said_to_give_nothing_and_no_sale_is_promised() -> None:
    notes = ["explore 3 cards and keep 2", "sell a good for 4 cards", "consume for about 3 VP",
             "the robot gains about 1.0 VP"]
    said = actions_reason("Explore +1/+1 and Trade", ("explore11", "trade"),
                          _f(0.15, 0.14, goods=0, at_consume=0), notes)
    assert "no goods" in said and "Trade itself gives you nothing" in said
    assert "sell" not in said and "consume for" not in said
    assert "explore 3 cards and keep 2" in said and "robot gains about 1.0 VP" in said
    # with a good to use (a world settled with one) the sale is the plan, said as such
    said = actions_reason("Settle and Trade", ("settle", "trade"),
                          _f(0.43, 0.40, goods=0, at_consume=1), notes[1:2])
    assert "sell a good for 4 cards" in said and "no goods" not in said


def test_without_figures_the_plan_is_the_reason() -> None:
    said = actions_reason(CALL, ("develop", "settle"), None, ["develop Gem World", ""])
    assert said == f"Choose {CALL}: develop Gem World."
    assert actions_reason(CALL, ("develop", "settle"), None) == f"Choose {CALL}."


def test_a_tables_margins_are_told_as_margins() -> None:
    said = actions_reason(CALL, ("develop", "settle"), _f(3.2, -1.6, by="margin"))
    assert "3 VP ahead of the best other player" in said
    assert "2 VP behind the best other player" in said and "%" not in said
    said = actions_reason(CALL, ("develop", "settle"), _f(0.2, 0.4, by="margin"))
    assert "level with the best other player" in said and "a little better" in said


def test_percent_never_rounds_a_chance_to_certainty() -> None:
    assert percent(0.001) == "under 1%" and percent(0.999) == "over 99%"
    assert percent(0.0) == "under 1%" and percent(1.0) == "over 99%"
    assert percent(0.5) == "50%"


def test_a_card_to_place_is_told_by_its_figures() -> None:
    said = place_reason("Settle", ["Gem World"], _f(0.41, 0.37))
    assert said.startswith("Settle Gem World: ") and _percents(said) == ["41%", "37%"]
    said = place_reason("Keep", ["A", "B", "C"], _f(0.41, 0.42, flat=True))
    assert said.startswith("Keep A, B and C: ") and "whatever you choose" in said
    assert "this choice leaves you best placed" in said
    said = place_reason("Develop", [], _f(0.02, 0.01, flat=True))
    assert said.startswith("Place nothing now: the game looks lost whatever you choose")
    assert place_reason("Develop", ["X"], None).startswith("Develop X: played out")


# ---------------------------------------------------------------- the review's words
def _x(after: float, ai_after: float, vp: float = 30.0, ai_vp: float = 30.0,
       same: bool = False) -> dict:
    return {"after": after, "ai_after": ai_after, "vp": vp, "ai_vp": ai_vp, "same": same}


GRID = [0.0, 0.004, 0.03, 0.049, 0.2, 0.305, 0.31, 0.5, 0.951, 0.97, 1.0]


@pytest.mark.parametrize(("after", "ai_after"), list(itertools.product(GRID, GRID)))
def test_the_review_says_what_its_figures_say(after: float, ai_after: float) -> None:
    said = review_reason(_x(after, ai_after, vp=25.0, ai_vp=27.5), deals=16)
    assert said[:1].isupper() and said.endswith(".")
    gap = ai_after - after
    settled = max(after, ai_after) < SETTLED or min(after, ai_after) > 1 - SETTLED
    if settled:
        assert "looked lost" in said or "looked won" in said
        assert "2.5 VP more" in said  # then the score is what tells them apart
    elif abs(gap) < MIN_COST:
        assert "about the same" in said and "2.5 VP more" in said
    elif gap > 0:
        assert f"about {gap * 100:.0f} points more" in said and "AI's answer does better" in said
        assert "about the same" not in said and "looked" not in said
    else:
        assert said.startswith("Yours did as well") and "points" not in said
    if not settled:
        assert percent(after) in said and percent(ai_after) in said


def test_the_review_of_an_answer_like_the_ais_says_so() -> None:
    said = review_reason(_x(0.4, 0.4, same=True), deals=16)
    assert said.startswith("The AI would answer the same") and "40%" in said
    assert "ending first" in review_reason(_x(0.4, 0.4, same=True), 16, table=True)


def test_the_review_tells_vp_either_way() -> None:
    assert "yours scores about 3 VP more" in review_reason(_x(0.01, 0.0, 33.0, 30.0), 16)
    assert "both score about 30 VP" in review_reason(_x(0.01, 0.0, 30.2, 30.0), 16)


# ---------------------------------------------------------------- the figures behind a hint
def test_a_strong_hint_is_made_from_its_own_figures() -> None:
    game = SoloGame.new(seed=6, difficulty="hard")
    ai = AIPlayer("fast", seed=0)
    while game.decision.kind != "actions" or game.round < 3:
        game.apply(ai.answer(game, game.decision))
    h = AIPlayer("strong", seed=1, playouts=120).hint(game)
    f = h.figures
    assert f is not None and f.by == "chance" and f.other is not None and f.deals >= 1
    assert f.goods == sum(1 for c in game.players[0].tableau if c.good is not None)
    assert 0.0 <= f.value <= 1.0 and 0.0 <= f.other_value <= 1.0
    assert f.margin is not None and f.other_margin is not None
    if not f.flat:
        assert f.value >= f.other_value  # ranked by the chance it tells
    else:
        assert f.margin >= f.other_margin  # ranked by the margin it tells
    assert h.reason == actions_reason(" and ".join(h.labels), h.ids, f,
                                      _plan_notes(h.reason))
    assert percent(f.value) in h.reason and f.other in h.reason


def _plan_notes(reason: str) -> list[str]:
    m = re.search(r"The plan: ([^.]*(?:\.\d[^.]*)*)\.", reason)
    return m.group(1).split("; ") if m else []


def test_the_fast_levels_rules_keep_their_own_reckoning() -> None:
    game = SoloGame.new(seed=6, difficulty="easy")
    ai = AIPlayer("fast", seed=0, playouts=0)  # the rules alone
    game.apply(ai.answer(game, game.decision))
    h = ai.hint(game)
    assert h.figures is None and h.reason.startswith("Choose ")


def test_the_fast_level_tells_what_its_short_look_ahead_found() -> None:
    game = SoloGame.new(seed=6, difficulty="easy")
    ai = AIPlayer("fast", seed=0)
    game.apply(ai.answer(game, game.decision))
    h = ai.hint(game)
    f = h.figures
    assert f is not None and 1 <= f.deals <= FAST_PLAYOUTS
    assert f"{f.deals} deals" in h.reason, h.reason


# ---------------------------------------------------------------- a table's chance
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_even_rivals_share_the_chance_of_ending_first(n: int) -> None:
    assert first_chance(40.0, [40.0] * n, 7.0) == pytest.approx(1 / (n + 1), abs=1e-6)


def test_against_one_rival_the_chance_is_the_margin_against_its_spread() -> None:
    for margin in (-9.0, -2.0, 0.0, 3.5, 12.0):
        want = 0.5 * (1 + math.erf(margin / (8.0 * math.sqrt(2))))
        assert first_chance(30.0 + margin, [30.0], 8.0) == want


def test_the_chance_of_ending_first_falls_with_each_rival_and_rises_with_the_lead() -> None:
    chances = [first_chance(42.0, [40.0] * n, 6.0) for n in range(1, 5)]
    assert chances == sorted(chances, reverse=True)
    leads = [first_chance(40.0 + d, [40.0, 38.0, 41.0], 6.0) for d in range(-10, 11, 2)]
    assert leads == sorted(leads) and 0.0 <= leads[0] < leads[-1] <= 1.0
    # far ahead of everyone: all but certain; one rival far ahead: all but hopeless
    assert first_chance(80.0, [40.0, 41.0, 39.0], 5.0) > 0.99
    assert first_chance(40.0, [80.0, 41.0, 39.0], 5.0) < 0.01
