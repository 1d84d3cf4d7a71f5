"""The version of rftg_nb, written once: the wheel's metadata (pyproject.toml reads it as
``rftg_nb._version.__version__``), ``rftg-nb --version``, ``rftg_nb.__version__``, the
``app_version`` field of every save and the history's ``version`` column all take it from here.

A plain string, not a ``Final``: the compiled engine reads it when it is imported, so a new
version never needs a new build of the engine to be written into saves.
"""

__version__ = "0.1.0"
