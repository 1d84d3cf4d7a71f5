"""The numbers and names of the rules that every layer reads: the card layer, the engine, the
robot, the computer player and the app. They live here, apart from any code, so that no module
reaches into another's internals for them and none imports the engine for a name. Each is
``Final``: the compiled engine (this module is one of its modules) reads them as constants, not
by name at each use."""

from __future__ import annotations

from typing import Final

#: phase number (as the cards print it, I to V) -> name
PHASE_NAMES: Final = {1: "Explore", 2: "Develop", 3: "Settle", 4: "Consume", 5: "Produce"}

HAND_LIMIT: Final = 10  # cards kept in hand at the end of a round
TABLEAU_END: Final = 12  # a tableau of this many cards ends the game at the end of the round

#: Action cards: (id, label). The 2nd Develop / 2nd Settle exist only in the 2-player advanced
#: game.
ACTIONS: Final[tuple[tuple[str, str], ...]] = (
    ("explore5", "Explore +5"),
    ("explore11", "Explore +1/+1"),
    ("develop", "Develop"),
    ("develop2", "Develop (2nd)"),
    ("settle", "Settle"),
    ("settle2", "Settle (2nd)"),
    ("trade", "Trade"),
    ("x2", "Consume x2"),
    ("produce", "Produce"),
)
ACTION_LABELS: Final = dict(ACTIONS)

#: kind of good -> cards a Trade of it gives, and its name
GOOD_VALUE: Final = {"novelty": 2, "rare": 3, "genes": 4, "alien": 5}
GOOD_LABEL: Final = {"novelty": "Novelty", "rare": "Rare", "genes": "Genes", "alien": "Alien"}

#: Phase order within a round, with the actions that call each phase.
PHASES: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("explore", ("explore5", "explore11")),
    ("develop", ("develop",)),
    ("develop2", ("develop2",)),
    ("settle", ("settle",)),
    ("settle2", ("settle2",)),
    ("consume", ("trade", "x2")),
    ("produce", ("produce",)),
)
#: action card -> the phase it calls
ACTION_PHASE: Final = {action: phase for phase, calls in PHASES for action in calls}
PHASE_TITLES: Final = {
    "explore": "Explore", "develop": "Develop", "develop2": "second Develop",
    "settle": "Settle", "settle2": "second Settle", "consume": "Consume", "produce": "Produce",
}
PHASE_NUMBER: Final = {"explore": 1, "develop": 2, "develop2": 2, "settle": 3, "settle2": 3,
                       "consume": 4, "produce": 5}
#: a game's ``phase`` once it is over (the rules' last step sets it; nothing else does)
GAME_END_PHASE: Final = "game_end"
