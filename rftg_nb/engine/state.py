"""Per-game card instances and player state."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from rftg_nb.cards import Design, Power
from rftg_nb.engine.decision import Option
from rftg_nb.engine.powers import Handler, phase_powers, powers_table
from rftg_nb.text import says


class Card:
    """One physical card in one game. ``uid`` is stable for the game; ``id`` is its option id.

    A card lying face down on a world as a good is in no list; the world's ``good`` holds it.
    ``name`` is its design's name. ``index`` is the card's place in its game's list of every
    card (``Game.cards``), which a copy of the game keeps (:func:`copy_cards`).
    """

    __slots__ = ("uid", "index", "id", "design", "name", "good", "_option", "_phase_powers",
                 "_memo")

    def __init__(self, uid: int, design: Design) -> None:
        self.uid = uid
        self.index = uid
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

        Made once for each card number and name, and shared by every decision of every game
        that offers it (read-only)."""
        o = self._option
        if o is None:
            # every game that deals a card of this number and name offers the same option
            o = _SHARED_OPTIONS.get(self.uid)
            if o is None or o.label != self.name:
                o = Option(self.id, self.name, {"card": self.name})
                if self.uid < 512:
                    _SHARED_OPTIONS[self.uid] = o
            self._option = o
        return o

    def drop_caches(self, powers: bool = True) -> None:
        """Forget the option, powers and memo kept on this card (they are made again when
        asked for); ``powers=False``: keep the design's table of powers, which every card of
        the design shares."""
        self._option = None
        if powers:
            self._phase_powers = None
        self._memo = None

    def copy(self) -> Card:
        """The same card for a copy of its game: number, place and design; what it works out
        of its design is shared (it never changes); its good is set by :func:`copy_cards`."""
        c = Card(self.uid, self.design)
        c.index = self.index
        c.id = self.id
        c._option = self._option
        c._phase_powers = self._phase_powers
        c._memo = self._memo
        return c

    def recast(self, uid: int, design: Design) -> None:
        """Make this card another one, numbered ``uid`` with ``design``, in place: a look-ahead
        copy deals its hidden cards afresh this way, so that whatever holds the card (a pile,
        a phase's list of cards drawn or chosen) holds the new one. Its ``index`` stays."""
        self.uid = uid
        self.id = _CARD_IDS[uid] if 0 <= uid < 512 else f"c{uid}"
        self.design = design
        self.name = design.name
        self.drop_caches()

    def __repr__(self) -> str:
        return f"<{self.id} {self.design.name}{' +good' if self.good else ''}>"


# "c<uid>" for the uids of any deck, made once for every game.
_CARD_IDS: Final = tuple(f"c{i}" for i in range(512))
#: the option of each card number below 512, as the card of that number and name offers it
#: (one for every game, options being read-only; another name makes a new one)
_SHARED_OPTIONS: Final[dict[int, Option]] = {}


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

    def copy(self, cards: list[Card]) -> Player:
        """This player in a copy of the game whose cards are ``cards`` (each card at its
        ``index``, as :func:`copy_cards` makes them)."""
        p = Player(self.index, self.name)
        p.hand = [cards[c.index] for c in self.hand]
        p.tableau = [cards[c.index] for c in self.tableau]
        p.vp = self.vp
        p.limit_discards = self.limit_discards
        p.actions = self.actions
        if self.used:
            p.used = set(self.used)
        p.temp_military = self.temp_military
        if self.produced:
            p.produced = [(cards[c.index], kind) for c, kind in self.produced]
        if self.deck is not None:
            p.deck = [cards[c.index] for c in self.deck]
        if self.discard is not None:
            p.discard = [cards[c.index] for c in self.discard]
        return p

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


class GameState:
    """What the rules change as a game is played, apart from its record of events and its
    choices: every card (``cards``, each at its ``index``), the players, the draw and discard
    piles, the drafting variant's table (``draft``), the VP pool, the round and phase, the goal
    tracks, the random generator's state (``rng``, as ``Random.getstate`` gives it), and the
    part a kind of game keeps of its own (``part``: the solitaire robot's mat), each object
    with a ``copy(cards)``.

    A game keeps one at the start of each round and phase once it has been copied
    (:meth:`rftg_nb.engine.game.Game.clone`); it is never changed once made: :meth:`copy`
    makes the state a copy of the game plays on.
    """

    __slots__ = ("cards", "players", "deck", "discard", "draft", "vp_start", "vp_pool", "round",
                 "phase", "rng", "tracks", "part")

    def __init__(self, cards: list[Card], players: list[Player], deck: list[Card],
                 discard: list[Card], draft: Any, vp_start: int, vp_pool: int, round: int,
                 phase: str, rng: tuple[Any, ...], tracks: list[Any], part: Any) -> None:
        self.cards = cards
        self.players = players
        self.deck = deck
        self.discard = discard
        self.draft = draft
        self.vp_start = vp_start
        self.vp_pool = vp_pool
        self.round = round
        self.phase = phase
        self.rng = rng
        self.tracks = tracks
        self.part = part

    def copy(self) -> GameState:
        """A whole copy: new cards, players, piles, tracks and part, nothing shared that a
        game changes."""
        cards = copy_cards(self.cards)
        draft = self.draft
        part = self.part
        return GameState(
            cards, [p.copy(cards) for p in self.players], moved(cards, self.deck),
            moved(cards, self.discard), None if draft is None else draft.copy(cards),
            self.vp_start, self.vp_pool, self.round, self.phase, self.rng,
            [t.copy() for t in self.tracks], None if part is None else part.copy(cards))


def copy_cards(cards: list[Card]) -> list[Card]:
    """A copy of each of a game's ``cards`` (the list of every card, each at its ``index``),
    with the goods on worlds copied too."""
    out = [c.copy() for c in cards]
    for c in cards:
        g = c.good
        if g is not None:
            out[c.index].good = out[g.index]
    return out


def moved(cards: list[Card], pile: list[Card]) -> list[Card]:
    """``pile`` in a copy of its game whose cards are ``cards`` (see :func:`copy_cards`)."""
    return [cards[c.index] for c in pile]


def holds(cards: list[Card], card: Card) -> bool:
    """Whether ``card`` is in ``cards`` (``card in cards``, by identity as a card is equal only
    to itself, without a comparison call for each card: asked of a tableau at every power)."""
    for c in cards:
        if c is card:
            return True
    return False


def take_out(cards: list[Card], card: Card) -> None:
    """``cards.remove(card)``, found by identity (see :func:`holds`)."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    raise ValueError(f"{card!r} is not in the list")


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
