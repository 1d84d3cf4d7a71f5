"""Phase IV, Consume: the Trade action sells a good (:mod:`rftg_nb.engine.phases.trade`), then
consume powers turn goods into VP."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, cast

from rftg_nb.cards import Power
from rftg_nb.constants import GOOD_LABEL
from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.answer_ids import index_of
from rftg_nb.engine.decision import Decision, Option, Saying, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.phases.trade import NOTHING_TO_SELL, good_options, sell
from rftg_nb.engine.powers import Handler, power
from rftg_nb.engine.state import card_options, holds
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Card, Player

Rules = Generator[Decision, tuple[str, ...], None]
KIND_ATOMS: Final = {"CONSUME_NOVELTY": "novelty", "CONSUME_RARE": "rare",
                     "CONSUME_GENE": "genes", "CONSUME_ALIEN": "alien"}

# How the phase's steps are told (see :class:`Saying`).
CONSUMED: Final = Saying(
    "consume",
    lambda name, card, goods: f"{says(name, 'consumes')} {len(goods)} good"
                              f"{'s' if len(goods) != 1 else ''} with {card}.",
    lambda name, card, goods: {"card": card, "goods": list(goods)})
GAMBLE_NO_CARD: Final = Saying(
    "gamble",
    lambda name, named: f"{says(name, 'names')} {named}, but no card is left to reveal.",
    lambda name, named: {})
GAMBLE_WON: Final = Saying(
    "gamble",
    lambda name, named, card, cost: f"{says(name, 'names')} {named} and reveals {card} "
                                   f"(cost {cost}): it goes to their hand.",
    lambda name, named, card, cost: {"named": named, "card": card, "won": True})
GAMBLE_LOST: Final = Saying(
    "gamble",
    lambda name, named, card, cost: f"{says(name, 'names')} {named} and reveals {card} "
                                    f"(cost {cost}): it is discarded.",
    lambda name, named, card, cost: {"named": named, "card": card, "won": False})


# ---------------------------------------------------------------- consume powers
_KINDS_BY_CODE: Final[dict[str, tuple[str, ...]]] = {}


def goods_kinds(pw: Power) -> tuple[str, ...]:
    """The kinds of good a consume power takes (empty: any kind)."""
    got = _KINDS_BY_CODE.get(pw.code)  # the atoms are the code's: worked out once per code
    if got is None:
        got = _KINDS_BY_CODE[pw.code] = tuple(
            sorted(KIND_ATOMS[a] for a in pw.atoms if a in KIND_ATOMS))
    return got


def _matching(p: Player, card: Card, pw: Power) -> list[Card]:
    if "CONSUME_THIS" in pw.atoms:
        return [card] if card.good is not None and holds(p.tableau, card) else []
    kinds = goods_kinds(pw)
    if kinds:
        return [w for w in p.tableau if w.good is not None and w.design.good in kinds]
    return [w for w in p.tableau if w.good is not None]


def _goods_needed(p: Player, card: Card, pw: Power) -> int:
    """How many goods one use takes now (0 if it cannot be used)."""
    use = goods_use(pw)
    assert use is not None
    return use.takes([cast(str, w.design.good) for w in _matching(p, card, pw)])


def _goods_usable(game: Game, p: Player, card: Card, pw: Power) -> bool:
    """Whether ``_goods_needed`` is more than 0: asked of every goods power at every choice
    of the phase, so it stops at the first matching good where one good is enough."""
    atoms = pw.atoms
    if "CONSUME_TWO" in atoms or "CONSUME_3_DIFF" in atoms:
        return _goods_needed(p, card, pw) > 0
    if "CONSUME_THIS" in atoms:
        return card.good is not None and holds(p.tableau, card)
    kinds = goods_kinds(pw)
    for w in p.tableau:
        if w.good is not None and (not kinds or w.design.good in kinds):
            return True
    return False


def _describe_goods(card: Card, pw: Power) -> str:
    if pw.has("CONSUME_THIS"):
        what = "its own good"
    else:
        kinds = [GOOD_LABEL[KIND_ATOMS[a]] for a in pw.atoms if a in KIND_ATOMS]
        kind = f"{kinds[0]} " if kinds else ""
        if pw.has("CONSUME_TWO"):
            what = f"2 {kind}goods"
        elif pw.has("CONSUME_3_DIFF"):
            what = "3 goods of different kinds"
        elif pw.has("CONSUME_ALL"):
            what = "all your goods"
        elif pw.times > 1:
            what = f"up to {pw.times} {kind}goods"
        else:
            what = f"1 {kind}good"
    rewards = []
    if pw.has("GET_VP"):
        if pw.has("CONSUME_ALL"):
            rewards.append("1 VP per good after the first")
        else:
            rewards.append(f"{pw.value} VP")
    if pw.has("GET_CARD"):
        rewards.append("1 card")
    if pw.has("GET_2_CARD"):
        rewards.append("2 cards")
    per_good = pw.times > 1 and not pw.has("CONSUME_ALL")
    return (f"{card.name}: consume {what} for {' and '.join(rewards)}"
            + (" each" if per_good else ""))


@dataclass(frozen=True, slots=True)
class GoodsUse:
    """What a goods-consuming power's code says one use takes and gives (the one reading of
    those codes: the rules below and the computer player both read it here)."""

    kinds: tuple[str, ...]  # the kinds of good it takes (empty: any kind)
    own: bool  # only the card's own good (CONSUME_THIS)
    size: int | None  # goods one use takes (at most), or None for every good there is
    whole: bool  # the VP is for the use as a whole: a pair (CONSUME_TWO), or 3 goods of
    # different kinds (CONSUME_3_DIFF); otherwise it is each good's
    vp: int  # the power's VP (0 if it gives none)
    cards: int  # cards a good gives
    different: bool = False  # the goods must be of different kinds (CONSUME_3_DIFF)

    def accepts(self, kind: str | None) -> bool:
        """Whether a good of ``kind`` may go to it (not saying whose card holds it)."""
        return not self.kinds or kind in self.kinds

    def takes(self, kinds: Sequence[str]) -> int:
        """Goods one use takes when goods of ``kinds`` (one entry a good, each of a kind it
        accepts) are there to take: 0 when it cannot be used."""
        if self.size is None:
            return len(kinds)
        if self.whole:
            have = len(set(kinds)) if self.different else len(kinds)
            return self.size if have >= self.size else 0
        return min(self.size, len(kinds))

    def reward(self, goods: int) -> tuple[int, int]:
        """(VP, cards) one use gives for ``goods`` goods, before Consume x2 doubles the VP."""
        if self.size is None:  # every good: the VP per good after the first
            vp = self.vp * max(0, goods - 1)
        elif self.whole:
            vp = self.vp
        else:
            vp = self.vp * goods
        return vp, self.cards * goods


_USES: Final[dict[str, GoodsUse]] = {}


def goods_use(pw: Power) -> GoodsUse | None:
    """How ``pw`` consumes goods, or None if it is not one of the goods-consuming powers."""
    if pw.code not in _GOODS_CODES:
        return None
    key = f"{pw.code}:{pw.value}:{pw.times}"
    got = _USES.get(key)
    if got is None:
        a = pw.atoms
        size = (2 if "CONSUME_TWO" in a else 3 if "CONSUME_3_DIFF" in a
                else None if "CONSUME_ALL" in a else max(pw.times, 1))
        got = _USES[key] = GoodsUse(
            kinds=goods_kinds(pw), own="CONSUME_THIS" in a, size=size,
            whole="CONSUME_TWO" in a or "CONSUME_3_DIFF" in a,
            vp=pw.value if "GET_VP" in a else 0,
            cards=(1 if "GET_CARD" in a else 0) + (2 if "GET_2_CARD" in a else 0),
            different="CONSUME_3_DIFF" in a)
    return got


GOODS_CODES: Final = (
    "CONSUME_ANY|GET_VP", "CONSUME_ANY|GET_CARD", "CONSUME_ANY|GET_2_CARD",
    "CONSUME_ANY|GET_CARD|GET_VP", "CONSUME_NOVELTY|GET_VP", "CONSUME_NOVELTY|GET_CARD",
    "CONSUME_NOVELTY|GET_CARD|GET_VP", "CONSUME_RARE|GET_VP", "CONSUME_RARE|GET_CARD|GET_VP",
    "CONSUME_GENE|GET_VP", "CONSUME_GENE|GET_CARD|GET_VP", "CONSUME_ALIEN|CONSUME_THIS|GET_VP",
    "CONSUME_ANY|CONSUME_TWO|GET_VP", "CONSUME_RARE|CONSUME_TWO|GET_VP",
    "CONSUME_GENE|CONSUME_TWO|GET_VP", "CONSUME_3_DIFF|GET_VP", "CONSUME_ALL|GET_VP",
)
_GOODS_CODES: Final = frozenset(GOODS_CODES)


@power(4, *GOODS_CODES, hook="consume", usable=_goods_usable, describe=_describe_goods,
       does="consume_goods")
def _consume_goods(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    goods = _matching(p, card, pw)
    n = _goods_needed(p, card, pw)
    rule = None
    if pw.has("CONSUME_3_DIFF") and len(goods) > n:  # with exactly 3 goods they differ already
        def rule(ids: tuple[str, ...]) -> str | None:
            kinds = {w.design.good for w in goods if w.id in ids}
            return None if len(kinds) == 3 else "the 3 goods must be of 3 different kinds"
    if rule is None and len(goods) == n:  # every good goes: nothing to ask (decision.forced)
        used = list(goods)
    else:
        d = Decision(p.index, Kind.CONSUME_GOODS,
                     f"{p.name}: choose {n} good{'s' if n > 1 else ''} for {card.name}.",
                     good_options(game, p, goods), n, n,
                     {"card": card.name, "kinds": goods_kinds(pw),
                      "own": pw.has("CONSUME_THIS")},
                     rule)
        ids = forced(d)
        if ids is None:
            ids = yield d
        used = [w for w in goods if w.id in ids]
    for w in used:
        piles.remove_good(game, w, p)
    game.tell(p.index, CONSUMED, (p.name, card.name, tuple([w.name for w in used])))
    use = goods_use(pw)
    assert use is not None
    vp, cards = use.reward(len(used))
    if pw.has("GET_VP"):
        if "x2" in p.actions:
            vp *= 2
        piles.award_vp(game, p, vp, card.name + (" x2" if "x2" in p.actions and vp else ""))
    if cards:
        piles.draw(game, p, cards, card.name)


def _hand_usable(game: Game, p: Player, card: Card, pw: Power) -> bool:
    return bool(p.hand)


@power(4, "GET_VP|DISCARD_HAND", hook="consume", mandatory=False, usable=_hand_usable,
       does="discard_hand",
       describe=lambda card, pw: f"{card.name}: discard up to {pw.times} card"
                                 f"{'s' if pw.times > 1 else ''} from hand for {pw.value} VP each")
def _discard_for_vp(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    top = min(pw.times, len(p.hand))
    d = Decision(p.index, Kind.CONSUME_DISCARD,
                 f"{p.name}: discard up to {top} card{'s' if top > 1 else ''} for "
                 f"{pw.value} VP each ({card.name}).",
                 card_options(p.hand), 0, top, {"card": card.name})
    ids = forced(d)
    if ids is None:
        ids = yield d
    piles.discard_from_hand(game, p, ids, card.name)
    piles.award_vp(game, p, pw.value * len(ids), card.name)


@power(4, "DRAW", hook="consume", usable=lambda game, p, card, pw: True, does="draw",
       describe=lambda card, pw: f"{card.name}: draw {pw.value} card{'s' if pw.value > 1 else ''}")
def _consume_draw(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    piles.draw(game, p, pw.value, card.name)
    return
    yield  # a generator like the other consume powers


@power(4, "DRAW_LUCKY", hook="consume", usable=lambda game, p, card, pw: True,
       does="gamble",
       describe=lambda card, pw: f"{card.name}: name a cost, reveal the top card, keep it "
                                 "if its cost matches")
def _gamble(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    costs = sorted({c.design.cost for c in game.cards})
    d = Decision(p.index, Kind.GAMBLE, f"{p.name}: name a cost for {card.name}.",
                 tuple(Option(str(c), f"Cost {c}") for c in costs), 1, 1, {"card": card.name})
    ids = forced(d)
    if ids is None:
        ids = yield d
    named = int(ids[0])
    top = piles.draw_one(game, p)
    if top is None:
        game.tell(p.index, GAMBLE_NO_CARD, (p.name, named))
        return
    if top.design.cost == named:
        p.hand.append(top)
        game.tell(p.index, GAMBLE_WON, (p.name, named, top.name, top.design.cost))
    else:
        piles.discard_pile(game, p).append(top)
        game.tell(p.index, GAMBLE_LOST, (p.name, named, top.name, top.design.cost))


def _has_goods(game: Game, p: Player, card: Card, pw: Power) -> bool:
    return p.good_count() > 0


@power(4, "TRADE_ACTION", hook="consume", usable=_has_goods, does="trade",
       describe=lambda card, pw: f"{card.name}: sell a good, with trade bonuses")
def _extra_trade(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    yield from sell(game, p, card.name, bonuses=True)


@power(4, "TRADE_ACTION|TRADE_NO_BONUS", hook="consume", usable=_has_goods,
       does="trade_plain",
       describe=lambda card, pw: f"{card.name}: sell a good for its base value")
def _plain_trade(game: Game, p: Player, card: Card, pw: Power) -> Rules:
    yield from sell(game, p, card.name, bonuses=False)


# ---------------------------------------------------------------- the phase
def run(game: Game) -> Rules:
    for p in game.players:
        if "trade" in p.actions:
            if p.good_count():
                yield from sell(game, p, "Trade action")
            else:
                game.tell(p.index, NOTHING_TO_SELL, (p.name,))
        yield from consume_powers(game, p)


def _power_option(card: Card, i: int, pw: Power, h: Handler) -> Option:
    """The option to use power ``i`` of ``card``: its id, what it does, ``{"card": name}``.

    It says the same every time, so the card keeps it for the rest of the game."""
    memo = card.memo
    o = memo.get(("consume", i))
    if o is None:
        o = memo[("consume", i)] = Option(f"{card.id}:{i}", h.describe(card, pw),
                                          {"card": card.name})
    return o


STOP: Final = Option("done", "Stop consuming")


def consume_powers(game: Game, p: Player) -> Rules:
    powers = power_cache.powers(game, p, "consume")
    if not powers:
        return
    while True:
        usable = []
        must = False
        for card, i, pw, h in powers:
            if (card.uid, i) in p.used or not holds(p.tableau, card):
                continue
            if h.usable(game, p, card, pw):
                usable.append((card, i, pw, h))
                must = must or h.mandatory
        if not usable:
            return
        if must and len(usable) == 1:  # one power that must be used: nothing to ask
            card, i, pw, h = usable[0]  # (as decision.forced finds)
        else:
            options = [_power_option(card, i, pw, h) for card, i, pw, h in usable]
            if not must:
                options.append(STOP)
            d = Decision(p.index, Kind.CONSUME_POWER,
                         f"{p.name}: choose a consume power to use next"
                         + ("." if must else ", or stop."),
                         tuple(options), 1, 1)
            ids = yield d
            if ids[0] == "done":
                return
            card, i, pw, h = usable[index_of(d.ids, ids[0])]  # options in the order of usable
        p.used.add((card.uid, i))
        yield from h.fn(game, p, card, pw)
