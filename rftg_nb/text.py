"""Small wording helpers shared by the engine's sentences and the app's views."""

from __future__ import annotations


def noun(n: int, word: str) -> str:
    """``word`` for one, its plural for any other count: noun(2, "card") == "cards"."""
    return word if n == 1 else word + "s"


_COUNTS: dict[tuple[int, str], str] = {}


def count(n: int, word: str = "card") -> str:
    """A number with its noun: count(1) == "1 card", count(3, "chip") == "3 chips"."""
    if type(n) is not int:  # True, 2.0 ...: said as given (they would hash as 1, 2)
        return f"{n} {noun(n, word)}"
    got = _COUNTS.get((n, word))  # the engine says "2 cards" in most of its sentences
    if got is None:
        got = f"{n} {noun(n, word)}"
        if len(_COUNTS) < 4096:
            _COUNTS[(n, word)] = got
    return got


_YOU_SAY = {"has": "have", "is": "are"}


def says(name: str, verb: str) -> str:
    """``name`` with a third-person ``verb`` made to agree ("You draw", "Ann draws")."""
    if name != "You":
        return f"{name} {verb}"
    plain = _YOU_SAY.get(verb)
    if plain is None:
        plain = verb[:-1] if verb.endswith("s") else verb
    return f"You {plain}"


def whose(name: str) -> str:
    """The possessive of a side's name: "your" for "You", else "Ann's"."""
    return "your" if name == "You" else f"{name}'s"


def article(word: str) -> str:
    """``word`` with "a" or "an": article("Alien") == "an Alien"."""
    return ("an " if word[0] in "AEIOU" else "a ") + word
