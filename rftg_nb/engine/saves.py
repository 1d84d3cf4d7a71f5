"""Saved games: reading a save file's JSON, the checks of its fields and of a set-up, and the
custom designs a set-up carries (each refusal a :class:`SaveFileError` naming the field). The
game classes load a save by replaying it (:meth:`rftg_nb.engine.game.Game.from_json`).

A save is one JSON object (:data:`SAVE_FIELDS`, plus a kind of game's own, such as a table's
``table``):

- ``format``: ``"rftg_nb-game"``.
- ``version``: the version of the save *format* (:data:`SAVE_VERSION`, a whole number). A
  program reads the format versions it knows and refuses others; it changes only when the
  fields change their meaning.
- ``app_version``: the version of rftg_nb that wrote the save (``rftg_nb.__version__``, as
  ``rftg-nb --version`` and the package's metadata say it), for a person or a tool reading the
  file. Optional (saves written before it was added have none) and never read by the replay: a
  save loads the same whichever version wrote it.
- ``setup``, ``seed``, ``choices``: the game itself, which loading replays.
"""

from __future__ import annotations

import gc
import json
import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from rftg_nb._version import __version__
from rftg_nb.cards import CARDS, CardDatabase
from rftg_nb.cards.custom import CustomCardError, check_designs, database_with, normalize, plain
from rftg_nb.engine import draft as _draft
from rftg_nb.engine.decision import PositionError, SaveFileError, SetupError
from rftg_nb.engine.goals import check_names
from rftg_nb.engine.goals import draw as draw_goals
from rftg_nb.engine.position import validate_position
from rftg_nb.text import field_name, name_problem, quote

SAVE_FORMAT: Final = "rftg_nb-game"
SAVE_VERSION: Final = 1
MAX_SAVE_BYTES: Final = 1_000_000  # a saved game is at most 1 MB (a finished 5-player game: ~20 KB)
MAX_SEED: Final = 2**63  # seeds are whole numbers with |seed| below this
#: The field of a save that names the version of rftg_nb that wrote it (optional), and what
#: a save written now holds there.
APP_VERSION_FIELD: Final = "app_version"
APP_VERSION: Final = __version__
#: The longest ``app_version`` a save may hold.
MAX_APP_VERSION: Final = 100
SAVE_FIELDS: Final = ("format", "version", APP_VERSION_FIELD, "setup", "seed", "choices")
#: The fields a game's set-up may have (a solitaire game adds "solo").
SETUP_FIELDS: Final = (
    "players", "expansion", "advanced", "names", "goals", "custom_cards", "draft",
    "position")


def setup_of(players: Any, seed: Any, expansion: Any, advanced: Any, names: Any, goals: Any,
             draft: Any) -> tuple[dict[str, Any], int]:
    """The set-up a save keeps, made from the arguments of ``Game.new`` (which says what each
    means), and the seed (drawn when None); checked by :func:`check_setup`, as a loaded save's
    set-up is: the one check of a set-up, a fault raising :class:`SetupError` naming the
    argument."""
    if advanced is None:
        advanced = players == 2
    setup: dict[str, Any] = {"players": players, "expansion": expansion, "advanced": advanced}
    if names is not None:  # a list of them; anything else is refused by the check
        listed = not isinstance(names, (str, bytes, Mapping)) and isinstance(names, Iterable)
        setup["names"] = list(names) if listed else names
    if seed is None:
        seed = secrets.randbits(32)
    check_seed(seed, SetupError)
    if expansion == "tgs" and (goals is None or goals is True):
        setup["goals"] = draw_goals(seed)
    elif goals is False or goals is None:
        if expansion == "tgs":
            setup["goals"] = []
    elif isinstance(goals, (str, bytes)) or not isinstance(goals, Iterable):
        setup["goals"] = goals  # True in a base game, or no list: refused by the check
    else:
        named = list(goals)
        if named or expansion == "tgs":  # a base game with no goals keeps no key
            setup["goals"] = named
    if draft is not False:
        setup["draft"] = draft
    check_setup(setup, SetupError)
    return setup, seed


def check_setup(setup: Any, error: type[ValueError] = SaveFileError) -> None:
    """A multiplayer game's ``setup``, checked: the one check of a set-up, for a saved game
    (``error`` :class:`SaveFileError`, naming the field as ``field 'setup.players'``) and for a
    new one (:meth:`rftg_nb.engine.game.Game.new` builds the set-up from its arguments and
    passes :class:`SetupError`, which names the argument: ``players: ...``)."""
    if not isinstance(setup, dict):
        raise setup_fault(error, "", "expected an object")
    if "solo" in setup:
        raise setup_fault(error, "solo", "this is a saved solitaire game (load it with "
                                         "SoloGame.from_json, or on the play page)")
    if error is SaveFileError:
        check_fields(setup, SETUP_FIELDS, "setup")
    n = setup.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 5:
        raise setup_fault(error, "players", f"expected 2 to 5, got {quote(n)}")
    expansion = setup.get("expansion")
    if not isinstance(expansion, str) or expansion not in CARDS.EXPANSIONS:
        raise setup_fault(error, "expansion",
                          f"expected one of {CARDS.EXPANSIONS}, got {quote(expansion)}")
    if n == 5 and expansion != "tgs":
        raise setup_fault(error, "players", "a fifth player needs expansion 'tgs'")
    if not isinstance(setup.get("advanced"), bool):
        raise setup_fault(error, "advanced",
                          f"expected true or false, got {quote(setup.get('advanced'))}")
    if setup["advanced"] and n != 2:
        raise setup_fault(error, "advanced", "the advanced (two action) game is for 2 players")
    check_saved_names(setup, n, error)
    if "goals" in setup:
        goals = setup["goals"]
        if expansion != "tgs" and goals != []:
            raise setup_fault(error, "goals", "the goals come with The Gathering Storm "
                                              f"(expansion 'tgs'); expansion {expansion!r} "
                                              "has none")
        try:
            check_names(goals, "")
        except ValueError as e:
            where, _, why = str(e).partition(": ")
            raise setup_fault(error, "goals" + where, why) from None
    check_saved_custom_cards(setup, error)
    if "draft" in setup and setup["draft"] is not False:
        fault = _draft.why_not(setup["draft"], n, expansion)
        if fault is None and "position" in setup:
            fault = "a game started from a position cannot be drafted"
        if fault is not None:
            raise setup_fault(error, "draft", fault)
    if "position" in setup:
        try:
            validate_position(setup["position"])
        except PositionError as err:
            raise setup_fault(error, "position", str(err)) from None


def setup_fault(error: type[ValueError], field: str, why: str) -> ValueError:
    """The error ``error`` at ``field`` of a set-up ("" for the whole of it, ``names[1]`` for
    an item): a save's names the field of the file (``field 'setup.names[1]': ...``), any
    other the argument of ``new`` (``names[1]: ...``)."""
    if error is SaveFileError:
        where = "setup." + field if field else "setup"
        return SaveFileError(f"field '{where}': {why}")
    return error(f"{field or 'setup'}: {why}")


# ---------------------------------------------------------------------------- reading saves
def read_save(text: Any) -> dict[str, Any]:
    """A save file's JSON object, checked for size, encoding, nesting, format and version (a
    :class:`SaveFileError` naming what is wrong); the set-up and choices are checked by the
    game class that loads it."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveFileError(f"not a saved game: expected the file's text, got {quote(text)}")
    size = len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text)
    if size > MAX_SAVE_BYTES:
        raise SaveFileError(f"not a saved game: the file is {size:,} bytes; a save is at most "
                            f"{MAX_SAVE_BYTES:,} bytes (1 MB)")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveFileError("not a saved game: its JSON is nested too deeply") from None
    except UnicodeDecodeError as e:
        raise SaveFileError(f"not a saved game: not UTF-8 text ({e.reason} at byte "
                            f"{e.start})") from None
    except ValueError as err:
        raise SaveFileError(f"not a saved game: the text is not JSON ({err})") from None
    if not isinstance(data, dict):
        raise SaveFileError("not a saved game: expected a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError(
            f"field 'format': expected {SAVE_FORMAT!r}, got {quote(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveFileError(f"field 'version': this program reads version {SAVE_VERSION}, "
                            f"got {quote(version)}")
    if APP_VERSION_FIELD in data:
        made_by = data[APP_VERSION_FIELD]
        if not isinstance(made_by, str) or not 0 < len(made_by) <= MAX_APP_VERSION:
            raise SaveFileError(f"field '{APP_VERSION_FIELD}': expected the version of rftg_nb "
                                f"that wrote the save (a text of 1 to {MAX_APP_VERSION} "
                                f"characters), got {quote(made_by)}")
    return data


def replay(build: Callable[[], Any], choices: Any) -> Any:
    """The game ``build`` deals, with the saved ``choices`` answered in turn (a load); a fault
    raises :class:`SaveFileError` naming the field or the choice that does not replay."""
    if not isinstance(choices, list):
        raise SaveFileError("field 'choices': expected a list")
    # Every object the replay makes belongs to the game being built, so the cyclic garbage
    # collector, which would walk them (and every other live game) again and again while they
    # pile up, is paused until the game stands (about a third of a replay's time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        try:
            game = build()
        except (ValueError, KeyError, TypeError) as e:
            raise SaveFileError(f"field 'setup': {e}") from None
        for i, c in enumerate(choices):
            if not isinstance(c, list) or not _all_str(c):
                raise SaveFileError(f"field 'choices' item {i}: expected a list of option ids")
            try:
                game.apply(c)
            except ValueError as err:  # IllegalChoice, or a scripted step that cannot run
                raise SaveFileError(f"field 'choices' item {i} does not replay: {err}") from None
    finally:
        if collecting:
            gc.enable()
    return game


def _all_str(items: list[Any]) -> bool:
    for x in items:
        if not isinstance(x, str):
            return False
    return True


def check_seed(seed: Any, error: type[ValueError], where: str = "seed: ") -> None:
    """A seed is a whole number (not true/false) below 2**63 either way."""
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        raise error(f"{where}expected a whole number below 2**63, got {quote(seed)}")


def check_fields(obj: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    """Refuse a field that ``obj`` (a part of a save) may not have, naming it."""
    allowed = tuple(allowed)
    for key in obj:
        if key not in allowed:
            at = f"{where}.{field_name(key)}" if where else field_name(key)
            raise SaveFileError(f"field '{at}': unknown field (known: "
                                f"{', '.join(allowed)})")


def check_saved_names(setup: Mapping[str, Any], n: int,
                      error: type[ValueError] = SaveFileError) -> None:
    """``setup.names``, when there: ``n`` names of 1 to 40 printable characters."""
    names = setup.get("names")
    if names is None and "names" not in setup:
        return
    if not isinstance(names, list) or len(names) != n:
        raise setup_fault(error, "names", f"expected {n} names, got {quote(names)}")
    for i, x in enumerate(names):
        why = name_problem(x)
        if why is not None:
            raise setup_fault(error, f"names[{i}]", f"a player's name {why}")


# ---------------------------------------------------------------------------- custom cards
def custom_database(setup: Mapping[str, Any]) -> CardDatabase:
    """The printed cards, plus the custom designs of ``setup["custom_cards"]`` if any."""
    designs = setup.get("custom_cards")
    if not designs:
        return CARDS
    return database_with(designs)


def add_custom_cards(setup: dict[str, Any], designs: Iterable[Any] | None) -> None:
    """Check custom designs (raising CustomCardError, naming the card and field) and keep
    them in ``setup`` in the card file's full layout."""
    if designs is None:
        return
    if isinstance(designs, (str, bytes, Mapping)) or not isinstance(designs, Iterable):
        raise ValueError(f"custom_cards: expected a list of card designs, got {quote(designs)}")
    designs = list(designs)
    check_designs(designs)
    if designs:
        setup["custom_cards"] = [plain(normalize(d, i)) for i, d in enumerate(designs)]


def check_saved_custom_cards(setup: Mapping[str, Any],
                             error: type[ValueError] = SaveFileError) -> None:
    """A saved game's custom designs, checked as a new game's are (SaveFileError naming the
    field ``setup.custom_cards[i].<field>``)."""
    if "custom_cards" not in setup:
        return
    designs = setup["custom_cards"]
    if not isinstance(designs, list):
        raise setup_fault(error, "custom_cards", "expected a list of card designs")
    try:
        check_designs(designs)
    except CustomCardError as e:
        where = "custom_cards" + (f"[{e.index}]" if e.index is not None else "") + (
            f".{e.field}" if e.field else "")
        raise setup_fault(error, where, e.problem) from None
