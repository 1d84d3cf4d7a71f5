"""Styles every page of the app carries, whatever draws it (Voila or JupyterLab, a light or a
dark theme): a focus ring of 3 px on every focusable part of the widgets (over the widgets'
own "outline: none"), and the tabs' inactive labels in the theme's main text colour
(ipywidgets' own grey reads 4.45:1 on its tab, under the 4.5:1 text needs). The board's own
controls get their ring from board.css."""

from __future__ import annotations

PAGE_CSS = """<style>
.jupyter-widgets .jupyter-button:focus-visible, .jupyter-widgets input:focus-visible,
.jupyter-widgets select:focus-visible, .jupyter-widgets textarea:focus-visible,
.jupyter-widgets summary:focus-visible, .jupyter-widgets a:focus-visible,
.jupyter-widgets :focus-visible, .lm-TabBar-tab:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #0b2e6b) !important; outline-offset: 1px; }
.jupyter-widget-TabPanel .lm-TabBar-tab:not(.lm-mod-current) .lm-TabBar-tabLabel {
  color: var(--jp-ui-font-color1, #1d1d1d); }
</style>"""
