"""The table app's plain-Python controller: 2 to 5 players sharing one screen.

People and computer seats sit at one table. Computer seats answer at once; before a person's
question is shown the screen asks to be passed to that person (:attr:`TableController.
pending_pass`), and only once they confirm (:meth:`TableController.confirm_seat`) is that
person the :attr:`TableController.viewer` whose hand the board shows
(:func:`rftg_nb.ui.table_board.table_state`, which never holds another player's hand or
private events)::

    >>> from rftg_nb.ui.table import TableController, TableSettings
    >>> c = TableController()
    >>> c.new_game(TableSettings(3, ["Ann", "Bob", "Cy"], [False, False, True], seed=4))
    >>> c.pending_pass
    'Ann'
    >>> c.confirm_seat(); c.game.players[c.viewer].name
    'Ann'

The seats' settings and their checks are :mod:`rftg_nb.ui.table_seats`; what the views show of
the game (goals, result, timeline) is worked out in :mod:`rftg_nb.ui.table_views`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.ahead import ThinkAhead
from rftg_nb.engine.decision import Decision, IllegalChoice, SaveFileError
from rftg_nb.engine.table import TableGame
from rftg_nb.players import Player, play
from rftg_nb.ui.assist import Assistant
from rftg_nb.ui.controller import Status, load_failed, new_key, now
from rftg_nb.ui.table_seats import RandomSeat, TableSettings, check_saved_table, check_settings
from rftg_nb.ui.table_views import (
    events_seen,
    game_result,
    goals_in_play,
    name_of_actor,
    public_timeline,
)

SEAT_SECONDS = 1.5  # what a strong computer seat may think a question (rftg_nb.ai.APP_SECONDS)


class _Seat:
    """A computer seat of the table as a player: it answers through the controller's
    :meth:`TableController.choose`."""

    def __init__(self, table: TableController, seat: int) -> None:
        self.table, self.seat = table, seat

    def answer(self, game: Any, decision: Decision) -> list[str]:
        return self.table.choose(self.seat, decision)


@dataclass
class TableController:
    """State of one shared screen: the game, who sits where, and whose turn it is to look."""

    game: TableGame | None = None
    settings: TableSettings = field(default_factory=TableSettings)
    status: Status = field(default_factory=Status)
    pending_pass: str | None = None  # "pass the screen to <name>" until confirm_seat()
    _seat: int | None = field(default=None, repr=False)  # the person now looking
    assistant: Assistant = field(default_factory=Assistant, repr=False)
    #: told the seat first whenever a computer seat is about to think (the page says who)
    on_think: Callable[[int], None] | None = field(default=None, repr=False)
    #: the computer seats' choices of actions, worked out while a person chooses (see
    #: :meth:`think_ahead`)
    ahead: ThinkAhead = field(default_factory=ThinkAhead, repr=False)
    #: the game's key in the game history (one per game started or loaded) and its start time
    key: str = field(default_factory=new_key)
    started: str | None = None

    # ------------------------------------------------------------------ game lifecycle
    def new_game(self, settings: TableSettings | None = None) -> None:
        """Start a new game; a bad setting leaves the current game and says why."""
        s = settings or self.settings
        why = check_settings(s)
        if why is None:
            try:
                game = TableGame.new(s.players, seed=s.seed, names=[n.strip() for n in s.names],
                                     goals=s.goals, draft=s.draft)
            except ValueError as e:
                why = str(e)
        if why is not None:
            self.status = Status(f"Could not start a game: {why}", True)
            return
        self.settings = TableSettings(s.players, [n.strip() for n in s.names],
                                      [bool(x) for x in s.computer], s.goals, game.seed,
                                      s.level, s.draft)
        self._start(game)
        self.started = now()
        self.status = Status(f"New {s.players}-player game (seed {game.seed}).")

    def answer(self, ids: list[str] | str) -> bool:
        """Answer the pending question for the seat that confirmed it. An illegal answer is
        reported and changes nothing."""
        g = self.game
        if g is None or g.decision is None:
            self.status = Status("There is no question to answer.", True)
            return False
        if self.viewer is None:
            self.status = Status(f"Pass the screen to {self.pending_pass} first.", True)
            return False
        try:
            g.apply(ids)
        except IllegalChoice as e:
            self.status = Status(f"Not allowed: {e}", True)
            return False
        self.status = Status("")
        self._play_computers()
        return True

    def confirm_seat(self) -> None:
        """The person asked for has the screen: show them their question."""
        g = self.game
        if self.pending_pass is None or g is None or g.decision is None:
            return
        self._seat = g.decision.player
        self.pending_pass = None

    def undo(self) -> bool:
        """Take back the last person's choice (and the computers' choices after it), then
        ask for the screen to be passed to that person."""
        g = self.game
        if g is None:
            self.status = Status("Start a game first.", True)
            return False
        people = [p for p in g.deciders if not self.settings.computer[p]]
        if not people:
            self.status = Status("Nothing to undo: no person has made a choice yet.", True)
            return False
        # The last choice of the last person to decide is the last person's choice of all.
        self.ahead.forget()
        g.undo(people[-1])
        self._seat = None
        self._ask_pass()
        self.status = Status(f"Undone: back to {g.players[people[-1]].name}'s previous "
                             "decision.")
        return True

    def save(self) -> str:
        """The game as JSON text (setup + seed + choices) with the table's seats."""
        g = self.need_game()
        data = json.loads(g.to_json())
        data["table"] = {"names": [p.name for p in g.players],
                         "computer": list(self.settings.computer),
                         "level": self.settings.level}
        return json.dumps(data)

    def load(self, text: str | bytes) -> bool:
        """Load a saved table game; a bad file is reported and the current game is kept."""
        try:
            game = TableGame.from_json(text)
            computer, level = check_saved_table(json.loads(text).get("table"), game)
        except SaveFileError as e:
            self.status = Status(f"Could not load that file: {e}", True)
            return False
        except Exception as e:  # a fault of ours, not the file's: still say so, keep the game
            self.status = load_failed(e, "the game in play")
            return False
        goals = game.setup.get("goals")
        self.settings = TableSettings(len(game.players), [p.name for p in game.players],
                                      computer, list(goals) if goals is not None else False,
                                      game.seed, level, bool(game.setup.get("draft")))
        self._start(game)
        self.status = Status(f"Loaded a saved game at round {game.round}.")
        return True

    # ------------------------------------------------------------------ computer seats
    def choose(self, seat: int, decision: Decision) -> list[str]:
        """A computer seat's answer: the AI at the table's level (it sees only what ``seat``
        may see), or at level "random" a pick drawn from the game's seed, the seat and the
        number of choices made. Either way the same position gets the same answer (also after
        an undo or a load), except that the strong level thinks for at most
        :data:`SEAT_SECONDS`, and when that cuts its look-ahead short the answer depends on
        how busy the machine was."""
        g = self.need_game()
        if self.on_think is not None:
            self.on_think(seat)
        if self.settings.level != "random":
            ahead = self.ahead.take(g, decision)
            if ahead is not None:
                return ahead
        return self.seat_player().answer(g, decision)

    def think_ahead(self) -> bool:
        """While the person on the screen chooses their actions, let the computer seats that
        choose after them work out their own on a copy of the game (a thread of its own;
        :class:`rftg_nb.ai.ahead.ThinkAhead`), so that the answer is not followed by their
        thinking. Their choices cannot depend on the person's, which nobody sees before all
        have chosen, and each is the answer the seat gives when asked in that position. True
        when they started; the page calls this after each new state it is sent."""
        g = self.game
        if g is None or self.settings.level == "random":
            return False  # a random seat answers at once
        return self.ahead.start(g, self.settings.computer, self.seat_player().answer)

    def seat_player(self) -> Player:
        """The player of the computer seats at the table's level (see :meth:`choose`)."""
        if self.settings.level == "random":
            return RandomSeat()

        return AIPlayer(self.settings.level, seed=self.need_game().seed, seconds=SEAT_SECONDS)

    # ------------------------------------------------------------------ the computer's help
    def hint(self) -> Any:
        """The computer's pick for the viewer's question, with its reason; None, saying why in
        the status line, when there is no question on the screen."""
        g = self.game
        if g is None or self.decision is None:
            self.status = Status("There is no question on the screen to hint at.", True)
            return None
        h = self.assistant.hint(g)
        self.status = Status("")  # the board shows the hint in the question box
        return h

    def autoplay(self, until: str) -> int:
        """Let the computer answer the viewer's questions to the end of the round
        (``"round"``) or of the game (``"game"``), as long as nobody else must answer; the
        computer seats then play on and the screen is passed as usual."""
        g = self.game
        seat = self.viewer
        if g is None or seat is None:
            self.status = Status("Take the screen first: the computer plays for the person "
                                 "holding it.", True)
            return 0
        name = g.players[seat].name
        computer = self.settings.computer

        def others(d: Decision) -> list[str] | None:
            return self.choose(d.player, d) if computer[d.player] else None

        n = self.assistant.autoplay(g, seat, until, others)
        self._play_computers()
        self.status = Status(f"The computer answered {n} question{'s' * (n != 1)} for {name}."
                             if n else "The computer has nothing to answer now.", not n)
        return n

    def _play_computers(self) -> None:
        g = self.need_game()
        play(g, {seat: _Seat(self, seat) for seat, computer
                 in enumerate(self.settings.computer) if computer})
        self._ask_pass()

    def _ask_pass(self) -> None:
        """Ask for the screen to go to the person who decides, unless they already have it."""
        g = self.need_game()
        d = g.decision
        if d is None:
            self.pending_pass = None
            self._seat = None
        elif d.player != self._seat:
            if sum(1 for c in self.settings.computer[:len(g.players)] if not c) == 1:
                # one person at the table: nobody to pass the screen to, it is theirs
                self._seat, self.pending_pass = d.player, None
            else:
                self.pending_pass = g.players[d.player].name
                self._seat = None

    def _start(self, game: TableGame) -> None:
        self.ahead.forget()
        self.game = game
        self.key, self.started = new_key(), None
        self._seat = None
        self.pending_pass = None
        self._play_computers()

    # ------------------------------------------------------------------ what the views show
    @property
    def viewer(self) -> int | None:
        """The seat looking at the screen now: the person whose question is pending and who
        confirmed it; None while the screen is being passed or the game is over."""
        g = self.game
        if g is None or g.decision is None or self.pending_pass is not None:
            return None
        return self._seat if self._seat == g.decision.player else None

    @property
    def decision(self) -> Decision | None:
        """The question shown now (None while the screen is being passed)."""
        return self.game.decision if self.game is not None and self.viewer is not None \
            else None

    def goals(self) -> list[dict[str, Any]]:
        """The goals in play with their holders and every player's count against them."""
        return goals_in_play(self.need_game())

    def visible_events(self, seat: int | None) -> list[Any]:
        """The events ``seat`` may see (the public ones only for None)."""
        return events_seen(self.need_game(), seat)

    def result(self) -> dict[str, Any] | None:
        """Every player's score breakdown and the winners, once the game is over."""
        return game_result(self.need_game())

    def timeline(self) -> Any:
        """One row per public event (:func:`rftg_nb.ui.table_views.public_timeline`): step,
        round, phase, actor, kind, text, the VP pool, each player's score so far and the goal
        of goal events."""
        return public_timeline(self.need_game())

    # ------------------------------------------------------------------ for the views
    def actor_name(self, actor: Any) -> str:
        """Who an event's ``actor`` is, in words: a seat's name, "game" or the actor as is."""
        return name_of_actor(self.need_game(), actor)

    def need_game(self) -> TableGame:
        """The game in play (RuntimeError before the first one starts)."""
        if self.game is None:
            raise RuntimeError("start a game first")
        return self.game
