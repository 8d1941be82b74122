"""Draw the terrain tileset (assets/tiles/terrain.png) and write maps/terrain.tsx.

All art is drawn in code with a fixed random seed, so the output is
reproducible.  Run headless:

    SDL_VIDEODRIVER=dummy python tools/make_terrain.py
"""

from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
PNG_PATH = ROOT / "assets" / "tiles" / "terrain.png"
TSX_PATH = ROOT / "maps" / "terrain.tsx"

TILE = 32
COLUMNS = 8
SEED = 20240611

# id, name, move_cost, blocks_sight, elevation, footing, hazard, extra props
# (move_cost 0 = impassable)
TILES = [
    (0, "grass", 1, False, 0, "firm", "none", {}),
    (1, "rough", 2, False, 0, "firm", "none", {}),
    (2, "shallow_water", 2, False, 0, "wading", "none", {}),
    (3, "mud", 2, False, 0, "slippery", "none", {}),
    (4, "deep_water", 3, False, 0, "deep_water", "none", {}),
    (5, "wall", 0, True, 0, "firm", "none", {}),
    (6, "tree", 0, True, 0, "firm", "none", {}),
    (7, "hill", 1, False, 1, "firm", "none", {}),
    (8, "hill_top", 1, False, 2, "firm", "none", {}),
    (9, "pit", 1, False, 0, "firm", "pit", {}),
    (10, "fire", 1, False, 0, "firm", "fire", {}),
    (11, "cliff", 1, False, 0, "firm", "cliff", {"drop_ft": 20}),
    (12, "road", 1, False, 0, "firm", "none", {}),
]


# ---------------------------------------------------------------- helpers


def clamp(v: float) -> int:
    return max(0, min(255, int(v)))


def shade(color, delta):
    return tuple(clamp(c + delta) for c in color[:3])


def mix(a, b, t):
    return tuple(clamp(a[i] + (b[i] - a[i]) * t) for i in range(3))


def noise_fill(surf, base, rng, spread=10):
    """Fill with per-pixel jittered base colour."""
    for y in range(TILE):
        for x in range(TILE):
            surf.set_at((x, y), shade(base, rng.randint(-spread, spread)))


def speckles(surf, rng, colors, count, size=1):
    for _ in range(count):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        c = rng.choice(colors)
        if size == 1:
            surf.set_at((x, y), c)
        else:
            pygame.draw.rect(surf, c, (x, y, size, size))


def grass_blades(surf, rng, count=26):
    for _ in range(count):
        x, y = rng.randrange(1, TILE - 1), rng.randrange(2, TILE)
        c = rng.choice([(52, 110, 40), (84, 150, 58), (96, 164, 66), (46, 96, 36)])
        dx = rng.choice([-1, 0, 0, 1])
        pygame.draw.line(surf, c, (x, y), (x + dx, y - 2))


def stone(surf, rng, cx, cy, r):
    base = rng.choice([(128, 124, 116), (112, 108, 100), (140, 134, 124)])
    pygame.draw.ellipse(surf, (60, 56, 50), (cx - r, cy - r + 1, 2 * r + 1, 2 * r))
    pygame.draw.ellipse(surf, base, (cx - r, cy - r, 2 * r, 2 * r - 1))
    pygame.draw.ellipse(surf, shade(base, 35), (cx - r + 1, cy - r + 1, r, max(1, r - 1)))


# ------------------------------------------------------------- tile art

GRASS = (70, 130, 50)


def draw_grass(s, rng):
    noise_fill(s, GRASS, rng, 8)
    grass_blades(s, rng)
    speckles(s, rng, [(220, 210, 90), (230, 230, 230)], 3)


def draw_rough(s, rng):
    noise_fill(s, (112, 112, 62), rng, 12)
    speckles(s, rng, [(90, 84, 50), (134, 128, 80), (70, 110, 46)], 60)
    for _ in range(3):
        x, y = rng.randrange(3, 29), rng.randrange(3, 29)
        pygame.draw.line(s, (62, 104, 42), (x, y), (x + 1, y - 3))
    for gx in (6, 16, 26):
        for gy in (6, 16, 26):
            if rng.random() < 0.6:
                stone(s, rng, gx + rng.randint(-3, 3), gy + rng.randint(-3, 3), rng.randint(2, 3))


def ripples(s, rng, color, count):
    for _ in range(count):
        x, y = rng.randrange(0, 26), rng.randrange(2, 30)
        w = rng.randint(5, 9)
        pygame.draw.arc(s, color, (x, y, w, 4), 0.3, math.pi - 0.3)


def draw_shallow(s, rng):
    for y in range(TILE):
        for x in range(TILE):
            t = 0.5 + 0.5 * math.sin((x + 2 * y) / 5.0)
            s.set_at((x, y), shade(mix((64, 132, 176), (80, 150, 190), t), rng.randint(-5, 5)))
    speckles(s, rng, [(150, 140, 100), (130, 124, 96)], 10)  # sandy bed
    ripples(s, rng, (190, 225, 240), 7)


def draw_mud(s, rng):
    noise_fill(s, (98, 74, 48), rng, 10)
    for _ in range(5):
        x, y = rng.randrange(2, 24), rng.randrange(2, 26)
        w, h = rng.randint(5, 9), rng.randint(3, 5)
        pygame.draw.ellipse(s, (76, 56, 36), (x, y, w, h))
        pygame.draw.ellipse(s, (120, 110, 96), (x + 1, y, w - 2, 2))  # wet sheen
    speckles(s, rng, [(130, 100, 66), (66, 48, 30)], 40)


def draw_deep(s, rng):
    for y in range(TILE):
        for x in range(TILE):
            t = 0.5 + 0.5 * math.sin((2 * x + y) / 6.0)
            s.set_at((x, y), shade(mix((22, 52, 110), (30, 66, 126), t), rng.randint(-4, 4)))
    ripples(s, rng, (70, 110, 170), 6)


def draw_wall(s, rng):
    s.fill((70, 66, 62))  # mortar
    bh, bw = 8, 16
    for row in range(TILE // bh):
        off = (bw // 2) if row % 2 else 0
        for col in range(-1, TILE // bw + 1):
            x = col * bw + off
            base = shade((132, 124, 114), rng.randint(-16, 16))
            r = pygame.Rect(x + 1, row * bh + 1, bw - 2, bh - 2)
            pygame.draw.rect(s, base, r)
            pygame.draw.line(s, shade(base, 30), r.topleft, (r.right - 1, r.top))
            pygame.draw.line(s, shade(base, -35), (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1))
            for _ in range(3):
                px, py = rng.randrange(r.left, max(r.left + 1, r.right)), rng.randrange(r.top, r.bottom)
                if 0 <= px < TILE:
                    s.set_at((px, py), shade(base, rng.randint(-25, 10)))
    pygame.draw.rect(s, (40, 38, 36), (0, 0, TILE, TILE), 1)


def draw_tree(s, rng):
    draw_grass(s, rng)
    # shadow
    shadow = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 90), (18, 19), 14)
    s.blit(shadow, (0, 0))
    # canopy: overlapping leaf clumps, darker at the rim, lit top-left
    pygame.draw.circle(s, (26, 70, 28), (16, 16), 14)
    clumps = [(10, 11), (21, 10), (23, 20), (12, 22), (16, 16), (8, 17), (17, 24), (24, 14)]
    for cx, cy in clumps:
        r = rng.randint(5, 7)
        pygame.draw.circle(s, (34, 92, 36), (cx, cy), r)
        pygame.draw.circle(s, (50, 118, 46), (cx - 1, cy - 1), r - 2)
        pygame.draw.circle(s, (74, 148, 62), (cx - 2, cy - 2), max(1, r - 4))
    speckles_in_circle(s, rng, (16, 16), 13, [(96, 170, 78), (24, 64, 26)], 40)


def speckles_in_circle(s, rng, c, r, colors, count):
    for _ in range(count):
        a = rng.random() * 2 * math.pi
        d = r * math.sqrt(rng.random())
        s.set_at((int(c[0] + d * math.cos(a)), int(c[1] + d * math.sin(a))), rng.choice(colors))


def draw_hill(s, rng, level):
    base = (122, 150, 66) if level == 1 else (160, 176, 92)
    for y in range(TILE):
        for x in range(TILE):
            # raised shading: lit from the north-west
            t = ((TILE - x) + (TILE - y)) / (2 * TILE)
            s.set_at((x, y), shade(base, int((t - 0.5) * 30) + rng.randint(-6, 6)))
    grass_blades(s, rng, 14)
    edge = (84, 104, 44) if level == 1 else (112, 124, 58)
    # raised bevel: light rim on the north/west, dark contour on the south/east
    pygame.draw.line(s, shade(base, 30), (0, 0), (TILE - 1, 0))
    pygame.draw.line(s, shade(base, 30), (0, 0), (0, TILE - 1))
    pygame.draw.line(s, edge, (0, TILE - 1), (TILE - 1, TILE - 1))
    pygame.draw.line(s, edge, (TILE - 1, 0), (TILE - 1, TILE - 1))
    # hachures down the slope on the south/east side
    for i in range(3, TILE - 2, 4):
        pygame.draw.line(s, shade(edge, 10), (i, TILE - 2), (i, TILE - 4))
        pygame.draw.line(s, shade(edge, 10), (TILE - 2, i), (TILE - 4, i))
    if level == 2:
        # summit contour ring
        pygame.draw.rect(s, edge, (5, 5, TILE - 10, TILE - 10), 1, border_radius=6)
        pygame.draw.rect(s, shade(base, 30), (6, 6, TILE - 12, TILE - 12), 1, border_radius=5)


def draw_pit(s, rng):
    draw_rough(s, rng)
    pygame.draw.ellipse(s, (70, 54, 36), (3, 4, 26, 24))
    pygame.draw.ellipse(s, (40, 30, 20), (5, 6, 22, 20))
    pygame.draw.ellipse(s, (16, 12, 8), (7, 9, 18, 15))
    pygame.draw.ellipse(s, (2, 2, 2), (10, 12, 12, 10))
    # rim stones and lit lip
    pygame.draw.arc(s, (150, 126, 90), (3, 4, 26, 24), math.pi * 1.05, math.pi * 1.95, 2)
    for a in range(0, 360, 45):
        r = math.radians(a + rng.randint(-10, 10))
        stone(s, rng, int(16 + 13 * math.cos(r)), int(16 + 12 * math.sin(r)), 2)


def draw_fire(s, rng):
    noise_fill(s, (72, 58, 44), rng, 10)  # scorched ground
    speckles(s, rng, [(30, 26, 22), (110, 70, 40)], 40)
    # wagon timbers (burning wagon)
    pygame.draw.rect(s, (50, 32, 20), (3, 17, 26, 9))
    pygame.draw.rect(s, (24, 16, 10), (3, 17, 26, 9), 1)
    pygame.draw.circle(s, (34, 24, 16), (8, 27), 4, 2)
    pygame.draw.circle(s, (34, 24, 16), (24, 27), 4, 2)
    for x in range(5, 28, 4):
        pygame.draw.line(s, (90, 52, 28), (x, 19), (x, 24))
    # flames
    glow = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    for r, a in ((15, 25), (12, 30), (9, 35)):
        pygame.draw.circle(glow, (255, 140, 40, a), (16, 18), r)
    s.blit(glow, (0, 0))
    for cx, h, w in [(9, 13, 5), (16, 18, 6), (23, 12, 5), (13, 9, 3), (20, 10, 3)]:
        base_y = 21
        pts = [
            (cx - w, base_y),
            (cx - w // 2, base_y - h // 2),
            (cx, base_y - h),
            (cx + w // 2, base_y - h // 2),
            (cx + w, base_y),
        ]
        pygame.draw.polygon(s, (200, 40, 20), pts)
        inner = [(cx - w // 2, base_y), (cx, base_y - int(h * 0.7)), (cx + w // 2, base_y)]
        pygame.draw.polygon(s, (250, 150, 30), inner)
        core = [(cx - w // 4, base_y), (cx, base_y - int(h * 0.35)), (cx + w // 4, base_y)]
        pygame.draw.polygon(s, (255, 236, 120), core)
    speckles(s, rng, [(255, 220, 90), (255, 160, 40)], 8)  # sparks


def draw_cliff(s, rng):
    # top half: ground at the edge; bottom half: rock face falling into the abyss
    noise_fill(s, (104, 108, 64), rng, 10)
    for y in range(12, TILE):
        t = (y - 12) / (TILE - 12)
        for x in range(TILE):
            c = mix((112, 104, 94), (12, 10, 14), t**0.8)
            s.set_at((x, y), shade(c, rng.randint(-10, 10)))
    # jagged rocky lip
    pts = [(0, 12)]
    x = 0
    while x < TILE:
        x += rng.randint(3, 5)
        pts.append((min(x, TILE), 11 + rng.randint(-2, 2)))
    pygame.draw.lines(s, (64, 58, 50), False, pts, 2)
    pygame.draw.lines(s, (168, 160, 144), False, [(px, py - 2) for px, py in pts], 1)
    # vertical cracks in the face
    for _ in range(6):
        x0 = rng.randrange(2, 30)
        y0 = rng.randrange(14, 22)
        pygame.draw.line(s, (40, 36, 34), (x0, y0), (x0 + rng.randint(-2, 2), y0 + rng.randint(4, 8)))
    for _ in range(3):
        stone(s, rng, rng.randrange(4, 28), rng.randrange(3, 8), 2)


def draw_road(s, rng):
    draw_grass(s, rng)
    pygame.draw.rect(s, (150, 126, 86), (0, 5, TILE, 22))
    for y in range(5, 27):
        for x in range(TILE):
            s.set_at((x, y), shade((156, 132, 92), rng.randint(-10, 10)))
    # ruts
    pygame.draw.line(s, (120, 98, 66), (0, 11), (TILE, 11), 2)
    pygame.draw.line(s, (120, 98, 66), (0, 20), (TILE, 20), 2)
    speckles(s, rng, [(184, 164, 126), (110, 92, 64)], 30)
    # grassy verges
    for x in range(0, TILE, 2):
        s.set_at((x, 5 + rng.randint(0, 1)), (80, 134, 56))
        s.set_at((x, 26 - rng.randint(0, 1)), (80, 134, 56))


DRAW = {
    0: draw_grass,
    1: draw_rough,
    2: draw_shallow,
    3: draw_mud,
    4: draw_deep,
    5: draw_wall,
    6: draw_tree,
    7: lambda s, r: draw_hill(s, r, 1),
    8: lambda s, r: draw_hill(s, r, 2),
    9: draw_pit,
    10: draw_fire,
    11: draw_cliff,
    12: draw_road,
}


# ---------------------------------------------------------------- output


def build_image() -> pygame.Surface:
    rows = (len(TILES) + COLUMNS - 1) // COLUMNS
    sheet = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for tid, *_ in TILES:
        rng = random.Random(SEED * 100 + tid)
        tile = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        tile.fill((0, 0, 0, 255))
        DRAW[tid](tile, rng)
        sheet.blit(tile, ((tid % COLUMNS) * TILE, (tid // COLUMNS) * TILE))
    return sheet


def prop(name, value) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{"true" if value else "false"}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    return f'    <property name="{name}" value={quoteattr(str(value))}/>'


def build_tsx(width: int, height: int) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="{TILE}" '
            f'tileheight="{TILE}" tilecount="{len(TILES)}" columns="{COLUMNS}">'
        ),
        f' <image source="../assets/tiles/terrain.png" width="{width}" height="{height}"/>',
    ]
    for tid, name, cost, sight, elev, footing, hazard, extra in TILES:
        props = dict(
            terrain=name, move_cost=cost, blocks_sight=sight, elevation=elev, footing=footing, hazard=hazard, **extra
        )
        out.append(f' <tile id="{tid}">')
        out.append("  <properties>")
        out.extend(prop(k, v) for k, v in sorted(props.items()))
        out.append("  </properties>")
        out.append(" </tile>")
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def main() -> int:
    pygame.init()
    sheet = build_image()
    PNG_PATH.parent.mkdir(parents=True, exist_ok=True)
    TSX_PATH.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(PNG_PATH))
    TSX_PATH.write_text(build_tsx(sheet.get_width(), sheet.get_height()), encoding="utf-8")
    print(
        f"wrote {PNG_PATH.relative_to(ROOT)} ({sheet.get_width()}x{sheet.get_height()}) "
        f"and {TSX_PATH.relative_to(ROOT)} ({len(TILES)} tiles)"
    )
    pygame.quit()
    return 0


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    parser(__doc__).parse_args()
    sys.exit(main())
