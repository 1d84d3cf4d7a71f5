"""Custom cards: the expansion's blank cards, filled in by the players.

A custom design is a dict in the card file's own format (see :mod:`rftg_nb.cards.loader`),
checked by the same validation as the packaged cards. Fields a blank card rarely needs may be
left out: ``good`` (None), ``windfall`` and ``military`` (false), ``flags``, ``powers`` and
``bonuses`` (empty), and ``copies`` (1: how many of the card go into the deck, in a base or a
Gathering Storm game alike). A custom card cannot be a start world, and its name must differ
from every printed card's and every other custom card's::

    >>> from rftg_nb.cards.custom import check_designs
    >>> [d] = check_designs([{"name": "Moon Base", "type": "world", "cost": 2, "vp": 1,
    ...                       "powers": [{"phase": 5, "code": "DRAW", "value": 1}]}])
    >>> d.name, d.cost, d.powers_in(5)[0].code
    ('Moon Base', 2, 'DRAW')

A bad design raises :class:`CustomCardError`, a :class:`CardDataError` (so a ``ValueError``)
that names the card and the field (``error.card``, ``error.field``), so a form can show the
message next to the field at fault.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rftg_nb.cards import CARDS
from rftg_nb.text import field_name, name_problem, quote

from .custom_powers import PRODUCE_CODES, power_defaults, power_problem
from .custom_powers import known_powers as known_powers  # (its home before, kept)
from .loader import parse_design
from .model import CardDatabase, CardDataError, Design

FILE_FORMAT = "rftg_nb-custom-cards"
FILE_VERSION = 1
MAX_COPIES = 4
MAX_CUSTOM = 50  # designs in one game
# powers and VP bonus lines on one design: the printed cards carry at most 3 and 5
MAX_POWERS = 8
MAX_BONUSES = 8
MAX_FILE_BYTES = 1_000_000  # a custom card file (and a saved game) is at most 1 MB
#: The fields of a custom design and the value each takes when left out (None: required).
FIELDS: dict[str, Any] = {
    "name": None, "type": None, "cost": None, "vp": None, "good": None, "windfall": False,
    "military": False, "flags": [], "copies": 1, "powers": [], "bonuses": [],
}
REQUIRED = tuple(k for k, v in FIELDS.items() if v is None and k != "good")
# The ranges the printed cards span: VP -1 (Doomed World) to 7 (Rebel Homeworld); a 6-cost
# development's scoring line 1 to 3 VP a card (a power's ranges: .custom_powers).
VP_RANGE = (-1, 7)
BONUS_VP_RANGE = (1, 3)


class CustomCardError(CardDataError):
    """A custom design broke a rule: ``card`` names it (or its place in the list), ``field``
    the field at fault (``"cost"``, ``"powers[0].code"``...), ``problem`` what is wrong;
    ``index`` is the design's place in the list :func:`check_designs` was given (None when the
    fault is the list's or the file's)."""

    index: int | None = None

    def __init__(self, card: str, field: str, problem: str) -> None:
        self.card, self.field, self.problem = card, field, problem
        super().__init__(f"custom card {card}: field {field!r}: {problem}")


def _label(raw: Any, index: int) -> str:
    name = raw.get("name") if isinstance(raw, Mapping) else None
    return repr(name) if name_problem(name) is None else f"#{index + 1}"




def normalize(raw: Any, index: int = 0) -> dict[str, Any]:
    """The design with its left-out fields filled in, in the card file's layout (flags
    sorted, ``copies`` as the file's per-box counts). Checks only the shape; the rules are
    checked by :func:`check_designs`."""
    card = _label(raw, index)
    if not isinstance(raw, Mapping):
        raise CustomCardError(card, "", f"a design must be an object, got {quote(raw)}")
    for key in raw:
        if key not in FIELDS:
            known = ", ".join(FIELDS)
            raise CustomCardError(card, field_name(key), f"unknown field (known fields: {known})")
    for key in REQUIRED:
        if key not in raw:
            raise CustomCardError(card, key, "missing")
    out = {k: raw.get(k, v) for k, v in FIELDS.items()}
    if isinstance(out["name"], str) and not out["name"].strip():
        raise CustomCardError(card, "name", "give the card a name")
    why = name_problem(out["name"])
    if why is not None:
        raise CustomCardError(card, "name", why)
    flags = out["flags"]
    if isinstance(flags, list) and all(isinstance(f, str) for f in flags):
        out["flags"] = sorted(flags)
    copies = out["copies"]
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
        raise CustomCardError(card, "copies", f"must be a whole number from 1 to {MAX_COPIES}, "
                                              f"got {quote(copies)}")
    for key, most in (("powers", MAX_POWERS), ("bonuses", MAX_BONUSES)):
        if isinstance(out[key], list) and len(out[key]) > most:
            raise CustomCardError(card, key, f"at most {most} on one card (the printed cards "
                                             f"carry fewer), got {len(out[key])}")
    powers = out["powers"]
    if isinstance(powers, list):
        powers = [{**power_defaults(p), **p} if isinstance(p, Mapping) else p for p in powers]
        production = (out["type"] == "world" and out["good"] is not None
                      and out["windfall"] is False)
        if production and not any(isinstance(p, Mapping) and p.get("phase") == 5
                                  and p.get("code") in PRODUCE_CODES for p in powers):
            # a production world makes its good in Produce: printed cards say so as a power
            powers.append({"phase": 5, "code": "PRODUCE", "value": 0, "times": 0})
        out["powers"] = powers
    return {**out, "start": None, "copies": {"base": copies, "tgs": 0}}


def plain(design: dict[str, Any]) -> dict[str, Any]:
    """A normalized design back in the short form a custom card file keeps."""
    out = {k: design[k] for k in FIELDS if k in design}
    out["copies"] = sum(design["copies"].values())
    return out


def check_designs(raws: Iterable[Any], base: CardDatabase | None = None) -> tuple[Design, ...]:
    """Check custom designs against the rules of the card file and the printed cards of
    ``base`` (default: the packaged cards); return them as :class:`Design` objects numbered
    after ``base``'s. Raises :class:`CustomCardError` naming the card and the field."""

    base = base if base is not None else CARDS
    if isinstance(raws, (str, bytes, Mapping)) or not isinstance(raws, Iterable):
        raise CustomCardError("list", "", f"expected a list of card designs, got {quote(raws)}")
    raws = list(raws)
    if len(raws) > MAX_CUSTOM:
        raise CustomCardError("list", "", f"at most {MAX_CUSTOM} custom designs, got {len(raws)}")
    names = set(base.designs)
    mine = {r.get("name") for r in raws
            if isinstance(r, Mapping) and isinstance(r.get("name"), str)}
    out: list[Design] = []
    for i, raw in enumerate(raws):
        try:
            out.append(_check_design(raw, i, base, names, mine))
        except CustomCardError as e:
            e.index = i
            raise
    return tuple(out)


def _check_design(raw: Any, i: int, base: CardDatabase, names: set[str],
                  mine: set[str]) -> Design:
    """The ``i``-th custom design checked; ``names`` (every name so far) gains its name."""
    card = _label(raw, i)
    data = normalize(raw, i)
    try:
        design = parse_design(data, len(base) + i)
    except CardDataError as e:
        raise _named(card, str(e)) from None
    if design.name in names:
        printed = design.name in base.designs
        raise CustomCardError(card, "name", "a printed card has this name" if printed
                              else "two custom cards have this name")
    names.add(design.name)
    low, high = VP_RANGE
    if not low <= design.vp <= high:
        raise CustomCardError(card, "vp", f"must be from {low} to {high} (the printed cards' "
                                          f"range), got {quote(design.vp)}")
    if design.is_six_cost and design.vp != 0:  # its tile shows "?"
        raise CustomCardError(card, "vp", "a 6-cost development scores by its VP bonus lines "
                                          f"(its VP is printed as ?): give 0, got "
                                          f"{quote(design.vp)}")
    problem = power_problem(design)
    if problem is not None:
        raise CustomCardError(card, *problem)
    for j, bonus in enumerate(design.bonuses):
        low, high = BONUS_VP_RANGE
        if not low <= bonus.points <= high:
            raise CustomCardError(card, f"bonuses[{j}].vp",
                                  f"must be from {low} to {high} VP a card (the printed "
                                  f"cards' range), got {quote(bonus.points)}")
        if bonus.what == "NAME" and bonus.name not in base.designs and bonus.name not in mine:
            raise CustomCardError(card, f"bonuses[{j}].name",
                                  f"no card named {quote(bonus.name)}")
    return design


def _named(card: str, message: str) -> CustomCardError:
    """The loader's message ("card 'X': field 'cost': must be ...") as a CustomCardError."""
    _, _, rest = message.partition(": field ")
    if rest.startswith("'"):
        field, _, problem = rest[1:].partition("': ")
        return CustomCardError(card, field, problem)
    return CustomCardError(card, "", message)


_databases: dict[str, CardDatabase] = {}


def database_with(raws: Iterable[Any]) -> CardDatabase:
    """The packaged cards plus these custom designs, as one database (kept for reuse: a
    replay builds the same one again)."""

    if isinstance(raws, (str, bytes, Mapping)) or not isinstance(raws, Iterable):
        raise CustomCardError("list", "", f"expected a list of card designs, got {quote(raws)}")
    raws = list(raws)
    if not raws:
        return CARDS
    try:
        key: str | None = json.dumps([normalize(r, i) for i, r in enumerate(raws)],
                                     sort_keys=True)
    except (TypeError, ValueError, RecursionError):  # not JSON: check_designs says what
        key = None
    db = _databases.get(key) if key is not None else None
    if db is None:
        db = CardDatabase([*CARDS.by_id, *check_designs(raws)])
        if len(_databases) > 64:
            _databases.clear()
        if key is not None:
            _databases[key] = db
    return db


def to_file_data(raws: Iterable[Any]) -> dict[str, Any]:
    """Custom designs as a custom card file's JSON object (checked first)."""
    raws = list(raws)
    check_designs(raws)
    return {"format": FILE_FORMAT, "version": FILE_VERSION,
            "designs": [plain(normalize(r, i)) for i, r in enumerate(raws)]}


def write_designs(path: str | os.PathLike[str], raws: Iterable[Any]) -> None:
    """Save custom designs to a JSON file (refused, naming the field, if one is bad)."""
    Path(path).write_text(json.dumps(to_file_data(raws), indent=1), encoding="utf-8")


_TOP = ("format", "version", "designs")


def _where(where: Any) -> str:
    """The name of a file or data for a refusal: as given if short, else quoted short."""
    return where if isinstance(where, str) and len(where) <= 80 else quote(where)


def from_file_data(data: Any, where: str = "custom card data") -> list[dict[str, Any]]:
    """The designs of a custom card file's JSON object (or a bare list of designs), checked."""
    raws = _file_designs(data, where)
    check_designs(raws)
    return [dict(x) for x in raws]


def _file_designs(data: Any, where: str) -> list[Any]:
    """The list of designs of a custom card file's JSON object (or a bare list), as they are:
    the file's own fields checked, the designs not yet."""
    where = _where(where)
    if isinstance(data, Mapping):
        for key in data:
            if key not in _TOP:
                raise CustomCardError(where, field_name(key),
                                      f"unknown field (a card file has {', '.join(_TOP)})")
        if data.get("format") != FILE_FORMAT:
            raise CustomCardError(where, "format", f"must be {FILE_FORMAT!r}, got "
                                                   f"{quote(data.get('format'))}")
        version = data.get("version")
        if type(version) is not int or version != FILE_VERSION:
            raise CustomCardError(where, "version", f"must be {FILE_VERSION}, got "
                                                    f"{quote(version)}")
        data = data.get("designs")
    if not isinstance(data, list):
        raise CustomCardError(where, "designs", f"must be a list of designs, got {quote(data)}")
    return data


def designs_from_bytes(content: bytes | str, where: str = "custom card file",
                       size: int | None = None) -> list[dict[str, Any]]:
    """The designs of a custom card file's contents (an upload, a file read), checked: at most
    :data:`MAX_FILE_BYTES`, UTF-8 JSON in the format :func:`to_file_data` writes. ``size`` is
    the whole file's length where ``content`` is only its start (an upload cut one byte past
    the limit): a refusal for size names the file's own."""
    label = _where(where)
    raws = _raw_designs(content, label, size)
    check_designs(raws)
    return [dict(x) for x in raws]


def designs_in_file(content: bytes | str, where: str = "custom card file",
                    size: int | None = None) -> tuple[Design, ...]:
    """As :func:`designs_from_bytes`, as :class:`Design` objects (checked once)."""
    label = _where(where)
    return check_designs(_raw_designs(content, label, size))


def _raw_designs(content: Any, label: str, size: int | None) -> list[Any]:
    if not isinstance(content, (bytes, bytearray, memoryview, str)):
        raise CustomCardError(label, "", f"expected the file's text, got {quote(content)}")
    data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) \
        else bytes(content)
    whole = size if type(size) is int and size >= len(data) else len(data)
    if whole > MAX_FILE_BYTES:
        raise CustomCardError(label, "", f"it is {whole:,} bytes, larger than a card file "
                                         f"may be (at most {MAX_FILE_BYTES:,} bytes, 1 MB)")
    try:
        parsed = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise CustomCardError(label, "", f"it is not UTF-8 text (byte 0x{e.object[e.start]:02x} "
                                         f"at position {e.start})") from None
    except RecursionError:
        raise CustomCardError(label, "", "it is nested too deeply to be a custom card file") \
            from None
    except json.JSONDecodeError as e:
        raise CustomCardError(label, "", f"it is not valid JSON ({e.msg} at line {e.lineno} "
                                         f"column {e.colno})") from None
    return _file_designs(parsed, label)


def read_designs(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Custom designs from a JSON file written by :func:`write_designs` (or a bare list)."""
    where = f"file '{path}'"
    try:
        content = Path(path).read_bytes()
    except OSError as e:
        raise CustomCardError(where, "", f"cannot read: {e}") from e
    return designs_from_bytes(content, where)
