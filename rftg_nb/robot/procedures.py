"""The robot's five procedures, as the TGS rulebook's "Resolving Robot Actions / Responses"
gives them: Explore, Develop, Settle, Consume and Produce, each as an action (a die on its
space) and as a response (your action marker on it), with the start worlds' special cases
(Doomed World's first Settle, the face flips after a Trade or Produce). Each step goes through
the solitaire game's step primitives (:meth:`rftg_nb.robot.solo.SoloGame.robot_draw`,
``flip_to_find``, ``robot_place``, ``set_credit`` ...), which emit the robot's moves with the
rule and the mat row they come from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rftg_nb.engine import piles
from rftg_nb.robot.dice import SPACES, player_markers
from rftg_nb.robot.mat import COUNTER

if TYPE_CHECKING:
    from rftg_nb.engine.state import Card
    from rftg_nb.robot.solo import SoloGame


def resolve(game: SoloGame, phase: str) -> None:
    """The robot's part of ``phase``: its action if one of its dice is on a space of the
    phase, else its response if your action marker is on one (rulebook, "Resolving Robot
    Actions / Responses")."""
    on, marks = _dice_and_markers(game)
    if phase == "explore":
        n = on["explore1"] + on["explore2"]
        if n:
            explore_action(game, both=n >= 2)
        elif marks & {"explore1", "explore2"}:
            explore_response(game)
    elif phase in ("develop", "develop2", "settle", "settle2"):
        space = ("develop" if phase.startswith("develop") else "settle") + (
            "2" if phase.endswith("2") else "1")
        act = develop if phase.startswith("develop") else settle
        if on[space]:
            act(game, action=True)
        elif space in marks:
            act(game, action=False)
    elif phase == "consume":
        consume(game, on["trade"], on["x2"], bool(marks & {"trade", "x2"}))
    elif phase == "produce":
        if on["produce"]:
            times = on["produce"] if twice(game) else 1
            for _ in range(times):
                produce_action(game)
        elif "produce" in marks:
            game.robot_says("produce_response", "Produce response: the robot does nothing.",
                            "Produce response", "response")


def _dice_and_markers(game: SoloGame) -> tuple[dict[str, int], set[str]]:
    """The dice on each space and the spaces under your markers, as they stand all round (the
    dice are placed and the actions chosen before the phases): worked out once a round."""
    r = game.robot
    actions = game.players[0].actions
    seen = game.dice_seen
    if seen is not None and seen[0] is r.dice and seen[1] is actions:
        return seen[2], seen[3]
    on = dict.fromkeys(SPACES, 0)  # dice on each space (as a Counter would count them)
    for p in r.dice:
        on[p.space] += 1
    marks = set(player_markers(actions))
    game.dice_seen = (r.dice, actions, on, marks)
    return on, marks


def twice(game: SoloGame) -> bool:
    return game.components.get("same_single_space") == "twice"


def explore_action(game: SoloGame, both: bool) -> None:
    v = game.robot.values
    rule = "Explore action (both Explores)" if both else "Explore action"
    game.robot_draw(v["explore_both_draw"] if both else v["explore_action_draw"], rule,
                    "action")
    game.set_credit(v["explore_action_credit"], rule, "action")


def explore_response(game: SoloGame) -> None:
    game.robot_draw(game.robot.values["explore_response_draw"], "Explore response",
                    "response")


def develop(game: SoloGame, action: bool) -> None:
    r, v = game.robot, game.robot.values
    row = "action" if action else "response"
    rule = f"Develop {row}"
    need = v["develop_counter_credit_action" if action else "develop_counter_credit_response"]
    if r.counters_left and r.credit >= need:
        r.counters_left -= 1
        r.counters_placed += 1
        game.robot_says("counter", f"{rule}: the robot has an unplaced 6-cost counter and "
                                   f"credit {r.credit} (needs {need}): it places the "
                                   f"counter and skips its regular Develop.", rule, row,
                        card=COUNTER, vp=r.counter_vp, tableau=r.tableau_size)
        game.set_credit(-need, rule, row)
        return
    if action:
        game.robot_draw(1, rule, row)
        while True:
            c = game.flip_to_find(lambda c: c.design.is_development, "development", rule, row)
            if c is None:
                return
            if not c.design.is_six_cost:
                game.robot_place(c, rule, row)
                return
            if r.credit > 0:
                game.set_credit(-1, rule, row)
                game.robot_place(c, rule, row)
                return
            game.discard.append(c)
            game.robot_says("flip", f"{rule}: {c.name} is a 6-cost development and the "
                                    "robot has no credit: discarded; flipping on.", rule,
                            row, card=c.name, found=False)
    if r.credit <= 0:
        game.robot_says("nothing", f"{rule}: the robot has no credit, so it does nothing.",
                        rule, row)
        return
    c = game.flip_to_find(lambda c: c.design.is_development, "development", rule, row)
    if c is not None:
        game.set_credit(-1, rule, row)
        game.robot_place(c, rule, row)


def settle(game: SoloGame, action: bool) -> None:
    r, v = game.robot, game.robot.values
    row = "action" if action else "response"
    rule = f"Settle {row}"
    military = v["settle_finds"] == "military"
    what = "military world" if military else "non-military world"

    def wanted(c: Card) -> bool:
        return c.design.is_world and c.design.military == military

    if action and "first_settle" in v and "first_settle" not in r.used_once:
        first_settle(game, v["first_settle"])
        return
    if action:
        game.robot_draw(v["settle_action_draw"], rule, row)
        c = game.flip_to_find(wanted, what, rule, row)
        if c is not None:
            game.robot_place(c, rule, row)
        return
    if v["response_needs_credit"] and r.credit <= 0:
        game.robot_says("nothing", f"{rule}: the robot has no credit, so it does nothing.",
                        rule, row)
        return
    game.robot_draw(v["settle_response_draw"], rule, row)
    c = game.flip_to_find(wanted, what, rule, row)
    if c is not None:
        free = (not v["response_needs_credit"]
                and game.convention("response_credit_payment") == "never")
        if r.credit > 0 and not free:
            game.set_credit(-1, rule, row)
        game.robot_place(c, rule, row)


def first_settle(game: SoloGame, spec: dict[str, Any]) -> None:
    r = game.robot
    rule = f"{r.start.name}'s first Settle action"
    r.used_once.add("first_settle")
    found = None
    for _ in range(len(game.deck) + len(game.discard)):  # ends even if no world qualifies
        c = piles.draw_one(game)
        if c is None:
            break
        d = c.design
        if d.is_world and not d.military and d.vp >= spec["min_vp"]:
            found = c
            game.robot_says("flip", f"{rule}: the robot flips {c.name} from the draw pile, "
                                    f"a non-military world worth {d.vp} VP.", rule, "special",
                            card=c.name, found=True)
            break
        game.discard.append(c)
        game.robot_says("flip", f"{rule}: the robot flips {c.name} from the draw pile: "
                                "not it, discarded.", rule, "special", card=c.name,
                        found=False)
    if found is not None:
        game.robot_place(found, rule, "special")
    game.set_credit(spec["credit"], rule, "special")
    game.set_economy(spec["economy"], rule, "special")
    if r.start in r.cards:
        r.cards.remove(r.start)
        game.discard.append(r.start)
        game.robot_says("discard_tableau", f"{rule}: {r.start.name} and its mat counter are "
                                           "discarded.", rule, "special",
                        card=r.start.name, tableau=r.tableau_size)


def consume(game: SoloGame, trade: int, x2: int, player_chose: bool) -> None:
    r = game.robot
    if trade and x2:
        rule = "Both Consume actions"
        game.robot_vp(2 * r.economy, rule, "action")
        game.set_credit(game.robot.values["trade_credit"], rule, "action")
        game.set_economy(1, rule, "action")
        face_after(game, "after_trade", "Trade action")
    elif trade:
        for _ in range(trade if twice(game) else 1):
            rule = "Consume: Trade action"
            game.set_credit(game.robot.values["trade_credit"], rule, "action")
            game.robot_vp(r.economy, rule, "action")
            face_after(game, "after_trade", "Trade action")
    elif x2:
        for _ in range(x2 if twice(game) else 1):
            rule = "Consume: 2x VPs action"
            game.robot_vp(2 * r.economy, rule, "action")
            game.set_economy(1, rule, "action")
    elif player_chose:
        game.robot_vp(r.economy, "Consume response", "response")


def produce_action(game: SoloGame) -> None:
    game.set_economy(game.robot.values["produce_economy"], "Produce action", "action")
    face_after(game, "after_produce", "Produce action")


def face_after(game: SoloGame, key: str, what: str) -> None:
    r = game.robot
    flip = r.values.get(key)
    if not flip or key in r.used_once:
        return
    if r.robot_face == flip["from"]:
        game.set_face(flip["to"], f"{r.start.name}: after a {what}")
        if flip["once"]:
            r.used_once.add(key)
