"""The fast level: one rule of thumb per kind of decision, all on the valuation's VP scale.

Each chooser returns a :class:`Choice`: the option ids and one plain sentence saying why, which
is what the board's hint button shows. The action choice is the one that matters most; it is
made by :class:`rftg_nb.ai.plans.RoundPlan`. The others keep the best cards, pay with the
least useful ones, place the card with the largest surplus and turn goods into VP.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rftg_nb.ai.plans import RoundPlan, action_sets, label, place_terms
from rftg_nb.ai.valuation import Ctx
from rftg_nb.constants import GOOD_VALUE
from rftg_nb.engine import facts
from rftg_nb.engine.kinds import Kind, UnknownKind
from rftg_nb.engine.phases.consume import trade_value
from rftg_nb.engine.phases.settle import Method, methods
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


@dataclass(frozen=True, slots=True)
class Choice:
    ids: tuple[str, ...]
    reason: str


def names(cards: list[Card] | list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    ns = [c if isinstance(c, str) else c.name for c in cards]
    if not ns:
        return "nothing"
    return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]


class Chooser:
    """Answers one decision for the seat it belongs to."""

    def __init__(self, ctx: Ctx, rng: random.Random | Callable[[], random.Random],
                 eager: bool = False) -> None:
        """``rng``: the generator to draw from, or a function that makes it when first drawn
        from. ``eager``: the fast level's own placement rule in the solitaire game (see
        :data:`rftg_nb.ai.plans.PLACE_SLACK`); look-ahead copies play the plain rule."""
        self.ctx = ctx
        self.eager = eager
        self._rng = rng
        self._keep: dict[str, float] = {}
        self._hv: dict[tuple[Card, ...], float] = {}  # a decision values some hands often
        self._methods: dict[str, list[Method]] = {}  # card id -> the ways to settle it (_ways)

    @property
    def rng(self) -> random.Random:
        rng = self._rng
        if not isinstance(rng, random.Random):
            rng = self._rng = rng()
        return rng

    # ------------------------------------------------------------------ shared measures
    def hv(self, cards: list[Card]) -> float:
        key = tuple(cards)
        got = self._hv.get(key)
        if got is None:
            got = self._hv[key] = self.ctx.hand_value([c.design for c in cards])
        return got

    def keep(self, card: Card) -> float:
        """What ``card`` adds to the rest of the hand."""
        v = self._keep.get(card.id)
        if v is None:
            hand = self.ctx.me.hand
            rest = [c for c in hand if c is not card]
            v = self._keep[card.id] = self.hv(hand) - self.hv(rest) if card in hand else (
                self.ctx.keep_value(card.design))
        return v

    def hand_card(self, option_id: str) -> Card | None:
        for c in self.ctx.me.hand:
            if c.id == option_id:
                return c
        return None

    def tableau_card(self, option_id: str) -> Card | None:
        for c in self.ctx.me.tableau:
            if c.id == option_id:
                return c
        return None

    def cheapest(self, cards: list[Card], n: int, exclude: Card | None = None,
                 among: list[Card] | None = None) -> list[Card]:
        """The ``n`` cards to give up from ``cards`` (only from ``among`` if given): those whose
        loss lowers the hand's worth least, cards the hand would never place first."""
        hand = [c for c in cards if c is not exclude]
        pool = list(hand) if among is None else [c for c in among if c in hand]
        if n >= len(pool):
            return pool
        ctx = self.ctx
        whole = self.hv(hand)
        # the hand's worth without each card, then what giving up each card of the pool loses
        without = ctx.hand_values_without([c.design for c in hand])
        # (each card's surplus, looked up where it is kept: hand_values_without has worked
        # out those of the hand)
        known, surplus = ctx.kept.surplus, ctx.surplus
        if among is None:  # (the pool is the hand)
            loss = [(round(whole - w, 6), (known.get(c.name) or surplus(c.design))[0], c.id)
                    for c, w in zip(hand, without, strict=True)]
        else:
            at = {id(c): k for k, c in enumerate(hand)}
            loss = [(round(whole - without[at[id(c)]], 6),
                     (known.get(c.name) or surplus(c.design))[0], c.id) for c in pool]
        order = sorted(range(len(pool)), key=loss.__getitem__)  # (stable, as by card)
        return [pool[k] for k in order[:n]]

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

    # ------------------------------------------------------------------ develop and settle
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

    def _settle_cost(self, card: Card) -> tuple[float, str]:
        """The cheapest way to place ``card``: its cost in VP, and the method's words."""
        best = None
        for m in self._ways(card):
            loss = self._method_loss(m, card) + self.keep(card)
            if best is None or loss < best[0]:
                best = (loss, m.label)
        if best is None:
            return 99.0, ""
        return best

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
        ctx = self.ctx
        slack, tilt = place_terms(ctx, self.eager)
        best = None
        for o in d.options:
            card = self.hand_card(o.id)
            if card is None:
                continue
            loss, how = self._settle_cost(card)
            gain = ctx.play_value(card.design) - loss + tilt * card.design.vp
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
