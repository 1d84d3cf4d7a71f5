"""The powers a custom card may carry, and the check of a design's powers.

The engine has a rule for every power the printed cards carry, so those are the powers a
custom card may carry, each within the ranges the printed cards span: a power's value 1 to 4
(Military -1 to 4), or 0 for a power that takes no number; a Consume power used 1 to 3 times.
:mod:`rftg_nb.cards.custom` checks the rest of a design and names the card at fault.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rftg_nb.cards import CARDS, Power
from rftg_nb.cards.text import describe_power
from rftg_nb.text import quote

from .model import Design

VALUE_RANGE = (1, 4)  # a power that takes a number: the printed cards give 1 to 4
TIMES_RANGE = (1, 3)  # how many times a Consume power may be used, where it counts uses
PRODUCE_CODES = ("PRODUCE", "PRODUCE|DISCARD")  # phase V: how a production world makes a good
# powers about the card's own good: only a world with a good may carry them
OWN_GOOD = {(5, "DRAW_IF"), (4, "TRADE_THIS"), (4, "CONSUME_ALIEN|CONSUME_THIS|GET_VP")}
POWER_DEFAULTS = {"value": 0, "times": 0}

_known: list[dict[str, Any]] | None = None


def known_powers() -> list[dict[str, Any]]:
    """Every power a custom card may carry, by phase: the powers the printed cards carry (the
    engine has a rule for each: ``tests/test_card_coverage.py``), each with the value and
    times most printed cards give it and its meaning in words."""
    global _known
    if _known is None:
        seen: dict[tuple[int, str], Counter[tuple[int, int]]] = {}
        for d in CARDS:
            for p in d.powers:
                seen.setdefault((p.phase, p.code), Counter())[(p.value, p.times)] += 1
        out = []
        for (phase, code), counts in sorted(seen.items()):
            value, times = counts.most_common(1)[0][0]
            text = describe_power(Power(phase=phase, code=code, value=value, times=times))
            numbered = any(v for v, _ in counts)
            low = min(VALUE_RANGE[0], *(v for v, _ in counts)) if numbered else 0
            uses_times = phase == 4 and any(t for _, t in counts)
            out.append({"phase": phase, "code": code, "value": value, "times": times,
                        "text": text.partition(": ")[2] or text,
                        "values": (low, VALUE_RANGE[1]) if numbered else (0, 0),
                        "uses_times": uses_times,
                        "times_range": TIMES_RANGE if uses_times else (0, 0)})
        _known = out
    return _known


def power_defaults(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The value and times a power left out takes: those most printed cards give that power."""
    for k in known_powers():
        if k["phase"] == raw.get("phase") and k["code"] == raw.get("code"):
            return {"value": k["value"], "times": k["times"]}
    return dict(POWER_DEFAULTS)


def power_problem(design: Design) -> tuple[str, str] | None:
    """The first thing wrong with a design's powers, as (field, problem), or None."""
    known = {(k["phase"], k["code"]): k for k in known_powers()}
    produce = [i for i, p in enumerate(design.powers) if p.phase == 5 and p.code in PRODUCE_CODES]
    if design.is_production and len(produce) > 1:
        return (f"powers[{produce[1]}].code",
                "a production world makes one good: one produce power only")
    if produce and not design.is_production:
        return (f"powers[{produce[0]}].code",
                "only a production world (a world with a good, not windfall) produces")
    for i, p in enumerate(design.powers):
        if (p.phase, p.code) in OWN_GOOD and not (design.is_world and design.good):
            return (f"powers[{i}].code", "this power is about the card's own good: only a world "
                                         "with a good may have it")
        k = known.get((p.phase, p.code))
        if k is None:
            codes = sorted(c for ph, c in known if ph == p.phase)
            return (f"powers[{i}].code", f"the engine has no phase {p.phase} power {p.code!r}; "
                                         f"known: {', '.join(codes)}")
        for field, number, (low, high), unit in (
                ("value", p.value, k["values"], "takes no number"),
                ("times", p.times, k["times_range"], "is not counted in uses")):
            if not low <= number <= high:
                return (f"powers[{i}].{field}",
                        f"this power {unit}: must be 0, got {quote(number)}" if high == 0 else
                        f"must be from {low} to {high}, got {quote(number)}")
    return None
