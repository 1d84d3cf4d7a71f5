"""The card browser without a browser: its filters, its count, and loading a custom card file
(good, bad and hostile), where a refused file keeps the set loaded before and every word that
came from the file reaches the page as text."""

from __future__ import annotations

import json

import pytest

from rftg_nb.cards import CARDS
from rftg_nb.cards.custom import FILE_FORMAT, FILE_VERSION
from rftg_nb.ui.cards_app import CardBrowser, CardsApp, boxes
from rftg_nb.ui.designer import DesignerController

HOSTILE = '<img src=z onerror="window.__pwned=1">'
ALL = len(CARDS)


def card_file(*designs: dict, fmt: str = FILE_FORMAT) -> bytes:
    return json.dumps({"format": fmt, "version": FILE_VERSION,
                       "designs": list(designs)}).encode("utf-8")


MOON = {"name": "Moon Base", "type": "world", "cost": 2, "vp": 1, "good": "rare",
        "powers": [{"phase": 5, "code": "DRAW", "value": 1}]}
LAB = {"name": "Orbital Lab", "type": "development", "cost": 3, "vp": 2, "flags": ["alien"],
       "powers": [{"phase": 3, "code": "REDUCE", "value": 1}]}


def names(browser: CardBrowser) -> list[str]:
    return [d.name for d in browser.shown()]


# ------------------------------------------------------------------ the filters
def test_every_design_is_shown_at_first_by_name():
    b = CardBrowser()
    assert b.count_text() == f"{ALL} of {ALL} designs"
    assert names(b) == sorted((d.name for d in CARDS), key=str.casefold)


def test_the_type_filter():
    b = CardBrowser(kind="world")
    assert b.shown() and all(d.is_world for d in b.shown())
    worlds = len(b.shown())
    b.set_filters(kind="development")
    assert all(d.is_development for d in b.shown())
    assert worlds + len(b.shown()) == ALL
    assert b.count_text() == f"{ALL - worlds} of {ALL} designs"


@pytest.mark.parametrize("flag", ["alien", "rebel", "imperium", "uplift", "terraforming",
                                  "chromo"])
def test_the_flag_filter(flag):
    b = CardBrowser(flag=flag)
    expected = sorted(d.name for d in CARDS if flag in d.flags)
    assert expected and sorted(names(b)) == expected


@pytest.mark.parametrize("phase", [1, 2, 3, 4, 5])
def test_the_phase_filter_keeps_cards_with_a_power_in_that_phase(phase):
    b = CardBrowser(phase=phase)
    expected = sorted(d.name for d in CARDS if d.powers_in(phase))
    assert expected and sorted(names(b)) == expected


def test_the_set_filter():
    b = CardBrowser(box="tgs")
    tgs = sorted(names(b))
    assert tgs == sorted(d.name for d in CARDS if "tgs" in boxes(d))
    assert "Separatist Colony" in tgs and "Old Earth" not in tgs
    b.set_filters(box="base")
    assert "Old Earth" in names(b) and "Separatist Colony" not in names(b)
    b.set_filters(box="custom")
    assert b.shown() == [] and b.count_text() == f"0 of {ALL} designs"


def test_the_name_filter_takes_part_of_a_name_in_any_case():
    b = CardBrowser(name="  old EARTH ")
    assert names(b) == ["Old Earth"]
    b.set_filters(name="uplift")
    assert names(b) and all("uplift" in n.lower() for n in names(b))


def test_filters_combine():
    b = CardBrowser()
    b.set_filters(kind="world", flag="alien", phase=5)
    assert b.shown() and all(d.is_world and "alien" in d.flags and d.powers_in(5)
                             for d in b.shown())
    with pytest.raises(KeyError):
        b.set_filters(colour="red")


def test_start_worlds_are_marked_on_their_tiles():
    b = CardBrowser()
    [printed] = b.sections()
    marked = {t["n"] for t in printed["cards"] if t.get("mk") == "start"}
    assert marked == {d.name for d in CARDS if d.is_start_world}
    assert len(marked) == 9
    assert printed["title"] == f"Printed cards ({ALL} of {ALL})"


# ------------------------------------------------------------------ a good file
def test_a_designer_file_loads_beside_the_printed_cards():
    designer = DesignerController(designs=[MOON, LAB])
    b = CardBrowser()
    assert b.load("my-cards.json", designer.to_json().encode("utf-8"))
    assert not b.status.error
    assert b.status.text == "Loaded 2 custom designs from my-cards.json."
    assert b.count_text() == f"{ALL + 2} of {ALL + 2} designs"
    custom, printed = b.sections()
    assert custom["title"] == "Custom designs from my-cards.json (2 of 2)"
    assert [t["n"] for t in custom["cards"]] == ["Moon Base", "Orbital Lab"]
    assert all(t["mk"] == "custom" for t in custom["cards"])
    assert len(printed["cards"]) == ALL
    b.set_filters(box="custom", kind="development")
    assert names(b) == ["Orbital Lab"]
    b.set_filters(box="", kind="", flag="alien")
    assert "Orbital Lab" in names(b)
    assert "Moon Base" in b.faces() and "Old Earth" in b.faces()


# ------------------------------------------------------------------ bad and hostile files
BAD_FILES = {
    "not UTF-8": (b"\xff\xfe{\x00\x93", "it is not UTF-8 text (byte 0xff at position 0)"),
    "not JSON": (b'{"format": ', "it is not valid JSON"),
    "nested too deeply": (b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    "hostile format": (card_file(MOON, fmt=HOSTILE), f"field 'format': must be "
                                                      f"'{FILE_FORMAT}', got '{HOSTILE}'"),
    "hostile name, bad cost": (card_file({**MOON, "name": HOSTILE, "cost": 99}),
                               f"custom card '{HOSTILE}': field 'cost'"),
    "hostile scoring line": (card_file({"name": "Grand Plan", "type": "development",
                                        "cost": 6, "vp": 0, "bonuses": [
                                            {"vp": 2, "for": "NAME", "name": HOSTILE}]}),
                             f"no card named '{HOSTILE}'"),
    "designs not a list": (json.dumps({"format": FILE_FORMAT, "version": FILE_VERSION,
                                       "designs": "all of them"}).encode(), "designs"),
    "a design not an object": (card_file(7), "a design must be an object"),
    "wrong types": (card_file({**MOON, "cost": "two", "flags": {"a": 1}, "powers": "x"}),
                    "Not loaded"),
    "a name not a string": (card_file({**MOON, "name": ["Moon"]}), "Not loaded"),
    "top level a number": (b"12", "designs"),
    "null": (b"null", "designs"),
    "too large": (b" " * 1_000_001, "larger than"),
}


@pytest.mark.parametrize("what", list(BAD_FILES))
def test_a_bad_file_is_refused_with_its_reason_and_the_set_before_is_kept(what):
    content, reason = BAD_FILES[what]
    b = CardBrowser()
    assert b.load("good.json", card_file(MOON))
    before = b.custom
    assert b.load("bad.json", content) is False
    assert b.status.error
    assert b.status.text.startswith("Not loaded: bad.json: ")
    assert reason in b.status.text
    assert b.status.text.endswith("Nothing changed: the 1 custom design from good.json is "
                                  "still shown.")
    assert b.custom == before and b.custom_from == "good.json"
    assert "Traceback" not in b.status.text


def test_any_exception_while_reading_is_a_refusal(monkeypatch):
    import rftg_nb.ui.cards_app as module

    def broken(*_args):
        raise KeyError("surprise")

    monkeypatch.setattr(module, "designs_in_file", broken)
    b = CardBrowser()
    assert b.load("x.json", card_file(MOON)) is False
    assert "KeyError" in b.status.text and "no custom designs are loaded" in b.status.text


def test_a_long_quote_is_cut_short():
    b = CardBrowser()
    b.load("x.json", card_file(MOON, fmt="x" * 5000))
    assert len(b.status.text) < 700 and b.status.text.count("x") < 400


# ------------------------------------------------------------------ the widgets
def upload(app: CardsApp, name: str, content: bytes) -> None:
    """As the page's load button sends a file: its name and size, and its bytes as a buffer."""
    app.upload._message(app.upload, {"do": "load", "name": name, "size": len(content)},
                        [memoryview(content)])


def test_the_app_escapes_every_word_from_the_file_it_shows_as_html():
    app = CardsApp()
    upload(app, f"{HOSTILE}.json", card_file(MOON, fmt=HOSTILE))
    assert "<img" not in app.note.value and "onerror=&quot;" in app.note.value
    assert "&lt;img src=z onerror=&quot;window.__pwned=1&quot;&gt;.json" in app.note.value
    assert "rc-error" in app.note.value
    assert app.upload.label == "Load custom cards"  # what it does, with no count of files
    # a valid set with a hostile card name, under a hostile file name
    upload(app, f"{HOSTILE}.json", card_file({**MOON, "name": HOSTILE}))
    assert app.c.custom[0].name == HOSTILE
    assert "<img" not in app.note.value
    face = app.board.faces[HOSTILE]
    assert "<img" not in face["html"] and "&lt;img" in face["html"]
    assert face["text"].startswith(HOSTILE)  # text, escaped by the board's script
    custom, _printed = app.board.state["sections"]
    assert custom["cards"][0]["n"] == HOSTILE
    assert app.board.state["count"] == f"{ALL + 1} of {ALL + 1} designs"


def test_the_widgets_drive_the_filters():
    app = CardsApp()
    serial = app.board.state["serial"]
    app.kind.value = "world"
    app.flag.value = "rebel"
    app.phase.value = 3
    assert app.board.state["serial"] > serial
    shown = [t["n"] for g in app.board.state["sections"] for t in g["cards"]]
    assert shown and all(CARDS[n].is_world and "rebel" in CARDS[n].flags
                         and CARDS[n].powers_in(3) for n in shown)
    app.kind.value, app.flag.value, app.phase.value = "", "", 0
    app.name.value = "earth"
    assert app.board.state["count"] == f"{len(app.c.shown())} of {ALL} designs"
    app.box.value = "custom"
    assert app.board.state["count"] == f"0 of {ALL} designs"


def test_an_upload_too_large_is_refused_naming_its_own_size():
    app = CardsApp()
    app.on_upload("huge.json", b" " * 1_000_001, 7_340_032)
    assert "7,340,032 bytes, larger than" in app.c.status.text and app.c.status.error


def test_a_loaded_set_is_checked_once(monkeypatch):
    import rftg_nb.cards.custom as custom

    calls = []
    real = custom.check_designs
    monkeypatch.setattr(custom, "check_designs", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert CardBrowser().load("good.json", card_file(MOON))
    assert len(calls) == 1
