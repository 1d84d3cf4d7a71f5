"""The AI decides from what its seat sees: two positions that differ only in cards the seat
cannot see (the draw pile, the discard pile, the other player's hand, the goods, the robot's
draw stack) get the same answer from the same seed, at both levels, for several kinds of
decision."""

from __future__ import annotations

import pytest

from rftg_nb import Game
from rftg_nb.ai import LEVELS, AIPlayer
from rftg_nb.ai.knowledge import visible_state
from rftg_nb.engine.views import locations
from rftg_nb.robot import SoloGame
from tests.helpers import answer

ME = {"tableau": ["Epsilon Eridani", "Space Marines", {"card": "Gem World", "good": True}],
      "hand": ["Comet Zone", "Investment Credits", "Replicant Robots", "Spice World",
               "New Military Tactics", "Rebel Warrior Race", "Artist Colony"],
      "vp": 2}
THEM = {"tableau": ["Old Earth", {"card": "Mining World", "good": True}], "vp": 1}
# Cards the two positions share out the other way round: one's hidden hand is the other's
# draw pile and discard pile.
SWAP_A = ["Alien Robotic Factory", "Terraforming Guild", "Rebel Base", "Deficit Spending"]
SWAP_B = ["Galactic Renaissance", "New Earth", "Public Works", "Expedition Force"]
TOP = ["Volcanic World", "Hive World", "Secluded World", "Distant World", "Mining Robots",
       "Export Duties", "Space Port"]  # the first cards drawn: the seat sees them in its hand


def pair(phase: str, actions: list[str], their_actions: list[str],
         more: tuple[str, ...] = ()) -> tuple[Game, Game]:
    """Two 2-player positions: the same for player 0, different where it cannot see.
    ``more``: cards added to player 0's tableau."""
    games = []
    for hidden, other in ((SWAP_A, SWAP_B), (SWAP_B, SWAP_A)):
        me = {**ME, "actions": actions, "tableau": ME["tableau"] + list(more)}
        them = {**THEM, "hand": hidden + ["Asteroid Belt"], "actions": their_actions}
        if phase == "action":
            me.pop("actions")
            them.pop("actions")
        pos = {"players": [me, them], "phase": phase, "round": 3,
               "deck": TOP + other[:2], "discard": other[2:]}
        games.append(Game.from_position(pos, seed=11))
    a, b = games
    assert visible_state(a, 0) == visible_state(b, 0)
    hidden_a = sorted(c.name for c in a.players[1].hand)
    assert hidden_a != sorted(c.name for c in b.players[1].hand)
    return a, b


CASES = {
    "actions": ("action", [], []),
    "explore_keep": ("explore", ["explore5", "develop"], ["explore11", "settle"]),
    "develop": ("develop", ["develop", "settle"], ["develop", "produce"]),
    "settle": ("settle", ["settle", "produce"], ["settle", "x2"]),
    "consume_power": ("consume", ["x2", "produce"], ["trade", "produce"], ("Deficit Spending",)),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("kind", sorted(CASES))
def test_same_answer_whatever_the_hidden_cards(kind: str, level: str) -> None:
    a, b = pair(*CASES[kind])
    da, db = a.decision, b.decision
    assert da is not None and db is not None
    assert da.kind == db.kind == kind and da.player == db.player == 0
    assert da.ids == db.ids
    for seed in (0, 1):
        ai = AIPlayer(level, seed=seed)
        assert ai.answer(a, a.decision) == ai.answer(b, b.decision), (kind, level, seed)


@pytest.mark.parametrize("level", LEVELS)
def test_a_second_decision_in_the_phase_too(level: str) -> None:
    """After the same answer, the next decision (paying for a development) also agrees: at
    a table the strong level plays that question out too."""
    a, b = pair(*CASES["develop"])
    ai = AIPlayer(level, seed=3)
    for g in (a, b):
        answer(g, "Replicant Robots")
        while g.decision is not None and g.decision.player == 1:  # places nothing
            g.apply(list(g.decision.ids[: g.decision.min]))
    assert a.decision is not None and a.decision.kind == "pay"
    assert visible_state(a, 0) == visible_state(b, 0)
    assert ai.answer(a, a.decision) == ai.answer(b, b.decision)


# ---------------------------------------------------------------------------- solitaire
def solo_pair() -> tuple[SoloGame, SoloGame]:
    """Two solitaire games: the same start worlds and the same hand of six, different cards
    in the robot's draw stack (dealt before the hand) and in the draw pile."""
    hand = ["Comet Zone", "Investment Credits", "Replicant Robots", "Spice World",
            "New Military Tactics", "Artist Colony"]
    games = []
    for stack in (SWAP_A, SWAP_B):
        games.append(SoloGame.new(seed=21, difficulty="hard", player_start="Old Earth",
                                  robot_start="Alpha Centauri", deck=stack + hand + TOP,
                                  dice=[("produce", "x2")]))
    a, b = games
    assert a.robot.draw_stack != b.robot.draw_stack
    assert visible_state(a, 0) == visible_state(b, 0)
    return a, b


@pytest.mark.parametrize("level", LEVELS)
def test_solitaire_same_answer_whatever_the_robot_holds(level: str) -> None:
    a, b = solo_pair()
    ai = AIPlayer(level, seed=5)
    kinds = []
    for _ in range(3):  # the opening discard, the actions, the cards kept when exploring
        da = a.decision
        assert da is not None and da.kind in ("initial_discard", "actions", "explore_keep")
        assert visible_state(a, 0) == visible_state(b, 0)
        got = ai.answer(a, a.decision)
        assert got == ai.answer(b, b.decision), da.kind
        kinds.append(da.kind)
        if da.kind == "actions":
            got = ["explore5", "produce"]  # so that the next decision is an explore
        a.apply(got)
        b.apply(got)
    assert kinds == ["initial_discard", "actions", "explore_keep"]


# ---------------------------------------------------------------------------- look-ahead copies
def test_look_ahead_copies_do_not_depend_on_the_hidden_cards() -> None:
    """A copy for look-ahead is the same, hidden zones and future included, whichever of the
    two positions it is made from: nothing hidden survives into it."""
    import random

    from rftg_nb import RandomPlayer
    from rftg_nb.ai.determinize import sample

    for kind in ("actions", "develop", "explore_keep"):
        # explore_keep: the other seat's explored cards, held by the phase until it keeps
        # some, are dealt afresh in place with the rest
        a, b = pair(*CASES[kind])
        for seed in (1, 2):
            ta = sample(a, 0, random.Random(seed), round_start=kind == "actions")
            tb = sample(b, 0, random.Random(seed), round_start=kind == "actions")
            assert ta.snapshot() == tb.snapshot()
            assert ta.snapshot() != a.snapshot() or ta.snapshot() != b.snapshot()
            locations(ta)  # every card in exactly one place
            for _ in range(30):  # the same future: reshuffles, draws, all of it
                if ta.decision is None:
                    break
                pick = RandomPlayer(seed).answer(ta, ta.decision)
                ta.apply(pick)
                tb.apply(pick)
                assert ta.snapshot() == tb.snapshot()


def _after_a_secret_pick(seed: int) -> tuple[Game, int, list[str]]:
    """A 2-player game played by the fast AI up to seat 1's pick of a development or world
    made after seat 0 picked one of two or more (the choice index of seat 0's pick, and a
    pick seat 0 could have made instead)."""
    g = Game.new(players=2, seed=seed)
    ai = AIPlayer("fast", seed=seed)
    while (d := g.decision) is not None:
        if d.player == 0 and d.kind in ("develop", "settle") and len(d.options) >= 2:
            at = len(g.choices)
            ids = ai.answer(g, d)
            other = [o.id for o in d.options if [o.id] != list(ids)][:1]
            if not ids or not other:
                g.apply(ids)
                continue
            g.apply(ids)
            e = g.decision
            if e is not None and e.player == 1 and e.kind == d.kind:
                return g, at, other
            continue
        g.apply(ai.answer(g, d))
    raise AssertionError("no such position")


def test_a_copy_does_not_keep_the_other_seats_secret_picks() -> None:
    """Seat 1 picks a development or world after seat 0 has picked its own, still face
    down: in a copy for seat 1 the picked card is dealt afresh like every hidden card, with
    a design seat 0 could have picked, and two games that differ only in what seat 0 picked
    deal seat 0 the same hand."""
    import random

    from rftg_nb.ai.determinize import HIDDEN_UIDS, sample
    from rftg_nb.ai.playouts import play_round
    from rftg_nb.ai.valuation import Ctx

    for seed in (1, 4):
        g, at, other = _after_a_secret_pick(seed)
        kind = g.decision.kind
        h = Game(g.setup, g.seed)
        for ids in g.choices[:at]:
            h.apply(list(ids))
        h.apply(other)  # seat 0 picks another card
        assert h.decision is not None and h.decision.player == 1
        assert visible_state(g, 1) == visible_state(h, 1)
        designs = set()
        for s in range(1, 9):
            tg, th = sample(g, 1, random.Random(s)), sample(h, 1, random.Random(s))
            hands = [sorted(c.name for c in t.players[0].hand) for t in (tg, th)]
            assert hands[0] == hands[1]
            assert all(c.uid >= HIDDEN_UIDS for c in tg.players[0].hand)  # numbered afresh
            # the phase's own list holds the card: play on to see what seat 0 places
            before = {c.name for c in tg.players[0].tableau}
            tg.apply(list(g.decision.ids[:1]))
            placed = [c for c in tg.players[0].tableau if c.name not in before]
            assert len(placed) == 1 and placed[0].uid >= HIDDEN_UIDS
            assert placed[0].design.is_development if kind == "develop" \
                else placed[0].design.is_world
            designs.add(placed[0].name)
            assert play_round(g, 1, tuple(g.decision.ids[:1]), s, None, Ctx(g, 1),
                              round_start=False)
        assert len(designs) > 1  # not the real pick every time


def test_solitaire_copies_do_not_depend_on_the_robot_stack() -> None:
    import random

    from rftg_nb.ai.determinize import force_roll, sample

    a, b = solo_pair()
    ta = sample(a, 0, random.Random(3))
    tb = sample(b, 0, random.Random(3))
    assert ta.snapshot() == tb.snapshot()
    assert ta.robot.draw_stack == tb.robot.draw_stack != a.robot.draw_stack
    force_roll(ta, ("develop", "x2"))
    force_roll(tb, ("develop", "x2"))
    for g in (ta, tb):
        g.apply(list(g.decision.ids[: g.decision.min]))  # the opening discard
        g.apply(["settle", "produce"])
    assert ta.snapshot() == tb.snapshot()
    assert [p.space for p in ta.robot.dice] == ["develop1", "x2"]


@pytest.mark.parametrize("kind", ["actions", "explore_keep", "settle"])
def test_deals_make_the_copies_and_generators_sample_makes(kind: str) -> None:
    """The look-ahead's copies (determinize.Deals: each seed's shuffle worked out once) are
    those of determinize.sample with a generator of that seed, down to the copy's generator
    and the one the look-ahead goes on with, the first time a seed is dealt and after."""
    import random

    from rftg_nb.ai.determinize import Deals, sample

    for game, seat in ((pair(*CASES[kind])[0], 0), (solo_pair()[0], 0)):
        round_start = kind == "actions"
        deals = Deals(game, seat)
        for seed in (5, 6, 5, 5, 6):
            rng = random.Random(seed)
            want = sample(game, seat, rng, round_start=round_start)
            got, later = deals.sample(seed, round_start)
            drawn = later if isinstance(later, random.Random) else later()
            assert got.snapshot() == want.snapshot()
            assert got.rng.getstate() == want.rng.getstate()
            assert drawn.getstate() == rng.getstate()
