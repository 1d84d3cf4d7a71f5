"""Tables the docs make from the package's own data when they are built, so they cannot drift
from it: ``{robot-components}`` (every value of the robot's components, rulebook or assumed,
with the reason for each assumption) and ``{lesson-table}`` (every lesson, its task and source).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


def _table(head: list[str], rows: list[list[str]], widths: list[int]) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(head))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)

    def row(cells: list[str]) -> nodes.row:
        line = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=cell)
            line += entry
        return line

    thead = nodes.thead()
    thead += row(head)
    group += thead
    body = nodes.tbody()
    for cells in rows:
        body += row(cells)
    group += body
    return table


def _leaves(data: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each marked value of the components file: (its path, {"value", "source", "reason"})."""
    if isinstance(data, dict) and "source" in data and "value" in data:
        yield " / ".join(path), data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in ("format", "version"):
                yield from _leaves(value, (*path, key))


class RobotComponents(SphinxDirective):
    """Every value of ``rftg_nb/robot/components.json``, with its source and reason."""

    def run(self) -> list[nodes.Node]:
        import json
        from importlib.resources import files

        data = json.loads(files("rftg_nb.robot").joinpath("components.json").read_text("utf-8"))
        rows = [[path, json.dumps(leaf["value"]), leaf["source"], leaf.get("reason", "")]
                for path, leaf in _leaves(data)]
        return [_table(["entry", "value", "source", "why (for an assumed value)"], rows,
                       [22, 18, 8, 52])]


class LessonTable(SphinxDirective):
    """Every lesson of ``rftg_nb.lessons.LESSONS``: its number, title, task and source."""

    def run(self) -> list[nodes.Node]:
        from rftg_nb.lessons import LESSONS

        task = {"choose": "you choose on the board", "predict": "predict, then watch"}
        rows = [[str(n), lesson.title, task.get(lesson.kind, lesson.kind), lesson.source]
                for n, lesson in enumerate(LESSONS, 1)]
        return [_table(["#", "lesson", "task", "shows"], rows, [4, 40, 16, 40])]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("robot-components", RobotComponents)
    app.add_directive("lesson-table", LessonTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
