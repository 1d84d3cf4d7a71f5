"""The compiled build of the rules engine (pyproject.toml holds everything else).

Without ``RFTG_NB_COMPILE=1`` this adds nothing: the package is plain Python. With it, mypyc
(``pip install mypy``) compiles the modules of ``rftg_nb/_native.py``'s ``NATIVE_MODULES`` from
the same source into C extensions, which Python then imports in place of the ``.py`` files
beside them, and records a digest of the sources compiled (``rftg_nb/_native_build.json``)
once every extension is built and in place, never before: a build that no longer matches its
sources, or that did not finish, is not used. ``make install`` builds in place; see the
docs' performance page (docs/performance.md, "The compiled engine").

Every build of the package (a wheel, ``pip install .``) also carries the app's files as package
data in ``rftg_nb/app_files/``: copies of ``notebooks/*.ipynb``, the Voila server settings
``binder/voila.py`` and the Voila template beside it (``binder/share/``), which ``rftg-nb``
(rftg_nb/cli.py) serves. The repository keeps the one copy of each; an editable install serves
them from the repository itself.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

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


class AppFilesMissing(Exception):
    """A file of the app that a build of the package must carry is not in the source tree."""


def app_files(root: Path = ROOT) -> dict[Path, str]:
    """The app's files to carry, each source with its path under ``rftg_nb/app_files/``."""
    binder = root / "binder"
    sources = sorted((root / "notebooks").glob("*.ipynb"))
    if not sources:
        raise AppFilesMissing(f"no notebooks in {root / 'notebooks'}: a build of rftg_nb "
                              "carries them (build from the repository or its sdist)")
    files = {path: f"notebooks/{path.name}" for path in sources}
    for path in [binder / "voila.py", *sorted((binder / "share").rglob("*"))]:
        if path.is_file():
            files[path] = path.relative_to(binder).as_posix()
    if binder / "voila.py" not in files or not any(p.startswith("share/") for p in files.values()):
        raise AppFilesMissing(f"the Voila settings binder/voila.py or the template binder/share/ "
                              f"is missing under {root}")
    return files


class BuildPy(build_py):
    """setuptools' build_py, which also copies the app's files (:func:`app_files`) into the
    build's ``rftg_nb/app_files/`` (not for an editable install: it serves the repository's)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "rftg_nb" / "app_files"
        for source, name in app_files().items():
            self.mkpath(str((target / name).parent))
            self.copy_file(str(source), str(target / name))


setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
