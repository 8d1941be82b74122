"""The Salt Road's eastern battles: the deserters' bridge, the pike wall at Caddon Gap and the
tower at Vesk's Cairn (campaigns/the_salt_road/README.md tells the story).

Each entry of BATTLES is (file name, layout, map properties, units, blue deployment zone as
(col, row, width, height)), as in tools/salt_road_west.py; tools/make_salt_road.py writes them.
"""

from __future__ import annotations

from make_maps import lesson_props

# ---------------------------------------------------------------- the deserters' bridge
#
# 24 x 14: the Harrow runs deep under a stone bridge (the road, rows 6-7); on the east bank a
# gatehouse of two rooms open to the road. The garrison deserted in the spring and now tolls
# the salt road for itself. They are men: they can be offered quarter
# (docs/rules.md#offering-surrender), and taken by surprise (option `surprised`) every one of them checks morale in
# round 1, so from then on an offer makes it check again, and a failure by any margin is a
# surrender.
#            0         1         2
#            012345678901234567890123
BRIDGE = """
            TT.......,~==~......TTTT
            T.........~==~.......TTT
            ..,,......~==~..,,....TT
            ..........~==~..........
            ..........~==~..#####...
            ...,,.....~==~..#...#...
            rrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrr
            ..........~==~..#...#...
            ..........~==~..#####...
            ..TT......~==~......,,..
            .TTT......~==~..........
            ..T.......~==~.....TT...
            ..........~==~....TTT...
"""
BRIDGE_UNITS = [
    ("blue_aldo", "blue", "fighter3", 4, 6, "E", {"hero": True}),
    ("blue_brannoc", "blue", "dwarf", 4, 7, "E", {}),
    ("blue_cole", "blue", "fighter1", 4, 5, "E", {}),
    ("blue_dara", "blue", "fighter1", 4, 8, "E", {}),
    ("blue_emmet", "blue", "archer", 3, 4, "E", {}),
    ("blue_fenna", "blue", "priest", 3, 7, "E", {}),
    ("blue_gwyn", "blue", "wizard", 2, 6, "E", {}),
    ("red_hollin", "red", "fighter3", 18, 6, "W", {"leader": True}),
    ("red_deserter_1", "red", "fighter1", 17, 5, "SW", {}),
    ("red_deserter_2", "red", "fighter1", 17, 8, "NW", {}),
    ("red_deserter_3", "red", "fighter1", 19, 7, "W", {}),
    ("red_bowman_1", "red", "archer", 18, 5, "W", {}),
    ("red_bowman_2", "red", "archer", 18, 8, "W", {}),
    ("red_levy_1", "red", "militia", 21, 5, "W", {}),
    ("red_levy_2", "red", "militia", 21, 8, "W", {}),
    ("red_levy_3", "red", "militia", 22, 6, "W", {}),
    ("red_deserter_4", "red", "fighter1", 19, 6, "W", {}),
    ("red_bowman_3", "red", "archer", 22, 7, "W", {}),
]
BRIDGE_PROPS = lesson_props(
    "The Salt Road 4: The Deserters' Bridge",
    "Sergeant Hollin's deserters hold the gatehouse on the Harrow bridge and toll the salt road "
    "for themselves. The company comes on them at dawn: they are surprised, and every one of them "
    "checks morale in the first round. They are men who can be offered quarter (Offer surrender, "
    "O): once a creature has checked morale, an offer makes it check again at the end of the round, "
    "and a failure by any margin is a surrender. Hungry men are cheaper taken than killed.",
    surprised="red",
)

# ---------------------------------------------------------------- the pike wall at Caddon Gap
#
# 22 x 14: the salt road leaves the hills through Caddon Gap, six squares wide between the
# woods, where the old border wall runs down to the road on either side; east of the wall's
# end it climbs into open ground. The company holds the gap's mouth with pikes; a
# hobgoblin war band with gnolls and bugbears stands ten squares off, too far to charge in the
# first round. A pikeman who sets his pike (Set vs charge, C) strikes a charger first as it
# comes into his 15-ft reach, for double dice (docs/rules.md#charge); the foes that charge
# elsewhere run at +2 and are easier to hit until they act again.
#            0         1         2
#            0123456789012345678901
GAP = """
            TTTTTTTTTTTTT.....TTTT
            TTTTTTTTTTT....,....TT
            TTTTTTTTTT.....hh.....
            TTT#####.,....hHHh....
            ...,..........hHHh....
            ...............hh.....
            rrrrrrrrrrrrrrrrrrrrrr
            ...............,,.....
            ...,..........hh......
            ..............hHh.....
            TTT#####......hh......
            TTTTTTTTTT.........,TT
            TTTTTTTTTTT.........TT
            TTTTTTTTTTTTT....TTTTT
"""
GAP_UNITS = [
    ("blue_aldo", "blue", "fighter3", 5, 4, "E", {"hero": True}),
    ("blue_pike_1", "blue", "pikeman", 5, 5, "E", {}),
    ("blue_pike_2", "blue", "pikeman", 5, 6, "E", {}),
    ("blue_pike_3", "blue", "pikeman", 5, 7, "E", {}),
    ("blue_brannoc", "blue", "dwarf", 5, 8, "E", {}),
    ("blue_cole", "blue", "fighter1", 5, 9, "E", {}),
    ("blue_emmet", "blue", "archer", 3, 6, "E", {}),
    ("blue_fenna", "blue", "priest", 4, 7, "E", {}),
    ("red_gorm", "red", "bugbear", 17, 6, "W", {"leader": True}),
    ("red_bugbear", "red", "bugbear", 17, 8, "W", {}),
    ("red_gnoll_1", "red", "gnoll", 16, 4, "W", {}),
    ("red_gnoll_2", "red", "gnoll", 16, 7, "W", {}),
    ("red_gnoll_3", "red", "gnoll", 16, 9, "W", {}),
    ("red_hobgoblin_1", "red", "hobgoblin", 16, 5, "W", {}),
    ("red_hobgoblin_2", "red", "hobgoblin", 16, 6, "W", {}),
    ("red_hobgoblin_3", "red", "hobgoblin", 16, 8, "W", {}),
    ("red_hobgoblin_4", "red", "hobgoblin", 17, 5, "W", {}),
    ("red_hobgoblin_5", "red", "hobgoblin", 17, 7, "W", {}),
    ("red_gnoll_4", "red", "gnoll", 18, 6, "W", {}),
]
GAP_PROPS = lesson_props(
    "The Salt Road 5: The Pike Wall at Caddon Gap",
    "Gorm's war band, hobgoblins with gnolls and bugbears, means to break through Caddon Gap and "
    "down onto the salt road. Hold the gap's mouth. A charge is a run of at least 2 squares that "
    "ends in a blow at +2, and leaves the charger 1 AC worse until it acts again. A pikeman set "
    "to receive it (Set vs charge, C) strikes the charger first as it comes into his 15-ft reach, "
    "for double dice; an AI foe will not charge a set pike, so set them where the charge must come.",
)

# ---------------------------------------------------------------- the tower at Vesk's Cairn
#
# 22 x 16: the ruin of a watchtower on a hill top (elevation 2: +1 to hit from it, +1 to
# initiative and morale over a foe below) east of the road's end. Vesk the enchanter, who paid
# the war bands, stands in it with his apprentice, a dark priest, skeletons that no fear
# touches and two hobgoblin guards. The duel: magic missiles never miss, burning hands scorch
# the three squares before the caster, an acid arrow burns on, slow halves a line of foes,
# hold person stops a man where he stands and cure light wounds closes a wound
# (docs/rules.md#magic). A caster hurt earlier in the round loses the spell he would cast.
#            0         1         2
#            0123456789012345678901
TOWER = """
            TTT......,,.......TTTT
            TT............hhhh..TT
            T...,,.......hhhhhhh.T
            ............hh##H##hh.
            ...........hh#HHHH#h..
            ...........hHHHHHHHh..
            rrrrrrrrrrrrHHHHHHHh..
            ...........hHHHHHHHh..
            ...........hh#HHHH#h..
            ............hh##H##hh.
            ..,,.........hhhhhhh..
            ..TT..........hhhh....
            .TTT..................
            ......TT.........,,..T
            .....TTT..........TTTT
            T.........,,.....TTTTT
"""
TOWER_UNITS = [
    ("blue_aldo", "blue", "fighter3", 4, 6, "E", {"hero": True}),
    ("blue_brannoc", "blue", "dwarf", 4, 7, "E", {}),
    ("blue_cole", "blue", "fighter1", 4, 5, "E", {}),
    ("blue_dara", "blue", "fighter1", 4, 8, "E", {}),
    ("blue_pike_1", "blue", "pikeman", 4, 4, "E", {}),
    ("blue_emmet", "blue", "archer", 3, 4, "E", {}),
    ("blue_fenna", "blue", "priest3", 3, 7, "E", {}),
    ("blue_gwyn", "blue", "wizard3", 2, 6, "E", {}),
    ("red_vesk", "red", "enchanter5", 16, 6, "W", {"leader": True}),
    ("red_apprentice", "red", "wizard3", 15, 5, "W", {}),
    ("red_black_priest", "red", "priest3", 15, 7, "W", {}),
    ("red_skeleton_1", "red", "skeleton", 13, 5, "W", {}),
    ("red_skeleton_2", "red", "skeleton", 13, 6, "W", {}),
    ("red_skeleton_3", "red", "skeleton", 13, 7, "W", {}),
    ("red_guard_1", "red", "hobgoblin", 17, 4, "W", {}),
]
TOWER_PROPS = lesson_props(
    "The Salt Road 6: The Tower at Vesk's Cairn",
    "Vesk the enchanter, who paid the war bands to close the salt road, waits in the ruined tower "
    "on the cairn with his apprentice, a dark priest, four skeletons and two hobgoblin guards. "
    "Spell against spell: Cast (K) a memorised spell; a caster hurt earlier in the round loses the "
    "spell he would cast, so strike the casters before they strike. Skeletons never break and "
    "cannot be offered quarter; the hill top gives its holders +1 to hit.",
)

BATTLES: list[tuple] = [
    ("bridge.tmx", BRIDGE, BRIDGE_PROPS, BRIDGE_UNITS, (1, 3, 4, 7)),
    ("gap.tmx", GAP, GAP_PROPS, GAP_UNITS, (1, 4, 5, 6)),
    ("tower.tmx", TOWER, TOWER_PROPS, TOWER_UNITS, (1, 4, 4, 7)),
]
