"""The board widget: one anywidget whose page script draws cards, question and mat.

Python sends ``faces`` (every card's face and text) and ``meta`` (the New game form's menus)
once per page, ``info`` (the mat's rows and the robot's rules) once per game, and ``state``
(the small dict of :func:`rftg_nb.ui.solo_board.board_state`, on every change). The page sends
back plain messages (``{"do": "answer", "ids": [...]}``, ``{"do": "check", ...}``, ...), which
:class:`Board` hands to the ``on_action`` callback; replies that are not state (a pick check, a
saved file) go back as custom messages.

No JavaScript build: the page script is the ES modules of ``board/``, one a concern (see the
head of ``board/board.js``), which :func:`board_module` joins into the one module a widget
takes when this module is imported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from rftg_nb.engine.kinds import Kind

HERE = Path(__file__).parent
BOARD_DIR = HERE / "board"
#: the board's modules, each after the modules it imports (the last one exports the widget)
BOARD_MODULES = ("util", "judge", "tiles", "parts", "question", "detail", "solo", "table", "replay",
                 "catalogue", "board")
#: a module's import of a sibling: ``import { a, b } from "./tiles.js";``
SIBLING_IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([a-z_]+)\.js";\n', re.M)
#: a declaration a module exports (``export function f``, ``export const x``)
EXPORT = re.compile(r"^export (?=(?:async )?(?:function|const|let|class) )", re.M)


class BoardModuleError(ImportError):
    """The board's modules do not join: one imports a module that does not come before it."""


def kinds_module() -> str:
    """The kinds of decision as the page script names them (``KIND.DICE``), made from
    :class:`rftg_nb.engine.kinds.Kind`: the page never spells a kind itself."""
    names = ", ".join(f"{k.name}: {json.dumps(k.value)}" for k in Kind)
    return ("// ---- the kinds of decision, from rftg_nb.engine.kinds.Kind\n"
            f"const KIND = Object.freeze({{{names}}});\n")


def board_module() -> str:
    """The board's modules joined into one ES module after the kinds of decision
    (:func:`kinds_module`): once they share one scope, their imports of each other are dropped
    and their exports become plain declarations (their top-level names are distinct:
    ``tests/ui/test_board_modules.py``); the last module's ``export default`` stays."""
    out: list[str] = [kinds_module()]
    for i, name in enumerate(BOARD_MODULES):
        text = (BOARD_DIR / f"{name}.js").read_text(encoding="utf-8")
        for _names, dep in SIBLING_IMPORT.findall(text):
            if dep not in BOARD_MODULES[:i]:
                raise BoardModuleError(f"board/{name}.js imports ./{dep}.js, which is not one "
                                       "of the modules before it in BOARD_MODULES")
        text = EXPORT.sub("", SIBLING_IMPORT.sub("", text))
        out.append(f"// ---- board/{name}.js\n{text}")
    return "\n".join(out)


class Board(anywidget.AnyWidget):
    """The game board; ``on_action(message)`` is called for every message from the page."""

    _esm = board_module()
    _css = HERE / "board.css"
    faces = traitlets.Dict().tag(sync=True)
    meta = traitlets.Dict().tag(sync=True)
    info = traitlets.Dict().tag(sync=True)
    state = traitlets.Dict().tag(sync=True)

    def __init__(self, on_action: Callable[[dict[str, Any]], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_action = on_action
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self._on_action(content)

    def reply(self, content: dict[str, Any]) -> None:
        """A custom message to the page (not kept in the widget's state)."""
        self.send(content)
