"""The ``rftg-nb`` command (also ``python -m rftg_nb``): the app's pages served with Voila, or
JupyterLab on the user's copy of the notebooks.

    rftg-nb [serve] [--port 8866] [--no-browser] [--home DIR]
    rftg-nb lab [--port 8888] [--no-browser] [--home DIR] [--dir DIR]
    rftg-nb --version

``serve`` (the default) runs Voila on 127.0.0.1 with the server settings of binder/voila.py (its
Voila template beside it), the start page at http://127.0.0.1:<port>/ linking the pages. The
files come from the package's data (``rftg_nb/app_files/``, which every build of the package
carries: see setup.py), or from the repository for an editable install or a checkout.
``--home`` is the game history's folder (``RFTG_NB_HOME``, read by rftg_nb.history), for the
server and the kernels it starts. ``lab`` copies the notebooks into a folder of the user's
(only those missing there: a notebook the user edited is kept) and opens JupyterLab on it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rftg_nb import __version__
from rftg_nb.history.store import HOME_VARIABLE

PACKAGE = Path(__file__).resolve().parent
SERVE_PORT = 8866
LAB_PORT = 8888
#: ``rftg-nb lab``'s folder when ``--dir`` is not given.
LAB_DIR = Path.home() / "rftg-nb-notebooks"


class AppFilesMissing(Exception):
    """Neither the package's data nor a repository beside it holds the app's files."""


class LabNotInstalled(Exception):
    """``rftg-nb lab`` needs JupyterLab, an optional extra of the package."""


@dataclass(frozen=True)
class AppFiles:
    """Where the app's files are: the notebooks' folder, and the folder of the Voila settings
    ``voila.py`` (with the template under its ``share/jupyter``)."""

    notebooks: Path
    config_dir: Path


def app_files(package: Path = PACKAGE) -> AppFiles:
    """The package's copies (``app_files/``, an installed wheel), else the repository's
    ``notebooks/`` and ``binder/`` (an editable install or a checkout)."""
    for notebooks, config_dir in [(package / "app_files" / "notebooks", package / "app_files"),
                                  (package.parent / "notebooks", package.parent / "binder")]:
        if (config_dir / "voila.py").is_file() and any(notebooks.glob("*.ipynb")):
            return AppFiles(notebooks, config_dir)
    raise AppFilesMissing(
        f"the app's notebooks and Voila settings are neither in {package / 'app_files'} (an "
        f"installed build) nor in {package.parent} (a checkout): reinstall rftg_nb")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="rftg-nb", description="Race for the Galaxy in the browser: the pages served "
        "with Voila (the default), or JupyterLab on a copy of the notebooks (lab).")
    top.add_argument("--version", action="version", version=f"rftg-nb {__version__}")

    def options(p: argparse.ArgumentParser, top_level: bool) -> None:
        # Given before the subcommand or after it (after wins); a subcommand's parser leaves
        # out what it was not given, so as not to undo what was given before it.
        unset = None if top_level else argparse.SUPPRESS
        p.add_argument("--port", type=int, default=unset,
                       help=f"the port (default {SERVE_PORT}; {LAB_PORT} for lab)")
        p.add_argument("--no-browser", action="store_true",
                       default=False if top_level else argparse.SUPPRESS,
                       help="do not open a browser (the address is printed)")
        p.add_argument("--home", type=Path, metavar="DIR", default=unset,
                       help=f"the game history's folder (sets {HOME_VARIABLE}; default: "
                       f"${HOME_VARIABLE}, else the user's data folder)")

    options(top, top_level=True)
    commands = top.add_subparsers(dest="command")
    options(commands.add_parser("serve", help="serve the pages with Voila (the default)"),
            top_level=False)
    lab = commands.add_parser("lab", help="JupyterLab on a copy of the notebooks")
    options(lab, top_level=False)
    lab.add_argument("--dir", type=Path, default=LAB_DIR,
                     help=f"the folder of the notebooks' copies (default {LAB_DIR})")
    return top


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The options; a subcommand's own options win over those given before it."""
    args = parser().parse_args(argv)
    if args.command is None:
        args.command = "serve"
    if args.port is None:
        args.port = LAB_PORT if args.command == "lab" else SERVE_PORT
    return args


def set_home(home: Path | None) -> None:
    """``--home``: the history's folder for this process and the kernels it starts."""
    if home is not None:
        home = home.expanduser().resolve()
        home.mkdir(parents=True, exist_ok=True)
        os.environ[HOME_VARIABLE] = str(home)


def voila_argv(args: argparse.Namespace, files: AppFiles) -> list[str]:
    argv = [str(files.notebooks), "--Voila.ip=127.0.0.1", f"--port={args.port}",
            f"--Voila.config_file_paths={files.config_dir}"]
    return [*argv, "--no-browser"] if args.no_browser else argv


def copy_notebooks(source: Path, target: Path) -> list[Path]:
    """Copy the notebooks missing in ``target`` (never over one there); the copies made."""
    target.mkdir(parents=True, exist_ok=True)
    made = []
    for notebook in sorted(source.glob("*.ipynb")):
        if not (target / notebook.name).exists():
            shutil.copy2(notebook, target / notebook.name)
            made.append(target / notebook.name)
    return made


def lab_argv(args: argparse.Namespace) -> list[str]:
    argv = ["--ServerApp.ip=127.0.0.1", f"--ServerApp.port={args.port}",
            f"--ServerApp.root_dir={args.dir.expanduser().resolve()}"]
    if args.no_browser:
        argv.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.append("--ServerApp.allow_root=True")  # Jupyter refuses root unless told
    return argv


def require_lab() -> None:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        raise LabNotInstalled("JupyterLab is not installed; install it with: "
                              "pip install 'rftg_nb[lab]' (or: pip install jupyterlab)") from None


def run_voila(argv: list[str]) -> None:  # pragma: no cover - runs the server until stopped
    from voila.app import Voila

    Voila.launch_instance(argv=argv)


def run_lab(argv: list[str]) -> None:  # pragma: no cover - runs the server until stopped
    from jupyterlab.labapp import LabApp

    LabApp.launch_instance(argv=argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    try:
        files = app_files()
        if args.command == "lab":
            require_lab()
    except (AppFilesMissing, LabNotInstalled) as error:
        print(f"rftg-nb: {error}", file=sys.stderr)
        return 1
    set_home(args.home)
    if args.command == "lab":
        made = copy_notebooks(files.notebooks, args.dir.expanduser())
        print(f"rftg-nb: the notebooks are in {args.dir.expanduser()} ({len(made)} copied; "
              "those already there are kept as they are)")
        run_lab(lab_argv(args))
    else:
        print(f"rftg-nb: serving the pages of {files.notebooks}", flush=True)
        run_voila(voila_argv(args, files))
    return 0
