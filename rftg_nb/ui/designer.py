"""The card designer's plain-Python controller: the form's state, its checks and the preview.

One card is edited at a time (:attr:`DesignerController.draft`, in the custom card format of
:mod:`rftg_nb.cards.custom`); finished cards join :attr:`DesignerController.designs`, the set
that is saved to a JSON file and shuffled into a game. Every change re-checks the draft with
the same validation as the printed cards: :meth:`DesignerController.problem` names the field at
fault, which the page shows next to that field, and the preview is drawn with the board's own
card faces.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from rftg_nb.cards import BONUS_CODES, CARDS, FLAGS, GOODS, VPBonus
from rftg_nb.cards.custom import (
    MAX_COPIES,
    CustomCardError,
    check_designs,
    designs_from_bytes,
    normalize,
    plain,
    to_file_data,
)
from rftg_nb.cards.custom_powers import known_powers
from rftg_nb.cards.text import ROMAN, describe_bonus
from rftg_nb.ui.controller import Status, custom_set_words, load_failed
from rftg_nb.ui.faces import face_html, full_text

DESIGN_FLAGS = tuple(sorted(FLAGS - {"start_hand_3"}))  # start-world set-up notes are not offered
BONUS_CHOICES = tuple(sorted(BONUS_CODES))


def is_six_cost(card: dict[str, Any]) -> bool:
    """Whether a design is a 6-cost development (scored by its lines, "?" VP on its card)."""
    cost = card.get("cost")
    return card.get("type") == "development" and type(cost) is int and cost == 6


def blank(kind: str = "world") -> dict[str, Any]:
    """A new card of ``kind`` ("world" or "development") with every field at its default."""
    return {"name": "", "type": kind, "cost": 1, "vp": 1, "good": None, "windfall": False,
            "military": False, "flags": [], "copies": 1, "powers": [], "bonuses": []}


def bonus_text(code: str, points: int = 1, name: str | None = None) -> str:
    """A 6-cost scoring line in words ("1 VP per Rebel military world")."""
    return describe_bonus(VPBonus(points=points, what=code, name=name or "a named card"))


@dataclass
class Problem:
    """What is wrong with the draft: the field at fault (``"cost"``, ``"powers[0].value"``)
    and why."""

    field: str
    text: str


@dataclass
class DesignerController:
    """The designer's state: the card being edited and the set of finished custom cards."""

    draft: dict[str, Any] = field(default_factory=blank)
    designs: list[dict[str, Any]] = field(default_factory=list)
    editing: int | None = None  # the index in ``designs`` of the card being edited again
    status: Status = field(default_factory=Status)
    # the VP the draft had before it became a 6-cost development (given back if it stops)
    _vp_aside: Any = field(default=None, repr=False)

    # ------------------------------------------------------------------ editing the draft
    def set(self, key: str, value: Any) -> None:
        """Set one field of the draft ("name", "cost", "good", "flags", ...). A card that
        becomes a 6-cost development takes VP 0, as every printed one has (its VP are its
        scoring lines, "?" on the card); the VP it had comes back if it stops being one."""
        if key not in blank():
            raise KeyError(f"no field {key!r} on a card")
        was_six = is_six_cost(self.draft)
        self.draft[key] = value
        if key == "type" and value == "development":
            self.draft.update(good=None, windfall=False, military=False)
        if key == "good" and value is None:
            self.draft["windfall"] = False
        if is_six_cost(self.draft) and not was_six:
            self._vp_aside, self.draft["vp"] = self.draft["vp"], 0
        elif was_six and not is_six_cost(self.draft):
            if self._vp_aside is not None and self.draft["vp"] == 0:
                self.draft["vp"] = self._vp_aside
            self._vp_aside = None

    def add_power(self, phase: int, code: str) -> None:
        """Add one of the engine's powers (see
        :func:`rftg_nb.cards.custom_powers.known_powers`) with its usual value."""
        known = {(k["phase"], k["code"]): k for k in known_powers()}
        k = known.get((phase, code))
        if k is None:
            raise KeyError(f"no phase {phase} power {code!r}")
        # in phase order, as the card prints them: after the powers of its phase and before
        # those of later phases
        powers = self.draft["powers"]
        at = sum(1 for p in powers if _phase(p) <= phase)
        powers.insert(at, {"phase": phase, "code": code, "value": k["value"],
                           "times": k["times"]})

    def set_power(self, index: int, key: str, value: int) -> None:
        if key not in ("value", "times"):
            raise KeyError(f"a power has no field {key!r} to set")
        self.draft["powers"][index][key] = value

    def remove_power(self, index: int) -> None:
        del self.draft["powers"][index]

    def add_bonus(self, code: str, points: int = 1, name: str | None = None) -> None:
        if code not in BONUS_CODES:
            raise KeyError(f"no 6-cost scoring code {code!r}")
        line: dict[str, Any] = {"vp": points, "for": code}
        if code == "NAME":
            line["name"] = name or ""
        self.draft["bonuses"].append(line)

    def set_bonus(self, index: int, key: str, value: Any) -> None:
        if key not in ("vp", "name"):
            raise KeyError(f"a scoring line has no field {key!r} to set")
        self.draft["bonuses"][index][key] = value

    def remove_bonus(self, index: int) -> None:
        del self.draft["bonuses"][index]

    def new_card(self, kind: str = "world") -> None:
        self.draft = blank(kind)
        self.editing = None
        self._vp_aside = None
        self.status = Status("")

    # ------------------------------------------------------------------ checking
    def problem(self) -> Problem | None:
        """The first thing wrong with the draft (with the cards already in the set), or None."""
        others = [d for i, d in enumerate(self.designs) if i != self.editing]
        try:
            check_designs([*others, self.draft])
        except CustomCardError as e:
            if e.card.startswith("#") or e.card == repr(self.draft.get("name")):
                return Problem(e.field or "name", e.problem)
            return Problem("", str(e))  # a card of the set (loaded from a file) is bad
        return None

    def design(self) -> Any:
        """The draft as a checked :class:`rftg_nb.cards.Design`, or None while it is bad."""
        others = [d for i, d in enumerate(self.designs) if i != self.editing]
        try:
            return check_designs([*others, self.draft])[-1]
        except CustomCardError:
            return None

    def preview(self) -> dict[str, str]:
        """The card's face (the board's HTML) and its whole text, or the problem."""

        d = self.design()
        if d is None:
            p = self.problem()
            assert p is not None
            return {"face": "", "text": "", "problem": f"{p.field or 'card'}: {p.text}"}
        return {"face": face_html(d), "text": full_text(d), "problem": ""}

    # ------------------------------------------------------------------ the set of cards
    def keep(self) -> bool:
        """Put the draft into the set (replacing the card being edited again)."""
        p = self.problem()
        if p is not None:
            self.status = Status(f"Not saved: {p.field or 'card'}: {p.text}", True)
            return False
        card = copy.deepcopy(self.draft)
        if self.editing is None:
            self.designs.append(card)
            self.editing = len(self.designs) - 1
        else:
            self.designs[self.editing] = card
        self.status = Status(f"{card['name']} is in the set: {custom_set_words(self.designs)}.")
        return True

    def edit(self, index: int) -> None:
        """Edit a card of the set again."""
        self.draft = copy.deepcopy(self.designs[index])
        self.draft.setdefault("powers", [])
        if isinstance(self.draft["powers"], list):  # in phase order (a file's may not be)
            self.draft["powers"].sort(key=_phase)
        self.draft.setdefault("bonuses", [])
        for k, v in blank(self.draft.get("type", "world")).items():
            self.draft.setdefault(k, copy.deepcopy(v))
        self.editing = index
        self._vp_aside = None
        self.status = Status("")

    def delete(self, index: int) -> None:
        name = self.designs[index].get("name")
        del self.designs[index]
        if self.editing == index:
            self.editing = None
        elif self.editing is not None and self.editing > index:
            self.editing -= 1
        self.status = Status(f"{name} is out of the set.")

    def to_json(self) -> str:
        """The set as a custom card file's text."""
        return json.dumps(to_file_data(self.designs), indent=1)

    def load_json(self, text: str | bytes, size: int | None = None) -> bool:
        """Replace the set with a custom card file's designs; a bad file is refused, naming
        the card and field, and the set is kept. ``size``: the whole file's length, where
        ``text`` is only its start (see :meth:`load_upload`)."""
        try:
            designs = designs_from_bytes(text, "file", size)
        except CustomCardError as e:
            self.status = Status(f"Could not load that file: {e}", True)
            return False
        except Exception as e:  # a fault of ours, not the file's: still say so, keep the set
            self.status = load_failed(e, "the set")
            return False
        self.designs = [{**blank(d.get("type", "world")), **copy.deepcopy(d)}
                        for d in designs]
        self.editing = None
        self.status = Status(f"Loaded {custom_set_words(list(designs))}.")
        return True

    def load_upload(self, content: bytes, size: int) -> bool:
        """:meth:`load_json` for a file the page sent: ``content`` is its start (the page
        sends no more than a card file may hold) and ``size`` its whole length."""
        return self.load_json(bytes(content), size)

    def normalized(self) -> list[dict[str, Any]]:
        """The set as a game's set-up keeps it (every field given)."""
        return [plain(normalize(d, i)) for i, d in enumerate(self.designs)]


def _phase(power: Any) -> int:
    """A power's phase, for ordering (a malformed one, from a file, goes last)."""
    phase = power.get("phase") if isinstance(power, dict) else None
    return phase if type(phase) is int else 99


def power_fields(phase: int, code: str) -> tuple[str, ...]:
    """The numbers a power takes, of ``("value", "times")``: none for a power such as
    *produce* or a windfall power, "times" only for a Consume power counted in uses."""
    k = next((k for k in known_powers() if (k["phase"], k["code"]) == (phase, code)), None)
    if k is None:  # not one of the engine's powers (a card loaded from a file): show both
        return ("value", "times")
    return tuple(f for f, on in (("value", k["values"] != (0, 0)),
                                 ("times", k["uses_times"])) if on)


def power_choices() -> list[tuple[str, tuple[int, str]]]:
    """The engine's powers as (label, (phase, code)) for a menu, by phase."""

    return [(f"{ROMAN[k['phase']]}: {k['text']}", (k["phase"], k["code"]))
            for k in known_powers()]


__all__ = ["BONUS_CHOICES", "DESIGN_FLAGS", "GOODS", "MAX_COPIES", "CARDS",
           "DesignerController", "Problem", "blank", "bonus_text", "is_six_cost",
           "power_choices", "power_fields"]
