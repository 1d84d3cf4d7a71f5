"""The phases of a game as the app shows them: their order in a round and their names."""

from __future__ import annotations

from collections.abc import Iterable

from rftg_nb.engine.rounds import PHASE_TITLES as ROUND_PHASE_TITLES
from rftg_nb.engine.rounds import PHASES

# Every phase key an event can carry, in the order a game goes through them: setup once,
# then each round's action choice, its phases, its end, and the end of the game.
PHASE_ORDER: tuple[str, ...] = (
    "setup", "action", *(phase for phase, _actions in PHASES), "round_end", "game_end",
)
PHASE_TITLES: dict[str, str] = {
    **ROUND_PHASE_TITLES, "setup": "setup", "action": "choose actions",
    "round_end": "round end", "game_end": "game end",
}
_RANK = {phase: i for i, phase in enumerate(PHASE_ORDER)}


def phase_title(phase: str) -> str:
    """A phase in words ("second Develop", "choose actions"); an unknown key as it is."""
    return PHASE_TITLES.get(phase, phase)


def phase_order(phases: Iterable[str]) -> list[str]:
    """The distinct phase keys among ``phases``, in game order.

    Keys the game does not know keep their order of first appearance, after the known ones.
    """
    distinct = list(dict.fromkeys(phases))
    return sorted(distinct, key=lambda p: (_RANK.get(p, len(_RANK)), distinct.index(p)))
