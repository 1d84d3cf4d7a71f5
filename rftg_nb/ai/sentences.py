"""The words of a hint and of a review, made from the figures they are shown beside.

A hint's reason for a choice of actions is made from what the strong level's look-ahead found
(:class:`Figures`: each call's chance of winning or expected margin over the deals it met,
and its expected final score), and a review's reason for one of your decisions from what the
review played out (your answer's and the AI's chance of winning and expected score on the
same deals). No sentence here says more than its figures: a chance is "about the same" only
when the look-ahead could not tell the calls apart, a game "looks lost" only when every chance
was under :data:`SETTLED`, and nothing is said of selling or consuming goods that are not
there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ROBOT = "the robot"  # the rival a solitaire margin is over
#: every chance below this (or above 1 - this): lost (won) whatever one does
SETTLED = 0.05
#: a review's answers closer than this in chance of winning (1 point) are about as good
MIN_COST = 0.01
#: ... and closer than this in expected VP score about the same
MIN_VP_COST = 0.5


@dataclass(frozen=True, slots=True)
class Figures:
    """What the look-ahead found for a choice of actions.

    ``by``: ``"chance"`` (the solitaire game: the figures are chances of winning, 0 to 1) or
    ``"margin"`` (a table: expected final margins over the best other player, in VP).
    ``value`` / ``vp``: the chosen call's figure and expected final score; ``other``,
    ``other_value``, ``other_vp``: the next best call's label and figures (None when no other
    call was played out as long). ``deals``: the sampled deals the two met. ``flat``: the
    look-ahead could not tell the calls apart by their chance (then the expected final margin
    ranked them: ``margin`` and ``other_margin``, in VP against the robot; None where no
    margin was kept). ``goods``: goods the seat holds now; ``goods_at_consume``: the goods the
    fast level's plan of the chosen call has in the Consume phase (a world settled with a good
    counts).
    """

    by: str
    value: float
    vp: float
    deals: int
    flat: bool = False
    other: str | None = None
    other_value: float | None = None
    other_vp: float | None = None
    goods: int = 0
    goods_at_consume: int = 0
    margin: float | None = None
    other_margin: float | None = None


def percent(p: float) -> str:
    """A chance in words: "34%", or "under 1%" / "over 99%" where rounding would say 0 or 100."""
    if p < 0.005:
        return "under 1%"
    if p > 0.995:
        return "over 99%"
    return f"{p * 100:.0f}%"


def _vp(x: float) -> str:
    return f"{x:.0f} VP" if abs(x - round(x)) < 0.05 or abs(x) >= 10 else f"{x:.1f} VP"


def _margin(x: float, rival: str = "the best other player") -> str:
    """A final margin over ``rival`` in words."""
    if abs(x) < 0.5:
        return f"level with {rival}"
    return f"{abs(x):.0f} VP {'ahead of' if x > 0 else 'behind'} {rival}"


def actions_reason(call: str, actions: Sequence[str], f: Figures | None,
                   notes: Sequence[str] = ()) -> str:
    """The reason a hint gives for calling ``call`` (the actions' label; ``actions`` their ids),
    from the look-ahead's figures ``f`` (None: nothing was played out, the plan's ``notes``
    are all there is) and the fast level's plan of the round (``notes``, its own figures)."""
    said = f"Choose {call}"
    if f is None:  # the plan's reckoning only, in one sentence as the fast level says it
        notes = [n for n in notes if n]
        return said + (": " + "; ".join(notes) if notes else "") + "."
    parts = [_words(f, "call")]
    notes = [n for n in notes if n and (f.goods_at_consume > 0 or not _goods_note(n))]
    if notes:
        parts.append("The plan: " + "; ".join(notes))
    if f.goods_at_consume == 0 and ("trade" in actions or "x2" in actions):
        what = "Trade" if "trade" in actions else "Consume x2"
        parts.append(f"You will hold no goods to use, so {what} itself gives you nothing"
                     + ("" if f.flat else ": the call does best as a whole"))
    return said + ": " + ". ".join(parts) + "."


def _goods_note(note: str) -> bool:
    return note.startswith(("sell a good", "consume for"))


def place_reason(verb: str, labels: Sequence[str], f: Figures | None,
                 none: str = "Place nothing now") -> str:
    """The reason a hint gives for a card to place or keep, or another answer (``verb`` and
    the options' ``labels``; none: ``none``, placing nothing now), from the look-ahead's
    figures ``f`` (None: nothing was played out to compare)."""
    if labels:
        what = f"{verb} {labels[0] if len(labels) == 1 else ', '.join(labels[:-1])}"
        what += f" and {labels[-1]}" if len(labels) > 1 else ""
    else:
        what = none
    if f is None:
        return f"{what}: played out over sampled draws and rolls, it does best."
    return f"{what}: {_words(f, 'choose')}."


def _words(f: Figures, verb: str) -> str:
    return _chance_words(f, verb) if f.by == "chance" else _margin_words(f)


def _chance_words(f: Figures, verb: str = "call") -> str:
    noun = "call" if verb == "call" else "choice"
    p = f.value
    if f.other is None or f.other_value is None or f.other_vp is None:
        return f"played out, your chance of winning is about {percent(p)}"
    q, other = f.other_value, f.other
    if f.flat:  # the look-ahead could not tell them apart: the margin ranked them
        then = _best_placed(f, f.other_vp, other, noun)
        if max(p, q) < SETTLED or min(p, q) > 1.0 - SETTLED:
            lost = max(p, q) < SETTLED
            return (f"the game looks {'lost' if lost else 'won'} whatever you {verb} (your "
                    f"chance of winning {'under' if lost else 'over'} "
                    f"{percent(SETTLED if lost else 1.0 - SETTLED)}), and " + then)
        return (f"your chance of winning is about {percent(p)} whatever you {verb} (within "
                f"the look-ahead's error of {other}'s {percent(q)}), and " + then)
    if percent(p) == percent(q):
        return (f"played out over {f.deals} deals, your chance of winning is about "
                f"{percent(p)}, a little more than with {other}")
    return (f"played out over {f.deals} deals, your chance of winning is about {percent(p)}, "
            f"against {percent(q)} with {other}, the next best")


def _best_placed(f: Figures, other_vp: float, other: str, noun: str) -> str:
    """What ranked a flat choice: the expected final margin against the robot, or (figures
    without margins) the expected score (``other_vp``: the next best call's)."""
    if f.margin is None or f.other_margin is None:
        return _most_vp(f.vp, other_vp, other, noun)
    mine, theirs = _margin(f.margin, ROBOT), _margin(f.other_margin, ROBOT)
    if mine == theirs:
        return f"this {noun} leaves you as well placed as any: about {mine} at the end"
    return (f"this {noun} leaves you best placed: about {mine} at the end, against {theirs} "
            f"with {other}")


def _most_vp(vp: float, other_vp: float, other: str, noun: str = "call") -> str:
    if _vp(vp) == _vp(other_vp):
        return f"this {noun} scores as many VP as any: about {_vp(vp)} at the end"
    return (f"this {noun} scores the most VP: about {_vp(vp)} at the end, against "
            f"{_vp(other_vp)} with {other}")


def _margin_words(f: Figures) -> str:
    said = "played out" + (f" over {f.deals} deals" if f.other is not None else "")
    said += f", the look-ahead expects you to end about {_margin(f.value)}"
    if f.other is None or f.other_value is None:
        return said
    if round(f.value) == round(f.other_value):
        return f"{said}, a little better than with {f.other}"
    return f"{said}, against {_margin(f.other_value)} with {f.other}"


def review_reason(x: Mapping[str, Any], deals: int, table: bool = False) -> str:
    """What a review says of one decision, from its own figures (``x``: the decision's entry,
    reviewed: ``after``, ``ai_after``, ``vp``, ``ai_vp``, ``same``) over ``deals`` deals;
    ``table``: the chance is that of ending first at a table."""
    win = "ending first" if table else "winning"
    if x["same"]:
        return (f"The AI would answer the same: played out, your chance of {win} is about "
                f"{percent(x['after'])}.")
    after, ai_after, vp, ai_vp = x["after"], x["ai_after"], x["vp"], x["ai_vp"]
    both = f"played out on the same {deals} deals"
    if max(after, ai_after) < SETTLED or min(after, ai_after) > 1.0 - SETTLED:
        state = "lost" if max(after, ai_after) < SETTLED else "won"
        return (f"The game looked {state} whichever you chose ({both}); "
                + _vp_words(vp, ai_vp))
    gap = ai_after - after
    if abs(gap) < MIN_COST:
        return (f"Your chance of {win} is about the same either way ({both}: "
                f"{percent(after)} after yours, {percent(ai_after)} after the AI's); "
                + _vp_words(vp, ai_vp))
    if gap > 0:
        return (f"The AI's answer does better: {both}, your chance of {win} is about "
                f"{percent(ai_after)} after it and {percent(after)} after yours, about "
                f"{gap * 100:.0f} points more.")
    return (f"Yours did as well: {both}, your chance of {win} is about {percent(after)} after "
            f"yours and {percent(ai_after)} after the AI's.")


def _vp_words(vp: float, ai_vp: float) -> str:
    if ai_vp - vp >= MIN_VP_COST:
        return (f"the AI's answer scores about {_vp(ai_vp - vp)} more at the end "
                f"({_vp(ai_vp)} against {_vp(vp)}).")
    if vp - ai_vp >= MIN_VP_COST:
        return (f"yours scores about {_vp(vp - ai_vp)} more at the end ({_vp(vp)} against "
                f"{_vp(ai_vp)}).")
    return f"both score about {_vp(vp)} at the end."


__all__ = ["Figures", "MIN_COST", "MIN_VP_COST", "SETTLED", "actions_reason", "percent",
           "place_reason", "review_reason"]
