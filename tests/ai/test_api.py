"""The public face of ``rftg_nb.ai``: levels, the bad-level error, ``Hint`` and ``play``."""

from __future__ import annotations

import dataclasses

import pytest

from rftg_nb import Game
from rftg_nb.ai import LEVELS, AILevelError, AIPlayer, Hint
from rftg_nb.engine.kinds import Kind
from rftg_nb.players import play
from rftg_nb.robot import SoloGame
from tests.helpers import position


def test_levels() -> None:
    assert LEVELS == ("fast", "strong")
    for level in LEVELS:
        assert AIPlayer(level, seed=3).level == level
    assert AIPlayer().level == "fast"


@pytest.mark.parametrize("level", ["", "Fast", "medium", None, 3])
def test_bad_level_is_a_value_error_naming_level(level) -> None:
    with pytest.raises(AILevelError, match="level") as err:
        AIPlayer(level)  # type: ignore[arg-type]
    assert isinstance(err.value, ValueError)


def test_bad_seed_names_seed() -> None:
    with pytest.raises(ValueError, match="seed"):
        AIPlayer("fast", seed="x")  # type: ignore[arg-type]


def test_hint_is_a_frozen_dataclass_with_labels_of_its_ids() -> None:
    game = SoloGame.new(seed=4, difficulty="easy")
    h = AIPlayer("fast", seed=1).hint(game)
    assert isinstance(h, Hint)
    d = game.decision
    assert d is not None and d.check(h.ids) is None
    assert h.labels == tuple(d.option(i).label for i in h.ids)
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.reason = "x"  # type: ignore[misc]


def test_hint_and_pick_agree_and_change_nothing() -> None:
    game = SoloGame.new(seed=5, difficulty="medium")
    ai = AIPlayer("fast", seed=2)
    before = game.snapshot()
    assert list(ai.hint(game).ids) == ai.answer(game, game.decision)
    assert game.snapshot() == before


def test_the_strong_level_keeps_its_search_in_the_list_it_is_given() -> None:
    game = SoloGame.new(seed=5, difficulty="medium")
    play(game, AIPlayer("fast", seed=0), until=Kind.ACTIONS)
    record: list[dict] = []
    picked = AIPlayer("strong", seed=3, playouts=12, record=record).answer(game, game.decision)
    assert len(record) == 1 and set(record[0]) == {"features", "cands", "chosen"}
    assert list(record[0]["cands"][record[0]["chosen"]][0]) == picked
    assert AIPlayer("strong", seed=3, playouts=12).answer(game, game.decision) == picked


def _sentence(text: str) -> bool:
    return text[:1].isupper() and text.endswith(".") and len(text.split()) >= 3


def test_hint_reason_names_the_chosen_action() -> None:
    game = SoloGame.new(seed=6, difficulty="easy")
    ai = AIPlayer("fast", seed=0)
    game.apply(ai.answer(game, game.decision))  # the opening discard
    d = game.decision
    assert d is not None and d.kind == "actions"
    h = ai.hint(game)
    assert _sentence(h.reason), h.reason
    for label in h.labels:
        assert label in h.reason, (label, h.reason)


def test_hint_reason_names_the_card_settled() -> None:
    # Player 0 can settle Gem World (cost 2) and has cards to pay; the hint names it.
    game = position(
        {"tableau": ["Epsilon Eridani"], "hand": ["Gem World", "Spice World", "Artist Colony",
                                                  "Investment Credits"],
         "actions": ["settle", "produce"]},
        phase="settle")
    d = game.decision
    assert d is not None and d.kind == "settle"
    h = AIPlayer("fast", seed=0).hint(game)
    assert _sentence(h.reason), h.reason
    assert h.ids, "placing a world here is worth it"
    assert h.labels[0] in h.reason


def test_hint_when_the_game_is_over_is_refused() -> None:
    game = SoloGame.new(seed=7, difficulty="easy")
    ai = AIPlayer("fast", seed=0)
    ai.play(game)
    assert game.is_over
    with pytest.raises(ValueError):
        ai.hint(game)


def test_play_one_seat_stops_at_the_other_seat() -> None:
    game = Game.new(players=3, seed=8)
    ai = AIPlayer("fast", seed=0)
    ai.play(game, seat=0)
    d = game.decision
    assert d is not None and d.player != 0


def test_play_every_seat_to_the_end() -> None:
    game = Game.new(players=4, seed=9, goals=True)
    AIPlayer("fast", seed=0).play(game)
    assert game.is_over and game.winners


# ---------------------------------------------------------------------------- weight files
def test_the_shipped_weights_fit_the_features():
    from rftg_nb.ai import features

    assert features.read_weights("solo_value.json", features.NAMES) is not None
    assert features.read_weights("solo_actions.json", features.POLICY_NAMES) is not None
    assert features.read_weights("solo_settle.json", features.SETTLE_NAMES) is not None


@pytest.mark.parametrize("names, weights, words", [
    (["a", "c"], [1, 2], "feature 1 is 'c', the code computes 'b'"),
    (["a"], [1], "1 names against 2"),
    (["a", "b"], [1], "1 weights for 2 features"),
    (["a", "b"], [1, "x"], "not a weights file"),
])
def test_weights_trained_on_other_features_are_an_error_not_a_zero(names, weights, words):
    import json

    from rftg_nb.ai.features import WeightsError, read_weights

    text = json.dumps({"names": names, "weights": weights})
    with pytest.raises(WeightsError, match="my.json") as info:
        read_weights("my.json", ("a", "b"), text)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_no_weights_file_is_no_learned_value():
    from rftg_nb.ai.features import read_weights

    assert read_weights("no_such_file.json", ("a",)) is None


# ---------------------------------------------------------------------------- one protocol
def test_every_kind_of_player_answers_through_the_same_method():
    from rftg_nb import Game, RandomPlayer
    from rftg_nb.ai import AIPlayer
    from rftg_nb.players import Player
    from rftg_nb.ui.table import TableController
    from rftg_nb.ui.table_seats import RandomSeat, TableSettings

    c = TableController()
    c.new_game(TableSettings(3, ["Ann", "Bob", "Cy"], [False, True, True], seed=3))
    players: list[Player] = [RandomPlayer(1), AIPlayer("fast", 1), RandomSeat(),
                             c.seat_player()]
    for p in players:
        game = Game.new(players=3, seed=11)
        for _ in range(25):
            d = game.decision
            ids = p.answer(game, d)
            assert d.check(tuple(ids)) is None, (p, d.kind, ids)
            game.apply(ids)


def test_the_ai_counts_goals_as_the_rules_do():
    from rftg_nb import Game, RandomPlayer
    from rftg_nb.ai.bonuses import goal_count
    from rftg_nb.engine.goals import GOALS

    checked = 0
    for seed in range(6):
        game = Game.new(players=4, seed=seed, goals=True)
        RandomPlayer(seed).play(game)
        for p in game.players:
            designs = [c.design for c in p.tableau]
            for name, g in GOALS.items():
                if g.tableau_only:
                    assert goal_count(name, designs) == \
                        g.count(game, p), (name, seed)
                    checked += 1
    assert checked > 100
