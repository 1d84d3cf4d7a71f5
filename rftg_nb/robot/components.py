"""The robot's component facts (dice faces, "robot =" counters, special counters).

Values live in ``components.json``; each is marked ``rulebook`` (stated in the TGS rulebook) or
``assumed`` (printed only on the physical components; a default with a reason). A user may
override any value with a dict or a JSON file of the same shape; overridden values are marked
``user``. Leaves may be given plainly (``{"dice": {"a": [...]}}``) or as
``{"value": ..., "reason": ...}``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

FACES: Final = ("explore", "develop", "settle", "trade", "x2", "produce", "match", "robot")
ROBOT_FACES: Final = ("explore", "develop", "settle", "trade", "x2", "produce")
START_WORLDS: Final = ("Old Earth", "Epsilon Eridani", "Alpha Centauri", "New Sparta",
                       "Earth's Lost Colony", "Separatist Colony", "Ancient Race",
                       "Damaged Alien Factory", "Doomed World")
DIFFICULTIES: Final = ("easy", "medium", "hard")


class ComponentError(ValueError):
    """A component value (or override) that is not valid; the message names its path."""


def _int(lo: int, hi: int) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            return f"expected a whole number from {lo} to {hi}, got {v!r}"
        return None
    return check


def _choice(*allowed: Any) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in allowed else f"expected one of {list(allowed)}, got {v!r}"
    return check


def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else f"expected true or false, got {v!r}"


def _die(v: Any) -> str | None:
    if not isinstance(v, list) or len(v) != 6 or any(f not in FACES for f in v):
        return f"expected a list of 6 faces from {list(FACES)}, got {v!r}"
    return None


def _flip(v: Any) -> str | None:
    if (not isinstance(v, dict) or set(v) != {"from", "to", "once"}
            or v["from"] not in ROBOT_FACES or v["to"] not in ROBOT_FACES
            or not isinstance(v["once"], bool)):
        return ('expected {"from": face, "to": face, "once": true/false} with faces from '
                f"{list(ROBOT_FACES)}, got {v!r}")
    return None


def _first_settle(v: Any) -> str | None:
    if (not isinstance(v, dict) or set(v) != {"from", "min_vp", "credit", "economy"}
            or v["from"] not in ("deck", "draw_stack")
            or any(_int(0, 9)(v[k]) for k in ("min_vp", "credit", "economy"))):
        return ('expected {"from": "deck" or "draw_stack", "min_vp": n, "credit": n, '
                f'"economy": n}}, got {v!r}')
    return None


MAT_KEYS: Final[dict[str, Callable[[Any], str | None]]] = {
    "explore_action_draw": _int(0, 10), "explore_both_draw": _int(0, 10),
    "explore_action_credit": _int(0, 4), "explore_response_draw": _int(0, 10),
    "develop_counter_credit_action": _int(0, 4), "develop_counter_credit_response": _int(0, 4),
    "settle_action_draw": _int(0, 10), "settle_response_draw": _int(0, 10),
    "trade_credit": _int(0, 4), "produce_economy": _int(0, 5),
}
START_KEYS: Final[dict[str, Callable[[Any], str | None]]] = {
    "credit": _int(0, 4), "economy": _int(0, 5), "draw_stack": _int(0, 10),
    "settle_finds": _choice("military", "non-military"), "response_needs_credit": _bool,
    "robot_face": _choice(*ROBOT_FACES), "after_trade": _flip, "after_produce": _flip,
    "first_settle": _first_settle, **MAT_KEYS,
}
TOP_KEYS: Final[dict[str, Callable[[Any], str | None]]] = {
    "vp_pool": _int(1, 200), "credit_max": _int(0, 10), "economy_max": _int(0, 10),
    "same_single_space": _choice("once", "twice"),
}
DIFFICULTY_KEYS: Final = {"counters": _int(0, 5), "counter_vp": _int(0, 30)}
CONVENTIONS: Final = {
    "player_windfall_good": _choice("after_hand", "before_robot"),
    "response_credit_payment": _choice("if_any", "never"),
    "draw_stack_order": _choice("queue", "stack"),
    "robot_start_world": _choice("in_tableau"),
    "draw_pile_empty": _choice("reshuffle"),
    "robot_goods_produced": _choice("none"),
}


def _validator(path: tuple[str, ...]) -> Callable[[Any], str | None] | None:
    head = path[0]
    if len(path) == 1:
        return TOP_KEYS.get(head)
    if len(path) == 2:
        groups: dict[str, Mapping[str, Callable[[Any], str | None]]] = {
            "mat": MAT_KEYS, "start_defaults": START_KEYS, "conventions": CONVENTIONS,
            "dice": {"a": _die, "b": _die}}
        group = groups.get(head)
        return None if group is None else group.get(path[1])
    if len(path) == 3:
        if head == "difficulty" and path[1] in DIFFICULTIES:
            return DIFFICULTY_KEYS.get(path[2])
        if head == "start_worlds" and path[1] in START_WORLDS:
            return START_KEYS.get(path[2])
    return None


def _is_leaf(v: Any) -> bool:
    return isinstance(v, dict) and "value" in v


def _walk(tree: Mapping[str, Any], path: tuple[str, ...], source: str | None,
          out: dict[tuple[str, ...], dict[str, Any]]) -> None:
    for key, v in tree.items():
        here = (*path, str(key))
        name = ".".join(here)
        check = _validator(here)
        if check is not None:
            leaf = dict(v) if _is_leaf(v) else {"value": v}
            extra = set(leaf) - {"value", "source", "reason"}
            if extra:
                raise ComponentError(f"component {name!r}: unknown field(s) {sorted(extra)}")
            problem = check(leaf["value"])
            if problem:
                raise ComponentError(f"component {name!r}: {problem}")
            if source is not None:
                leaf["source"] = source
                leaf.setdefault("reason", "set by the user")
            elif leaf.get("source") not in ("rulebook", "assumed"):
                raise ComponentError(f"component {name!r}: source must be rulebook or assumed")
            out[here] = leaf
        elif isinstance(v, dict) and not _is_leaf(v) and _group_ok(here):
            _walk(v, here, source, out)
        else:
            raise ComponentError(f"unknown component {name!r}")


def _group_ok(path: tuple[str, ...]) -> bool:
    if len(path) == 1:
        return path[0] in ("difficulty", "dice", "mat", "start_defaults", "start_worlds",
                           "conventions")
    if len(path) == 2:
        return (path[0] == "difficulty" and path[1] in DIFFICULTIES) or (
            path[0] == "start_worlds" and path[1] in START_WORLDS)
    return False


@dataclass(frozen=True)
class Components:
    """Every component value in use, each with its ``source`` and (if assumed) ``reason``.

    Read-only once made: the default set is shared by every game that uses it."""

    leaves: Mapping[tuple[str, ...], Mapping[str, Any]]
    _starts: dict[str, dict[str, Any]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    _marked: dict[str | None, tuple[dict[str, Any], ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def get(self, *path: str) -> Any:
        return self.leaves[path]["value"]

    def for_start(self, world: str) -> dict[str, Any]:
        """The values that apply to a robot with start world ``world`` (its mat, merged)."""
        got = self._starts.get(world)  # every game asks: worked out once per start world
        if got is None:
            got = {}
            for group in (("mat",), ("start_defaults",), ("start_worlds", world)):
                for path, leaf in self.leaves.items():
                    if path[: len(group)] == group and len(path) == len(group) + 1:
                        got[path[-1]] = leaf["value"]
            self._starts[world] = got
        return dict(got)

    def marked(self, world: str | None = None) -> list[dict[str, Any]]:
        """Rows of (name, value, source, reason), for a start world's values only if given.

        The rows are read-only, as the components are: made once per start world (every
        solitaire game's robot keeps its own), each game gets a new list of the same rows."""
        rows = self._marked.get(world)
        if rows is None:
            made = []
            for path, leaf in self.leaves.items():
                if world is not None and path[0] == "start_worlds" and path[1] != world:
                    continue
                made.append({"name": ".".join(path), "value": leaf["value"],
                             "source": leaf["source"], "reason": leaf.get("reason", "")})
            rows = self._marked[world] = tuple(made)
        return list(rows)


@cache
def _defaults() -> dict[tuple[str, ...], dict[str, Any]]:
    raw = json.loads(resources.files("rftg_nb.robot").joinpath("components.json").read_text())
    if raw.get("format") != "rftg_nb-robot-components" or raw.get("version") != 1:
        raise ComponentError("components.json: wrong format or version")
    body = {k: v for k, v in raw.items() if k not in ("format", "version")}
    out: dict[tuple[str, ...], dict[str, Any]] = {}
    _walk(body, (), None, out)
    return out


@cache
def _default_components() -> Components:
    return Components({k: dict(v) for k, v in _defaults().items()})


NOT_A_DICT: Final = "components: expected a dict or a path to a JSON file"
MAX_OVERRIDES: Final = 100_000  # characters of JSON: a save carries them and is at most 1 MB


def read_overrides(path: str | Path) -> dict[str, Any]:
    """The overrides in a JSON file, not yet checked against the components."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as e:
        raise ComponentError(f"components file {str(path)!r}: {e.strerror}") from None
    except RecursionError:
        raise ComponentError(f"components file {str(path)!r}: nested too deeply") from None
    except ValueError as err:
        raise ComponentError(f"components file {str(path)!r}: not JSON ({err})") from None
    if not isinstance(data, dict):
        raise ComponentError(NOT_A_DICT)
    return data


def load_components(overrides: Mapping[str, Any] | str | Path | None = None) -> Components:
    """The default components with ``overrides`` (a dict, or a path to a JSON file) applied."""
    if overrides is None:
        return _default_components()
    leaves = {k: dict(v) for k, v in _defaults().items()}
    if isinstance(overrides, (str, Path)):
        overrides = read_overrides(overrides)
    if not isinstance(overrides, Mapping):
        raise ComponentError(NOT_A_DICT)
    given: dict[tuple[str, ...], dict[str, Any]] = {}
    try:
        size = len(json.dumps(overrides, default=repr))
        if size > MAX_OVERRIDES:
            raise ComponentError(f"components: {size:,} characters; overrides are at most "
                                 f"{MAX_OVERRIDES:,}")
        _walk(copy.deepcopy(dict(overrides)), (), "user", given)
    except RecursionError:
        raise ComponentError("components: nested too deeply") from None
    leaves.update(given)
    return Components(leaves)
