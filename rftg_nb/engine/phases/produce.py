"""Phase V, Produce: production worlds fill up, windfall powers fire, then draw powers."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Final, cast

from rftg_nb.cards import Power
from rftg_nb.constants import GOOD_LABEL
from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.decision import Decision, Option, Saying, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.powers import power
from rftg_nb.engine.state import card_options, holds
from rftg_nb.text import article

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Card, Player

Rules = Generator[Decision, tuple[str, ...], None]

PRODUCE: Final = Saying(
    "produce",
    lambda world, kind, why: f"{world} produces {article(GOOD_LABEL[kind])} good ({why}).",
    lambda world, kind, why: {"card": world, "kind": kind, "why": why})


def produce_on(game: Game, p: Player, world: Card, why: str) -> bool:
    """Put a good on ``world`` and record it as produced this phase."""
    if world.good is not None or not piles.add_good(game, world, p):
        return False
    kind = cast(str, world.design.good)  # add_good puts goods only on worlds with a kind
    p.produced.append((world, kind))
    game.tell(p.index, PRODUCE, (world.name, kind, why))
    return True


# ---------------------------------------------------------------- immediate powers
@power(5, "PRODUCE", hook="immediate", does="produce")
def _produce(game: Game, p: Player, card: Card, pw: Power) -> None:
    if holds(p.tableau, card):
        produce_on(game, p, card, "production")


@power(5, "DRAW", hook="immediate", does="draw")
def _draw(game: Game, p: Player, card: Card, pw: Power) -> None:
    piles.draw(game, p, pw.value, card.name)


@power(5, "DRAW_WORLD_GENE", hook="immediate", does="draw_per_world", good="genes")
def _draw_per_genes_world(game: Game, p: Player, card: Card, pw: Power) -> None:
    n = sum(1 for c in p.tableau if c.design.is_world and c.design.good == "genes")
    if n:
        piles.draw(game, p, pw.value * n, f"{card.name}: {n} Genes world{'s' if n > 1 else ''}")


@power(5, "DRAW_MILITARY", hook="immediate", does="draw_per_military")
def _draw_per_military_world(game: Game, p: Player, card: Card, pw: Power) -> None:
    n = sum(1 for c in p.tableau if c.design.military)
    if n:
        piles.draw(game, p, pw.value * n, f"{card.name}: {n} military world{'s' if n > 1 else ''}")


# ---------------------------------------------------------------- windfall production
def _windfall(game: Game, p: Player, kind: str | None, why: str) -> Rules:
    targets = [c for c in p.tableau if c.design.windfall and c.good is None
               and (kind is None or c.design.good == kind)]
    if not targets:
        return
    if len(targets) == 1:  # the only world: nothing to ask (as decision.forced finds)
        produce_on(game, p, targets[0], why)
        return
    d = Decision(p.index, Kind.WINDFALL,
                 f"{p.name}: choose a windfall world to get a good ({why}).",
                 tuple([Option(c.id, c.name, {"card": c.name, "kind": c.design.good})
                        for c in targets]), 1, 1, {"kind": kind, "for": why})
    ids = yield d
    produce_on(game, p, next(c for c in targets if c.id == ids[0]), why)


def _windfall_kind(kind: str):
    def run(game: Game, p: Player, card: Card, pw: Power) -> Rules:
        yield from _windfall(game, p, kind, card.name)
    return run


for _code, _kind in (("WINDFALL_NOVELTY", "novelty"), ("WINDFALL_RARE", "rare"),
                     ("WINDFALL_GENE", "genes"), ("WINDFALL_ALIEN", "alien")):
    power(5, _code, hook="windfall", good=_kind)(_windfall_kind(_kind))


@power(5, "WINDFALL_ANY", hook="windfall_any", does="windfall")
def _windfall_any(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    yield from _windfall(game, p, None, card.name)


@power(5, "PRODUCE|DISCARD", hook="paid", mandatory=False, does="produce_discard")
def _discard_to_produce(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    if card.good is not None or not p.hand or not holds(p.tableau, card):
        return
    kind = cast(str, card.design.good)  # the power is printed on production worlds only
    d = Decision(p.index, Kind.PRODUCE_DISCARD,
                 f"{p.name}: discard a card to produce an {GOOD_LABEL[kind]} good "
                 f"on {card.name}, or none.",
                 card_options(p.hand), 0, 1, {"card": card.name})
    ids = forced(d)
    if ids is None:
        ids = yield d
    if ids:
        piles.discard_from_hand(game, p, ids, card.name)
        produce_on(game, p, card, "discard to produce")


# ---------------------------------------------------------------- draws for what was produced
@power(5, "DRAW_IF", hook="if_produced", does="draw_if")
def _draw_if_produced(game: Game, p: Player, card: Card, pw: Power) -> None:
    if any(w is card for w, _k in p.produced):
        piles.draw(game, p, pw.value, f"{card.name} produced")


def _draw_each(kind: str):
    def run(game: Game, p: Player, card: Card, pw: Power) -> None:
        n = sum(1 for _w, k in p.produced if k == kind)
        if n:
            piles.draw(game, p, n, f"{card.name}: {n} {GOOD_LABEL[kind]} produced")
    return run


power(5, "DRAW_EACH_NOVELTY", hook="count", does="draw_each", good="novelty")(_draw_each("novelty"))
power(5, "DRAW_EACH_ALIEN", hook="count", does="draw_each", good="alien")(_draw_each("alien"))


@power(5, "DRAW_DIFFERENT", hook="count", does="draw_different")
def _draw_different(game: Game, p: Player, card: Card, pw: Power) -> None:
    n = len({k for _w, k in p.produced})
    if n:
        piles.draw(game, p, n, f"{card.name}: {n} kind{'s' if n > 1 else ''} produced")


@power(5, "DRAW_MOST_RARE", hook="most", does="draw_most", good="rare")
def _draw_most_rare(game: Game, p: Player, card: Card, pw: Power) -> None:
    mine = sum(1 for _w, k in p.produced if k == "rare")
    others = [sum(1 for _w, k in q.produced if k == "rare") for q in game.players if q is not p]
    if mine > 0 and all(mine > o for o in others):
        piles.draw(game, p, pw.value, f"{card.name}: most Rare goods produced")


# ---------------------------------------------------------------- the phase
def run(game: Game) -> Rules:
    for p in game.players:
        for card, _i, pw, h in power_cache.powers(game, p, "immediate"):
            h.fn(game, p, card, pw)
        for card, _i, pw, h in power_cache.powers(game, p, "windfall"):
            yield from h.fn(game, p, card, pw)
        if "produce" in p.actions:
            yield from _windfall(game, p, None, "Produce bonus")
        for card, _i, pw, h in power_cache.powers(game, p, "windfall_any"):
            yield from h.fn(game, p, card, pw)
        # A world that produced draws at once, so that card can pay for discard-to-produce.
        for card, _i, pw, h in power_cache.powers(game, p, "if_produced"):
            h.fn(game, p, card, pw)
        # With a hand still empty, discard-to-produce waits for the counting draws: TGS lets a
        # card drawn by them pay for it, but that good then draws nothing (no interrupting).
        later = []
        for card, _i, pw, h in power_cache.powers(game, p, "paid"):
            if p.hand:
                yield from h.fn(game, p, card, pw)
            else:
                later.append((card, pw, h))
        for card, _i, pw, h in power_cache.powers(game, p, "count"):
            h.fn(game, p, card, pw)
        for card, pw, h in later:
            yield from h.fn(game, p, card, pw)
    for p in game.players:
        for card, _i, pw, h in power_cache.powers(game, p, "most"):
            h.fn(game, p, card, pw)
