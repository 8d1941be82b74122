"""A generated field as the text of a Tiled map (docs/formats.md, "Maps"), written the same way
every time: the same field gives the same bytes."""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from game.core.rules.geometry import FACINGS
from game.generate.forces import Rect, Soldier, Zones
from game.generate.land import Grid, Land

TILE = 32


def tmx_text(land: Land, z: Zones, soldiers: list[Soldier], props: dict[str, str | int], tileset: str) -> str:
    """`tileset` is the path to the shipped terrain.tsx as the map should name it."""
    w, h = land.width, land.height
    next_id = 1 + len(soldiers) + len(z.exits) + len(z.deploy)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"'
            f' width="{w}" height="{h}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="5"'
            f' nextobjectid="{next_id}">'
        ),
        " <properties>",
    ]
    for name, value in props.items():
        kind = ' type="int"' if isinstance(value, int) else ""
        out.append(f"  <property name={quoteattr(name)}{kind} value={quoteattr(str(value))}/>")
    out += [" </properties>", f' <tileset firstgid="1" source={quoteattr(tileset)}/>']
    out += _layer(1, "ground", land.ground) + _layer(2, "features", land.features)
    out.append(' <objectgroup id="3" name="units">')
    oid = 1
    for s in soldiers:
        out += _object(oid, s.id, Rect(s.pos[0], s.pos[1], s.kind.squares, s.kind.squares), _unit_props(s))
        oid += 1
    out += [" </objectgroup>", ' <objectgroup id="4" name="zones">']
    for zone, rects in (("exit", z.exits), ("deploy", z.deploy)):
        for side, rect in rects.items():
            out += _object(oid, f"{side}_{zone}", rect, [("zone", zone), ("side", side)])
            oid += 1
    out += [" </objectgroup>", "</map>", ""]
    return "\n".join(out)


def _layer(lid: int, name: str, grid: Grid) -> list[str]:
    rows = ",\n".join(",".join(str(t) for t in row) for row in grid)
    w, h = len(grid[0]), len(grid)
    return [
        f' <layer id="{lid}" name="{name}" width="{w}" height="{h}">',
        '  <data encoding="csv">',
        rows,
        "</data>",
        " </layer>",
    ]


def _unit_props(s: Soldier) -> list[tuple[str, str]]:
    return [("side", s.side), ("kind", s.kind.key), ("facing", FACINGS[s.facing])]


def _object(oid: int, name: str, r: Rect, props: list[tuple[str, str]]) -> list[str]:
    lines = [
        (
            f'  <object id="{oid}" name={quoteattr(name)} x="{r.x * TILE}" y="{r.y * TILE}"'
            f' width="{r.w * TILE}" height="{r.h * TILE}">'
        ),
        "   <properties>",
    ]
    lines += [f"    <property name={quoteattr(k)} value={quoteattr(v)}/>" for k, v in props]
    return lines + ["   </properties>", "  </object>"]
