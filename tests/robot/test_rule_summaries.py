"""Every rule a robot event names has a sentence saying what it does, with that robot's numbers."""

from __future__ import annotations

import pytest

from rftg_nb import RandomPlayer, SoloGame
from rftg_nb.robot.components import START_WORLDS
from rftg_nb.robot.rules import SUMMARIES, mat_rows, rule_summary


@pytest.mark.parametrize("world", START_WORLDS)
def test_every_rule_named_by_an_event_has_a_summary(world):
    names = set()
    for seed in range(4):
        g = SoloGame.new(seed=seed, robot_start=world, difficulty="medium")
        bot = RandomPlayer(seed)
        while g.decision is not None:
            g.apply(bot.answer(g, g.decision))
        names |= {e.data["rule"] for e in g.events if e.actor == "robot"}
        for rule in names:
            text = rule_summary(rule, g.robot.values)
            assert text and text.endswith(".") and "{" not in text, (rule, text)
    assert names <= set(SUMMARIES)


def test_summaries_use_the_robots_own_numbers():
    def values(world):
        return SoloGame.new(seed=1, robot_start=world).robot.values

    assert rule_summary("Settle action", values("Old Earth")) == \
        "Draw 3 cards, flip to find a non-military world and place it (free)."
    assert rule_summary("Settle action", values("New Sparta")).startswith(
        "Draw 4 cards, flip to find a military world")
    assert "no credit needed" in rule_summary("Settle response", values("Epsilon Eridani"))
    assert rule_summary("Settle response", values("Old Earth")).startswith(
        "With no credit do nothing")
    assert "credit 3 or more" in rule_summary("Develop response", values("Old Earth"))
    assert "credit 2 or more" in rule_summary("Develop action", values("Old Earth"))
    assert rule_summary("Old Earth: after a Trade action", values("Old Earth")) == (
        'After a Trade action, a "robot =" counter showing $ (Trade) turns to x2 (only the '
        "first time).")
    assert rule_summary("Explore response", values("Separatist Colony")) == \
        "Draw 2 cards for the robot."
    assert rule_summary("no such rule", values("Old Earth")) == ""


def test_an_overridden_value_shows_in_the_summary():
    g = SoloGame.new(seed=1, robot_start="Old Earth",
                     components={"mat": {"settle_action_draw": 5}})
    assert rule_summary("Settle action", g.robot.values).startswith("Draw 5 cards")


def _events_of(rule: str, robot_start: str, seeds: range) -> list:
    """The robot's events that follow ``rule`` in random games with this start world."""

    out = []
    for seed in seeds:
        g = SoloGame.new(seed=seed, robot_start=robot_start)
        RandomPlayer(seed).play(g)
        out += [e for e in g.events if (e.data or {}).get("rule") == rule]
    return out


def test_the_mat_says_what_doomed_worlds_first_settle_action_does():

    values = SoloGame.new(seed=1, robot_start="Doomed World").robot.values
    act, _ = mat_rows(values)["settle1"]
    events = _events_of("Doomed World's first Settle action", "Doomed World", range(1, 4))
    credit = [e.data["new"] - e.data["old"] for e in events if e.kind == "credit"]
    economy = [e.data["new"] - e.data["old"] for e in events if e.kind == "economy"]
    placed = [e.data["vp"] for e in events if e.kind == "robot_place"]
    assert credit and set(credit) == {2} and set(economy) == {1} and min(placed) >= 3
    assert act.startswith("1st: flip a 3+ VP non-mil. world, $+2, economy +1; then draw")


def test_the_mat_says_the_develop_action_draws_a_card_first():

    values = SoloGame.new(seed=1, robot_start="Old Earth").robot.values
    act, _ = mat_rows(values)["develop1"]
    events = _events_of("Develop action", "Old Earth", range(1, 6))
    kinds = [e.kind for e in events]
    assert "robot_draw" in kinds or "draw" in kinds, sorted(set(kinds))
    assert "else draw 1, flip a dev." in act
