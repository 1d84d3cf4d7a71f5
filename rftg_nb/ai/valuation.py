"""How much a card is worth to one seat, in victory points, from what that seat can see.

Every quantity here is an estimate in VP-equivalents so that cards in hand, cards in play,
goods, VP chips and the robot's gains can be compared on one scale:

* ``cv``: one card in hand as currency (it pays for something later). It falls as the game
  nears its end, when cards left in hand are worth nothing; past six cards each extra card
  is worth less, past the hand limit nothing (:meth:`Ctx.currency`).
* :meth:`Ctx.play_value`: placing a design in the tableau now: printed VP, 6-cost bonuses
  (its own and the ones it feeds), goals, and what its powers will bring over the rounds left
  (goods turned into VP or cards, draws, discounts, Military).
* :meth:`Ctx.hand_value`: a hand: its cards as currency plus the best few placements it can
  pay for, later ones counting less; a card's worth in hand is what it adds to that.

The tableau's powers are valued together by :meth:`Ctx.income`, so a consume power is worth
much only with goods to feed it and a production world only with somewhere to sell its goods.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import knowledge
from rftg_nb.cards import Design
from rftg_nb.constants import GOOD_VALUE, TABLEAU_END
from rftg_nb.engine import facts
from rftg_nb.engine.goals import GOALS
from rftg_nb.engine.phases.consume import GoodsUse
from rftg_nb.engine.scoring import card_bonus

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

END = TABLEAU_END  # tableau size that ends the game
# Shared by every game of the process, so each is kept under everything its value depends on
# (what is kept first must be what any later position with the same key would work out). A
# design is its id in its card database; the rest a context's values depend on (the database,
# the time left, ...: Ctx.__init__) is numbered once per context (_number). A tableau's income
# by (its designs' ids in order, Ctx._income_key) ...
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
# (card database, time left, solitaire?, players, goals as a seat sees them) -> what follows
# from them (Ctx._times)
_TIMES: dict[tuple[object, ...], tuple[Any, ...]] = {}
# What placing a design takes with a tableau, by (card database, the tableau's ids in tableau
# order, the design's id, 0 for its cost in cards or 1 for the Military against it), and the
# tableau's Military against every world by (card database, its ids): the rules' answers
# (facts.cost_to_place, facts.military), which depend on the designs alone
_PLACING: dict[tuple[object, ...], int | None] = {}
_NONE = object()  # (not kept yet: a cost may be None)
_NUMBERS: dict[tuple[object, ...], int] = {}  # a context's key -> its number, never reused
_COUNT = itertools.count()
_BY_ID = attrgetter("id")  # design order: a tableau's designs listed the same whatever came first


def _number(key: tuple[object, ...]) -> int:
    """A number that stands for ``key`` in the shared keys: hashed once per context rather than
    at every look-up. Numbers are never given twice, so forgetting them is safe."""
    got = _NUMBERS.get(key)
    if got is None:
        if len(_NUMBERS) > 20_000:
            _NUMBERS.clear()
        got = _NUMBERS[key] = next(_COUNT)
    return got


# What each card in hand is worth as currency, the 1st to the 10th (Ctx.currency) ...
_STEPS = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.75, 0.6, 0.45, 0.3)
# ... and so what a hand of 0 to 10 cards is worth, by the value of one card (Ctx.cv)
_CURRENCY: dict[float, tuple[float, ...]] = {}

# (6-cost design, id of a deck) -> (the deck, the deck's designs its bonus gives points to)
_LINES: dict[tuple[Design, int], tuple[object, tuple[tuple[Design, int], ...]]] = {}


def _bonus_lines(dev: Design, deck: Counter[Design]) -> tuple[tuple[Design, int], ...]:
    """The designs of ``deck`` that ``dev``'s bonus gives points to, with the points: a
    handful of the deck's designs, so a sum over hidden cards need not visit the others."""
    key = (dev, id(deck))
    got = _LINES.get(key)
    if got is None or got[0] is not deck:
        if len(_LINES) > 2_000:  # many custom designs or decks made: start again
            _LINES.clear()
        lines = tuple((x, p) for x in deck if (p := card_bonus(dev, x)))
        got = _LINES[key] = (deck, lines)
    return got[1]


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


class Ctx:
    """One seat's summary of the position, built once per decision and reused."""

    __slots__ = ("game", "seat", "me", "solo", "_robot", "_robot_known", "_military", "tableau",
                 "hand", "n_players", "goals", "_tids", "_tkey", "_hand_now", "_tableau_income",
                 "_goals", "rounds", "_unseen", "_rates", "future", "uses", "cv", "freq",
                 "_income_key", "_play_key", "draws_ahead", "later", "_kin", "kept", "_surplus",
                 "_hands", "_without")

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

    # ------------------------------------------------------------------ hidden cards
    @property
    def unseen(self) -> Counter[Design]:
        if self._unseen is None:
            self._unseen = knowledge.unseen(self.game, self.seat)
        return self._unseen

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
            got = _INCOME[key] = _income(designs, self.cv, self.freq, self.future)
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
            got = _INCOME[key] = _income(designs, self.cv, self.freq, self.future)
        return got

    def military_of(self, designs: Iterable[Design], world: Design | None = None) -> int:
        """The Military of a tableau of ``designs`` (against ``world``), as the rules count
        it."""
        return facts.military(list(designs), world)

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
            got += self._bonus_to_come(d, len(t) + 1)
        return got

    def _bonus_to_come(self, d: Design, size: int) -> float:
        """The part of a 6-cost bonus that depends on more than the tableau: VP chips
        (Galactic Renaissance) and the cards placed later, like those in hand and unseen."""
        total = 0.0
        for b in d.bonuses:
            if b.what == "THREE_VP":
                total += b.points * (self.me.vp // 3)
        # Later cards: about one a round, half of them from the hand, half drawn.
        later = min(self.rounds, max(0, END - size)) * 0.8
        if later > 0:
            total += later * self._bonus_rate(d)
        return total

    def _bonus_rate(self, d: Design) -> float:
        """Mean points a card placed later adds to ``d``'s bonus (hand cards count double)."""
        got = self._rates.get(d.name)
        if got is None:
            unseen = self.unseen
            total = 0
            for c in self.hand:
                total += 2 * card_bonus(d, c.design)
            for design, points in _bonus_lines(d, knowledge.full_deck(self.game)):
                total += points * unseen[design]
            weight = 2 * len(self.hand) + sum(unseen.values())
            got = self._rates[d.name] = total / weight if weight else 0.0
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
            value += _one_off(d, self.cv)
            # (a design with no Military of its own leaves the tableau's as it is)
            with_d = (_military_value(self.military_of([*t, d]), self.future)
                      if _has_military(d) else military)
            value += with_d - military
        if self.goals:
            value += self.goal_value(d, t)
        return value

    def six_bonus(self, d: Design, tableau: list[Design]) -> float:
        """A 6-cost development's bonus: the tableau now plus what later cards may add."""
        return self._bonus_now(d, tableau) + self._bonus_to_come(d, len(tableau))

    def _bonus_now(self, d: Design, tableau: list[Design]) -> float:
        now = 0.0
        for c in tableau:
            now += card_bonus(d, c)
        for b in d.bonuses:
            if b.what == "TOTAL_MILITARY":
                now += b.points * max(0, self.military_of(tableau))
        return now

    def goal_value(self, d: Design, tableau: list[Design]) -> float:
        """VP the goals may give for adding ``d`` (progress toward an open goal)."""

        total = 0.0
        for t in self.goals:
            g = GOALS[t.design.name]
            if g.kind == "first" and t.holders:
                continue
            before = _goal_count(g.name, tableau)
            after = _goal_count(g.name, [*tableau, d])
            if after <= before:
                continue
            need = g.need
            if g.kind == "first":
                if before < need <= after:
                    total += 3.0 * 0.8
                elif after < need:
                    total += 3.0 * 0.5 * (after - before) / need
            else:
                if self.seat in t.holders:
                    continue
                total += 5.0 * 0.4 * min(1.0, (after - before) / max(1, need - before))
        return total

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

    def hand_value(self, designs: list[Design]) -> float:
        """A hand: each card as currency, plus the best few placements it can pay for.

        The placements are taken greedily by surplus while the hand (and the cards drawn in
        the next rounds) can pay for them; later ones count less, as they come later.
        """
        key = tuple([d.id for d in designs])
        got = self._hands.get(key)
        if got is None:
            if len(self._hands) > 20_000:
                self._hands.clear()
            got = self._hands[key] = self._hand_total(len(designs), self._plays(designs))
        return got

    def hand_values_without(self, designs: list[Design]) -> tuple[float, ...]:
        """:meth:`hand_value` of ``designs`` without each one of them, in their order.

        Worked out once per surplus rather than once per card: a hand without one card is the
        whole hand's placements without that card's (the same list whichever of equal
        placements goes)."""
        key = tuple([d.id for d in designs])
        got = self._without.get(key)
        if got is None:
            if len(self._without) > 20_000:
                self._without.clear()
            got = self._without[key] = self._values_without(designs)
        return got

    def _values_without(self, designs: list[Design]) -> tuple[float, ...]:
        # _hand_total of a hand of n - 1 cards, for the placements without each one: the
        # greedy run over all of them is the same up to the one left out, so it is run once,
        # noting where it stood before each, and each run without one goes on from there.
        plays = self._plays(designs)
        m = len(designs) - 1
        money = m + self.draws_ahead
        later = self.later
        most = len(later)
        spent = 0.0
        k = 0
        total = self.currency(m)
        before: list[tuple[float, int, float] | None] = []  # None: the run had stopped
        for s, cost in plays:
            if k >= most:
                before.append(None)
                continue
            before.append((spent, k, total))
            if spent + cost + 1 > money:
                continue
            spent += cost + 1
            total += later[k] * s
            k += 1
        whole = total
        known = self._surplus  # (_plays has put every design's surplus there)
        out = []
        done: dict[tuple[float, float] | None, float] = {}
        for d in designs:
            play = known[d.name]
            key = play if play[0] > 0 else None
            got = done.get(key)
            if got is None:
                got = whole
                if key is not None:
                    i = plays.index(play)  # (the first of equal placements goes)
                    at = before[i]
                    if at is not None:
                        spent, k, got = at
                        for s, cost in plays[i + 1:]:
                            if spent + cost + 1 > money:
                                continue
                            spent += cost + 1
                            got += later[k] * s
                            k += 1
                            if k >= most:
                                break
                done[key] = got
            out.append(got)
        return tuple(out)

    def hand_values_with(self, base: list[Design], extras: list[list[Design]]) -> list[float]:
        """:meth:`hand_value` of ``base`` with each of ``extras`` added, in their order: the
        base's placements looked up once, each extra's added to them."""
        plays = self._plays(base)
        n = len(base)
        out = []
        for extra in extras:
            more = [got for d in extra if (got := self.surplus(d))[0] > 0]
            out.append(self._hand_total(n + len(extra), sorted(plays + more, reverse=True)
                                        if more else plays))
        return out

    def _plays(self, designs: list[Design]) -> list[tuple[float, float]]:
        """The placements worth making of a hand, best first: (surplus, cost) of each design
        with a surplus (:meth:`surplus`)."""
        known = self._surplus
        plays = []
        for d in designs:
            got = known.get(d.name)
            if got is None:
                got = self.surplus(d)
            if got[0] > 0:
                plays.append(got)
        plays.sort(reverse=True)
        return plays

    def _hand_total(self, n: int, plays: list[tuple[float, float]]) -> float:
        """:meth:`hand_value` of a hand of ``n`` cards with these placements, best first."""
        total = self.currency(n)
        if not plays:
            return total
        money = n + self.draws_ahead
        later = self.later
        most = len(later)
        spent = 0.0
        k = 0
        for s, cost in plays:
            if spent + cost + 1 > money:
                continue
            spent += cost + 1
            total += later[k] * s
            k += 1
            if k >= most:
                break
        return total

    def currency(self, n: int) -> float:
        """``n`` cards in hand as currency: past 6 cards each is worth less, and past the hand
        limit of 10 nothing (the round end takes them)."""
        table = _CURRENCY.get(self.cv)
        if table is None:
            if len(_CURRENCY) > 1_000:
                _CURRENCY.clear()
            table = _CURRENCY[self.cv] = tuple(self.cv * sum(_STEPS[:k])
                                               for k in range(len(_STEPS) + 1))
        return table[min(n, len(_STEPS))]

    def card_worth(self, n: int) -> float:
        """The currency value of one more card in a hand of ``n``."""
        return self.currency(n + 1) - self.currency(n)

    def keep_value(self, d: Design, hand: list[Design] | None = None) -> float:
        """What adding ``d`` to the hand is worth (to a hand of the current cards by default)."""
        if hand is None:
            return self.hand_value([*(c.design for c in self.hand), d]) - self.hand_now()
        return self.hand_value([*hand, d]) - self.hand_value(hand)

    def hand_now(self) -> float:
        """:meth:`hand_value` of the seat's hand (as it was when the context was made)."""
        if self._hand_now is None:
            self._hand_now = self.hand_value([c.design for c in self.hand])
        return self._hand_now

    def tableau_income(self) -> float:
        """:meth:`income` of the seat's tableau (as it was when the context was made)."""
        if self._tableau_income is None:
            self._tableau_income = self.income(self.tableau)
        return self._tableau_income


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


# ---------------------------------------------------------------------------- the engine
#: goods a "consume all your goods" power is counted to take in one use
ALL_GOODS = 4


def per_good(use: GoodsUse) -> tuple[float, float, int, tuple[str, ...], bool]:
    """A goods-consuming power as the rules say it takes goods (:func:`rftg_nb.engine.facts.
    consume_uses`), per good: (VP a good, cards a good, goods a use takes, the kinds it takes,
    only the card's own good)."""
    n = use.size or ALL_GOODS
    vp, cards = use.reward(n)
    return vp / n, cards / n, n, use.kinds, use.own


def _goal_count(name: str, tableau: list[Design]) -> int:
    """The count of goal ``name`` for a tableau of these designs, as the rules count it (0 for
    the goals that read more than the tableau: chips, the hand limit)."""
    count = GOALS[name].tableau_count
    return 0 if count is None else count(tableau)


def _military_value(mil: int, future: float) -> float:
    """Military lets military worlds be placed for no cards; the first points count most."""
    if mil <= 0:
        return 0.0
    steps = (1.0, 0.9, 0.8, 0.6, 0.45, 0.3, 0.2, 0.1)
    total = sum(steps[: min(mil, len(steps))])
    return total * min(1.0, future / 4.0)


# a design's id -> (the design, its powers: all of them, those of phases 1 to 5, those that
# bring draws or discounts)
_ABILITIES: dict[int, tuple[Design, tuple[tuple[facts.Ability, ...], ...]]] = {}


def _abilities(d: Design) -> tuple[tuple[facts.Ability, ...], ...]:
    """:func:`rftg_nb.engine.facts.abilities` of ``d``: ``[0]`` all its powers, ``[k]`` those
    of phase ``k``, each asked of the rules once; ``[6]`` those :func:`_draw_income` counts
    (:data:`DRAW_INCOME`), in the same order."""
    got = _ABILITIES.get(id(d))
    if got is None or got[0] is not d:
        if len(_ABILITIES) > 10_000:  # many custom designs made: start again
            _ABILITIES.clear()
        every = facts.abilities(d)
        draws = tuple(a for a in every if a.does in DRAW_INCOME.get(a.phase, ()))
        got = _ABILITIES[id(d)] = (
            d, (*(facts.abilities(d, k or None) for k in range(6)), draws))
    return got[1]


def consume_uses(designs: Iterable[Design]) -> list[GoodsUse]:
    """What a use of each goods-consuming power of a tableau takes and gives, in tableau order
    (:func:`rftg_nb.engine.facts.consume_uses`)."""
    return [a.goods for d in designs for a in _abilities(d)[4] if a.goods is not None]


def _has_military(d: Design) -> bool:
    """Whether ``d`` has a power that may add Military against every world (what
    :func:`rftg_nb.engine.facts.military` counts without a world)."""
    return any(a.does == "military" and a.good is None for a in _abilities(d)[3])


def _one_off(d: Design, cv: float) -> float:
    """Powers used once: discard-from-tableau powers."""
    total = 0.0
    for a in _abilities(d)[3]:
        if a.does == "free_world":
            total += 2.5 * cv
        elif a.does == "tactics":
            total += 1.0
    return total


# a design's id -> (the design, what _income reads of it: _income_facts)
_INCOME_FACTS: dict[int, tuple[Design, tuple[Any, ...]]] = {}


def _income_facts(d: Design) -> tuple[Any, ...]:
    """What :func:`_income` reads of ``d``, worked out once: the good of a windfall world
    that has one, the good of a production world, its Produce powers, its Consume powers
    each with what it is (its ``does``, and per good what a goods-consuming one takes and
    gives: :func:`per_good`), whether it is an Alien windfall world with a power on its own
    good, and its powers :func:`_draw_income` counts."""
    got = _INCOME_FACTS.get(id(d))
    if got is None or got[0] is not d:
        if len(_INCOME_FACTS) > 10_000:  # many custom designs made: start again
            _INCOME_FACTS.clear()
        powers = _abilities(d)
        four = tuple((a.does, a, None if a.goods is None else per_good(a.goods))
                     for a in powers[4])
        own = d.good == "alien" and d.windfall and any(
            a.goods is not None and a.goods.own for a in powers[4])
        got = _INCOME_FACTS[id(d)] = (d, (
            d.good if d.is_world and d.windfall and d.good else None,
            d.good if d.is_production else None, powers[5], four, own, powers[6]))
    return got[1]


def _income(designs: list[Design], cv: float, freq: dict[str, float], future: float) -> float:
    """VP-equivalents a round from the tableau's powers."""
    produce = freq["produce"]
    consume = freq["consume"]
    cycle = min(produce, consume) + 0.1
    total = 0.0
    facts_of = [_income_facts(d) for d in designs]
    # ---- goods: what is produced each Produce phase
    goods: list[str] = []
    windfall_worlds: dict[str, int] = {}  # by kind of good, in tableau order
    start_goods = 0  # windfall worlds with a good, counted below
    for f in facts_of:
        good = f[0]
        if good is not None:
            windfall_worlds[good] = windfall_worlds.get(good, 0) + 1
            start_goods += 1
    wf_any = 0
    for d, f in zip(designs, facts_of, strict=True):
        if f[1] is not None:
            goods.append(f[1])
        for a in f[2]:
            if a.does == "windfall" and a.good is not None:
                if windfall_worlds.get(a.good, 0) > 0:
                    windfall_worlds[a.good] -= 1
                    goods.append(a.good)
            elif a.does == "windfall":
                wf_any += 1
            elif a.does == "produce_discard":
                goods.append(d.good or "alien")  # it costs a card each time: counted half below
                total -= 0.5 * cv * produce
    for _ in range(wf_any):
        left = [k for k, n in windfall_worlds.items() if n > 0]
        if left:
            best = max(left, key=lambda k: GOOD_VALUE[k])
            windfall_worlds[best] -= 1
            goods.append(best)
    # ---- consume powers: (vp per good, cards per good, goods a use takes, kinds)
    powers: list[tuple[float, float, int, tuple[str, ...]]] = []
    trade_bonus = 0.0
    extra_trades = 0
    this_goods = 0  # alien windfall worlds with a power on their own good
    for f in facts_of:
        if f[4]:
            this_goods += 1
        for does, a, each in f[3]:
            if does in ("trade", "trade_plain"):
                extra_trades += 1
            elif does in ("trade_bonus", "trade_bonus_own"):
                any_good = does == "trade_bonus" and a.good is None
                trade_bonus += a.value * (1.0 if any_good else 0.4)
            elif does == "discard_hand":
                total += consume * a.times * max(0.0, a.value - cv) * 0.8
            elif does == "draw":
                total += consume * a.value * cv
            elif does == "gamble":
                total += consume * 0.15 * cv
            elif each is not None:
                vp, cards, take, kinds, own = each
                powers.append((vp, cards, 1, ("this",)) if own else (vp, cards, take, kinds))
    # Assign the goods of one cycle to the powers, best VP first.
    pool: dict[str, int] = {}  # goods by kind
    for g in goods:
        pool[g] = pool.get(g, 0) + 1
    vp_gain = cards_gain = 0.0
    for vp, cards, take, kinds in sorted(powers, key=lambda x: -(x[0] * 2 + x[1] * cv)):
        if kinds == ("this",):
            if this_goods:
                vp_gain += vp * 0.5
            continue
        for _ in range(take):
            kind = _take_good(pool, kinds)
            if kind is None:
                break
            vp_gain += vp
            cards_gain += cards
    leftover = sum(pool.values())
    sell = 0.0
    if leftover:
        best = max((GOOD_VALUE[k] for k, n in pool.items() if n > 0), default=0)
        sell = (best + trade_bonus) * cv * 0.45 * min(1, leftover)
        sell += extra_trades * (best + trade_bonus * 0.5) * cv * 0.6 * min(1, leftover - 1)
    # x2 doubles the VP part about half the time it is used.
    total += cycle * (vp_gain * 1.45 + cards_gain * cv) + sell
    # windfall worlds that start with a good count half a good (one use, then refills rarely)
    if start_goods and powers:
        total += 0.6 / max(1.0, future)
    # ---- draws and discounts
    for f in facts_of:
        for a in f[5]:  # (the others bring nothing: adding 0.0 changes no sum)
            total += _draw_income(a, designs, goods, cv, freq)
    return total


#: what the powers :func:`_draw_income` counts do, by phase (it counts nothing for the others)
DRAW_INCOME = {1: frozenset({"draw", "keep"}), 2: frozenset({"draw", "draw_after", "reduce"}),
               3: frozenset({"reduce", "draw_after", "place_two", "pay_military",
                             "hand_military"}),
               5: frozenset({"draw", "draw_if", "draw_each", "draw_different", "draw_most",
                             "draw_per_world", "draw_per_military"})}


def _draw_income(a: facts.Ability, designs: list[Design], goods: list[str], cv: float,
                 freq: dict[str, float]) -> float:
    """VP-equivalents a round of an Explore, Develop, Settle or Produce power: draws,
    discounts and the like (what ``goods`` a Produce phase makes, by kind)."""
    does, v = a.does, a.value
    if a.phase == 1:
        return freq["explore"] * (0.35 if does == "draw" else 0.9 if does == "keep" else 0) * v * cv
    if a.phase == 2:
        if does == "draw":
            return freq["develop"] * v * cv
        if does == "draw_after":
            return freq["develop"] * 0.5 * v * cv
        return 0.45 * v * cv if does == "reduce" else 0.0
    if a.phase == 3:
        if does == "reduce":
            return (0.45 if a.good is None else 0.12) * v * cv
        if does == "draw_after":
            return 0.5 * v * cv
        return {"place_two": 0.25 * 1.5, "pay_military": 0.25 * cv,
                "hand_military": 0.15 * cv}.get(does, 0.0)
    if a.phase != 5:
        return 0.0
    produce = freq["produce"]
    if does == "draw":
        return produce * v * cv
    if does == "draw_if":
        return produce * 0.8 * v * cv
    if does == "draw_each":
        return produce * goods.count(a.good or "") * cv
    if does == "draw_different":
        return produce * len(set(goods)) * cv
    if does == "draw_most":
        return produce * (1.2 if a.good in goods else 0.0) * cv
    if does == "draw_per_world":
        return produce * sum(1 for x in designs if x.is_world and x.good == a.good) * cv
    if does == "draw_per_military":
        return produce * sum(1 for x in designs if x.military) * cv
    return 0.0


def _take_good(pool: dict[str, int], kinds: tuple[str, ...]) -> str | None:
    """Take one good a power accepts (cheapest first for "any": dear goods sell better)."""
    if kinds:
        for k in kinds:
            if pool.get(k, 0) > 0:
                pool[k] -= 1
                return k
        return None
    for k in ("novelty", "rare", "genes", "alien"):
        if pool.get(k, 0) > 0:
            pool[k] -= 1
            return k
    return None
