"""Shared pieces of the loader fuzz (``tests/test_loader_fuzz.py`` and
``benchmarks/fuzz_loaders.py``): documents of any shape, the loaders they are fed to, what each
loader may raise, and a shrinker for the documents that break one.

The rule every loader is held to: a save, a card set, a custom design, a components override
or the arguments of ``Game.new`` / ``SoloGame.new``, whatever their shape, either load or raise
the loader's typed error (``SaveFileError``, ``CustomCardError``, ``ComponentError``; a
``ValueError`` for ``new``), and a refused load
leaves the dashboard's or the table's game in play as it was. The benchmark also holds each
case to :data:`TIME_LIMIT` seconds; the tests do not time (see :func:`run`).

Documents come from three sources:

* arbitrary JSON (:func:`json_values`): None, bools, ints up to ``10**400``, floats with NaN
  and the infinities, text with lone surrogates, lists and objects, keys drawn partly from the
  formats' own field names so that a document gets past the first checks;
* mutations of real documents (:func:`mutated`): saves of seeded games of every shape (the
  solitaire game, scripted or not, the 2-player advanced game, 3-5 players with goals, drafted
  games, custom cards, a position, the table's save) and custom card files, with a node
  replaced, retyped, deleted or duplicated, a key added, a node wrapped thousands of levels
  deep, or a 1 MB string;
* raw text and bytes (:func:`raw_texts`): truncated saves, invalid UTF-8, other encodings.

Deeply nested values would break ``json.dumps``, ``repr`` and ``copy.deepcopy``, so documents
travel wrapped in :class:`Doc` (whose ``repr`` is a short Python expression) and are written
out by :func:`dumps`, which walks them without recursion.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from rftg_nb import ComponentError, CustomCardError, Game, SaveFileError, SoloGame
from rftg_nb.players import random_pick

TIME_LIMIT = 1.0  # seconds one loader may take on one document
GIANT = 1_000_000  # characters of a giant string
DEPTHS = (3, 60, 900, 1000, 1200, 5000, 20000)  # nesting depths a mutation wraps a node in
DEEP = 5000  # how deep a reproducer writes a deep chain
HUGE_INT = 10**400  # more digits than any 64-bit field, still under Python's 4300-digit limit

# ------------------------------------------------------------------------------ JSON values
SPECIAL_INTS = (0, 1, -1, 2, 3, 4, 5, 6, 9, 10, 12, 24, 50, 51, 100, 10**6, 2**31, 2**32,
                2**63, -(2**63), 2**64, 10**30, -(10**30), HUGE_INT, -HUGE_INT)
SPECIAL_FLOATS = (0.0, -0.0, 1.0, 2.0, 6.0, 0.5, 1e300, -1e300, 1e-300, math.nan, math.inf,
                  -math.inf)
# Text the formats use, so that a random document gets past the first checks now and then.
DOMAIN_STRINGS = (
    "", " ", "\x00", "\ud800", "\udfff", "\ud83d", "a\ud800b", "\ufeff", "\u202e", "NaN",
    "null", "true", "0", "1", "-1", "1.0", "10" * 20, "\U0001f680", "é", "名前",
    "rftg_nb-game", "rftg_nb-custom-cards", "rftg_nb-robot-components", "tgs", "base",
    "easy", "medium", "hard", "manual", "random", "fast", "strong", "world", "development",
    "rare", "novelty", "genes", "alien", "user", "rulebook", "assumed",
    "Old Earth", "New Sparta", "Alpha Centauri", "Doomed World", "Epsilon Eridani",
    "Gem World", "Spice World", "Colony Ship", "Galactic Survey: SETI",
    "Greatest Military", "Galactic Status", "Largest Industry", "Innovation Leader",
    "DRAW", "PRODUCE", "REDUCE", "WORLD", "NAME", "SIX_DEVEL", "EXTRA_MILITARY",
    "explore", "develop", "settle", "trade", "x2", "produce", "match", "robot",
    "a:explore", "b:settle", "c1", "c0", "c-1", "c99999", "done", "e5", "e1p", "s", "d",
    "queue", "stack", "if_any", "never", "after_hand", "before_robot", "once",
    "Fuzz Moon", "Fuzz Hall", "Player 1", "Ann", "You",
)
# The formats' field names (saves, setups, solitaire set-ups, tables, designs, powers,
# bonuses, components, positions).
KEYS = (
    "format", "version", "app_version", "setup", "seed", "choices", "table", "players",
    "expansion", "advanced", "names", "goals", "draft", "custom_cards", "solo", "position",
    "difficulty",
    "player_start", "robot_start", "deck", "dice", "components", "adjust", "after", "robot",
    "credit", "economy", "stack", "computer", "level", "name", "type", "cost", "vp", "good",
    "windfall", "military", "flags", "copies", "powers", "bonuses", "phase", "code", "value",
    "times", "for", "designs", "start", "source", "reason", "tableau", "hand", "actions",
    "round", "vp_pool", "discard", "card", "holders", "mat", "start_worlds", "start_defaults",
    "conventions", "a", "b", "robot_face", "base", "tgs", "counters", "counter_vp",
)

surrogate_text = st.text(st.characters(exclude_categories=()), max_size=12)


def json_leaves() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.sampled_from(SPECIAL_INTS),
        st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(SPECIAL_FLOATS),
        surrogate_text, st.sampled_from(DOMAIN_STRINGS),
    )


def json_keys() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(KEYS), st.sampled_from(DOMAIN_STRINGS), surrogate_text)


def json_values(max_leaves: int = 25) -> st.SearchStrategy[Any]:
    """Any JSON value (with NaN and the infinities, which Python's json reads and writes)."""
    return st.recursive(
        json_leaves(),
        lambda inner: st.one_of(st.lists(inner, max_size=6),
                                st.dictionaries(json_keys(), inner, max_size=6)),
        max_leaves=max_leaves,
    )


class _Plain:
    """A Python object with no JSON form (``object()``): what a caller might pass by mistake."""

    def __repr__(self) -> str:
        return "object()"


def python_oddities() -> st.SearchStrategy[Any]:
    """Python values no JSON document holds, for the arguments of ``new``."""
    return st.one_of(
        st.sampled_from([(), (1, 2), ("a", "b"), frozenset(), b"", b"\xff\xfe", complex(1, 2),
                         range(3), Path("/nonexistent/components.json")]),
        st.builds(_Plain),
        st.builds(set, st.lists(st.integers(-3, 3), max_size=3)),
        st.builds(tuple, st.lists(st.sampled_from(DOMAIN_STRINGS), max_size=4)),
        st.builds(bytearray, st.binary(max_size=4)),
    )


def any_values() -> st.SearchStrategy[Any]:
    return st.one_of(json_values(12), python_oddities())


# ------------------------------------------------------------------------------ documents
def nest(value: Any, depth: int) -> Any:
    """``value`` inside ``depth`` one-item lists."""
    for _ in range(depth):
        value = [value]
    return value


def nestd(value: Any, depth: int, key: str = "a") -> Any:
    """``value`` inside ``depth`` one-key objects."""
    for _ in range(depth):
        value = {key: value}
    return value


def _scalar_json(v: Any, ensure_ascii: bool) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return int.__repr__(v)
    if isinstance(v, float):
        return json.dumps(v)  # NaN, Infinity and -Infinity, as Python's json writes them
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=ensure_ascii)
    raise TypeError(f"not a JSON value: {v!r}")


def dumps(value: Any, ensure_ascii: bool = True) -> str:
    """``value`` as JSON text, like ``json.dumps`` but at any depth (no recursion)."""
    out: list[str] = []
    stack: list[Any] = [("v", value)]
    while stack:
        kind, v = stack.pop()
        if kind == "s":  # a piece of text
            out.append(v)
            continue
        if isinstance(v, list):
            stack.append(("s", "]"))
            for i in range(len(v) - 1, -1, -1):
                stack.append(("v", v[i]))
                if i:
                    stack.append(("s", ", "))
            out.append("[")
        elif isinstance(v, dict):
            stack.append(("s", "}"))
            items = list(v.items())
            for i in range(len(items) - 1, -1, -1):
                k, x = items[i]
                stack.append(("v", x))
                stack.append(("s", json.dumps(str(k), ensure_ascii=ensure_ascii) + ": "))
                if i:
                    stack.append(("s", ", "))
            out.append("{")
        else:
            out.append(_scalar_json(v, ensure_ascii))
    return "".join(out)


def walk(value: Any, limit: int = 100_000,
         max_depth: int = 10**9) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, node) of a document, root first, breadth first, without recursion (at
    most ``limit`` nodes, none deeper than ``max_depth``)."""
    queue: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    i = 0
    while i < len(queue) and i < limit:
        path, v = queue[i]
        i += 1
        yield path, v
        if len(path) >= max_depth or len(queue) >= limit:
            continue
        if isinstance(v, list):
            queue.extend(((*path, j), x) for j, x in enumerate(v))
        elif isinstance(v, dict):
            queue.extend(((*path, k), x) for k, x in v.items())


def get_at(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


def set_at(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """``value`` with the node at ``path`` replaced (in place below the root; returns the
    root, which is ``new`` itself when ``path`` is empty)."""
    if not path:
        return new
    get_at(value, path[:-1])[path[-1]] = new
    return value


def delete_at(value: Any, path: tuple[Any, ...]) -> Any:
    parent = get_at(value, path[:-1])
    del parent[path[-1]]
    return value


def chain(value: Any) -> tuple[int, str | None]:
    """How many one-item lists (kind None) or one-key objects with the same key wrap the
    value below: (depth, key)."""
    n, key = 0, None
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
    while True:
        if key is None and isinstance(value, list) and len(value) == 1:
            value = value[0]
        elif key is not None and isinstance(value, dict) and list(value) == [key]:
            value = value[key]
        else:
            return n, key
        n += 1


def _unwrap(value: Any, n: int) -> Any:
    for _ in range(n):
        value = value[0] if isinstance(value, list) else next(iter(value.values()))
    return value


def describe(value: Any, room: int = 6000, deepen: bool = False) -> str:
    """A Python expression that rebuilds ``value`` (with :func:`nest` and :func:`nestd` for
    deep chains and ``"x" * n`` for long runs), shortened to about ``room`` characters.
    ``deepen``: write a chain 500 or more deep as :data:`DEEP` deep, so that a reproducer
    found under the harness's deep stack also breaks a fresh interpreter's recursion."""
    try:
        text = _expr(value, deepen)
    except RecursionError:
        text = "<too deeply nested to print>"
    return text if len(text) <= room else text[: room // 2] + " ... " + text[-room // 2:]


def _expr(v: Any, deepen: bool = False) -> str:
    if isinstance(v, (list, dict)):
        depth, key = chain(v)
        if depth >= 4:
            inner = _expr(_unwrap(v, depth), deepen)
            if deepen and depth >= 500:
                depth = max(depth, DEEP)
            return (f"nest({inner}, {depth})" if key is None
                    else f"nestd({inner}, {depth}, {key!r})")
    if isinstance(v, list):
        if len(v) > 8 and all(type(x) is type(v[0]) and x == v[0] for x in v):
            return f"[{_expr(v[0], deepen)}] * {len(v)}"
        return "[" + ", ".join(_expr(x, deepen) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_expr(k)}: {_expr(x, deepen)}" for k, x in v.items()) + "}"
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, int):
        if abs(v) > 10**60:
            for base in (10, 2):
                k = round(math.log(abs(v), base))
                if base**k == abs(v):
                    return f"{'-' if v < 0 else ''}{base}**{k}"
            return hex(v)
        return repr(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
        return repr(v)
    if isinstance(v, (str, bytes)) and len(v) > 64 and len(set(v)) == 1:
        return f"{v[:1]!r} * {len(v)}"
    if isinstance(v, (str, bytes)) and len(v) > 200:
        return repr(v[:100]) + " + ... + " + repr(v[-60:]) + f"  # {len(v)} long"
    if isinstance(v, tuple):
        return "(" + "".join(_expr(x) + ", " for x in v) + ")"
    if isinstance(v, (set, frozenset)):
        return f"{type(v).__name__}([{', '.join(_expr(x) for x in v)}])"
    return repr(v)


class Doc:
    """A document on its way to a loader.

    ``form``: ``"json"`` (``value`` is a JSON value, written as text by :func:`dumps` for the
    loaders that read text), ``"text"`` / ``"bytes"`` (``value`` is the raw text) or
    ``"kwargs"`` (``value`` is a dict of arguments for ``new``). ``origin`` says where it came
    from (a seed's name and the mutations made). Not a dataclass: printers that walk a
    dataclass's fields would recurse into a deep ``value``."""

    __slots__ = ("value", "form", "origin", "ensure_ascii", "_text")

    def __init__(self, value: Any, form: str = "json", origin: str = "arbitrary",
                 ensure_ascii: bool = True) -> None:
        self.value, self.form, self.origin, self.ensure_ascii = value, form, origin, ensure_ascii
        self._text: str | bytes | None = None

    def text(self) -> str | bytes:
        """The document as a loader of text reads it."""
        if self._text is None:
            if self.form == "json":
                self._text = dumps(self.value, self.ensure_ascii)
            elif self.form in ("text", "bytes"):
                self._text = self.value
            else:
                raise TypeError(f"a {self.form} document has no text")
        return self._text

    def prepare(self) -> None:
        """Write a JSON document out as text now, so that no loader's time counts it."""
        if self.form == "json":
            self.text()

    def data(self) -> bytes:
        """The document as the bytes of a file (lone surrogates written as invalid UTF-8)."""
        t = self.text()
        return t if isinstance(t, bytes) else t.encode("utf-8", "surrogatepass")

    def obj(self) -> Any:
        """The document as a loader of Python values takes it (raw text as a str or bytes)."""
        return self.value

    def size(self) -> int:
        return cost(self.value)

    def __repr__(self) -> str:
        return f"Doc({describe(self.value, 1500)}, form={self.form!r}, origin={self.origin!r})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis's printer
        printer.text(repr(self))


def cost(value: Any) -> int:
    """A measure of a document's size (about its length as JSON text) that every
    simplification makes smaller."""
    total = 0
    stack = [value]
    while stack:
        v = stack.pop()
        total += 1
        if isinstance(v, (str, bytes)):
            total += len(v)
        elif isinstance(v, bool) or v is None:
            pass
        elif isinstance(v, int):
            total += (abs(v).bit_length() + 7) // 8
        elif isinstance(v, float):
            total += 2
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            total += sum(len(str(k)) for k in v)
            stack.extend(v.values())
    return total


# ------------------------------------------------------------------------------ real documents
WORLD = {"name": "Fuzz Moon", "type": "world", "cost": 2, "vp": 1, "good": "rare",
         "powers": [{"phase": 5, "code": "DRAW", "value": 1}]}
COMET = {"name": "Fuzz Comet", "type": "world", "cost": 3, "vp": 2, "good": "alien",
         "windfall": True, "military": True, "flags": ["alien"], "copies": 2,
         "powers": [{"phase": 3, "code": "EXTRA_MILITARY", "value": 1}]}
LAB = {"name": "Fuzz Lab", "type": "development", "cost": 3, "vp": 1, "flags": ["rebel"],
       "powers": [{"phase": 2, "code": "REDUCE", "value": 1},
                  {"phase": 4, "code": "CONSUME_ANY|GET_VP", "value": 1, "times": 2}]}
HALL = {"name": "Fuzz Hall", "type": "development", "cost": 6, "vp": 0,
        "bonuses": [{"vp": 1, "for": "WORLD"}, {"vp": 2, "for": "NAME", "name": "Fuzz Moon"},
                    {"vp": 3, "for": "SIX_DEVEL"}]}
DESIGNS = (WORLD, COMET, LAB, HALL)


def _play(game: Game, choices: int, seed: int) -> Game:
    import random

    rng = random.Random(seed)
    for _ in range(choices):
        d = game.decision
        if d is None or d.kind == "dice":
            break
        game.apply(random_pick(d, rng))
    return game


@cache
def _table_controller_save() -> str:
    from rftg_nb.ui.table import TableController
    from rftg_nb.ui.table_seats import TableSettings

    c = TableController()
    c.new_game(TableSettings(3, ["Ann", "Bob", "Cy"], [False, False, True], seed=4,
                             level="random"))
    for _ in range(6):
        c.confirm_seat()
        d = c.decision
        if d is None:
            break
        assert c.answer(list(d.ids[: d.min]))
    return c.save()


@cache
def save_seeds() -> dict[str, Any]:
    """Real saves (parsed) by name: every shape of game the engine plays, a few choices in."""
    scripted = SoloGame.new(
        seed=4, difficulty="hard", player_start="Old Earth", robot_start="New Sparta",
        deck=["Gem World", "Spice World"], dice=[["explore", "settle"], ["develop", "x2"]],
        components={"start_worlds": {"New Sparta": {"robot_face": "explore"}}},
        name="Ann", custom_cards=[WORLD, HALL])
    scripted.adjust(credit=2, stack=1)
    games: dict[str, Game] = {
        "solo": _play(SoloGame.new(seed=3), 12, 3),
        "solo scripted": _play(scripted, 8, 4),
        "solo manual dice": _play(SoloGame.new(seed=5, difficulty="medium", dice="manual"),
                                  6, 5),
        "2 players advanced": _play(Game.new(players=2, seed=5), 20, 5),
        "2 players base": _play(Game.new(players=2, seed=6, expansion="base",
                                         advanced=False), 10, 6),
        "3 players goals": _play(Game.new(players=3, seed=7, names=["Ann", "Bob", "Cy"]),
                                 15, 7),
        "4 players chosen goals": _play(Game.new(
            players=4, seed=8, goals=["Greatest Military", "Galactic Status"]), 12, 8),
        "5 players": _play(Game.new(players=5, seed=9), 12, 9),
        "2 players drafted": _play(Game.new(players=2, seed=10, draft=True), 20, 10),
        "3 players drafted": _play(Game.new(players=3, seed=11, draft=True), 20, 11),
        "custom cards": _play(Game.new(players=2, seed=12, custom_cards=list(DESIGNS)), 15,
                              12),
        "position": _play(Game.from_position({
            "players": [{"tableau": ["Old Earth", {"card": "Gem World", "good": True}],
                         "hand": ["Spice World", "Colony Ship"], "vp": 2},
                        {"tableau": ["Alpha Centauri"], "hand": ["Mining World"]}],
            "round": 3, "deck": ["Hive World"], "goals": ["Galactic Status"]}, seed=13),
            4, 13),
    }
    seeds = {name: json.loads(g.to_json()) for name, g in games.items()}
    seeds["table"] = json.loads(_table_controller_save())
    return seeds


@cache
def card_seeds() -> dict[str, Any]:
    """Real custom card documents: a file (``to_file_data``), a bare list, one design."""
    from rftg_nb.cards.custom import to_file_data

    file_data = to_file_data(list(DESIGNS))
    return {"card file": file_data, "design list": copy.deepcopy(file_data["designs"]),
            "one design": [{**copy.deepcopy(HALL), "name": "Fuzz Hall 2",
                            "bonuses": [{"vp": 2, "for": "NAME", "name": "Old Earth"}]}]}


@cache
def component_seeds() -> dict[str, Any]:
    """Real component overrides, plain and marked, and the packaged file itself."""
    from importlib import resources

    packaged = json.loads(resources.files("rftg_nb.robot").joinpath("components.json")
                          .read_text())
    return {
        "override": {"start_worlds": {"New Sparta": {"robot_face": "explore"}},
                     "vp_pool": 20, "difficulty": {"hard": {"counter_vp": 8}}},
        "marked override": {"dice": {"a": {"value": ["explore", "develop", "settle", "trade",
                                                     "produce", "match"],
                                           "reason": "my dice"}}},
        "packaged": {k: v for k, v in packaged.items() if k not in ("format", "version")},
    }


def seeds_of(kind: str) -> dict[str, Any]:
    """The real documents of ``kind``: ``"save"``, ``"cards"`` or ``"components"``."""
    return {"save": save_seeds, "cards": card_seeds, "components": component_seeds}[kind]()


# ------------------------------------------------------------------------------ mutations
MUTATION_DEPTH = 40  # nodes deeper than this are left alone (they sit in a nest already)
MAX_COST = 4_000_000  # about the largest document (as JSON text) a mutation makes
MUTATIONS = ("replace", "replace", "retype", "delete", "add key", "nest", "giant", "duplicate",
             "truncate")


def retyped(v: Any) -> st.SearchStrategy[Any]:
    """Values of another type (or an edge of the same type) standing in for ``v``."""
    if isinstance(v, bool):
        return st.sampled_from([int(v), float(v), str(v).lower(), not v, None, [v]])
    if isinstance(v, int):
        return st.sampled_from([float(v) if abs(v) < 10**300 else math.inf, bool(v % 2),
                                str(v), -v, v + 1, v - 1, 10**30, -(10**30), HUGE_INT,
                                math.nan, math.inf, [v], None])
    if isinstance(v, float):
        return st.sampled_from([int(v) if math.isfinite(v) else 0, str(v), math.nan,
                                -math.inf, None])
    if isinstance(v, str):
        return st.sampled_from([v.upper(), v + "\ud800", v[:1], " " + v, v * 2, [v], {v: v},
                                len(v), None, ""])
    if isinstance(v, list):
        return st.sampled_from([v[::-1], v[:1], [], {str(i): x for i, x in enumerate(v)},
                                None])
    if isinstance(v, dict):
        return st.sampled_from([list(v.values()), list(v), {}, None, [v]])
    return st.sampled_from([0, "", None, [], {}])


@st.composite
def mutation(draw: st.DrawFn, doc: Any) -> tuple[Any, str]:
    """One change to ``doc`` (which is changed in place below its root): the new document
    and a word on what was done."""
    entries = list(walk(doc, limit=5000, max_depth=MUTATION_DEPTH))
    paths = [p for p, _ in entries]
    op = draw(st.sampled_from(MUTATIONS))
    path = draw(st.sampled_from(paths))
    node = get_at(doc, path)
    where = "/".join(str(p) for p in path) or "<root>"
    if op == "replace":
        return set_at(doc, path, draw(json_values(10))), f"replace {where}"
    if op == "retype":
        return set_at(doc, path, draw(retyped(node))), f"retype {where}"
    if op == "delete" and path:
        return delete_at(doc, path), f"delete {where}"
    if op == "add key":
        dicts = [p for p, v in entries if isinstance(v, dict)]
        if dicts:
            p = draw(st.sampled_from(dicts))
            get_at(doc, p)[draw(json_keys())] = draw(json_values(6))
            return doc, f"add a key at {'/'.join(map(str, p)) or '<root>'}"
    if op == "nest":
        depth = draw(st.sampled_from(DEPTHS))
        deep = nest(node, depth) if draw(st.booleans()) else nestd(node, depth, draw(json_keys()))
        return set_at(doc, path, deep), f"nest {where} {depth} deep"
    if op == "giant" and cost(doc) < MAX_COST - GIANT:
        char = draw(st.sampled_from(["x", "\u00e9", "\ud800", "0", "[", " "]))
        return set_at(doc, path, char * GIANT), f"giant string at {where}"
    if op == "duplicate":
        lists = [p for p, v in entries if isinstance(v, list) and v]
        if lists:
            p = draw(st.sampled_from(lists))
            items = get_at(doc, p)
            i = draw(st.integers(0, len(items) - 1))
            room = (MAX_COST - cost(doc)) // cost(items[i])
            times = draw(st.sampled_from([t for t in (2, 3, 60, 5000) if t <= room] or [1]))
            items[i:i + 1] = [items[i]] * times  # the same node, as a JSON reader sees it
            return doc, f"duplicate {'/'.join(map(str, (*p, i)))} x{times}"
    if op == "truncate" and isinstance(node, (list, str)) and node:
        return set_at(doc, path, node[: draw(st.integers(0, len(node) - 1))]), \
            f"truncate {where}"
    return set_at(doc, path, draw(json_leaves())), f"replace {where} by a scalar"


@st.composite
def mutated(draw: st.DrawFn, kind: str, most: int = 3) -> Doc:
    """A real document of ``kind`` (``"save"``, ``"cards"`` or ``"components"``) with one to
    ``most`` changes."""
    seeds = seeds_of(kind)
    name = draw(st.sampled_from(sorted(seeds)))
    doc = copy.deepcopy(seeds[name])
    done = []
    for _ in range(draw(st.integers(1, most))):
        doc, what = draw(mutation(doc))
        done.append(what)
    return Doc(doc, origin=f"{name}: {'; '.join(done)}", ensure_ascii=draw(st.booleans()))


def json_docs(values: st.SearchStrategy[Any], origin: str = "arbitrary") -> st.SearchStrategy[Doc]:
    return st.builds(lambda v, a: Doc(v, origin=origin, ensure_ascii=a), values, st.booleans())


@st.composite
def raw_texts(draw: st.DrawFn, seed_kind: str) -> Doc:
    """Raw text or bytes: random, a real document cut short, re-encoded or with a bad byte."""
    seeds = seeds_of(seed_kind)
    kind = draw(st.sampled_from(["text", "bytes", "cut", "encoding", "bad byte", "brackets"]))
    if kind == "text":
        return Doc(draw(st.text(st.characters(exclude_categories=()), max_size=40)), "text",
                   "random text")
    if kind == "bytes":
        return Doc(draw(st.binary(max_size=40)), "bytes", "random bytes")
    name = draw(st.sampled_from(sorted(seeds)))
    text = json.dumps(seeds[name])
    if kind == "cut":
        return Doc(text[: draw(st.integers(0, len(text) - 1))], "text", f"{name} cut short")
    if kind == "encoding":
        codec = draw(st.sampled_from(["utf-16", "utf-32", "utf-8-sig", "latin-1", "cp1252"]))
        t = json.dumps(seeds[name], ensure_ascii=False).replace('"Ann"', '"Änn"')
        return Doc(t.encode(codec, "replace"), "bytes", f"{name} in {codec}")
    if kind == "bad byte":
        data = text.encode()
        i = draw(st.integers(0, len(data)))
        bad = draw(st.sampled_from([b"\xff", b"\x80", b"\xc3", b"\xed\xa0\x80", b"\x00"]))
        return Doc(data[:i] + bad + data[i:], "bytes", f"{name} with {bad!r} at {i}")
    depth = draw(st.sampled_from(DEPTHS))
    opener = draw(st.sampled_from(["[", '{"a":']))
    closer = "]" if opener == "[" else "}"
    return Doc(opener * depth + "1" + closer * depth, "text", f"{depth} brackets deep")


def save_shaped() -> st.SearchStrategy[Any]:
    """A save's outer shape with random set-up fields: gets past the format checks."""
    setup = st.fixed_dictionaries(
        {"players": st.sampled_from([1, 2, 3, 5]) | json_leaves(),
         "expansion": st.sampled_from(["tgs", "base"]) | json_leaves(),
         "advanced": st.booleans() | json_leaves()},
        optional={k: json_values(8) for k in ("names", "goals", "draft", "custom_cards",
                                               "solo", "position")},
    )
    return st.fixed_dictionaries(
        {"format": st.just("rftg_nb-game"), "version": st.just(1),
         "seed": st.integers(0, 99) | json_leaves(), "setup": setup,
         "choices": st.lists(st.lists(st.sampled_from(DOMAIN_STRINGS), max_size=3),
                             max_size=4) | json_values(6)},
        optional={"table": json_values(8), "app_version": st.just("0.1.0") | json_leaves()},
    )


def design_shaped() -> st.SearchStrategy[Any]:
    """A custom design's fields with values of any type."""
    return st.dictionaries(st.sampled_from(["name", "type", "cost", "vp", "good", "windfall",
                                            "military", "flags", "copies", "powers",
                                            "bonuses"]),
                           json_values(6), min_size=3, max_size=11)


def save_documents() -> st.SearchStrategy[Doc]:
    return st.one_of(json_docs(json_values()), json_docs(save_shaped(), "save-shaped"),
                     mutated("save"), mutated("save"), raw_texts("save"))


def card_documents() -> st.SearchStrategy[Doc]:
    designs = st.lists(st.one_of(design_shaped(), st.sampled_from(DESIGNS)), max_size=4)
    return st.one_of(json_docs(json_values()), json_docs(designs, "design-shaped"),
                     mutated("cards"), mutated("cards"), raw_texts("cards"))


def component_documents() -> st.SearchStrategy[Doc]:
    return st.one_of(json_docs(json_values()), mutated("components"),
                     mutated("components"), raw_texts("components"))


def _either(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(good, good, any_values())


def game_new_kwargs() -> st.SearchStrategy[Doc]:
    from rftg_nb.engine.goals import GOALS

    names = st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Di", "Ed", "\ud800", ""]),
                     min_size=1, max_size=6)
    goals = st.one_of(st.none(), st.booleans(),
                      st.lists(st.sampled_from(sorted(GOALS)), max_size=4, unique=True))
    kwargs = st.fixed_dictionaries({}, optional={
        "players": _either(st.integers(1, 6)),
        "seed": _either(st.integers(0, 10**6)),
        "expansion": _either(st.sampled_from(["tgs", "base"])),
        "advanced": _either(st.none() | st.booleans()),
        "names": _either(names),
        "goals": _either(goals),
        "draft": _either(st.booleans()),
        "custom_cards": _either(st.lists(st.sampled_from(DESIGNS), max_size=2, unique_by=id)),
    })
    return st.builds(lambda k: Doc(k, "kwargs", "Game.new arguments"), kwargs)


def solo_new_kwargs() -> st.SearchStrategy[Doc]:
    from rftg_nb.robot.components import DIFFICULTIES, FACES, START_WORLDS

    pair = st.lists(st.sampled_from(FACES), min_size=2, max_size=2)
    kwargs = st.fixed_dictionaries({}, optional={
        "seed": _either(st.integers(0, 10**6)),
        "difficulty": _either(st.sampled_from(DIFFICULTIES)),
        "player_start": _either(st.none() | st.sampled_from(START_WORLDS)),
        "robot_start": _either(st.none() | st.sampled_from(START_WORLDS)),
        "deck": _either(st.lists(st.sampled_from(["Gem World", "Old Earth", "Fuzz Moon",
                                                  "Spice World", "Colony Ship"]),
                                 max_size=3)),
        "dice": _either(st.just("manual") | st.lists(pair, max_size=3)),
        "components": _either(st.sampled_from(sorted(component_seeds().values(),
                                                     key=json.dumps))),
        "name": _either(st.sampled_from(["You", "Ann", "", "\ud800"])),
        "custom_cards": _either(st.lists(st.sampled_from(DESIGNS), max_size=2, unique_by=id)),
    })
    return st.builds(lambda k: Doc(k, "kwargs", "SoloGame.new arguments"), kwargs)


# ------------------------------------------------------------------------------ loaders
REFUSED = object()  # what a loader's ``call`` returns for a refusal that raises nothing


class Violation(AssertionError):
    """A loader broke a promise other than its error type (a changed game, a bad status, a
    load that does not save again)."""


@dataclass(frozen=True)
class Loader:
    """``call(doc)`` feeds one document to the loader under test; an exception that is an
    instance of ``allowed`` but not of ``denied`` is a refusal."""

    name: str
    family: str  # "save", "cards", "components", "game new" or "solo new"
    call: Callable[[Doc], Any]
    allowed: tuple[type[BaseException], ...]
    denied: tuple[type[BaseException], ...] = ()
    snippet: str = ""  # how to call it, with {doc} for the document's expression


def _same_save(game: Game, text: str) -> None:
    """An accepted document must give a game that saves and loads again to the same."""
    again = type(game).from_json(text)
    if again.to_json() != text:
        raise Violation("the loaded game saves to a document that loads differently")


def _from_json(cls: type[Game]) -> Callable[[Doc], Any]:
    def call(doc: Doc) -> Any:
        game = cls.from_json(doc.text())
        try:
            _same_save(game, game.to_json())
        except SaveFileError as e:
            raise Violation(f"the loaded game's own save is refused: {e}") from None
        return game
    return call


def _controller(kind: str) -> Any:
    """A fresh controller holding a good game, for one load to be judged against."""
    if kind == "solo":
        from rftg_nb.ui.controller import SoloController

        c = SoloController()
        assert c.load(json.dumps(save_seeds()["solo"])), c.status
        return c
    from rftg_nb.ui.table import TableController

    c = TableController()
    assert c.load(_table_controller_save()), c.status
    return c


def _state(c: Any) -> tuple[Any, ...]:
    g = c.game
    return (g, g.to_json(), g.decision, copy.deepcopy(c.settings),
            getattr(c, "shown", None), getattr(c, "pending_pass", None))


def _load_into(kind: str) -> Callable[[Doc], Any]:
    def call(doc: Doc) -> Any:
        c = _controller(kind)
        before = _state(c)
        ok = c.load(doc.text())
        if ok is True:
            if c.status.error:
                raise Violation(f"accepted but the status is an error: {c.status.text!r}")
            return True
        if ok is not False:
            raise Violation(f"load returned {ok!r}, not True or False")
        if not (c.status.error and c.status.text):
            raise Violation(f"refused without an error status: {c.status!r}")
        after = _state(c)
        names = ("game object", "game (to_json)", "decision", "settings", "shown",
                 "pending_pass")
        changed = [n for n, x, y in zip(names, before, after, strict=True)
                   if (x is not y if n == "game object" else x != y)]
        if changed:
            raise Violation(f"a refused load changed the controller's {', '.join(changed)}")
        return REFUSED
    return call


def _custom(fn_name: str) -> Callable[[Doc], Any]:
    def call(doc: Doc) -> Any:
        from rftg_nb.cards import custom

        out = getattr(custom, fn_name)(doc.obj())
        if fn_name == "check_designs":
            # designs that pass the check must also write to a file and read back
            data = json.loads(json.dumps(custom.to_file_data(doc.obj())))
            custom.from_file_data(data)
        return out
    return call


_tmp = Path(tempfile.gettempdir()) / f"rftg_nb_loader_fuzz_{os.getpid()}"


def _file_of(doc: Doc) -> Path:
    _tmp.mkdir(exist_ok=True)
    path = _tmp / "case.json"
    path.write_bytes(doc.data())
    return path


def _read_designs(doc: Doc) -> Any:
    from rftg_nb.cards.custom import read_designs

    return read_designs(_file_of(doc))


def _read_overrides(doc: Doc) -> Any:
    from rftg_nb.robot.components import load_components, read_overrides

    return load_components(read_overrides(_file_of(doc)))


def _load_components(doc: Doc) -> Any:
    from rftg_nb.robot.components import load_components

    return load_components(doc.obj())


def _new_with_cards(cls: type[Game]) -> Callable[[Doc], Any]:
    def call(doc: Doc) -> Any:
        game = cls.new(seed=1, custom_cards=doc.obj())
        _reloads(game)
        return game
    return call


def _solo_with_components(doc: Doc) -> Any:
    game = SoloGame.new(seed=1, components=doc.obj())
    _reloads(game)
    return game


def _reloads(game: Game) -> None:
    text = game.to_json()
    try:
        _same_save(game, text)
    except SaveFileError as e:
        raise Violation(f"a game that starts does not load from its save: {e}") from None


def _new(cls: type[Game]) -> Callable[[Doc], Any]:
    def call(doc: Doc) -> Any:
        game = cls.new(**doc.value)
        _reloads(game)
        return game
    return call


NOT_TYPED = (UnicodeError, json.JSONDecodeError)  # ValueErrors that only Python raises


def loaders() -> dict[str, Loader]:
    from rftg_nb.engine.table import TableGame

    save = (SaveFileError,)
    cards = (CustomCardError,)
    out = [
        Loader("Game.from_json", "save", _from_json(Game), save, (),
               "Game.from_json({text})"),
        Loader("SoloGame.from_json", "save", _from_json(SoloGame), save, (),
               "SoloGame.from_json({text})"),
        Loader("TableGame.from_json", "save", _from_json(TableGame), save, (),
               "TableGame.from_json({text})"),
        Loader("SoloController.load", "save", _load_into("solo"), (), (),
               "SoloController().load({text})  # with a game in play"),
        Loader("TableController.load", "save", _load_into("table"), (), (),
               "TableController().load({text})  # with a game in play"),
        Loader("check_designs", "cards", _custom("check_designs"), cards, (),
               "check_designs({doc})"),
        Loader("from_file_data", "cards", _custom("from_file_data"), cards, (),
               "from_file_data({doc})"),
        Loader("database_with", "cards", _custom("database_with"), cards, (),
               "database_with({doc})"),
        Loader("read_designs", "cards", _read_designs, cards, (),
               "p.write_bytes({data}); read_designs(p)"),
        Loader("Game.new(custom_cards)", "cards", _new_with_cards(Game), (ValueError,),
               NOT_TYPED, "Game.new(seed=1, custom_cards={doc})"),
        Loader("SoloGame.new(custom_cards)", "cards", _new_with_cards(SoloGame),
               (ValueError,), NOT_TYPED, "SoloGame.new(seed=1, custom_cards={doc})"),
        Loader("load_components", "components", _load_components, (ComponentError,), (),
               "load_components({doc})"),
        Loader("read_overrides", "components", _read_overrides, (ComponentError,), (),
               "p.write_bytes({data}); load_components(read_overrides(p))"),
        Loader("SoloGame.new(components)", "components", _solo_with_components,
               (ValueError,), NOT_TYPED, "SoloGame.new(seed=1, components={doc})"),
        Loader("Game.new", "game new", _new(Game), (ValueError,), NOT_TYPED,
               "Game.new(**{doc})"),
        Loader("SoloGame.new", "solo new", _new(SoloGame), (ValueError,), NOT_TYPED,
               "SoloGame.new(**{doc})"),
    ]
    return {x.name: x for x in out}


def family(name: str) -> list[Loader]:
    return [x for x in loaders().values() if x.family == name]


# ------------------------------------------------------------------------------ running
@dataclass
class Outcome:
    loader: str
    verdict: str  # "accepted", "refused" or "failed"
    seconds: float
    error: BaseException | None = None

    @property
    def kind(self) -> str:
        return "" if self.error is None else type(self.error).__name__

    @property
    def where(self) -> str:
        """The innermost frame of the package in the error's traceback (file:line, function),
        which with the kind tells one bug from another."""
        if self.error is None:
            return ""
        if isinstance(self.error, Slow):
            return "time limit"
        frames = traceback.extract_tb(self.error.__traceback__)
        ours = [f for f in frames if "rftg_nb" in f.filename and "/tests/" not in f.filename]
        f = (ours or frames or [None])[-1]
        if f is None:
            return "?"
        path = f.filename
        for top in ("rftg_nb/", "tests/"):
            if top in path:
                path = top + path.rsplit(top, 1)[1]
                break
        if isinstance(self.error, Violation):
            text = str(self.error)
            named = re.search(r"field '([^']*)'", text)
            what = re.sub(r"\[\d+\]", "[i]", named.group(1)) if named else ""
            return f"{path}:{f.name}: {text.split(':')[0]} {what}".rstrip()
        return f"{path}:{f.lineno} in {f.name}"

    @property
    def signature(self) -> tuple[str, str, str]:
        return (self.loader, self.kind, self.where)

    def message(self) -> str:
        if self.error is None:
            return ""
        text = str(self.error)
        return text if len(text) < 300 else text[:300] + "..."


class Slow(AssertionError):
    """A loader took longer than the benchmark's :data:`TIME_LIMIT` on one document."""


def run(loader: Loader, doc: Doc, limit: float | None = None) -> Outcome:
    """Feed ``doc`` to ``loader`` once and judge the result (never raises for the loader's
    sake); with a ``limit`` (the benchmark's :data:`TIME_LIMIT`), a load slower than that many
    seconds fails too."""
    doc.prepare()
    start = time.perf_counter()
    try:
        result = loader.call(doc)
    except Violation as e:
        return Outcome(loader.name, "failed", time.perf_counter() - start, e)
    except Exception as e:
        seconds = time.perf_counter() - start
        if isinstance(e, loader.allowed) and not isinstance(e, loader.denied):
            verdict = "refused"
        else:
            return Outcome(loader.name, "failed", seconds, e)
    else:
        seconds = time.perf_counter() - start
        verdict = "refused" if result is REFUSED else "accepted"
    if limit is not None and seconds > limit:
        return Outcome(loader.name, "failed", seconds,
                       Slow(f"{loader.name} took {seconds:.2f} s (limit {limit} s)"))
    return Outcome(loader.name, verdict, seconds)


def check(loaders_: list[Loader], doc: Doc) -> list[Outcome]:
    """Run every loader on ``doc``; re-raise the first failure's own exception (so that
    hypothesis tells bugs apart by where they are raised) with notes naming the loaders."""
    outcomes = [run(x, doc) for x in loaders_]
    failed = [o for o in outcomes if o.verdict == "failed"]
    if failed:
        err = failed[0].error
        assert err is not None
        for o in failed:
            err.add_note(f"loader {o.loader}: {o.kind} at {o.where}: {o.message()[:200]}")
        err.add_note(f"document: {doc!r}")
        raise err
    return outcomes


# ------------------------------------------------------------------------------ shrinking
KEEP_DEEP = 1500  # the shrinker leaves a deep chain at least this deep
def _shrink_walk(doc: Any, limit: int = 3000) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """As :func:`walk`, but from the top of a deep chain straight to the value it wraps."""
    queue: list[tuple[tuple[Any, ...], Any]] = [((), doc)]
    i = 0
    while i < len(queue) and i < limit:
        path, v = queue[i]
        i += 1
        yield path, v
        depth, key = chain(v) if isinstance(v, (list, dict)) else (0, None)
        if depth >= 4:
            queue.append(((*path, *([0] if key is None else [key]) * depth),
                          _unwrap(v, depth)))
        elif isinstance(v, list):
            queue.extend(((*path, j), x) for j, x in enumerate(v))
        elif isinstance(v, dict):
            queue.extend(((*path, k), x) for k, x in v.items())


def _candidates(doc: Any) -> Iterator[Any]:
    """Smaller documents than ``doc``, the boldest first (each a fresh value; ``doc`` is not
    changed)."""
    for path, node in _shrink_walk(doc):
        options: list[Any] = []
        depth, key = chain(node) if isinstance(node, (list, dict)) else (0, None)
        if depth >= 2:  # cut a deep chain by a half, a quarter, ... of its depth
            cut = depth // 2
            while cut >= 1:
                # a chain that is deep because it is deep stays deep enough to break a
                # fresh interpreter's recursion limit too, not only this harness's deeper stack
                if depth < 500 or depth - cut >= KEEP_DEEP:
                    options.append(("cut", cut))
                cut //= 2
        if path:
            options.append(("delete", None))
        options += [("set", None), ("set", 0), ("set", ""), ("set", []), ("set", {})]
        if isinstance(node, (str, bytes, list)) and len(node) > 1:
            options += [("set", node[: len(node) // 2]), ("set", node[len(node) // 2:])]
        if isinstance(node, list) and len(node) > 1:
            options += [("drop", i) for i in range(min(len(node), 40))]
        if isinstance(node, int) and not isinstance(node, bool) and abs(node) > 1:
            options.append(("set", 1))
        for what, arg in options:
            if what == "set" and (type(arg) is type(node) and arg == node):
                continue
            new = _shallow_copy_along(doc, path)
            if what == "cut":
                yield set_at(new, path, _unwrap(node, arg))
            elif what == "delete":
                yield delete_at(new, path)
            elif what == "drop":
                items = list(node)
                del items[arg]
                yield set_at(new, path, items)
            else:
                yield set_at(new, path, arg)


def _shallow_copy_along(doc: Any, path: tuple[Any, ...]) -> Any:
    """A copy of ``doc`` sharing everything but the containers on ``path``, so that a change
    at ``path`` leaves ``doc`` as it was."""
    if not isinstance(doc, (list, dict)):
        return doc
    root = copy.copy(doc)
    node = root
    for p in path[:-1]:
        child = copy.copy(node[p])
        node[p] = child
        node = child
    return root


def shrink(loader: Loader, doc: Doc, signature: tuple[str, str, str],
           seconds: float = 10.0) -> Doc:
    """A smaller document that fails ``loader`` the same way (greedy, within ``seconds``)."""
    deadline = time.perf_counter() + seconds
    best = doc
    if doc.form in ("text", "bytes"):
        value = doc.value
        while len(value) > 1 and time.perf_counter() < deadline:
            for part in (value[: len(value) // 2], value[len(value) // 2:]):
                trial = Doc(part, doc.form, doc.origin)
                if run(loader, trial, TIME_LIMIT).signature == signature:
                    value, best = part, trial
                    break
            else:
                break
        return best
    best_cost = cost(doc.value)
    improved = True
    while improved and time.perf_counter() < deadline:
        improved = False
        for value in _candidates(best.value):
            if time.perf_counter() > deadline:
                break
            c = cost(value)
            if c >= best_cost:
                continue
            trial = Doc(value, doc.form, doc.origin, doc.ensure_ascii)
            if run(loader, trial, TIME_LIMIT).signature == signature:
                best, best_cost, improved = trial, c, True
                break
    return best


def reproducer(loader: Loader, doc: Doc) -> str:
    """Python lines that show the failure (run from the repository root)."""
    expr = describe(doc.value, 3000, deepen=True)
    if doc.form == "json":
        text = f"dumps({expr}{', ensure_ascii=False' if not doc.ensure_ascii else ''})"
        data = f"{text}.encode('utf-8', 'surrogatepass')"
    elif doc.form == "text":
        text, data = expr, f"{expr}.encode('utf-8', 'surrogatepass')"
    else:
        text = data = expr
    return loader.snippet.format(text=text, doc=expr, data=data)
