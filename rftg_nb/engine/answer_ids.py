"""The answers a game's choice log keeps, as tuples of option ids: those of one id made once
for every game (:func:`one_answer`), the check that an id is among a decision's
(:func:`among`), both asked at every answer, and where an answer's id stands among them
(:func:`index_of`)."""

from __future__ import annotations

from typing import Final

#: Answers of one id, each kept once for every game by the id: most answers are one card, and
#: a finished game's choice log then holds no tuple of its own for them. (Answers of two ids
#: were kept so too, but a lookup in a table touched so seldom waits on memory: it cost more
#: than the tuple it saved.)
_ONE_ANSWERS: Final[dict[str, tuple[str, ...]]] = {}
_KEPT_LIMIT: Final = 8192  # answers kept, at most


def one_answer(one: str) -> tuple[str, ...]:
    """The answer of the one id ``one``, kept once (see :data:`_ONE_ANSWERS`)."""
    shared = _ONE_ANSWERS.get(one)
    if shared is not None:
        return shared
    made: tuple[str, ...] = (one,)  # typed as any tuple: see piles.draw's facts
    if len(_ONE_ANSWERS) < _KEPT_LIMIT:
        _ONE_ANSWERS[one] = made
    return made


def among(i: str, ids: tuple[str, ...]) -> bool:
    """``i in ids``, looked for first as the very object (the rules' own answers are the
    options' ids), then as an equal string."""
    for known in ids:
        if known is i:
            return True
    return i in ids


def index_of(ids: tuple[str, ...], one: str) -> int:
    """``ids.index(one)`` (a compiled build would look the method up by name): the place of a
    picked option among a decision's, whose options the rules made in the order of their own
    list."""
    for i, known in enumerate(ids):
        if known == one:
            return i
    raise ValueError(f"{one!r} is not among the options")
