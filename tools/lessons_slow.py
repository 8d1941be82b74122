"""The slow lesson map (see maps/README.md): written by tools/make_maps.py, which adds SCENARIOS
to the maps it writes."""

from __future__ import annotations

from make_maps import LEGEND, lesson_props, side_exits

# Slow on its own (issue 38: in the magic lesson the haste on blue's line always cancelled red's
# slow, so no creature was ever seen slowed). Blue's enchanter slows the hobgoblins' line as it
# forms; red has no caster to answer with haste, so the slowed hobgoblins come on at half their
# move, act later on the initiative track and strike blue's fighters at -2, against an AC 2 worse.
# The hobgoblins are heroes: they never break, so they close and fight while slowed.
#            0         1
#            0123456789012345678901
LESSON_SLOW = """
            ......................
            ......................
            ......................
            ......................
            ......................
            ......................
            ......................
            ......................
            ......................
"""

LESSON_SLOW_UNITS = [
    ("blue_fighter_1", "blue", "fighter1", 7, 3, "E", {}),
    ("blue_fighter_2", "blue", "fighter1", 7, 4, "E", {}),
    ("blue_fighter_3", "blue", "fighter1", 7, 5, "E", {}),
    ("blue_enchanter", "blue", "enchanter5", 3, 4, "E", {"hero": True, "hp": 16}),
    ("red_hobgoblin_1", "red", "hobgoblin", 15, 2, "W", {"hero": True, "hp": 14}),
    ("red_hobgoblin_2", "red", "hobgoblin", 15, 3, "W", {"hero": True, "hp": 14}),
    ("red_hobgoblin_3", "red", "hobgoblin", 15, 4, "W", {"hero": True, "hp": 14}),
    ("red_hobgoblin_4", "red", "hobgoblin", 15, 5, "W", {"hero": True, "hp": 14}),
    ("red_hobgoblin_5", "red", "hobgoblin", 15, 6, "W", {"hero": True, "hp": 14}),
]

LESSON_SLOW_PROPS = lesson_props(
    "Lesson: Slow",
    "Blue's enchanter has memorised slow. Each foe it takes in saves vs spell or is slowed for 3 "
    "rounds plus one per level of the caster: -2 on the initiative track, half its move, -2 to "
    "hit, and an AC 2 worse. Slow the hobgoblins before they reach your fighters.",
)

SCENARIOS = [
    ("lesson_slow.tmx", LESSON_SLOW, LEGEND, LESSON_SLOW_PROPS, LESSON_SLOW_UNITS, side_exits(22, 9)),
]
