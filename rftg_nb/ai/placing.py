"""What placing one card is worth to a seat, in VP-equivalents (:class:`PlacingValues`, a base
class of :class:`rftg_nb.ai.valuation.Ctx`).

* :meth:`PlacingValues.play_value`: placing a design in the tableau now: printed VP, 6-cost
  bonuses (its own and the ones it feeds: :mod:`rftg_nb.ai.bonuses`), goals, and what its
  powers will bring over the rounds left (goods turned into VP or cards, draws, discounts,
  Military: :mod:`rftg_nb.ai.income`).
* :meth:`PlacingValues.surplus`: what placing it later is worth over keeping it as a card,
  and what it would cost.

Also the rules' answers these need (the cost to place a design, the tableau's Military), and
the valuations kept for every game of the process, each under everything it depends on.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from operator import attrgetter

from rftg_nb.ai.bonuses import BonusValues
from rftg_nb.ai.income import has_military, one_off, round_income
from rftg_nb.cards import Design
from rftg_nb.engine import facts
from rftg_nb.engine.scoring import card_bonus

# Shared by every game of the process, so each is kept under everything its value depends on
# (what is kept first must be what any later position with the same key would work out). A
# design is its id in its card database; the rest a context's values depend on (the database,
# the time left, ...: Ctx.__init__) is numbered once per context (valuation._number). A
# tableau's income by (its designs' ids in order, Ctx._income_key) ...
_INCOME: dict[tuple[object, ...], float] = {}
# ... and a design's play value by (its id, the tableau's ids in order, Ctx._play_key).
_PLAY: dict[tuple[object, ...], float] = {}
# ... and what a design's play value takes from the tableau alone by (the tableau's ids,
# sorted, Ctx._income_key): its designs in that order, those with a 6-cost bonus, its income,
# the worth of its Military
_BASE: dict[tuple[object, ...], tuple[list[Design], list[Design], float, float]] = {}
# ... and, but for a 6-cost development, its surplus in hand (Ctx.surplus) by (its id, the
# tableau's ids in tableau order, Ctx._play_key).
_SURPLUS: dict[tuple[object, ...], tuple[float, float]] = {}
# What placing a design takes with a tableau, by (card database, the tableau's ids in tableau
# order, the design's id, 0 for its cost in cards or 1 for the Military against it), and the
# tableau's Military against every world by (card database, its ids): the rules' answers
# (facts.cost_to_place, facts.military), which depend on the designs alone
_PLACING: dict[tuple[object, ...], int | None] = {}
_NONE = object()  # (not kept yet: a cost may be None)
_BY_ID = attrgetter("id")  # design order: a tableau's designs listed the same whatever came first


def _military_value(mil: int, future: float) -> float:
    """Military lets military worlds be placed for no cards; the first points count most."""
    if mil <= 0:
        return 0.0
    steps = (1.0, 0.9, 0.8, 0.6, 0.45, 0.3, 0.2, 0.1)
    total = sum(steps[: min(mil, len(steps))])
    return total * min(1.0, future / 4.0)


class PlacingValues(BonusValues):
    """What placing a card is worth to a context's seat (a base class of
    :class:`rftg_nb.ai.valuation.Ctx`, whose fields it reads)."""

    # what this part keeps once worked out (set to None by Ctx.__init__)
    __slots__ = ("_military", "_tableau_income")
    _military: int | None
    _tableau_income: float | None

    # what ``Ctx`` holds (read here, set there)
    tableau: list[Design]
    future: float
    uses: float
    cv: float
    freq: dict[str, float]
    _tids: tuple[int, ...]
    _tkey: tuple[int, ...]
    _income_key: int
    _play_key: int
    _surplus: dict[str, tuple[float, float]]

    @property
    def military(self) -> int:
        """The tableau's Military against every world."""
        got = self._military
        if got is None:
            key = (self.game.db, self._tids)
            got = _PLACING.get(key)
            if got is None:
                got = _PLACING[key] = facts.military(self.tableau)
            self._military = got
        return got

    # ------------------------------------------------------------------ the tableau engine
    def income(self, designs: Iterable[Design]) -> float:
        """VP-equivalents a round that the powers of ``designs`` bring (goods, draws, ...)."""
        designs = list(designs)
        key = (tuple(sorted([d.id for d in designs])), self._income_key)
        got = _INCOME.get(key)
        if got is None:
            if len(_INCOME) > 50_000:
                _INCOME.clear()
            designs.sort(key=_BY_ID)  # worked out in the key's order, whatever came first
            got = _INCOME[key] = round_income(designs, self.cv, self.freq, self.future)
        return got

    def _income_with(self, t: list[Design], d: Design) -> float:
        """:meth:`income` of the designs ``t`` (in id order) and ``d``: ``d`` put in its place
        in that order (after any of its id, as a stable sort puts it) rather than sorted in."""
        ids = [x.id for x in t]
        at = bisect_right(ids, d.id)
        ids.insert(at, d.id)
        key = (tuple(ids), self._income_key)
        got = _INCOME.get(key)
        if got is None:
            if len(_INCOME) > 50_000:
                _INCOME.clear()
            designs = list(t)
            designs.insert(at, d)
            got = _INCOME[key] = round_income(designs, self.cv, self.freq, self.future)
        return got

    # ------------------------------------------------------------------ one card
    def play_value(self, d: Design, tableau: list[Design] | None = None) -> float:
        """VP-equivalents of placing ``d`` in the tableau now (not counting what it costs)."""
        if tableau is None:
            t, tkey = self.tableau, self._tkey
        else:
            t, tkey = tableau, tuple(sorted([x.id for x in tableau]))
        # What does not depend on the hand is shared by every position with this tableau,
        # time left and goals (a look-ahead meets the same ones over and over).
        key = (d.id, tkey, self._play_key)
        got = _PLAY.get(key)
        if got is None:
            if len(_PLAY) > 200_000:
                _PLAY.clear()
            got = _PLAY[key] = self._play_value(d, *self._base(t, tkey))
        if d.bonuses:
            got += self.bonus_to_come(d, len(t) + 1)
        return got

    def _base(self, t: list[Design], tkey: tuple[int, ...]) \
            -> tuple[list[Design], list[Design], float, float]:
        """What :meth:`_play_value` takes from the tableau ``t`` alone (``tkey``: its ids,
        sorted): its designs in that order, those with a 6-cost bonus, its income and the
        worth of its Military."""
        key = (tkey, self._income_key)
        got = _BASE.get(key)
        if got is None:
            if len(_BASE) > 50_000:
                _BASE.clear()
            ts = sorted(t, key=_BY_ID)
            got = _BASE[key] = (ts, [x for x in ts if x.bonuses], self.income(ts),
                                _military_value(self.military_of(ts), self.future))
        return got

    def _play_value(self, d: Design, t: list[Design], sixes: list[Design], income: float,
                    military: float) -> float:
        value = float(d.vp)
        if d.bonuses:
            value += self._bonus_now(d, [*t, d])
        for other in sixes:
            value += card_bonus(other, d)
        if self.future > 0:
            value += self.uses * (self._income_with(t, d) - income)
            value += one_off(d, self.cv)
            # (a design with no Military of its own leaves the tableau's as it is)
            with_d = (_military_value(self.military_of([*t, d]), self.future)
                      if has_military(d) else military)
            value += with_d - military
        if self.goals:
            value += self.goal_value(d, t)
        return value

    def cost_to_place(self, d: Design) -> int | None:
        """Cards it takes to place ``d`` now without a phase bonus (None: it cannot be), as
        the rules count it (:func:`rftg_nb.engine.facts.cost_to_place`)."""
        key = (self.game.db, self._tids, d.id, 0)
        got = _PLACING.get(key, _NONE)
        if got is _NONE:
            if len(_PLACING) > 100_000:
                _PLACING.clear()
            got = _PLACING[key] = facts.cost_to_place(self.tableau, d)
        return got  # type: ignore[return-value]

    def _military_against(self, d: Design) -> int:
        """The tableau's Military against the world ``d`` (:meth:`military_of`)."""
        key = (self.game.db, self._tids, d.id, 1)
        got = _PLACING.get(key)
        if got is None:
            if len(_PLACING) > 100_000:
                _PLACING.clear()
            got = _PLACING[key] = self.military_of(self.tableau, d)
        return got  # type: ignore[return-value]

    def surplus(self, d: Design) -> tuple[float, float]:
        """(What placing ``d`` later is worth over keeping it as a card, its cost in cards).

        A card that cannot be placed now (too little Military) keeps a small share of its
        surplus: more Military may come.
        """
        got = self._surplus.get(d.name)
        if got is None:
            if d.bonuses:  # (what a 6-cost bonus may bring depends on more than the tableau)
                got = self._surplus_of(d)
            else:
                key = (d.id, self._tids, self._play_key)
                got = _SURPLUS.get(key)
                if got is None:
                    if len(_SURPLUS) > 200_000:
                        _SURPLUS.clear()
                    got = _SURPLUS[key] = self._surplus_of(d)
            self._surplus[d.name] = got
        return got

    def _surplus_of(self, d: Design) -> tuple[float, float]:
        cost = self.cost_to_place(d)
        chance = 1.0
        if cost is None:
            if d.is_development:
                return (0.0, 0.0)
            need = d.cost - self._military_against(d)
            chance = 0.3 if need <= 1 else 0.12 if need <= 2 else 0.03
            cost = 0
        plan_cost = max(0.0, cost - 0.5) if d.is_development else float(cost)
        value = self.play_value(d) - plan_cost * self.cv - self.cv
        return (chance * value, plan_cost)

    def tableau_income(self) -> float:
        """:meth:`income` of the seat's tableau (as it was when the context was made)."""
        if self._tableau_income is None:
            self._tableau_income = self.income(self.tableau)
        return self._tableau_income
