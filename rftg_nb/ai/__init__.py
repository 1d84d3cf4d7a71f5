"""Computer players: ``AIPlayer(level, seed)`` answers any decision of its seat.

    >>> from rftg_nb.ai import AIPlayer
    >>> from rftg_nb.robot import SoloGame
    >>> game = SoloGame.new(seed=3, difficulty="medium")
    >>> AIPlayer("fast", seed=1).play(game)
    >>> game.is_over
    True

Levels (:data:`LEVELS`): ``"fast"`` (rules of thumb, and against the robot its best few
candidates played out on a few sampled rounds: milliseconds a decision) and ``"strong"`` (the
rules' candidates checked by playing many sampled rounds). Neither looks at hidden cards.
``AIPlayer("strong", seed, seconds=1.5)`` answers within a time budget (the apps use
:data:`APP_SECONDS`), ``playouts=N`` within a deterministic count of sampled rounds.
"""

from rftg_nb.ai.budget import Budget
from rftg_nb.ai.player import APP_SECONDS, LEVELS, AILevelError, AIPlayer, Hint, IllegalAIAnswer

__all__ = ["APP_SECONDS", "LEVELS", "AILevelError", "AIPlayer", "Budget", "Hint",
           "IllegalAIAnswer"]
