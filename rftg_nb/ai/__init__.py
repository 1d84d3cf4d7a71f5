"""Computer players: ``AIPlayer(level, seed)`` answers any decision of its seat.

    >>> from rftg_nb.ai import AIPlayer
    >>> from rftg_nb.robot import SoloGame
    >>> game = SoloGame.new(seed=3, difficulty="medium")
    >>> AIPlayer("fast", seed=1).play(game)
    >>> game.is_over
    True

Levels (:data:`LEVELS`): ``"fast"`` (rules of thumb, milliseconds a decision) and ``"strong"``
(the fast player's choices checked by playing sampled rounds). Neither looks at hidden cards.
"""

from rftg_nb.ai.player import LEVELS, AILevelError, AIPlayer, Hint

__all__ = ["LEVELS", "AILevelError", "AIPlayer", "Hint"]
