"""How much a card is worth to one seat, in victory points, from what that seat can see.

Every quantity here is an estimate in VP-equivalents so that cards in hand, cards in play,
goods, VP chips and the robot's gains can be compared on one scale. :class:`Ctx` is one
seat's summary of the position, made once per decision; its valuations come from its base
classes, one a module:

* :mod:`rftg_nb.ai.hands`: ``cv``, one card in hand as currency, and a hand's worth
  (:meth:`Ctx.hand_value`): its cards as currency plus the best few placements it can pay for.
* :mod:`rftg_nb.ai.placing`: placing a design in the tableau now (:meth:`Ctx.play_value`)
  and later (:meth:`Ctx.surplus`), and the rules' answers these need.
* :mod:`rftg_nb.ai.bonuses`: what the 6-cost bonuses and the goals add to a placement.
* :mod:`rftg_nb.ai.income`: what a tableau's powers bring each round (:meth:`Ctx.income`).

Here: the context itself, what follows from the time left (estimated by :func:`rounds_left`),
and what a family of contexts shares (:class:`Kept`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import knowledge
from rftg_nb.ai.hands import HandValues
from rftg_nb.cards import Design
from rftg_nb.constants import TABLEAU_END

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

END = TABLEAU_END  # tableau size that ends the game
# (card database, time left, solitaire?, players, goals as a seat sees them) -> what follows
# from them (Ctx._times)
_TIMES: dict[tuple[object, ...], tuple[Any, ...]] = {}
_NUMBERS: dict[tuple[object, ...], int] = {}  # a context's key -> its number, never reused
_COUNT = itertools.count()


def _number(key: tuple[object, ...]) -> int:
    """A number that stands for ``key`` in the shared keys: hashed once per context rather than
    at every look-up. Numbers are never given twice, so forgetting them is safe."""
    got = _NUMBERS.get(key)
    if got is None:
        if len(_NUMBERS) > 20_000:
            _NUMBERS.clear()
        got = _NUMBERS[key] = next(_COUNT)
    return got


class Kept:
    """What a family of contexts (:class:`Ctx`) works out once for all of them: the cards'
    surpluses by name (:meth:`Ctx.surplus`), hands' values by their designs' ids
    (:meth:`Ctx.hand_value`) and each without one card (:meth:`Ctx.hand_values_without`),
    and the fast level's answers to questions that depend on no more than these
    (:meth:`rftg_nb.ai.decisions.Chooser.choose`)."""

    __slots__ = ("surplus", "hands", "without", "answers")

    def __init__(self) -> None:
        self.surplus: dict[str, tuple[float, float]] = {}
        self.hands: dict[tuple[int, ...], float] = {}
        self.without: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.answers: dict[tuple[object, ...], object] = {}


class Ctx(HandValues):
    """One seat's summary of the position, built once per decision and reused."""

    # (and those its base classes keep: _military, _unseen, _tableau_income, _hand_now)
    __slots__ = ("game", "seat", "me", "solo", "_robot", "_robot_known", "tableau", "hand",
                 "n_players", "goals", "_tids", "_tkey", "_goals", "rounds", "_rates", "future",
                 "uses", "cv", "freq", "_income_key", "_play_key", "draws_ahead", "later", "_kin",
                 "kept", "_surplus", "_hands", "_without")

    def __init__(self, game: Game, seat: int, parent: Ctx | None = None) -> None:
        """``parent``: a context of the same seat earlier in the same round (a look-ahead
        copy's root), whose card valuations are reused."""
        self.game = game
        self.seat = seat
        self.me = game.players[seat]
        self.solo = knowledge.is_solo(game)
        self._robot: knowledge.RobotSeen | None = None
        self._robot_known = False
        self._military: int | None = None
        self.tableau: list[Design] = [c.design for c in self.me.tableau]
        self.hand = list(self.me.hand)
        self.n_players = len(game.players) + (1 if self.solo else 0)
        self.goals = list(game.goal_tracks)
        self._tids = tuple([d.id for d in self.tableau])
        self._tkey = tuple(sorted(self._tids))
        self._hand_now: float | None = None
        self._tableau_income: float | None = None
        goals = tuple([(t.design.name, bool(t.holders), seat in t.holders)
                       for t in self.goals]) if self.goals else ()
        self._goals = goals
        kin = parent is not None and parent.seat == seat
        if parent is not None and kin:
            # the time left is the parent's; so is all that follows from it alone
            self.rounds = parent.rounds
            self._unseen: Counter[Design] | None = parent._unseen
            self._rates: dict[str, float] = parent._rates
        else:
            self.rounds = round(2.0 * rounds_left(game, seat, self.robot)) / 2.0  # half rounds
            self._unseen = None
            self._rates = {}
        if parent is not None and kin and parent.game.db is game.db and (
                parent.solo, parent.n_players) == (self.solo, self.n_players):
            self.future, self.uses, self.cv = parent.future, parent.uses, parent.cv
            self.freq = parent.freq
            self._income_key = parent._income_key
            self._play_key = (parent._play_key if parent._goals == goals
                              else self._number_play(goals))
            self.draws_ahead, self.later = parent.draws_ahead, parent.later
        else:
            times_key = (game.db, self.rounds, self.solo, self.n_players, goals)
            got = _TIMES.get(times_key)
            if got is None:
                if len(_TIMES) > 1_000:
                    _TIMES.clear()
                got = _TIMES[times_key] = self._times(goals)
            (self.future, self.uses, self.cv, self.freq, self._income_key, self._play_key,
             self.draws_ahead, self.later) = got
        # What is worked out once for a family of contexts (:class:`Kept`). A context of the
        # parent's tableau size is of the parent's family; one of another tableau is of the
        # family of the parent's other contexts with its tableau, goals and VP chips (all a
        # surplus depends on besides the time left, the parent's, and the 6-cost bonuses'
        # rates, kept by the parent once worked out): each would work out the same.
        self._kin: dict[tuple[object, ...], Kept] = {}  # (families of this one's children)
        if parent is not None and kin and len(parent.tableau) == len(self.tableau):
            kept = parent.kept
        elif parent is not None and kin:
            kin_key = (self._tids, self._income_key, self._play_key, self.me.vp)
            family = parent._kin.get(kin_key)
            kept = parent._kin[kin_key] = Kept() if family is None else family
        else:
            kept = Kept()
        self.kept = kept
        self._surplus, self._hands, self._without = kept.surplus, kept.hands, kept.without

    def _times(self, goals: tuple[tuple[str, bool, bool], ...]) -> tuple[Any, ...]:
        """All that follows from the time left (:attr:`rounds`), the kind of game and the goals
        (worked out once for each: :data:`_TIMES`)."""
        # Rounds in which a card placed now can still use its powers (this one counts half),
        # discounted: a power is not used every round, and later rounds are less certain.
        self.future = max(0.0, self.rounds - 0.6)
        self.uses = 0.5 * min(self.future, 7.0)
        self.cv = card_value(self.rounds)
        self.freq = phase_frequencies(self)
        # What the shared valuations depend on besides the designs' ids: their card database,
        # the time left (exact, as the sums use it) and the phases' frequencies for
        # :meth:`income`; also the goals as this seat sees them (taken by someone, held by this
        # seat) for :meth:`play_value`.
        income_key = _number((self.game.db, self.cv, self.future, tuple(self.freq.items())))
        # Cards the seat will draw before it could place what it holds, and how much the
        # first, second ... planned placement of a hand counts (later ones come later).
        draws_ahead = min(3.0, 1.5 * max(0.0, self.rounds - 1))
        scale = max(0.0, min(1.0, (self.rounds - 0.5) / 2.0))
        later = tuple(scale * x for x in (0.9, 0.65, 0.45, 0.3, 0.2))
        return (self.future, self.uses, self.cv, self.freq, income_key,
                self._number_play(goals), draws_ahead, later)

    def _number_play(self, goals: tuple[tuple[str, bool, bool], ...]) -> int:
        """The number standing for what :meth:`play_value` depends on besides the designs."""
        income_key = (self.game.db, self.cv, self.future, tuple(self.freq.items()))
        return _number((income_key, self.uses, goals))

    def board_key(self) -> tuple[object, ...]:
        """What the valuations of this context's family (:attr:`kept`) depend on besides the
        cards valued: the seat, its tableau (ids in tableau order), the time left and the goals
        as it sees them (numbered), its VP chips."""
        return (self.seat, self._tids, self._income_key, self._play_key, self.me.vp)

    @property
    def robot(self) -> knowledge.RobotSeen | None:
        """The robot's public mat (None: no robot), looked at when first asked for (a
        context of a look-ahead's own choice of a card to place never asks)."""
        if not self._robot_known:
            self._robot = knowledge.robot_seen(self.game)
            self._robot_known = True
        return self._robot


# ---------------------------------------------------------------------------- estimates
def rounds_left(game: Game, seat: int, robot: knowledge.RobotSeen | None = None) -> float:
    """Rounds still to play, this one included, from the race to the game end (``robot``:
    the robot's mat, :func:`rftg_nb.ai.knowledge.robot_seen`, if the caller has it)."""
    sizes = [len(p.tableau) for p in game.players]
    if robot is None:
        robot = knowledge.robot_seen(game)
    pool = game.vp_pool
    if robot is not None:
        sizes.append(robot.tableau_size)
        # The robot places about 0.7 cards a round and takes its economy in chips a bit
        # more often than every other round.
        robot_tab = (END - robot.tableau_size) / 0.75
        drain = 0.9 + 0.6 * robot.economy + 0.25 * game.round
        by_pool = pool / max(1.0, drain)
        mine = (END - sizes[0]) / 1.1
        est = min(robot_tab, by_pool, mine)
    else:
        n = len(game.players)
        fastest = (END - max(sizes)) / 1.0
        drain = 0.5 * n + 0.3 * n * min(game.round, 8) / 2
        by_pool = pool / max(1.0, drain)
        est = min(fastest, by_pool)
    return max(1.0, est + 0.5)


def card_value(rounds: float) -> float:
    """VP a card in hand is worth as currency, ``rounds`` before the end (this one counts)."""
    return max(0.12, min(0.75, 0.12 + 0.16 * (rounds - 1)))


def phase_frequencies(ctx: Ctx) -> dict[str, float]:
    """Chance that a phase runs in a later round (chosen by this seat or another side)."""
    if ctx.solo:
        return {"explore": 0.45, "develop": 0.6, "settle": 0.7, "consume": 0.6,
                "produce": 0.55, "trade": 0.25}
    n = ctx.n_players
    more = min(1.0, 0.12 * (n - 2))
    return {"explore": 0.5 + more, "develop": 0.55 + more, "settle": 0.65 + more,
            "consume": 0.55 + more, "produce": 0.5 + more, "trade": 0.2}

