"""What the table's views show of a game (:class:`rftg_nb.ui.table.TableController` answers
with these): who an event's actor is, the goals in play with everyone's counts, the events a
seat may see, the result once the game is over and the timeline of its public events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rftg_nb.engine.table import TableGame
from rftg_nb.ui.phases import phase_title

GOAL_EVENTS = frozenset({"goal_claim", "goal_lost", "goal_end"})


def name_of_actor(g: TableGame, actor: Any) -> str:
    """Who an event's ``actor`` is, in words: a seat's name, "game" or the actor as is."""
    if isinstance(actor, int) and 0 <= actor < len(g.players):
        return g.players[actor].name
    return "game" if actor is None else str(actor)


def goals_in_play(g: TableGame) -> list[dict[str, Any]]:
    """The goals in play with their holders and every player's count against them."""
    names = [p.name for p in g.players]
    return [
        {"name": s.name, "kind": s.kind, "vp": s.vp, "text": s.text, "need": s.need,
         "phases": [phase_title(p) for p in s.phases],
         "holders": [names[i] for i in s.holders],
         "end_chips": [names[i] for i in s.end_chips],
         "counts": [{"name": names[i], "count": n, "met": n >= s.need}
                    for i, n in enumerate(s.counts)]}
        for s in g.goals
    ]


def events_seen(g: TableGame, seat: int | None) -> list[Any]:
    """The events ``seat`` may see (the public ones only for None)."""
    if seat is None:
        return [e for e in g.events if e.visible_to is None]
    return [e for e in g.events if e.seen_by(seat)]


def game_result(g: TableGame) -> dict[str, Any] | None:
    """Every player's score breakdown and the winners, once the game is over."""
    if not g.is_over:
        return None
    return {
        "scores": [{"name": p.name, **_plain(g.score_breakdown(p.index))}
                   for p in g.players],
        "winners": [g.players[i].name for i in g.winners],
        "reason": next((e.text for e in reversed(g.events) if e.kind == "game_end"), ""),
    }


def public_timeline(g: TableGame) -> Any:
    """One row per public event: step, round, phase, actor, kind, text, the VP pool, each
    player's score so far (a column ``score <name>`` per player) and ``goal``, the goal's
    name on goal claim, loss and game-end chip events (else empty)."""
    import pandas as pd  # heavy, and only the timeline needs it

    names = [p.name for p in g.players]
    rows = []
    for i, e in enumerate(g.events):
        if e.visible_to is not None:
            continue
        pool, scores = g.stamps[i]
        rows.append({
            "step": i, "round": e.round, "phase": e.phase, "actor": name_of_actor(g, e.actor),
            "kind": e.kind, "text": e.text, "vp_pool": pool,
            **{f"score {n}": s for n, s in zip(names, scores, strict=True)},
            "goal": e.data.get("goal", "") if e.kind in GOAL_EVENTS else "",
        })
    columns = ["step", "round", "phase", "actor", "kind", "text", "vp_pool",
               *(f"score {n}" for n in names), "goal"]
    return pd.DataFrame(rows, columns=columns)


def _plain(x: Any) -> Any:
    """A score breakdown made JSON-ready (tuples to lists, keys to text)."""
    if isinstance(x, Mapping):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x
