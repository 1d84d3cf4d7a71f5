"""Cards in words and faces, and the table of the robot's assumed component values."""

from rftg_nb import SoloGame
from rftg_nb.cards import CARDS
from rftg_nb.cards.text import card_text, describe_power
from rftg_nb.ui import SoloApp, SoloController
from rftg_nb.ui.faces import face_html, full_text
from rftg_nb.ui.render import components_table


def test_every_power_has_a_short_description():
    for d in CARDS:
        for pw in d.powers:
            text = describe_power(pw)
            assert text.split(":")[0] in ("I", "II", "III", "IV", "V")
            assert len(text) < 60, text


def test_a_face_shows_cost_vp_kind_and_marks_military_worlds():
    face = face_html(CARDS["Rebel Outpost"])
    assert "military" in face and 'title="defence 5"' in face and "+1 Military" in face
    assert 'class="rf-cost mil"' in face
    face = face_html(CARDS["Alpha Centauri"])
    assert "Rare windfall world" in face and "windfall" in face.split('"')[1]
    assert 'class="rf-vp" title="? VP">?<' in face_html(CARDS["Galactic Federation"])


def test_the_mat_lists_the_assumed_values_in_use_with_their_reasons():
    g = SoloGame.new(seed=1, robot_start="New Sparta")
    html = components_table(g.robot.components)
    assumed = [r for r in g.robot.components if r["source"] == "assumed"]
    assert assumed and f"{len(assumed)} component values" in html
    for r in assumed:
        assert r["name"] in html
    assert "start_worlds.New Sparta.settle_action_draw" in html
    assert "start_worlds.Old Earth" not in html  # only the robot's own start world


def test_user_values_are_marked_as_set_by_you_on_the_mat():
    c = SoloController()
    c.load(SoloGame.new(seed=1, robot_start="New Sparta", components={
        "start_worlds": {"New Sparta": {"robot_face": "explore"}}}).to_json())
    app = SoloApp(c, start=False)
    mat = app.board.state["mat"]
    assert mat["face"] == "Explore"
    assert mat["face_assumed"] == "user: set by the user"
    assert ("<tr><td><code>start_worlds.New Sparta.robot_face</code></td><td>Explore</td>"
            "<td>user</td><td>set by the user</td></tr>") in app.components.value


def test_last_rounds_markers_and_dice_are_off_the_mat_while_you_choose_actions():
    from rftg_nb import RandomPlayer
    from rftg_nb.robot.dice import SPACES, player_markers

    c = SoloController()
    c.load(SoloGame.new(seed=4).to_json())
    app = SoloApp(c, start=False)
    bot = RandomPlayer(4)
    while not (c.game.round == 2 and c.decision.kind == "actions"):
        c.answer(bot.answer(c, c.decision))
    app.refresh()
    assert c.game.players[0].actions  # round 1's actions are still recorded by the engine
    spaces = app.board.state["mat"]["spaces"]
    assert not any(sp.get("you") or sp.get("dice") for sp in spaces)
    c.answer(["explore5", "produce"])
    app.refresh()
    marked = {s for s, sp in zip(SPACES, app.board.state["mat"]["spaces"], strict=True)
              if sp.get("you")}
    assert marked == set(player_markers(["explore5", "produce"])) and len(marked) == 2


def test_the_mat_marks_a_discarded_start_world():
    app = SoloApp(start=False)
    c = app.c
    c.new_game()
    app.refresh()
    mat = app.board.state["mat"]
    assert mat["start_gone"] is False and mat["tableau"][0]["n"] == mat["start"]


def test_faces_name_worlds_and_developments_and_the_full_text_has_every_line():
    trendsetters = face_html(CARDS["Galactic Trendsetters"])
    assert ">world<" in trendsetters and "devel" not in trendsetters.split('"')[1]
    lab = face_html(CARDS["Genetics Lab"])
    assert 'class="rf-face devel"' in lab and ">development<" in lab
    assert "Genes windfall world" not in face_html(CARDS["Gem World"])
    assert "Novelty production world" in face_html(CARDS["Gem World"])
    genome = card_text(CARDS["Galactic Genome Project"])
    assert genome.splitlines() == [
        "Galactic Genome Project", "Phase IV (Consume): 2 Genes goods -> 3 VP",
        "Game end: 2 VP per Genes production world; 2 VP per Genes windfall world; "
        "3 VP per Genetics Lab"]
    assert full_text(CARDS["Galactic Genome Project"]).splitlines()[2:] == \
        genome.splitlines()[1:]


def test_consume_lines_say_how_many_goods_and_what_each_gives():
    lines = {describe_power(pw) for pw in CARDS["Mining Conglomerate"].powers}
    assert "IV: up to 2 Rare goods -> 1 VP each" in lines
    assert describe_power(CARDS["Pilgrimage World"].powers[0]) == \
        "IV: all goods -> 1 VP per good after the first"
    assert describe_power(CARDS["Alien Rosetta Stone World"].powers[-1]).endswith(
        "an Alien windfall world")


def test_component_values_read_as_words():
    from rftg_nb.ui.render import _value_text

    assert _value_text(["explore", "trade", "robot"]) == "Explore, $ (Trade), robot"
    assert _value_text({"from": "trade", "to": "x2", "once": True}) == \
        "$ (Trade) becomes x2 (once)"
    assert _value_text({"from": "x2", "to": "trade", "once": False}) == "x2 becomes $ (Trade)"
    assert _value_text(False) == "no" and _value_text(4) == "4"
    html = components_table(SoloGame.new(seed=1, robot_start="Damaged Alien Factory")
                            .robot.components)
    assert "<code>start_worlds.Damaged Alien Factory.after_trade</code>" in html
    assert "$ (Trade) becomes x2" in html and "SoloGame.new(components=" in html
