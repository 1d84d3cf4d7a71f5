"""A review read from a file or a history row, checked field by field before anything uses it.

A review the history keeps (:func:`rftg_nb.history.review.review` made it) is a plain dict;
one that comes back from an export may have been written by anyone. :func:`check_review`
accepts it only if it has the shape the review has and fits the game it is kept with: every
field of its kind and in range, no more decisions than the game has choices, each decision a
choice of that game, at most five key moments, each one of its decisions. Strings are read as
text (they are drawn as text everywhere); their length is bounded so that a file cannot make a
page draw without end.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rftg_nb.history.review import KEY_MOMENTS, REVIEW_VERSION, ReviewError

#: the longest text a review's field may hold (a prompt, a reason, a label)
MAX_TEXT = 2_000
#: the most answers (ids or labels) a decision of the review may list
MAX_ANSWERS = 60
#: the most sampled deals a review may have been made with (as :func:`review` takes)
MAX_DEALS = 256


class OldReview(ReviewError):
    """A review of another format than this version makes (it is made again, not refused)."""


def _fail(field: str, what: str) -> ReviewError:
    return ReviewError(f"review: {field}: {what}")


def _int(x: Any, field: str, low: int, high: int) -> int:
    if type(x) is not int or not low <= x <= high:
        raise _fail(field, f"expected a whole number from {low} to {high}")
    return x


def _bool(x: Any, field: str) -> bool:
    if type(x) is not bool:
        raise _fail(field, "expected true or false")
    return x


def _text(x: Any, field: str) -> str:
    if not isinstance(x, str) or len(x) > MAX_TEXT:
        raise _fail(field, f"expected a text of at most {MAX_TEXT:,} characters")
    return x


def _number(x: Any, field: str, low: float = -math.inf, high: float = math.inf) -> float:
    if type(x) not in (int, float) or not math.isfinite(x) or not low <= x <= high:
        raise _fail(field, f"expected a number from {low:g} to {high:g}")
    return float(x)


def _texts(x: Any, field: str) -> list[str]:
    if not isinstance(x, list) or len(x) > MAX_ANSWERS:
        raise _fail(field, f"expected a list of at most {MAX_ANSWERS} texts")
    return [_text(v, f"{field}[{i}]") for i, v in enumerate(x)]


def _decision(x: Any, n: int, log: list[Any], stops: int) -> None:
    where = f"decisions[{n}]"
    if not isinstance(x, Mapping):
        raise _fail(where, "expected an object")
    choice = _int(x.get("choice"), f"{where}.choice", 0, max(0, len(log) - 1))
    _int(x.get("stop"), f"{where}.stop", 0, stops)
    _int(x.get("round"), f"{where}.round", 0, 1_000)
    for name in ("kind", "prompt", "reason"):
        _text(x.get(name), f"{where}.{name}")
    for name in ("yours", "your_labels", "ai", "ai_labels"):
        _texts(x.get(name), f"{where}.{name}")
    if [str(v) for v in log[choice]] != x["yours"]:
        raise _fail(f"{where}.yours", f"not the answer the game kept at its choice {choice}")
    _bool(x.get("same"), f"{where}.same")
    if _bool(x.get("reviewed"), f"{where}.reviewed"):
        for name in ("before", "after", "ai_after", "cost"):
            _number(x.get(name), f"{where}.{name}", 0.0, 1.0)
        for name in ("vp", "ai_vp"):
            _number(x.get(name), f"{where}.{name}", -1_000.0, 1_000.0)
        _number(x.get("vp_cost"), f"{where}.vp_cost", 0.0, 2_000.0)


def check_review(review: Any, game: Any) -> dict[str, Any]:
    """``review`` if it is a review of this format of ``game`` (as replayed from the save it is
    kept with); else :class:`ReviewError` naming the field at fault (:class:`OldReview` for a
    review of an older format, which the history drops rather than refuses)."""
    log = list(game.choices)
    choices, players = len(log), len(game.players)
    stops = len(game.events) + choices + 1
    if not isinstance(review, Mapping):
        raise _fail("(the whole)", "expected an object")
    version = review.get("version")
    if version != REVIEW_VERSION:
        if type(version) is int and 0 < version < REVIEW_VERSION:
            raise OldReview(f"review: version: of an older format ({version}; this version "
                            f"makes {REVIEW_VERSION}), so it is made again when asked")
        raise _fail("version", f"expected {REVIEW_VERSION}")
    _int(review.get("deals"), "deals", 1, MAX_DEALS)
    _int(review.get("viewer"), "viewer", 0, max(0, players - 1))
    _bool(review.get("solitaire"), "solitaire")
    if _int(review.get("choices"), "choices", 0, 10**6) != choices:
        raise _fail("choices", f"made of {review.get('choices')} choices, but the game kept "
                               f"has {choices}")
    seed = review.get("seed")
    if type(seed) is not int:
        raise _fail("seed", "expected a whole number")
    _number(review.get("seconds", 0.0), "seconds", 0.0, 1e7)
    result = review.get("result")
    if not isinstance(result, Mapping):
        raise _fail("result", "expected an object")
    _bool(result.get("over"), "result.over")
    _bool(result.get("shared"), "result.shared")
    if result.get("you_won") is not None:
        _bool(result.get("you_won"), "result.you_won")
    scores = result.get("scores")
    if scores is not None:
        if not isinstance(scores, list) or len(scores) > players + 1:  # the robot's too
            raise _fail("result.scores", "expected a list of scores, one a side")
        for i, s in enumerate(scores):
            _int(s, f"result.scores[{i}]", -1_000, 1_000)
    decisions = review.get("decisions")
    if not isinstance(decisions, list) or len(decisions) > choices:
        raise _fail("decisions", f"expected a list of at most {choices} decisions (the "
                                 "game's choices)")
    last = -1
    for n, x in enumerate(decisions):
        _decision(x, n, log, stops)
        if x["choice"] <= last:
            raise _fail(f"decisions[{n}].choice", "expected the decisions in the game's order, "
                                                  "each once")
        last = x["choice"]
    key = review.get("key")
    if not isinstance(key, list) or len(key) > KEY_MOMENTS[1]:
        raise _fail("key", f"expected a list of at most {KEY_MOMENTS[1]} key moments")
    for i, k in enumerate(key):
        _int(k, f"key[{i}]", 0, len(decisions) - 1)
    if len(set(key)) != len(key):
        raise _fail("key", "a key moment is listed twice")
    return dict(review)


__all__ = ["MAX_TEXT", "OldReview", "check_review"]
