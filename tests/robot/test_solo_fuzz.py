"""Random-play fuzz of the TGS solitaire game: seeded games played to the end.

After every answer: the robot's credit (0-4) and economy (0-5) stay on their tracks, every card
is in exactly one place (the robot's draw stack and tableau included), the 24 VP chips are
conserved, the robot's tableau counts its cards and placed 6-cost counters, and no 6-cost
counter is created or lost. After every game: an end condition holds, the robot's score adds up,
and a save reloads to the same state and the same events (dice rolls and flips replay).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rftg_nb import IllegalChoice, RandomPlayer
from rftg_nb.engine.views import locations
from rftg_nb.robot import SoloGame
from rftg_nb.robot.mat import COUNTER

# Rulebook facts (TGS "Solitaire Game"), written out rather than read from the components.
STARTS = ("Old Earth", "Epsilon Eridani", "Alpha Centauri", "New Sparta", "Earth's Lost Colony",
          "Separatist Colony", "Ancient Race", "Damaged Alien Factory", "Doomed World")
COUNTERS = {"easy": 1, "medium": 2, "hard": 3}
COUNTER_VP = {"easy": 6, "medium": 6, "hard": 9}
LEVELS = tuple(COUNTERS)
POOL, CREDIT_MAX, ECONOMY_MAX, TABLEAU_END, HAND_LIMIT = 24, 4, 5, 12, 10
ROBOT_FACES = {"explore", "develop", "settle", "trade", "x2", "produce"}
MAX_DECISIONS = 1000  # a solitaire game takes about 30: a loop guard
CHUNKS = 16  # each chunk: every robot start world at every difficulty (27 games)


def check_invariants(game: SoloGame, level: str) -> None:
    r = game.robot
    me = game.players[0]
    assert 0 <= r.credit <= CREDIT_MAX, r.credit
    assert 0 <= r.economy <= ECONOMY_MAX, r.economy
    where = locations(game)  # raises AssertionError if a card is in two places or none
    assert len(where) == len(game.cards)
    places = Counter(where.values())
    assert places["robot:draw_stack"] == len(r.stack)
    assert places["robot:tableau"] == len(r.cards)
    assert game.vp_start == POOL
    assert game.vp_pool + me.vp + r.vp_chips == POOL, (game.vp_pool, me.vp, r.vp_chips)
    assert r.tableau_size == len(r.cards) + r.counters_placed == len(r.tableau)
    assert r.tableau.count(COUNTER) == r.counters_placed
    assert r.counters_left >= 0 and r.counters_left + r.counters_placed == COUNTERS[level]
    assert r.robot_face in ROBOT_FACES
    assert all(c.design.is_world or c.design.is_development for c in r.cards)


def check_shown(d) -> None:
    assert d.player == 0, d
    assert 0 <= d.min <= d.max and d.max > 0 and d.min <= len(d.options), d
    assert len(set(d.ids)) == len(d.ids), d


def probe_dice(game: SoloGame) -> None:
    """Two faces of one die, or one face, are refused and change nothing."""
    d = game.decision
    before = (game.snapshot(), len(game.events), game.choices)
    a_faces = [i for i in d.ids if i.startswith("a:")]
    for bad in (a_faces[:2], a_faces[:1]):
        with pytest.raises(IllegalChoice):
            game.apply(bad)
        assert (game.snapshot(), len(game.events), game.choices) == before


def play_checked(game: SoloGame, seed: int, level: str) -> None:
    bot = RandomPlayer(seed)
    manual = game.setup["solo"]["dice"] == "manual"
    check_invariants(game, level)
    pool = game.vp_pool
    steps = 0
    while (d := game.decision) is not None:
        assert steps < MAX_DECISIONS, f"seed {seed}: no end after {steps} decisions"
        check_shown(d)
        if d.kind == "actions":  # a new round: the last round end found no end condition
            assert len(game.players[0].hand) <= HAND_LIMIT
            assert not ended(game), f"seed {seed}: round {game.round} should not be played"
        if d.kind == "dice":
            assert manual and game.phase == "action", "dice asked for when they roll themselves"
            if steps % 3 == 0:
                probe_dice(game)
        n = len(game.events)
        last = game.events[-1]
        answer = bot.answer(game, d)
        game.apply(answer)
        assert game.events[n - 1] is last, "events were rewritten"
        for e in game.events[n:]:
            if e.actor == "robot" and e.phase != "game_end":
                assert e.data.get("rule"), f"robot step without its rule: {e}"
        if d.kind == "dice":
            rolled = [e for e in game.events[n:] if e.kind == "dice"]
            assert len(rolled) == 1
            want = {f"a:{rolled[0].data['faces'][0]}", f"b:{rolled[0].data['faces'][1]}"}
            assert want == set(answer), (answer, rolled[0].data)
        check_invariants(game, level)
        assert game.vp_pool <= pool, "chips went back into the pool"
        pool = game.vp_pool
        steps += 1
    check_finished(game, level)


def ended(game: SoloGame) -> bool:
    """The rulebook's end conditions: the 24 chips are gone, or a tableau holds 12 or more
    (the robot's counting its placed 6-cost counters)."""
    return (game.vp_pool <= 0 or len(game.players[0].tableau) >= TABLEAU_END
            or game.robot.tableau_size >= TABLEAU_END)


def check_finished(game: SoloGame, level: str) -> None:
    r = game.robot
    assert game.is_over and game.phase == "game_end"
    assert ended(game)
    # Each round the robot rolls once, and places two dice.
    assert sum(e.kind == "dice" for e in game.events) == game.round
    assert sum(e.kind == "die" for e in game.events) == 2 * game.round
    card_vp = sum(COUNTER_VP[level] if c.design.is_six_cost else c.design.vp for c in r.cards)
    robot_score = r.vp_chips + card_vp + COUNTER_VP[level] * r.counters_placed
    scores = game.scores()
    assert scores[1] == robot_score
    assert game.winner in (0, 1)
    if scores[0] != scores[1]:
        assert game.winner == (0 if scores[0] > scores[1] else 1)
    with pytest.raises(IllegalChoice):
        game.apply("anything")
    loaded = SoloGame.from_json(game.to_json())
    assert loaded.snapshot() == game.snapshot()
    assert loaded.events == game.events
    assert loaded.choices == game.choices
    assert loaded.robot.draw_stack == r.draw_stack and loaded.robot.tableau == r.tableau


def case(i: int) -> tuple[int, str, str, str]:
    """Game ``i``: (seed, difficulty, robot start, player start - never the robot's)."""
    robot = i % 9
    chunk = i // 27
    player = (robot + 1 + chunk % 8) % 9
    return i, LEVELS[(i // 9) % 3], STARTS[robot], STARTS[player]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_solitaire_games(chunk: int) -> None:
    for i in range(chunk * 27, chunk * 27 + 27):
        seed, level, robot, player = case(i)
        game = SoloGame.new(seed=seed, difficulty=level, robot_start=robot, player_start=player)
        assert game.robot.start.name == robot and game.players[0].tableau[0].name == player
        play_checked(game, seed, level)


def test_solitaire_games_with_random_start_worlds() -> None:
    starts = set()
    for seed in range(5000, 5027):
        level = LEVELS[seed % 3]
        game = SoloGame.new(seed=seed, difficulty=level)
        starts.add(game.robot.start.name)
        assert game.robot.start.name != game.players[0].tableau[0].name
        play_checked(game, seed, level)
    assert len(starts) >= 5


def test_solitaire_games_with_a_named_robot_start_and_a_random_one_for_you() -> None:
    for seed in range(6000, 6027):
        level, robot = LEVELS[seed % 3], STARTS[seed % 9]
        game = SoloGame.new(seed=seed, difficulty=level, robot_start=robot)
        assert game.robot.start.name == robot != game.players[0].tableau[0].name
        play_checked(game, seed, level)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("robot", STARTS)
def test_solitaire_games_with_dice_entered_by_hand(robot: str, level: str) -> None:
    seed = 7000 + 10 * STARTS.index(robot) + LEVELS.index(level)
    player = random.Random(seed).choice([s for s in STARTS if s != robot])
    game = SoloGame.new(seed=seed, difficulty=level, robot_start=robot, player_start=player,
                        dice="manual")
    play_checked(game, seed, level)
    assert game.choices and any(e.kind == "dice" for e in game.events)


@pytest.mark.parametrize("robot", ["Old Earth", "Doomed World"])
def test_a_named_robot_start_world_is_never_dealt_to_the_player(robot: str) -> None:
    for seed in range(40):  # the player's start is random: 1 in 9 would pick the robot's
        game = SoloGame.new(seed=seed, robot_start=robot)
        assert game.robot.start.name == robot
        assert game.players[0].tableau[0].name != robot


def test_a_start_world_named_in_the_deck_is_not_dealt_and_goes_on_top() -> None:
    for seed in range(40):  # were it dealt at random, 2 in 9 deals would take it
        game = SoloGame.new(seed=seed, deck=["Old Earth"])
        # Setup draws the robot's stack first, from the top of the deck.
        assert game.robot.draw_stack[0] == "Old Earth"


def test_a_deck_naming_too_many_start_worlds_to_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="deck"):
        SoloGame.new(seed=1, deck=list(STARTS[:8]))
    game = SoloGame.new(seed=1, deck=list(STARTS[:7]))  # two are left: one each
    assert {game.robot.start.name, game.players[0].tableau[0].name} == set(STARTS[7:])


def test_doomed_worlds_first_settle_ends_when_no_world_can_be_found() -> None:
    """All ten 3+ VP non-military worlds are out of the draw and discard piles (4 in the robot's
    stack, 4 in your hand, 2 explored into the stack): the flipping must still end."""
    worlds = ["Lost Species Ark World", "Alien Robotic Factory", "Deserted Alien Outpost",
              "Deserted Alien Colony", "Galactic Trendsetters", "Alien Rosetta Stone World",
              "Terraformed World", "Deserted Alien Library", "New Earth", "Galactic Studios"]
    deck = (worlds[:8] + ["Contact Specialist", "Mining Robots", "Spice World", "Gem World"]
            + worlds[8:] + ["Deficit Spending"])
    game = SoloGame.new(seed=1, robot_start="Doomed World", player_start="New Sparta",
                        deck=deck, dice=[("explore", "explore"), ("settle", "x2")])
    me = game.players[0]
    game.apply([c.id for c in me.hand if c.name in ("Contact Specialist", "Mining Robots")])
    game.apply(["x2", "produce"])
    game.apply([game.decision.ids[0]])  # keep Spice World or Gem World
    assert game.round == 2 and set(worlds) <= set(game.robot.draw_stack) | {c.name for c in me.hand}
    game.apply(["x2", "produce"])
    while game.round == 2 and game.decision.kind != "actions":
        game.apply(list(game.decision.ids[: game.decision.min]))
    flips = [e for e in game.events if e.kind == "flip" and "first Settle" in e.data["rule"]]
    assert flips and not any(e.data["found"] for e in flips)
    assert game.robot.tableau == [] and game.round == 3
    play_checked(game, 1, "easy")
