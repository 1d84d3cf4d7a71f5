"""Every card design has at least one rulings test, and every power code a handler."""

import ast
from pathlib import Path

from rftg_nb.cards import CARDS
from rftg_nb.engine.powers import HANDLERS

TESTS = Path(__file__).parent


def _marked_cards() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "cards"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"
            ):
                names.update(a.value for a in node.args if isinstance(a, ast.Constant))
    return names


def test_every_power_code_has_a_handler():
    missing = sorted(
        {f"phase {pw.phase} {pw.code}" for d in CARDS for pw in d.powers
         if (pw.phase, pw.code) not in HANDLERS}
    )
    assert missing == []


def test_every_handler_is_for_a_code_in_the_card_file():
    codes = {(pw.phase, pw.code) for d in CARDS for pw in d.powers}
    assert set(HANDLERS) - codes == set()


def test_marked_names_are_real_cards():
    assert sorted(_marked_cards() - set(CARDS.designs)) == []


def test_every_design_has_a_rulings_test():
    missing = sorted(set(CARDS.designs) - _marked_cards())
    assert missing == [], f"{len(missing)} designs without a test: {missing}"
