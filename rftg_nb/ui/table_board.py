"""What the table's board shows, as one small JSON-ready dict built from the controller.

The same board script draws it as the solitaire dashboard's (``board.js``, with ``mode`` set to
"table"): the question panel and the card tiles are the same pieces
(:mod:`rftg_nb.ui.board_parts`). In place of the robot's mat it shows every player's tableau
and the goals in play. The hand shown is the viewer's only: the person who took the screen for
their question (:attr:`TableController.viewer`); while the screen is being passed, no hand at
all.
"""

from __future__ import annotations

from typing import Any

from rftg_nb.constants import ACTION_LABELS
from rftg_nb.ui.board_parts import question_for, seat_cards
from rftg_nb.ui.phases import phase_title
from rftg_nb.ui.table import TableController

MOVES_SHOWN = 40  # the newest public events of this round and the last sent to the page


def table_info(c: TableController) -> dict[str, Any]:
    """What stays the same through a game, sent once per game: the goals' fixed text."""
    g = c.need_game()
    return {
        "seed": g.seed,
        "goals": [{"name": s.name, "kind": s.kind, "vp": s.vp, "need": s.need, "text": s.text,
                   "phases": [phase_title(p) for p in s.phases]} for s in g.goals],
    }


def revealed_actions(c: TableController) -> list[list[str]]:
    """Each player's actions of this round, once everyone's are revealed (else [])."""
    g = c.need_game()
    out: list[list[str]] = [[] for _ in g.players]
    for e in reversed(g.events):
        if e.round != g.round:
            break
        if e.kind == "actions" and isinstance(e.actor, int) and not out[e.actor]:
            out[e.actor] = [ACTION_LABELS[a] for a in e.data.get("actions", ())]
    return out


def table_state(c: TableController, serial: int = 0, explain: bool = False) -> dict[str, Any]:
    """Everything the board draws for the table now."""
    g = c.need_game()
    seat = c.viewer
    d = c.decision
    q = question_for(g, seat, d, explain) if seat is not None else None
    tiles = (seat_cards(g, seat, d, q) if seat is not None
             else {"hand": [], "explored": [], "tableau": []})
    scores = g.scores()
    names = [p.name for p in g.players]
    goals = g.goals
    held = [[s.name for s in goals if i in s.holders] for i in range(len(names))]
    actions = revealed_actions(c)
    players = []
    for p in g.players:
        players.append({
            "seat": p.index, "name": p.name, "computer": c.settings.computer[p.index],
            "score": scores[p.index], "chips": p.vp, "military": p.total_military(),
            "goods": p.good_count(), "hand": len(p.hand), "actions": actions[p.index],
            "goals": held[p.index], "you": p.index == seat,
            "deck": len(p.deck) if p.deck is not None else None,
            "tableau": [{"n": x.name, "vp": x.design.vp, "g": 1 if x.good is not None else 0,
                         "six": 1 if x.design.bonuses else 0} for x in p.tableau],
        })
    events = c.visible_events(None)
    moves = [e for e in events if e.round >= g.round - 1 and e.kind not in ("deal",)]
    me = g.players[seat] if seat is not None else None
    state: dict[str, Any] = {
        "mode": "table",
        "serial": serial,
        "status": {"text": c.status.text, "error": c.status.error},
        "game": {"seed": g.seed, "round": g.round, "phase": phase_title(g.phase),
                 "over": g.is_over, "started": bool(g.deciders) and any(
                     not c.settings.computer[p] for p in g.deciders)},
        "pass_to": c.pending_pass,
        "viewer": me.name if me is not None else None,
        "question": q,
        **tiles,
        "counts": ({"military": me.total_military(), "goods": me.good_count(),
                    "hand": len(tiles["hand"]), "chips": me.vp} if me is not None else {}),
        "pile": _piles(g, me),
        "players": players,
        "score": {"names": names, "scores": list(scores), "pool": g.vp_pool},
        "goals": [{"holders": [names[i] for i in s.holders],
                   "end_chips": [names[i] for i in s.end_chips],
                   "counts": list(s.counts),
                   "lead": _leaders(s.counts, s.need) if s.kind == "most" else []}
                  for s in goals],
        "moves": [{"r": e.round, "who": c.actor_name(e.actor), "t": e.text,
                   "goal": 1 if e.kind.startswith("goal_") else 0}
                  for e in moves[-MOVES_SHOWN:]],
        "undo": any(not c.settings.computer[p] for p in g.deciders),
        "explain": explain,
    }
    if g.is_over:  # the game is over: every hand may be seen
        state["hands"] = [{"name": p.name, "cards": [x.name for x in p.hand]} for p in g.players]
    return state


def _piles(g: Any, me: Any) -> dict[str, Any]:
    """The draw and discard piles the viewer draws from: their own in a drafted game (with
    the draft's progress while it lasts), the common ones otherwise."""
    if g.draft is None:
        return {"deck": len(g.deck), "discard": len(g.discard)}
    out: dict[str, Any] = {"own": True}
    if me is not None and me.deck is not None:
        out.update(deck=len(me.deck), discard=len(me.discard or ()))
    if not g.draft.done:
        out["draft"] = f"draft round {g.draft.round} of {g.draft.rounds}"
    return out


def _leaders(counts: tuple[int, ...], need: int) -> list[int]:
    """The seats leading a "most" goal's count (at or above its minimum)."""
    top = max(counts, default=0)
    return [i for i, n in enumerate(counts) if n == top and n >= need]


def end_sheet(c: TableController) -> dict[str, Any] | None:
    """The end-of-game sheet: why it ended, who won, every score broken down."""
    r = c.result()
    if r is None:
        return None
    names = [x["name"] for x in r["scores"]]
    rows = [
        ("Printed VP on cards", [x["cards"] for x in r["scores"]]),
        ("VP chips", [x["chips"] for x in r["scores"]]),
        ("6-cost developments", [sum(x["bonuses"].values()) for x in r["scores"]]),
        ("Goals", [sum(x["goals"].values()) for x in r["scores"]]),
        ("Total", [x["total"] for x in r["scores"]]),
    ]
    winners = r["winners"]
    headline = (f"{winners[0]} wins!" if len(winners) == 1
                else f"a shared win: {' and '.join(winners)}!")
    return {"headline": headline, "reason": r["reason"], "names": names,
            "rows": [[label, *map(str, values)] for label, values in rows]}
