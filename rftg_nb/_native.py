"""The compiled engine: which modules mypyc compiles, and whether this run uses them.

The rules, the solitaire robot and the random player (:data:`NATIVE_MODULES`) are also built as
C extensions with mypyc, from the same source (``setup.py`` with ``RFTG_NB_COMPILE=1``; ``make
install`` does it in place, beside the sources). Python would then import an extension in
place of its ``.py`` file even after the file was edited, so the build records a digest of the
sources it compiled (:data:`BUILD_RECORD`), and :func:`choose_engine`, run before anything else
of the package is imported, keeps to the sources when the record does not match them (a warning
says so), or when ``RFTG_NB_PURE=1`` asks for them: then every compiled module is loaded from
its source, never a mix of the two. :data:`ENGINE` says which engine this run uses.

``trait`` marks a class mixed into another (mypyc compiles a class with more than one base
only when the others are traits); ``mypyc_attr`` passes a class option to mypyc. When the
package runs as plain Python (``mypy_extensions`` need not be installed) both change nothing.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr, trait
else:
    try:
        from mypy_extensions import mypyc_attr, trait
    except ImportError:
        def trait(cls: Any) -> Any:
            return cls

        def mypyc_attr(*_args: Any, **_kwargs: Any) -> Any:
            return lambda cls: cls

#: What the compiled build compiles, as paths from the repository's root: the rules, the
#: solitaire robot and the random player, which every game, replay and look-ahead runs. The
#: card layer, the AI and the app stay Python.
NATIVE_MODULES: tuple[str, ...] = (
    "rftg_nb/engine/decision.py",
    "rftg_nb/engine/game.py",
    "rftg_nb/engine/goals.py",
    "rftg_nb/engine/kinds.py",
    "rftg_nb/engine/piles.py",
    "rftg_nb/engine/power_cache.py",
    "rftg_nb/engine/powers.py",
    "rftg_nb/engine/rounds.py",
    "rftg_nb/engine/saves.py",
    "rftg_nb/engine/scoring.py",
    "rftg_nb/engine/state.py",
    "rftg_nb/engine/views.py",
    "rftg_nb/engine/phases/consume.py",
    "rftg_nb/engine/phases/develop.py",
    "rftg_nb/engine/phases/explore.py",
    "rftg_nb/engine/phases/produce.py",
    "rftg_nb/engine/phases/settle.py",
    "rftg_nb/players.py",
    "rftg_nb/robot/components.py",
    "rftg_nb/robot/dice.py",
    "rftg_nb/robot/mat.py",
    "rftg_nb/robot/procedures.py",
    "rftg_nb/robot/rules.py",
    "rftg_nb/robot/setup.py",
    "rftg_nb/robot/solo.py",
)
#: mypyc's group: its shared library is ``rftg_nb/_engine__mypyc.*``, inside the package, so
#: that an install that puts only the package on the path (an editable one) finds it
GROUP = "rftg_nb._engine"
#: written by the build beside this file: the digest of the sources it compiled
BUILD_RECORD = "_native_build.json"
#: set to 1, the sources run even where a compiled build matches them
PURE_VARIABLE = "RFTG_NB_PURE"

PACKAGE = Path(__file__).resolve().parent


def module_name(path: str) -> str:
    """``rftg_nb/engine/game.py`` -> ``rftg_nb.engine.game``."""
    return path.removesuffix(".py").replace("/", ".")


def source_digest(root: Path, modules: Sequence[str] = NATIVE_MODULES) -> str:
    """A digest of the compiled modules' sources under ``root`` (the repository's root, or
    the folder the package is installed in)."""
    h = hashlib.sha256()
    for path in modules:
        h.update(path.encode())
        h.update(b"\0")
        h.update((root / path).read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def write_record(root: Path) -> None:
    """Record the sources a build is about to compile (setup.py, before compiling)."""
    record = {"digest": source_digest(root), "modules": list(NATIVE_MODULES)}
    (root / "rftg_nb" / BUILD_RECORD).write_text(json.dumps(record, indent=1) + "\n",
                                                 encoding="utf-8")


def _extensions(root: Path) -> list[Path]:
    """The compiled modules' extension files present beside their sources."""
    found = []
    for path in NATIVE_MODULES:
        source = root / path
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            candidate = source.with_suffix(suffix)
            if candidate.exists():
                found.append(candidate)
    return found


def compiled_state(root: Path = PACKAGE.parent) -> str:
    """``"compiled"`` (a build matching the sources), ``"none"`` (no extension files),
    ``"stale"`` (extensions built from other sources, or with no record) or ``"declined"``
    (``RFTG_NB_PURE=1``)."""
    if not _extensions(root):
        return "none"
    if os.environ.get(PURE_VARIABLE) == "1":
        return "declined"
    try:
        record = json.loads((root / "rftg_nb" / BUILD_RECORD).read_text(encoding="utf-8"))
        built = record["digest"]
    except (OSError, ValueError, KeyError, TypeError):
        return "stale"
    return "compiled" if built == source_digest(root) else "stale"


class _Sources(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources first, so that their extensions are never loaded."""

    def __init__(self, root: Path) -> None:
        self.sources = {module_name(p): root / p for p in NATIVE_MODULES}

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def choose_engine(root: Path = PACKAGE.parent) -> str:
    """Decide, once, before the package imports any compiled module, which engine this run
    uses: ``"compiled"`` or ``"python"`` (the sources)."""
    state = compiled_state(root)
    if state == "compiled":
        return "compiled"
    if state in ("stale", "declined"):
        sys.meta_path.insert(0, _Sources(root))
    if state == "stale":
        warnings.warn("rftg_nb: the compiled engine was built from other sources than these, "
                      "so the Python engine runs (`make install` builds it again)",
                      RuntimeWarning, stacklevel=3)
    return "python"


__all__ = ["BUILD_RECORD", "GROUP", "NATIVE_MODULES", "choose_engine", "compiled_state",
           "mypyc_attr", "source_digest", "trait", "write_record"]
