"""Fit the learned solitaire value (``solo_value.json``) from games the AI plays.

Run from the repository root::

    python -m rftg_nb.ai.train --games 4000 --level fast

Each game is a seeded solitaire game (difficulties in turn, start worlds dealt at random). At
every action choice the player's position is turned into :func:`rftg_nb.ai.features.
solo_features`; when the game ends each of those rows gets the final margin (your score
minus the robot's). A ridge regression (numpy least squares) fits the margin from the
features; a tenth of the games is kept apart to report how well it predicts. The weights are
written with the feature names, so the player never applies weights to other features.

The shipped value is fitted from games with branches (``--branches``): rows along the fast
level's own play only teach what follows from the choices it makes, so at about half of its
choices of actions a copy of the game takes another of its best few choices instead and is
played to the end too (:func:`play_branching`). Each copy adds its own rows, and a contrast:
the position a round after the other choice against the game's own a round after its choice,
whose margins differ by what the choice changed (:func:`contrasts`). The fit weighs those
differences beside the rows (:func:`fit_branching`), since the look-ahead asks the value to
compare positions reached by different choices from the same start, not to predict games.
Run::

    python -m rftg_nb.ai.train --branches --games 3000
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.features import NAMES, POLICY_NAMES, action_features, solo_features
from rftg_nb.ai.plans import RoundPlan, action_sets
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.kinds import Kind
from rftg_nb.robot import SoloGame

OUT = Path(__file__).with_name("solo_value.json")
POLICY_OUT = Path(__file__).with_name("solo_actions.json")
DIFFICULTIES = ("easy", "medium", "hard")
# Games with branches: their seeds (apart from the benchmark's, the tests' and the probes'),
# the seeds of the fast players of their copies, the share of choices of actions a copy
# branches at, among how many of the fast level's best choices its other choice is drawn,
# and how much a contrast weighs beside a row.
BRANCH_SEED0 = 8_000_000
BRANCH_PLAYER_SEED0 = 9_000_000
BRANCH_SHARE = 0.5
ALTERNATIVES = 8
CONTRAST_WEIGHT = 5.0
# One line of play: the feature rows at its choices of actions, and its final margin.
Line = tuple[list[list[float]], float]
ROUND = NAMES.index("round")


def setup_for(i: int) -> dict[str, object]:
    """The solitaire game number ``i`` of the training games."""
    return {"seed": 500_000 + i, "difficulty": DIFFICULTIES[i % 3]}


def play(args: tuple[int, str]) -> tuple[list[list[float]], float, bool, list[dict]]:
    """One game: the feature rows at each action choice, the final margin, the win, and
    (strong level) what the search found for each candidate action choice."""

    i, level = args
    game = SoloGame.new(**setup_for(i))
    records: list[dict] = []  # the strong level's searched choices of actions
    ai = AIPlayer(level, seed=i, record=records)
    rows: list[list[float]] = []
    margin = _to_end(game, ai, rows)
    records.append({"choices": [list(c) for c in game.choices]})  # to replay the game later
    return rows, margin, game.winner == 0, records


def write_weights(out: Path, kind: str, names: tuple[str, ...], w: np.ndarray,
                  trained: dict[str, object]) -> None:
    """Write weights ``w`` for the features ``names`` to ``out`` as a file of ``kind``
    (``rftg_nb-ai-<kind>``, read by :func:`rftg_nb.ai.features.read_weights`), with what they
    were ``trained`` on."""
    out.write_text(json.dumps({
        "format": f"rftg_nb-ai-{kind}", "version": 1, "names": list(names),
        "weights": [round(float(v), 6) for v in w], "trained": trained,
    }, indent=1) + "\n")


def branch_setup_for(i: int) -> dict[str, object]:
    """The solitaire game number ``i`` of the games with branches."""
    return {"seed": BRANCH_SEED0 + i, "difficulty": DIFFICULTIES[i % 3]}


def _to_end(game: SoloGame, ai: AIPlayer, rows: list[list[float]]) -> float:
    """Play ``game`` to its end with ``ai``, noting a row at each choice of actions; the final
    margin."""
    while (d := game.decision) is not None:
        if d.kind == Kind.ACTIONS:
            rows.append(solo_features(game, 0))
        game.apply(ai.answer(game, d))
    scores = game.scores()
    return float(scores[0] - scores[1])


def play_branching(i: int, share: float = BRANCH_SHARE) -> list[Line]:
    """Game ``i`` (:func:`branch_setup_for`) played by the fast level, and its branches: at a
    ``share`` of its choices of actions (drawn from a generator of the game's own) a copy
    takes another of the fast level's :data:`ALTERNATIVES` best choices (by its round plan)
    and is played to the end by a fast player of its own. The game's line first, then each
    copy's in the order they branched."""
    rng = random.Random(i * 7919 + 13)
    game = SoloGame.new(**branch_setup_for(i))
    ai = AIPlayer("fast", seed=BRANCH_SEED0 + i)
    rows: list[list[float]] = []
    branches: list[Line] = []
    while (d := game.decision) is not None:
        if d.kind != Kind.ACTIONS:
            game.apply(ai.answer(game, d))
            continue
        rows.append(solo_features(game, 0))
        ids = tuple(ai.answer(game, d))
        if rng.random() < share:
            plan = RoundPlan(Ctx(game, 0))
            best = sorted((plan.evaluate(a) for a in action_sets(d)), key=lambda o: -o.score)
            others = [o.actions for o in best[:ALTERNATIVES]
                      if tuple(sorted(o.actions)) != tuple(sorted(ids))]
            if others:
                twin = game.clone()
                twin.apply(list(rng.choice(others)))
                twin_rows: list[list[float]] = []
                seed = BRANCH_PLAYER_SEED0 + i * 100 + len(branches)
                branches.append((twin_rows, _to_end(twin, AIPlayer("fast", seed=seed),
                                                    twin_rows)))
        game.apply(list(ids))
    scores = game.scores()
    return [(rows, float(scores[0] - scores[1])), *branches]


def contrasts(lines: list[Line]) -> list[tuple[list[float], float]]:
    """For each branch of a game (``lines`` as :func:`play_branching` returns them) that
    reached another choice of actions: its first row less the game's row of the same round,
    and its final margin less the game's."""
    rows, margin = lines[0]
    at = {row[ROUND]: row for row in rows}
    got = []
    for twin_rows, twin_margin in lines[1:]:
        if twin_rows and twin_rows[0][ROUND] in at:
            own = at[twin_rows[0][ROUND]]
            got.append(([a - b for a, b in zip(twin_rows[0], own, strict=True)],
                        twin_margin - margin))
    return got


def fit_branching(games: list[list[Line]], ridge: float, weight: float = CONTRAST_WEIGHT,
                  keep: Callable[[int], bool] = lambda g: True) -> np.ndarray:
    """The value fitted to every line's rows and, weighed ``weight`` times, the contrasts of
    the games whose index ``keep`` keeps."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for g, lines in enumerate(games):
        if not keep(g):
            continue
        for rows, margin in lines:
            xs += rows
            ys += [margin] * len(rows)
        for dx, dy in contrasts(lines):
            xs.append([weight * v for v in dx])
            ys.append(weight * dy)
    return fit(np.array(xs), np.array(ys), ridge)


def branching(games: int, processes: int, ridge: float, out: Path) -> None:
    """Play ``games`` games with branches and fit the value from them (:func:`write_value`)."""
    start = time.perf_counter()
    with Pool(processes) as pool:
        got = pool.map(play_branching, range(games), chunksize=2)
    print(f"{games} games with branches played in {time.perf_counter() - start:.0f} s")
    write_value(got, ridge, out)


def write_value(games: list[list[Line]], ridge: float, out: Path) -> None:
    """Fit the value from ``games`` with branches (game ``g``'s lines at ``games[g]``), write
    it to ``out``, and say how well it does on the tenth of the games kept apart."""
    w = fit_branching(games, ridge, keep=lambda g: g % 10 != 9)
    held = [lines for g, lines in enumerate(games) if g % 10 == 9]
    x = np.array([row for lines in held for row in lines[0][0]])
    y = np.array([lines[0][1] for lines in held for _row in lines[0][0]])
    r2 = 1.0 - (y - x @ w).var() / y.var()
    pairs = [c for lines in held for c in contrasts(lines)]
    corr = np.corrcoef(np.array([dx for dx, _ in pairs]) @ w, [dy for _, dy in pairs])[0, 1]
    w = fit_branching(games, ridge)
    n = sum(len(rows) for lines in games for rows, _m in lines)
    n_contrasts = sum(len(contrasts(lines)) for lines in games)
    print(f"{len(games)} games, {sum(len(lines) - 1 for lines in games)} branches, {n} "
          f"positions, {n_contrasts} contrasts; held out: R^2 {r2:.3f} on the games' own "
          f"positions, correlation {corr:.3f} with the contrasts")
    write_weights(out, "solo-value", NAMES, w, {
        "games": len(games), "level": "fast", "branches": BRANCH_SHARE, "positions": n,
        "contrasts": n_contrasts, "r2_held_out": round(float(r2), 4),
        "contrast_correlation_held_out": round(float(corr), 4)})


def collect(games: int, level: str, processes: int, first: int = 0):
    with Pool(processes) as pool:
        return pool.map(play, [(first + i, level) for i in range(games)], chunksize=4)


def fit(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Ridge least squares (the bias, column 0, is not shrunk)."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[0] = 1.0
    xs = x / scale
    penalty = ridge * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    w = np.linalg.solve(xs.T @ xs + penalty, xs.T @ y)
    return w / scale


def replay_rows(line: str) -> tuple[int, list[list[float]], float] | None:
    """A saved game's choice log replayed: (game number, feature rows, final margin)."""

    r = json.loads(line)
    if "choices" not in r:
        return None
    game = SoloGame.new(**setup_for(r["game"]))
    rows = []
    for ids in r["choices"]:
        d = game.decision
        if d is not None and d.kind == Kind.ACTIONS:
            rows.append(solo_features(game, 0))
        game.apply(ids)
    scores = game.scores()
    return r["game"], rows, float(scores[0] - scores[1])


def rebuild(records: list[Path], out: Path, ridge: float, processes: int) -> None:
    """Fit the value from saved games (their choice logs), with today's features."""
    lines = [line for p in records for line in p.read_text().splitlines()]
    with Pool(processes) as pool:
        got = [g for g in pool.map(replay_rows, lines, chunksize=64) if g is not None]
    xs, ys, gs = [], [], []
    for game, rows, margin in got:
        for row in rows:
            xs.append(row)
            ys.append(margin)
            gs.append(game)
    x, y, g = np.array(xs), np.array(ys), np.array(gs)
    test = g % 10 == 9
    w = fit(x[~test], y[~test], ridge)
    resid = y[test] - x[test] @ w
    r2 = 1.0 - resid.var() / y[test].var()
    print(f"value from {len(got)} saved games, {len(y)} positions: held-out R^2 {r2:.3f}")
    w = fit(x, y, ridge)
    write_weights(out, "solo-value", NAMES, w, {
        "games": len(got), "level": "strong", "positions": int(len(y)),
        "r2_held_out": round(float(r2), 4)})


def fit_actions(records: Path, out: Path, ridge: float) -> None:
    """Fit the fast level's action scores to the strong level's searched values.

    Each record is one searched action choice: every candidate's forecast parts and its mean
    value over the first deals. Within a choice, the candidates' values (less their mean)
    are fitted from their features (less their mean) by ridge least squares.
    """

    xs, ys, gs = [], [], []
    with records.open() as f:
        for line in f:
            r = json.loads(line)
            if "cands" not in r:
                continue  # a game's choice log
            state = r["features"]
            left, pool = state[NAMES.index("rounds_left")], state[NAMES.index("pool")]
            fs = np.array([action_features(tuple(a), p, left, int(pool))
                           for a, p, _m in r["cands"]])
            ms = np.array([m for _a, _p, m in r["cands"]])
            xs.append(fs - fs.mean(axis=0))
            ys.append(ms - ms.mean())
            gs += [r["game"]] * len(ms)
    x, y, g = np.vstack(xs), np.concatenate(ys), np.array(gs)
    test = g % 10 == 9

    def solve(xx: np.ndarray, yy: np.ndarray) -> np.ndarray:
        return np.linalg.solve(xx.T @ xx + ridge * np.eye(xx.shape[1]), xx.T @ yy)

    w = solve(x[~test], y[~test])
    corr = np.corrcoef(x[test] @ w, y[test])[0, 1]
    print(f"action scores: {len(y)} candidates of {len(xs)} choices; held-out correlation "
          f"with the searched values {corr:.3f}")
    w = solve(x, y)
    write_weights(out, "solo-actions", POLICY_NAMES, w, {
        "choices": len(xs), "candidates": int(len(y)),
        "correlation_held_out": round(float(corr), 4)})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--level", default="fast", choices=("fast", "strong"))
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--data", type=Path, help="also save the rows (npz) here")
    ap.add_argument("--records", type=Path,
                    help="strong level: save the searched action choices (JSON lines) here")
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--branches", action="store_true",
                    help="fit from fast games with branches (the shipped value)")
    ap.add_argument("--fit-actions", type=Path, metavar="RECORDS",
                    help="only fit the fast level's action scores from saved records")
    ap.add_argument("--rebuild", type=Path, nargs="+", metavar="RECORDS",
                    help="only fit the value from the games saved in these records")
    args = ap.parse_args(argv)
    if args.branches:
        branching(args.games, args.processes, args.ridge, args.out)
        return 0
    if args.rebuild:
        rebuild(args.rebuild, args.out, args.ridge, args.processes)
        return 0
    if args.fit_actions:
        fit_actions(args.fit_actions, POLICY_OUT, args.ridge)
        return 0
    start = time.perf_counter()
    results = collect(args.games, args.level, args.processes, args.first)
    if args.records:
        with args.records.open("w") as f:
            for g, r in enumerate(results):
                for rec in r[3]:
                    f.write(json.dumps({"game": args.first + g, "margin": r[1], "won": r[2],
                                        **rec}) + "\n")
    xs, ys, gs = [], [], []
    for g, (rows, margin, _won, _rec) in enumerate(results):
        for r in rows:
            xs.append(r)
            ys.append(margin)
            gs.append(g)
    x = np.array(xs)
    y = np.array(ys)
    game_of = np.array(gs)
    test = game_of % 10 == 9
    w = fit(x[~test], y[~test], args.ridge)
    pred = x[test] @ w
    resid = y[test] - pred
    r2 = 1.0 - resid.var() / y[test].var()
    wins = sum(1 for r in results if r[2])
    by = {d: [r[2] for k, r in enumerate(results) if (args.first + k) % 3 == i]
          for i, d in enumerate(DIFFICULTIES)}
    print(f"{args.games} games ({args.level}), {len(y)} positions, "
          f"{time.perf_counter() - start:.0f} s; AI won {wins / args.games:.1%} ("
          + ", ".join(f"{d} {sum(v) / max(1, len(v)):.1%}" for d, v in by.items()) + ")")
    print(f"held-out positions: R^2 {r2:.3f}, mean abs error {np.abs(resid).mean():.2f} VP")
    w = fit(x, y, args.ridge)
    if args.data:
        np.savez_compressed(args.data, x=x, y=y, game=game_of)
    write_weights(args.out, "solo-value", NAMES, w, {
        "games": args.games, "level": args.level, "positions": int(len(y)),
        "r2_held_out": round(float(r2), 4)})
    for n, v in zip(NAMES, w, strict=True):
        print(f"  {n:20s} {v:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
