"""End-of-game scoring: printed VP, VP chips and the 6-cost development bonuses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rftg_nb.cards import Design

if TYPE_CHECKING:
    from rftg_nb.engine.state import Player
    from rftg_nb.engine.views import GameViews

TRADE_BONUS_ATOMS: Final = frozenset({
    "TRADE_ANY", "TRADE_NOVELTY", "TRADE_RARE", "TRADE_GENE", "TRADE_ALIEN", "TRADE_THIS",
    "TRADE_BONUS_CHROMO",
})
KINDS: Final = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien"}


def _has_trade_power(d: Design) -> bool:
    return any(pw.atoms & TRADE_BONUS_ATOMS for pw in d.powers_in(4))


def _has_consume_power(d: Design) -> bool:
    return any(not (pw.atoms & TRADE_BONUS_ATOMS) for pw in d.powers_in(4))


def matches(what: str, name: str | None, d: Design) -> bool:
    """Whether card design ``d`` scores on a 6-cost bonus line ``what``."""
    head, _, tail = what.partition("_")
    if head in KINDS and tail in ("PRODUCTION", "WINDFALL"):
        return (d.is_world and d.good == KINDS[head]
                and (d.windfall if tail == "WINDFALL" else not d.windfall))
    if what == "DEVEL_EXPLORE":
        return d.is_development and bool(d.powers_in(1))
    if what == "WORLD_EXPLORE":
        return d.is_world and bool(d.powers_in(1))
    if what == "DEVEL_TRADE":
        return d.is_development and _has_trade_power(d)
    if what == "WORLD_TRADE":
        return d.is_world and _has_trade_power(d)
    if what == "DEVEL_CONSUME":
        return d.is_development and _has_consume_power(d)
    if what == "WORLD_CONSUME":
        return d.is_world and _has_consume_power(d)
    if what == "SIX_DEVEL":
        return d.is_six_cost
    if what == "DEVEL":
        return d.is_development
    if what == "WORLD":
        return d.is_world
    if what == "MILITARY":
        return d.military
    if what == "REBEL_MILITARY":
        return d.military and d.has_flag("rebel")
    if what.endswith("_FLAG"):
        return d.has_flag(what[: -len("_FLAG")].lower())
    if what == "NAME":
        return d.name == name
    return False


def six_cost_bonus(p: Player, dev: Design) -> int:
    """Points ``dev`` (a 6-cost development) scores for player ``p``'s tableau."""
    total = 0
    for b in dev.bonuses:
        if b.what == "THREE_VP":
            total += b.points * (p.vp // 3)
        elif b.what == "TOTAL_MILITARY":
            total += b.points * p.total_military()
    for c in p.tableau:
        total += card_bonus(dev, c.design)
    return total


# 6-cost design -> card's design -> points: designs hash once (their hash is kept) and compare
# as their printed facts, on which alone the points depend.
_CARD_BONUS: Final[dict[Design, dict[Design, int]]] = {}


def card_bonus(dev: Design, d: Design) -> int:
    """Points the first bonus line of ``dev`` that ``d`` matches gives (one line per card),
    worked out once per pair of designs: end scores are counted often (a timeline's steps)."""
    known = _CARD_BONUS.get(dev)
    if known is None:
        if len(_CARD_BONUS) >= 1_000:  # many custom designs made: start again
            _CARD_BONUS.clear()
        known = _CARD_BONUS[dev] = {}
    got = known.get(d)
    if got is not None:
        return got
    points = 0
    for b in dev.bonuses:
        if b.what in ("THREE_VP", "TOTAL_MILITARY"):
            continue
        if matches(b.what, b.name, d):
            points = b.points
            break
    if len(known) >= 10_000:
        known.clear()
    known[d] = points
    return points


def score_breakdown(game: GameViews, p: Player) -> dict[str, Any]:
    """Printed VP, VP chips, 6-cost bonuses by card, goal VP by goal, and the total.

    ``goals`` maps each goal in play to the VP it gives ``p`` (goal tiles and goal chips);
    it is empty in a game without goals.
    """
    cards = sum(c.design.vp for c in p.tableau)
    bonuses = {c.name: six_cost_bonus(p, c.design) for c in p.tableau if c.design.bonuses}
    goals = {t.design.name: t.vp_for(p.index) for t in game.goal_tracks}
    return {
        "cards": cards,
        "chips": p.vp,
        "bonuses": bonuses,
        "goals": goals,
        "total": cards + p.vp + sum(bonuses.values()) + sum(goals.values()),
    }


def winners_of(game: GameViews, scores: list[int]) -> list[int]:
    """The winning sides given the final ``scores`` (in the order of ``game.sides()``): the
    highest score, a tie broken by ``game.tiebreak`` as the game stands; several only if
    still tied."""
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) > 1:
        tb = {i: game.tiebreak(i) for i in tied}
        top = max(tb.values())
        tied = [i for i in tied if tb[i] == top]
    return tied
