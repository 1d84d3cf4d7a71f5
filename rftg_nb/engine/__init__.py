"""The rules engine: ``Game`` and the decision protocol."""

from rftg_nb.constants import ACTIONS
from rftg_nb.engine import phases  # noqa: F401  (registers every power handler)
from rftg_nb.engine.decision import (
    Decision,
    Event,
    GameNotReady,
    IllegalChoice,
    Option,
    PositionError,
    SaveFileError,
    SetupError,
)
from rftg_nb.engine.game import Game

__all__ = [
    "ACTIONS", "Decision", "Event", "Game", "GameNotReady", "IllegalChoice", "Option",
    "PositionError", "SaveFileError", "SetupError",
]
