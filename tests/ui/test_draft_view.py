"""The drafting variant's picks as the table's board shows them: worlds and developments apart,
each sorted by cost, a design picked more than once shown once with its count, start worlds
marked."""

from __future__ import annotations

import random
from collections import Counter

from rftg_nb.cards import CARDS
from rftg_nb.engine.state import Card
from rftg_nb.players import random_pick
from rftg_nb.ui.board_parts import pick_groups
from rftg_nb.ui.table_app import TableApp


def _cards(*names: str) -> list[Card]:
    return [Card(i, CARDS[n]) for i, n in enumerate(names)]


def test_picks_are_grouped_by_type_sorted_by_cost_and_counted():
    picks = _cards("Investment Credits", "Old Earth", "Spice World", "Investment Credits",
                   "Galactic Renaissance", "Contact Specialist", "Spice World", "Spice World")
    groups = pick_groups(picks)
    assert [g["kind"] for g in groups] == ["world", "development"]
    worlds, devs = groups
    assert worlds["total"] == 4 and devs["total"] == 4
    assert [(c["n"], c["count"]) for c in worlds["cards"]] == [
        ("Spice World", 3), ("Old Earth", 1)]
    assert [c["cost"] for c in worlds["cards"]] == [CARDS["Spice World"].cost,
                                                     CARDS["Old Earth"].cost]
    # Old Earth is a start world; Spice World is not
    assert worlds["starts"] == 1
    assert [c.get("start", 0) for c in worlds["cards"]] == [0, 1]
    assert [(c["n"], c["count"]) for c in devs["cards"]] == [
        ("Contact Specialist", 1), ("Investment Credits", 2), ("Galactic Renaissance", 1)]
    assert devs["starts"] == 0
    costs = [c["cost"] for c in devs["cards"]]
    assert costs == sorted(costs)


def test_no_group_without_cards():
    assert pick_groups([]) == []
    assert [g["kind"] for g in pick_groups(_cards("Investment Credits"))] == ["development"]


def test_the_table_sends_each_drafter_their_picks_grouped():
    app = TableApp()
    app.on_action({"do": "new", "settings": {"players": 2, "names": ["Ann", "Bob"],
                                             "computer": [False, False], "goals": False,
                                             "seed": "9", "draft": True}})
    g = app.c.game
    seen = 0
    for _ in range(400):
        if g.decision is None or g.draft is None or g.draft.done:
            break
        if app.c.pending_pass:
            app.on_action({"do": "seat"})
        s = app.board.state
        seat = app.c.viewer
        picks = g.draft.picks[seat]
        if picks:
            groups = s["pick_groups"]
            shown = Counter({c["n"]: c["count"] for grp in groups for c in grp["cards"]})
            assert shown == Counter(c.name for c in picks)
            assert sum(grp["total"] for grp in groups) == len(picks) == len(s["picks"])
            for grp in groups:
                assert all(CARDS[c["n"]].type == grp["kind"] for c in grp["cards"])
                keys = [(c["cost"], c["n"].casefold()) for c in grp["cards"]]
                assert keys == sorted(keys)
            seen += 1
        else:
            assert "pick_groups" not in s or s["pick_groups"] == []
        d = app.c.decision
        app.on_action({"do": "answer", "ids": random_pick(d, random.Random(len(g.choices)))})
    assert seen > 20
