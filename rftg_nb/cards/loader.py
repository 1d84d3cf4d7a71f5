"""Loading and validation of the card data file (``cards.json``).

File format::

    {"format": "rftg_nb-cards", "version": 1, "designs": [ {design}, ... ]}

Every load is fully validated; the first problem found raises :class:`CardDataError`
whose message names the file or card and the offending field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from rftg_nb.text import field_name, quote

from .model import CardDatabase, CardDataError, Design, Power, VPBonus

__all__ = [
    "BONUS_CODES",
    "FILE_FORMAT",
    "FILE_VERSION",
    "FLAGS",
    "GOODS",
    "KNOWN_CODES",
    "load_cards",
]

FILE_FORMAT = "rftg_nb-cards"
FILE_VERSION = 1

#: Good types a world may carry.
GOODS: frozenset[str] = frozenset({"novelty", "rare", "genes", "alien"})

#: Flags a design may carry.
FLAGS: frozenset[str] = frozenset(
    {"alien", "rebel", "uplift", "chromo", "imperium", "terraforming", "start_hand_3"}
)

#: Phase -> power-code atoms allowed in that phase (those used by the base + TGS deck).
KNOWN_CODES: dict[int, frozenset[str]] = {
    1: frozenset({"DRAW", "KEEP"}),
    2: frozenset({"DRAW", "DRAW_AFTER", "REDUCE"}),
    3: frozenset(
        {
            "AGAINST_REBEL", "ALIEN", "DISCARD", "DRAW_AFTER", "EXTRA_MILITARY",
            "MILITARY_HAND", "PAY_MILITARY", "PLACE_TWO", "RARE", "REDUCE", "REDUCE_ZERO",
        }
    ),
    4: frozenset(
        {
            "CONSUME_3_DIFF", "CONSUME_ALIEN", "CONSUME_ALL", "CONSUME_ANY", "CONSUME_GENE",
            "CONSUME_NOVELTY", "CONSUME_RARE", "CONSUME_THIS", "CONSUME_TWO", "DISCARD_HAND",
            "DRAW", "DRAW_LUCKY", "GET_2_CARD", "GET_CARD", "GET_VP", "TRADE_ACTION",
            "TRADE_ANY", "TRADE_BONUS_CHROMO", "TRADE_GENE", "TRADE_NOVELTY",
            "TRADE_NO_BONUS", "TRADE_RARE", "TRADE_THIS",
        }
    ),
    5: frozenset(
        {
            "DISCARD", "DRAW", "DRAW_DIFFERENT", "DRAW_EACH_ALIEN", "DRAW_EACH_NOVELTY",
            "DRAW_IF", "DRAW_MILITARY", "DRAW_MOST_RARE", "DRAW_WORLD_GENE", "PRODUCE",
            "WINDFALL_ALIEN", "WINDFALL_ANY", "WINDFALL_GENE", "WINDFALL_NOVELTY",
            "WINDFALL_RARE",
        }
    ),
}

#: Allowed ``"for"`` values of 6-cost development VP bonus lines.
BONUS_CODES: frozenset[str] = frozenset(
    {
        "ALIEN_FLAG", "ALIEN_PRODUCTION", "ALIEN_WINDFALL", "DEVEL", "DEVEL_CONSUME",
        "DEVEL_EXPLORE", "DEVEL_TRADE", "GENE_PRODUCTION", "GENE_WINDFALL", "IMPERIUM_FLAG",
        "MILITARY", "NAME", "NOVELTY_PRODUCTION", "NOVELTY_WINDFALL", "RARE_PRODUCTION",
        "RARE_WINDFALL", "REBEL_MILITARY", "SIX_DEVEL", "TERRAFORMING_FLAG", "THREE_VP",
        "TOTAL_MILITARY", "WORLD", "WORLD_CONSUME", "WORLD_EXPLORE", "WORLD_TRADE",
    }
)

_TOP_FIELDS = ("format", "version", "designs")
_DESIGN_FIELDS = (
    "name", "type", "cost", "vp", "good", "windfall", "military",
    "start", "flags", "copies", "powers", "bonuses",
)
_POWER_FIELDS = ("phase", "code", "value", "times")
_START_FIELDS = ("number", "color")
_COPY_BOXES = ("base", "tgs")
_TYPES = ("world", "development")
_START_COLORS = ("red", "blue")
_MAX_COST = 7
_MAX_START = 8

_default_db: CardDatabase | None = None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker:
    """Builds error messages that name the card (or file) and the field."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, field: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.where}: field {field!r}: {problem}")

    def fields(self, obj: object, field: str, allowed: tuple[str, ...]) -> Mapping[str, Any]:
        """Check that ``obj`` is a JSON object with exactly the ``allowed`` keys."""
        if not isinstance(obj, Mapping):
            raise self.fail(field, f"must be an object, got {quote(obj)}")
        for key in obj:
            if key not in allowed:
                sub = f"{field}.{field_name(key)}" if field else field_name(key)
                raise self.fail(sub, "unknown field")
        for key in allowed:
            if key not in obj:
                sub = f"{field}.{key}" if field else key
                raise self.fail(sub, "missing")
        return obj

    def int_in(self, value: object, field: str, low: int | None, high: int | None) -> int:
        ok = _is_int(value)
        if ok and low is not None and value < low:  # type: ignore[operator]
            ok = False
        if ok and high is not None and value > high:  # type: ignore[operator]
            ok = False
        if not ok:
            if low is not None and high is not None:
                want = f"an int from {low} to {high}"
            elif low is not None:
                want = f"an int >= {low}"
            else:
                want = "an int"
            raise self.fail(field, f"must be {want}, got {quote(value)}")
        return value  # type: ignore[return-value]

    def boolean(self, value: object, field: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false, got {quote(value)}")
        return value

    def choice(self, value: object, field: str, options: tuple[Any, ...]) -> Any:
        if value not in options or isinstance(value, bool):
            shown = ", ".join("null" if o is None else repr(o) for o in options)
            raise self.fail(field, f"must be one of {shown}, got {quote(value)}")
        return value

    def array(self, value: object, field: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(field, f"must be a list, got {quote(value)}")
        return value


def _parse_power(chk: _Checker, raw: object, field: str) -> Power:
    obj = chk.fields(raw, field, _POWER_FIELDS)
    phase = chk.int_in(obj["phase"], f"{field}.phase", 1, 5)
    code = obj["code"]
    if not isinstance(code, str) or not code:
        raise chk.fail(f"{field}.code", f"must be a non-empty string, got {quote(code)}")
    atoms = code.split("|")
    if len(set(atoms)) != len(atoms):
        raise chk.fail(f"{field}.code", f"repeated atom in {quote(code)}")
    for atom in atoms:
        if atom not in KNOWN_CODES[phase]:
            raise chk.fail(f"{field}.code", f"unknown atom {quote(atom)} for phase {phase}")
    value = chk.int_in(obj["value"], f"{field}.value", None, None)
    times = chk.int_in(obj["times"], f"{field}.times", 0, None)
    return Power(phase=phase, code=code, value=value, times=times)


def _parse_bonus(chk: _Checker, raw: object, field: str) -> VPBonus:
    if not isinstance(raw, Mapping):
        raise chk.fail(field, f"must be an object, got {quote(raw)}")
    what = raw.get("for")
    allowed = ("vp", "for", "name") if what == "NAME" else ("vp", "for")
    obj = chk.fields(raw, field, allowed)
    points = chk.int_in(obj["vp"], f"{field}.vp", 1, None)
    if not isinstance(what, str) or what not in BONUS_CODES:
        raise chk.fail(f"{field}.for", f"unknown bonus code {quote(what)}")
    name = obj.get("name")
    if what == "NAME" and (not isinstance(name, str) or not name):
        raise chk.fail(f"{field}.name", f"must be a card name, got {quote(name)}")
    return VPBonus(points=points, what=what, name=name)


def parse_design(raw: object, index: int) -> Design:
    """Design ``index`` of a card file, checked; :class:`CardDataError` names the field."""
    label = f"card #{index}"
    if isinstance(raw, Mapping) and isinstance(raw.get("name"), str) and raw["name"]:
        label = f"card {quote(raw['name'])}"
    chk = _Checker(label)
    if not isinstance(raw, Mapping):
        raise chk.fail(f"designs[{index}]", f"must be an object, got {quote(raw)}")
    obj = chk.fields(raw, "", _DESIGN_FIELDS)
    name = obj["name"]
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise chk.fail("name", "must be a non-empty string without outer spaces, got "
                               f"{quote(name)}")
    kind = chk.choice(obj["type"], "type", _TYPES)
    is_world = kind == "world"
    cost = chk.int_in(obj["cost"], "cost", 0, _MAX_COST)
    vp = chk.int_in(obj["vp"], "vp", None, None)
    good = chk.choice(obj["good"], "good", (None, *sorted(GOODS)))
    windfall = chk.boolean(obj["windfall"], "windfall")
    military = chk.boolean(obj["military"], "military")

    start_number: int | None = None
    start_color: str | None = None
    if obj["start"] is not None:
        start = chk.fields(obj["start"], "start", _START_FIELDS)
        start_number = chk.int_in(start["number"], "start.number", 0, _MAX_START)
        start_color = chk.choice(start["color"], "start.color", _START_COLORS)

    flag_list = chk.array(obj["flags"], "flags")
    for flag in flag_list:
        if not isinstance(flag, str) or flag not in FLAGS:
            raise chk.fail("flags", f"unknown flag {quote(flag)}; allowed: {sorted(FLAGS)}")
    if len(set(flag_list)) != len(flag_list):
        raise chk.fail("flags", "repeated flag")
    if flag_list != sorted(flag_list):
        raise chk.fail("flags", "must be sorted")

    copies_obj = chk.fields(obj["copies"], "copies", _COPY_BOXES)
    copies = tuple(
        (box, chk.int_in(copies_obj[box], f"copies.{box}", 0, None)) for box in _COPY_BOXES
    )
    total = sum(n for _, n in copies)
    if total <= 0:
        raise chk.fail("copies", "total number of copies must be at least 1")

    powers = tuple(
        _parse_power(chk, p, f"powers[{i}]")
        for i, p in enumerate(chk.array(obj["powers"], "powers"))
    )
    bonuses = tuple(
        _parse_bonus(chk, b, f"bonuses[{i}]")
        for i, b in enumerate(chk.array(obj["bonuses"], "bonuses"))
    )

    # Type-specific rules.
    if not is_world:
        for field, bad in (
            ("good", good is not None),
            ("windfall", windfall),
            ("military", military),
            ("start", start_number is not None),
        ):
            if bad:
                raise chk.fail(field, "only worlds may have this set")
    if windfall and good is None:
        raise chk.fail("windfall", "a windfall world must have a good")
    if start_number is not None and total != 1:
        raise chk.fail("copies", f"a start world must have exactly 1 copy, got {total}")
    six_cost = kind == "development" and cost == 6
    if bonuses and not six_cost:
        raise chk.fail("bonuses", "only 6-cost developments have VP bonuses")
    if six_cost and not bonuses:
        raise chk.fail("bonuses", "a 6-cost development needs at least one VP bonus")

    return Design(
        id=index,
        name=name,
        type=kind,
        cost=cost,
        vp=vp,
        good=good,
        windfall=windfall,
        military=military,
        start_number=start_number,
        start_color=start_color,
        flags=frozenset(flag_list),
        copies=copies,
        powers=powers,
        bonuses=bonuses,
    )


def _build(data: object, where: str) -> CardDatabase:
    """Validate a parsed data file and build the database."""
    chk = _Checker(where)
    if not isinstance(data, Mapping):
        raise CardDataError(f"{where}: must be a JSON object with fields {_TOP_FIELDS}")
    top = chk.fields(data, "", _TOP_FIELDS)
    if top["format"] != FILE_FORMAT:
        raise chk.fail("format", f"must be {FILE_FORMAT!r}, got {quote(top['format'])}")
    if not _is_int(top["version"]) or top["version"] != FILE_VERSION:
        raise chk.fail("version", f"must be {FILE_VERSION}, got {quote(top['version'])}")
    raw_designs = chk.array(top["designs"], "designs")
    if not raw_designs:
        raise chk.fail("designs", "must not be empty")

    designs: list[Design] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_designs):
        design = parse_design(raw, index)
        if design.name in seen:
            raise CardDataError(f"card {design.name!r}: field 'name': duplicate name")
        seen.add(design.name)
        designs.append(design)

    # Cross-card rules.
    start_owner: dict[int, str] = {}
    for design in designs:
        num = design.start_number
        if num is not None:
            if num in start_owner:
                raise CardDataError(
                    f"card {design.name!r}: field 'start.number': start number {num} "
                    f"already used by {start_owner[num]!r}"
                )
            start_owner[num] = design.name
        for i, bonus in enumerate(design.bonuses):
            if bonus.what == "NAME" and bonus.name not in seen:
                raise CardDataError(
                    f"card {design.name!r}: field 'bonuses[{i}].name': "
                    f"no card named {bonus.name!r} in the file"
                )
    return CardDatabase(designs)


def _read_package_file() -> object:
    text = resources.files("rftg_nb.cards").joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


def load_cards(
    source: str | os.PathLike[str] | Mapping[str, Any] | None = None,
) -> CardDatabase:
    """Load and validate card data.

    ``source`` may be None (the package's own ``cards.json``; loaded once and cached,
    so every call returns the same object), a path to a JSON file in the card file
    format, or an already-parsed mapping of that format. Raises :class:`CardDataError`
    if the file cannot be read, is not JSON, or breaks any rule of the format.
    """
    global _default_db
    if source is None:
        if _default_db is None:
            try:
                data = _read_package_file()
            except (OSError, ValueError) as exc:
                raise CardDataError(f"file 'rftg_nb/cards/cards.json': {exc}") from exc
            _default_db = _build(data, "file 'rftg_nb/cards/cards.json'")
        return _default_db
    if isinstance(source, Mapping):
        return _build(source, "card data")
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        where = f"file '{path}'"
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CardDataError(f"{where}: cannot read: {exc}") from exc
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CardDataError(f"{where}: not valid JSON: {exc}") from exc
        return _build(data, where)
    raise TypeError(f"load_cards: unsupported source type {type(source).__name__}")
