"""What a lesson's words say about its cards and the robot's roll, read back from the words and
checked against the lesson's own game: a lesson cannot say what its cards contradict.

:func:`problems` reads every sentence of a lesson (its text, ``after``, goal, ``why`` and
questions) for:

- **named cards** and what is said of each beside its name: "Drop Ships (cost 4, 2 VP)", "Rebel
  Colony (defence 4)", "New Earth, a 3 VP world", "Hive World, the military world", "Rebel
  Outpost needs Military 5", "Destroyed World is worth nothing", "Gem World 1 VP",
  "Pre-Sentient Race's Genes good", "New Sparta gives Military 2". Every card named must be one
  of the lesson's game, and each fact must be the card's (``rftg_nb.cards``).
- **counted cards**, in what the learner reads before answering (the text, the goal, the
  questions), as the position stands at the teaching point: "You hold four military worlds"
  (your hand), "You conquered two windfall worlds" (your tableau), "5 cards in its draw stack,
  none of them a military world", "The robot's tableau holds 11 cards: Old Earth (2 VP), ...
  and nine cards worth 12 VP together", "the top of the draw pile, top first: a military world,
  ...", "The second card of its draw stack is a 1 VP development"; and the robot's flips, as
  the lesson plays on: "the third card it flips is a 2-cost development", "its action finds a
  world on the fourth flip".
- **the robot's roll**: "the robot rolls Develop and x2", "it rolled Explore and a robot face"
  (said of last round), "die A (Develop)": every face the mat shows, and no other.

A kind of card is said as "[a|an|N] [N VP] [N-cost] [military|non-military]
[windfall|production|start] world|development|card [worth N VP [or more]] [that does not cost
N]". A count is a number word or digits ("a" and "an" count only in a list). Words the reader
does not know beside a name ("(discarded)") are not facts and are passed over; an item of a
list it cannot read is a problem, so that a list stays checkable.

The reading is in modules of its own: the words for counts and kinds of card
(:mod:`~rftg_nb.lessons.phrases`), card names and the facts beside them
(:mod:`~rftg_nb.lessons.card_names`), counted and listed cards and the robot's flips
(:mod:`~rftg_nb.lessons.card_counts`) and the robot's roll (:mod:`~rftg_nb.lessons.roll_words`),
each checked against the lesson's game (:mod:`~rftg_nb.lessons.said`).
"""

from __future__ import annotations

from rftg_nb.cards import CARDS
from rftg_nb.lessons.card_counts import count_problems, flip_problems
from rftg_nb.lessons.card_names import name_facts, named, said_of_each
from rftg_nb.lessons.model import Lesson
from rftg_nb.lessons.phrases import describe
from rftg_nb.lessons.roll_words import roll_problems
from rftg_nb.lessons.said import Said, before, games_of, said_in


def problems(lesson: Lesson) -> list[str]:
    """Each statement of ``lesson``'s words about its cards or the robot's roll that its game
    contradicts (or that cannot be read), in a sentence naming the lesson and the field."""
    games = games_of(lesson)
    out: list[str] = []
    for s in said_in(lesson):
        def say(problem: str, s: Said = s) -> None:
            out.append(f"{lesson.id}: {s.field}: {problem}")

        names = named(s.text)
        for m in names:
            if m.group(1) not in games.names:
                say(f"{m.group(1)} is not a card of this lesson's game")
        facts = [(m, f) for m in names for f in name_facts(s.text, m)]
        for m, (words, fits) in facts + list(said_of_each(s.text, names)):
            d = CARDS[m.group(1)]
            if not fits(d):
                say(f"{m.group(1)} is not {words!r}: it is {describe(d)}")
        if before(s):
            count_problems(s, games, say)
        flip_problems(s, games, say)
        roll_problems(s, games, say)
    return out
