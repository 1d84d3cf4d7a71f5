"""Per-game card instances and player state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rftg_nb.cards import Design, Power
from rftg_nb.engine.decision import Option
from rftg_nb.engine.powers import Handler, phase_powers, powers_table
from rftg_nb.text import says


class Card:
    """One physical card in one game. ``uid`` is stable for the game; ``id`` is its option id.

    A card lying face down on a world as a good is in no list; the world's ``good`` holds it.
    ``name`` is its design's name.
    """

    __slots__ = ("uid", "id", "design", "name", "good", "_option", "_phase_powers", "_memo")

    def __init__(self, uid: int, design: Design) -> None:
        self.uid = uid
        self.id = _CARD_IDS[uid] if 0 <= uid < 512 else f"c{uid}"
        self.design = design
        self.name = design.name  # a plain attribute: read on every option and sentence
        self.good: Card | None = None
        self._option: Option | None = None
        self._phase_powers: list[tuple[tuple[int, Power, Handler], ...] | None] | None = None
        self._memo: dict[Any, Any] | None = None

    def phase_powers(self, phase: int) -> tuple[tuple[int, Power, Handler], ...]:
        """The design's powers in ``phase`` with their handlers (see
        :func:`rftg_nb.engine.powers.phase_powers`); the card keeps its design's table of
        them, shared with every other card of the design."""
        cache = self._phase_powers
        if cache is None:
            cache = self._phase_powers = powers_table(self.design)
        got = cache[phase]
        if got is None:
            got = phase_powers(self.design, phase)
        return got

    @property
    def memo(self) -> dict[Any, Any]:
        """A place for the rules to keep what they work out about this card once per game
        (facts of its design, such as an option's wording; never state that changes)."""
        m = self._memo
        if m is None:
            m = self._memo = {}
        return m

    @property
    def option(self) -> Option:
        """The card as an answer to a decision: its id, its name, and ``{"card": name}``.

        Made once per card and shared by every decision that offers it (read-only)."""
        o = self._option
        if o is None:
            o = self._option = Option(self.id, self.name, {"card": self.name})
        return o

    def drop_caches(self) -> None:
        """Forget the option, powers and memo kept on this card (they are made again when
        asked for)."""
        self._option = None
        self._phase_powers = None
        self._memo = None

    def recast(self, uid: int, design: Design) -> None:
        """Make this card another one, numbered ``uid`` with ``design``, in place: a look-ahead
        copy deals its hidden cards afresh this way, so that whatever holds the card (a pile,
        a phase's list of cards drawn or chosen) holds the new one."""
        self.uid = uid
        self.id = _CARD_IDS[uid] if 0 <= uid < 512 else f"c{uid}"
        self.design = design
        self.name = design.name
        self.drop_caches()

    def __repr__(self) -> str:
        return f"<{self.id} {self.design.name}{' +good' if self.good else ''}>"


# "c<uid>" for the uids of any deck, made once for every game.
_CARD_IDS = tuple(f"c{i}" for i in range(512))


class Player:
    """A player's cards, chips and the per-round / per-phase marks the rules need.

    ``deck`` and ``discard`` are the player's own draw and discard piles in a drafted game
    (see :mod:`rftg_nb.engine.draft`); None in every other game, which shares the game's piles.
    """

    __slots__ = (
        "index", "name", "hand", "tableau", "vp", "actions", "used", "temp_military",
        "produced", "limit_discards", "deck", "discard", "_says",
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
        self.deck: list[Card] | None = None  # own draw pile (drafted games); top = last item
        self.discard: list[Card] | None = None  # own discard pile (drafted games)
        self._says: dict[tuple[str, str], str] = {}

    def says(self, verb: str) -> str:
        """``name`` with a third-person ``verb`` made to agree ("You draw", "Ann draws")."""
        key = (self.name, verb)  # the name is the key too: a lesson may rename a seat
        got = self._says.get(key)
        if got is None:
            got = self._says[key] = says(self.name, verb)
        return got

    def drop_caches(self) -> None:
        """Forget the sentences kept by :meth:`says`."""
        self._says.clear()

    def clear_phase(self) -> None:
        self.used.clear()
        self.temp_military = 0
        self.produced.clear()

    def goods(self) -> list[Card]:
        """The worlds of this tableau that hold a good."""
        return [c for c in self.tableau if c.good is not None]

    def good_count(self) -> int:
        n = 0
        for c in self.tableau:
            if c.good is not None:
                n += 1
        return n

    def has_design(self, name: str) -> bool:
        for c in self.tableau:
            if c.name == name:
                return True
        return False

    def chose(self, *actions: str) -> bool:
        mine = self.actions
        for a in actions:
            if a in mine:
                return True
        return False

    def total_military(self) -> int:
        """Unconditional Military: the sum of plain EXTRA_MILITARY powers (may be negative)."""
        return designs_military([c.design for c in self.tableau])

    def __repr__(self) -> str:
        return f"<Player {self.index} {self.name}>"


def card_options(cards: Iterable[Card]) -> tuple[Option, ...]:
    """An option for each of ``cards``, in order (a question that picks among them)."""
    # Card.option, read from the card where it made it already (asked for whole hands)
    return tuple([c._option or c.option for c in cards])


def designs_military(designs: Iterable[Design]) -> int:
    """The unconditional Military of a tableau of these designs: the sum of their plain
    EXTRA_MILITARY powers (may be negative)."""
    total = 0
    for d in designs:
        for p in d.powers_in(3):
            if p.code == "EXTRA_MILITARY":
                total += p.value
    return total
