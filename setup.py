"""The compiled build of the rules engine (pyproject.toml holds everything else).

mypyc (from mypy) compiles the modules of ``rftg_nb/_native.py``'s ``NATIVE_MODULES`` from the
same source into C extensions, which Python then imports in place of the ``.py`` files beside
them, and records a digest of the sources compiled (``rftg_nb/_native_build.json``) once every
extension is built and in place, never before: a build that no longer matches its sources, or
that did not finish, is not used. ``RFTG_NB_COMPILE`` says when:

- ``1``: always, and a failure fails the build. ``make install`` builds in place this way (see
  "The compiled engine" in docs/performance.md), and Binder's postBuild installs so.
- ``0``: never; the package is plain Python.
- unset: a wheel (``python -m build``, ``pip install .``) is compiled where it can be, and
  where it cannot (no mypy, no working C compiler or Python headers, mypyc or the compiler
  failing) it is a pure-Python wheel instead, which the build says, and never a failed build.
  Nothing else is compiled: an editable install, an sdist, the metadata.

A compiled wheel is tagged for its Python and platform (``cp311-cp311-linux_x86_64``), a pure
one ``py3-none-any``; the installed package's ``rftg_nb.ENGINE`` says ``"compiled"`` or
``"python"``. No build of the package carries extension files or a record that it did not make
itself: those of an in-place build are not package data, and whatever an earlier build left in
the build folder is removed before this one writes there.

Every build of the package (a wheel, ``pip install .``) also carries the app's files as package
data in ``rftg_nb/app_files/``: copies of ``notebooks/*.ipynb``, the Voila server settings
``binder/voila.py`` and the Voila template beside it (``binder/share/``), which ``rftg-nb``
(rftg_nb/cli.py) serves. The repository keeps the one copy of each; an editable install serves
them from the repository itself.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
COMPILE_VARIABLE = "RFTG_NB_COMPILE"
#: ``generate``: the build counts what its code does when run (GCC's ``-fprofile-generate``);
#: ``use``: it is laid out by those counts (``-fprofile-use``). ``make install`` builds the first,
#: plays random games on it (scripts/train_build.py), then builds the second from the same
#: sources (about 8% faster games; docs/performance.md); unset, neither.
PROFILE_VARIABLE = "RFTG_NB_PROFILE"
PROFILE_FLAGS = {
    # (compile flags, link flags)
    "generate": (["-fprofile-generate"], ["-fprofile-generate"]),
    # counts missing for a function, or made from code since changed, are not an error: the
    # function is laid out as without them (mypyc's own flags make any warning an error)
    "use": (["-fprofile-use", "-fprofile-correction", "-Wno-missing-profile",
             "-Wno-error=coverage-mismatch"], []),
}


def _native() -> Any:
    """rftg_nb/_native.py, read on its own (the package itself is not imported to build it)."""
    spec = importlib.util.spec_from_file_location("rftg_nb_native", ROOT / "rftg_nb" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_mode(environ: Any = os.environ, argv: list[str] = sys.argv) -> str:
    """``"always"`` (``RFTG_NB_COMPILE=1``), ``"never"`` (``RFTG_NB_COMPILE=0``, or a command
    that makes no wheel) or ``"wheel"`` (a wheel, compiled where it can be, else pure)."""
    value = environ.get(COMPILE_VARIABLE)
    if value == "1":
        return "always"
    if value == "0" or "bdist_wheel" not in argv[1:]:
        return "never"
    return "wheel"


def say(message: str) -> None:
    """A line for the person building (the build frontend shows the backend's output)."""
    print(f"rftg_nb: {message}", file=sys.stderr, flush=True)


_PROBE = """#include <Python.h>
static struct PyModuleDef probe = {PyModuleDef_HEAD_INIT, "rftg_nb_probe", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_rftg_nb_probe(void) { return PyModule_Create(&probe); }
"""


#: C flags for the compiled engine where the compiler takes them (:func:`fast_flags`): its
#: functions call one another directly, not through the shared library's table of symbols,
#: and may be inlined into one another (random games about 5% faster; docs/performance.md)
FAST_FLAGS = ("-fno-semantic-interposition", "-fvisibility=hidden")


def compiler_problem(flags: tuple[str, ...] = ()) -> str | None:
    """Why no C extension can be built here (with ``flags`` too), or None: a one-line
    extension is built, as setuptools builds mypyc's (the same compiler, flags and Python
    headers), in a folder of its own."""
    with tempfile.TemporaryDirectory(prefix="rftg-nb-probe-") as tmp:
        source = Path(tmp) / "rftg_nb_probe.c"
        source.write_text(_PROBE, encoding="utf-8")
        probe_extension = Extension("rftg_nb_probe", [str(source)],
                                    extra_compile_args=list(flags))
        dist = Distribution({"ext_modules": [probe_extension]})
        probe = build_ext(dist)
        probe.build_lib, probe.build_temp = str(Path(tmp) / "lib"), str(Path(tmp) / "temp")
        try:
            probe.ensure_finalized()
            probe.run()
        except Exception as error:  # CompileError, LinkError, a compiler that is not there
            return f"no C extension can be built here ({type(error).__name__}: {error})"
    return None


def fast_flags() -> list[str]:
    """:data:`FAST_FLAGS` if this compiler takes them without a warning (mypyc's own flags
    make a warning an error), else none: the engine is then compiled without them."""
    return [] if compiler_problem((*FAST_FLAGS, "-Werror")) else list(FAST_FLAGS)


def with_flags(extensions: list[Any], flags: list[str], link: list[str] | None = None) \
        -> list[Any]:
    """``extensions`` each compiled with ``flags`` too (and linked with ``link``)."""
    for extension in extensions:
        extension.extra_compile_args = [*extension.extra_compile_args, *flags]
        extension.extra_link_args = [*extension.extra_link_args, *(link or [])]
    return extensions


def profile_flags(environ: Any = os.environ) -> tuple[list[str], list[str]]:
    """The compile and link flags :data:`PROFILE_VARIABLE` asks for (none when unset)."""
    value = environ.get(PROFILE_VARIABLE, "")
    if not value:
        return [], []
    if value not in PROFILE_FLAGS:
        raise SystemExit(f"{PROFILE_VARIABLE}={value!r}: say generate or use, or leave it unset")
    compile_flags, link_flags = PROFILE_FLAGS[value]
    return list(compile_flags), list(link_flags)


def engine_flags() -> tuple[list[str], list[str]]:
    """Every flag the engine's extensions are compiled and linked with beside mypyc's own."""
    compile_flags, link_flags = profile_flags()
    return [*fast_flags(), *compile_flags], link_flags


def _compiled(mode: str) -> tuple[list[Any], str | None]:
    """mypyc's extensions of the compiled modules, and the digest of the sources it read (taken
    before it reads them: an edit while it compiles leaves the build stale); none when this
    build is not compiled (:func:`compile_mode`). For a wheel of ``"wheel"`` mode, whatever
    stops the compile makes the wheel pure, and says why."""
    if mode == "never":
        if os.environ.get(COMPILE_VARIABLE) == "0" and "bdist_wheel" in sys.argv[1:]:
            say(f"a pure-Python wheel ({COMPILE_VARIABLE}=0): the Python engine")
        return [], None
    if mode == "wheel":
        try:
            import mypyc.build  # noqa: F401 - the compile needs mypy
        except ImportError:
            say("a pure-Python wheel: mypy is not installed, so the engine cannot be "
                "compiled (the Python engine)")
            return [], None
        problem = compiler_problem()
        if problem is not None:
            say(f"a pure-Python wheel: {problem} (the Python engine)")
            return [], None
    from mypyc.build import mypycify  # only this build needs mypy

    native = _native()
    digest = native.source_digest(ROOT)
    # Modules outside the list are read for their types only, their own type errors not
    # reported (they run as Python); dependencies without type information are Any.
    options = ["--ignore-missing-imports", "--follow-imports=silent", *native.NATIVE_MODULES]
    if mode == "always":
        return with_flags(mypycify(options, group_name=native.GROUP), *engine_flags()), digest
    say("compiling the wheel's engine with mypyc (a minute or two)")
    try:
        extensions = mypycify(options, group_name=native.GROUP)
    except (Exception, SystemExit) as error:  # mypyc ends with SystemExit on a type error
        say(f"a pure-Python wheel: mypyc could not compile the engine ({error}) (the Python "
            "engine)")
        return [], None
    return with_flags(extensions, *engine_flags()), digest


MODE = compile_mode()
EXTENSIONS, DIGEST = _compiled(MODE)


class BuildExt(build_ext):
    """setuptools' build_ext, which records the compiled sources' digest beside the
    extensions once they are all built and in place (:func:`rftg_nb._native.build_and_record`).
    Building a wheel that may be pure (:func:`compile_mode` ``"wheel"``), a failed compile
    leaves no extension file and no record in the build, and makes the wheel pure."""

    def run(self) -> None:
        if DIGEST is None:
            super().run()
            return
        # in place beside the sources (make install), or into the tree a wheel is made from
        root = ROOT if self.inplace else Path(self.build_lib)
        native = _native()
        if MODE != "wheel" or self.inplace:
            native.build_and_record(super().run, root, DIGEST)
            return
        try:
            native.build_and_record(super().run, root, DIGEST)
        except Exception as error:  # the compiler failed part way
            native.remove_build(root)
            self.extensions = self.distribution.ext_modules = []
            wheel = self.distribution.command_obj.get("bdist_wheel")
            if wheel is not None:
                wheel.root_is_pure = True  # read once the build is done: the tag, the layout
            say(f"a pure-Python wheel: the engine's compile failed ({type(error).__name__}: "
                f"{error}) (the Python engine)")
        else:
            say("the wheel's engine is compiled (rftg_nb.ENGINE: 'compiled')")


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
    build's ``rftg_nb/app_files/`` (not for an editable install: it serves the repository's),
    and clears the build folder of any compiled engine an earlier build left there."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        # An earlier build's extensions and record in this build folder are not this build's
        # (build_ext, which runs after this, makes its own when this build is compiled).
        _native().remove_build(Path(self.build_lib))
        target = Path(self.build_lib) / "rftg_nb" / "app_files"
        for source, name in app_files().items():
            self.mkpath(str((target / name).parent))
            self.copy_file(str(source), str(target / name))


setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
