"""The card browser page: every card design as a tile with the board's faces, filtered.

:class:`CardBrowser` is the plain-Python part (the filters, what they let through, the count and
the loading of a custom card file), which tests drive without a browser. :class:`CardsApp` puts
ipywidgets filters and a file upload over it and draws the tiles with the board widget
(:class:`rftg_nb.ui.board.Board` in its ``"cards"`` mode): the same faces, and a click on a tile
shows the card's whole text as on the board.

Everything that comes from a file or a person (a card's name, a scoring line's card name, the
file's name, a message quoting the file) reaches the page as text: the board's script escapes
what it draws, and the one message drawn by an ipywidgets HTML widget goes through
:func:`html.escape`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from rftg_nb.cards import CARDS, Design
from rftg_nb.cards.custom import CustomCardError, designs_in_file
from rftg_nb.cards.text import ROMAN
from rftg_nb.constants import PHASE_NAMES
from rftg_nb.text import count
from rftg_nb.ui.board import Board
from rftg_nb.ui.controller import Status
from rftg_nb.ui.faces import FLAG_LABELS, catalogue
from rftg_nb.ui.file_button import FileButton
from rftg_nb.ui.page_css import PAGE_CSS

KINDS = (("all types", ""), ("worlds", "world"), ("developments", "development"))
FLAG_CHOICES = (("any flag", ""), *((label, flag) for flag, label in FLAG_LABELS.items()))
PHASE_CHOICES = (("any phase", 0),
                 *((f"{ROMAN[p]} {name}", p) for p, name in PHASE_NAMES.items()))
#: the sets a design can come from: the base game's box, The Gathering Storm's, or a file
SETS = (("all sets", ""), ("base game", "base"), ("The Gathering Storm", "tgs"),
        ("custom", "custom"))
#: the tiles' size: the cards page's own, or the size of a hand's and a tableau's tiles
TILE_SIZES = (("large", "large"), ("as on the board", "board"))
MAX_QUOTE = 300  # characters of a refusal's reason shown (it may quote the file at length)


def boxes(d: Design) -> set[str]:
    """The boxes a printed design comes in ("base", "tgs"); a card may be in both."""
    return {box for box, n in d.copies if n > 0}


def _short(text: str, limit: int = MAX_QUOTE) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def refusal(error: BaseException) -> str:
    """Why a file could not be read, in words (the reason, never a traceback)."""
    if isinstance(error, CustomCardError):  # the file's own fault ("" field: the whole file)
        return _short(str(error) if error.field or error.index is not None else error.problem)
    return _short(f"it is not a custom card file ({type(error).__name__}: {error})")


@dataclass
class CardBrowser:
    """The browser's state: the printed designs, the custom set loaded from a file and the
    filters. Every filter left at its default ("" or 0) lets every design through."""

    kind: str = ""  # "world", "development" or "" for both
    flag: str = ""  # a flag of FLAG_LABELS ("alien", "chromo", ...) or ""
    phase: int = 0  # 1..5: designs with a power in that phase; 0 for any
    box: str = ""  # "base", "tgs", "custom" or "" for any
    name: str = ""  # part of a name, any case
    printed: tuple[Design, ...] = field(default_factory=lambda: tuple(CARDS))
    custom: tuple[Design, ...] = ()
    custom_from: str = ""  # the name of the file the custom set came from
    status: Status = field(default_factory=Status)

    # ------------------------------------------------------------------ filtering
    def designs(self) -> list[tuple[Design, str]]:
        """Every design with where it comes from ("printed" or "custom")."""
        return [*((d, "printed") for d in self.printed), *((d, "custom") for d in self.custom)]

    def matches(self, d: Design, source: str) -> bool:
        """Does design ``d`` pass every filter?"""
        if self.kind and d.type != self.kind:
            return False
        if self.flag and self.flag not in d.flags:
            return False
        if self.phase and not d.powers_in(self.phase):
            return False
        if self.box == "custom" and source != "custom":
            return False
        if self.box in ("base", "tgs") and (source != "printed" or self.box not in boxes(d)):
            return False
        part = self.name.strip().casefold()
        return not part or part in d.name.casefold()

    def shown(self, source: str | None = None) -> list[Design]:
        """The designs the filters let through (of ``source`` only, if given), by name."""
        out = [d for d, s in self.designs()
               if (source is None or s == source) and self.matches(d, s)]
        return sorted(out, key=lambda d: d.name.casefold())

    def count_text(self) -> str:
        return f"{len(self.shown())} of {len(self.designs())} designs"

    def set_filters(self, **filters: Any) -> None:
        """Set some filters at once: ``set_filters(kind="world", phase=5)``."""
        for key, value in filters.items():
            if key not in ("kind", "flag", "phase", "box", "name"):
                raise KeyError(f"no filter {key!r}")
            setattr(self, key, value)

    # ------------------------------------------------------------------ the custom set
    def load(self, file_name: str, content: bytes | bytearray | memoryview,
             size: int | None = None) -> bool:
        """Load the custom card file ``content`` (the file the designer page downloads; ``size``
        the whole file's length when ``content`` is only its start), replacing the custom set. A
        bad file, of whatever kind, is refused with the reason and the set loaded before is
        kept. True when the file was loaded."""
        label = _short(str(file_name or "the file"), 120)
        try:
            designs = designs_in_file(content, "file", size)
        except Exception as e:  # noqa: BLE001 - any bad file is refused, never raised
            return self._refuse(label, refusal(e))
        self.custom, self.custom_from = designs, label
        n = len(designs)
        self.status = Status(f"Loaded {count(n, 'custom design')} from {label}.")
        return True

    def _refuse(self, label: str, reason: str) -> bool:
        n = len(self.custom)
        kept = (f"the {count(n, 'custom design')} from {self.custom_from} "
                f"{'is' if n == 1 else 'are'} still shown" if n else "no custom designs are loaded")
        self.status = Status(f"Not loaded: {label}: {reason}. Nothing changed: {kept}.", True)
        return False

    def clear_custom(self) -> None:
        self.custom, self.custom_from = (), ""
        self.status = Status("The custom designs are put away.")

    # ------------------------------------------------------------------ for the board
    def faces(self) -> dict[str, dict[str, Any]]:
        """Every design's face and text for the board (printed and custom)."""
        return catalogue({d.name: d for d, _s in self.designs()})

    def sections(self) -> list[dict[str, Any]]:
        """The tiles to draw, in groups: the custom set (when one is loaded), then the printed
        cards. Start worlds and custom designs carry a mark on their tile."""
        out = []
        if self.custom:
            cards = self.shown("custom")
            out.append({"title": f"Custom designs from {self.custom_from} ({len(cards)} of "
                                 f"{len(self.custom)})",
                        "cards": _tiles(cards, "c", "custom"), "empty": "none match"})
        cards = self.shown("printed")
        out.append({"title": f"Printed cards ({len(cards)} of {len(self.printed)})",
                    "cards": _tiles(cards, "p", None), "empty": "none match"})
        return out


def _tiles(designs: Iterable[Design], prefix: str, mark: str | None) -> list[dict[str, Any]]:
    out = []
    for d in designs:
        tile: dict[str, Any] = {"id": f"{prefix}{d.id}", "n": d.name}
        if d.is_start_world:
            tile["mark"], tile["mk"] = "start world", "start"
        elif mark:
            tile["mark"], tile["mk"] = mark, mark
        out.append(tile)
    return out


INTRO = ("<h1 style='margin:4px 0;font-size:20px'>Card designs</h1>"
         "<p style='margin:0 0 6px'>Every card "
         "design of the base game and The Gathering Storm, as the board draws it. Filter by "
         "type, flag, the phase a power works in, set or part of a name; click a card for its "
         "whole text. Load a custom card set (the file the designer page downloads) to see its "
         "cards beside the printed ones.</p>")


class CardsApp:
    """The card browser. ``CardsApp().show()`` in a notebook cell (or a Voila page)."""

    def __init__(self, browser: CardBrowser | None = None) -> None:
        import ipywidgets as w

        self.c = browser or CardBrowser()
        self.serial = 0
        lay = w.Layout
        style = {"description_width": "initial"}
        self.kind = w.Dropdown(options=KINDS, value=self.c.kind, description="Type",
                               style=style, layout=lay(width="190px"))
        self.flag = w.Dropdown(options=FLAG_CHOICES, value=self.c.flag, description="Flag",
                               style=style, layout=lay(width="190px"))
        self.phase = w.Dropdown(options=PHASE_CHOICES, value=self.c.phase,
                                description="Power in phase", style=style,
                                layout=lay(width="240px"))
        self.box = w.Dropdown(options=SETS, value=self.c.box, description="Set", style=style,
                              layout=lay(width="240px"))
        self.name = w.Text(value=self.c.name, description="Name", placeholder="part of a name",
                           continuous_update=True, style=style, layout=lay(width="230px"))
        self.size = w.Dropdown(options=TILE_SIZES, value="large", description="Tile size",
                               style=style, layout=lay(width="210px"))
        self.size.observe(lambda _ch: self.refresh(), names="value")
        self.upload = FileButton(on_file=self.on_upload, label="Load custom cards",
                                 hint="a JSON file of custom cards, as the designer downloads it",
                                 accept=".json,application/json")
        self.note = w.HTML(layout=lay(flex="1 1 300px"))
        self.note.add_class("rc-note")
        self.board = Board(lambda _msg: None, faces=self.c.faces())
        for widget in (self.kind, self.flag, self.phase, self.box, self.name):
            widget.observe(lambda _ch: self.on_filter(), names="value")
        self.root = w.VBox([
            w.HTML(PAGE_CSS + STYLE + INTRO),
            w.HBox([self.kind, self.flag, self.phase, self.box, self.name, self.size],
                   layout=lay(flex_flow="row wrap", grid_gap="4px 12px")),
            w.HBox([self.upload, self.note],
                   layout=lay(flex_flow="row wrap", align_items="center", grid_gap="12px")),
            self.board,
        ])
        self.root.add_class("rftg-cards")
        self.refresh()

    def show(self) -> Any:
        from IPython.display import display

        display(self.root)
        return self.root

    # ------------------------------------------------------------------ events
    def on_filter(self) -> None:
        self.c.set_filters(kind=self.kind.value, flag=self.flag.value, phase=self.phase.value,
                           box=self.box.value, name=self.name.value)
        self.refresh()

    def on_upload(self, name: str, content: bytes, size: int) -> None:
        """A file the page sent (at most one byte more than a card file may hold, and its
        whole ``size``; a file too large arrives one byte too long, and is refused for its size):
        its designs are listed, or it is refused with the reason."""
        loaded = self.c.load(name, content, size)
        if loaded:
            self.board.faces = self.c.faces()
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def state(self) -> dict[str, Any]:
        """What the board draws: the count and the groups of tiles."""
        return {"mode": "cards", "serial": self.serial, "title": "Card designs",
                "size": self.size.value,
                "count": self.c.count_text(), "sections": self.c.sections(),
                "empty": "No design matches these filters."}

    def refresh(self) -> None:
        self.serial += 1
        self.board.state = self.state()
        s = self.c.status
        self.note.value = (f"<span class='{'rc-error' if s.error else 'rc-ok'}' role='status'>"
                           f"{escape(s.text)}</span>" if s.text else "")


STYLE = """<style>
.rftg-cards .rc-error { color: #b3261e; font-weight: 600; }
.rftg-cards .rc-ok { color: #205020; }
.rftg-cards .rc-note { white-space: normal; overflow-wrap: anywhere; }
</style>"""

__all__ = ["TILE_SIZES", "CardBrowser", "CardsApp", "boxes", "refusal"]
