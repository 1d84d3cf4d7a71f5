"""The computer's review of a game: what each of your decisions did to your chance of winning,
against what the strong AI would have done (a solitaire game; at a table, one seat's
questions, see :func:`review`).

For each of your questions (all but entering a roll of real dice) the review asks the strong AI
(:class:`rftg_nb.ai.AIPlayer`, full look-ahead, deterministic) for its answer and reason, then
plays your answer and the AI's out on the same sampled copies of the game (``deals`` of them:
hidden cards dealt afresh, the robot's roll spread over its 36, the rest of the round played by
the fast level, as the strong AI's own look-ahead does; :func:`rftg_nb.ai.playouts.play_round`)
and scores the end of the round with the AI's win chance (:func:`rftg_nb.ai.evaluate.outlook`).
The same deals for both answers make the difference between them a comparison of choices, not
of luck. Per decision:

- ``after``: your chance of winning after your answer; ``ai_after``: after the AI's;
- ``before``: the position's chance with the better of the two answers (as a chess engine's
  evaluation assumes the best move), so ``cost = before - after`` is never below 0;
- ``vp`` / ``ai_vp``: the expected final score after each, which tells answers apart where the
  chance of winning cannot (a game already lost or won).

In a solitaire game the chances are calibrated: the look-ahead's raw chance is mapped through
:func:`calibrated` to the share of such positions won in games played apart for it (the map
is ``chance_map.json``, fitted by ``benchmarks/ai.py --rows chance-map``; its ``calibration``
row measures it on other games).

The key moments are the 3 to 5 decisions that cost the most: their cost in chance of winning
plus 2 points for each VP of expected score they cost (:func:`pick_key_moments`). A review is
a plain dict (JSON), kept with the game in the history
(:meth:`rftg_nb.history.History.set_review`); the same game and ``deals`` give the same
figures.

    >>> from rftg_nb import RandomPlayer, SoloGame
    >>> from rftg_nb.history.review import key_moments, review
    >>> game = SoloGame.new(seed=2)
    >>> RandomPlayer(2).play(game)
    >>> r = review(game.to_json())        # a save, as the history keeps it
    >>> 3 <= len(key_moments(r)) <= 5
    True
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from rftg_nb.ai import AIPlayer
from rftg_nb.ai.determinize import CopyError, Deals
from rftg_nb.ai.playouts import play_round, spread_rolls
from rftg_nb.ai.sentences import MIN_COST, MIN_VP_COST, review_reason
from rftg_nb.ai.valuation import Ctx
from rftg_nb.engine.kinds import Kind
from rftg_nb.history.replay import Replay

#: the review's format (kept in the history with it; a review of another version is redone)
REVIEW_VERSION = 3
#: sampled copies each answer is played out on
DEALS = 16
KEY_MOMENTS = (3, 5)  # at least (where there are as many costly decisions), at most
#: what a VP of expected score lost weighs in picking the key moments, in chance of winning
#: (2 points: in a close game with a few rounds left a VP moves the chance by about that much
#: or more; on games with planted mistakes it put them among the key moments most often,
#: ``benchmarks/ai.py --rows review-planted``)
VP_WEIGHT = 0.02
#: the strong AI's playouts a choice of actions in a table game's review
TABLE_PLAYOUTS = 60
#: questions not reviewed: entering the dice you rolled is not a choice
SKIPPED_KINDS = frozenset({Kind.DICE})


class ReviewError(ValueError):
    """A review asked of a game it cannot review (the message says why)."""


CHANCE_MAP_FILE = "chance_map.json"
TABLE_CHANCE_MAP_FILE = "table_chance_map.json"
CHANCE_MAP_FORMAT = "rftg_nb-chance-map"
TABLE_CHANCE_MAP_FORMAT = "rftg_nb-table-chance-map"
TABLE_SIZES = (2, 3, 4, 5)
Knots = tuple[tuple[float, float], ...]
_CHANCE_MAPS: dict[str, Any] = {}  # each file loaded once


class ChanceMapError(ValueError):
    """A chance map that is not one (the message names the field at fault)."""


def _knots(knots: Any, where: str) -> Knots:
    if not isinstance(knots, list) or len(knots) < 2:
        raise ChanceMapError(f"{where}: expected a list of 2 or more pairs")
    out: list[tuple[float, float]] = []
    for i, k in enumerate(knots):
        if not (isinstance(k, list) and len(k) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                        and 0.0 <= v <= 1.0 for v in k)):
            raise ChanceMapError(f"{where}[{i}]: expected [raw, won], each from 0 to 1, "
                                 f"got {k!r}")
        if out and (k[0] <= out[-1][0] or k[1] < out[-1][1]):
            raise ChanceMapError(f"{where}[{i}]: must rise from the one before it")
        out.append((float(k[0]), float(k[1])))
    if out[0][0] != 0.0 or out[-1][0] != 1.0:
        raise ChanceMapError(f"{where}: must run from raw 0 to raw 1")
    return tuple(out)


def _map_data(text: str, name: str, fmt: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ChanceMapError(f"{name}: not JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ChanceMapError(f"{name}: format: expected {fmt!r}")
    return data


def read_chance_map(text: str) -> Knots:
    """The knots (raw chance, chance won) of a chance map file's ``text``: at least two,
    from 0 to 1 in both, rising in both."""
    data = _map_data(text, CHANCE_MAP_FILE, CHANCE_MAP_FORMAT)
    return _knots(data.get("knots"), f"{CHANCE_MAP_FILE}: knots")


def read_table_chance_map(text: str) -> dict[int, Knots]:
    """The knots of a table chance map file's ``text``, by the number of players: its
    ``tables`` holds one list of knots (as :func:`read_chance_map`'s) for each of 2 to 5."""
    data = _map_data(text, TABLE_CHANCE_MAP_FILE, TABLE_CHANCE_MAP_FORMAT)
    tables = data.get("tables")
    if not isinstance(tables, dict) or sorted(tables) != [str(n) for n in TABLE_SIZES]:
        raise ChanceMapError(f"{TABLE_CHANCE_MAP_FILE}: tables: expected knots for each of "
                             f"{', '.join(map(str, TABLE_SIZES))} players")
    return {n: _knots(tables[str(n)], f"{TABLE_CHANCE_MAP_FILE}: tables.{n}")
            for n in TABLE_SIZES}


_IDENTITY: Knots = ((0.0, 0.0), (1.0, 1.0))


def _shipped(name: str) -> str | None:
    try:
        return resources.files("rftg_nb.history").joinpath(name).read_text()
    except FileNotFoundError:
        return None


def chance_map(players: int | None = None) -> Knots:
    """The shipped chance map's knots: the solitaire game's (``players`` None), or a table's
    of that many players (the identity where none is shipped)."""
    if players is None:
        if CHANCE_MAP_FILE not in _CHANCE_MAPS:
            text = _shipped(CHANCE_MAP_FILE)
            _CHANCE_MAPS[CHANCE_MAP_FILE] = _IDENTITY if text is None else read_chance_map(text)
        return _CHANCE_MAPS[CHANCE_MAP_FILE]  # type: ignore[no-any-return]
    if TABLE_CHANCE_MAP_FILE not in _CHANCE_MAPS:
        text = _shipped(TABLE_CHANCE_MAP_FILE)
        _CHANCE_MAPS[TABLE_CHANCE_MAP_FILE] = ({} if text is None
                                               else read_table_chance_map(text))
    return _CHANCE_MAPS[TABLE_CHANCE_MAP_FILE].get(players, _IDENTITY)  # type: ignore[no-any-return]


def calibrated(p: float, knots: Knots | None = None) -> float:
    """The raw chance ``p`` mapped through ``knots`` (default: the solitaire game's
    :func:`chance_map`): straight lines between the knots."""
    ks = chance_map() if knots is None else knots
    p = min(1.0, max(0.0, p))
    for (x0, y0), (x1, y1) in zip(ks, ks[1:], strict=False):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return ks[-1][1]


def fit_chance_map(pairs: Iterable[tuple[float, float]], groups: int = 12) \
        -> list[tuple[float, float]]:
    """Knots for :func:`calibrated` from ``pairs`` of (raw chance, won: 0 to 1): the rising
    fit closest to the outcomes (pool adjacent violators), as ``groups`` knots of equally
    many positions each (each at its positions' mean raw chance and mean fit), and (0, 0)
    and (1, 1) at the ends."""
    data = sorted((min(1.0, max(0.0, p)), y) for p, y in pairs)
    if len(data) < groups:
        raise ValueError(f"pairs: {len(data)} is too few for {groups} groups")
    blocks: list[list[float]] = []  # [sum of y, count]
    for _p, y in data:
        blocks.append([y, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            s, n = blocks.pop()
            blocks[-1][0] += s
            blocks[-1][1] += n
    fit = [b[0] / b[1] for b in blocks for _ in range(int(b[1]))]
    knots = [(0.0, 0.0)]
    for g in range(groups):
        lo, hi = g * len(data) // groups, (g + 1) * len(data) // groups
        x = round(statistics.fmean(p for p, _y in data[lo:hi]), 4)
        y = round(statistics.fmean(fit[lo:hi]), 4)
        if knots[-1][0] < x < 1.0:  # groups of raw 0 (or 1) give no knot of their own
            knots.append((x, max(y, knots[-1][1])))
    knots.append((1.0, 1.0))
    return knots


def review(save: Any, deals: int = DEALS,
           progress: Callable[[int, int], None] | None = None,
           viewer: int = 0) -> dict[str, Any]:
    """Review the game of ``save`` (its JSON text, a dict, or the game): the solitaire game's
    questions of yours, or at a table those of seat ``viewer``. ``progress`` is called with
    (decisions done, decisions in all) as it goes.

    At a table the chance of winning is that of ending first (of beating every other player,
    as :func:`rftg_nb.ai.evaluate.outlook` gives it, through the table's chance map for that
    many players), and the strong AI's look-ahead is capped at :data:`TABLE_PLAYOUTS`
    playouts a question (a full look-ahead at 4-5 players takes seconds a question); the
    answers it does not play out are its rules of thumb, played out against yours all the
    same. A world or
    development picked after other seats had picked theirs face down is played out with
    their picks dealt afresh like every hidden card, each a design that seat could have
    picked (:func:`rftg_nb.ai.determinize.redeal`)."""

    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 256:
        raise ReviewError(f"deals: expected a whole number from 1 to 256, got {deals!r}")
    r = Replay(save, viewer)
    game = r.game
    solo = getattr(game, "robot", None) is not None
    started = time.perf_counter()
    asked: list[tuple[int, Any]] = []
    for i in r.decision_stops():
        s = r.stops[i]
        d = r.prefix(s.choices).decision
        if d is not None and d.kind not in SKIPPED_KINDS:
            asked.append((i, d.kind))
    out: list[dict[str, Any]] = []
    for n, (i, _kind) in enumerate(asked):
        s = r.stops[i]
        g = r.prefix(s.choices)
        d = g.decision
        ai = (AIPlayer("strong", seed=game.seed) if solo
              else AIPlayer("strong", seed=game.seed, playouts=TABLE_PLAYOUTS))
        h = ai.hint(g)
        yours = tuple(s.answer)
        same = sorted(h.ids) == sorted(yours)
        answers = [yours] if same else [yours, tuple(h.ids)]
        rng = random.Random(f"review:{game.seed}:{s.choices}")
        try:
            results = play_out(g, d, answers, deals, rng, Ctx(g, d.player))
        except CopyError:  # a position the look-ahead cannot copy: said, not hidden
            results = None
        entry: dict[str, Any] = {
            "choice": s.choices, "stop": i, "round": s.round, "kind": d.kind,
            "prompt": d.prompt, "yours": list(yours), "your_labels": list(s.labels),
            "ai": list(h.ids), "ai_labels": list(h.labels), "reason": h.reason, "same": same,
        }
        if results is None:
            entry.update(reviewed=False)
        else:
            (after, vp) = results[0]
            (ai_after, ai_vp) = results[-1]
            knots = chance_map(None if solo else len(game.players))
            after, ai_after = calibrated(after, knots), calibrated(ai_after, knots)
            before = max(after, ai_after)
            entry.update(reviewed=True, before=before, after=after, ai_after=ai_after,
                         vp=vp, ai_vp=ai_vp, cost=before - after,
                         vp_cost=max(0.0, ai_vp - vp) if not same else 0.0)
            entry["reason"] = review_reason(entry, deals, table=not solo)
        out.append(entry)
        if progress is not None:
            progress(n + 1, len(asked))
    final = game.scores() if game.is_over else None
    won = None if final is None else (viewer in game.winners)
    result = {"over": game.is_over, "scores": final, "you_won": won,
              "shared": game.is_over and len(game.winners) > 1}
    reviewed = {"version": REVIEW_VERSION, "deals": deals, "seed": game.seed,
                "viewer": viewer, "solitaire": solo,
                "choices": len(game.choices), "result": result, "decisions": out,
                "seconds": round(time.perf_counter() - started, 2)}
    reviewed["key"] = pick_key_moments(out)
    return reviewed


def play_out(game: Any, d: Any, answers: list[tuple[str, ...]], deals: int,
             rng: random.Random, ctx: Any) -> list[tuple[float, float]]:
    """Each answer's (mean chance of winning, mean expected final score) over the same
    ``deals`` sampled copies of ``game``, played to the start of the next round."""

    round_start = d.kind == Kind.ACTIONS
    rolls = spread_rolls(game, rng, deals) if round_start else [None] * deals
    seeds = [rng.getrandbits(62) for _ in range(deals)]
    memo: dict[tuple[int, int], tuple[str, ...]] = {}
    copies = Deals(game, d.player)  # every answer meets the same deals
    out = []
    for a in answers:
        runs = [play_round(game, d.player, a, seeds[j], rolls[j], ctx,
                           round_start=round_start, memo=memo, chance=True, deals=copies)
                for j in range(deals)]
        out.append((statistics.fmean(x[0] for x in runs), statistics.fmean(x[1] for x in runs)))
    return out


def pick_key_moments(decisions: list[dict[str, Any]]) -> list[int]:
    """The indices (into ``decisions``) of the 3 to 5 that cost the most, in game order.

    A decision's cost is its cost in chance of winning plus :data:`VP_WEIGHT` for each VP of
    expected score it cost: a VP lost matters even where the chance cannot show it (a game
    settled, or a difference within the deals' noise), and a strong player points at both.
    Only decisions that cost at least :data:`MIN_COST` in chance or :data:`MIN_VP_COST` in VP
    are key moments."""
    done = [(x["cost"] + VP_WEIGHT * x["vp_cost"], i) for i, x in enumerate(decisions)
            if x.get("reviewed") and not x["same"]
            and (x["cost"] >= MIN_COST or x["vp_cost"] >= MIN_VP_COST)]
    _low, high = KEY_MOMENTS
    return sorted(i for _c, i in sorted(done, reverse=True)[:high])


def key_moments(r: dict[str, Any]) -> list[dict[str, Any]]:
    """The review's key moments, each a decision's entry."""
    return [r["decisions"][i] for i in r["key"]]


def moment_line(x: dict[str, Any]) -> str:
    """A key moment in one line: what you chose, what the AI would have, and what the review's
    figures say of the two (its ``reason``, made from them)."""
    mine = "; ".join(x["your_labels"]) or "nothing"
    theirs = "; ".join(x["ai_labels"]) or "nothing"
    return f"Round {x['round']}: you chose {mine}; the AI would choose {theirs}. {x['reason']}"


def is_current(r: Any) -> bool:
    """Whether a kept review is of this format (else it is made again)."""
    return isinstance(r, dict) and r.get("version") == REVIEW_VERSION


__all__ = ["DEALS", "KEY_MOMENTS", "REVIEW_VERSION", "VP_WEIGHT", "ReviewError", "is_current",
           "key_moments", "moment_line", "pick_key_moments", "play_out", "review"]
