"""The answers a game's choice log keeps, as tuples of option ids: those of one or two ids made
once for every game (:func:`one_answer`, :func:`two_answer`), and the check that an id is among a
decision's (:func:`among`), all asked at every answer."""

from __future__ import annotations

from typing import Final

#: Answers of one or two ids, each kept once for every game: most answers are one card or two
#: actions, and a finished game's choice log then holds no tuple of its own for them. Those
#: of one id by the id, of two by the first id then the second (strings hash once; a pair of
#: them as a key would be hashed at each answer).
_ONE_ANSWERS: Final[dict[str, tuple[str, ...]]] = {}
_TWO_ANSWERS: Final[dict[str, dict[str, tuple[str, ...]]]] = {}
_TWO_KEPT: Final = [0]  # how many answers of two ids are kept
_KEPT_LIMIT: Final = 8192  # answers kept of each size, at most


def one_answer(one: str) -> tuple[str, ...]:
    """The answer of the one id ``one``, kept once (see :data:`_ONE_ANSWERS`)."""
    shared = _ONE_ANSWERS.get(one)
    if shared is not None:
        return shared
    made: tuple[str, ...] = (one,)  # typed as any tuple: see piles.draw's facts
    if len(_ONE_ANSWERS) < _KEPT_LIMIT:
        _ONE_ANSWERS[one] = made
    return made


def two_answer(first: str, second: str) -> tuple[str, ...]:
    """The answer of the two ids ``first`` and ``second``, kept once (see
    :data:`_TWO_ANSWERS`)."""
    seconds = _TWO_ANSWERS.get(first)
    if seconds is not None:
        shared = seconds.get(second)
        if shared is not None:
            return shared
    made: tuple[str, ...] = (first, second)
    if _TWO_KEPT[0] < _KEPT_LIMIT:
        if seconds is None:
            seconds = _TWO_ANSWERS[first] = {}
        seconds[second] = made
        _TWO_KEPT[0] += 1
    return made


def among(i: str, ids: tuple[str, ...]) -> bool:
    """``i in ids``, looked for first as the very object (the rules' own answers are the
    options' ids), then as an equal string."""
    for known in ids:
        if known is i:
            return True
    return i in ids
