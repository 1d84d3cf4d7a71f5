"""The card designer: its controller (the draft, its problem, the set, the file) and the page's
widgets driven as a person would, down to a solitaire game with the new cards."""

from __future__ import annotations

import copy
import json

import pytest

from rftg_nb.cards import CARDS
from rftg_nb.ui.designer import DesignerController, blank, power_choices, power_fields
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
    assert "custom design" in app.game_app.c.status.text
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
    _send_file(app, c.to_json().encode())
    assert app.set_list.options == (("Moon Base", 0),)


def test_blank_cards():
    assert blank("development")["type"] == "development"


def test_the_cards_page_shows_the_designers_file_beside_the_printed_ones():
    from rftg_nb.ui.cards_app import CardsApp

    page = CardsApp()
    c = _named(DesignerController())
    c.keep()
    data = c.to_json().encode()
    page.upload._message(page.upload, {"do": "load", "name": "set.json", "size": len(data)},
                         [memoryview(data)])
    assert "Loaded 1 custom design" in page.note.value
    page.box.value = "custom"
    assert page.c.count_text() == f"1 of {len(CARDS) + 1} designs"
    bad = json.loads(c.to_json())
    bad["designs"][0]["cost"] = 30
    data = json.dumps(bad).encode()
    page.upload._message(page.upload, {"do": "load", "name": "bad.json", "size": len(data)},
                         [memoryview(data)])
    assert "Not loaded" in page.note.value and "cost" in page.note.value
    assert page.c.count_text() == f"1 of {len(CARDS) + 1} designs"  # the set is kept


# ---------------------------------------------------------------------------- issue 18
def _numbers(row) -> list[str]:
    """The descriptions of a power row's number fields."""
    import ipywidgets as w

    return [x.description for x in row.children if isinstance(x, w.IntText)]


def test_a_power_that_takes_no_number_has_no_number_field():
    assert power_fields(5, "WINDFALL_ANY") == ()
    assert power_fields(5, "DRAW") == ("value",)
    assert power_fields(4, "CONSUME_ANY|GET_VP") == ("value", "times")
    app = DesignerApp()
    app.name.value = "Moon Base"
    for power in ((5, "WINDFALL_ANY"), (5, "DRAW"), (4, "CONSUME_ANY|GET_VP")):
        app.add_power_menu.value = power
        app.add_power_button.click()
    consume, windfall, draw = app.power_rows.children  # listed by phase: IV, then V
    assert _numbers(windfall) == [] and "a good on any windfall world" in windfall.children[0].value
    assert _numbers(draw) == ["number"] and _numbers(consume) == ["number", "times"]
    assert app.c.problem() is None and app.c.draft["powers"][1]["value"] == 0


def test_a_number_out_of_range_is_quoted_as_it_was_typed():
    app = DesignerApp()
    app.name.value = "Moon Base"
    app.cost.value = -2
    assert app.c.draft["cost"] == -2 and "got -2" in app.errors["cost"].value
    app.cost.value = 2
    app.copies.value = 9
    assert "got 9" in app.errors["copies"].value
    app.copies.value = 0
    assert "got 0" in app.errors["copies"].value
    app.copies.value = 1
    app.vp.value = -5
    assert "got -5" in app.errors["vp"].value


def test_a_six_cost_development_has_no_vp_of_its_own():
    c = _named(DesignerController(), "Star Hall")
    c.set("type", "development")
    c.set("vp", 2)
    c.set("cost", 6)
    assert c.draft["vp"] == 0  # as on every printed 6-cost development: "?", its lines
    c.add_bonus("MILITARY", 2)
    assert c.problem() is None and '"rf-vp" title="? VP">?<' in c.preview()["face"]
    assert c.keep() and json.loads(c.to_json())["designs"][0]["vp"] == 0
    assert c.design().vp == 0
    c.set("cost", 5)  # no longer 6-cost: the VP it had comes back
    assert c.draft["vp"] == 2
    c.set("cost", 6)
    c.draft["vp"] = 3  # from Python, past the form
    p = c.problem()
    assert p.field == "vp" and "6-cost" in p.text and "got 3" in p.text


def test_a_file_with_a_six_cost_development_given_vp_is_refused_naming_it():
    """A 6-cost development scores by its lines and its tile shows "?": a file giving it VP
    is refused (as on the cards page and in a game), naming the card and field, and the set
    is kept."""
    data = {"format": "rftg_nb-custom-cards", "version": 1, "designs": [
        {"name": "Star Hall", "type": "development", "cost": 6, "vp": 3,
         "bonuses": [{"vp": 1, "for": "MILITARY"}]},
        {"name": "Moon Base", "type": "world", "cost": 2, "vp": 1}]}
    c = DesignerController()
    c.set("name", "Kept")
    assert c.keep()
    kept = copy.deepcopy(c.designs)
    assert not c.load_json(json.dumps(data))
    assert c.status.error and "Star Hall" in c.status.text and "'vp'" in c.status.text
    assert "give 0, got 3" in c.status.text
    assert c.designs == kept
    data["designs"][0]["vp"] = 0
    assert c.load_json(json.dumps(data)) and [d["vp"] for d in c.designs] == [0, 1]


def test_the_page_hides_the_vp_of_a_six_cost_development():
    app = DesignerApp()
    app.name.value = "Star Hall"
    app.kind.value = "development"
    assert app.vp.layout.display != "none" and app.six_vp.layout.display == "none"
    app.cost.value = 6
    assert app.vp.layout.display == "none" and app.six_vp.layout.display != "none"
    assert "?" in app.six_vp.value and app.c.draft["vp"] == 0
    app.cost.value = 4
    assert app.vp.layout.display != "none" and app.vp.value == 1


def _send_file(app: DesignerApp, data: bytes, size: int | None = None) -> None:
    """What the page's load button sends: the file's first bytes and its size."""
    app.upload._message(app.upload, {"do": "load", "name": "set.json",
                                     "size": len(data) if size is None else size},
                        [memoryview(data)])


def test_the_load_button_says_what_it_does_with_no_count():
    app = DesignerApp()
    assert app.upload.label == "Load a set from a file"
    assert not any(ch.isdigit() for ch in app.upload.label)
    c = _named(DesignerController())
    c.keep()
    _send_file(app, c.to_json().encode())
    assert app.set_list.options == (("Moon Base", 0),)
    assert app.upload.label == "Load a set from a file"  # no count of files after a load
    _send_file(app, b"{" * 10, size=5_000_000)  # a large file: only its start is sent
    assert "5,000,000 bytes" in app.c.status.text and app.c.status.error
    assert app.set_list.options == (("Moon Base", 0),)
    _send_file(app, b"\xff\xfe")
    assert "not UTF-8" in app.c.status.text


def test_a_scoring_line_refusal_shows_once():
    app = DesignerApp()
    app.name.value = "Star Hall"
    app.kind.value = "development"
    app.cost.value = 6
    app.add_bonus_menu.value = "NAME"
    app.add_bonus_button.click()
    name = next(x for x in app.bonus_rows.children[0].children
                if getattr(x, "placeholder", "") == "a card's name")
    # every value sent to the page counts, even one taken back in the same redraw: the page
    # shows it between the two messages
    sent: list[str] = []
    for label in [*app.errors.values(), app.status]:
        label.observe(lambda ch: sent.append(ch["new"]), names="value")
    name.value = "Nowhere"
    assert not any("no card named" in v for v in sent)
    assert "Fix the field marked in red" in app.preview.value  # which says where, not again
    assert "no card named" not in app.preview.value
    shown = [x.value for x in app.errors.values()] + [app.status.value] + [
        app.bonus_rows.children[0].children[-1].value]
    assert sum("no card named" in v for v in shown) == 1
    assert "no card named" in app.bonus_rows.children[0].children[-1].value


def test_a_file_too_large_is_refused_naming_its_own_size():
    # the page sends one byte past the limit and the file's whole size
    c = DesignerController()
    assert c.load_upload(b" " * 1_000_001, 5_000_000) is False
    assert "5,000,000 bytes" in c.status.text and c.status.error
    assert c.designs == []


def test_powers_are_listed_by_phase_and_the_set_counts_designs_and_cards() -> None:
    """Issue 30: powers were listed in the order they were added (V, IV, V), and a design of
    4 copies was "your 1 custom card"."""
    c = _named(DesignerController())
    c.add_power(5, "DRAW")
    c.add_power(4, "TRADE_ANY")
    c.add_power(1, "DRAW")
    c.add_power(5, "DRAW_DIFFERENT")
    assert [p["phase"] for p in c.draft["powers"]] == [1, 4, 5, 5]
    assert [p["code"] for p in c.draft["powers"]][2:] == ["DRAW", "DRAW_DIFFERENT"]  # as added
    c.draft["copies"] = 4
    assert c.keep()
    assert c.status.text.endswith("is in the set: 1 custom design (4 cards).")
    assert c.load_json(c.to_json())
    assert c.status.text == "Loaded 1 custom design (4 cards)."
    # a file's powers out of order are listed by phase when the card is edited again
    c.designs[0]["powers"].reverse()
    c.edit(0)
    assert [p["phase"] for p in c.draft["powers"]] == [1, 4, 5, 5]
