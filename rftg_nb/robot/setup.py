"""Setting up the solitaire game: what ``SoloGame.new`` accepts, how a saved game's set-up is
checked, and the deal (the rulebook's "Setup" for the solitaire game). Apart from the game's
rounds (:mod:`rftg_nb.robot.solo`) and the robot's procedures (:mod:`rftg_nb.robot.procedures`).
"""

from __future__ import annotations

import json
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from rftg_nb.cards import CARDS, CardDatabase
from rftg_nb.engine import piles
from rftg_nb.engine.decision import SaveFileError, SetupError, told
from rftg_nb.engine.piles import shuffle
from rftg_nb.engine.saves import (
    SETUP_FIELDS,
    add_custom_cards,
    check_fields,
    check_saved_custom_cards,
    check_saved_names,
    check_seed,
    custom_database,
)
from rftg_nb.engine.setup import deck_cards, give_start_world, start_good
from rftg_nb.engine.state import Card
from rftg_nb.robot.components import (
    DIFFICULTIES,
    NOT_A_DICT,
    START_WORLDS,
    ComponentError,
    Components,
    load_components,
    read_overrides,
)
from rftg_nb.robot.dice import FACE_LABELS
from rftg_nb.robot.mat import Robot
from rftg_nb.robot.sayings import adjusted_words
from rftg_nb.text import count, field_name, name_problem, quote

if TYPE_CHECKING:
    from rftg_nb.robot.solo import SoloGame

ADJUSTABLE: Final = ("credit", "economy", "counters_left", "vp_pool", "stack", "stack_add",
                     "tableau_add")
ADJUST_MAX: Final = 999  # a robot adjustment is a whole number from 0 (the VP pool: -999) to this
MAX_CHOICES: Final = 100_000  # an adjustment's place in the game: after at most this many choices
SOLO_FIELDS: Final = ("difficulty", "player_start", "robot_start", "deck", "dice",
                      "components", "adjust")


def check_adjust(values: Mapping[str, Any], error: type[ValueError]) -> None:
    for key, v in values.items():
        if key not in ADJUSTABLE:
            raise error(f"{quote(key)} is not a robot adjustment ({', '.join(ADJUSTABLE)})")
        low = -ADJUST_MAX if key == "vp_pool" else 0
        if type(v) is not int or not low <= v <= ADJUST_MAX:
            raise error(f"{key}: expected a whole number from {low} to {ADJUST_MAX}, "
                        f"got {quote(v)}")


def adjust_robot(game: SoloGame, r: Robot, values: Mapping[str, int]) -> None:
    """Set the robot's numbers (see :meth:`SoloGame.adjust`, checked there or by the save's
    check) on its mat ``r``, said as a move of the robot's so the board never shows a number
    nothing explains."""
    if not values:  # (a save from before empty adjustments were dropped) nothing to say
        return
    need = values.get("stack_add", 0) + values.get("tableau_add", 0)
    if need > len(game.deck):  # checked before anything moves
        raise SetupError(f"stack_add, tableau_add: {need} cards asked for, the draw pile "
                         f"has {count(len(game.deck))}")
    was = {"credit": r.credit, "economy": r.economy, "counters_left": r.counters_left,
           "vp_pool": game.vp_pool, "stack": len(r.stack)}
    for key, v in values.items():
        if key == "credit":
            r.credit = v
        elif key == "economy":
            r.economy = v
        elif key == "counters_left":
            r.counters_left = v
        elif key == "vp_pool":
            game.vp_pool = v
        elif key == "stack":
            game.discard.extend(r.stack[v:])
            del r.stack[v:]
        elif key in ("stack_add", "tableau_add"):
            to = r.stack if key == "stack_add" else r.cards
            for _ in range(v):
                to.append(game.deck.pop())
    game.tell("robot", told("adjust"), (
        "Set-up of this example: " + "; ".join(
            adjusted_words(key, v, was, r) for key, v in values.items()) + ".",
        {"rule": "Set-up of an example", "values": dict(values)}))


def solo_setup(  # the types SoloGame.new names; Any: each is checked here
    seed: Any,
    difficulty: Any,
    player_start: Any,
    robot_start: Any,
    deck: Any,
    dice: Any,
    components: Mapping[str, Any] | str | Path | None,
    name: Any,
    custom_cards: Any,
) -> tuple[dict[str, Any], int]:
    """The set-up and seed of a new solitaire game (see :meth:`SoloGame.new`), every argument
    checked: a bad one raises a ``SetupError`` (a ``ComponentError`` for the components)
    naming it."""
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
    check_solo(solo, ValueError, custom_database(setup))
    return setup, seed


def check_solo(solo: Any, error: type[ValueError], db: CardDatabase = CARDS) -> None:
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
        except ValueError as err:
            raise error(f"adjust[{i}]: {err}") from None
    dice = solo.get("dice")
    if dice is not None and dice != "manual":
        if not isinstance(dice, list):
            raise error('dice: expected a list of (face, face) pairs or "manual"')
        for i, pair in enumerate(dice):
            try:
                orient(pair, comps)
            except ValueError as err:
                raise error(f"dice[{i}]: {err}") from None


def check_solo_save(setup: Any) -> None:
    """A saved solitaire game's ``setup``, field by field (the save's own fields are
    checked by :mod:`rftg_nb.engine.saves`)."""
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
        check_solo(setup["solo"], SaveFileError, custom_database(setup))
    except SaveFileError as e:
        raise SaveFileError(f"field 'setup.solo': {e}") from None


def deal(game: SoloGame) -> None:
    """Deal the solitaire game: both start worlds, the deck (with a scripted top), the
    robot's mat and draw stack, your windfall good and your opening hand."""
    solo = game.setup["solo"]
    game.cards, starts, others = deck_cards(game.db.deck_designs("tgs"))
    shuffle(game.rng, starts)

    # A start world asked for by the other side or put on the deck is never dealt at random.
    reserved = {solo.get("player_start"), solo.get("robot_start"), *(solo.get("deck") or [])}

    def take_start(name: str | None) -> Card:
        if name is None:
            card = [c for c in starts if c.name not in reserved][-1]
        else:
            card = next(c for c in starts if c.name == name)
        starts.remove(card)
        return card

    me = game.players[0]
    mine = take_start(solo.get("player_start"))
    theirs = take_start(solo.get("robot_start"))
    give_start_world(game, me, mine)
    game.deck = others + starts
    shuffle(game.rng, game.deck)
    for name in reversed(solo.get("deck") or []):
        card = next(c for c in game.deck if c.name == name)
        game.deck.remove(card)
        game.deck.append(card)
    values = game.components.for_start(theirs.name)
    level = game.difficulty
    game.robot = Robot(
        theirs, values, game.components.get("difficulty", level, "counters"),
        game.components.get("difficulty", level, "counter_vp"),
        game.components.get("credit_max"), game.components.get("economy_max"),
        game.components.marked(theirs.name),
    )
    game.tell("robot", told("start_world"), (
        f"The robot is dealt the start world {theirs.name}: credit {game.robot.credit}, "
               f"economy {game.robot.economy}, \"robot =\" reads "
               f"{FACE_LABELS[game.robot.robot_face]}.",
        {"card": theirs.name, "credit": game.robot.credit,
               "economy": game.robot.economy, "robot_face": game.robot.robot_face,
               "rule": "Setup"}))
    good_first = game.convention("player_windfall_good") == "before_robot"
    if good_first:
        start_good(game, me)
    game.robot_draw(values["draw_stack"], "Setup: the robot's draw stack")
    piles.draw(game, me, 6, "opening hand")
    if not good_first:
        start_good(game, me)


def orient(pair: Any, comps: Components) -> tuple[str, str]:
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
