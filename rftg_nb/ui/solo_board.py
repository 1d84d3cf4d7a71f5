"""What the solitaire board shows, as one small JSON-ready dict built from the controller.

The board's page script (``board.js``) draws only from this dict and the card catalogue
(:func:`rftg_nb.ui.faces.catalogue`, sent once), so a click costs the few kilobytes of this
dict rather than a page of HTML. Everything here is read from the game *at the step cursor*
(:meth:`SoloController.at_cursor`): while robot steps are held back the board shows the game
as it stood then, and nothing the player may not see yet.
"""

from __future__ import annotations

from typing import Any

from rftg_nb.engine.kinds import Kind
from rftg_nb.robot.dice import FACE_LABELS, SPACE_LABELS, SPACES, player_markers
from rftg_nb.robot.mat import COUNTER
from rftg_nb.robot.rules import SUMMARIES, mat_rows, response_notes, rule_summary
from rftg_nb.ui.board_parts import question_for, seat_cards
from rftg_nb.ui.controller import SoloController

# the words printed over each space of the mat's dice row (the full name is its tooltip)
SPACE_SHORT = {"explore1": "Explore", "explore2": "Explore", "develop1": "Develop",
               "develop2": "Develop", "settle1": "Settle", "settle2": "Settle",
               "trade": "$ Trade", "x2": "x2", "produce": "Produce"}
# said under the action question with Explain on; each action button then carries its note
RESPONSE_INTRO = ("Under each action: what the robot does in that phase if its dice do not "
                  "call it (its response row).")
MOVES_SHOWN = 30  # the robot's moves of this round and the last sent to the page (it scrolls)


def question(c: SoloController) -> dict[str, Any] | None:
    """The pending question: prompt, options and how many to pick (None while none)."""
    d = c.decision
    g = c.game
    if d is None or g is None:
        return None
    q = question_for(g, 0, d, c.explain)
    if q is not None and d.kind == Kind.ACTIONS and c.explain:
        # the decision a solitaire player weighs: what the robot does with each phase called
        responses = response_notes(g.robot.values)
        for o in q["options"]:
            o["note"] = responses.get(o["id"], "")
        q["coach"] = f"{q.get('coach', '')} {RESPONSE_INTRO}".strip()
    if q is not None and d.kind == Kind.DICE:
        q["dice"] = {die: [{"id": o.id, "face": o.id[2:], "label": FACE_LABELS[o.id[2:]]}
                           for o in d.options if o.id.startswith(die.lower() + ":")]
                     for die in ("A", "B")}
    return q


def game_info(c: SoloController) -> dict[str, Any]:
    """What stays the same through a game, sent once per game: the mat's spaces with their
    action and response rows, and every robot rule in a sentence with this robot's numbers."""
    g = c.game
    assert g is not None
    values = g.robot.values
    rows = mat_rows(values)
    return {
        "seed": g.seed,
        "spaces": [{"id": s, "label": SPACE_LABELS[s], "short": SPACE_SHORT[s],
                    "act": rows[s][0], "resp": rows[s][1]} for s in SPACES],
        "rules": {rule: rule_summary(rule, values) for rule in SUMMARIES},
    }


def board_state(c: SoloController, serial: int = 0) -> dict[str, Any]:
    """Everything the board draws for the person at seat 0."""
    g = c.at_cursor()
    live = c.game
    assert live is not None
    d = c.decision
    q = question(c)
    me = g.players[0]
    # While the robot's moves before your keep question are stepped through, the cards you
    # explored are already shown apart from your hand.
    ahead = live.decision
    apart = ahead.ids if d is None and ahead is not None and ahead.player == 0 \
        and ahead.kind == Kind.EXPLORE_KEEP else ()
    tiles = seat_cards(g, 0, d, q, apart)
    now = g.numbers_at(len(g.events) - 1) if g.events else None
    mat = c.robot_at_cursor()
    r = g.robot
    marks = player_markers(mat["markers"])
    on = {p.space for p in mat["dice"]}
    explore_die = bool(on & {"explore1", "explore2"})
    consume_die = bool(on & {"trade", "x2"})
    spaces = []
    for s in SPACES:
        if s.startswith("explore"):
            response = s in marks and not explore_die
        elif s in ("trade", "x2"):
            response = s in marks and not consume_die
        else:
            response = s in marks and s not in on
        # the rows are lit once the dice are on the mat (not while the roll is entered)
        lit = "act" if s in on else "resp" if response and on else ""
        space: dict[str, Any] = {"lit": lit}
        if s in marks:
            space["you"] = 1
        dice = [{"die": p.die, "face": FACE_LABELS.get(p.face, p.face)}
                for p in mat["dice"] if p.space == s]
        if dice:
            space["dice"] = dice
        spaces.append(space)
    robot_cards = ([{"n": x.name, "vp": r.card_vp(x), "face": True} for x in r.cards]
                   + [{"n": COUNTER, "vp": r.counter_vp, "face": False}] * r.counters_placed)
    moves = [e for e in c.visible_events() if e.actor == "robot"]
    moves = [e for e in moves if e.round >= moves[-1].round - 1][-MOVES_SHOWN:] if moves else []
    state: dict[str, Any] = {
        "serial": serial,
        "status": {"text": c.status.text, "error": c.status.error},
        "game": {"seed": live.seed, "round": g.round, "difficulty": c.settings.difficulty,
                 "over": live.is_over and not c.pending_steps(), "started": bool(live.choices)},
        "question": q,
        "pending": c.pending_steps(),
        "step_through": c.step_through,
        "explain": c.explain,
        **tiles,
        "counts": {
            "military": me.total_military(), "goods": me.good_count(), "hand": len(tiles["hand"]),
            "deck": len(g.deck), "discard": len(g.discard), "chips": me.vp,
        },
        "score": ({"you": now["player_score"], "robot": now["robot_score"],
                   "pool": now["vp_pool"]} if now else None),
        "mat": {
            "start": mat["start"], "start_gone": mat["start"] not in mat["tableau"],
            "spaces": spaces, "credit": mat["credit"], "credit_max": mat["credit_max"],
            "economy": mat["economy"], "economy_max": mat["economy_max"],
            "face": FACE_LABELS.get(mat["robot_face"], mat["robot_face"]),
            "face_assumed": _assumed_reason(r.components, "robot_face"),
            "chips": mat["vp"], "counters": mat["counters_left"], "counter_vp": r.counter_vp,
            "stack": mat["draw_stack"], "tableau": robot_cards,
        },
        "moves": [{"r": e.round, "t": e.text, "rule": e.data.get("rule", "")}
                  for e in moves],
        "undo": bool(live.choices),
    }
    if c.step_through and moves:
        state["latest_rule"] = moves[-1].data.get("rule", "")
    return state


def _assumed_reason(components: list[dict[str, Any]], key: str) -> str:
    for row in components:
        if row["name"].split(".")[-1] == key and row["source"] != "rulebook":
            return f"{row['source']}: {row['reason']}"
    return ""
