"""Rulings for the board's dimmed cards: why a card cannot be picked now (engine/why.py), and
the one-sentence phase notes for the coach."""

from __future__ import annotations

import random
from typing import Any

from rftg_nb import Game, SoloGame
from rftg_nb.engine.phases.develop import discount, why_not_develop
from rftg_nb.engine.phases.settle import why_not_settle
from rftg_nb.engine.why import HAND_KINDS, TABLEAU_KINDS, UNKNOWN, card_notes, phase_note
from rftg_nb.players import random_pick
from tests.helpers import answer, good, pass_until, position


def notes(g: Game, player: int = 0) -> dict[str, str]:
    """card_notes by card name (the positions below hold one copy of each named card)."""
    p = g.players[player]
    names = {c.id: c.name for c in [*p.hand, *p.tableau]}
    return {names[i]: text for i, text in card_notes(g, player).items()}


def offered(g: Game) -> set[str]:
    return {o.label for o in g.decision.options}


def develop(hand: list[str], tableau: tuple[str, ...] = ("Earth's Lost Colony",),
            actions: tuple[str, ...] = ("settle", "produce")) -> Game:
    """Player 1 in Develop; by default it is player 2 who called it (no -1 for player 1)."""
    return position({"tableau": list(tableau), "hand": hand, "actions": list(actions)},
                    {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "produce"]},
                    phase="develop")


def settle(hand: list[str], tableau: tuple[str, ...] = ("Earth's Lost Colony",),
           actions: tuple[str, ...] = ("settle", "develop")) -> Game:
    return position({"tableau": list(tableau), "hand": hand, "actions": list(actions)},
                    {"tableau": ["Old Earth"], "hand": [], "actions": ["develop", "explore5"]},
                    phase="settle")


# ------------------------------------------------------------------ Develop
def test_develop_unaffordable_duplicate_and_worlds():
    """A development costing more than the other cards in hand, a second copy of one in your
    tableau and a world are dimmed with their reasons; the offered card has no note."""
    g = develop(["Drop Ships", "Space Marines", "Gem World", "Contact Specialist"],
                ("Earth's Lost Colony", "Contact Specialist"))
    assert (g.decision.kind, offered(g)) == ("develop", {"Space Marines"})
    assert notes(g) == {
        "Drop Ships": "costs 4, you can pay 3",
        "Gem World": "a world: place it in Settle",
        "Contact Specialist": "you already have one",
    }


def test_develop_reductions_are_counted():
    """The chooser's -1 and Investment Credits' -1 come off before comparing with the hand."""
    g = develop(["Galactic Imperium", "Drop Ships", "Gem World", "Spice World"],
                ("Earth's Lost Colony", "Investment Credits"), ("develop", "produce"))
    assert {o.label: o.data["cost"] for o in g.decision.options} == {"Drop Ships": 2}
    assert notes(g) == {
        "Galactic Imperium": "costs 4, you can pay 3",
        "Gem World": "a world: place it in Settle",
        "Spice World": "a world: place it in Settle",
    }
    assert phase_note(g, 0) == ("Develop: place one development, paying its cost minus 2 in "
                                "cards from your hand.")


# ------------------------------------------------------------------ Settle
def test_settle_development_military_and_unaffordable_worlds():
    g = settle(["Rebel Outpost", "Space Marines", "New Earth", "Gem World", "Spice World"],
               ("Earth's Lost Colony", "Expedition Force"))
    assert offered(g) == {"Gem World", "Spice World"}
    assert notes(g) == {
        "Rebel Outpost": "needs Military 5, you have 1",
        "Space Marines": "a development: place it in Develop",
        "New Earth": "costs 5, you can pay 4",
    }


def test_settle_reductions_by_kind():
    """Mining Robots makes Rare worlds 1 cheaper, and the note gives the reduced cost."""
    g = settle(["New Earth", "Galactic Studios", "Alien Robotic Factory", "Gem World"],
               ("Earth's Lost Colony", "Mining Robots"))
    assert offered(g) == {"Gem World"}
    assert notes(g) == {
        "New Earth": "costs 4, you can pay 3",
        "Galactic Studios": "costs 5, you can pay 3",
        "Alien Robotic Factory": "costs 6, you can pay 3",
    }


def test_settle_specialised_military():
    """Galactic Imperium's +4 counts against Rebel worlds only."""
    g = settle(["Rebel Homeworld", "Rebel Outpost", "Hive World", "Gem World"],
               ("Earth's Lost Colony", "Galactic Imperium", "Space Marines"))
    assert offered(g) == {"Rebel Outpost", "Gem World"}
    assert notes(g) == {
        "Rebel Homeworld": "needs Military 7, you have 6",
        "Hive World": "needs Military 3, you have 2",
    }


def test_settle_contact_specialist_worlds_are_options_and_its_limits_are_named():
    """A military world Contact Specialist can pay for is an option and has no note; when the
    price is too high, or the world is Alien, the note says so."""
    g = settle(["Hive World", "Rebel Homeworld", "Lost Alien Battle Fleet", "Gem World",
                "Spice World"], ("Earth's Lost Colony", "Contact Specialist"))
    assert offered(g) == {"Hive World", "Gem World", "Spice World"}
    assert notes(g) == {
        "Rebel Homeworld": "needs Military 7, you have -1; with Contact Specialist it costs 6, "
                           "you can pay 4",
        "Lost Alien Battle Fleet": "needs Military 6, you have -1; Contact Specialist is not "
                                   "for Alien worlds",
    }


def test_settle_discard_for_military_counts_when_it_is_enough():
    """New Military Tactics can lift Military 2 to 5: Rebel Outpost is offered, Rebel Base
    (defence 6) is not, and its note says how far the card gets you."""
    g = settle(["Rebel Outpost", "Rebel Base", "Gem World"],
               ("Earth's Lost Colony", "Space Marines", "New Military Tactics"))
    assert offered(g) == {"Rebel Outpost", "Gem World"}
    assert notes(g) == {"Rebel Base": "needs Military 6, you have 2 (5 with New Military Tactics)"}


def test_temporary_military_counts_for_the_second_world():
    """After conquering with New Military Tactics (+3 until the end of the phase), Improved
    Logistics' second world sees Military 3."""
    g = settle(["Rebel Underground", "Rebel Outpost", "Gem World", "Spice World"],
               ("Earth's Lost Colony", "Improved Logistics", "New Military Tactics"))
    answer(g, "Rebel Underground")
    d = g.decision
    assert d.kind == "settle_second"
    assert notes(g)["Rebel Outpost"] == "needs Military 5, you have 3"
    assert "Rebel Outpost" not in offered(g)


def test_settle_phase_note_has_the_players_numbers():
    g = settle(["Gem World", "Spice World", "Artist Colony"],
               ("Earth's Lost Colony", "Mining Robots", "Space Marines", "Galactic Imperium"))
    assert g.decision.kind == "settle"
    assert phase_note(g, 0) == (
        "Settle: place one world, paying its cost (minus 1 for Rare worlds) in cards from your "
        "hand or conquering a military world with your Military 2 (6 against Rebel worlds); "
        "you draw 1 card after placing (Settle bonus).")
    assert phase_note(g, 1) == (
        "Settle: place one world, paying its cost in cards from your hand or conquering a "
        "military world with your Military 0.")


# ------------------------------------------------------------------ goods in the tableau
def test_trade_dims_worlds_without_a_good_and_hand_cards():
    g = position({"tableau": [good("Earth's Lost Colony"), good("Gem World"), "Spice World",
                              "Investment Credits"],
                  "hand": ["Artist Colony"], "actions": ["trade", "produce"]},
                 {"tableau": ["New Sparta"], "hand": [], "actions": ["develop", "explore5"]},
                 phase="consume")
    d = g.decision
    assert d.kind == "trade"
    assert {o.data["card"] for o in d.options} == {"Earth's Lost Colony", "Gem World"}
    assert notes(g) == {
        "Spice World": "no good on it",
        "Investment Credits": "a development: it holds no goods",
        "Artist Colony": "a hand card: pick a good in your tableau",
    }


def test_consume_power_dims_goods_of_other_kinds():
    """Research Labs consumes a Genes good: a Rare good is dimmed, with the power named."""
    g = position({"tableau": ["New Sparta", "Research Labs", good("Distant World"),
                              good("Lost Species Ark World"), good("Comet Zone"), "Gem World"],
                  "hand": [], "actions": ["x2", "produce"]},
                 {"tableau": ["Old Earth"], "hand": [], "actions": ["develop", "explore5"]},
                 phase="consume")
    assert g.decision.kind == "consume_goods"
    assert notes(g) == {
        "New Sparta": "no good on it",
        "Research Labs": "a development: it holds no goods",
        "Comet Zone": "its Rare good can't be consumed by Research Labs (Genes goods only)",
        "Gem World": "no good on it",
    }


def test_windfall_power_dims_other_kinds_full_and_production_worlds():
    g = position({"tableau": ["New Sparta", "Mining Robots", "Asteroid Belt",
                              "Radioactive World", "Galactic Resort", good("Destroyed World"),
                              "Gem World"],
                  "hand": ["Artist Colony"], "actions": ["produce", "explore5"]},
                 {"tableau": ["Old Earth"], "hand": [], "actions": ["develop", "explore5"]},
                 phase="produce")
    assert (g.decision.kind, offered(g)) == ("windfall", {"Asteroid Belt", "Radioactive World"})
    assert notes(g) == {
        "New Sparta": "not a windfall world",
        "Mining Robots": "a development, not a windfall world",
        "Galactic Resort": "a Novelty world: Mining Robots puts goods on Rare worlds only",
        "Destroyed World": "already has a good",
        "Gem World": "not a windfall world",
        "Artist Colony": "a hand card: pick a windfall world in your tableau",
    }


# ------------------------------------------------------------------ other decisions
def test_explore_dims_the_cards_held_before_and_notes_the_numbers():
    g = position({"tableau": ["Earth's Lost Colony"], "hand": ["Gem World"],
                  "actions": ["explore5", "develop"]}, phase="explore")
    assert g.decision.kind == "explore_keep" and len(g.decision.ids) == 7
    assert notes(g) == {"Gem World": "in your hand before Explore: keep from the new cards"}
    assert phase_note(g, 0) == "Explore: draw 7 cards and keep 1; the rest are discarded."


def test_no_notes_for_other_players_or_questions_not_about_cards():
    g = develop(["Drop Ships", "Space Marines", "Gem World", "Spice World"])
    assert card_notes(g, 1) == {}  # player 2 does not decide now
    g = Game.new(players=2, seed=5)
    assert g.decision.kind == "initial_discard" and card_notes(g, 0) == {}  # all are options
    pass_until(g, 0, "actions")
    assert card_notes(g, 0) == {}
    assert phase_note(g, 0).startswith("Choose actions: pick two different actions in secret")


def test_solitaire_settle_uses_the_games_numbers():
    """In the two-action solitaire game each Settle you chose has its own bonus and the hand
    you can pay from shrinks as you go; the robot is no player, so it gets no notes."""
    robot = ["Asteroid Belt", "Mining World", "Comet Zone", "Hive World"]
    mine = ["New Earth", "Space Marines", "Rebel Outpost", "Gem World", "Spice World",
            "Artist Colony"]
    g = SoloGame.new(seed=2, player_start="Earth's Lost Colony", robot_start="New Sparta",
                     deck=robot + mine, dice=[("produce", "x2")])
    assert phase_note(g, 0) == ("Start of the game: discard 2 of your 6 opening cards and "
                                "keep 4.")
    answer(g, "Space Marines", "Spice World")
    answer(g, "settle", "settle2")
    assert (g.decision.kind, g.phase, offered(g)) == ("settle", "settle",
                                                      {"Gem World", "Artist Colony"})
    assert notes(g) == {"New Earth": "costs 5, you can pay 3",
                        "Rebel Outpost": "needs Military 5, you have 0"}
    assert card_notes(g, 1) == {}
    assert phase_note(g, 0) == (
        "Settle: place one world, paying its cost in cards from your hand or conquering a "
        "military world with your Military 0; you draw 1 card after placing (Settle bonus).")
    answer(g, "Artist Colony")
    assert g.decision.kind == "pay" and card_notes(g, 0) == {}  # any hand card may pay
    answer(g, "Rebel Outpost")
    d = g.decision  # the hand is New Earth, Gem World and the Settle bonus card
    assert (d.kind, g.phase) == ("settle", "settle2") and "Gem World" in offered(g)
    assert notes(g)["New Earth"] == "costs 5, you can pay 2"
    assert phase_note(g, 0).startswith("Second Settle: place one world, paying its cost")
    assert phase_note(g, 0).endswith("you draw 1 card after placing (Settle bonus).")


# ------------------------------------------------------------------ every card decision
def _check(g: Game) -> None:
    d = g.decision
    p = g.players[d.player]
    got = card_notes(g, d.player)
    options = set(d.ids)
    assert not options & set(got), f"an option has a note: {d}"
    assert all(isinstance(t, str) and t and t != UNKNOWN for t in got.values()), got
    for other in range(len(g.players)):
        if other != d.player:
            assert card_notes(g, other) == {}
    hand = {c.id for c in p.hand}
    tableau = {c.id for c in p.tableau}
    if d.kind in HAND_KINDS:
        assert set(got) == hand - options  # every other hand card, and only those
    elif d.kind in TABLEAU_KINDS:
        assert set(got) == (hand | tableau) - options
    else:
        assert got == {}
    if d.kind == "develop":
        off = discount(g, p, g.phase)
        for c in p.hand:  # the reasons agree with what is offered, both ways
            assert (why_not_develop(g, p, c, off) is None) == (c.id in options)
    if d.kind in ("settle", "settle_second"):
        for c in p.hand:
            assert (why_not_settle(g, p, c, len(p.hand) - 1) is None) == (c.id in options)
    text = phase_note(g, d.player)
    assert text and text.endswith(".")


def test_notes_agree_with_the_options_in_random_games():
    """At every decision of many random games (2-4 players and solitaire): no option has a
    note, every other card the question is about has one, and the reasons match the engine."""
    seen: set[str] = set()
    games: list[Any] = [Game.new(players=2 + s % 3, seed=s) for s in range(24)]
    games += [SoloGame.new(seed=s, difficulty=("easy", "medium", "hard")[s % 3])
              for s in range(12)]
    for i, g in enumerate(games):
        rng = random.Random(i)
        while (d := g.decision) is not None:
            _check(g)
            seen.add(d.kind)
            g.apply(random_pick(d, rng))
        assert phase_note(g, 0) == "The game is over: the scores are final."
    assert {"develop", "settle", "explore_keep", "trade", "consume_goods",
            "windfall"} <= seen
