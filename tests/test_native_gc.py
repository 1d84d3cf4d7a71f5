"""The compiled engine and Python's cyclic collector: what a game holds stays whole while
anything else holds it too, after the game itself is dropped.

A game is a cycle (its rules, a generator, hold the game), so the cyclic collector frees it.
The collector asks each object what it refers to (``tp_traverse``); a compiled class that named
one field twice, as mypyc makes it do for an attribute declared again in a subclass, made the
collector count that field's object as referred to twice. An object held by the game and by one
variable (a decision read off a game nobody keeps any more) then looked unreachable, and the
collector emptied it while it was still in use: a later read crashed the process or found a
cleared list. Here the rule that prevents it (each attribute declared in one class of a
hierarchy), every class's visits in the C of the build, the count itself, and the read after
the collector has run.
"""

from __future__ import annotations

import ast
import gc
import importlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rftg_nb._native import NATIVE_MODULES
from rftg_nb.engine.game import Game
from rftg_nb.robot.solo import SoloGame

ROOT = Path(__file__).resolve().parent.parent


def _declared(path: str) -> dict[str, set[str]]:
    """For each class a compiled module defines: the attributes it declares with a type, in its
    body (not a ClassVar) or as ``self.name: type`` in one of its methods."""
    out: dict[str, set[str]] = {}
    for node in ast.parse((ROOT / path).read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.ClassDef):
            continue
        names = out.setdefault(node.name, set())
        for item in node.body:
            if (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                    and "ClassVar" not in ast.unparse(item.annotation)):
                names.add(item.target.id)
        for method in node.body:
            if not isinstance(method, ast.FunctionDef):
                continue
            for item in ast.walk(method):
                if (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Attribute)
                        and isinstance(item.target.value, ast.Name)
                        and item.target.value.id == "self"):
                    names.add(item.target.attr)
    return out


def _all_declared() -> dict[type, set[str]]:
    """Each class of the compiled modules -> the attributes it declares itself."""
    out: dict[type, set[str]] = {}
    for path in NATIVE_MODULES:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        for name, names in _declared(path).items():
            out[getattr(module, name)] = names
    return out


def test_no_attribute_of_a_compiled_class_is_declared_again_in_a_subclass() -> None:
    declared = _all_declared()
    twice = []
    for cls in declared:
        seen: dict[str, str] = {}
        for base in reversed(cls.__mro__):
            for name in sorted(declared.get(base, ())):
                if name in seen:
                    twice.append(f"{cls.__name__}.{name}: {seen[name]} and {base.__name__}")
                seen.setdefault(name, base.__name__)
    assert not twice


#: the C that mypyc made for the build in this tree (``make install`` leaves it in build/)
GENERATED_C = ROOT / "build" / "rftg_nb"
TRAVERSE = re.compile(r"^\s*\w+_traverse\(\w+ \*self, visitproc visit, void \*arg\)\n"
                      r"\s*\{\n(.*?)\n\s*return", re.S | re.M)


def test_no_compiled_class_tells_the_collector_of_a_field_twice() -> None:
    """In the C of the build in this tree: every class's ``tp_traverse`` visits each field
    once (whatever else in mypyc could make it name one twice, a trait say)."""
    sources = sorted(GENERATED_C.rglob("*.c")) if GENERATED_C.is_dir() else []
    if not sources:
        pytest.skip("no compiled build's C in this tree (make install leaves it in build/)")
    twice, seen = [], 0
    for source in sources:
        for match in TRAVERSE.finditer(source.read_text(encoding="utf-8")):
            seen += 1
            fields = re.findall(r"Py_VISIT\(self->(\w+)\)", match.group(1))
            twice += [f"{source.name}: {field}" for field, n in Counter(fields).items() if n > 1]
    assert seen > 100  # every compiled class (and generator and closure) has one
    assert not twice, twice


def _games() -> list[Game]:
    table = Game.new(players=3, seed=11, goals=True)
    for _ in range(12):  # into the game: cards placed, a discard, chips taken
        d = table.decision
        assert d is not None
        table.apply(list(d.ids[:d.min]))
    return [table, SoloGame.new(seed=4, difficulty="hard")]


def _visits(obj: Any, part: Any) -> int:
    """How many times the cyclic collector is told that ``obj`` refers to ``part`` (a class of
    the Python engine keeps its attributes in its ``__dict__``: counted through it)."""
    seen = gc.get_referents(obj)
    own = getattr(obj, "__dict__", None)
    if own is not None and any(x is own for x in seen):
        seen = [x for x in seen if x is not own] + list(own.values())
    return sum(x is part for x in seen)


def test_the_collector_is_told_of_each_part_of_a_game_once_for_each_attribute_holding_it() -> None:
    declared = _all_declared()
    for game in _games():
        names = set().union(*(declared.get(base, set()) for base in type(game).__mro__))
        held: Counter[int] = Counter()
        parts = {}
        for name in names:
            value = getattr(game, name, None)
            if gc.is_tracked(value):
                held[id(value)] += 1
                parts[id(value)] = (name, value)
        assert len(parts) > 10
        for key, (name, value) in parts.items():
            assert _visits(game, value) == held[key], (type(game).__name__, name)


#: run in a process of its own: a collector that frees what is still held may crash it
HELD_AFTER_THE_GAME = """
import gc, json
from rftg_nb.engine.game import Game
from rftg_nb.robot.solo import SoloGame

def parts(game):
    return game.decision, game.cards, game.deck, game.discard, game.setup

def read(decision, cards, deck, discard, setup):
    return [list(decision.ids), len(cards), len(deck), len(discard), sorted(setup)]

def kept(make):
    # The game is dropped here; its parts are held by variables alone (no list or tuple,
    # which the collector would see holding them).
    decision, cards, deck, discard, setup = parts(make())
    before = read(decision, cards, deck, discard, setup)
    gc.collect()
    return before, read(decision, cards, deck, discard, setup)

print(json.dumps({"table": kept(lambda: Game.new(players=2, seed=3)),
                  "solo": kept(lambda: SoloGame.new(seed=5, difficulty="hard"))}))
"""


def test_what_is_held_of_a_dropped_game_stays_whole_when_the_collector_frees_the_game() -> None:
    out = subprocess.run([sys.executable, "-c", HELD_AFTER_THE_GAME], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, (out.returncode, out.stderr[-2000:])
    report = json.loads(out.stdout.splitlines()[-1])
    for kind, (before, after) in report.items():
        assert before[0] and before[2] > 0 and before[4], kind  # a real question and deck
        assert after == before, kind
