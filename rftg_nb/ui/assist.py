"""The computer's help at the board: a hint for the question shown, and autoplay.

Both ask :class:`rftg_nb.ai.AIPlayer` for the seat whose question it is, so they see only what
that seat may see. A hint is worked out once per position (asking again costs nothing), within
:data:`HINT_SECONDS` however many players sit at the table, and is shown on the board: the
cards or buttons it would pick are marked, with its reason in one line.
Autoplay answers the seat's questions until the round (or the game) ends, or until someone
else must answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rftg_nb.ai import AIPlayer
from rftg_nb.engine.decision import Decision
from rftg_nb.engine.kinds import Kind

HINT_LEVEL = "strong"  # a hint is asked for once in a while: the stronger player
HINT_SECONDS: float | None = 1.5  # its look-ahead stops on time (rftg_nb.ai.APP_SECONDS)
AUTOPLAY_LEVEL = "fast"  # autoplay may answer a whole game's questions at once
UNTIL = ("round", "game")
NO_HINT_KINDS = frozenset({Kind.DICE})  # the roll of real dice is not a choice


class Assistant:
    """Hints and autoplay for one board; the hint of the last position asked is kept."""

    def __init__(self) -> None:
        self._hint: tuple[Any, Any] = (None, None)

    @staticmethod
    def _key(game: Any, d: Decision) -> tuple[int, int, int]:
        return (id(game), len(game.choices), d.player)

    def hint(self, game: Any) -> Any:
        """The AI's answer to ``game``'s pending question (a :class:`rftg_nb.ai.Hint`), or None
        when there is none to give."""
        d = game.decision
        if d is None or d.kind in NO_HINT_KINDS:
            return None
        key = self._key(game, d)
        if self._hint[0] != key:
            ai = AIPlayer(HINT_LEVEL, seed=game.seed, seconds=HINT_SECONDS)
            self._hint = (key, ai.hint(game))
        return self._hint[1]

    def shown(self, game: Any) -> dict[str, Any] | None:
        """The hint asked for in this very position, for the board (None otherwise)."""
        d = game.decision if game is not None else None
        if d is None or self._hint[0] != self._key(game, d):
            return None
        h = self._hint[1]
        return {"ids": list(h.ids), "labels": list(h.labels), "reason": h.reason}

    @staticmethod
    def autoplay(game: Any, seat: int, until: str,
                 others: Callable[[Decision], list[str] | None] | None = None) -> int:
        """Answer ``seat``'s questions with the AI until the round ends (``until="round"``) or
        the game does (``"game"``), or a roll of real dice is asked. Another seat's question
        is answered by ``others`` (a computer seat's player) or, when it gives None or there
        is no ``others``, ends the autoplay. Returns how many of ``seat``'s questions it
        answered."""
        if until not in UNTIL:
            raise ValueError(f"until: expected one of {UNTIL}, got {until!r}")

        ai = AIPlayer(AUTOPLAY_LEVEL, seed=game.seed)
        start = game.round
        n = 0
        while (d := game.decision) is not None:
            if d.kind in NO_HINT_KINDS or (until == "round" and game.round != start):
                break
            if d.player == seat:
                game.apply(ai.answer(game, d))
                n += 1
                continue
            ids = others(d) if others is not None else None
            if ids is None:
                break
            game.apply(ids)
        return n
