"""What a hand is worth to a seat, in VP-equivalents (:class:`HandValues`, a base class of
:class:`rftg_nb.ai.valuation.Ctx`).

* ``cv``: one card in hand as currency (it pays for something later). It falls as the game
  nears its end, when cards left in hand are worth nothing; past six cards each extra card
  is worth less, past the hand limit nothing (:meth:`HandValues.currency`).
* :meth:`HandValues.hand_value`: a hand: its cards as currency plus the best few placements it
  can pay for (:meth:`rftg_nb.ai.placing.PlacingValues.surplus`), later ones counting less; a
  card's worth in hand is what it adds to that.
"""

from __future__ import annotations

from rftg_nb.ai.placing import PlacingValues
from rftg_nb.cards import Design

# What each card in hand is worth as currency, the 1st to the 10th (Ctx.currency) ...
_STEPS = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.75, 0.6, 0.45, 0.3)
# ... and so what a hand of 0 to 10 cards is worth, by the value of one card (Ctx.cv)
_CURRENCY: dict[float, tuple[float, ...]] = {}


class HandValues(PlacingValues):
    """What a hand is worth to a context's seat (a base class of
    :class:`rftg_nb.ai.valuation.Ctx`, whose fields it reads)."""

    # what this part keeps once worked out (set to None by Ctx.__init__)
    __slots__ = ("_hand_now",)
    _hand_now: float | None

    # what ``Ctx`` holds (read here, set there)
    draws_ahead: float
    later: tuple[float, ...]
    _hands: dict[tuple[int, ...], float]
    _without: dict[tuple[int, ...], tuple[float, ...]]

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
