"""The fast level's rules for placing cards: which development to develop and which world to
settle (the one with the largest gain over what it costs), and how to pay for a world
(:class:`PlaceRules`, a part of :class:`rftg_nb.ai.decisions.Chooser`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rftg_nb.ai.chooser_base import Choice, ChooserBase
from rftg_nb.ai.features import settle_features, settle_score, settle_weights
from rftg_nb.ai.plans import place_terms
from rftg_nb.engine import facts
from rftg_nb.engine.phases.settle import Method, methods

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.state import Card


class PlaceRules(ChooserBase):
    """The rules for the Develop and Settle phases' questions."""

    def _develop(self, d: Decision) -> Choice:
        ctx = self.ctx
        slack, tilt = place_terms(ctx, self.eager)
        best = None
        for o in d.options:
            card = self.hand_card(o.id)
            if card is None:
                continue
            cost = int((o.data or {}).get("cost", card.design.cost))
            rest = [c for c in ctx.me.hand if c is not card]
            paid = self.cheapest(rest, cost)
            gain = (ctx.play_value(card.design) + self.hv([c for c in rest if c not in paid])
                    - self.hv(ctx.me.hand)) + tilt * card.design.vp
            if best is None or gain > best[0]:
                best = (gain, card, cost)
        if best is None or best[0] + slack <= 0:
            return Choice((), "Place nothing: no development here is worth its cost now.")
        gain, card, cost = best
        return Choice((card.id,), f"Develop {card.name}: {card.design.vp} VP"
                                  f"{self._power_words(card)} for {cost} card"
                                  f"{'s' if cost != 1 else ''}.")

    def _power_words(self, card: Card) -> str:
        d = card.design
        if d.is_six_cost:
            bonus = self.ctx.six_bonus(d, [*self.ctx.tableau, d])
            return f" and a bonus of about {bonus:.0f} VP"
        if facts.abilities(d):
            return " and its powers"
        return ""

    def _ways(self, card: Card) -> list[Method]:
        """The ways the rules allow to place ``card`` now (asked once a decision)."""
        got = self._methods.get(card.id)
        if got is None:
            ctx = self.ctx
            got = self._methods[card.id] = methods(ctx.game, ctx.me, card, len(ctx.me.hand) - 1)
        return got

    def _ways_key(self, option_id: str) -> tuple[object, ...] | None:
        """All :meth:`_settle` reads of the ways to place the card ``option_id``."""
        card = self.hand_card(option_id)
        if card is None:
            return None
        return tuple([(m.label, m.pay, m.hand_military,
                       None if m.discard_card is None else m.discard_card.design.vp)
                      for m in self._ways(card)])

    def world_reckoning(self, card: Card, features: bool = False
                        ) -> tuple[float, float, str, list[float]]:
        """What the rule reckons of settling ``card``: its worth placed, its cost in VP by the
        cheapest way (the hand value given up, its own keep value included), that way's words,
        and, if ``features``, the learned score's features
        (:func:`rftg_nb.ai.features.settle_features`; else an empty list)."""
        best = None
        for m in self._ways(card):
            loss = self._method_loss(m, card) + self.keep(card)
            if best is None or loss < best[0]:
                best = (loss, m)
        value = self.ctx.play_value(card.design)
        if best is None:
            return value, 99.0, "", (settle_features(card.design, value, 99.0, 0)
                                     if features else [])
        loss, m = best
        paid = m.pay + (m.hand_military[0] if m.hand_military is not None else 0)
        return value, loss, m.label, (settle_features(card.design, value, loss, paid)
                                      if features else [])

    def _method_loss(self, m, world: Card) -> float:
        """Hand value lost (besides the world itself) by placing ``world`` with method ``m``."""
        ctx = self.ctx
        rest = [c for c in ctx.me.hand if c is not world]
        n = m.pay + (m.hand_military[0] if m.hand_military is not None else 0)
        loss = 0.0
        if n:
            paid = self.cheapest(rest, n)
            loss += self.hv(rest) - self.hv([c for c in rest if c not in paid])
        if m.discard_card is not None:
            dd = m.discard_card.design
            loss += max(0.0, dd.vp) + 0.3
        return loss

    def _settle(self, d: Decision) -> Choice:
        """The world with the largest gain over its cost. In the solitaire game the gain is
        the learned settle score (:func:`rftg_nb.ai.features.settle_score`, fitted to the
        strong level's searched choices by ``python -m rftg_nb.ai.train_settle``): it weighs
        the same reckoning differently, and favours printed VP, military and windfall
        worlds."""
        ctx = self.ctx
        weights = settle_weights() if ctx.solo else None
        slack, tilt = (0.0, 0.0) if weights else place_terms(ctx, self.eager)
        best = None
        for o in d.options:
            card = self.hand_card(o.id)
            if card is None:
                continue
            value, loss, how, x = self.world_reckoning(card, features=weights is not None)
            gain = settle_score(weights, x) if weights else value - loss + tilt * card.design.vp
            if best is None or gain > best[0]:
                best = (gain, card, how)
        if best is None or best[0] + slack <= 0:
            return Choice((), "Place nothing: no world here is worth its cost now.")
        gain, card, how = best
        dd = card.design
        what = "a military world" if dd.military else "a world"
        extra = ""
        if dd.good:
            extra = f" that {'comes with' if dd.windfall else 'produces'} a {dd.good} good"
        return Choice((card.id,), f"Settle {card.name}: {dd.vp} VP and {what}{extra} "
                                  f"({how.lower()}).")

    def _settle_second(self, d: Decision) -> Choice:
        return self._settle(d)

    def _settle_method(self, d: Decision) -> Choice:
        ctx = self.ctx
        name = d.context.get("card", "")
        world = next((c for c in ctx.me.tableau if c.name == name), None)
        if world is None:
            return Choice((d.ids[0],), f"{d.options[0].label}.")
        ms = {m.id: m for m in methods(ctx.game, ctx.me, world, len(ctx.me.hand))}
        best = None
        for o in d.options:
            m = ms.get(o.id)
            loss = self._method_loss(m, world) if m is not None else 50.0
            if best is None or loss < best[0]:
                best = (loss, o)
        assert best is not None
        return Choice((best[1].id,), f"{best[1].label}: the cheapest way to place {name}.")
