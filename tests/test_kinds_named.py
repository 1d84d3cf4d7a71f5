"""Decision kinds are named through :class:`rftg_nb.engine.kinds.Kind` everywhere in the package,
never spelled as strings (issue 31: one registry of kinds).

The rule the scan applies to every module of ``rftg_nb``: where a decision's ``kind`` is
compared (``==``, ``!=``, ``in``, ``not in``) or looks up a literal dict, the other side holds no
string that is a decision kind's name, whether written in place or in a module constant the
comparison names (``d.kind in MID_ROUND``). Events have kinds too, some with the same names
(an event "actions" tells the actions chosen): a ``kind`` read from a name for an event (``e``,
``ev``, ``event``) is an event's and is not checked.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rftg_nb.engine.kinds import Kind

PACKAGE = Path(__file__).resolve().parents[1] / "rftg_nb"
NAMES = frozenset(k.value for k in Kind)
EVENT_NAMES = frozenset({"e", "ev", "event"})


def _is_decision_kind(node: ast.AST) -> bool:
    """``<something>.kind`` where the something is not an event."""
    if not (isinstance(node, ast.Attribute) and node.attr == "kind"):
        return False
    return not (isinstance(node.value, ast.Name) and node.value.id in EVENT_NAMES)


def _spelled(node: ast.AST, constants: dict[str, ast.AST]) -> list[str]:
    """The decision kinds' names spelled as strings in ``node`` (or in the module constant it
    names)."""
    if isinstance(node, ast.Name) and node.id in constants:
        node = constants[node.id]
    return [n.value for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in NAMES]


def spelled_kinds(source: str) -> list[tuple[int, str]]:
    """(line, name) for each decision kind spelled as a string against a decision's kind."""
    tree = ast.parse(source)
    constants: dict[str, ast.AST] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = stmt.value
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) \
                and stmt.value is not None:
            constants[stmt.target.id] = stmt.value
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_decision_kind(s) for s in sides):
                for s in sides:
                    if not _is_decision_kind(s):
                        found += [(node.lineno, name) for name in _spelled(s, constants)]
        elif isinstance(node, ast.Subscript) and _is_decision_kind(node.slice):
            if isinstance(node.value, ast.Dict):
                found += [(node.lineno, name) for name in _spelled(node.value, constants)]
    return found


def test_no_module_spells_a_decision_kind() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {name!r}"
             for path in sorted(PACKAGE.rglob("*.py")) if path.name != "kinds.py"
             for line, name in spelled_kinds(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_scan_finds_each_way_of_spelling_a_kind() -> None:
    source = '''
MID = ("develop", "settle")
PICKS = frozenset({"settle_second"})
def f(d, e, game):
    if d.kind == "actions": pass
    if "explore_keep" != game.decision.kind: pass
    if d.kind in MID: pass
    if d.kind not in PICKS: pass
    verb = {"trade": "Trade"}[d.kind]
    if e.kind == "actions": pass          # an event's kind: not checked
    if d.kind == Kind.ACTIONS: pass       # named: fine
    if d.player == "develop": pass        # no kind: not checked
'''
    assert spelled_kinds(source) == [
        (5, "actions"), (6, "explore_keep"), (7, "develop"), (7, "settle"),
        (8, "settle_second"), (9, "trade")]
