"""The compiled engine: which modules mypyc compiles, and whether this run uses them.

The rules, the solitaire robot and the random player (:data:`NATIVE_MODULES`) are also built as
C extensions with mypyc, from the same source (``setup.py``: ``make install`` builds them in
place, beside the sources, and a wheel carries a build of its own where a C compiler works,
never one it did not make: :func:`remove_build`). Python would then import an extension in
place of its ``.py`` file even after the file was edited, so the build records a digest of the
sources it compiled (:data:`BUILD_RECORD`), written only once every extension is built and in
place (:func:`build_and_record`), and :func:`choose_engine`, run before anything else of the
package is imported, keeps to the sources when the record does not match them or an extension
is missing (a warning says so), or when ``RFTG_NB_PURE=1`` asks for them: then every compiled
module is loaded from its source, never a mix of the two. :data:`ENGINE` says which engine
this run uses.

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
from collections.abc import Callable, Sequence
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

#: What the compiled build compiles, as paths from the repository's root: the rules (with
#: their constants), the solitaire robot and the random player, which every game, replay and
#: look-ahead runs. The card layer, the AI and the app stay Python.
NATIVE_MODULES: tuple[str, ...] = (
    "rftg_nb/cards/model.py",
    "rftg_nb/constants.py",
    "rftg_nb/engine/answer_ids.py",
    "rftg_nb/engine/copies.py",
    "rftg_nb/engine/decision.py",
    "rftg_nb/engine/game.py",
    "rftg_nb/engine/goal_checks.py",
    "rftg_nb/engine/goals.py",
    "rftg_nb/engine/kinds.py",
    "rftg_nb/engine/piles.py",
    "rftg_nb/engine/power_cache.py",
    "rftg_nb/engine/powers.py",
    "rftg_nb/engine/rounds.py",
    "rftg_nb/engine/saves.py",
    "rftg_nb/engine/record.py",
    "rftg_nb/engine/scoring.py",
    "rftg_nb/engine/setup.py",
    "rftg_nb/engine/state.py",
    "rftg_nb/engine/views.py",
    "rftg_nb/engine/phases/consume.py",
    "rftg_nb/engine/phases/develop.py",
    "rftg_nb/engine/phases/explore.py",
    "rftg_nb/engine/phases/produce.py",
    "rftg_nb/engine/phases/settle.py",
    "rftg_nb/engine/phases/settle_powers.py",
    "rftg_nb/engine/phases/trade.py",
    "rftg_nb/players.py",
    "rftg_nb/robot/components.py",
    "rftg_nb/robot/dice.py",
    "rftg_nb/robot/mat.py",
    "rftg_nb/robot/numbers.py",
    "rftg_nb/robot/procedures.py",
    "rftg_nb/robot/rules.py",
    "rftg_nb/robot/sayings.py",
    "rftg_nb/robot/setup.py",
    "rftg_nb/robot/solo.py",
)
#: mypyc's group: its shared library is ``rftg_nb/_engine__mypyc.*``, inside the package, so
#: that an install that puts only the package on the path (an editable one) finds it
GROUP = "rftg_nb._engine"
#: that shared library, as a path from the repository's root without its suffix: every
#: compiled module's extension loads it
GROUP_LIBRARY = GROUP.replace(".", "/") + "__mypyc"
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


def write_record(root: Path, digest: str | None = None) -> None:
    """Record that the extensions under ``root`` were compiled from the sources of ``digest``
    (default: those under ``root`` now)."""
    record = {"digest": digest or source_digest(root), "modules": list(NATIVE_MODULES)}
    (root / "rftg_nb" / BUILD_RECORD).write_text(json.dumps(record, indent=1) + "\n",
                                                 encoding="utf-8")


def build_and_record(build: Callable[[], None], root: Path, digest: str) -> None:
    """Run ``build``, which puts the compiled modules' extensions under ``root`` (setup.py's
    build_ext), and record ``digest`` (the sources mypyc read) only once it has finished.
    The record of an earlier build is removed first, so a build that fails part way leaves
    its extensions, old, new or a mix, with no record: they are then never used."""
    (root / "rftg_nb" / BUILD_RECORD).unlink(missing_ok=True)
    build()
    write_record(root, digest)


def remove_build(root: Path) -> list[Path]:
    """Remove a compiled build from the package under ``root`` (a build folder a wheel is made
    from): its record and every extension file of the package, whatever sources they were
    built from. The files removed."""
    package = root / "rftg_nb"
    gone = [path for path in sorted(package.rglob("*"))
            if path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
            and path.is_file()]
    record = package / BUILD_RECORD
    if record.is_file():
        gone.append(record)
    for path in gone:
        path.unlink()
    return gone


def _extension(root: Path, stem: str) -> Path | None:
    """The extension file built for ``stem`` (a module's path without ``.py``), if any."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = root / (stem + suffix)
        if candidate.exists():
            return candidate
    return None


def missing_extensions(root: Path = PACKAGE.parent) -> list[str]:
    """The compiled modules, and mypyc's library that they all load, that have no extension
    file under ``root`` (paths without their suffix)."""
    stems = [path.removesuffix(".py") for path in NATIVE_MODULES]
    return [stem for stem in [*stems, GROUP_LIBRARY] if _extension(root, stem) is None]


def compiled_state(root: Path = PACKAGE.parent) -> str:
    """``"compiled"`` (a whole build matching the sources), ``"none"`` (no extension files),
    ``"stale"`` (extensions built from other sources, or with no record), ``"incomplete"``
    (some extension files missing: a build that did not finish, or a file removed) or
    ``"declined"`` (``RFTG_NB_PURE=1``)."""
    missing = missing_extensions(root)
    if all(path.removesuffix(".py") in missing for path in NATIVE_MODULES):
        return "none"
    if os.environ.get(PURE_VARIABLE) == "1":
        return "declined"
    if missing:
        return "incomplete"
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
    if state != "none":  # some extension files are there: none of them may be loaded
        sys.meta_path.insert(0, _Sources(root))
    if state == "stale":
        warnings.warn("rftg_nb: the compiled engine was built from other sources than these, "
                      "or its build did not finish, so the Python engine runs (`make "
                      "install` builds it again)", RuntimeWarning, stacklevel=3)
    elif state == "incomplete":
        missing = ", ".join(module_name(m) for m in missing_extensions(root))
        warnings.warn(f"rftg_nb: the compiled engine is incomplete (no extension file for "
                      f"{missing}), so the Python engine runs, for every module (`make "
                      "install` builds it again)", RuntimeWarning, stacklevel=3)
    return "python"


__all__ = ["BUILD_RECORD", "GROUP", "GROUP_LIBRARY", "NATIVE_MODULES", "build_and_record",
           "choose_engine", "compiled_state", "missing_extensions", "mypyc_attr",
           "remove_build", "source_digest", "trait", "write_record"]
