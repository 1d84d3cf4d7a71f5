"""The computer's review of a solitaire game (rftg_nb.history.review): each of your questions
judged against the strong AI's answer on the same sampled deals, the key moments, the same
figures for the same game, and a clear refusal of what cannot be reviewed."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import rftg_nb
from rftg_nb import Game, RandomPlayer, SoloGame
from rftg_nb.ai import AIPlayer
from rftg_nb.history.review import (
    KEY_MOMENTS,
    VP_WEIGHT,
    ReviewError,
    key_moments,
    moment_line,
    pick_key_moments,
    review,
)
from rftg_nb.players import random_pick


def _partial(seed: int, choices: int, difficulty: str = "easy") -> SoloGame:
    g = SoloGame.new(seed=seed, difficulty=difficulty)
    rng = random.Random(seed)
    for _ in range(choices):
        g.apply(random_pick(g.decision, rng))
    return g


@pytest.fixture(scope="module")
def random_game() -> tuple[SoloGame, dict]:
    """A whole game of the random player, reviewed on a few deals (its answers differ from
    the AI's often)."""
    g = SoloGame.new(seed=41, difficulty="medium")
    RandomPlayer(41).play(g)
    seen: list[tuple[int, int]] = []
    r = review(g.to_json(), deals=3, progress=lambda done, total: seen.append((done, total)))
    r["_progress"] = seen
    return g, r


def test_every_question_of_yours_is_judged_against_the_ai(random_game) -> None:
    g, r = random_game
    asked = [x["choice"] for x in r["decisions"]]
    assert asked == sorted(asked) and len(asked) == len(g.choices)  # no real dice here
    for x in r["decisions"]:
        assert x["yours"] == list(g.choices[x["choice"]])
        assert x["reviewed"] and 0.0 <= x["after"] <= x["before"] <= 1.0
        assert x["cost"] == pytest.approx(x["before"] - x["after"])
        assert x["before"] == max(x["after"], x["ai_after"])
        if x["same"]:
            assert x["after"] == x["ai_after"] and x["cost"] == 0.0
        assert x["reason"]
    assert r["_progress"][-1] == (len(asked), len(asked))
    assert [d for d, _t in r["_progress"]] == list(range(1, len(asked) + 1))
    assert r["result"]["over"] and r["result"]["scores"] == g.scores()
    json.dumps({k: v for k, v in r.items() if k != "_progress"})  # kept as JSON


def test_the_key_moments_are_the_dearest_decisions(random_game) -> None:
    _g, r = random_game
    moments = key_moments(r)
    low, high = KEY_MOMENTS
    assert low <= len(moments) <= high
    chosen = {x["choice"] for x in moments}

    def cost(x: dict) -> float:  # in chance, a VP of expected score lost counted as 2 points
        return x["cost"] + VP_WEIGHT * x["vp_cost"]

    others = [cost(x) for x in r["decisions"] if x["choice"] not in chosen]
    assert min(cost(x) for x in moments) >= max(others)
    assert all(x["cost"] >= 0.01 or x["vp_cost"] >= 0.5 for x in moments)
    assert all(not x["same"] for x in moments)
    assert [x["choice"] for x in moments] == sorted(chosen)
    line = moment_line(moments[0])
    assert line.startswith(f"Round {moments[0]['round']}: you chose") and "AI would" in line


def test_the_words_of_each_decision_are_made_from_its_figures(random_game) -> None:
    from rftg_nb.ai.sentences import review_reason

    _g, r = random_game
    for x in r["decisions"]:
        assert x["reason"] == review_reason(x, r["deals"])
    for x in key_moments(r):
        line = moment_line(x)
        assert line.endswith(x["reason"])
        if x["cost"] >= 0.01:  # the cost said is the cost shown
            assert f"about {x['cost'] * 100:.0f} points more" in line
            assert "whatever you call" not in line and "about the same" not in line


def test_key_moments_fall_back_on_vp_when_the_chance_is_settled() -> None:
    flat = [{"reviewed": True, "same": False, "cost": 0.0, "vp_cost": v} for v in
            (0.1, 2.0, 0.7, 3.5, 0.2, 1.1)]
    assert pick_key_moments(flat) == [1, 2, 3, 5]
    some = [{"reviewed": True, "same": False, "cost": c, "vp_cost": v} for c, v in
            ((0.2, 0.0), (0.0, 5.0), (0.0, 0.1), (0.05, 0.0))]
    assert pick_key_moments(some) == [0, 1, 3]  # by chance and by VP, the cheap one left out
    many = [{"reviewed": True, "same": False, "cost": c, "vp_cost": v} for c, v in
            ((0.03, 0.0), (0.0, 4.0), (0.1, 1.0), (0.02, 0.0), (0.0, 0.6), (0.04, 0.0),
             (0.011, 0.0))]
    # costs 0.03, 0.08, 0.12, 0.02, 0.012, 0.04, 0.011: the five dearest, VP counted in
    assert pick_key_moments(many) == [0, 1, 2, 3, 5]


def test_the_same_game_reviews_to_the_same_figures() -> None:
    g = _partial(7, 9)
    a = review(g.to_json(), deals=2)
    b = review(g, deals=2)
    for x in (a, b):
        x.pop("seconds")
    assert a == b
    assert a["result"] == {"over": False, "scores": None, "you_won": None, "shared": False}


def test_a_table_game_is_reviewed_for_one_seat_on_every_question() -> None:
    t = Game.new(players=2, seed=3)
    AIPlayer("fast").play(t)
    r = review(t.to_json(), deals=2, viewer=1)
    mine = [k for k, ids in enumerate(t.choices) if t._log_players[k] == 1]
    assert r["viewer"] == 1 and not r["solitaire"]
    assert {x["choice"] for x in r["decisions"]} == set(mine)
    assert {"actions", "develop", "settle", "explore_keep"} <= {x["kind"] for x in r["decisions"]}
    assert all(x["reviewed"] for x in r["decisions"])  # no copy failed
    again = review(t.to_json(), deals=2, viewer=1)
    for x in (r, again):
        x.pop("seconds")
    assert again == r  # the same figures for the same game
    assert r["result"]["you_won"] == (1 in t.winners)
    assert all(0.0 <= x["after"] <= x["before"] <= 1.0 for x in r["decisions"])


def test_what_cannot_be_reviewed_is_refused_by_name() -> None:
    with pytest.raises(ReviewError, match="deals"):
        review(_partial(1, 2), deals=0)
    with pytest.raises(ValueError, match="viewer"):
        review(_partial(1, 2), viewer=3)


def test_the_history_reviews_a_game_once_and_keeps_it(tmp_path, monkeypatch) -> None:
    from rftg_nb import history
    from rftg_nb.history import queries  # where History.review finds review()

    h = history.open(tmp_path / "h.sqlite")
    gid = h.add(_partial(5, 10))
    first = h.review(gid, deals=2)
    assert h.row(gid).review == first and h.table().loc[0, "reviewed"]
    monkeypatch.setattr(queries, "review", lambda *a, **k: pytest.fail("reviewed again"))
    assert h.review(gid, deals=2) == first
    r = h.replay(gid)
    assert r.stops[-1].kind == "end" and r.game_at(len(r) - 1).to_json() == h.row(gid).save


# ------------------------------------------------------------------------- the chance map
def test_the_chance_map_is_fitted_rising_and_corrects_an_overconfident_middle() -> None:
    from rftg_nb.history.review import calibrated, fit_chance_map, read_chance_map

    rng = random.Random(5)
    pairs = []
    for _ in range(3000):  # a raw chance of p is won (p/2 in the middle) of the time
        p = rng.random()
        truth = p if p < 0.3 or p > 0.7 else p / 2
        pairs.append((p, 1.0 if rng.random() < truth else 0.0))
    pairs += [(0.0, 0.0)] * 1500 + [(0.00001, 0.0)] * 300  # many positions lost for sure
    knots = tuple(fit_chance_map(pairs))
    assert read_chance_map(json.dumps({"format": "rftg_nb-chance-map",
                                       "knots": [list(k) for k in knots]})) == knots
    assert knots[0] == (0.0, 0.0) and knots[-1] == (1.0, 1.0)
    assert all(a[0] < b[0] and a[1] <= b[1] for a, b in zip(knots, knots[1:], strict=False))
    assert calibrated(0.5, knots) < 0.4  # the middle brought down
    assert abs(calibrated(0.05, knots) - 0.05) < 0.05  # the ends kept
    mapped = [(calibrated(p, knots), y) for p, y in pairs]
    brier = lambda ps: sum((p - y) ** 2 for p, y in ps) / len(ps)  # noqa: E731
    assert brier(mapped) < brier(pairs)
    assert [calibrated(x / 20, knots) for x in range(21)] == sorted(
        calibrated(x / 20, knots) for x in range(21))


def test_a_bad_chance_map_is_refused_by_field() -> None:
    from rftg_nb.history.review import ChanceMapError, read_chance_map

    def text(**kw: object) -> str:
        return json.dumps({"format": "rftg_nb-chance-map", "knots": [[0, 0], [1, 1]], **kw})

    assert read_chance_map(text()) == ((0.0, 0.0), (1.0, 1.0))
    for bad, field in ((text(format="other"), "format"), (text(knots=[[0, 0]]), "knots"),
                       (text(knots=[[0, 0], [0.5, 2], [1, 1]]), r"knots\[1\]"),
                       (text(knots=[[0, 0.5], [0.5, 0.2], [1, 1]]), r"knots\[1\]"),
                       (text(knots=[[0.1, 0], [1, 1]]), "knots: must run"), ("{", "not JSON")):
        with pytest.raises(ChanceMapError, match=field):
            read_chance_map(bad)


def test_a_bad_table_chance_map_is_refused_by_field() -> None:
    from rftg_nb.history.review import ChanceMapError, read_table_chance_map

    even = [[0, 0], [1, 1]]

    def text(**kw: object) -> str:
        return json.dumps({"format": "rftg_nb-table-chance-map",
                           "tables": {str(n): even for n in (2, 3, 4, 5)}, **kw})

    assert read_table_chance_map(text())[4] == ((0.0, 0.0), (1.0, 1.0))
    for bad, field in ((text(format="rftg_nb-chance-map"), "format"),
                       (text(tables={"2": even}), "tables: expected knots for each"),
                       (text(tables={str(n): even if n != 3 else [[0, 0], [0.5, 1.2], [1, 1]]
                                     for n in (2, 3, 4, 5)}), r"tables\.3\[1\]")):
        with pytest.raises(ChanceMapError, match=field):
            read_table_chance_map(bad)


def test_the_shipped_table_chance_maps_read_and_a_table_review_uses_its_size(
        monkeypatch) -> None:
    import importlib

    reviewing = importlib.import_module("rftg_nb.history.review")
    for n in (2, 3, 4, 5):
        knots = reviewing.chance_map(n)
        assert knots[0][0] == 0.0 and knots[-1][0] == 1.0
    assert reviewing.chance_map(4) != reviewing.chance_map(2)  # fitted for each size
    t = _table(5, 40)
    raw_maps = {n: ((0.0, 0.0), (1.0, 1.0)) for n in (2, 3, 4, 5)}
    monkeypatch.setitem(reviewing._CHANCE_MAPS, "table_chance_map.json", raw_maps)
    raw = review(t, deals=1)
    halved = {**raw_maps, 2: ((0.0, 0.0), (1.0, 0.5))}
    monkeypatch.setitem(reviewing._CHANCE_MAPS, "table_chance_map.json", halved)
    half = review(t, deals=1)
    pairs = [(a, b) for a, b in zip(raw["decisions"], half["decisions"], strict=True)
             if a["reviewed"]]
    assert pairs and any(a["after"] > 0 for a, _b in pairs)
    for a, b in pairs:
        assert b["after"] == pytest.approx(a["after"] / 2)
        assert "ending first" in b["reason"] or "looked" in b["reason"]


def test_the_shipped_chance_map_reads_and_a_solitaire_review_uses_it(monkeypatch) -> None:
    import importlib

    reviewing = importlib.import_module("rftg_nb.history.review")
    knots = reviewing.chance_map()
    assert knots[0][0] == 0.0 and knots[-1][0] == 1.0
    game = _partial(2, 14)
    monkeypatch.setitem(reviewing._CHANCE_MAPS, "chance_map.json", ((0.0, 0.0), (1.0, 1.0)))
    raw = review(game, deals=1)
    monkeypatch.setitem(reviewing._CHANCE_MAPS, "chance_map.json", ((0.0, 0.0), (1.0, 0.5)))
    halved = review(game, deals=1)
    pairs = [(a, b) for a, b in zip(raw["decisions"], halved["decisions"], strict=True)
             if a["reviewed"]]
    assert pairs and any(a["after"] > 0 for a, _b in pairs)
    for a, b in pairs:
        assert b["after"] == pytest.approx(a["after"] / 2)
        assert b["ai_after"] == pytest.approx(a["ai_after"] / 2)
        assert b["vp"] == a["vp"]  # the expected VP is not a chance


def test_worlds_left_unplaced_are_among_the_key_moments() -> None:
    """A solitaire game of the fast AI's rules in which, in rounds 2 and 4, a world it would have
    placed is left in hand: both are key moments of the review (a check on the review as a
    whole, seeded: the fast AI's other answers cost the strong AI's chance too)."""
    g = SoloGame.new(seed=1, difficulty="medium")
    ai = AIPlayer("fast", seed=1, playouts=0)  # the fast level's rules alone
    planted = []
    while (d := g.decision) is not None:
        ids = ai.answer(g, d)
        if d.kind == "settle" and ids and g.round in (2, 4) \
                and all(r != g.round for _c, r in planted):
            planted.append((len(g.choices), g.round))
            ids = []
        g.apply(ids)
    assert [r for _c, r in planted] == [2, 4]
    r = review(g)
    keys = {m["choice"] for m in key_moments(r)}
    for choice, _round in planted:
        assert choice in keys
        m = next(x for x in r["decisions"] if x["choice"] == choice)
        assert m["ai_labels"] and m["cost"] > 0.05  # the AI would place a world


# ------------------------------------------------------------------------- a fresh process
_FRESH_REVIEW = """
import json, sys
from pathlib import Path
from rftg_nb.history.review import review
job = json.loads(Path(sys.argv[1]).read_text())
r = review(job["save"], deals=job["deals"], viewer=job["viewer"])
r.pop("seconds")
Path(sys.argv[2]).write_text(json.dumps(r))
"""


def _review_apart(folder: Path, save: str, deals: int, viewer: int) \
        -> tuple[subprocess.Popen[bytes], Path]:
    """A review of ``save`` begun in a process of its own (this package, this engine), whose
    caches hold nothing yet, and the file it writes the review to (as JSON)."""
    root = Path(rftg_nb.__file__).resolve().parents[1]
    n = len(list(folder.glob("job-*")))
    job, out = folder / f"job-{n}.json", folder / f"review-{n}.json"
    job.write_text(json.dumps({"save": save, "deals": deals, "viewer": viewer}))
    child = subprocess.Popen([sys.executable, "-c", _FRESH_REVIEW, str(job), str(out)],
                             cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    return child, out


def _table(seed: int, choices: int) -> Game:
    g = Game.new(players=2, seed=seed)
    ai = AIPlayer("fast")
    for _ in range(choices):
        g.apply(ai.answer(g, g.decision))
    return g


def test_a_review_after_other_reviews_is_the_one_a_fresh_process_makes(tmp_path) -> None:
    """The AI's caches are shared by every game of a process: reviews made before (the same
    table from the other seat, the same deal against a harder robot, another table) change
    nothing in the review of a table game and of a solitaire game."""
    table = _table(3, 50).to_json()
    solo = _partial(41, 8).to_json()
    apart = [_review_apart(tmp_path, table, 2, 1), _review_apart(tmp_path, solo, 2, 0)]
    review(table, deals=2, viewer=0)
    review(_partial(41, 8, "hard"), deals=2)
    review(_table(8, 20), deals=2, viewer=1)
    here = [review(table, deals=2, viewer=1), review(solo, deals=2)]
    differ = []
    for name, mine, (child, out) in zip(("table", "solitaire"), here, apart, strict=True):
        assert child.wait(timeout=120) == 0
        mine.pop("seconds")
        mine = json.loads(json.dumps(mine))  # as the other process sent it
        fresh = json.loads(out.read_text())
        assert len(fresh["decisions"]) > 5
        differ += [f"{name} choice {a['choice']} ({a['kind']})" for a, b in
                   zip(mine["decisions"], fresh["decisions"], strict=True) if a != b]
        if not differ:
            assert mine == fresh
    assert not differ
