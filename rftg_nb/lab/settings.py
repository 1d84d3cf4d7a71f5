"""What to simulate: :class:`Settings` describes one kind of game, :func:`grid` many.

A :class:`Settings` is plain, frozen data, checked as a whole by :meth:`Settings.check` before
any game starts (a bad value raises :class:`SettingsError` naming the field). Its dict form
(:meth:`Settings.to_dict`) is what travels to the workers and what the results file records.

``players=1`` is the solitaire game, you against the TGS robot (``rftg_nb.robot.SoloGame``);
2 to 5 is a table game of The Gathering Storm (``rftg_nb.Game``). The robot's settings
(``difficulty``, start worlds, ``components``) belong to the solitaire game only.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from rftg_nb.robot.components import (
    DIFFICULTIES,
    START_WORLDS,
    ComponentError,
    load_components,
    read_overrides,
)

# Who sits in a seat: rftg_nb.RandomPlayer, or rftg_nb.ai.AIPlayer at a level.
SEAT_KINDS = ("random", "ai-fast", "ai-strong")
AI_MODULE = "rftg_nb.ai"


class SettingsError(ValueError):
    """A simulation setting that is not valid. ``field`` names it (``"seats[1]"``,
    ``"settings[2].difficulty"``, ``"games"``), and the message starts with it."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


@dataclass(frozen=True)
class Settings:
    """One kind of game to play many times.

    - ``players``: 1 for the solitaire game against the robot, 2 to 5 for a table game.
    - ``difficulty``: the robot's, "easy", "medium" or "hard" (solitaire only; None: "easy").
    - ``player_start``, ``robot_start``: start world names (solitaire only); None deals one
      at random, as the rulebook does.
    - ``seats``: who plays each seat, one of :data:`SEAT_KINDS` per seat (the robot is not a
      seat), or one kind for every seat. "ai-fast" and "ai-strong" use ``rftg_nb.ai``.
    - ``components``: overrides of the robot's component values (solitaire only), as
      ``SoloGame.new(components=...)`` takes them: a dict, or the path of a JSON file (read
      when the settings are checked, so the values travel, not the path).
    - ``goals``: table games play the TGS goals unless False; the solitaire game has none
      (the rulebook's solitaire game is played without goals), so True is an error there.
    - ``label``: the variant's name in the table and the charts (default: :meth:`describe`).
    - ``group``: a name shared by variants compared side by side (for example the component
      value they vary), "" if none.
    """

    players: int = 1
    difficulty: str | None = None
    player_start: str | None = None
    robot_start: str | None = None
    seats: str | Sequence[str] = "random"
    components: Mapping[str, Any] | str | Path | None = None
    goals: bool | None = None
    label: str = ""
    group: str = ""
    _checked: bool = field(default=False, repr=False, compare=False)

    @property
    def solo(self) -> bool:
        return self.players == 1

    def check(self, where: str = "") -> Settings:
        """These settings, checked and completed: seats as a tuple with one kind per seat,
        the difficulty filled in, a components file read, the label set. Raises
        :class:`SettingsError` naming the first bad field (prefixed with ``where``)."""
        if self._checked:
            return self

        def bad(name: str, problem: str) -> SettingsError:
            return SettingsError(f"{where}{name}", problem)

        n = self.players
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 5:
            raise bad("players", f"expected 1 (solitaire) or 2 to 5, got {n!r}")
        solo = n == 1
        if not solo:
            for name in ("difficulty", "player_start", "robot_start", "components"):
                if getattr(self, name) is not None:
                    why = ("start worlds are chosen in the solitaire game only"
                           if name == "player_start" else
                           "only the solitaire game (players=1) has a robot")
                    raise bad(name, f"{why}; a {n}-player game takes no {name} "
                                    "(leave it None)")
        difficulty = self.difficulty
        if solo:
            difficulty = "easy" if difficulty is None else difficulty
            if difficulty not in DIFFICULTIES:
                raise bad("difficulty", f"expected one of {list(DIFFICULTIES)}, "
                                        f"got {difficulty!r}")
        for name in ("player_start", "robot_start"):
            v = getattr(self, name)
            if v is not None and v not in START_WORLDS:
                raise bad(name, f"{v!r} is not a start world ({', '.join(START_WORLDS)})")
        if self.player_start is not None and self.player_start == self.robot_start:
            raise bad("robot_start", "the robot and the player need different start worlds")
        seats = _check_seats(self.seats, n, bad)
        components = self.components
        if components is not None:
            try:
                if isinstance(components, (str, Path)):
                    components = read_overrides(components)
                if not isinstance(components, Mapping):
                    raise ComponentError("expected a dict or the path of a JSON file")
                load_components(components)
            except ComponentError as e:
                raise bad("components", str(e)) from None
            components = json.loads(json.dumps(components))  # plain, private JSON data
        goals = self.goals
        if goals is not None and not isinstance(goals, bool):
            raise bad("goals", f"expected True, False or None, got {goals!r}")
        if solo and goals:
            raise bad("goals", "the solitaire game is played without goals")
        goals = (not solo) if goals is None else goals
        for name in ("label", "group"):
            if not isinstance(getattr(self, name), str):
                raise bad(name, f"expected text, got {getattr(self, name)!r}")
        done = replace(self, difficulty=difficulty, seats=seats, components=components,
                       goals=goals, _checked=True)
        return replace(done, label=self.label or done.describe())

    def describe(self) -> str:
        """A short name saying how these settings differ from the defaults."""
        parts = []
        if self.players != 1:
            parts.append(f"{self.players} players")
        elif self.difficulty not in (None, "easy"):
            parts.append(str(self.difficulty))
        if self.player_start:
            parts.append(f"you: {self.player_start}")
        if self.robot_start:
            parts.append(f"robot: {self.robot_start}")
        seats = [self.seats] if isinstance(self.seats, str) else list(self.seats)
        if set(seats) != {"random"}:
            parts.append(" v ".join(seats) if len(set(seats)) > 1 else seats[0])
        if self.components:
            parts.append("components: " + json.dumps(self.components, sort_keys=True))
        if self.goals is False and self.players != 1:
            parts.append("no goals")
        return ", ".join(parts) or ("solitaire, easy" if self.players == 1 else "default")

    def to_dict(self) -> dict[str, Any]:
        """The checked settings as plain JSON data (what the workers and the file get)."""
        s = self.check()
        return {f.name: _plain(getattr(s, f.name)) for f in fields(s) if f.name != "_checked"}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str = "") -> Settings:
        """Settings from a dict of the fields above, checked. Unknown keys are an error."""
        if isinstance(data, Settings):
            return data.check(where)
        if not isinstance(data, Mapping):
            raise SettingsError(where.rstrip(".") or "settings",
                                f"expected Settings or a dict, got {data!r}")
        names = [f.name for f in fields(cls) if f.name != "_checked"]
        unknown = [k for k in data if k not in names]
        if unknown:
            raise SettingsError(f"{where}{unknown[0]}",
                                f"not a setting (settings are {', '.join(names)})")
        return cls(**data).check(where)

    @property
    def id(self) -> str:
        """A short fingerprint of the checked settings (label and group included): a results
        file knows a game by this and its seed."""
        text = json.dumps(self.to_dict(), sort_keys=True)
        return hashlib.sha1(text.encode()).hexdigest()[:12]


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


def _check_seats(seats: Any, players: int, bad: Any) -> tuple[str, ...]:
    if isinstance(seats, str):
        seats = [seats] * players
    if not isinstance(seats, Sequence) or isinstance(seats, (bytes, Mapping)):
        raise bad("seats", f"expected a seat kind or a list of them, got {seats!r}")
    if len(seats) != players:
        raise bad("seats", f"expected {players} seat kind{'s' if players > 1 else ''} "
                           f"(the robot is not a seat), got {len(seats)}")
    for i, kind in enumerate(seats):
        if kind not in SEAT_KINDS:
            raise bad(f"seats[{i}]", f"expected one of {list(SEAT_KINDS)}, got {kind!r}")
        if kind.startswith("ai-"):
            problem = ai_problem(kind)
            if problem:
                raise bad(f"seats[{i}]", problem)
    return tuple(seats)


def ai_problem(kind: str) -> str | None:
    """Why seat kind ``kind`` ("ai-fast", "ai-strong") cannot be used here, or None."""
    try:
        ai = importlib.import_module(AI_MODULE)
    except ImportError as e:
        return f"{kind!r} needs {AI_MODULE}, which cannot be imported here ({e})"
    level = kind.removeprefix("ai-")
    levels = getattr(ai, "LEVELS", ())
    if level not in levels or not hasattr(ai, "AIPlayer"):
        return f"{AI_MODULE} has no AIPlayer level {level!r} (it has {list(levels)})"
    return None


def available_seats() -> tuple[str, ...]:
    """The seat kinds that can be played on this installation (the AI ones once
    ``rftg_nb.ai`` exists)."""
    return tuple(k for k in SEAT_KINDS if not k.startswith("ai-") or ai_problem(k) is None)


def grid(base: Settings | Mapping[str, Any] | None = None, /,
         **axes: Iterable[Any]) -> list[Settings]:
    """Every combination of the values in ``axes``, on top of ``base``; each labelled by its
    values (``grid(difficulty=["easy", "hard"], robot_start=START_WORLDS)`` is 18 settings,
    the first labelled "difficulty=easy, robot_start=Old Earth")."""
    if base is None:
        base = Settings()
    elif not isinstance(base, Settings):
        base = Settings.from_dict(base, "base.")
    names = [f.name for f in fields(Settings) if f.name not in ("_checked", "label")]
    for name, values in axes.items():
        if name not in names:
            raise SettingsError(name, f"not a setting to vary (settings are {', '.join(names)})")
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise SettingsError(name, f"expected a list of values to try, got {values!r}")
    keys = list(axes)
    out = []
    for combo in itertools.product(*(list(axes[k]) for k in keys)):
        label = ", ".join(f"{k}={v}" for k, v in zip(keys, combo, strict=True))
        out.append(replace(base, label=label, _checked=False,
                           **dict(zip(keys, combo, strict=True))))
    return out
