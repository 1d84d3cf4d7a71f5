"""A hook for work a page should start only once the person sees the page.

Voilà sends a page once every cell of its notebook has run, and work started by a cell on a
thread of its own (the lab's first runs) competes with the page's drawing for the machine.
:class:`Shown` is an invisible widget whose view, once drawn and painted in the browser, says
so to the kernel; :meth:`Shown.then` runs a function at that moment, once, however many views
of the page are drawn (a second tab, JupyterLab drawing the output again).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import anywidget

SHOWN_JS = """
function render({ model, el }) {
  el.classList.add("rftg-shown");
  el.setAttribute("aria-hidden", "true");
  // two frames: the first is drawn before it is painted, the second after
  requestAnimationFrame(() => requestAnimationFrame(() => model.send({ do: "shown" })));
}
export default { render };
"""


class Shown(anywidget.AnyWidget):
    """Put it on a page; :meth:`then` runs its function once the page is painted."""

    _esm = SHOWN_JS

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0px"
        self._lock = threading.Lock()
        self._waiting: list[Callable[[], Any]] = []
        self.seen = False  # a view of it has been painted
        self.on_msg(self._message)

    def then(self, do: Callable[[], Any]) -> None:
        """Run ``do`` once the page is painted (at once if it already was)."""
        with self._lock:
            if not self.seen:
                self._waiting.append(do)
                return
        do()

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not (isinstance(content, dict) and content.get("do") == "shown"):
            return
        with self._lock:
            if self.seen:
                return
            self.seen = True
            waiting, self._waiting = self._waiting, []
        for do in waiting:
            do()
