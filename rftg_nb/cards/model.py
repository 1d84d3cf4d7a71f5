"""Immutable value types describing card designs and the card database.

A *design* is one distinct card (e.g. "Space Marines"); the deck may hold several
copies of a design. Everything here is read-only once built: the loader
(:mod:`rftg_nb.cards.loader`) validates the data and constructs these objects.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar, Final

__all__ = [
    "EXPANSIONS",
    "CardDataError",
    "CardDatabase",
    "Design",
    "Power",
    "VPBonus",
]

#: Supported game levels, in order: the base game alone, then base + The Gathering Storm.
EXPANSIONS: Final[tuple[str, ...]] = ("base", "tgs")

_PHASES: Final = range(1, 6)


class CardDataError(ValueError):
    """The card data is malformed; the message names the card (or file) and the field."""


def _check_expansion(expansion: str) -> None:
    if expansion not in EXPANSIONS:
        raise ValueError(f"unknown expansion {expansion!r}; expected one of {EXPANSIONS}")


@dataclass(frozen=True, slots=True)
class Power:
    """One power record of a card.

    ``code`` is one or more atoms joined by ``"|"`` (e.g. ``"CONSUME_ANY|GET_VP"``);
    together they form a single power. ``value`` is the power's number (cards, VP,
    military, discount ...) and ``times`` how many goods/cards one use may process
    (meaningful for Consume-phase powers only).
    """

    phase: int
    code: str
    value: int
    times: int
    atoms: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "atoms", frozenset(self.code.split("|")))

    def has(self, atom: str) -> bool:
        """Return True if ``atom`` is one of the atoms of this power's code."""
        return atom in self.atoms

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Built again from its fields (the compiled class takes no state set after it is made)
        return (Power, (self.phase, self.code, self.value, self.times))


@dataclass(frozen=True, slots=True)
class VPBonus:
    """One scoring line of a 6-cost development.

    ``what`` is the condition code (e.g. ``"GENE_PRODUCTION"``); ``name`` is the card
    name matched when ``what`` is ``"NAME"`` and None otherwise.
    """

    points: int
    what: str
    name: str | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (VPBonus, (self.points, self.what, self.name))


@dataclass(frozen=True, slots=True)
class Design:
    """One card design with its printed facts, powers and (6-cost) VP bonuses.

    ``id`` is the design's 0-based position in the data file. ``cost`` is the defence
    for military worlds. ``copies`` pairs each box with the copies it contributes,
    e.g. ``(("base", 2), ("tgs", 1))``.
    """

    id: int
    name: str
    type: str
    cost: int
    vp: int
    good: str | None
    windfall: bool
    military: bool
    start_number: int | None
    start_color: str | None
    flags: frozenset[str]
    copies: tuple[tuple[str, int], ...]
    powers: tuple[Power, ...]
    bonuses: tuple[VPBonus, ...] = ()
    _by_phase: tuple[tuple[Power, ...], ...] = field(
        init=False, repr=False, compare=False
    )
    # What the card is, worked out once from the fields above: the rules ask on every check.
    #: True for worlds (start worlds included).
    is_world: bool = field(init=False, repr=False, compare=False)
    #: True for developments.
    is_development: bool = field(init=False, repr=False, compare=False)
    #: True for 6-cost developments (the ones with end-game VP bonuses).
    is_six_cost: bool = field(init=False, repr=False, compare=False)
    #: True for production worlds: worlds with a good type that are not windfall.
    is_production: bool = field(init=False, repr=False, compare=False)
    #: True for windfall worlds.
    is_windfall: bool = field(init=False, repr=False, compare=False)
    #: True if the design is one of the numbered start worlds.
    is_start_world: bool = field(init=False, repr=False, compare=False)
    # The hash the dataclass would compute from the compared fields, computed once: designs
    # are dictionary keys all through the AI (hidden-card counts), and hashing every field
    # again each time was a large part of its time.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Index 0 is unused so that phase numbers index directly.
        by_phase = tuple(
            tuple(p for p in self.powers if p.phase == phase) for phase in range(6)
        )
        put = object.__setattr__
        put(self, "_by_phase", by_phase)
        world = self.type == "world"
        development = self.type == "development"
        put(self, "is_world", world)
        put(self, "is_development", development)
        put(self, "is_six_cost", development and self.cost == 6)
        put(self, "is_production", world and self.good is not None and not self.windfall)
        put(self, "is_windfall", self.windfall)
        put(self, "is_start_world", self.start_number is not None)
        put(self, "_hash", hash(tuple(getattr(self, f) for f in _COMPARED)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Built again from its fields where it is unpickled: a string's hash differs from one
        # process to another, so the hash worked out here must not travel with it.
        return (Design, tuple(getattr(self, f) for f in _INIT))

    def __copy__(self) -> Design:
        return self

    def __deepcopy__(self, _memo: dict[int, Any]) -> Design:
        return self

    def has_flag(self, flag: str) -> bool:
        """Return True if the design carries ``flag`` (e.g. ``"alien"``, ``"rebel"``)."""
        return flag in self.flags

    def copies_in(self, expansion: str = "tgs") -> int:
        """Number of copies in a deck of the given level.

        ``"base"`` counts the base box only; ``"tgs"`` counts base + The Gathering Storm.
        Raises ValueError for an unknown expansion.
        """
        _check_expansion(expansion)
        levels = EXPANSIONS[: EXPANSIONS.index(expansion) + 1]
        return sum(n for box, n in self.copies if box in levels)

    def powers_in(self, phase: int) -> tuple[Power, ...]:
        """The design's powers for ``phase`` (1-5), in card order."""
        if phase not in _PHASES:
            raise ValueError(f"phase must be 1..5, got {phase!r}")
        return self._by_phase[phase]


# The fields a design is built from, and those its equality and hash compare.
_INIT: Final = tuple(f.name for f in fields(Design) if f.init)
_COMPARED: Final = tuple(f.name for f in fields(Design) if f.compare)


class CardDatabase:
    """A validated, read-only collection of designs, in file order.

    Indexing and membership use card names; iteration yields :class:`Design` objects.
    """

    EXPANSIONS: ClassVar[tuple[str, ...]] = EXPANSIONS
    __slots__ = ("_designs", "by_id", "designs", "_decks")

    def __init__(self, designs: tuple[Design, ...] | list[Design]) -> None:
        by_name: dict[str, Design] = {}
        for i, design in enumerate(designs):
            if design.id != i:
                raise CardDataError(
                    f"card {design.name!r}: field 'id': expected {i}, got {design.id}"
                )
            if design.name in by_name:
                raise CardDataError(f"card {design.name!r}: field 'name': duplicate name")
            by_name[design.name] = design
        self._designs = by_name
        #: Read-only mapping name -> design, in file order.
        self.designs: Mapping[str, Design] = MappingProxyType(by_name)
        #: Designs indexed by their ``id``.
        self.by_id: tuple[Design, ...] = tuple(designs)
        self._decks: dict[str, tuple[Design, ...]] = {}

    def __getitem__(self, name: str) -> Design:
        try:
            return self._designs[name]
        except (KeyError, TypeError):
            close = difflib.get_close_matches(str(name), list(self._designs), n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise KeyError(f"no card named {name!r}{hint}") from None

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Design):
            return self._designs.get(item.name) == item
        return isinstance(item, str) and item in self._designs

    def __len__(self) -> int:
        return len(self.by_id)

    def __iter__(self) -> Iterator[Design]:
        return iter(self.by_id)

    def __repr__(self) -> str:
        return f"<CardDatabase: {len(self)} designs>"

    def deck(self, expansion: str = "tgs") -> list[str]:
        """Card names of a full deck, each repeated by its copy count, in file order.

        Start worlds are included. Raises ValueError for an unknown expansion.
        """
        return [d.name for d in self.deck_designs(expansion)]

    def deck_designs(self, expansion: str = "tgs") -> tuple[Design, ...]:
        """The designs of a full deck, one per copy, in the order of :meth:`deck`.

        Worked out once per expansion (every game deals a deck). Raises ValueError for an
        unknown expansion.
        """
        got = self._decks.get(expansion)
        if got is None:
            _check_expansion(expansion)
            got = self._decks[expansion] = tuple(
                d for d in self.by_id for _ in range(d.copies_in(expansion)))
        return got

    def start_worlds(self, expansion: str = "tgs") -> list[Design]:
        """The start worlds present at the given level, sorted by start number."""
        _check_expansion(expansion)
        found = [d for d in self.by_id if d.is_start_world and d.copies_in(expansion) > 0]
        return sorted(found, key=lambda d: d.start_number or 0)
