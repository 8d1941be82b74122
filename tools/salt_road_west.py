"""The Salt Road's western battles: the ford at Dunmere, the causeway over Harrow Gorge and
the night at Saltwell (campaigns/the_salt_road/README.md tells the story).

Each entry of BATTLES is (file name, layout, map properties, units, blue deployment zone as
(col, row, width, height)); tools/make_salt_road.py writes them. The layouts use make_maps'
legend. Blue's units are the company as a plain `rout play` of the map fields it; the campaign
puts its own members in the deployment zone instead.
"""

from __future__ import annotations

from make_maps import lesson_props

# ---------------------------------------------------------------- the ford at Dunmere
#
# 24 x 14: the Dun runs north-south through columns 11-13, deep in its pools; the salt road
# crosses it at a paved ford (rows 6-7). Orcs hold the east bank under a low hill, goblin
# slingers behind them. The first battle: nothing staged, a plain fight at a river.
#            0         1         2
#            012345678901234567890123
FORD = """
            TT.....,,...~=........TT
            T..........~~=.....,...T
            ..,,.......~~~...hh.....
            ..,........m~~..hHHh....
            ...........m~~m.hhhh....
            ............~~..........
            rrrrrrrrrrrrrrrrrrrrrrrr
            ..........mrrm..........
            ............~~.....,,...
            ....,,.....~~~.....,,...
            ...........~=~..........
            .TT........~==........T.
            TTT........~~~.......TT.
            ,,.........~~~,,......TT
"""
FORD_UNITS = [
    ("blue_aldo", "blue", "fighter3", 4, 6, "E", {"hero": True}),
    ("blue_brannoc", "blue", "dwarf", 4, 7, "E", {}),
    ("blue_cole", "blue", "fighter1", 4, 5, "E", {}),
    ("blue_dara", "blue", "fighter1", 4, 8, "E", {}),
    ("blue_emmet", "blue", "archer", 3, 4, "E", {}),
    ("blue_fenna", "blue", "priest", 3, 7, "E", {}),
    ("red_grukk", "red", "orc_leader", 17, 6, "W", {"leader": True}),
    ("red_orc_1", "red", "orc", 16, 5, "W", {}),
    ("red_orc_2", "red", "orc", 16, 7, "W", {}),
    ("red_orc_3", "red", "orc", 16, 8, "W", {}),
    ("red_orc_4", "red", "orc", 17, 4, "W", {}),
    ("red_goblin_1", "red", "goblin", 18, 3, "W", {}),
    ("red_goblin_2", "red", "goblin", 19, 8, "W", {}),
    ("red_goblin_3", "red", "goblin", 19, 5, "W", {}),
    ("red_orc_5", "red", "orc", 17, 8, "W", {}),
    ("red_gnoll", "red", "gnoll", 17, 7, "W", {}),
]
FORD_PROPS = lesson_props(
    "The Salt Road 1: The Ford at Dunmere",
    "Grukk's orcs hold the paved ford of the Dun, goblin slingers behind them on the east bank. "
    "The Grey Company must clear the crossing before the salt carts can roll. Wading slows a "
    "creature and costs it initiative; the ford's paving does not.",
)

# ---------------------------------------------------------------- the causeway over Harrow Gorge
#
# 26 x 14: the salt road crosses Harrow Gorge on the Saddle, a causeway of rock two squares wide
# (rows 6-7). Every `C` square lies under the gorge's edge, 20 ft down: a creature driven into
# one falls (docs/rules.md#hazards). A creature fighting on the causeway with its own side's
# ranks behind it has no rear space to give ground into, so a forced retreat takes it into a
# flank space, and beside the causeway every flank square is a cliff. The gorge runs off the
# map north and south. A creature that falls lies prone in the cliff square, hurt, and may
# stand and climb back onto the causeway (the game has no rule against it); nobody walks into
# a cliff square by choice, so the gorge floor beyond is reached only by a fall. The orcs and hobgoblins hold the
# east end under a low hill, with an ogre; the company comes from the west. The normal AI,
# playing both sides, drives someone over the edge in about three games of four.
#            0         1         2
#            01234567890123456789012345
CAUSEWAY = """
            TTT,,...C,~~==~~,C...,,TTT
            TT......C,~~==~~,C.......T
            T.......C,~~==~~,C........
            ........C,,~==~,,C.....hh.
            ....,,..C,,~~~~,,C....hHHh
            ........CCCCCCCCCC....hHHh
            rrrrrrrrrrrrrrrrrrrrrrrhh.
            ........rrrrrrrrrr........
            ........CCCCCCCCCC........
            ........C,,~~~~,,C....,,..
            ....,,..C,,~==~,,C........
            T.......C,~~==~~,C.....T..
            TT......C,~~==~~,C....TTTT
            TTT,,...C,~~==~~,C....TTTT
"""
CAUSEWAY_UNITS = [
    ("blue_aldo", "blue", "fighter3", 4, 6, "E", {"hero": True}),
    ("blue_brannoc", "blue", "dwarf", 4, 7, "E", {}),
    ("blue_cole", "blue", "fighter1", 4, 5, "E", {}),
    ("blue_dara", "blue", "fighter1", 3, 5, "E", {}),
    ("blue_emmet", "blue", "archer", 2, 6, "E", {}),
    ("blue_fenna", "blue", "priest", 2, 7, "E", {}),
    ("red_hobgoblin_1", "red", "hobgoblin", 22, 4, "W", {}),
    ("red_hobgoblin_2", "red", "hobgoblin", 23, 4, "W", {}),
    ("red_hobgoblin_3", "red", "hobgoblin", 22, 5, "W", {}),
    ("red_hobgoblin_4", "red", "hobgoblin", 23, 5, "W", {}),
    ("red_orc_chief", "red", "orc_leader", 20, 6, "W", {"leader": True}),
    ("red_orc_1", "red", "orc", 20, 7, "W", {}),
    ("red_orc_2", "red", "orc", 21, 7, "W", {}),
    ("red_orc_3", "red", "orc", 21, 6, "W", {}),
    ("red_orc_4", "red", "orc", 21, 8, "W", {}),
    ("red_hobgoblin_5", "red", "hobgoblin", 22, 7, "W", {}),
    ("red_ogre", "red", "ogre", 23, 6, "W", {}),
]
CAUSEWAY_PROPS = lesson_props(
    "The Salt Road 2: The Causeway over Harrow Gorge",
    "The salt road crosses Harrow Gorge on a causeway of rock two men wide; orcs, hobgoblins and "
    "a hired ogre hold its far end. A creature driven back where its own ranks stand behind it "
    "gives ground sideways, and beside the causeway every square is a cliff: it falls 20 feet "
    "(2d6 and prone) unless it saves to stand fast. Meet the foe at the causeway's mouth and push "
    "him over; out on the causeway your own men can go over as well.",
)

# ---------------------------------------------------------------- the night at Saltwell
#
# 22 x 16: the company camps in the old drovers' fold by the Saltwell road, its low stone walls
# broken in many places, the campfire on the road at its east mouth: a fire square, and a
# goblin driven into it burns.
# Goblins and kobolds come out of the dark from the east and both flanks, a hobgoblin chief
# with them. Blue is surprised (option `surprised`): every creature of the company but its
# heroes checks morale in round 1 at -2, and a band of weak-hearted goblins breaks when its
# chief falls (leader lost) or a quarter of it does.
#            0         1         2
#            0123456789012345678901
CAMP = """
            TT..,,....TTT......TTT
            T......,...TT.......TT
            ...TT..........,,....T
            ..TT.....,.........T..
            ..##.##..#...........,
            .#.............T......
            .................TT...
            rrrrrrrrF.rrrrrrrrrrrr
            ......................
            .#...........,....T...
            ..##.##..#........T...
            ..,,.............TT...
            .TT......,,.......T...
            TTT...TT.........,,...
            TT...TTTT.............
            T....TT.........TTT...
"""
CAMP_UNITS = [
    ("blue_aldo", "blue", "fighter3", 5, 7, "E", {"hero": True}),
    ("blue_brannoc", "blue", "dwarf", 5, 8, "E", {}),
    ("blue_cole", "blue", "fighter1", 5, 6, "E", {}),
    ("blue_dara", "blue", "fighter1", 4, 9, "SE", {}),
    ("blue_emmet", "blue", "archer", 3, 6, "E", {}),
    ("blue_fenna", "blue", "priest", 3, 8, "E", {}),
    ("blue_gwyn", "blue", "wizard", 2, 7, "E", {}),
    ("red_chief", "red", "hobgoblin", 17, 8, "W", {"leader": True, "hp": 11}),
    ("red_hobgoblin_1", "red", "hobgoblin", 16, 7, "W", {}),
    ("red_hobgoblin_2", "red", "hobgoblin", 16, 9, "W", {}),
    ("red_goblin_1", "red", "goblin", 12, 2, "SW", {}),
    ("red_goblin_2", "red", "goblin", 13, 3, "SW", {}),
    ("red_goblin_3", "red", "goblin", 11, 3, "SW", {}),
    ("red_goblin_4", "red", "goblin", 12, 12, "NW", {}),
    ("red_goblin_5", "red", "goblin", 13, 11, "NW", {}),
    ("red_goblin_6", "red", "goblin", 11, 12, "NW", {}),
    ("red_kobold_1", "red", "kobold", 18, 5, "W", {}),
    ("red_kobold_2", "red", "kobold", 19, 10, "W", {}),
    ("red_kobold_3", "red", "kobold", 19, 7, "W", {}),
    ("red_bugbear", "red", "bugbear", 18, 8, "W", {}),
    ("red_goblin_8", "red", "goblin", 14, 12, "NW", {}),
]
CAMP_PROPS = lesson_props(
    "The Salt Road 3: A Night at Saltwell",
    "Goblins out of the dark, from the east and from both flanks, with a hobgoblin chief to drive "
    "them. The company is surprised: all but its heroes check morale in the first round at -2, "
    "and some may break. The goblins' hearts are weaker still: kill the chief (his fall shakes "
    "them all) or a quarter of the band and the rest may run. The campfire burns whoever is driven "
    "into it.",
    surprised="blue",
)

BATTLES: list[tuple] = [
    ("ford.tmx", FORD, FORD_PROPS, FORD_UNITS, (1, 3, 4, 7)),
    ("causeway.tmx", CAUSEWAY, CAUSEWAY_PROPS, CAUSEWAY_UNITS, (1, 4, 4, 6)),
    ("camp.tmx", CAMP, CAMP_PROPS, CAMP_UNITS, (2, 5, 5, 5)),
]
