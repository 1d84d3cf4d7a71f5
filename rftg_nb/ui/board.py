"""The board widget: one anywidget whose page script draws cards, question and mat.

Python sends ``faces`` (every card's face and text) and ``meta`` (the New game form's menus)
once per page, ``info`` (the mat's rows and the robot's rules) once per game, and ``state``
(the small dict of :func:`rftg_nb.ui.solo_board.board_state`, on every change). The page sends
back plain messages (``{"do": "answer", "ids": [...]}``, ``{"do": "check", ...}``, ...), which
:class:`Board` hands to the ``on_action`` callback; replies that are not state (a pick check, a
saved file) go back as custom messages. No JavaScript build: ``board.js`` is an ES module.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

HERE = Path(__file__).parent


class Board(anywidget.AnyWidget):
    """The game board; ``on_action(message)`` is called for every message from the page."""

    _esm = HERE / "board.js"
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
