"""Draw the unit sprites, side bases, status icons and side marks.

Writes, all at 2x resolution (64 px per 32 px map square):

    assets/units/<kind>.png        64x64 (stone_giant 128x128), facing north
    assets/units/base.png          64x64 white disk for the side colour
    assets/units/base_large.png    128x128 version for 2x2 creatures
    assets/units/icons/<name>.png  24x24 status overlays
    assets/units/marks/<shape>.png 20x20 white side shapes (tinted by the game)

Every shape is drawn at 4x that size and averaged down (premultiplied
alpha), so edges are smooth and the output is byte-for-byte reproducible:
no randomness beyond fixed-seed generators.  Run headless:

    SDL_VIDEODRIVER=dummy python tools/make_sprites.py [--preview out.png]

Compositing: draw base.png (base_large.png for 2x2 creatures) tinted by
multiplying with the side colour, centred on the unit's footprint; then
the kind sprite, untinted, rotated about its centre for the facing
(pygame angles are counter-clockwise: N 0, NE -45, E -90, SE -135, S 180,
SW 135, W 90, NW 45; use rotozoom or pre-rotate, and blit the result
centred on the footprint).  Every sprite keeps its ink inside the
inscribed circle (checked on each run), so rotation never clips.  Each
kind sprite carries a pale "front arc" on the rim of the base so the
facing reads even at 32 px.  Icons and marks are separate overlays; the
marks are white and are tinted like the base.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "units"
TERRAIN_PNG = ROOT / "assets" / "tiles" / "terrain.png"

SQUARE = 64  # output pixels per map square (2x of the 32 px map)
SS = 4  # supersampling factor while drawing
SEED = 20240612

INK = (28, 22, 18)  # outline colour
OW = 0.028  # default outline width in square units

KINDS = [
    "fighter1",
    "fighter3",
    "thief",
    "priest",
    "wizard",
    "wizard3",
    "wizard5",
    "enchanter5",
    "priest3",
    "priest5",
    "militia",
    "pikeman",
    "archer",
    "halfling",
    "dwarf",
    "orc",
    "orc_leader",
    "goblin",
    "kobold",
    "hobgoblin",
    "gnoll",
    "bugbear",
    "ogre",
    "skeleton",
    "stone_giant",
    "fighter3_magic",
    "gargoyle",
    "giant_spider",
]

# ------------------------------------------------------------------ colours


def clamp(v: float) -> int:
    return max(0, min(255, round(v)))


def shade(color, delta):
    return tuple(clamp(c + delta) for c in color[:3])


def mix(a, b, t):
    return tuple(clamp(a[i] + (b[i] - a[i]) * t) for i in range(3))


STEEL = (168, 174, 184)
STEEL_D = (112, 118, 130)
CHAIN = (140, 146, 156)
LEATHER = (124, 86, 52)
LEATHER_D = (88, 60, 36)
WOOD = (136, 96, 56)
WOOD_D = (96, 66, 38)
SKIN = (226, 180, 140)
HAIR = (98, 64, 36)
GOLD = (222, 180, 60)
WHITE = (236, 234, 224)
BONE = (228, 220, 190)
RUST = (150, 96, 60)


# ------------------------------------------------------------------ painter


def rot(pt, ang):
    c, s = math.cos(ang), math.sin(ang)
    return (pt[0] * c - pt[1] * s, pt[0] * s + pt[1] * c)


def place(points, ox=0.0, oy=0.0, ang=0.0, sx=1.0, sy=1.0):
    """Scale, rotate (radians, clockwise on screen) and move local points."""
    out = []
    for x, y in points:
        rx, ry = rot((x * sx, y * sy), ang)
        out.append((rx + ox, ry + oy))
    return out


def ellipse_pts(cx, cy, rx, ry, ang=0.0, n=72, a0=0.0, a1=2 * math.pi):  # noqa: PLR0917  (drawing primitive: a shape takes its geometry and colours)
    pts = []
    for i in range(n):
        t = a0 + (a1 - a0) * i / n
        pts.append((rx * math.cos(t), ry * math.sin(t)))
    return place(pts, cx, cy, ang)


class Painter:
    """Draws in 'square units': (0, 0) is the sprite centre, one map square
    is 1.0 wide, -y is north (the facing)."""

    def __init__(self, span: float = 1.0, out_px: int = SQUARE, zoom: float = 1.0):
        self.out_px = out_px
        self.size = out_px * SS
        # supersampled px per drawing unit: `zoom` scales the whole figure,
        # outlines grow only with its square root so small and big
        # creatures keep a similar line weight
        self.k = self.size / span * zoom
        self.ok = self.size / span * math.sqrt(zoom)
        self.surf = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        self.surf.fill((0, 0, 0, 0))

    # coordinate helpers
    def px(self, p):
        return (self.size / 2 + p[0] * self.k, self.size / 2 + p[1] * self.k)

    def w(self, units):
        return max(1, round(units * self.k))

    def wo(self, ow):
        return max(1, round(ow * self.ok))

    # primitives -----------------------------------------------------------
    def poly(self, pts, fill, outline=INK, ow=OW, surf=None):
        surf = surf or self.surf
        P = [self.px(p) for p in pts]
        if fill is not None:
            pygame.draw.polygon(surf, fill, P)
        if outline is not None and ow > 0:
            self._stroke(P, outline, ow, True, surf)

    def _stroke(self, P, color, ow, closed, surf, outline=True):
        wpx = self.wo(ow) if outline else self.w(ow)
        pygame.draw.lines(surf, color, closed, P, wpx)
        r = wpx / 2
        for q in P:
            pygame.draw.circle(surf, color, q, r)

    def polyline(self, pts, color, width, surf=None):
        surf = surf or self.surf
        self._stroke([self.px(p) for p in pts], color, width, False, surf, outline=False)

    def ellipse(self, cx, cy, rx, ry, fill, outline=INK, ow=OW, ang=0.0, surf=None):  # noqa: PLR0913, PLR0917  (drawing primitive: a shape takes its geometry and colours)
        self.poly(ellipse_pts(cx, cy, rx, ry, ang), fill, outline, ow, surf)

    def circle(self, cx, cy, r, fill, outline=INK, ow=OW, surf=None):  # noqa: PLR0917  (drawing primitive: a shape takes its geometry and colours)
        surf = surf or self.surf
        c = self.px((cx, cy))
        half = self.wo(ow) / 2 if (outline is not None and ow > 0) else 0
        if half:
            pygame.draw.circle(surf, outline, c, r * self.k + half)
        if fill is not None:
            pygame.draw.circle(surf, fill, c, r * self.k - half)

    def capsule(self, p0, p1, width, fill, outline=INK, ow=OW, surf=None):  # noqa: PLR0917  (drawing primitive: a shape takes its geometry and colours)
        """Thick round-capped bar (arms, shafts)."""
        surf = surf or self.surf
        a, b = self.px(p0), self.px(p1)
        o = self.wo(ow) if (outline is not None and ow > 0) else 0
        if o:
            ww = self.w(width) + o
            pygame.draw.line(surf, outline, a, b, ww)
            pygame.draw.circle(surf, outline, a, ww / 2)
            pygame.draw.circle(surf, outline, b, ww / 2)
        ww = max(1, self.w(width) - o)
        pygame.draw.line(surf, fill, a, b, ww)
        pygame.draw.circle(surf, fill, a, ww / 2)
        pygame.draw.circle(surf, fill, b, ww / 2)

    def line(self, p0, p1, color, width=0.02, surf=None):
        self.capsule(p0, p1, width, color, None, 0, surf)

    def dot(self, cx, cy, r, color, surf=None):
        pygame.draw.circle(surf or self.surf, color, self.px((cx, cy)), r * self.k)

    # clipping: draw `detail` only where `mask_fn` drew ----------------------
    def clipped(self, mask_fn, detail_fn):
        mask = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        mask_fn(mask)
        layer = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        detail_fn(layer)
        la = pygame.surfarray.pixels_alpha(layer)
        ma = pygame.surfarray.pixels_alpha(mask)
        np.minimum(la, ma, out=la)
        del la, ma
        self.surf.blit(layer, (0, 0))

    # finishing -------------------------------------------------------------
    def outer_outline(self, width=1.0):
        """Add a dark rim (width in output px) around the whole silhouette."""
        r = round(width * SS)
        a = pygame.surfarray.array_alpha(self.surf).astype(np.uint16)
        grown = a.copy()
        for dx in range(-r, r + 1):
            for dy in range(-r, r + 1):
                if dx * dx + dy * dy <= r * r and (dx or dy):
                    grown = np.maximum(grown, np.roll(np.roll(a, dx, 0), dy, 1))
        under = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        under.fill(INK + (0,))
        ua = pygame.surfarray.pixels_alpha(under)
        ua[:] = grown.astype(np.uint8)
        del ua
        under.blit(self.surf, (0, 0))
        self.surf = under

    def result(self) -> pygame.Surface:
        return downsample(self.surf, SS)


def downsample(surf: pygame.Surface, f: int) -> pygame.Surface:
    """Box-filter by f with premultiplied alpha (deterministic)."""
    rgb = pygame.surfarray.array3d(surf).astype(np.float64)
    a = pygame.surfarray.array_alpha(surf).astype(np.float64)
    w, h = a.shape
    W, H = w // f, h // f
    pre = rgb * a[..., None]
    pre = pre.reshape(W, f, H, f, 3).sum(axis=(1, 3))
    asum = a.reshape(W, f, H, f).sum(axis=(1, 3))
    with np.errstate(invalid="ignore", divide="ignore"):
        col = np.where(asum[..., None] > 0, pre / np.maximum(asum[..., None], 1e-9), 0)
    out = pygame.Surface((W, H), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    px3 = pygame.surfarray.pixels3d(out)
    px3[:] = np.clip(np.floor(col + 0.5), 0, 255).astype(np.uint8)
    del px3
    pa = pygame.surfarray.pixels_alpha(out)
    pa[:] = np.clip(np.floor(asum / (f * f) + 0.5), 0, 255).astype(np.uint8)
    del pa
    return out


# ------------------------------------------------------------------ weapons
# Weapons are drawn in local coordinates with the grip at (0, 0) and the
# business end toward -y; `place` puts them in a hand.


def w_sword(p, x, y, ang, length=0.30, width=0.064, blade=STEEL, guard=GOLD, grip=LEATHER_D):  # noqa: PLR0913, PLR0917  (drawing primitive: a shape takes its geometry and colours)
    L = length
    pts = [(-width / 2, -0.04), (width / 2, -0.04), (width / 2, -L + width), (0, -L), (-width / 2, -L + width)]
    p.poly(place(pts, x, y, ang), blade)
    p.line(*place([(0, -0.06), (0, -L + width)], x, y, ang), shade(blade, 45), 0.014)
    p.capsule(*place([(0, 0.02), (0, 0.06)], x, y, ang), 0.035, grip)
    p.capsule(*place([(-0.065, -0.035), (0.065, -0.035)], x, y, ang), 0.035, guard)


def w_axe(p, x, y, ang, length=0.32, head=STEEL, haft=WOOD, double=False):  # noqa: PLR0917  (drawing primitive: a shape takes its geometry and colours)
    p.capsule(*place([(0, 0.07), (0, -length)], x, y, ang), 0.04, haft)
    hy = -length + 0.06
    blade = [
        (0.01, hy - 0.04),
        (0.09, hy - 0.09),
        (0.14, hy - 0.05),
        (0.15, hy + 0.04),
        (0.12, hy + 0.10),
        (0.07, hy + 0.06),
        (0.01, hy + 0.04),
    ]
    p.poly(place(blade, x, y, ang), head)
    p.line(*place([(0.135, hy - 0.04), (0.14, hy + 0.06)], x, y, ang), shade(head, 50), 0.014)
    if double:
        p.poly(place([(-bx, by) for bx, by in blade], x, y, ang), head)
    p.capsule(*place([(0, -length - 0.01), (0, -length + 0.02)], x, y, ang), 0.05, shade(head, -30))


def w_mace(p, x, y, ang, length=0.24, head=STEEL, spikes=False):  # noqa: PLR0917  (drawing primitive: a shape takes its geometry and colours)
    p.capsule(*place([(0, 0.06), (0, -length)], x, y, ang), 0.035, WOOD_D)
    cx, cy = place([(0, -length)], x, y, ang)[0]
    r = 0.058
    if spikes:
        for i in range(8):
            t = i * math.pi / 4 + 0.2
            tip = (cx + math.cos(t) * (r + 0.045), cy + math.sin(t) * (r + 0.045))
            b1 = (cx + math.cos(t - 0.35) * r, cy + math.sin(t - 0.35) * r)
            b2 = (cx + math.cos(t + 0.35) * r, cy + math.sin(t + 0.35) * r)
            p.poly([b1, tip, b2], shade(head, 20), ow=0.018)
    else:
        for i in range(6):
            t = i * math.pi / 3
            p.poly(place([(-0.025, 0), (0, -r - 0.03), (0.025, 0)], cx, cy, t), shade(head, -10), ow=0.018)
    p.circle(cx, cy, r, head)
    p.dot(cx - 0.018, cy - 0.018, 0.018, shade(head, 60))


def w_spear(p, x, y, ang, back=0.22, front=0.46, head=STEEL, shaft=WOOD):  # noqa: PLR0917  (drawing primitive: a shape takes its geometry and colours)
    p.capsule(*place([(0, back), (0, -front + 0.08)], x, y, ang), 0.042, shaft)
    tip = [(0, -front), (0.035, -front + 0.07), (0.02, -front + 0.12), (-0.02, -front + 0.12), (-0.035, -front + 0.07)]
    p.poly(place(tip, x, y, ang), head, ow=0.022)


def w_dagger(p, x, y, ang, blade=STEEL):
    w_sword(p, x, y, ang, length=0.17, width=0.045, blade=blade, guard=STEEL_D)


def w_club(p, x, y, ang, length=0.34, r0=0.035, r1=0.075, color=WOOD, knots=True):  # noqa: PLR0913, PLR0917  (drawing primitive: a shape takes its geometry and colours)
    a = place([(-r0, 0.06), (r0, 0.06), (r1, -length + r1), (0, -length - 0.005), (-r1, -length + r1)], x, y, ang)
    p.poly(a, color)
    p.circle(*place([(0, -length + r1)], x, y, ang)[0], r1, color)
    if knots:
        for kx, ky in ((0.03, -length * 0.45), (-0.035, -length * 0.7), (0.02, -length + r1)):
            p.dot(*place([(kx, ky)], x, y, ang)[0], 0.014, shade(color, -40))
    p.line(*place([(-0.01, 0.0), (-r1 * 0.5, -length + r1)], x, y, ang), shade(color, 30), 0.014)


def w_halberd(p, x, y, ang, back=0.2, front=0.47):
    p.capsule(*place([(0, back), (0, -front + 0.05)], x, y, ang), 0.036, WOOD_D)
    hy = -front + 0.13
    blade = [(0.015, hy - 0.05), (0.1, hy - 0.08), (0.125, hy), (0.1, hy + 0.07), (0.015, hy + 0.04)]
    p.poly(place(blade, x, y, ang), RUST)
    p.poly(place([(-0.015, hy - 0.02), (-0.075, hy + 0.04), (-0.015, hy + 0.03)], x, y, ang), RUST, ow=0.02)
    p.poly(
        place([(0, -front), (0.025, -front + 0.07), (0, -front + 0.14), (-0.025, -front + 0.07)], x, y, ang),
        shade(RUST, 10),
        ow=0.02,
    )


def shield_round(p, x, y, rx, ry, ang, face=WOOD, rim=STEEL_D, boss=STEEL, emblem=None):  # noqa: PLR0913, PLR0917  (drawing primitive: a shape takes its geometry and colours)
    p.ellipse(x, y, rx, ry, rim, ang=ang)
    p.ellipse(x, y, rx - 0.022, ry - 0.022, face, outline=None, ang=ang)
    if emblem:
        emblem(x, y)
    else:
        # planks
        for off in (-0.4, 0.0, 0.4):
            a = place([(off * rx, -ry * 0.9), (off * rx, ry * 0.9)], x, y, ang)
            if off:
                p.line(a[0], a[1], shade(face, -28), 0.012)
    p.circle(x, y, min(rx, ry) * 0.32, boss, ow=0.018)
    p.dot(x - 0.01, y - 0.01, min(rx, ry) * 0.12, shade(boss, 60))


# ------------------------------------------------------------------ bodies


class Body:
    """A standard top-down humanoid facing north."""

    def __init__(self, k=1.0, wide=1.0, skin=SKIN, torso=CHAIN, arm=None, hand=None):
        self.k = k
        self.wide = wide
        self.skin = skin
        self.torso = torso
        self.arm = arm or torso
        self.hand = hand or skin

    # anchor points (scaled)
    def shoulder(self, side):
        return (side * 0.205 * self.k * self.wide, 0.045 * self.k)

    def hand_at(self, side, fwd=0.17, out=0.19):
        return (side * out * self.k * self.wide, -fwd * self.k)

    def draw_arm(self, p, side, hand_pos=None, width=0.1):
        s = self.shoulder(side)
        h = hand_pos or self.hand_at(side)
        p.capsule(s, h, width * self.k, self.arm)

    def draw_hand(self, p, pos, r=0.048):
        p.circle(pos[0], pos[1], r * self.k, self.hand, ow=0.022)

    def draw_torso(self, p, pattern=None, rx=0.25, ry=0.15):
        k, wd = self.k, self.wide
        pts = ellipse_pts(0, 0.05 * k, rx * k * wd, ry * k)
        p.poly(pts, self.torso)
        if pattern:
            p.clipped(lambda m: p.poly(pts, (255, 255, 255), None, 0, m), lambda layer: pattern(p, layer))
            p.poly(pts, None)

    def draw_head(self, p, fill, r=0.115, y=-0.02):
        p.circle(0, y * self.k, r * self.k, fill)


def pat_chain(color):
    def f(p, layer):
        for j in range(-12, 13):
            for i in range(-16, 17):
                x = i * 0.028 + (0.014 if j % 2 else 0)
                y = j * 0.024
                p.dot(x, y, 0.007, shade(color, -38), layer)
                p.dot(x + 0.004, y - 0.004, 0.004, shade(color, 40), layer)

    return f


def pat_bands(color, gap=0.05):
    def f(p, layer):
        for j in range(-8, 9):
            y = j * gap
            p.line((-0.6, y), (0.6, y), shade(color, -50), 0.014, layer)
            p.line((-0.6, y + 0.014), (0.6, y + 0.014), shade(color, 45), 0.01, layer)

    return f


def pat_scales(color):
    def f(p, layer):
        for j in range(-10, 11):
            for i in range(-14, 15):
                x = i * 0.04 + (0.02 if j % 2 else 0)
                y = j * 0.03
                p.poly(ellipse_pts(x, y, 0.022, 0.02, n=16, a0=0, a1=math.pi), None, shade(color, -45), 0.01, layer)

    return f


def pat_studs(color):
    def f(p, layer):
        for j in range(-6, 7):
            for i in range(-8, 9):
                x = i * 0.06 + (0.03 if j % 2 else 0)
                y = j * 0.05
                p.dot(x, y, 0.011, shade(color, 70), layer)
                p.dot(x + 0.004, y + 0.004, 0.006, shade(color, -30), layer)

    return f


def pat_fur(color, rng_seed):
    def f(p, layer):
        rng = random.Random(rng_seed)
        for _ in range(160):
            x, y = rng.uniform(-0.6, 0.6), rng.uniform(-0.5, 0.5)
            dx = rng.uniform(-0.02, 0.02)
            c = shade(color, rng.choice([-40, -25, 25]))
            p.line((x, y), (x + dx, y + 0.05), c, 0.012, layer)

    return f


def face_nose(p, y, r, skin, length=0.06, width=0.05):
    """A nose wedge on the front of a head at (0, y) of radius r."""
    p.poly(
        [(-width / 2, y - r + 0.02), (0, y - r - length + 0.02), (width / 2, y - r + 0.02)], shade(skin, -8), ow=0.02
    )


# ------------------------------------------------------------------ kinds


def draw_fighter1(p):
    b = Body(torso=CHAIN, arm=CHAIN)
    rh, lh = b.hand_at(1, 0.17, 0.2), b.hand_at(-1, 0.14, 0.2)
    b.draw_arm(p, 1, rh)
    b.draw_arm(p, -1, lh)
    b.draw_torso(p, pat_chain(CHAIN))
    w_sword(p, rh[0], rh[1], -0.2, length=0.27)
    b.draw_hand(p, rh)
    shield_round(p, -0.2, -0.2, 0.145, 0.1, -0.35)
    # open steel cap with a nasal bar
    p.circle(0, -0.02, 0.118, STEEL)
    p.circle(-0.03, -0.05, 0.04, shade(STEEL, 50), outline=None)
    p.poly([(-0.025, -0.12), (0, -0.2), (0.025, -0.12)], STEEL_D, ow=0.022)


def draw_fighter3(p):
    plate = (150, 156, 168)
    b = Body(torso=plate, arm=plate, hand=STEEL_D)
    rh, lh = b.hand_at(1, 0.16, 0.2), b.hand_at(-1, 0.14, 0.2)
    b.draw_arm(p, 1, rh)
    b.draw_arm(p, -1, lh)
    b.draw_torso(p, pat_bands(plate))
    for s in (-1, 1):  # pauldrons
        p.ellipse(s * 0.22, 0.02, 0.085, 0.095, plate)
        p.line((s * 0.17, 0.0), (s * 0.27, 0.0), shade(plate, -45), 0.012)
    w_sword(p, rh[0], rh[1], -0.22, length=0.26)
    b.draw_hand(p, rh)
    # heater shield: flat-topped, pointed toward the front
    heater = [(-0.14, 0.02), (0.14, 0.02), (0.13, -0.06), (0, -0.12), (-0.13, -0.06)]
    face = (96, 104, 124)
    p.poly(place(heater, -0.2, -0.17, -0.3), face, ow=0.03)
    p.poly(place([(-0.09, 0.0), (0.09, 0.0), (0, -0.09)], -0.2, -0.17, -0.3), (198, 170, 80), ow=0.016)
    # great helm with a visor ridge and eye slit
    p.circle(0, -0.02, 0.12, STEEL)
    p.poly([(-0.055, -0.09), (0, -0.205), (0.055, -0.09)], STEEL, ow=0.024)
    p.line((0, -0.2), (0, -0.06), shade(STEEL, 50), 0.014)
    p.line((-0.08, -0.105), (0.08, -0.105), INK, 0.016)
    p.circle(0, 0.02, 0.03, (150, 40, 40), ow=0.016)  # crest knot


def draw_thief(p):
    cloak = (70, 70, 66)
    b = Body(torso=LEATHER_D, arm=(78, 58, 42))
    # cloak trailing behind
    p.poly([(-0.25, 0.0), (0.25, 0.0), (0.29, 0.2), (0.12, 0.34), (-0.12, 0.34), (-0.29, 0.2)], cloak)
    rh, lh = b.hand_at(1, 0.2, 0.19), b.hand_at(-1, 0.12, 0.21)
    b.draw_arm(p, 1, rh, 0.09)
    b.draw_arm(p, -1, lh, 0.09)
    b.draw_torso(p, None, 0.23, 0.13)
    # sling coiled at the belt (left hand)
    p.polyline(ellipse_pts(-0.23, -0.05, 0.045, 0.07, n=20, a0=-1.2, a1=4.3), (150, 120, 80), 0.016)
    p.ellipse(-0.23, -0.13, 0.03, 0.022, (150, 120, 80), ow=0.016)
    w_sword(p, rh[0], rh[1], -0.05, length=0.22, width=0.05, guard=STEEL_D)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # hood, open to the front showing face
    p.circle(0, -0.02, 0.12, cloak)
    p.ellipse(0, -0.08, 0.065, 0.06, SKIN)
    face_nose(p, -0.06, 0.08, SKIN, 0.05, 0.04)
    p.poly([(-0.06, 0.06), (0, 0.16), (0.06, 0.06)], cloak, ow=0.022)  # hood point behind


def draw_priest(p, tabard=WHITE, edge=GOLD):
    b = Body(torso=CHAIN, arm=CHAIN)
    rh, lh = b.hand_at(1, 0.15, 0.2), b.hand_at(-1, 0.14, 0.2)
    b.draw_arm(p, 1, rh)
    b.draw_arm(p, -1, lh)
    b.draw_torso(p, pat_chain(CHAIN))
    # white tabard with gold edge over the shoulders
    tab = [(-0.11, -0.07), (0.11, -0.07), (0.13, 0.18), (-0.13, 0.18)]
    p.poly(tab, tabard)
    p.line((-0.12, 0.17), (0.12, 0.17), edge, 0.02)
    w_mace(p, rh[0], rh[1], -0.2, 0.19)
    b.draw_hand(p, rh)

    def sun(x, y):
        for i in range(8):
            t = i * math.pi / 4
            p.line((x, y), (x + math.cos(t) * 0.085, y + math.sin(t) * 0.065), GOLD, 0.018)

    shield_round(p, -0.2, -0.2, 0.145, 0.1, -0.35, face=WHITE, rim=GOLD, boss=GOLD, emblem=sun)
    # bare head with a tonsure, face forward
    p.circle(0, -0.02, 0.112, SKIN)
    p.circle(0, 0.0, 0.085, (116, 84, 52), outline=None)
    p.circle(0, 0.01, 0.05, shade(SKIN, 10), outline=None)
    face_nose(p, -0.02, 0.112, SKIN, 0.05, 0.045)


def draw_wizard(p, robe=(74, 62, 140)):
    b = Body(torso=robe, arm=robe)
    # robe spreading behind
    p.poly([(-0.24, -0.02), (0.24, -0.02), (0.3, 0.22), (0.0, 0.36), (-0.3, 0.22)], shade(robe, -16))
    p.line((-0.16, 0.2), (0.0, 0.3), shade(robe, -45), 0.014)
    p.line((0.16, 0.2), (0.0, 0.3), shade(robe, -45), 0.014)
    rh, lh = b.hand_at(1, 0.19, 0.19), b.hand_at(-1, 0.15, 0.18)
    b.draw_arm(p, 1, rh, 0.11)
    b.draw_arm(p, -1, lh, 0.11)
    b.draw_torso(p, None, 0.23, 0.14)
    w_dagger(p, rh[0], rh[1], -0.12)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    p.dot(lh[0], lh[1] - 0.005, 0.02, (190, 230, 255))
    # wide-brimmed pointed hat, tip flopping forward
    p.circle(0, -0.01, 0.16, shade(robe, 10))
    p.circle(0, -0.01, 0.1, shade(robe, 25), ow=0.018)
    p.line((-0.095, -0.01), (0.095, -0.01), GOLD, 0.018)
    p.poly([(-0.06, -0.03), (0.06, -0.03), (0.0, -0.25)], shade(robe, 35), ow=0.024)
    p.dot(0, -0.245, 0.022, GOLD)


def draw_wizard3(p):
    draw_wizard(p, robe=(48, 96, 150))  # a journeyman's blue robe


def draw_wizard5(p):
    draw_wizard(p, robe=(36, 60, 170))  # the battle mage's deep blue


def draw_enchanter5(p):
    draw_wizard(p, robe=(130, 50, 140))  # the enchanter's violet


def draw_priest3(p):
    draw_priest(p, tabard=(200, 220, 240), edge=(90, 120, 200))  # a temple priest's pale blue tabard


def draw_priest5(p):
    draw_priest(p, tabard=(240, 214, 120), edge=(150, 40, 40))  # the high priest's gold and red


def draw_pikeman(p):
    coat = (96, 104, 130)
    b = Body(torso=coat, arm=(150, 158, 184))
    # the long pike levelled in both hands, its point far beyond the front of the base
    rh, lh = (0.1, 0.06), (0.06, -0.2)
    b.draw_arm(p, 1, rh, 0.095)
    b.draw_arm(p, -1, lh, 0.095)
    b.draw_torso(p, pat_studs(coat), 0.24, 0.14)
    p.line((-0.2, 0.05), (0.2, 0.05), LEATHER_D, 0.016)
    w_spear(p, 0.07, -0.05, 0.02, back=0.2, front=0.41)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # steel cap with a comb
    p.circle(0, 0.0, 0.12, STEEL, ow=0.02)
    p.line((0.0, -0.11), (0.0, 0.11), STEEL_D, 0.02)
    p.circle(-0.03, -0.03, 0.03, shade(STEEL, 50), outline=None)
    face_nose(p, 0.0, 0.12, SKIN, 0.045, 0.04)


def draw_militia(p):
    jerkin = (150, 112, 70)
    b = Body(torso=jerkin, arm=(196, 160, 120))
    # spear held in both hands, point forward
    rh, lh = (0.1, 0.02), (0.06, -0.18)
    b.draw_arm(p, 1, rh, 0.095)
    b.draw_arm(p, -1, lh, 0.095)
    b.draw_torso(p, pat_studs(jerkin), 0.24, 0.14)
    p.line((-0.2, 0.05), (0.2, 0.05), LEATHER_D, 0.016)
    w_spear(p, 0.07, -0.05, 0.05, back=0.3, front=0.4)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # iron kettle hat with brim
    p.circle(0, 0.0, 0.14, STEEL_D)
    p.circle(0, 0.0, 0.095, STEEL, ow=0.018)
    p.circle(-0.025, -0.025, 0.03, shade(STEEL, 50), outline=None)
    face_nose(p, 0.0, 0.14, SKIN, 0.045, 0.04)


def draw_archer(p):
    green = (84, 104, 56)
    b = Body(torso=green, arm=LEATHER)
    # quiver on the back, fletchings showing
    p.capsule((0.08, 0.26), (0.16, 0.08), 0.075, LEATHER_D)
    for i, c in enumerate(((230, 230, 220), (200, 60, 50), (230, 230, 220))):
        p.dot(0.165 + (i - 1) * 0.02, 0.07 + (i - 1) * 0.01, 0.017, c)
    lh = (-0.07, -0.28)  # bow hand well forward
    rh = (0.05, -0.03)  # draw hand at the chin
    b.draw_arm(p, -1, lh, 0.085)
    b.draw_arm(p, 1, rh, 0.085)
    b.draw_torso(p, None, 0.23, 0.13)
    p.line((-0.17, -0.02), (0.16, 0.14), LEATHER_D, 0.018)
    # bow: an arc across the front, string back to the draw hand
    bow = ellipse_pts(-0.07, -0.16, 0.2, 0.13, n=24, a0=math.pi * 1.12, a1=math.pi * 1.88)
    p.polyline([bow[0], rh, bow[-1]], (225, 225, 210), 0.012)
    p.polyline(bow, INK, 0.05)
    p.polyline(bow, WOOD, 0.028)
    # arrow pointing forward
    p.line(rh, (-0.07, -0.4), (200, 170, 120), 0.016)
    p.poly([(-0.07, -0.44), (-0.045, -0.37), (-0.095, -0.37)], STEEL, ow=0.016)
    b.draw_hand(p, lh)
    b.draw_hand(p, rh)
    # hood with face
    p.circle(0, -0.01, 0.115, green)
    p.ellipse(0, -0.07, 0.06, 0.05, SKIN)
    face_nose(p, -0.05, 0.075, SKIN, 0.045, 0.04)


def draw_halfling(p):
    b = Body(torso=LEATHER, arm=(200, 160, 120))
    rh, lh = b.hand_at(1, 0.2, 0.2), b.hand_at(-1, 0.14, 0.2)
    b.draw_arm(p, 1, rh)
    b.draw_arm(p, -1, lh)
    b.draw_torso(p, None)
    p.line((-0.16, 0.03), (0.16, 0.03), (80, 120, 60), 0.02)  # green belt sash
    w_sword(p, rh[0], rh[1], -0.1, length=0.2, width=0.045, guard=STEEL_D)
    b.draw_hand(p, rh)
    shield_round(p, -0.16, -0.15, 0.1, 0.075, -0.35)
    # curly hair
    p.circle(0, -0.02, 0.09, (130, 82, 40))
    for i in range(9):
        t = i * 2 * math.pi / 9
        p.dot(math.cos(t) * 0.055, -0.02 + math.sin(t) * 0.055, 0.022, (104, 64, 30))
        p.dot(math.cos(t) * 0.055 - 0.006, -0.026 + math.sin(t) * 0.055, 0.01, (160, 108, 58))
    p.ellipse(0, -0.1, 0.045, 0.03, SKIN, ow=0.018)
    p.dot(0, -0.125, 0.012, shade(SKIN, -30))


def draw_dwarf(p):
    b = Body(wide=1.12, torso=CHAIN, arm=CHAIN)
    rh, lh = b.hand_at(1, 0.12, 0.19), b.hand_at(-1, 0.12, 0.2)
    b.draw_arm(p, 1, rh, 0.11)
    b.draw_arm(p, -1, lh, 0.11)
    b.draw_torso(p, pat_chain(CHAIN), 0.25, 0.16)
    w_axe(p, rh[0], rh[1], -0.2, length=0.245, double=True)
    b.draw_hand(p, rh)
    shield_round(p, -0.21, -0.16, 0.135, 0.12, -0.3)
    # horned helm and a great forked beard spilling forward
    beard = (176, 96, 44)
    p.poly(
        [(-0.1, -0.04), (0.1, -0.04), (0.07, -0.2), (0.02, -0.24), (0.0, -0.2), (-0.02, -0.24), (-0.07, -0.2)], beard
    )
    p.line((0.0, -0.08), (0.0, -0.19), shade(beard, -40), 0.012)
    p.line((-0.04, -0.08), (-0.04, -0.19), shade(beard, -40), 0.012)
    p.line((0.04, -0.08), (0.04, -0.19), shade(beard, -40), 0.012)
    for s in (-1, 1):
        p.poly(
            [(s * 0.08, -0.01), (s * 0.19, -0.05), (s * 0.2, -0.11), (s * 0.16, -0.04), (s * 0.08, 0.03)], BONE, ow=0.02
        )
    p.circle(0, 0.0, 0.1, STEEL)
    p.line((0, -0.09), (0, 0.09), STEEL_D, 0.02)
    p.dot(-0.03, -0.03, 0.025, shade(STEEL, 50))
    p.poly([(-0.035, -0.08), (0, -0.14), (0.035, -0.08)], SKIN, ow=0.02)  # nose


ORC = (112, 134, 96)


def orc_head(p, skin, y=-0.02, r=0.115, helm=None):
    # ears swept back
    for s in (-1, 1):
        p.poly([(s * 0.08, y - 0.02), (s * 0.18, y + 0.06), (s * 0.07, y + 0.05)], shade(skin, -10), ow=0.02)
    p.circle(0, y, r, helm or skin)
    if helm is None:
        p.dot(0, y + 0.02, 0.05, shade(skin, 14))
    # pig snout with tusks
    p.ellipse(0, y - r - 0.005, 0.06, 0.045, shade(skin, 18), ow=0.022)
    p.dot(-0.02, y - r - 0.01, 0.012, INK)
    p.dot(0.02, y - r - 0.01, 0.012, INK)
    for s in (-1, 1):
        p.poly([(s * 0.05, y - r + 0.01), (s * 0.065, y - r - 0.07), (s * 0.075, y - r + 0.01)], BONE, ow=0.016)


def draw_orc(p):
    stud = (92, 70, 50)
    b = Body(skin=ORC, torso=stud, arm=ORC)
    rh, lh = b.hand_at(1, 0.13, 0.2), b.hand_at(-1, 0.13, 0.2)
    b.draw_arm(p, 1, rh, 0.11)
    b.draw_arm(p, -1, lh, 0.11)
    b.draw_torso(p, pat_studs(stud))
    w_axe(p, rh[0], rh[1], -0.24, length=0.22, head=(130, 132, 130))
    b.draw_hand(p, rh)
    # battered shield with a notch
    shield_round(p, -0.2, -0.17, 0.14, 0.105, -0.35, face=(110, 80, 50), rim=(90, 86, 80), boss=(120, 118, 110))
    p.poly([(-0.31, -0.27), (-0.25, -0.22), (-0.29, -0.19)], (60, 50, 40), ow=0.0)
    orc_head(p, ORC)


def draw_orc_leader(p):
    b = Body(skin=ORC, torso=(120, 124, 130), arm=ORC)
    # ragged fur cloak behind
    fur = (86, 64, 44)
    pts = [
        (-0.27, 0.0),
        (0.27, 0.0),
        (0.3, 0.18),
        (0.2, 0.3),
        (0.1, 0.26),
        (0.0, 0.34),
        (-0.1, 0.26),
        (-0.2, 0.3),
        (-0.3, 0.18),
    ]
    p.poly(pts, fur)
    rh, lh = b.hand_at(1, 0.15, 0.2), b.hand_at(-1, 0.13, 0.2)
    b.draw_arm(p, 1, rh, 0.115)
    b.draw_arm(p, -1, lh, 0.115)
    b.draw_torso(p, pat_chain((120, 124, 130)))
    for s in (-1, 1):  # spiked pauldrons
        p.ellipse(s * 0.23, 0.03, 0.08, 0.09, (80, 76, 74))
        p.poly([(s * 0.2, 0.0), (s * 0.31, -0.04), (s * 0.26, 0.04)], BONE, ow=0.018)
    w_sword(p, rh[0], rh[1], -0.22, length=0.26, width=0.06, blade=(150, 154, 160), guard=(90, 80, 70))
    b.draw_hand(p, rh)
    shield_round(
        p,
        -0.21,
        -0.18,
        0.14,
        0.105,
        -0.35,
        face=(80, 60, 50),
        rim=(70, 66, 64),
        boss=BONE,
        emblem=lambda x, y: p.poly(
            [(x - 0.07, y + 0.03), (x, y - 0.07), (x + 0.07, y + 0.03)], None, (170, 40, 30), 0.02
        ),
    )
    orc_head(p, ORC, helm=(86, 82, 80))
    p.poly([(-0.02, -0.09), (0.02, -0.09), (0.03, 0.08), (-0.03, 0.08)], (150, 40, 30), ow=0.018)  # crest


def draw_goblin(p):
    skin = (166, 172, 64)
    stud = (96, 74, 50)
    b = Body(skin=skin, torso=stud, arm=skin)
    rh, lh = b.hand_at(1, 0.2, 0.2), b.hand_at(-1, 0.14, 0.2)
    b.draw_arm(p, 1, rh, 0.11)
    b.draw_arm(p, -1, lh, 0.11)
    b.draw_torso(p, pat_studs(stud))
    w_sword(p, rh[0], rh[1], -0.1, length=0.21, width=0.05, blade=(140, 140, 128), guard=(80, 70, 60))
    b.draw_hand(p, rh)
    shield_round(p, -0.16, -0.15, 0.1, 0.075, -0.35, face=(100, 76, 48), rim=(80, 70, 60), boss=(110, 108, 100))
    # huge ears sideways-back, wide flat face
    for s in (-1, 1):
        p.poly([(s * 0.06, -0.06), (s * 0.23, -0.01), (s * 0.06, 0.03)], shade(skin, -12), ow=0.02)
        p.line((s * 0.08, -0.015), (s * 0.19, -0.01), shade(skin, -50), 0.012)
    p.circle(0, -0.02, 0.09, skin)
    p.ellipse(0, -0.1, 0.06, 0.035, shade(skin, 12), ow=0.02)
    p.dot(-0.035, -0.085, 0.014, (220, 40, 30))
    p.dot(0.035, -0.085, 0.014, (220, 40, 30))


def draw_kobold(p):
    skin = (168, 84, 48)
    b = Body(skin=skin, torso=(110, 70, 46), arm=skin)
    # tail behind
    tail = [(0.0, 0.12), (0.04, 0.24), (0.09, 0.32), (0.08, 0.38)]
    p.polyline(tail, INK, 0.07)
    p.polyline(tail, skin, 0.04)
    # javelins on the back
    for dx in (-0.05, 0.0):
        p.capsule((0.12 + dx, 0.24), (-0.14 + dx, -0.02), 0.025, WOOD)
    rh, lh = (0.07, 0.0), (0.05, -0.16)
    b.draw_arm(p, 1, rh, 0.1)
    b.draw_arm(p, -1, lh, 0.1)
    b.draw_torso(p, None, 0.24, 0.15)
    w_spear(p, 0.05, -0.06, 0.03, back=0.22, front=0.4, head=(150, 140, 120))
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # horns back, dog snout forward
    for s in (-1, 1):
        p.poly([(s * 0.04, -0.01), (s * 0.11, 0.1), (s * 0.075, -0.02)], (222, 210, 180), ow=0.018)
    p.circle(0, -0.04, 0.08, skin)
    p.poly([(-0.045, -0.09), (0.045, -0.09), (0.025, -0.2), (-0.025, -0.2)], shade(skin, 15), ow=0.02)
    p.dot(0, -0.195, 0.016, INK)
    p.dot(-0.045, -0.075, 0.013, (250, 220, 80))
    p.dot(0.045, -0.075, 0.013, (250, 220, 80))


def draw_hobgoblin(p):
    skin = (190, 104, 60)
    scale = (126, 120, 108)
    b = Body(skin=skin, torso=scale, arm=skin)
    rh, lh = b.hand_at(1, 0.15, 0.2), b.hand_at(-1, 0.13, 0.17)
    b.draw_arm(p, 1, rh, 0.105)
    b.draw_arm(p, -1, lh, 0.105)
    b.draw_torso(p, pat_scales(scale))
    w_sword(p, rh[0], rh[1], -0.22, length=0.26, width=0.055, guard=(120, 40, 30))
    b.draw_hand(p, rh)
    # curved rectangular legion shield
    shield = (
        ellipse_pts(0, 0, 0.16, 0.06, n=20, a0=math.pi, a1=2 * math.pi)
        + ellipse_pts(0, 0.05, 0.16, 0.06, n=20, a0=0, a1=-math.pi)[::-1]
    )
    sh = place(shield, -0.16, -0.2, -0.25)
    p.poly(sh, (150, 40, 34), ow=0.03)
    p.circle(-0.16, -0.18, 0.035, (210, 180, 90), ow=0.018)
    # helmet with transverse crest
    p.circle(0, -0.02, 0.115, (104, 100, 94))
    p.line((-0.11, 0.0), (0.11, 0.0), (150, 40, 34), 0.045)
    p.poly([(-0.07, -0.11), (0.07, -0.11), (0.04, -0.16), (-0.04, -0.16)], skin, ow=0.02)
    p.dot(-0.035, -0.125, 0.013, (250, 200, 60))
    p.dot(0.035, -0.125, 0.013, (250, 200, 60))


def draw_gnoll(p):
    fur = (196, 164, 100)
    hide = (120, 92, 60)
    b = Body(skin=fur, torso=hide, arm=fur)
    rh, lh = (0.17, 0.03), (0.12, -0.17)
    b.draw_arm(p, 1, rh, 0.1)
    b.draw_arm(p, -1, lh, 0.1)
    b.draw_torso(p, pat_fur(hide, SEED + 14), 0.25, 0.15)
    for s in (-1, 1):  # scrap armour plates
        p.ellipse(s * 0.2, 0.07, 0.07, 0.06, (110, 104, 96), ang=s * 0.4)
    w_halberd(p, 0.14, -0.06, -0.04, back=0.24, front=0.34)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # dark mane down the back, hyena head with long muzzle
    p.poly([(-0.04, -0.02), (0.04, -0.02), (0.035, 0.22), (0, 0.27), (-0.035, 0.22)], (60, 44, 30), ow=0.02)
    for s in (-1, 1):
        p.ellipse(s * 0.075, -0.0, 0.04, 0.05, shade(fur, -20), ang=s * 0.5)
    p.circle(0, -0.03, 0.1, fur)
    for sx, sy in ((-0.04, 0.0), (0.045, -0.02), (0.0, 0.03), (-0.02, -0.06)):
        p.dot(sx, sy, 0.016, (90, 66, 40))
    p.poly([(-0.05, -0.09), (0.05, -0.09), (0.03, -0.22), (-0.03, -0.22)], shade(fur, -10), ow=0.022)
    p.dot(0, -0.215, 0.02, INK)
    p.dot(-0.045, -0.085, 0.013, (200, 30, 20))
    p.dot(0.045, -0.085, 0.013, (200, 30, 20))


def draw_bugbear(p):
    fur = (150, 98, 52)
    b = Body(skin=fur, torso=(118, 84, 50), arm=fur)
    rh, lh = b.hand_at(1, 0.12, 0.2), b.hand_at(-1, 0.1, 0.2)
    b.draw_arm(p, 1, rh, 0.11)
    b.draw_arm(p, -1, lh, 0.11)
    b.draw_torso(p, pat_fur((118, 84, 50), SEED + 15), 0.25, 0.16)
    w_mace(p, rh[0], rh[1], -0.35, length=0.16, head=(120, 118, 112), spikes=True)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # shaggy head, round ears, flat nose forward
    for s in (-1, 1):
        p.circle(s * 0.09, 0.0, 0.045, shade(fur, -15))
    p.circle(0, -0.03, 0.115, fur)
    p.clipped(
        lambda m: p.circle(0, -0.03, 0.115, (255, 255, 255), None, 0, m),
        lambda layer: pat_fur(fur, SEED + 16)(p, layer),
    )
    p.circle(0, -0.03, 0.115, None)
    p.ellipse(0, -0.13, 0.055, 0.04, (200, 150, 100), ow=0.022)
    p.dot(0, -0.145, 0.018, INK)
    p.dot(-0.05, -0.1, 0.014, (240, 210, 60))
    p.dot(0.05, -0.1, 0.014, (240, 210, 60))


def draw_ogre(p):
    skin = (200, 164, 112)
    hide = (110, 80, 52)
    b = Body(skin=skin, torso=skin, arm=skin)
    rh, lh = b.hand_at(1, 0.1, 0.19), b.hand_at(-1, 0.08, 0.21)
    b.draw_arm(p, 1, rh, 0.12)
    b.draw_arm(p, -1, lh, 0.12)
    b.draw_torso(p, None, 0.26, 0.16)
    # hide strap across the chest
    p.clipped(
        lambda m: p.poly(ellipse_pts(0, 0.05, 0.26, 0.16), (255, 255, 255), None, 0, m),
        lambda layer: p.line((-0.3, -0.1), (0.25, 0.25), hide, 0.07, layer),
    )
    p.ellipse(0, 0.05, 0.26, 0.16, None)
    w_club(p, rh[0], rh[1], -0.25, length=0.25, r0=0.035, r1=0.065)
    b.draw_hand(p, rh)
    b.draw_hand(p, lh)
    # lumpy bald head, heavy brow and jutting jaw forward
    p.circle(0, -0.02, 0.12, shade(skin, 6))
    p.dot(-0.035, 0.0, 0.03, shade(skin, 22))
    p.poly([(-0.08, -0.1), (0.08, -0.1), (0.06, -0.18), (-0.06, -0.18)], shade(skin, -10), ow=0.022)
    p.line((-0.07, -0.115), (0.07, -0.115), shade(skin, -60), 0.016)
    for s in (-1, 1):
        p.poly([(s * 0.03, -0.17), (s * 0.04, -0.22), (s * 0.05, -0.17)], BONE, ow=0.014)


def draw_skeleton(p):
    bone_d = shade(BONE, -45)
    # ribcage seen from above: a dark hollow crossed by curved ribs
    p.ellipse(0, 0.06, 0.2, 0.14, (70, 62, 52))
    p.capsule((0, 0.0), (0, 0.24), 0.045, bone_d)  # spine
    for j, y in enumerate((0.0, 0.05, 0.1, 0.15)):
        rx = 0.18 - j * 0.025
        arc = ellipse_pts(0, y + 0.04, rx, 0.05, n=18, a0=math.pi * 1.05, a1=math.pi * 1.95)
        p.polyline(arc, INK, 0.05)
        p.polyline(arc, BONE, 0.03)
    p.ellipse(0, 0.22, 0.08, 0.04, BONE, ow=0.02)  # pelvis
    # clavicles and shoulder joints, arms of bare bone
    p.capsule((-0.21, -0.01), (0.21, -0.01), 0.045, BONE)
    rh, lh = (0.2, -0.15), (-0.19, -0.13)
    for s, h in ((1, rh), (-1, lh)):
        elbow = (s * 0.26, -0.02)
        p.capsule((s * 0.21, -0.01), elbow, 0.045, BONE)
        p.capsule(elbow, h, 0.04, BONE)
        p.circle(s * 0.21, -0.01, 0.04, BONE, ow=0.02)
    w_sword(p, rh[0], rh[1], -0.2, length=0.25, width=0.05, blade=(138, 124, 92), guard=(90, 80, 60))
    p.line(
        place([(0, -0.12)], rh[0], rh[1], -0.2)[0], place([(0, -0.18)], rh[0], rh[1], -0.2)[0], (90, 140, 96), 0.02
    )  # verdigris
    for h in (rh, lh):
        p.circle(h[0], h[1], 0.04, BONE, ow=0.02)
    # skull with eye sockets and teeth at its front edge
    p.circle(0, -0.05, 0.11, BONE)
    p.dot(-0.03, -0.07, 0.03, shade(BONE, 25))
    p.poly([(-0.06, -0.13), (0.06, -0.13), (0.045, -0.19), (-0.045, -0.19)], BONE, ow=0.022)
    p.ellipse(-0.045, -0.12, 0.032, 0.026, INK, outline=None)
    p.ellipse(0.045, -0.12, 0.032, 0.026, INK, outline=None)
    for x in (-0.022, 0.0, 0.022):
        p.line((x, -0.16), (x, -0.19), bone_d, 0.01)


def draw_stone_giant(p):
    """Zoomed 2x inside a 2x2-square canvas; designed at M proportions."""
    stone = (146, 146, 140)
    dark = (96, 96, 92)
    hide = (112, 96, 74)
    b = Body(wide=1.2, skin=stone, torso=stone, arm=stone, hand=shade(stone, -6))
    rh, lh = (0.2, -0.1), (-0.21, -0.08)
    b.draw_arm(p, 1, rh, 0.14)
    b.draw_arm(p, -1, lh, 0.14)
    b.draw_torso(p, None, 0.25, 0.17)
    rng = random.Random(SEED + 190)

    def cracks(layer):
        for _ in range(22):
            x0, y0 = rng.uniform(-0.26, 0.26), rng.uniform(-0.1, 0.22)
            pts = [(x0, y0)]
            for _ in range(2):
                x0 += rng.uniform(-0.04, 0.04)
                y0 += rng.uniform(-0.04, 0.04)
                pts.append((x0, y0))
            p.polyline(pts, dark, 0.008, layer)
        for _ in range(10):
            p.dot(
                rng.uniform(-0.25, 0.25),
                rng.uniform(-0.1, 0.2),
                rng.uniform(0.01, 0.025),
                shade(stone, rng.choice([-18, 16])),
                layer,
            )
        # a hide strap over one shoulder
        p.line((-0.3, -0.08), (0.2, 0.26), hide, 0.05, layer)
        p.line((-0.3, -0.08), (0.2, 0.26), shade(hide, -30), 0.012, layer)

    torso = ellipse_pts(0, 0.05, 0.25 * 1.2, 0.17)
    p.clipped(lambda m: p.poly(torso, (255, 255, 255), None, 0, m), cracks)
    p.poly(torso, None)
    # massive stone club
    w_club(p, rh[0], rh[1], -0.22, length=0.25, r0=0.03, r1=0.06, color=(122, 120, 112), knots=False)
    for kx, ky in ((0.0, -0.12), (0.02, -0.2)):
        p.dot(*place([(kx, ky)], rh[0], rh[1], -0.22)[0], 0.01, (92, 90, 84))
    b.draw_hand(p, rh, 0.055)
    # a boulder ready to throw
    p.circle(lh[0] + 0.01, lh[1] - 0.07, 0.075, (130, 122, 110))
    p.dot(lh[0] - 0.01, lh[1] - 0.09, 0.025, (156, 150, 138))
    p.polyline([(lh[0] + 0.03, lh[1] - 0.11), (lh[0] + 0.045, lh[1] - 0.05)], (86, 80, 72), 0.008)
    b.draw_hand(p, (lh[0] + 0.005, lh[1] + 0.0), 0.055)
    # craggy head: heavy brow ridge and jaw forward
    p.circle(0, -0.02, 0.125, stone)
    p.dot(-0.035, -0.04, 0.035, shade(stone, 18))
    p.polyline([(0.03, 0.02), (0.05, 0.0), (0.07, 0.04)], dark, 0.008)
    p.poly([(-0.08, -0.09), (0.08, -0.09), (0.055, -0.17), (-0.055, -0.17)], shade(stone, -12), ow=0.024)
    p.line((-0.07, -0.105), (0.07, -0.105), (70, 70, 66), 0.018)
    p.dot(-0.03, -0.125, 0.011, (30, 30, 30))
    p.dot(0.03, -0.125, 0.011, (30, 30, 30))


def draw_fighter3_magic(p):
    """The veteran of draw_fighter3 with a blade that glows: the long sword +1."""
    draw_fighter3(p)
    rh = Body().hand_at(1, 0.16, 0.2)
    tip = place([(0, -0.26)], rh[0], rh[1], -0.22)[0]
    base = place([(0, -0.06)], rh[0], rh[1], -0.22)[0]
    p.line(base, tip, (120, 200, 255), 0.03)
    p.line(base, tip, (235, 248, 255), 0.012)


def draw_gargoyle(p):
    stone = (128, 130, 136)
    dark = shade(stone, -40)
    # folded bat wings behind the shoulders
    for s in (-1, 1):
        wing = [(s * 0.12, 0.0), (s * 0.36, -0.06), (s * 0.4, 0.12), (s * 0.3, 0.2), (s * 0.18, 0.14)]
        p.poly(wing, shade(stone, -18), ow=0.022)
        p.polyline([(s * 0.14, 0.02), (s * 0.33, 0.16)], dark, 0.012)
        p.polyline([(s * 0.14, 0.02), (s * 0.38, 0.04)], dark, 0.012)
    b = Body(skin=stone, torso=stone, arm=stone)
    rh, lh = b.hand_at(1, 0.15, 0.19), b.hand_at(-1, 0.15, 0.19)
    b.draw_arm(p, 1, rh, 0.09)
    b.draw_arm(p, -1, lh, 0.09)
    b.draw_torso(p, None, 0.22, 0.14)
    for h in (rh, lh):  # claws forward
        for dx in (-0.025, 0.0, 0.025):
            p.line((h[0] + dx, h[1]), (h[0] + dx * 1.4, h[1] - 0.06), BONE, 0.012)
        b.draw_hand(p, h)
    # horned head
    p.circle(0, -0.02, 0.1, shade(stone, 8))
    for s in (-1, 1):
        p.poly([(s * 0.05, -0.07), (s * 0.1, -0.17), (s * 0.08, -0.06)], BONE, ow=0.014)
    p.dot(-0.035, -0.08, 0.013, (230, 120, 30))
    p.dot(0.035, -0.08, 0.013, (230, 120, 30))


def draw_giant_spider(p):
    body = (52, 46, 42)
    hair = (84, 72, 60)
    # eight legs, four a side, bent at the knee
    for s in (-1, 1):
        for j, (ang, reach) in enumerate(((-0.9, 0.34), (-0.35, 0.38), (0.2, 0.38), (0.7, 0.34))):
            knee = (s * 0.2 * math.cos(ang) + s * 0.08, -0.02 + 0.2 * math.sin(ang))
            foot = (s * reach * math.cos(ang * 0.8), 0.02 + reach * math.sin(ang * 0.9))
            p.capsule((s * 0.06, -0.02 + j * 0.03), knee, 0.045, body)
            p.capsule(knee, foot, 0.035, hair)
    # abdomen behind, head and fangs ahead
    p.ellipse(0, 0.16, 0.17, 0.2, body)
    p.ellipse(0, 0.16, 0.1, 0.12, hair, outline=None)
    p.dot(0, 0.12, 0.03, (150, 30, 30))
    p.ellipse(0, -0.05, 0.11, 0.1, shade(body, 12))
    for s in (-1, 1):
        p.poly([(s * 0.025, -0.13), (s * 0.05, -0.2), (s * 0.06, -0.12)], BONE, ow=0.012)
    for dx, dy in ((-0.04, -0.1), (0.04, -0.1), (-0.02, -0.12), (0.02, -0.12)):
        p.dot(dx, dy, 0.012, (200, 40, 30))


DRAWERS = {name[5:]: fn for name, fn in globals().items() if name.startswith("draw_")}


# Whole-figure scale: S creatures sit small inside the square, L ones fill
# it; the stone giant (H) is drawn in a 2x2-square canvas.  Every kind is
# designed so that, after zooming, nothing leaves the inscribed circle.
ZOOM = {
    "halfling": 0.8,
    "goblin": 0.8,
    "kobold": 0.78,
    "dwarf": 0.97,
    "fighter3": 1.04,
    "fighter3_magic": 1.04,
    "gargoyle": 1.02,
    "giant_spider": 1.1,
    "orc": 1.02,
    "orc_leader": 1.06,
    "hobgoblin": 1.03,
    "gnoll": 1.12,
    "bugbear": 1.17,
    "ogre": 1.22,
    "stone_giant": 2.2,
}


def render_kind(kind: str) -> pygame.Surface:
    zoom = ZOOM.get(kind, 1.0)
    p = Painter(span=2.0, out_px=2 * SQUARE, zoom=zoom) if kind == "stone_giant" else Painter(zoom=zoom)
    DRAWERS[kind](p)
    p.outer_outline(0.75)
    check_inside_circle(kind, p.surf)
    # put the front-arc marker under the figure
    under = front_arc(p.size)
    under.blit(p.surf, (0, 0))
    p.surf = under
    return p.result()


def front_arc(size: int) -> pygame.Surface:
    """A pale band over the front 90 degrees of the base rim, like the front
    arc marked on a miniature's base: it rotates with the sprite and shows
    the facing even where the figure itself is too small to read."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    h = size / 2
    r0, r1 = 0.70 * h, 0.90 * h
    n = 48
    a0, a1 = -math.pi / 2 - math.pi / 4, -math.pi / 2 + math.pi / 4
    outer = [
        (h + r1 * math.cos(a0 + (a1 - a0) * i / n), h + r1 * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)
    ]
    inner = [
        (h + r0 * math.cos(a1 - (a1 - a0) * i / n), h + r0 * math.sin(a1 - (a1 - a0) * i / n)) for i in range(n + 1)
    ]
    band = outer + inner
    edge = pygame.Surface((size, size), pygame.SRCALPHA)
    edge.fill((0, 0, 0, 0))
    wpx = max(1, round(size / 64 * 1.2))
    pygame.draw.polygon(edge, INK + (170,), band)
    pygame.draw.lines(edge, INK + (170,), True, band, wpx * 2)
    surf.blit(edge, (0, 0))
    fill = pygame.Surface((size, size), pygame.SRCALPHA)
    fill.fill((0, 0, 0, 0))
    pygame.draw.polygon(fill, (255, 255, 255, 150), band)
    sa = pygame.surfarray.pixels_alpha(surf)
    fa = pygame.surfarray.pixels_alpha(fill)
    fr = pygame.surfarray.pixels3d(fill)
    sr = pygame.surfarray.pixels3d(surf)
    m = fa > 0
    sr[m] = fr[m]
    sa[m] = fa[m]
    del sa, fa, fr, sr
    return surf


def check_inside_circle(kind, surf):
    """Rotating about the centre must never clip: no ink outside the circle."""
    a = pygame.surfarray.array_alpha(surf)
    n = a.shape[0]
    c = (np.arange(n) + 0.5 - n / 2) / (n / 2)
    r2 = c[:, None] ** 2 + c[None, :] ** 2
    if (a[r2 > 1.0] > 0).any():
        worst = math.sqrt(r2[a > 0].max())
        PROBLEMS.append(f"{kind}: drawing reaches {worst:.3f} of the half-width (must stay <= 1)")


PROBLEMS: list[str] = []


# ------------------------------------------------------------------ base, icons, marks


def render_base(out_px: int) -> pygame.Surface:
    p = Painter(span=1.0, out_px=out_px)
    # white disk, soft inner bevel, darker rim; the game multiplies by the side colour
    rim = 2.2 / out_px  # about 2.2 output px of dark rim
    r = 0.5 - 1.0 / out_px
    p.circle(0, 0, r, (72, 72, 72), outline=None)
    p.circle(0, 0, r - rim, (205, 205, 205), outline=None)
    p.circle(0, -0.01, r - rim - 0.015, (255, 255, 255), outline=None)
    return p.result()


def icon_painter():
    return Painter(span=1.0, out_px=24)


ICON_OW = 0.09


def icon_prone():
    p = icon_painter()
    # a figure lying on its side: head, body, legs; plus a down arrow
    p.capsule((-0.3, 0.22), (0.3, 0.22), 0.16, (236, 236, 236), ow=ICON_OW)
    p.circle(-0.34, 0.22, 0.12, (236, 236, 236), ow=ICON_OW)
    p.poly(
        [(-0.18, -0.42), (0.18, -0.42), (0.18, -0.22), (0.34, -0.22), (0.0, 0.07), (-0.34, -0.22), (-0.18, -0.22)],
        (250, 200, 60),
        ow=ICON_OW,
    )
    return p


def star_pts(cx, cy, r0, r1, n=5):
    pts = []
    for i in range(2 * n):
        r = r0 if i % 2 == 0 else r1
        t = -math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    return pts


def icon_hero():
    p = icon_painter()
    p.poly(star_pts(0, 0.03, 0.46, 0.2), (255, 214, 60), ow=ICON_OW)
    p.poly(star_pts(-0.04, -0.02, 0.14, 0.06), (255, 244, 170), outline=None)
    return p


def icon_leader():
    p = icon_painter()
    pts = [(-0.4, 0.3), (-0.42, -0.22), (-0.2, 0.0), (0.0, -0.36), (0.2, 0.0), (0.42, -0.22), (0.4, 0.3)]
    p.poly(pts, (255, 200, 50), ow=ICON_OW)
    p.capsule((-0.38, 0.3), (0.38, 0.3), 0.14, (230, 170, 40), ow=ICON_OW)
    p.dot(0, 0.3, 0.05, (200, 40, 40))
    for x, y in ((-0.42, -0.22), (0.0, -0.36), (0.42, -0.22)):
        p.circle(x, y, 0.07, (255, 240, 150), ow=0.06)
    return p


def icon_withdraw():
    p = icon_painter()
    # a backward (down) double chevron: stepping back while still facing
    for y in (-0.2, 0.12):
        p.poly(
            [(-0.4, y - 0.14), (0.0, y + 0.14), (0.4, y - 0.14), (0.4, y + 0.06), (0.0, y + 0.34), (-0.4, y + 0.06)],
            (120, 200, 255),
            ow=ICON_OW,
        )
    return p


def icon_charging():
    p = icon_painter()
    # a forward double chevron, pale yellow to stand out on any side's base: running at the foe
    # (withdraw's is blue and points back)
    for x in (-0.22, 0.1):
        p.poly(
            [(x - 0.14, -0.4), (x + 0.14, 0.0), (x - 0.14, 0.4), (x + 0.06, 0.4), (x + 0.34, 0.0), (x + 0.06, -0.4)],
            (255, 238, 140),
            ow=ICON_OW,
        )
    return p


def icon_flee():
    p = icon_painter()
    p.poly([(-0.12, -0.44), (0.12, -0.44), (0.07, 0.14), (-0.07, 0.14)], (255, 80, 60), ow=ICON_OW)
    p.circle(0, 0.32, 0.11, (255, 80, 60), ow=ICON_OW)
    return p


def icon_surrender():
    p = icon_painter()
    p.capsule((-0.3, -0.44), (-0.3, 0.46), 0.09, (150, 110, 70), ow=ICON_OW)
    flag = [(-0.28, -0.4), (0.05, -0.46), (0.42, -0.36), (0.38, 0.06), (0.05, -0.02), (-0.28, 0.04)]
    p.poly(flag, (250, 250, 250), ow=ICON_OW)
    return p


def drop_pts(cx, cy, r):
    pts = [(cx, cy - 2.1 * r)]
    pts += ellipse_pts(cx, cy, r, r, n=28, a0=-math.pi / 2 + 0.5, a1=math.pi * 1.5 - 0.5)[1:]
    pts.append((cx + r * math.cos(math.pi * 1.5 - 0.5), cy + r * math.sin(math.pi * 1.5 - 0.5)))
    return pts


def draw_drop(p, cx, cy, r):
    p.poly(drop_pts(cx, cy, r), (110, 190, 255), ow=ICON_OW)
    p.dot(cx - r * 0.35, cy - r * 0.1, r * 0.28, (230, 245, 255))


def icon_fatigued():
    p = icon_painter()
    draw_drop(p, 0, 0.12, 0.24)
    return p


def icon_exhausted():
    p = icon_painter()
    draw_drop(p, -0.2, 0.18, 0.2)
    draw_drop(p, 0.22, 0.0, 0.2)
    return p


ICONS = {
    "prone": icon_prone,
    "hero": icon_hero,
    "leader": icon_leader,
    "withdraw": icon_withdraw,
    "charging": icon_charging,
    "flee": icon_flee,
    "surrender": icon_surrender,
    "fatigued": icon_fatigued,
    "exhausted": icon_exhausted,
}


def render_mark(shape: str) -> pygame.Surface:
    p = Painter(span=1.0, out_px=20)
    ow = 0.12
    white = (255, 255, 255)
    if shape == "circle":
        p.circle(0, 0, 0.42, white, ow=ow)
    elif shape == "square":
        s = 0.36
        p.poly([(-s, -s), (s, -s), (s, s), (-s, s)], white, ow=ow)
    elif shape == "triangle":
        p.poly([(0, -0.42), (0.43, 0.34), (-0.43, 0.34)], white, ow=ow)
    elif shape == "diamond":
        p.poly([(0, -0.44), (0.44, 0), (0, 0.44), (-0.44, 0)], white, ow=ow)
    return p.result()


MARKS = ["circle", "square", "triangle", "diamond"]


# ------------------------------------------------------------------ preview


def tinted(surf: pygame.Surface, color) -> pygame.Surface:
    t = surf.copy()
    t.fill(color + (255,), special_flags=pygame.BLEND_RGBA_MULT)
    return t


def grass_tile(size: int) -> pygame.Surface:
    sheet = pygame.image.load(str(TERRAIN_PNG))
    tile = sheet.subsurface((0, 0, 32, 32)).copy()
    return pygame.transform.scale(tile, (size, size))


def compose_unit(sprite, base, side, facing_deg):
    """What the game should do: tinted base, then the sprite rotated about its centre."""
    n = base.get_width()
    cell = pygame.Surface((n, n), pygame.SRCALPHA)
    cell.fill((0, 0, 0, 0))
    cell.blit(tinted(base, side), (0, 0))
    r = pygame.transform.rotozoom(sprite, facing_deg, 1.0) if facing_deg % 360 else sprite
    cell.blit(r, r.get_rect(center=(n // 2, n // 2)))
    return cell


def build_preview(sprites, bases, icons, marks, scale_px=SQUARE) -> pygame.Surface:
    facings = [0, -45, -90, 180, 45]  # N, NE, E, S, NW (rotozoom angles are CCW)
    sides = [(70, 120, 235), (220, 60, 50)]
    cols = len(facings) * len(sides)
    kinds = [k for k in KINDS if k != "stone_giant"]
    half = (len(kinds) + 1) // 2
    rows = half + 2
    W = (2 * cols + 1) * SQUARE
    H = rows * SQUARE + 2 * SQUARE
    img = pygame.Surface((W, H))
    g = grass_tile(SQUARE)
    for y in range(0, H, SQUARE):
        for x in range(0, W, SQUARE):
            img.blit(g, (x, y))
    for i, kind in enumerate(kinds):
        col0 = 0 if i < half else cols + 1
        row = i % half
        for j, (face, side) in enumerate([(f, s) for s in sides for f in facings]):
            cell = compose_unit(sprites[kind], bases["base"], side, face)
            img.blit(cell, ((col0 + j) * SQUARE, row * SQUARE))
    # giant, icons and marks on the last rows
    y0 = half * SQUARE
    for j, face in enumerate([0, -45, -90, 180]):
        cell = compose_unit(sprites["stone_giant"], bases["base_large"], sides[j % 2], face)
        img.blit(cell, (j * 2 * SQUARE, y0))
    x = 8 * SQUARE + 8
    for ic in icons.values():
        img.blit(ic, (x, y0 + 8))
        big = pygame.transform.scale(ic, (48, 48))
        img.blit(big, (x, y0 + 40))
        x += 56
    x = 8 * SQUARE + 8
    for mk in marks.values():
        for side in sides:
            img.blit(tinted(mk, side), (x, y0 + 100))
            x += 28
    # in-context: a small melee with marks and icons beside units
    yy = y0 + 2 * SQUARE
    demo = [
        ("fighter1", 0, 0),
        ("orc", 1, 180),
        ("dwarf", 0, -45),
        ("goblin", 1, 135),
        ("archer", 0, 0),
        ("kobold", 1, 180),
        ("skeleton", 1, 90),
    ]
    for j, (kind, s, face) in enumerate(demo):
        cell = compose_unit(sprites[kind], bases["base"], sides[s], face)
        px = (j * 2) * SQUARE
        img.blit(cell, (px, yy))
        img.blit(tinted(marks["circle" if s == 0 else "triangle"], sides[s]), (px + 44, yy + 44))
        ic = list(icons.values())[j % len(icons)]
        img.blit(ic, (px + 42, yy - 2))
    return img


# ------------------------------------------------------------------ main


def save(surf: pygame.Surface, path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preview", help="also write a preview sheet to this PNG")
    args = ap.parse_args(argv)
    pygame.init()
    sprites = {k: render_kind(k) for k in KINDS}
    bases = {"base": render_base(SQUARE), "base_large": render_base(2 * SQUARE)}
    icons = {name: fn().result() for name, fn in ICONS.items()}
    marks = {m: render_mark(m) for m in MARKS}
    if PROBLEMS:
        print("\n".join(PROBLEMS), file=sys.stderr)
        return 1
    for k, s in sprites.items():
        save(s, OUT_DIR / f"{k}.png")
    for k, s in bases.items():
        save(s, OUT_DIR / f"{k}.png")
    for k, s in icons.items():
        save(s, OUT_DIR / "icons" / f"{k}.png")
    for k, s in marks.items():
        save(s, OUT_DIR / "marks" / f"{k}.png")
    n = len(sprites) + len(bases) + len(icons) + len(marks)
    print(f"wrote {n} images under {OUT_DIR.relative_to(ROOT)}")
    if args.preview:
        prev = build_preview(sprites, bases, icons, marks)
        pygame.image.save(prev, args.preview)
        small = pygame.transform.smoothscale(prev, (prev.get_width() // 2, prev.get_height() // 2))
        stem = Path(args.preview)
        pygame.image.save(small, str(stem.with_name(stem.stem + "_1x" + stem.suffix)))
        print(f"wrote preview {args.preview} (+ _1x)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    parser(__doc__).parse_args()
    sys.exit(main())
