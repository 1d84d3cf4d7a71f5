"""The robot's side of the table: its mat (credit, economy, counters), draw stack and tableau."""

from __future__ import annotations

from typing import Any, Final

from rftg_nb.engine.state import Card, moved

COUNTER: Final = "6-cost counter"


class Robot:
    """The adaptable robot's state. ``stack[0]`` is the top card of its draw stack.

    Flips take the top card; cards drawn for the robot go under the stack. ``components``
    lists the component values in use, each marked rulebook, assumed or user.
    """

    def __init__(self, start: Card, values: dict[str, Any], counters: int, counter_vp: int,
                 credit_max: int, economy_max: int,
                 components: list[dict[str, Any]] | None = None) -> None:
        self.start = start
        self.values = values
        self.credit = values["credit"]
        self.economy = values["economy"]
        self.credit_max = credit_max
        self.economy_max = economy_max
        self.vp_chips = 0
        self.cards: list[Card] = [start]
        self.stack: list[Card] = []
        self.components = components or []
        self.counters_left = counters
        self.counters_placed = 0
        self.counter_vp = counter_vp
        self.robot_face: str = values["robot_face"]
        self.used_once: set[str] = set()  # one-time specials already spent
        self.dice: list[Any] = []  # this round's placements

    def copy(self, cards: list[Card]) -> Robot:
        """This mat in a copy of the game whose cards are ``cards`` (see
        :func:`rftg_nb.engine.state.copy_cards`)."""
        r = Robot(cards[self.start.index], self.values, self.counters_left, self.counter_vp,
                  self.credit_max, self.economy_max, self.components)
        r.credit, r.economy, r.vp_chips = self.credit, self.economy, self.vp_chips
        r.cards = moved(cards, self.cards)
        r.stack = moved(cards, self.stack)
        r.counters_placed = self.counters_placed
        r.robot_face = self.robot_face
        r.used_once = set(self.used_once)
        r.dice = list(self.dice)
        return r

    @property
    def tableau(self) -> list[str]:
        """Card names in the robot's tableau stack, then one entry per placed 6-cost counter."""
        return [c.name for c in self.cards] + [COUNTER] * self.counters_placed

    @property
    def draw_stack(self) -> list[str]:
        """Names of the cards in the draw stack, top first (hidden from the player in play)."""
        return [c.name for c in self.stack]

    @property
    def tableau_size(self) -> int:
        return len(self.cards) + self.counters_placed

    def card_vp(self, card: Card) -> int:
        d = card.design
        return self.counter_vp if d.is_six_cost else d.vp

    def score(self) -> int:
        total = self.vp_chips + self.counters_placed * self.counter_vp
        for c in self.cards:  # card_vp of each (asked whenever the robot's numbers change)
            d = c.design
            total += self.counter_vp if d.is_six_cost else d.vp
        return total

    def score_breakdown(self) -> dict[str, Any]:
        return {
            "cards": sum(self.card_vp(c) for c in self.cards if not c.design.is_six_cost),
            "chips": self.vp_chips,
            "six_cost": {c.name: self.counter_vp for c in self.cards if c.design.is_six_cost},
            "counters": self.counters_placed * self.counter_vp,
            "total": self.score(),
        }
