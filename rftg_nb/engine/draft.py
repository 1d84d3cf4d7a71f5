"""The drafting variant of The Gathering Storm (2-3 players): the set-up, as a generator.

Played with ``Game.new(players=2 or 3, draft=True)`` (kept as ``setup["draft"] = True``, so a
save, undo, ``at_step`` and replay work as in any game). It replaces the deal of the ordinary
set-up (:func:`rftg_nb.engine.setup.deal`) and the opening discards:

1. The goals are set out first: ``Game.new`` draws them from the seed, as in every game.
2. The odd-numbered start worlds (1, 3, 5, 7) and the even-numbered ones (0, 2, 4, 6, 8) are
   shuffled separately, and each player is dealt one of each, face down. The start worlds
   nobody got are shuffled into the game cards, which make the common deck.
3. Draft rounds. Each player draws five cards from the common deck (a packet), keeps one and
   passes the rest to the left (the next seat); from the packet received each keeps one and
   passes the rest on, until all five cards of every packet are taken. The next round passes
   right (the previous seat), and the direction alternates from round to round. Rounds go on
   while the deck can give every player five: ``len(deck) // (5 * players)`` rounds, 13 for 2
   players and 8 for 3 with the printed cards (custom cards add to the deck, and so may add
   rounds). The cards left over leave the game (:attr:`Draft.removed`).
4. Each player shuffles their picks into their own draw pile (``Player.deck``), draws six,
   keeps one of their two start worlds (the other goes face down onto their own discard pile,
   ``Player.discard``) and discards two cards. Then the start worlds are revealed; a windfall
   start world gets its good from its owner's own pile, and a player who kept the Ancient Race
   discards one more card (down to three, its set-up power).
5. From then on every draw and every discard of a player uses their own piles (payments,
   Explore, goods placed and consumed, powers, the hand limit); the own discard pile is
   reshuffled when the own draw pile runs out, and a player whose two piles are both empty
   draws nothing. The VP pool, the goals and the game end are those of any game.

The picks are simultaneous at the table; the engine asks them seat by seat, one
``draft_pick`` decision per pick (the last card of a packet is taken without asking). Each
decision shows only the packet its player holds. Public events only count ("Ann picks a
card."); the cards drawn, picked or kept are named in events visible to their player alone.
Choosing the start world is a ``start_world`` decision; the discards are ``initial_discard``
decisions, as in the ordinary set-up.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rftg_nb.engine import piles
from rftg_nb.engine.decision import Decision, forced, told
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.piles import shuffle
from rftg_nb.engine.setup import discard_down, start_good
from rftg_nb.engine.state import Card, card_options, moved
from rftg_nb.text import count, whose

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Player

Rules = Generator[Decision, tuple[str, ...], None]

PACKET = 5  # cards each player draws for a draft round
OPENING_HAND = 6
OPENING_DISCARDS = 2  # before the start worlds are revealed (the Ancient Race's one comes after)
PLAYERS = (2, 3)
# A round's direction: the seat a packet goes to is (seat + step) % players.
DIRECTIONS = {"left": 1, "right": -1}


class Draft:
    """Where the draft stands: the packets in the players' hands, each player's picks and
    start world pair, and the cards left out of the game.

    ``packets[i]`` is the packet seat ``i`` holds now; ``picks[i]`` the cards seat ``i`` has
    drafted, in the order taken (moved into ``Player.deck`` when the draft ends);
    ``start_worlds[i]`` seat ``i``'s two start worlds until one is kept. ``round`` counts the
    draft rounds (0 before the first), of ``rounds`` in all; ``direction`` is "left" or
    "right" during a round; ``done`` is True once the private decks are made.
    """

    __slots__ = ("rounds", "round", "direction", "packets", "picks", "start_worlds", "removed",
                 "done")

    def __init__(self, players: int) -> None:
        self.rounds = 0
        self.round = 0
        self.direction = ""
        self.packets: list[list[Card]] = [[] for _ in range(players)]
        self.picks: list[list[Card]] = [[] for _ in range(players)]
        self.start_worlds: list[list[Card]] = [[] for _ in range(players)]
        self.removed: list[Card] = []
        self.done = False

    def copy(self, cards: list[Card]) -> Draft:
        """This draft in a copy of the game whose cards are ``cards`` (see
        :func:`rftg_nb.engine.state.copy_cards`)."""
        d = Draft(0)
        d.rounds, d.round, d.direction, d.done = self.rounds, self.round, self.direction, self.done
        d.packets = [moved(cards, x) for x in self.packets]
        d.picks = [moved(cards, x) for x in self.picks]
        d.start_worlds = [moved(cards, x) for x in self.start_worlds]
        d.removed = moved(cards, self.removed)
        return d

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of the draft: its own packet, picks and start worlds by name,
        and everyone's counts."""
        def named(cards: list[Card]) -> list[dict[str, str]]:
            return [{"id": c.id, "name": c.name} for c in cards]

        return {
            "round": self.round,
            "rounds": self.rounds,
            "direction": self.direction,
            "done": self.done,
            "packet": named(self.packets[seat]),
            "picks": named(self.picks[seat]),
            "start_worlds": named(self.start_worlds[seat]),
            "packet_sizes": [len(x) for x in self.packets],
            "pick_counts": [len(x) for x in self.picks],
            "start_world_counts": [len(x) for x in self.start_worlds],
            "removed": len(self.removed),
        }

    def snapshot(self) -> dict[str, Any]:
        """The whole draft table by card id."""
        return {
            "round": self.round,
            "rounds": self.rounds,
            "direction": self.direction,
            "done": self.done,
            "packets": [[c.id for c in x] for x in self.packets],
            "picks": [[c.id for c in x] for x in self.picks],
            "start_worlds": [[c.id for c in x] for x in self.start_worlds],
            "removed": [c.id for c in self.removed],
        }


def why_not(draft: Any, players: int, expansion: str) -> str | None:
    """Why a game of ``players`` with ``expansion`` cannot be drafted as asked (None: it can,
    or no draft was asked for)."""
    if not isinstance(draft, bool):
        return f"expected True or False, got {draft!r}"
    if not draft:
        return None
    if expansion != "tgs":
        return (f"the drafting variant comes with The Gathering Storm (expansion 'tgs'), "
                f"not expansion {expansion!r}")
    if players not in PLAYERS:
        return f"the drafting variant is for 2 or 3 players, not {players}"
    return None


def rounds_for(deck_size: int, players: int) -> int:
    """Draft rounds while the deck can give every player a packet of five."""
    return deck_size // (PACKET * players)


def run(game: Game) -> Rules:
    """The drafting variant's set-up, from the shuffle to the revealed start worlds."""
    draft = game.draft
    assert draft is not None
    game.phase = "draft"
    deal_start_worlds(game, draft)
    draft.rounds = rounds_for(len(game.deck), len(game.players))
    for r in range(1, draft.rounds + 1):
        yield from draft_round(game, draft, r)
    draft.removed = game.deck
    game.deck = []
    draft.direction = ""
    left = len(draft.removed)
    gone = (f"the {count(left)} left over leave the game" if left > 1 else
            "the card left over leaves the game" if left else "no card is left over")
    game.tell(None, told("draft_end"), (
        f"The draft ends after {draft.rounds} rounds; {gone}.",
        {"rounds": draft.rounds, "removed": left}))
    game.phase = "setup"
    for p in game.players:
        make_private_deck(game, draft, p)
    draft.done = True
    for p in game.players:
        piles.draw(game, p, OPENING_HAND, "opening hand")
    kept = []
    for p in game.players:
        kept.append((yield from choose_start_world(game, draft, p)))
    for p in game.players:
        n = min(OPENING_DISCARDS, len(p.hand))
        yield from discard_down(
            game, p, len(p.hand) - n, Kind.INITIAL_DISCARD, "opening hand",
            f"choose {n} of your {len(p.hand)} opening cards to discard (you keep "
            f"{len(p.hand) - n}; your start world is not revealed yet).")
    for p, world in zip(game.players, kept, strict=True):
        draft.start_worlds[p.index] = []
        p.tableau.append(world)
        game.tell(p.index, told("start_world"), (
            f"{p.says('reveals')} the start world {world.name}.",
            {"card": world.name}))
    for p in game.players:
        start_good(game, p)
    for p in game.players:
        if any(c.design.has_flag("start_hand_3") for c in p.tableau):
            yield from discard_down(
                game, p, 3, Kind.INITIAL_DISCARD, "opening hand",
                f"{p.tableau[0].name} lets you keep only 3 cards: discard "
                f"{count(len(p.hand) - 3)}.")


def deal_start_worlds(game: Game, draft: Draft) -> None:
    """One odd- and one even-numbered start world to each player, face down; the others are
    shuffled into the game cards, which become the common deck."""
    game.cards = [Card(i, d) for i, d in enumerate(game.db.deck_designs(game.expansion))]
    odd: list[Card] = []
    even: list[Card] = []
    others: list[Card] = []
    for c in game.cards:
        n = c.design.start_number
        (others if n is None else odd if n % 2 else even).append(c)
    shuffle(game.rng, odd)
    shuffle(game.rng, even)
    for p in game.players:
        pair = [odd.pop(), even.pop()]
        draft.start_worlds[p.index] = pair
        game.tell(p.index, told("draft_start_worlds"), (
            f"{p.says('is')} dealt two start worlds, face down.",
            {"count": 2}))
        game.tell(p.index, told("draft_start_worlds_private", True), (
            f"{p.says('is')} dealt the start worlds {pair[0].name} and {pair[1].name}.",
            {"cards": [c.name for c in pair]}))
    deck = others + odd + even
    shuffle(game.rng, deck)
    game.deck = deck


def draft_round(game: Game, draft: Draft, r: int) -> Rules:
    """Round ``r``: a packet of five to each player, then picks and passes until every packet
    is taken."""
    players = game.players
    n = len(players)
    draft.round = r
    direction = draft.direction = "left" if r % 2 else "right"
    step = DIRECTIONS[direction]
    game.tell(None, told("draft_round"), (
        f"Draft round {r} of {draft.rounds}: each player draws {PACKET} cards; the "
               f"packets pass {direction}.",
        {"round": r, "rounds": draft.rounds, "direction": direction}))
    for p in players:
        packet = draft.packets[p.index] = piles.take(game, PACKET)
        game.tell(p.index, told("draft_draw"), (
            f"{p.says('draws')} a packet of {count(len(packet))}.",
            {"round": r, "count": len(packet)}))
        game.tell(p.index, told("draft_draw_private", True), (
            f"{p.says('draws')} {', '.join(c.name for c in packet)}.",
            {"round": r, "cards": [c.name for c in packet]}))
    while any(draft.packets):
        for p in players:
            packet = draft.packets[p.index]
            if not packet:
                continue
            to = players[(p.index + step) % n]
            left = len(packet)
            d = Decision(
                p.index, Kind.DRAFT_PICK,
                f"{p.name}: draft round {r} of {draft.rounds}, passing {direction} to "
                f"{to.name}: keep 1 of the {count(left)} in this packet.",
                card_options(packet), 1, 1,
                {"round": r, "rounds": draft.rounds, "direction": direction, "to": to.index,
                 "count": left, "picked": len(draft.picks[p.index])})
            ids = forced(d)
            if ids is None:
                ids = yield d
            card = next(c for c in packet if c.id == ids[0])
            packet.remove(card)
            draft.picks[p.index].append(card)
            game.tell(p.index, told("draft_pick"), (
                f"{p.says('picks')} a card.",
                {"round": r, "left": len(packet)}))
            game.tell(p.index, told("draft_pick_private", True), (
                f"{p.says('picks')} {card.name}.",
                {"round": r, "card": card.name}))
        if any(draft.packets):
            old = draft.packets
            draft.packets = [old[(i - step) % n] for i in range(n)]
            game.tell(None, told("draft_pass"), (
                f"The packets pass {direction} ({count(len(old[0]))} each).",
                {"round": r, "direction": direction, "count": len(old[0])}))


def make_private_deck(game: Game, draft: Draft, p: Player) -> None:
    """``p``'s picks, shuffled, become their own draw pile; their discard pile starts empty."""
    deck = draft.picks[p.index]
    draft.picks[p.index] = []
    shuffle(game.rng, deck)
    p.deck = deck
    p.discard = []
    game.tell(p.index, told("private_deck"), (
        f"{_capital(whose(p.name))} {len(deck)} drafted cards are shuffled into a "
               "private draw pile.",
        {"cards": len(deck)}))


def choose_start_world(game: Game, draft: Draft, p: Player) -> Generator[
        Decision, tuple[str, ...], Card]:
    """``p`` keeps one of their two start worlds; the other goes face down onto their own
    discard pile. The kept one stays hidden until all are revealed."""
    pair = draft.start_worlds[p.index]
    d = Decision(p.index, Kind.START_WORLD,
                 f"{p.name}: choose the start world you keep (the other goes face down onto "
                 "your discard pile).",
                 card_options(pair), 1, 1, {"cards": [c.name for c in pair]})
    ids = forced(d)
    if ids is None:
        ids = yield d
    kept = next(c for c in pair if c.id == ids[0])
    other = next(c for c in pair if c is not kept)
    draft.start_worlds[p.index] = [kept]  # face down until the reveal
    piles.discard_pile(game, p).append(other)
    game.tell(p.index, told("start_world_discard"), (
        f"{p.says('discards')} one start world face down.",
        {"count": 1}))
    game.tell(p.index, told("start_world_discard_private", True), (
        f"{p.says('keeps')} {kept.name}; {other.name} goes face down onto "
               f"{whose(p.name)} discard pile.",
        {"kept": kept.name, "card": other.name}))
    return kept


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]

