"""Computer seats that choose their actions while a person at the table is still choosing.

Players choose their actions at the same time: nobody learns another's choice before every
seat has chosen, and the engine keeps each choice apart until then. So no computer seat's
choice can depend on a person's, and the table need not wait for the person's answer to work
the computers' out: :class:`ThinkAhead` does it while the person reads the question. On a copy
of the game it answers each person's pending choice of actions with a stand-in (a legal pick
that no computer seat can see) and asks the computer seats that choose after them, in the
order the engine asks them. Each answer is kept under the position it was given in
(:func:`rftg_nb.ai.knowledge.position_key`: everything that seat sees, and the question). When
the real game asks that seat in that position, the kept answer is given; anywhere else there
is none, and the seat thinks then, as it would have.

The copy stands exactly where the game stands but for the stand-in, which the engine holds
back until all have chosen, so each answer is the one the seat would have given after the
person's real answer (``tests/ai/test_ahead.py`` plays whole games both ways).

The work runs on a thread of its own (the kernel stays free for the page's messages) and
starts a moment after it is asked for, so that the page's new state leaves first.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rftg_nb.ai import knowledge
from rftg_nb.engine.decision import Decision
from rftg_nb.engine.kinds import Kind
from rftg_nb.players import quiet_pick, random_pick

#: seconds between asking and thinking: the page's state, written just before, leaves the
#: kernel first (a thread busy in Python would hold it up)
START_DELAY = 0.02


@dataclass
class _Plan:
    """One round's thinking ahead: the computer seats it answers, and how far it got."""

    seats: frozenset[int]
    at: tuple[int, int]  # the game, and the round whose choice of actions it works out
    #: told of each answer found, and of the end
    news: threading.Condition = field(default_factory=threading.Condition)
    done: bool = False
    stopped: bool = False  # given up (a new game, an undo): it ends after the seat it is on
    error: BaseException | None = None  # what went wrong, if anything (the seats then think live)


class ThinkAhead:
    """The computer seats' choices of actions, worked out while a person chooses theirs.

    ``threaded=False`` thinks at once, on the caller's thread (tests); ``delay`` is the wait
    before thinking on a thread.
    """

    def __init__(self, threaded: bool = True, delay: float = START_DELAY) -> None:
        self.threaded = threaded
        self.delay = delay
        self._plan: _Plan | None = None
        self._answers: dict[int, list[str]] = {}  # position key -> answer
        self.given = 0  # answers taken from the thinking ahead (tests, benchmarks)

    def start(self, game: Any, computer: Sequence[bool],
              player: Callable[[Any, Decision], list[str]]) -> bool:
        """If the pending decision is a person's choice of actions and computer seats
        (``computer[seat]``) choose after them, work out those seats' answers, each by
        ``player(copy, decision)``. True when the thinking started, or was already under way
        for this round's choice (begun at an earlier person's question, or the page drawn
        again for another reason)."""
        d = game.decision
        at = (id(game), game.round)
        plan = self._plan
        if plan is not None and plan.at == at and not plan.stopped \
                and d is not None and d.kind == Kind.ACTIONS:
            return True
        self.forget()  # what was found for another round's choice is of no use any more
        if d is None or d.kind != Kind.ACTIONS or computer[d.player]:
            return False
        seats = frozenset(s for s in range(d.player + 1, len(game.players)) if computer[s])
        if not seats:
            return False
        plan = self._plan = _Plan(seats, at)
        # a copy made here: the thread plays on it, never on the game
        twin = game.clone()
        if self.threaded:
            threading.Thread(target=self._think, args=(plan, twin, list(computer), player,
                                                       self.delay),
                             name="rftg-think-ahead", daemon=True).start()
        else:
            self._think(plan, twin, list(computer), player, 0.0)
        return True

    def _think(self, plan: _Plan, twin: Any, computer: list[bool],
               player: Callable[[Any, Decision], list[str]], delay: float) -> None:
        answers = self._answers  # this round's (forget() starts a new dictionary)
        try:
            if delay:
                time.sleep(delay)
            if plan.stopped:
                return
            round_ = twin.round
            while not plan.stopped and (d := twin.decision) is not None \
                    and d.kind == Kind.ACTIONS and twin.round == round_:
                if computer[d.player]:
                    ids = list(player(twin, d))
                    with plan.news:
                        answers[knowledge.position_key(twin, d.player, d, 0)] = ids
                        plan.news.notify_all()
                else:
                    ids = _stand_in(d)
                twin.apply(ids)
        except Exception as e:  # never lose a game to this: the seats then think as usual
            plan.error = e
        finally:
            twin.close()
            with plan.news:
                plan.done = True
                plan.news.notify_all()

    def take(self, game: Any, decision: Decision) -> list[str] | None:
        """The answer worked out ahead for ``decision`` in ``game`` as it is now, or None.
        If the thinking has not reached this seat's answer yet, it is waited for (the seat
        would think as long anyway), but not for the seats after it."""
        if decision.kind != Kind.ACTIONS:
            return None
        key = knowledge.position_key(game, decision.player, decision, 0)
        plan = self._plan
        if plan is not None and not plan.stopped and decision.player in plan.seats:
            with plan.news:
                plan.news.wait_for(lambda: key in self._answers or plan.done)
        ids = self._answers.get(key)
        if ids is None or decision.check(tuple(ids)) is not None:
            return None
        self.given += 1
        return list(ids)

    def stop(self) -> None:
        """Give up the thinking in progress (it ends after the answer it is on); what it
        found stays usable."""
        if self._plan is not None:
            self._plan.stopped = True
        self._plan = None

    def forget(self) -> None:
        """Stop, and drop every answer kept (a new round, a new game, a load, an undo)."""
        self.stop()
        self._answers = {}

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the thinking in progress is over (tests); True if it is."""
        plan = self._plan
        if plan is None:
            return True
        with plan.news:
            return plan.news.wait_for(lambda: plan.done, timeout)


def _stand_in(d: Decision) -> list[str]:
    """A legal answer to a person's choice of actions that nobody sees (see the module)."""
    ids = quiet_pick(d)
    return ids if d.check(tuple(ids)) is None else random_pick(d, random.Random(0))


__all__ = ["START_DELAY", "ThinkAhead"]
