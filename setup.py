"""The compiled build of the rules engine (pyproject.toml holds everything else).

Without ``RFTG_NB_COMPILE=1`` this adds nothing: the package is plain Python. With it, mypyc
(``pip install mypy``) compiles the modules of ``rftg_nb/_native.py``'s ``NATIVE_MODULES`` from
the same source into C extensions, which Python then imports in place of the ``.py`` files
beside them, and records a digest of the sources compiled (``rftg_nb/_native_build.json``): a
build that no longer matches its sources is not used. ``make install`` builds in place; see the
README's "The compiled engine".
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent


def _native() -> object:
    """rftg_nb/_native.py, read on its own (the package itself is not imported to build it)."""
    spec = importlib.util.spec_from_file_location("rftg_nb_native", ROOT / "rftg_nb" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _ext_modules() -> list:
    if os.environ.get("RFTG_NB_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # only this build needs mypy

    native = _native()
    native.write_record(ROOT)  # type: ignore[attr-defined]
    # Modules outside the list are read for their types only, their own type errors not
    # reported (they run as Python); dependencies without type information are Any.
    return mypycify(["--ignore-missing-imports", "--follow-imports=silent",
                     *native.NATIVE_MODULES],  # type: ignore[attr-defined]
                    group_name=native.GROUP)  # type: ignore[attr-defined]


setup(ext_modules=_ext_modules())
