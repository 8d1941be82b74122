"""The magic lesson map (see maps/README.md): written by tools/make_maps.py, which adds SCENARIOS
to the maps it writes."""

from __future__ import annotations

from make_maps import LEGEND, lesson_props, side_exits

# Two small companies, each with a battle mage and a priest behind its line, close enough that
# every spell has a use in the first rounds: magic missiles at the goblins (a kill, and an ally
# slain by magic for their friends), haste on blue's line and slow on red's, entangle and hold
# person on the men in front, Melf's acid arrow burning on into the status step.
#            0         1         2
#            0123456789012345678901234567
LESSON_MAGIC = """
            ............................
            ............................
            ............................
            ............................
            ............................
            ............................
            ............................
            ............................
            ............................
            ............................
"""

LESSON_MAGIC_UNITS = [
    ("blue_fighter_1", "blue", "fighter1", 9, 3, "E", {}),
    ("blue_fighter_2", "blue", "fighter1", 9, 4, "E", {}),
    ("blue_fighter_3", "blue", "fighter1", 9, 5, "E", {}),
    ("blue_fighter_4", "blue", "fighter1", 9, 6, "E", {}),
    ("blue_wizard", "blue", "wizard5", 6, 4, "E", {"hero": True, "hp": 16}),
    ("blue_priest", "blue", "priest3", 1, 6, "E", {}),
    ("blue_wizard_2", "blue", "wizard3", 1, 2, "E", {"hero": True, "hp": 16}),
    ("red_hobgoblin_1", "red", "hobgoblin", 18, 3, "W", {"hero": True}),
    ("red_hobgoblin_2", "red", "hobgoblin", 18, 4, "W", {"hero": True}),
    ("red_hobgoblin_3", "red", "hobgoblin", 18, 5, "W", {"hero": True}),
    ("red_hobgoblin_4", "red", "hobgoblin", 18, 6, "W", {"hero": True}),
    ("red_goblin_1", "red", "goblin", 19, 2, "W", {}),
    ("red_goblin_2", "red", "goblin", 19, 7, "W", {}),
    ("red_enchanter", "red", "enchanter5", 26, 4, "W", {"hero": True, "hp": 16}),
    ("red_wizard", "red", "wizard3", 26, 2, "W", {"hero": True, "hp": 16}),
]

LESSON_MAGIC_PROPS = lesson_props(
    "Lesson: Magic",
    "Each side has mages, blue a priest too, who memorised their spells for this battle. A cast is "
    "the caster's activation, and a caster hurt earlier in the round loses the spell. Magic "
    "missiles never miss and a death from them is an ally slain by magic, a morale check; "
    "haste (+2 initiative, double move, an extra blow) and slow (-2 initiative, half move, -2 "
    "to hit, AC 2 worse) show on the initiative track; entangle and hold person hinder (-3 "
    "initiative, no moving); Melf's acid arrow burns on at the end of the round.",
)

SCENARIOS = [
    ("lesson_magic.tmx", LESSON_MAGIC, LEGEND, LESSON_MAGIC_PROPS, LESSON_MAGIC_UNITS, side_exits(28, 10)),
]
