"""Playing the games: one game from settings and a seed to one row of plain data.

This is the part that runs on the workers (a process pool, a Dask cluster or this process), so
it imports no pandas and nothing of the notebook. A row depends on nothing but the settings and
the seed: the game owns its RNG, and each seat's player is seeded from the game's seed and the
seat number, so the same seed gives the same row anywhere.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from rftg_nb.ai import AIPlayer
from rftg_nb.constants import TABLEAU_END
from rftg_nb.engine.game import Game
from rftg_nb.players import Player, RandomPlayer, play
from rftg_nb.robot.solo import ROBOT, SoloGame

# A game that has asked this many questions without ending is a bug in the engine or a player.
MAX_DECISIONS = 20_000


class GameFailed(RuntimeError):
    """A game that raised or did not end; the message names its variant and seed."""


def seat_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s player in the game with seed ``seed`` (a 64-bit number
    drawn from both, so no two seats or games share a player's random stream)."""
    digest = hashlib.blake2b(f"rftg_nb.lab/{seed}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def make_player(kind: str, seed: int) -> Player:
    """The player of a seat of kind ``kind`` (see ``SEAT_KINDS``)."""
    if kind == "random":
        return RandomPlayer(seed)
    return AIPlayer(kind.removeprefix("ai-"), seed)


def new_game(s: Mapping[str, Any], seed: int) -> Game:
    """The game that settings ``s`` (their dict form, checked) describe, dealt from ``seed``."""
    if s["players"] == 1:
        return SoloGame.new(seed=seed, difficulty=s["difficulty"],
                            player_start=s["player_start"], robot_start=s["robot_start"],
                            components=s["components"])
    return Game.new(players=s["players"], seed=seed, goals=s["goals"])


def play_game(s: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """Play one game to its end and return its row (see ``rftg_nb.lab.results.COLUMNS``)."""
    game = new_game(s, seed)
    seats: Sequence[str] = s["seats"]
    players = [make_player(kind, seat_seed(seed, i)) for i, kind in enumerate(seats)]
    asked = itertools.count()  # the questions met so far
    answered = play(game, players, until=lambda g, d: next(asked) >= MAX_DECISIONS)
    if game.decision is not None:
        raise GameFailed(f"{s['label']!r} seed {seed}: no end after {answered} decisions")
    return game_row(game, s, seed)


def game_row(game: Game, s: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The row of a finished game: the settings, then what happened."""
    solo = isinstance(game, SoloGame)
    scores = game.scores()
    sizes = game.tableau_sizes()
    side_names = [f"seat{i}" for i in range(len(game.players))] + (["robot"] if solo else [])
    winners = game.winners
    end = ["chips"] if game.vp_pool <= 0 else []
    end += [f"tableau:{side_names[i]}" for i, n in enumerate(sizes) if n >= TABLEAU_END]
    reasons = next(e.data["reasons"] for e in reversed(game.events) if e.kind == "game_end")
    worlds = {e.actor: e.data["card"] for e in game.events if e.kind == "start_world"}
    row: dict[str, Any] = {
        "variant": s["label"], "group": s["group"], "settings_id": s["id"], "seed": seed,
        "players": s["players"], "difficulty": s["difficulty"],
        "player_start": s["player_start"], "robot_start": s["robot_start"],
        "seats": ",".join(s["seats"]), "goals": bool(s["goals"]),
        "components": None if s["components"] is None else s["components_json"],
        "winner": side_names[winners[0]] if len(winners) == 1 else "tie",
        "rounds": game.round, "end": "+".join(end), "end_reasons": "; ".join(reasons),
        "vp_pool": game.vp_pool, "decisions": len(game.choices),
        "goal_names": ",".join(g.name for g in game.goals),
    }
    for i, p in enumerate(game.players):
        breakdown = game.score_breakdown(i)
        row |= {f"score{i}": scores[i], f"world{i}": worlds[i], f"tableau{i}": sizes[i],
                f"chips{i}": p.vp, f"goal_vp{i}": sum(breakdown["goals"].values())}
    if solo:
        r = game.robot  # type: ignore[attr-defined]
        row |= {"robot_score": scores[ROBOT], "robot_world": worlds["robot"],
                "robot_tableau": sizes[ROBOT], "robot_chips": r.vp_chips,
                "robot_credit": r.credit, "robot_economy": r.economy,
                "robot_counters": r.counters_placed, "robot_face": r.robot_face}
    return row


def play_chunk(jobs: Sequence[tuple[Mapping[str, Any], int]]) -> list[dict[str, Any]]:
    """Play each (settings dict, seed) job in turn: the unit of work sent to an executor."""
    rows = []
    for s, seed in jobs:
        try:
            rows.append(play_game(s, seed))
        except GameFailed:
            raise
        except Exception as e:
            raise GameFailed(f"{s['label']!r} seed {seed}: {type(e).__name__}: {e}") from e
    return rows
