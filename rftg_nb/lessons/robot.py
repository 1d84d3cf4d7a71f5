"""Lessons on the solitaire robot: predict what it does, then watch it, step by step.

Each one plays a worked example of the TGS rulebook's "Solitaire Game" section; its claims are
the example's numbers. Where an example needs a credit or draw stack no start world gives, the
lesson adjusts the robot after set-up, as the rulebook's examples assume.
"""

from __future__ import annotations

from rftg_nb.lessons.measures import SPACE_CHOICES, YES_NO
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
        "You choose Consume x2 and Produce. The robot rolls Develop (die A) and match (die B)."
    ),
    after=(
        "Die A goes on the left Develop space: a single Develop takes the left one of its "
        "pair. Die B, the match, goes on Produce, the space under your right-most action "
        "marker."
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
        "counter (that needs 2 credit), it first adds a card from the draw pile under its "
        "draw stack, then flips cards from the top, discarding them, until it finds a "
        "development, which it places. It pays credit only for a 6-cost development.\n\n"
        "You choose Develop and Produce. The robot rolls Develop and x2; it has 2 cards in its "
        "draw stack and too little credit for its counter (see its mat). The second card it "
        "flips is a development that does not cost 6."
    ),
    after=(
        "Too little credit for the counter, so it draws 1 card (3 in its draw stack), flips "
        "Gem World (discarded), then Mining Robots, and places it for nothing: it ends with "
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

DICE_EXPLORE = Lesson(
    id="robot-dice-explore",
    title="A match die on a pair of spaces",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Place dice, example (second half)",
    text=(
        "When both your action markers sit on one pair of spaces (both Explores, both "
        "Develops or both Settles), a single match die shifts left, under the first space of "
        "the pair, unless the other die is already there.\n\n"
        "You choose both Explores, +5 and +1/+1. The robot rolls Produce (die A) and match "
        "(die B)."
    ),
    after=(
        "Die A goes on Produce, its own space. Die B, the match, would go under your "
        "right-most marker, but both your markers sit on the Explore pair, so it shifts to "
        "the left Explore space."
    ),
    dice=(("produce", "match"),),
    script=(ROUND,),
    questions=(
        Question("a", "Where does die A (Produce) go?", "die_a_space", SPACE_CHOICES),
        Question("b", "Where does die B (match) go?", "die_b_space", SPACE_CHOICES,
                 why="Both your markers are on the Explore pair, so it shifts to the left one."),
    ),
    then=(["explore5", "explore11"], ROUND),
    watch="action",
    claims={"die_a_space": "Produce", "die_b_space": "Explore (left)"},
)

DEVELOP_2 = Lesson(
    id="robot-develop-2",
    title="The 6-cost counter, then a Develop response",
    topic="robot",
    kind="predict",
    difficulty="medium",
    source="TGS rulebook, Solitaire: Develop example 2",
    text=(
        "Before its regular Develop, the robot checks its 6-cost counters: with one left and "
        "at least 2 credit on an action (3 on a response) it places a counter instead, pays "
        "that credit, and does nothing else in that phase. A response (you chose Develop, the "
        "robot did not) draws nothing: with any credit, it flips to find a development and "
        "pays 1 credit for it.\n\n"
        "You choose both Develops; the robot matches the first and rolls Produce. It has two "
        "6-cost counters (medium), 4 credit and 5 cards in its draw stack. On its response, the "
        "third card it flips is a 2-cost development."
    ),
    after=(
        "First Develop, its action: with 4 credit it places a 6-cost counter, pays 2 and "
        "draws nothing. Second Develop, its response: 2 credit is too little for the other "
        "counter (that needs 3), so it flips; the third card, Colony Ship, is a development "
        "and it pays 1. It ends with 1 credit, 2 cards in its draw stack and 3 cards in its "
        "tableau: Old Earth, the 6-cost counter and Colony Ship."
    ),
    deck=("Gem World", "Hive World", "Colony Ship", "Spice World") + HAND + ("New Vinland",),
    dice=(("produce", "match"),),
    robot={"stack_add": 1, "credit": 4},
    script=(ROUND,),
    questions=(
        Question("credit", "The robot's credit after the round?", "robot_credit",
                 why="4 - 2 for the counter - 1 for the development."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="5 - 3 flipped; a response draws nothing."),
        Question("tableau", "Cards in its tableau, counters included?", "robot_tableau",
                 why="Old Earth, the counter and the development."),
    ),
    then=(["develop", "develop2"], ROUND),
    watch="develop",
    claims={"robot_credit": 1, "robot_stack": 2, "robot_tableau": 3,
            "robot_placed": "6-cost counter and Colony Ship"},
)

SETTLE_1 = Lesson(
    id="robot-settle-1",
    title="A Settle response without credit",
    topic="robot",
    kind="predict",
    robot_start="Ancient Race",
    source="TGS rulebook, Solitaire: Settle example 1",
    text=(
        "When you choose Settle and the robot did not, it responds: with no credit it does "
        "nothing; otherwise it draws 2 cards, flips to find a non-military world and pays 1 "
        "credit to place it.\n\n"
        "You choose Settle and Produce. The robot is on Ancient Race, which starts it with no "
        "credit and one card fewer in its draw stack than usual; it rolls the two Consume "
        "actions."
    ),
    after=(
        "With no credit, its Settle response does nothing: its tableau stays at 1 card "
        "(Ancient Race) and its draw stack at 3 cards. Its Consume actions draw no cards."
    ),
    dice=(("trade", "x2"),),
    script=(ROUND,),
    questions=(
        Question("tableau", "Cards in the robot's tableau after the round?", "robot_tableau",
                 why="No credit: no Settle response."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="Ancient Race's robot starts with 3 and draws none this round."),
    ),
    then=(["settle", "produce"], ROUND),
    watch="settle",
    claims={"robot_tableau": 1, "robot_stack": 3, "robot_placed": "nothing"},
)

SETTLE_2 = Lesson(
    id="robot-settle-2",
    title="A Settle action, then a Settle response",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Settle example 2 (a world is found)",
    text=(
        "A Settle action draws 3 cards under the robot's draw stack and flips to find a "
        "non-military world, which it places for free. A response does nothing without "
        "credit; with credit it draws 2, flips, and pays 1 credit for a world it finds.\n\n"
        "You choose both Settles; the robot matches the first and rolls Produce. It has 2 "
        "credit and 2 cards in its draw stack. Its action finds a world on the fourth flip, "
        "and its response finds one too."
    ),
    after=(
        "The action draws 3 (5 in its draw stack) and places Gem World, the fourth card "
        "flipped, for free. The response draws 2 more, places Spice World and pays 1: it ends "
        "with 1 credit, 3 cards in its tableau (Old Earth and two worlds) and 1 card in its "
        "draw stack."
    ),
    deck=("Hive World", "Mining Robots", "Contact Specialist", "Expedition Force") + HAND
    + ("Outlaw World", "Gem World", "Colony Ship", "Spice World", "Space Marines"),
    dice=(("produce", "match"),),
    robot={"stack": 2, "credit": 2},
    script=(ROUND,),
    questions=(
        Question("credit", "The robot's credit after the round?", "robot_credit",
                 why="The action is free; the response costs 1."),
        Question("tableau", "Cards in its tableau after the round?", "robot_tableau",
                 why="Old Earth and two worlds."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="2 + 3 - 4 flipped, then + 2 - 2 flipped."),
    ),
    then=(["settle", "settle2"], ROUND),
    watch="settle",
    claims={"robot_credit": 1, "robot_tableau": 3, "robot_stack": 1,
            "robot_placed": "Gem World and Spice World"},
)

CONSUME_1 = Lesson(
    id="robot-consume-1",
    title="The robot's Trade action",
    topic="robot",
    kind="predict",
    robot_start="Earth's Lost Colony",
    source="TGS rulebook, Solitaire: Consume example 1",
    text=(
        "The robot has no goods: its economy size stands for them. A Trade die raises its "
        "credit by 2 and gives it VP chips equal to its economy size; credit never goes above "
        "the top of its track. If the robot rolled any Consume action, it does not also "
        "respond to yours.\n\n"
        "You choose Consume x2 and Produce; the robot, on Earth's Lost Colony, rolls Trade "
        "and Settle. It has 3 credit; its economy size is on its mat."
    ),
    after=(
        "Its Trade action adds 2 to its 3 credit, but the track stops at 4: it ends with 4 "
        "credit. With economy size 1 it takes 1 VP chip. Your x2 gets no response, since the "
        "robot rolled a Consume action."
    ),
    dice=(("trade", "settle"),),
    robot={"credit": 3},
    script=(ROUND,),
    questions=(
        Question("credit", "The robot's credit after the round?", "robot_credit",
                 why="3 + 2 stops at the top of the track, 4."),
        Question("vp", "Its VP chips after the round?", "robot_vp",
                 why="Economy 1 gives 1 chip; your x2 gets no response."),
    ),
    then=(["x2", "produce"], ROUND),
    watch="consume",
    claims={"robot_credit": 4, "robot_vp": 1},
)

CONSUME_2 = Lesson(
    id="robot-consume-2",
    title="The Consume response",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Consume example 2",
    text=(
        "When only you chose Consume, the robot responds with VP chips equal to its economy "
        "size. Think about how often it responds when you choose both Consume actions.\n\n"
        "You choose Trade and Consume x2; the robot rolls Produce and Explore. Its economy "
        "size is 3."
    ),
    after=(
        "It responds once, even though you chose both Consume actions: it takes 3 VP chips, "
        "its economy size. Its Produce action comes after Consume and raises its economy size "
        "to 4."
    ),
    dice=(("produce", "explore"),),
    robot={"economy": 3},
    script=(ROUND,),
    questions=(
        Question("vp", "The robot's VP chips after the round?", "robot_vp",
                 why="One response for both your Consume actions."),
        Question("economy", "Its economy size after the round?", "robot_economy",
                 why="Its Produce action comes after Consume and adds 1."),
    ),
    then=(["trade", "x2"], ROUND),
    watch="consume",
    claims={"robot_vp": 3, "robot_economy": 4},
)

PRODUCE_1 = Lesson(
    id="robot-produce-1",
    title="The robot's Produce action",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Produce example 1",
    text=(
        "A Produce die raises the robot's economy size by 1 (never above 5); that is how it "
        "gets more VP chips in later Consume phases.\n\n"
        "You choose Develop and Settle; the robot rolls Produce and Explore. Its economy size "
        "starts at 0."
    ),
    after=(
        "Its Produce action moves its economy size from 0 to 1."
    ),
    dice=(("produce", "explore"),),
    script=(ROUND,),
    questions=(
        Question("economy", "The robot's economy size after the round?", "robot_economy"),
    ),
    then=(["develop", "settle"], ROUND),
    watch="produce",
    claims={"robot_economy": 1},
)

PRODUCE_2 = Lesson(
    id="robot-produce-2",
    title="The Produce response",
    topic="robot",
    kind="predict",
    robot_start="Earth's Lost Colony",
    source="TGS rulebook, Solitaire: Produce example 2",
    text=(
        "When only you chose Produce, the robot's Produce response does nothing. An Explore "
        "action draws cards and raises the robot's credit by 1; two Explore dice draw 3 cards "
        "and raise credit by 1 only once.\n\n"
        "You choose Consume x2 and Produce; the robot, on Earth's Lost Colony (its credit and "
        "economy size are on its mat), rolls two Explores."
    ),
    after=(
        "Its Produce response does nothing: its economy size stays at 1. Its two Explores "
        "draw 3 cards and raise its credit once, from 1 to 2."
    ),
    dice=(("explore", "explore"),),
    script=(ROUND,),
    questions=(
        Question("economy", "The robot's economy size after the round?", "robot_economy",
                 why="A Produce response does nothing."),
        Question("credit", "Its credit after the round?", "robot_credit",
                 why="Both Explores: it draws 3 cards and gains 1 credit, once."),
    ),
    then=(["x2", "produce"], ROUND),
    watch="produce",
    claims={"robot_economy": 1, "robot_credit": 2},
)

FACE = Lesson(
    id="robot-face",
    title="The \"robot =\" counter: Old Earth",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Place dice (robot face) and Consume (Old Earth)",
    text=(
        "One die has two robot faces. A robot face reads as the face shown on the robot's "
        "\"robot =\" counter, which its start world sets. Old Earth's counter starts as "
        "Trade; after the robot's first Trade action it is replaced by the x2 counter for the "
        "rest of the game.\n\n"
        "Last round you chose Consume x2 and Produce, and the robot, on Old Earth, rolled "
        "Produce and a robot face. This round you choose the same, and it rolls Produce and a "
        "robot face again."
    ),
    after=(
        "Last round the robot face read as Trade: the robot's first Trade action, after which "
        "Old Earth's counter became x2. So die B now goes on Consume: x2. That action gives "
        "it VP chips twice its economy size of 1, so it has 2 VP chips, and raises its "
        "economy to 2; its Produce action then raises its economy size to 3."
    ),
    dice=(("produce", "robot"),) * 2,
    script=(ROUND, ["x2", "produce"], ROUND),
    questions=(
        Question("b", "Where does die B (robot face) go?", "die_b_space", SPACE_CHOICES,
                 why="Old Earth's counter became x2 after last round's Trade action."),
        Question("vp", "The robot's VP chips after the round?", "robot_vp",
                 why="Last round's Trade came before its Produce, at economy 0."),
        Question("economy", "Its economy size after the round?", "robot_economy",
                 why="The x2 action adds 1, and so does the Produce action."),
    ),
    then=(["x2", "produce"], ROUND),
    watch="action",
    claims={"die_b_space": "Consume: x2", "robot_vp": 2, "robot_economy": 3},
)

# Ten cards for the robot's tableau in robot-end: 12 VP, and a 6-cost development.
_TABLEAU = ("Comet Zone", "Hive World", "Galactic Imperium", "Asteroid Belt",
            "Contact Specialist", "Drop Ships", "Radioactive World", "Volcanic World",
            "Space Port", "Public Works")

END = Lesson(
    id="robot-end",
    title="Game end and the robot's score (hard)",
    topic="robot",
    kind="predict",
    difficulty="hard",
    source="TGS rulebook, Solitaire: Set-up (difficulty), Develop, Game end",
    text=(
        "The game ends at the end of a round in which either tableau has at least 12 cards "
        "(each 6-cost counter the robot placed counts as a card) or the VP chips have run "
        "out. The robot then scores its VP chips and its tableau's VP, and each 6-cost "
        "development, card or counter, scores 6 VP on easy and medium, 9 on hard.\n\n"
        "This game is hard. The robot's tableau holds 11 cards: Old Earth (2 VP), Galactic "
        "Imperium (a 6-cost development) and nine cards worth 12 VP together. It has 2 credit, "
        "no VP chips and all its counters. You choose Explore +5 and Produce; it rolls "
        "Develop and x2."
    ),
    after=(
        "With 2 credit its Develop action places a 6-cost counter, so its tableau reaches "
        "12 cards and the game ends this round: yes. Its x2 action gives no VP chips at "
        "economy 0. Its score is 32: 2 for Old Earth, 12 for the nine cards, 9 for Galactic "
        "Imperium and 9 for the counter."
    ),
    deck=("Gem World", "Mining Robots", "Spice World", "New Vinland") + HAND + _TABLEAU,
    robot={"tableau_add": len(_TABLEAU), "credit": 2},
    dice=(("develop", "x2"),),
    script=(ROUND,),
    questions=(
        Question("over", "Does the game end at this round's end?", "game_over", YES_NO,
                 why="A placed counter counts as a card of the robot's tableau."),
        Question("tableau", "Cards in the robot's tableau, counters included?",
                 "robot_tableau"),
        Question("score", "The robot's final score?", "robot_score",
                 why="On hard, each 6-cost development card or counter scores 9."),
    ),
    then=(["explore5", "produce"], until("end")),
    watch="develop",
    claims={"game_over": "yes", "robot_tableau": 12, "robot_score": 32,
            "robot_placed": "6-cost counter"},
)

PRODUCE_3 = Lesson(
    id="robot-produce-3",
    title="You and the robot both Produce",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Produce example 3",
    text=(
        "When you choose Produce and the robot rolls Produce too, the robot takes its Produce "
        "action: its response is only for phases that you alone chose. Its Explore action "
        "draws cards and raises its credit, which leaves its economy alone.\n\n"
        "You choose Produce and Explore +5. The robot, whose economy size you can read on its "
        "mat, rolls Produce and Explore."
    ),
    after=(
        "The robot rolled Produce, so it takes its Produce action even though you chose "
        "Produce as well: its economy size goes from 2 to 3."
    ),
    robot={"economy": 2},
    dice=(("produce", "explore"),),
    script=(ROUND,),
    questions=(
        Question("economy", "The robot's economy size after the round?", "robot_economy",
                 why="A Produce action raises its economy size by 1."),
    ),
    then=(["explore5", "produce"], ROUND),
    watch="produce",
    claims={"robot_economy": 3},
)

ROBOT_LESSONS: tuple[Lesson, ...] = (DICE, DICE_EXPLORE, FACE, DEVELOP_1, DEVELOP_2, SETTLE_1,
                                     SETTLE_2, CONSUME_1, CONSUME_2, PRODUCE_1, PRODUCE_2,
                                     PRODUCE_3, END)
