"""The Trade of Phase IV: what a good sells for (its kind's value and the seller's trade
bonuses, each a power handler with the ``"trade_bonus"`` hook), and the sale, which the Trade
action and the consume powers that trade make (:mod:`rftg_nb.engine.phases.consume`)."""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from rftg_nb.cards import Design, Power
from rftg_nb.constants import GOOD_LABEL, GOOD_VALUE
from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.decision import Decision, Option, Saying
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.powers import Handler, power
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Card, Player

Rules = Generator[Decision, tuple[str, ...], None]

# How a sale is told (see :class:`Saying`).
SOLD: Final = Saying(
    "trade",
    lambda name, world, kind, value, why: f"{says(name, 'sells')} the {GOOD_LABEL[kind]} good "
                                          f"on {world} for {value} cards ({why}).",
    lambda name, world, kind, value, why: {"card": world, "kind": kind, "cards": value})
NOTHING_TO_SELL: Final = Saying(
    "trade",
    lambda name: f"{says(name, 'has')} no good to sell.",
    lambda name: {})


# ---------------------------------------------------------------- trade bonuses
# A trade bonus handler: (the designs of the seller's tableau, whether the good is on the
# power's own card, the world's design, the power's value) -> cards more.
@power(4, "TRADE_ANY", hook="trade_bonus")
def _trade_any(designs: Sequence[Design], own: bool, world: Design, value: int) -> int:
    return value


def _trade_kind(kind: str):
    def bonus(designs: Sequence[Design], own: bool, world: Design, value: int) -> int:
        return value if world.good == kind else 0
    return bonus


power(4, "TRADE_NOVELTY", hook="trade_bonus", good="novelty")(_trade_kind("novelty"))
power(4, "TRADE_RARE", hook="trade_bonus", good="rare")(_trade_kind("rare"))
power(4, "TRADE_GENE", hook="trade_bonus", good="genes")(_trade_kind("genes"))


@power(4, "TRADE_THIS", hook="trade_bonus", does="trade_bonus_own")
def _trade_this(designs: Sequence[Design], own: bool, world: Design, value: int) -> int:
    return value if own else 0


@power(4, "TRADE_GENE|TRADE_BONUS_CHROMO", hook="trade_bonus", good="genes")
def _trade_chromo(designs: Sequence[Design], own: bool, world: Design, value: int) -> int:
    if world.good != "genes":
        return 0
    return value + sum(1 for d in designs if d.has_flag("chromo"))


def trade_value(game: Game, p: Player, world: Card, bonuses: bool = True) -> int:
    """Cards gained for selling the good on ``world``."""
    value = GOOD_VALUE[cast(str, world.design.good)]  # a world holding a good has a kind
    if bonuses:
        uses = power_cache.powers(game, p, "trade_bonus")
        if uses:
            value += trade_bonus_of(uses, [c.design for c in p.tableau], world.design, world)
    return value


def trade_bonus_of(uses: Iterable[tuple[Any, int, Power, Handler]], designs: Sequence[Design],
                   world: Design, holder: object) -> int:
    """Cards more for selling a good on ``world`` by the powers ``uses`` with the
    ``"trade_bonus"`` hook (``power_cache.PowerUse``s) of a tableau of ``designs``; ``holder``
    is what holds the good as the uses name their cards (TRADE_THIS: its own good)."""
    total = 0
    for card, _i, pw, h in uses:
        total += h.fn(designs, card is holder, world, pw.value)
    return total


def good_options(game: Game, p: Player, worlds: list[Card],
                 trade: bool | None = None) -> tuple[Option, ...]:
    """An option for the good on each of ``worlds``; with ``trade`` (whether the tableau's
    trade bonuses count), each says the cards it sells for."""
    if trade is None:
        return tuple([_good_option(w, None) for w in worlds])
    return tuple([_good_option(w, trade_value(game, p, w, trade)) for w in worlds])


def _good_option(world: Card, cards: int | None) -> Option:
    """The option to take the good on ``world`` (to sell it for ``cards`` cards, if given);
    kept on the card for the next time it says the same."""
    memo = world.memo
    key = ("good", cards)
    o = memo.get(key)
    if o is None:
        label = f"{GOOD_LABEL[cast(str, world.design.good)]} good on {world.name}"
        if cards is not None:
            label = f"{label} ({cards} cards)"
        o = memo[key] = Option(world.id, label, {"card": world.name, "kind": world.design.good})
    return o


def sell(game: Game, p: Player, why: str, bonuses: bool = True) -> Rules:
    goods = p.goods()
    if not goods:
        return
    if len(goods) == 1:  # the only good: nothing to ask (as decision.forced finds)
        world = goods[0]
    else:
        d = Decision(p.index, Kind.TRADE, f"{p.name}: choose a good to sell ({why}).",
                     good_options(game, p, goods, bonuses), 1, 1)
        ids = yield d
        world = next(w for w in goods if w.id == ids[0])
    value = trade_value(game, p, world, bonuses)
    kind = cast(str, world.design.good)
    piles.remove_good(game, world, p)
    game.tell(p.index, SOLD, (p.name, world.name, kind, value, why))
    piles.draw(game, p, value, f"trade: {why}")


__all__ = ["NOTHING_TO_SELL", "SOLD", "good_options", "sell", "trade_bonus_of", "trade_value"]
