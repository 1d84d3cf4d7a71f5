"""The fast level's rules for goods: which good to sell, which consume power to use and on
which goods, what to discard for VP, the cost to name in a gamble, where a windfall good goes
and whether to discard for an Alien good (:class:`GoodsRules`, a part of
:class:`rftg_nb.ai.decisions.Chooser`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING

from rftg_nb.ai.chooser_base import Choice, ChooserBase, names
from rftg_nb.constants import GOOD_VALUE
from rftg_nb.engine import facts
from rftg_nb.engine.phases.trade import trade_value

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.state import Card


class GoodsRules(ChooserBase):
    """The rules for the Consume and Produce phases' questions."""

    # ------------------------------------------------------------------ consume
    def _trade(self, d: Decision) -> Choice:
        ctx = self.ctx
        best = None
        for o in d.options:
            w = self.tableau_card(o.id)
            if w is None:
                continue
            v = trade_value(ctx.game, ctx.me, w) - 0.1 * self._good_use(w)
            if best is None or v > best[0]:
                best = (v, w, trade_value(ctx.game, ctx.me, w))
        if best is None:
            return Choice((d.ids[0],), "Sell this good.")
        _v, w, cards = best
        return Choice((w.id,), f"Sell the {w.design.good} good on {w.name}: it brings "
                               f"{cards} cards, the most.")

    def _good_use(self, w: Card) -> float:
        """How useful a good of ``w``'s kind is to the consume powers (kind-specific ones)."""
        kind = w.design.good
        n = 0.0
        for t in self.ctx.tableau:
            for a in facts.abilities(t, 4):
                if a.goods is not None and kind and kind in a.goods.kinds:
                    n += a.value
        return n

    def _consume_goods(self, d: Decision) -> Choice:
        ctx = self.ctx
        worlds = {o.id: self.tableau_card(o.id) for o in d.options}
        order = sorted(d.ids, key=lambda i: (GOOD_VALUE.get(
            worlds[i].design.good if worlds[i] else "novelty", 2), i))
        pick = tuple(order[: d.min])
        if d.check(pick) is not None:
            for combo in itertools.combinations(order, d.min):
                if d.check(combo) is None:
                    pick = combo
                    break
        used = [worlds[i].name for i in pick if worlds[i] is not None]
        card = d.context.get("card", "the power")
        del ctx
        return Choice(pick, f"Consume the goods on {names(used)} with {card}: they sell "
                            "for the least.")

    def _consume_power(self, d: Decision) -> Choice:
        ctx = self.ctx
        x2 = ctx.me.chose("x2")
        best = None
        for o in d.options:
            if o.id == "done":
                continue
            v = self._power_gain(o.id, x2)
            if best is None or v > best[0]:
                best = (v, o)
        if best is None:
            return Choice(("done",), "Stop consuming: no power is left.")
        v, o = best
        if v <= 0 and "done" in d.ids:
            return Choice(("done",), "Stop consuming: what is left costs more than it gives.")
        return Choice((o.id,), f"Use {o.label}.")

    def _power_gain(self, option_id: str, x2: bool) -> float:
        ctx = self.ctx
        cid, _, idx = option_id.rpartition(":")
        card = self.tableau_card(cid)
        a = facts.ability(card.design, int(idx)) if card is not None and idx.isdigit() else None
        if card is None or a is None:
            return 0.1
        goods = [c for c in ctx.me.tableau if c.good is not None]
        if a.does == "discard_hand":
            lows = sorted(self.keep(c) for c in ctx.me.hand)[: a.times]
            return sum(max(0.0, a.value - k) for k in lows)
        if a.does == "draw":
            return a.value * ctx.cv + 0.01
        if a.does == "gamble":
            return 0.05
        if a.does in ("trade", "trade_plain"):
            best = max((GOOD_VALUE[g.design.good] for g in goods if g.design.good), default=0)
            return best * ctx.cv - 0.3
        use = a.goods
        if use is None:
            return 0.1
        # The goods one use takes now, as the Consume phase counts them: a pair, 3 goods of
        # different kinds, all of them, or up to its number of times.
        here = ([card] if card.good is not None else []) if use.own else goods
        n = facts.goods_taken(use, [g.design.good for g in here if g.design.good])
        if n == 0:
            return 0.0
        vp, cards = use.reward(n)
        # specific kinds first: a specific power has fewer goods to choose from
        specific = 0.05 if use.kinds else 0.0
        return vp * (2 if x2 else 1) + cards * ctx.cv - 0.3 * n + specific

    def _consume_discard(self, d: Decision) -> Choice:
        ctx = self.ctx
        card = d.context.get("card")
        pw_vp = 1
        for t in ctx.me.tableau:
            if t.name == card:
                for a in facts.abilities(t.design, 4):
                    if a.does == "discard_hand":
                        pw_vp = a.value
        cards = [c for i in d.ids if (c := self.hand_card(i)) is not None]
        gone: list[Card] = []
        hand = list(ctx.me.hand)
        for c in self.cheapest(hand, d.max, among=cards):
            rest = [x for x in hand if x is not c]
            if self.hv(hand) - self.hv(rest) >= pw_vp:
                break
            gone.append(c)
            hand = rest
        if not gone:
            return Choice((), "Discard nothing: your cards are worth more than the VP.")
        return Choice(tuple(c.id for c in gone),
                      f"Discard {names(gone)} for {pw_vp * len(gone)} VP: they are worth "
                      "less in hand.")

    def _gamble(self, d: Decision) -> Choice:
        costs = Counter(dd.cost for dd in self.ctx.unseen.elements())
        best = max(d.ids, key=lambda i: (costs.get(int(i), 0) if i.isdigit() else 0, i))
        return Choice((best,), f"Name cost {best}: it is the most common cost among the "
                               "cards you have not seen.")

    # ------------------------------------------------------------------ produce
    def _windfall(self, d: Decision) -> Choice:
        best = None
        for o in d.options:
            w = self.tableau_card(o.id)
            if w is None:
                continue
            v = GOOD_VALUE.get(w.design.good or "", 0) + self._good_use(w)
            if best is None or v > best[0]:
                best = (v, w)
        if best is None:
            return Choice((d.ids[0],), f"{d.options[0].label}.")
        w = best[1]
        return Choice((w.id,), f"Put the good on {w.name}: its {w.design.good} good is worth "
                               "the most.")

    def _produce_discard(self, d: Decision) -> Choice:
        cards = [c for i in d.ids if (c := self.hand_card(i)) is not None]
        if not cards:
            return Choice((), "Keep your cards.")
        low = self.cheapest(self.ctx.me.hand, 1, among=cards)[0]
        if self.keep(low) < 1.2 and self.ctx.rounds > 1.2:
            return Choice((low.id,), f"Discard {low.name} to produce an Alien good: the good "
                                     "is worth more than the card.")
        return Choice((), "Keep your cards: they are worth more than the good.")

