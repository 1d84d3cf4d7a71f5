"""The compiled build of the rules engine (pyproject.toml holds everything else).

Without ``RFTG_NB_COMPILE=1`` this adds nothing: the package is plain Python. With it, mypyc
(``pip install mypy``) compiles the modules of ``rftg_nb/_native.py``'s ``NATIVE_MODULES`` from
the same source into C extensions, which Python then imports in place of the ``.py`` files
beside them, and records a digest of the sources compiled (``rftg_nb/_native_build.json``)
once every extension is built and in place, never before: a build that no longer matches its
sources, or that did not finish, is not used. ``make install`` builds in place; see the
README's "The compiled engine".
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _native() -> Any:
    """rftg_nb/_native.py, read on its own (the package itself is not imported to build it)."""
    spec = importlib.util.spec_from_file_location("rftg_nb_native", ROOT / "rftg_nb" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiled() -> tuple[list[Any], str | None]:
    """mypyc's extensions of the compiled modules, and the digest of the sources it read (taken
    before it reads them: an edit while it compiles leaves the build stale); none without
    ``RFTG_NB_COMPILE=1``."""
    if os.environ.get("RFTG_NB_COMPILE") != "1":
        return [], None
    from mypyc.build import mypycify  # only this build needs mypy

    native = _native()
    digest = native.source_digest(ROOT)
    # Modules outside the list are read for their types only, their own type errors not
    # reported (they run as Python); dependencies without type information are Any.
    return mypycify(["--ignore-missing-imports", "--follow-imports=silent",
                     *native.NATIVE_MODULES], group_name=native.GROUP), digest


EXTENSIONS, DIGEST = _compiled()


class BuildExt(build_ext):
    """setuptools' build_ext, which records the compiled sources' digest beside the
    extensions once they are all built and in place (:func:`rftg_nb._native.build_and_record`)."""

    def run(self) -> None:
        if DIGEST is None:
            super().run()
            return
        # in place beside the sources (make install), or into the tree a wheel is made from
        root = ROOT if self.inplace else Path(self.build_lib)
        _native().build_and_record(super().run, root, DIGEST)


setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildExt})
