"""Copies of a game for look-ahead, with every card the seat cannot see dealt afresh.

A copy is the game's own setup and seed with its choice log replayed (the engine keeps no
other state), so it stands exactly where the game stands. Then, before the AI looks at it:

* every hidden card (draw pile, discard pile, other players' hands, goods, the robot's draw
  stack) gets a design drawn at random from the designs the seat has not seen
  (:func:`rftg_nb.ai.knowledge.unseen`), so the real hidden cards cannot leak into a choice;
* the copy's random generator is replaced by one from the AI's own generator, so future
  reshuffles and the robot's dice are not the game's real ones.

A copy keeps no events (nobody reads its story), which makes the replay about a third faster.

:func:`force_roll` fixes the robot's next roll in a copy, so that a look-ahead can go through
the 36 rolls of the robot's dice instead of sampling them.
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rftg_nb.ai import knowledge

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game


HIDDEN_UIDS = 100_000  # hidden cards of a copy are renumbered from here


class CopyError(RuntimeError):
    """A copy whose hidden cards do not add up (a zone this module does not know of)."""


def replay(game: Game, round_start: bool = False) -> Game:
    """A copy of ``game`` at the same point: its setup and seed, its choices replayed.

    ``round_start``: stop at the first action choice of the current round instead, so that
    the actions other players have already chosen this round (still secret) are not copied.
    """
    return replay_log(type(game), game.setup, game.seed, game.choices,
                      game.round if round_start else None)


def replay_log(cls: type[Game], setup: Any, seed: int, choices: Sequence[Sequence[str]],
               stop_round: int | None = None) -> Game:
    """A game of class ``cls`` from ``setup`` and ``seed`` with ``choices`` replayed (what
    :func:`replay` copies, given apart so that a copy can be made from a game's log taken
    earlier, on another thread). ``stop_round``: stop at that round's first action choice."""
    twin = cls(_copy.deepcopy(setup), seed, record=False)  # nobody reads a copy's story
    for ids in choices:
        d = twin.decision
        if stop_round is not None and d is not None and d.kind == "actions" \
                and twin.round == stop_round:
            break
        twin.apply(list(ids))
    return twin


def hidden_zones(game: Game, seat: int) -> list[list[Any]]:
    """The lists of cards ``seat`` cannot see (draw and discard piles, other players' hands
    and own piles, the robot's draw stack), in a fixed order."""
    zones = [game.deck, game.discard]
    for p in game.players:
        if p.index != seat:
            zones.append(p.hand)
        for pile in (getattr(p, "deck", None), getattr(p, "discard", None)):
            if pile is not None:
                zones.append(pile)
    robot = getattr(game, "robot", None)
    if robot is not None:
        zones.append(robot.stack)
    return zones


def goods_worlds(game: Game) -> list[Any]:
    """Worlds holding a good (a face-down card), in tableau order."""
    return [c for p in game.players for c in p.tableau if c.good is not None]


def hidden_cards(game: Game, seat: int) -> list[Any]:
    """The card objects ``seat`` cannot see, in a fixed order of zones."""
    out = [c for zone in hidden_zones(game, seat) for c in zone]
    out.extend(w.good for w in goods_worlds(game))
    return out


def sample(game: Game, seat: int, rng: random.Random, round_start: bool = False) -> Game:
    """A copy of ``game`` in which all that ``seat`` cannot see is drawn from ``rng``
    (``round_start``: see :func:`replay`)."""
    twin = replay(game, round_start)
    redeal(twin, seat, rng, knowledge.unseen(game, seat))
    twin.rng = random.Random(rng.getrandbits(64))
    return twin


def redeal(twin: Game, seat: int, rng: random.Random, unseen: Any) -> None:
    """Put a fresh card, with a design from ``unseen`` shuffled by ``rng``, in the place of
    every card of ``twin`` that ``seat`` cannot see.

    The fresh cards are numbered (their ids) the same way in every copy, so that not even
    which card objects lie hidden where can tell two positions apart.
    """
    designs = sorted(unseen.elements(), key=lambda d: d.id)
    n = len(hidden_cards(twin, seat))
    if len(designs) != n:
        raise CopyError(f"{n} hidden cards but {len(designs)} unseen designs")
    rng.shuffle(designs)
    fresh: dict[int, Any] = {}  # id(old card) -> new card
    k = 0

    def new(old: Any) -> Any:
        nonlocal k
        card = type(old)(HIDDEN_UIDS + k, designs[k])
        k += 1
        fresh[id(old)] = card
        return card

    for zone in hidden_zones(twin, seat):
        zone[:] = [new(c) for c in zone]
    for w in goods_worlds(twin):
        w.good = new(w.good)
    twin.cards = [fresh.get(id(c), c) for c in twin.cards]


def force_roll(twin: Game, faces: tuple[str, str] | None) -> None:
    """Make the robot roll ``faces`` (die A, die B) this round in a solitaire copy; None: roll
    with the copy's own generator (also when the real game asks for the dice by hand)."""
    solo = twin.setup.get("solo")
    if solo is None:
        return
    if faces is None:
        solo["dice"] = None
        return
    rolls = [list(faces)] * max(1, twin.round)
    solo["dice"] = rolls
