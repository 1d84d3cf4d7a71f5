"""The solitaire race's numbers after each event (the VP pool, the robot's credit, economy,
chips and tableau, yours, and both scores so far), kept as a game goes or worked out by a
replay (:meth:`rftg_nb.robot.solo.SoloGame.numbers_at`), and the game's story as a table
for the charts (:func:`timeline`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rftg_nb.engine.scoring import score_breakdown

if TYPE_CHECKING:
    from rftg_nb.robot.solo import SoloGame

# robot_vp and player_vp are VP chips; robot_score and player_score the score so far (chips,
# printed VP, 6-cost developments and counters), as scores() would give it at that step.
STAMP_FIELDS: Final = (
    "vp_pool", "robot_credit", "robot_economy", "robot_vp", "robot_tableau", "player_vp",
    "player_tableau", "robot_score", "player_score")


class RaceNumbers:
    """The numbers after each event so far (a tuple of :data:`STAMP_FIELDS` each)."""

    def __init__(self) -> None:
        self.stamps: list[tuple[Any, ...]] = []
        # (key, score) of your score and of the robot's, as last worked out, and the numbers
        # the last stamp was made from (see stamp)
        self.scored: tuple[tuple[int, int], int] = ((-1, 0), 0)
        self.robot_scored: tuple[tuple[int, int, int], int] = ((-1, 0, 0), 0)
        self.stamped: tuple[int, ...] = ()

    def take(self, other: RaceNumbers, n: int, going_on: bool) -> None:
        """Take the first ``n`` stamps of ``other`` (a replay's); ``going_on``: and what the
        next stamp starts from, to go on stamping this game's events."""
        self.stamps = other.stamps[:n]
        if going_on:
            self.stamped = other.stamped
            self.scored, self.robot_scored = other.scored, other.robot_scored

    def stamp(self, game: SoloGame) -> None:
        """After an event of ``game``: its numbers as they stand."""
        me = game.players[0]
        try:
            r = game.robot
        except AttributeError:  # dealing, before the robot's mat is set up
            self.stamps.append((game.vp_pool, None, None, 0, 0, me.vp, len(me.tableau),
                                 0, score_breakdown(game, me)["total"]))
            return
        # Scores change only with a tableau or the chips (a tableau changes size whenever it
        # changes, and an event follows each change), so each side's is recomputed only when
        # its own tableau or chips have changed; and most events change none of the numbers,
        # which then keep the last stamp.
        mine = len(me.tableau)
        robot_cards = len(r.cards)
        now = (game.vp_pool, r.credit, r.economy, r.vp_chips, robot_cards, r.counters_placed,
               me.vp, mine)
        stamps = self.stamps
        if now == self.stamped and stamps:
            stamps.append(stamps[-1])
            return
        self.stamped = now
        key = (mine, me.vp)
        scored = self.scored
        if scored[0] != key:
            scored = self.scored = (key, score_breakdown(game, me)["total"])
        robot_key = (robot_cards, r.vp_chips, r.counters_placed)
        robot_scored = self.robot_scored
        if robot_scored[0] != robot_key:
            robot_scored = self.robot_scored = (robot_key, r.score())
        stamps.append((game.vp_pool, r.credit, r.economy, r.vp_chips,
                       robot_cards + r.counters_placed, me.vp, mine, robot_scored[1],
                       scored[1]))


def timeline(game: SoloGame) -> Any:
    """One row per event you may see: step, round, phase, actor, kind, text, rule and the
    race's numbers (a pandas DataFrame)."""
    import pandas as pd  # (only the charts ask: pandas is not loaded to play)

    rows = []
    for i, e in enumerate(game.events):
        if not e.seen_by(0):
            continue
        rows.append({
            "step": i, "round": e.round, "phase": e.phase,
            "actor": "robot" if e.actor == "robot" else (
                "player" if e.actor == 0 else "game"),
            "kind": e.kind, "text": e.text, "rule": e.data.get("rule", ""),
            **game.numbers_at(i),
        })
    return pd.DataFrame(rows)
