"""The lessons of the charge (docs/rules.md#charge), of the pike's first strike by reach
(docs/rules.md#first-strike-in-round-1) and of a retreat refused by size.

Imported by tools/make_maps.py, which writes every map in `SCENARIOS` (see maps/README.md).
"""

from __future__ import annotations

from make_maps import LEGEND, lesson_props, side_exits

# (o) charge: two blue archers shoot from alcoves in a wall, each open only at its mouth to the
# east. Between them a spearman stands walled in, facing east: his spear reaches over the walls to
# both mouths. Red skeletons, fast and many, start too far off to charge in round 1. The spearman,
# who cannot leave his post, sets his spear as they come; a skeleton that charges an archer must
# end in the alcove's mouth, and the spear meets it there first.
#            0         1         2
#            012345678901234567890
LESSON_CHARGE = """
            .....................
            .####................
            .#...................
            .###.................
            .#.#.................
            .###.................
            .#...................
            .####................
            .....................
"""
LESSON_CHARGE_UNITS = [
    ("blue_archer_1", "blue", "archer", 2, 2, "E", {}),
    ("blue_militia", "blue", "militia", 2, 4, "E", {"cornered": True}),
    ("blue_archer_2", "blue", "archer", 2, 6, "E", {}),
    ("red_skeleton_1", "red", "skeleton", 20, 2, "W", {"hp": 15}),
    ("red_skeleton_2", "red", "skeleton", 20, 4, "W", {"hp": 15}),
    ("red_skeleton_3", "red", "skeleton", 20, 6, "W", {"hp": 15}),
]
LESSON_CHARGE_PROPS = lesson_props(
    "Lesson: Charge and the Set Spear",
    "Skeletons run at your two archers in their alcoves; between them your spearman, walled in, "
    "can set his spear to receive a charge. A charge is a run of at least 2 squares, up to a full move, "
    "that ends in reach of the foe with one blow at +2 (the log says it charges); "
    "until it acts again the charger's AC is 1 worse (its card says charging). A set spear strikes "
    "first as a charger comes into its reach, for double dice (the log says it meets the charge: "
    "2d6 for a spear), and that is its attack of opportunity for the round. You play blue against the normal AI.",
)


OPEN_12x8 = """
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
"""

# (p) size: an ogre (Large, 4 HD) ringed by halflings (Small, level 1). They are within 4 levels of
# it, so the level rule lets them drive it back, but it is two sizes larger: it ignores them.
LESSON_SIZE_UNITS = [
    ("red_ogre", "red", "ogre", 6, 4, "W", {"hp": 40}),
    ("blue_halfling_1", "blue", "halfling", 5, 4, "E", {}),
    ("blue_halfling_2", "blue", "halfling", 7, 4, "W", {}),
    ("blue_halfling_3", "blue", "halfling", 6, 3, "S", {}),
    ("blue_halfling_4", "blue", "halfling", 6, 5, "N", {}),
    ("blue_halfling_5", "blue", "halfling", 5, 3, "SE", {}),
    ("blue_halfling_6", "blue", "halfling", 7, 5, "NW", {}),
]
LESSON_SIZE_PROPS = lesson_props(
    "Lesson: Too Big to Drive Back",
    "Halflings ring an ogre. A creature that hits a foe without being hit back by it may drive "
    "it back at the end of the round, unless the foe is 4 or more levels or Hit Dice above it, "
    "or two sizes larger. The ogre's 4 HD are only 3 above a first-level halfling, but it is "
    "Large and they are Small: each retreat they win is refused (the log says the ogre is too big to be driven back).",
)

# (q) the pike's reach: two red pikemen hold a deep pool far from home (-4 and -6 to their
# initiative, so the blue swordsmen always act first in round 1). The swordsman on (7, 7) stands
# on the first pike's flank, out of its front arc: one diagonal step puts him in its front 10 ft
# away, and the pike, reaching 15 ft against his sword's 3, strikes first (the second pike's
# attack of opportunity is what leaving his square costs him). The other two start inside the
# pikes' reach; the normal AI, playing both sides (tests/test_mechanics_in_play.py), sends one
# in to a first strike in about half the seeds.
#            0         1
#            012345678901
LESSON_PIKE = """
            ............
            ............
            ............
            ............
            ........==..
            ........==..
            ............
            ............
"""
LESSON_PIKE_UNITS = [
    ("blue_swordsman", "blue", "fighter1", 6, 1, "S", {}),
    ("blue_swordsman_2", "blue", "fighter1", 6, 7, "N", {}),
    ("blue_swordsman_3", "blue", "fighter1", 7, 7, "N", {}),
    ("red_pikeman_1", "red", "pikeman", 8, 4, "W", {}),
    ("red_pikeman_2", "red", "pikeman", 8, 5, "W", {}),
]
LESSON_PIKE_PROPS = lesson_props(
    "Lesson: The Pike's Reach",
    "Two pikemen hold a deep pool, far from home (-4 and -6 to their initiative, so your swordsman "
    "moves first). In the first round only, a weapon reaching over 10 ft strikes first at a foe "
    "whose weapon reaches under 6 ft when it comes within 10 ft, even if the pikeman lost the "
    "initiative: a 15-ft pike against a 3-ft sword. That blow is the pikeman's action for the round "
    "(the banner says First strike!).",
    foreign_environment="red",
)

SCENARIOS: list[tuple] = [
    ("lesson_pike.tmx", LESSON_PIKE, LEGEND, LESSON_PIKE_PROPS, LESSON_PIKE_UNITS, side_exits(12, 8)),
    ("lesson_charge.tmx", LESSON_CHARGE, LEGEND, LESSON_CHARGE_PROPS, LESSON_CHARGE_UNITS, side_exits(21, 9)),
    ("lesson_size.tmx", OPEN_12x8, LEGEND, LESSON_SIZE_PROPS, LESSON_SIZE_UNITS, side_exits(12, 8)),
]
