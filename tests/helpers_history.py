"""Histories of many games for tests and benchmarks, made quickly: a few real games played
once, each written again under keys of its own (every row's columns read from its game)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rftg_nb import Game, RandomPlayer, SoloGame, history
from rftg_nb.history.store import TABLE_COLUMNS

LEVELS = ("easy", "medium", "hard")


def games(kinds: int = 6) -> list[str]:
    """Lines of a history export: finished solitaire games of each difficulty, an unfinished
    one and a 3-player table game."""
    out = []
    for seed in range(kinds):
        g = SoloGame.new(seed=seed, difficulty=LEVELS[seed % 3])
        RandomPlayer(seed).play(g)
        out.append(g.to_json())
    g = SoloGame.new(seed=99, difficulty="hard")
    bot = RandomPlayer(99)
    while g.round < 3:
        g.apply(bot.answer(g, g.decision))
    out.append(g.to_json())
    t = Game.new(players=3, seed=7, names=["Ann", "Bob", "Cy"])
    RandomPlayer(7).play(t)
    out.append(t.to_json())
    return out


def fill(path: Path, n: int, saves: list[str] | None = None) -> list[int]:
    """Put ``n`` games in the history at ``path``: ``saves`` (default :func:`games`) imported,
    then their rows copied by SQL under keys of their own, one minute apart (so 10,000 games
    take a second, not the minutes of replaying each); returns their ids, oldest first."""
    saves = saves or games()
    h = history.open(path)
    base = [json.dumps({"key": f"copy-{i}", "started": None, "saved": _minutes(i),
                        "save": json.loads(save), "review": None})
            for i, save in enumerate(saves[:n])]
    report = h.import_games(base)
    assert report.added == len(base), report
    k = len(base)
    if n > k:
        columns = ", ".join(c for c in TABLE_COLUMNS if c not in ("id", "key", "saved"))
        picked = ", ".join(f"g.{c}" for c in TABLE_COLUMNS if c not in ("id", "key", "saved"))
        with sqlite3.connect(path) as con:
            con.execute(
                f"WITH RECURSIVE n(i) AS (SELECT {k} UNION ALL SELECT i + 1 FROM n "
                f"WHERE i < {n - 1}) "
                f"INSERT INTO games (key, saved, {columns}) "
                f"SELECT 'copy-' || n.i, strftime('%Y-%m-%dT%H:%M:%S+00:00', "
                f"'2026-01-01 00:00:00', '+' || n.i || ' minutes'), {picked} "
                f"FROM n JOIN games AS g ON g.key = 'copy-' || (n.i % {k})")
    return sorted(int(x) for x in h.table(order="oldest")["id"])


def _minutes(i: int) -> str:
    return (datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=i)).isoformat(
        timespec="seconds")
