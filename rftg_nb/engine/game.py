"""The ``Game``: setup + seed + choice log, driven through pending decisions.

The rules are generators (``rftg_nb.engine.rounds``): they ``yield`` a :class:`Decision` and
receive the chosen option ids. The game parks at each yield, so nothing ever blocks; replaying
the logged choices from the same seed rebuilds any position (load, undo).

``Game``'s public face is the protocol that people, the pages, the AI, the lab and the tests
use: construction and saves, the pending decision and its answer, undo and the step-through
copy, results, views and the sides the scores name. What the rules need besides lives in other
rooms, each with one job: card movement is :mod:`rftg_nb.engine.piles`, the powers of the
phase running :mod:`rftg_nb.engine.power_cache`, the views :mod:`rftg_nb.engine.views`, the
save format :mod:`rftg_nb.engine.saves`. The hooks the rules call (the deal, the start of each
round and phase, the phases a round runs, the steps after the actions and after each phase, the
end of the game) are those of :class:`rftg_nb.engine.variant.Variant`, which a kind of game
overrides; what ``Game`` runs for itself (after each answer, its state's own part, its
listeners) is underscored.
"""

from __future__ import annotations

import gc
import json
import random
import secrets
from collections.abc import Callable, Generator, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rftg_nb._native import mypyc_attr
from rftg_nb.cards import CardDatabase
from rftg_nb.constants import GAME_END_PHASE, PHASES, TABLEAU_END
from rftg_nb.engine import draft as _draft
from rftg_nb.engine import goals as _goals
from rftg_nb.engine import position as _position
from rftg_nb.engine import rounds as _rounds
from rftg_nb.engine import setup as _setup
from rftg_nb.engine.decision import (
    Decision,
    Event,
    IllegalChoice,
    SaveFileError,
    Saying,
    SetupError,
)
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.power_cache import RuleCaches
from rftg_nb.engine.record import Record
from rftg_nb.engine.saves import (
    APP_VERSION,
    APP_VERSION_FIELD,
    SAVE_FIELDS,
    SAVE_FORMAT,
    SAVE_VERSION,
    add_custom_cards,
    check_fields,
    check_seed,
    check_setup,
    custom_database,
    read_save,
)
from rftg_nb.engine.scoring import score_breakdown, winners_of
from rftg_nb.engine.state import Card, GameState, Player
from rftg_nb.engine.views import GameViews
from rftg_nb.text import whose

if TYPE_CHECKING:
    from rftg_nb.engine.draft import Draft
    from rftg_nb.engine.goals import GoalStatus



Rules = Generator[Decision, tuple[str, ...], None]
#: a kept state (see Game.clone): the choices made by then, where the rules start again, the
#: state
Mark = tuple[int, str, GameState]
#: what a copy goes on from: where, the state, the choices and who made each
Resume = tuple[str, GameState, list[tuple[str, ...]], bytearray]


def _all_str(items: list[Any]) -> bool:
    for x in items:
        if not isinstance(x, str):
            return False
    return True


def _stopped() -> Rules:
    """Rules that ask nothing more (a step-through copy's)."""
    yield from ()


class _Reached(Exception):
    """Raised inside :meth:`Game.at_step`'s replay when the wanted event has been emitted."""


@mypyc_attr(allow_interpreted_subclasses=True)  # SoloGame, TableGame
class Game(GameViews):
    """A game of Race for the Galaxy (base set or with The Gathering Storm).

    Create one with :meth:`new`, :meth:`from_json` or :meth:`from_position`; read
    :attr:`decision`; answer with :meth:`apply`.
    """

    #: Fields a save of this kind of game may carry besides SAVE_FIELDS (the table page's seats).
    SAVE_EXTRA: ClassVar[tuple[str, ...]] = ("table",)
    #: whether every part of the game is made (set in ``__init__`` before the deal; False
    #: before, also for a subclass's own ``__init__`` before it calls this one): until then
    #: every entry point raises :class:`GameNotReady` (see ``_check_made``)
    _made: bool = False

    def __init__(self, setup: Mapping[str, Any], seed: int, db: CardDatabase | None = None, *,
                 listeners: Iterable[Callable[[Event], None]] = (), record: bool = True,
                 resume: Resume | None = None):
        """The game of ``setup`` dealt from ``seed``, played to its first decision.

        ``listeners``: each is called with every event as it is emitted (after it joins
        :attr:`events`), from the deal on; this is the one way to follow a game's events as they
        happen. ``record=False``: no event is made at all (a copy nobody reads the story of,
        faster). ``resume``: go on from a state instead of dealing (a copy's: see
        :meth:`clone`)."""
        self._made = False  # (again in an undo's rebuild) until every part below is made
        self._given = tuple(listeners)
        #: the events told and who is told of each: the kind of game's own listeners
        #: (:meth:`_own_listeners`), then those given
        self.record = Record([*self._own_listeners(), *self._given], record)
        self.setup: dict[str, Any] = dict(setup)
        self.seed = seed
        self.db = db or custom_database(self.setup)
        self.expansion: str = self.setup["expansion"]
        self.advanced: bool = bool(self.setup["advanced"])
        #: what the rules keep to go faster: the powers of the phase running, worked out
        #: powers and goal counts by tableau (:mod:`rftg_nb.engine.power_cache`)
        self.caches = RuleCaches()
        #: the goals looked at by the checks at the end of each phase (goals.check)
        self.goals_checked: dict[str, tuple[_goals.GoalTrack, ...]] = {}
        #: whether the state is kept at the start of each round and phase (see :meth:`clone`);
        #: the latest kept, and the latest kept at the start of a round
        self._marking = False
        self._latest: Mark | None = None
        self._round_mark: Mark | None = None
        self._decision: Decision | None = None
        self._closed = False
        if resume is None:
            self.rng = random.Random(seed)
            n = int(self.setup["players"])
            names = self.setup.get("names") or [f"Player {i + 1}" for i in range(n)]
            self.players = [Player(i, str(names[i])) for i in range(n)]
            self.cards: list[Card] = []
            self.deck: list[Card] = []  # draw pile; the top card is the last item
            self.discard: list[Card] = []
            # The drafting variant's table (packets, picks, start world pairs, cards out of the
            # game); None in a game without the draft.
            self.draft: Draft | None = _draft.Draft(n) if self.setup.get("draft") else None
            self.vp_start = self.pool_size()
            self.vp_pool = self.vp_start
            self.round = 0
            self.phase = "setup"
            self.goal_tracks: list[_goals.GoalTrack] = _goals.tracks_for(self)
            self._log: list[tuple[str, ...]] = []
            self._log_players = bytearray()  # who made each choice (a byte a choice)
            self._gen: Rules = _rounds.play(self)
        else:
            at, state, log, log_players = resume
            self._take_state(state)
            self._log = log
            self._log_players = log_players
            self._gen = _rounds.play(self, at)
        #: stopped by a listener during the deal (:meth:`at_step`'s copy): nothing more runs
        self._halted = False
        self._made = True
        try:
            self._advance(None, first=True)
            self._answered(len(self._log))
        except _Reached:
            self._halted = True

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(
        cls,
        # What a person or a file passes in is checked below, each fault named (SetupError):
        # typed Any, as a compiled build would otherwise refuse a wrong type itself with a
        # TypeError. players: int; seed: int | None; expansion: str; advanced: bool | None;
        # names: Iterable[str] | None; goals: bool | Iterable[str] | None; draft: bool.
        players: Any = 2,
        seed: Any = None,
        expansion: Any = "tgs",
        advanced: Any = None,
        names: Any = None,
        goals: Any = None,
        custom_cards: Iterable[Mapping[str, Any]] | None = None,
        draft: Any = False,
    ) -> Game:
        """Deal a new game. Two players play the advanced (two actions) game unless told not to.

        ``draft`` (The Gathering Storm, 2 or 3 players): play the drafting variant. Each player
        is dealt an odd and an even start world, the game cards are drafted in packets of five
        into a private deck per player, and each player draws from and discards to their own
        piles all game (:mod:`rftg_nb.engine.draft`). Kept as ``setup["draft"] = True``. Other
        games raise :class:`SetupError` naming ``draft``.

        ``custom_cards``: designs of blank cards filled in by the players (dicts in the format
        of :mod:`rftg_nb.cards.custom`), shuffled into the deck; a bad design raises
        :class:`rftg_nb.cards.custom.CustomCardError` naming the card and field. The save keeps
        the designs, so it loads anywhere.

        ``goals`` (The Gathering Storm only): None or True draws 2 "most" and 4 "first" goals at
        random from ``seed``; a list of goal names plays those (any of the ten, each once);
        False plays none. A base game has no goals. The goals in play are kept in
        ``setup["goals"]``, so a save replays with them.
        """
        # The arguments become the set-up a save keeps, which saves.check_setup checks, as it
        # checks a loaded save's: the one check of a set-up (SetupError naming the argument).
        if advanced is None:
            advanced = players == 2
        setup: dict[str, Any] = {"players": players, "expansion": expansion, "advanced": advanced}
        if names is not None:  # a list of them; anything else is refused by the check
            listed = not isinstance(names, (str, bytes, Mapping)) and isinstance(names, Iterable)
            setup["names"] = list(names) if listed else names
        if seed is None:
            seed = secrets.randbits(32)
        check_seed(seed, SetupError)
        if expansion == "tgs" and (goals is None or goals is True):
            setup["goals"] = _goals.draw(seed)
        elif goals is False or goals is None:
            if expansion == "tgs":
                setup["goals"] = []
        elif isinstance(goals, (str, bytes)) or not isinstance(goals, Iterable):
            setup["goals"] = goals  # True in a base game, or no list: refused by the check
        else:
            named = list(goals)
            if named or expansion == "tgs":  # a base game with no goals keeps no key
                setup["goals"] = named
        if draft is not False:
            setup["draft"] = draft
        check_setup(setup, SetupError)
        add_custom_cards(setup, custom_cards)
        return cls(setup, seed)

    @classmethod
    def from_position(cls, data: Mapping[str, Any], seed: Any = 0) -> Game:  # seed: int
        """Start from a described position (see :mod:`rftg_nb.engine.position`)."""
        pos = _position.validate_position(data)
        setup = {
            "players": len(pos["players"]),
            "expansion": pos["expansion"],
            "advanced": pos["advanced"],
            "names": [p["name"] for p in pos["players"]],
            "position": pos,
        }
        return cls(setup, seed)

    # ----------------------------------------------------------------- protocol
    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        self._check_made()
        return self._decision

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (then ``decision`` is None and the scores are final)."""
        self._check_made()
        return self.phase == GAME_END_PHASE

    @property
    def choices(self) -> list[tuple[str, ...]]:
        """The choice log so far (one tuple of option ids per answered decision)."""
        self._check_made()
        return list(self._log)

    def answered(self, player: int) -> int:
        """How many decisions ``player`` has answered so far (what tells one of their
        questions from the next, though other seats answer in between)."""
        self._check_made()
        return self._log_players.count(player)

    def apply(self, choice: Any) -> None:  # str | list[str] | tuple[str, ...], checked
        """Answer the pending decision with an option id or a list of ids.

        Raises :class:`IllegalChoice` (and changes nothing) if the answer is not allowed.
        """
        self._check_made()
        d = self._decision
        if d is None:
            raise IllegalChoice("this game was closed: it takes no more answers"
                                if self._closed else
                                "the game is over: there is no decision to answer")
        ids = d.normalize(choice)
        why = d.check(ids)
        if why is not None:
            raise IllegalChoice(f"{d.kind}: {why}")
        self._log.append(ids)
        self._log_players.append(d.player)
        try:  # as _advance(ids), inline: this runs for every answer
            self._decision = self._gen.send(ids)
        except StopIteration:
            self._decision = None
            self._latest = self._round_mark = None  # (a finished game keeps no copies)
        self._answered(len(self._log))

    def _advance(self, ids: tuple[str, ...] | None, first: bool = False) -> None:
        try:
            d = next(self._gen) if first else self._gen.send(ids)  # type: ignore[arg-type]
        except StopIteration:
            d = None
        self._decision = d

    def undo(self, player: int | None = None) -> None:
        """Go back to ``player``'s previous decision (default: whoever decides now) by replay."""
        self._check_made()
        if player is None:
            if self._decision is not None:
                player = self._decision.player
            elif self._log_players:
                player = self._log_players[-1]
        idx = None
        for i in range(len(self._log_players) - 1, -1, -1):
            if self._log_players[i] == player:
                idx = i
                break
        if idx is None:
            raise IllegalChoice("that player has made no choice yet")
        # Rebuild this very object: the rules generator holds ``self`` and assigns to it
        # (round, phase, deck, over ...), so copying another game's attributes would go stale.
        log = self._log[:idx]
        marking = self._marking
        self.__init__(self.setup, self.seed, self.db,  # type: ignore[misc]
                      listeners=self._given, record=self.record.keeping,
                      **self._rebuild_options())
        self._marking = marking
        for ids in log:
            self.apply(ids)

    def at_step(self, n: int) -> Game:
        """A copy of this game as it stood right after its first ``n`` events, for reading.

        The copy replays the choices and stops the rules at the moment event ``n`` is
        emitted, so hands, tableaux, goods and tracks are exactly as they were then, also in
        the middle of a phase (a step-through view). It has no decision; nothing may be
        applied to it.
        """
        self._check_made()
        if not 1 <= n <= len(self.events):
            raise ValueError(f"step {n} is outside this game's events (1 to {len(self.events)})")
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
        if mark is not None:
            n, at, state = mark
            twin = type(self)(self.setup, self.seed, self.db, record=False,
                              resume=(at, state.copy(), self._log[:n], self._log_players[:n]),
                              **self._rebuild_options())
            if not round_start:
                twin._replay(self._log[n:], watch)
            return twin
        twin = type(self)(self.setup, self.seed, self.db, record=False,
                          **self._rebuild_options())
        twin._marking = True  # (so that this game has its marks from here on)
        twin._replay(self._log, watch, self.round if round_start else None)
        twin._marking = False  # (a copy played on keeps none, until it is copied itself)
        self._marking = True
        self._latest, self._round_mark = twin._latest, twin._round_mark
        return twin

    def _replay(self, log: list[tuple[str, ...]],
                watch: Callable[[Game, Decision, tuple[str, ...]], None] | None,
                stop_round: int | None = None) -> None:
        """Apply ``log`` (see :meth:`clone`); ``stop_round``: stop at that round's first
        choice of actions."""
        for ids in log:
            d = self._decision
            if d is None:
                break
            if stop_round is not None and d.kind == Kind.ACTIONS and self.round == stop_round:
                break
            if watch is not None:
                watch(self, d, ids)
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

    def _answered(self, choices: int) -> None:
        """Runs once the game stands at its next decision after ``choices`` choices (also
        after the deal, with none): the solitaire game's scripted changes."""

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
                raise _Reached

        copy = type(self)(self.setup, self.seed, self.db, listeners=[stop], **options)
        if not copy._halted:
            try:
                for ids in self._log:
                    copy.apply(ids)
            except _Reached:
                pass
        return copy, stop

    # ----------------------------------------------------------------- saving
    def to_json(self) -> str:
        """Format version + setup + seed + choice log, as JSON text, with the version of
        rftg_nb that wrote it (``app_version``: see rftg_nb/engine/saves.py). Loading replays
        it."""
        self._check_made()
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                APP_VERSION_FIELD: APP_VERSION,
                "setup": self.setup,
                "seed": self.seed,
                "choices": [list(c) for c in self._log],
            }
        )

    @classmethod
    def from_json(cls, text: Any) -> Game:  # str | bytes, checked by read_save
        """Load a game saved by :meth:`to_json`; raise :class:`SaveFileError` naming the fault."""
        data = read_save(text)
        check_fields(data, (*SAVE_FIELDS, *cls.SAVE_EXTRA), "")
        seed: Any = data.get("seed")  # checked here, as the set-up below
        check_seed(seed, SaveFileError, "field 'seed': ")
        setup: Any = data.get("setup")
        cls._check_setup(setup)
        choices = data.get("choices")
        if not isinstance(choices, list):
            raise SaveFileError("field 'choices': expected a list")
        # Every object the replay makes belongs to the game being built, so the cyclic garbage
        # collector, which would walk them (and every other live game) again and again while
        # they pile up, is paused until the game stands (about a third of a replay's time).
        collecting = gc.isenabled()
        gc.disable()
        try:
            try:
                game = cls(setup, seed)
            except (ValueError, KeyError, TypeError) as e:
                raise SaveFileError(f"field 'setup': {e}") from None
            for i, c in enumerate(choices):
                if not isinstance(c, list) or not _all_str(c):
                    raise SaveFileError(
                        f"field 'choices' item {i}: expected a list of option ids")
                try:
                    game.apply(c)
                except ValueError as err:  # IllegalChoice, or a scripted step that cannot run
                    raise SaveFileError(
                        f"field 'choices' item {i} does not replay: {err}") from None
        finally:
            if collecting:
                gc.enable()
        return game

    @staticmethod
    def _check_setup(setup: Any) -> None:
        check_setup(setup)

    # ----------------------------------------------------------------- results
    def scores(self) -> list[int]:
        """Each side's score so far (final once the game is over), in the order of
        :meth:`sides`."""
        self._check_made()
        return [score_breakdown(self, p)["total"] for p in self.players]

    def score_breakdown(self, player: int) -> dict[str, Any]:
        """Printed VP, VP chips, each 6-cost bonus by card, each goal's VP by goal, and the
        total for ``player``."""
        self._check_made()
        return score_breakdown(self, self.players[player])

    @property
    def goals(self) -> tuple[GoalStatus, ...]:
        """The goals in play, in tile order, each a frozen :class:`GoalStatus`: ``name``,
        ``kind`` ("first" or "most"), ``phases`` (checked at the end of: "develop", "settle",
        "consume" or "round_end"), ``vp`` (3 or 5), ``need`` (count that meets it; a "most"
        goal's minimum), ``text``, ``holders`` (who scored a "first" goal; who holds a "most"
        goal's tile), ``counts`` (each player's count now) and ``end_chips`` (who got a 3 VP
        chip for a "most" goal at game end). Empty in a game without goals."""
        self._check_made()
        return _goals.status(self)

    @property
    def winners(self) -> list[int]:
        """Winning player indices once the game is over (several only if tied after tie-break)."""
        self._check_made()
        if self.phase != GAME_END_PHASE:
            return []
        return winners_of(self, self.scores())

    @property
    def winner(self) -> int | None:
        """The winner's index after the tie-break; None while playing or if still tied."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    def tiebreak(self, player: int) -> int:
        """What breaks a tie for side ``player``: cards in hand plus goods."""
        self._check_made()
        p = self.players[player]
        return len(p.hand) + p.good_count()

    # ----------------------------------------------------------------- sides
    def pool_size(self) -> int:
        """VP chips in the pool at the start: 12 per player."""
        return 12 * len(self.players)

    def sides(self) -> list[str]:
        """The names that :meth:`scores` reports on, in order."""
        self._check_made()
        return [p.name for p in self.players]

    def whose(self, side: int) -> str:
        """The possessive of side ``side`` of :meth:`scores` ("your", "Ann's")."""
        return whose(self.sides()[side])

    def side_actor(self, side: int) -> int | str:
        """The event actor for side ``side`` of :meth:`scores`."""
        return side

    def tableau_sizes(self) -> list[int]:
        """Each side's tableau size for the game end, in the order of :meth:`sides`."""
        self._check_made()
        return [len(p.tableau) for p in self.players]

    # ----------------------------------------------------------------- hooks of the rules
    # (rftg_nb.engine.variant.Variant: the rules call them, a kind of game overrides them; at_start
    # is with the copies above)
    def on_deal(self) -> Rules:
        """The set-up up to round 1: start worlds, deck, windfall goods, opening hands and the
        opening discards; a drafted game drafts (:mod:`rftg_nb.engine.draft`)."""
        if self.draft is not None:
            yield from _draft.run(self)
            return
        _setup.deal(self)
        yield from _setup.initial_discards(self)

    def phases_of_round(self) -> set[str]:
        """The phases this round runs: those called by some player's actions."""
        chosen: set[str] = set()
        for p in self.players:
            chosen.update(p.actions)
        return {phase for phase, calls in PHASES if not chosen.isdisjoint(calls)}

    def after_actions(self) -> Rules:
        """Runs once actions are revealed (the solitaire robot rolls its dice here)."""
        yield from ()

    def after_phase(self, phase: str) -> Rules:
        """Runs after the players' part of each phase (the solitaire robot acts here)."""
        yield from ()

    def end_reasons(self) -> list[str]:
        """Why the game ends at this round's end: the pool is empty or a tableau holds 12 or
        more cards (none: it goes on)."""
        reasons = []
        if self.vp_pool <= 0:
            extra = f", {-self.vp_pool} extra used" if self.vp_pool < 0 else ""
            reasons.append(f"the VP chips have run out (pool 0{extra})")
        for side, n in enumerate(self.tableau_sizes()):
            if n >= TABLEAU_END:
                reasons.append(f"{self.whose(side)} tableau has {n} cards")
        return reasons

    # ----------------------------------------------------------------- the record of events
    def _own_listeners(self) -> list[Callable[[Event], None]]:
        """The listeners this kind of game keeps for itself (the solitaire game's and the
        table's per-event records of the race); called before the rules start."""
        return []

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order (see :meth:`tell`)."""
        return self.record.events

    def tell(self, actor: int | str | None, saying: Saying, facts: tuple[Any, ...]) -> None:
        """Tell an event of the round and phase running: ``actor`` did what ``saying`` tells
        of ``facts`` (its sentence and data are made when read: see :class:`Saying`; a
        sentence written out where it happens is told with :func:`told`). The one way an
        event is made."""
        self.record.tell(self.round, self.phase, actor, saying, facts)
