"""Start a game from a described position (``Game.from_position``).

A position is a JSON-able dict. Only ``players`` is required::

    {
      "expansion": "tgs",            # "base" or "tgs" (default "tgs")
      "advanced": True,              # two actions a round (default: True for 2 players)
      "round": 3,                    # round number (default 1)
      "phase": "settle",             # where play resumes (default "action"): "action",
                                     # "explore", "develop", "develop2", "settle", "settle2",
                                     # "consume", "produce" or "round_end"
      "vp_pool": 20,                 # chips left in the pool (default 12 per player - chips held)
      "players": [
        {"name": "Ann",                            # default "Player 1", ...
         "tableau": ["Old Earth", {"card": "Gem World", "good": True}],
         "hand": ["Spice World", "Colony Ship"],
         "vp": 2,                                  # VP chips held (default 0)
         "actions": ["settle", "produce"]},        # this round's actions (needed unless the
                                                   # phase is "action")
        ...
      ],
      "deck": ["Mining World", "Gem World"],       # top of the draw pile, top card first
      "discard": ["Hive World"],                   # the discard pile
      "goals": [                                   # goals in play (default none; "tgs" only)
        "Greatest Military",                       # a goal nobody holds yet
        {"name": "Galactic Status", "holders": [0, 1]},   # a "first" goal: who scored it
        {"name": "Production Leader", "holders": [1]},   # a "most" goal: its tile's holder
      ],
    }

Every card of the expansion's deck that the position does not name is shuffled (with the
game's seed) under the named ``deck`` cards. A good given as ``True`` is a card taken from
those unnamed cards; ``"good": "Card Name"`` names the card lying face down instead.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from rftg_nb.cards import CARDS
from rftg_nb.constants import ACTIONS
from rftg_nb.constants import PHASES as ROUND_PHASES
from rftg_nb.engine.decision import PositionError, told
from rftg_nb.engine.goals import GOALS
from rftg_nb.engine.piles import shuffle
from rftg_nb.engine.state import Card

if TYPE_CHECKING:
    from rftg_nb.engine.game import Game

PHASE_CALLS = dict(ROUND_PHASES)  # phase -> the actions that call it
PHASES = ("action", *PHASE_CALLS, "round_end")
ACTION_IDS = tuple(a for a, _label in ACTIONS)
TOP_KEYS = {"expansion", "advanced", "round", "phase", "vp_pool", "players", "deck", "discard",
            "goals"}
PLAYER_KEYS = {"name", "tableau", "hand", "vp", "actions"}


def _int(value: Any, where: str, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(f"{where}: expected a whole number, got {value!r}")
    if low is not None and value < low:
        raise PositionError(f"{where}: must be at least {low}, got {value}")
    return value


def _name(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise PositionError(f"{where}: expected a card name, got {value!r}")
    if value not in CARDS:
        raise PositionError(f"{where}: unknown card {value!r}")
    return value


def validate_position(data: Any) -> dict[str, Any]:
    """Check a position and return it in full (defaults filled in), or raise PositionError."""
    if not isinstance(data, dict):
        raise PositionError("position: expected a dict")
    extra = set(data) - TOP_KEYS
    if extra:
        raise PositionError(f"position: unknown field(s) {sorted(extra)}")
    expansion = data.get("expansion", "tgs")
    if expansion not in CARDS.EXPANSIONS:
        raise PositionError(f"expansion: expected one of {CARDS.EXPANSIONS}, got {expansion!r}")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5:
        raise PositionError("players: expected a list of 2 to 5 players")
    n = len(players)
    if n == 5 and expansion != "tgs":
        raise PositionError("players: a fifth player needs The Gathering Storm (expansion 'tgs')")
    advanced = data.get("advanced", n == 2)
    if not isinstance(advanced, bool):
        raise PositionError(f"advanced: expected true or false, got {advanced!r}")
    if advanced and n != 2:
        raise PositionError("advanced: the advanced game is for 2 players")
    rnd = _int(data.get("round", 1), "round", 1)
    phase = data.get("phase", "action")
    if phase not in PHASES:
        raise PositionError(f"phase: expected one of {PHASES}, got {phase!r}")
    used: Counter[str] = Counter()
    out_players = []
    chips = 0
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise PositionError(f"{where}: expected a dict")
        extra = set(p) - PLAYER_KEYS
        if extra:
            raise PositionError(f"{where}: unknown field(s) {sorted(extra)}")
        tableau = []
        for j, t in enumerate(p.get("tableau", [])):
            w = f"{where}.tableau[{j}]"
            if isinstance(t, dict):
                unknown = set(t) - {"card", "good"}
                if unknown:
                    raise PositionError(f"{w}: unknown field(s) {sorted(unknown)}")
                name = _name(t.get("card"), f"{w}.card")
                good = t.get("good", False)
            else:
                name, good = _name(t, w), False
            design = CARDS[name]
            if good is not False:
                if not design.is_world or design.good is None:
                    raise PositionError(f"{w}.good: {name} cannot hold a good")
                if good is not True:
                    used[_name(good, f"{w}.good")] += 1
            if design.is_development and any(x["card"] == name for x in tableau):
                raise PositionError(f"{w}: a tableau cannot hold two copies of {name}")
            used[name] += 1
            tableau.append({"card": name, "good": good})
        if not tableau:
            raise PositionError(f"{where}.tableau: a player needs at least one card in play")
        hand = [_name(h, f"{where}.hand[{j}]") for j, h in enumerate(p.get("hand", []))]
        used.update(hand)
        vp = _int(p.get("vp", 0), f"{where}.vp", 0)
        chips += vp
        actions = p.get("actions", [])
        if not isinstance(actions, list) or any(a not in ACTION_IDS for a in actions):
            raise PositionError(f"{where}.actions: expected a list of {ACTION_IDS}")
        if phase != "action":
            want = 2 if advanced else 1
            if len(set(actions)) != want or len(actions) != want:
                raise PositionError(f"{where}.actions: give {want} different action(s)")
            if not advanced and {"develop2", "settle2"} & set(actions):
                raise PositionError(f"{where}.actions: 2nd Develop/Settle need the advanced game")
            for second, first in (("develop2", "develop"), ("settle2", "settle")):
                if second in actions and first not in actions:
                    raise PositionError(f"{where}.actions: {second} needs {first}")
        out_players.append({
            "name": str(p.get("name", f"Player {i + 1}")), "tableau": tableau, "hand": hand,
            "vp": vp, "actions": list(actions) if phase != "action" else [],
        })
    if phase in PHASE_CALLS:
        calls = PHASE_CALLS[phase]
        if not any(a in calls for p in out_players for a in p["actions"]):
            raise PositionError(f"phase: no player chose an action that calls {phase!r}")
    deck = [_name(c, f"deck[{j}]") for j, c in enumerate(data.get("deck", []))]
    discard = [_name(c, f"discard[{j}]") for j, c in enumerate(data.get("discard", []))]
    used.update(deck)
    used.update(discard)
    available = Counter(CARDS.deck(expansion))
    for name, k in used.items():
        if k > available[name]:
            raise PositionError(
                f"card {name!r}: the position uses {k} copies, the {expansion} deck has "
                f"{available[name]}"
            )
    pool = data.get("vp_pool")
    pool = 12 * n - chips if pool is None else _int(pool, "vp_pool")
    return {
        "expansion": expansion, "advanced": advanced, "round": rnd, "phase": phase,
        "vp_pool": pool, "players": out_players, "deck": deck, "discard": discard,
        "goals": _goals(data.get("goals", []), expansion, n),
    }


def _goals(data: Any, expansion: str, n: int) -> list[dict[str, Any]]:
    """The position's goals as ``[{"name": ..., "holders": [...]}]``, or PositionError."""
    if not isinstance(data, list):
        raise PositionError(f"goals: expected a list of goals, got {data!r}")
    if data and expansion != "tgs":
        raise PositionError("goals: goals come with The Gathering Storm (expansion 'tgs')")
    out: list[dict[str, Any]] = []
    for i, g in enumerate(data):
        where = f"goals[{i}]"
        if isinstance(g, dict):
            extra = set(g) - {"name", "holders"}
            if extra:
                raise PositionError(f"{where}: unknown field(s) {sorted(extra)}")
            name, holders = g.get("name"), g.get("holders", [])
            where_name = f"{where}.name"
        else:
            name, holders, where_name = g, [], where
        if not isinstance(name, str) or name not in GOALS:
            raise PositionError(f"{where_name}: unknown goal {name!r} "
                                f"(the goals are: {', '.join(GOALS)})")
        if any(o["name"] == name for o in out):
            raise PositionError(f"{where_name}: the goal {name!r} is listed twice")
        if not isinstance(holders, list):
            raise PositionError(f"{where}.holders: expected a list of player indices")
        for j, h in enumerate(holders):
            _int(h, f"{where}.holders[{j}]", 0)
            if h >= n:
                raise PositionError(f"{where}.holders[{j}]: no player {h} among {n} players")
        if len(set(holders)) != len(holders):
            raise PositionError(f"{where}.holders: a player is listed twice")
        if GOALS[name].kind == "most" and len(holders) > 1:
            raise PositionError(f"{where}.holders: {name} is a \"most\" goal: one holder at most")
        out.append({"name": name, "holders": list(holders)})
    return out


def build_position(game: Game, pos: dict[str, Any]) -> str | None:
    """Lay out ``pos`` in ``game``; return the phase to resume in (None: action selection)."""
    names = game.db.deck(game.expansion)
    game.cards = [Card(i, game.db[n]) for i, n in enumerate(names)]
    free: dict[str, list[Card]] = {}
    for c in reversed(game.cards):
        free.setdefault(c.name, []).append(c)

    def take(name: str) -> Card:
        return free[name].pop()

    for p, spec in zip(game.players, pos["players"], strict=True):
        for t in spec["tableau"]:
            card = take(t["card"])
            p.tableau.append(card)
            if isinstance(t["good"], str):
                card.good = take(t["good"])
        p.hand = [take(n) for n in spec["hand"]]
        p.vp = spec["vp"]
        p.actions = tuple(spec["actions"])
    top = [take(n) for n in pos["deck"]]
    game.discard = [take(n) for n in pos["discard"]]
    rest = [c for cards in free.values() for c in cards]
    rest.sort(key=lambda c: c.uid)
    shuffle(game.rng, rest)
    for p, spec in zip(game.players, pos["players"], strict=True):
        for card, t in zip(p.tableau, spec["tableau"], strict=True):
            if t["good"] is True:
                if not rest:
                    raise PositionError("not enough unnamed cards left to use as goods")
                card.good = rest.pop()
    game.deck = rest + top[::-1]
    game.vp_pool = pos["vp_pool"]
    game.vp_start = pos["vp_pool"] + sum(p.vp for p in game.players)
    game.round = pos["round"]
    game.tell(None, told("position"), (
        "The game starts from a given position.",
        {}))
    if pos["phase"] == "action":
        game.round -= 1
        return None
    return pos["phase"]
