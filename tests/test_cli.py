"""The ``rftg-nb`` command (rftg_nb/cli.py): its options, where it finds the app's files, what it
hands Voila and JupyterLab, and setup.py's copy of those files into a build. The server itself
runs in tests/browser/test_wheel.py, from a wheel in a fresh venv."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from rftg_nb import __version__, cli
from rftg_nb.history.store import HOME_VARIABLE

ROOT = Path(__file__).resolve().parent.parent


def test_options_and_defaults() -> None:
    assert vars(cli.parse([])) == {"command": "serve", "port": 8866, "no_browser": False,
                                   "home": None}
    args = cli.parse(["serve", "--port", "9000", "--no-browser", "--home", "h"])
    assert (args.command, args.port, args.no_browser, args.home) == ("serve", 9000, True,
                                                                      Path("h"))
    lab = cli.parse(["lab"])
    assert (lab.command, lab.port, lab.dir) == ("lab", 8888, cli.LAB_DIR)
    # options given before the subcommand are kept; after it, they win
    assert cli.parse(["--port", "1", "--no-browser", "lab"]).port == 1
    assert cli.parse(["--port", "1", "--no-browser", "lab"]).no_browser is True
    assert cli.parse(["--port", "1", "serve", "--port", "2"]).port == 2


def test_bad_options_are_refused(capsys) -> None:
    for argv in (["--port", "x"], ["play"], ["--colour"]):
        with pytest.raises(SystemExit) as exit_:
            cli.parse(argv)
        assert exit_.value.code == 2
    assert "invalid int value: 'x'" in capsys.readouterr().err


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"rftg-nb {__version__}"


def test_python_m_rftg_nb_is_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "rftg_nb", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, f"rftg-nb {__version__}")


def _app(folder: Path, notebooks: bool = True, config: bool = True) -> Path:
    (folder / "notebooks").mkdir(parents=True)
    if notebooks:
        (folder / "notebooks" / "play.ipynb").write_text("{}", encoding="utf-8")
    if config:
        (folder / "voila.py").write_text("", encoding="utf-8")
    return folder


def test_the_app_files_of_a_checkout_then_of_a_build(tmp_path: Path) -> None:
    # this checkout (or editable install): the repository's own folders
    assert cli.app_files() == cli.AppFiles(ROOT / "notebooks", ROOT / "binder")
    # an installed build: the package's copies, even with a repository beside it
    package = tmp_path / "site" / "rftg_nb"
    bundled = _app(package / "app_files")
    assert cli.app_files(package) == cli.AppFiles(bundled / "notebooks", bundled)


@pytest.mark.parametrize("notebooks, config", [(False, True), (True, False)])
def test_missing_app_files_are_named(tmp_path: Path, notebooks: bool, config: bool) -> None:
    package = tmp_path / "rftg_nb"
    _app(package / "app_files", notebooks=notebooks, config=config)
    with pytest.raises(cli.AppFilesMissing, match="reinstall rftg_nb") as error:
        cli.app_files(package)
    assert str(package / "app_files") in str(error.value)


def test_main_says_when_the_app_files_are_missing(monkeypatch, capsys) -> None:
    def missing() -> cli.AppFiles:
        raise cli.AppFilesMissing("the app's notebooks are nowhere")

    monkeypatch.setattr(cli, "app_files", missing)
    monkeypatch.setattr(cli, "run_voila", lambda argv: pytest.fail("Voila started"))
    assert cli.main([]) == 1
    assert capsys.readouterr().err == "rftg-nb: the app's notebooks are nowhere\n"


def test_serve_hands_voila_the_files_port_and_browser(monkeypatch, tmp_path: Path) -> None:
    started: list[list[str]] = []
    monkeypatch.setattr(cli, "run_voila", started.append)
    monkeypatch.delenv(HOME_VARIABLE, raising=False)
    assert cli.main(["--port", "9123", "--no-browser"]) == 0
    assert cli.main(["serve"]) == 0
    assert started == [
        [str(ROOT / "notebooks"), "--Voila.ip=127.0.0.1", "--port=9123",
         f"--Voila.config_file_paths={ROOT / 'binder'}", "--no-browser"],
        [str(ROOT / "notebooks"), "--Voila.ip=127.0.0.1", "--port=8866",
         f"--Voila.config_file_paths={ROOT / 'binder'}"],
    ]
    assert HOME_VARIABLE not in os.environ  # no --home: the history's own default


def test_home_sets_the_history_folder_for_the_server_and_its_kernels(monkeypatch,
                                                                      tmp_path: Path) -> None:
    seen: list[str | None] = []
    monkeypatch.setattr(cli, "run_voila", lambda argv: seen.append(os.environ.get(HOME_VARIABLE)))
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path / "before"))
    monkeypatch.chdir(tmp_path)
    assert cli.main(["--home", "games/mine"]) == 0
    assert seen == [str(tmp_path / "games" / "mine")]  # absolute: the kernels run elsewhere
    assert (tmp_path / "games" / "mine").is_dir()


def test_lab_copies_only_the_missing_notebooks(monkeypatch, tmp_path: Path, capsys) -> None:
    started: list[list[str]] = []
    monkeypatch.setattr(cli, "run_lab", started.append)
    folder = tmp_path / "my notebooks"
    folder.mkdir()
    (folder / "play.ipynb").write_text("my edits", encoding="utf-8")
    assert cli.main(["lab", "--dir", str(folder), "--port", "8899", "--no-browser"]) == 0
    shipped = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in folder.glob("*.ipynb")) == shipped
    assert (folder / "play.ipynb").read_text(encoding="utf-8") == "my edits"
    shipped_learn = (ROOT / "notebooks" / "learn.ipynb").read_bytes()
    assert (folder / "learn.ipynb").read_bytes() == shipped_learn
    assert f"{len(shipped) - 1} copied" in capsys.readouterr().out
    (argv,) = started
    assert argv[:4] == ["--ServerApp.ip=127.0.0.1", "--ServerApp.port=8899",
                        f"--ServerApp.root_dir={folder}", "--no-browser"]
    # a second run copies nothing and keeps the user's files
    (folder / "learn.ipynb").write_text("edited too", encoding="utf-8")
    assert cli.copy_notebooks(ROOT / "notebooks", folder) == []
    assert (folder / "learn.ipynb").read_text(encoding="utf-8") == "edited too"


def test_lab_without_jupyterlab_says_so(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setitem(sys.modules, "jupyterlab", None)  # import fails
    monkeypatch.setattr(cli, "run_lab", lambda argv: pytest.fail("JupyterLab started"))
    assert cli.main(["lab", "--dir", str(tmp_path / "nb")]) == 1
    assert "JupyterLab is not installed" in capsys.readouterr().err
    assert not (tmp_path / "nb").exists()


def test_a_build_carries_the_app_files(tmp_path: Path, monkeypatch) -> None:
    """setup.py's BuildPy copies the notebooks, binder/voila.py and the template into the build's
    rftg_nb/app_files/, where cli.app_files looks (setup.py read with ``setup`` stubbed)."""
    setuptools = pytest.importorskip("setuptools")
    monkeypatch.delenv("RFTG_NB_COMPILE", raising=False)
    monkeypatch.setattr(setuptools, "setup", lambda **_kwargs: None)
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_read")
    files = setup["app_files"](ROOT)
    names = set(files.values())
    assert {f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")} <= names
    assert {"voila.py", "share/jupyter/voila/templates/rftg/conf.json"} <= names
    assert all(source.is_file() for source in files)
    (tmp_path / "notebooks").mkdir()
    with pytest.raises(setup["AppFilesMissing"], match="no notebooks in"):
        setup["app_files"](tmp_path)
