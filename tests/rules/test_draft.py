"""Rulings for the drafting variant (TGS rulebook "Drafting Variant (2-3 players)", goals.md §6).

Each test plays a seeded drafted game with random answers (or answers by rule) up to the point
the ruling is about, then looks at the zones, decisions and events.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from rftg_nb import Game, RandomPlayer, SaveFileError
from rftg_nb.engine import SetupError, piles
from rftg_nb.engine.decision import Decision
from rftg_nb.engine.views import locations
from rftg_nb.robot import SoloGame

PRINTED_DECK = 136  # base + The Gathering Storm, the 9 start worlds included


def drafted(players: int = 2, seed: int = 0, **kw: Any) -> Game:
    return Game.new(players=players, seed=seed, draft=True, **kw)


def play_until(game: Game, stop: Callable[[Game], bool], seed: int = 0) -> Game:
    """Answer at random until ``stop(game)`` holds (or the game ends)."""
    bot = RandomPlayer(seed)
    while (d := game.decision) is not None and not stop(game):
        game.apply(bot.answer(game, d))
    return game


def after_draft(game: Game) -> Game:
    return play_until(game, lambda g: g.phase != "draft")


def at_first_round(game: Game) -> Game:
    return play_until(game, lambda g: g.round >= 1)


def seats(game: Game) -> dict[str, int | None]:
    """The seat whose zone holds each card, by card id (a good: its world's seat; None: out of
    the game)."""
    where = locations(game)

    def seat(place: str) -> int | None:
        if place == "removed":
            return None
        zone, _, at = place.partition(":")
        return seat(where[at]) if zone == "good" else int(at)

    return {cid: seat(place) for cid, place in where.items()}


def ids_in(data: Any) -> set[str]:
    """Every value under an "id" key in a view."""
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "id":
                out.add(v)
            else:
                out |= ids_in(v)
    elif isinstance(data, list):
        for v in data:
            out |= ids_in(v)
    return out


# ------------------------------------------------------------------ set-up and its checks
@pytest.mark.parametrize(("kw", "why"), [
    ({"players": 4}, "2 or 3 players, not 4"),
    ({"players": 5}, "2 or 3 players, not 5"),
    ({"players": 2, "expansion": "base"}, "The Gathering Storm"),
    ({"players": 3, "expansion": "base"}, "The Gathering Storm"),
])
def test_draft_is_for_two_or_three_players_with_the_gathering_storm(kw, why):
    with pytest.raises(SetupError, match=r"^draft: .*" + re.escape(why)):
        Game.new(seed=1, draft=True, **kw)


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_draft_must_be_true_or_false(bad):
    with pytest.raises(SetupError, match=r"^draft: expected True or False"):
        Game.new(players=2, seed=1, draft=bad)
    assert issubclass(SetupError, ValueError)


def test_the_setup_keeps_the_draft_and_other_games_are_unchanged():
    g = drafted(2, seed=4)
    assert g.setup["draft"] is True
    assert json.loads(g.to_json())["setup"]["draft"] is True
    plain = Game.new(players=2, seed=4)
    assert "draft" not in plain.setup and plain.draft is None
    assert all(p.deck is None and p.discard is None for p in plain.players)
    assert "draft" not in plain.view(0) and "draft" not in plain.snapshot()


@pytest.mark.parametrize(("change", "why"), [
    ({"players": 4}, "2 or 3 players"),
    ({"expansion": "base"}, "The Gathering Storm"),
    ({"draft": "yes"}, "expected True or False"),
])
def test_a_save_with_a_bad_draft_is_refused_naming_the_field(change, why):
    data = json.loads(drafted(2, seed=4).to_json())
    data["setup"].update(change)
    if change.get("players") == 4:
        data["setup"]["advanced"] = False
    if change.get("expansion") == "base":
        del data["setup"]["goals"]
    data["choices"] = []
    with pytest.raises(SaveFileError, match=r"field 'setup.draft': .*" + re.escape(why)):
        Game.from_json(json.dumps(data))


def test_a_solitaire_save_cannot_be_drafted():
    data = json.loads(SoloGame.new(seed=2).to_json())
    data["setup"]["draft"] = True
    with pytest.raises(SaveFileError, match=r"field 'setup.draft'"):
        SoloGame.from_json(json.dumps(data))


@pytest.mark.parametrize("players", [2, 3])
def test_each_player_is_dealt_an_odd_and_an_even_start_world(players):
    """The odd (1, 3, 5, 7) and even (0, 2, 4, 6, 8) start worlds are shuffled apart and each
    player gets one of each; the start worlds nobody got go into the common deck."""
    for seed in range(6):
        g = drafted(players, seed)
        pairs = g.draft.start_worlds
        numbers = [sorted(c.design.start_number % 2 for c in pair) for pair in pairs]
        assert numbers == [[0, 1]] * players
        dealt = {c.id for pair in pairs for c in pair}
        assert len(dealt) == 2 * players
        where = locations(g)
        others = [c for c in g.cards if c.design.is_start_world and c.id not in dealt]
        assert len(others) == 9 - 2 * players
        assert all(where[c.id] == "deck" or where[c.id].startswith("packet:") for c in others)
        assert all(where[c.id] == f"start:{i}" for i, pair in enumerate(pairs) for c in pair)
        assert g.decision.kind == "draft_pick"  # goals first, then the draft at once


def test_the_goals_are_set_out_before_the_draft():
    g = drafted(3, seed=11)
    assert len(g.goals) == 6 and g.setup["goals"] == Game.new(players=3, seed=11).setup["goals"]
    assert drafted(2, seed=11, goals=False).goals == ()


# ------------------------------------------------------------------ the draft rounds
@pytest.mark.parametrize(("players", "rounds", "removed"), [(2, 13, 2), (3, 8, 10)])
def test_the_draft_runs_while_the_deck_gives_five_each_and_the_rest_leave(
        players, rounds, removed):
    g = after_draft(drafted(players, seed=2))
    d = g.draft
    assert (d.rounds, len(d.removed)) == (rounds, removed)
    assert PRINTED_DECK - 2 * players == rounds * 5 * players + removed
    assert g.deck == [] and g.discard == []
    assert [len(p.deck) for p in g.players] == [rounds * 5 - 6] * players  # after 6 drawn
    end = [e for e in g.events if e.kind == "draft_end"]
    assert len(end) == 1 and end[0].data == {"rounds": rounds, "removed": removed}
    # The left-over cards stay out of the game to its end.
    gone = {c.id for c in d.removed}
    play_until(g, lambda _: False)
    assert g.is_over
    where = locations(g)
    assert {cid for cid, place in where.items() if place == "removed"} == gone


def test_custom_cards_are_drafted_and_change_the_round_count():
    designs = [{"name": "Draft Test World", "type": "world", "cost": 1, "vp": 1, "copies": 4},
               {"name": "Draft Test Lab", "type": "development", "cost": 2, "vp": 1,
                "copies": 4}]
    g = after_draft(drafted(2, seed=5, custom_cards=designs))
    assert len(g.cards) == PRINTED_DECK + 8
    assert g.draft.rounds == (PRINTED_DECK + 8 - 4) // 10 == 14 and len(g.draft.removed) == 0
    end = next(e for e in g.events if e.kind == "draft_end")
    assert end.text == "The draft ends after 14 rounds; no card is left over."
    names = {c.name for p in g.players for c in p.deck + p.hand}
    assert {"Draft Test World", "Draft Test Lab"} & names
    g3 = after_draft(drafted(3, seed=5, custom_cards=designs))
    assert (g3.draft.rounds, len(g3.draft.removed)) == (9, 3)
    loaded = Game.from_json(g.to_json())
    assert loaded.snapshot() == g.snapshot()


def test_packets_pass_left_then_right():
    """Round 1 passes to the next seat (left), round 2 to the previous seat (right), round 3
    left again: each packet a seat is asked about is the one its neighbour held, less the card
    that neighbour kept."""
    g = drafted(3, seed=7)
    bot = RandomPlayer(7)
    shown: dict[tuple[int, int], list[frozenset[str]]] = {}  # (round, seat): packets asked
    while g.draft.round <= 3:
        d = g.decision
        assert d.kind == "draft_pick"
        shown.setdefault((g.draft.round, d.player), []).append(frozenset(d.ids))
        g.apply(bot.answer(g, d))
    for rnd, step, word in ((1, 1, "left"), (2, -1, "right"), (3, 1, "left")):
        for seat in range(3):
            mine = shown[(rnd, seat)]
            assert [len(x) for x in mine] == [5, 4, 3, 2]
            theirs = shown[(rnd, (seat - step) % 3)]  # the seat that passes to this one
            for k in range(1, 4):
                assert mine[k] < theirs[k - 1] and len(theirs[k - 1] - mine[k]) == 1, \
                    (rnd, word, seat, k)
    passes = [e.data["direction"] for e in g.events if e.kind == "draft_pass"]
    assert passes[:12] == ["left"] * 4 + ["right"] * 4 + ["left"] * 4
    asked = [d_dir for d_dir in (e.data.get("direction") for e in g.events
                                 if e.kind == "draft_round")]
    assert asked[:4] == ["left", "right", "left", "right"]


def test_the_decision_names_the_direction_and_the_receiving_seat():
    g = drafted(3, seed=7, names=["Ann", "Bob", "Cy"])
    bot = RandomPlayer(7)
    seen = set()
    while g.draft.round <= 2:
        d = g.decision
        step = 1 if g.draft.round == 1 else -1
        to = (d.player + step) % 3
        assert d.context["direction"] == g.draft.direction and d.context["to"] == to
        assert f"passing {g.draft.direction} to {['Ann', 'Bob', 'Cy'][to]}:" in d.prompt
        seen.add((g.draft.round, d.player, to))
        g.apply(bot.answer(g, d))
    assert seen == {(1, 0, 1), (1, 1, 2), (1, 2, 0), (2, 0, 2), (2, 1, 0), (2, 2, 1)}


def test_a_pick_decision_offers_the_packet_held_and_says_round_direction_and_size():
    g = drafted(2, seed=3, names=["Ann", "Bob"])
    d = g.decision
    assert d.kind == "draft_pick" and (d.min, d.max) == (1, 1)
    assert set(d.ids) == {c.id for c in g.draft.packets[0]} and len(d.ids) == 5
    assert d.prompt == ("Ann: draft round 1 of 13, passing left to Bob: keep 1 of the 5 cards "
                        "in this packet.")
    g.apply(d.ids[0])
    d = g.decision
    assert d.player == 1 and "keep 1 of the 5 cards" in d.prompt
    g.apply(d.ids[0])
    assert "keep 1 of the 4 cards" in g.decision.prompt
    assert g.decision.context["count"] == 4


def test_the_last_card_of_a_packet_is_taken_without_asking():
    g = drafted(2, seed=8)
    shown: list[Decision] = []
    bot = RandomPlayer(8)
    while g.draft.round == 1:
        shown.append(g.decision)
        g.apply(bot.answer(g, g.decision))
    assert [d.context["count"] for d in shown] == [5, 5, 4, 4, 3, 3, 2, 2]
    assert [len(x) for x in g.draft.picks] == [5, 5]


# ------------------------------------------------------------------ private decks and set-up
@pytest.mark.parametrize("players", [2, 3])
def test_private_decks_hold_the_picks_and_the_start_worlds(players):
    for seed in range(4):
        g = after_draft(drafted(players, seed))
        assert [len(x) for x in g.draft.picks] == [0] * players  # now the private decks
        per_player = g.draft.rounds * 5
        pairs = [list(x) for x in g.draft.start_worlds]
        at_first_round(g)
        assert g.round == 1
        for p in g.players:
            goods = sum(1 for c in p.tableau if c.good is not None)
            total = len(p.deck) + len(p.discard) + len(p.hand) + len(p.tableau) + goods
            assert total == per_player + 2  # the picks and the two start worlds
            ancient = p.tableau[0].name == "Ancient Race"
            assert len(p.hand) == (3 if ancient else 4)
            assert len(p.discard) == (4 if ancient else 3)  # the other start world too
            kept = p.tableau[0]
            assert kept in pairs[p.index]
            assert [c for c in pairs[p.index] if c is not kept][0] in p.discard


def test_the_start_world_is_chosen_then_two_cards_discarded_then_revealed():
    g = after_draft(drafted(2, seed=6, names=["Ann", "Bob"]))
    assert [len(p.hand) for p in g.players] == [6, 6]
    d = g.decision
    assert d.kind == "start_world" and d.player == 0
    pair = g.draft.start_worlds[0]
    assert set(d.ids) == {c.id for c in pair}
    g.apply(pair[1].id)
    assert g.players[0].discard == [pair[0]]
    assert g.players[0].tableau == []  # not revealed yet
    assert g.decision.kind == "start_world" and g.decision.player == 1
    g.apply(g.decision.ids[0])
    d = g.decision
    assert d.kind == "initial_discard" and (d.min, d.max) == (2, 2) and d.player == 0
    assert not any(e.kind == "start_world" for e in g.events)
    g.apply(list(d.ids[:2]))
    g.apply(list(g.decision.ids[:2]))
    reveals = [e for e in g.events if e.kind == "start_world"]
    assert [e.text for e in reveals][0] == f"Ann reveals the start world {pair[1].name}."
    assert all(e.visible_to is None for e in reveals)
    assert g.players[0].tableau[0] is pair[1]


def test_ancient_race_kept_discards_down_to_three():
    for seed in range(200):
        g = after_draft(drafted(2, seed))
        pair = g.draft.start_worlds[0]
        ancient = [c for c in pair if c.name == "Ancient Race"]
        if ancient:
            break
    else:
        raise AssertionError("no seed deals the Ancient Race to seat 0")
    g.apply(ancient[0].id)
    asked = []
    while g.round == 0:
        d = g.decision
        if d.player == 0:
            asked.append((d.kind, d.min))
        g.apply(list(d.ids[: d.min]))
    assert asked == [("initial_discard", 2), ("initial_discard", 1)]
    assert len(g.players[0].hand) == 3 and len(g.players[0].discard) == 4


def test_a_windfall_start_world_takes_its_good_from_its_owners_pile():
    for seed in range(200):
        g = after_draft(drafted(2, seed))
        windfall = [c for c in g.draft.start_worlds[0] if c.design.windfall]
        if windfall:
            break
    else:
        raise AssertionError("no seed deals a windfall start world to seat 0")
    mine = {c.id for c in g.players[0].deck}
    g.apply(windfall[0].id)
    at_first_round(g)
    world = g.players[0].tableau[0]
    assert world is windfall[0] and world.good is not None and world.good.id in mine


# ------------------------------------------------------------------ own piles during play
def test_every_draw_and_discard_stays_in_its_owners_piles():
    """Through a whole random game: every card in a player's hand, tableau, goods, draw pile
    or discard pile is one that player drafted (or was dealt as a start world)."""
    for players, seed in ((2, 1), (3, 2)):
        g = after_draft(drafted(players, seed))
        owner = seats(g)
        play_until(g, lambda _: False, seed)
        assert g.is_over
        assert seats(g) == owner
        assert g.deck == [] and g.discard == []


def test_a_private_deck_reshuffles_only_its_own_discards():
    for seed in range(20):
        g = play_until(drafted(3, seed), lambda _: False, seed)
        own = [i for i, e in enumerate(g.events) if e.kind == "reshuffle"]
        if own:
            break
    else:
        raise AssertionError("no reshuffle in 20 games")
    i = own[0]
    e = g.events[i]
    seat = e.actor
    assert e.data["own"] is True and e.visible_to is None
    before, after = g.at_step(i), g.at_step(i + 1)
    mine_before = {c.id for c in before.players[seat].discard}
    assert mine_before and {c.id for c in after.players[seat].deck} == mine_before
    assert after.players[seat].discard == []
    for p in range(3):
        if p != seat:
            assert [c.id for c in after.players[p].deck] == [c.id for c in before.players[p].deck]
            assert ([c.id for c in after.players[p].discard]
                    == [c.id for c in before.players[p].discard])
    assert after.deck == [] and after.discard == []


def test_drawing_with_both_own_piles_empty_gets_nothing():
    g = at_first_round(drafted(2, seed=9))
    p, other = g.players
    p.hand.extend(p.deck + p.discard)  # a position: all of p's cards in hand
    p.deck[:] = []
    p.discard[:] = []
    theirs = list(other.deck)
    got = piles.draw(g, p, 2, "a test")
    assert got == []
    assert g.events[-1].text.endswith("draw nothing: no cards are left (a test).")
    assert other.deck == theirs


def test_goods_come_from_the_owners_own_pile():
    g = at_first_round(drafted(2, seed=12))
    p, other = g.players
    world = next(c for c in p.tableau if c.design.is_world)
    if world.good is not None:
        piles.remove_good(g, world, p)
    assert p.discard[-1].id not in {c.id for c in other.deck}
    top = p.deck[-1]
    theirs = list(other.deck)
    assert piles.add_good(g, world, p) and world.good is top
    assert other.deck == theirs
    piles.remove_good(g, world, p)
    assert p.discard[-1] is top and world.good is None
    assert g.discard == []


def test_a_draw_without_an_owner_is_refused_in_a_drafted_game():
    """The rules must say whose draw it is: the common deck is gone after the draft."""
    g = at_first_round(drafted(2, seed=9))
    with pytest.raises(AssertionError, match="own pile"):
        piles.draw_one(g)


# ------------------------------------------------------------------ what each seat sees
_PUBLIC_DRAFT = re.compile(
    r"^(.+ is dealt two start worlds, face down\.|.+ draws a packet of 5 cards\.|"
    r".+ picks a card\.|Draft round \d+ of \d+: each player draws 5 cards; the packets pass "
    r"(left|right)\.|The packets pass (left|right) \(\d cards?( each)?\)\.|"
    r"The draft ends after \d+ rounds; (the \d+ cards left over leave the game|the card left "
    r"over leaves the game|no card is left over)\.)$")


@pytest.mark.parametrize("players", [2, 3])
def test_no_seat_sees_another_seats_packet_or_picks(players):
    g = drafted(players, seed=13)
    bot = RandomPlayer(13)
    while g.phase == "draft":
        d = g.decision
        # The question shows only the packet its player holds.
        assert set(d.ids) == {c.id for c in g.draft.packets[d.player]}
        for seat in range(players):
            v = g.view(seat)
            shown = ids_in(v)
            for other in range(players):
                if other == seat:
                    continue
                for c in g.draft.packets[other] + g.draft.picks[other] + \
                        g.draft.start_worlds[other]:
                    assert c.id not in shown, (seat, other, c)
            assert [x["id"] for x in v["draft"]["packet"]] == \
                [c.id for c in g.draft.packets[seat]]
            assert v["draft"]["pick_counts"] == [len(x) for x in g.draft.picks]
        g.apply(bot.answer(g, d))
    draft_events = [e for e in g.events if e.phase == "draft"]
    public = [e for e in draft_events if e.visible_to is None]
    private = [e for e in draft_events if e.visible_to is not None]
    assert public and private
    for e in public:
        assert _PUBLIC_DRAFT.match(e.text), e.text
        assert not {"card", "cards"} & set(e.data), e
    for e in private:
        assert e.visible_to == e.actor and e.kind.endswith("_private"), e
    assert {e.kind for e in public} >= {"draft_pick", "draft_pass", "draft_round"}
    for seat in range(players):
        assert all(e.visible_to in (None, seat) for e in g.events_for(seat))


def test_start_world_choices_and_discards_stay_private_until_the_reveal():
    g = after_draft(drafted(2, seed=14))
    names = {c.name for pair in g.draft.start_worlds for c in pair}
    at_first_round(g)
    kept = {p.tableau[0].name for p in g.players}
    for e in g.events:
        if e.phase != "setup" or e.visible_to is not None:
            continue
        if e.kind == "start_world":
            continue  # the reveal names the kept world
        for n in names - kept:
            assert n not in e.text, e.text


def test_view_and_snapshot_show_each_players_own_piles():
    g = at_first_round(drafted(3, seed=15))
    v = g.view(1)
    for p, seen in zip(g.players, v["players"], strict=True):
        assert seen["deck_size"] == len(p.deck) and seen["discard_size"] == len(p.discard)
    assert v["deck_size"] == 0 and v["discard_size"] == 0
    assert v["draft"]["done"] is True and v["draft"]["removed"] == 10
    s = g.snapshot()
    for p, seen in zip(g.players, s["players"], strict=True):
        assert seen["deck"] == [c.id for c in p.deck]
        assert seen["discard"] == [c.id for c in p.discard]
    assert len(s["draft"]["removed"]) == 10


# ------------------------------------------------------------------ save, load, undo, steps
@pytest.mark.parametrize("stop", [7, 40, 120, 200, 280])
def test_save_load_and_undo_mid_draft_and_mid_game(stop):
    g = drafted(3, seed=16)
    bot = RandomPlayer(16)
    while len(g.choices) < stop and g.decision is not None:
        g.apply(bot.answer(g, g.decision))
    assert g.decision is not None
    assert (g.phase == "draft") is (stop < 100)
    loaded = Game.from_json(g.to_json())
    assert loaded.snapshot() == g.snapshot()
    assert loaded.decision == g.decision and loaded.events == g.events
    for seat in range(3):
        assert loaded.view(seat) == g.view(seat)
    snap, d = g.snapshot(), g.decision
    pick = bot.answer(g, d)
    g.apply(pick)
    g.undo(d.player)
    assert g.snapshot() == snap and g.decision == d
    g.apply(pick)
    step = g.at_step(len(g.events) // 2)
    locations(step)  # every card in one place, also part-way through
    assert step.decision is None


def test_at_step_mid_draft_shows_the_packets_then():
    g = drafted(2, seed=17)
    play_until(g, lambda g: g.draft.round == 3)
    i = next(i for i, e in enumerate(g.events) if e.kind == "draft_round" and e.data["round"] == 2)
    then = g.at_step(i + 1)
    assert then.draft.round == 2 and then.draft.direction == "right"
    assert all(not x for x in then.draft.packets)  # announced, not yet drawn
    assert [len(x) for x in then.draft.picks] == [5, 5]
    locations(then)


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (2, False), (3, False)])
def test_drafted_games_play_to_the_end_with_goals(players, advanced):
    g = drafted(players, seed=18, advanced=advanced)
    assert g.advanced is advanced and len(g.goals) == 6
    if advanced:
        at_first_round(g)
        assert g.decision.kind == "actions" and g.decision.max == 2
    play_until(g, lambda _: False, 18)
    assert g.is_over and g.winners
    assert g.vp_pool + sum(p.vp for p in g.players) == 12 * players
    reasons = next(e for e in g.events if e.kind == "game_end").data["reasons"]
    assert reasons


def test_random_player_answers_the_draft_decisions():
    g = drafted(2, seed=19)
    kinds = set()
    bot = RandomPlayer(19)
    while g.round == 0:
        d = g.decision
        kinds.add(d.kind)
        ids = bot.answer(g, d)
        assert d.check(tuple(ids)) is None
        g.apply(ids)
    assert kinds == {"draft_pick", "start_world", "initial_discard"}


def test_the_phase_note_explains_the_draft_and_the_start_world_choice():
    from rftg_nb.engine.why import card_notes, phase_note

    g = drafted(2, seed=20)
    assert phase_note(g, 0).startswith("Draft round 1 of 13: keep one card of the packet you "
                                       "hold and pass the rest left;")
    assert card_notes(g, 0) == {}  # a packet is not the hand: nothing to dim
    after_draft(g)
    assert g.decision.kind == "start_world"
    assert "keep one of your two start worlds" in phase_note(g, 0)
