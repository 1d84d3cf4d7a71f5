"""The goal checks: at the end of each phase and round (:func:`check`, called by the round
driver) and at game end (:func:`finish`), with the events that tell who claims, loses or
scores a goal. The goals themselves, and the rules of "first" and "most", are in
:mod:`rftg_nb.engine.goals`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rftg_nb.engine.decision import told
from rftg_nb.engine.goals import CHIP_VP, PRINTED, GoalDesign, GoalTrack
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Player


def check(game: Game, phase: str) -> None:
    """The goal checks at the end of ``phase`` (a phase of the round, or "round_end")."""
    printed = PRINTED.get(phase, phase)
    players = game.players
    tracks = game.goals_checked.get(printed)
    if tracks is None:
        tracks = game.goals_checked[printed] = _checked_at(game, printed)
    for t in tracks:
        d = t.design
        if d.kind == "first":
            if t.holders:
                continue  # closed for good
            need = d.need
            met = []
            for p in players:
                c = _count(game, d, p)
                if c >= need:
                    met.append((p, c))
            if met:
                _claim_first(game, t, met)
            continue
        at_tile = printed in d.phases
        if not t.holders and not at_tile:
            continue
        counts = []  # (loops, not comprehensions or max(): a handful of players, every phase)
        for p in players:
            counts.append(_count(game, d, p))
        best = counts[0]
        for c in counts:
            if c > best:
                best = c
        leaders = []
        if best >= d.need:
            for i, c in enumerate(counts):
                if c == best:
                    leaders.append(i)
        if t.holders and t.holders[0] not in leaders:
            _lose(game, t, counts, best)
        if at_tile and not t.holders and len(leaders) == 1:
            _claim_most(game, t, leaders[0], best)


def _checked_at(game: Game, printed: str) -> tuple[GoalTrack, ...]:
    """The goals a check at the end of ``printed`` looks at, in tile order: the "first" goals
    printed for it and every "most" goal (a holder may lose one at the end of any phase)."""
    return tuple([t for t in game.goal_tracks
                  if t.design.kind == "most" or printed in t.design.phases])


def _count(game: Game, d: GoalDesign, p: Player) -> int:
    """``d.count(game, p)``, remembered until ``p``'s tableau changes if only it counts.

    The tableau's designs are listed once for each change of the tableau, and every goal that
    counts them counts that one list."""
    if not d.tableau_only:
        return d.count(game, p)
    kept = game.caches.goal_counts
    seen = kept.get(p.index)
    tableau = p.tableau
    if seen is None or seen[0] != tableau:  # the same cards, in the same order
        seen = kept[p.index] = (list(tableau), [c.design for c in tableau], {})
    counted = seen[2]
    got = counted.get(d.name)
    if got is None:
        tally = d.tableau_count
        got = counted[d.name] = d.count(game, p) if tally is None else tally(seen[1])
    return got


def _claim_first(game: Game, t: GoalTrack, met: Sequence[tuple[Player, int]]) -> None:
    d = t.design
    t.holders = [p.index for p, _ in met]
    for k, (p, c) in enumerate(met):
        if k == 0:
            text = (f"{p.says('claims')} the goal {d.name} ({d.vp} VP): {d.text} "
                    f"(count {c}).")
        else:
            text = (f"{p.says('meets')} {d.name} in the same phase too and takes "
                    f"a {CHIP_VP} VP goal chip (count {c}).")
        game.tell(p.index, told("goal_claim"), (
            text,
            {"goal": d.name, "kind": d.kind, "vp": d.vp, "count": c,
                   "tile": k == 0, "rule": "Goals"}))


def _claim_most(game: Game, t: GoalTrack, winner: int, best: int) -> None:
    d = t.design
    t.holders = [winner]
    p = game.players[winner]
    game.tell(winner, told("goal_claim"), (
        f"{p.says('takes')} the goal {d.name} ({d.vp} VP) with {best}, the most "
               f"(at least {d.need}).",
        {"goal": d.name, "kind": d.kind, "vp": d.vp, "count": best, "tile": True,
               "rule": "Goals"}))


def _lose(game: Game, t: GoalTrack, counts: list[int], best: int) -> None:
    d = t.design
    holder = t.holders[0]
    t.holders = []
    p = game.players[holder]
    mine = counts[holder]
    if mine < d.need:
        why = f"{mine} is below the minimum of {d.need}"
    else:
        ahead = [game.players[i].name for i, c in enumerate(counts) if c == best]
        who = says(ahead[0], "has") if len(ahead) == 1 else f"{' and '.join(ahead)} have"
        why = f"{who} {best}, more than {mine}"
    game.tell(holder, told("goal_lost"), (
        f"{p.says('returns')} the goal {d.name} to the centre: {why}.",
        {"goal": d.name, "kind": d.kind, "vp": d.vp, "count": mine, "rule": "Goals"}))


def finish(game: Game) -> None:
    """Game end: a 3 VP chip to each player tied for the most who does not hold the tile."""
    for t in game.goal_tracks:
        d = t.design
        if d.kind != "most":
            continue
        counts = [d.count(game, p) for p in game.players]
        best = max(counts)
        if best < d.need:
            continue
        for i, c in enumerate(counts):
            if c == best and i not in t.holders:
                t.end_chips.append(i)
                p = game.players[i]
                game.tell(i, told("goal_end"), (
                    f"{p.says('takes')} a {CHIP_VP} VP goal chip for {d.name}: "
                           f"{best}, the most at game end, without the tile.",
                    {"goal": d.name, "kind": d.kind, "vp": CHIP_VP, "count": best,
                           "rule": "Goals"}))
