"""A game's record of events: the events told so far, who is told of each as it happens, and
whether events are kept at all (a look-ahead copy keeps none).

:meth:`Record.tell` is the one way an event is made: the rules, the robot and every kind of
game tell what happened as a :class:`rftg_nb.engine.decision.Saying` and its facts, with the
round and phase it happened in; the record keeps them and calls each listener with the
:class:`Event`. A saying for an event whose sentence is written out where it happens is
:func:`rftg_nb.engine.decision.told`.

An event is kept as its five parts in one flat list, and made an :class:`Event` only when it
is read (:attr:`Record.events`) or a listener is told of it: a game whose story is read at the
end, or not at all (a simulation), makes no object for each event as it plays, and the
garbage collector has that many fewer to look over while the game runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from rftg_nb.engine.decision import Event, Saying

Listener = Callable[[Event], None]

#: the parts of one event in :attr:`Record._told`: round, phase, actor, saying, facts
_PARTS: Final = 5


class Record:
    """The events of one game and its listeners.

    ``events``: every event told so far, in order. ``listeners``: called with each event as it
    is told, after it joins ``events``. ``keeping``: False for a game whose story nobody
    reads (no event is kept or made at all)."""

    __slots__ = ("_told", "_made", "listeners", "keeping")

    def __init__(self, listeners: Iterable[Listener] = (), keeping: bool = True) -> None:
        #: each event's parts, one after another (see _PARTS)
        self._told: list[Any] = []
        #: the events made so far: the first len(_made) of those told
        self._made: list[Event] = []
        self.listeners: list[Listener] = list(listeners)
        self.keeping = keeping

    def tell(self, round: int, phase: str, actor: int | str | None, saying: Saying,
             facts: tuple[Any, ...]) -> None:
        """An event of ``round`` and ``phase`` by ``actor``, as ``saying`` tells ``facts``
        (its sentence and data are made when read)."""
        if not self.keeping:
            return
        told = self._told
        told.append(round)
        told.append(phase)
        told.append(actor)
        told.append(saying)
        told.append(facts)
        if self.listeners:
            e = self.events[-1]
            for listen in self.listeners:
                listen(e)

    def __len__(self) -> int:
        """How many events have been told."""
        return len(self._told) // _PARTS

    @property
    def events(self) -> list[Event]:
        """Every event told so far, in order (made on first reading; the same objects after)."""
        made = self._made
        told = self._told
        for i in range(len(made) * _PARTS, len(told), _PARTS):
            made.append(Event(told[i], told[i + 1], told[i + 2], told[i + 3], told[i + 4]))
        return made


__all__ = ["Listener", "Record"]
