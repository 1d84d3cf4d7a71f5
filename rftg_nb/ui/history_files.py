"""The history page's file controls: every game downloaded as one file of JSON lines (made
when asked, sent to the browser in parts), games loaded back from such a file (here or on
another machine, in batches with a progress bar, the file's problems said in words), and every
game deleted, at the second press."""

from __future__ import annotations

import ipywidgets as w

from rftg_nb.ui.download import Downloader
from rftg_nb.ui.file_button import FileButton
from rftg_nb.ui.history_part import HistoryPart

MAX_IMPORT_BYTES = 50_000_000  # a history file to load: far more games than a person plays


class FileControls(HistoryPart):
    """The buttons that download, load and delete every game."""

    #: "Delete every game" was pressed once: the next press deletes them
    _armed_clear: bool

    def _build_files(self) -> None:
        """The buttons and the progress bar of a load (laid out by the page)."""
        self.download_all = w.Button(description="Download every game",
                                     layout=w.Layout(width="auto"),
                                     tooltip="the whole history as one file of JSON lines, "
                                             "to keep or to load on another machine")
        self.download_all.on_click(lambda _b: self._act(self.download_every_game))
        self.downloader = Downloader()
        self.import_progress = w.IntProgress(value=0, min=0, max=1,
                                             layout=w.Layout(display="none"))
        self.import_progress.add_class("rh-import-progress")
        self.upload = FileButton(on_file=self.uploaded, label="Load games from a file",
                                 hint="a history downloaded here (JSON lines)",
                                 accept=".jsonl,.json,application/json",
                                 max_bytes=MAX_IMPORT_BYTES)
        self.clear_button = w.Button(description="Delete every game")
        self.clear_button.on_click(lambda _b: self._act(self.clear))

    def clear(self) -> bool:
        """Delete every game, at the second press (the first asks to confirm)."""
        if not self._armed_clear:
            self._armed_clear = True
            self.message = ("Press \"Delete every game\" again to delete all "
                            f"{len(self.history)} games (download them first to keep a copy).")
            return False
        n = self.history.clear()
        self._armed_clear = False
        self.message = f"Deleted all {n} games."
        return True

    def export_text(self, skipped: list[str] | None = None) -> str:
        """Every game as JSON lines (a damaged one left out, and said why in ``skipped``)."""
        return "".join(line + "\n" for line in self.history.export_lines(skipped))

    def download_every_game(self) -> None:
        """Make the history's export now and hand it to the browser to save."""
        skipped: list[str] = []
        text = self.export_text(skipped)
        if not text:
            self.message = ("No games to download." if not skipped else
                            "No game could be downloaded: " + "; ".join(skipped[:5]) + ".")
            return
        size = self.downloader.offer("rftg-history.jsonl", text, "application/jsonl")
        n = text.count("\n")
        self.message = (f"Downloading {n:,} game{'s' * (n != 1)} as rftg-history.jsonl "
                        f"({size / 1e6:.1f} MB).")
        if skipped:
            more = f" (and {len(skipped) - 5} more)" if len(skipped) > 5 else ""
            self.message += (f" Left out {len(skipped)} damaged game(s): "
                             + "; ".join(skipped[:5]) + more + ".")

    def import_bytes(self, name: str, content: bytes, size: int) -> None:
        """Load the games of file ``name`` (its ``content``, ``size`` bytes), with a progress
        bar; what it did, and the file's problems, said in the message."""
        if size > MAX_IMPORT_BYTES:
            self.message = (f"Could not load {name!r}: it is {size:,} bytes, more than a "
                            f"history file may be ({MAX_IMPORT_BYTES:,}).")
            return
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            self.message = f"Could not load {name!r}: it is not UTF-8 text (JSON lines)."
            return
        lines = text.splitlines()
        bar = self.import_progress
        bar.value, bar.max, bar.description = 0, max(1, len(lines)), "loading"
        bar.layout.display = None

        def step(done: int, total: int) -> None:
            bar.max = max(1, total)
            bar.value = done
            bar.description = f"{done:,}/{total:,} lines"

        try:
            r = self.history.import_games(lines, progress=step, total=len(lines))
        finally:
            bar.layout.display = "none"
        done = r.added + r.updated
        said = f"Loaded {done:,} game{'s' * (done != 1)} from {name!r}"
        if r.kept:
            said += (f"; {r.kept:,} {'was' if r.kept == 1 else 'were'} kept here already "
                     "(as far or further on: left as they are)")
        said += "."
        problems = [*r.refused, *r.notes]
        if problems:
            more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
            said += (f" {len(r.refused)} line(s) refused, {len(r.notes)} taken in part: "
                     + "; ".join(problems[:5]) + more + ".")
        if r.stopped:
            said += " " + r.stopped
        self.offset = 0
        self.message = said

    def uploaded(self, name: str, content: bytes, size: int) -> None:
        """A file picked with "Load games from a file": its games added, the page redrawn."""
        self._act(self.import_bytes, name, content, size)


__all__ = ["MAX_IMPORT_BYTES", "FileControls"]
