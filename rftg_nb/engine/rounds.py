"""The game as a generator: set-up, then rounds of action selection, phases and round end.

The rules ask the game itself only through the hooks of :class:`rftg_nb.engine.variant.Variant`
(the deal, the start of each round and phase, the phases of a round, the steps after the
actions and after each phase, the end): that is how a kind of game plugs in. The names of the
phases and the order they run in are :mod:`rftg_nb.constants`' (given here too: ``PHASES``,
``ACTION_PHASE``, ``PHASE_TITLES``, ``PHASE_NUMBER``); the set-up's steps are
:mod:`rftg_nb.engine.setup`'s."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Final

from rftg_nb.constants import (
    ACTION_LABELS,
    ACTION_PHASE,
    ACTIONS,
    GAME_END_PHASE,
    HAND_LIMIT,
    PHASE_NUMBER,
    PHASE_TITLES,
    PHASES,
)
from rftg_nb.engine import goal_checks, position, power_cache
from rftg_nb.engine.decision import Decision, Option, Saying, forced
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.phases import consume, develop, explore, produce, settle
from rftg_nb.engine.scoring import winners_of
from rftg_nb.engine.setup import discard_down
from rftg_nb.engine.variant import Variant
from rftg_nb.text import says

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

Rules = Generator[Decision, tuple[str, ...], None]

# How the round's steps are told (see :class:`Saying`).
CHOSE: Final = Saying(
    "actions",
    lambda name, pick: f"{says(name, 'chose')} "
                       f"{' and '.join([ACTION_LABELS[a] for a in pick])}.",
    lambda name, pick: {"actions": list(pick)})
PHASE: Final = Saying(
    "phase",
    lambda phase: f"Phase: {PHASE_TITLES[phase]}.",
    lambda phase: {"phase": phase})
# One tuple for all the games. Typed as any tuple: a compiled build would otherwise unbox
# each read and box a new tuple for each event.
PHASE_FACTS: Final[dict[str, tuple[Any, ...]]] = {phase: (phase,) for phase in PHASE_TITLES}
GAME_END: Final = Saying(
    "game_end",
    lambda reasons: f"The game ends: {'; '.join(reasons)}.",
    lambda reasons: {"reasons": list(reasons), "rule": "Game end"})
SCORE: Final = Saying(
    "score",
    lambda name, score: f"{says(name, 'scores')} {score} VP.",
    lambda name, score: {"score": score, "rule": "Game end"})
WINNER: Final = Saying(
    "winner",
    lambda name, winners: f"{says(name, 'wins')}.",
    lambda name, winners: {"winners": list(winners), "rule": "Game end"})
SHARED_WIN: Final = Saying(
    "winner",
    lambda names, winners: f"{' and '.join(names)} share the win.",
    lambda names, winners: {"winners": list(winners), "rule": "Game end"})


#: where a game's rules start again in a copy (:meth:`Game.clone`): the start of a round
ROUND_START: Final = "round"


def play(game: Game, at: str | None = None) -> Rules:
    """The whole game: set-up, then rounds until the game ends.

    ``at``: go on from a state the game was given (a copy's), at the start of a round
    (:data:`ROUND_START`) or of the phase named; the set-up is not played."""
    hooks: Variant = game
    if at is None:
        at = yield from set_up(game)
    elif at == ROUND_START:
        at = None
    while True:
        if at is None:
            hooks.at_start(ROUND_START)
            game.round += 1
            game.phase = "action"
            yield from select_actions(game)
            yield from hooks.after_actions()
        yield from run_phases(game, at)
        at = None
        game.phase = "round_end"
        yield from hand_limit(game)
        if game.goal_tracks:
            goal_checks.check(game, "round_end")
        if hooks.end_reasons():
            break
    finish(game)
    power_cache.drop_caches(game)


def set_up(game: Game) -> Generator[Decision, tuple[str, ...], str | None]:
    """Deal (or draft) and ask the opening discards (:meth:`Variant.on_deal`), or lay out the
    position given; returns the phase a given position starts at (None: the game starts with
    round 1)."""
    pos = game.setup.get("position")
    if pos is not None and game.draft is None:
        return position.build_position(game, pos)
    hooks: Variant = game
    yield from hooks.on_deal()
    return None


# The action cards on offer, by game (advanced or not): the same options every round.
_ACTION_CHOICES: Final[dict[bool, tuple[tuple[str, ...], tuple[Option, ...]]]] = {
    advanced: (tuple(a for a, _ in allowed), tuple(Option(a, label) for a, label in allowed))
    for advanced in (False, True)
    for allowed in [[a for a in ACTIONS if advanced or a[0] not in ("develop2", "settle2")]]
}


def select_actions(game: Game) -> Rules:
    picks: list[tuple[str, ...]] = []
    n = 2 if game.advanced else 1
    allowed, options = _ACTION_CHOICES[game.advanced]
    what = "two different actions" if n == 2 else "an action"
    for p in game.players:
        d = Decision(p.index, Kind.ACTIONS, f"{p.name}: choose {what} for round {game.round}.",
                     options, n, n, None, _action_rule)
        ids = forced(d)
        if ids is None:
            ids = yield d
        picks.append(_in_card_order(ids, allowed))
    for i, p in enumerate(game.players):  # (not zip(strict=True): a generic call compiled)
        pick = picks[i]
        p.actions = pick
        game.tell(p.index, CHOSE, (p.name, pick))


def _in_card_order(ids: tuple[str, ...], allowed: tuple[str, ...]) -> tuple[str, ...]:
    """The actions ``ids`` in the order of the action cards: ``ids`` itself when so already
    (the log's tuple, shared), else a new tuple."""
    j = 0
    for a in allowed:
        if j < len(ids) and a == ids[j]:
            j += 1
    if j == len(ids):
        return ids
    return tuple([a for a in allowed if a in ids])


def _action_rule(ids: tuple[str, ...]) -> str | None:
    if "develop2" in ids and "develop" not in ids:
        return "the 2nd Develop can only be chosen together with Develop"
    if "settle2" in ids and "settle" not in ids:
        return "the 2nd Settle can only be chosen together with Settle"
    return None


def run_phases(game: Game, start: str | None) -> Rules:
    hooks: Variant = game
    todo = hooks.phases_of_round()
    started = start is None
    for phase, _calls in PHASES:
        if not started:
            if phase != start:
                continue
            started = True
        if phase not in todo:
            continue
        hooks.at_start(phase)
        game.phase = phase
        for p in game.players:
            if p.used or p.produced or p.temp_military:  # most phases leave nothing
                p.clear_phase()
        power_cache.snapshot_powers(game, PHASE_NUMBER[phase])
        game.tell(None, PHASE, PHASE_FACTS[phase])
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
        yield from hooks.after_phase(phase)
        if game.goal_tracks:
            goal_checks.check(game, phase)
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
            game, p, HAND_LIMIT, Kind.HAND_LIMIT, "hand limit",
            f"the hand limit is {HAND_LIMIT}: discard {n} card{'s' if n > 1 else ''}.")


def finish(game: Game) -> None:
    hooks: Variant = game
    game.phase = GAME_END_PHASE  # the game is over (Game.is_over reads it)
    reasons = hooks.end_reasons()
    game.tell(None, GAME_END, (tuple(reasons),))
    if game.goal_tracks:
        goal_checks.finish(game)
    scores = game.scores()
    sides = game.sides()
    for i, (name, s) in enumerate(zip(sides, scores, strict=True)):
        game.tell(game.side_actor(i), SCORE, (name, s))
    w = winners_of(game, scores)  # the game is over: what ``game.winners`` says
    if len(w) == 1:
        game.tell(game.side_actor(w[0]), WINNER, (sides[w[0]], tuple(w)))
    else:
        game.tell(None, SHARED_WIN, (tuple([sides[i] for i in w]), tuple(w)))


__all__ = ["ACTION_PHASE", "PHASES", "PHASE_NUMBER", "PHASE_TITLES", "ROUND_START", "play",
           "select_actions", "run_phases", "hand_limit", "finish", "discard_down"]
