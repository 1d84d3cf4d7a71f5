"""Phase I, Explore: everyone draws 2 and keeps 1, plus chooser bonuses and Explore powers."""

from __future__ import annotations

from collections.abc import Collection, Generator, Iterable
from typing import TYPE_CHECKING, Any

from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.decision import Decision, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.powers import Handler, power
from rftg_nb.engine.state import Player, card_options

if TYPE_CHECKING:
    from rftg_nb.cards import Power
    from rftg_nb.engine.game import Game


class Counts:
    __slots__ = ("draw", "keep")

    def __init__(self, draw: int, keep: int) -> None:
        self.draw = draw
        self.keep = keep


@power(1, "DRAW", hook="count", does="draw")
def _draw_more(counts: Counts, value: int) -> None:
    counts.draw += value


@power(1, "KEEP", hook="count", does="keep")
def _keep_more(counts: Counts, value: int) -> None:
    counts.keep += value


def counts_for(game: Game, p: Player) -> Counts:
    """Cards ``p`` draws and keeps in this Explore phase."""
    return counts_of(power_cache.powers(game, p), p.actions)


def counts_of(uses: Iterable[tuple[Any, int, Power, Handler]],
              actions: Collection[str]) -> Counts:
    """Cards drawn and kept with the Explore powers ``uses`` (``power_cache.PowerUse``s) and
    the actions ``actions`` chosen (``"explore5"``: +5 to draw, ``"explore11"``: +1 and +1)."""
    counts = Counts(2, 1)
    if "explore5" in actions:
        counts.draw += 5
    if "explore11" in actions:
        counts.draw += 1
        counts.keep += 1
    for _card, _i, pw, h in uses:
        h.fn(counts, pw.value)
    return counts


def run(game: Game) -> Generator[Decision, tuple[str, ...], None]:
    drawn = []
    for p in game.players:
        counts = counts_for(game, p)
        cards = piles.draw(game, p, counts.draw, "Explore")
        drawn.append((p, cards, counts.keep))
    for p, cards, keep in drawn:
        keep = min(keep, len(cards))
        if keep == len(cards):
            continue
        d = Decision(
            p.index, Kind.EXPLORE_KEEP,
            f"{p.name}: keep {keep} of the {len(cards)} cards you explored; "
            f"the rest are discarded.",
            card_options(cards), keep, keep,
        )
        ids = forced(d)
        if ids is None:
            ids = yield d
        # the cards explored are the hand's last, in the order drawn
        piles.discard_cards(game, p, [c for c in cards if c.id not in ids], "Explore")
