"""The computer player asks the rules (``rftg_nb.engine.facts``) and never reads power codes.

Any reading of a power's code, atoms or the designs' powers under ``rftg_nb/ai/`` is a second
reading of the rules, which can (and did) disagree with the engine's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import rftg_nb.ai

AI_DIR = Path(rftg_nb.ai.__file__).parent
#: attributes that read a power (its code, its atoms, a design's powers) or the handler table
FORBIDDEN_ATTRIBUTES = frozenset({"code", "atoms", "powers", "powers_in", "phase_powers",
                                  "has", "HANDLERS"})
#: names imported from the engine that read powers
FORBIDDEN_NAMES = frozenset({"phase_powers", "powers_table", "goods_kinds", "HANDLERS"})
#: engine modules whose business is reading power codes
FORBIDDEN_MODULES = ("rftg_nb.engine.powers", "rftg_nb.engine.power_cache")


def rule_readings(source: str, filename: str = "<source>") -> list[str]:
    """Where ``source`` reads power codes: ``file:line: what``, in order."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            out.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = {f"{node.module}.{a.name}" for a in node.names}
            if any(m == node.module or m in names for m in FORBIDDEN_MODULES):
                out.append((node.lineno, f"import from {node.module}"))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in FORBIDDEN_MODULES:
                    out.append((node.lineno, f"import {a.name}"))
    return [f"{filename}:{line}: {what}" for line, what in sorted(out)]


def test_the_ai_reads_no_power_codes() -> None:
    found = []
    for path in sorted(AI_DIR.rglob("*.py")):
        found += rule_readings(path.read_text(encoding="utf-8"), str(path.relative_to(AI_DIR)))
    assert not found, "ask rftg_nb.engine.facts instead:\n" + "\n".join(found)


def test_the_scan_finds_each_kind_of_reading(tmp_path: Path) -> None:
    """A copy of an AI module with one reading added fails the scan, naming the line."""
    source = (AI_DIR / "plans.py").read_text(encoding="utf-8")
    assert rule_readings(source) == []
    for line in ("x = [p.code for p in d.powers_in(1)]", "y = pw.atoms",
                 "z = d.powers[0]", "w = pw.has('CONSUME_TWO')", "v = phase_powers(d, 4)",
                 "from rftg_nb.engine.power_cache import powers",
                 "from rftg_nb.engine import power_cache", "import rftg_nb.engine.powers"):
        copy = tmp_path / "plans.py"
        copy.write_text(source + "\n\ndef _reads(d, pw):\n    " + line + "\n", encoding="utf-8")
        found = rule_readings(copy.read_text(encoding="utf-8"), "plans.py")
        last = len(source.splitlines()) + 4
        assert found and all(f.startswith(f"plans.py:{last}:") for f in found), (line, found)
