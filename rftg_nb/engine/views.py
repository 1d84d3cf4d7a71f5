"""What a game shows: one player's view, the whole state as plain data, the scores, winners and
the sides they name, and the events a player may see (a base class of
:class:`rftg_nb.engine.game.Game`), and where every card is (:func:`locations`, the check the
tests make of a game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rftg_nb._native import mypyc_attr
from rftg_nb.constants import GAME_END_PHASE
from rftg_nb.engine.decision import Decision, Event, GameNotReady
from rftg_nb.engine.record import Record
from rftg_nb.engine.scoring import score_breakdown, winners_of
from rftg_nb.engine.state import Card, Player
from rftg_nb.text import whose

if TYPE_CHECKING:
    from rftg_nb.engine.draft import Draft
    from rftg_nb.engine.game import Game
    from rftg_nb.engine.goals import GoalTrack


@mypyc_attr(allow_interpreted_subclasses=True)
class GameViews:
    """The read-only views of a game (a base class of ``Game``, whose state they read)."""

    # what ``Game`` holds (read here, set there)
    round: int
    phase: str
    vp_pool: int
    deck: list[Card]
    discard: list[Card]
    players: list[Player]
    cards: list[Card]
    record: Record
    draft: Draft | None
    goal_tracks: list[GoalTrack]
    _decision: Decision | None
    #: whether every part of the game is made (set in ``Game.__init__`` before the deal; False
    #: before, also for a subclass's own ``__init__`` before it calls that one): until then
    #: every entry point raises :class:`GameNotReady` (see ``_check_made``)
    _made: bool = False

    def _check_made(self) -> None:
        """Raise :class:`GameNotReady` while the game is still being set up (its parts are
        not all made yet: a hook that runs before the deal has asked for it). Every entry
        point that reads the game asks this first, so that both engines say the same thing
        (a part not made yet would otherwise be an AttributeError naming that part)."""
        if not self._made:
            raise GameNotReady("the game is still being set up: it can be read from the "
                               "deal on, not by a hook that runs before it")

    def view(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may see: own hand, every tableau, counts, chips and the pool.

        A drafted game adds each player's own ``deck_size`` and ``discard_size`` and a
        ``draft`` entry (:meth:`rftg_nb.engine.draft.Draft.view`: ``player``'s own packet,
        picks and start worlds, everyone's counts)."""
        self._check_made()
        me = self.players[player]
        out: dict[str, Any] = {
            "round": self.round,
            "phase": self.phase,
            "vp_pool": self.vp_pool,
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "hand": [{"id": c.id, "name": c.name} for c in me.hand],
            "players": [
                {
                    "name": p.name,
                    "vp": p.vp,
                    "hand_size": len(p.hand),
                    "actions": list(p.actions),
                    "tableau": [
                        {"id": c.id, "name": c.name, "good": c.good is not None}
                        for c in p.tableau
                    ],
                }
                for p in self.players
            ],
        }
        if self.draft is not None:
            for p, seen in zip(self.players, out["players"], strict=True):
                seen["deck_size"] = len(p.deck or ())
                seen["discard_size"] = len(p.discard or ())
            out["draft"] = self.draft.view(player)
        return out

    def snapshot(self) -> dict[str, Any]:
        """The whole state (every zone by card id) as plain data, for comparisons and tests.

        A drafted game adds each player's own ``deck`` and ``discard`` and the ``draft``
        table (packets, picks, start worlds, cards out of the game)."""
        self._check_made()
        out: dict[str, Any] = {
            "round": self.round,
            "phase": self.phase,
            "vp_pool": self.vp_pool,
            "over": self.phase == GAME_END_PHASE,
            "deck": [c.id for c in self.deck],
            "discard": [c.id for c in self.discard],
            "players": [
                {
                    "vp": p.vp,
                    "actions": list(p.actions),
                    "hand": [c.id for c in p.hand],
                    "tableau": [[c.id, c.good.id if c.good else None] for c in p.tableau],
                }
                for p in self.players
            ],
            "decision": None if self._decision is None else str(self._decision),
        }
        if self.draft is not None:
            for p, seen in zip(self.players, out["players"], strict=True):
                seen["deck"] = [c.id for c in p.deck or ()]
                seen["discard"] = [c.id for c in p.discard or ()]
            out["draft"] = self.draft.snapshot()
        return out

    def scores(self) -> list[int]:
        """Each side's score so far (final once the game is over), in the order of
        :meth:`sides`."""
        self._check_made()
        return [score_breakdown(self, p)["total"] for p in self.players]

    def score_breakdown(self, player: int) -> dict[str, Any]:
        """Printed VP, VP chips, each 6-cost bonus by card, each goal's VP by goal, and the
        total for ``player``."""
        self._check_made()
        return score_breakdown(self, self.players[player])

    @property
    def winners(self) -> list[int]:
        """Winning player indices once the game is over (several only if tied after tie-break)."""
        self._check_made()
        if self.phase != GAME_END_PHASE:
            return []
        return winners_of(self, self.scores())

    @property
    def winner(self) -> int | None:
        """The winner's index after the tie-break; None while playing or if still tied."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    def tiebreak(self, player: int) -> int:
        """What breaks a tie for side ``player``: cards in hand plus goods."""
        self._check_made()
        p = self.players[player]
        return len(p.hand) + p.good_count()

    # ----------------------------------------------------------------- sides
    def pool_size(self) -> int:
        """VP chips in the pool at the start: 12 per player."""
        return 12 * len(self.players)

    def sides(self) -> list[str]:
        """The names that :meth:`scores` reports on, in order."""
        self._check_made()
        return [p.name for p in self.players]

    def whose(self, side: int) -> str:
        """The possessive of side ``side`` of :meth:`scores` ("your", "Ann's")."""
        return whose(self.sides()[side])

    def side_actor(self, side: int) -> int | str:
        """The event actor for side ``side`` of :meth:`scores`."""
        return side

    def tableau_sizes(self) -> list[int]:
        """Each side's tableau size for the game end, in the order of :meth:`sides`."""
        self._check_made()
        return [len(p.tableau) for p in self.players]

    def more_places(self) -> list[tuple[Card, str]]:
        """Hook of :func:`locations` (:class:`rftg_nb.engine.variant.Variant`): the cards in
        the zones a kind of game adds, with their places (the solitaire robot's draw stack and
        tableau); none here."""
        self._check_made()
        return []

    def events_for(self, player: int) -> list[Event]:
        """The events ``player`` may see (public ones and their own private ones)."""
        self._check_made()
        return [e for e in self.record.events if e.seen_by(player)]


def locations(game: Game) -> dict[str, str]:
    """Where each card is ("deck", "discard", "hand:0", "tableau:1", "good:c12", ...).

    A drafted game adds "deck:0" and "discard:0" (a player's own piles), "packet:0" (the
    packet seat 0 holds), "picks:0", "start:0" (start worlds not yet revealed) and
    "removed" (left out of the game after the draft).

    Raises AssertionError if a card is found in two places or a card is missing.
    """
    more = game.more_places()  # (first: GameNotReady while the game is being set up)
    where: dict[str, str] = {}

    def put(card: Card, place: str) -> None:
        if card.id in where:
            raise AssertionError(f"{card} is both in {where[card.id]} and {place}")
        where[card.id] = place

    for c in game.deck:
        put(c, "deck")
    for c in game.discard:
        put(c, "discard")
    for p in game.players:
        for c in p.hand:
            put(c, f"hand:{p.index}")
        for c in p.tableau:
            put(c, f"tableau:{p.index}")
            if c.good is not None:
                put(c.good, f"good:{c.id}")
    if game.draft is not None:
        _locate_draft(game, put)
    for c, place in more:
        put(c, place)
    missing = [c.id for c in game.cards if c.id not in where]
    if missing:
        raise AssertionError(f"cards in no place: {missing}")
    return where


def _locate_draft(game: Game, put: Callable[[Card, str], None]) -> None:
    draft = game.draft
    assert draft is not None
    for p in game.players:
        i = p.index
        for c in p.deck or ():
            put(c, f"deck:{i}")
        for c in p.discard or ():
            put(c, f"discard:{i}")
        for zone, cards in (("packet", draft.packets[i]), ("picks", draft.picks[i]),
                            ("start", draft.start_worlds[i])):
            for c in cards:
                put(c, f"{zone}:{i}")
    for c in draft.removed:
        put(c, "removed")
