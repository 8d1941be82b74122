"""Write the maps of the story campaign The Salt Road (campaigns/the_salt_road/maps/*.tmx).

    python tools/make_salt_road.py

The battles' layouts, armies and words are in tools/salt_road_west.py and
tools/salt_road_east.py; this script writes them with tools/make_maps.py's writer, naming the
shipped maps/terrain.tsx by its path from the campaign's folder, as Tiled does. Each map has
an exit for blue along its west edge and for red along its east edge, and a deployment zone
for blue: the squares the campaign fills with the company's members (the quick battle's
convention, docs/formats.md#maps), all firm, passable and free of hazards. The balance figures are in
campaigns/the_salt_road/README.md, not in the maps' descriptions: a player reads those.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import salt_road_east
import salt_road_west
from make_maps import CLIFF, DEEP, FIRE, LEGEND, MAPS, PIT, ROOT, SHALLOW, TREE, WALL, build_tmx

OUT = ROOT / "campaigns" / "the_salt_road" / "maps"
# Where nobody may be placed: walls and trees, hazards, and water (a wader starts at -2).
NOT_TO_DEPLOY = {WALL, TREE, PIT, FIRE, CLIFF, DEEP, SHALLOW}


def battles() -> list[tuple]:
    """Every battle of the campaign, west to east."""
    return salt_road_west.BATTLES + salt_road_east.BATTLES


def zones(width: int, height: int, deploy: tuple[int, int, int, int]) -> list[tuple]:
    """Blue's exit (west edge) and deployment zone, red's exit (east edge)."""
    x, y, w, h = deploy
    return [
        ("blue_exit", "exit", "blue", 0, 0, 1, height),
        ("red_exit", "exit", "red", width - 1, 0, 1, height),
        ("blue_deploy", "deploy", "blue", x, y, w, h),
    ]


def rows_of(layout: str) -> list[str]:
    return [line.strip() for line in layout.strip("\n").splitlines()]


def deploy_problems(name: str, layout: str, deploy: tuple[int, int, int, int], units: list) -> list[str]:
    """A deployment zone the campaign could not fill as it likes: off the map, on ground
    nobody may stand on, or not holding the map's own blue units (two ranks at least)."""
    rows = rows_of(layout)
    x, y, w, h = deploy
    out = []
    if x < 1 or y < 0 or x + w > len(rows[0]) or y + h > len(rows):
        out.append(f"{name}: the deployment zone {deploy} leaves the map or covers the exit")
    if min(w, h) < 2:
        out.append(f"{name}: the deployment zone {deploy} is not two ranks deep")
    for r in range(y, min(y + h, len(rows))):
        for c in range(x, min(x + w, len(rows[0]))):
            ground, feature = LEGEND[rows[r][c]]
            if {ground, feature} & NOT_TO_DEPLOY:
                out.append(f"{name}: square ({c}, {r}) of the deployment zone is {rows[r][c]!r}")
    for uid, side, _kind, col, row, _facing, _extra in units:
        if side == "blue" and not (x <= col < x + w and y <= row < y + h):
            out.append(f"{name}: {uid} stands outside the deployment zone")
    return out


def map_text(layout: str, props: dict, units: list, deploy: tuple[int, int, int, int]) -> str:
    rows = rows_of(layout)
    tileset = Path(os.path.relpath(MAPS / "terrain.tsx", OUT)).as_posix()
    return build_tmx(layout, LEGEND, props, units, zones(len(rows[0]), len(rows), deploy), tileset)


def main() -> int:
    problems = [p for name, layout, _, units, deploy in battles() for p in deploy_problems(name, layout, deploy, units)]
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for name, layout, props, units, deploy in battles():
        (OUT / name).write_text(map_text(layout, props, units, deploy), encoding="utf-8")
        print(f"wrote {(OUT / name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    parser(__doc__).parse_args()
    sys.exit(main())
