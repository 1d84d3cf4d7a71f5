"""Lessons on the game itself: "choose" tasks on real decisions, graded by the engine."""

from __future__ import annotations

from rftg_nb.engine.kinds import Kind
from rftg_nb.lessons.model import Lesson, until

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
        "red), the VP it is worth at the end of the game (a 6-cost development shows \"?\") "
        "and its powers, each marked with the phase in which it works.\n\n"
        "You are dealt six cards and keep four. Read the VP on each of yours."
    ),
    after=(
        "Space Mercenaries is worth nothing and Gem World 1 VP: discard those two. You keep "
        "Terraformed World and Rebel Outpost (5 VP each), Consumer Markets (3 VP) and "
        "Improved Logistics (2 VP): 15 VP in all."
    ),
    deck=STACK + ("Space Mercenaries", "Gem World", "Improved Logistics", "Consumer Markets",
                  "Terraformed World", "Rebel Outpost"),
    goal="Discard two cards so that the four you keep are worth the most VP.",
    grader="most_hand_vp",
    why="The VP of a card is the number in the yellow pentagon at its top right.",
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
        "You chose Develop and Produce and hold four developments. For each, compare its "
        "cost, less your bonus, with the other cards you could pay with; then compare VP."
    ),
    after=(
        "Consumer Markets (cost 5, 3 VP) would still cost 4 with the bonus, more than the "
        "three other cards you hold, so it is not offered. Of the rest, Drop Ships (cost 4, "
        "2 VP) is worth the most and costs you 3: your score becomes 3, New Sparta's 1 VP "
        "plus 2."
    ),
    deck=STACK + ("Consumer Markets", "Drop Ships", "Public Works", "Space Marines") + DEAR,
    dice=(("produce", "x2"),),
    script=(list(DEAR), ["develop", "produce"]),
    goal="Place the development that leaves you with the most VP.",
    grader="most_score",
    why="Your score counts your start world's VP plus the VP of what you place.",
    claims={"best": ["Drop Ships"], "player_score": 3},
)

EXPLORE = Lesson(
    id="game-explore",
    title="Explore: draw, then keep the best",
    topic="game",
    kind="choose",
    source="base rules §4 (Explore) and §1.3 (the Explore bonuses)",
    text=(
        "In the Explore phase everyone draws 2 cards and keeps 1. Your Explore action card "
        "adds a bonus: +5 draws 5 more (7 cards, keep 1), +1/+1 draws 1 more and keeps 1 more "
        "(3 cards, keep 2). You keep only from the cards just drawn; the rest are discarded.\n\n"
        "You chose Explore +5 and Produce and drew seven cards."
    ),
    after=(
        "New Earth, a 3 VP world, is worth the most of the seven; with it the cards in your "
        "hand carry 7 VP. +5 is for finding one good card; +1/+1 for keeping two."
    ),
    deck=STACK + ("Contact Specialist", "Investment Credits", "Colony Ship", "Genetics Lab")
    + DEAR + ("Spice World", "Mining Robots", "Deserted Alien World", "New Earth",
              "Research Labs", "Public Works", "Comet Zone"),
    dice=(("produce", "x2"),),
    script=(list(DEAR), ["explore5", "produce"]),
    goal="Keep the explored card worth the most VP.",
    grader="most_hand_vp",
    claims={"best": ["New Earth"], "player_hand_vp": 7},
)

SETTLE = Lesson(
    id="game-settle",
    title="Settle: pay for a world, or conquer it with Military",
    topic="game",
    kind="choose",
    source="base rules §6 (Settle)",
    text=(
        "In the Settle phase everyone may place one world from hand. A world with a grey "
        "cost is paid for with cards, like a development. A military world (red cost) is not "
        "paid for: you place it if your Military is at least its defence, and your Military "
        "is not used up. Choosing Settle does not make worlds cheaper; instead you draw a card "
        "after placing one.\n\n"
        "Your start world New Sparta gives Military 2, and you chose Settle and Produce. For "
        "each world in your hand, check: can you pay its cost with your other cards, or is "
        "your Military at least its defence?"
    ),
    after=(
        "New Earth (cost 5) is too dear for the three other cards in your hand, and Rebel "
        "Outpost needs Military 5. That leaves Gem World (cost 2, 1 VP) and Aquatic Uplift "
        "Race (defence 2, 2 VP): conquering Aquatic Uplift Race costs no cards and is worth "
        "more, so your score becomes 3."
    ),
    deck=STACK + ("New Earth", "Aquatic Uplift Race", "Gem World", "Rebel Outpost") + DEAR,
    dice=(("produce", "x2"),),
    script=(list(DEAR), ["settle", "produce"]),
    goal="Place the world that leaves you with the most VP.",
    grader="most_score",
    why="Conquest costs no cards.",
    claims={"best": ["Aquatic Uplift Race"], "player_score": 3},
)

TRADE = Lesson(
    id="game-trade",
    title="Consume: Trade a good for cards",
    topic="game",
    kind="choose",
    source="base rules §7 (Consume: Trade) and §1.1 (good kinds)",
    text=(
        "Goods are face-down cards on your worlds. In the Consume phase, if you chose Trade, "
        "you must sell one good: it is discarded and you draw cards for it. A Novelty good "
        "(blue) sells for 2 cards, Rare (brown) for 3, Genes (green) for 4 and Alien "
        "(yellow) for 5, plus any Trade bonuses of your cards.\n\n"
        "You started on Alpha Centauri, whose Rare good came with it, and last round you "
        "settled a windfall world that got a good as it was placed. You hold two cards, and "
        "now you chose Trade and Produce. Look at the colours of your goods."
    ),
    after=(
        "Pre-Sentient Race's Genes good sells for 4 cards, Alpha Centauri's Rare one for 3: "
        "selling the Genes good, you hold 6 cards (2 + 4)."
    ),
    player_start="Alpha Centauri",
    deck=STACK + ("Pre-Sentient Race", "Contact Specialist", "Investment Credits",
                  "Colony Ship") + DEAR,
    dice=(("produce", "x2"), ("produce", "x2")),
    script=(list(DEAR), ["settle", "develop"], [], ["Pre-Sentient Race"], until(Kind.ACTIONS),
            ["trade", "produce"]),
    goal="Sell the good that gives you the most cards.",
    grader="most_cards",
    why="Genes (green) sell for 4 cards, Rare (brown) for 3.",
    claims={"best": ["Pre-Sentient Race"], "player_hand": 6},
)

PRODUCE = Lesson(
    id="game-produce",
    title="Produce: the Produce bonus on a windfall world",
    topic="game",
    kind="choose",
    source="base rules §8 (Produce) and §1.1 (production and windfall worlds)",
    text=(
        "In the Produce phase every production world (a solid band in the colour of its good, "
        "saying \"production world\") without a good gets one. A windfall world (a hatched "
        "band, saying \"windfall world\") gets a good only when it is placed, or from a power, "
        "or from the Produce bonus: if you chose Produce, put one good on a windfall world of "
        "yours that has none.\n\n"
        "You conquered two windfall worlds and have sold both their goods. Now you chose "
        "Produce and Develop. Which of them holds the dearer kind of good?"
    ),
    after=(
        "Avian Uplift Race's good is Genes, which sells for 4 cards; Rebel Fuel Cache's is "
        "Rare, which sells for 3. With the good on Avian Uplift Race, your goods would sell "
        "for 4 cards."
    ),
    deck=STACK + ("Avian Uplift Race", "Rebel Fuel Cache", "Contact Specialist",
                  "Colony Ship") + DEAR,
    dice=(("produce", "x2"),) * 4,
    script=(list(DEAR), ["settle", "settle2"], ["Avian Uplift Race"], until(Kind.SETTLE),
            ["Rebel Fuel Cache"], until(Kind.ACTIONS), ["trade", "explore5"],
            until(Kind.ACTIONS), ["trade", "explore5"], until(Kind.ACTIONS),
            ["produce", "develop"], until(Kind.WINDFALL)),
    goal="Put your Produce bonus good where it will sell for the most.",
    grader="most_goods_value",
    why="A Genes good (green) sells for 4 cards, a Rare one (brown) for 3.",
    claims={"best": ["Avian Uplift Race"], "player_goods_value": 4},
)

# Four rounds of Explore +1/+1 (draw 3, keep the first two named) and Consume x2: twelve cards.
_EXPLORED = (("Deserted Alien Colony", "Lost Alien Warship", "Comet Zone"),
             ("Galactic Studios", "Rebel Underground", "Mining World"),
             ("Distant World", "Destroyed World", "Tourist World"),
             ("Expedition Force", "Lost Species Ark World", "Merchant World"))
_ROBOT_DRAWS = ("Hive World", "Pirate World", "Malevolent Lifeforms", "Blaster Gem Mines")

HAND_LIMIT = Lesson(
    id="game-hand-limit",
    title="Round end: the hand limit",
    topic="game",
    kind="choose",
    source="base rules §10.1 (hand limit) and TGS rulebook, Solitaire: Round end",
    text=(
        "There is no limit on your hand during a round. At its end, if you hold more than 10 "
        "cards, you discard down to 10 (the robot has no hand limit). Then the game-end check "
        "comes.\n\n"
        "You chose Explore +1/+1 for four rounds and kept two cards each time: you hold 12. "
        "Cards you keep in hand are not scored, but the ones you keep now are the ones you "
        "can place later."
    ),
    after=(
        "Destroyed World is worth nothing and Expedition Force 1 VP; every other card is "
        "worth 2 or more. Discarding those two, the ten cards you keep carry 36 VP."
    ),
    deck=STACK + ("Terraformed World", "Rebel Outpost", "New Earth", "Rebel Colony") + DEAR
    + tuple(c for explored, robot in zip(_EXPLORED, _ROBOT_DRAWS, strict=True)
            for c in (*explored, robot)),
    dice=(("produce", "x2"),) * 4,
    script=(list(DEAR),
            *(step for explored in _EXPLORED[:-1]
              for step in (["explore11", "x2"], list(explored[:2]), until(Kind.ACTIONS))),
            ["explore11", "x2"], list(_EXPLORED[-1][:2]), until(Kind.HAND_LIMIT)),
    goal="Discard two cards so that the ten you keep are worth the most VP.",
    grader="most_hand_vp",
    why="When you must discard, the cheapest cards to lose are the ones you would place last.",
    claims={"best": ["Destroyed World", "Expedition Force"], "player_hand_vp": 36},
)

SIX_COST = Lesson(
    id="game-six-cost",
    title="Game end: what a 6-cost development scores",
    topic="game",
    kind="choose",
    source="base rules §10.2 (scoring, 6-cost developments) and §5 (Develop)",
    text=(
        "At the end of the game you score the VP printed on your cards and your VP chips. A "
        "6-cost development shows \"?\": it scores the bonus its text lists, counting the "
        "cards in your tableau (itself included) that match.\n\n"
        "You chose Explore +1/+1 and Develop and hold three 6-cost developments. With your "
        "bonus one costs 5, and you have exactly five other cards to pay with. Read each "
        "one's bonus (the line marked VP on the card; its i shows the whole text) and count "
        "it for your tableau."
    ),
    after=(
        "New Galactic Order scores your Military: New Sparta's 2 plus its own 2, 4 VP. "
        "Imperium Lords scores 2 for itself (an Imperium card) and 1 for New Sparta, a "
        "military world: 3 VP. Galactic Renaissance scores 1 per 3 VP chips: none yet. With "
        "New Galactic Order your score is 5."
    ),
    deck=STACK + ("Imperium Lords", "New Galactic Order", "Galactic Renaissance", "Gem World")
    + DEAR + ("Spice World", "Mining Robots", "Comet Zone"),
    dice=(("produce", "x2"),),
    script=(list(DEAR), ["explore11", "develop"], ["Spice World", "Mining Robots"]),
    goal="Place the development that will score the most at the end of the game.",
    grader="most_score",
    why="Your score counts each 6-cost development's bonus as your tableau stands now.",
    claims={"best": ["New Galactic Order"], "player_score": 5},
)

CONQUEST = Lesson(
    id="game-conquest",
    title="Settle by conquest: Military against defence",
    topic="game",
    kind="choose",
    source="base rules §6.3 (military worlds) and §12.5 (Military is a threshold)",
    text=(
        "A military world (red cost) is not paid for: you place it if your Military is at "
        "least its defence, the red number. Your Military is the sum of the +Military powers "
        "in your tableau; it is not used up, and choosing Settle does not add to it.\n\n"
        "Last round you placed Space Marines next to New Sparta. Now you chose Settle and "
        "Produce and hold four military worlds."
    ),
    after=(
        "New Sparta gives Military 2 and Space Marines 2 more: Military 4. Rebel Outpost "
        "needs 5, so it is not offered; of the rest, Rebel Colony (defence 4) is worth the "
        "most, 4 VP. Your score becomes 6: New Sparta 1, Space Marines 1 and Rebel Colony 4."
    ),
    deck=STACK + ("Space Marines", "Rebel Outpost", "Aquatic Uplift Race", "Gem World") + DEAR
    + ("Rebel Colony", "Hive World", "Spice World"),
    dice=(("produce", "x2"),) * 2,
    script=(list(DEAR), ["explore11", "develop"], ["Rebel Colony", "Hive World"],
            ["Space Marines"], ["Gem World"], until(Kind.ACTIONS), ["settle", "produce"]),
    goal="Conquer the world that leaves you with the most VP.",
    grader="most_score",
    why="Military is compared with the defence; nothing is paid.",
    claims={"best": ["Rebel Colony"], "player_score": 6},
)

ROUND = Lesson(
    id="game-round",
    title="The round: a phase only the robot chose",
    topic="game",
    kind="choose",
    source="base rules §3 (round structure) and §12.1, §12.4 (bonuses go to the chooser)",
    text=(
        "Each round you choose two actions and the robot rolls two dice. Every phase that "
        "either of you chose is played, in order, and you take part in all of them; only the "
        "bonus belongs to whoever chose the phase.\n\n"
        "You chose Explore +5 and Settle; the robot rolled Develop and x2, as its mat shows: "
        "a die on the left Develop space and one on Consume: x2. So there is a Develop "
        "phase, and you may place a development in it; the x2 die also calls a Consume "
        "phase, after Settle."
    ),
    after=(
        "You did not choose Develop, so you get no bonus: every development costs its full "
        "price. Consumer Markets would cost 5 and you hold only 4 other cards, so it is not "
        "offered. Terraforming Robots (cost 3, 2 VP) is the best you can pay for: your score "
        "becomes 3."
    ),
    deck=STACK + ("Consumer Markets", "Terraforming Robots", "Public Works", "New Vinland")
    + DEAR + ("Gem World", "Spice World", "Comet Zone", "Mining Robots", "Asteroid Belt",
              "Radioactive World", "Volcanic World"),
    dice=(("develop", "x2"),),
    script=(list(DEAR), ["explore5", "settle"], ["Gem World"]),
    goal="Place the development that leaves you with the most VP.",
    grader="most_score",
    why="A phase you did not choose is played without your bonus.",
    claims={"best": ["Terraforming Robots"], "player_score": 3},
)

# Four worlds you cannot place in the round of the action lessons below: military worlds
# beyond your Military and a world dearer than your hand can pay.
UNPLACEABLE = ("Rebel Colony", "Rebel Outpost", "Lost Alien Battle Fleet",
               "Alien Robotic Factory")

EXPLORE_PICK = Lesson(
    id="game-explore-pick",
    title="Choosing Explore: +5 or +1/+1",
    topic="game",
    kind="choose",
    source="base rules §4 (Explore) and §1.3 (the Explore bonuses)",
    text=(
        "Your two actions decide which phases you get a bonus in. The two Explore actions "
        "differ only in their bonus: +5 draws 5 more cards but still keeps 1, so it is for "
        "finding one good card; +1/+1 draws 1 more and keeps 1 more.\n\n"
        "You hold four worlds you cannot place yet: three military worlds and Alien Robotic "
        "Factory (cost 6). Each military world's defence is above your Military of 2, and "
        "Alien Robotic Factory is too dear for the three other cards in your hand: you need "
        "cards. This round you will choose Produce; pick your other action."
    ),
    after=(
        "Explore +1/+1 with Produce: you draw 3 and keep 2, and end the round holding 6 "
        "cards. Explore +5 keeps only 1 of its 7 (5 cards); the other actions draw you "
        "nothing this round."
    ),
    deck=STACK + UNPLACEABLE + DEAR,
    dice=(("produce", "match"),),
    script=(list(DEAR),),
    goal="Choose Produce and the action that leaves you holding the most cards at the end of "
         "the round.",
    grader="most_cards_round",
    fixed=("produce",),
    why="The Explore bonus you pick decides how many cards you keep.",
    claims={"best": ["Explore +1/+1", "Produce"], "player_hand": 6},
)

CONSUME_X2 = Lesson(
    id="game-consume-x2",
    title="Consume: doubling VP with 2x VPs",
    topic="game",
    kind="choose",
    player_start="Earth's Lost Colony",
    source="base rules §7 (Consume: the 2x VPs bonus) and §1.3 (the Consume bonuses)",
    text=(
        "In the Consume phase every player must use their Consume powers on goods: a good "
        "is discarded and the power gives what it shows, often VP chips. There are two "
        "Consume actions. Trade ($) first sells one good for cards. 2x VPs doubles the VP "
        "chips your Consume powers give this phase. The Consume phase comes before Produce, "
        "so a world emptied by consuming fills up again the same round.\n\n"
        "Your start world, Earth's Lost Colony, holds a Novelty good and has a Consume power: "
        "1 good for 1 VP. You chose Produce last round; you will choose it again. Pick your "
        "other action."
    ),
    after=(
        "Consume x2 with Produce: Earth's Lost Colony's power turns its good into 1 VP, "
        "doubled to 2, and Produce puts a new good there. Your score becomes 3 (1 for the "
        "world and 2 VP chips). Trade would sell the good for 2 cards and give no VP; "
        "the other actions give no VP this round."
    ),
    deck=STACK + UNPLACEABLE + DEAR,
    dice=(("produce", "match"),) * 2,
    script=(list(DEAR), ["develop", "produce"], until(Kind.ACTIONS)),
    goal="Choose Produce and the action that gives you the highest score at the end of the "
         "round.",
    grader="most_score_round",
    fixed=("produce",),
    why="Consume x2 doubles the VP of your Consume powers.",
    claims={"best": ["Consume x2", "Produce"], "player_score": 3},
)

GAME_LESSONS: tuple[Lesson, ...] = (CARDS, EXPLORE, EXPLORE_PICK, DEVELOP, SETTLE, CONQUEST,
                                    TRADE, CONSUME_X2, PRODUCE, ROUND, HAND_LIMIT, SIX_COST)
