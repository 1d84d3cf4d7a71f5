"""Custom cards (the expansion's blank cards): checked like the printed cards, shuffled into
any game, carried by saves, and their powers played by the same rules."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rftg_nb import Game, RandomPlayer
from rftg_nb.cards import CARDS
from rftg_nb.cards.custom import (
    CustomCardError,
    check_designs,
    database_with,
    read_designs,
    to_file_data,
    write_designs,
)
from rftg_nb.cards.custom_powers import known_powers
from rftg_nb.engine.decision import SaveFileError
from rftg_nb.robot import SoloGame

FORGE = {"name": "Orbital Forge", "type": "development", "cost": 0, "vp": 2,
         "powers": [{"phase": 1, "code": "DRAW", "value": 2}]}
MOON = {"name": "Moon Base", "type": "world", "cost": 2, "vp": 1, "good": "rare", "copies": 3}
GALLERY = {"name": "Hall of Heroes", "type": "development", "cost": 6, "vp": 0,
           "bonuses": [{"vp": 2, "for": "MILITARY"}, {"vp": 3, "for": "NAME",
                                                       "name": "Moon Base"}]}


def _error(design: dict, others: tuple = ()) -> CustomCardError:
    with pytest.raises(CustomCardError) as info:
        check_designs([*others, design])
    return info.value


# ---------------------------------------------------------------------------- checking
def test_left_out_fields_take_their_defaults_and_a_production_world_produces():
    forge, moon = check_designs([FORGE, MOON])
    assert (forge.good, forge.windfall, forge.military, forge.flags) == (None, False, False,
                                                                         frozenset())
    assert forge.copies_in("base") == forge.copies_in("tgs") == 1
    assert moon.copies_in("tgs") == 3 and moon.is_production
    assert [(p.phase, p.code) for p in moon.powers] == [(5, "PRODUCE")]
    assert forge.id == len(CARDS) and moon.id == len(CARDS) + 1


@pytest.mark.parametrize("change, field, words", [
    ({"cost": 9}, "cost", "0 to 7"),
    ({"vp": "two"}, "vp", "int"),
    ({"type": "ship"}, "type", "one of"),
    ({"name": ""}, "name", "give the card a name"),
    ({"name": "Old Earth"}, "name", "printed card"),
    ({"good": "spice"}, "good", "one of"),
    ({"windfall": True}, "windfall", "only worlds"),
    ({"military": True}, "military", "only worlds"),
    ({"flags": ["robot"]}, "flags", "unknown flag"),
    ({"copies": 0}, "copies", "1 to 4"),
    ({"copies": 9}, "copies", "1 to 4"),
    ({"start": {"number": 9, "color": "red"}}, "start", "unknown field"),
    ({"colour": "red"}, "colour", "unknown field"),
    ({"powers": [{"phase": 1, "code": "FLY"}]}, "powers[0].code", "unknown atom"),
    ({"powers": [{"phase": 4, "code": "TRADE_ANY|DRAW"}]}, "powers[0].code", "no phase 4"),
    ({"powers": [{"phase": 1, "code": "DRAW", "value": 12}]}, "powers[0].value", "1 to 4"),
    ({"powers": [{"phase": 1, "code": "DRAW", "value": -3}]}, "powers[0].value", "1 to 4"),
    ({"powers": [{"phase": 3, "code": "EXTRA_MILITARY", "value": -2}]}, "powers[0].value",
     "-1 to 4"),
    ({"powers": [{"phase": 5, "code": "WINDFALL_ANY", "value": 2}]}, "powers[0].value",
     "takes no number"),
    ({"powers": [{"phase": 4, "code": "CONSUME_ANY|GET_VP", "value": 1, "times": 20}]},
     "powers[0].times", "1 to 3"),
    ({"powers": [{"phase": 4, "code": "CONSUME_ANY|GET_VP", "value": 1, "times": 0}]},
     "powers[0].times", "1 to 3"),
    ({"powers": [{"phase": 4, "code": "TRADE_ANY", "value": 1, "times": 2}]},
     "powers[0].times", "not counted in uses"),
    ({"vp": 1_000_000}, "vp", "-1 to 7"),
    ({"vp": 10**30}, "vp", "-1 to 7"),
    ({"vp": -2}, "vp", "-1 to 7"),
    ({"vp": True}, "vp", "int"),
    ({"name": ["a", "list"]}, "name", "must be a string"),
    ({"name": {"a": 1}}, "name", "must be a string"),
    ({"name": "x" * 41}, "name", "at most 40 characters"),
    ({"name": "x" * 1_000_000}, "name", "at most 40 characters"),
    ({"name": "Two\nlines"}, "name", "U+000A"),
    ({"name": "Nul\x00"}, "name", "U+0000"),
    ({"name": "Half \ud800"}, "name", "U+D800"),
    ({"name": " Padded"}, "name", "space"),
    ({"powers": [{"phase": 5, "code": "PRODUCE"}]}, "powers[0].code", "production world"),
    ({"powers": [{"phase": 4, "code": "TRADE_THIS", "value": 1}]}, "powers[0].code",
     "own good"),
    ({"cost": 6}, "bonuses", "needs at least one VP bonus"),
    ({"bonuses": [{"vp": 1, "for": "WORLD"}]}, "bonuses", "only 6-cost"),
    ({"powers": [{"phase": 1, "code": "DRAW", "value": 1}] * 9}, "powers", "at most 8"),
    ({"powers": [{"phase": 1, "code": "DRAW", "value": 1}] * 5000}, "powers", "got 5000"),
    ({"cost": 6, "vp": 0, "bonuses": [{"vp": 1, "for": "WORLD"}] * 9}, "bonuses", "at most 8"),
])
def test_a_bad_design_is_refused_naming_the_card_and_the_field(change, field, words):
    e = _error({**FORGE, **change})
    assert e.field == field, str(e)
    assert words in e.problem, str(e)
    assert field in str(e) and isinstance(e, ValueError)


def test_a_refusal_quotes_big_input_in_a_line():
    e = _error({**FORGE, "cost": "y" * 100_000})
    assert e.field == "cost" and len(str(e)) < 200
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    e = _error({**FORGE, "cost": deep})
    assert e.field == "cost" and len(str(e)) < 200


@pytest.mark.parametrize("designs", [5, "world", b"world", {"name": "X"}, None, 2.5])
def test_the_designs_must_be_a_list(designs):
    with pytest.raises(CustomCardError, match="list of card designs"):
        check_designs(designs)
    with pytest.raises(CustomCardError, match="list of card designs"):
        database_with(designs)


def test_scoring_lines_span_the_printed_range_and_name_a_card():
    e = _error({**GALLERY, "bonuses": [{"vp": 4, "for": "MILITARY"}]})
    assert (e.field, "1 to 3" in e.problem) == ("bonuses[0].vp", True)
    e = _error({**GALLERY, "bonuses": [{"vp": 1, "for": ["MILITARY"]}]})
    assert e.field == "bonuses[0].for"
    e = _error({**GALLERY, "bonuses": [{"vp": 1, "for": "NAME", "name": ["Moon Base"]}]})
    assert e.field == "bonuses[0].name"


def test_at_most_50_designs():
    many = [{**FORGE, "name": f"Forge {i}"} for i in range(51)]
    with pytest.raises(CustomCardError, match="at most 50"):
        check_designs(many)
    assert len(check_designs(many[:50])) == 50


def test_missing_required_fields_and_clashes_between_custom_cards():
    e = _error({"name": "X", "type": "world", "vp": 1})
    assert (e.card, e.field, e.problem) == ("'X'", "cost", "missing")
    e = _error(dict(FORGE), others=(FORGE,))
    assert e.field == "name" and "two custom cards" in e.problem
    e = _error({**GALLERY, "bonuses": [{"vp": 1, "for": "NAME", "name": "Nowhere"}]})
    assert e.field == "bonuses[0].name"
    check_designs([MOON, GALLERY])  # a named bonus may name another custom card


def test_every_power_on_offer_has_a_meaning_and_a_rule():
    from rftg_nb.engine.powers import HANDLERS

    powers = known_powers()
    assert {(k["phase"], k["code"]) for k in powers} == {
        (p.phase, p.code) for d in CARDS for p in d.powers}
    assert all((k["phase"], k["code"]) in HANDLERS and k["text"] for k in powers)


def test_a_custom_card_file_round_trips_and_a_bad_one_names_the_field(tmp_path):
    path = tmp_path / "cards.json"
    write_designs(path, [FORGE, MOON])
    again = read_designs(path)
    assert check_designs(again) == check_designs([FORGE, MOON])
    data = json.loads(path.read_text())
    data["designs"][1]["cost"] = -3
    path.write_text(json.dumps(data))
    with pytest.raises(CustomCardError, match="Moon Base.*'cost'"):
        read_designs(path)
    path.write_text("{nope")
    with pytest.raises(CustomCardError, match="not valid JSON"):
        read_designs(path)
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(CustomCardError, match="not UTF-8"):
        read_designs(path)
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CustomCardError, match="nested too deeply"):
        read_designs(path)
    path.write_text(json.dumps({**to_file_data([FORGE]), "format": "x" * 2_000_000}))
    with pytest.raises(CustomCardError, match="at most 1,000,000 bytes"):
        read_designs(path)
    for bad, field in (({"version": True}, "version"), ({"version": 1.0}, "version"),
                       ({"extra": 1}, "extra"), ({"designs": "Forge"}, "designs")):
        path.write_text(json.dumps({**to_file_data([FORGE]), **bad}))
        with pytest.raises(CustomCardError) as info:
            read_designs(path)
        assert info.value.field == field
    with pytest.raises(CustomCardError, match="'copies'"):
        write_designs(tmp_path / "x.json", [{**FORGE, "copies": 7}])


# ---------------------------------------------------------------------------- in games
@pytest.mark.parametrize("expansion, players", [("tgs", 3), ("base", 2), ("tgs", 5)])
def test_custom_cards_are_shuffled_into_the_deck(expansion, players):
    g = Game.new(players=players, seed=5, expansion=expansion, custom_cards=[FORGE, MOON])
    names = Counter(c.name for c in g.cards)
    assert names["Orbital Forge"] == 1 and names["Moon Base"] == 3
    assert len(g.cards) == len(CARDS.deck(expansion)) + 4
    RandomPlayer(5).play(g)
    assert g.is_over


def test_a_save_carries_the_designs_and_replays_anywhere():
    g = Game.new(players=2, seed=8, custom_cards=[FORGE, MOON, GALLERY])
    RandomPlayer(2).play(g)
    text = g.to_json()
    assert [d["name"] for d in json.loads(text)["setup"]["custom_cards"]] == [
        "Orbital Forge", "Moon Base", "Hall of Heroes"]
    again = Game.from_json(text)
    assert again.scores() == g.scores() and again.choices == g.choices
    plain = Game.new(players=2, seed=8)
    assert Game.from_json(plain.to_json()).db is CARDS  # no custom cards, the printed set


@pytest.mark.parametrize("change, field", [
    (lambda d: d[0].update(cost=11), "setup.custom_cards[0].cost"),
    (lambda d: d[1].update(name="Old Earth"), "setup.custom_cards[1].name"),
    (lambda d: d[0]["powers"].append({"phase": 9, "code": "DRAW", "value": 1, "times": 0}),
     "setup.custom_cards[0].powers[1].phase"),
])
def test_a_save_with_a_bad_design_is_refused_naming_the_field(change, field):
    g = Game.new(players=2, seed=8, custom_cards=[FORGE, MOON])
    data = json.loads(g.to_json())
    change(data["setup"]["custom_cards"])
    with pytest.raises(SaveFileError, match=field.replace("[", r"\[").replace("]", r"\]")):
        Game.from_json(json.dumps(data))


def test_new_game_refuses_bad_designs_before_dealing():
    with pytest.raises(CustomCardError, match="'cost'"):
        Game.new(players=2, seed=1, custom_cards=[{**FORGE, "cost": 8}])
    with pytest.raises(ValueError, match="custom_cards"):
        Game.new(players=2, seed=1, custom_cards="Orbital Forge")


def _explore_offer(design: dict) -> int:
    """How many cards the solitaire player explores in round 2, ``design`` developed in
    round 1 (Explore comes before Develop in a round)."""
    robot_stack = ["Spice World", "Gem World", "Pirate World", "Comet Zone"]  # drawn first
    g = SoloGame.new(seed=4, player_start="Earth's Lost Colony", robot_start="Old Earth",
                     custom_cards=[design], deck=[*robot_stack, design["name"]],
                     dice=[("explore", "explore")] * 3)
    assert design["name"] in [c.name for c in g.players[0].hand]
    while (d := g.decision) is not None:
        if d.kind == "initial_discard":
            g.apply([o.id for o in d.options if o.label != design["name"]][: d.min])
        elif d.kind == "actions":
            g.apply(["develop", "explore5"] if not g.players[0].tableau[1:]
                    else ["explore5", "explore11"])
        elif d.kind == "develop":
            g.apply([next(o.id for o in d.options if o.label == design["name"])])
        elif d.kind == "explore_keep" and g.round >= 2:
            assert design["name"] in [c.name for c in g.players[0].tableau]
            return len(d.options)
        else:
            g.apply(list(d.ids[: d.min]))
    raise AssertionError("no Explore question")


def test_a_custom_cards_power_works_by_the_same_rules():
    with_power = _explore_offer(FORGE)
    without = _explore_offer({**FORGE, "name": "Empty Forge", "powers": []})
    assert with_power == without + 2


def test_solitaire_games_take_custom_cards_and_so_do_their_saves():
    g = SoloGame.new(seed=2, difficulty="hard", custom_cards=[MOON])
    assert sum(c.name == "Moon Base" for c in g.cards) == 3
    RandomPlayer(1).play(g)
    again = SoloGame.from_json(g.to_json())
    assert again.scores() == g.scores()


def test_the_database_of_a_set_of_designs_is_built_once():
    assert database_with([FORGE, MOON]) is database_with([dict(FORGE), dict(MOON)])
    assert database_with([]) is CARDS


TWIN_TACTICS = {"name": "Twin Tactics", "type": "development", "cost": 1, "vp": 1,
                "powers": [{"phase": 3, "code": "DISCARD|EXTRA_MILITARY", "value": 3},
                           {"phase": 3, "code": "DISCARD|EXTRA_MILITARY", "value": 4}]}
TWIN_SHIPS = {"name": "Twin Ships", "type": "development", "cost": 1, "vp": 1,
              "powers": [{"phase": 3, "code": "DISCARD|REDUCE_ZERO"},
                         {"phase": 3, "code": "DISCARD|REDUCE_ZERO"}]}


def _placing(design: dict, world: str) -> SoloGame:
    """A solitaire game at the question of how to place ``world``, ``design`` developed in
    round 1 (Old Earth: no Military of its own)."""
    robot_stack = ["Spice World", "Gem World", "Comet Zone", "Mining World"]  # drawn first
    g = SoloGame.new(seed=4, player_start="Old Earth", robot_start="Alpha Centauri",
                     custom_cards=[design],
                     deck=[*robot_stack, design["name"], world, "Artist Colony",
                           "Investment Credits", "Pilgrimage World", "Destroyed World"],
                     dice=[("explore", "explore")] * 3)
    while (d := g.decision) is not None:
        if d.kind == "initial_discard":
            keep = (design["name"], world)
            g.apply([o.id for o in d.options if o.label not in keep][: d.min])
        elif d.kind == "actions":
            g.apply(["develop", "explore5"] if g.round == 1 else ["settle", "explore5"])
        elif d.kind in ("develop", "settle"):
            want = design["name"] if d.kind == "develop" else world
            g.apply([next(o.id for o in d.options if o.label == want)])
        elif d.kind == "settle_method":
            return g
        else:
            g.apply(list(d.ids[: d.min]))
    raise AssertionError("no question of how to place the world")


def test_two_powers_of_one_kind_on_a_card_are_two_ways_with_ids_of_their_own():
    """A custom card may carry one kind of power twice: a different bonus is a way of its own
    (found by the fuzzing of scripts/fuzz.py: both had the same id, the second unanswerable)."""
    g = _placing(TWIN_TACTICS, "Rebel Underground")  # defence 3: +3 and +4 both conquer it
    d = g.decision
    twin = next(c for c in g.players[0].tableau if c.name == "Twin Tactics")
    assert [(o.id, o.label) for o in d.options] == [
        (f"tactics:{twin.id}", "Discard Twin Tactics for +3 Military and conquer"),
        (f"tactics:{twin.id}#2", "Discard Twin Tactics for +4 Military and conquer")]
    g.apply([f"tactics:{twin.id}#2"])
    assert "Rebel Underground" in [c.name for c in g.players[0].tableau]
    assert "Twin Tactics" in [c.name for c in g.discard]
    loaded = SoloGame.from_json(g.to_json())  # a replay finds the same ids
    assert loaded.snapshot() == g.snapshot()
    assert (f"tactics:{twin.id}#2",) in loaded.choices


def test_two_alike_powers_on_a_card_are_one_way():
    g = _placing(TWIN_SHIPS, "New Vinland")
    d = g.decision
    ships = next(c for c in g.players[0].tableau if c.name == "Twin Ships")
    assert [o.id for o in d.options if o.id != "pay"] == [f"free:{ships.id}"]
