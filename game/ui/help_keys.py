"""The keys and clicks of the battle window, as the pause menu's help lists them (README.md's
"How to play" says the same in prose)."""

from __future__ import annotations

# (section, [(keys, what they do)]); each row must fit half the help panel's width.
HELP: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Your unit's turn",
        [
            ("click a square", "move there, then point or click to face"),
            ("click a red foe", "attack it from where you stand"),
            ("Shift+click a foe", "attack from the square with the best chance"),
            ("Enter", "confirm; click the keyboard cursor's square"),
            ("arrows / Tab", "move the cursor / jump to the next foe in reach"),
        ],
    ),
    (
        "Actions",
        [
            ("M  A  G  F  W", "move, attack, charge, fire, withdraw"),
            ("T  U  C  R", "turn, stand up, set vs charge, rest"),
            ("H", "end the unit's turn"),
            ("Esc / right click", "cancel; with nothing to cancel, this menu"),
            ("Ctrl+Z", "undo, while no die has been rolled since"),
            ("Ctrl+Y, Ctrl+Shift+Z", "redo what was undone"),
            ("Ctrl+S", "save the battle (one is also kept at every round's end)"),
        ],
    ),
    (
        "End of the round",
        [
            ("click a marked space", "force the beaten foe back there"),
            ("F / H / D", "follow it, hold your ground, or decline"),
            ("P", "pause on each end-of-round step"),
        ],
    ),
    (
        "View",
        [
            ("wheel, + / -", "zoom"),
            ("right-drag, Shift+arrows", "pan the map (middle-drag too)"),
            (", / .", "slower / faster AI"),
            ("Space", "skip the animation"),
            ("F11", "full screen"),
        ],
    ),
]
