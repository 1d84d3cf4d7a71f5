"""``SoloGame``: the TGS solitaire game, you against the adaptable robot.

You play the 2-player advanced game; the robot is driven by two custom dice and the rules of the
TGS rulebook's "Solitaire Game" section. Every robot step is an event carrying the rule (mat row)
it follows, and :meth:`SoloGame.timeline` turns the game into a table for charts.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Final

from rftg_nb._native import mypyc_attr
from rftg_nb.cards import CardDatabase
from rftg_nb.engine import piles
from rftg_nb.engine.decision import Decision, Event, GameNotReady, Option, forced, told
from rftg_nb.engine.game import Game, Resume
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.setup import initial_discards
from rftg_nb.engine.state import Card
from rftg_nb.robot import procedures
from rftg_nb.robot.components import Components, load_components
from rftg_nb.robot.dice import (
    FACE_LABELS,
    SPACE_PHASE,
    Placement,
    one_per_die,
    place_dice,
    player_markers,
    roll_from_ids,
    which_die,
)
from rftg_nb.robot.mat import Robot
from rftg_nb.robot.numbers import STAMP_FIELDS, RaceNumbers, timeline
from rftg_nb.robot.sayings import (
    DICE,
    DIE,
    FLIP_DISCARD,
    FLIP_FOUND,
    FLIP_NONE,
    ROBOT_DRAW,
    ROBOT_PLACE,
    ROBOT_VP,
    SECTION,
    TRACK_MOVES,
)
from rftg_nb.robot.setup import (
    adjust_robot,
    check_adjust,
    check_solo_save,
    deal,
    orient,
    solo_setup,
)

Rules = Generator[Decision, tuple[str, ...], None]
ROBOT: Final = 1  # the robot's index in scores(), winners and events' actor field is "robot"


@mypyc_attr(allow_interpreted_subclasses=True)  # as Game: a test's own recording game
class SoloGame(Game):
    """The solitaire game. Player 0 is you; index 1 in :meth:`scores` and :attr:`winner` is
    the robot."""

    SAVE_EXTRA: ClassVar[tuple[str, ...]] = ()
    #: The robot's mat, dealt with the start worlds (:func:`rftg_nb.robot.setup.deal`) and
    #: not there before: read through :meth:`_mat`, which says so (:class:`GameNotReady`),
    #: from anything that may run earlier (a hook of the deal, an ``at_step`` copy stopped in
    #: it). Never None: compiled code reads a ``Robot`` attribute as a Robot, unchecked.
    robot: Robot
    __deletable__ = ("robot",)  # an undo's rebuild deals it again

    def __init__(self, setup: Mapping[str, Any], seed: int, db: CardDatabase | None = None, *,
                 listeners: Iterable[Callable[[Event], None]] = (), record: bool = True,
                 numbers: bool = False, resume: Resume | None = None):
        """As :class:`Game`. ``numbers``: keep the race's numbers after each event as it goes
        (:meth:`keep_numbers`; a game that does not keeps none, and works them out by a replay
        when :meth:`numbers_at` is first asked)."""
        self._keeping: bool = numbers
        solo = setup["solo"]
        self.components: Components = load_components(solo.get("components"))
        self.difficulty: str = solo["difficulty"]
        try:  # an undo's rebuild: the mat is dealt again
            del self.robot
        except AttributeError:
            pass
        #: the race's numbers after each event, as far as kept
        self.race = RaceNumbers()
        #: this round's dice and your actions, with the dice on each space and the spaces
        #: under your markers (procedures.resolve, every phase)
        self.dice_seen: tuple[list[Any], tuple[str, ...], dict[str, int], set[str]] | None = None
        super().__init__(setup, seed, db, listeners=listeners, record=record, resume=resume)

    # ------------------------------------------------------------------ scripted adjustments
    def adjust(self, **values: int) -> None:
        """Set the robot's numbers now, for a lesson or a check of a rulebook example.

        Keys: ``credit``, ``economy``, ``counters_left``, ``vp_pool``, ``stack`` (keep the top
        N cards of the robot's draw stack; the rest are discarded), ``stack_add`` and
        ``tableau_add`` (move N cards from the draw pile under its draw stack or into its
        tableau). The change is recorded in the set-up with the number of choices made so far,
        so undo, a saved game and the step-through views replay it at the same point. No
        values: nothing changes, and nothing is recorded or said.
        """
        check_adjust(values, ValueError)
        if not values:
            return
        adjust_robot(self, self._mat(), values)
        self.setup["solo"] = {**self.setup["solo"], "adjust": [
            *self.setup["solo"].get("adjust", []), {"after": len(self._log),
                                                    "robot": dict(values)}]}

    def _answered(self, choices: int) -> None:
        """The scripted changes made after ``choices`` choices (:meth:`adjust`)."""
        for step in self.setup["solo"].get("adjust", ()):
            if step["after"] == choices:
                adjust_robot(self, self._mat(), step["robot"])

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(  # type: ignore[override]
        cls,
        # Checked by solo_setup, each fault named (SetupError); typed Any, as in Game.new.
        # seed: int | None; difficulty: str; player_start, robot_start: str | None; deck:
        # list[str] | None; dice: list[tuple[str, str]] | str | None; name: str;
        # custom_cards: list[Mapping[str, Any]] | None.
        seed: Any = None,
        difficulty: Any = "easy",
        player_start: Any = None,
        robot_start: Any = None,
        deck: Any = None,
        dice: Any = None,
        components: Mapping[str, Any] | str | Path | None = None,
        name: Any = "You",
        custom_cards: Any = None,
    ) -> SoloGame:
        """Set up a solitaire game.

        ``player_start``/``robot_start`` name start worlds (None: dealt at random); ``deck``
        puts card names on top of the draw pile, first card on top, once the start worlds are
        dealt; ``dice`` is a list of (face, face) rolls for the first rounds, or "manual" to
        ask for each roll; ``components`` overrides component values (a dict or a JSON file);
        ``custom_cards`` shuffles custom designs into the deck (see :meth:`Game.new`).
        """
        setup, seed = solo_setup(seed, difficulty, player_start, robot_start, deck, dice,
                                 components, name, custom_cards)
        return cls(setup, seed)

    @classmethod
    def _check_setup(cls, setup: Any) -> None:
        check_solo_save(setup)

    # ------------------------------------------------------------------ engine hooks
    def pool_size(self) -> int:
        return int(self.components.get("vp_pool"))

    def sides(self) -> list[str]:
        self._check_made()
        return [self.players[0].name, "Robot"]

    def whose(self, side: int) -> str:
        return "the robot's" if side == ROBOT else super().whose(side)

    def side_actor(self, side: int) -> int | str:
        return "robot" if side == ROBOT else side

    def on_deal(self) -> Rules:
        deal(self)
        yield from initial_discards(self)

    def _state_part(self) -> Robot | None:
        try:
            return self.robot
        except AttributeError:  # (not dealt yet)
            return None

    def _take_part(self, part: Any) -> None:
        if part is not None:
            self.robot = part

    def convention(self, name: str) -> Any:
        """The value in use of ``conventions.<name>`` in the components."""
        return self.components.get("conventions", name)

    def phases_of_round(self) -> set[str]:
        todo = super().phases_of_round()
        for p in self._mat().dice:
            todo.add(SPACE_PHASE[p.space])
        return todo

    def after_actions(self) -> Rules:
        faces = yield from self._roll()
        r = self._mat()
        r.dice = self.placements(faces)
        self.tell("robot", DICE,
                   (tuple(faces), tuple(player_markers(self.players[0].actions))))
        for p in r.dice:
            self.tell("robot", DIE, (p,))

    def placements(self, faces: tuple[str, str]) -> list[Placement]:
        """Where the dice go for the roll (die A face, die B face), under your markers and
        with the robot's "robot =" counter now (also a preview before a roll is entered)."""
        return place_dice(faces, self._mat().robot_face,
                          player_markers(self.players[0].actions))

    def _roll(self) -> Generator[Decision, tuple[str, ...], tuple[str, str]]:
        a = self.components.get("dice", "a")
        b = self.components.get("dice", "b")
        dice = self.setup["solo"].get("dice")
        if dice == "manual":
            opts = tuple(Option(f"a:{f}", f"Die A: {FACE_LABELS[f]}") for f in dict.fromkeys(a))
            opts += tuple(Option(f"b:{f}", f"Die B: {FACE_LABELS[f]}") for f in dict.fromkeys(b))
            d = Decision(0, Kind.DICE, "Roll the two robot dice and enter the faces you rolled "
                         f"(one per die). {which_die(a, b)}", opts, 2, 2, rule=one_per_die)
            ids = forced(d)
            if ids is None:
                ids = yield d
            return roll_from_ids(ids)
        if dice and self.round <= len(dice):  # a solitaire game always starts at round 1
            return orient(dice[self.round - 1], self.components)
        return self.rng.choice(a), self.rng.choice(b)

    def after_phase(self, phase: str) -> Rules:
        """After each phase of the round: the robot's action or response for that phase
        (:func:`rftg_nb.robot.procedures.resolve`)."""
        procedures.resolve(self, phase)
        yield from ()

    def tableau_sizes(self) -> list[int]:
        """The robot's placed 6-cost counters count as cards."""
        r = self._mat()
        return [len(self.players[0].tableau), r.tableau_size]

    # ------------------------------------------------------------------ robot steps
    def _mat(self) -> Robot:
        """The robot's mat; :class:`GameNotReady` before it is dealt (or before the game's
        parts are made)."""
        self._check_made()
        try:
            return self.robot
        except AttributeError:
            raise GameNotReady("the robot's mat is not dealt yet: this solitaire game is still "
                               "being dealt (or is a copy stopped before the robot's start "
                               "world)") from None

    def robot_says(self, kind: str, text: str, rule: str, row: str, **data: Any) -> None:
        self.tell("robot", told(kind), (
            text,
            {"rule": rule, "row": row, "section": SECTION, **data}))

    def robot_draw(self, n: int, rule: str, row: str = "setup") -> None:
        stack = self._mat().stack
        on_top = self.convention("draw_stack_order") == "stack"
        cards = piles.take(self, n)
        got = len(cards)
        if on_top:  # flips take stack[0], the top: the last card drawn ends up there
            stack[:0] = reversed(cards)
        else:
            stack.extend(cards)
        self.tell("robot", ROBOT_DRAW, (rule, row, got, on_top, len(stack), got < n))

    def flip_to_find(self, wanted: Callable[[Card], bool], what: str, rule: str,
                     row: str) -> Card | None:
        stack = self._mat().stack
        while stack:
            c = stack.pop(0)
            if wanted(c):
                self.tell("robot", FLIP_FOUND, (rule, row, c.name, what, len(stack)))
                return c
            self.discard.append(c)
            self.tell("robot", FLIP_DISCARD, (rule, row, c.name, what, len(stack)))
        self.tell("robot", FLIP_NONE, (rule, row, what))
        return None

    def robot_place(self, c: Card, rule: str, row: str) -> None:
        r = self._mat()
        r.cards.append(c)
        self.tell("robot", ROBOT_PLACE, (rule, row, c.name, r.card_vp(c), r.tableau_size))

    def set_credit(self, change: int, rule: str, row: str) -> None:
        self._move_track("credit", self._mat().credit_max, change, rule, row)

    def set_economy(self, change: int, rule: str, row: str) -> None:
        self._move_track("economy", self._mat().economy_max, change, rule, row)

    def _move_track(self, track: str, top: int, change: int, rule: str, row: str) -> None:
        """Move the robot's credit or economy marker, kept within 0..top."""
        r = self._mat()
        old = getattr(r, track)
        new = max(0, min(top, old + change))
        setattr(r, track, new)
        self.tell("robot", TRACK_MOVES[track], (rule, row, old, new, change))

    def robot_vp(self, n: int, rule: str, row: str) -> None:
        self._mat().vp_chips += n
        self.vp_pool -= n
        self.tell("robot", ROBOT_VP, (rule, row, n, self.vp_pool))

    def set_face(self, face: str, rule: str) -> None:
        r = self._mat()
        old = r.robot_face
        r.robot_face = face
        self.robot_says("robot_face", f"{rule}: the \"robot =\" counter now reads "
                                      f"{FACE_LABELS[face]} (was {FACE_LABELS[old]}).", rule,
                        "special", old=old, new=face)

    # ------------------------------------------------------------------ results and views
    def scores(self) -> list[int]:
        return [super().scores()[0], self._mat().score()]

    def score_breakdown(self, player: int) -> dict[str, Any]:
        if player == ROBOT:
            return self._mat().score_breakdown()
        return super().score_breakdown(player)

    def tiebreak(self, player: int) -> int:
        if player == ROBOT:
            r = self._mat()
            return r.credit + r.economy
        return super().tiebreak(player)

    def more_places(self) -> list[tuple[Card, str]]:
        r = self._mat()
        return ([(c, "robot:draw_stack") for c in r.stack]
                + [(c, "robot:tableau") for c in r.cards])

    def snapshot(self) -> dict[str, Any]:
        s = super().snapshot()
        r = self._mat()
        s["robot"] = {
            "credit": r.credit, "economy": r.economy, "vp": r.vp_chips, "face": r.robot_face,
            "cards": [c.id for c in r.cards], "stack": [c.id for c in r.stack],
            "counters_left": r.counters_left, "counters_placed": r.counters_placed,
            "dice": [(p.die, p.face, p.space) for p in r.dice],
        }
        return s

    def _own_listeners(self) -> list[Callable[[Event], None]]:
        return [self._stamp] if self._keeping else []

    def _rebuild_options(self) -> dict[str, Any]:
        return {"numbers": self._keeping}

    def keep_numbers(self) -> None:
        """Keep the race's numbers after each event from now on (a page showing them after
        every answer): those of the events so far are worked out once, by a replay."""
        if self._keeping:
            return
        self._numbers()
        self._keeping = True
        self.record.listeners.insert(0, self._stamp)

    def _numbers(self) -> list[tuple[Any, ...]]:
        """The race's numbers after each event so far: kept as the game went, or worked out
        by replaying its choices in a copy that keeps them, stopped at the same event."""
        self._check_made()
        n = len(self.events)
        if len(self.race.stamps) < n:
            game, _stop = self._replayed_to(n, {"numbers": True})
            copy: SoloGame = game  # type: ignore[assignment]
            # (an undo rebuilt a game that keeps its numbers: its own go on from here)
            self.race.take(copy.race, n, self._keeping)
        return self.race.stamps

    def _stamp(self, _event: Event) -> None:
        """After each event: the race's numbers as they stand (see :meth:`numbers_at`)."""
        self.race.stamp(self)

    def numbers_at(self, step: int) -> dict[str, Any]:
        """The race's numbers (pool, robot credit, economy, VP, tableau sizes) right after
        event ``step``."""
        return dict(zip(STAMP_FIELDS, self._numbers()[step], strict=True))

    def timeline(self) -> Any:
        """One row per event you may see: step, round, phase, actor, kind, text, rule and the
        race's numbers (a pandas DataFrame)."""
        self._check_made()
        return timeline(self)

    def view(self, player: int = 0) -> dict[str, Any]:
        v = super().view(player)
        r = self._mat()
        v["robot"] = {
            "credit": r.credit, "economy": r.economy, "vp": r.vp_chips,
            "tableau": r.tableau, "draw_stack": len(r.stack),
            "counters_left": r.counters_left, "robot_face": r.robot_face,
            "dice": [{"die": p.die, "face": p.face, "space": p.space} for p in r.dice],
        }
        return v


__all__ = ["ROBOT", "SoloGame"]
