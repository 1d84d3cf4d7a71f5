"""A kept game, replayed position by position: the stops of a replay's scrubber.

A game is its set-up, seed and choices, so any moment of it can be rebuilt: replay the choices
made before it, and, to stop in the middle of the rules' work between two choices, stop them
as an event is told (:meth:`rftg_nb.engine.game.Game.at_step`). A replay is a list of
:class:`Stop`\\ s, the moments a player would want to look at, as one seat (the *viewer*) saw
them:

- ``"decision"``: one of the viewer's questions, as it was asked, with the answer given;
- ``"move"``: another side's move the viewer saw happen (one of the robot's moves in the
  solitaire game, another player's public move at a table);
- ``"end"``: the game as it ended (or as it was kept, if unfinished).

    >>> from rftg_nb import RandomPlayer, SoloGame
    >>> from rftg_nb.history.replay import Replay
    >>> game = SoloGame.new(seed=2)
    >>> RandomPlayer(2).play(game)
    >>> r = Replay(game.to_json())        # a save, as the history keeps it
    >>> r.stops[0].text
    'The robot is dealt the start world Epsilon Eridani: credit 1, economy 1, ...'
    >>> r.stops[-1].kind
    'end'
    >>> g = r.game_at(5)                  # the game at the sixth stop, to read

What a stop shows is what the viewer could see then: the game at that moment read through the
same views as the live game (the board shows only the viewer's hand and the events they saw).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rftg_nb import Game, SoloGame
from rftg_nb.engine.decision import Decision, Event, SaveFileError

#: what a stop is: one of the viewer's questions, another side's move, or the end
STOP_KINDS = ("decision", "move", "end")


class ReplayError(ValueError):
    """A replay asked of something that is not a game's save, or a stop that does not exist."""


@dataclass(frozen=True, slots=True)
class Stop:
    """One position of a replay.

    ``choices``: the choices made before it (the game is replayed to them); ``events``: the
    events told by then (the board reads the game after that many); ``kind``: one of
    :data:`STOP_KINDS`; ``round``: the round; ``text``: the moment in one line; ``answer``:
    at a decision, the option ids the viewer chose; ``labels``: their labels.
    """

    choices: int
    events: int
    kind: str
    round: int
    text: str
    answer: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()


def load_game(save: str | bytes | dict[str, Any]) -> Any:
    """The game of a save (JSON text, or the save as a dict): a solitaire game if the save's
    set-up has the robot, else a game of players. A bad save raises
    :class:`rftg_nb.engine.decision.SaveFileError` naming the field at fault."""

    text = json.dumps(save) if isinstance(save, dict) else save
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise SaveFileError(f"the save is not JSON ({e})") from None
    solo = isinstance(data, dict) and isinstance(data.get("setup"), dict) \
        and data["setup"].get("solo") is not None
    return (SoloGame if solo else Game).from_json(text)


def person_seat(save: str | bytes | dict[str, Any]) -> int:
    """The seat a replay or review of ``save`` is seen from by default: the first seat a person
    played (a table save's ``table.computer`` flags), else seat 0."""
    data = save if isinstance(save, dict) else json.loads(save)
    computer = list(((data.get("table") or {}).get("computer")) or [])
    players = int((data.get("setup") or {}).get("players") or 1)
    return next((i for i in range(players) if not (i < len(computer) and computer[i])), 0)


def is_move(game: Any, viewer: int) -> Callable[[Event], bool]:
    """Which events are moves of their own for ``viewer``: the robot's moves (solitaire), or
    another player's events that ``viewer`` saw (a game of players)."""
    if getattr(game, "robot", None) is not None:
        return lambda e: e.actor == "robot" and e.seen_by(viewer)
    return lambda e: isinstance(e.actor, int) and e.actor != viewer and e.seen_by(viewer)


def fresh(game: Any) -> Any:
    """A new game of the same set-up and seed as ``game``, before any choice."""
    return type(game)(game.setup, game.seed, game.db)


def find_stops(game: Any, viewer: int = 0) -> list[Stop]:
    """The stops of ``game`` (replayed once from its start) as ``viewer`` saw them."""
    if not 0 <= viewer < len(game.players):
        raise ReplayError(f"viewer: no seat {viewer!r} in a game of {len(game.players)} "
                          "players")
    moving = is_move(game, viewer)
    g = fresh(game)
    out: list[Stop] = []
    told = 0  # events already looked at

    def moves_until(k: int) -> None:
        nonlocal told
        events = g.events
        for i in range(told, len(events)):
            e = events[i]
            if moving(e):
                out.append(Stop(k, i + 1, "move", e.round, e.text))
        told = len(events)

    log = list(game.choices)
    for k, ids in enumerate(log):
        moves_until(k)
        d: Decision | None = g.decision
        if d is None:
            raise ReplayError(f"choices: the save has {len(log)} choices, but its game "
                              f"asks nothing after {k}")
        if d.player == viewer:
            labels = tuple(d.option(i).label for i in ids)
            said = "; ".join(labels) if labels else "none"
            out.append(Stop(k, len(g.events), "decision", g.round,
                            f"{d.prompt} Answered: {said}.", tuple(ids), labels))
        g.apply(list(ids))
    moves_until(len(log))
    end = "The game is over." if g.is_over else "The game as it was kept (not finished)."
    out.append(Stop(len(log), len(g.events), "end", g.round, end))
    return out


class Replay:
    """A kept game to step through: its :attr:`stops` and the game at each of them.

    ``save``: the game's save (text or dict) or the game itself; ``viewer``: the seat whose
    view it is (0, you, in the solitaire game).
    """

    def __init__(self, save: Any, viewer: int = 0) -> None:
        self.game = save if hasattr(save, "choices") else load_game(save)
        self.viewer = viewer
        self.stops = find_stops(self.game, viewer)
        self._prefix: Any = None  # the game replayed to some number of choices (reused)

    def __len__(self) -> int:
        return len(self.stops)

    def stop(self, index: int) -> Stop:
        if not isinstance(index, int) or not 0 <= index < len(self.stops):
            raise ReplayError(f"stop: expected 0 to {len(self.stops) - 1}, got {index!r}")
        return self.stops[index]

    def prefix(self, choices: int) -> Any:
        """The game replayed to its first ``choices`` choices, live (its decision pending);
        the one game kept from the last call is played on when it is not past ``choices``."""
        g = self._prefix
        if g is None or len(g.choices) > choices:
            g = fresh(self.game)
        for ids in self.game.choices[len(g.choices):choices]:
            g.apply(list(ids))
        self._prefix = g
        return g

    def game_at(self, index: int) -> Any:
        """The game at stop ``index``, to read: at a decision the game with that question
        pending; at a move the game as it stood just after the move was told (no decision)."""
        s = self.stop(index)
        g = self.prefix(s.choices)
        return g if s.events >= len(g.events) else g.at_step(s.events)

    def decision_stops(self) -> list[int]:
        """The indices of the viewer's decisions among the stops."""
        return [i for i, s in enumerate(self.stops) if s.kind == "decision"]

    def stop_of_choice(self, choice: int) -> int:
        """The index of the stop at which the game's ``choice``-th choice (0-based) was
        asked (it must be one of the viewer's)."""
        for i, s in enumerate(self.stops):
            if s.kind == "decision" and s.choices == choice:
                return i
        raise ReplayError(f"choice: the viewer did not make choice {choice!r}")


__all__ = ["STOP_KINDS", "Replay", "ReplayError", "Stop", "find_stops", "is_move",
           "load_game", "person_seat"]
