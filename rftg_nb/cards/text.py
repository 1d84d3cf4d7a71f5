"""Cards in words: a line per power, a 6-cost development's scoring, a card's whole text.

Every view says a card the same way through these functions: the board's card faces, the card
browser, and later the lessons and the card designer.
"""

from __future__ import annotations

from rftg_nb.cards.model import Design, Power, VPBonus
from rftg_nb.constants import PHASE_NAMES
from rftg_nb.text import article, count

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
KIND = {"NOVELTY": "Novelty", "RARE": "Rare", "GENE": "Genes", "ALIEN": "Alien"}


def describe_power(pw: Power) -> str:
    """A short line for one power, e.g. "III: +2 Military" or "IV: Trade +1"."""
    return f"{ROMAN[pw.phase]}: {power_text(pw)}"


def power_text(pw: Power) -> str:
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
    lines = [f"Phase {ROMAN[pw.phase]} ({PHASE_NAMES[pw.phase]}): {power_text(pw)}"
             for pw in d.powers]
    if d.bonuses:
        lines.append("Game end: " + "; ".join(describe_bonus(b) for b in d.bonuses))
    return "\n".join([d.name, *lines])
