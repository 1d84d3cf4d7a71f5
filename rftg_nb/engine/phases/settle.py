"""Phase III, Settle: each player may place one world, paying cards or conquering it."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Final

from rftg_nb.cards import Design
from rftg_nb.constants import GOOD_LABEL
from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.answer_ids import index_of
from rftg_nb.engine.decision import Decision, Option, Saying, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.phases.develop import pay
from rftg_nb.engine.phases.settle_powers import contact_price, military, reduction
from rftg_nb.engine.powers import power
from rftg_nb.engine.state import card_options, holds, take_out
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Card, Player

Rules = Generator[Decision, tuple[str, ...], None]

PLACE: Final = Saying(
    "place",
    lambda name, world: f"{says(name, 'places')} the world {world}.",
    lambda name, world: {"card": world, "type": "world"})
WINDFALL_GOOD: Final = Saying(
    "good",
    lambda world, kind: f"{world} gets a good as it is placed.",
    lambda world, kind: {"card": world, "kind": kind})
DISCARD_TABLEAU: Final = Saying(
    "discard_tableau",
    lambda name, card: f"{says(name, 'discards')} {card} from the tableau.",
    lambda name, card: {"card": card})
CONQUER: Final = Saying(
    "conquer",
    lambda name, world, military: f"{says(name, 'conquers')} {world}.",
    lambda name, world, military: {"card": world, "military": military})


@power(3, "DRAW_AFTER", hook="after", does="draw_after")
def _draw_after(game: Game, p: Player, card: Card, value: int) -> None:
    piles.draw(game, p, value, card.name)


@power(3, "PLACE_TWO", hook="second", mandatory=False, does="place_two")
def _place_two(game: Game, p: Player, card: Card) -> Rules:
    """Improved Logistics: place a second world after the first."""
    legal = legal_worlds(game, p)
    if not legal:
        return
    d = Decision(
        p.index, Kind.SETTLE_SECOND,
        f"{p.name}: {card.name} lets you place a second world (or none).",
        _world_options(game, p, legal), 0, 1,
    )
    ids = forced(d)
    if ids is None:
        ids = yield d
    if not ids:
        return
    world = next(c for c in legal if c.id == ids[0])
    place_world(game, p, world)
    yield from settle_world(game, p, world)
    _after_draws(game, p)


class Method:
    """One way to place a world: its ``id`` and ``label`` as an option, the cards to ``pay``,
    the tableau card it discards (``discard_card``: Colony Ship, Doomed World, New Military
    Tactics) and the temporary Military that gives (``bonus``), the hand cards it may discard
    for Military (``hand_military``: Space Mercenaries' least and most), and the powers it uses
    (``mark``: card uid and power index). Read-only by contract, as a decision is (one is made
    for each way at each Settle)."""

    __slots__ = ("id", "label", "pay", "discard_card", "bonus", "hand_military", "mark")

    def __init__(self, id: str, label: str, pay: int = 0, discard_card: Card | None = None,
                 bonus: int = 0, hand_military: tuple[int, int] | None = None,
                 mark: tuple[tuple[int, int], ...] = ()) -> None:
        self.id = id
        self.label = label
        self.pay = pay
        self.discard_card = discard_card
        self.bonus = bonus
        self.hand_military = hand_military
        self.mark = mark

    def __repr__(self) -> str:
        return f"Method({self.id!r}, {self.label!r})"


def _usable(game: Game, p: Player, hook: str, world: Design) -> Iterator[tuple[Card, int, int]]:
    for card, i, pw, h in power_cache.powers(game, p, hook):
        if (card.uid, i) in p.used or not holds(p.tableau, card):
            continue
        if h.fn(world):
            yield card, i, pw.value


def methods(game: Game, p: Player, world: Card, hand: int) -> list[Method]:
    """Every way ``p`` may place ``world`` now, with ``hand`` cards available to pay.

    A way's id names the cards it uses, so a card with two powers of one kind (only a custom
    card has them) gives two ways of one id: one way if they read the same (the same effect),
    else the later is told apart as ``<id>#2``, ``#3`` ... (in the powers' printed order, so a
    replay finds the same ids)."""
    ways = list(_each_method(game, p, world, hand))
    if len(ways) > 1 and len({w.id for w in ways}) < len(ways):
        ways = _apart(ways)
    return ways


def _apart(ways: list[Method]) -> list[Method]:
    """``ways`` with each id once (see :func:`methods`)."""
    out: list[Method] = []
    seen: dict[str, Method] = {}
    for w in ways:
        first = seen.get(w.id)
        if first is not None:
            if first.label == w.label:
                continue
            n = 2
            while f"{w.id}#{n}" in seen:
                n += 1
            w = Method(f"{w.id}#{n}", w.label, w.pay, w.discard_card, w.bonus,
                       w.hand_military, w.mark)
        seen[w.id] = w
        out.append(w)
    return out


def can_place(game: Game, p: Player, world: Card, hand: int) -> bool:
    """Whether ``methods`` has any way: the tests of :func:`_each_method`, in its order,
    without wording the ways (asked of every world in hand at every Settle)."""
    d = world.design
    if not d.military:
        cost = max(0, d.cost - reduction(game, p, d))
        return cost <= hand or (cost > 0 and _any_usable(game, p, "free", d))
    need = d.cost - military(game, p, d)
    if need <= 0:
        return True
    tactics = ([v for _c, _i, v in _usable(game, p, "tactics", d)]
               if power_cache.powers(game, p, "tactics") else [])
    if tactics and any(v >= need for v in tactics):
        return True
    if power_cache.powers(game, p, "hand_military"):
        for _c, _i, v in _usable(game, p, "hand_military", d):
            top = min(v, hand)
            if need <= top or any(tv < need <= tv + top for tv in tactics):
                return True
    if power_cache.powers(game, p, "pay_military"):
        for _c, _i, v in _usable(game, p, "pay_military", d):
            price = contact_price(d, v, reduction(game, p, d))
            if price <= hand or (price > 0 and _any_usable(game, p, "free", d)):
                return True
    return False


def _any_usable(game: Game, p: Player, hook: str, world: Design) -> bool:
    if not power_cache.powers(game, p, hook):  # the usual case: no such power at all
        return False
    for _found in _usable(game, p, hook, world):
        return True
    return False


def _each_method(game: Game, p: Player, world: Card, hand: int) -> Iterator[Method]:
    d = world.design
    free = list(_usable(game, p, "free", d))
    if not d.military:
        cost = max(0, d.cost - reduction(game, p, d))
        if cost <= hand:
            yield Method("pay", f"Pay {cost} card{'s' if cost != 1 else ''}"
                         if cost else "Settle for free", pay=cost)
        if cost:
            for card, i, _v in free:
                yield Method(f"free:{card.id}",
                             f"Discard {card.name} from your tableau: settle for free",
                             discard_card=card, mark=((card.uid, i),))
        return
    mil = military(game, p, d)
    need = d.cost - mil
    if need <= 0:
        yield Method("conquer", f"Conquer with Military {mil} (defence {d.cost})")
    else:
        tactics = list(_usable(game, p, "tactics", d))
        mercs = list(_usable(game, p, "hand_military", d))
        for card, i, v in tactics:
            if v >= need:
                yield Method(f"tactics:{card.id}",
                             f"Discard {card.name} for +{v} Military and conquer",
                             discard_card=card, bonus=v, mark=((card.uid, i),))
        for card, i, v in mercs:
            top = min(v, hand)
            if need <= top:
                yield Method(f"mercs:{card.id}",
                             f"Discard {need}-{top} hand cards ({card.name}) for +1 "
                             f"Military each and conquer",
                             hand_military=(need, top), mark=((card.uid, i),))
            for t, ti, tv in tactics:
                if tv < need <= tv + top:
                    yield Method(
                        f"tactics+mercs:{t.id}:{card.id}",
                        f"Discard {t.name} (+{tv}) and {need - tv}-{top} hand cards "
                        f"({card.name}) and conquer",
                        discard_card=t, bonus=tv, hand_military=(need - tv, top),
                        mark=((t.uid, ti), (card.uid, i)))
    for card, _i, v in _usable(game, p, "pay_military", d):
        price = contact_price(d, v, reduction(game, p, d))
        if price <= hand:
            yield Method(f"contact:{card.id}",
                         f"Pay {price} card{'s' if price != 1 else ''} ({card.name})",
                         pay=price)
        if price:
            for f, fi, _fv in free:
                yield Method(f"contact+free:{card.id}:{f.id}",
                             f"Use {card.name} and discard {f.name}: settle for free",
                             discard_card=f, mark=((f.uid, fi),))


def legal_worlds(game: Game, p: Player) -> list[Card]:
    hand = len(p.hand) - 1
    reduce = power_cache.powers(game, p, "reduce")
    legal = []
    for c in p.hand:
        d = c.design
        if not d.is_world:
            continue
        if not d.military:  # can_place's first test, with the reductions read once
            cost = d.cost
            for _c, _i, pw, h in reduce:
                cost -= h.fn(d, pw.value)
            if max(0, cost) <= hand:
                legal.append(c)
                continue
        if can_place(game, p, c, hand):
            legal.append(c)
    return legal


def why_not_settle(game: Game, p: Player, card: Card, hand: int) -> str | None:
    """Why ``p`` cannot place ``card`` now with ``hand`` cards to pay, or None when they can.

    It gives the numbers ``methods`` decides by, so it agrees with what is offered.
    """
    d = card.design
    if not d.is_world:
        return "a development: place it in Develop"
    if methods(game, p, card, hand):
        return None
    if not d.military:
        why = f"costs {max(0, d.cost - reduction(game, p, d))}, you can pay {hand}"
        return why + _not_usable(game, p, "free", d)
    mil = military(game, p, d)
    why = f"needs Military {d.cost}, you have {mil}"
    boosts = [(v, c.name) for c, _i, v in _usable(game, p, "tactics", d)]
    mercs = [(min(v, hand), c.name) for c, _i, v in _usable(game, p, "hand_military", d)]
    best = [max(x) for x in (boosts, mercs) if x]
    if best:
        extra = sum(v for v, _n in best)
        why += f" ({mil + extra} with {' and '.join(n for _v, n in best)})"
    for c, _i, v in _usable(game, p, "pay_military", d):
        price = contact_price(d, v, reduction(game, p, d))
        why += f"; with {c.name} it costs {price}, you can pay {hand}"
    return why + _not_usable(game, p, "pay_military", d)


def _not_usable(game: Game, p: Player, hook: str, world: Design) -> str:
    """A note naming unused ``hook`` powers that do not apply to ``world`` (Alien worlds)."""
    names = [card.name for card, i, _pw, h in power_cache.powers(game, p, hook)
             if (card.uid, i) not in p.used and holds(p.tableau, card) and not h.fn(world)]
    return "".join(f"; {name} is not for {GOOD_LABEL[world.good]} worlds" for name in names
                   if world.good)


def _world_options(game: Game, p: Player, worlds: list[Card]) -> tuple[Option, ...]:
    return tuple([_world_option(c) for c in worlds])


def _world_option(world: Card) -> Option:
    """The option to place ``world``: it says the same every time, so the card keeps it."""
    memo = world.memo
    o = memo.get("settle")
    if o is None:
        o = memo["settle"] = Option(world.id, world.name, {
            "card": world.name, "military": world.design.military, "cost": world.design.cost})
    return o


def place_world(game: Game, p: Player, world: Card) -> None:
    take_out(p.hand, world)
    p.tableau.append(world)
    game.tell(p.index, PLACE, (p.name, world.name))
    if world.design.windfall and piles.add_good(game, world, p):
        game.tell(p.index, WINDFALL_GOOD, (world.name, world.design.good))


def settle_world(game: Game, p: Player, world: Card) -> Rules:
    """Pay for or conquer a world already put in the tableau."""
    options = methods(game, p, world, len(p.hand))
    if not options:  # cannot happen: only legal worlds are offered
        raise AssertionError(f"no way to place {world.name}")
    if len(options) == 1:  # the one way: nothing to ask (as decision.forced finds)
        m = options[0]
    else:
        d = Decision(
            p.index, Kind.SETTLE_METHOD, f"{p.name}: how do you place {world.name}?",
            tuple([Option(m.id, m.label, {"pay": m.pay}) for m in options]), 1, 1,
            {"card": world.name},
        )
        way = yield d
        m = next(x for x in options if x.id == way[0])
    p.used.update(m.mark)
    if m.discard_card is not None:
        card = m.discard_card
        take_out(p.tableau, card)
        piles.remove_good(game, card, p)
        piles.discard_pile(game, p).append(card)
        game.tell(p.index, DISCARD_TABLEAU, (p.name, card.name))
        p.temp_military += m.bonus
    if m.hand_military is not None:
        lo, hi = m.hand_military
        d = Decision(
            p.index, Kind.MILITARY_DISCARD,
            f"{p.name}: discard {lo} to {hi} cards for +1 Military each until the end of "
            "this phase.",
            card_options(p.hand), lo, hi,
        )
        ids = forced(d)
        if ids is None:
            ids = yield d
        piles.discard_from_hand(game, p, ids, "temporary Military")
        p.temp_military += len(ids)
    if m.pay:
        yield from pay(game, p, m.pay, world.name)
    if world.design.military and not m.id.startswith("contact"):
        game.tell(p.index, CONQUER, (p.name, world.name, military(game, p, world.design)))


def _after_draws(game: Game, p: Player) -> None:
    for card, _i, pw, h in power_cache.powers(game, p, "after"):
        h.fn(game, p, card, pw.value)


def run(game: Game, which: str) -> Rules:
    picks: list[tuple[Player, Card]] = []
    for p in game.players:
        legal = legal_worlds(game, p)
        if not legal:
            continue
        d = Decision(p.index, Kind.SETTLE, f"{p.name}: choose a world to place (or none).",
                     _world_options(game, p, legal), 0, 1)
        ids = forced(d)
        if ids is None:
            ids = yield d
        if ids:
            picks.append((p, legal[index_of(d.ids, ids[0])]))  # the options are legal's, in order
    for p, world in picks:
        place_world(game, p, world)
    for p, world in picks:
        yield from settle_world(game, p, world)
        if which in p.actions:
            piles.draw(game, p, 1, "Settle bonus")
        _after_draws(game, p)
        for card, i, _pw, h in power_cache.powers(game, p, "second"):
            if (card.uid, i) in p.used or not holds(p.tableau, card):
                continue
            p.used.add((card.uid, i))
            yield from h.fn(game, p, card)
