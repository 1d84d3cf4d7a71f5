"""What the parts of the history page share. The page
(:class:`rftg_nb.ui.history_app.HistoryApp`) is made of a part for each concern (the games
table, the file controls, the Replay and Play on tabs, the record); each part reads the
history, says what happened in the page's message, and runs its buttons' actions the page's
one way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pandas as pd

from rftg_nb.history import History

#: the page's tabs, in order
TAB_GAMES, TAB_RECORD, TAB_REPLAY, TAB_PLAY = 0, 1, 2, 3


class HistoryPart:
    """One part of the history page. The page sets the state below; the methods below are
    another's (the page's :meth:`_act` and :meth:`refresh`, the Play on tab's
    :meth:`_draw_resume`), named here for the parts that call them."""

    history: History
    #: what the page says at its top (the last action's outcome), or ""
    message: str
    #: the first game of the page of the table shown, in the filtered order
    offset: int
    #: the page of the table shown
    _page: pd.DataFrame | None
    #: the game menu under the table (its values are the games' ids)
    pick: w.Dropdown
    tabs: w.Tab

    def _act(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run a button's action; whatever it meets ends in a message on the page."""
        raise NotImplementedError  # the page's (HistoryApp)

    def refresh(self) -> None:
        """Draw the page again."""
        raise NotImplementedError  # the page's (HistoryApp)

    def _draw_resume(self) -> None:
        """Let the Resume button resume the game picked, if it is unfinished."""
        raise NotImplementedError  # the Play on tab's (ReplayTab): the game menu calls it


__all__ = ["TAB_GAMES", "TAB_PLAY", "TAB_RECORD", "TAB_REPLAY", "HistoryPart"]
