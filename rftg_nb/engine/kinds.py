"""Every kind of decision the rules ask, with what it asks: the one list the engine builds
decisions from (:class:`rftg_nb.engine.decision.Decision` refuses a kind not in it) and every
player is tested against (each kind answered by the AI's own rule, none by a fallback)."""

from __future__ import annotations

#: kind -> what the player is asked, in a line
DECISION_KINDS: dict[str, str] = {
    # set-up
    "draft_pick": "drafting variant: keep one card of the packet in hand and pass the rest",
    "start_world": "drafting variant: keep one of the two start worlds",
    "initial_discard": "discard down to the opening hand",
    # each round
    "actions": "choose the round's action card(s)",
    "dice": "solitaire with real dice: enter the faces of the robot's two dice",
    "explore_keep": "Explore: which of the cards drawn to keep",
    "develop": "Develop: which development to place, or none",
    "settle": "Settle: which world to place, or none",
    "settle_method": "Settle: how to place the world (pay, conquer, or a power's way)",
    "settle_second": "Settle: a second world, with a power that places one more",
    "pay": "Develop or Settle: which cards of the hand pay the cost",
    "military_discard": "Settle: cards to discard for +1 Military each (a power's)",
    "trade": "Consume: which good to sell (the Trade action)",
    "consume_power": "Consume: which consume power to use next, or none",
    "consume_goods": "Consume: which goods a consume power takes",
    "consume_discard": "Consume: cards of the hand a discard-for-VP power takes",
    "gamble": "Consume: the cost named for a gambling power",
    "windfall": "Produce: which windfall world a power puts a good on",
    "produce_discard": "Produce: a card to discard for a power that produces for one",
    "hand_limit": "end of the round: discard down to the hand limit",
}


class UnknownKind(ValueError):
    """A decision of a kind not in :data:`DECISION_KINDS` (a fault in the rules' code)."""


def check_kind(kind: str) -> str:
    if kind not in DECISION_KINDS:
        raise UnknownKind(f"decision kind {kind!r} is not one of the rules' kinds "
                          f"(rftg_nb.engine.kinds.DECISION_KINDS)")
    return kind
