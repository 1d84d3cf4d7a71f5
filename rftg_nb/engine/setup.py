"""A game's set-up: the deck's cards, start worlds dealt, the draw pile shuffled, windfall start
worlds given a good, the opening hands and the opening discards (what the drafting variant and
the solitaire game's own set-ups share), and the one way to ask a player to discard down to a
number of cards."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Final

from rftg_nb.cards import Design
from rftg_nb.engine import piles
from rftg_nb.engine.decision import Decision, Saying, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.piles import shuffle
from rftg_nb.engine.state import Card, Player, card_options
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

Rules = Generator[Decision, tuple[str, ...], None]

# How the set-up's steps are told (see :class:`Saying`).
DEALT_START: Final = Saying(
    "start_world",
    lambda name, world: f"{says(name, 'is')} dealt the start world {world}.",
    lambda name, world: {"card": world})
START_GOOD: Final = Saying(
    "good",
    lambda world, kind: f"{world} starts with a good.",
    lambda world, kind: {"card": world, "kind": kind})

def give_start_world(game: Game, p: Player, world: Card) -> None:
    p.tableau.append(world)
    game.tell(p.index, DEALT_START, (p.name, world.name))


def start_good(game: Game, p: Player) -> None:
    """A windfall start world gets its good from the top of the draw pile."""
    world = p.tableau[0]
    if world.design.windfall and piles.add_good(game, world, p):
        game.tell(p.index, START_GOOD, (world.name, world.design.good))


def deck_cards(designs: tuple[Design, ...]) -> tuple[list[Card], list[Card], list[Card]]:
    """A game's cards, one for each of ``designs`` (the uids in their order): all of them,
    the start worlds and the others, each list in card order."""
    cards = [Card(i, d) for i, d in enumerate(designs)]
    places = _START_PLACES.get(id(designs))
    if places is None or places[0] is not designs:  # the deck's start worlds, found once
        if len(_START_PLACES) >= 1000:  # many custom decks dealt: start again
            _START_PLACES.clear()
        places = _START_PLACES[id(designs)] = (designs, tuple(
            [i for i, d in enumerate(designs) if d.is_start_world]))
    starts = [cards[i] for i in places[1]]
    others = cards.copy()
    for i in reversed(places[1]):
        del others[i]
    return cards, starts, others


# id of a deck's designs -> (the designs, the places of its start worlds); the designs are kept
# with their entry, so their id cannot be reused meanwhile
_START_PLACES: Final[dict[int, tuple[tuple[Design, ...], tuple[int, ...]]]] = {}


def deal(game: Game) -> None:
    """Deal start worlds, shuffle the rest into the deck, give windfall start worlds a good."""
    game.cards, starts, others = deck_cards(game.db.deck_designs(game.expansion))
    shuffle(game.rng, starts)
    for p in game.players:
        give_start_world(game, p, starts.pop())
    game.deck = others + starts
    shuffle(game.rng, game.deck)
    for p in game.players:
        start_good(game, p)
    for p in game.players:
        piles.draw(game, p, 6, "opening hand")


def initial_discards(game: Game) -> Rules:
    """Each player keeps 4 of 6 (3 with Ancient Race's setup power), in secret."""
    for p in game.players:
        keep = 3 if any(c.design.has_flag("start_hand_3") for c in p.tableau) else 4
        yield from discard_down(
            game, p, keep, Kind.INITIAL_DISCARD, "opening hand",
            f"choose {len(p.hand) - keep} of your {len(p.hand)} opening cards to discard "
            f"(you keep {keep}).")


def discard_down(game: Game, p: Player, keep: int, kind: str, why: str, text: str) -> Rules:
    """Ask ``p`` to discard down to ``keep`` cards (nothing to ask at or under ``keep``)."""
    n = len(p.hand) - keep
    if n <= 0:
        return
    d = Decision(p.index, kind, f"{p.name}: {text}", card_options(p.hand), n, n)
    ids = forced(d)
    if ids is None:
        ids = yield d
    piles.discard_from_hand(game, p, ids, why)
