"""The Settle powers that change what a world costs: Military against a world (permanent and
specialised), cost reductions, and the optional payment powers offered as ways to settle
(:func:`rftg_nb.engine.phases.settle.methods`), with the figures they give for a tableau."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rftg_nb.cards import Design, Power
from rftg_nb.engine import power_cache
from rftg_nb.engine.powers import Handler, power

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Player


# ---------------------------------------------------------------- Military against a world
@power(3, "EXTRA_MILITARY", hook="military")
def _military(world: Design, value: int) -> int:
    return value


@power(3, "RARE|EXTRA_MILITARY", hook="military", good="rare")
def _military_vs_rare(world: Design, value: int) -> int:
    return value if world.good == "rare" else 0


@power(3, "ALIEN|EXTRA_MILITARY", hook="military", good="alien")
def _military_vs_alien(world: Design, value: int) -> int:
    return value if world.good == "alien" else 0


@power(3, "EXTRA_MILITARY|AGAINST_REBEL", hook="military", does="military_rebel")
def _military_vs_rebel(world: Design, value: int) -> int:
    return value if world.has_flag("rebel") else 0


# ---------------------------------------------------------------- cost reductions
@power(3, "REDUCE", hook="reduce")
def _reduce(world: Design, value: int) -> int:
    return value


@power(3, "REDUCE|RARE", hook="reduce", good="rare")
def _reduce_rare(world: Design, value: int) -> int:
    return value if world.good == "rare" else 0


@power(3, "REDUCE|ALIEN", hook="reduce", good="alien")
def _reduce_alien(world: Design, value: int) -> int:
    return value if world.good == "alien" else 0


# ---------------------------------------------------------------- optional payment powers
# These are offered as payment methods (see ``methods``); the functions say what they do.
@power(3, "DISCARD|REDUCE_ZERO", hook="free", mandatory=False, does="free_world")
def _free_world(world: Design) -> bool:
    """Colony Ship, Doomed World: discard this card from the tableau, a world costs 0."""
    return world.good != "alien"


@power(3, "PAY_MILITARY", hook="pay_military", mandatory=False)
def _pay_for_military(world: Design) -> bool:
    """Contact Specialist: buy a military world with cards (not Alien worlds)."""
    return world.military and world.good != "alien"


@power(3, "DISCARD|EXTRA_MILITARY", hook="tactics", mandatory=False)
def _tactics(world: Design) -> bool:
    """New Military Tactics: discard it from the tableau for temporary Military."""
    return world.military


@power(3, "MILITARY_HAND", hook="hand_military", mandatory=False)
def _mercenaries(world: Design) -> bool:
    """Space Mercenaries: discard up to ``value`` hand cards, +1 Military each."""
    return world.military


# ---------------------------------------------------------------- what they give
def military(game: Game, p: Player, world: Design) -> int:
    """``p``'s Military against ``world`` now: permanent, specialised and temporary."""
    return p.temp_military + military_of(power_cache.powers(game, p, "military"), world)


def military_of(uses: Iterable[tuple[Any, int, Power, Handler]], world: Design) -> int:
    """The Military the powers ``uses`` with the ``"military"`` hook give against ``world``
    (``power_cache.PowerUse``s): permanent and specialised, not temporary."""
    total = 0
    for _card, _i, pw, h in uses:
        total += h.fn(world, pw.value)
    return total


def reduction(game: Game, p: Player, world: Design) -> int:
    """Cards off ``world``'s cost for ``p`` now (non-military worlds and Contact Specialist)."""
    return reduction_of(power_cache.powers(game, p, "reduce"), world)


def reduction_of(uses: Iterable[tuple[Any, int, Power, Handler]], world: Design) -> int:
    """Cards off ``world``'s cost by the Settle powers ``uses`` with the ``"reduce"`` hook."""
    total = 0
    for _c, _i, pw, h in uses:
        total += h.fn(world, pw.value)
    return total


def contact_price(world: Design, value: int, off: int) -> int:
    """Cards to pay for military ``world`` with a pay-for-Military power of ``value`` and
    ``off`` cards of reductions (Contact Specialist)."""
    return max(0, world.cost - value - off)
