"""Card faces in the project's own design: HTML drawn from a card design, with no game art.

A face shows what a player reads off a printed card: the cost (or a military world's defence,
in red), the VP ("?" for a 6-cost development, which scores by its list), a band in the colour
of the world's good saying windfall or production, world or development, the flags (Alien,
Rebel, Imperium, Uplift, Terraforming, chromosome) and each power by phase. The board, the card
browser and later the designer and the lessons all draw cards with :func:`face_html`; the goods
lying on a world and whether a card can be picked are added by the board around the face.
"""

from __future__ import annotations

from html import escape
from typing import Any

from rftg_nb.cards import Design
from rftg_nb.cards.text import ROMAN, card_text, describe_bonus, power_text
from rftg_nb.constants import GOOD_LABEL

GOOD_COLOURS = {"novelty": "#6fa8dc", "rare": "#b5835a", "genes": "#6aa84f",
                "alien": "#e6c229", None: "#9e9e9e"}
FLAG_LABELS = {"alien": "Alien", "rebel": "Rebel", "imperium": "Imperium", "uplift": "Uplift",
               "terraforming": "Terraforming", "chromo": "chromosome"}
# flags that are not printed as a symbol on the card (a start-world set-up note)
_HIDDEN_FLAGS = {"start_hand_3"}


def kind_text(d: Design) -> str:
    """What kind of card this is, in words: "Novelty windfall world", "6-cost development"."""
    if d.is_world:
        if d.good:
            text = f"{GOOD_LABEL[d.good]} {'windfall' if d.windfall else 'production'} world"
        else:
            text = "world"
        return ("military " + text) if d.military else text
    return "6-cost development" if d.is_six_cost else "development"


def flags(d: Design) -> list[str]:
    return [FLAG_LABELS[f] for f in sorted(d.flags - _HIDDEN_FLAGS) if f in FLAG_LABELS]


def _name_html(name: str) -> str:
    """A card's name for its face: a word with a hyphen ("Pre-Sentient") kept on one line, so
    that a name breaks only between words at any size."""
    return " ".join(f'<span class="rf-nobr">{escape(w)}</span>' if "-" in w else escape(w)
                    for w in name.split(" "))


def face_html(d: Design) -> str:
    """The face of one card: corners, band, flags and a line per power."""
    classes = ["rf-face", "world" if d.is_world else "devel"]
    if d.military:
        classes.append("military")
    if d.windfall:
        classes.append("windfall")
    cost = (f'<span class="rf-cost mil" title="defence {d.cost}">{d.cost}</span>' if d.military
            else f'<span class="rf-cost" title="cost {d.cost}">{d.cost}</span>')
    vp = "?" if d.is_six_cost else str(d.vp)
    colour = GOOD_COLOURS[d.good] if d.is_world else "#d8d2c4"
    band = escape(kind_text(d))
    flag_html = "".join(f'<span class="rf-flag">{escape(f)}</span>' for f in flags(d))
    powers = "".join(
        f'<div class="rf-pw"><b>{ROMAN[p.phase]}</b> {escape(power_text(p))}</div>'
        for p in d.powers)
    if d.bonuses:
        powers += ('<div class="rf-pw rf-six"><b>VP</b> '
                   + escape("; ".join(describe_bonus(b) for b in d.bonuses)) + "</div>")
    # The cost and the VP float in the name's first line, so a long name's later lines (and a
    # long word) have the tile's whole width; the two empty floats at the start of the powers
    # keep their last lines out of the tile's bottom right corner, where the board puts the
    # i button and a good.
    # The face is a picture of the card: a tile names the card in words (face_label), so the
    # face itself is hidden from screen readers.
    return (f'<div class="{" ".join(classes)}" aria-hidden="true">'
            f'<div class="rf-top">{cost}<span class="rf-vp" title="{vp} VP">{vp}</span>'
            f'<span class="rf-name">{_name_html(d.name)}</span></div>'
            f'<div class="rf-band" style="background:{colour}">{band}</div>'
            + (f'<div class="rf-flags">{flag_html}</div>' if flag_html else "")
            + f'<div class="rf-pws"><i class="rf-gap"></i><i class="rf-corner"></i>{powers}'
            '</div></div>')


def face_label(d: Design) -> str:
    """What the face shows, in one sentence for a screen reader: "New Sparta: military world,
    defence 2, 1 VP. Powers: phase III: +2 Military." (a tile's name; its full text is on the i)."""
    vp = "VP by its list" if d.is_six_cost else f"{d.vp} VP"
    head = f"{d.name}: {kind_text(d)}, {'defence' if d.military else 'cost'} {d.cost}, {vp}"
    marks = flags(d)
    if marks:
        head += ", " + ", ".join(marks)
    powers = [f"phase {ROMAN[p.phase]}: {power_text(p)}" for p in d.powers]
    if d.bonuses:
        powers.append("scores " + "; ".join(describe_bonus(b) for b in d.bonuses))
    return head + (". Powers: " + "; ".join(powers) + "." if powers else ". No powers.")


def full_text(d: Design) -> str:
    """The whole card in words, one fact a line: what a click on a tile shows."""
    head = f"{d.name}\n{kind_text(d)}; {'defence' if d.military else 'cost'} {d.cost}; " + (
        "VP by its list (6-cost)" if d.is_six_cost else f"{d.vp} VP")
    marks = flags(d)
    if marks:
        head += "\nFlags: " + ", ".join(marks)
    lines = card_text(d).split("\n")[1:]
    return "\n".join([head, *lines]) if lines else head + "\nNo powers."


def catalogue(designs: dict[str, Design]) -> dict[str, dict[str, Any]]:
    """Every design's face and full text, sent to the page once: the board then names cards.

    ``good`` is the colour of the good a world makes (for the goods drawn on it), and
    ``good_name`` its name; ``label`` the card in one sentence (:func:`face_label`).
    """
    return {name: {"html": face_html(d), "text": full_text(d), "label": face_label(d),
                   "good": GOOD_COLOURS[d.good] if d.good else None,
                   "good_name": GOOD_LABEL[d.good] if d.good else None,
                   "world": d.is_world}
            for name, d in designs.items()}
