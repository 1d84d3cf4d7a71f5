"""The powers each player's tableau gives in the phase running, worked out when the phase
begins and kept while the tableau stays the same. A part of :class:`rftg_nb.engine.game.Game`.
"""

from __future__ import annotations

from typing import Any

from rftg_nb._native import mypyc_attr, trait
from rftg_nb.engine.powers import Handler
from rftg_nb.engine.state import Card, Player

PowerUse = tuple[Card, int, Any, Handler]  # (card, index in its powers, power, handler)


@trait
@mypyc_attr(allow_interpreted_subclasses=True)
class PowerCache:
    """Each player's powers for this phase, by hook (mixed into ``Game``)."""

    # what the class it is mixed into holds (read here, set there)
    players: list[Player]
    cards: list[Card]
    _powers: dict[int, tuple[PowerUse, ...]]
    _powers_by_hook: dict[int, dict[str, tuple[PowerUse, ...]]]
    _power_memo: dict[tuple[int, int], tuple[list[Card], tuple[
        tuple[PowerUse, ...], dict[str, tuple[PowerUse, ...]]]]]
    _goal_counts: dict[int, tuple[list[Card], dict[str, int]]]

    def drop_caches(self) -> None:
        """Forget what the rules kept to go faster (powers by tableau, goal counts, each
        card's options and powers). Done when the game ends: a finished game keeps its record
        and its state, so holding many finished games costs the garbage collector less."""
        self._power_memo.clear()
        self._goal_counts.clear()
        for c in self.cards:
            c.drop_caches()
        for p in self.players:
            p.drop_caches()

    def powers(self, p: Player, hook: str | None = None) -> tuple[PowerUse, ...]:
        """``p``'s powers for this phase as they stood when it began: (card, index in the
        card's powers, power, handler), only those with handler hook ``hook`` if given."""
        if hook is None:
            return self._powers.get(p.index, ())
        by_hook = self._powers_by_hook.get(p.index)
        return () if by_hook is None else by_hook.get(hook, ())

    def snapshot_powers(self, phase_number: int) -> None:
        powers: dict[int, tuple[PowerUse, ...]] = {}
        by_player: dict[int, dict[str, tuple[PowerUse, ...]]] = {}
        memo = self._power_memo
        for p in self.players:
            # The powers depend on the tableau alone: unchanged since this phase last ran (the
            # same cards in the same order), it has them worked out already.
            key = (p.index, phase_number)
            seen = memo.get(key)
            if seen is not None and seen[0] == p.tableau:
                powers[p.index], by_player[p.index] = seen[1]
                continue
            found: list[PowerUse] = []
            for c in p.tableau:
                for i, pw, h in c.phase_powers(phase_number):
                    found.append((c, i, pw, h))
            by_hook: dict[str, list[PowerUse]] = {}
            for use in found:
                got = by_hook.get(use[3].hook)
                if got is None:
                    by_hook[use[3].hook] = [use]
                else:
                    got.append(use)
            result = tuple(found), {k: tuple(v) for k, v in by_hook.items()}
            memo[key] = (list(p.tableau), result)
            powers[p.index], by_player[p.index] = result
        self._powers = powers
        self._powers_by_hook = by_player
