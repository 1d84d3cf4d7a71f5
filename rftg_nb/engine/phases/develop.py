"""Phase II, Develop: each player may place one development, paying its cost in cards."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING, Any, Final

from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.answer_ids import index_of
from rftg_nb.engine.decision import Decision, Option, Saying, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.powers import Handler, power
from rftg_nb.engine.state import card_options, take_out
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.cards import Power
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Card, Player

Rules = Generator[Decision, tuple[str, ...], None]

PLACE: Final = Saying(
    "place",
    lambda name, card: f"{says(name, 'places')} the development {card}.",
    lambda name, card: {"card": card, "type": "development"})


@power(2, "DRAW", hook="start", does="draw")
def _draw_at_start(game: Game, p: Player, card: Card, value: int) -> None:
    piles.draw(game, p, value, card.name)


@power(2, "REDUCE", hook="reduce")
def _cheaper(value: int) -> int:
    return value


@power(2, "DRAW_AFTER", hook="after", does="draw_after")
def _draw_after(game: Game, p: Player, card: Card, value: int) -> None:
    piles.draw(game, p, value, card.name)


def discount(game: Game, p: Player, which: str) -> int:
    """Cards off every development for ``p`` in this Develop phase."""
    return (1 if which in p.actions else 0) + reduction_of(power_cache.powers(game, p, "reduce"))


def reduction_of(uses: Iterable[tuple[Any, int, Power, Handler]]) -> int:
    """Cards off every development by the Develop powers ``uses`` with the ``"reduce"`` hook
    (``power_cache.PowerUse``s)."""
    total = 0
    for _card, _i, pw, h in uses:
        total += h.fn(pw.value)
    return total


def why_not_develop(game: Game, p: Player, card: Card, off: int) -> str | None:
    """Why ``p`` cannot place ``card`` now with ``off`` cards off, or None when they can."""
    d = card.design
    if not d.is_development:
        return "a world: place it in Settle"
    if p.has_design(d.name):
        return "you already have one"
    cost, can_pay = max(0, d.cost - off), len(p.hand) - 1
    if cost > can_pay:
        return f"costs {cost}, you can pay {can_pay}"
    return None


def can_develop(game: Game, p: Player, card: Card, off: int) -> bool:
    """Whether ``why_not_develop`` finds nothing (the same three tests, without wording)."""
    d = card.design
    return (d.is_development and not p.has_design(d.name)
            and max(0, d.cost - off) <= len(p.hand) - 1)


def run(game: Game, which: str) -> Rules:
    for p in game.players:
        for card, _i, pw, h in power_cache.powers(game, p, "start"):
            h.fn(game, p, card, pw.value)
    picks: list[tuple[Player, Card, int]] = []  # (player, card, cards off)
    for p in game.players:
        off = discount(game, p, which)
        # can_develop for each card in hand, with the tableau's names looked up once
        placed = {c.name for c in p.tableau}
        can_pay = len(p.hand) - 1
        legal = [c for c in p.hand if c.design.is_development and c.name not in placed
                 and max(0, c.design.cost - off) <= can_pay]
        if not legal:
            continue
        opts = tuple([_develop_option(c, max(0, c.design.cost - off)) for c in legal])
        d = Decision(
            p.index, Kind.DEVELOP,
            f"{p.name}: choose a development to place (or none)"
            + (f"; your developments cost {off} less this phase." if off else "."),
            opts, 0, 1,
        )
        ids = forced(d)
        if ids is None:
            ids = yield d
        if ids:
            card = legal[index_of(d.ids, ids[0])]  # the options are legal's, in order
            picks.append((p, card, off))
    for p, card, _off in picks:
        take_out(p.hand, card)
        p.tableau.append(card)
        game.tell(p.index, PLACE, (p.name, card.name))
    for p, card, off in picks:
        yield from pay(game, p, max(0, card.design.cost - off), card.name)
        for c, _i, pw, h in power_cache.powers(game, p, "after"):
            h.fn(game, p, c, pw.value)


def _develop_option(card: Card, cost: int) -> Option:
    """The option to place ``card`` at ``cost``, kept on the card for the next Develop at the
    same cost."""
    memo = card.memo
    key = ("develop", cost)
    o = memo.get(key)
    if o is None:
        o = memo[key] = Option(card.id, card.name, {"card": card.name, "cost": cost})
    return o


def pay(game: Game, p: Player, cost: int, what: str) -> Rules:
    """Discard exactly ``cost`` cards of ``p``'s choice from hand."""
    if cost <= 0:
        return
    d = Decision(
        p.index, Kind.PAY,
        f"{p.name}: discard {cost} card{'s' if cost > 1 else ''} to pay for {what}.",
        card_options(p.hand), cost, cost, {"cost": cost, "for": what},
    )
    ids = forced(d)
    if ids is None:
        ids = yield d
    piles.discard_from_hand(game, p, ids, f"paying for {what}")
