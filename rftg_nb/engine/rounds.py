"""The game as a generator: setup, then rounds of action selection, phases and round end."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rftg_nb.cards import Design
from rftg_nb.constants import ACTION_LABELS, ACTIONS, HAND_LIMIT
from rftg_nb.engine import piles, power_cache
from rftg_nb.engine.decision import Decision, Option, Saying, forced
from rftg_nb.engine.phases import consume, develop, explore, produce, settle
from rftg_nb.engine.piles import shuffle
from rftg_nb.engine.state import Card, Player, card_options
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

Rules = Generator[Decision, tuple[str, ...], None]

# Phase order within a round, with the actions that call each phase.
PHASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("explore", ("explore5", "explore11")),
    ("develop", ("develop",)),
    ("develop2", ("develop2",)),
    ("settle", ("settle",)),
    ("settle2", ("settle2",)),
    ("consume", ("trade", "x2")),
    ("produce", ("produce",)),
)
#: action card -> the phase it calls
ACTION_PHASE = {action: phase for phase, calls in PHASES for action in calls}
PHASE_TITLES = {
    "explore": "Explore", "develop": "Develop", "develop2": "second Develop",
    "settle": "Settle", "settle2": "second Settle", "consume": "Consume", "produce": "Produce",
}
PHASE_NUMBER = {"explore": 1, "develop": 2, "develop2": 2, "settle": 3, "settle2": 3,
                "consume": 4, "produce": 5}


# How the round's steps are told (see :class:`Saying`).
DEALT_START = Saying(
    "start_world",
    lambda name, world: f"{says(name, 'is')} dealt the start world {world}.",
    lambda name, world: {"card": world})
START_GOOD = Saying(
    "good",
    lambda world, kind: f"{world} starts with a good.",
    lambda world, kind: {"card": world, "kind": kind})
CHOSE = Saying(
    "actions",
    lambda name, pick: f"{says(name, 'chose')} "
                       f"{' and '.join([ACTION_LABELS[a] for a in pick])}.",
    lambda name, pick: {"actions": list(pick)})
PHASE = Saying(
    "phase",
    lambda phase: f"Phase: {PHASE_TITLES[phase]}.",
    lambda phase: {"phase": phase})
# One tuple for all the games. Typed as any tuple: a compiled build would otherwise unbox
# each read and box a new tuple for each event.
PHASE_FACTS: dict[str, tuple[Any, ...]] = {phase: (phase,) for phase in PHASE_TITLES}
GAME_END = Saying(
    "game_end",
    lambda reasons: f"The game ends: {'; '.join(reasons)}.",
    lambda reasons: {"reasons": list(reasons), "rule": "Game end"})
SCORE = Saying(
    "score",
    lambda name, score: f"{says(name, 'scores')} {score} VP.",
    lambda name, score: {"score": score, "rule": "Game end"})
WINNER = Saying(
    "winner",
    lambda name, winners: f"{says(name, 'wins')}.",
    lambda name, winners: {"winners": list(winners), "rule": "Game end"})
SHARED_WIN = Saying(
    "winner",
    lambda names, winners: f"{' and '.join(names)} share the win.",
    lambda names, winners: {"winners": list(winners), "rule": "Game end"})


#: where a game's rules start again in a copy (:meth:`Game.clone`): the start of a round
ROUND_START = "round"


def play(game: Game, at: str | None = None) -> Rules:
    """The whole game: set-up, then rounds until the game ends.

    ``at``: go on from a state the game was given (a copy's), at the start of a round
    (:data:`ROUND_START`) or of the phase named; the set-up is not played."""
    if at is None:
        at = yield from set_up(game)
    elif at == ROUND_START:
        at = None
    while True:
        if at is None:
            if game._marking:
                game._mark(ROUND_START)
            game.round += 1
            game.phase = "action"
            yield from select_actions(game)
            yield from game._after_actions()
        yield from run_phases(game, at)
        at = None
        game.phase = "round_end"
        yield from hand_limit(game)
        game._check_goals("round_end")
        if game._should_end():
            break
    finish(game)
    power_cache.drop_caches(game)


def set_up(game: Game) -> Generator[Decision, tuple[str, ...], str | None]:
    """Deal (or draft, or lay out the position given) and ask the opening discards; returns
    the phase a given position starts at (None: the game starts with round 1)."""
    pos = game.setup.get("position")
    if game.draft is not None:
        from rftg_nb.engine.draft import run as draft_set_up

        yield from draft_set_up(game)
        return None
    if pos is None:
        game._deal()
        yield from initial_discards(game)
        return None
    from rftg_nb.engine.position import build_position

    return build_position(game, pos)


def give_start_world(game: Game, p: Player, world: Card) -> None:
    p.tableau.append(world)
    game._tell(p.index, DEALT_START, (p.name, world.name))


def start_good(game: Game, p: Player) -> None:
    """A windfall start world gets its good from the top of the draw pile."""
    world = p.tableau[0]
    if world.design.windfall and piles.add_good(game, world, p):
        game._tell(p.index, START_GOOD, (world.name, world.design.good))


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
_START_PLACES: dict[int, tuple[tuple[Design, ...], tuple[int, ...]]] = {}


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
            game, p, keep, "initial_discard", "opening hand",
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


# The action cards on offer, by game (advanced or not): the same options every round.
_ACTION_CHOICES: dict[bool, tuple[tuple[str, ...], tuple[Option, ...]]] = {
    advanced: (tuple(a for a, _ in allowed), tuple(Option(a, label) for a, label in allowed))
    for advanced in (False, True)
    for allowed in [[a for a in ACTIONS if advanced or a[0] not in ("develop2", "settle2")]]
}


#: the actions of an answer in the order of the action cards, kept once for each answer
_PICKS: dict[tuple[str, ...], tuple[str, ...]] = {}


def select_actions(game: Game) -> Rules:
    picks: list[tuple[str, ...]] = []
    n = 2 if game.advanced else 1
    allowed, options = _ACTION_CHOICES[game.advanced]
    what = "two different actions" if n == 2 else "an action"
    for p in game.players:
        d = Decision(p.index, "actions", f"{p.name}: choose {what} for round {game.round}.",
                     options, n, n, None, _action_rule)
        ids = forced(d)
        if ids is None:
            ids = yield d
        pick = _PICKS.get(ids)
        if pick is None:
            pick = tuple([a for a in allowed if a in ids])
            if len(_PICKS) < 1024:
                _PICKS[ids] = pick
        picks.append(pick)
    for p, pick in zip(game.players, picks, strict=True):
        p.actions = pick
        game._tell(p.index, CHOSE, (p.name, pick))


def _action_rule(ids: tuple[str, ...]) -> str | None:
    if "develop2" in ids and "develop" not in ids:
        return "the 2nd Develop can only be chosen together with Develop"
    if "settle2" in ids and "settle" not in ids:
        return "the 2nd Settle can only be chosen together with Settle"
    return None


def run_phases(game: Game, start: str | None) -> Rules:
    todo = game._phases_this_round()
    started = start is None
    for phase, _calls in PHASES:
        if not started:
            if phase != start:
                continue
            started = True
        if phase not in todo:
            continue
        if game._marking:
            game._mark(phase)
        game.phase = phase
        for p in game.players:
            if p.used or p.produced or p.temp_military:  # most phases leave nothing
                p.clear_phase()
        power_cache.snapshot_powers(game, PHASE_NUMBER[phase])
        game._tell(None, PHASE, PHASE_FACTS[phase])
        if phase == "explore":
            yield from explore.run(game)
        elif phase in ("develop", "develop2"):
            yield from develop.run(game, phase)
        elif phase in ("settle", "settle2"):
            yield from settle.run(game, phase)
        elif phase == "consume":
            yield from consume.run(game)
        else:
            yield from produce.run(game)
        yield from game._after_phase(phase)
        game._check_goals(phase)
    for p in game.players:
        if p.used or p.produced or p.temp_military:
            p.clear_phase()



def hand_limit(game: Game) -> Rules:
    for p in game.players:  # noted first: all discard at once (Budget Surplus counts these)
        p.limit_discards = max(0, len(p.hand) - HAND_LIMIT)
    for p in game.players:
        n = len(p.hand) - HAND_LIMIT
        if n <= 0:  # nothing to ask (as discard_down would find)
            continue
        yield from discard_down(
            game, p, HAND_LIMIT, "hand_limit", "hand limit",
            f"the hand limit is {HAND_LIMIT}: discard {n} card{'s' if n > 1 else ''}.")


def finish(game: Game) -> None:
    game._over = True  # Game.is_over reads it
    game.phase = "game_end"
    reasons = game._end_reasons()
    game._tell(None, GAME_END, (tuple(reasons),))
    if game.goal_tracks:
        from rftg_nb.engine.goals import finish as finish_goals

        finish_goals(game)
    scores = game.scores()
    sides = game.sides()
    for i, (name, s) in enumerate(zip(sides, scores, strict=True)):
        game._tell(game.side_actor(i), SCORE, (name, s))
    w = game._winners_of(scores)  # the game is over: what ``game.winners`` says
    if len(w) == 1:
        game._tell(game.side_actor(w[0]), WINNER, (sides[w[0]], tuple(w)))
    else:
        game._tell(None, SHARED_WIN, (tuple([sides[i] for i in w]), tuple(w)))
