"""The board's page script is ES modules, one a concern (rftg_nb/ui/board/), joined into the
widget's one module by ``rftg_nb.ui.board.board_module``. Joined, they share one scope, so what
holds here is what makes the joining safe: each module imports only modules before it, only
names they export, and no two modules declare the same top-level name."""

from __future__ import annotations

import re

import pytest

from rftg_nb.ui import board
from rftg_nb.ui.board import BOARD_DIR, BOARD_MODULES, SIBLING_IMPORT, board_module

TOP_LEVEL = re.compile(r"^(export )?(?:async )?(?:function|const|let|class) (\w+)", re.M)


def _text(name: str) -> str:
    return (BOARD_DIR / f"{name}.js").read_text(encoding="utf-8")


def test_every_module_file_is_joined_and_every_joined_module_is_a_file() -> None:
    assert sorted(p.stem for p in BOARD_DIR.glob("*.js")) == sorted(BOARD_MODULES)


def test_each_module_imports_only_names_that_modules_before_it_export() -> None:
    exported = {}
    for i, name in enumerate(BOARD_MODULES):
        text = _text(name)
        left = SIBLING_IMPORT.sub("", text)
        assert "import " not in left, f"{name}.js: an import the joining would miss"
        for names, dep in SIBLING_IMPORT.findall(text):
            assert dep in BOARD_MODULES[:i], f"{name}.js imports {dep}.js, not before it"
            wanted = {n.strip() for n in names.split(",") if n.strip()}
            missing = wanted - exported[dep]
            assert not missing, f"{name}.js imports {missing} from {dep}.js"
        exported[name] = {m.group(2) for m in TOP_LEVEL.finditer(text) if m.group(1)}


def test_no_two_modules_declare_the_same_top_level_name() -> None:
    where: dict[str, str] = {}
    for name in BOARD_MODULES:
        for m in TOP_LEVEL.finditer(_text(name)):
            twice = where.get(m.group(2))
            assert twice is None, f"{m.group(2)} in {twice}.js and {name}.js"
            where[m.group(2)] = name


def test_the_joined_module_has_one_export_the_widgets_and_no_imports() -> None:
    joined = board_module()
    assert re.findall(r"^export .*", joined, re.M) == ["export default { render };"]
    assert not re.search(r"^import ", joined, re.M)
    assert board.Board._esm == joined
    for name in BOARD_MODULES:
        assert f"// ---- board/{name}.js" in joined


def test_a_module_importing_one_that_comes_after_it_is_refused(monkeypatch, tmp_path) -> None:
    for name in BOARD_MODULES:
        (tmp_path / f"{name}.js").write_text(_text(name), encoding="utf-8")
    (tmp_path / "util.js").write_text('import { drawParts } from "./parts.js";\n'
                                      + _text("util"), encoding="utf-8")
    monkeypatch.setattr(board, "BOARD_DIR", tmp_path)
    with pytest.raises(board.BoardModuleError, match="util.js imports ./parts.js"):
        board.board_module()


def test_the_page_names_the_kinds_of_decision_through_python():
    """The page's script compares a question's kind with ``KIND``, which the joined module
    makes from ``rftg_nb.engine.kinds.Kind``; no module spells a kind itself."""
    import re

    from rftg_nb.engine.kinds import Kind

    names = "|".join(k.value for k in Kind)
    spelt = re.compile(r"""\.kind\s*[!=]==?\s*["'](""" + names + r""")["']""")
    for name in BOARD_MODULES:
        text = (BOARD_DIR / f"{name}.js").read_text(encoding="utf-8")
        assert not spelt.search(text), f"{name}.js spells a kind of decision"
    joined = board_module()
    assert joined.index("const KIND = Object.freeze(") < joined.index("// ---- board/util.js")
    for k in Kind:
        assert f'{k.name}: "{k.value}"' in joined
