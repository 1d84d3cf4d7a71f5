"""``SoloGame``: the TGS solitaire game, you against the adaptable robot.

You play the 2-player advanced game; the robot is driven by two custom dice and the rules of the
TGS rulebook's "Solitaire Game" section. Every robot step is an event carrying the rule (mat row)
it follows, and :meth:`SoloGame.timeline` turns the game into a table for charts.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Mapping
from pathlib import Path
from typing import Any

from rftg_nb.cards import CARDS, CardDatabase
from rftg_nb.engine.decision import Decision, Event, Option, SaveFileError, SetupError
from rftg_nb.engine.game import Game
from rftg_nb.engine.rounds import give_start_world, start_good
from rftg_nb.engine.saves import (
    SETUP_FIELDS,
    add_custom_cards,
    check_fields,
    check_saved_custom_cards,
    check_saved_names,
    check_seed,
    custom_database,
)
from rftg_nb.engine.scoring import score_breakdown
from rftg_nb.engine.state import Card
from rftg_nb.robot import procedures
from rftg_nb.robot.components import (
    DIFFICULTIES,
    NOT_A_DICT,
    START_WORLDS,
    ComponentError,
    Components,
    load_components,
    read_overrides,
)
from rftg_nb.robot.dice import (
    FACE_LABELS,
    SPACE_LABELS,
    SPACE_PHASE,
    Placement,
    place_dice,
    player_markers,
)
from rftg_nb.robot.mat import Robot
from rftg_nb.text import count, field_name, name_problem, quote

Rules = Generator[Decision, tuple[str, ...], None]
ROBOT = 1  # the robot's index in scores(), winners and events' actor field is "robot"
SECTION = "Resolving Robot Actions / Responses"


class SoloGame(Game):
    """The solitaire game. Player 0 is you; index 1 in :meth:`scores` and :attr:`winner` is
    the robot."""

    SAVE_EXTRA: tuple[str, ...] = ()

    def __init__(self, setup: Mapping[str, Any], seed: int, db: CardDatabase | None = None,
                 **options: Any):
        """As :class:`Game` (``options``: its ``listeners`` and ``record``)."""
        solo = setup["solo"]
        self.components: Components = load_components(solo.get("components"))
        self.difficulty: str = solo["difficulty"]
        self.robot: Robot = None  # type: ignore[assignment]  # set while dealing
        self._stamps: list[tuple[Any, ...]] = []
        self._scored: tuple[tuple[int, ...], int, int] = ((), 0, 0)  # key, player, robot
        super().__init__(setup, seed, db, **options)
        self._adjust_at(0)

    # ------------------------------------------------------------------ scripted adjustments
    def adjust(self, **values: int) -> None:
        """Set the robot's numbers now, for a lesson or a check of a rulebook example.

        Keys: ``credit``, ``economy``, ``counters_left``, ``vp_pool``, ``stack`` (keep the top
        N cards of the robot's draw stack; the rest are discarded), ``stack_add`` and
        ``tableau_add`` (move N cards from the draw pile under its draw stack or into its
        tableau). The change is recorded in the set-up with the number of choices made so far,
        so undo, a saved game and the step-through views replay it at the same point.
        """
        check_adjust(values, ValueError)
        self._apply_adjust(values)
        self.setup["solo"] = {**self.setup["solo"], "adjust": [
            *self.setup["solo"].get("adjust", []), {"after": len(self._log),
                                                    "robot": dict(values)}]}

    def apply(self, choice: str | list[str] | tuple[str, ...]) -> None:
        super().apply(choice)
        self._adjust_at(len(self._log))

    def _adjust_at(self, choices: int) -> None:
        for step in self.setup["solo"].get("adjust", ()):
            if step["after"] == choices:
                self._apply_adjust(step["robot"])

    def _apply_adjust(self, values: Mapping[str, int]) -> None:
        r = self.robot
        need = values.get("stack_add", 0) + values.get("tableau_add", 0)
        if need > len(self.deck):  # checked before anything moves
            raise SetupError(f"stack_add, tableau_add: {need} cards asked for, the draw pile "
                             f"has {count(len(self.deck))}")
        was = {"credit": r.credit, "economy": r.economy, "counters_left": r.counters_left,
               "vp_pool": self.vp_pool, "stack": len(r.stack)}
        for key, v in values.items():
            if key == "credit":
                r.credit = v
            elif key == "economy":
                r.economy = v
            elif key == "counters_left":
                r.counters_left = v
            elif key == "vp_pool":
                self.vp_pool = v
            elif key == "stack":
                self.discard.extend(r.stack[v:])
                del r.stack[v:]
            elif key in ("stack_add", "tableau_add"):
                to = r.stack if key == "stack_add" else r.cards
                for _ in range(v):
                    to.append(self.deck.pop())
        # said as a move of the robot's, so the board never shows a number nothing explains
        self.emit("robot", "adjust", "Set-up of this example: " + "; ".join(
            _adjusted(key, v, was, r) for key, v in values.items()) + ".",
            {"rule": "Set-up of an example", "values": dict(values)})

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(  # type: ignore[override]
        cls,
        seed: int | None = None,
        difficulty: str = "easy",
        player_start: str | None = None,
        robot_start: str | None = None,
        deck: list[str] | None = None,
        dice: list[tuple[str, str]] | str | None = None,
        components: Mapping[str, Any] | str | Path | None = None,
        name: str = "You",
        custom_cards: list[Mapping[str, Any]] | None = None,
    ) -> SoloGame:
        """Set up a solitaire game.

        ``player_start``/``robot_start`` name start worlds (None: dealt at random); ``deck``
        puts card names on top of the draw pile, first card on top, once the start worlds are
        dealt; ``dice`` is a list of (face, face) rolls for the first rounds, or "manual" to
        ask for each roll; ``components`` overrides component values (a dict or a JSON file);
        ``custom_cards`` shuffles custom designs into the deck (see :meth:`Game.new`).
        """
        import secrets

        if seed is None:
            seed = secrets.randbits(32)
        if isinstance(components, (str, Path)):
            components = read_overrides(components)  # the save keeps the values, not the path
        if deck is not None and (isinstance(deck, (str, bytes, Mapping))
                                 or not isinstance(deck, Iterable)):
            raise SetupError(f"deck: expected a list of card names, got {quote(deck)}")
        if dice is not None and dice != "manual" and (
                isinstance(dice, (str, bytes, bytearray, Mapping))
                or not isinstance(dice, Iterable)):
            raise SetupError(f'dice: expected a list of (face, face) pairs or "manual", got '
                             f"{quote(dice)}")
        dice_list = None if dice is None or dice == "manual" else list(dice)
        if dice_list is not None:
            for i, p in enumerate(dice_list):
                if not isinstance(p, (list, tuple)):
                    raise SetupError(f"dice[{i}]: expected a pair of faces, got {quote(p)}")
        if components is not None and not isinstance(components, Mapping):
            raise ComponentError(f"{NOT_A_DICT}, got {quote(components)}")
        solo: dict[str, Any] = {
            "difficulty": difficulty, "player_start": player_start, "robot_start": robot_start,
            "deck": list(deck) if deck is not None else [],
            "dice": dice if dice_list is None else [list(p) for p in dice_list],
            "components": None if components is None else dict(components),
        }
        why = name_problem(name)
        if why is not None:
            raise SetupError(f"name: a player's name {why}")
        check_seed(seed, SetupError)
        setup = {"players": 1, "expansion": "tgs", "advanced": True, "names": [name],
                 "solo": solo}
        add_custom_cards(setup, custom_cards)
        cls._check_solo(solo, ValueError, custom_database(setup))
        return cls(setup, seed)

    @staticmethod
    def _check_solo(solo: Any, error: type[ValueError], db: CardDatabase = CARDS) -> None:
        """``db``: the cards of the game (the printed ones and its custom designs), which a
        scripted ``deck`` may name."""
        if not isinstance(solo, dict):
            raise error("solo: expected an object")
        for key in solo:
            if key not in SOLO_FIELDS:
                raise error(f"{field_name(key)}: unknown field (known: {', '.join(SOLO_FIELDS)})")
        if not isinstance(solo.get("difficulty"), str) or solo["difficulty"] not in DIFFICULTIES:
            raise error(
                f"difficulty: expected one of {DIFFICULTIES}, got {quote(solo.get('difficulty'))}"
            )
        for key in ("player_start", "robot_start"):
            v = solo.get(key)
            if v is not None and (not isinstance(v, str) or v not in START_WORLDS):
                raise error(f"{key}: {quote(v)} is not a start world "
                            f"({', '.join(START_WORLDS)})")
        if solo.get("player_start") and solo.get("player_start") == solo.get("robot_start"):
            raise error("robot_start: the robot and the player need different start worlds")
        deck = solo.get("deck", [])
        if not isinstance(deck, list):
            raise error("deck: expected a list of card names")
        starts = {solo.get("player_start"), solo.get("robot_start")}
        have = Counter(db.deck("tgs")) if deck else Counter()
        for i, name in enumerate(deck):
            if not isinstance(name, str) or name not in db:
                raise error(f"deck[{i}]: unknown card {quote(name)}")
            have[name] -= 1
            if have[name] < 0 or name in starts:
                raise error(f"deck[{i}]: no copy of {quote(name)} is left to put on the deck")
        dealt = sum(1 for k in ("player_start", "robot_start") if solo.get(k) is None)
        if len(set(START_WORLDS) - starts - set(deck)) < dealt:
            raise error("deck: it names so many start worlds that too few are left to deal")
        comp = solo.get("components")
        if comp is not None and not isinstance(comp, dict):
            raise error("components: expected the component values as an object")
        try:
            comps = load_components(comp)
        except ComponentError as e:
            if error is ValueError:
                raise
            raise error(str(e)) from None
        adjusts = solo.get("adjust", [])
        if not isinstance(adjusts, list):
            raise error("adjust: expected a list of robot adjustments")
        for i, step in enumerate(adjusts):
            if not (isinstance(step, dict) and set(step) == {"after", "robot"}
                    and type(step["after"]) is int and 0 <= step["after"] <= MAX_CHOICES
                    and isinstance(step["robot"], dict)):
                raise error(f"adjust[{i}]: expected {{\"after\": choices, \"robot\": {{...}}}}")
            try:
                check_adjust(step["robot"], error)
            except ValueError as e:
                raise error(f"adjust[{i}]: {e}") from None
        dice = solo.get("dice")
        if dice is not None and dice != "manual":
            if not isinstance(dice, list):
                raise error('dice: expected a list of (face, face) pairs or "manual"')
            for i, pair in enumerate(dice):
                try:
                    _orient(pair, comps)
                except ValueError as e:
                    raise error(f"dice[{i}]: {e}") from None

    @classmethod
    def _check_setup(cls, setup: Any) -> None:
        if not isinstance(setup, dict) or "solo" not in setup:
            raise SaveFileError("field 'setup.solo': this is not a saved solitaire game")
        check_fields(setup, (*SETUP_FIELDS, "solo"), "setup")
        for key, want in (("players", 1), ("expansion", "tgs"), ("advanced", True)):
            got = setup.get(key)
            if type(got) is not type(want) or got != want:
                raise SaveFileError(f"field 'setup.{key}': a solitaire game has {key} "
                                    f"{json.dumps(want)}, got {quote(got)}")
        if "names" not in setup:
            raise SaveFileError("field 'setup.names': expected one name")
        check_saved_names(setup, 1)
        if "goals" in setup or "position" in setup:
            key = "goals" if "goals" in setup else "position"
            raise SaveFileError(f"field 'setup.{key}': the solitaire game has none")
        if setup.get("draft", False) is not False:
            raise SaveFileError("field 'setup.draft': the solitaire game has no draft")
        check_saved_custom_cards(setup)
        try:
            cls._check_solo(setup["solo"], SaveFileError, custom_database(setup))
        except SaveFileError as e:
            raise SaveFileError(f"field 'setup.solo': {e}") from None

    # ------------------------------------------------------------------ engine hooks
    def pool_size(self) -> int:
        return int(self.components.get("vp_pool"))

    def sides(self) -> list[str]:
        return [self.players[0].name, "Robot"]

    def whose(self, side: int) -> str:
        return "the robot's" if side == ROBOT else super().whose(side)

    def side_actor(self, side: int) -> int | str:
        return "robot" if side == ROBOT else side

    def deal(self) -> None:
        solo = self.setup["solo"]
        db = self.db
        self.cards = [Card(i, d) for i, d in enumerate(db.deck_designs("tgs"))]
        starts = [c for c in self.cards if c.design.is_start_world]
        self.rng.shuffle(starts)

        # A start world asked for by the other side or put on the deck is never dealt at random.
        reserved = {solo.get("player_start"), solo.get("robot_start"), *(solo.get("deck") or [])}

        def take_start(name: str | None) -> Card:
            if name is None:
                card = [c for c in starts if c.name not in reserved][-1]
            else:
                card = next(c for c in starts if c.name == name)
            starts.remove(card)
            return card

        me = self.players[0]
        mine = take_start(solo.get("player_start"))
        theirs = take_start(solo.get("robot_start"))
        give_start_world(self, me, mine)
        others = [c for c in self.cards if not c.design.is_start_world]
        self.deck = others + starts
        self.rng.shuffle(self.deck)
        for name in reversed(solo.get("deck") or []):
            card = next(c for c in self.deck if c.name == name)
            self.deck.remove(card)
            self.deck.append(card)
        values = self.components.for_start(theirs.name)
        level = self.difficulty
        self.robot = Robot(
            theirs, values, self.components.get("difficulty", level, "counters"),
            self.components.get("difficulty", level, "counter_vp"),
            self.components.get("credit_max"), self.components.get("economy_max"),
            self.components.marked(theirs.name),
        )
        self.emit("robot", "start_world",
                  f"The robot is dealt the start world {theirs.name}: credit {self.robot.credit}, "
                  f"economy {self.robot.economy}, \"robot =\" reads "
                  f"{FACE_LABELS[self.robot.robot_face]}.",
                  {"card": theirs.name, "credit": self.robot.credit,
                   "economy": self.robot.economy, "robot_face": self.robot.robot_face,
                   "rule": "Setup"})
        good_first = self.convention("player_windfall_good") == "before_robot"
        if good_first:
            start_good(self, me)
        self.robot_draw(values["draw_stack"], "Setup: the robot's draw stack")
        self.draw(me, 6, "opening hand")
        if not good_first:
            start_good(self, me)

    def convention(self, name: str) -> Any:
        """The value in use of ``conventions.<name>`` in the components."""
        return self.components.get("conventions", name)

    def phases_this_round(self) -> set[str]:
        todo = super().phases_this_round()
        for p in self.robot.dice:
            todo.add(SPACE_PHASE[p.space])
        return todo

    def after_actions(self) -> Rules:
        faces = yield from self._roll()
        r = self.robot
        r.dice = self.placements(faces)
        self.emit("robot", "dice", f"The robot rolls {FACE_LABELS[faces[0]]} and "
                                   f"{FACE_LABELS[faces[1]]}.",
                  {"faces": list(faces), "markers": player_markers(self.players[0].actions),
                   "rule": "Place dice"})
        for p in r.dice:
            self.emit("robot", "die", f"Die {p.die} ({FACE_LABELS[p.rolled]}) goes on "
                                      f"{SPACE_LABELS[p.space]}: {p.why}.",
                      {"die": p.die, "rolled": p.rolled, "face": p.face, "space": p.space,
                       "rule": "Place dice", "why": p.why})

    def placements(self, faces: tuple[str, str]) -> list[Placement]:
        """Where the dice go for the roll (die A face, die B face), under your markers and
        with the robot's "robot =" counter now (also a preview before a roll is entered)."""
        return place_dice(faces, self.robot.robot_face, player_markers(self.players[0].actions))

    def _roll(self) -> Generator[Decision, tuple[str, ...], tuple[str, str]]:
        a = self.components.get("dice", "a")
        b = self.components.get("dice", "b")
        dice = self.setup["solo"].get("dice")
        if dice == "manual":
            opts = tuple(Option(f"a:{f}", f"Die A: {FACE_LABELS[f]}") for f in dict.fromkeys(a))
            opts += tuple(Option(f"b:{f}", f"Die B: {FACE_LABELS[f]}") for f in dict.fromkeys(b))
            d = Decision(0, "dice", "Roll the two robot dice and enter the faces you rolled "
                         f"(one per die). {_which_die(a, b)}", opts, 2, 2, rule=_one_per_die)
            ids = yield from self.ask(d)
            return roll_from_ids(ids)
        if dice and self.round <= len(dice):  # a solitaire game always starts at round 1
            return _orient(dice[self.round - 1], self.components)
        return self.rng.choice(a), self.rng.choice(b)

    def after_phase(self, phase: str) -> Rules:
        """After each phase of the round: the robot's action or response for that phase
        (:func:`rftg_nb.robot.procedures.resolve`)."""
        procedures.resolve(self, phase)
        yield from ()

    def tableau_sizes(self) -> list[int]:
        """The robot's placed 6-cost counters count as cards."""
        return [len(self.players[0].tableau), self.robot.tableau_size]

    # ------------------------------------------------------------------ robot steps
    def robot_says(self, kind: str, text: str, rule: str, row: str, **data: Any) -> None:
        self.emit("robot", kind, text, {"rule": rule, "row": row, "section": SECTION, **data})

    def robot_draw(self, n: int, rule: str, row: str = "setup") -> None:
        on_top = self.convention("draw_stack_order") == "stack"
        cards = self.take(n)
        got = len(cards)
        if on_top:  # flips take stack[0], the top: the last card drawn ends up there
            self.robot.stack[:0] = reversed(cards)
        else:
            self.robot.stack.extend(cards)
        go = "1 card goes" if got == 1 else f"{got} cards go"
        where = "on top of" if on_top else "under"
        text = (f"{rule}: {go} face down {where} the robot's draw stack "
                f"(now {len(self.robot.stack)}).")
        if got < n:
            text += " The draw pile and discard pile ran out."
        self.robot_says("robot_draw", text, rule, row, count=got,
                        stack=len(self.robot.stack))

    def flip_to_find(self, wanted: Callable[[Card], bool], what: str, rule: str,
                     row: str) -> Card | None:
        stack = self.robot.stack
        while stack:
            c = stack.pop(0)
            if wanted(c):
                self.robot_says("flip", f"{rule}: the robot flips {c.name}, a {what}.", rule, row,
                                card=c.name, found=True, stack=len(stack))
                return c
            self.discard.append(c)
            self.robot_says("flip", f"{rule}: the robot flips {c.name} and discards it (it "
                                    f"looks for a {what}).", rule, row, card=c.name, found=False,
                            stack=len(stack))
        self.robot_says("flip_none", f"{rule}: the draw stack is empty; no {what} found.",
                        rule, row, stack=0)
        return None

    def robot_place(self, c: Card, rule: str, row: str) -> None:
        self.robot.cards.append(c)
        self.robot_says("robot_place", f"{rule}: the robot places {c.name} "
                                       f"({self.robot.card_vp(c)} VP).", rule, row,
                        card=c.name, vp=self.robot.card_vp(c), tableau=self.robot.tableau_size)

    def set_credit(self, change: int, rule: str, row: str) -> None:
        self._move_track("credit", self.robot.credit_max, change, rule, row)

    def set_economy(self, change: int, rule: str, row: str) -> None:
        self._move_track("economy", self.robot.economy_max, change, rule, row)

    def _move_track(self, track: str, top: int, change: int, rule: str, row: str) -> None:
        """Move the robot's credit or economy marker, kept within 0..top."""
        old = getattr(self.robot, track)
        new = max(0, min(top, old + change))
        setattr(self.robot, track, new)
        note = " (the track tops out)" if new - old != change else ""
        self.robot_says(track, f"{rule}: robot {track} {old} -> {new}{note}.", rule, row,
                        old=old, new=new)

    def robot_vp(self, n: int, rule: str, row: str) -> None:
        self.robot.vp_chips += n
        self.vp_pool -= n
        self.robot_says("robot_vp", f"{rule}: the robot gains {n} VP chip{'s' if n != 1 else ''} "
                                    f"(pool {self.vp_pool}).", rule, row, vp=n, pool=self.vp_pool)

    def set_face(self, face: str, rule: str) -> None:
        old = self.robot.robot_face
        self.robot.robot_face = face
        self.robot_says("robot_face", f"{rule}: the \"robot =\" counter now reads "
                                      f"{FACE_LABELS[face]} (was {FACE_LABELS[old]}).", rule,
                        "special", old=old, new=face)

    # ------------------------------------------------------------------ results and views
    def scores(self) -> list[int]:
        return [super().scores()[0], self.robot.score()]

    def score_breakdown(self, player: int) -> dict[str, Any]:
        if player == ROBOT:
            return self.robot.score_breakdown()
        return super().score_breakdown(player)

    def tiebreak(self, player: int) -> int:
        if player == ROBOT:
            return self.robot.credit + self.robot.economy
        return super().tiebreak(player)

    def _locate_more(self, put: Any) -> None:
        for c in self.robot.stack:
            put(c, "robot:draw_stack")
        for c in self.robot.cards:
            put(c, "robot:tableau")

    def snapshot(self) -> dict[str, Any]:
        s = super().snapshot()
        r = self.robot
        s["robot"] = {
            "credit": r.credit, "economy": r.economy, "vp": r.vp_chips, "face": r.robot_face,
            "cards": [c.id for c in r.cards], "stack": [c.id for c in r.stack],
            "counters_left": r.counters_left, "counters_placed": r.counters_placed,
            "dice": [(p.die, p.face, p.space) for p in r.dice],
        }
        return s

    def _own_listeners(self) -> list[Callable[[Event], None]]:
        return [self._stamp]

    def _stamp(self, _event: Event) -> None:
        """After each event: the race's numbers as they stand (see :meth:`numbers_at`)."""
        r = self.robot
        me = self.players[0]
        if r is None:  # dealing, before the robot's mat is set up
            self._stamps.append((self.vp_pool, None, None, 0, 0, me.vp, len(me.tableau),
                                 0, score_breakdown(self, me)["total"]))
            return
        # Scores change only with a tableau or the chips (the player's cards are never taken
        # back; the robot's tableau changes size whenever it changes), so they are recomputed
        # only then.
        mine = len(me.tableau)
        robot_cards = len(r.cards)
        key = (mine, me.vp, robot_cards, r.vp_chips, r.counters_placed)
        scored = self._scored
        if scored[0] != key:
            scored = self._scored = (key, score_breakdown(self, me)["total"], r.score())
        self._stamps.append((
            self.vp_pool, r.credit, r.economy, r.vp_chips, robot_cards + r.counters_placed,
            me.vp, mine, scored[2], scored[1],
        ))

    def numbers_at(self, step: int) -> dict[str, Any]:
        """The race's numbers (pool, robot credit, economy, VP, tableau sizes) right after
        event ``step``."""
        return dict(zip(STAMP_FIELDS, self._stamps[step], strict=True))

    def timeline(self) -> Any:
        """One row per event: step, round, phase, actor, kind, text and the race's numbers."""
        import pandas as pd

        rows = []
        for i, e in enumerate(self.events):
            if not e.seen_by(0):
                continue
            rows.append({
                "step": i, "round": e.round, "phase": e.phase,
                "actor": "robot" if e.actor == "robot" else (
                    "player" if e.actor == 0 else "game"),
                "kind": e.kind, "text": e.text, "rule": e.data.get("rule", ""),
                **self.numbers_at(i),
            })
        return pd.DataFrame(rows)

    def view(self, player: int = 0) -> dict[str, Any]:
        v = super().view(player)
        r = self.robot
        v["robot"] = {
            "credit": r.credit, "economy": r.economy, "vp": r.vp_chips,
            "tableau": r.tableau, "draw_stack": len(r.stack),
            "counters_left": r.counters_left, "robot_face": r.robot_face,
            "dice": [{"die": p.die, "face": p.face, "space": p.space} for p in r.dice],
        }
        return v


# robot_vp and player_vp are VP chips; robot_score and player_score the score so far (chips,
# printed VP, 6-cost developments and counters), as scores() would give it at that step.
STAMP_FIELDS = ("vp_pool", "robot_credit", "robot_economy", "robot_vp", "robot_tableau",
                "player_vp", "player_tableau", "robot_score", "player_score")


ADJUSTABLE = ("credit", "economy", "counters_left", "vp_pool", "stack", "stack_add",
              "tableau_add")
ADJUST_MAX = 999  # a robot adjustment is a whole number from 0 (the VP pool: -999) to this
MAX_CHOICES = 100_000  # an adjustment's place in the game: after at most this many choices
SOLO_FIELDS = ("difficulty", "player_start", "robot_start", "deck", "dice", "components",
               "adjust")


def check_adjust(values: Mapping[str, Any], error: type[ValueError]) -> None:
    for key, v in values.items():
        if key not in ADJUSTABLE:
            raise error(f"{quote(key)} is not a robot adjustment ({', '.join(ADJUSTABLE)})")
        low = -ADJUST_MAX if key == "vp_pool" else 0
        if type(v) is not int or not low <= v <= ADJUST_MAX:
            raise error(f"{key}: expected a whole number from {low} to {ADJUST_MAX}, "
                        f"got {quote(v)}")


def _which_die(a: list[str], b: list[str]) -> str:
    """How to tell the dice apart: the faces only one of them carries."""
    def faces(only: list[str]) -> str:
        names = [FACE_LABELS[f] + (" faces" if f == "robot" else "") for f in dict.fromkeys(only)]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    only_a = [f for f in a if f not in b]
    only_b = [f for f in b if f not in a]
    if not only_a or not only_b:
        return "The two dice carry the same faces: either may be die A."
    return f"Die A is the one with {faces(only_a)}; die B the one with {faces(only_b)}."


def roll_from_ids(ids: Iterable[str]) -> tuple[str, str]:
    """The (die A, die B) faces of an answer to the "dice" question ("a:<face>", "b:<face>")."""
    ids = list(ids)
    return (next(i[2:] for i in ids if i.startswith("a:")),
            next(i[2:] for i in ids if i.startswith("b:")))


def _one_per_die(ids: tuple[str, ...]) -> str | None:
    if sorted(i[0] for i in ids) != ["a", "b"]:
        return "enter one face for die A and one for die B"
    return None


def _orient(pair: Any, comps: Components) -> tuple[str, str]:
    """A scripted roll as (die A face, die B face); the pair may be given in either order."""
    if not isinstance(pair, (list, tuple)) or len(pair) != 2:
        raise ValueError(f"expected a pair of faces, got {pair!r}")
    a, b = comps.get("dice", "a"), comps.get("dice", "b")
    f1, f2 = pair
    if f1 in a and f2 in b:
        return f1, f2
    if f1 in b and f2 in a:
        return f2, f1
    raise ValueError(f"no die pair shows {f1!r} and {f2!r} (die A: {a}; die B: {b})")


__all__ = ["ROBOT", "SoloGame"]


def _adjusted(key: str, value: int, was: Mapping[str, int], robot: Any) -> str:
    """One number an example sets, in words: what it was and what it is now."""
    if key == "credit":
        return f"the robot's credit is {value} (was {was['credit']})"
    if key == "economy":
        return f"the robot's economy is {value} (was {was['economy']})"
    if key == "counters_left":
        return f"6-cost counters left: {value} (was {was['counters_left']})"
    if key == "vp_pool":
        return f"the VP pool holds {count(value, 'chip')} (was {was['vp_pool']})"
    if key == "stack":
        return (f"the robot's draw stack is {count(value)} (was {was['stack']}; the rest are "
                "discarded)")
    if key == "stack_add":
        return (f"{count(value)} from the draw pile go under the robot's draw stack (now "
                f"{len(robot.stack)})")
    return f"{count(value)} from the draw pile go into the robot's tableau"

