"""Random-play fuzz of drafted games (2 and 3 players, ~30 games) to the end.

After every answer: every card is in exactly one place and VP chips are conserved. During the
draft, the seats' packets and picks stay even (a seat's picks and packet make 5 a round).
Once the draft is over no card leaves its owner's zones (hand, tableau, goods, own draw and
discard piles) and the common piles stay empty. The public events of the draft name no card.
At a few seeded points per game, illegal answers (among them a card of another seat's packet)
are refused and change nothing. After every game: a save reloads to the same state, the same
events and the same views.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rftg_nb import Game, IllegalChoice, RandomPlayer
from rftg_nb.engine.views import locations

MAX_DECISIONS = 3000  # far above any drafted game (about 250-420): a loop guard
PROBES_PER_GAME = 3
CUSTOM = [{"name": "Fuzz Draft World", "type": "world", "cost": 2, "vp": 1, "good": "rare",
           "copies": 3},
          {"name": "Fuzz Draft Lab", "type": "development", "cost": 1, "vp": 0, "copies": 2,
           "powers": [{"phase": 5, "code": "DRAW", "value": 1}]}]


def _games() -> list[dict[str, Any]]:
    """15 two-player and 15 three-player settings: goals or none, advanced or not (2 players),
    some with custom cards."""
    out = []
    for i in range(30):
        players = 2 if i < 15 else 3
        kw: dict[str, Any] = {"players": players, "seed": 500 + i, "draft": True}
        if i % 4 == 1:
            kw["goals"] = False
        if players == 2 and i % 3 == 2:
            kw["advanced"] = False
        if i % 5 == 3:
            kw["custom_cards"] = CUSTOM
        out.append(kw)
    return out


def _seats(game: Game) -> dict[str, int | None]:
    """The seat whose zone holds each card (a good: its world's seat; None: out of the game)."""
    where = locations(game)
    assert len(where) == len(game.cards)

    def seat(place: str) -> int | None:
        if place == "removed":
            return None
        zone, _, at = place.partition(":")
        if zone == "good":
            return seat(where[at])
        return int(at) if at else -1  # -1: the common piles

    return {cid: seat(place) for cid, place in where.items()}


def _check(game: Game, owner: dict[str, int | None] | None) -> dict[str, int | None] | None:
    """The invariants; returns the owners once the draft is over (computed the first time)."""
    held = sum(p.vp for p in game.players)
    assert game.vp_pool + held == game.vp_start
    draft = game.draft
    assert draft is not None
    if not draft.done:
        locations(game)
        assert game.discard == []
        # Seats pick in turn: the earlier seats may be one pick ahead, never more.
        sizes = [len(x) for x in draft.packets]
        assert sizes == sorted(sizes) and sizes[-1] - sizes[0] <= 1, sizes
        assert all(len(x) + len(y) == 5 * draft.round
                   for x, y in zip(draft.picks, draft.packets, strict=True))
        assert all(len(x) == 2 for x in draft.start_worlds)
        return None
    now = _seats(game)
    assert game.deck == [] and game.discard == []
    if owner is None:
        return now
    assert now == owner, [(c, owner[c], now[c]) for c in now if now[c] != owner[c]][:5]
    return owner


def _probe(game: Game, rng: random.Random) -> None:
    d = game.decision
    assert d is not None
    before = (game.snapshot(), list(game.events), game.choices)
    bad: list[Any] = ["no-such-option", [d.ids[0], d.ids[0]], 7, None]
    if d.min > 0:
        bad.append([])
    if d.max < len(d.ids):
        bad.append(list(d.ids[: d.max + 1]))
    if d.kind == "draft_pick":
        others = [c.id for i, x in enumerate(game.draft.packets) if i != d.player for c in x]
        if others:
            bad.append(rng.choice(others))
    for answer in bad:
        with pytest.raises(IllegalChoice):
            game.apply(answer)
        assert (game.snapshot(), list(game.events), game.choices) == before, answer
        assert game.decision == d


@pytest.mark.parametrize("kw", _games(), ids=lambda kw: f"{kw['players']}p-{kw['seed']}")
def test_drafted_games_keep_their_invariants_to_the_end(kw):
    game = Game.new(**kw)
    bot = RandomPlayer(kw["seed"])
    rng = random.Random(kw["seed"] * 7)
    probes = set(rng.sample(range(250), PROBES_PER_GAME))
    owner: dict[str, int | None] | None = None
    n = 0
    kinds: set[str] = set()
    while (d := game.decision) is not None:
        assert n < MAX_DECISIONS
        assert d.max > 0 and not (d.rule is None and len(d.options) == d.min == d.max), d
        kinds.add(d.kind)
        if n in probes:
            _probe(game, rng)
        game.apply(bot.answer(game, d))
        n += 1
        owner = _check(game, owner)
    assert game.is_over and owner is not None
    assert {"draft_pick", "start_world", "initial_discard", "actions"} <= kinds
    rounds = game.draft.rounds
    deck = len(game.cards) - 2 * kw["players"]
    assert rounds == deck // (5 * kw["players"])
    assert len(game.draft.removed) == deck - rounds * 5 * kw["players"]
    for e in game.events:
        if e.phase == "draft" and e.visible_to is None:
            assert "card" not in e.data and "cards" not in e.data, e
    loaded = Game.from_json(game.to_json())
    assert loaded.snapshot() == game.snapshot()
    assert loaded.events == game.events
    assert all(loaded.view(i) == game.view(i) for i in range(kw["players"]))
    assert loaded.scores() == game.scores()
