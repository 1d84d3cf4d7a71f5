"""The powers each player's tableau gives in the phase running, worked out when the phase
begins and kept on the game while the tableau stays the same
(``power_cache.powers(game, p, "reduce")``); what the rules keep to go faster lives in the
game's :class:`RuleCaches` (``game.caches``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rftg_nb.cards import Design, Power
from rftg_nb.engine.powers import Handler
from rftg_nb.engine.state import Card, Player

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

PowerUse = tuple[Card, int, Power, Handler]  # (card, index in its powers, power, handler)
#: a tableau's powers in a phase: all of them in tableau order, and by handler hook
PhasePowers = tuple[tuple[PowerUse, ...], dict[str, tuple[PowerUse, ...]]]
#: a player's powers before any phase began
_NO_POWERS: Final[PhasePowers] = ((), {})


class RuleCaches:
    """What the rules keep on a game to go faster (``game.caches``): nothing here is state a
    copy of the game needs (a copy starts with none), and all of it is made again when it is
    missing or stale."""

    def __init__(self) -> None:
        #: each player's powers in the phase running, as they stood when it began, all and
        #: by handler hook, in a list by player index (:func:`snapshot_powers`; read through
        #: :func:`powers`)
        self.powers: list[PhasePowers] = []
        #: the powers worked out for each player and phase (key ``8 * player + phase``), with
        #: the tableau they were worked out for
        self.power_memo: dict[int, tuple[list[Card], PhasePowers]] = {}
        #: goal counts that read only a tableau, by player: (that tableau, its designs,
        #: {goal: count}) (:mod:`rftg_nb.engine.goals`)
        self.goal_counts: dict[int, tuple[list[Card], list[Design], dict[str, int]]] = {}


def drop_caches(game: Game) -> None:
    """Forget what the rules kept to go faster (powers by tableau, goal counts, each card's
    options and powers). Done when the game ends: a finished game keeps its record and its
    state, so holding many finished games costs the garbage collector less."""
    game.caches.power_memo.clear()
    game.caches.goal_counts.clear()
    game.caches.powers.clear()
    game.goals_checked.clear()
    # The design's table of powers stays on each card: every card of the design shares it, so
    # keeping it costs a game nothing.
    for c in game.cards:
        c.drop_caches(powers=False)
    for p in game.players:
        p.drop_caches()


def powers(game: Game, p: Player, hook: str | None = None) -> tuple[PowerUse, ...]:
    """``p``'s powers for this phase as they stood when it began: (card, index in the card's
    powers, power, handler), only those with handler hook ``hook`` if given."""
    now = game.caches.powers
    got = now[p.index] if p.index < len(now) else _NO_POWERS
    return got[0] if hook is None else got[1].get(hook, ())


def snapshot_powers(game: Game, phase_number: int) -> None:
    """Work out (or find kept) each player's powers for the phase numbered ``phase_number``
    (1 to 5), as their tableau stands now."""
    caches = game.caches
    memo = caches.power_memo
    players = game.players
    now = caches.powers
    if len(now) != len(players):
        now[:] = [_NO_POWERS] * len(players)
    for p in players:
        # The powers depend on the tableau alone: unchanged since this phase last ran (the same
        # cards in the same order), it has them worked out already.
        key = 8 * p.index + phase_number  # one for each player and phase (1 to 5)
        seen = memo.get(key)
        tableau = p.tableau
        if seen is None or seen[0] != tableau:
            seen = memo[key] = (list(tableau), _work_out(tableau, phase_number, seen))
        now[p.index] = seen[1]


def _work_out(tableau: list[Card], phase_number: int,
              seen: tuple[list[Card], PhasePowers] | None) -> PhasePowers:
    """The powers of ``tableau`` in the phase, all of them and by hook, in tableau order.

    ``seen`` is what this phase found last time: when the tableau has only grown since (cards
    placed after the others, the usual change), the new cards' powers are added to it."""
    start = 0
    if seen is not None:
        start = len(seen[0])
        if start >= len(tableau) or tableau[:start] != seen[0]:
            start = 0
    added = [(c, i, pw, h) for c in tableau[start:] for i, pw, h in c.phase_powers(phase_number)]
    if start:
        assert seen is not None
        if not added:  # the new cards have no power in this phase
            return seen[1]
        found, by_hook = list(seen[1][0]), dict(seen[1][1])
    else:
        found, by_hook = [], {}
    for use in added:
        found.append(use)
        hook = use[3].hook
        by_hook[hook] = by_hook.get(hook, ()) + (use,)
    return tuple(found), by_hook
