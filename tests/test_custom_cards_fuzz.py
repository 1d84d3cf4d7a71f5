"""Fuzz: games with a few hundred generated custom designs play to the end with no error.

Designs are drawn at random from everything a custom card may be (see
:mod:`rftg_nb.cards.custom`): worlds and developments of any cost, VP, good, windfall, military
and flags, up to four of the engine's powers with values around the printed ones (the same
power twice included), 6-cost scoring lines, one to four copies. Each game (solitaire at every
difficulty, or 2-5 players with goals) shuffles eight of them in, is played to the end by
random answers, and must reload from its save to the same scores.
"""

from __future__ import annotations

import random

import pytest

from rftg_nb import Game, RandomPlayer
from rftg_nb.cards import BONUS_CODES, FLAGS
from rftg_nb.cards.custom import check_designs
from rftg_nb.cards.custom_powers import OWN_GOOD, PRODUCE_CODES, known_powers
from rftg_nb.robot import SoloGame

GAMES = 80
PER_GAME = 8


def design(rng: random.Random, name: str) -> dict:
    kind = rng.choice(["world", "development"])
    d: dict = {"name": name, "type": kind, "cost": rng.randint(0, 7), "vp": rng.randint(-1, 5),
               "copies": rng.randint(1, 4)}
    if kind == "world":
        d["good"] = rng.choice([None, "novelty", "rare", "genes", "alien"])
        d["windfall"] = d["good"] is not None and rng.random() < 0.4
        d["military"] = rng.random() < 0.3
    d["flags"] = rng.sample(sorted(FLAGS - {"start_hand_3"}), rng.randint(0, 2))
    has_good = kind == "world" and d["good"] is not None
    powers = []
    for _ in range(rng.randint(0, 4)):
        k = rng.choice(known_powers())
        if (k["phase"], k["code"]) in OWN_GOOD and not has_good:
            continue
        if k["phase"] == 5 and k["code"] in PRODUCE_CODES:
            continue
        powers.append({"phase": k["phase"], "code": k["code"],
                       "value": rng.randint(*k["values"]),
                       "times": rng.randint(*k["times_range"])})
    if has_good and not d["windfall"] and rng.random() < 0.3:
        powers.append({"phase": 5, "code": "PRODUCE|DISCARD"})
    d["powers"] = powers
    if kind == "development" and d["cost"] == 6:
        d["vp"] = 0  # scored by its bonus lines, as every printed 6-cost development
        codes = sorted(BONUS_CODES - {"NAME"})
        d["bonuses"] = [{"vp": rng.randint(1, 3), "for": c}
                        for c in rng.sample(codes, rng.randint(1, 3))]
    return d


@pytest.mark.parametrize("chunk", range(4))
def test_games_with_generated_custom_cards_play_to_the_end(chunk):
    rng = random.Random(1000 + chunk)
    for i in range(GAMES // 4):
        n = chunk * (GAMES // 4) + i
        designs = [design(rng, f"Custom {n}-{j}") for j in range(PER_GAME)]
        check_designs(designs)
        players = rng.choice([1, 2, 3, 4, 5])
        if players == 1:
            g = SoloGame.new(seed=n, custom_cards=designs,
                             difficulty=rng.choice(["easy", "medium", "hard"]))
        else:
            g = Game.new(players=players, seed=n, custom_cards=designs)
        RandomPlayer(n).play(g)
        assert g.is_over
        names = {d["name"] for d in designs}
        assert sum(c.name in names for c in g.cards) == sum(d["copies"] for d in designs)
        again = type(g).from_json(g.to_json())
        assert again.scores() == g.scores()
