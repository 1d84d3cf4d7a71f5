"""Tests for the card database (rftg_nb.cards): data facts, API and validation."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from rftg_nb.cards import (
    BONUS_CODES,
    CARDS,
    KNOWN_CODES,
    CardDatabase,
    CardDataError,
    Design,
    Power,
    VPBonus,
    load_cards,
)


def raw_data() -> dict[str, Any]:
    """A fresh parsed copy of the packaged data file."""
    text = resources.files("rftg_nb.cards").joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


def raw_design(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(d for d in data["designs"] if d["name"] == name)


# --------------------------------------------------------------------------- totals


def test_design_and_deck_counts() -> None:
    assert len(CARDS) == 114
    assert len(CARDS.by_id) == 114
    assert len(CARDS.deck("tgs")) == 136
    assert len(CARDS.deck()) == 136
    assert len(CARDS.deck("base")) == 114
    assert [d.id for d in CARDS] == list(range(114))
    assert all(CARDS.by_id[d.id] is d for d in CARDS)


def test_deck_repeats_names_in_file_order() -> None:
    deck = CARDS.deck("tgs")
    counts = Counter(deck)
    assert counts["Contact Specialist"] == 3
    assert counts["Space Marines"] == 2
    assert counts["Improved Logistics"] == 2
    assert "Improved Logistics" not in CARDS.deck("base")
    # File order: names appear grouped and in the same order as the designs.
    order = list(dict.fromkeys(deck))
    assert order == [d.name for d in CARDS]


def test_unknown_expansion_is_rejected() -> None:
    for call in (
        lambda: CARDS.deck("rvi"),
        lambda: CARDS.start_worlds("rvi"),
        lambda: CARDS["Old Earth"].copies_in("rvi"),
    ):
        with pytest.raises(ValueError, match="rvi"):
            call()


BASE_STARTS = ["Old Earth", "Epsilon Eridani", "Alpha Centauri", "New Sparta",
               "Earth's Lost Colony"]
TGS_STARTS = [*BASE_STARTS, "Separatist Colony", "Ancient Race", "Damaged Alien Factory",
              "Doomed World"]


def test_start_worlds() -> None:
    base = CARDS.start_worlds("base")
    tgs = CARDS.start_worlds("tgs")
    assert [d.name for d in base] == BASE_STARTS
    assert [d.start_number for d in base] == list(range(5))
    assert [d.name for d in tgs] == TGS_STARTS
    assert [d.start_number for d in tgs] == list(range(9))
    assert all(d.is_world and d.is_start_world and d.copies_in("tgs") == 1 for d in tgs)
    assert [d.start_color for d in tgs] == [
        "blue", "red", "blue", "red", "blue", "red", "blue", "red", "blue"
    ]
    assert sum(d.is_start_world for d in CARDS) == 9


def test_six_cost_developments() -> None:
    six = [d for d in CARDS if d.is_six_cost]
    assert len(six) == 15
    assert sum(d.copies_in("tgs") for d in six) == 15
    assert sum(1 for d in six if d.copies_in("base")) == 12
    assert all(d.vp == 0 and d.bonuses for d in six)
    assert all(not d.bonuses for d in CARDS if not d.is_six_cost)
    # Rebel Base costs 6 but is a world, not a 6-cost development.
    assert not CARDS["Rebel Base"].is_six_cost


def test_contact_specialist_copies() -> None:
    cs = CARDS["Contact Specialist"]
    assert cs.copies == (("base", 2), ("tgs", 1))
    assert cs.copies_in("base") == 2
    assert cs.copies_in("tgs") == 3
    tgs_only = CARDS["Improved Logistics"]
    assert tgs_only.copies == (("base", 0), ("tgs", 2))
    assert tgs_only.copies_in("base") == 0


def test_kind_totals() -> None:
    worlds = [d for d in CARDS if d.is_world]
    assert len(worlds) == 78
    assert sum(d.is_development for d in CARDS) == 36
    assert sum(d.is_production for d in CARDS) == 25
    assert sum(d.is_windfall for d in CARDS) == 30
    assert sum(d.military for d in CARDS) == 29
    assert all(d.good is not None for d in CARDS if d.is_windfall)
    flags = Counter(f for d in CARDS for f in d.flags)
    assert flags == {"alien": 13, "rebel": 9, "uplift": 5, "chromo": 5, "imperium": 3,
                     "terraforming": 2, "start_hand_3": 1}


# ---------------------------------------------------------------- immutability / API


def test_designs_are_frozen() -> None:
    d = CARDS["Old Earth"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.cost = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.powers[0].value = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        CARDS.designs["Old Earth"] = d  # type: ignore[index]
    assert isinstance(d.flags, frozenset)
    assert isinstance(d.powers, tuple)


def test_lookup_and_membership() -> None:
    assert "Gem World" in CARDS
    assert CARDS["Gem World"] in CARDS
    assert "Gem Wrld" not in CARDS
    assert 3 not in CARDS
    assert list(CARDS.designs)[:3] == ["Old Earth", "Epsilon Eridani", "Alpha Centauri"]
    assert all(isinstance(d, Design) for d in CARDS)
    with pytest.raises(KeyError, match="Gem World"):
        CARDS["Gem Wrld"]
    assert CardDatabase.EXPANSIONS == ("base", "tgs")


def test_power_atoms_and_powers_in() -> None:
    p = Power(phase=4, code="CONSUME_ANY|GET_CARD|GET_VP", value=1, times=1)
    assert p.atoms == {"CONSUME_ANY", "GET_CARD", "GET_VP"}
    assert p.has("GET_CARD") and not p.has("GET_2_CARD")
    ee = CARDS["Epsilon Eridani"]
    assert ee.powers_in(3) == (Power(3, "EXTRA_MILITARY", 1, 0),)
    assert ee.powers_in(4) == (p,)
    assert ee.powers_in(1) == ()
    with pytest.raises(ValueError):
        ee.powers_in(6)


def test_known_codes_cover_the_deck() -> None:
    assert set(KNOWN_CODES) == {1, 2, 3, 4, 5}
    used: dict[int, set[str]] = {ph: set() for ph in range(1, 6)}
    for d in CARDS:
        for p in d.powers:
            used[p.phase] |= p.atoms
    assert {ph: frozenset(a) for ph, a in used.items()} == KNOWN_CODES
    assert {b.what for d in CARDS for b in d.bonuses} == BONUS_CODES


# --------------------------------------------------------------------------- facts


def test_old_earth() -> None:
    d = CARDS["Old Earth"]
    assert (d.type, d.cost, d.vp, d.good, d.windfall, d.military) == (
        "world", 3, 2, None, False, False)
    assert (d.start_number, d.start_color) == (0, "blue")
    assert d.powers == (Power(4, "TRADE_ANY", 1, 0), Power(4, "CONSUME_ANY|GET_VP", 1, 2))


def test_alpha_centauri() -> None:
    d = CARDS["Alpha Centauri"]
    assert (d.cost, d.vp, d.good, d.windfall, d.military) == (2, 0, "rare", True, False)
    assert d.is_windfall and not d.is_production
    assert d.start_number == 2
    assert d.powers == (Power(3, "REDUCE|RARE", 1, 0), Power(3, "RARE|EXTRA_MILITARY", 1, 0))


def test_ancient_race() -> None:
    d = CARDS["Ancient Race"]
    assert (d.cost, d.vp, d.good, d.windfall) == (2, 1, "genes", True)
    assert d.has_flag("start_hand_3") and d.flags == {"start_hand_3"}
    assert d.start_number == 6 and d.powers == ()
    assert d.copies_in("base") == 0 and d.copies_in("tgs") == 1


def test_damaged_alien_factory() -> None:
    d = CARDS["Damaged Alien Factory"]
    assert (d.cost, d.vp, d.good, d.windfall, d.military) == (3, 2, "alien", False, True)
    assert d.is_production and not d.is_windfall
    assert d.has_flag("alien")
    assert d.start_number == 7
    assert d.powers == (Power(5, "PRODUCE|DISCARD", 0, 0),)


def test_doomed_world() -> None:
    d = CARDS["Doomed World"]
    assert (d.cost, d.vp, d.good, d.military) == (1, -1, None, False)
    assert d.start_number == 8
    assert d.powers == (Power(1, "DRAW", 1, 0), Power(3, "DISCARD|REDUCE_ZERO", 0, 0))


def test_galactic_renaissance_bonus_order() -> None:
    d = CARDS["Galactic Renaissance"]
    assert d.bonuses == (
        VPBonus(1, "THREE_VP", None),
        VPBonus(3, "NAME", "Research Labs"),
        VPBonus(3, "NAME", "Galactic Trendsetters"),
        VPBonus(3, "NAME", "Artist Colony"),
    )
    assert d.powers == (Power(1, "DRAW", 2, 0), Power(1, "KEEP", 1, 0))


def test_pan_galactic_league() -> None:
    d = CARDS["Pan-Galactic League"]
    assert (d.type, d.cost, d.vp) == ("development", 6, 0)
    assert d.powers == (Power(3, "EXTRA_MILITARY", -1, 0), Power(5, "DRAW_WORLD_GENE", 1, 0))
    assert d.bonuses == (
        VPBonus(2, "GENE_PRODUCTION"),
        VPBonus(2, "GENE_WINDFALL"),
        VPBonus(1, "MILITARY"),
        VPBonus(3, "NAME", "Contact Specialist"),
    )


def test_improved_logistics() -> None:
    d = CARDS["Improved Logistics"]
    assert (d.type, d.cost, d.vp) == ("development", 3, 2)
    assert d.powers == (Power(3, "PLACE_TWO", 0, 0),)
    assert d.powers_in(3)[0].has("PLACE_TWO")


def test_space_mercenaries() -> None:
    d = CARDS["Space Mercenaries"]
    assert (d.type, d.cost, d.vp) == ("development", 1, 0)
    assert d.copies == (("base", 0), ("tgs", 2))
    assert d.powers == (Power(3, "EXTRA_MILITARY", 1, 0), Power(3, "MILITARY_HAND", 2, 0))


def test_gambling_and_pilgrimage_worlds() -> None:
    gw = CARDS["Gambling World"]
    assert (gw.cost, gw.vp, gw.good) == (1, 1, None)
    assert gw.powers == (Power(4, "CONSUME_ANY|GET_VP", 1, 1), Power(4, "DRAW_LUCKY", 0, 0))
    assert gw.copies_in("tgs") == 1
    pw = CARDS["Pilgrimage World"]
    assert (pw.cost, pw.vp, pw.good) == (0, 2, None)
    assert pw.powers == (Power(4, "CONSUME_ALL|GET_VP", 1, 1),)


@pytest.mark.parametrize(
    ("name", "cost", "vp", "good", "windfall", "military", "flags"),
    [
        ("Gem World", 2, 1, "novelty", False, False, set()),
        ("Rebel Base", 6, 6, None, False, True, {"rebel"}),
        ("Lost Alien Battle Fleet", 6, 4, "alien", False, True, {"alien"}),
        ("Imperium Armaments World", 4, 2, "rare", False, False, {"imperium"}),
        ("Bio-Hazard Mining World", 3, 2, "rare", False, False, set()),
        ("Black Market Trading World", 3, 2, None, False, False, set()),
        ("Alien Rosetta Stone World", 3, 3, None, False, False, {"alien"}),
        ("Separatist Colony", 2, 1, None, False, False, set()),
        ("Galactic Imperium", 6, 0, None, False, False, {"imperium"}),
        ("Terraforming Robots", 3, 2, None, False, False, {"terraforming"}),
    ],
)
def test_printed_facts(
    name: str, cost: int, vp: int, good: str | None, windfall: bool, military: bool,
    flags: set[str],
) -> None:
    d = CARDS[name]
    assert (d.cost, d.vp, d.good, d.windfall, d.military, d.flags) == (
        cost, vp, good, windfall, military, flags)


@pytest.mark.parametrize(
    ("name", "powers"),
    [
        ("Gem World", [(5, "PRODUCE", 0, 0), (5, "DRAW_IF", 1, 0)]),
        ("Galactic Imperium", [(3, "EXTRA_MILITARY|AGAINST_REBEL", 4, 0)]),
        ("Black Market Trading World", [(4, "TRADE_ACTION|TRADE_NO_BONUS", 0, 0)]),
        ("Trade League", [(4, "TRADE_ANY", 1, 0), (4, "TRADE_ACTION", 0, 0)]),
        ("Research Labs", [(1, "KEEP", 1, 0), (4, "CONSUME_GENE|GET_VP", 1, 1),
                           (5, "DRAW_EACH_ALIEN", 1, 0)]),
        ("New Military Tactics", [(3, "DISCARD|EXTRA_MILITARY", 3, 0)]),
        ("Colony Ship", [(3, "DISCARD|REDUCE_ZERO", 0, 0)]),
        ("Contact Specialist", [(3, "EXTRA_MILITARY", -1, 0), (3, "PAY_MILITARY", 1, 0)]),
        ("Deficit Spending", [(4, "GET_VP|DISCARD_HAND", 1, 2)]),
        ("Galactic Federation", [(2, "REDUCE", 2, 0)]),
        ("Alien Rosetta Stone World", [(3, "REDUCE|ALIEN", 2, 0),
                                       (3, "ALIEN|EXTRA_MILITARY", 2, 0),
                                       (5, "WINDFALL_ALIEN", 0, 0)]),
    ],
)
def test_powers_spot_checks(name: str, powers: list[tuple[int, str, int, int]]) -> None:
    assert CARDS[name].powers == tuple(Power(*p) for p in powers)


# The 6-cost bonus lines, in order, as listed in the reference glossary.
SIX_COST_BONUSES = {
    "Pan-Galactic League": "+2 GENE_PRODUCTION, +2 GENE_WINDFALL, +1 MILITARY, "
                           "+3 NAME (Contact Specialist)",
    "Mining League": "+2 RARE_PRODUCTION, +1 RARE_WINDFALL, +2 NAME (Mining Robots), "
                     "+2 NAME (Mining Conglomerate)",
    "Free Trade Association": "+2 NOVELTY_PRODUCTION, +1 NOVELTY_WINDFALL, "
                              "+2 NAME (Consumer Markets), +2 NAME (Expanding Colony)",
    "Alien Tech Institute": "+3 ALIEN_PRODUCTION, +2 ALIEN_WINDFALL, +2 ALIEN_FLAG",
    "Galactic Survey: SETI": "+1 DEVEL_EXPLORE, +2 WORLD_EXPLORE, +1 WORLD",
    "Galactic Federation": "+2 SIX_DEVEL, +1 DEVEL",
    "New Galactic Order": "+1 TOTAL_MILITARY",
    "Merchant Guild": "+2 NOVELTY_PRODUCTION, +2 RARE_PRODUCTION, +2 GENE_PRODUCTION, "
                      "+2 ALIEN_PRODUCTION",
    "New Economy": "+2 DEVEL_CONSUME, +1 WORLD_CONSUME",
    "Galactic Renaissance": "+1 THREE_VP, +3 NAME (Research Labs), "
                            "+3 NAME (Galactic Trendsetters), +3 NAME (Artist Colony)",
    "Galactic Imperium": "+2 REBEL_MILITARY, +1 MILITARY",
    "Trade League": "+2 DEVEL_TRADE, +1 WORLD_TRADE",
    "Terraforming Guild": "+2 NOVELTY_WINDFALL, +2 RARE_WINDFALL, +2 GENE_WINDFALL, "
                          "+2 ALIEN_WINDFALL, +2 TERRAFORMING_FLAG",
    "Galactic Genome Project": "+2 GENE_PRODUCTION, +2 GENE_WINDFALL, +3 NAME (Genetics Lab)",
    "Imperium Lords": "+2 IMPERIUM_FLAG, +1 MILITARY",
}


def _describe(b: VPBonus) -> str:
    return f"+{b.points} {b.what}" + (f" ({b.name})" if b.name is not None else "")


def test_all_six_cost_bonus_lines() -> None:
    got = {d.name: ", ".join(_describe(b) for b in d.bonuses) for d in CARDS if d.is_six_cost}
    assert got == SIX_COST_BONUSES
    for d in CARDS:
        for b in d.bonuses:
            assert (b.name is not None) == (b.what == "NAME")
            if b.name is not None:
                assert b.name in CARDS


# Power index of the reference glossary: (phase, code) -> (designs, cards in a TGS deck).
POWER_INDEX = {
    (1, "DRAW"): (9, 10), (1, "KEEP"): (2, 3),
    (2, "DRAW"): (1, 2), (2, "DRAW_AFTER"): (1, 2), (2, "REDUCE"): (2, 3),
    (3, "ALIEN|EXTRA_MILITARY"): (3, 3), (3, "DISCARD|EXTRA_MILITARY"): (1, 2),
    (3, "DISCARD|REDUCE_ZERO"): (2, 3), (3, "DRAW_AFTER"): (2, 3),
    (3, "EXTRA_MILITARY"): (20, 26), (3, "EXTRA_MILITARY|AGAINST_REBEL"): (1, 1),
    (3, "MILITARY_HAND"): (1, 2), (3, "PAY_MILITARY"): (1, 3), (3, "PLACE_TWO"): (1, 2),
    (3, "RARE|EXTRA_MILITARY"): (1, 1), (3, "REDUCE"): (1, 2), (3, "REDUCE|ALIEN"): (3, 3),
    (3, "REDUCE|RARE"): (2, 3),
    (4, "CONSUME_3_DIFF|GET_VP"): (1, 2), (4, "CONSUME_ALIEN|CONSUME_THIS|GET_VP"): (1, 1),
    (4, "CONSUME_ALL|GET_VP"): (1, 1), (4, "CONSUME_ANY|CONSUME_TWO|GET_VP"): (1, 1),
    (4, "CONSUME_ANY|GET_2_CARD"): (2, 2), (4, "CONSUME_ANY|GET_CARD"): (1, 1),
    (4, "CONSUME_ANY|GET_CARD|GET_VP"): (6, 6), (4, "CONSUME_ANY|GET_VP"): (9, 10),
    (4, "CONSUME_GENE|CONSUME_TWO|GET_VP"): (1, 1), (4, "CONSUME_GENE|GET_CARD|GET_VP"): (1, 1),
    (4, "CONSUME_GENE|GET_VP"): (1, 2), (4, "CONSUME_NOVELTY|GET_CARD"): (1, 1),
    (4, "CONSUME_NOVELTY|GET_CARD|GET_VP"): (1, 1), (4, "CONSUME_NOVELTY|GET_VP"): (1, 2),
    (4, "CONSUME_RARE|CONSUME_TWO|GET_VP"): (1, 1), (4, "CONSUME_RARE|GET_CARD|GET_VP"): (1, 2),
    (4, "CONSUME_RARE|GET_VP"): (1, 2), (4, "DRAW"): (1, 1), (4, "DRAW_LUCKY"): (1, 1),
    (4, "GET_VP|DISCARD_HAND"): (3, 4), (4, "TRADE_ACTION"): (1, 1),
    (4, "TRADE_ACTION|TRADE_NO_BONUS"): (1, 1), (4, "TRADE_ANY"): (5, 6),
    (4, "TRADE_GENE"): (2, 3), (4, "TRADE_GENE|TRADE_BONUS_CHROMO"): (1, 1),
    (4, "TRADE_NOVELTY"): (3, 3), (4, "TRADE_RARE"): (2, 3), (4, "TRADE_THIS"): (2, 2),
    (5, "DRAW"): (2, 2), (5, "DRAW_DIFFERENT"): (1, 2), (5, "DRAW_EACH_ALIEN"): (1, 2),
    (5, "DRAW_EACH_NOVELTY"): (1, 2), (5, "DRAW_IF"): (7, 7), (5, "DRAW_MILITARY"): (1, 1),
    (5, "DRAW_MOST_RARE"): (1, 2), (5, "DRAW_WORLD_GENE"): (1, 1), (5, "PRODUCE"): (24, 24),
    (5, "PRODUCE|DISCARD"): (1, 1), (5, "WINDFALL_ALIEN"): (1, 1), (5, "WINDFALL_ANY"): (2, 2),
    (5, "WINDFALL_GENE"): (1, 2), (5, "WINDFALL_NOVELTY"): (2, 2), (5, "WINDFALL_RARE"): (2, 3),
}


def _power_index() -> dict[tuple[int, str], tuple[int, int]]:
    designs: Counter[tuple[int, str]] = Counter()
    cards: Counter[tuple[int, str]] = Counter()
    for d in CARDS:
        for key in {(p.phase, p.code) for p in d.powers}:
            designs[key] += 1
            cards[key] += d.copies_in("tgs")
    return {key: (designs[key], cards[key]) for key in designs}


@pytest.mark.parametrize(
    "key", [(3, "EXTRA_MILITARY"), (5, "PRODUCE"), (4, "CONSUME_ANY|GET_VP"), (1, "DRAW")]
)
def test_power_index_rows(key: tuple[int, str]) -> None:
    assert _power_index()[key] == POWER_INDEX[key]


def test_power_index_whole_table() -> None:
    assert _power_index() == POWER_INDEX


# ------------------------------------------------------------------------ loading


def test_load_cards_default_is_cached() -> None:
    assert load_cards() is load_cards()
    assert load_cards() is CARDS


def test_load_cards_from_path_and_dict(tmp_path: Path) -> None:
    data = raw_data()
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    from_path = load_cards(path)
    from_str = load_cards(str(path))
    from_dict = load_cards(data)
    for db in (from_path, from_str, from_dict):
        assert db is not CARDS
        assert list(db.designs) == list(CARDS.designs)
        assert db.by_id == CARDS.by_id
        assert db.deck("tgs") == CARDS.deck("tgs")


def test_load_cards_small_custom_file() -> None:
    data = raw_data()
    data["designs"] = [raw_design(data, "Gem World"), raw_design(data, "Old Earth")]
    db = load_cards(data)
    assert len(db) == 2
    assert db["Old Earth"].id == 1
    assert db.deck("base") == ["Gem World", "Old Earth"]
    assert [d.name for d in db.start_worlds()] == ["Old Earth"]


def test_load_cards_rejects_other_source_types() -> None:
    with pytest.raises(TypeError):
        load_cards(42)  # type: ignore[arg-type]


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(CardDataError, match=r"nope\.json"):
        load_cards(missing)


def test_not_json_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "rftg_nb-cards", ', encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    assert "broken.json" in str(info.value)
    assert "JSON" in str(info.value)


Mutation = Callable[[dict[str, Any]], None]


def _set(name: str, field: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        raw_design(data, name)[field] = value
    return mutate


def _dup_name(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["name"] = "Spice World"


def _unknown_field(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["colour"] = "blue"


def _missing_field(data: dict[str, Any]) -> None:
    del raw_design(data, "Gem World")["vp"]


def _six_cost_without_bonus(data: dict[str, Any]) -> None:
    raw_design(data, "Trade League")["bonuses"] = []


def _bonus_on_cheap(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["bonuses"] = [{"vp": 1, "for": "WORLD"}]


def _bad_name_target(data: dict[str, Any]) -> None:
    raw_design(data, "Galactic Renaissance")["bonuses"][1]["name"] = "Research Lab"


def _name_on_non_name_bonus(data: dict[str, Any]) -> None:
    raw_design(data, "Galactic Renaissance")["bonuses"][0]["name"] = "Artist Colony"


def _unknown_bonus_code(data: dict[str, Any]) -> None:
    raw_design(data, "Trade League")["bonuses"][0]["for"] = "DEVEL_PRODUCE"


def _unknown_atom(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["powers"][1]["code"] = "DRAW_IF|DRAW_TWICE"


def _atom_wrong_phase(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["powers"][0]["phase"] = 3  # PRODUCE is phase 5 only


def _bad_phase(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["powers"][0]["phase"] = 6


def _power_value_text(data: dict[str, Any]) -> None:
    raw_design(data, "Space Marines")["powers"][0]["value"] = "2"


def _bad_copies_key(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["copies"] = {"base": 1, "rvi": 0}


def _negative_copies(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["copies"] = {"base": -1, "tgs": 1}


def _zero_copies(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["copies"] = {"base": 0, "tgs": 0}


def _start_two_copies(data: dict[str, Any]) -> None:
    raw_design(data, "Old Earth")["copies"] = {"base": 1, "tgs": 1}


def _dup_start_number(data: dict[str, Any]) -> None:
    raw_design(data, "Doomed World")["start"]["number"] = 0


def _start_on_development(data: dict[str, Any]) -> None:
    raw_design(data, "Space Marines")["start"] = {"number": 3, "color": "red"}


def _bad_start_color(data: dict[str, Any]) -> None:
    raw_design(data, "Old Earth")["start"]["color"] = "green"


def _unknown_flag(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["flags"] = ["xeno"]


def _unsorted_flags(data: dict[str, Any]) -> None:
    raw_design(data, "Gem World")["flags"] = ["uplift", "alien"]


BAD_DESIGNS: list[tuple[str, Mutation, str, str]] = [
    ("wrong type", _set("Gem World", "type", "planet"), "Gem World", "type"),
    ("cost text", _set("Gem World", "cost", "x"), "Gem World", "cost"),
    ("cost too high", _set("Gem World", "cost", 8), "Gem World", "cost"),
    ("cost bool", _set("Gem World", "cost", True), "Gem World", "cost"),
    ("vp float", _set("Gem World", "vp", 1.5), "Gem World", "vp"),
    ("bad good", _set("Gem World", "good", "spice"), "Gem World", "good"),
    ("windfall int", _set("Gem World", "windfall", 1), "Gem World", "windfall"),
    ("unknown field", _unknown_field, "Gem World", "colour"),
    ("missing field", _missing_field, "Gem World", "vp"),
    ("duplicate name", _dup_name, "Spice World", "name"),
    ("windfall without good", _set("New Sparta", "windfall", True), "New Sparta", "windfall"),
    ("good on development", _set("Space Marines", "good", "rare"), "Space Marines", "good"),
    ("military development", _set("Space Marines", "military", True), "Space Marines",
     "military"),
    ("start on development", _start_on_development, "Space Marines", "start"),
    ("bad start color", _bad_start_color, "Old Earth", "start.color"),
    ("start world 2 copies", _start_two_copies, "Old Earth", "copies"),
    ("duplicate start number", _dup_start_number, "Doomed World", "start.number"),
    ("bonus on non-6-cost", _bonus_on_cheap, "Gem World", "bonuses"),
    ("6-cost without bonus", _six_cost_without_bonus, "Trade League", "bonuses"),
    ("unknown NAME target", _bad_name_target, "Galactic Renaissance", "bonuses[1].name"),
    ("name on non-NAME bonus", _name_on_non_name_bonus, "Galactic Renaissance",
     "bonuses[0].name"),
    ("unknown bonus code", _unknown_bonus_code, "Trade League", "bonuses[0].for"),
    ("unknown flag", _unknown_flag, "Gem World", "flags"),
    ("unsorted flags", _unsorted_flags, "Gem World", "flags"),
    ("unknown code atom", _unknown_atom, "Gem World", "powers[1].code"),
    ("atom in wrong phase", _atom_wrong_phase, "Gem World", "powers[0].code"),
    ("bad phase", _bad_phase, "Gem World", "powers[0].phase"),
    ("power value text", _power_value_text, "Space Marines", "powers[0].value"),
    ("bad copies key", _bad_copies_key, "Gem World", "copies.rvi"),
    ("negative copies", _negative_copies, "Gem World", "copies.base"),
    ("zero copies", _zero_copies, "Gem World", "copies"),
]


@pytest.mark.parametrize(
    ("mutate", "card", "field"),
    [pytest.param(m, c, f, id=i) for i, m, c, f in BAD_DESIGNS],
)
def test_bad_design_is_rejected(mutate: Mutation, card: str, field: str) -> None:
    data = raw_data()
    mutate(data)
    with pytest.raises(CardDataError) as info:
        load_cards(data)
    message = str(info.value)
    assert f"card '{card}'" in message
    assert f"field '{field}'" in message


def test_error_message_format() -> None:
    data = raw_data()
    raw_design(data, "Gem World")["cost"] = "x"
    with pytest.raises(CardDataError) as info:
        load_cards(data)
    assert str(info.value) == (
        "card 'Gem World': field 'cost': must be an int from 0 to 7, got 'x'"
    )


def _top(field: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data[field] = value
    return mutate


def _extra_top(data: dict[str, Any]) -> None:
    data["comment"] = "hi"


def _design_not_object(data: dict[str, Any]) -> None:
    data["designs"][3] = "New Sparta"


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        pytest.param(_top("format", "rftg-cards"), "format", id="format"),
        pytest.param(_top("version", 2), "version", id="version"),
        pytest.param(_top("version", True), "version", id="version bool"),
        pytest.param(_top("designs", []), "designs", id="no designs"),
        pytest.param(_top("designs", {}), "designs", id="designs not list"),
        pytest.param(_extra_top, "comment", id="unknown top field"),
        pytest.param(_design_not_object, "designs[3]", id="design not object"),
    ],
)
def test_bad_file_header(mutate: Mutation, field: str, tmp_path: Path) -> None:
    data = raw_data()
    mutate(data)
    path = tmp_path / "header.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    message = str(info.value)
    assert "header.json" in message or "designs[3]" in message
    assert f"field '{field}'" in message
    # The same problem is found when passing the parsed data directly.
    with pytest.raises(CardDataError, match=re.escape(field)):
        load_cards(copy.deepcopy(data))


def test_top_level_not_object(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"list\.json"):
        load_cards(path)


def test_validation_does_not_touch_cached_database() -> None:
    data = raw_data()
    raw_design(data, "Gem World")["cost"] = 5
    db = load_cards(data)
    assert db["Gem World"].cost == 5
    assert CARDS["Gem World"].cost == 2
