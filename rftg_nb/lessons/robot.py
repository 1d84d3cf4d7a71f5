"""Lessons on the solitaire robot: predict what it does, then watch it, step by step.

Each one plays a worked example of the TGS rulebook's "Solitaire Game" section; its claims are
the example's numbers. Where an example needs a credit or draw stack no start world gives, the
lesson adjusts the robot after set-up, as the rulebook's examples assume.
"""

from __future__ import annotations

from rftg_nb.lessons.measures import SPACE_CHOICES
from rftg_nb.lessons.model import Lesson, Question, until

# Six cards for your opening hand that you will not place in the robot lessons.
HAND = ("Rebel Homeworld", "Rebel Base", "Rebel Outpost", "Rebel Colony",
        "Lost Alien Battle Fleet", "Alien Robotic Factory")
ROUND = until("actions")  # play the round out quietly, to the next round's actions

DICE = Lesson(
    id="robot-dice",
    title="Where the robot's dice go",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Place dice, example (first half)",
    text=(
        "After you choose your two actions, the robot rolls its two dice. A die showing a phase "
        "goes on that phase's space of the dice row; a single Explore, Develop or Settle goes "
        "on the left space of its pair.\n\n"
        "A \"match\" face copies one of your actions: it goes under your right-most action "
        "marker, unless a die is already there; then it goes under your other marker.\n\n"
        "You choose Consume x2 and Produce. The robot rolls Develop (die A) and match (die B): "
        "Develop goes on the left Develop space and the match die on Produce."
    ),
    dice=(("develop", "match"),),
    script=(ROUND,),
    questions=(
        Question("a", "Where does die A (Develop) go?", "die_a_space", SPACE_CHOICES),
        Question("b", "Where does die B (match) go?", "die_b_space", SPACE_CHOICES,
                 why="Produce is your right-most action marker."),
    ),
    then=(["x2", "produce"], ROUND),
    watch="action",
    claims={"die_a_space": "Develop (left)", "die_b_space": "Produce"},
)

DEVELOP_1 = Lesson(
    id="robot-develop-1",
    title="The robot's Develop action",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Develop example 1",
    text=(
        "A Develop die makes the robot act in the Develop phase. Unless it can place a 6-cost "
        "counter (it needs 2 credit for that), it draws 1 card under its draw stack and then "
        "flips cards from the top, discarding them, until it finds a development, which it "
        "places. It pays credit only for a 6-cost development.\n\n"
        "You choose Develop and Produce. The robot, with 1 credit and 2 cards in its draw "
        "stack, rolls Develop and x2. Its second flip is an ordinary development: it ends with "
        "1 credit and 1 card in its draw stack."
    ),
    deck=("Gem World", "Mining Robots", "Spice World", "New Vinland") + HAND + ("Comet Zone",),
    dice=(("develop", "x2"),),
    robot={"stack": 2},
    script=(ROUND,),
    questions=(
        Question("credit", "The robot's credit after the round?", "robot_credit",
                 why="An ordinary development costs the robot's Develop action no credit."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="2 + 1 drawn - 2 flipped."),
    ),
    then=(["develop", "produce"], ROUND),
    watch="develop",
    claims={"robot_credit": 1, "robot_stack": 1, "robot_placed": "Mining Robots"},
)

ROBOT_LESSONS: tuple[Lesson, ...] = (DICE, DEVELOP_1)
