"""Small wording helpers shared by the engine's sentences and the app's views."""

from __future__ import annotations

import reprlib


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


# ---------------------------------------------------------------------------- quoting input
_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 48  # a long name is cut in the middle with "..."
_QUOTE.maxother = 48
_QUOTE.maxlevel = 2  # nested lists and objects are shown two levels deep
_QUOTE.maxlist = _QUOTE.maxdict = _QUOTE.maxtuple = 4

NAME_LENGTH = 40  # card and player names: 1 to 40 printable characters


def quote(value: object) -> str:
    """``value`` as an error message quotes it: its Python repr, cut short (long strings, deep or
    long lists), so that a message about a bad field stays a line however big the input."""
    try:
        return _QUOTE.repr(value)
    except (RecursionError, ValueError, TypeError):  # pragma: no cover - reprlib's own limits
        return f"<a {type(value).__name__}>"


def name_problem(value: object, limit: int = NAME_LENGTH) -> str | None:
    """Why ``value`` cannot be a card's or a player's name (None if it can): a name is a string
    of 1 to ``limit`` printable characters (no control characters, line breaks or unpaired
    surrogates) without spaces at either end."""
    if not isinstance(value, str):
        return f"must be a string, got {quote(value)}"
    if not value.strip():
        return "must not be empty"
    if len(value) > limit:
        return f"must be at most {limit} characters, got {len(value)}"
    if not value.isprintable():
        bad = next(ch for ch in value if not ch.isprintable())
        return f"must be printable text, got the character U+{ord(bad):04X}"
    if value != value.strip():
        return f"must not start or end with a space, got {quote(value)}"
    return None


def field_name(key: object) -> str:
    """A field's name as an error names it: as it is when it is short plain text, else quoted
    and cut short (a file may carry any key)."""
    if isinstance(key, str) and 0 < len(key) <= NAME_LENGTH and key.isprintable():
        return key
    return quote(key)
