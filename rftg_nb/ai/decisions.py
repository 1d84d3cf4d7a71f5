"""The fast level: one rule of thumb per kind of decision, all on the valuation's VP scale.

Each chooser returns a :class:`Choice`: the option ids and one plain sentence saying why, which
is what the board's hint button shows. The action choice is the one that matters most; it is
made by :class:`rftg_nb.ai.plans.RoundPlan`. The others keep the best cards, pay with the
least useful ones, place the card with the largest surplus (:mod:`rftg_nb.ai.place_rules`)
and turn goods into VP (:mod:`rftg_nb.ai.goods_rules`); what they share is in
:mod:`rftg_nb.ai.chooser_base`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from rftg_nb.ai.chooser_base import Choice, names
from rftg_nb.ai.goods_rules import GoodsRules
from rftg_nb.ai.place_rules import PlaceRules
from rftg_nb.ai.plans import RoundPlan, action_sets, label
from rftg_nb.engine.kinds import Kind, UnknownKind
from rftg_nb.players import random_pick

if TYPE_CHECKING:
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.state import Card


#: the kinds of question whose answer (:meth:`Chooser.choose`) follows from the seat's hand,
#: tableau, goals and VP chips and from the question alone, not from the rest of the game
HAND_ONLY = frozenset({Kind.EXPLORE_KEEP, Kind.PAY, Kind.HAND_LIMIT, Kind.MILITARY_DISCARD,
                       Kind.DEVELOP})
#: ... and those whose answer follows from these and the ways the rules allow to place each
#: world it offers (:func:`rftg_nb.engine.phases.settle.methods`)
SETTLE = frozenset({Kind.SETTLE, Kind.SETTLE_SECOND})


class Chooser(PlaceRules, GoodsRules):
    """Answers one decision for the seat it belongs to: each kind of decision by a rule
    of its own (a method named after the kind)."""

    # ------------------------------------------------------------------ dispatch
    def choose(self, d: Decision) -> Choice:
        fn: Callable[[Decision], Choice] | None = getattr(self, f"_{d.kind}", None)
        if fn is None:  # every kind of rftg_nb.engine.kinds has its rule (tests/ai/test_legal.py)
            raise UnknownKind(f"the AI has no rule for decisions of kind {d.kind!r}")
        settle = d.kind in SETTLE
        if d.kind not in HAND_ONLY and not settle:
            return fn(d)
        # Kept for the context's family (a look-ahead meets the same question in the same hand
        # over and over), under all the answer depends on: the valuations of the family
        # (Ctx.kept), the seat's tableau, goals and VP chips, its hand and the question (and
        # the ways to place each world the question offers).
        ctx = self.ctx
        if settle:
            more: object = tuple([self._ways_key(o.id) for o in d.options])
        elif d.kind == Kind.DEVELOP:
            more = tuple([(o.data or {}).get("cost") for o in d.options])
        else:
            more = d.context.get("for")
        key = (d.kind, self.eager, ctx.board_key(),
               tuple([(c.id, c.design.id) for c in ctx.me.hand]), tuple(d.ids), d.min, d.max,
               more)
        answers = ctx.kept.answers
        got = answers.get(key)
        if got is None:
            if len(answers) > 20_000:
                answers.clear()
            got = answers[key] = fn(d)
        return got  # type: ignore[return-value]

    # ------------------------------------------------------------------ actions
    def _actions(self, d: Decision) -> Choice:
        plan = RoundPlan(self.ctx, self.eager)
        outcomes = [plan.evaluate(a) for a in action_sets(d)]
        best = max(outcomes, key=lambda o: o.score)
        return Choice(best.actions, action_reason(best))

    # ------------------------------------------------------------------ hand management
    def _discard_lowest(self, d: Decision, why: str) -> Choice:
        cards = [c for i in d.ids if (c := self.hand_card(i)) is not None]
        gone = self.cheapest(self.ctx.me.hand, d.min, among=cards)
        return Choice(tuple(c.id for c in gone), f"Discard {names(gone)}: {why}.")

    def _initial_discard(self, d: Decision) -> Choice:
        cards = [c for i in d.ids if (c := self.hand_card(i)) is not None]
        keep_n = len(cards) - d.min
        best = None
        for kept in itertools.combinations(cards, keep_n):
            v = self._opening_value(list(kept))
            if best is None or v > best[0]:
                best = (v, kept)
        assert best is not None
        kept = list(best[1])
        gone = [c for c in cards if c not in kept]
        return Choice(tuple(c.id for c in gone),
                      f"Keep {names(kept)}: they fit your start world best; "
                      f"discard {names(gone)}.")

    def _opening_value(self, kept: list[Card]) -> float:
        return self.hv(kept)

    def _hand_limit(self, d: Decision) -> Choice:
        return self._discard_lowest(d, "the hand limit is 10, and these are worth the least")

    def _explore_keep(self, d: Decision) -> Choice:
        cards = [c for i in d.ids if (c := self.hand_card(i)) is not None]
        base = [c for c in self.ctx.me.hand if c not in cards]
        combos = list(itertools.combinations(sorted(cards, key=lambda c: c.id), d.min))
        values = self.ctx.hand_values_with([c.design for c in base],
                                           [[c.design for c in combo] for combo in combos])
        best = None
        for v, combo in zip(values, combos, strict=True):
            if best is None or v > best[0]:
                best = (v, combo)
        kept = list(best[1]) if best else []
        rest = [c for c in cards if c not in kept]
        why = f"Keep {names(kept)}"
        if kept:
            why += f": {self._card_note(kept[0])}"
        if rest:
            why += f"; discard {names(rest)}"
        return Choice(tuple(c.id for c in kept), why + ".")

    def _card_note(self, c: Card) -> str:
        d = c.design
        ctx = self.ctx
        cost = ctx.cost_to_place(d)
        kind = "development" if d.is_development else (
            "military world" if d.military else "world")
        vp = f"{d.vp} VP" if not d.is_six_cost else "a 6-cost bonus"
        if cost is None:
            return f"a {kind} worth {vp} (you need more Military for it)"
        return f"a {kind} worth {vp} that you can place for {cost} card{'s' if cost != 1 else ''}"

    def _pay(self, d: Decision) -> Choice:
        what = d.context.get("for", "it")
        return self._discard_lowest(d, f"they are the cards you need least to pay for {what}")

    def _military_discard(self, d: Decision) -> Choice:
        return self._discard_lowest(d, "the fewest cards that give the Military you need")

    # ------------------------------------------------------------------ drafting variant
    def _draft_pick(self, d: Decision) -> Choice:
        """Keep the card worth most placed, less a little for its cost."""
        ctx = self.ctx
        db = ctx.game.db

        def worth(o) -> tuple[float, str]:
            name = (o.data or {}).get("card", o.label)
            if name not in db:
                return (0.0, o.id)
            dd = db[name]
            return (ctx.play_value(dd) - 0.3 * dd.cost, o.id)

        best = max(d.options, key=worth)
        return Choice((best.id,), f"Draft {best.label}: of this packet it is worth the most "
                                  "once placed, for its cost.")

    def _start_world(self, d: Decision) -> Choice:
        ctx = self.ctx
        db = ctx.game.db

        def worth(o) -> tuple[float, str]:
            name = (o.data or {}).get("card", o.label)
            return (ctx.play_value(db[name]) if name in db else 0.0, o.id)

        best = max(d.options, key=worth)
        return Choice((best.id,), f"Keep {best.label} as your start world: its powers suit "
                                  "your cards best.")

    def _dice(self, d: Decision) -> Choice:
        return Choice(tuple(random_pick(d, self.rng)), "A fair roll of the two dice.")


def action_reason(o) -> str:
    notes = [n for n in o.notes if n]
    text = f"Choose {label(o.actions)}"
    if notes:
        text += ": " + "; ".join(notes)
    return text + "."
