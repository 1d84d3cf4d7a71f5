"""Fit the learned solitaire value (``solo_value.json``) from games the AI plays.

Run from the repository root::

    python -m rftg_nb.ai.train --games 4000 --level fast

Each game is a seeded solitaire game (difficulties in turn, start worlds dealt at random). At
every action choice the player's position is turned into :func:`rftg_nb.ai.features.
solo_features`; when the game ends each of those rows gets the final margin (your score
minus the robot's). A ridge regression (numpy least squares) fits the margin from the
features; a tenth of the games is kept apart to report how well it predicts. The weights are
written with the feature names, so the player never applies weights to other features.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.features import NAMES, POLICY_NAMES, action_features, solo_features
from rftg_nb.engine.kinds import Kind
from rftg_nb.robot import SoloGame

OUT = Path(__file__).with_name("solo_value.json")
POLICY_OUT = Path(__file__).with_name("solo_actions.json")
DIFFICULTIES = ("easy", "medium", "hard")


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
    rows = []
    while (d := game.decision) is not None:
        if d.kind == Kind.ACTIONS:
            rows.append(solo_features(game, 0))
        game.apply(ai.answer(game, d))
    scores = game.scores()
    records.append({"choices": [list(c) for c in game.choices]})  # to replay the game later
    return rows, float(scores[0] - scores[1]), game.winner == 0, records


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
    out.write_text(json.dumps({
        "format": "rftg_nb-ai-solo-value", "version": 1, "names": list(NAMES),
        "weights": [round(float(v), 6) for v in w],
        "trained": {"games": len(got), "level": "strong", "positions": int(len(y)),
                    "r2_held_out": round(float(r2), 4)},
    }, indent=1) + "\n")


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
    out.write_text(json.dumps({
        "format": "rftg_nb-ai-solo-actions", "version": 1, "names": list(POLICY_NAMES),
        "weights": [round(float(v), 6) for v in w],
        "trained": {"choices": len(xs), "candidates": int(len(y)),
                    "correlation_held_out": round(float(corr), 4)},
    }, indent=1) + "\n")


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
    ap.add_argument("--fit-actions", type=Path, metavar="RECORDS",
                    help="only fit the fast level's action scores from saved records")
    ap.add_argument("--rebuild", type=Path, nargs="+", metavar="RECORDS",
                    help="only fit the value from the games saved in these records")
    args = ap.parse_args(argv)
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
    args.out.write_text(json.dumps({
        "format": "rftg_nb-ai-solo-value", "version": 1, "names": list(NAMES),
        "weights": [round(float(v), 6) for v in w],
        "trained": {"games": args.games, "level": args.level, "positions": int(len(y)),
                    "r2_held_out": round(float(r2), 4)},
    }, indent=1) + "\n")
    for n, v in zip(NAMES, w, strict=True):
        print(f"  {n:20s} {v:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
