"""What the game history keeps of one game besides its save: the facts a person looks a game
up by (when, what kind of game, the start worlds, who sat where, the scores, who won, how it
ended), read from the game itself, so that a row says exactly what its save replays to."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rftg_nb.engine.saves import APP_VERSION_FIELD

#: the kinds of game a row is: against the robot, at a table, a drafted table game
MODES = ("solitaire", "table", "draft")
#: who sits at a seat
SEAT_KINDS = ("person", "computer", "robot")


@dataclass(frozen=True)
class Seat:
    """One side of a game: its name, and whether a person, a computer seat (with its level) or
    the solitaire robot played it."""

    name: str
    kind: str = "person"
    level: str | None = None  # a computer seat's: "random", "fast" or "strong"

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            out["level"] = self.level
        return out


@dataclass(frozen=True)
class Summary:
    """The columns of a game's row."""

    mode: str
    finished: bool
    seats: tuple[Seat, ...]
    starts: tuple[str | None, ...]  # each seat's start world, in seat order
    scores: tuple[int, ...]
    winners: tuple[str, ...]  # names; empty while the game goes on
    rounds: int
    ended: str  # the game end's sentence ("" while it goes on)
    difficulty: str | None = None
    custom: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def you_won(self) -> bool | None:
        """Solitaire: whether the person won (a shared win counts); None otherwise."""
        if self.mode != "solitaire" or not self.finished:
            return None
        return self.seats[0].name in self.winners


def is_solitaire(game: Any) -> bool:
    return getattr(game, "robot", None) is not None


def seats_of(game: Any, table: Mapping[str, Any] | None = None) -> tuple[Seat, ...]:
    """The sides of ``game``: for a solitaire game you and the robot; for a table game its
    players, people or computer seats as ``table`` (a table save's ``table`` section: names,
    computer flags, level) says, every seat a person when it says nothing."""
    if is_solitaire(game):
        return (Seat(game.players[0].name, "person"), Seat("Robot", "robot"))
    computer = list((table or {}).get("computer") or [])
    level = (table or {}).get("level")
    out = []
    for p in game.players:
        is_computer = p.index < len(computer) and bool(computer[p.index])
        out.append(Seat(p.name, "computer" if is_computer else "person",
                        str(level) if is_computer and level else None))
    return tuple(out)


def summarize(game: Any, table: Mapping[str, Any] | None = None) -> Summary:
    """The row's columns, read from ``game`` (its events, scores and set-up)."""
    solo = is_solitaire(game)
    seats = seats_of(game, table)
    starts: list[str | None] = [None] * len(seats)
    ended = ""
    for e in game.events:
        if e.kind == "start_world":
            side = 1 if e.actor == "robot" else e.actor
            if isinstance(side, int) and 0 <= side < len(starts):
                starts[side] = e.data.get("card")
        elif e.kind == "game_end":
            ended = e.text
    over = bool(game.is_over)
    names = [s.name for s in seats]
    winners = tuple(names[i] for i in game.winners) if over else ()
    setup = game.setup
    if solo:
        mode, difficulty = "solitaire", (setup.get("solo") or {}).get("difficulty")
    else:
        mode, difficulty = ("draft" if setup.get("draft") else "table"), None
    return Summary(mode=mode, finished=over, seats=seats, starts=tuple(starts),
                   scores=tuple(game.scores()), winners=winners, rounds=int(game.round),
                   ended=ended, difficulty=difficulty, custom=bool(setup.get("custom_cards")))


def the_game(save: Mapping[str, Any]) -> dict[str, Any]:
    """A save's fields less the version of rftg_nb that wrote it (``app_version``, which the
    replay never reads): the same game saved by two versions is one game."""
    return {k: v for k, v in save.items() if k != APP_VERSION_FIELD}


def save_digest(save: Mapping[str, Any]) -> str:
    """A key for a game with no id of its own: the digest of its save (set-up, seed and every
    choice; not the version of rftg_nb that wrote it), so the same game added twice is one
    row."""
    text = json.dumps(the_game(save), sort_keys=True, separators=(",", ":"))
    return "save:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def plain_seats(seats: Sequence[Seat]) -> str:
    return json.dumps([s.as_dict() for s in seats])


__all__ = ["MODES", "SEAT_KINDS", "Seat", "Summary", "is_solitaire", "save_digest", "seats_of",
           "summarize", "the_game"]
