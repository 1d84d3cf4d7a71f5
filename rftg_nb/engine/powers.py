"""Power code -> handler registry.

Every power on a card is data: ``(phase, code, value, times)``. Each phase module registers one
handler per code it understands, with the *hook* that says when the phase calls it (``"draw"``
at the start, ``"reduce"`` while costing, ``"after"`` after placing, ...). The phase modules look
handlers up here; a test checks that every code in the card file has one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from rftg_nb.constants import PHASE_NAMES

if TYPE_CHECKING:
    from rftg_nb.cards import Design, Power



def _not_given(*_args: Any) -> Any:
    raise TypeError("only a consume power's handler says whether it is usable and what it does")


@dataclass(frozen=True, slots=True)
class Handler:
    phase: int
    code: str
    hook: str
    fn: Callable[..., Any]
    mandatory: bool = True
    #: consume powers: (game, player, card, power) -> whether it can be used now
    usable: Callable[..., bool] = _not_given
    #: consume powers: (card, power) -> the option's label
    describe: Callable[..., str] = _not_given
    #: what the power does, in the rules' words (``"draw"``, ``"reduce"``, ``"windfall"``...):
    #: :mod:`rftg_nb.engine.facts` tells it to those who ask without reading codes
    does: str = ""
    #: the kind of good it concerns (a windfall world's, a reduction's...), None for any
    good: str | None = None


HANDLERS: Final[dict[tuple[int, str], Handler]] = {}


def power(
    phase: int,
    *codes: str,
    hook: str,
    mandatory: bool = True,
    usable: Callable[..., bool] | None = None,
    describe: Callable[..., str] | None = None,
    does: str | None = None,
    good: str | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as the handler of ``codes`` in ``phase``; ``does``
    (the hook if not given) and ``good`` say what it does (:class:`Handler`)."""

    if hook == "consume" and (usable is None or describe is None):
        raise RuntimeError(f"phase {phase} powers {codes}: a consume hook needs usable and "
                           "describe")

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        for code in codes:
            key = (phase, code)
            if key in HANDLERS:
                raise RuntimeError(f"two handlers for phase {phase} power {code}")
            HANDLERS[key] = Handler(phase, code, hook, fn, mandatory, usable or _not_given,
                                    describe or _not_given, does or hook, good)
        return fn

    return register


def handler(phase: int, code: str) -> Handler:
    try:
        return HANDLERS[(phase, code)]
    except KeyError:
        raise KeyError(f"no handler for {PHASE_NAMES.get(phase, phase)} power {code}") from None


_CACHE_LIMIT: Final = 10_000
_PHASE_POWERS: Final[
    dict[int, tuple[Design, list[tuple[tuple[int, Power, Handler], ...] | None]]]] = {}


def phase_powers(design: Design, phase: int) -> tuple[tuple[int, Power, Handler], ...]:
    """``design``'s powers in ``phase`` with their handlers: (index in its powers, power,
    handler). Worked out once per design and phase (the engine asks at every phase of every
    game); the design is kept with its entry, so its ``id`` cannot be reused meanwhile."""
    table = powers_table(design)
    got = table[phase]
    if got is None:
        got = table[phase] = tuple((i, pw, handler(phase, pw.code))
                                   for i, pw in enumerate(design.powers) if pw.phase == phase)
    return got


def powers_table(design: Design) -> list[tuple[tuple[int, Power, Handler], ...] | None]:
    """The list :func:`phase_powers` fills for ``design``, by phase (None: not asked yet),
    shared by every card of the design in every game."""
    entry = _PHASE_POWERS.get(id(design))
    if entry is None or entry[0] is not design:
        if len(_PHASE_POWERS) >= _CACHE_LIMIT:  # many custom designs made: start again
            _PHASE_POWERS.clear()
        entry = _PHASE_POWERS[id(design)] = (design, [None] * 6)
    return entry[1]
