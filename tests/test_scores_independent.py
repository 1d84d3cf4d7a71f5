"""End-game scores checked against a scorer written here from the rules, not from the engine.

Rules: base-rules.md 10.2 (total = printed VP + VP chips + 6-cost bonuses) and powers.md VI
(each card of the owner's tableau, the 6-cost card included, scores for the first bonus line it
matches; THREE_VP and TOTAL_MILITARY are added once). This file must not import
``rftg_nb.engine.scoring``: the bonus lines below are copied from the rules reference, and the
card tests are written from the rules text.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rftg_nb import Game
from rftg_nb.cards import CARDS, Design
from rftg_nb.players import RandomPlayer

# The bonus lines of every 6-cost development, in printed order (powers.md VI).
LINES: dict[str, list[tuple[int, str]]] = {
    "Pan-Galactic League": [(2, "GENE_PRODUCTION"), (2, "GENE_WINDFALL"), (1, "MILITARY"),
                            (3, "NAME:Contact Specialist")],
    "Mining League": [(2, "RARE_PRODUCTION"), (1, "RARE_WINDFALL"), (2, "NAME:Mining Robots"),
                      (2, "NAME:Mining Conglomerate")],
    "Free Trade Association": [(2, "NOVELTY_PRODUCTION"), (1, "NOVELTY_WINDFALL"),
                               (2, "NAME:Consumer Markets"), (2, "NAME:Expanding Colony")],
    "Alien Tech Institute": [(3, "ALIEN_PRODUCTION"), (2, "ALIEN_WINDFALL"), (2, "ALIEN_FLAG")],
    "Galactic Survey: SETI": [(1, "DEVEL_EXPLORE"), (2, "WORLD_EXPLORE"), (1, "WORLD")],
    "Galactic Federation": [(2, "SIX_DEVEL"), (1, "DEVEL")],
    "New Galactic Order": [(1, "TOTAL_MILITARY")],
    "Merchant Guild": [(2, "NOVELTY_PRODUCTION"), (2, "RARE_PRODUCTION"), (2, "GENE_PRODUCTION"),
                       (2, "ALIEN_PRODUCTION")],
    "New Economy": [(2, "DEVEL_CONSUME"), (1, "WORLD_CONSUME")],
    "Galactic Renaissance": [(1, "THREE_VP"), (3, "NAME:Research Labs"),
                             (3, "NAME:Galactic Trendsetters"), (3, "NAME:Artist Colony")],
    "Galactic Imperium": [(2, "REBEL_MILITARY"), (1, "MILITARY")],
    "Trade League": [(2, "DEVEL_TRADE"), (1, "WORLD_TRADE")],
    "Terraforming Guild": [(2, "NOVELTY_WINDFALL"), (2, "RARE_WINDFALL"), (2, "GENE_WINDFALL"),
                           (2, "ALIEN_WINDFALL"), (2, "TERRAFORMING_FLAG")],
    "Galactic Genome Project": [(2, "GENE_PRODUCTION"), (2, "GENE_WINDFALL"),
                                (3, "NAME:Genetics Lab")],
    "Imperium Lords": [(2, "IMPERIUM_FLAG"), (1, "MILITARY")],
}
KIND = {"NOVELTY": "novelty", "RARE": "rare", "GENE": "genes", "ALIEN": "alien"}
# A Consume-phase power with one of these atoms is a trade power; any other one a consume power.
TRADE_ATOMS = {"TRADE_ANY", "TRADE_NOVELTY", "TRADE_RARE", "TRADE_GENE", "TRADE_ALIEN",
               "TRADE_THIS", "TRADE_BONUS_CHROMO"}


def _atoms(code: str) -> set[str]:
    return set(code.split("|"))


def card_fits(line: str, d: Design) -> bool:
    """Whether card ``d`` satisfies bonus condition ``line`` (written from powers.md VI)."""
    world = d.type == "world"
    devel = d.type == "development"
    phase4 = [_atoms(pw.code) for pw in d.powers if pw.phase == 4]
    if line.startswith("NAME:"):
        return d.name == line[5:]
    kind, _, what = line.partition("_")
    if kind in KIND and what == "PRODUCTION":
        return world and d.good == KIND[kind] and not d.windfall
    if kind in KIND and what == "WINDFALL":
        return world and d.good == KIND[kind] and d.windfall
    if what == "FLAG":
        return kind.lower() in d.flags
    if line in ("DEVEL_EXPLORE", "WORLD_EXPLORE"):
        return (devel if kind == "DEVEL" else world) and any(pw.phase == 1 for pw in d.powers)
    if line in ("DEVEL_TRADE", "WORLD_TRADE"):
        return (devel if kind == "DEVEL" else world) and any(a & TRADE_ATOMS for a in phase4)
    if line in ("DEVEL_CONSUME", "WORLD_CONSUME"):
        return (devel if kind == "DEVEL" else world) and any(not a & TRADE_ATOMS for a in phase4)
    if line == "SIX_DEVEL":
        return devel and d.cost == 6
    if line == "DEVEL":
        return devel
    if line == "WORLD":
        return world
    if line == "MILITARY":
        return d.military
    if line == "REBEL_MILITARY":
        return d.military and "rebel" in d.flags
    raise AssertionError(f"unknown bonus line {line}")


def plain_military(designs: list[Design]) -> int:
    """Unconditional Military: every Settle power that is exactly ``EXTRA_MILITARY``."""
    return sum(pw.value for d in designs for pw in d.powers
               if pw.phase == 3 and pw.code == "EXTRA_MILITARY")


def my_bonus(dev: str, designs: list[Design], chips: int) -> int:
    total = 0
    per_card = []
    for pts, line in LINES[dev]:
        if line == "THREE_VP":
            total += pts * (chips // 3)
        elif line == "TOTAL_MILITARY":
            total += pts * plain_military(designs)
        else:
            per_card.append((pts, line))
    for d in designs:
        total += next((pts for pts, line in per_card if card_fits(line, d)), 0)
    return total


def my_score(designs: list[Design], chips: int) -> dict:
    bonuses = {d.name: my_bonus(d.name, designs, chips) for d in designs if d.name in LINES}
    cards = sum(d.vp for d in designs)
    return {"cards": cards, "chips": chips, "bonuses": bonuses,
            "total": cards + chips + sum(bonuses.values())}


def check(game: Game) -> None:
    totals = []
    for i, p in enumerate(game.players):
        mine = my_score([c.design for c in p.tableau], p.vp)
        got = game.score_breakdown(i)
        where = f"player {i}: {[c.name for c in p.tableau]}, {p.vp} chips"
        assert got["cards"] == mine["cards"], where
        assert got["chips"] == mine["chips"], where
        assert got["bonuses"] == mine["bonuses"], where
        assert all(v >= 0 for v in got["goals"].values()), where
        assert got["total"] == mine["total"] + sum(got["goals"].values()), where
        totals.append(got["total"])
    assert game.scores() == totals


# ---------------------------------------------------------------- the scorer's own footing
def test_bonus_lines_match_the_card_data():
    six = {d.name for d in CARDS if d.type == "development" and d.cost == 6}
    assert set(LINES) == six
    for name, lines in LINES.items():
        data = [(b.points, f"NAME:{b.name}" if b.what == "NAME" else b.what)
                for b in CARDS[name].bonuses]
        assert data == lines, name


@pytest.mark.parametrize(("dev", "cards", "chips", "want"), [
    # Examples from the rules text.
    ("Pan-Galactic League", ["Avian Uplift Race"], 0, 2),
    ("Alien Tech Institute", ["Alien Robotic Factory"], 0, 3 + 2),
    ("Galactic Renaissance", [], 8, 2),
    ("New Galactic Order", ["Contact Specialist", "Refugee World", "Empath World"], 0, -1),
    ("New Economy", ["Black Market Trading World", "Trade League"], 0, 1 + 2 + 2),
    ("Trade League", ["Black Market Trading World"], 0, 2),
    ("Galactic Survey: SETI", [], 0, 1),
    ("Terraforming Guild", ["Alpha Centauri"], 0, 2 + 2),
])
def test_my_scorer_on_the_rules_examples(dev, cards, chips, want):
    assert my_bonus(dev, [CARDS[dev], *(CARDS[c] for c in cards)], chips) == want


# ---------------------------------------------------------------- random positions
# Cards behind the corner cases (negative Military, consume/trade quirks, -1 VP), dealt first
# to player 0 now and then so the random positions reach them.
SPICE = ["New Galactic Order", "Contact Specialist", "Refugee World", "Empath World",
         "Pan-Galactic League", "Black Market Trading World", "Trade League", "New Economy",
         "Doomed World", "Gambling World"]


def random_position(rng: random.Random) -> dict:
    n = rng.choice([2, 2, 2, 3, 4, 5])
    names = CARDS.deck("tgs")
    rng.shuffle(names)
    roll = rng.random()
    if roll < 0.3:
        spice = SPICE[:5] if roll < 0.1 else rng.sample(SPICE, rng.randint(2, 6))
        for x in spice:
            names.remove(x)
        names += spice  # popped first
    six = [x for x in names if CARDS[x].cost == 6 and CARDS[x].type == "development"]
    rest = [x for x in names if x not in six]
    players = []
    for _ in range(n):
        want = rng.randint(1, 14)
        tableau: list = []
        taken: set[str] = set()
        # Plenty of 6-cost developments: up to 4 each, while they last.
        for _k in range(rng.randint(0, 4)):
            if six and len(tableau) < want:
                name = six.pop()
                tableau.append(name)
                taken.add(name)
        while len(tableau) < want and rest:
            name = rest.pop()
            if CARDS[name].type == "development" and name in taken:
                rest.insert(0, name)  # no two copies of a development in one tableau
                continue
            taken.add(name)
            d = CARDS[name]
            if d.type == "world" and d.good is not None and rng.random() < 0.4:
                tableau.append({"card": name, "good": True})
            else:
                tableau.append(name)
        rng.shuffle(tableau)
        players.append({"tableau": tableau, "vp": rng.randint(0, 20)})
    return {"players": players}


@pytest.mark.parametrize("block", range(10))
def test_random_positions_score_as_the_rules_say(block):
    seen: Counter[str] = Counter()
    for k in range(40):
        rng = random.Random(1000 * block + k)
        game = Game.from_position(random_position(rng), seed=k)
        check(game)
        for p in game.players:
            seen.update(c.name for c in p.tableau if c.name in LINES)
    assert len(seen) >= 12  # most 6-cost developments were scored in this block


def test_random_positions_include_negative_military_and_first_line_cases():
    """The random positions really reach the corner cases (else they prove little)."""
    negative = first_line = 0
    for block in range(10):
        for k in range(40):
            game = Game.from_position(random_position(random.Random(1000 * block + k)), seed=k)
            for p in game.players:
                designs = [c.design for c in p.tableau]
                if "New Galactic Order" in {d.name for d in designs} and \
                        plain_military(designs) < 0:
                    negative += 1
                for dev in (d.name for d in designs if d.name in LINES):
                    lines = [ln for _p, ln in LINES[dev] if ln not in ("THREE_VP",
                                                                      "TOTAL_MILITARY")]
                    if any(sum(card_fits(ln, d) for ln in lines) > 1 for d in designs):
                        first_line += 1
    assert negative > 0 and first_line > 50


# ---------------------------------------------------------------- random full games
@pytest.mark.parametrize("seed", range(50))
def test_random_full_games_score_as_the_rules_say(seed):
    rng = random.Random(seed)
    game = Game.new(players=rng.choice([2, 2, 3, 4, 5]), seed=seed)
    RandomPlayer(seed).play(game)
    assert game.is_over
    check(game)
    final = [e.data["score"] for e in game.events if e.kind == "score"]
    assert final == game.scores()
