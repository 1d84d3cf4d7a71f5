"""How a game is copied: at a step of its story to read (:meth:`GameCopies.at_step`), or at
the point it stands to play on (:meth:`GameCopies.clone`, the look-ahead's copy).

A first copy replays the game's choices from its seed. From then on the game keeps its state
(:class:`rftg_nb.engine.state.GameState`) as it stood at the start of each round and phase
(:meth:`GameCopies.at_start`, a hook of the rules), and a copy is that state copied with the
choices since replayed. A base class of :class:`rftg_nb.engine.game.Game`, whose fields it
reads.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rftg_nb._native import mypyc_attr
from rftg_nb.cards import CardDatabase
from rftg_nb.engine import rounds as _rounds
from rftg_nb.engine.decision import Decision, Event
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.state import GameState
from rftg_nb.engine.variant import Rules
from rftg_nb.engine.views import GameViews

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

#: a kept state (see GameCopies.clone): the choices made by then, where the rules start again,
#: the state
Mark = tuple[int, str, GameState]
#: what a copy goes on from: where, the state, the choices and who made each
Resume = tuple[str, GameState, list[tuple[str, ...]], list[int]]


def _stopped() -> Rules:
    """Rules that ask nothing more (a step-through copy's)."""
    yield from ()


class StepReached(Exception):
    """Raised inside :meth:`GameCopies.at_step`'s replay when the wanted event has been
    emitted (and caught by the game being made)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCopies(GameViews):
    """The copies of a game (a base class of ``Game``, whose fields they read and whose kind
    they make)."""

    # what ``Game`` holds (read here, set there)
    setup: dict[str, Any]
    seed: int
    db: CardDatabase
    rng: random.Random
    vp_start: int
    _log: list[tuple[str, ...]]
    _log_players: list[int]
    _gen: Rules
    _given: tuple[Callable[[Event], None], ...]
    _halted: bool
    _closed: bool
    #: copied from its own kept states only, never from its seed (see copy_from_here)
    _from_here: bool
    #: whether the state is kept at the start of each round and phase; the latest kept, and
    #: the latest kept at the start of a round
    _marking: bool
    _latest: Mark | None
    _round_mark: Mark | None

    def _another(self, **options: Any) -> Game:
        """A new game of this one's kind, set-up and seed, made with ``options``."""
        kind: Any = type(self)
        made: Game = kind(self.setup, self.seed, self.db, **options)
        return made

    def apply(self, choice: Any) -> None:
        """Answer the pending decision (``Game`` answers)."""
        raise NotImplementedError

    def at_step(self, n: int) -> Game:
        """A copy of this game as it stood right after its first ``n`` events, for reading.

        The copy replays the choices and stops the rules at the moment event ``n`` is
        emitted, so hands, tableaux, goods and tracks are exactly as they were then, also in
        the middle of a phase (a step-through view). It has no decision; nothing may be
        applied to it.
        """
        self._check_made()
        told = len(self.record)
        if not 1 <= n <= told:
            raise ValueError(f"step {n} is outside this game's events (1 to {told})")
        copy, stop = self._replayed_to(n, {})
        copy.record.listeners.remove(stop)
        copy._given = ()
        copy._decision = None
        copy._gen = _stopped()
        copy._halted = True  # (nothing may be applied to it, nor may it be copied)
        return copy

    def clone(self, round_start: bool = False,
              watch: Callable[[Game, Decision, tuple[str, ...]], None] | None = None) -> Game:
        """A copy of this game at the same point, to play on: nothing it does changes this game.

        The copy records no events and has no listeners. ``round_start``: the copy stands at
        the first choice of actions of the current round instead (the choices of the other
        seats, still secret, not made), or where this game stands if it has not reached one.
        ``watch``: called with the copy, the decision and the answer for each choice the copy
        replays, before it is applied.

        The first copy of a game is made by replaying its choices. From then on the game keeps
        its state as it stood at the start of each round and phase (:class:`GameState`), and a
        copy is that state copied, with the choices since replayed: at the start of a round,
        no replay at all.
        """
        self._check_made()
        if self._halted:
            raise ValueError("a step-through copy (at_step) cannot be copied to play on")
        mark = self._round_mark if round_start else self._latest
        if mark is not None and round_start and mark[2].round != self.round - 1:
            mark = None  # (a game from a position, started in the middle of this round)
        if self._from_here and mark is None:
            raise ValueError("this game can be copied only from a state it kept since "
                             "copy_from_here, and it has kept none yet")
        if mark is not None:
            n, at, state = mark
            twin = self._another(record=False,
                                 resume=(at, state.copy(), self._log[:n], self._log_players[:n]),
                                 **self._rebuild_options())
            if not round_start:
                twin._replay(self._log[n:], watch)
            # (copied in turn only from states of its own, once told to keep them)
            twin._from_here = self._from_here
            return twin
        twin = self._another(record=False, **self._rebuild_options())
        twin._marking = True  # (so that this game has its marks from here on)
        twin._replay(self._log, watch, self.round if round_start else None)
        twin._marking = False  # (a copy played on keeps none, until it is copied itself)
        self._marking = True
        self._latest, self._round_mark = twin._latest, twin._round_mark
        return twin

    def copy_from_here(self) -> None:
        """From now on, copy this game only from the states it keeps, never from its seed: it
        keeps its state at the start of each round and phase from here on, and forgets those
        it kept before. A look-ahead's dealt copy (whose hidden cards are not the ones its seed
        deals) calls this before it plays on, so that it may be copied in turn once a round
        or phase has started (:attr:`copyable`). Its copies are never copied from their seed
        either: each can be copied once it has been told this in turn and started a round or
        phase since."""
        self._marking = True
        self._latest = self._round_mark = None
        self._from_here = True

    @property
    def copyable(self) -> bool:
        """Whether :meth:`clone` can copy this game where it stands: always, but for a game
        told to :meth:`copy_from_here` that has started no round or phase since."""
        return not self._from_here or self._latest is not None

    def _replay(self, log: list[tuple[str, ...]],
                watch: Callable[[Game, Decision, tuple[str, ...]], None] | None,
                stop_round: int | None = None) -> None:
        """Apply ``log`` (see :meth:`clone`); ``stop_round``: stop at that round's first
        choice of actions."""
        game: Any = self  # (the watcher is handed the game: a Game)
        for ids in log:
            d = self._decision
            if d is None:
                break
            if stop_round is not None and d.kind == Kind.ACTIONS and self.round == stop_round:
                break
            if watch is not None:
                watch(game, d, ids)
            self.apply(ids)

    def close(self) -> None:
        """Stop this game's rules: it takes no more answers (a look-ahead's copy it is done
        with); what it shows stays as it is. A game's rules hold the game, so until it is
        closed (or over) a game nobody holds any more waits for Python's cyclic collector; a
        look-ahead that makes many copies closes each, which frees it at once."""
        self._check_made()
        self._gen.close()
        self._decision = None
        self._closed = True

    def at_start(self, point: str) -> None:
        """Hook of the rules at the start of a round (``rounds.ROUND_START``) or of the phase
        ``point``: while this game keeps marks (once it has been copied), keep its state as it
        is now (see :meth:`clone`)."""
        if not self._marking:
            return
        mark = (len(self._log), point, self._state())
        self._latest = mark
        if point == _rounds.ROUND_START:
            self._round_mark = mark

    def _state(self) -> GameState:
        """A copy of this game's state as it is now."""
        return GameState(
            self.cards, self.players, self.deck, self.discard, self.draft, self.vp_start,
            self.vp_pool, self.round, self.phase, self.rng.getstate(), self.goal_tracks,
            self._state_part()).copy()

    def _take_state(self, state: GameState) -> None:
        """Make ``state`` (a copy no one else holds) this game's state."""
        self.cards = state.cards
        self.players = state.players
        self.deck = state.deck
        self.discard = state.discard
        self.draft = state.draft
        self.vp_start = state.vp_start
        self.vp_pool = state.vp_pool
        self.round = state.round
        self.phase = state.phase
        rng = random.Random.__new__(random.Random)  # (seeding one costs more than the copy)
        rng.setstate(state.rng)
        self.rng = rng
        self.goal_tracks = state.tracks
        self._take_part(state.part)

    def _state_part(self) -> Any:
        """The part of the state this kind of game keeps of its own (an object with a
        ``copy(cards)``), or None."""
        return None

    def _take_part(self, part: Any) -> None:
        """Take ``part`` (a copy of what :meth:`_state_part` gave) as this game's own."""

    def _rebuild_options(self) -> dict[str, Any]:
        """What this kind of game is made with besides its set-up, seed and listeners, for an
        undo's rebuild (the solitaire game: whether it keeps its numbers)."""
        return {}

    def _replayed_to(self, n: int, options: dict[str, Any]) -> tuple[Game, Any]:
        """A new game of this one's kind (made with ``options`` too) replaying its choices,
        stopped as its ``n``-th event is emitted; and the listener that stopped it."""
        seen = 0

        def stop(_event: Event) -> None:  # called once for each event the copy emits
            nonlocal seen
            seen += 1
            if seen >= n:
                raise StepReached

        copy = self._another(listeners=[stop], **options)
        if not copy._halted:
            try:
                for ids in self._log:
                    copy.apply(ids)
            except StepReached:
                pass
        return copy, stop

