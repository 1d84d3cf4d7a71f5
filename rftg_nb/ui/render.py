"""HTML for the robot's component values: the table of values the rulebook does not state."""

from __future__ import annotations

from html import escape
from typing import Any

from rftg_nb.robot.dice import FACE_LABELS


def components_table(components: list[dict[str, Any]]) -> str:
    """A folded table of the component values in use that the rulebook does not state."""
    rows = [r for r in components if r["source"] != "rulebook"]
    if not rows:
        return ""
    body = "".join(
        f"<tr><td><code>{escape(r['name'])}</code></td><td>{escape(_value_text(r['value']))}"
        f"</td><td>{escape(r['source'])}</td><td>{escape(r['reason'])}</td></tr>" for r in rows)
    return (f'<details class="rftg-components"><summary class="rftg-assumed">{len(rows)} '
            "component values in use are not stated in the rulebook (assumed or set by you): "
            "show them</summary><div>They stand for what is printed on the robot's dice, mat "
            "and counters. If your copy differs, start the game from Python with your values: "
            "<code>SoloGame.new(components={...})</code>, keyed by the entries below (see "
            "the documentation's page on the solitaire robot).</div>"
            "<table class='rftg-score'><tr><th>entry</th><th>in use</th>"
            f"<th>source</th><th>why</th></tr>{body}</table></details>")


def _value_text(value: Any) -> str:
    """A component value for people: faces by their labels, lists and flips in words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return FACE_LABELS.get(value, value)
    if isinstance(value, list):
        return ", ".join(_value_text(v) for v in value)
    if isinstance(value, dict) and {"from", "to"} <= set(value):
        once = " (once)" if value.get("once") else ""
        return f"{_value_text(value['from'])} becomes {_value_text(value['to'])}{once}"
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_value_text(v)}" for k, v in value.items())
    return str(value)
