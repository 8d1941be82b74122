"""Drawing the battle screen: map, overlays, tokens, initiative track, panels, log.

Drawing only reads the screen; what it keeps between frames lives in the screen's DrawCache."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

import pygame

from game.core import query
from game.core.battle import RETREAT, Pending
from game.core.round_end import STEPS
from game.core.rules.geometry import VECTORS, Pos, facing_toward
from game.ui.battle.modes import (
    CastMode,
    FacingMode,
    ProvokeMode,
    TurnMode,
)
from game.ui.common import theme
from game.ui.common.widgets import font, text
from game.ui.draw import draw_bar, draw_lesson, draw_review, minimap, roster_panel, shot_marks
from game.ui.draw.arc_marks import LINES, hatch, hatching
from game.ui.draw.draw_cast import draw_cast, draw_cast_words
from game.ui.draw.draw_initiative import draw_initiative
from game.ui.draw.draw_panels import draw_panel
from game.ui.draw.draw_reach import draw_reach_line
from game.ui.draw.draw_tokens import draw_floaters, draw_tokens
from game.ui.draw.reach_layer import choices_shown, reach
from game.ui.draw.squares import Colour, fill, sq_rect
from game.ui.draw.stacking import Part

if TYPE_CHECKING:
    from game.ui.battle.legal import Legal
    from game.ui.battle.state import BattleState

ARC_ALPHA = 90


def draw(s: BattleState, surface: pygame.Surface) -> None:
    with s.one_frame():
        draw_field(s, surface)
        draw_bar.draw_bottom(s, surface)
        draw_lesson.draw(s, surface)


def draw_field(s: BattleState, surface: pygame.Surface) -> None:
    """Everything but the bottom bar: the map and its overlays, the initiative track, the panel.

    Only what nothing else covers is cleared: the initiative track and the panel are opaque
    layers over their parts of the window, and the map's picture often fills its rectangle
    (clearing the whole window was a tenth of a frame)."""
    w, h = s.app.size
    surface.fill(theme.PANEL_BG, (0, h - theme.BOTTOM_BAR, w, theme.BOTTOM_BAR))
    map_rect = s.map_rect()
    surface.set_clip(map_rect)
    # The reach goes down with the terrain, one picture, when nothing comes between them: the
    # review's lines show at a retreat, the reach at an activation; a log line's creatures ring.
    under = reach(s, map_rect, s.legal) if s.legal is not None and choices_shown(s) and s.hover_log is None else None
    reach_drawn = _draw_map(s, surface, map_rect, under)
    fights = draw_review.fights_shown(s)
    draw_review.draw_lines(s, surface, map_rect, fights)
    _draw_overlays(s, surface, map_rect, reach_drawn)
    draw_tokens(s, surface, map_rect, s.session.controllers)
    shot_marks.draw(s, surface, map_rect)
    draw_reach_line(s, surface, map_rect)
    draw_review.draw_tags(s, surface, map_rect, fights)
    _draw_no_space(s, surface, map_rect)
    draw_floaters(s, surface, map_rect)
    draw_cast_words(s, surface, map_rect)
    _draw_banner(s, surface, map_rect)
    minimap.draw(s, surface)
    roster_panel.draw(s, surface)
    surface.set_clip(None)
    draw_initiative(s, surface)
    draw_panel(s, surface)


def _draw_map(
    s: BattleState, surface: pygame.Surface, r: pygame.Rect, under: tuple[Hashable, list[Part]] | None = None
) -> bool:
    """The terrain in view, and `under` (a key and the pictures it names) laid over it as one
    picture kept while both stay; whether `under` was drawn."""
    size = s.camera.size

    def scaled() -> pygame.Surface:
        src = s.map_surface
        if size == src.get_width() // s.session.scenario.terrain.width:
            return src
        img = pygame.transform.smoothscale(
            src, (s.session.scenario.terrain.width * size, s.session.scenario.terrain.height * size)
        )
        return img.convert()

    img = s.cache.get("map", size, scaled)
    cam = s.camera
    at = img.get_rect(topleft=(r.x - round(cam.x), r.y - round(cam.y)))
    if not at.contains(r):  # the map does not fill its rectangle: the rest is background
        surface.fill(theme.PANEL_BG, r)
        surface.blit(img, at)
        return False
    # The part in view, copied out while the view stays: blitting from the whole map's picture,
    # rows 8 KB apart, took 1.6 times as long as from a copy as wide as the view.
    seen = r.move(-at.x, -at.y)
    view = s.cache.get("map_view", (id(img), tuple(seen)), lambda: img.subsurface(seen).copy())
    if under is None:
        surface.blit(view, r)
        return False
    key, pieces = under

    def laid() -> pygame.Surface:
        # blended onto the same terrain pixels as on the frame: the same pixels, blended once
        pic = view.copy()
        pic.blits([(p, (x - r.x, y - r.y)) for p, (x, y) in pieces], doreturn=False)
        return pic

    surface.blit(s.cache.get("map_under", (id(img), tuple(seen), tuple(r), key), laid), r)
    return True


def _outline(
    s: BattleState, surface: pygame.Surface, r: pygame.Rect, squares: list[Pos], colour: Colour, width: int = 2
) -> None:
    for sq in squares:
        pygame.draw.rect(surface, colour, sq_rect(s.camera, r, sq).inflate(-2, -2), width)


def _centre(s: BattleState, r: pygame.Rect, pos: Pos, n: int = 1) -> tuple[int, int]:
    x, y = s.camera.to_screen(pos[0] + n / 2, pos[1] + n / 2)
    return r.x + x, r.y + y


def _arc_unit(s: BattleState, p: Pending | None) -> str | None:
    """Whose arcs show: the hovered unit's, else the selected one's; in a retreat, the foe's."""
    b = s.battle
    arc_unit = b.world.at(s.hover_sq) if s.hover_sq else None
    if arc_unit is None or b.world[arc_unit].life != "fighting":
        arc_unit = s.selected if s.selected and b.world[s.selected].life == "fighting" else None
    if p is not None and p.kind == RETREAT and s.view.idle and (s.hover_sq is None or b.world.at(s.hover_sq) is None):
        arc_unit = p.target  # the foe's rear and flank are where it may be driven
    return arc_unit


def _draw_overlays(s: BattleState, surface: pygame.Surface, r: pygame.Rect, reach_drawn: bool = False) -> None:
    b = s.battle
    p = s.pending() if not b.over else None
    arc_unit = _arc_unit(s, p)
    if s.hover_log is not None:
        ids = [i for i in s.hover_log.ids if i in b.world.units and b.world[i].life == "fighting"]
        for i in ids:
            u = b.world[i]
            pygame.draw.rect(surface, theme.HIGHLIGHT, sq_rect(s.camera, r, u.pos, u.n).inflate(6, 6), 3)
    if choices_shown(s) and s.legal is not None:
        _draw_choices(s, surface, r, s.legal, reach_drawn)
    if arc_unit is not None:
        stance = _planned_stance(s) if arc_unit == s.selected else None
        cam = s.camera
        key = (id(b), len(b.events), arc_unit, stance, cam.size, cam.x, cam.y, tuple(r), theme.palette().name)
        surface.blits(s.cache.get("arcs", key, lambda: _arc_pieces(s, r, arc_unit, stance)), doreturn=False)
    if p is not None and p.kind == RETREAT and s.view.idle:
        _draw_retreat_choice(s, surface, r, p)
    if s.cursor is not None and not s.app.mouse_driven:
        pygame.draw.rect(surface, theme.SELECT, sq_rect(s.camera, r, s.cursor).inflate(2, 2), 2)


def _arc_pieces(
    s: BattleState, r: pygame.Rect, arc_unit: str, stance: tuple[Pos, int] | None
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The unit's arcs as tiles to blit, kept while the battle, the view and the palette stay:
    each arc's squares tinted with an inset ring (opaque, so one tile of both puts down the
    same pixels as the tint, then the ring: arcs read even over the reach), then hatched."""
    arcs = query.arcs(s.battle, arc_unit, *stance) if stance else query.arcs(s.battle, arc_unit)
    pieces: list[tuple[pygame.Surface, tuple[int, int]]] = []
    for name in ("front", "flank", "rear"):
        colour = theme.palette().arcs[name]
        shown = [q for q in (sq_rect(s.camera, r, sq) for sq in arcs[name]) if q.colliderect(r)]
        pieces += [(_ringed(s, name, colour), q.topleft) for q in shown]
        if LINES[name]:
            pieces += [(hatching(s.camera, s.cache, name, colour), q.topleft) for q in shown]
    return pieces


def _ringed(s: BattleState, arc: str, colour: Colour) -> pygame.Surface:
    """An arc's square: its translucent tint and, over it, an opaque inset ring."""
    size = s.camera.size

    def paint() -> pygame.Surface:
        tile = s.cache.tile(size, colour, ARC_ALPHA).copy()
        pygame.draw.rect(tile, colour, pygame.Rect(0, 0, size, size).inflate(-4, -4), 2)
        return tile

    return s.cache.get(f"arc_{arc}", (size, colour), paint)


def _planned_stance(s: BattleState) -> tuple[Pos, int] | None:
    """Where and facing which way the selected unit would stand if the player confirmed now: the
    facing being chosen after a move, or the turn the pointed square asks for. Its arcs follow it."""
    mode, u = s.mode, s.battle.world[s.selected or ""]
    if isinstance(mode, FacingMode):
        return mode.path[-1], mode.facing
    if isinstance(mode, TurnMode) and s.hover_sq is not None and s.hover_sq != u.pos:
        return u.pos, facing_toward(u.pos, u.n, s.hover_sq)
    return None


def _draw_choices(s: BattleState, surface: pygame.Surface, r: pygame.Rect, legal: Legal, reach_drawn: bool) -> None:
    """The pending unit's reach and targets (unless drawn with the map), and the path a click
    would take."""
    b = s.battle
    mode = s.mode
    if not reach_drawn:
        surface.blits(reach(s, r, legal)[1], doreturn=False)
    hovered = b.world.at(s.hover_sq) if s.hover_sq else None
    if hovered in legal.melee and mode.walks:
        o = legal.attack_from(hovered, s.shift())
        if len(o.path) > 1:
            _draw_path(s, surface, r, o.path)
    if hovered in legal.charge and mode.charges:
        _draw_path(s, surface, r, legal.charge[hovered].path)
    if isinstance(mode, ProvokeMode) and mode.risk.safest is not mode.risk.chosen:
        safest = mode.risk.safest.path[-1]  # the square Enter strikes from instead (issue 22)
        pygame.draw.rect(surface, theme.SELECT, sq_rect(s.camera, r, safest).inflate(-6, -6), 3)
    if isinstance(mode, CastMode):
        draw_cast(s, surface, r, mode, legal.unit)
    elif isinstance(mode, FacingMode):
        _draw_path(s, surface, r, mode.path)
        _draw_facing_arrow(s, surface, r, mode.path[-1], mode.facing)
    elif s.hover_sq in legal.full.costs and mode.walks and b.world.at(s.hover_sq) is None:
        _draw_path(s, surface, r, legal.full.path(s.hover_sq))


def _draw_path(s: BattleState, surface: pygame.Surface, r: pygame.Rect, path: Iterable[Pos]) -> None:
    """The path a click would walk, drawn once while the pointer stays (its lines are opaque, so
    drawn on a clear layer they put down the same pixels as drawn straight on the map)."""
    pts = tuple(_centre(s, r, q) for q in path)

    def paint() -> tuple[pygame.Surface, pygame.Rect]:
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer.set_clip(r)
        if len(pts) > 1:
            pygame.draw.lines(layer, (0, 0, 0), False, pts, 5)
            pygame.draw.lines(layer, theme.PATH, False, pts, 3)
        pygame.draw.circle(layer, theme.PATH, pts[-1], max(3, s.camera.size // 6))
        box = layer.get_bounding_rect()
        return layer.subsurface(box).copy(), box

    img, at = s.cache.get("path", (pts, tuple(r), surface.get_size(), s.camera.size, theme.PATH), paint)
    surface.blit(img, at)


def _draw_facing_arrow(s: BattleState, surface: pygame.Surface, r: pygame.Rect, pos: Pos, facing: int) -> None:
    cx, cy = _centre(s, r, pos)
    vx, vy = VECTORS[facing]
    size = s.camera.size
    tip = (cx + vx * size * 0.9, cy + vy * size * 0.9)
    pygame.draw.line(surface, (0, 0, 0), (cx, cy), tip, 7)
    pygame.draw.line(surface, theme.HIGHLIGHT, (cx, cy), tip, 4)
    pygame.draw.circle(surface, theme.HIGHLIGHT, tip, max(4, size // 7))


def _draw_retreat_choice(s: BattleState, surface: pygame.Surface, r: pygame.Rect, p: Pending) -> None:
    b = s.battle
    tgt = b.world[p.target or ""]
    start = _centre(s, r, tgt.pos, tgt.n)
    pygame.draw.rect(surface, theme.palette().target, sq_rect(s.camera, r, tgt.pos, tgt.n).inflate(4, 4), 3)
    att = b.world[p.unit or ""]
    pygame.draw.rect(surface, theme.SELECT, sq_rect(s.camera, r, att.pos, att.n).inflate(4, 4), 2)
    picked = s.retreat_space
    for sp in p.spaces:
        colour = theme.palette().hazard if sp["hazard"] != "none" else theme.palette().arcs[sp["space"]]
        squares = [(sp["to"][0] + i, sp["to"][1] + j) for j in range(tgt.n) for i in range(tgt.n)]
        fill(s.camera, s.cache, surface, r, squares, (colour, 110))
        hatch(s.camera, s.cache, surface, r, squares, arc=sp["space"], colour=colour)
        _outline(s, surface, r, squares, colour, 3)
        end = _centre(s, r, sp["to"], tgt.n)
        _arrow(surface, start, end, colour)
        if sp["hazard"] != "none":
            text(
                surface,
                sp["hazard"] + "!",
                (end[0], end[1] - s.camera.size // 2),
                18,
                theme.palette().hazard,
                True,
                "midbottom",
            )
        if picked is sp or (picked and picked["to"] == sp["to"]):
            pygame.draw.rect(surface, theme.SELECT, sq_rect(s.camera, r, sp["to"], tgt.n), 3)
            if sp["follow_to"]:
                _arrow(surface, _centre(s, r, att.pos, att.n), _centre(s, r, sp["follow_to"], att.n), theme.SELECT)


def _draw_no_space(s: BattleState, surface: pygame.Surface, r: pygame.Rect) -> None:
    """Over the tokens, so nothing hides it: the foe at the retreat decision has no space to give ground."""
    p = s.pending() if not s.battle.over else None
    if p is None or p.kind != RETREAT or p.spaces or not s.human_turn():
        return
    tgt = s.battle.world[p.target or ""]
    x, y = _centre(s, r, tgt.pos, tgt.n)
    text(
        surface,
        "no space to give ground: forcing it means a save or a knockdown",
        (x, y - s.camera.size),
        18,
        theme.TEXT_WARN,
        True,
        "midbottom",
    )


def _arrow(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], colour: Colour) -> None:
    """An arrow in `colour` on a light halo inside a dark edge: it reads over a square tinted its
    own colour (issue 22: red retreat arrows vanished on the red rear squares they point to)."""
    pygame.draw.line(surface, (0, 0, 0), a, b, 9)
    pygame.draw.line(surface, theme.SELECT, a, b, 6)
    pygame.draw.line(surface, colour, a, b, 3)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])

    def head(length: float, back: float = 0.0) -> list[tuple[float, float]]:
        tip = (b[0] + back * math.cos(ang), b[1] + back * math.sin(ang))
        return [
            tip,
            (tip[0] - length * math.cos(ang - 0.5), tip[1] - length * math.sin(ang - 0.5)),
            (tip[0] - length * math.cos(ang + 0.5), tip[1] - length * math.sin(ang + 0.5)),
        ]

    pygame.draw.polygon(surface, (0, 0, 0), head(19, 4))
    pygame.draw.polygon(surface, theme.SELECT, head(16, 2.5))
    pygame.draw.polygon(surface, colour, head(12))


def _draw_banner(s: BattleState, surface: pygame.Surface, r: pygame.Rect) -> None:
    v = s.view
    reading = s.lesson is not None and s.lesson.open is not None  # a lesson's card speaks instead
    if (v.banner_left > 0 or v.waiting_for_key) and not reading:
        words = v.banner + ("  — press any key" if v.waiting_for_key else "")
        img = font(34, True).render(words, True, theme.TEXT)
        box = img.get_rect(center=(r.centerx, r.y + 46)).inflate(40, 16)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((10, 12, 18, 200))
        surface.blit(panel, box)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))
    if not s.battle.over and s.pending().kind == RETREAT:
        x = r.right - 10
        for name in reversed([step.step for step in STEPS]):
            on = name == (v.step_banner or STEPS[0].step)
            rect = text(surface, name, (x, r.y + 8), 20, theme.HIGHLIGHT if on else theme.TEXT_DIM, on, "topright")
            x = rect.x - 14
