"""Card names in a lesson's words, and what a sentence says of a card beside its name: "Drop
Ships (cost 4, 2 VP)", "New Earth, a 3 VP world", "Rebel Outpost needs Military 5", "Gem World
1 VP", "New Sparta gives Military 2" (:mod:`rftg_nb.lessons.words` checks each against the
card).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from rftg_nb.cards import CARDS, Design
from rftg_nb.engine.state import designs_military
from rftg_nb.lessons.phrases import GOOD, GOOD_WORDS, KIND, Kind, read_kind

# the longest name first, so that a name is not read as a shorter one inside it
_NAMES = sorted((d.name for d in CARDS), key=len, reverse=True)
NAME = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(n) for n in _NAMES) + r")(?![\w-])")


def named(text: str) -> list[re.Match[str]]:
    """Every card name in ``text``."""
    return list(NAME.finditer(text))


# ------------------------------------------------------------------------------ facts of a name
Fact = tuple[str, Callable[[Design], bool]]  # (the words, whether the card fits them)


def _cost(words: str, n: int) -> Fact:
    """A card that costs ``n`` cards (a military world has a defence, not a cost)."""
    return words, lambda d: not d.military and d.cost == n


def _defence(words: str, n: int) -> Fact:
    return words, lambda d: d.is_world and d.military and d.cost == n


def _vp(words: str, n: int) -> Fact:
    return words, lambda d: d.vp == n


def _military_world(words: str, military: bool) -> Fact:
    return words, lambda d: d.is_world and d.military == military


def _good(words: str, good: str) -> Fact:
    return words, lambda d: d.good == good


def _military(words: str, n: int) -> Fact:
    """A card whose powers give Military ``n``, always."""
    return words, lambda d: designs_military([d]) == n


def _attribute(item: str) -> Fact | None:
    """A fact said in a card's brackets: "cost 4", "defence 2", "2 VP", "military", "a 6-cost
    development", "Genes good"; None for words that are not a fact ("discarded")."""
    item = item.strip()
    if m := re.fullmatch(r"cost (\d+)", item):
        return _cost(item, int(m.group(1)))
    if m := re.fullmatch(r"defence (\d+)", item):
        return _defence(item, int(m.group(1)))
    if m := re.fullmatch(r"(?:only )?(-?\d+) VP(?: each)?", item):
        return _vp(item, int(m.group(1)))
    if item in ("military", "non-military"):
        return _military_world(item, item == "military")
    if m := re.fullmatch(rf"({GOOD}) good", item):
        return _good(item, GOOD_WORDS[m.group(1)])
    kind = read_kind(item)
    if kind is not None and re.match(r"(?:a|an) ", item):
        return item, kind.fits
    return None


def name_facts(text: str, m: re.Match[str]) -> list[Fact]:
    """What ``text`` says of the card named at ``m``, in the words right after its name."""
    rest = text[m.end():]
    out: list[Fact] = []
    if b := re.match(r"\s*\(([^)]*)\)", rest):
        out += [f for f in map(_attribute, b.group(1).split(",")) if f is not None]
    elif k := re.match(rf",?\s+(?:is\s+)?(?:a|an|the)\s+{KIND}", rest):
        kind = Kind.read(k)
        out.append((re.sub(r"^,?\s+(?:is\s+)?", "", kind.words), kind.fits))
    if n := re.match(r"\s+needs\s+(?:Military\s+)?(\d+)\b", rest):
        out.append(_defence(f"needs Military {n.group(1)}", int(n.group(1))))
    if re.match(r"\s+is\s+worth\s+nothing\b", rest):
        out.append(_vp("worth nothing", 0))
    elif v := re.match(r"\s+(?:is\s+worth\s+)?(-?\d+)\s+VP\b", rest):
        out.append(_vp(f"{v.group(1)} VP", int(v.group(1))))
    for pat in (rf"'s\s+({GOOD})\s+(?:good|one)\b", rf"'s\s+(?:good\s+)?is\s+({GOOD})\b",
                rf",\s+(?:whose|holds\s+an?)\s+({GOOD})\s+good\b"):
        if g := re.match(pat, rest):
            out.append(_good(f"{g.group(1)} good", GOOD_WORDS[g.group(1)]))
    if mil := re.match(r"\s+gives\s+Military\s+(\d+)\b", rest):
        out.append(_military(f"gives Military {mil.group(1)}", int(mil.group(1))))
    return out


def said_of_each(text: str,
                 names: list[re.Match[str]]) -> Iterator[tuple[re.Match[str], Fact]]:
    """"A and B (5 VP each)": the bracket's facts are said of A too."""
    for a, b in zip(names, names[1:], strict=False):
        if text[a.end():b.start()] == " and " and re.match(r"\s*\([^)]*\beach\)",
                                                           text[b.end():]):
            for fact in name_facts(text, b):
                yield a, fact
