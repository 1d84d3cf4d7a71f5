"""What the Explore, Consume and Produce phases of a forecast round bring the seat
(:class:`RoundGains`, the base class of :class:`rftg_nb.ai.plans.RoundPlan`).

Explored cards are valued as draws from the cards the seat has not seen (the best of them
kept); goods are consumed by the tableau's powers, best first, or sold; a good produced is
worth what it will be consumed or sold for next time.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import TYPE_CHECKING

from rftg_nb.ai.income import per_good
from rftg_nb.ai.valuation import Ctx
from rftg_nb.constants import GOOD_VALUE
from rftg_nb.engine import facts

if TYPE_CHECKING:
    from rftg_nb.cards import Design


class RoundGains:
    """The gains of a forecast round's Explore, Consume and Produce phases (the base class of
    :class:`rftg_nb.ai.plans.RoundPlan`, whose fields it reads)."""

    # what ``RoundPlan`` holds (read here, set there)
    ctx: Ctx
    _explore: dict[tuple[int, int], float]
    _unseen_keep: list[tuple[float, int]] | None

    # ------------------------------------------------------------------ explore
    def _explore_counts(self, actions: tuple[str, ...]) -> tuple[int, int]:
        return facts.explore_counts(self.ctx.tableau, actions)

    def _explore_value(self, draw: int, keep: int) -> float:
        key = (draw, keep)
        got = self._explore.get(key)
        if got is None:
            got = self._explore[key] = _top_k_mean(self._unseen_values(), draw, keep)
        return got

    def _unseen_values(self) -> list[tuple[float, int]]:
        if self._unseen_keep is None:
            ctx = self.ctx
            # A drawn card: currency, plus a share of its surplus if it could be placed.
            vals: dict[float, int] = Counter()
            worth = ctx.card_worth(len(ctx.hand) + 1)
            for d, n in ctx.unseen.items():
                s, _cost = ctx.surplus(d)
                vals[round(worth + 0.55 * max(0.0, s), 1)] += n
            self._unseen_keep = sorted(vals.items())
        return self._unseen_keep

    # ------------------------------------------------------------------ consume / produce
    def cards(self, have: float, k: float) -> float:
        """What ``k`` more cards are worth to a hand of ``have`` (see ``Ctx.currency``)."""
        n = int(have)
        return self.ctx.currency(n + int(round(k))) - self.ctx.currency(n)

    def _consume(self, goods: list[Design], tableau: list[Design], trade: bool,
                 x2: bool, have: float) -> tuple[float, list[Design], str]:
        left = list(goods)
        gain = 0.0
        used: list[Design] = []
        notes = []
        if trade and left:
            world = max(left, key=lambda w: facts.trade_price(tableau, w))
            cards = facts.trade_price(tableau, world)
            gain += self.cards(have, cards)
            have += cards
            left.remove(world)
            used.append(world)
            notes.append(f"sell a good for {cards} cards")
        vp_total = 0.0
        for vp, cards, take, kinds in _consume_powers(tableau):
            for _ in range(take):
                match = [w for w in left if not kinds or w.good in kinds]
                if not match:
                    break
                w = min(match, key=lambda w: GOOD_VALUE[w.good])
                left.remove(w)
                used.append(w)
                vp_total += vp * (2 if x2 else 1)
                gain += self.cards(have, cards)
                have += cards
        gain += vp_total
        if vp_total:
            notes.append(f"consume for about {vp_total:.0f} VP")
        return gain, used, " and ".join(notes)

    def _produce(self, goods: list[Design], tableau: list[Design],
                 bonus: bool, have: float) -> tuple[float, str]:
        ctx = self.ctx
        full = Counter(g.name for g in goods)
        gain = 0.0
        made = 0
        seen: Counter[str] = Counter()
        for d in tableau:
            seen[d.name] += 1
            empty = seen[d.name] > full[d.name]
            if d.is_production and empty:
                gain += self.good_value(d.good, tableau)
                made += 1
        if bonus:
            empty_windfall = [d for d in tableau if d.windfall and d.good
                              and Counter(x.name for x in tableau)[d.name] > full[d.name]]
            if empty_windfall:
                best = max(self.good_value(d.good, tableau) for d in empty_windfall)
                gain += best
                made += 1
        for d in tableau:
            for a in facts.abilities(d, 5):
                if a.does == "draw":
                    gain += self.cards(have, a.value)
                elif a.does == "draw_if" and made:
                    gain += 0.8 * self.cards(have, a.value)
        if ctx.rounds < 1.5:
            gain *= 0.2  # goods made in the last round are never used
        note = f"produce {made} good{'s' if made != 1 else ''}" if made else ""
        return gain, note

    def good_value(self, kind: str | None, tableau: list[Design]) -> float:
        """A good waiting on a world: consumed for VP next time, or sold for cards."""
        ctx = self.ctx
        best = GOOD_VALUE.get(kind or "", 2) * ctx.cv * 0.55
        for vp, cards, _take, kinds in _consume_powers(tableau):
            if not kinds or kind in kinds:
                best = max(best, vp * 1.4 + cards * ctx.cv)
        return 0.75 * best


# ---------------------------------------------------------------------------- helpers
def _top_k_mean(values: list[tuple[float, int]], n: int, k: int) -> float:
    """Expected sum of the best ``k`` of ``n`` draws from a discrete distribution."""
    total = sum(c for _v, c in values)
    if total == 0 or k <= 0:
        return 0.0
    n = min(n, total)
    # P(X <= v) for each support value, then the order statistics of n draws (with
    # replacement, close enough for a deck of ~100 cards).
    cdf = []
    acc = 0
    for v, c in values:
        acc += c
        cdf.append((v, acc / total))
    out = 0.0
    for r in range(n - k + 1, n + 1):  # the r-th smallest of n
        prev = 0.0
        e = 0.0
        for v, f in cdf:
            at_most = sum(comb(n, j) * f ** j * (1 - f) ** (n - j) for j in range(r, n + 1))
            e += v * (at_most - prev)
            prev = at_most
        out += e
    return out


# by the tableau's designs in its order (ties keep it), not their names: a custom design's name
# can stand for other powers in another game
_POWERS: dict[tuple[Design, ...], list[tuple[float, float, int, tuple[str, ...]]]] = {}


def _consume_powers(tableau: list[Design]) -> list[tuple[float, float, int, tuple[str, ...]]]:
    """The tableau's good-consuming powers: (VP a good, cards a good, goods, kinds), best first."""
    key = tuple(tableau)
    got = _POWERS.get(key)
    if got is not None:
        return got
    out = []
    for _d, use in facts.consume_uses(tableau):
        if not use.own:  # a power on the card's own good: not here
            out.append(per_good(use)[:4])
    out.sort(key=lambda x: (-(x[0] + 0.5 * x[1]), 0 if x[3] else 1))
    if len(_POWERS) > 5000:
        _POWERS.clear()
    _POWERS[key] = out
    return out
