"""A game's record of events: the events told so far, who is told of each as it happens, and
whether events are kept at all (a look-ahead copy keeps none).

:meth:`Record.tell` is the one way an event is made: the rules, the robot and every kind of
game tell what happened as a :class:`rftg_nb.engine.decision.Saying` and its facts, with the
round and phase it happened in; the record makes the :class:`Event`, keeps it and calls each
listener with it. A saying for an event whose sentence is written out where it happens is
:func:`rftg_nb.engine.decision.told`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rftg_nb.engine.decision import Event, Saying

Listener = Callable[[Event], None]


class Record:
    """The events of one game and its listeners.

    ``events``: every event told so far, in order. ``listeners``: called with each event as it
    is told, after it joins ``events``. ``keeping``: False for a game whose story nobody
    reads (no event is made at all)."""

    __slots__ = ("events", "listeners", "keeping")

    def __init__(self, listeners: Iterable[Listener] = (), keeping: bool = True) -> None:
        self.events: list[Event] = []
        self.listeners: list[Listener] = list(listeners)
        self.keeping = keeping

    def tell(self, round: int, phase: str, actor: int | str | None, saying: Saying,
             facts: tuple[Any, ...]) -> None:
        """An event of ``round`` and ``phase`` by ``actor``, as ``saying`` tells ``facts``
        (its sentence and data are made when read)."""
        if not self.keeping:
            return
        e = Event(round, phase, actor, saying, facts)
        self.events.append(e)
        for listen in self.listeners:
            listen(e)


__all__ = ["Listener", "Record"]
