"""Write the shipped scenario maps (Tiled 1.10 TMX) from readable layouts.

    python tools/make_maps.py

Writes maps/skirmish.tmx (the default scenario), maps/test_arena.tmx (a small
fixed map the tests use; keep it byte-identical), the skirmishes starter.tmx,
duel.tmx, meeting.tmx, battle.tmx and melee3.tmx, and the lesson_*.tmx maps (see
maps/README.md).  All use maps/terrain.tsx (firstgid 1); tile ids match the
TILES table in tools/make_terrain.py.  The balance figures are in maps/README.md
("Balance"), not in the maps' descriptions: a player reads those.

Layers: `ground` (every square a terrain tile), `features` (walls, trees and
hazards drawn over the ground; 0 = empty; a feature tile's properties take
precedence over the ground tile below it), object layers `units` and `zones`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
TILE = 32

# Tile ids in terrain.tsx (gid = id + 1 with firstgid 1).
GRASS, ROUGH, SHALLOW, MUD, DEEP, WALL, TREE, HILL1, HILL2, PIT, FIRE, CLIFF, ROAD = range(13)

# Legend: one character per square -> (ground tile id, feature tile id or None).
LEGEND = {
    ".": (GRASS, None),  # grass
    ",": (ROUGH, None),  # rough ground (stones, scrub)
    "~": (SHALLOW, None),  # shallow water, wading
    "=": (DEEP, None),  # deep water (pools in the stream)
    "m": (MUD, None),  # muddy bank, slippery
    "h": (HILL1, None),  # hill slope, elevation 1
    "H": (HILL2, None),  # hill top, elevation 2
    "r": (ROAD, None),  # road (and the stone ford across the stream)
    "#": (GRASS, WALL),  # stone wall
    "T": (GRASS, TREE),  # tree
    "P": (ROUGH, PIT),  # pit
    "F": (ROAD, FIRE),  # fire: the burning wagon on the road
    "C": (GRASS, CLIFF),  # cliff edge, 20 ft drop off the map edge
    "p": (GRASS, PIT),  # pit dug in grass
    "f": (GRASS, FIRE),  # fire on grass (a burning hedge, a brush fire)
}

# ---------------------------------------------------------------- skirmish
#
# Columns 0-23 west to east, rows 0-15 north to south.  A shallow stream runs
# north-south through columns 11-12 with deep pools; the road crosses it at a
# stone ford (rows 7-8).  Blue deploys west, red east, 13 squares apart.  A
# two-level hill overlooks the ford from the north-east, a short wall and a
# copse cover the west bank, a pit lies by the west bank and a burning wagon
# blocks the road just east of the ford.  The south edge is a cliff.
#
#            0         1         2
#            012345678901234567890123
SKIRMISH = """
            TT.....,,..~~.....,,..TT
            T......,...=~..hhhh....T
            ..,,.......==.hhHHh.....
            ..,,,...#..~=.hhHHh.....
            ........#.m~~m.hhhh.....
            ........#..~~.,,....T...
            .........,m~~m.,.....T..
            rrrrrrrrrrrrrrFrrrrrrrrr
            ..........mrrm.....,,...
            ....,,...P.~~.......,...
            ...,,,...,.~~..,,,,.....
            ..T.......m~~m..,,,,....
            .TTT.......~~....,,..T..
            ..TT.......~=.........T.
            .........,,~~,,.........
            CCCCCCCCCCC~~CCCCCCCCCCC
"""

SKIRMISH_PROPS = {
    "title": "Skirmish at the Ford",
    "description": (
        "An orc war band has fired a merchant wagon at the ford and holds the "
        "east bank under a low hill. A small company of adventurers must drive "
        "them off or break them; either side may flee by its own map edge."
    ),
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 30,
}

# (id, side, kind, col, row, facing, extra properties)
SKIRMISH_UNITS = [
    ("blue_hero", "blue", "fighter3", 5, 7, "E", {"hero": True}),
    ("blue_fighter_1", "blue", "fighter1", 5, 6, "E", {}),
    ("blue_dwarf", "blue", "dwarf", 5, 8, "E", {}),
    ("blue_fighter_2", "blue", "fighter1", 5, 9, "E", {}),
    ("blue_priest", "blue", "priest", 4, 7, "E", {}),
    ("blue_thief", "blue", "thief", 4, 5, "E", {}),
    ("blue_archer", "blue", "archer", 3, 8, "E", {}),
    ("red_orc_leader", "red", "orc_leader", 18, 7, "W", {"leader": True}),
    ("red_orc_1", "red", "orc", 18, 5, "W", {}),
    ("red_orc_2", "red", "orc", 18, 6, "W", {}),
    ("red_orc_3", "red", "orc", 18, 9, "W", {}),
    ("red_gnoll", "red", "gnoll", 18, 10, "W", {}),
    ("red_hobgoblin", "red", "hobgoblin", 19, 8, "W", {}),
    ("red_bugbear", "red", "bugbear", 19, 4, "W", {}),
    ("red_ogre", "red", "ogre", 19, 11, "W", {}),
]

# (name, zone, side, col, row, width, height) in squares
SKIRMISH_ZONES = [
    ("blue_exit", "exit", "blue", 0, 0, 1, 15),
    ("red_exit", "exit", "red", 23, 0, 1, 15),
    ("blue_deploy", "deploy", "blue", 1, 3, 5, 9),
    ("red_deploy", "deploy", "red", 17, 3, 5, 9),
]

# ---------------------------------------------------------------- test arena
#
# 12 x 8, all grass: hill (elevation 1) at (2,3), pit at (5,5), fire at (7,5),
# cliff row along the south edge (row 7).
#            0         1
#            012345678901
ARENA = """
            ............
            ............
            ............
            ..h.........
            ............
            .....P.F....
            ............
            CCCCCCCCCCCC
"""
ARENA_LEGEND = dict(LEGEND, P=(GRASS, PIT), F=(GRASS, FIRE))

ARENA_PROPS = {
    "title": "Test Arena",
    "description": "A small open field for tests: one fighter against one orc, "
    "with a pit, a fire, a low hill and a cliff edge to the south.",
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 30,
}

ARENA_UNITS = [
    ("blue_fighter", "blue", "fighter1", 4, 3, "E", {}),
    ("red_orc", "red", "orc", 7, 3, "W", {}),
]

ARENA_ZONES = [
    ("blue_exit", "exit", "blue", 0, 0, 1, 7),
    ("red_exit", "exit", "red", 11, 0, 1, 7),
]


# ================================================================ new maps
#
# Helpers for the larger maps: a layout is a list of rows of characters that
# we paint on, then join into the same text the small maps are written in.


def blank(w: int, h: int, ch: str = ".") -> list[list[str]]:
    return [[ch] * w for _ in range(h)]


def paint(grid: list[list[str]], ch: str, cells) -> None:
    for c, r in cells:
        if 0 <= r < len(grid) and 0 <= c < len(grid[0]):
            grid[r][c] = ch


def rect(c0: int, r0: int, c1: int, r1: int):
    """Every square from (c0, r0) to (c1, r1) inclusive."""
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def blob(cx: float, cy: float, rx: float, ry: float):
    """The squares inside an ellipse centred on (cx, cy)."""
    out = []
    for r in range(int(cy - ry) - 1, int(cy + ry) + 2):
        for c in range(int(cx - rx) - 1, int(cx + rx) + 2):
            if ((c - cx) / rx) ** 2 + ((r - cy) / ry) ** 2 <= 1.0:
                out.append((c, r))
    return out


def layout_text(grid: list[list[str]]) -> str:
    return "\n" + "\n".join("".join(row) for row in grid) + "\n"


def mirror_layout(text: str) -> str:
    """A layout whose east half is the west half reflected (column c <-> width-1-c)."""
    rows = [line.strip() for line in text.strip("\n").splitlines()]
    return "\n" + "\n".join(row + row[::-1] for row in rows) + "\n"


MIRROR_FACING = {"N": "N", "S": "S", "E": "W", "W": "E", "NE": "NW", "NW": "NE", "SE": "SW", "SW": "SE"}


def mirror_units(units: list, width: int, side: str, other: str) -> list:
    """The same army reflected across the vertical centre line, for the other side."""
    out = []
    for uid, s, kind, col, row, facing, extra in units:
        assert s == side
        out.append((uid.replace(side, other, 1), other, kind, width - 1 - col, row, MIRROR_FACING[facing], dict(extra)))
    return units + out


def lesson_props(title: str, description: str, **options) -> dict:
    props = {
        "title": title,
        "description": description,
        "morale_system": "adnd2e",
        "initiative": "individual",
        "victory": "last_side_standing",
        "max_rounds": 30,
    }
    props.update(options)
    return props


def side_exits(width: int, height: int, west: str = "blue", east: str = "red") -> list:
    """An exit zone along the west edge for one side and along the east edge for the other.

    A lesson whose trapped creatures have no way out at all gives that side no exit
    (`rout check` insists that every unit of a side with exits can reach one); a
    routed creature with nowhere to run surrenders.
    """
    return [(f"{west}_exit", "exit", west, 0, 0, 1, height), (f"{east}_exit", "exit", east, width - 1, 0, 1, height)]


# ---------------------------------------------------------------- starter
#
# 16 x 12: a road east-west, a small hill north of it, a pond and a few trees.
# Four adventurers meet four orcs; a first game against the AI.
#            0         1
#            0123456789012345
STARTER = """
            ..TT............
            ..T.......,,....
            ..........hh....
            .........hHHh...
            ..........hh....
            rrrrrrrrrrrrrrrr
            ................
            .....~~.........
            ....~~=~.....T..
            .....~~.....TT..
            ..,,............
            ................
"""

STARTER_UNITS = [
    ("blue_hero", "blue", "fighter3", 3, 5, "E", {"hero": True}),
    ("blue_fighter", "blue", "fighter1", 3, 4, "E", {}),
    ("blue_dwarf", "blue", "dwarf", 3, 6, "E", {}),
    ("blue_archer", "blue", "archer", 2, 5, "E", {}),
    ("red_orc_leader", "red", "orc_leader", 12, 5, "W", {"leader": True}),
    ("red_ogre", "red", "ogre", 12, 4, "W", {}),
    ("red_gnoll_1", "red", "gnoll", 12, 6, "W", {}),
    ("red_gnoll_2", "red", "gnoll", 13, 5, "W", {}),
]

STARTER_PROPS = {
    "title": "Starter: Orcs on the Road",
    "description": (
        "A first game: four adventurers (a veteran, a man-at-arms, a dwarf and an archer) "
        "meet an orc chief, his ogre and two gnolls on the road by a small hill. Watch facing, flank "
        "attacks and retreats at the end of each round."
    ),
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 30,
}

STARTER_ZONES = side_exits(16, 12)


# ---------------------------------------------------------------- meeting
#
# 16 x 12: two bands meet where a road crosses a brook. The map offers each side the choice to
# wait (map property wait_choice, docs/decisions.md#waiting): the smaller band, outmatched half
# again, waits under the AI's rule, and the goblins' sling stones cost it its -1.
#            0         1
#            0123456789012345
MEETING = """
            ......TT........
            .......T....,,..
            ..,,............
            .........~......
            ........~~......
            rrrrrrrr~rrrrrrr
            ........~.......
            .......~~.......
            .......~...hh...
            ..TT.......hh...
            ...T............
            ................
"""

MEETING_UNITS = [
    ("blue_hero", "blue", "fighter3", 3, 5, "E", {"hero": True}),
    ("blue_fighter", "blue", "fighter1", 3, 4, "E", {}),
    ("blue_dwarf", "blue", "dwarf", 3, 6, "E", {}),
    ("blue_archer", "blue", "archer", 2, 5, "E", {}),
    ("red_orc_leader", "red", "orc_leader", 11, 5, "W", {"leader": True}),
    ("red_orc_1", "red", "orc", 11, 4, "W", {}),
    ("red_orc_2", "red", "orc", 11, 6, "W", {}),
    ("red_orc_3", "red", "orc", 12, 3, "W", {}),
    ("red_orc_4", "red", "orc", 12, 7, "W", {}),
    ("red_orc_5", "red", "orc", 12, 5, "W", {}),
    ("red_goblin_1", "red", "goblin", 13, 4, "W", {}),
    ("red_goblin_2", "red", "goblin", 13, 6, "W", {}),
    ("red_goblin_3", "red", "goblin", 14, 5, "W", {}),
]

MEETING_PROPS = {
    "title": "Meeting at the Brook",
    "description": (
        "Four adventurers meet an orc band twice their number where the road crosses a brook. "
        "Neither side knows what the other means to do: when the battle starts, each may choose to "
        "wait and see (-1 to its first initiative if the other side attacks first)."
    ),
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 30,
    "wait_choice": True,
}

MEETING_ZONES = side_exits(16, 12)


# ---------------------------------------------------------------- duel
#
# 22 x 14, mirror-symmetric west-east: each side has a hill, a copse and a
# pond on its half, and a shallow stream with a ford runs down the middle.
# The west half is drawn; the east half is its reflection.
#            0         1
#            01234567890
DUEL_WEST = """
            T......,..~
            TT.........
            .....hh....
            ....hHHh..~
            .....hh...~
            ..........~
            rrrrrrrrrrr
            rrrrrrrrrrr
            ..........~
            ..TT.....,~
            ..T.......~
            .......p...
            ...~~......
            ..........~
"""
DUEL = mirror_layout(DUEL_WEST)

DUEL_BLUE = [
    ("blue_hero", "blue", "fighter3", 3, 6, "E", {"hero": True}),
    ("blue_fighter_1", "blue", "fighter1", 3, 5, "E", {}),
    ("blue_fighter_2", "blue", "fighter1", 3, 8, "E", {}),
    ("blue_dwarf", "blue", "dwarf", 3, 7, "E", {}),
    ("blue_priest", "blue", "priest", 2, 7, "E", {}),
    ("blue_archer", "blue", "archer", 2, 4, "E", {}),
]
DUEL_UNITS = mirror_units(DUEL_BLUE, 22, "blue", "red")

DUEL_PROPS = {
    "title": "Duel at the Stream",
    "description": (
        "A hot-seat duel between equal companies on a mirror-symmetric field: a veteran, "
        "two men-at-arms, a dwarf, a priest and an archer a side. The stream slows and "
        "unsettles whoever wades it; the hills give +1 to hit and to initiative."
    ),
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 30,
}
DUEL_ZONES = side_exits(22, 14)


# ---------------------------------------------------------------- battle
#
# 48 x 32, painted: a river with two fords and a deep pool runs north-south
# west of the middle; hills on both banks; woods in the north-west and the
# south-east; a road west-east across the fords; a burning farmstead and a
# pit field; a cliff along part of the south edge.


def _battle_layout() -> str:
    g = blank(48, 32)
    # woods
    paint(g, "T", [p for p in blob(6, 4, 4, 3) if (p[0] * 7 + p[1] * 3) % 5 != 0])
    paint(g, "T", [p for p in blob(41, 26, 4, 3) if (p[0] * 5 + p[1] * 3) % 5 != 0])
    paint(g, "T", [p for p in blob(30, 3, 3, 2) if (p[0] + p[1]) % 3 != 0])
    # rough ground
    paint(g, ",", blob(12, 25, 4, 2))
    paint(g, ",", blob(36, 12, 3, 2))
    # hills
    paint(g, "h", blob(14, 10, 4, 3))
    paint(g, "H", blob(14, 10, 2, 1.4))
    paint(g, "h", blob(34, 20, 4, 3))
    paint(g, "H", blob(34, 20, 2, 1.4))
    # the river: meanders between columns 22 and 26 with muddy banks
    for r in range(32):
        c = 23 + (1 if 8 <= r < 20 else 0) + (1 if 12 <= r < 16 else 0)
        paint(g, "m", [(c - 1, r), (c + 2, r)])
        paint(g, "~", [(c, r), (c + 1, r)])
        if 4 <= r <= 6 or 24 <= r <= 26:
            paint(g, "=", [(c, r), (c + 1, r)])
    # the road and its two fords
    for c in range(48):
        paint(g, "r", [(c, 15)])
    for r in range(15, 24):
        paint(g, "r", [(20, r)])
    for c in range(20, 31):
        paint(g, "r", [(c, 23)])
    # a burning farmstead by the road, walls and fire
    paint(g, "#", [(38, 16), (39, 16), (40, 16), (38, 17), (38, 18)])
    paint(g, "f", [(39, 17), (40, 17)])
    # a stone wall on the west hill, a pit field south of it
    paint(g, "#", [(9, 14), (9, 13), (9, 16), (9, 17)])
    paint(g, "p", [(16, 19), (18, 20), (15, 21)])
    # cliff along part of the south edge
    paint(g, "C", [(c, 31) for c in range(4, 20)])
    return layout_text(g)


BATTLE = _battle_layout()


def _column(prefix: str, side: str, kind: str, col: int, rows, facing: str, extra: dict | None = None) -> list:  # noqa: PLR0917  (one unit column: each field of the placement tuple)
    return [(f"{prefix}_{i + 1}", side, kind, col, r, facing, dict(extra or {})) for i, r in enumerate(rows)]


BATTLE_UNITS = (
    [
        ("blue_captain", "blue", "fighter3", 6, 15, "E", {"hero": True, "leader": True}),
        ("blue_sergeant", "blue", "fighter3", 6, 11, "E", {}),
    ]
    + _column("blue_fighter", "blue", "fighter1", 7, [9, 10, 12, 13, 17, 18, 19, 20], "E")
    + _column("blue_militia", "blue", "militia", 5, [9, 10, 12, 13, 17, 18, 19], "E")
    + _column("blue_dwarf", "blue", "dwarf", 7, [14, 16], "E")
    + _column("blue_archer", "blue", "archer", 4, [11, 14, 16, 20], "E")
    + [("blue_priest", "blue", "priest", 5, 15, "E", {}), ("blue_thief", "blue", "thief", 6, 21, "E", {})]
    + [("red_warlord", "red", "orc_leader", 41, 15, "W", {"leader": True})]
    + _column("red_orc", "red", "orc", 40, [12, 13, 14, 18, 19, 20, 21], "W")
    + _column("red_hobgoblin", "red", "hobgoblin", 39, [9, 11, 13, 19, 21], "W")
    + _column("red_goblin", "red", "goblin", 42, [9, 11, 13, 19, 21, 22], "W")
    + _column("red_gnoll", "red", "gnoll", 41, [11, 20], "W")
    + _column("red_ogre", "red", "ogre", 40, [8, 9], "W")
    + _column("red_bugbear", "red", "bugbear", 40, [10, 11], "W")
    + [("red_bugbear_3", "red", "bugbear", 41, 13, "W", {}), ("red_ogre_3", "red", "ogre", 42, 15, "W", {})]
)

BATTLE_PROPS = {
    "title": "Battle of the Two Fords",
    "description": (
        "A large battle: a baronial company of fighters, militia, dwarves, archers, a priest "
        "and a thief holds the west bank; an orc horde with hobgoblins, goblins, gnolls, "
        "bugbears and ogres comes from the east past a burning farmstead. Hills, a river with "
        "deep pools, woods, a pit field and a cliff edge shape the fight."
    ),
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 40,
}
BATTLE_ZONES = side_exits(48, 32)


# ---------------------------------------------------------------- three-side melee
#
# 28 x 26: three war bands meet at a ruined shrine. Blue comes from the
# south-west, red from the south-east, green from the north; each pair starts
# equally far apart (19 squares, counting diagonal steps as one).


def _melee3_layout() -> str:
    g = blank(28, 26)
    paint(g, "#", [(12, 11), (15, 11), (12, 14), (15, 14)])  # the ruined shrine's pillars
    paint(g, "h", blob(13.5, 12.5, 1.6, 1.6))
    paint(g, "T", [(2, 2), (3, 2), (2, 3), (25, 2), (24, 2), (25, 3), (1, 14), (26, 14)])
    paint(g, ",", blob(6, 8, 2, 1.5) + blob(21, 8, 2, 1.5) + blob(13.5, 22, 2.5, 1.2))
    paint(g, "~", blob(13.5, 18, 2, 1))
    paint(g, "p", [(9, 16), (18, 16)])
    return layout_text(g)


MELEE3 = _melee3_layout()


def _band(side: str, cx: int, cy: int, facing: str, leave_out: tuple = ()) -> list:
    kinds = [
        ("fighter3", 0, 0),
        ("fighter1", -1, 0),
        ("fighter1", 1, 0),
        ("orc", -1, 1),
        ("orc", 1, 1),
        ("hobgoblin", 0, 1),
        ("archer", 0, 2),
    ]
    if facing == "S":
        kinds = [(k, dx, -dy) for k, dx, dy in kinds]
    return [
        (f"{side}_{i + 1}_{k}", side, k, cx + dx, cy + dy, facing, {"leader": True} if i == 0 else {})
        for i, (k, dx, dy) in enumerate(kinds)
        if i + 1 not in leave_out
    ]


# Green, alone on the north road, joins whichever fight suits it (the baseline AI
# goes for the nearest foe, and blue and red close with each other first), so it
# comes with five where blue and red bring seven: without that it won 65% of games.
MELEE3_UNITS = _band("blue", 4, 21, "NE") + _band("red", 23, 21, "NW") + _band("green", 13, 2, "S", leave_out=(5, 7))

MELEE3_PROPS = {
    "title": "Three Bands at the Shrine",
    "description": (
        "A three-way melee: three war bands (blue, red, green) converge on a ruined hilltop "
        "shrine. Every band is every other's enemy; each may flee by its own edge. Green, "
        "coming alone down the north road, is two warriors short of the others."
    ),
    "morale_system": "adnd2e",
    "initiative": "individual",
    "victory": "last_side_standing",
    "max_rounds": 30,
}
MELEE3_ZONES = [
    ("blue_exit", "exit", "blue", 0, 13, 1, 13),
    ("red_exit", "exit", "red", 27, 13, 1, 13),
    ("green_exit", "exit", "green", 7, 0, 14, 1),
]


# ---------------------------------------------------------------- lessons
#
# Small staged maps that make one mechanic happen in the first few rounds
# with most seeds, with the AI playing both sides. Each description says what
# to watch. tests/scenario/test_lessons.py checks each over 8 seeds.

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

# (a) retreat into a rear space: three pairs already in contact; gnolls are big
# enough to survive a blow and be driven back.
# Walls part the pairs into three lanes, so each fight stays its own: on open ground the free
# veterans gang up on the script's gnoll (maps/lesson_retreat_rear.lesson.toml), and that gnoll has
# 12 hp, so no single blow of a long sword (at most 9) kills it before it can be driven back.
LESSON_RETREAT_REAR = """
            ............
            ............
            ############
            ............
            ............
            ............
            ############
            ............
"""
LESSON_RETREAT_REAR_UNITS = [
    ("blue_veteran_1", "blue", "fighter3", 4, 1, "E", {}),
    ("blue_veteran_2", "blue", "fighter3", 4, 4, "E", {}),
    ("blue_veteran_3", "blue", "fighter3", 4, 7, "E", {}),
    ("red_gnoll_1", "red", "gnoll", 5, 1, "W", {}),
    ("red_gnoll_2", "red", "gnoll", 5, 4, "W", {"hp": 12}),
    ("red_gnoll_3", "red", "gnoll", 5, 7, "W", {}),
]
LESSON_RETREAT_REAR_PROPS = lesson_props(
    "Lesson: Retreat into the Rear",
    "Three veterans face three gnolls in lanes between walls. Watch the end of each round: a "
    "creature that dealt melee damage without being hit back by that foe forces the foe "
    "to give ground into one of its three rear squares, and may follow to keep it "
    "threatened (the log says who drives whom back into a rear space, and who follows).",
)

# (b) retreat into a flank space: hobgoblins stand in wall bays, the wall at
# their backs, a ditch (pits) in front. Militia spearmen jab at them across the
# ditch (a spear reaches two squares; a hobgoblin's sword one), so the
# hobgoblins are hurt without hitting back and are forced back; with the rear
# walled, the only free spaces are the flank squares of the bay.
#            0         1
#            0123456789012
LESSON_RETREAT_FLANK = """
            .............
            #############
            #...#...#...#
            ##p###p###p##
            ##.###.###.##
            .............
            .............
            .............
"""
LESSON_RETREAT_FLANK_UNITS = [
    # 8 hp: each outlasts a jab (1d6), so the first to be hit is driven back, not slain.
    ("red_hobgoblin_1", "red", "hobgoblin", 2, 2, "S", {"hp": 8}),
    ("red_hobgoblin_2", "red", "hobgoblin", 6, 2, "S", {"hp": 8}),
    ("red_hobgoblin_3", "red", "hobgoblin", 10, 2, "S", {"hp": 8}),
    ("blue_spear_1", "blue", "militia", 2, 4, "N", {}),
    ("blue_spear_2", "blue", "militia", 6, 4, "N", {}),
    ("blue_spear_3", "blue", "militia", 10, 4, "N", {}),
]
LESSON_RETREAT_FLANK_PROPS = lesson_props(
    "Lesson: Retreat into a Flank",
    "Three hobgoblins hold wall bays behind a ditch; militia spearmen jab at them across it "
    "(a spear reaches 10 ft, a sword does not). A creature hurt without hitting back is "
    "forced to retreat, but these have a wall behind them, so they must give ground "
    "sideways into a flank square of the bay (the log says who drives whom back into a flank space).",
    max_rounds=12,
)

# (c) surrounded: an ogre ringed by men-at-arms, and two orcs in wall niches.
LESSON_SURROUNDED = """
            ............
            .###....###.
            .#.#....#.#.
            ............
            ............
            ............
            ............
            ............
"""
LESSON_SURROUNDED_UNITS = [
    ("red_ogre", "red", "ogre", 5, 5, "N", {"hp": 40}),
    ("red_orc_1", "red", "orc", 2, 2, "S", {"hp": 10}),
    ("red_orc_2", "red", "orc", 9, 2, "S", {"hp": 10}),
    ("blue_fighter_1", "blue", "fighter1", 4, 4, "SE", {}),
    ("blue_fighter_2", "blue", "fighter1", 5, 4, "S", {}),
    ("blue_fighter_3", "blue", "fighter1", 6, 4, "SW", {}),
    ("blue_fighter_4", "blue", "fighter1", 4, 5, "E", {}),
    ("blue_fighter_5", "blue", "fighter1", 6, 5, "W", {}),
    ("blue_fighter_6", "blue", "fighter1", 4, 6, "NE", {}),
    ("blue_fighter_7", "blue", "fighter1", 5, 6, "N", {}),
    ("blue_fighter_8", "blue", "fighter1", 6, 6, "NW", {}),
    ("blue_veteran_1", "blue", "fighter3", 2, 3, "N", {}),
    ("blue_veteran_2", "blue", "fighter3", 9, 3, "N", {}),
]
LESSON_SURROUNDED_PROPS = lesson_props(
    "Lesson: Surrounded",
    "An old ogre is ringed by eight men-at-arms, and two orcs are trapped in wall niches. "
    "A creature forced to retreat with no free rear or flank square must save vs "
    "paralyzation: on a success it stands fast (the log says it stands fast), on a failure "
    "it is knocked down where it stands (the log: knocked down, no retreat space) and fights prone.",
)

# (d) the giant that cannot be pushed.
LESSON_GIANT = """
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
"""
LESSON_GIANT_UNITS = [
    ("red_stone_giant", "red", "stone_giant", 5, 4, "W", {}),
    ("blue_veteran_1", "blue", "fighter3", 4, 3, "E", {}),
    ("blue_veteran_2", "blue", "fighter3", 4, 4, "E", {}),
    ("blue_veteran_3", "blue", "fighter3", 4, 5, "E", {}),
    ("blue_veteran_4", "blue", "fighter3", 7, 3, "W", {}),
    ("blue_veteran_5", "blue", "fighter3", 7, 4, "W", {}),
    ("blue_veteran_6", "blue", "fighter3", 7, 5, "W", {}),
    ("blue_veteran_7", "blue", "fighter3", 5, 6, "N", {}),
    ("blue_veteran_8", "blue", "fighter3", 6, 6, "N", {}),
]
LESSON_GIANT_PROPS = lesson_props(
    "Lesson: The Giant Will Not Be Pushed",
    "Eight veterans close round a stone giant. A defender 4 or more levels or Hit Dice "
    "above its attacker, or two sizes larger, may ignore a forced retreat: when a veteran "
    "wounds the giant without being hit back, the log says the giant is too mighty (or too "
    "big) to be driven back, and the giant stays put.",
)

# (e) hazards: four rocky spurs, each a dead end one square wide with a hazard
# on three sides of its tip. A gnoll holds each tip; a veteran comes down the
# spur, so whichever way the gnoll is forced back it lands in the hazard.
#            0         1
#            01234567890123
LESSON_HAZARDS = """
            ..............
            ..............
            ..............
            TT.TT.TT.TT.TT
            TT.TT.TT.TT.TT
            CC.CC.Cf.fp.pp
            CCCCCCCfffpppp
            CCCCCCC,,,,,,,
"""
LESSON_HAZARDS_UNITS = [  # 12 hp: each gnoll outlasts a long sword's blow (at most 9), so the first hit drives it
    ("red_gnoll_1", "red", "gnoll", 2, 5, "N", {"hp": 12}),
    ("red_gnoll_2", "red", "gnoll", 5, 5, "N", {"hp": 12}),
    ("red_gnoll_3", "red", "gnoll", 8, 5, "N", {"hp": 12}),
    ("red_gnoll_4", "red", "gnoll", 11, 5, "N", {"hp": 12}),
    ("blue_veteran_1", "blue", "fighter3", 2, 4, "S", {}),
    ("blue_veteran_2", "blue", "fighter3", 5, 4, "S", {}),
    ("blue_veteran_3", "blue", "fighter3", 8, 4, "S", {}),
    ("blue_veteran_4", "blue", "fighter3", 11, 4, "S", {}),
]
LESSON_HAZARDS_PROPS = lesson_props(
    "Lesson: Fire, Pit and Cliff",
    "Four gnolls hold the tips of rocky spurs with cliff edges, a brush fire and a pit field "
    "behind and beside them; a veteran comes down each spur. A forced retreat may drive a "
    "foe into a hazard: it first saves vs paralyzation and on a success stands fast "
    "(the log says it stands fast); on a failure it goes over the edge, into the fire or "
    "into the pit (a retreat with a hazard): hurt, and over a cliff or in a pit, prone.",
)

# (f) flanking and rear attacks: two orcs caught between two groups.
LESSON_FLANKING_UNITS = [
    ("red_orc_1", "red", "orc", 5, 3, "W", {"hp": 10}),
    ("red_orc_2", "red", "orc", 5, 4, "W", {"hp": 10}),
    ("blue_fighter_1", "blue", "fighter1", 2, 3, "E", {}),
    ("blue_fighter_2", "blue", "fighter1", 2, 4, "E", {}),
    ("blue_thief", "blue", "thief", 9, 3, "W", {}),
    ("blue_fighter_3", "blue", "fighter1", 9, 5, "W", {}),
]
LESSON_FLANKING_PROPS = lesson_props(
    "Lesson: Flanks and Rear",
    "Two orcs are caught between men-at-arms in front and a thief and a fighter behind. A "
    "creature faces one way: an attack from a flank square gets +1 to hit, from a rear "
    "square +2 and the defender loses its shield and Dex bonus (each blow in the log says "
    "where it comes from, flank or rear, and adds its +1 or +2).",
)

# (g) initiative: equal Dex everywhere, so ties act simultaneously.
LESSON_INITIATIVE_UNITS = [
    ("blue_militia_1", "blue", "militia", 4, 2, "E", {}),
    ("blue_militia_2", "blue", "militia", 4, 3, "E", {}),
    ("blue_militia_3", "blue", "militia", 4, 4, "E", {}),
    ("blue_militia_4", "blue", "militia", 4, 5, "E", {}),
    ("blue_priest", "blue", "priest", 3, 3, "E", {}),
    ("red_orc_1", "red", "orc", 6, 2, "W", {}),
    ("red_orc_2", "red", "orc", 6, 3, "W", {}),
    ("red_orc_3", "red", "orc", 6, 4, "W", {}),
    ("red_orc_4", "red", "orc", 6, 5, "W", {}),
    ("red_hobgoblin", "red", "hobgoblin", 7, 3, "W", {}),
]
LESSON_INITIATIVE_PROPS = lesson_props(
    "Lesson: Initiative and Simultaneous Blows",
    "Every creature rolls d10 each round; highest goes first. A tie goes to the higher "
    "Dexterity (the hobgoblin, Dex 11, beats a Dex 10 orc on the same roll); equal rolls "
    "and equal Dex act simultaneously, all their blows rolled before any damage lands, so "
    "two can slay each other. Watch the initiative track for grouped entries.",
)

# (h) the first-round reach and size exception: Hambone and the stone giant.
# The giant stands waist-deep in a pool (deep water, -4 initiative) far from its
# mountains (red's foreign environment, -6), so its d10 totals 0 or less and
# Hambone, 1 or more, always moves first (the first strike needs a giant that has
# not yet acted; with the pool alone it acted first in about 1 game in 10). A wall hides the giant from Hambone's sling, so he runs
# round it to close in; the dwarves are too slow to reach the giant in round 1.
#            0         1
#            0123456789012345
LESSON_FIRST_STRIKE = """
            ................
            ................
            ..........,,....
            ........#..==...
            ........#..==...
            ........#.,,....
            ................
            ................
            ................
            ................
"""
LESSON_FIRST_STRIKE_UNITS = [
    ("hambone", "blue", "halfling", 7, 4, "E", {"hero": True}),
    ("blue_dwarf_1", "blue", "dwarf", 0, 2, "E", {}),
    ("blue_dwarf_2", "blue", "dwarf", 0, 7, "E", {}),
    ("red_stone_giant", "red", "stone_giant", 11, 3, "W", {"size": "H"}),
]
LESSON_FIRST_STRIKE_PROPS = lesson_props(
    "Lesson: Hambone and the Giant",
    "The seed's example: Hambone the halfling charges a stone giant that stands in a pool, far "
    "from its mountains (-4 and -6 to its initiative, so Hambone moves first). "
    "In the first round only, a creature with a weapon of reach over 10 ft, or a Large or "
    "bigger creature, strikes first at a smaller, shorter-reached foe that comes within "
    "10 ft, even if it lost the initiative; that blow is its action for the round "
    "(the banner says First strike!, then the log shows the giant's blow at Hambone).",
    foreign_environment="red",
)

# (i) fatigue: heroic archers trade arrows across an impassable gorge for many
# rounds. The blue archer in the far corner is out of everyone's easy reach, so
# once fatigued it rests and tries to recover; the others shoot on until exhausted.
#            0         1
#            0123456789012345
LESSON_FATIGUE = """
            ................
            ................
            ................
            ................
            ................
            CCCCCCCCCCCCCCCC
            CCCCCCCCCCCCCCCC
            ................
            ................
            ................
            ................
            ................
"""
LESSON_FATIGUE_UNITS = [
    ("blue_archer_far", "blue", "archer", 0, 0, "SE", {"hero": True, "hp": 100}),
    ("blue_archer_near", "blue", "archer", 13, 3, "S", {"hero": True, "hp": 100}),
    ("red_archer_1", "red", "archer", 15, 8, "N", {"hero": True, "hp": 100}),
    ("red_archer_2", "red", "archer", 15, 11, "NW", {"hero": True, "hp": 100}),
]
LESSON_FATIGUE_PROPS = lesson_props(
    "Lesson: Fatigue, Exhaustion and Rest",
    "Four heroic archers (hero, 100 hp, so they last) shoot across an impassable gorge round "
    "after round. Each phase a creature moves or attacks checks off a fatigue point; at 0 it "
    "is fatigued (slower, worse to hit) and checks off two a phase; at 0 again it is "
    "exhausted. The far blue archer, once fatigued, rests: each round of rest allows a save "
    "to recover one step (the log says when each becomes fatigued or exhausted, and each "
    "rest's roll to recover).",
)

# (j) morale: kobolds caught unawares by veterans.
LESSON_MORALE = """
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
LESSON_MORALE_UNITS = [
    ("blue_veteran_1", "blue", "fighter3", 4, 3, "E", {}),
    ("blue_veteran_2", "blue", "fighter3", 4, 5, "E", {}),
    ("blue_veteran_3", "blue", "fighter3", 4, 7, "E", {}),
    ("red_kobold_1", "red", "kobold", 6, 2, "W", {}),
    ("red_kobold_2", "red", "kobold", 6, 3, "W", {}),
    ("red_kobold_3", "red", "kobold", 6, 4, "W", {}),
    ("red_kobold_4", "red", "kobold", 6, 5, "W", {}),
    ("red_kobold_5", "red", "kobold", 6, 6, "W", {}),
    ("red_kobold_6", "red", "kobold", 6, 7, "W", {}),
]
LESSON_MORALE_ADND2E_PROPS = lesson_props(
    "Lesson: Rout (AD&D 2e morale)",
    "Kobolds are surprised by three veterans. Under AD&D 2e morale a creature rolls 2d10 at "
    "the end of a round when something shakes it (surprise, a quarter of its side fallen, "
    "a leader lost...) and fails when the roll is above its rating plus modifiers: by 1 or "
    "2 it withdraws, by more it flees for its exit (each check is a morale line in the log).",
    surprised="red",
)
LESSON_MORALE_OSE_PROPS = lesson_props(
    "Lesson: Rout (OSE morale)",
    "The same kobolds under Old-School Essentials morale: each rolls 2d6 against its rating "
    "(kobold 6) when its side suffers its first death and again when half the side is "
    "down; a roll above the rating means it flees (each check is a morale line in the log).",
    morale_system="ose",
)

# (k) a force-marched column: they arrive already fatigued.
LESSON_FORCE_MARCH = """
            .........,....
            ..............
            ..........hh..
            rrrrrrrrrrrrrr
            rrrrrrrrrrrrrr
            ..........hh..
            ..............
            ....,.........
"""
LESSON_FORCE_MARCH_UNITS = [
    ("blue_marcher_1", "blue", "fighter1", 1, 3, "E", {"force_marched": True}),
    ("blue_marcher_2", "blue", "fighter1", 1, 4, "E", {"force_marched": True}),
    ("blue_marcher_3", "blue", "fighter1", 0, 3, "E", {"force_marched": True}),
    ("blue_marcher_4", "blue", "fighter1", 0, 4, "E", {"force_marched": True}),
    ("red_hobgoblin_1", "red", "hobgoblin", 12, 3, "W", {}),
    ("red_hobgoblin_2", "red", "hobgoblin", 12, 4, "W", {}),
    ("red_hobgoblin_3", "red", "hobgoblin", 13, 2, "W", {}),
    ("red_hobgoblin_4", "red", "hobgoblin", 13, 5, "W", {}),
]
LESSON_FORCE_MARCH_PROPS = lesson_props(
    "Lesson: The Force-Marched Column",
    "A column of men-at-arms arrives by forced march: they "
    "start the battle fatigued, check off two fatigue points a phase, soon become exhausted "
    "and can never be fresh again in this battle. Compare them with the rested hobgoblins "
    "(the log says when each becomes fatigued or exhausted).",
)


def _scenarios() -> list[tuple]:
    """(file name, layout, legend, map properties, units, zones) for every map we write."""
    # The lessons of issue 11's areas, each in its own module (which imports this one: hence here).
    import lessons_charge  # noqa: PLC0415
    import lessons_magic  # noqa: PLC0415
    import lessons_slow  # noqa: PLC0415
    import lessons_surrender  # noqa: PLC0415

    return (
        [
            ("skirmish.tmx", SKIRMISH, LEGEND, SKIRMISH_PROPS, SKIRMISH_UNITS, SKIRMISH_ZONES),
            ("test_arena.tmx", ARENA, ARENA_LEGEND, ARENA_PROPS, ARENA_UNITS, ARENA_ZONES),
            ("starter.tmx", STARTER, LEGEND, STARTER_PROPS, STARTER_UNITS, STARTER_ZONES),
            ("duel.tmx", DUEL, LEGEND, DUEL_PROPS, DUEL_UNITS, DUEL_ZONES),
            ("meeting.tmx", MEETING, LEGEND, MEETING_PROPS, MEETING_UNITS, MEETING_ZONES),
            ("battle.tmx", BATTLE, LEGEND, BATTLE_PROPS, BATTLE_UNITS, BATTLE_ZONES),
            ("melee3.tmx", MELEE3, LEGEND, MELEE3_PROPS, MELEE3_UNITS, MELEE3_ZONES),
            (
                "lesson_retreat_rear.tmx",
                LESSON_RETREAT_REAR,
                LEGEND,
                LESSON_RETREAT_REAR_PROPS,
                LESSON_RETREAT_REAR_UNITS,
                side_exits(12, 8),
            ),
            (
                "lesson_retreat_flank.tmx",
                LESSON_RETREAT_FLANK,
                LEGEND,
                LESSON_RETREAT_FLANK_PROPS,
                LESSON_RETREAT_FLANK_UNITS,
                side_exits(13, 8)[:1],
            ),
            (
                "lesson_surrounded.tmx",
                LESSON_SURROUNDED,
                LEGEND,
                LESSON_SURROUNDED_PROPS,
                LESSON_SURROUNDED_UNITS,
                side_exits(12, 8)[:1],
            ),
            ("lesson_giant.tmx", LESSON_GIANT, LEGEND, LESSON_GIANT_PROPS, LESSON_GIANT_UNITS, side_exits(12, 10)),
            (
                "lesson_hazards.tmx",
                LESSON_HAZARDS,
                LEGEND,
                LESSON_HAZARDS_PROPS,
                LESSON_HAZARDS_UNITS,
                side_exits(14, 8)[:1],
            ),
            ("lesson_flanking.tmx", OPEN_12x8, LEGEND, LESSON_FLANKING_PROPS, LESSON_FLANKING_UNITS, side_exits(12, 8)),
            (
                "lesson_initiative.tmx",
                OPEN_12x8,
                LEGEND,
                LESSON_INITIATIVE_PROPS,
                LESSON_INITIATIVE_UNITS,
                side_exits(12, 8),
            ),
            (
                "lesson_first_strike.tmx",
                LESSON_FIRST_STRIKE,
                LEGEND,
                LESSON_FIRST_STRIKE_PROPS,
                LESSON_FIRST_STRIKE_UNITS,
                side_exits(14, 10),
            ),
            (
                "lesson_fatigue.tmx",
                LESSON_FATIGUE,
                LEGEND,
                LESSON_FATIGUE_PROPS,
                LESSON_FATIGUE_UNITS,
                side_exits(14, 10),
            ),
            (
                "lesson_morale_adnd2e.tmx",
                LESSON_MORALE,
                LEGEND,
                LESSON_MORALE_ADND2E_PROPS,
                LESSON_MORALE_UNITS,
                side_exits(14, 10),
            ),
            (
                "lesson_morale_ose.tmx",
                LESSON_MORALE,
                LEGEND,
                LESSON_MORALE_OSE_PROPS,
                LESSON_MORALE_UNITS,
                side_exits(14, 10),
            ),
            (
                "lesson_force_march.tmx",
                LESSON_FORCE_MARCH,
                LEGEND,
                LESSON_FORCE_MARCH_PROPS,
                LESSON_FORCE_MARCH_UNITS,
                side_exits(14, 8),
            ),
        ]
        + lessons_surrender.SCENARIOS
        + lessons_magic.SCENARIOS
        + lessons_slow.SCENARIOS
        + lessons_charge.SCENARIOS
    )


# ---------------------------------------------------------------- writing


def parse_layout(text: str, legend: dict) -> tuple[list[list[int]], list[list[int]]]:
    rows = [line.strip() for line in text.strip("\n").splitlines()]
    width = len(rows[0])
    ground, features = [], []
    for r, line in enumerate(rows):
        if len(line) != width:
            raise ValueError(f"row {r} has {len(line)} squares, expected {width}")
        g_row, f_row = [], []
        for c, ch in enumerate(line):
            if ch not in legend:
                raise ValueError(f"unknown map character {ch!r} at column {c}, row {r}")
            g, f = legend[ch]
            g_row.append(g + 1)
            f_row.append(0 if f is None else f + 1)
        ground.append(g_row)
        features.append(f_row)
    return ground, features


def prop(name: str, value, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'{indent}<property name="{name}" type="int" value="{value}"/>'
    return f'{indent}<property name="{name}" value={quoteattr(str(value))}/>'


def props_block(props: dict, indent: str) -> list[str]:
    return [f"{indent}<properties>"] + [prop(k, v, indent + " ") for k, v in props.items()] + [f"{indent}</properties>"]


def csv_layer(layer_id: int, name: str, grid: list[list[int]]) -> list[str]:
    h, w = len(grid), len(grid[0])
    body = ",\n".join(",".join(str(v) for v in row) for row in grid)
    return [
        f' <layer id="{layer_id}" name="{name}" width="{w}" height="{h}">',
        '  <data encoding="csv">',
        body,
        "</data>",
        " </layer>",
    ]


def build_tmx(
    layout: str, legend: dict, map_props: dict, units: list, zones: list, tileset: str = "terrain.tsx"
) -> str:
    """The map's text; `tileset` is terrain.tsx as named from the folder the map is written to."""
    ground, features = parse_layout(layout, legend)
    h, w = len(ground), len(ground[0])

    # Sanity checks: units on passable, hazard-free squares, one per square,
    # unique ids, inside the map.
    impassable = {WALL, TREE}
    hazards = {PIT, FIRE, CLIFF}
    seen_sq, seen_id = {}, set()
    for uid, _side, _kind, col, row, _facing, _extra in units:
        assert 0 <= col < w and 0 <= row < h, f"{uid} off the map"
        assert uid not in seen_id, f"duplicate unit id {uid}"
        seen_id.add(uid)
        assert (col, row) not in seen_sq, f"{uid} shares a square with {seen_sq[(col, row)]}"
        seen_sq[(col, row)] = uid
        g, f = ground[row][col] - 1, features[row][col] - 1
        assert f not in impassable | hazards, f"{uid} stands on a wall, tree or hazard"
        assert g not in impassable | hazards, f"{uid} stands on an impassable ground tile"

    next_obj = 1
    unit_lines = [' <objectgroup id="3" name="units">']
    for uid, side, kind, col, row, facing, extra in units:
        size = 2 * TILE if extra.get("size") == "H" else TILE
        unit_lines.append(
            f'  <object id="{next_obj}" name="{uid}" x="{col * TILE}" y="{row * TILE}" width="{size}" height="{size}">'
        )
        p = {"side": side, "kind": kind, "facing": facing}
        p.update({k: v for k, v in extra.items() if k != "size"})
        unit_lines += props_block(p, "   ")
        unit_lines.append("  </object>")
        next_obj += 1
    unit_lines.append(" </objectgroup>")

    zone_lines = [' <objectgroup id="4" name="zones">']
    for name, zone, side, col, row, zw, zh in zones:
        zone_lines.append(
            f'  <object id="{next_obj}" name="{name}" x="{col * TILE}" y="{row * TILE}" '
            f'width="{zw * TILE}" height="{zh * TILE}">'
        )
        zone_lines += props_block({"zone": zone, "side": side}, "   ")
        zone_lines.append("  </object>")
        next_obj += 1
    zone_lines.append(" </objectgroup>")

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{TILE}" '
            f'tileheight="{TILE}" infinite="0" nextlayerid="5" nextobjectid="{next_obj}">'
        ),
    ]
    lines += props_block(map_props, " ")
    lines.append(f' <tileset firstgid="1" source={quoteattr(tileset)}/>')
    lines += csv_layer(1, "ground", ground)
    lines += csv_layer(2, "features", features)
    lines += unit_lines
    lines += zone_lines
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def main() -> int:
    MAPS.mkdir(parents=True, exist_ok=True)
    for name, layout, legend, props, units, zones in _scenarios():
        text = build_tmx(layout, legend, props, units, zones)
        (MAPS / name).write_text(text, encoding="utf-8")
        print(f"wrote maps/{name}")
    return 0


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    parser(__doc__).parse_args()
    sys.exit(main())
