"""Choosing actions by a quick forecast of the round each choice leads to.

For every legal choice of actions :class:`RoundPlan` walks the round's phases in order with a
copy of the seat's hand and tableau: the phases it calls for sure, the others with the chance
that another side calls them (the robot's dice, or the other players). It counts what the
seat gains in each phase (cards explored, the best development and world it can place, goods
consumed and produced: :mod:`rftg_nb.ai.round_gains`) and subtracts what the robot gains from
the same choice (:mod:`rftg_nb.ai.robot_model`). No hidden card is looked at: explored cards
are valued as draws from the unseen cards.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rftg_nb.ai import features, robot_model
from rftg_nb.ai.round_gains import RoundGains
from rftg_nb.ai.valuation import Ctx
from rftg_nb.constants import ACTION_LABELS
from rftg_nb.engine import facts
from rftg_nb.engine.rounds import ACTION_PHASE
from rftg_nb.robot.dice import player_markers

if TYPE_CHECKING:
    from rftg_nb.cards import Design
    from rftg_nb.engine.decision import Decision
    from rftg_nb.engine.state import Card

CALLS = ACTION_PHASE  # action -> the phase it calls

# Against the robot, placing beats holding: every card placed scores now and brings the end
# nearer, before the robot's 6-cost counters come. So in the solitaire game the fast level
# ("eager") places its best card unless that costs more than PLACE_SLACK VP-equivalents, and
# ranks the cards by their gain plus VP_TILT x their printed VP. Over 1,000 games a difficulty
# (seeds apart from the benchmark's) this won 33% / 29% / 21% at easy / medium / hard, against
# 27% / 24% / 16% placing only cards with a positive gain, ranked by gain alone. The strong
# level's look-ahead keeps the plain rule: its value was learned from positions it reaches, and
# 100 games at hard showed no gain from the change there.
PLACE_SLACK = 12.0
VP_TILT = 1.0


def place_terms(ctx: Ctx, eager: bool) -> tuple[float, float]:
    """(slack, tilt) of the placement rule: the eager solitaire rule, or the plain one."""
    return (PLACE_SLACK, VP_TILT) if eager and ctx.solo else (0.0, 0.0)


def action_sets(d: Decision) -> list[tuple[str, ...]]:
    """Every legal answer to an "actions" decision, in option order."""
    out = []
    for n in range(d.min, d.max + 1):
        for combo in itertools.combinations(d.ids, n):
            if d.check(combo) is None:
                out.append(combo)
    return out


@dataclass
class Outcome:
    """A forecast round: the seat's gain, the robot's, and the notes a hint is made from."""

    actions: tuple[str, ...]
    mine: float = 0.0
    theirs: float = 0.0
    notes: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    parts: dict[str, float] = field(default_factory=dict)  # the gains phase by phase
    goods_at_consume: int = 0  # the goods the seat holds when Consume comes (as planned)

    def add(self, part: str, value: float) -> None:
        self.mine += value
        self.parts[part] = self.parts.get(part, 0.0) + value

    learned: float | None = None  # the learned score of this choice (solitaire), if any

    @property
    def score(self) -> float:
        return self.mine - self.theirs if self.learned is None else self.learned


class RoundPlan(RoundGains):
    """Forecasts for one seat's action choice (built once, then :meth:`evaluate` per choice)."""

    def __init__(self, ctx: Ctx, eager: bool = False) -> None:
        self.ctx = ctx
        self.eager = eager
        designs = [c.design for c in ctx.hand]
        whole = ctx.hand_value(designs)
        self.keep = {c.id: whole - ctx.hand_value([x.design for x in ctx.hand if x is not c])
                     for c in ctx.hand}
        self.deck = robot_model.Deck.of(ctx.unseen) if ctx.solo else None
        self.others = {} if ctx.solo else _other_players(ctx)
        self._explore: dict[tuple[int, int], float] = {}
        self._forecasts: dict[tuple[object, ...], robot_model.Forecast] = {}
        self._places: dict[tuple[object, ...], tuple[float, Card, list[Card]] | None] = {}
        self._unseen_keep: list[tuple[float, int]] | None = None

    # ------------------------------------------------------------------ the whole round
    def evaluate(self, actions: tuple[str, ...]) -> Outcome:
        ctx = self.ctx
        out = Outcome(actions)
        chosen = {CALLS[a] for a in actions}
        fc = None
        if ctx.solo and ctx.robot is not None and self.deck is not None:
            # The robot sees only the phases chosen and the markers' spaces: Explore +5 and
            # Explore +1/+1 are the same to it.
            key = (frozenset(chosen), tuple(player_markers(actions)))
            fc = self._forecasts.get(key)
            if fc is None:
                fc = self._forecasts[key] = robot_model.forecast(
                    ctx.game, ctx.robot, self.deck, actions, ctx.rounds)
            out.theirs = fc.vp + fc.later
            out.parts.update(robot_vp=fc.vp, robot_later=fc.later, robot_cards=fc.cards,
                             robot_chips=fc.chips)
            called = fc.phases
        else:
            called = self.others

        def chance(phase: str) -> float:
            return 1.0 if phase in chosen else called.get(phase, 0.0)

        hand = list(ctx.hand)
        tableau = list(ctx.tableau)
        goods = [c.design for c in ctx.me.tableau if c.good is not None]
        extra_cards = 0.0
        # Explore
        p = chance("explore")
        if p > 0:
            draw, keep = self._explore_counts(actions)
            gain = self._explore_value(draw, keep)
            out.add("explore", p * gain)
            extra_cards += p * keep
            if "explore" in chosen:
                out.notes.append(f"explore {draw} cards and keep {keep}")
        # Develop (twice in the advanced game)
        for phase, action in (("develop", "develop"), ("develop2", "develop2")):
            p = chance(phase)
            if p <= 0:
                continue
            off = 1 if action in actions else 0
            best = self._best_place(hand, tableau, off, developments=True, spare=extra_cards)
            if best is not None:
                gain, card, paid = best
                out.add("develop", p * gain)
                if p >= 1.0:  # only the phases this seat calls for sure change its plan
                    hand = [c for c in hand if c is not card and c not in paid]
                    tableau.append(card.design)
                    out.places.append(card.name)
                    if action in actions:
                        out.notes.append(f"develop {card.name}")
        # Settle (twice in the advanced game)
        for phase, action in (("settle", "settle"), ("settle2", "settle2")):
            p = chance(phase)
            if p <= 0:
                continue
            bonus = action in actions
            best = self._best_place(hand, tableau, 0, developments=False, spare=extra_cards)
            gain = 0.0
            if best is not None:
                gain, card, paid = best
                if p >= 1.0:  # only the phases this seat calls for sure change its plan
                    hand = [c for c in hand if c is not card and c not in paid]
                    tableau.append(card.design)
                    out.places.append(card.name)
                    if card.design.windfall and card.design.good:
                        goods.append(card.design)
                    if bonus:
                        out.notes.append(f"settle {card.name}")
            if bonus:
                gain += self.cards(len(hand) + extra_cards, 1)  # the Settle bonus card
            out.add("settle", p * gain)
        # Consume
        out.goods_at_consume = len(goods)
        p = chance("consume")
        if p > 0 and goods:
            gain, used, note = self._consume(goods, tableau, "trade" in actions, "x2" in actions,
                                             len(hand) + extra_cards)
            out.add("consume", p * gain)
            if note and chosen & {"consume"}:
                out.notes.append(note)
            if p >= 1.0:  # only the phases this seat calls for sure change its plan
                for g in used:
                    goods.remove(g)
        # Produce
        p = chance("produce")
        if p > 0:
            gain, note = self._produce(goods, tableau, "produce" in actions,
                                       len(hand) + extra_cards)
            out.add("produce", p * gain)
            if note and "produce" in actions:
                out.notes.append(note)
        if fc is not None:
            out.notes.append(f"the robot gains about {fc.vp:.1f} VP")
            out.learned = features.action_score(actions, out.parts, ctx.rounds,
                                                ctx.game.vp_pool)
        elif ctx.game.round > 15:
            # A long game: make sure the table moves toward its end (chips and tableaux).
            push = 0.05 * (ctx.game.round - 15)
            out.add("push", push * sum(1 for a in actions if a in ("x2", "settle", "develop")))
        return out

    # ------------------------------------------------------------------ develop / settle
    def _best_place(self, hand: list[Card], tableau: list[Design], off: int, developments: bool,
                    spare: float) -> tuple[float, Card, list[Card]] | None:
        """The placement with the largest gain: (gain, card, cards paid), or None."""
        key = (tuple(c.id for c in hand), tuple(d.name for d in tableau), off, developments,
               round(spare, 3))
        if key not in self._places:
            self._places[key] = self._find_place(hand, tableau, off, developments, spare)
        return self._places[key]

    def _find_place(self, hand: list[Card], tableau: list[Design], off: int, developments: bool,
                    spare: float) -> tuple[float, Card, list[Card]] | None:
        ctx = self.ctx
        best = None
        rank = None
        slack, tilt = place_terms(ctx, self.eager)
        whole = ctx.hand_value([c.design for c in hand])
        for card in hand:
            d = card.design
            if developments != d.is_development:
                continue
            cost = facts.cost_to_place(tableau, d, bonus=off > 0)
            if cost is None:
                continue
            rest = sorted((c for c in hand if c is not card),
                          key=lambda c: (self.keep.get(c.id, ctx.cv), c.id))
            short = max(0, cost - len(rest))
            if short > spare:
                continue
            paid = rest[: cost]
            left = rest[cost:]
            gain = (ctx.play_value(d, tableau) + ctx.hand_value([c.design for c in left])
                    - short * ctx.cv - whole)
            r = gain + tilt * d.vp
            if rank is None or r > rank:
                rank, best = r, (gain, card, paid)
        if best is None or rank is None or rank + slack <= 0:
            return None
        # A placement the rule makes despite a loss is forecast as no gain, not as a loss.
        return (max(0.0, best[0]), best[1], best[2])


# ---------------------------------------------------------------------------- helpers
def _other_players(ctx: Ctx) -> dict[str, float]:
    """Chance another player calls each phase this round, from what they called last round
    (public) and their tableaux: players tend to repeat a plan."""
    miss: Counter[str] = Counter({ph: 1.0 for ph in robot_model.PHASE_ORDER})
    two = ctx.game.advanced
    for p in ctx.game.players:
        if p.index == ctx.seat:
            continue
        goods = p.good_count()
        empty = sum(1 for c in p.tableau if c.design.is_production and c.good is None)
        prob = {"explore": 0.15 + (0.15 if len(p.hand) < 3 else 0.0),
                "develop": 0.15, "settle": 0.2,
                "consume": 0.08 + 0.08 * min(goods, 3),
                "produce": 0.05 + 0.08 * min(empty, 3)}
        if two:
            prob = {k: 1.6 * v for k, v in prob.items()}
        prob["develop2"] = 0.05 if two else 0.0
        prob["settle2"] = 0.05 if two else 0.0
        for a in p.actions:  # last round's choice
            ph = CALLS.get(a)
            if ph is not None:
                prob[ph] = prob.get(ph, 0.0) + 0.3
        for ph, q in prob.items():
            miss[ph] *= 1.0 - min(0.85, q)
    return {ph: 1.0 - m for ph, m in miss.items()}


def label(actions: tuple[str, ...]) -> str:
    return " and ".join(ACTION_LABELS[a] for a in actions)
