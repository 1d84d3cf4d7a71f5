"""rftg_nb: Race for the Galaxy with The Gathering Storm, as a rules engine and notebook app."""

from rftg_nb._native import choose_engine

#: The engine this run uses: "compiled" (mypyc's build of the rules, made from these very
#: sources) or "python" (see rftg_nb/_native.py). Chosen before any module of it is imported,
#: which is why the imports below come after it.
ENGINE = choose_engine()

from rftg_nb._version import __version__ as __version__  # noqa: E402
from rftg_nb.cards.custom import CustomCardError  # noqa: E402
from rftg_nb.engine import (  # noqa: E402
    Decision,
    Event,
    Game,
    GameNotReady,
    IllegalChoice,
    Option,
    PositionError,
    SaveFileError,
    SetupError,
)
from rftg_nb.players import RandomPlayer  # noqa: E402
from rftg_nb.robot import ComponentError, SoloGame  # noqa: E402

__all__ = [
    "ENGINE", "ComponentError", "CustomCardError", "Decision", "Event", "Game", "GameNotReady",
    "IllegalChoice", "Option", "PositionError", "RandomPlayer", "SaveFileError", "SetupError",
    "SoloGame",
]
