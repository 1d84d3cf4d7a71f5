"""Who sits at the table (:mod:`rftg_nb.ui.table`): the settings of its seats (a name and a
computer flag each, the computer's level, goals and the drafting variant), their checks for a
new game and for a saved one, and the computer seat that plays at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rftg_nb.engine.decision import Decision, SaveFileError
from rftg_nb.engine.game import Game
from rftg_nb.players import random_pick
from rftg_nb.text import name_problem, quote

COMPUTER_LEVELS = ("random", "fast", "strong")  # who plays the computer seats
MIN_PLAYERS = 2
MAX_PLAYERS = 5


@dataclass
class TableSettings:
    """What the table's new-game panel asks for: one name and a computer flag per seat."""

    players: int = 3
    names: list[str] = field(default_factory=lambda: ["Player 1", "Player 2", "Player 3"])
    computer: list[bool] = field(default_factory=lambda: [False, False, True])
    goals: bool | list[str] | None = None  # None: drawn from the seed; False: none
    seed: int | None = None  # None: a random seed
    level: str = "fast"  # the computer seats: "random", or the AI's "fast" or "strong" level
    draft: bool = False  # the drafting variant (2 or 3 players)


class RandomSeat:
    """A computer seat at level "random": a pick drawn from the game's seed, the seat and the
    number of choices made, so that the same position gets the same answer."""

    def answer(self, game: Game, decision: Decision) -> list[str]:
        rng = random.Random(f"{game.seed}:{decision.player}:{len(game.choices)}")
        return random_pick(decision, rng)


def check_settings(s: TableSettings) -> str | None:
    """Why ``s`` cannot start a table game, or None when it can."""
    n = s.players
    if not isinstance(n, int) or isinstance(n, bool) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"players: a table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n!r}"
    if not isinstance(s.names, (list, tuple)) or len(s.names) != n:
        return f"names: give one name for each of the {n} seats"
    if not all(isinstance(x, str) for x in s.names):
        return "names: every name must be text"
    names = [x.strip() for x in s.names]
    if any(not x for x in names):
        return f"names: seat {names.index('') + 1} has no name"
    for i, x in enumerate(names):
        why = name_problem(x)
        if why is not None:
            return f"names: seat {i + 1}'s name {why}"
    seen: set[str] = set()
    for x in names:
        if x.casefold() in seen:
            return f"names: two seats are called {quote(x)}"
        seen.add(x.casefold())
    if "you" in seen:
        return "names: 'You' would read as the person at the screen; pick another name"
    if not isinstance(s.computer, (list, tuple)) or len(s.computer) != n:
        return f"computer: say for each of the {n} seats whether the computer plays it"
    if all(s.computer):
        return "computer: at least one seat must be a person"
    if s.draft is not False and (s.draft is not True or n not in (2, 3)):
        return f"draft: the drafting variant is for 2 or 3 players, not {n}"
    if s.level not in COMPUTER_LEVELS:
        return f"level: the computer seats play at one of {COMPUTER_LEVELS}, got {quote(s.level)}"
    return None


def check_saved_table(table: Any, game: Game) -> tuple[list[bool], str]:
    """The computer flags and level of a saved game's ``table`` field, or
    :class:`SaveFileError`. A save without a level was made when the computer played at
    random."""
    if not isinstance(table, dict):
        raise SaveFileError("field 'table': expected the table's seats (names and computer)")
    n = len(game.players)
    names = table.get("names")
    if names != [p.name for p in game.players]:
        raise SaveFileError(f"field 'table.names': expected the {n} players' names "
                            f"{[p.name for p in game.players]}, got {quote(names)}")
    computer = table.get("computer")
    if (not isinstance(computer, list) or len(computer) != n
            or not all(isinstance(x, bool) for x in computer)):
        raise SaveFileError(f"field 'table.computer': expected {n} true/false values")
    if all(computer):
        raise SaveFileError("field 'table.computer': at least one seat must be a person")
    level = table.get("level", "random")
    if not isinstance(level, str):
        raise SaveFileError(f"field 'table.level': expected one of {COMPUTER_LEVELS}, "
                            f"got {quote(level)}")
    why = check_settings(TableSettings(n, list(names), computer, level=level))
    if why is not None:
        raise SaveFileError(f"field 'table.{why.split(':')[0]}': {why.partition(': ')[2]}")
    return computer, level
