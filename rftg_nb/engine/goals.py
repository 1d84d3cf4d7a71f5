"""The Gathering Storm's ten goals: what each counts, when it is checked, who holds it.

Each goal is a small counting function registered with :func:`goal`: it returns a player's
count against the goal's condition, and the goal is met at ``need`` or more (for a "most" goal
``need`` is the printed minimum). The round driver calls
:func:`rftg_nb.engine.goal_checks.check` at the end of every phase and of every round, and
:func:`rftg_nb.engine.goal_checks.finish` at game end.

* A **"first"** goal (3 VP) is checked at the end of the phases printed on its tile. Every player
  who meets it at that moment scores 3 (one takes the tile, the others a 3 VP goal chip); it is
  then closed for everyone and never lost.
* A **"most"** goal (5 VP) is claimed only at the end of a printed phase, by the one player who
  leads strictly at or above the minimum. Its holder keeps it while among the leaders (ties
  included) and returns it at the end of *any* phase in which they fall below the minimum or
  behind someone. At game end, every player tied for the most at or above the minimum who does
  not hold the tile takes a 3 VP goal chip.

Goal VP are not VP chips: they never come from the VP pool, and neither Galactic Standard of
Living nor Galactic Renaissance counts them.
"""

from __future__ import annotations

import _random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from hashlib import sha512
from typing import TYPE_CHECKING, Any, Final

from rftg_nb.constants import HAND_LIMIT
from rftg_nb.engine.piles import pool_sample
from rftg_nb.engine.scoring import TRADE_BONUS_ATOMS
from rftg_nb.engine.state import designs_military

if TYPE_CHECKING:
    from rftg_nb.cards import Design
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.state import Player

FIRST_VP: Final = 3
MOST_VP: Final = 5
CHIP_VP: Final = 3
MOST_IN_PLAY: Final = 2
FIRST_IN_PLAY: Final = 4
# The printed phases name the phase; the 2nd Develop/Settle of the advanced game is checked too.
PRINTED: Final = {"develop2": "develop", "settle2": "settle"}
PHASE_WORDS: Final = {"develop": "Develop", "settle": "Settle", "consume": "Consume",
                      "round_end": "the round"}

Count = Callable[["Game", "Player"], int]


@dataclass(frozen=True, slots=True)
class GoalDesign:
    """A goal tile: its name, kind, the phases (ends) it is checked at, and its condition."""

    name: str
    kind: str  # "first" or "most"
    phases: tuple[str, ...]  # "develop", "settle", "consume" or "round_end"
    need: int  # the count that meets it (a "most" goal's minimum)
    text: str
    count: Count
    tableau_only: bool = False  # the count reads nothing but the player's tableau
    #: for a goal that reads the tableau only: the count of any tableau, as its designs (the
    #: computer player weighs a card's place by it)
    tableau_count: Callable[[Sequence[Design]], int] | None = None

    @property
    def vp(self) -> int:
        return FIRST_VP if self.kind == "first" else MOST_VP


@dataclass(frozen=True, slots=True)
class GoalStatus:
    """One goal in play as ``Game.goals`` reports it.

    ``holders``: for a "first" goal every player who scored it (empty while open); for a "most"
    goal the tile's holder (empty while the tile is in the centre). ``end_chips``: players given
    a 3 VP chip for a "most" goal at game end. ``counts[i]`` is player ``i``'s count now against
    the condition (met at ``need`` or more).
    """

    name: str
    kind: str
    phases: tuple[str, ...]
    vp: int
    need: int
    text: str
    holders: tuple[int, ...]
    counts: tuple[int, ...]
    end_chips: tuple[int, ...] = ()


class GoalTrack:
    """A goal in one game: who holds (or has scored) it and who got a game-end chip."""

    __slots__ = ("design", "holders", "end_chips")

    def __init__(self, design: GoalDesign, holders: Iterable[int] = ()) -> None:
        self.design = design
        self.holders: list[int] = list(holders)
        self.end_chips: list[int] = []

    def copy(self) -> GoalTrack:
        """This track for a copy of the game."""
        t = GoalTrack(self.design, self.holders)
        t.end_chips = list(self.end_chips)
        return t

    def vp_for(self, player: int) -> int:
        vp = CHIP_VP if player in self.end_chips else 0
        if player in self.holders:
            vp += FIRST_VP if self.design.kind == "first" else MOST_VP
        return vp


GOALS: Final[dict[str, GoalDesign]] = {}


def goal(name: str, kind: str, phases: tuple[str, ...], need: int,
         text: str, tableau_only: bool = False) -> Callable[[Count], Count]:
    """Register the decorated counting function as the goal ``name``. ``tableau_only``: the
    count reads nothing but the player's tableau, so it is worked out again only when the
    tableau has changed."""

    def register(fn: Count) -> Count:
        GOALS[name] = GoalDesign(name, kind, phases, need, text, fn, tableau_only)
        return fn

    return register


def tableau_goal(name: str, kind: str, phases: tuple[str, ...], need: int,
                 text: str) -> Callable[[Callable[[Sequence[Design]], int]],
                                        Callable[[Sequence[Design]], int]]:
    """Register the goal ``name`` whose count reads the tableau alone, from a function of the
    tableau's designs (one count for the rules and for the computer player's forecasts)."""

    def register(fn: Callable[[Sequence[Design]], int]) -> Callable[[Sequence[Design]], int]:
        def count(game: Game, p: Player) -> int:
            return fn([c.design for c in p.tableau])

        GOALS[name] = GoalDesign(name, kind, phases, need, text, count, True, fn)
        return fn

    return register


# ---------------------------------------------------------------- the six "first" goals
@goal("Galactic Standard of Living", "first", ("consume",), 5,
      "first to have 5 or more VP in chips (goal VP do not count)")
def vp_in_chips(game: Game, p: Player) -> int:
    return p.vp  # VP chips only: goal VP are kept apart in the goal tracks


@tableau_goal("Galactic Status", "first", ("develop",), 1,
              "first to place a 6-cost development")
def six_cost_developments(ds: Sequence[Design]) -> int:
    return sum(1 for d in ds if d.is_six_cost)


@tableau_goal("Innovation Leader", "first", ("develop", "settle"), 6,
              "first to have a power in each phase, plus Trade, among the tableau's cards")
def power_categories(ds: Sequence[Design]) -> int:
    found = 0
    for d in ds:
        found |= _category_bits(d)
    n = 0
    while found:  # its bits counted (int.bit_count would be a method looked up by name)
        found &= found - 1
        n += 1
    return n


@tableau_goal("System Diversity", "first", ("settle",), 4,
              "first to have a production or windfall world of each kind: Novelty, Rare, "
              "Genes, Alien")
def kinds_of_world(ds: Sequence[Design]) -> int:
    return len({d.good for d in ds if d.is_world and d.good})


@goal("Budget Surplus", "first", ("round_end",), 1,
      "first to discard at least one card at round end (the hand limit)")
def cards_over_hand_limit(game: Game, p: Player) -> int:
    # At round end the hand is already cut down: count what the hand limit took.
    if game.phase == "round_end":
        return p.limit_discards
    return max(0, len(p.hand) - HAND_LIMIT)


@tableau_goal("Overlord Discoveries", "first", ("develop", "settle"), 3,
              "first to have at least three ALIEN cards in tableau")
def alien_cards(ds: Sequence[Design]) -> int:
    return sum(1 for d in ds if "alien" in d.flags)


# ---------------------------------------------------------------- the four "most" goals
@tableau_goal("Production Leader", "most", ("settle",), 4,
              "at least four and the most production worlds in tableau")
def production_worlds(ds: Sequence[Design]) -> int:
    return sum(1 for d in ds if d.is_production)


@tableau_goal("Greatest Military", "most", ("develop", "settle"), 6,
              "at least six and the most Military in tableau (negative counts; temporary and "
              "specialized Military do not)")
def military(ds: Sequence[Design]) -> int:
    return designs_military(ds)


@tableau_goal("Greatest Infrastructure", "most", ("develop",), 4,
              "at least four and the most developments in tableau")
def developments(ds: Sequence[Design]) -> int:
    return sum(1 for d in ds if d.is_development)


@tableau_goal("Largest Industry", "most", ("settle",), 3,
              "at least three and the most Novelty and/or Rare worlds in tableau")
def novelty_rare_worlds(ds: Sequence[Design]) -> int:
    return sum(1 for d in ds if d.is_world and d.good in ("novelty", "rare"))


FIRST_GOALS: Final = tuple(n for n, g in GOALS.items() if g.kind == "first")
MOST_GOALS: Final = tuple(n for n, g in GOALS.items() if g.kind == "most")

# by design, not by name: a custom design's name can stand for other powers in another game
_CATEGORY_CACHE: Final[dict[Design, int]] = {}
_TRADE_BIT: Final = 1  # the Trade category; a phase's is bit ``phase`` (1 to 5)


def _category_bits(d: Design) -> int:
    """The Innovation Leader categories a design's powers supply, as bits: one for each phase
    (I to V), and Trade. A Consume-phase power that changes a sale's price is Trade; every
    other one is IV. Worked out once a design."""
    got = _CATEGORY_CACHE.get(d)
    if got is None:
        got = 0
        for pw in d.powers:
            got |= _TRADE_BIT if pw.phase == 4 and pw.atoms & TRADE_BONUS_ATOMS else 1 << pw.phase
        if len(_CATEGORY_CACHE) > 10_000:  # many custom designs made: start again
            _CATEGORY_CACHE.clear()
        _CATEGORY_CACHE[d] = got
    return got


# ---------------------------------------------------------------- choosing the goals
def draw(seed: int) -> list[str]:
    """Two "most" and four "first" goals drawn at random from ``seed``.

    The draw has its own generator, so the game's deal (``Game.rng``) is the same with or
    without goals.
    """
    # As ``rng = random.Random(f"rftg_nb goals {seed}")`` then ``rng.sample(MOST_GOALS, 2)``
    # and ``rng.sample(FIRST_GOALS, 4)`` draw them (tests/rules/test_goals.py checks it), without
    # their Python: Random seeds from a string with the whole number whose bytes are the
    # string's followed by their SHA-512, and a sample of so few draws from a pool.
    key = f"rftg_nb goals {seed}".encode()
    rng = _random.Random(int.from_bytes(key + sha512(key).digest()))
    picked = set(pool_sample(rng, MOST_GOALS, MOST_IN_PLAY)) | set(
        pool_sample(rng, FIRST_GOALS, FIRST_IN_PLAY))
    return [n for n in GOALS if n in picked]


def check_names(names: Any, field: str = "goals") -> list[str]:
    """``names`` as a list of distinct goal names, or a ValueError naming ``field``."""
    if not isinstance(names, (list, tuple)):
        raise ValueError(f"{field}: expected a list of goal names, got {names!r}")
    out: list[str] = []
    for i, n in enumerate(names):
        if not isinstance(n, str) or n not in GOALS:
            raise ValueError(f"{field}[{i}]: unknown goal {n!r} (the goals are: "
                             f"{', '.join(GOALS)})")
        if n in out:
            raise ValueError(f"{field}[{i}]: the goal {n!r} is listed twice")
        out.append(n)
    return out


def tracks_for(game: Game) -> list[GoalTrack]:
    """The goals in play from the game's setup (a position's goals carry their holders)."""
    pos = game.setup.get("position")
    if pos is not None:
        return [GoalTrack(GOALS[g["name"]], g["holders"]) for g in pos.get("goals", ())]
    return [GoalTrack(GOALS[n]) for n in game.setup.get("goals", ())]


def status(game: Game) -> tuple[GoalStatus, ...]:
    out = []
    for t in game.goal_tracks:
        d = t.design
        out.append(GoalStatus(
            d.name, d.kind, d.phases, d.vp, d.need, d.text, tuple(t.holders),
            tuple(d.count(game, p) for p in game.players), tuple(t.end_chips)))
    return tuple(out)
