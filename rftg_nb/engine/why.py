"""Why a card cannot be picked now, and what the current phase does: words for the board,
the coach and the lessons.

The reasons come from the phase modules' own checks (``why_not_develop``, ``why_not_settle``,
the consume power's kinds of good, the windfall power's kind), so a card is dimmed exactly
when the engine does not offer it::

    >>> from rftg_nb import SoloGame
    >>> from rftg_nb.engine.why import card_notes
    >>> game = SoloGame.new(seed=1)
    >>> for answer in (["c104", "c119"], ["explore5", "explore11"], ["c107", "c34"]):
    ...     game.apply(answer)                   # to the first Settle of seed 1
    >>> game.decision.kind, card_notes(game, 0)
    ('settle', {'c39': 'needs Military 1, you have 0'})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rftg_nb.constants import GOOD_LABEL, HAND_LIMIT
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.phases import develop, explore, settle, settle_powers
from rftg_nb.engine.rounds import PHASE_TITLES
from rftg_nb.text import count

if TYPE_CHECKING:
    from rftg_nb.cards import Design
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Card, Player

# Decisions whose option ids are cards of the deciding player's hand ...
HAND_KINDS = frozenset({
    Kind.INITIAL_DISCARD, Kind.EXPLORE_KEEP, Kind.DEVELOP, Kind.PAY, Kind.SETTLE,
    Kind.SETTLE_SECOND, Kind.MILITARY_DISCARD, Kind.CONSUME_DISCARD, Kind.PRODUCE_DISCARD,
    Kind.HAND_LIMIT,
})
# ... and those that pick worlds of the player's tableau (the goods on them, or where a good goes).
TABLEAU_KINDS = frozenset({Kind.TRADE, Kind.CONSUME_GOODS, Kind.WINDFALL})
# Said of a card left out for a reason this module does not know; a test checks it never shows.
UNKNOWN = "can't be picked now"


def card_notes(game: Game, player: int) -> dict[str, str]:
    """For the pending decision, why each of ``player``'s cards that is not an option cannot be
    picked, keyed by card id: every hand card, and the tableau too when the decision picks from
    it. Options get no note; {} when ``player`` does not decide or the decision is not about
    cards."""
    d = game.decision
    if d is None or d.player != player or d.kind not in HAND_KINDS | TABLEAU_KINDS:
        return {}
    p = game.players[player]
    offered = set(d.ids)
    notes = {c.id: _hand_note(game, p, d, c) for c in p.hand if c.id not in offered}
    if d.kind in TABLEAU_KINDS:
        notes.update((c.id, _tableau_note(d, c)) for c in p.tableau if c.id not in offered)
    return notes


def _hand_note(game: Game, p: Player, d: Decision, card: Card) -> str:
    if d.kind == Kind.DEVELOP:
        return develop.why_not_develop(game, p, card, develop.discount(game, p, game.phase)) \
            or UNKNOWN
    if d.kind in (Kind.SETTLE, Kind.SETTLE_SECOND):
        # As legal_worlds: the world itself leaves the hand, the other cards may pay.
        return settle.why_not_settle(game, p, card, len(p.hand) - 1) or UNKNOWN
    if d.kind == Kind.EXPLORE_KEEP:
        return "in your hand before Explore: keep from the new cards"
    if d.kind == Kind.WINDFALL:
        return "a hand card: pick a windfall world in your tableau"
    if d.kind in (Kind.TRADE, Kind.CONSUME_GOODS):
        return "a hand card: pick a good in your tableau"
    return UNKNOWN


def _tableau_note(d: Decision, card: Card) -> str:
    w = card.design
    if d.kind == Kind.WINDFALL:
        if not w.is_world:
            return "a development, not a windfall world"
        if not w.windfall:
            return "not a windfall world"
        if card.good is not None:
            return "already has a good"
        kind = d.context.get("kind")
        if kind is not None and w.good != kind:
            return (f"{_a(GOOD_LABEL[w.good])} world: {d.context.get('for')} puts goods on "
                    f"{GOOD_LABEL[kind]} worlds only")
        return UNKNOWN
    if not w.is_world:
        return "a development: it holds no goods"
    if card.good is None:
        return "no good on it"
    if d.kind == Kind.CONSUME_GOODS:
        power = d.context.get("card")
        if d.context.get("own"):
            return f"its good can't be consumed by {power} (only its own good)"
        kinds = d.context.get("kinds") or ()
        if kinds and w.good not in kinds:
            takes = " or ".join(GOOD_LABEL[k] for k in kinds)
            return (f"its {GOOD_LABEL[w.good]} good can't be consumed by {power} "
                    f"({takes} goods only)")
    return UNKNOWN


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOU" else "a ") + word


# ------------------------------------------------------------------ what the phase does
def phase_note(game: Game, player: int) -> str:
    """One plain sentence on what the current phase does for ``player``, with their numbers."""
    if game.is_over:
        return "The game is over: the scores are final."
    p = game.players[player]
    d = game.decision
    phase = game.phase
    if phase == "draft" and game.draft is not None:
        dr = game.draft
        return (f"Draft round {dr.round} of {dr.rounds}: keep one card of the packet you hold "
                f"and pass the rest {dr.direction}; your picks become your own draw pile.")
    if phase == "setup":
        if d is not None and d.kind == Kind.START_WORLD and d.player == player:
            return ("Start of the game: keep one of your two start worlds; the other goes face "
                    "down onto your own discard pile.")
        if d is not None and d.kind == Kind.INITIAL_DISCARD and d.player == player:
            keep = len(p.hand) - d.min
            return (f"Start of the game: discard {d.min} of your {len(p.hand)} opening cards "
                    f"and keep {keep}.")
        return "Start of the game: each player secretly discards down to their opening hand."
    if phase == "action":
        if d is not None and d.kind == Kind.DICE:
            return "Robot dice: roll the robot's two dice and enter the faces they show."
        what = "two different actions" if game.advanced else "one action"
        return (f"Choose actions: pick {what} in secret; each calls its phase for everyone, "
                "and only its chooser gets its bonus.")
    if phase == "explore":
        c = explore.counts_for(game, p)
        return (f"Explore: draw {count(c.draw)} and keep {c.keep}; the rest are discarded.")
    if phase in ("develop", "develop2"):
        off = develop.discount(game, p, phase)
        cost = f"its cost minus {off}" if off else "its cost"
        return (f"{_title(phase)}: place one development, paying {cost} in cards from your "
                "hand.")
    if phase in ("settle", "settle2"):
        return _settle_note(game, p, phase)
    if phase == "consume":
        parts = []
        if p.chose("trade"):
            parts.append("sell one good for cards (Trade bonus), then")
        parts.append("use each consume power once to turn goods into VP and cards")
        if p.chose("x2"):
            parts.append("with its VP doubled (Consume x2)")
        return f"Consume: {' '.join(parts)}."
    if phase == "produce":
        bonus = (", and you put a good on a windfall world of your choice (Produce bonus)"
                 if p.chose("produce") else "")
        return f"Produce: each of your production worlds without a good gets one{bonus}."
    if phase == "round_end":
        return f"End of the round: discard down to {HAND_LIMIT} cards in hand."
    return _title(phase) + "."


def _title(phase: str) -> str:
    title = PHASE_TITLES.get(phase, phase.replace("_", " "))
    return title[0].upper() + title[1:]


def _settle_note(game: Game, p: Player, phase: str) -> str:
    """Settle with the player's real cost reductions, Military and Settle bonus. Powers that
    depend on the world are asked about sample worlds of each kind (and a Rebel one)."""
    sample = next(d for d in game.db if d.is_world)
    plain = replace(sample, good=None, military=False, windfall=False, flags=frozenset(),
                    powers=())

    def differs(value: Callable[[Design], object], kinds: dict[str, Design], by: str) -> str:
        base = value(plain)
        extra = [f"{value(w)} {by} {name} worlds" for name, w in kinds.items()
                 if value(w) != base]
        return f" ({', '.join(extra)})" if extra else ""

    by_good = {GOOD_LABEL[k]: replace(plain, good=k) for k in ("rare", "alien", "genes",
                                                                 "novelty")}

    def off(w: Design) -> int:
        return settle_powers.reduction(game, p, w)

    def mil(w: Design) -> int:
        return settle_powers.military(game, p, replace(w, military=True))

    cost = f"its cost minus {off(plain)}" if off(plain) else "its cost"
    cost += differs(lambda w: f"minus {off(w)}", by_good, "for")
    rebel = {**by_good, "Rebel": replace(plain, flags=frozenset({"rebel"}))}
    conquer = f"Military {mil(plain)}" + differs(mil, rebel, "against")
    bonus = "; you draw 1 card after placing (Settle bonus)" if p.chose(phase) else ""
    return (f"{_title(phase)}: place one world, paying {cost} in cards from your hand or "
            f"conquering a military world with your {conquer}{bonus}.")
