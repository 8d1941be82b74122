"""Lesson maps for weapons that cannot hurt, poison and offers of quarter (issue 11).

Each entry of SCENARIOS is a (file name, layout, legend, map properties, units, zones) tuple,
as tools/make_maps.py writes them; make_maps adds this list to its own.
"""

from __future__ import annotations

from make_maps import LEGEND, lesson_props, side_exits

OPEN_14x10 = """
            ..............
            ..............
            ..............
            ..............
            ..............
            ..............
            ..............
            ..............
            ..............
            ..............
"""

# (l) gargoyles: men-at-arms whose swords cannot hurt them, and one veteran whose +1 sword can.
GARGOYLE_UNITS = [
    ("blue_sword_plus_1", "blue", "fighter3_magic", 4, 4, "E", {"hero": True}),
    ("blue_man_at_arms_1", "blue", "fighter1", 4, 2, "E", {"hero": True, "hp": 20}),
    ("blue_man_at_arms_2", "blue", "fighter1", 4, 6, "E", {"hp": 20}),
    ("blue_man_at_arms_3", "blue", "fighter1", 3, 3, "E", {"hp": 20}),
    ("blue_man_at_arms_4", "blue", "fighter1", 3, 5, "E", {"hp": 20}),
    ("red_gargoyle_1", "red", "gargoyle", 8, 2, "W", {}),
    ("red_gargoyle_2", "red", "gargoyle", 8, 4, "W", {}),
    ("red_gargoyle_3", "red", "gargoyle", 8, 6, "W", {}),
]
GARGOYLE_PROPS = lesson_props(
    "Lesson: Weapons that cannot hurt (gargoyles)",
    "Gargoyles are hit only by magic weapons. Only the veteran's long sword +1 hurts them; a hit by "
    "a man-at-arms' plain sword does nothing (the log says the sword cannot hurt it). A man-at-arms "
    "that a gargoyle threatens checks morale at the end of the round at -8 (its morale line says "
    "cannot hurt) and soon gives way.",
)

# (m) giant spiders: a bite that hits forces a save vs poison; a failure burns each status step.
POISON_UNITS = [
    ("blue_fighter_1", "blue", "fighter1", 5, 3, "E", {"hero": True, "hp": 40}),
    ("blue_fighter_2", "blue", "fighter1", 5, 5, "E", {"hero": True, "hp": 40}),
    ("blue_fighter_3", "blue", "fighter1", 5, 7, "E", {"hero": True, "hp": 40}),
    ("red_spider_1", "red", "giant_spider", 7, 3, "W", {}),
    ("red_spider_2", "red", "giant_spider", 7, 5, "W", {}),
    ("red_spider_3", "red", "giant_spider", 7, 7, "W", {}),
]
POISON_PROPS = lesson_props(
    "Lesson: Poison (giant spiders)",
    "Giant spiders bite with poison. A bite that hits forces a save vs poison (the log says the bitten "
    "creature saves or fails against the poison); on a failure the venom does 1d6 more in the status step "
    "at the end of this round and of the next two (the log says it suffers that much from poison), "
    "whatever happens in the fighting. The save halves nothing.",
)

# (n) quarter across a ravine: surprised hobgoblins check morale in round 1; the veterans, unable to reach
# them across the pits, offer quarter to those still standing. Nobody can cross the ravine, so the
# battle ends when the last hobgoblin has fled or given up, or after 8 rounds.
RAVINE_14x10 = """
            ......pp......
            ......pp......
            ......pp......
            ......pp......
            ......pp......
            ......pp......
            ......pp......
            ......pp......
            ......pp......
            ......pp......
"""
SURRENDER_UNITS = [
    ("blue_veteran_1", "blue", "fighter3", 4, 4, "E", {"hero": True}),
    ("blue_veteran_2", "blue", "fighter3", 4, 6, "E", {"hero": True}),
    ("blue_veteran_3", "blue", "fighter3", 4, 8, "E", {"hero": True}),
] + [(f"red_hobgoblin_{i + 1}", "red", "hobgoblin", 9 + i % 2, 3 + i, "W", {}) for i in range(7)]
SURRENDER_PROPS = lesson_props(
    "Lesson: Offering surrender",
    "Three veterans surprise seven hobgoblins across a ravine of pits that neither side can cross, and "
    "the hobgoblins check morale at the end of round 1. A hobgoblin that has checked once and is offered quarter (the normal or hard AI offers it, "
    "or key O) checks again at the end of the round, its morale line saying offered surrender, "
    "and a failure by any margin means it surrenders.",
    surprised="red",
    max_rounds=8,
)

SCENARIOS: list[tuple] = [
    ("lesson_gargoyle.tmx", OPEN_14x10, LEGEND, GARGOYLE_PROPS, GARGOYLE_UNITS, side_exits(14, 10)),
    ("lesson_poison.tmx", OPEN_14x10, LEGEND, POISON_PROPS, POISON_UNITS, side_exits(14, 10)),
    ("lesson_surrender.tmx", RAVINE_14x10, LEGEND, SURRENDER_PROPS, SURRENDER_UNITS, side_exits(14, 10)),
]
