"""How a kind of game plugs into the rules: the hooks the engine calls on a game.

:mod:`rftg_nb.engine.rounds` plays every game the same way, and asks the game itself at these
points only: the deal, the start of each round and phase, the phases a round runs, the steps
after the actions and after each phase, and the end. :class:`rftg_nb.engine.game.Game` gives
the base game's answers (a drafted game drafts in its deal); a kind of game overrides those it
plays differently: the solitaire game (:class:`rftg_nb.robot.solo.SoloGame`) deals the robot's
mat, rolls the robot's dice after the actions and lets the robot act after each phase; the
table's game (:class:`rftg_nb.engine.table.TableGame`) keeps its numbers through a listener and
overrides none. None of them changes how a choice is answered.

Each hook is named for when it runs or what it answers, never as something a player does; the
rules call them, nothing else does.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Protocol

from rftg_nb.engine.decision import Decision
from rftg_nb.engine.state import Card

Rules = Generator[Decision, tuple[str, ...], None]


class Variant(Protocol):
    """The hooks a game gives the rules (``Game`` has them all)."""

    def on_deal(self) -> Rules:
        """The set-up up to round 1: deal the start worlds, the deck, the windfall goods and
        the opening hands and ask the opening discards (a drafted game drafts instead:
        :mod:`rftg_nb.engine.draft`). Not called for a game started from a position."""
        ...

    def at_start(self, point: str) -> None:
        """Runs at the start of each round (``point`` is ``rounds.ROUND_START``) and of each
        phase (its name), before anything of it happens: ``Game`` keeps its state there for
        the copies it makes (:meth:`rftg_nb.engine.game.Game.clone`)."""
        ...

    def phases_of_round(self) -> set[str]:
        """The phases this round runs, once the actions are revealed (the base game: those
        some player's actions call; the solitaire game adds those of the robot's dice)."""
        ...

    def after_actions(self) -> Rules:
        """Runs once the actions are revealed, before the phases (the solitaire robot rolls
        its dice here)."""
        ...

    def after_phase(self, phase: str) -> Rules:
        """Runs after the players' part of ``phase``, before its goal checks (the solitaire
        robot acts here)."""
        ...

    def end_reasons(self) -> list[str]:
        """Why the game ends at this round's end, asked after its goal checks (none: it goes
        on); the game end event tells them."""
        ...

    def more_places(self) -> list[tuple[Card, str]]:
        """The cards in the zones this kind of game adds, each with the name of its place,
        for :func:`rftg_nb.engine.views.locations` (the solitaire robot's draw stack and
        tableau); raises :class:`rftg_nb.engine.decision.GameNotReady` while the game is
        being set up, as every entry point does."""
        ...


__all__ = ["Rules", "Variant"]
