"""HTML for the dashboard's views: card tiles, the robot's mat, the score sheet.

Pure functions of the game state, so they are tested as text and reused by every view.
"""

from __future__ import annotations

from html import escape
from typing import Any

from rftg_nb.cards import Design, Power, VPBonus
from rftg_nb.engine.powers import PHASE_NAMES
from rftg_nb.engine.state import GOOD_LABEL
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS, SPACES, player_markers
from rftg_nb.text import article, count, noun

GOOD_COLOURS = {"novelty": "#7fb2e5", "rare": "#c49a6c", "genes": "#8cc97a", "alien": "#f3d25b",
                None: "#d9d9d9"}
DEVEL_COLOUR = "#f4f1ea"  # developments: pale, with a dashed border (worlds are solid)
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
KIND = {"NOVELTY": "Novelty", "RARE": "Rare", "GENE": "Genes", "ALIEN": "Alien"}
CSS = """
<style>
.rftg-tiles{display:flex;flex-wrap:wrap;gap:6px}
.rftg-tile{width:150px;min-height:74px;border-radius:6px;padding:4px 6px;font:12px sans-serif;
  border:2px solid #888;box-sizing:border-box}
.rftg-tile.devel{border-style:dashed}
.rftg-tile.asked{outline:3px solid #1f5fbf;outline-offset:1px}
.rftg-save a{color:#1f5fbf;text-decoration:underline;font-weight:bold}
.rftg-tile.military{border-color:#c0392b;border-width:3px}
.rftg-tile b{font-size:12.5px}
.rftg-tile .pw{font-size:11px;color:#222;margin-top:2px}
.rftg-tile .good{display:inline-block;width:10px;height:10px;border-radius:2px;
  background:#333;margin-left:4px}
.rftg-mat{font:13px sans-serif}
.rftg-row{display:flex;flex-wrap:wrap;gap:4px;margin:4px 0}
.rftg-space{width:86px;min-height:54px;border:1px solid #999;border-radius:4px;padding:3px;
  font-size:11px;text-align:center;background:#fafafa}
.rftg-space .die{display:inline-block;margin-top:3px;padding:1px 5px;border-radius:4px;
  background:#222;color:#fff;font-weight:bold}
.rftg-space .you{color:#1f5fbf;font-weight:bold}
.rftg-track{display:inline-flex;gap:2px;margin-right:14px}
.rftg-track span{width:20px;text-align:center;border:1px solid #aaa;border-radius:3px}
.rftg-track span.on{background:#1f5fbf;color:#fff;font-weight:bold}
.rftg-assumed{color:#a15c00;font-style:italic;font-size:11px}
.rftg-score td,.rftg-score th{padding:2px 8px;text-align:left}
.rftg-log th,.rftg-log td{padding:1px 8px;text-align:left;vertical-align:top}
</style>
"""


def describe_power(pw: Power) -> str:
    """A short line for one power, e.g. "III: +2 Military" or "IV: Trade +1"."""
    return f"{ROMAN[pw.phase]}: {_power_text(pw)}"


def _power_text(pw: Power) -> str:
    a = pw.atoms
    v = pw.value
    if pw.phase == 1:
        text = f"see {count(v)} more" if "DRAW" in a else f"keep {count(v)} more"
    elif pw.phase == 2:
        text = {"DRAW": f"draw {v} at start", "REDUCE": f"-{v} cost",
                "DRAW_AFTER": f"draw {v} after developing"}[pw.code]
    elif pw.phase == 3:
        kind = next((KIND[k] for k in KIND if k in a), None)
        if "MILITARY_HAND" in a:
            text = f"discard up to {v} for +1 Military each"
        elif "EXTRA_MILITARY" in a:
            vs = (" vs Rebel" if "AGAINST_REBEL" in a else f" vs {kind}" if kind else "")
            text = (f"discard for +{v} Military" if "DISCARD" in a
                    else f"{v:+d} Military{vs}")
        elif "REDUCE_ZERO" in a:
            text = "discard: settle a world for 0"
        elif "REDUCE" in a:
            text = f"-{v} cost" + (f" ({kind})" if kind else "")
        elif "PAY_MILITARY" in a:
            text = f"pay for military worlds (-{v})"
        elif "PLACE_TWO" in a:
            text = "place a second world"
        else:
            text = f"draw {v} after settling"
    elif pw.phase == 4:
        text = _consume_text(pw)
    else:
        text = _produce_text(pw)
    return text


def _consume_text(pw: Power) -> str:
    a, v = pw.atoms, pw.value
    if pw.code.startswith("TRADE_") and "TRADE_ACTION" not in a:
        if "TRADE_BONUS_CHROMO" in a:
            return "Trade Genes +1 per chromosome"
        if "TRADE_THIS" in a:
            return f"Trade this good +{v}"
        kind = next((KIND[k[6:]] for k in a if k[6:] in KIND), None)
        return f"Trade {kind + ' ' if kind else ''}+{v}"
    if "TRADE_ACTION" in a:
        return "trade a good" + (" (no bonus)" if "TRADE_NO_BONUS" in a else "")
    if "DISCARD_HAND" in a:
        if pw.times == 1:
            return f"discard 1 card for {v} VP"
        return f"discard up to {pw.times} cards for {v} VP each"
    if pw.code == "DRAW":
        return f"draw {v}"
    if pw.code == "DRAW_LUCKY":
        return "name a cost; draw the top card if it matches"
    kind = next((KIND[k[8:]] for k in a if k[8:] in KIND), "")
    kind = f"{kind} " if kind else ""
    if "CONSUME_TWO" in a:
        what = f"2 {kind}goods"
    elif "CONSUME_3_DIFF" in a:
        what = "3 different goods"
    elif "CONSUME_ALL" in a:
        what = "all goods"
    elif "CONSUME_THIS" in a:
        what = "this good"
    elif pw.times > 1:
        what = f"up to {pw.times} {kind}goods"
    else:
        what = f"1 {kind}good"
    each = " each" if pw.times > 1 and "CONSUME_TWO" not in a else ""
    gets = []
    if "GET_VP" in a:
        gets.append("1 VP per good after the first" if "CONSUME_ALL" in a else f"{v} VP{each}")
    if "GET_CARD" in a:
        gets.append(f"1 card{each}")
    if "GET_2_CARD" in a:
        gets.append(f"2 cards{each}")
    return f"{what} -> {' + '.join(gets)}"


def _produce_text(pw: Power) -> str:
    a, v = pw.atoms, pw.value
    if pw.code == "PRODUCE":
        return "produce"
    if pw.code == "PRODUCE|DISCARD":
        return "discard 1 to produce"
    if pw.code.startswith("WINDFALL_"):
        kind = KIND.get(pw.code[9:])
        return f"a good on {article(kind) if kind else 'any'} windfall world"
    texts = {"DRAW": f"draw {v}", "DRAW_IF": f"draw {v} if it produced",
             "DRAW_EACH_NOVELTY": "draw 1 per Novelty good made", "DRAW_EACH_ALIEN":
             "draw 1 per Alien good made", "DRAW_DIFFERENT": "draw 1 per kind of good made",
             "DRAW_WORLD_GENE": "draw 1 per Genes world", "DRAW_MILITARY":
             "draw 1 per military world", "DRAW_MOST_RARE": f"draw {v} if most Rare made"}
    return texts.get(pw.code, " ".join(sorted(a)).lower())


BONUS_WHAT = {
    "DEVEL": "development", "WORLD": "world", "SIX_DEVEL": "6-cost development",
    "MILITARY": "military world", "REBEL_MILITARY": "Rebel military world",
    "DEVEL_EXPLORE": "development with an Explore power",
    "WORLD_EXPLORE": "world with an Explore power",
    "DEVEL_TRADE": "development with a Trade power", "WORLD_TRADE": "world with a Trade power",
    "DEVEL_CONSUME": "development with a Consume power",
    "WORLD_CONSUME": "world with a Consume power",
}


def describe_bonus(b: VPBonus) -> str:
    """One end-of-game scoring line of a 6-cost development, in words."""
    if b.what == "THREE_VP":
        return f"{b.points} VP per 3 VP chips"
    if b.what == "TOTAL_MILITARY":
        return f"{b.points} VP per Military"
    if b.what == "NAME":
        what = b.name or "?"
    elif b.what.endswith("_FLAG"):
        what = b.what[: -len("_FLAG")].capitalize() + " card"
    elif b.what.endswith(("_PRODUCTION", "_WINDFALL")):
        head, _, tail = b.what.partition("_")
        kind = KIND.get(head, head.capitalize())
        what = f"{kind} {tail.lower()} world"
    else:
        what = BONUS_WHAT.get(b.what, b.what.lower())
    return f"{b.points} VP per {what}"


def card_text(d: Design) -> str:
    """The card's powers (phase by name) and 6-cost scoring, one line each: a tile's tooltip."""
    lines = [f"Phase {ROMAN[pw.phase]} ({PHASE_NAMES[pw.phase]}): {_power_text(pw)}"
             for pw in d.powers]
    if d.bonuses:
        lines.append("Game end: " + "; ".join(describe_bonus(b) for b in d.bonuses))
    return "\n".join([d.name, *lines])


def card_tile(d: Design, good: bool = False, asked: bool = False) -> str:
    """One card as a coloured tile: name, cost, VP, good, powers in a line each."""
    classes = "rftg-tile military" if d.military else "rftg-tile"
    if not d.is_world:
        classes += " devel"
    if asked:
        classes += " asked"
    colour = GOOD_COLOURS[d.good] if d.is_world else DEVEL_COLOUR
    if d.good:
        kind = f"{GOOD_LABEL[d.good]} {'windfall' if d.windfall else 'production'} world"
    elif d.is_world:
        kind = "world, no good"
    else:
        kind = "6-cost development" if d.is_six_cost else "development"
    if d.military:
        kind = "military, " + kind
    vp_text = "?" if d.is_six_cost else str(d.vp)
    powers = "".join(f'<div class="pw">{escape(describe_power(p))}</div>' for p in d.powers)
    good_mark = '<span class="good" title="a good"></span>' if good else ""
    cost = "defence" if d.military else "cost"
    return (f'<div class="{classes}" style="background:{colour}" '
            f'title="{escape(card_text(d))}">'
            f"<b>{escape(d.name)}</b>{good_mark}<br>"
            f"<span>{cost} {d.cost} &middot; {vp_text} VP &middot; {escape(kind)}</span>"
            f"{powers}</div>")


def tiles(cards: list[tuple[Design, bool]], empty: str = "none",
          asked: set[int] | frozenset[int] = frozenset()) -> str:
    """A row of tiles; the cards at the positions in ``asked`` are outlined (the current
    question is about them)."""
    if not cards:
        return f"<i>{escape(empty)}</i>"
    return '<div class="rftg-tiles">' + "".join(
        card_tile(d, g, asked=i in asked) for i, (d, g) in enumerate(cards)) + "</div>"


def robot_mat(mat: dict[str, Any], actions: list[str], components: list[dict[str, Any]],
              counter_vp: int, designs: dict[str, Design]) -> str:
    """The robot's mat: dice row with your markers, credit and economy tracks, counters."""
    assumed = {r["name"].split(".")[-1]: r for r in components if r["source"] != "rulebook"}
    marks = set(player_markers(actions))
    dice: dict[str, list[str]] = {}
    for p in mat["dice"]:
        dice.setdefault(p.space, []).append(f"{p.die}: {FACE_LABELS.get(p.face, p.face)}")
    cells = []
    for space in SPACES:
        inner = escape(SPACE_LABELS[space])
        if space in marks:
            inner += '<br><span class="you">&#9650; you</span>'
        for d in dice.get(space, []):
            inner += f'<br><span class="die">{escape(d)}</span>'
        cells.append(f'<div class="rftg-space">{inner}</div>')
    credit = _track(mat["credit"], mat.get("credit_max", 4))
    economy = _track(mat["economy"], mat.get("economy_max", 5))
    face = escape(FACE_LABELS.get(mat["robot_face"], str(mat["robot_face"])))
    face_note = ""
    if "robot_face" in assumed:
        r = assumed["robot_face"]
        face_note = (f' <span class="rftg-assumed" title="{escape(r["reason"])}">'
                     f"({r['source']}: {escape(r['reason'])})</span>")
    dice_note = ""
    if "a" in assumed or "b" in assumed:
        dice_note = ('<div class="rftg-assumed">Dice faces are assumed defaults (not printed in '
                     "the rulebook); see the components table.</div>")
    names = [n for n in mat["tableau"]]
    robot_vp = []
    for n in names:
        d = designs.get(n)
        vp = counter_vp if d is None or d.is_six_cost else d.vp
        robot_vp.append(f"{escape(n)} ({vp} VP)")
    return (
        f'<div class="rftg-mat"><b>Robot</b> &mdash; start world {escape(mat["start"])}'
        + ("" if mat["start"] in names else " (discarded)") +
        f'<div class="rftg-row">{"".join(cells)}</div>{dice_note}'
        f'<div>credit <span class="rftg-track">{credit}</span> economy '
        f'<span class="rftg-track">{economy}</span></div>'
        f'<div>"robot =" counter: <b>{face}</b>{face_note}</div>'
        f'<div>VP chips: <b>{mat["vp"]}</b> &middot; 6-cost counters left: '
        f'<b>{mat["counters_left"]}</b> ({counter_vp} VP each) &middot; draw stack: '
        f'<b>{mat["draw_stack"]}</b> {noun(mat["draw_stack"], "card")} &middot; tableau: '
        f'<b>{len(names)}</b> {noun(len(names), "card")}</div>'
        f'<div>Tableau: {", ".join(robot_vp)}</div>{components_table(components)}</div>'
    )


def _track(value: int, top: int) -> str:
    """A track of boxes 0..top with ``value`` marked."""
    return "".join(f'<span class="{"on" if i == value else ""}">{i}</span>'
                   for i in range(top + 1))


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
            "<code>SoloGame.new(components={...})</code>, keyed by the entries below (see the "
            "README).</div><table class='rftg-score'><tr><th>entry</th><th>in use</th>"
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


def score_sheet(result: dict[str, Any], you: str = "You") -> str:
    """The end-of-game score breakdown for both sides and the winner."""
    p, r = result["player"], result["robot"]
    rows = [
        ("Printed VP on cards", p["cards"], r["cards"]),
        ("VP chips", p["chips"], r["chips"]),
        ("6-cost developments", sum(p["bonuses"].values()), sum(r["six_cost"].values())),
        ("6-cost counters", "", r["counters"]),
        ("Total", p["total"], r["total"]),
    ]
    body = "".join(f"<tr><td>{escape(a)}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    detail = "".join(f"<li>{escape(k)}: {v} VP</li>" for k, v in p["bonuses"].items())
    won = ("A shared win" if result["shared"] else f"{escape(result['winner'])} "
           f"{'win' if result['winner'] == you else 'wins'}")
    why = f"<div>{escape(result['reason'])}</div>" if result.get("reason") else ""
    return (f"<h3>Game over: {won}!</h3>{why}<table class='rftg-score'><tr><th></th><th>"
            f"{escape(you)}</th><th>Robot</th></tr>{body}</table>"
            + (f"<div>Your 6-cost bonuses:<ul>{detail}</ul></div>" if detail else ""))
