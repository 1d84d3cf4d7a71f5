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

from rftg_nb.ai.features import NAMES, solo_features

OUT = Path(__file__).with_name("solo_value.json")
DIFFICULTIES = ("easy", "medium", "hard")


def play(args: tuple[int, str]) -> tuple[list[list[float]], float, bool]:
    """One game: the feature rows at each action choice, the final margin, and the win."""
    from rftg_nb.ai import AIPlayer
    from rftg_nb.robot import SoloGame

    i, level = args
    game = SoloGame.new(seed=500_000 + i, difficulty=DIFFICULTIES[i % 3])
    ai = AIPlayer(level, seed=i)
    rows = []
    while (d := game.decision) is not None:
        if d.kind == "actions":
            rows.append(solo_features(game, 0))
        game.apply(ai.pick(game, d))
    scores = game.scores()
    return rows, float(scores[0] - scores[1]), game.winner == 0


def collect(games: int, level: str, processes: int, first: int = 0):
    with Pool(processes) as pool:
        return pool.map(play, [(first + i, level) for i in range(games)], chunksize=8)


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--level", default="fast", choices=("fast", "strong"))
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--data", type=Path, help="also save the rows (npz) here")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    results = collect(args.games, args.level, args.processes)
    xs, ys, gs = [], [], []
    for g, (rows, margin, _won) in enumerate(results):
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
    wins = sum(1 for _r, _m, won in results if won)
    print(f"{args.games} games ({args.level}), {len(y)} positions, "
          f"{time.perf_counter() - start:.0f} s; AI won {wins / args.games:.1%}")
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
