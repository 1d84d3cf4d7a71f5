"""The AI always answers with a legal choice: in seeded games of every shape, and in positions
built to reach each rare kind of decision, at both levels. Every AI here is strict: an answer
of its own that the rules refuse raises, instead of being replaced by a legal one (as the app's
AI does), so an illegal answer fails the test."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace

import pytest

from rftg_nb import Game, RandomPlayer
from rftg_nb.ai import AIPlayer, IllegalAIAnswer
from rftg_nb.ai.decisions import Choice, Chooser
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.decision import Decision
from rftg_nb.engine.kinds import DECISION_KINDS, UnknownKind
from rftg_nb.robot import SoloGame
from tests.helpers import good, position

KINDS = set(DECISION_KINDS)
SEEN: set[str] = set()


def strict(level: str, seed: int) -> AIPlayer:
    return AIPlayer(level, seed, strict=True)


def legal(game, d: Decision, ai: AIPlayer) -> list[str]:
    assert ai.strict
    ids = ai.answer(game, d)
    assert d.check(tuple(ids)) is None, (ai, d, ids)
    SEEN.add(d.kind)
    return ids


def test_every_kind_of_decision_has_its_own_rule_in_the_ai() -> None:
    missing = [k for k in DECISION_KINDS if not callable(getattr(Chooser, f"_{k}", None))]
    assert not missing, f"the AI has no rule for {missing}"


def test_a_kind_without_a_rule_raises_instead_of_answering_at_random() -> None:
    d = Game.new(players=2, seed=1).decision
    assert d is not None
    # Decision itself refuses an unknown kind, so a stand-in with the same fields asks the AI
    fields = ("player", "prompt", "options", "min", "max", "context", "rule", "ids")
    odd = SimpleNamespace(**{name: getattr(d, name) for name in fields}, kind="no_such_kind")
    with pytest.raises(UnknownKind, match="no_such_kind"):
        Chooser(Ctx(Game.new(players=2, seed=1), 0), random.Random(0), eager=True).choose(odd)


def test_strict_mode_raises_on_an_illegal_answer_and_the_app_mode_repairs_it(monkeypatch):
    from rftg_nb.ai import player

    game = Game.new(players=2, seed=4)
    d = game.decision
    assert d is not None
    bad = Choice(("no-such-card",), "a broken rule")
    monkeypatch.setattr(player.AIPlayer, "_think", lambda *_a, **_k: bad)
    with pytest.raises(IllegalAIAnswer, match="no-such-card"):
        AIPlayer("fast", 1, strict=True).answer(game, d)
    assert d.check(tuple(AIPlayer("fast", 1).answer(game, d))) is None


def test_a_decision_of_an_unknown_kind_cannot_be_made() -> None:
    with pytest.raises(UnknownKind, match="nonsense"):
        Decision(0, "nonsense", "?", ())


def mixed_game(game, seed: int, every: int = 1) -> None:
    """Play to the end: the fast AI answers (and is checked) at every ``every``-th decision,
    otherwise a random player answers, so the AI meets positions it would not reach."""
    ai = strict("fast", seed)
    rnd = RandomPlayer(seed)
    rng = random.Random(seed)
    n = 0
    while (d := game.decision) is not None:
        n += 1
        assert n < 3000
        if n % every == 0:
            ids = legal(game, d, ai)
            game.apply(ids if rng.random() < 0.6 else rnd.answer(game, d))
        else:
            game.apply(rnd.answer(game, d))


GAMES: list[tuple[str, Callable[[int], object]]] = [
    ("solo easy", lambda s: SoloGame.new(seed=s, difficulty="easy")),
    ("solo hard", lambda s: SoloGame.new(seed=s, difficulty="hard")),
    ("2p advanced goals", lambda s: Game.new(players=2, seed=s, goals=True)),
    ("2p base", lambda s: Game.new(players=2, seed=s, expansion="base", advanced=False)),
    ("3p", lambda s: Game.new(players=3, seed=s, goals=False)),
    ("4p base", lambda s: Game.new(players=4, seed=s, expansion="base")),
    ("5p goals", lambda s: Game.new(players=5, seed=s, goals=True)),
    ("3p drafted", lambda s: Game.new(players=3, seed=s, draft=True)),
]


@pytest.mark.parametrize("name,make", GAMES, ids=[n for n, _ in GAMES])
def test_fast_answers_are_legal_in_mixed_games(name, make) -> None:
    for seed in range(3):
        mixed_game(make(seed), seed)


def test_fast_plays_whole_games_legally() -> None:
    for seed, make in enumerate(m for _n, m in GAMES):
        game = make(100 + seed)
        ai = strict("fast", seed)
        while (d := game.decision) is not None:
            game.apply(legal(game, d, ai))
        assert game.is_over


@pytest.mark.parametrize("name,make", [GAMES[0], GAMES[2], GAMES[6]],
                         ids=["solo", "2p", "5p"])
def test_strong_answers_are_legal(name, make) -> None:
    """A few strong answers per game (each is a search): the first action choice, a
    decision in the middle of a round and one late in the game."""
    game = make(7)
    strong = strict("strong", 1)
    rnd = RandomPlayer(7)
    asked = 0
    n = 0
    while (d := game.decision) is not None and asked < 3:
        n += 1
        want = (d.kind == "actions" and asked == 0) or (
            asked == 1 and d.kind in ("develop", "settle", "explore_keep")) or (
            asked == 2 and n > 40)
        if want:
            game.apply(legal(game, d, strong))
            asked += 1
        else:
            game.apply(rnd.answer(game, d))
    assert asked >= 2


# ---------------------------------------------------------------------------- rare kinds
def steer(game, pick: dict[str, Callable[[Decision], list[str]]], until: str,
          limit: int = 40) -> Decision:
    """Answer with ``pick[kind]`` (else the fewest options) until a ``until`` decision."""
    for _ in range(limit):
        d = game.decision
        assert d is not None, f"the game ended before a {until} decision"
        if d.kind == until:
            return d
        f = pick.get(d.kind)
        game.apply(f(d) if f else (["done"] if "done" in d.ids else list(d.ids[: d.min])))
    raise AssertionError(f"no {until} decision within {limit} answers")


def option_with(text: str) -> Callable[[Decision], list[str]]:
    return lambda d: [next(o.id for o in d.options if text in o.label)]


def named(name: str) -> Callable[[Decision], list[str]]:
    return lambda d: [next(o.id for o in d.options if o.label == name)]


RARE: dict[str, Callable[[], tuple[object, dict, str]]] = {
    "military_discard": lambda: (position(
        {"tableau": ["Epsilon Eridani", "Space Mercenaries"],
         "hand": ["Rebel Warrior Race", "Gem World", "Spice World", "Artist Colony"],
         "actions": ["settle", "produce"]}, phase="settle"),
        {"settle": named("Rebel Warrior Race"), "settle_method": option_with("Mercenaries")},
        "military_discard"),
    "consume_discard": lambda: (position(
        {"tableau": ["Epsilon Eridani", "Deficit Spending"],
         "hand": ["Gem World", "Spice World", "Artist Colony"], "actions": ["trade", "x2"]},
        phase="consume"),
        {"consume_power": option_with("Deficit Spending")}, "consume_discard"),
    "gamble": lambda: (position(
        {"tableau": ["Epsilon Eridani", "Gambling World"], "hand": ["Gem World"],
         "actions": ["x2", "produce"]}, phase="consume"),
        {"consume_power": option_with("name a cost")}, "gamble"),
    "produce_discard": lambda: (position(
        {"tableau": ["Damaged Alien Factory"], "hand": ["Gem World", "Spice World"],
         "actions": ["x2", "produce"]}, phase="produce"), {}, "produce_discard"),
    "windfall": lambda: (position(
        {"tableau": ["Epsilon Eridani", "Asteroid Belt", "Radioactive World"],
         "hand": ["Gem World"], "actions": ["x2", "produce"]}, phase="produce"),
        {}, "windfall"),
    "settle_second": lambda: (position(
        {"tableau": ["Epsilon Eridani", "Improved Logistics"],
         "hand": ["Artist Colony", "Secluded World", "Gem World", "Spice World",
                  "Volcanic World"], "actions": ["settle", "produce"]}, phase="settle"),
        {"settle": named("Artist Colony")}, "settle_second"),
    "trade": lambda: (position(
        {"tableau": ["Epsilon Eridani", good("Gem World"), good("Comet Zone")],
         "hand": [], "actions": ["trade", "produce"]}, phase="consume"), {}, "trade"),
    "consume_goods": lambda: (position(
        {"tableau": ["Old Earth", good("Gem World"), good("Comet Zone"),
                     good("Volcanic World")], "hand": [], "actions": ["x2", "produce"]},
        {"tableau": ["Alpha Centauri"], "hand": [], "actions": ["x2", "produce"]},
        phase="consume"), {"consume_power": option_with("Old Earth")}, "consume_goods"),
    "settle_method": lambda: (position(
        {"tableau": ["Epsilon Eridani", "Colony Ship"],
         "hand": ["Comet Zone", "Gem World", "Spice World", "Artist Colony"],
         "actions": ["settle", "produce"]}, phase="settle"),
        {"settle": named("Comet Zone")}, "settle_method"),
    "hand_limit": lambda: (position(
        {"tableau": ["Epsilon Eridani"],
         "hand": ["Gem World", "Spice World", "Artist Colony", "Comet Zone", "Volcanic World",
                  "Secluded World", "Mining World", "Hive World", "Plague World", "New Earth",
                  "Space Port", "Distant World"], "actions": ["trade", "produce"]},
        phase="round_end"), {}, "hand_limit"),
    "dice": lambda: (SoloGame.new(seed=3, dice="manual"), {}, "dice"),
}


@pytest.mark.parametrize("level", ["fast", "strong"])
@pytest.mark.parametrize("kind", sorted(RARE))
def test_rare_decisions_get_legal_answers(kind: str, level: str) -> None:
    game, pick, until = RARE[kind]()
    if kind == "dice":
        pick = {"initial_discard": lambda d: list(d.ids[: d.min]),
                "actions": lambda d: ["explore5", "produce"]}
    d = steer(game, pick, until)
    ids = legal(game, d, strict(level, 2))
    game.apply(ids)


def test_the_tests_here_meet_every_kind_of_decision() -> None:
    """The positions above and two mixed games ask every kind of decision the engine has."""
    SEEN.clear()
    for kind in RARE:
        game, pick, until = RARE[kind]()
        if kind == "dice":
            pick = {"initial_discard": lambda d: list(d.ids[: d.min]),
                    "actions": lambda d: ["explore5", "produce"]}
        legal(game, steer(game, pick, until), strict("fast", 0))
    mixed_game(SoloGame.new(seed=1, difficulty="easy"), 1)
    mixed_game(Game.new(players=3, seed=2), 2)
    mixed_game(Game.new(players=2, seed=3, draft=True), 3)
    missing = KINDS - SEEN
    assert not missing, f"never asked: {sorted(missing)}"


def test_ai_tables_finish_their_games() -> None:
    """With the fast AI in every seat the game moves to its end (no round after round of
    waiting for someone else to settle or consume)."""
    for seed, (_name, make) in enumerate(GAMES):
        for k in range(2):
            game = make(300 + 10 * seed + k)
            ai = strict("fast", k)
            while game.decision is not None and game.round <= 30:
                game.apply(ai.answer(game, game.decision))
            assert game.is_over, (_name, game.round)
