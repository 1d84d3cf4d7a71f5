"""The app's plain-Python controller: every button of the dashboard is a method here.

The widgets in :mod:`rftg_nb.ui.app` only read this object's state and call its methods, so
tests drive the whole app without a browser.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from rftg_nb.engine.decision import Decision, Event, IllegalChoice, SaveFileError
from rftg_nb.engine.kinds import Kind
from rftg_nb.robot import ComponentError, SoloGame
from rftg_nb.robot.dice import Placement
from rftg_nb.text import count, quote
from rftg_nb.ui.assist import Assistant


def new_key() -> str:
    """A new game's key in the game history (rftg_nb.history): one row however often kept."""
    return uuid.uuid4().hex


def now() -> str:
    """The time now, as the game history writes it (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class NewGameSettings:
    """What the new-game panel asks for."""

    difficulty: str = "easy"
    seed: int | None = None  # None: a random seed
    player_start: str | None = None
    robot_start: str | None = None
    manual_dice: bool = False
    custom_cards: list[dict[str, Any]] | None = None  # designs shuffled into the deck


@dataclass
class Status:
    """A message for the person (``error`` True shows it as a problem)."""

    text: str = ""
    error: bool = False


def load_failed(error: Exception, kept: str) -> Status:
    """What a load that failed for a reason the loaders did not name (a fault of ours, not the
    file's) says: the error's kind and text, and that ``kept`` is kept."""
    return Status(f"Could not load that file (an unexpected {type(error).__name__}; {kept} is "
                  f"kept): {quote(str(error))}", True)


@dataclass
class SoloController:
    """State of one dashboard: the game, the step-through cursor and messages."""

    step_through: bool = False
    explain: bool = False  # the coach: a sentence on each question's phase
    game: SoloGame | None = None
    status: Status = field(default_factory=Status)
    shown: int = 0  # events revealed so far (step-through holds back the robot's newer ones)
    settings: NewGameSettings = field(default_factory=NewGameSettings)
    _timeline: tuple[Any, Any, Any] = field(default=(None, None, None), repr=False)
    _cursor: tuple[Any, Any] = field(default=(None, None), repr=False)
    _pending: tuple[Any, Any, int] = field(default=(None, None, 0), repr=False)
    assistant: Assistant = field(default_factory=Assistant, repr=False)
    #: the game's key in the game history (one per game started or loaded) and its start time
    key: str = field(default_factory=new_key)
    started: str | None = None

    # ------------------------------------------------------------------ game lifecycle
    def new_game(self, settings: NewGameSettings | None = None) -> None:
        """Start a new game; a bad setting leaves the current game and says why."""
        s = settings or self.settings
        try:
            game = SoloGame.new(
                seed=s.seed, difficulty=s.difficulty, player_start=s.player_start,
                robot_start=s.robot_start, dice="manual" if s.manual_dice else None,
                custom_cards=s.custom_cards,
            )
        except (ValueError, ComponentError) as e:
            self.status = Status(f"Could not start a game: {e}", True)
            return
        self.settings = s
        game.keep_numbers()  # the score and the charts read them after every answer
        self.game = game
        self.key, self.started = new_key(), now()
        self.shown = len(game.events)
        custom = game.setup.get("custom_cards") or []
        extra = (f" With your {custom_set_words(custom)} in the deck: "
                 f"{', '.join(d['name'] for d in custom)}." if custom else "")
        self.status = Status(f"New {s.difficulty} game (seed {game.seed}). "
                             f"Robot start world: {game.robot.start.name}.{extra}")

    def answer(self, ids: list[str] | str) -> bool:
        """Answer the pending decision. An illegal answer is reported and changes nothing."""
        g = self._need_game()
        if self.pending_steps():
            self.status = Status("Step through the robot's moves first (or show them all).",
                                 True)
            return False
        try:
            g.apply(ids)
        except IllegalChoice as e:
            self.status = Status(f"Not allowed: {e}", True)
            return False
        self.status = Status("")
        self._after_change()
        return True

    def undo(self) -> bool:
        g = self._need_game()
        try:
            g.undo(0)
        except IllegalChoice:
            self.status = Status("Nothing to undo: you have made no choice yet in this game.",
                                 True)
            return False
        self.shown = len(g.events)
        self.status = Status("Undone: back to your previous decision.")
        return True

    def save(self) -> str:
        """The game as JSON text (setup + seed + choices)."""
        return self._need_game().to_json()

    # ------------------------------------------------------------------ the computer's help
    def hint(self) -> Any:
        """The computer's pick for the question shown, with its reason; None, saying why in
        the status line, when there is nothing to hint at."""
        g = self._need_game()
        if self.decision is None:
            self.status = Status("There is no question to hint at now.", True)
            return None
        h = self.assistant.hint(g)
        if h is None:
            self.status = Status("No hint for a roll: enter the dice you rolled.", True)
            return None
        self.status = Status("")  # the board shows the hint in the question box
        return h

    def autoplay(self, until: str) -> int:
        """Let the computer answer your questions to the end of the round (``"round"``) or of
        the game (``"game"``); every robot move is then shown. Returns how many it answered."""
        g = self._need_game()
        self.show_all()
        start = g.round
        n = self.assistant.autoplay(g, 0, until)
        self.shown = len(g.events)
        if n == 0:
            self.status = Status("The computer has nothing to answer for you now.", True)
            return 0
        if g.is_over:
            where = "to the end of the game"
        elif g.decision is not None and g.decision.kind == Kind.DICE:
            where = "up to the next roll of real dice"
        else:
            where = f"to the end of round {start}" if start else "through the setup"
        self.status = Status(f"The computer answered {n} question{'s' * (n != 1)} for you "
                             f"{where}. Undo takes back one at a time.")
        return n

    def load(self, text: str | bytes) -> bool:
        """Load a saved game; a bad file is reported and the current game is kept."""
        try:
            game = SoloGame.from_json(text)
        except SaveFileError as e:
            self.status = Status(f"Could not load that file: {e}", True)
            return False
        except Exception as e:  # a fault of ours, not the file's: still say so, keep the game
            self.status = load_failed(e, "the game in play")
            return False
        game.keep_numbers()
        self.game = game
        self.key, self.started = new_key(), None
        self.shown = len(game.events)
        solo = game.setup["solo"]
        self.settings = NewGameSettings(
            difficulty=solo["difficulty"], seed=game.seed, player_start=solo["player_start"],
            robot_start=solo["robot_start"], manual_dice=solo.get("dice") == "manual",
            custom_cards=game.setup.get("custom_cards"))
        self.status = Status(f"Loaded a saved game at round {game.round}.")
        return True

    # ------------------------------------------------------------------ step through
    def set_step_through(self, on: bool) -> None:
        self.step_through = bool(on)
        if not on and self.game is not None:
            self.shown = len(self.game.events)

    def pending_steps(self) -> int:
        """How many of the robot's moves are still held back for stepping through: the number
        of *Next step* presses left (each reveals one move, with the events before it)."""
        if self.game is None:
            return 0
        # asked several times for each drawing: counted once per game, events and moves shown
        # (the newest event itself tells one history from another of the same length: undo)
        events = self.game.events
        last, key, count = self._pending
        if key != (len(events), self.shown) or not events or last is not events[-1]:
            count = sum(1 for e in events[self.shown:] if self._is_step(e))
            self._pending = (events[-1] if events else None, (len(events), self.shown), count)
        return count

    @staticmethod
    def _is_step(e: Event) -> bool:
        """Whether ``e`` is a step of its own: one of the robot's moves. The events between two
        of them (a phase beginning, your own draw) show with the move after them."""
        return e.actor == "robot" and e.seen_by(0)

    def next_step(self) -> Event | None:
        """Reveal the robot's next held-back move (with its rule), and the events before it;
        None when none is left."""
        g = self._need_game()
        while self.shown < len(g.events):
            e = g.events[self.shown]
            self.shown += 1
            if self._is_step(e):
                self._settle()
                return e
        return None

    def show_from(self, step: int) -> None:
        """Hold back the events from ``step`` on, the robot's moves to be revealed one at a
        time."""
        self.shown = step
        self._settle()

    def show_all(self) -> None:
        self.shown = len(self._need_game().events)

    def _after_change(self) -> None:
        g = self._need_game()
        if not self.step_through:
            self.shown = len(g.events)
            return
        # Reveal everything up to the robot's first move; hold the robot's moves back.
        while self.shown < len(g.events) and not self._is_step(g.events[self.shown]):
            self.shown += 1
        self._settle()

    def _settle(self) -> None:
        """Once no robot move is held back, the events after the last one show too (nothing
        is left to step through)."""
        if not self.pending_steps():
            self.shown = len(self._need_game().events)

    # ------------------------------------------------------------------ what the views show
    @property
    def decision(self) -> Decision | None:
        if self.game is None or self.pending_steps():
            return None
        return self.game.decision

    def visible_events(self) -> list[Event]:
        g = self._need_game()
        return [e for e in g.events[: self.shown] if e.seen_by(0)]

    def timeline(self) -> Any:
        """The game's timeline up to the revealed step (built once per game state: the
        charts, the log and its filters all read it)."""
        g = self._need_game()
        game, size, df = self._timeline
        if game is not g or size != (len(g.choices), len(g.events), self.shown):
            df = g.timeline()
            df = df[df["step"] < self.shown].reset_index(drop=True)
            self._timeline = (g, (len(g.choices), len(g.events), self.shown), df)
        return df

    def at_cursor(self) -> SoloGame:
        """The game as the person may see it: as it stood at the step cursor.

        While robot steps are held back, every view (hand, tableau, mat, score) reads this
        copy, so nothing from a later step (a card drawn in the coming Explore) shows early.
        """
        g = self._need_game()
        if not self.pending_steps():
            return g
        key = (id(g), len(g.choices), len(g.events), self.shown)
        if self._cursor[0] != key:
            self._cursor = (key, g.at_step(self.shown))
        return self._cursor[1]

    def robot_at_cursor(self) -> dict[str, Any]:
        """The robot's mat as of the last revealed step (the live mat when nothing is held)."""
        g = self.at_cursor()
        r = g.robot
        d = self.decision
        choosing = d is not None and d.kind == Kind.ACTIONS
        mat = {
            "credit": r.credit, "economy": r.economy, "vp": r.vp_chips,
            "tableau": list(r.tableau), "draw_stack": len(r.stack),
            "counters_left": r.counters_left, "robot_face": r.robot_face,
            "start": r.start.name, "dice": [],
            "credit_max": r.credit_max, "economy_max": r.economy_max,
            # your markers (the spaces of your actions); last round's are off the mat, with
            # its dice, while you choose actions
            "markers": [] if choosing else list(g.players[0].actions),
        }
        if choosing:
            return mat
        # The dice whose placement has been revealed, in the round of the last revealed step
        # (the game itself may have run on into the next round).
        now = g.events[-1].round if g.events else 0
        mat["dice"] = [Placement(e.data["die"], e.data["rolled"], e.data["face"],
                                 e.data["space"], e.data["why"])
                       for e in g.events if e.kind == "die" and e.round == now]
        return mat

    def log_table(self, actor: str | None = None, phase: str | None = None) -> Any:
        """The revealed events as a table, filtered by actor and/or phase.

        Where your own draw or discard is followed by its private twin naming the cards, only
        the twin is listed.
        """
        df = self.timeline()
        twin = (df["kind"].isin(["draw", "discard"])
                & (df["kind"].shift(-1) == df["kind"] + "_private")
                & (df["actor"].shift(-1) == df["actor"]))
        df = df.loc[~twin, ["step", "round", "phase", "actor", "text", "rule"]]
        if actor:
            df = df[df["actor"] == actor]
        if phase:
            df = df[df["phase"] == phase]
        return df

    def result(self) -> dict[str, Any] | None:
        """Both sides' score breakdowns and the winner, once the game is over."""
        g = self._need_game()
        if not g.is_over:
            return None
        sides = g.sides()
        w = g.winners
        return {
            "player": g.score_breakdown(0), "robot": g.score_breakdown(1),
            "winner": " and ".join(sides[i] for i in w) if w else "",
            "shared": len(w) > 1,
            "reason": next((e.text for e in reversed(g.events) if e.kind == "game_end"), ""),
        }

    def _need_game(self) -> SoloGame:
        if self.game is None:
            raise RuntimeError("start a game first")
        return self.game


def custom_set_words(designs: list[dict[str, Any]]) -> str:
    """Custom designs counted as designs and as cards in the deck: "1 custom design (4
    cards)" for one design of four copies."""
    copies = sum(c if type(c := d.get("copies", 1)) is int else 1 for d in designs)
    return f"{count(len(designs), 'custom design')} ({count(copies)})"
