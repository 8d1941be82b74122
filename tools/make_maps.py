"""Write the shipped scenario maps (Tiled 1.10 TMX) from readable layouts.

    python tools/make_maps.py

Writes maps/skirmish.tmx (the default scenario) and maps/test_arena.tmx
(a small fixed map the tests use).  Both use maps/terrain.tsx (firstgid 1);
tile ids match the TILES table in tools/make_terrain.py.

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
    ".": (GRASS, None),     # grass
    ",": (ROUGH, None),     # rough ground (stones, scrub)
    "~": (SHALLOW, None),   # shallow water, wading
    "=": (DEEP, None),      # deep water (pools in the stream)
    "m": (MUD, None),       # muddy bank, slippery
    "h": (HILL1, None),     # hill slope, elevation 1
    "H": (HILL2, None),     # hill top, elevation 2
    "r": (ROAD, None),      # road (and the stone ford across the stream)
    "#": (GRASS, WALL),     # stone wall
    "T": (GRASS, TREE),     # tree
    "P": (ROUGH, PIT),      # pit
    "F": (ROAD, FIRE),      # fire: the burning wagon on the road
    "C": (GRASS, CLIFF),    # cliff edge, 20 ft drop off the map edge
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
    ("red_goblin", "red", "goblin", 19, 11, "W", {}),
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
    return ([f"{indent}<properties>"]
            + [prop(k, v, indent + " ") for k, v in props.items()]
            + [f"{indent}</properties>"])


def csv_layer(layer_id: int, name: str, grid: list[list[int]]) -> list[str]:
    h, w = len(grid), len(grid[0])
    body = ",\n".join(",".join(str(v) for v in row) for row in grid)
    return [f' <layer id="{layer_id}" name="{name}" width="{w}" height="{h}">',
            '  <data encoding="csv">',
            body,
            '</data>',
            ' </layer>']


def build_tmx(layout: str, legend: dict, map_props: dict, units: list, zones: list) -> str:
    ground, features = parse_layout(layout, legend)
    h, w = len(ground), len(ground[0])

    # Sanity checks: units on passable, hazard-free squares, one per square,
    # unique ids, inside the map.
    impassable = {WALL, TREE}
    hazards = {PIT, FIRE, CLIFF}
    seen_sq, seen_id = {}, set()
    for uid, side, kind, col, row, facing, extra in units:
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
            f'  <object id="{next_obj}" name="{uid}" x="{col * TILE}" y="{row * TILE}" '
            f'width="{size}" height="{size}">')
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
            f'width="{zw * TILE}" height="{zh * TILE}">')
        zone_lines += props_block({"zone": zone, "side": side}, "   ")
        zone_lines.append("  </object>")
        next_obj += 1
    zone_lines.append(" </objectgroup>")

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{w}" height="{h}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" nextlayerid="5" nextobjectid="{next_obj}">',
    ]
    lines += props_block(map_props, " ")
    lines.append(' <tileset firstgid="1" source="terrain.tsx"/>')
    lines += csv_layer(1, "ground", ground)
    lines += csv_layer(2, "features", features)
    lines += unit_lines
    lines += zone_lines
    lines.append("</map>")
    return "\n".join(lines) + "\n"


def main() -> int:
    MAPS.mkdir(parents=True, exist_ok=True)
    out = [
        ("skirmish.tmx", build_tmx(SKIRMISH, LEGEND, SKIRMISH_PROPS, SKIRMISH_UNITS, SKIRMISH_ZONES)),
        ("test_arena.tmx", build_tmx(ARENA, ARENA_LEGEND, ARENA_PROPS, ARENA_UNITS, ARENA_ZONES)),
    ]
    for name, text in out:
        (MAPS / name).write_text(text, encoding="utf-8")
        print(f"wrote maps/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
