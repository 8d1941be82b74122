"""The keys and clicks of each screen, as F1 and the pause menu's help list them (docs/playing.md
says the same in prose)."""

from __future__ import annotations

from game.core.round_end import STEPS

# (section, [(keys, what they do)]); each row must fit half the help panel's width.
HELP: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Your unit's turn",
        [
            ("click a square", "move there, then point or click to face"),
            ("click a red foe", "attack it from where you stand"),
            ("Shift+click a foe", "attack from the square with the best chance"),
            ("click it again / Enter", "a walk that draws free swings: go / strike from the safest square"),
            ("Enter", "confirm; click the keyboard cursor's square"),
            ("arrows / Tab", "move the cursor / jump to the next target of the mode"),
            ("N / Shift+N", "the next / previous creature that may act"),
            ("L", "roster: your side's creatures, who has acted"),
            ("Shift+E", "end the rest of your side's turn (asks first)"),
        ],
    ),
    (
        "Actions",
        [
            ("M  A  G  F  W", "move, attack, charge, fire, withdraw"),
            ("T  U  C  R", "turn, stand up, set vs charge, rest"),
            ("O", "offer a foe quarter (within 6 squares, in sight)"),
            ("K, then 1-9", "cast: pick a spell, then its target or square (pointing previews it)"),
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
            ("its steps, in turn", ", ".join(step.step for step in STEPS)),
        ],
    ),
    (
        "View",
        [
            ("wheel, + / -", "zoom"),
            ("Z, click the minimap", "fit the whole map; move the view there"),
            ("right-drag, Shift+arrows", "pan the map (middle-drag too)"),
            (", / .", "slower / faster AI"),
            ("Space", "skip the animation"),
            ("F11", "full screen"),
            ("Esc, then C", "the next colour palette (for colour-blind eyes)"),
        ],
    ),
    (
        "Meeting (a map that offers waiting)",
        [
            ("W", "wait and see: -1 to initiative if the foe attacks first"),
            ("F / Enter", "fight: no waiting"),
        ],
    ),
    (
        "Lessons",
        [
            ("Enter / Space / click", "go on from a lesson's card (the battle waits for it)"),
            ("Your turn card", "do what it asks on the board; a wrong move is not played"),
        ],
    ),
]


SANDBOX: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Setting up",
        [
            ("click an empty square", "place the kind picked, for the side picked"),
            ("Up / Down, wheel on the list", "pick a kind"),
            ("Tab", "the side to place"),
            ("click / drag a unit", "select it / move it"),
            ("Delete, Backspace", "remove the unit selected"),
            ("C", "clear the field"),
        ],
    ),
    (
        "The unit selected",
        [
            ("Q / E", "turn left / right"),
            ("+ / -", "hit points"),
            ("S  P  F  M", "side, prone, fatigue, morale"),
        ],
    ),
    (
        "The fight",
        [
            ("1  2", "who plays each side: the AI (stepped) or you"),
            ("D", "new dice (the next seed)"),
            ("Enter", "fight it, one activation at a time"),
            ("Ctrl+S", "save the setup as a Tiled map"),
            ("wheel, right-drag", "zoom, pan"),
            ("Esc", "deselect; then back to the menu"),
        ],
    ),
]

SANDBOX_BATTLE: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Stepping the sandbox",
        [
            ("N / Space", "the next activation or end-of-round choice"),
            ("any key", "on past a step of the round's end"),
            ("Esc", "pause: back to the sandbox, setup kept"),
        ],
    ),
    *HELP,
]

VIEWER: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Watching a replay",
        [
            ("Space", "play / pause"),
            ("Left / Right", "one event back / on"),
            ("Shift+Left / Right", "one decision back / on"),
            ("Ctrl+Left / Right, PgUp / PgDn", "one round back / on"),
            ("Home / End", "the start / the end"),
            ("click the timeline", "jump to that moment"),
            (", / .", "slower / faster"),
            ("T", "take over from here as a new game"),
            ("wheel, + / -, right-drag", "zoom, pan"),
            ("Z, click the minimap", "fit the whole map; move the view there"),
            ("Esc", "leave the viewer"),
        ],
    ),
]

HANDOVER: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Handing over (hot-seat)",
        [
            ("any key but Esc, click", "play: the incoming side's turn begins"),
            ("R", "watch what happened since this side last acted"),
            ("N, type, Enter", "name this side's player (kept for the next game)"),
            ("F", "save the battle for the other player (play by file)"),
            ("Esc", "stays here: the board is not shown until a key or a click"),
        ],
    ),
]

RESULT: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "The battle's end (keys heard a moment after it opens)",
        [
            ("A", "play the battle again (the next seed)"),
            ("A (quick battle)", "the same battle again: same field, armies, seed"),
            ("G (quick battle)", "a new one: the setup, on a fresh field"),
            ("N", "a lesson's result: the next lesson of the course"),
            ("W", "watch the replay"),
            ("S", "save the replay in the saves folder"),
            ("Esc", "back to the menu"),
            ("Q", "quit"),
        ],
    ),
]

SETTINGS: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Settings",
        [
            ("Up / Down, point", "choose a setting"),
            ("Left / Right, click < >", "change it: it takes effect at once and is kept"),
            ("Enter / Space", "its next value"),
            ("Esc / Backspace", "back"),
        ],
    ),
]

SAVES: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "The saves",
        [
            ("Up / Down, wheel, click", "choose a save"),
            ("Enter", "load it: the battle where it was left"),
            ("R, type, Enter", "rename it: what you type replaces the name"),
            ("D / Delete, then Y", "delete it (asks first)"),
            ("Esc", "back to the menu"),
        ],
    ),
]

QUICK_SETUP: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Quick battle: the setup",
        [
            ("Up / Down", "choose a row"),
            ("Left / Right, wheel", "change it (kept for the next time)"),
            ("click / right click", "a row's next / previous value"),
            ("Enter", "on to your army"),
            ("Esc", "back to the menu"),
        ],
    ),
]

QUICK_ARMY: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Quick battle: your army",
        [
            ("Up / Down, wheel", "choose a kind"),
            ("Right / +, click +", "buy one (refused over the budget)"),
            ("Left / -, click -", "give one back; a click on the army too"),
            ("S, type, Enter", "save the army as a named list"),
            ("L", "take the next saved list"),
            ("Delete", "clear the army"),
            ("Enter", "on to the deployment"),
            ("Esc", "back to the setup"),
        ],
    ),
]

QUICK_DEPLOY: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Quick battle: deployment",
        [
            ("drag a creature", "move it within your zone"),
            ("Tab / N, Shift+Tab", "choose the next / previous creature"),
            ("arrows", "move the chosen one a square"),
            ("R / wheel / right click", "turn it (Shift+R the other way)"),
            ("+ / -, Z", "zoom; the whole field"),
            ("Shift+arrows, middle-drag", "pan the field"),
            ("Enter", "start the battle"),
            ("Esc", "back to your army"),
        ],
    ),
]

CAMPAIGNS: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Campaigns",
        [
            ("Up / Down, click", "choose a campaign to begin, or a save to continue"),
            ("N, type, Enter", "name your company (Esc leaves the name)"),
            ("I", "ironman: one save, a lost battle cannot be taken back"),
            ("Enter", "begin the campaign, or continue the save"),
            ("Esc", "back to the menu"),
        ],
    ),
]

CAMPAIGN: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "A campaign",
        [
            ("point at a battle", "its card: the field, the enemy, the pay"),
            ("Enter", "to the camp before the next battle (the menu once it is over)"),
            ("Esc", "back to the menu (the campaign is saved)"),
        ],
    ),
]

CAMP: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "The camp",
        [
            ("Tab", "the roster, or the hiring list"),
            ("Up / Down, wheel, click", "choose a member, or a kind to hire"),
            ("Enter / Space, click a box", "the member fights, or sits out"),
            ("Enter / Space, H", "hire one of the kind chosen (in the list)"),
            ("T", "the temple's cure for the member chosen"),
            ("R / W", "rest a day / a week: each heals, each costs lodging"),
            ("P", "ransom the member chosen from the enemy"),
            ("D, then Y", "dismiss the member chosen"),
            ("N, type, Enter", "rename the member chosen (Esc leaves the name as it was)"),
            ("M", "march to the battle, with those who fight"),
            ("Esc", "back to the campaign's graph"),
        ],
    ),
]

CAMPAIGN_DEPLOY: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "A campaign battle: deployment",
        [
            ("drag a member", "move it within the company's zone"),
            ("Tab / N, Shift+Tab", "choose the next / previous member"),
            ("arrows", "move the chosen one a square"),
            ("R / wheel / right click", "turn it (Shift+R the other way)"),
            ("+ / -, Z", "zoom; the whole field"),
            ("Shift+arrows, middle-drag", "pan the field"),
            ("Enter", "start the battle"),
            ("Esc", "call the march off: the camp as it was before it"),
        ],
    ),
]

CAMPAIGN_BATTLE: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "A campaign's battle",
        [
            ("Esc, then Q", "leave it: back to the camp before the march (ironman: the AI fights on)"),
            ("Ctrl+S", "not needed: the campaign's save keeps the battle after every command"),
        ],
    ),
    *HELP,
]

DEBRIEF: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "After the battle",
        [
            ("Enter / Space / Esc, click", "on to the campaign (keys heard a moment after it opens)"),
        ],
    ),
]

EVERY_SCREEN: list[tuple[str, str]] = [
    ("F1", "these keys"),
    ("F8", "sound on or off"),
    ("F11", "full screen, or a window again"),
]
