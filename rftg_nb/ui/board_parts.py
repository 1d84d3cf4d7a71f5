"""Pieces of the board's state shared by every page that draws the board (the solitaire
dashboard, the lessons and the 2-5 player table): the question panel and the card tiles of the
person who is looking.

Each function reads one game for one seat and returns JSON-ready data in the short form
``board.js`` draws from (``n`` a card's name, ``o`` "an option", ``g`` "carries a good", ``why``
why it cannot be picked).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from rftg_nb.engine.decision import Decision
from rftg_nb.engine.game import Game
from rftg_nb.engine.kinds import Kind
from rftg_nb.engine.state import Card
from rftg_nb.engine.why import card_notes, phase_note
from rftg_nb.ui.phases import phase_title


def card_entry(c: Card, option: set[str], notes: dict[str, str]) -> dict[str, Any]:
    """One card tile: its id and name, a good on it, and whether it is an option (or why not)."""
    out: dict[str, Any] = {"id": c.id, "n": c.name}
    if c.good is not None:
        out["g"] = 1
    if c.id in option:
        out["o"] = 1
    elif c.id in notes:
        out["why"] = notes[c.id]
    return out


def question_for(game: Game, seat: int, d: Decision | None,
                 explain: bool = False) -> dict[str, Any] | None:
    """The question panel for ``seat``: where in the game, the prompt, the options and how many
    to pick; ``cards`` when the options are that seat's cards (picked on the tiles). None when
    there is no question for ``seat``."""
    if d is None or d.player != seat:
        return None
    where = "Setup" if game.round == 0 else f"Round {game.round}, {phase_title(game.phase)}"
    if game.draft is not None and not game.draft.done:
        draft = game.draft
        where = (f"Draft round {draft.round} of {draft.rounds}, passing {draft.direction}"
                 if draft.round and d.kind == Kind.DRAFT_PICK else "Setup: the draft")
    me = game.players[seat]
    cards = {x.id for x in me.hand} | {x.id for x in me.tableau} | {
        x.id for x in draft_cards(game, seat)}
    ids = set(d.ids)
    q: dict[str, Any] = {
        "where": where, "prompt": d.prompt, "kind": d.kind, "min": d.min, "max": d.max,
        "cards": bool(ids) and ids <= cards,
        "none_ok": d.check(()) is None,  # may it be answered with no pick at all
        "options": [{"id": o.id, "label": o.label} for o in d.options],
        # how many answers this seat has given: with the prompt, what tells this question from
        # the next (the page keeps a pick over redraws of the same question, also while other
        # seats answer theirs, as at the simultaneous start-of-game discard)
        "asked": game.answered(seat),
        # which picks are legal, for the page to judge each pick as it is made (by option
        # index in "options"; see Decision.legality)
        "legal": d.legality(),
    }
    if explain:
        q["coach"] = phase_note(game, seat)
    return q


def draft_cards(game: Game, seat: int) -> list[Card]:
    """The cards of the drafting variant's set-up that ``seat`` holds apart from the hand: the
    packet being drafted, or the two start worlds to keep one of (none in other games)."""
    draft = game.draft
    if draft is None or draft.done:
        return []
    return list(draft.packets[seat]) or list(draft.start_worlds[seat])


def pick_groups(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """The drafted cards as the board lists them: worlds, then developments (a group only when
    it has cards), each design once with how many were picked (``count``), by cost then name.
    ``total`` counts the group's cards, ``starts`` its start worlds (marked ``start``)."""
    groups: dict[str, dict[str, dict[str, Any]]] = {"world": {}, "development": {}}
    for c in cards:
        d = c.design
        entry = groups[d.type].setdefault(d.name, {"n": d.name, "cost": d.cost, "count": 0})
        entry["count"] += 1
        if d.is_start_world:
            entry["start"] = 1
        if d.military:
            entry["mil"] = 1
    out = []
    for kind, title in (("world", "Worlds"), ("development", "Developments")):
        entries = sorted(groups[kind].values(), key=lambda e: (e["cost"], e["n"].casefold()))
        if entries:
            out.append({"kind": kind, "title": title, "cards": entries,
                        "total": sum(e["count"] for e in entries),
                        "starts": sum(e["count"] for e in entries if e.get("start"))})
    return out


def seat_cards(game: Game, seat: int, d: Decision | None, q: dict[str, Any] | None,
               apart: Collection[str] = ()) -> dict[str, list[dict[str, Any]]]:
    """``seat``'s hand, the cards just explored (kept apart from the hand while the question is
    which to keep) and tableau, as tiles marked for the pending question ``q``; in the
    drafting variant's set-up also the packet (or start worlds) held and the picks so far.

    ``d`` is the live decision and ``game`` may be an earlier copy of the game (the step-through
    cursor): the marks come from the live question, the cards from ``game``. ``apart`` names
    cards of the hand to show as just explored though no question is asked yet (the robot's
    moves before your keep question are being stepped through)."""

    me = game.players[seat]
    in_hand = {x.id for x in me.hand}
    on_cards = bool(q and q["cards"] and d is not None)
    option = set(d.ids) if on_cards and d is not None else set()
    notes = card_notes(game, seat) if on_cards and d is not None and d.kind != Kind.EXPLORE_KEEP \
        else {}
    if option and not option & in_hand:
        # a question about the tableau (a good, a windfall world): the hand is not dimmed
        notes = {k: v for k, v in notes.items() if k not in in_hand}
    hand = list(me.hand)
    explored_ids = set(apart)
    if d is not None and d.kind == Kind.EXPLORE_KEEP and on_cards:
        explored_ids |= option
    explored = [x for x in hand if x.id in explored_ids]
    hand = [x for x in hand if x.id not in explored_ids]
    out: dict[str, Any] = {"hand": [card_entry(x, option, notes) for x in hand],
                           "explored": [card_entry(x, option, notes) for x in explored],
                           "tableau": [card_entry(x, option, notes) for x in me.tableau]}
    draft = game.draft
    if draft is not None and not draft.done:
        packet = draft.packets[seat]
        held = packet or draft.start_worlds[seat]
        if held:
            out["packet"] = [card_entry(x, option, notes) for x in held]
            out["packet_title"] = (f"Your packet ({len(packet)}): keep one, pass the rest"
                                   if packet else "Your two start worlds: keep one")
        out["picks"] = [x.name for x in draft.picks[seat]]
        out["pick_groups"] = pick_groups(draft.picks[seat])
        if packet:  # the two start worlds to choose from later, looked at while drafting
            out["start_pair"] = [x.name for x in draft.start_worlds[seat]]
    return out
