"""The lab's charts, checked on their numbers: small tables made by hand, then the figures."""

from __future__ import annotations

import json
import math

import pytest

from rftg_nb.lab import simulate
from rftg_nb.lab.results import frame
from rftg_nb.lab.unknowns import alternatives
from rftg_nb.ui import lab_charts as charts


def game(seed=0, winner="robot", robot_world="Old Earth", difficulty="easy", score0=10,
         robot_score=30, rounds=9, end="chips", variant="v", group="", players=1, **more):
    row = {"seed": seed, "winner": winner, "robot_world": robot_world, "difficulty": difficulty,
           "score0": score0, "robot_score": robot_score, "rounds": rounds, "end": end,
           "variant": variant, "group": group, "players": players, "settings_id": variant}
    return row | more


@pytest.fixture
def table():
    return frame([
        game(0, "robot", "Old Earth", "easy", 10, 30, 8, "chips"),
        game(1, "seat0", "Old Earth", "easy", 40, 20, 10, "tableau:seat0"),
        game(2, "robot", "Old Earth", "hard", 12, 50, 10, "chips+tableau:robot"),
        game(3, "robot", "New Sparta", "easy", 14, 44, 11, "tableau:robot"),
        game(4, "tie", "New Sparta", "easy", 30, 30, 11, "chips"),
    ])


def test_wilson():
    lo, hi = charts.wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = charts.wilson(5, 10)
    assert lo == pytest.approx(1 - hi) and lo < 0.5 < hi
    assert all(math.isnan(x) for x in charts.wilson(0, 0))


def test_robot_summary(table):
    s = charts.robot_summary(table).set_index(["robot_world", "difficulty"])
    oe = s.loc[("Old Earth", "easy")]
    assert oe["games"] == 2 and oe["robot_wins"] == 1 and oe["robot_win_rate"] == 0.5
    assert oe["robot_score"] == 25 and oe["player_score"] == 25 and oe["rounds"] == 9
    ns = s.loc[("New Sparta", "easy")]
    assert ns["robot_wins"] == 1 and ns["games"] == 2  # a tie is not a win
    assert (ns["win_low"], ns["win_high"]) == pytest.approx(charts.wilson(1, 2))
    by = charts.robot_summary(table, by=["difficulty"]).set_index("difficulty")
    assert by.loc["easy", "games"] == 4 and by.loc["hard", "robot_win_rate"] == 1


def test_heatmap_rows_are_start_worlds_and_columns_difficulties(table):
    fig = charts.start_world_heatmap(table)
    h = fig.data[0]
    assert list(h.y) == ["Old Earth", "New Sparta"]  # the rulebook's order of start worlds
    assert list(h.x) == ["easy", "hard"]
    assert [list(r) for r in h.z] == [[0.5, 1.0], [0.5, None]]
    assert h.text[0][1] == "100%<br>1 games" and h.text[1][1] == ""
    assert "win rate" in fig.layout.title.text
    score = charts.start_world_heatmap(table, "robot_score").data[0]
    assert [list(r) for r in score.z] == [[25.0, 50.0], [37.0, None]]
    with pytest.raises(ValueError, match="value"):
        charts.start_world_heatmap(table, "speed")


def test_heatmap_says_when_every_difficulty_played_the_same_deals():
    rows = [game(seed, "seat0" if seed == 4 else "robot", world, level)
            for world in ("Old Earth", "New Sparta") for level in ("easy", "hard")
            for seed in (4, 5, 6)]
    note = charts.same_deals_note(frame(rows))
    assert "same 3 deals" in note and "seeds 4-6" in note and "1/3" in note
    fig = charts.start_world_heatmap(frame(rows))
    assert "same 3 deals (seeds 4-6)" in fig.layout.title.text
    assert "1/3" not in charts.start_world_heatmap(frame(rows), "robot_score").layout.title.text
    assert [list(r) for r in fig.data[0].z] == [[2 / 3, 2 / 3], [2 / 3, 2 / 3]]


def test_heatmap_claims_no_shared_deals_when_seeds_differ(table):
    assert charts.same_deals_note(table) == ""  # the cells of the fixture hold other seeds
    assert "same" not in charts.start_world_heatmap(table).layout.title.text


def test_score_distribution(table):
    fig = charts.score_distribution(table)
    names = [t.name for t in fig.data]
    assert names == ["you (mean 21.2)", "robot (mean 34.8)"]
    assert list(fig.data[0].x) == [10, 40, 12, 14, 30]
    assert list(fig.data[1].x) == [30, 20, 50, 44, 30]


def test_score_distribution_of_a_table_game():
    t = frame([game(0, players=3, score1=5, score2=7, robot_score=None)])
    assert [tr.name.split(" (")[0] for tr in charts.score_distribution(t).data] == [
        "seat 0", "seat 1", "seat 2"]


def test_length_distribution(table):
    one = charts.length_distribution(table)
    assert list(one.data[0].x) == [8, 10, 11] and list(one.data[0].y) == [1, 2, 2]
    by = charts.length_distribution(table, "difficulty")
    assert [t.name for t in by.data] == ["easy", "hard"]
    assert list(by.data[1].x) == [10] and list(by.data[1].y) == [1]


def test_end_labels_and_shares(table):
    assert charts.end_label("chips", True) == "VP chips ran out"
    assert charts.end_label("chips+tableau:robot", True) == (
        "VP chips ran out and the robot's tableau reached 12")
    assert charts.end_label("tableau:seat0", True) == "Your tableau reached 12"
    assert charts.end_label("tableau:seat2", False) == "Seat 2's tableau reached 12"
    s = charts.end_shares(table).set_index("how")
    assert s.loc["VP chips ran out", "games"] == 2
    assert s.loc["VP chips ran out", "share"] == pytest.approx(0.4)
    assert s["share"].sum() == pytest.approx(1)
    by = charts.end_shares(table, "difficulty")
    assert by.groupby("difficulty")["share"].sum().tolist() == pytest.approx([1, 1])
    fig = charts.end_chart(table, "difficulty")
    assert [t.name for t in fig.data] == ["easy", "hard"]
    # a long end is broken before each "and", so the labels leave the bars room
    assert list(fig.data[1].y) == ["VP chips ran out<br>and the robot's tableau reached 12"]


def test_end_chart_labels_are_readable(table):
    fig = charts.end_chart(table, "difficulty")
    for bar in fig.data:  # each share written past its bar, at a size that can be read
        assert bar.textposition == "outside" and bar.cliponaxis is False
    assert fig.layout.uniformtext.minsize >= 11 and fig.layout.uniformtext.mode == "show"
    assert fig.layout.xaxis.range[1] > 1  # room past the longest bar (100%) for its words
    rows = len(charts.end_shares(table)["how"].unique())
    assert fig.layout.height >= rows * len(fig.data) * 16  # bars thick enough for the text


@pytest.fixture
def compared():
    """Group "g": the assumed value and two alternatives over seeds 0-3; "h": one of each."""
    rows = []
    for seed, base in enumerate([30, 40, 50, 60]):
        rows.append(game(seed, robot_score=base, variant="assumed", group="g"))
        rows.append(game(seed, robot_score=base + 2 + seed % 2, variant="plus", group="g",
                         winner="seat0" if seed == 0 else "robot"))
        rows.append(game(seed, robot_score=base - 10, variant="minus", group="g"))
    rows += [game(0, robot_score=20, variant="h0", group="h"),
             game(0, robot_score=21, variant="h1", group="h")]
    return frame(rows)


def test_effects_are_paired_by_seed(compared):
    e = charts.effects(compared).set_index(["group", "variant"])
    assert e.loc[("g", "assumed"), "difference"] == 0 and e.loc[("g", "assumed"), "baseline"]
    assert e.loc[("g", "assumed"), "mean"] == 45
    plus = e.loc[("g", "plus")]
    assert plus["difference"] == pytest.approx(2.5) and plus["games"] == 4
    half = charts.Z95 * 0.5773502691896257 / 2  # sd of (2, 3, 2, 3) is 0.577
    assert (plus["low"], plus["high"]) == pytest.approx((2.5 - half, 2.5 + half))
    minus = e.loc[("g", "minus")]
    assert minus["difference"] == -10 and minus["low"] == minus["high"] == -10
    assert e.loc[("h", "h1"), "difference"] == 1 and math.isnan(e.loc[("h", "h1"), "low"])
    won = charts.effects(compared, "robot_won").set_index(["group", "variant"])
    assert won.loc[("g", "plus"), "difference"] == pytest.approx(-0.25)
    with pytest.raises(ValueError, match="measure"):
        charts.effects(compared, "luck")


def test_overview_picks_each_groups_largest_change(compared):
    o = charts.overview(compared, titles={"g": "Group G"})
    assert list(o["group"]) == ["g", "h"]
    assert list(o["variant"]) == ["minus", "h1"] and list(o["difference"]) == [-10, 1]
    assert list(o["title"]) == ["Group G", "h"]
    fig = charts.overview_chart(compared, titles={"g": "Group G"})
    assert list(fig.data[0].x) == [-10, 1]
    # each row names its group and, under it, the alternative: nothing is written on the
    # bars, where the words would run over the error bars
    assert [y.split("<br>")[0] for y in fig.data[0].y] == ["Group G", "h"]
    assert "minus" in fig.data[0].y[0] and "h1" in fig.data[0].y[1]
    assert fig.data[0].text is None and fig.data[0].textposition in (None, "none")


def test_overview_labels_are_text():
    rows = [game(0, robot_score=30, variant="assumed", group="<b>g</b>"),
            game(0, robot_score=33, variant="5% <i>more</i>", group="<b>g</b>")]
    label = charts.overview_chart(frame(rows)).data[0].y[0]
    assert "&lt;b&gt;g&lt;/b&gt;" in label and "5&#37; &lt;i&gt;more&lt;/i&gt;" in label


def test_effect_chart(compared):
    fig = charts.effect_chart(compared, "g", title="Group G")
    bar = fig.data[0]
    assert list(bar.y) == ["plus", "minus"] and list(bar.x) == pytest.approx([2.5, -10])
    assert "assumed: 45.00, 4 games" in fig.layout.title.text
    assert fig.layout.title.text.startswith("Group G: change in the robot's mean score")


def test_figures_of_a_real_run_are_json_bundles():
    t = simulate(alternatives("same_single_space"), games=3, executor="serial", progress=False)
    for fig in (charts.start_world_heatmap(t), charts.score_distribution(t),
                charts.length_distribution(t, "difficulty"), charts.end_chart(t),
                charts.effect_chart(t, "same_single_space"), charts.overview_chart(t)):
        bundle = charts.mime_bundle(fig)
        assert json.loads(json.dumps(bundle))[charts.PLOTLY_MIME]["data"]
        assert bundle["text/plain"] == fig.layout.title.text
