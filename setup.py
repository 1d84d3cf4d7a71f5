"""The optional compiled build of the rules engine (pyproject.toml holds everything else).

Without ``RFTG_NB_COMPILE=1`` this adds nothing: the package is plain Python, as ``make app``,
``make test`` and Binder install it. With it, mypyc (``pip install mypy``) compiles the modules
of ``NATIVE_MODULES`` from the same source into C extensions, which Python then imports in
place of the ``.py`` files beside them. ``make native`` builds such a copy in ``build/native``
and ``make test-native`` runs the engine's tests against it; see the README's "Speed".
"""

from __future__ import annotations

import os

from setuptools import setup

#: The rules, the solitaire robot and the random player: what every game, replay and
#: look-ahead runs. The card layer (frozen dataclasses), the AI and the app stay Python.
NATIVE_MODULES = [
    "rftg_nb/engine/decision.py",
    "rftg_nb/engine/game.py",
    "rftg_nb/engine/goals.py",
    "rftg_nb/engine/kinds.py",
    "rftg_nb/engine/piles.py",
    "rftg_nb/engine/power_cache.py",
    "rftg_nb/engine/powers.py",
    "rftg_nb/engine/rounds.py",
    "rftg_nb/engine/saves.py",
    "rftg_nb/engine/scoring.py",
    "rftg_nb/engine/state.py",
    "rftg_nb/engine/views.py",
    "rftg_nb/engine/phases/consume.py",
    "rftg_nb/engine/phases/develop.py",
    "rftg_nb/engine/phases/explore.py",
    "rftg_nb/engine/phases/produce.py",
    "rftg_nb/engine/phases/settle.py",
    "rftg_nb/players.py",
    "rftg_nb/robot/components.py",
    "rftg_nb/robot/dice.py",
    "rftg_nb/robot/mat.py",
    "rftg_nb/robot/procedures.py",
    "rftg_nb/robot/rules.py",
    "rftg_nb/robot/setup.py",
    "rftg_nb/robot/solo.py",
]


def _ext_modules() -> list:
    if os.environ.get("RFTG_NB_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # only this build needs mypy

    # Modules outside the list are read for their types only, their own type errors not
    # reported (they run as Python); dependencies without type information are Any.
    return mypycify(["--ignore-missing-imports", "--follow-imports=silent", *NATIVE_MODULES])


setup(ext_modules=_ext_modules())
