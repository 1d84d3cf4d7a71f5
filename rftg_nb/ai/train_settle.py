"""Fit the fast level's solitaire settle scores (``solo_settle.json``) to the strong level's
searched choices.

Run from the repository root::

    python -m rftg_nb.ai.train_settle --games 400

Each game is a seeded solitaire game at hard played by the strong level, which plays out
every world it could settle. At each of its Settle questions the fast level's reckoning of
every world offered (:func:`rftg_nb.ai.features.settle_features`) is kept with the world the
search chose, or none. A conditional logit (Newton's method in numpy) fits the score whose
largest value picks what the search picked, placing nothing scoring 0. A tenth of the games is
kept apart to report how often the scores and the old rule (the worth less the cost) agree
with the search there; the weights are then fitted on all the games.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.decisions import SETTLE, Chooser
from rftg_nb.ai.features import SETTLE_NAMES
from rftg_nb.ai.valuation import Ctx
from rftg_nb.robot import SoloGame

OUT = Path(__file__).with_name("solo_settle.json")
FIRST_SEED = 700_000

#: one Settle question: each world's features, and the index of the one chosen (the number
#: of worlds: none)
Question = tuple[list[list[float]], int]


def questions(game: SoloGame, d, answer: list[str]) -> Question | None:
    """The features of the worlds ``d`` offers and which ``answer`` chose (None: no world)."""
    ch = Chooser(Ctx(game, d.player), random.Random(0))
    ids, rows = [], []
    for o in d.options:
        card = ch.hand_card(o.id)
        if card is None:
            continue
        ids.append(o.id)
        rows.append(ch.world_reckoning(card, features=True)[3])
    if not rows:
        return None
    chosen = ids.index(answer[0]) if answer and answer[0] in ids else len(ids)
    return rows, chosen


def play(i: int) -> list[Question]:
    """Game ``i``'s Settle questions and the strong level's answers."""
    game = SoloGame.new(seed=FIRST_SEED + i, difficulty="hard")
    ai = AIPlayer("strong", seed=FIRST_SEED + i)
    out = []
    while (d := game.decision) is not None:
        answer = ai.answer(game, d)
        if d.kind in SETTLE:
            q = questions(game, d, answer)
            if q is not None:
                out.append(q)
        game.apply(answer)
    return out


def fit(data: list[Question], steps: int = 40, ridge: float = 1e-3) -> np.ndarray:
    """Weights of the conditional logit: each question's choices are its worlds and placing
    nothing (all features 0)."""
    width = len(SETTLE_NAMES)
    w = np.zeros(width)
    for _ in range(steps):
        grad = np.zeros(width)
        hess = ridge * np.eye(width)
        for rows, chosen in data:
            x = np.vstack([np.array(rows), np.zeros(width)])
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += x[chosen] - mean
            hess += (x * p[:, None]).T @ x - np.outer(mean, mean)
        w += np.linalg.solve(hess, grad)
    return w


def agreement(data: list[Question], w: np.ndarray) -> float:
    """How often the best score (above 0, else none) is the chosen answer."""
    hits = 0
    for rows, chosen in data:
        s = np.array(rows) @ w
        pick = int(np.argmax(s)) if s.max() > 0 else len(rows)
        hits += pick == chosen
    return hits / max(1, len(data))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    with Pool(args.processes) as pool:
        games = pool.map(play, range(args.games), chunksize=1)
    train = [q for g, qs in enumerate(games) if g % 10 != 9 for q in qs]
    held = [q for g, qs in enumerate(games) if g % 10 == 9 for q in qs]
    w = fit(train)
    rule = np.zeros(len(SETTLE_NAMES))
    rule[SETTLE_NAMES.index("play_value")], rule[SETTLE_NAMES.index("cost_in_vp")] = 1.0, -1.0
    print(f"{args.games} games, {len(train) + len(held)} Settle questions; held out "
          f"({len(held)}): the scores agree with the search {agreement(held, w):.1%}, the "
          f"worth less the cost {agreement(held, rule):.1%}")
    w = fit(train + held)
    args.out.write_text(json.dumps({
        "format": "rftg_nb-ai-solo-settle", "version": 1, "names": list(SETTLE_NAMES),
        "weights": [round(float(v), 6) for v in w],
        "trained": {"games": args.games, "questions": len(train) + len(held),
                    "agreement_held_out": round(agreement(held, w), 4)},
    }, indent=1) + "\n")
    for n, v in zip(SETTLE_NAMES, w, strict=True):
        print(f"  {n:12s} {v:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
