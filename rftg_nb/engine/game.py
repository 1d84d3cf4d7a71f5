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

import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rftg_nb._native import mypyc_attr
from rftg_nb.cards import CardDatabase
from rftg_nb.constants import ACTION_PHASE, GAME_END_PHASE, TABLEAU_END
from rftg_nb.engine import draft as _draft
from rftg_nb.engine import goals as _goals
from rftg_nb.engine import position as _position
from rftg_nb.engine import rounds as _rounds
from rftg_nb.engine import setup as _setup
from rftg_nb.engine.copies import GameCopies, Resume, StepReached
from rftg_nb.engine.decision import Decision, Event, IllegalChoice, SaveFileError, Saying
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
    replay,
    setup_of,
)
from rftg_nb.engine.state import Player
from rftg_nb.engine.variant import Rules

if TYPE_CHECKING:
    from rftg_nb.engine.goals import GoalStatus


@mypyc_attr(allow_interpreted_subclasses=True)  # SoloGame, TableGame
class Game(GameCopies):
    """A game of Race for the Galaxy (base set or with The Gathering Storm).

    Create one with :meth:`new`, :meth:`from_json` or :meth:`from_position`; read
    :attr:`decision`; answer with :meth:`apply`.
    """

    #: Fields a save of this kind of game may carry besides SAVE_FIELDS (the table page's seats).
    SAVE_EXTRA: ClassVar[tuple[str, ...]] = ("table",)

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
        self.setup = dict(setup)
        self.seed = seed
        self.db = db or custom_database(self.setup)
        self.expansion: str = self.setup["expansion"]
        self.advanced: bool = bool(self.setup["advanced"])
        #: what the rules keep to go faster: the powers of the phase running, worked out
        #: powers and goal counts by tableau (:mod:`rftg_nb.engine.power_cache`)
        self.caches = RuleCaches()
        #: the goals looked at by the checks at the end of each phase (goal_checks.check)
        self.goals_checked: dict[str, tuple[_goals.GoalTrack, ...]] = {}
        #: whether the state is kept at the start of each round and phase (see :meth:`clone`);
        #: the latest kept, and the latest kept at the start of a round
        self._marking = False
        self._latest = None
        self._round_mark = None
        self._from_here = False
        self._decision = None
        self._closed = False
        if resume is None:
            self.rng = random.Random(seed)
            n = int(self.setup["players"])
            names = self.setup.get("names") or [f"Player {i + 1}" for i in range(n)]
            self.players = [Player(i, str(names[i])) for i in range(n)]
            self.cards = []
            self.deck = []  # draw pile; the top card is the last item
            self.discard = []
            # The drafting variant's table (packets, picks, start world pairs, cards out of the
            # game); None in a game without the draft.
            self.draft = _draft.Draft(n) if self.setup.get("draft") else None
            self.vp_start = self.pool_size()
            self.vp_pool = self.vp_start
            self.round = 0
            self.phase = "setup"
            self.goal_tracks = _goals.tracks_for(self)
            self._log = []
            self._log_players = []  # who made each choice
            self._gen = _rounds.play(self)
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
        except StepReached:
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
        setup, seed = setup_of(players, seed, expansion, advanced, names, goals, draft)
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
        ids = d.accept(choice)
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
        if self._from_here:
            raise ValueError("a copy that is copied only from its own states (copy_from_here) "
                             "cannot be undone: its seed does not deal its cards")
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

    def _answered(self, choices: int) -> None:
        """Runs once the game stands at its next decision after ``choices`` choices (also
        after the deal, with none): the solitaire game's scripted changes."""

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
        game: Game = replay(lambda: cls(setup, seed), data.get("choices"))
        return game

    @staticmethod
    def _check_setup(setup: Any) -> None:
        check_setup(setup)

    # ----------------------------------------------------------------- results
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
        todo: set[str] = set()
        for p in self.players:
            for action in p.actions:
                phase = ACTION_PHASE.get(action)
                if phase is not None:
                    todo.add(phase)
        return todo

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
