"""The lab: play many games from a description and study the results as a table.

>>> from rftg_nb.lab import simulate
>>> table = simulate(difficulty="hard", games=20, executor="serial", progress=False)
>>> len(table), table["winner"].isin(["seat0", "robot", "tie"]).all()
(20, np.True_)

- :class:`Settings` describes one kind of game (solitaire against the robot at a difficulty
  with start worlds and component overrides, or a 2-5 player table game with or without goals;
  who plays each seat); :func:`grid` builds every combination of a few settings.
- :func:`simulate` plays them on an executor (a process pool by default, a Dask cluster, or
  this process) in chunks of seeds, with a progress bar, optionally keeping the rows in a file
  it can resume from; :func:`read_results` reads such a file back.
- :mod:`rftg_nb.lab.unknowns` builds the variants that try each assumed component value's
  alternatives; :mod:`rftg_nb.ui.lab_charts` turns tables into plotly figures;
  :class:`rftg_nb.ui.lab_app.LabApp` is the page of notebooks/lab.ipynb.
"""

from rftg_nb.lab.play import GameFailed
from rftg_nb.lab.results import ResultsFileError, describe_columns, read_results
from rftg_nb.lab.run import simulate
from rftg_nb.lab.settings import SEAT_KINDS, Settings, SettingsError, available_seats, grid

__all__ = [
    "SEAT_KINDS", "GameFailed", "ResultsFileError", "Settings", "SettingsError",
    "available_seats", "describe_columns", "grid", "read_results", "simulate",
]
