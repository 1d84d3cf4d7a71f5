"""rftg_nb: Race for the Galaxy with The Gathering Storm, as a rules engine and notebook app."""

from rftg_nb.cards.custom import CustomCardError
from rftg_nb.engine import (
    Decision,
    Event,
    Game,
    IllegalChoice,
    Option,
    PositionError,
    SaveFileError,
    SetupError,
)
from rftg_nb.players import RandomPlayer
from rftg_nb.robot import ComponentError, SoloGame

__all__ = [
    "ComponentError", "CustomCardError", "Decision", "Event", "Game", "IllegalChoice", "Option",
    "PositionError", "RandomPlayer", "SaveFileError", "SetupError", "SoloGame",
]
__version__ = "0.1.0"
