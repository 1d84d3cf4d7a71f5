"""The words of lessons that :mod:`rftg_nb.lessons.words` reads: counts and ordinals, goods,
the kinds of card a sentence says ("a 6-cost development", "military worlds"), a lesson's
sentences, and a card said back in words for a problem's message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rftg_nb.cards import Design

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
            "eighth", "ninth", "tenth", "eleventh", "twelfth")
GOOD_WORDS = {"Novelty": "novelty", "Rare": "rare", "Genes": "genes", "Alien": "alien"}

# The patterns of a count, an ordinal ("third") and a good's word, as parts of a regex.
COUNT = rf"(?:\d+|{'|'.join(NUMBERS)})"
ORDINAL = "|".join(ORDINALS[1:])
GOOD = "|".join(GOOD_WORDS)
# A kind of card (see rftg_nb.lessons.words); group names are read by Kind.read.
KIND = (rf"(?:(?:{ORDINAL})\s+)?(?:(?P<vp>-?\d+)\s+VP\s+)?(?:(?P<cost>\d+)-cost\s+)?"
        r"(?P<mil>non-military\s+|military\s+)?(?P<sort>windfall\s+|production\s+|start\s+)?"
        r"(?P<noun>worlds?|developments?|cards?)\b"
        r"(?:\s+worth\s+(?P<worth>-?\d+)\s+VP(?P<more>\s+or\s+more)?)?"
        r"(?:\s+that\s+does\s+not\s+cost\s+(?P<notcost>\d+))?")


def number(word: str) -> int:
    """A count in words or digits: number("four") == 4."""
    word = word.lower()
    return NUMBERS.index(word) if word in NUMBERS else int(word)


@dataclass(frozen=True)
class Kind:
    """A kind of card as a sentence says it ("a 6-cost development", "military worlds")."""

    words: str
    noun: str  # "world", "development" or "card"
    military: bool | None = None
    cost: int | None = None
    not_cost: int | None = None
    vp: int | None = None
    vp_or_more: bool = False
    sort: str = ""  # "windfall", "production", "start" or ""

    @classmethod
    def read(cls, m: re.Match[str]) -> Kind:
        g = m.groupdict()
        mil = (g["mil"] or "").strip()
        vp = g["vp"] if g["vp"] is not None else g["worth"]
        return cls(words=m.group(0), noun=g["noun"].rstrip("s"),
                   military=None if not mil else mil == "military",
                   cost=int(g["cost"]) if g["cost"] else None,
                   not_cost=int(g["notcost"]) if g["notcost"] else None,
                   vp=int(vp) if vp is not None else None, vp_or_more=bool(g["more"]),
                   sort=(g["sort"] or "").strip())

    def fits(self, d: Design) -> bool:
        if self.noun == "world" and not d.is_world or \
                self.noun == "development" and not d.is_development:
            return False
        if self.military is not None and (not d.is_world or d.military != self.military):
            return False
        if self.cost is not None and d.cost != self.cost:
            return False
        if self.not_cost is not None and d.cost == self.not_cost:
            return False
        if self.vp is not None and (d.vp < self.vp if self.vp_or_more else d.vp != self.vp):
            return False
        if self.sort == "windfall" and not d.is_windfall:
            return False
        if self.sort == "production" and not d.is_production:
            return False
        return not (self.sort == "start" and not d.is_start_world)


def read_kind(words: str) -> Kind | None:
    """The kind that ``words`` say, all of them ("a military world"), else None."""
    m = re.fullmatch(rf"(?:(?:a|an|the)\s+)?{KIND}", words.strip())
    return Kind.read(m) if m else None


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (a paragraph break ends one too)."""
    return [x for x in re.split(r"(?<=[.?!])\s+|\n\n", text) if x.strip()]


def describe(d: Design) -> str:
    """A card in words, as a problem says what it is: "Gem World, a non-military world (cost
    2), 1 VP"."""
    if d.is_development:
        what = f"a {d.cost}-cost development"
    else:
        what = (f"a military world (defence {d.cost})" if d.military
                else f"a non-military world (cost {d.cost})")
    return f"{d.name}, {what}, {d.vp} VP"


def describe_all(cards: Sequence[Design]) -> str:
    """The cards in words, one after another ("none" for no card)."""
    return "; ".join(describe(d) for d in cards) or "none"
