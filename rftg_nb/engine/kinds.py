"""Every kind of decision the rules ask, with what it asks: the one list the engine builds
decisions from (:class:`rftg_nb.engine.decision.Decision` refuses a kind not in it) and every
player is tested against (each kind answered by the AI's own rule, none by a fallback)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Kind(StrEnum):
    """Every kind of decision the rules ask. A kind is its own name as a string (``Kind.ACTIONS
    == "actions"``), so saves, events and the board's page carry plain names."""

    # set-up
    DRAFT_PICK = "draft_pick"
    START_WORLD = "start_world"
    INITIAL_DISCARD = "initial_discard"
    # each round
    ACTIONS = "actions"
    DICE = "dice"
    EXPLORE_KEEP = "explore_keep"
    DEVELOP = "develop"
    SETTLE = "settle"
    SETTLE_METHOD = "settle_method"
    SETTLE_SECOND = "settle_second"
    PAY = "pay"
    MILITARY_DISCARD = "military_discard"
    TRADE = "trade"
    CONSUME_POWER = "consume_power"
    CONSUME_GOODS = "consume_goods"
    CONSUME_DISCARD = "consume_discard"
    GAMBLE = "gamble"
    WINDFALL = "windfall"
    PRODUCE_DISCARD = "produce_discard"
    HAND_LIMIT = "hand_limit"

    def __repr__(self) -> str:  # shown as the plain name it is (in a list, a REPL, a key)
        return repr(self.value)


#: kind -> what the player is asked, in a line
DECISION_KINDS: Final[dict[str, str]] = {
    Kind.DRAFT_PICK: "drafting variant: keep one card of the packet in hand and pass the rest",
    Kind.START_WORLD: "drafting variant: keep one of the two start worlds",
    Kind.INITIAL_DISCARD: "discard down to the opening hand",
    Kind.ACTIONS: "choose the round's action card(s)",
    Kind.DICE: "solitaire with real dice: enter the faces of the robot's two dice",
    Kind.EXPLORE_KEEP: "Explore: which of the cards drawn to keep",
    Kind.DEVELOP: "Develop: which development to place, or none",
    Kind.SETTLE: "Settle: which world to place, or none",
    Kind.SETTLE_METHOD: "Settle: how to place the world (pay, conquer, or a power's way)",
    Kind.SETTLE_SECOND: "Settle: a second world, with a power that places one more",
    Kind.PAY: "Develop or Settle: which cards of the hand pay the cost",
    Kind.MILITARY_DISCARD: "Settle: cards to discard for +1 Military each (a power's)",
    Kind.TRADE: "Consume: which good to sell (the Trade action)",
    Kind.CONSUME_POWER: "Consume: which consume power to use next, or none",
    Kind.CONSUME_GOODS: "Consume: which goods a consume power takes",
    Kind.CONSUME_DISCARD: "Consume: cards of the hand a discard-for-VP power takes",
    Kind.GAMBLE: "Consume: the cost named for a gambling power",
    Kind.WINDFALL: "Produce: which windfall world a power puts a good on",
    Kind.PRODUCE_DISCARD: "Produce: a card to discard for a power that produces for one",
    Kind.HAND_LIMIT: "end of the round: discard down to the hand limit",
}


class UnknownKind(ValueError):
    """A decision of a kind not in :data:`DECISION_KINDS` (a fault in the rules' code)."""


def check_kind(kind: str) -> str:
    if kind not in DECISION_KINDS:
        raise UnknownKind(f"decision kind {kind!r} is not one of the rules' kinds "
                          f"(rftg_nb.engine.kinds.DECISION_KINDS)")
    return kind
