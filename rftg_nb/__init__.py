"""rftg_nb: Race for the Galaxy with The Gathering Storm, as a rules engine and notebook app."""

from rftg_nb.engine import (
    Decision,
    Event,
    Game,
    IllegalChoice,
    Option,
    PositionError,
    SaveFileError,
)
from rftg_nb.players import RandomPlayer

__all__ = [
    "Decision", "Event", "Game", "IllegalChoice", "Option", "PositionError", "RandomPlayer",
    "SaveFileError",
]
__version__ = "0.1.0"
