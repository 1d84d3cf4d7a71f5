"""What every rule of thumb of the fast level shares: the answer it gives (:class:`Choice`),
the words for a list of cards (:func:`names`), and the measures of a hand the rules use
(:class:`ChooserBase`, the base class of :class:`rftg_nb.ai.decisions.Chooser` and of its
rules for placing cards and for goods).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rftg_nb.ai.sentences import Figures
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.phases.settle import Method

if TYPE_CHECKING:
    from rftg_nb.engine.state import Card


@dataclass(frozen=True, slots=True)
class Choice:
    ids: tuple[str, ...]
    reason: str
    #: what the strong level's look-ahead found, that ``reason`` is made from (None: the
    #: fast level's rules of thumb, whose reason tells its own reckoning)
    figures: Figures | None = None


def names(cards: list[Card] | list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    ns = [c if isinstance(c, str) else c.name for c in cards]
    if not ns:
        return "nothing"
    return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + " and " + ns[-1]


class ChooserBase:
    """What the rules of thumb of one seat's chooser share: its context, its generator
    and the measures of a hand they use."""

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

