"""What the solitaire robot will probably do this round, for each choice of your two actions.

The robot's dice are rolled after you choose, so you choose against the 36 equally likely
rolls. For each roll the robot's mat is followed step by step (the rulebook's "Resolving Robot
Actions / Responses", as ``rftg_nb.robot`` plays it) with one simplification: a "flip to
find" is taken in expectation, from the share of wanted cards among the cards you have not
seen, instead of from the hidden draw stack. The result is the robot's expected gain (VP,
cards in its tableau, and the value of its credit, economy and draw stack for later rounds)
and the chance that each phase runs because the robot called it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rftg_nb.cards import CARDS
from rftg_nb.engine.rounds import ACTION_PHASE
from rftg_nb.robot.dice import SPACE_PHASE, place_dice, player_markers

if TYPE_CHECKING:
    from rftg_nb.ai.knowledge import RobotSeen
    from rftg_nb.cards import Design
    from rftg_nb.engine.game import Game

PHASE_ORDER = ("explore", "develop", "develop2", "settle", "settle2", "consume", "produce")

_ROLLS: dict[tuple[object, ...], list[tuple[float, tuple[str, ...]]]] = {}


def rolls(dice_a: tuple[str, ...], dice_b: tuple[str, ...], robot_face: str,
          markers: tuple[str, ...]) -> list[tuple[float, tuple[str, ...]]]:
    """The distinct placements of the 36 rolls: (chance, spaces with a die, sorted)."""
    key = (dice_a, dice_b, robot_face, markers)
    got = _ROLLS.get(key)
    if got is None:
        counts: Counter[tuple[str, ...]] = Counter()
        for a in dice_a:
            for b in dice_b:
                spaces = tuple(sorted(p.space for p in place_dice((a, b), robot_face,
                                                                   list(markers))))
                counts[spaces] += 1
        n = len(dice_a) * len(dice_b)
        got = _ROLLS[key] = [(k / n, s) for s, k in sorted(counts.items())]
    return got


@dataclass(slots=True)
class Deck:
    """Shares of the unseen cards the robot's flips look for, and their mean VP."""

    dev: float
    dev6: float
    dev_vp: float
    world: dict[bool, float]  # military? -> share
    world_vp: dict[bool, float]

    @classmethod
    def of(cls, unseen: Counter[Design]) -> Deck:
        n = sum(unseen.values()) or 1
        dev = dev6 = dev_vp = 0.0
        world = {True: 0.0, False: 0.0}
        wvp = {True: 0.0, False: 0.0}
        for d, k in unseen.items():
            if d.is_development:
                dev += k
                if d.is_six_cost:
                    dev6 += k
                else:
                    dev_vp += k * d.vp
            elif d.is_world:
                world[d.military] += k
                wvp[d.military] += k * d.vp
        non6 = dev - dev6
        return cls(dev / n, dev6 / n, dev_vp / non6 if non6 else 1.0,
                   {m: world[m] / n for m in world},
                   {m: wvp[m] / world[m] if world[m] else 1.0 for m in world})


@dataclass(slots=True)
class Mat:
    """The robot's numbers while a round is followed (expected values, so floats)."""

    credit: float
    economy: float
    stack: float
    counters: float
    vp: float = 0.0
    cards: float = 0.0
    chips: float = 0.0


def _flip(stack: float, share: float) -> tuple[float, float]:
    """Chance of finding a wanted card in ``stack`` cards, and the stack left afterwards."""
    if stack <= 0 or share <= 0:
        return 0.0, 0.0
    miss = (1.0 - share) ** stack
    flips = (1.0 - miss) / share
    return 1.0 - miss, max(0.0, stack - flips)


def follow(robot: RobotSeen, deck: Deck, spaces: tuple[str, ...], actions: tuple[str, ...],
           first_settle_vp: float) -> Mat:
    """``first_settle_vp``: what Doomed World's first Settle action scores, net."""
    """The robot's expected round for one placement of its dice under ``actions``."""
    v = robot.values
    m = Mat(float(robot.credit), float(robot.economy), float(robot.stack),
            float(robot.counters_left))
    cmax, emax = robot.credit_max, robot.economy_max
    on, marks, phases, _dice = _setting(spaces, actions)
    cvp = robot.counter_vp
    for phase in phases:  # (in PHASE_ORDER)
        if phase == "explore":
            n = on["explore1"] + on["explore2"]
            if n:
                m.stack += v["explore_both_draw"] if n >= 2 else v["explore_action_draw"]
                m.credit = min(cmax, m.credit + v["explore_action_credit"])
            elif marks & {"explore1", "explore2"}:
                m.stack += v["explore_response_draw"]
        elif phase in ("develop", "develop2"):
            space = "develop1" if phase == "develop" else "develop2"
            if on[space]:
                _develop(m, deck, cvp, v["develop_counter_credit_action"], True)
            elif space in marks:
                _develop(m, deck, cvp, v["develop_counter_credit_response"], False)
        elif phase in ("settle", "settle2"):
            space = "settle1" if phase == "settle" else "settle2"
            if on[space]:
                if "first_settle" in v and "first_settle" not in robot.used_once:
                    spec = v["first_settle"]
                    m.vp += first_settle_vp
                    m.credit = min(cmax, m.credit + spec["credit"])
                    m.economy = min(emax, m.economy + spec["economy"])
                else:
                    _settle(m, deck, v, True)
            elif space in marks:
                _settle(m, deck, v, False)
        elif phase == "consume":
            trade, x2 = on["trade"], on["x2"]
            before = m.vp
            if trade and x2:
                m.vp += 2 * m.economy
                m.credit = min(cmax, m.credit + v["trade_credit"])
                m.economy = min(emax, m.economy + 1)
            elif trade:
                m.credit = min(cmax, m.credit + v["trade_credit"])
                m.vp += m.economy
            elif x2:
                m.vp += 2 * m.economy
                m.economy = min(emax, m.economy + 1)
            elif marks & {"trade", "x2"}:
                m.vp += m.economy
            m.chips += m.vp - before
        elif phase == "produce":
            if on["produce"]:
                m.economy = min(emax, m.economy + v["produce_economy"])
    return m


# (spaces with a die, your actions) -> (dice a space, your markers' spaces, the phases called
# in PHASE_ORDER, the phase of each space with a die): the same few for every forecast
_SETTINGS: dict[tuple[tuple[str, ...], tuple[str, ...]],
                tuple[dict[str, int], frozenset[str], tuple[str, ...], tuple[str, ...]]] = {}


def _setting(spaces: tuple[str, ...], actions: tuple[str, ...]) \
        -> tuple[dict[str, int], frozenset[str], tuple[str, ...], tuple[str, ...]]:
    key = (spaces, actions)
    got = _SETTINGS.get(key)
    if got is None:
        if len(_SETTINGS) > 20_000:
            _SETTINGS.clear()
        phases = {ACTION_PHASE[a] for a in actions} | {SPACE_PHASE[s] for s in spaces}
        on = dict.fromkeys(SPACE_PHASE, 0)  # (every space of the mat: none is missing)
        on.update(Counter(spaces))
        got = _SETTINGS[key] = (on, frozenset(player_markers(actions)),
                                tuple(p for p in PHASE_ORDER if p in phases),
                                tuple(SPACE_PHASE[s] for s in set(spaces)))
    return got


def _develop(m: Mat, deck: Deck, cvp: int, need: int, action: bool) -> None:
    if m.counters >= 1 and m.credit >= need:
        m.counters -= 1
        m.credit -= need
        m.vp += cvp
        m.cards += 1
        return
    if action:
        m.stack += 1
        share = deck.dev if m.credit > 0 else deck.dev - deck.dev6
        found, m.stack = _flip(m.stack, share)
        six = deck.dev6 / deck.dev if m.credit > 0 and deck.dev else 0.0
        m.vp += found * (six * cvp + (1 - six) * deck.dev_vp)
        m.credit -= found * six
        m.cards += found
        return
    if m.credit <= 0:
        return
    found, m.stack = _flip(m.stack, deck.dev)
    six = deck.dev6 / deck.dev if deck.dev else 0.0
    m.vp += found * (six * cvp + (1 - six) * deck.dev_vp)
    m.credit -= found
    m.cards += found


def _settle(m: Mat, deck: Deck, v: dict[str, object], action: bool) -> None:
    military = v["settle_finds"] == "military"
    share = deck.world[military]
    if action:
        m.stack += v["settle_action_draw"]  # type: ignore[operator]
        found, m.stack = _flip(m.stack, share)
        m.vp += found * deck.world_vp[military]
        m.cards += found
        return
    if v["response_needs_credit"] and m.credit <= 0:
        return
    m.stack += v["settle_response_draw"]  # type: ignore[operator]
    found, m.stack = _flip(m.stack, share)
    m.vp += found * deck.world_vp[military]
    m.cards += found
    if m.credit > 0:
        m.credit -= found


@dataclass(frozen=True, slots=True)
class Forecast:
    """The robot's expected round under one choice of actions."""

    vp: float  # VP it scores this round (chips, cards, counters)
    cards: float  # cards (and counters) added to its tableau
    chips: float  # VP chips it takes from the pool
    later: float  # value for later rounds of its new credit, economy and draw stack
    phases: dict[str, float]  # chance the robot's dice call each phase


def forecast(game: Game, robot: RobotSeen, deck: Deck, actions: tuple[str, ...],
             rounds: float) -> Forecast:
    """Expected robot gain over the 36 rolls if you choose ``actions``."""
    comps = game.components  # type: ignore[attr-defined]
    dice_a = tuple(comps.get("dice", "a"))
    dice_b = tuple(comps.get("dice", "b"))
    markers = tuple(player_markers(actions))
    vp = cards = chips = later = 0.0
    phases: Counter[str] = Counter()
    first_vp = _first_settle_vp(robot, deck)
    start = Mat(float(robot.credit), float(robot.economy), float(robot.stack),
                float(robot.counters_left))
    base_later = robot_later(start, robot, rounds)
    for chance, spaces in rolls(dice_a, dice_b, robot.robot_face, markers):
        m = follow(robot, deck, spaces, actions, first_vp)
        vp += chance * m.vp
        cards += chance * m.cards
        chips += chance * m.chips
        later += chance * (robot_later(m, robot, rounds) - base_later)
        for phase in _setting(spaces, actions)[3]:
            phases[phase] += chance
    return Forecast(vp, cards, chips, later, dict(phases))


def robot_later(m: Mat, robot: RobotSeen, rounds: float) -> float:
    """What the robot's tracks and draw stack are worth over the rounds after this one."""
    after = max(0.0, rounds - 1.0)
    if after <= 0:
        return 0.0
    econ = m.economy * 0.45 * min(after, 6.0)
    counters = min(m.counters, 3.0)
    credit_use = min(m.credit, robot.credit_max) * (
        0.3 * robot.counter_vp if counters >= 1 else 0.5)
    credit_use = min(credit_use, 0.5 * robot.counter_vp * counters + 1.0)
    stack = min(m.stack, 6.0) * 0.35
    return econ + credit_use * min(1.0, after / 2.0) + stack * min(1.0, after / 2.0)


def _first_settle_vp(robot: RobotSeen, deck: Deck) -> float:
    spec = robot.values.get("first_settle")
    if not spec:
        return 0.0
    # The world found scores at least min_vp; the start world (-1 VP) leaves the tableau.

    return max(float(spec["min_vp"]), deck.world_vp[False] + 1.0) - CARDS[robot.start].vp
