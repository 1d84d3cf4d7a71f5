"""The package's layers, read from the source: which module may import which.

- the card layer (``rftg_nb.cards``) never imports the engine, the robot, the AI or the UI,
  not even inside a function;
- the layers point one way: cards <- engine <- robot <- AI <- history, lab, lessons <- UI (the
  random player beside the engine, under the robot);
- no module imports below its first definition (an import at the bottom of a file is the mark
  of two modules that need each other's names; those live in ``rftg_nb.constants``);
- ``Game`` shows the protocol and the rules' hooks (``rftg_nb.engine.variant.Variant``) and
  nothing more: the helpers of the rules are module functions (``piles.draw(game, ...)``); a
  kind of game plugs in through the hooks only;
- no module reaches another's private names, nor imports them;
- no module is over 400 lines but the lessons' data.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "rftg_nb"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file, at any depth."""
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append((node.lineno, name))
    return out


def _reaches(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_imports_are_read_right():
    path = PACKAGE / "cards" / "custom.py"
    names = {n for _, n in _imports(path)}
    assert "rftg_nb.cards" in names  # ``from . import CARDS`` inside a function
    assert len(MODULES) > 40


@pytest.mark.parametrize("layer, banned", [
    ("rftg_nb.cards", ("rftg_nb.engine", "rftg_nb.robot", "rftg_nb.ai", "rftg_nb.ui",
                       "rftg_nb.lab", "rftg_nb.lessons", "rftg_nb.players")),
    ("rftg_nb.engine", ("rftg_nb.robot", "rftg_nb.ai", "rftg_nb.ui", "rftg_nb.lab",
                        "rftg_nb.lessons", "rftg_nb.history", "rftg_nb.players")),
    ("rftg_nb.robot", ("rftg_nb.ai", "rftg_nb.ui", "rftg_nb.lab", "rftg_nb.lessons",
                       "rftg_nb.history")),
    ("rftg_nb.players", ("rftg_nb.robot", "rftg_nb.ai", "rftg_nb.ui", "rftg_nb.lab",
                         "rftg_nb.lessons", "rftg_nb.history")),
    ("rftg_nb.ai", ("rftg_nb.ui", "rftg_nb.lab", "rftg_nb.lessons", "rftg_nb.history")),
    ("rftg_nb.history", ("rftg_nb.ui", "rftg_nb.lab", "rftg_nb.lessons")),
    ("rftg_nb.lab", ("rftg_nb.ui", "rftg_nb.lessons", "rftg_nb.history")),
    ("rftg_nb.lessons", ("rftg_nb.ui",)),
])
def test_a_layer_does_not_import_the_layers_above_it(layer: str, banned: tuple[str, ...]):
    found = [f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}"
             for path in MODULES if _reaches(_module(path), (layer,))
             for line, name in _imports(path) if _reaches(name, banned)]
    assert found == []


def test_no_import_sits_below_the_code():
    late = []
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        first_def = None
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                first_def = first_def or node.lineno
            elif isinstance(node, (ast.Import, ast.ImportFrom)) and first_def is not None:
                late.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert late == []


#: ``Game``'s public face: what people, the pages, the robot, the AI, the lab, the lessons and
#: the tests use. A name added here is a choice made on purpose; a helper of the rules is a
#: function of its module, and what the rules ask the game is a hook of ``Variant``.
GAME_PROTOCOL = frozenset({
    # construction and saves
    "new", "from_position", "from_json", "to_json", "SAVE_EXTRA",
    # the one door: the pending decision, its answer, the log, undo, copies (a step's, to play on)
    "decision", "apply", "choices", "answered", "undo", "at_step", "clone", "close",
    # a copy whose cards were changed (a look-ahead's) copied from its own states
    "copy_from_here", "copyable",
    # results
    "is_over", "scores", "score_breakdown", "winners", "winner", "tiebreak", "goals",
    # views
    "view", "events", "events_for", "snapshot",
    # the record: the one way to tell an event
    "tell",
    # the sides the scores name (the solitaire game's robot is one)
    "pool_size", "sides", "whose", "side_actor", "tableau_sizes",
})


def _hooks() -> set[str]:
    """The hooks of the rules: the members of ``Variant``."""
    from rftg_nb.engine.variant import Variant

    return {n for n in vars(Variant) if not n.startswith("_")}


def test_game_shows_the_protocol_and_nothing_more():
    from rftg_nb.engine.game import Game

    # A compiled class lists its instance attributes (players, events ...) among its names too.
    fields = set(getattr(Game, "__mypyc_attrs__", ()))
    public = {n for n in dir(Game) if not n.startswith("_")} - fields
    hooks = _hooks()
    assert sorted(hooks) == ["after_actions", "after_phase", "at_start", "end_reasons",
                             "more_places", "on_deal", "phases_of_round"]
    assert not hooks & GAME_PROTOCOL
    # a new public name: make it a choice here (or a hook of Variant)
    assert sorted(public - GAME_PROTOCOL - hooks) == []
    assert sorted((GAME_PROTOCOL | hooks) - public) == []
    assert "over" not in public  # one way to ask: is_over


#: what a kind of game may give of its own (the base game's are Game's): the hooks of the rules
#: (``Variant``: the deal, the phases a round runs, the steps after the actions and after each
#: phase, the end, the zones it adds), what it keeps after each answer and in its state, its
#: listeners and the sides it scores
VARIANT_HOOKS = frozenset({
    "on_deal", "phases_of_round", "after_actions", "after_phase", "end_reasons", "more_places",
    "_answered", "_state_part", "_take_part", "_own_listeners", "_rebuild_options",
    "_check_setup", "pool_size", "sides", "whose", "side_actor", "tableau_sizes", "new",
    "SAVE_EXTRA",
    # the solitaire game's results and views name the robot, one of its sides
    "scores", "score_breakdown", "tiebreak", "view", "snapshot",
})


def test_the_variant_hooks_are_the_rules_hooks():
    # every hook of the rules but at_start, which keeps the copies' marks (Game's own)
    assert _hooks() - {"at_start"} <= VARIANT_HOOKS


def test_a_kind_of_game_plugs_in_through_the_hooks_only():
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.table import TableGame
    from rftg_nb.robot.solo import SoloGame

    for kind in (SoloGame, TableGame):
        source = PACKAGE.parent / (kind.__module__.replace(".", "/") + ".py")
        tree = ast.parse(source.read_text(encoding="utf-8"))
        cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                   and n.name == kind.__name__)
        own = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
        overridden = {name for name in own if hasattr(Game, name)} - {"__init__"}
        assert sorted(overridden - VARIANT_HOOKS) == [], kind.__name__


def test_no_module_imports_the_package_inside_a_function():
    """No module imports any of the package inside a function (the mark of a cycle broken);
    a heavy library a rare call needs (pandas) may wait for that call, and so may a package's
    widget app, loaded on first use by the package's ``__getattr__`` (``rftg_nb.ui.SoloApp``
    imports ipywidgets)."""
    found = []
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if path.name == "__init__.py" and getattr(fn, "name", "") == "__getattr__":
                continue
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [f"{path.name}:{n.lineno}" for n in ast.walk(fn)
                          if isinstance(n, ast.ImportFrom) and n.module
                          and n.module.startswith("rftg_nb")
                          or isinstance(n, ast.Import)
                          and any(a.name.startswith("rftg_nb") for a in n.names)]
    assert found == []


def _own_names(tree: ast.Module) -> set[str]:
    """The underscored names a module makes its own: those it defines (functions, methods,
    classes), assigns to its own objects (``self._name = ...``, ``cls._name = ...``), declares
    in a class body (``_name: int``, ``_name = ...``) or lists in a class's ``__slots__``."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            own.add(node.attr)
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                targets = (item.targets if isinstance(item, ast.Assign) else
                           [item.target] if isinstance(item, ast.AnnAssign) else [])
                for target in targets:
                    if isinstance(target, ast.Name):
                        own.add(target.id)
                        if target.id == "__slots__" and isinstance(item.value, ast.Tuple):
                            own.update(e.value for e in item.value.elts
                                       if isinstance(e, ast.Constant))
    return {n for n in own if n.startswith("_")}


def private_reaches(source: str) -> list[str]:
    """Each ``x._name`` in ``source`` (not a dunder) where ``x`` is not ``self``, ``cls`` or
    ``super()`` and ``_name`` is not one of the module's own names (:func:`_own_names`), as
    "line: x._name"."""
    tree = ast.parse(source)
    own = _own_names(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            continue
        v = node.value
        if isinstance(v, ast.Name) and v.id in ("self", "cls"):
            continue
        if (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "super"
                and not v.args):
            continue
        if node.attr not in own:
            found.append(f"{node.lineno}: {ast.unparse(v)}.{node.attr}")
    return found


def test_the_scan_finds_a_reach_and_allows_a_class_its_own():
    assert private_reaches("def f(game):\n    game._deal()\n") == ["2: game._deal"]
    assert private_reaches("def f(game):\n    game._over = True\n") == ["2: game._over"]
    made_here = "class C:\n    def f(self, other):\n        self._a = other._a\n"
    assert private_reaches(made_here) == []  # the class's own field, of another instance
    own = ("class C:\n    __slots__ = ('_a',)\n    def f(self, other):\n"
           "        return other._a + super()._b() + self._c\n")
    assert private_reaches(own) == []
    assert private_reaches("def f(c):\n    return c._a.__name__ + c.__x\n") == ["2: c._a"]


def private_imports(source: str) -> list[str]:
    """Each underscored name (not a dunder) that ``source`` imports from another module, as
    "line: module.name" (a module imported under an underscored alias is its public name)."""
    return [f"{n.lineno}: {n.module}.{a.name}" for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.ImportFrom)
            for a in n.names if a.name.startswith("_") and not a.name.startswith("__")]


def test_the_import_scan_finds_a_private_name_and_lets_an_alias_be():
    assert private_imports("from .loader import _parse, check\n") == ["1: loader._parse"]
    assert private_imports("from rftg_nb.engine import rounds as _rounds\n") == []
    assert private_imports("from __future__ import annotations\n") == []


def test_no_module_reaches_another_s_private_names():
    """The rule: an underscored name may be used only by the module that makes it (defines
    it, assigns it to ``self`` or ``cls``, declares it in a class body or its ``__slots__``);
    elsewhere only ``self._x``, ``cls._x`` and ``super()._x`` are read. So a class's methods
    reach the private fields of another instance of their class (a copy being made, the other
    side of ``__eq__``), and any other underscored name of another module's class or object is
    a reach into its internals: what the rules need of a game is a hook of
    ``rftg_nb.engine.variant.Variant`` or a public field. Simple rather than exact, it lets a
    module use a private name of its own on any object (a name it overrides, or that its
    class and a module function share), never one made only elsewhere."""
    found = [f"{path.relative_to(PACKAGE.parent)}:{reach}" for path in MODULES
             for reach in private_reaches(path.read_text(encoding="utf-8"))]
    assert found == []


def test_no_module_imports_another_s_private_names():
    found = [f"{path.relative_to(PACKAGE.parent)}:{name}" for path in MODULES
             for name in private_imports(path.read_text(encoding="utf-8"))]
    assert found == []


MAX_LINES = 400
#: modules that are data, not code: the robot lessons (23 ``Lesson(...)`` tables, no function)
DATA_MODULES = {"rftg_nb.lessons.robot"}


def test_no_module_is_over_400_lines_but_the_lessons_data():
    over = {_module(path): n for path in MODULES
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert set(over) <= DATA_MODULES, over
    for name in DATA_MODULES:
        path = PACKAGE.parent / (name.replace(".", "/") + ".py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))], name
