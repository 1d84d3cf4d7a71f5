"""``ReplayApp``: a kept game on the board, read only, with a scrubber over its stops.

The board, its charts and its log are the play page's and the table's own views, read from
the game as it stood at the stop (:class:`rftg_nb.history.replay.Replay`): a controller of
the live pages' kind whose game is the replayed one, so a replay shows no more than the
live page showed its viewer then (the hand of the viewer only, the events they saw, the
robot's moves up to the one at the stop). At a stop that is one of the viewer's questions,
the question shows as it was asked, with the answer given picked; nothing can be answered.

The scrubber (a bar over the board) moves by one stop (its buttons, or the Left and Right
keys anywhere on the page), to the first or the last, or to any stop (its slider). A finished
game of players may show every player's hand (the switch "Show all hands").
"""

from __future__ import annotations

import json
from typing import Any

from rftg_nb.engine.table import TableGame
from rftg_nb.history.replay import Replay, ReplayError, Stop, load_game, person_seat
from rftg_nb.robot.components import DIFFICULTIES, START_WORLDS
from rftg_nb.ui.app import LOG_ROWS, solo_end_sheet
from rftg_nb.ui.board_app import BoardApp
from rftg_nb.ui.charts import CHARTS
from rftg_nb.ui.controller import NewGameSettings, SoloController
from rftg_nb.ui.solo_board import board_state, game_info
from rftg_nb.ui.table import TableController
from rftg_nb.ui.table_app import TABLE_CHARTS
from rftg_nb.ui.table_board import end_sheet, table_info, table_state
from rftg_nb.ui.table_seats import TableSettings

REPLAY_HELP = (
    "<div class='rftg-help'><b>Replay.</b> The game as it was at each stop: each of your "
    "questions (your answer picked) and each move you saw happen. <b>Next</b> and "
    "<b>Back</b> (or the Right and Left keys) move one stop, <b>Start</b> and <b>End</b> to "
    "either end, the slider anywhere. Nothing can be answered here; a click on a card shows its "
    "text. The charts and the game log go as far as the stop. After <i>Review this game</i>, "
    "each question shows what the strong AI would choose (ringed) and your chance of winning "
    "after each answer.</div>")
#: the board's messages a replay answers (every other one is ignored: nothing is played)
REPLAY_MESSAGES = ("seek", "all_hands", "explain", "check")


class SoloReplay(SoloController):
    """The dashboard's controller over a replayed solitaire game, at one stop."""

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        solo = replay.game.setup["solo"]
        self.settings = NewGameSettings(
            difficulty=solo["difficulty"], seed=replay.game.seed,
            player_start=solo["player_start"], robot_start=solo["robot_start"],
            manual_dice=solo.get("dice") == "manual")
        self.index = 0
        self.goto(0)

    def goto(self, index: int) -> Stop:
        s = self.replay.stop(index)
        self.index = index
        self.game = self.replay.prefix(s.choices)
        self.game.keep_numbers()  # (the one prefix game, played on from stop to stop)
        self.shown = s.events
        return s

    @property
    def stop(self) -> Stop:
        return self.replay.stops[self.index]

    @property
    def decision(self) -> Any:  # the question asked at a decision stop, else none
        return self.game.decision if self.game is not None and self.stop.kind == "decision" \
            else None

    def pending_steps(self) -> int:
        return 0  # the scrubber moves through the robot's moves, not "Next step"

    def at_cursor(self) -> Any:
        g = self._need_game()
        if self.shown >= len(g.events):
            return g
        key = (id(g), len(g.choices), len(g.events), self.shown)
        if self._cursor[0] != key:
            self._cursor = (key, g.at_step(self.shown))
        return self._cursor[1]


class TableReplay(TableController):
    """The table's controller over a replayed game of players, at one stop, seen by the
    replay's viewer."""

    def __init__(self, replay: Replay, table: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.replay = replay
        g = replay.game
        t = table or {}
        computer = [bool(x) for x in (t.get("computer") or [])][:len(g.players)]
        computer += [False] * (len(g.players) - len(computer))
        goals = g.setup.get("goals")
        self.settings = TableSettings(len(g.players), [p.name for p in g.players], computer,
                                      list(goals) if goals is not None else False, g.seed,
                                      str(t.get("level") or "fast"),
                                      bool(g.setup.get("draft")))
        self.index = 0
        self.goto(0)

    def goto(self, index: int) -> Stop:
        s = self.replay.stop(index)
        self.index = index
        self.game = self.replay.game_at(index)
        return s

    @property
    def stop(self) -> Stop:
        return self.replay.stops[self.index]

    @property
    def viewer(self) -> int | None:
        return self.replay.viewer

    @property
    def decision(self) -> Any:
        return self.game.decision if self.game is not None and self.stop.kind == "decision" \
            else None


def open_replay(save: str | dict[str, Any], viewer: int | None = None) -> SoloReplay | TableReplay:
    """The replay controller of a save (text or dict): the solitaire dashboard's for a
    solitaire game, the table's for a game of players (seen by ``viewer``: default the first
    seat a person played, else seat 0)."""
    text = json.dumps(save) if isinstance(save, dict) else save
    game = load_game(text)
    if getattr(game, "robot", None) is not None:
        if viewer not in (None, 0):
            raise ReplayError(f"viewer: a solitaire game is seen by seat 0, not {viewer!r}")
        return SoloReplay(Replay(game))
    table = json.loads(text).get("table") or {}
    if viewer is None:
        viewer = person_seat(text)
    return TableReplay(Replay(TableGame.from_json(text), viewer), table)


class ReplayApp(BoardApp):
    """A kept game on the board, read only. ``ReplayApp(save).show()`` in a notebook cell;
    ``save`` is a save's JSON text (as :meth:`rftg_nb.history.History.row` keeps it)."""

    keeps_games = False

    def __init__(self, save: str | dict[str, Any], viewer: int | None = None,
                 title: str = "") -> None:
        self.c = open_replay(save, viewer)
        self.solo = isinstance(self.c, SoloReplay)
        self.charts_drawn = CHARTS if self.solo else TABLE_CHARTS
        self.charts_wait = "The charts start when round 1 begins."
        self.title = title
        self.explain = False
        self.all_hands = False
        #: stop index -> the computer's review of that question (set from a review: the AI's
        #: answer, its reason and both chances), shown on the board at the stop
        self.judged: dict[int, dict[str, Any]] = {}
        super().__init__()
        if not self.solo:
            names = [p.name for p in self.c.replay.game.players]
            self.log_actor.options = [("everyone", ""), *((n, n) for n in names),
                                      ("game", "game")]
        self.refresh()

    @property
    def replay(self) -> Replay:
        return self.c.replay

    # ------------------------------------------------------------------ moving
    def seek(self, to: int) -> Stop:
        """Go to stop ``to`` (clamped to the first and the last)."""
        return self.c.goto(max(0, min(int(to), len(self.replay) - 1)))

    def set_review(self, review: dict[str, Any] | None) -> None:
        """Show a review's judgement of each question at its stop (None: none)."""
        self.judged = {}
        for x in (review or {}).get("decisions", ()):
            if x.get("reviewed"):
                self.judged[int(x["stop"])] = {
                    "ai": x["ai"], "ai_labels": x["ai_labels"], "reason": x["reason"],
                    "same": x["same"], "after": round(100 * x["after"]),
                    "ai_after": round(100 * x["ai_after"]),
                    "win": "winning" if self.solo else "ending first"}
        if self.c.game is not None:
            self.refresh()

    def step(self, by: int) -> Stop:
        return self.seek(self.c.index + by)

    # ------------------------------------------------------------------ the page's pieces
    def game(self) -> Any:
        return self.c.game

    def board_meta(self) -> dict[str, Any]:
        return {"difficulties": list(DIFFICULTIES), "starts": list(START_WORLDS)}

    def help_widgets(self) -> list[Any]:
        import ipywidgets as w

        return [w.HTML(REPLAY_HELP)]

    def log_actors(self) -> list[tuple[str, str]]:
        if self.solo:
            return [("everyone", ""), ("you", "player"), ("robot", "robot"), ("game", "game")]
        return [("everyone", "")]

    def info(self) -> dict[str, Any]:
        return game_info(self.c) if self.solo else table_info(self.c)

    def timeline(self) -> Any:
        return self.c.timeline()  # up to the stop (its step, or the copy of the game there)

    def charts_ready(self) -> bool:
        return self.c.game is not None and self.c.game.round >= 1

    def log_table(self, actor: str | None, phase: str | None) -> Any:
        if self.solo:
            table = self.c.log_table(actor, phase)
            table["actor"] = table["actor"].replace({"player": "you"})
            return table
        df = self.timeline()[["step", "round", "phase", "actor", "text"]]
        if actor:
            df = df[df["actor"] == actor]
        if phase:
            df = df[df["phase"] == phase]
        return df

    def view_key(self) -> Any:
        return (id(self.c.game), self.c.index)

    def in_play(self) -> bool:
        return False

    # ------------------------------------------------------------------ messages
    def _act(self, msg: dict[str, Any]) -> bool:
        what = str(msg.get("do"))
        if what not in REPLAY_MESSAGES:
            return False  # nothing is answered, undone, saved or started in a replay
        if what == "check":
            return super()._act(msg)
        if what == "seek":
            try:
                if "by" in msg:
                    self.step(int(msg["by"]))
                else:
                    to = msg.get("to")
                    last = len(self.replay) - 1
                    self.seek(last if to == "last" else int(to))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                return False
        elif what == "all_hands":
            self.all_hands = bool(msg.get("on"))
        elif what == "explain":
            self.explain = bool(msg.get("on"))
            if self.solo:
                self.c.explain = self.explain
        self.refresh()
        return True

    # ------------------------------------------------------------------ views
    def state(self) -> dict[str, Any]:
        c = self.c
        stop = c.stop
        last = c.index == len(self.replay) - 1
        if self.solo:
            s = board_state(c, self.serial)
            s["game"]["over"] = last and c.replay.game.is_over
            result = c.result() if s["game"]["over"] else None
            s["end"] = solo_end_sheet(result) if result else None
        else:
            s = table_state(c, self.serial, self.explain)
            s["game"]["over"] = last and c.replay.game.is_over
            s["end"] = end_sheet(c) if s["game"]["over"] else None
            s["pass_to"] = None
        s["undo"] = False
        q = s.get("question")
        if q is not None:
            q["answered"] = list(stop.answer)
            q["answered_labels"] = list(stop.labels)
            j = self.judged.get(c.index)
            if j is not None:
                q["judged"] = j
                # the AI's answer marked as a hint is (the board's purple ring)
                s["hint"] = {"ids": list(j["ai"]), "labels": list(j["ai_labels"]),
                             "reason": j["reason"]}
        finished = c.replay.game.is_over
        if stop.kind != "decision":  # the moment, where the question would be
            who = "the robot's move" if self.solo else "a move"
            where = (f"Round {stop.round}: {who}" if stop.kind == "move"
                     else "The end" if finished else "Where the game was kept")
            s["banner"] = [where, stop.text]
        s["replay"] = {
            "at": c.index, "of": len(self.replay), "kind": stop.kind, "round": stop.round,
            "text": stop.text, "title": self.title,
            "marks": [i for i, x in enumerate(self.replay.stops) if x.kind == "decision"],
            "can_show_hands": finished and not self.solo,
            "all_hands": self.all_hands and finished and not self.solo,
        }
        if s["replay"]["all_hands"]:
            g = c.game
            s["replay"]["hands"] = [{"name": p.name, "cards": [x.name for x in p.hand]}
                                    for p in g.players]
        return s


__all__ = ["LOG_ROWS", "REPLAY_MESSAGES", "ReplayApp", "SoloReplay", "TableReplay",
           "open_replay"]
