"""What a lesson's words say about its cards and the robot's roll, read back from the words and
checked against the lesson's own game: a lesson cannot say what its cards contradict.

:func:`problems` reads every sentence of a lesson (its text, ``after``, goal, ``why`` and
questions) for:

- **named cards** and what is said of each beside its name: "Drop Ships (cost 4, 2 VP)", "Rebel
  Colony (defence 4)", "New Earth, a 3 VP world", "Hive World, the military world", "Rebel
  Outpost needs Military 5", "Destroyed World is worth nothing", "Gem World 1 VP",
  "Pre-Sentient Race's Genes good", "New Sparta gives Military 2". Every card named must be one
  of the lesson's game, and each fact must be the card's (``rftg_nb.cards``).
- **counted cards**, in what the learner reads before answering (the text, the goal, the
  questions), as the position stands at the teaching point: "You hold four military worlds"
  (your hand), "You conquered two windfall worlds" (your tableau), "5 cards in its draw stack,
  none of them a military world", "The robot's tableau holds 11 cards: Old Earth (2 VP), ...
  and nine cards worth 12 VP together", "the top of the draw pile, top first: a military world,
  ...", "The second card of its draw stack is a 1 VP development"; and the robot's flips, as
  the lesson plays on: "the third card it flips is a 2-cost development", "its action finds a
  world on the fourth flip".
- **the robot's roll**: "the robot rolls Develop and x2", "it rolled Explore and a robot face"
  (said of last round), "die A (Develop)": every face the mat shows, and no other.

A kind of card is said as "[a|an|N] [N VP] [N-cost] [military|non-military]
[windfall|production|start] world|development|card [worth N VP [or more]] [that does not cost
N]". A count is a number word or digits ("a" and "an" count only in a list). Words the reader
does not know beside a name ("(discarded)") are not facts and are passed over; an item of a
list it cannot read is a problem, so that a list stays checkable.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rftg_nb.cards import CARDS, Design
from rftg_nb.engine.state import designs_military
from rftg_nb.lessons.model import Lesson
from rftg_nb.lessons.run import LessonRun
from rftg_nb.robot.solo import SoloGame

NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
            "eighth", "ninth", "tenth", "eleventh", "twelfth")
GOOD_WORDS = {"Novelty": "novelty", "Rare": "rare", "Genes": "genes", "Alien": "alien"}

_COUNT = rf"(?:\d+|{'|'.join(NUMBERS)})"
_ORD = "|".join(ORDINALS[1:])
_GOOD = "|".join(GOOD_WORDS)
# A kind of card (see the module docstring); group names are read by Kind.read.
_KIND = (rf"(?:(?:{_ORD})\s+)?(?:(?P<vp>-?\d+)\s+VP\s+)?(?:(?P<cost>\d+)-cost\s+)?"
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
    m = re.fullmatch(rf"(?:(?:a|an|the)\s+)?{_KIND}", words.strip())
    return Kind.read(m) if m else None


# ------------------------------------------------------------------------------ the lesson's game
@dataclass
class _Games:
    """The lesson's game at its teaching point, and played on (its answer, or ``then``)."""

    point: SoloGame
    after: SoloGame
    since: int  # the first event after the teaching point, in ``after``
    names: frozenset[str]  # every card of the game: its deck, start worlds and all it dealt


def _games(lesson: Lesson) -> _Games:
    run = LessonRun(lesson)
    point = run.game
    after, since = run.played_out()
    names = set(lesson.deck) | {n for n in (lesson.player_start, lesson.robot_start) if n}
    for g in (point, after):  # the cards it dealt (not the rest of the draw pile)
        for zone in (g.players[0].hand, g.players[0].tableau, g.robot.cards, g.robot.stack,
                     g.discard):
            names.update(c.name for c in zone)
        names.update(e.data["card"] for e in g.events if isinstance(e.data.get("card"), str))
    return _Games(point, after, since, frozenset(names))


# ------------------------------------------------------------------------------ sentences
@dataclass(frozen=True)
class Said:
    """Where a lesson says something: the field, and the words."""

    field: str
    text: str


def _said(lesson: Lesson) -> list[Said]:
    out = [Said("text", lesson.text), Said("after", lesson.after), Said("goal", lesson.goal),
           Said("why", lesson.why)]
    for q in lesson.questions:
        out += [Said(f"question {q.key}", q.prompt), Said(f"question {q.key} why", q.why)]
    return [s for s in out if s.text.strip()]


BEFORE = ("text", "goal")  # read before the learner answers (and every question prompt)


def _before(s: Said) -> bool:
    return s.field in BEFORE or (s.field.startswith("question ") and not s.field.endswith("why"))


def _sentences(text: str) -> list[str]:
    return [x for x in re.split(r"(?<=[.?!])\s+|\n\n", text) if x.strip()]


_NAMES = sorted((d.name for d in CARDS), key=len, reverse=True)
_NAME = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(n) for n in _NAMES) + r")(?![\w-])")


def named(text: str) -> list[re.Match[str]]:
    """Every card name in ``text``."""
    return list(_NAME.finditer(text))


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
    if m := re.fullmatch(rf"({_GOOD}) good", item):
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
    elif k := re.match(rf",?\s+(?:is\s+)?(?:a|an|the)\s+{_KIND}", rest):
        kind = Kind.read(k)
        out.append((re.sub(r"^,?\s+(?:is\s+)?", "", kind.words), kind.fits))
    if n := re.match(r"\s+needs\s+(?:Military\s+)?(\d+)\b", rest):
        out.append(_defence(f"needs Military {n.group(1)}", int(n.group(1))))
    if re.match(r"\s+is\s+worth\s+nothing\b", rest):
        out.append(_vp("worth nothing", 0))
    elif v := re.match(r"\s+(?:is\s+worth\s+)?(-?\d+)\s+VP\b", rest):
        out.append(_vp(f"{v.group(1)} VP", int(v.group(1))))
    for pat in (rf"'s\s+({_GOOD})\s+(?:good|one)\b", rf"'s\s+(?:good\s+)?is\s+({_GOOD})\b",
                rf",\s+(?:whose|holds\s+an?)\s+({_GOOD})\s+good\b"):
        if g := re.match(pat, rest):
            out.append(_good(f"{g.group(1)} good", GOOD_WORDS[g.group(1)]))
    if mil := re.match(r"\s+gives\s+Military\s+(\d+)\b", rest):
        out.append(_military(f"gives Military {mil.group(1)}", int(mil.group(1))))
    return out


def _each(text: str, names: list[re.Match[str]]) -> Iterator[tuple[re.Match[str], Fact]]:
    """"A and B (5 VP each)": the bracket's facts are said of A too."""
    for a, b in zip(names, names[1:], strict=False):
        if text[a.end():b.start()] == " and " and re.match(r"\s*\([^)]*\beach\)",
                                                           text[b.end():]):
            for fact in name_facts(text, b):
                yield a, fact


# ------------------------------------------------------------------------------ places and lists
def _card_list(words: str) -> list[str]:
    """The items of a list: "a world, a development and another one"; commas inside brackets
    do not split."""
    masked = re.sub(r"\([^)]*\)", lambda m: "\0" * len(m.group(0)), words)
    cuts = [0]
    ends = []
    for m in re.finditer(r",\s+(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?", masked):
        ends.append(m.start())
        cuts.append(m.end())
    ends.append(len(words))
    return [words[a:b].strip() for a, b in zip(cuts, ends, strict=True)]


@dataclass(frozen=True)
class _Item:
    """One item of a list of cards: a named card, or ``count`` cards of ``kind`` (with their
    VP together, when said)."""

    words: str
    name: str | None = None
    kind: Kind | None = None
    count: int = 1
    vp_sum: int | None = None


def _read_item(words: str, previous: Kind | None) -> _Item | None:
    if (m := _NAME.match(words)) and m.end() == len(words.split(" (")[0]):
        return _Item(words, name=m.group(1))
    if words == "another one" and previous is not None:
        return _Item(words, kind=previous)
    if (m := re.fullmatch(r"one worth (-?\d+) VP", words)) and previous is not None:
        return _Item(words, kind=replace(previous, words=words, vp=int(m.group(1))))
    m = re.fullmatch(rf"(a|an|another|{_COUNT})\s+(?P<kind>{_KIND})"
                     r"(?:\s+worth\s+(?P<sum>-?\d+)\s+VP\s+together)?", words)
    if m is None:
        return None
    n = 1 if m.group(1) in ("a", "an", "another") else number(m.group(1))
    kind = read_kind(m.group("kind"))
    return _Item(words, kind=kind, count=n,
                 vp_sum=int(m.group("sum")) if m.group("sum") else None)


def _check_list(place: str, cards: Sequence[Design], words: str, ordered: bool,
                say: Callable[[str], None]) -> None:
    """``words`` list the ``cards`` of ``place`` (top first when ``ordered``)."""
    items: list[_Item] = []
    previous: Kind | None = None
    for w in _card_list(words):
        item = _read_item(w, previous)
        if item is None:
            say(f"cannot read {w!r} as cards of {place} (say \"a military world\", \"two "
                "developments\", a card's name ...)")
            return
        items.append(item)
        previous = item.kind or previous
    if ordered:
        seq = [i for i in items for _ in range(i.count)]
        if len(seq) > len(cards):
            say(f"{words!r}: {place} has only {len(cards)} cards")
            return
        for n, (item, d) in enumerate(zip(seq, cards, strict=False), start=1):
            if item.name is not None and item.name != d.name or \
                    item.kind is not None and not item.kind.fits(d):
                say(f"{item.words!r}: card {n} of {place} is {_facts(d)}")
        return
    rest = list(cards)
    for item in items:
        if item.name is not None:
            hit = next((d for d in rest if d.name == item.name), None)
            if hit is None:
                say(f"{item.name} is not in {place}")
            else:
                rest.remove(hit)
    for item in items:
        if item.kind is None:
            continue
        fit = [d for d in rest if item.kind.fits(d)]
        if len(fit) != item.count:
            say(f"{item.words!r}: {place} has {len(fit)} such cards besides those named "
                f"({_list(rest)})")
        elif item.vp_sum is not None and sum(d.vp for d in fit) != item.vp_sum:
            say(f"{item.words!r}: they are worth {sum(d.vp for d in fit)} VP together")


def _facts(d: Design) -> str:
    if d.is_development:
        what = f"a {d.cost}-cost development"
    else:
        what = (f"a military world (defence {d.cost})" if d.military
                else f"a non-military world (cost {d.cost})")
    return f"{d.name}, {what}, {d.vp} VP"


def _list(cards: Sequence[Design]) -> str:
    return "; ".join(_facts(d) for d in cards) or "none"


def _designs(cards: Sequence[Any]) -> list[Design]:
    return [c.design for c in cards]


def _count_problems(s: Said, games: _Games, say: Callable[[str], None]) -> None:
    """Counts of cards in a place, as the position stands at the teaching point."""
    g = games.point
    hand = _designs(g.players[0].hand)
    tableau = _designs(g.players[0].tableau)
    stack = _designs(g.robot.stack)  # top first
    pile = _designs(g.deck[::-1])  # top first
    places = {"tableau": ("the robot's tableau", _designs(g.robot.cards), False),
              "draw stack": ("the robot's draw stack", stack, True)}

    def counted(place: str, cards: Sequence[Design], n: int, kind: Kind | None,
                words: str) -> None:
        fit = [d for d in cards if kind is None or kind.fits(d)]
        if len(fit) != n:
            say(f"{words!r}: {place} holds {len(fit)} such cards ({_list(cards)})")

    for text in _sentences(s.text):
        for m in re.finditer(rf"\bhold\s+(?:only\s+)?(?P<n>{_COUNT})\b(?P<other>\s+other)?"
                             rf"(?:\s+(?P<kind>{_KIND}))?"
                             r"(?:(?:\s+(?:you|that|which)\b[^:.]*)?:\s+(?P<list>[^.]+))?", text):
            kind = read_kind(m.group("kind")) if m.group("kind") else None
            n = number(m.group("n")) + (1 if m.group("other") else 0)
            counted("your hand", hand, n, kind, m.group(0))
            if m.group("list"):
                _check_list("your hand", hand, m.group("list"), False, say)
        for m in re.finditer(rf"\bhave\s+(?:exactly\s+)?(?P<n>{_COUNT})\s+other\s+cards\b",
                             text):
            counted("your hand", hand, number(m.group("n")) + 1, None, m.group(0))
        for m in re.finditer(rf"\b(?:conquered|settled|placed)\s+(?P<n>{_COUNT})\s+"
                             rf"(?P<kind>{_KIND})", text):
            counted("your tableau", tableau, number(m.group("n")), read_kind(m.group("kind")),
                    m.group(0))
        for m in re.finditer(rf"\b(?P<n>{_COUNT})\s+cards?\s+in\s+its\s+draw\s+stack"
                             rf"(?:,\s+none\s+of\s+them\s+(?:a|an)\s+(?P<kind>{_KIND}))?", text):
            counted("the robot's draw stack", stack, number(m.group("n")), None, m.group(0))
            if m.group("kind"):
                counted("the robot's draw stack", stack, 0, read_kind(m.group("kind")),
                        m.group(0))
        for m in re.finditer(rf"\bNone\s+of\s+the\s+(?P<n>{_COUNT})\s+cards\s+in\s+its\s+draw"
                             rf"\s+stack\s+is\s+(?:a|an)\s+(?P<kind>{_KIND})", text):
            counted("the robot's draw stack", stack, 0, read_kind(m.group("kind")), m.group(0))
        for m in re.finditer(rf"\b(?:The robot's|[Ii]ts) (?P<zone>tableau|draw stack) holds\s+"
                             rf"(?P<n>{_COUNT})\s+cards?\b(?::\s+(?P<list>[^.]+))?", text):
            place, cards, ordered = places[m.group("zone")]
            counted(place, cards, number(m.group("n")), None, m.group(0))
            if m.group("list"):
                _check_list(place, cards, m.group("list"), ordered, say)
        for m in re.finditer(r"\b(?:top of the draw pile, top first:|the cards it draws are, "
                             r"in order,)\s+(?P<list>.+?)(?=,\s+so\b|\.(?:\s|$)|$)", text):
            _check_list("the draw pile", pile, m.group("list"), True, say)
        for m in re.finditer(rf"\b[Tt]he (?P<ord>{_ORD}) card of its draw stack is (?:a|an) "
                             rf"(?P<kind>{_KIND})", text):
            i = ORDINALS.index(m.group("ord")) - 1
            kind = read_kind(m.group("kind"))
            if kind is not None and not (i < len(stack) and kind.fits(stack[i])):
                say(f"{m.group(0)!r}: its draw stack is {_list(stack)}")


def _flips(games: _Games) -> list[list[tuple[Design, bool]]]:
    """The robot's flips to find after the teaching point, one list per flip to find."""
    runs: list[list[tuple[Design, bool]]] = []
    last = None
    for e in games.after.events[games.since:]:
        if e.actor != "robot" or e.kind != "flip":
            last = None if e.actor == "robot" else last
            continue
        rule = e.data.get("rule")
        if last != rule or (runs and runs[-1][-1][1]):
            runs.append([])
        runs[-1].append((CARDS[e.data["card"]], bool(e.data.get("found"))))
        last = rule
    return runs


def _flip_problems(s: Said, games: _Games, say: Callable[[str], None]) -> None:
    runs = _flips(games)
    for m in re.finditer(rf"\b[Tt]he (?P<ord>{_ORD}) card it flips is (?:a|an|the first) "
                         rf"(?P<kind>{_KIND})", s.text):
        i = ORDINALS.index(m.group("ord")) - 1
        kind = read_kind(m.group("kind"))
        if kind is not None and not any(i < len(r) and kind.fits(r[i][0]) for r in runs):
            say(f"{m.group(0)!r}: it flips {_runs(runs)}")
    for m in re.finditer(rf"\b(?:finds|places) (?:a|an) (?P<kind>{_KIND}) on the (?P<ord>{_ORD})"
                         r" flip", s.text):
        i = ORDINALS.index(m.group("ord")) - 1
        kind = read_kind(m.group("kind"))
        if kind is not None and not any(i < len(r) and r[i][1] and kind.fits(r[i][0])
                                        for r in runs):
            say(f"{m.group(0)!r}: it flips {_runs(runs)}")


def _runs(runs: list[list[tuple[Design, bool]]]) -> str:
    return " | ".join(", ".join(d.name for d, _found in r) for r in runs) or "nothing"


# ------------------------------------------------------------------------------ the robot's roll
_FACE_WORDS = {"explore": "explore", "explores": "explore", "develop": "develop",
               "develops": "develop", "settle": "settle", "settles": "settle",
               "trade": "trade", "$ (trade)": "trade", "x2": "x2", "consume x2": "x2",
               "produce": "produce", "match": "match", "a match": "match",
               "a robot face": "robot", "robot face": "robot", "robot": "robot"}
_TWO = {"the two consume actions": ["trade", "x2"]}
_GENERAL = re.compile(r"^(?:its\s+)?two\s+dice$")  # "rolls two dice": no face said
_CONSUME = re.compile(r"^(?:a|any)\s+Consume\s+action$")  # either Consume face
_RULE = re.compile(r"^(?:When|If|Unless)\b")  # a rule, not this game's roll


def faces(words: str) -> list[str] | None:
    """The dice faces that ``words`` name ("Develop and x2", "two Explores"), None if a part
    is not a face."""
    out: list[str] = []
    for part in re.split(r"\s+and\s+", words.strip()):
        part = part.strip().lower()
        if part in _TWO:
            out += _TWO[part]
            continue
        n = 1
        if m := re.fullmatch(r"(two|both)\s+(.+)", part):
            n, part = 2, m.group(2)
        face = _FACE_WORDS.get(part)
        if face is None:
            return None
        out += [face] * n
    return out


def _rolls(g: SoloGame) -> dict[int, list[str]]:
    return {e.round: list(e.data["faces"]) for e in g.events if e.kind == "dice"}


def _dice(g: SoloGame) -> dict[tuple[int, str], str]:
    return {(e.round, e.data["die"]): e.data["rolled"] for e in g.events
            if e.actor == "robot" and e.kind == "die"}


@dataclass(frozen=True)
class Roll:
    """A roll the words say: ``faces`` (None: words that are not faces; ("consume",): "a
    Consume action", either Consume face), said of last round or of this one."""

    words: str
    faces: tuple[str, ...] | None
    last_round: bool


def rolls_said(text: str) -> list[Roll]:
    """Every roll of the robot's that ``text`` says: "the robot rolls Develop and x2", "it
    rolled Explore and a robot face" (of last round when the sentence says "last round"), "the
    robot matches the first and rolls Produce". A rule ("When ... rolls Produce too") and "rolls
    two dice" say no roll."""
    out = []
    for sentence in _sentences(text):
        last = bool(re.search(r"\blast round\b", sentence, re.IGNORECASE))
        plain = re.sub(r"\s*\([^)]*\)", "", sentence)
        if _RULE.search(plain):
            continue
        for m in re.finditer(r"\b(?:rolls|rolled)\s+(?P<what>[^.;:,]+)", plain):
            what = re.sub(r"\s+(?:again|too|as well)$", "", m.group("what").strip())
            if _GENERAL.search(what):
                continue
            said = ["consume"] if _CONSUME.search(what) else faces(what)
            if said is not None and re.search(r"\bmatches\s+the\s+first\b", plain):
                said.append("match")
            out.append(Roll(m.group(0), tuple(said) if said is not None else None, last))
    return out


def _roll_problems(s: Said, games: _Games, say: Callable[[str], None]) -> None:
    rolls = _rolls(games.after)
    dice = _dice(games.after)
    now = games.point.round
    for roll in rolls_said(s.text):
        rnd = now - 1 if roll.last_round else now
        shown = rolls.get(rnd)
        if roll.faces is None:
            say(f"cannot read the faces in {roll.words!r}")
        elif shown is None:
            say(f"{roll.words!r}: the robot rolls nothing in round {rnd}")
        elif roll.faces == ("consume",):
            if not {"trade", "x2"} & set(shown):
                say(f"{roll.words!r}: the mat shows {' and '.join(shown)} (round {rnd})")
        elif sorted(roll.faces) != sorted(shown):
            say(f"{roll.words!r}: the mat shows {' and '.join(shown)} (round {rnd})")
    for text in _sentences(s.text):
        rnd = now - 1 if re.search(r"\blast round\b", text, re.IGNORECASE) else now
        for m in re.finditer(r"\bdie ([AB]) \(([^)]+)\)|([\w$]+(?: face)?) \(die ([AB])\)",
                             text):
            die, words = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            said = faces(words)
            rolled = dice.get((rnd, die))
            if said is None or rolled is None or said != [rolled]:
                say(f"{m.group(0)!r}: die {die} shows {rolled} on the mat (round {rnd})")


# ------------------------------------------------------------------------------ all of it
def problems(lesson: Lesson) -> list[str]:
    """Each statement of ``lesson``'s words about its cards or the robot's roll that its game
    contradicts (or that cannot be read), in a sentence naming the lesson and the field."""
    games = _games(lesson)
    out: list[str] = []
    for s in _said(lesson):
        def say(problem: str, s: Said = s) -> None:
            out.append(f"{lesson.id}: {s.field}: {problem}")

        names = named(s.text)
        for m in names:
            if m.group(1) not in games.names:
                say(f"{m.group(1)} is not a card of this lesson's game")
        facts = [(m, f) for m in names for f in name_facts(s.text, m)]
        for m, (words, fits) in facts + list(_each(s.text, names)):
            d = CARDS[m.group(1)]
            if not fits(d):
                say(f"{m.group(1)} is not {words!r}: it is {_facts(d)}")
        if _before(s):
            _count_problems(s, games, say)
        _flip_problems(s, games, say)
        _roll_problems(s, games, say)
    return out
