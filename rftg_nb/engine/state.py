"""Per-game card instances and player state."""

from __future__ import annotations

from rftg_nb.cards import Design
from rftg_nb.text import says

GOOD_VALUE = {"novelty": 2, "rare": 3, "genes": 4, "alien": 5}
GOOD_LABEL = {"novelty": "Novelty", "rare": "Rare", "genes": "Genes", "alien": "Alien"}


class Card:
    """One physical card in one game. ``uid`` is stable for the game; ``id`` is its option id.

    A card lying face down on a world as a good is in no list; the world's ``good`` holds it.
    """

    __slots__ = ("uid", "id", "design", "good")

    def __init__(self, uid: int, design: Design) -> None:
        self.uid = uid
        self.id = f"c{uid}"
        self.design = design
        self.good: Card | None = None

    @property
    def name(self) -> str:
        return self.design.name

    def __repr__(self) -> str:
        return f"<{self.id} {self.design.name}{' +good' if self.good else ''}>"


class Player:
    """A player's cards, chips and the per-round / per-phase marks the rules need."""

    __slots__ = (
        "index", "name", "hand", "tableau", "vp", "actions", "used", "temp_military",
        "produced", "limit_discards",
    )

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.hand: list[Card] = []
        self.tableau: list[Card] = []
        self.vp = 0
        self.limit_discards = 0  # cards the latest round-end hand limit took (Budget Surplus)
        self.actions: tuple[str, ...] = ()
        self.used: set[tuple[int, int]] = set()  # (card uid, power index) used this phase
        self.temp_military = 0
        self.produced: list[tuple[Card, str]] = []  # worlds that produced this phase, with kind

    def says(self, verb: str) -> str:
        """``name`` with a third-person ``verb`` made to agree ("You draw", "Ann draws")."""
        return says(self.name, verb)

    def clear_phase(self) -> None:
        self.used.clear()
        self.temp_military = 0
        self.produced.clear()

    def goods(self) -> list[Card]:
        """The worlds of this tableau that hold a good."""
        return [c for c in self.tableau if c.good is not None]

    def good_count(self) -> int:
        return sum(1 for c in self.tableau if c.good is not None)

    def has_design(self, name: str) -> bool:
        return any(c.design.name == name for c in self.tableau)

    def chose(self, *actions: str) -> bool:
        return any(a in self.actions for a in actions)

    def total_military(self) -> int:
        """Unconditional Military: the sum of plain EXTRA_MILITARY powers (may be negative)."""
        total = 0
        for c in self.tableau:
            for p in c.design.powers_in(3):
                if p.code == "EXTRA_MILITARY":
                    total += p.value
        return total

    def __repr__(self) -> str:
        return f"<Player {self.index} {self.name}>"
