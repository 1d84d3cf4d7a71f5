"""The small value objects of the decision protocol: options, decisions, events and errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from types import MappingProxyType
from typing import Any, Final

from rftg_nb._native import mypyc_attr
from rftg_nb.engine.answer_ids import among, one_answer
from rftg_nb.engine.kinds import DECISION_KINDS, check_kind

#: how many picks of an allowed size :meth:`Decision.legality` lists one by one when a rule
#: narrows them; beyond it the page asks :meth:`Decision.check` about each pick
LEGAL_PICKS_LIMIT: Final = 512


class IllegalChoice(ValueError):
    """An answer that the pending decision does not allow. The game is left unchanged."""


class SaveFileError(ValueError):
    """A saved game that cannot be loaded: bad JSON, a wrong field, or a choice that fails."""


class SetupError(ValueError):
    """A new game asked for with settings that do not go together; the message names the
    setting at fault (for example ``draft``)."""


class PositionError(ValueError):
    """A position given to ``Game.from_position`` that is not a legal, complete description."""


# mypyc builds a subclass of RuntimeError only as a plain Python class
@mypyc_attr(native_class=False)
class GameNotReady(RuntimeError):
    """A game read before it is made: its state, results or save asked for by a hook that runs
    while it is still being set up (before the deal), or the solitaire robot's mat asked for
    before it is dealt (also in an ``at_step`` copy stopped earlier in the deal). The game is
    left unchanged."""


class Option:
    """One answer to a decision: a stable ``id`` to send back and a ``label`` a person reads,
    and facts for a page in ``data``.

    Read-only (the cards' options are shared by every decision that offers them): its fields
    are properties, set only when it is made, which costs a fifth of what a frozen dataclass's
    ``__init__`` did (one is made for most questions). Options are equal when their fields are.
    """

    __slots__ = ("_id", "_label", "_data")

    def __init__(self, id: str, label: str, data: Mapping[str, Any] | None = None) -> None:
        self._id = id
        self._label = label
        self._data = data

    @property
    def id(self) -> str:
        return self._id

    @property
    def label(self) -> str:
        return self._label

    @property
    def data(self) -> Mapping[str, Any] | None:
        return self._data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return (self._id == other._id and self._label == other._label
                and self._data == other._data)

    def __hash__(self) -> int:  # (a dict in ``data`` is not hashable, as before)
        return hash((self._id, self._label, self._data))

    def __repr__(self) -> str:
        return f"Option(id={self._id!r}, label={self._label!r}, data={self._data!r})"

    def __str__(self) -> str:
        return f"{self._id}: {self._label}"


#: the context of a decision made without one (read-only, shared)
_NO_CONTEXT: Final[Mapping[str, Any]] = MappingProxyType({})

@dataclass(slots=True, init=False)
class Decision:
    """What the game is waiting for.

    ``player`` picks between ``min`` and ``max`` of ``options`` (by id) and sends them to
    ``Game.apply``. ``context`` holds extra facts the prompt refers to (cost to pay, cards drawn).

    A decision is read-only by contract: nothing changes it once made. It is not a frozen
    class, as the options are: the rules make one at every question, and a frozen class
    sets each field through a call, which made a decision cost twice as much to make.
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    context: Mapping[str, Any] = field(default_factory=dict)
    rule: Callable[[tuple[str, ...]], str | None] | None = field(
        default=None, compare=False, repr=False
    )
    _ids: tuple[str, ...] = field(init=False, compare=False, repr=False)

    def __init__(
        self,
        player: int,
        kind: str,
        prompt: str,
        options: tuple[Option, ...],
        min: int = 1,
        max: int = 1,
        context: Mapping[str, Any] | None = None,
        rule: Callable[[tuple[str, ...]], str | None] | None = None,
    ) -> None:
        self.player = player
        if kind not in DECISION_KINDS:  # (inline: a decision is made at every question)
            check_kind(kind)
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.context = _NO_CONTEXT if context is None else context
        self.rule = rule
        self._ids = tuple([o.id for o in options])

    @property
    def ids(self) -> tuple[str, ...]:
        """The option ids, in order."""
        return self._ids

    def option(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)

    def normalize(self, choice: Any) -> tuple[str, ...]:
        """Turn an answer (an id or a list of ids) into a tuple of ids, or raise IllegalChoice."""
        if isinstance(choice, str):
            ids: tuple[str, ...] = (choice,)
        elif isinstance(choice, (list, tuple)):
            for i in choice:  # checked before they are typed str (a compiled build casts)
                if not isinstance(i, str):
                    raise IllegalChoice(
                        f"{self.kind}: option ids must be strings, got {choice!r}")
            ids = tuple(choice)
        else:
            raise IllegalChoice(
                f"{self.kind}: answer with an option id or a list of ids, got {choice!r}"
            )
        if len(ids) == 1:  # the choice log keeps one tuple for each answer of one id
            return one_answer(ids[0])
        return ids

    def accept(self, choice: Any) -> tuple[str, ...]:
        """``choice`` as the tuple of ids a game's log keeps (:meth:`normalize`), if legal
        (:meth:`check`), else :class:`IllegalChoice` saying why; ``Game.apply`` asks it of
        every answer. A list of distinct ids of options, every answer the rules' own players
        give, is taken without the general way's copies (:meth:`_plain`)."""
        ids = self._plain(choice) if type(choice) is list else None
        if ids is not None:
            why = None if self.rule is None else self.rule(ids)
        else:
            ids = self.normalize(choice)
            why = self.check(ids)
        if why is not None:
            raise IllegalChoice(f"{self.kind}: {why}")
        return ids

    def _plain(self, choice: list[Any]) -> tuple[str, ...] | None:
        """``choice`` as the log's tuple when it is a list of distinct ids of options, as many
        as allowed (every answer of a player in the rules' own code), else None: the general
        way then says what is wrong. The decision's rule is not asked here."""
        n = len(choice)
        if n < self.min or n > self.max:
            return None
        known = self._ids
        for i in choice:
            if type(i) is not str or not among(i, known):
                return None
        if n == 1:
            return one_answer(choice[0])
        if n == 0:
            return ()
        if n == 2:
            if choice[0] == choice[1]:
                return None
            pair: tuple[str, ...] = (choice[0], choice[1])
            return pair
        if len(set(choice)) != n:
            return None
        return tuple(choice)

    def _want(self) -> str:
        """How many to pick, in words: "2 options", "1 option", "0 to 3 options"."""
        want = str(self.min) if self.min == self.max else f"{self.min} to {self.max}"
        return f"{want} {'option' if want == '1' else 'options'}"

    def check(self, ids: Sequence[str]) -> str | None:
        """Return why ``ids`` is not a legal answer, or None when it is."""
        known = self._ids
        for i in ids:
            if i not in known:
                return f"{i!r} is not one of the options ({', '.join(known) or 'none'})"
        n = len(ids)
        if n > 1 and len(set(ids)) != n:
            return "the same option was picked twice"
        if n < self.min or n > self.max:
            return f"pick {self._want()}, not {n}"
        if self.rule is not None:
            return self.rule(tuple(ids))
        return None

    def legality(self, limit: int = LEGAL_PICKS_LIMIT) -> dict[str, Any]:
        """What a page needs to judge a pick of distinct options without asking, JSON-ready.

        Always ``min``, ``max`` and ``want`` (the words of :meth:`check`'s "pick 2 options, not
        3"). With a rule, and at most ``limit`` picks of an allowed size, also ``sets``: every
        legal pick as a key (its option indices in ascending order joined by ","), ``why``:
        the reasons the other picks are refused, most common first, and ``bad``: key -> index
        in ``why`` for each refused pick whose reason is not ``why[0]``. With a rule and more
        picks than that, ``ask``: the page must ask :meth:`check`. The board's judge
        (``rftg_nb/ui/board/judge.js``, the only reader; tests/browser/test_pick_legality.py
        runs it against :meth:`check`) reads it; the rule is taken to judge a pick as a set
        (order unimportant).
        """
        out: dict[str, Any] = {"min": self.min, "max": self.max, "want": self._want()}
        if self.rule is None:
            return out
        n = len(self._ids)
        sizes = range(max(self.min, 0), min(self.max, n) + 1)
        if sum(comb(n, k) for k in sizes) > limit:
            out["ask"] = True
            return out
        legal: list[str] = []
        refused: dict[str, str] = {}
        for k in sizes:
            for picks in combinations(range(n), k):
                key = ",".join(map(str, picks))
                why = self.check(tuple([self._ids[i] for i in picks]))
                if why is None:
                    legal.append(key)
                else:
                    refused[key] = why
        counts: dict[str, int] = {}
        for why in refused.values():
            counts[why] = counts.get(why, 0) + 1
        reasons = sorted(counts, key=lambda r: -counts[r])
        index = {r: i for i, r in enumerate(reasons)}
        out["sets"] = legal
        out["why"] = reasons
        out["bad"] = {key: index[why] for key, why in refused.items() if index[why]}
        return out

    def __str__(self) -> str:
        opts = "; ".join(str(o) for o in self.options)
        return f"[player {self.player} {self.kind}] {self.prompt} ({self.min}-{self.max}) {opts}"


def forced(d: Decision) -> tuple[str, ...] | None:
    """The answer to ``d`` when there is no choice (nothing may be picked, or every option must
    be), else None: the rules then yield ``d``. Written out where the rules ask
    (``ids = forced(d)``, then ``if ids is None: ids = yield d``), which spares a generator
    for each question."""
    if d.max == 0:
        return ()
    if d.rule is None and len(d.options) == d.min == d.max:
        return d.ids
    return None


class Saying:
    """How one kind of event is told: its ``kind``, whether only its actor may see it
    (``private``), and the two functions that make its sentence and its data from the facts
    kept with each such event.

    The facts are what the sentence names, fixed when the event happens (a player's name as it
    was then, a count, a card's name): plain values, never state that changes later. An event
    keeps only them; its sentence and data are made each time they are read, so a game spends
    nothing on wording nobody reads and a finished game holds far less.
    """

    __slots__ = ("kind", "private", "sentence", "details")

    def __init__(self, kind: str, sentence: Callable[..., str],
                 details: Callable[..., dict[str, Any]], private: bool = False) -> None:
        self.kind = kind
        self.private = private
        self.sentence = sentence
        self.details = details

    def __repr__(self) -> str:
        return f"<Saying {self.kind}>"


def _written(text: str, data: Any) -> str:
    return text


def _given(text: str, data: Any) -> dict[str, Any]:
    return dict(data)


#: the sayings of events told with their sentence written out, by (kind, private)
_TOLD: Final[dict[tuple[str, bool], Saying]] = {}


def told(kind: str, private: bool = False) -> Saying:
    """The saying of a ``kind`` of event whose facts are its sentence and its data, made where
    it happens (``(text, data)``): ``private``, only its actor may see it."""
    key = (kind, private)
    s = _TOLD.get(key)
    if s is None:
        s = _TOLD[key] = Saying(kind, _written, _given, private)
    return s


class Event:
    """One step of the game: who did what, in a sentence, with the facts in ``data``.

    ``visible_to`` is None for public events, or the index of the only player who may see it.
    An event is read-only. It keeps the :class:`Saying` that tells it and that saying's facts;
    ``kind``, ``text``, ``data`` and ``visible_to`` are read through it (``data`` is a new
    dict at each reading). Events are made by :meth:`rftg_nb.engine.record.Record.tell`.
    """

    __slots__ = ("round", "phase", "actor", "_saying", "_facts")

    def __init__(self, round: int, phase: str, actor: int | str | None,
                 saying: Saying, facts: tuple[Any, ...]) -> None:
        self.round = round
        self.phase = phase
        self.actor = actor
        self._saying = saying
        self._facts = facts

    @property
    def kind(self) -> str:
        return self._saying.kind

    @property
    def text(self) -> str:
        return self._saying.sentence(*self._facts)

    @property
    def data(self) -> Mapping[str, Any]:
        return self._saying.details(*self._facts)

    @property
    def visible_to(self) -> int | None:
        return self.actor if self._saying.private else None  # type: ignore[return-value]

    def seen_by(self, player: int) -> bool:
        """Whether ``player`` may see this event."""
        seer = self.visible_to
        return seer is None or seer == player

    def _fields(self) -> tuple[Any, ...]:
        return (self.round, self.phase, self.actor, self.kind, self.text, self.data,
                self.visible_to)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        if (self._saying is other._saying
                and self.round == other.round and self.phase == other.phase
                and self.actor == other.actor and self._facts == other._facts):
            return True  # the same saying of the same facts says the same
        return self._fields() == other._fields()

    # No __hash__: a class that defines __eq__ alone is unhashable, as a frozen dataclass
    # holding a dict is (compiled too). Written out, ``__hash__ = None`` would be a field of
    # every compiled event.

    def __repr__(self) -> str:
        return (f"Event(round={self.round!r}, phase={self.phase!r}, actor={self.actor!r}, "
                f"kind={self.kind!r}, text={self.text!r}, data={self.data!r}, "
                f"visible_to={self.visible_to!r})")

    def __str__(self) -> str:
        return f"R{self.round} {self.phase}: {self.text}"

