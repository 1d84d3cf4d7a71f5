"""Small helpers for rulings tests: build positions, find cards, answer decisions by name."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rftg_nb import Game
from rftg_nb.cards import CARDS


def position(p0: dict[str, Any], p1: dict[str, Any] | None = None, **top: Any) -> Game:
    """A 2-player game from a position; ``p1`` defaults to a quiet opponent."""
    if p1 is None:
        p1 = {"tableau": ["Old Earth"], "hand": [], "actions": _quiet(p0, top)}
    data = {"players": [p0, p1], **top}
    seed = data.pop("seed", 0)
    return Game.from_position(data, seed=seed)


def good(name: str) -> dict[str, Any]:
    """A tableau entry of a position: the world ``name`` with a good on it."""
    return {"card": name, "good": True}


def drew(g: Game, player: int = 0) -> dict[str, int]:
    """Cards ``player`` drew, summed by the reason the engine logs."""
    out: dict[str, int] = {}
    for e in g.events:
        if e.kind == "draw" and e.actor == player:
            out[e.data["why"]] = out.get(e.data["why"], 0) + e.data["count"]
    return out


def others(*used: str) -> list[str]:
    """Every card name of the TGS deck not in ``used`` (with copies)."""
    left = Counter(CARDS.deck("tgs"))
    left.subtract(Counter(used))
    return sorted(left.elements())


def _quiet(p0: dict[str, Any], top: dict[str, Any]) -> list[str]:
    if top.get("phase", "action") == "action":
        return []
    return list(p0.get("actions", []))


def card_id(game: Game, name: str, player: int = 0, zone: str = "hand") -> str:
    """The option id of the first card called ``name`` in a player's hand or tableau."""
    p = game.players[player]
    cards = p.hand if zone == "hand" else p.tableau
    for c in cards:
        if c.name == name:
            return c.id
    raise AssertionError(f"{name} is not in player {player}'s {zone}: {[c.name for c in cards]}")


def answer(game: Game, *labels: str) -> None:
    """Answer the pending decision by option labels (or ids)."""
    d = game.decision
    assert d is not None, "no decision pending"
    ids = []
    for want in labels:
        matches = [o.id for o in d.options if (o.label == want or o.id == want) and o.id not in ids]
        assert matches, f"no option {want!r} in {d}"
        ids.append(matches[0])
    game.apply(ids)


def hand_names(game: Game, player: int = 0) -> list[str]:
    return [c.name for c in game.players[player].hand]


def tableau_names(game: Game, player: int = 0) -> list[str]:
    return [c.name for c in game.players[player].tableau]


def pass_until(game: Game, player: int = 0, kind: str | None = None, limit: int = 60) -> None:
    """Answer with the minimum until ``player`` (and ``kind``) decides; fail after ``limit``."""
    for _ in range(limit):
        d = game.decision
        if d is None or (d.player == player and (kind is None or d.kind == kind)):
            return
        game.apply(list(d.ids[: d.min]))
    raise AssertionError(f"no {kind or 'decision'} for player {player} in {limit} answers")
