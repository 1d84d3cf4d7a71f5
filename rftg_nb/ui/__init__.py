"""The notebook app: a controller (plain Python), HTML views, charts and the widget dashboard."""

from rftg_nb.ui.controller import NewGameSettings, SoloController


def __getattr__(name: str):  # the widget app imports ipywidgets; load it on first use
    if name == "SoloApp":
        from rftg_nb.ui.app import SoloApp

        return SoloApp
    raise AttributeError(name)


__all__ = ["NewGameSettings", "SoloApp", "SoloController"]
