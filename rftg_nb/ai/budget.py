"""How long the strong level may think about one decision.

A :class:`Budget` caps the look-ahead of one decision by wall-clock ``seconds`` (what a person
waiting at the table feels), by a count of ``playouts`` (one playout = one candidate answer
played to the end of the round on one sampled copy), or by both, whichever runs out first.
A count alone is deterministic: the same seed and position give the same answer on any machine
and under any load, which tests, replays and the lab need. Seconds make the answer depend on
how fast the machine is at that moment; in exchange the wait is bounded.

The search asks its :class:`Allowance` (one per decision) before each playout whether one more
fits, and how many more fit, to pick a schedule it can finish (:mod:`rftg_nb.ai.search`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

clock: Callable[[], float] = time.perf_counter  # what a budget in seconds watches (tests swap it)


@dataclass(frozen=True, slots=True)
class Budget:
    """A cap on one decision's look-ahead. Both None: no cap (the full schedule, deterministic)."""

    seconds: float | None = None
    playouts: int | None = None

    def __post_init__(self) -> None:
        s = self.seconds
        if s is not None and (isinstance(s, bool) or not isinstance(s, (int, float))
                              or not math.isfinite(s) or s < 0):
            raise ValueError(f"seconds: expected a number of seconds >= 0 or None, got {s!r}")
        n = self.playouts
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
            raise ValueError(f"playouts: expected a whole number >= 0 or None, got {n!r}")

    @property
    def deterministic(self) -> bool:
        """True when the answer cannot depend on the clock."""
        return self.seconds is None

    def start(self) -> Allowance:
        """The allowance of one decision, its clock started now."""
        return Allowance(self, clock)


class Allowance:
    """What is left of a :class:`Budget` while one decision is thought about."""

    def __init__(self, budget: Budget, clock: Callable[[], float]) -> None:
        self.budget = budget
        self.clock = clock
        self.used = 0  # playouts run so far
        self._began = clock()
        self._first: float | None = None  # when the first playout started

    def _per_playout(self, now: float) -> float:
        if self.used == 0 or self._first is None:
            return 0.0
        return (now - self._first) / self.used

    def room(self) -> float:
        """How many more playouts are expected to fit (``math.inf``: no cap; before the first
        playout a time cap cannot tell yet and says ``math.inf`` too)."""
        b = self.budget
        left = math.inf if b.playouts is None else float(b.playouts - self.used)
        if b.seconds is not None and self.used > 0:
            now = self.clock()
            per = self._per_playout(now)
            if per > 0:
                left = min(left, math.floor((self._began + b.seconds - now) / per))
        return max(0.0, left)

    def may_run(self) -> bool:
        """Whether one more playout fits; call :meth:`ran` after running it."""
        b = self.budget
        ok = b.playouts is None or self.used < b.playouts
        if ok and b.seconds is not None:
            now = self.clock()
            ok = now + self._per_playout(now) < self._began + b.seconds
            if ok and self._first is None:
                self._first = now
        return ok

    def ran(self) -> None:
        self.used += 1
