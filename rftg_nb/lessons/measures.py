"""Measures (small functions of a game) and graders (which measure a "choose" task maximises).

A measure takes the game and ``since``, the index of the first event of the part being
measured (for "where did the dice go" and "what did the robot place"), and returns a whole
number or a few words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rftg_nb.constants import GOOD_VALUE
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS
from rftg_nb.robot.solo import SoloGame

SPACE_CHOICES: tuple[str, ...] = tuple(SPACE_LABELS.values())
YES_NO: tuple[str, ...] = ("yes", "no")
# What the robot's "robot =" counter can read (a phase face).
FACE_CHOICES: tuple[str, ...] = tuple(FACE_LABELS[f] for f in (
    "explore", "develop", "settle", "trade", "x2", "produce"))


@dataclass(frozen=True)
class Measure:
    """``fn(game, since)``; ``says`` words the value in a sentence ("{}" is the value)."""

    fn: Callable[[SoloGame, int], Any]
    says: str

    def say(self, value: Any) -> str:
        return _words(self.says, value)


def _robot_events(g: SoloGame, since: int, kind: str) -> list[Any]:
    return [e for e in g.events[since:] if e.actor == "robot" and e.kind == kind]


def _die_space(die: str) -> Callable[[SoloGame, int], str]:
    def fn(g: SoloGame, since: int) -> str:
        for e in _robot_events(g, since, "die"):
            if e.data["die"] == die:
                return SPACE_LABELS[e.data["space"]]
        return "nowhere"
    return fn


def _placed(g: SoloGame, since: int) -> str:
    names = [e.data["card"] for e in g.events[since:]
             if e.actor == "robot" and e.kind in ("robot_place", "counter")]
    return " and ".join(names) if names else "nothing"


def _goods_value(g: SoloGame, since: int) -> int:
    return sum(GOOD_VALUE[w.design.good] for w in g.players[0].tableau
               if w.good is not None and w.design.good)


def _hand_vp(g: SoloGame, since: int) -> int:
    return sum(c.design.vp for c in g.players[0].hand)


MEASURES: dict[str, Measure] = {
    "robot_credit": Measure(lambda g, s: g.robot.credit, "the robot ends with credit {}"),
    "robot_economy": Measure(lambda g, s: g.robot.economy,
                             "the robot ends with economy size {}"),
    "robot_stack": Measure(lambda g, s: len(g.robot.stack),
                           "the robot's draw stack ends with {} cards"),
    "robot_vp": Measure(lambda g, s: g.robot.vp_chips, "the robot has {} VP chips"),
    "robot_tableau": Measure(lambda g, s: g.robot.tableau_size,
                             "the robot's tableau holds {} cards (counters count as cards)"),
    "robot_placed": Measure(_placed, "the robot places {}"),
    "robot_face": Measure(lambda g, s: FACE_LABELS[g.robot.robot_face],
                          "the robot's \"robot =\" counter reads {}"),
    "robot_score": Measure(lambda g, s: g.scores()[1], "the robot's score is {}"),
    "die_a_space": Measure(_die_space("A"), "die A goes on {}"),
    "die_b_space": Measure(_die_space("B"), "die B goes on {}"),
    "game_over": Measure(lambda g, s: "yes" if g.is_over else "no",
                         "does the game end? {}"),
    "player_score": Measure(lambda g, s: g.scores()[0], "your score is {}"),
    "player_hand": Measure(lambda g, s: len(g.players[0].hand), "you hold {} cards"),
    "player_hand_vp": Measure(_hand_vp, "the cards in your hand carry {} VP"),
    "player_goods_value": Measure(_goods_value,
                                  "the goods on your worlds would sell for {} cards"),
    "player_tableau": Measure(lambda g, s: len(g.players[0].tableau),
                              "your tableau holds {} cards"),
}


SCOPES = ("phase", "round")


@dataclass(frozen=True)
class Grader:
    """The best answer is the one whose ``measure`` is highest, taken once the rest of the
    answer's ``scope`` has been played quietly: "phase" (its phase is over) or "round" (the
    round is over, for a choice whose effect comes later in the round, such as your actions);
    ``says`` words that value ("{}" is the value)."""

    measure: str
    says: str
    scope: str = "phase"

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"grader scope must be one of {SCOPES}, not {self.scope!r}")

    def say(self, value: Any) -> str:
        return _words(self.says, value)


def _words(template: str, value: Any) -> str:
    """``template`` with ``value`` put in, in the singular for 1 ("1 card", "1 VP chip")."""
    text = template.format(value)
    if value == 1:
        text = text.replace("1 cards", "1 card").replace("1 VP chips", "1 VP chip")
    return text


GRADERS: dict[str, Grader] = {
    "most_score": Grader("player_score", "your score after the phase is {}"),
    "most_hand_vp": Grader("player_hand_vp", "the cards you keep carry {} VP"),
    "most_cards": Grader("player_hand", "you hold {} cards after the phase"),
    "most_goods_value": Grader("player_goods_value",
                               "your goods would sell for {} cards after the phase"),
    "most_score_round": Grader("player_score", "your score at the end of the round is {}",
                               scope="round"),
    "most_cards_round": Grader("player_hand", "you hold {} cards at the end of the round",
                               scope="round"),
}
