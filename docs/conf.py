"""Sphinx settings for the rftg_nb documentation (``make docs``: warnings are errors).

The pages are Markdown read by MyST; the API reference is generated from the docstrings by
autodoc, from the Python sources (``RFTG_NB_PURE=1``: the compiled build keeps no signatures).
Two tables are made from the package's own data when the docs are built (``_ext/rftg_tables.py``):
the robot's component values, each marked rulebook or assumed, and the list of lessons.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["RFTG_NB_PURE"] = "1"
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

import rftg_nb  # noqa: E402

project = "rftg_nb"
author = "the rftg_nb authors"
copyright = "2026, the rftg_nb authors"
release = version = rftg_nb.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "rftg_tables",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Types named in signatures that the reference does not document itself.
nitpicky = False

html_theme = "pydata_sphinx_theme"
html_title = "rftg_nb"
html_static_path = ["_static"]
html_theme_options = {
    # Everything the pages load comes with them: no icons, fonts or scripts from other hosts.
    "icon_links": [],
    "navigation_with_keys": True,
    "show_toc_level": 2,
}
html_show_sourcelink = False
# Every page is in the bar at the top; the left-hand bar would only repeat the page alone.
html_sidebars = {"**": []}
smartquotes = False  # "robot =" stays as the mat prints it
