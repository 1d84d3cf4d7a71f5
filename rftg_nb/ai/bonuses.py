"""What the 6-cost developments' bonuses and the goals add to placing a card
(:class:`BonusValues`, a base class of :class:`rftg_nb.ai.valuation.Ctx`).

A 6-cost bonus counts the tableau as it is now and the cards likely to join it before the end,
from the hand (counted double) and from the cards the seat has not seen; a goal counts the
progress a card brings toward it, as the rules count the tableau.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rftg_nb.ai import knowledge
from rftg_nb.cards import Design
from rftg_nb.constants import TABLEAU_END
from rftg_nb.engine import facts
from rftg_nb.engine.goals import GOALS
from rftg_nb.engine.scoring import card_bonus

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.goals import GoalTrack
    from rftg_nb.engine.state import Card, Player

END = TABLEAU_END  # tableau size that ends the game

# (6-cost design, id of a deck) -> (the deck, the deck's designs its bonus gives points to)
_LINES: dict[tuple[Design, int], tuple[object, tuple[tuple[Design, int], ...]]] = {}


def _bonus_lines(dev: Design, deck: Counter[Design]) -> tuple[tuple[Design, int], ...]:
    """The designs of ``deck`` that ``dev``'s bonus gives points to, with the points: a
    handful of the deck's designs, so a sum over hidden cards need not visit the others."""
    key = (dev, id(deck))
    got = _LINES.get(key)
    if got is None or got[0] is not deck:
        if len(_LINES) > 2_000:  # many custom designs or decks made: start again
            _LINES.clear()
        lines = tuple((x, p) for x in deck if (p := card_bonus(dev, x)))
        got = _LINES[key] = (deck, lines)
    return got[1]


def goal_count(name: str, tableau: list[Design]) -> int:
    """The count of goal ``name`` for a tableau of these designs, as the rules count it (0 for
    the goals that read more than the tableau: chips, the hand limit)."""
    count = GOALS[name].tableau_count
    return 0 if count is None else count(tableau)


class BonusValues:
    """What the 6-cost bonuses and the goals add for a context's seat (a base class of
    :class:`rftg_nb.ai.valuation.Ctx`, whose fields it reads)."""

    # what this part keeps once worked out (set by Ctx.__init__)
    __slots__ = ("_unseen",)
    _unseen: Counter[Design] | None

    # what ``Ctx`` holds (read here, set there)
    game: Game
    seat: int
    me: Player
    hand: list[Card]
    goals: list[GoalTrack]
    rounds: float
    _rates: dict[str, float]

    # ------------------------------------------------------------------ hidden cards
    @property
    def unseen(self) -> Counter[Design]:
        if self._unseen is None:
            self._unseen = knowledge.unseen(self.game, self.seat)
        return self._unseen

    # ------------------------------------------------------------------ Military
    def military_of(self, designs: Iterable[Design], world: Design | None = None) -> int:
        """The Military of a tableau of ``designs`` (against ``world``), as the rules count
        it."""
        return facts.military(list(designs), world)

    # ------------------------------------------------------------------ bonuses
    def bonus_to_come(self, d: Design, size: int) -> float:
        """The part of a 6-cost bonus that depends on more than the tableau: VP chips
        (Galactic Renaissance) and the cards placed later, like those in hand and unseen."""
        total = 0.0
        for b in d.bonuses:
            if b.what == "THREE_VP":
                total += b.points * (self.me.vp // 3)
        # Later cards: about one a round, half of them from the hand, half drawn.
        later = min(self.rounds, max(0, END - size)) * 0.8
        if later > 0:
            total += later * self._bonus_rate(d)
        return total

    def _bonus_rate(self, d: Design) -> float:
        """Mean points a card placed later adds to ``d``'s bonus (hand cards count double)."""
        got = self._rates.get(d.name)
        if got is None:
            unseen = self.unseen
            total = 0
            for c in self.hand:
                total += 2 * card_bonus(d, c.design)
            for design, points in _bonus_lines(d, knowledge.full_deck(self.game)):
                total += points * unseen[design]
            weight = 2 * len(self.hand) + sum(unseen.values())
            got = self._rates[d.name] = total / weight if weight else 0.0
        return got

    def six_bonus(self, d: Design, tableau: list[Design]) -> float:
        """A 6-cost development's bonus: the tableau now plus what later cards may add."""
        return self._bonus_now(d, tableau) + self.bonus_to_come(d, len(tableau))

    def _bonus_now(self, d: Design, tableau: list[Design]) -> float:
        now = 0.0
        for c in tableau:
            now += card_bonus(d, c)
        for b in d.bonuses:
            if b.what == "TOTAL_MILITARY":
                now += b.points * max(0, self.military_of(tableau))
        return now

    # ------------------------------------------------------------------ goals
    def goal_value(self, d: Design, tableau: list[Design]) -> float:
        """VP the goals may give for adding ``d`` (progress toward an open goal)."""

        total = 0.0
        for t in self.goals:
            g = GOALS[t.design.name]
            if g.kind == "first" and t.holders:
                continue
            before = goal_count(g.name, tableau)
            after = goal_count(g.name, [*tableau, d])
            if after <= before:
                continue
            need = g.need
            if g.kind == "first":
                if before < need <= after:
                    total += 3.0 * 0.8
                elif after < need:
                    total += 3.0 * 0.5 * (after - before) / need
            else:
                if self.seat in t.holders:
                    continue
                total += 5.0 * 0.4 * min(1.0, (after - before) / max(1, need - before))
        return total
