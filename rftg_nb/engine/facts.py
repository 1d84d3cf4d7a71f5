"""Rule facts about a tableau, asked without a game in progress.

The computer player weighs tableaux that do not exist yet (after placing this card, or that
one), so it asks the rules about designs rather than about a player: how many cards Explore
draws and keeps, what the Military is against a world, what a development or a world costs,
what a good sells for, how many goods a consume power takes. Every answer is worked out by the
same registered power handlers and the same phase helpers the rules run
(:mod:`rftg_nb.engine.powers`, :mod:`rftg_nb.engine.phases`), so the two cannot disagree;
nobody outside the engine needs to read a power's code.

A tableau here is a sequence of designs in tableau order; a world is a :class:`Design`.

>>> from rftg_nb.cards import CARDS
>>> from rftg_nb.engine.facts import explore_counts, military
>>> explore_counts([CARDS["Old Earth"], CARDS["Galactic Survey: SETI"]], ("explore5",))
(9, 1)
>>> military([CARDS["Space Marines"], CARDS["Galactic Imperium"]], CARDS["Rebel Miners"])
6
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rftg_nb.constants import GOOD_VALUE
from rftg_nb.engine.phases import develop, explore, settle_powers, trade
from rftg_nb.engine.phases.consume import GoodsUse, goods_use
from rftg_nb.engine.powers import phase_powers

if TYPE_CHECKING:
    from rftg_nb.cards import Design, Power
    from rftg_nb.engine.powers import Handler

Use = tuple["Design", int, "Power", "Handler"]  # as power_cache.PowerUse, with the design


def _uses(designs: Sequence[Design], phase: int, hook: str | None = None) -> tuple[Use, ...]:
    """The tableau's powers in ``phase`` (with hook ``hook``), in tableau order: what
    ``power_cache`` gives a phase, each power named by its design instead of its card."""
    return tuple([(d, i, pw, h) for d in designs for i, pw, h in phase_powers(d, phase)
                  if hook is None or h.hook == hook])


# ---------------------------------------------------------------- what a power does
@dataclass(frozen=True, slots=True)
class Ability:
    """One power of a design, as its handler says what it does (the phase's word for it)."""

    phase: int
    index: int  # its place among the design's powers (a consume option's ``card:index``)
    does: str  # "draw", "keep", "reduce", "military", "windfall", "consume_goods", ...
    good: str | None  # the kind of good it concerns (None: any kind, or none)
    value: int
    times: int
    goods: GoodsUse | None  # a goods-consuming power: what one use takes and gives


_ABILITIES: dict[int, tuple[Design, tuple[Ability, ...]]] = {}


def abilities(design: Design, phase: int | None = None) -> tuple[Ability, ...]:
    """``design``'s powers (in ``phase`` if given), in the order printed."""
    got = _ABILITIES.get(id(design))
    if got is None or got[0] is not design:
        if len(_ABILITIES) > 10_000:  # many custom designs made: start again
            _ABILITIES.clear()
        found = tuple([Ability(ph, i, h.does, h.good, pw.value, pw.times,
                               goods_use(pw) if h.does == "consume_goods" else None)
                       for ph in range(1, 6) for i, pw, h in phase_powers(design, ph)])
        got = _ABILITIES[id(design)] = (design, tuple(sorted(found, key=lambda a: a.index)))
    if phase is None:
        return got[1]
    return tuple([a for a in got[1] if a.phase == phase])


def ability(design: Design, index: int) -> Ability | None:
    """Power number ``index`` of ``design`` (a consume option names it so), or None."""
    for a in abilities(design):
        if a.index == index:
            return a
    return None


def consume_uses(designs: Sequence[Design]) -> list[tuple[Design, GoodsUse]]:
    """The tableau's goods-consuming powers, in tableau order: (design, what a use takes)."""
    return [(d, a.goods) for d in designs for a in abilities(d, 4) if a.goods is not None]


def goods_taken(use: GoodsUse, kinds: Sequence[str]) -> int:
    """Goods one use of ``use`` takes when goods of ``kinds`` are there (one entry a good):
    those of the kinds it accepts, as the Consume phase counts them (0: it cannot be used)."""
    return use.takes([k for k in kinds if use.accepts(k)])


# ---------------------------------------------------------------- Explore
def explore_counts(designs: Sequence[Design], actions: Collection[str] = ()) -> tuple[int, int]:
    """(Cards drawn, cards kept) in Explore with a tableau of ``designs`` and ``actions``
    chosen; the keep is at most the draw (the phase keeps every card when it draws no more)."""
    counts = explore.counts_of(_uses(designs, 1), actions)
    return counts.draw, min(counts.keep, counts.draw)


# ---------------------------------------------------------------- Develop and Settle
def develop_reduction(designs: Sequence[Design], bonus: bool = False) -> int:
    """Cards off every development (the Develop action's bonus too, if ``bonus``)."""
    return (1 if bonus else 0) + develop.reduction_of(_uses(designs, 2, "reduce"))


def world_reduction(designs: Sequence[Design], world: Design) -> int:
    """Cards off ``world``'s cost (reductions for all worlds and for its kind of good)."""
    return settle_powers.reduction_of(_uses(designs, 3, "reduce"), world)


def military(designs: Sequence[Design], world: Design | None = None) -> int:
    """The Military of a tableau against ``world``: permanent and specialised (against its
    kind of good, against Rebel worlds), as the Settle phase counts it; without a world only
    the Military that applies against every world. Temporary Military is not counted."""
    uses = _uses(designs, 3, "military")
    if world is not None:
        return settle_powers.military_of(uses, world)
    return sum(pw.value for _d, _i, pw, h in uses if h.does == "military" and h.good is None)


def cost_to_place(designs: Sequence[Design], card: Design, bonus: bool = False) -> int | None:
    """Cards it takes to place ``card`` with a tableau of ``designs`` (the Develop action's
    bonus if ``bonus``), or None when it cannot be placed: a development already there, a
    military world beyond the Military and no power to pay for it instead. One-off powers
    (discarding a card from the tableau or cards from hand) are not counted."""
    if card.is_development:
        if any(d.name == card.name for d in designs):
            return None
        return max(0, card.cost - develop_reduction(designs, bonus))
    off = world_reduction(designs, card)
    if not card.military:
        return max(0, card.cost - off)
    if military(designs, card) >= card.cost:
        return 0
    prices = [settle_powers.contact_price(card, pw.value, off)
              for _d, _i, pw, h in _uses(designs, 3, "pay_military") if h.fn(card)]
    return min(prices) if prices else None


# ---------------------------------------------------------------- Consume
def trade_bonus(designs: Sequence[Design], world: Design) -> int:
    """Cards more than its base price a good on ``world`` (a design of the tableau) sells
    for: bonuses for any good, for its kind, for the world's own good, Chromosome worlds."""
    return trade.trade_bonus_of(_uses(designs, 4, "trade_bonus"), designs, world, world)


def trade_price(designs: Sequence[Design], world: Design, bonuses: bool = True) -> int:
    """Cards a good on ``world`` sells for with a tableau of ``designs`` (the Trade action;
    without bonuses, as a power that trades at the base price)."""
    base = GOOD_VALUE[world.good or ""]
    return base + trade_bonus(designs, world) if bonuses else base
