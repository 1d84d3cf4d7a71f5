"""Lessons on the solitaire robot: predict what it does, then watch it, step by step.

Each one plays a worked example of the TGS rulebook's "Solitaire Game" section; its claims are
the example's numbers. Where an example needs a credit or draw stack no start world gives, the
lesson adjusts the robot after set-up, as the rulebook's examples assume.
"""

from __future__ import annotations

from rftg_nb.engine.kinds import Kind
from rftg_nb.lessons.measures import FACE_CHOICES, SPACE_CHOICES, YES_NO
from rftg_nb.lessons.model import Lesson, Question, until

# Six cards for your opening hand that you will not place in the robot lessons.
HAND = ("Rebel Homeworld", "Rebel Base", "Rebel Outpost", "Rebel Colony",
        "Lost Alien Battle Fleet", "Alien Robotic Factory")
ROUND = until(Kind.ACTIONS)  # play the round out quietly, to the next round's actions

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
        "and its response finds one on the second flip."
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
    robot_why="to bring the game to its last round",
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

END_EASY = Lesson(
    id="robot-end-easy",
    title="Game end and the robot's score (easy)",
    topic="robot",
    kind="predict",
    difficulty="easy",
    source="TGS rulebook, Solitaire: Set-up (difficulty: easy), Develop, Game end",
    text=(
        "The difficulty you pick sets the robot's 6-cost counters: on easy it has a single "
        "counter, and each 6-cost development, card or counter, scores 6 VP at the end. Once "
        "its counter is placed, every Develop action is a regular one: draw 1, flip to find "
        "a development, place it.\n\n"
        "This game is easy. The robot's tableau holds 11 cards: Old Earth (2 VP), Galactic "
        "Imperium (a 6-cost development) and nine cards worth 12 VP together. It has 4 "
        "credit and no VP chips. You choose both Develops; it rolls Develop and match. The "
        "second card of its draw stack is a 1 VP development."
    ),
    after=(
        "Its first Develop action places its only 6-cost counter and pays 2 credit. Its second "
        "Develop action has no counter left: it draws 1, flips Gem World and places Mining "
        "Robots. Its tableau reaches 13 cards, so the game ends. Its score is 27: 2 for Old "
        "Earth, 12 for the nine cards, 6 for Galactic Imperium, 6 for the counter and 1 for "
        "Mining Robots."
    ),
    deck=("Gem World", "Mining Robots", "Spice World", "New Vinland") + HAND + _TABLEAU,
    robot={"tableau_add": len(_TABLEAU), "credit": 4},
    robot_why="to bring the game to its last round",
    dice=(("develop", "match"),),
    script=(ROUND,),
    questions=(
        Question("tableau", "Cards in the robot's tableau, counters included?",
                 "robot_tableau", why="One counter, then a regular Develop."),
        Question("score", "The robot's final score?", "robot_score",
                 why="On easy, each 6-cost development card or counter scores 6."),
    ),
    then=(["develop", "develop2"], until("end")),
    watch="develop",
    claims={"robot_tableau": 13, "robot_score": 27,
            "robot_placed": "6-cost counter and Mining Robots"},
)

END_MEDIUM = Lesson(
    id="robot-end-medium",
    title="Game end and the robot's score (medium)",
    topic="robot",
    kind="predict",
    difficulty="medium",
    source="TGS rulebook, Solitaire: Set-up (difficulty: medium), Develop, Game end",
    text=(
        "On medium the robot has two 6-cost counters, and each 6-cost development, card or "
        "counter, scores 6 VP at the end. A Develop action places a counter when one is "
        "left and the robot has 2 credit or more.\n\n"
        "This game is medium. The robot's tableau holds 10 cards: Old Earth (2 VP), Galactic "
        "Imperium (a 6-cost development) and eight cards worth 11 VP together. It has 4 "
        "credit, no VP chips and both its counters. You choose both Develops; it rolls "
        "Develop and match."
    ),
    after=(
        "Each of its two Develop actions places a 6-cost counter and pays 2 credit: it ends "
        "with 0 credit, and its tableau reaches 12 cards, so the game ends. Its score is 31: "
        "2 for Old Earth, 11 for the eight cards, 6 for Galactic Imperium and 6 for each "
        "counter."
    ),
    deck=("Gem World", "Mining Robots", "Spice World", "New Vinland") + HAND + _TABLEAU[:-1],
    robot={"tableau_add": len(_TABLEAU) - 1, "credit": 4},
    robot_why="to bring the game to its last round",
    dice=(("develop", "match"),),
    script=(ROUND,),
    questions=(
        Question("tableau", "Cards in the robot's tableau, counters included?",
                 "robot_tableau"),
        Question("credit", "Its credit at the end?", "robot_credit",
                 why="Two counters on actions, 2 credit each."),
        Question("score", "The robot's final score?", "robot_score",
                 why="On medium, each 6-cost development card or counter scores 6."),
    ),
    then=(["develop", "develop2"], until("end")),
    watch="develop",
    claims={"robot_tableau": 12, "robot_credit": 0, "robot_score": 31,
            "robot_placed": "6-cost counter and 6-cost counter"},
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
        "The robot rolled Produce and Explore: its Produce die makes it take its Produce "
        "action even though you chose Produce as well, so its economy size goes from 2 to 3."
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

SETTLE_3 = Lesson(
    id="robot-settle-3",
    title="A Settle response that finds nothing",
    topic="robot",
    kind="predict",
    source="TGS rulebook, Solitaire: Settle example 2 (no world is found)",
    text=(
        "Flip to find stops when the robot finds the card it looks for or when its draw "
        "stack runs out. Every card flipped and not taken is discarded. A Settle response "
        "pays its credit only for a world it places.\n\n"
        "The same round as before: you choose both Settles; the robot matches the first and "
        "rolls Produce. Its credit, on its mat, is positive, and its draw stack holds 2 cards. "
        "Its action again places a world on the fourth flip. This time, on its response, none "
        "of the cards it flips is a non-military world."
    ),
    after=(
        "The action draws 3 and places Gem World on the fourth flip, leaving 1 card. The "
        "response draws 2 more and flips all 3: a development, a military world and a "
        "development, so it finds nothing, places nothing and pays nothing. It ends with 2 "
        "credit, 2 cards in its tableau (Old Earth and Gem World) and 0 cards in its draw "
        "stack."
    ),
    deck=("Hive World", "Mining Robots", "Contact Specialist", "Expedition Force") + HAND
    + ("Outlaw World", "Gem World", "Colony Ship", "Pirate World", "Space Marines"),
    dice=(("produce", "match"),),
    robot={"stack": 2, "credit": 2},
    script=(ROUND,),
    questions=(
        Question("credit", "The robot's credit after the round?", "robot_credit",
                 why="It pays only for a world it places."),
        Question("tableau", "Cards in its tableau after the round?", "robot_tableau",
                 why="Old Earth and the world its action found."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="The response flips until the draw stack runs out."),
    ),
    then=(["settle", "settle2"], ROUND),
    watch="settle",
    claims={"robot_credit": 2, "robot_tableau": 2, "robot_stack": 0,
            "robot_placed": "Gem World"},
)

# ---------------------------------------------------------------- the robot's start worlds
ASSUMED = ("The printed counter gives the number; this app assumes {} and marks it as an "
           "assumed default, not the printed component (you can override it).")

DOOMED = Lesson(
    id="robot-doomed-world",
    title="Doomed World's first Settle action",
    topic="robot",
    kind="predict",
    robot_start="Doomed World",
    source="TGS rulebook, Solitaire: Settle (Doomed World)",
    text=(
        "Doomed World's first Settle action is special. The robot flips cards from the draw "
        "pile, not from its draw stack, discarding each until it finds a non-military world "
        "worth 3 VP or more, and places it. Then its credit rises by 2 and its economy size "
        "by 1, and Doomed World (a -1 VP start world) leaves its tableau with its mat "
        "counter.\n\n"
        "You choose Consume x2 and Produce; the robot, on Doomed World, rolls Settle and x2. "
        "The four cards to pick from below are the top of the draw pile, top first: a "
        "non-military world worth 2 VP, a military world, then a non-military world worth 3 "
        "VP and one worth 4 VP."
    ),
    after=(
        "It flips Comet Zone (only 2 VP) and Malevolent Lifeforms (military), discarding "
        "both, and places New Earth, the first non-military world worth 3 VP or more. Its "
        "credit goes from 1 to 3, and Doomed World leaves: its tableau holds 1 card. Its x2 "
        "action then comes at economy size 1: 2 VP chips."
    ),
    deck=("Gem World", "Mining Robots", "Spice World", "New Vinland") + HAND
    + ("Comet Zone", "Malevolent Lifeforms", "New Earth", "Deserted Alien Colony"),
    dice=(("settle", "x2"),),
    script=(ROUND,),
    questions=(
        Question("placed", "Which card does it place?", "robot_placed",
                 ("Comet Zone", "Malevolent Lifeforms", "New Earth", "Deserted Alien Colony")),
        Question("credit", "The robot's credit after the round?", "robot_credit"),
        Question("tableau", "Cards in its tableau after the round?", "robot_tableau",
                 why="The new world comes in; Doomed World goes out."),
    ),
    then=(["x2", "produce"], ROUND),
    watch="settle",
    claims={"robot_placed": "New Earth", "robot_credit": 3, "robot_tableau": 1,
            "robot_vp": 2},
)

DAMAGED = Lesson(
    id="robot-damaged-factory",
    title="Damaged Alien Factory: the \"robot =\" counter flips",
    topic="robot",
    kind="predict",
    robot_start="Damaged Alien Factory",
    source="TGS rulebook, Solitaire: Consume and Produce (Damaged Alien Factory)",
    text=(
        "Damaged Alien Factory's \"robot =\" counter has two faces. The rulebook turns it "
        "over after every Trade action and after every Produce action; this app assumes, "
        "from the rules summary, that it starts as Trade ($), becomes x2 after a Trade "
        "action and goes back after a Produce action (an assumed default, not the printed "
        "component).\n\n"
        "Last round the robot, on Damaged Alien Factory, rolled Explore and a robot face, "
        "which read as Trade ($). This round you choose Develop and Settle; it rolls Produce "
        "and a robot face."
    ),
    after=(
        "Last round's Trade action turned the counter, so die B goes on Consume: x2. After "
        "its x2 action comes its Produce action, which turns the counter back: it reads "
        "$ (Trade) again at the end of the round, ready for the next robot face."
    ),
    dice=(("explore", "robot"), ("produce", "robot")),
    script=(ROUND, ["x2", "produce"], ROUND),
    questions=(
        Question("b", "Where does die B (robot face) go?", "die_b_space", SPACE_CHOICES,
                 why="The counter turned after last round's Trade action."),
        Question("face", "What does the \"robot =\" counter read after the round?",
                 "robot_face", FACE_CHOICES, why="A Produce action turns it back."),
    ),
    then=(["develop", "settle"], ROUND),
    watch="action",
    claims={"die_b_space": "Consume: x2", "robot_face": "$ (Trade)"},
)

NEW_SPARTA = Lesson(
    id="robot-new-sparta",
    title="New Sparta: military worlds and extra Settle draws",
    topic="robot",
    kind="predict",
    robot_start="New Sparta",
    player_start="Old Earth",
    source="TGS rulebook, Solitaire: Settle (Epsilon Eridani, New Sparta, Separatist Colony)",
    text=(
        "A robot on New Sparta settles like a warlord: it flips to find military worlds "
        "instead of non-military ones, it settles on response even without credit, and it "
        "draws extra cards on Settle. "
        + ASSUMED.format("one extra card each time: 4 on its Settle action, 3 on its response")
        + " A response still pays 1 credit for the world if the robot has any.\n\n"
        "You choose both Settles; the robot, on New Sparta, rolls match and x2. It has no "
        "credit and 4 cards in its draw stack, none of them a military world. The action "
        "finds a military world on the sixth flip and the response on the third flip."
    ),
    after=(
        "The match die shifts to the left Settle space: its action draws 4 (8 in its draw "
        "stack), flips five cards that are not military worlds and places Pirate World, "
        "leaving 2. The response needs no credit: it draws 3, places Hive World on the third "
        "flip and, with no credit, pays nothing. It ends with 0 credit, 3 cards in its "
        "tableau and 2 cards in its draw stack."
    ),
    deck=("Gem World", "Mining Robots", "Spice World", "New Vinland") + HAND
    + ("Comet Zone", "Pirate World", "Colony Ship", "Drop Ships", "Hive World",
       "Contact Specialist", "Expedition Force"),
    dice=(("match", "x2"),),
    robot={"credit": 0},
    robot_why="to show a Settle response without credit",
    script=(ROUND,),
    questions=(
        Question("tableau", "Cards in the robot's tableau after the round?", "robot_tableau",
                 why="New Sparta settles on response without credit."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="4 + 4 - 6 flipped, then + 3 - 3 flipped."),
    ),
    then=(["settle", "settle2"], ROUND),
    watch="settle",
    claims={"robot_tableau": 3, "robot_stack": 2, "robot_credit": 0,
            "robot_placed": "Pirate World and Hive World"},
)

ALPHA_CENTAURI = Lesson(
    id="robot-alpha-centauri",
    title="Alpha Centauri: more credit and extra Settle action draws",
    topic="robot",
    kind="predict",
    robot_start="Alpha Centauri",
    source="TGS rulebook, Solitaire: Set-up (credit) and Settle (Alpha Centauri)",
    text=(
        "A robot on Alpha Centauri starts with more credit than usual, draws extra cards on "
        "its Settle actions and settles on response even without credit. It still looks for "
        "non-military worlds. "
        + ASSUMED.format("one extra card on a Settle action: 4 instead of 3")
        + "\n\nYou choose Settle and Produce; the robot, on Alpha Centauri, rolls Settle and "
        "x2. None of the 4 cards in its draw stack is a world, and the cards it draws are, in "
        "order, a military world, a development, a non-military world and another one, so the "
        "seventh card it flips is the first non-military world."
    ),
    after=(
        "It started with 2 credit. Its Settle action draws 4 (8 in its draw stack), flips five "
        "developments and the military world, and places Spice World, the seventh card, "
        "for free. Its credit stays at 2, its tableau holds 2 cards, and its draw stack ends "
        "with 1 card."
    ),
    deck=("Mining Robots", "Colony Ship", "Drop Ships", "Contact Specialist") + HAND
    + ("Pirate World", "Expedition Force", "Spice World", "Gem World"),
    dice=(("settle", "x2"),),
    script=(ROUND,),
    questions=(
        Question("credit", "The robot's credit after the round?", "robot_credit",
                 why="A Settle action is free."),
        Question("stack", "Cards in its draw stack after the round?", "robot_stack",
                 why="4 + 4 drawn - 7 flipped."),
    ),
    then=(["settle", "produce"], ROUND),
    watch="settle",
    claims={"robot_credit": 2, "robot_stack": 1, "robot_tableau": 2,
            "robot_placed": "Spice World"},
)

SEPARATIST = Lesson(
    id="robot-separatist-colony",
    title="Separatist Colony: extra Explore draws",
    topic="robot",
    kind="predict",
    robot_start="Separatist Colony",
    source="TGS rulebook, Solitaire: Explore (Separatist Colony)",
    text=(
        "A robot on Separatist Colony draws more cards on Explore than the mat says, on its "
        "actions and on its responses; it also settles military worlds like New Sparta. "
        + ASSUMED.format("one extra card: 2 on an Explore action, 4 when it rolls both "
                         "Explores, 2 on a response")
        + " Explore still raises its credit only once.\n\n"
        "You choose Consume x2 and Produce; the robot, on Separatist Colony, rolls Explore "
        "and Explore. It starts with 4 cards in its draw stack and 1 credit."
    ),
    after=(
        "Both Explores: it draws 4 cards (3 + 1 for Separatist Colony), so its draw stack "
        "ends with 8 cards, and its credit rises once, to 2."
    ),
    dice=(("explore", "explore"),),
    script=(ROUND,),
    questions=(
        Question("stack", "Cards in the robot's draw stack after the round?", "robot_stack"),
        Question("credit", "Its credit after the round?", "robot_credit",
                 why="Two Explore dice raise its credit once."),
    ),
    then=(["x2", "produce"], ROUND),
    watch="explore",
    claims={"robot_stack": 8, "robot_credit": 2},
)

LOST_COLONY = Lesson(
    id="robot-lost-colony",
    title="Earth's Lost Colony: an early economy",
    topic="robot",
    kind="predict",
    robot_start="Earth's Lost Colony",
    source="TGS rulebook, Solitaire: Set-up (economy size) and Consume: 2x VPs",
    text=(
        "A robot on Earth's Lost Colony starts with economy size 1, so its first Consume "
        "already earns VP chips. Its \"robot =\" counter, printed only on the component, is "
        "x2 in this app: an assumed default, not the printed counter. An x2 action gives VP "
        "chips equal to twice its economy size, then raises its economy size by 1.\n\n"
        "You choose Explore +5 and Produce; the robot, on Earth's Lost Colony, rolls Produce "
        "and a robot face."
    ),
    after=(
        "The robot face reads x2, so die B goes on Consume: x2. At economy size 1 it takes 2 "
        "VP chips, and its economy grows to 2; its Produce action then raises its economy "
        "size to 3."
    ),
    dice=(("produce", "robot"),),
    script=(ROUND,),
    questions=(
        Question("b", "Where does die B (robot face) go?", "die_b_space", SPACE_CHOICES),
        Question("vp", "The robot's VP chips after the round?", "robot_vp",
                 why="Twice its economy size of 1."),
        Question("economy", "Its economy size after the round?", "robot_economy",
                 why="The x2 action adds 1, and so does the Produce action."),
    ),
    then=(["explore5", "produce"], ROUND),
    watch="action",
    claims={"die_b_space": "Consume: x2", "robot_vp": 2, "robot_economy": 3},
)

EPSILON = Lesson(
    id="robot-epsilon-eridani",
    title="Epsilon Eridani: a military Settle response without credit",
    topic="robot",
    kind="predict",
    robot_start="Epsilon Eridani",
    source="TGS rulebook, Solitaire: Set-up (economy size) and Settle (Epsilon Eridani)",
    text=(
        "A robot on Epsilon Eridani starts with economy size 1, flips to find military worlds "
        "when it settles, and settles on response even without credit (it pays 1 credit "
        "only if it has some).\n\n"
        "You choose Settle and Consume x2; the robot, on Epsilon Eridani, rolls Produce and "
        "Explore. It has no credit now. Its draw stack holds 4 cards: a non-military world, a "
        "development, a military world and another non-military world."
    ),
    after=(
        "Its Explore action comes first: 1 card and 1 credit. Its Settle response needs no "
        "credit: it draws 2 and flips Gem World and Mining Robots, discarding them, and "
        "places Hive World, the military world; it pays 1 credit, so it ends with 0 credit "
        "and 2 cards in its tableau. Its Consume response gives 1 VP chip (economy size 1) "
        "before its Produce action."
    ),
    deck=("Gem World", "Mining Robots", "Hive World", "Spice World") + HAND,
    dice=(("produce", "explore"),),
    robot={"credit": 0},
    robot_why="to show a Settle response without credit",
    script=(ROUND,),
    questions=(
        Question("tableau", "Cards in the robot's tableau after the round?", "robot_tableau"),
        Question("credit", "Its credit after the round?", "robot_credit",
                 why="Explore adds 1; the response pays 1 for the world."),
        Question("vp", "Its VP chips after the round?", "robot_vp",
                 why="A Consume response gives its economy size, before Produce."),
    ),
    then=(["settle", "x2"], ROUND),
    watch="explore",
    claims={"robot_tableau": 2, "robot_credit": 0, "robot_vp": 1,
            "robot_placed": "Hive World"},
)

ROBOT_LESSONS: tuple[Lesson, ...] = (
    DICE, DICE_EXPLORE, FACE, DEVELOP_1, DEVELOP_2, SETTLE_1, SETTLE_2, SETTLE_3, CONSUME_1,
    CONSUME_2, PRODUCE_1, PRODUCE_2, PRODUCE_3, DOOMED, DAMAGED, NEW_SPARTA, ALPHA_CENTAURI,
    SEPARATIST, LOST_COLONY, EPSILON, END_EASY, END_MEDIUM, END)
