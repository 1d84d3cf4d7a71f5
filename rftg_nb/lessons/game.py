"""Lessons on the game itself: "choose" tasks on real decisions, graded by the engine."""

from __future__ import annotations

from rftg_nb.lessons.model import Lesson

# The robot's opening draw stack (Old Earth's robot gets four cards) in the game lessons:
# cards no game lesson hands to you.
STACK = ("Artist Colony", "Export Duties", "Secluded World", "Interstellar Bank")
# Dear worlds that no lesson's opening hand can place: the two you discard at the start.
DEAR = ("Rebel Homeworld", "Rebel Base")

CARDS = Lesson(
    id="game-cards",
    title="The cards: worlds, developments, cost and VP",
    topic="game",
    kind="choose",
    source="base rules §1.1 (game cards) and §2 (set-up: keep 4 of 6)",
    text=(
        "Every card is either a world or a development. Worlds (solid frame) are placed in "
        "the Settle phase, and many of them hold a good that you can sell or consume later. "
        "Developments (dashed frame) are placed in the Develop phase and give you powers.\n\n"
        "Each card shows a cost in cards (for a military world, the Military you need, in "
        "red), the VP it is worth at the end of the game, and its powers, each marked with "
        "the phase in which it works.\n\n"
        "You are dealt six cards and keep four. Here, keep the four worth the most VP: "
        "Terraformed World and Rebel Outpost are worth 5 each, Consumer Markets 3, Improved "
        "Logistics 2, Gem World 1 and Space Mercenaries nothing."
    ),
    deck=STACK + ("Space Mercenaries", "Gem World", "Improved Logistics", "Consumer Markets",
                  "Terraformed World", "Rebel Outpost"),
    goal="Discard two cards so that the four you keep are worth the most VP.",
    grader="most_hand_vp",
    why="The VP of a card is the number in its hexagon; a 6-cost development shows \"?\".",
    claims={"best": ["Space Mercenaries", "Gem World"], "player_hand_vp": 15},
)

DEVELOP = Lesson(
    id="game-develop",
    title="Develop: pay for a development with cards",
    topic="game",
    kind="choose",
    source="base rules §5 (Develop) and §1.3 (the Develop bonus)",
    text=(
        "In the Develop phase everyone may place one development from hand, paying its cost by "
        "discarding that many other cards. If you chose Develop, your development costs one "
        "card less: that is your bonus for choosing the phase.\n\n"
        "You chose Develop and Produce and hold four developments. Consumer Markets (cost 5, "
        "3 VP) would still cost 4 with the bonus, and you have only three other cards to pay "
        "with, so it is not offered. Drop Ships (cost 4, 2 VP) costs you 3."
    ),
    deck=STACK + ("Consumer Markets", "Drop Ships", "Public Works", "Space Marines") + DEAR,
    dice=(("produce", "x2"),),
    script=(list(DEAR), ["develop", "produce"]),
    goal="Place the development that leaves you with the most VP.",
    grader="most_score",
    why="Your score counts New Sparta's 1 VP plus the VP of what you place.",
    claims={"best": ["Drop Ships"], "player_score": 3},
)

GAME_LESSONS: tuple[Lesson, ...] = (CARDS, DEVELOP)
