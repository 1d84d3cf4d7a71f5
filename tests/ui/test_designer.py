"""The card designer: its controller (the draft, its problem, the set, the file) and the page's
widgets driven as a person would, down to a solitaire game with the new cards."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from rftg_nb.cards import CARDS
from rftg_nb.ui.designer import DesignerController, blank, power_choices
from rftg_nb.ui.designer_app import DesignerApp


def _named(c: DesignerController, name: str = "Moon Base") -> DesignerController:
    c.set("name", name)
    return c


def test_a_new_card_needs_a_name_then_is_valid_and_previewed():
    c = DesignerController()
    p = c.problem()
    assert p is not None and p.field == "name"
    _named(c)
    assert c.problem() is None
    view = c.preview()
    assert "Moon Base" in view["face"] and view["text"].startswith("Moon Base")


def test_the_field_at_fault_is_named_and_fixing_it_clears_it():
    c = _named(DesignerController())
    c.set("cost", 9)
    assert c.problem().field == "cost"
    assert c.preview()["face"] == "" and "cost" in c.preview()["problem"]
    assert not c.keep() and "cost" in c.status.text and not c.designs
    c.set("cost", 3)
    assert c.problem() is None and c.keep() and len(c.designs) == 1


def test_powers_and_scoring_lines():
    c = _named(DesignerController(), "Star Hall")
    c.set("type", "development")
    c.set("cost", 6)
    assert c.problem().field == "bonuses"
    c.add_bonus("MILITARY", 2)
    c.add_bonus("NAME", 3, "Old Earth")
    c.add_power(1, "DRAW")
    c.set_power(0, "value", 3)
    assert c.problem() is None
    text = c.preview()["text"]
    assert "see 3 cards more" in text and "2 VP per military world" in text
    c.set_power(0, "value", 40)
    assert c.problem().field == "powers[0].value"
    c.remove_power(0)
    c.set_bonus(1, "name", "Nowhere")
    assert c.problem().field == "bonuses[1].name"
    c.remove_bonus(1)
    assert c.problem() is None
    with pytest.raises(KeyError):
        c.add_power(9, "DRAW")


def test_a_development_loses_its_world_fields():
    c = _named(DesignerController())
    c.set("good", "rare")
    c.set("military", True)
    c.set("type", "development")
    assert (c.draft["good"], c.draft["military"]) == (None, False)


def test_the_set_edit_delete_save_and_load():
    c = _named(DesignerController())
    assert c.keep()
    c.new_card("development")
    _named(c, "Star Hall")
    assert c.keep() and [d["name"] for d in c.designs] == ["Moon Base", "Star Hall"]
    c.edit(0)
    c.set("vp", 3)
    assert c.keep() and c.designs[0]["vp"] == 3 and len(c.designs) == 2
    c.new_card()
    _named(c, "Star Hall")  # the name of a card already in the set
    assert c.problem().field == "name"
    text = c.to_json()
    other = DesignerController()
    assert other.load_json(text) and [d["name"] for d in other.designs] == [
        "Moon Base", "Star Hall"]
    data = json.loads(text)
    data["designs"][1]["cost"] = 12
    assert not other.load_json(json.dumps(data))
    assert "Star Hall" in other.status.text and "'cost'" in other.status.text
    assert len(other.designs) == 2  # kept
    assert not other.load_json("no json")
    c.delete(0)
    assert [d["name"] for d in c.designs] == ["Star Hall"]


def test_every_power_on_the_menu_can_be_added():
    c = _named(DesignerController())
    c.set("good", "novelty")  # some powers are about the card's own good
    for _label, (phase, code) in power_choices():
        c.draft["powers"] = []
        c.add_power(phase, code)
        p = c.problem()
        assert p is None or "produce" in p.text, (code, p)


# ---------------------------------------------------------------------------- the page
def test_the_page_shows_the_problem_next_to_its_field_and_plays_a_game():
    app = DesignerApp()
    assert app.errors["name"].value and app.keep_button.disabled
    app.name.value = "Moon Base"
    assert app.errors["name"].value == "" and "Moon Base" in app.preview.value
    app.cost.value = 9
    assert "0 to 7" in app.errors["cost"].value and app.keep_button.disabled
    assert "Fix the field" in app.preview.value
    app.cost.value = 2
    assert app.errors["cost"].value == "" and not app.keep_button.disabled
    app.good.value = "rare"
    app.add_power_menu.value = (5, "DRAW")
    app.add_power_button.click()
    assert len(app.power_rows.children) == 1 and "draw 1" in app.preview.value
    value = app.power_rows.children[0].children[1]
    value.value = 30
    assert "1 to 4" in app.power_rows.children[0].children[-1].value
    value.value = 2
    assert app.power_rows.children[0].children[-1].value == ""
    app.keep_button.click()
    assert app.set_list.options == (("Moon Base", 0),)
    assert "base64" in app.download.value
    app.play_button.click()
    game = app.game_app.c.game
    assert sum(c.name == "Moon Base" for c in game.cards) == 1
    assert "custom card" in app.game_app.c.status.text
    assert app.game_box.children == (app.game_app.root,)
    assert "Moon Base" in app.game_app.board.faces


def test_the_page_hides_world_fields_for_a_development_and_shows_scoring_at_cost_6():
    app = DesignerApp()
    app.kind.value = "development"
    assert app.world_box.layout.display == "none"
    assert app.bonus_box.layout.display == "none"
    app.cost.value = 6
    assert app.bonus_box.layout.display == ""
    app.add_bonus_menu.value = "NAME"
    app.add_bonus_button.click()
    row = app.bonus_rows.children[0]
    assert any(getattr(x, "placeholder", "") == "a card's name" for x in row.children)


def test_the_page_loads_a_set_from_an_uploaded_file():
    c = _named(DesignerController())
    c.keep()
    app = DesignerApp()
    app.upload.value = ({"name": "set.json", "type": "application/json", "size": 1,
                         "content": memoryview(c.to_json().encode()),
                         "last_modified": datetime.now(UTC)},)
    assert app.set_list.options == (("Moon Base", 0),)


def test_blank_cards():
    assert blank("development")["type"] == "development"


def test_the_cards_page_shows_the_designers_file_beside_the_printed_ones():
    from rftg_nb.ui.cards_app import CardsApp

    page = CardsApp()
    c = _named(DesignerController())
    c.keep()
    page.upload.value = ({"name": "set.json", "type": "application/json", "size": 1,
                          "content": memoryview(c.to_json().encode()),
                          "last_modified": datetime.now(UTC)},)
    assert "Loaded 1 custom design" in page.note.value
    page.box.value = "custom"
    assert page.c.count_text() == f"1 of {len(CARDS) + 1} designs"
    bad = json.loads(c.to_json())
    bad["designs"][0]["cost"] = 30
    page.upload.value = ({"name": "bad.json", "type": "application/json", "size": 1,
                          "content": memoryview(json.dumps(bad).encode()),
                          "last_modified": datetime.now(UTC)},)
    assert "Not loaded" in page.note.value and "cost" in page.note.value
    assert page.c.count_text() == f"1 of {len(CARDS) + 1} designs"  # the set is kept
