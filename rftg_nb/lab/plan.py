"""A run a page asks for, its numbers checked against the kernel's own limits before any game
is played (whatever a box in the browser allows): how many games each variant plays and the
first seed. Each refusal is a :class:`SettingsError` naming the box and the limit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rftg_nb.lab.run import MAX_GAMES, MAX_RUN_GAMES
from rftg_nb.lab.settings import Settings, SettingsError

#: the first seed at most (the kernel's limit, whatever the box's ``max`` says)
MAX_SEED = 2**31


def most_games(variants: int) -> int:
    """The most games per variant a run of ``variants`` variants plays: ``MAX_GAMES``, and
    ``MAX_RUN_GAMES`` in all (27 start worlds and difficulties: 37,037 each)."""
    return min(MAX_GAMES, MAX_RUN_GAMES // max(1, variants))


@dataclass(frozen=True)
class Run:
    """A run a button asked for, its numbers checked: what to play, and where it goes."""

    table: str  # its key in the page's tables
    what: str  # its name in the page's messages
    settings: list[Settings]
    games: int
    seed: int


def count(value: Any, field: str, lo: int, hi: int) -> int:
    """``value`` (a box's number), checked to be a whole number from ``lo`` to ``hi``."""
    if type(value) is not int or not lo <= value <= hi:
        raise SettingsError(field, f"expected a whole number from {lo:,} to {hi:,} here, "
                                   f"got {value!r}")
    return value


def plan(table: str, what: str, settings: list[Settings], games: Any, games_field: str,
         seed: Any, seed_field: str) -> Run:
    """The run of ``games`` games of each of ``settings`` from ``seed``, checked; the fields
    name the boxes in a refusal (``games_field`` also names the run, ``what``)."""
    field = f"{games_field} ({what})"
    most = most_games(len(settings))
    if type(games) is int and games > most:
        raise SettingsError(field, (
            f"{games:,} is more than a run here plays: at most {most:,} ({len(settings):,} "
            f"variants, at most {MAX_GAMES:,} games each and {MAX_RUN_GAMES:,} in all)"))
    return Run(table, what, settings, count(games, field, 1, most),
               count(seed, seed_field, 0, MAX_SEED))
