"""Drawing the battle screen: map, overlays, tokens, initiative track, panels, log."""

from __future__ import annotations

import pygame

from game import query
from game.battle import ACTIVATION, RETREAT
from game.commands import Action
from game.ui import theme
from game.ui.widgets import Button, font, layout_row, text, wrap

ARC_ALPHA = 90


def draw(s, surface: pygame.Surface) -> None:
    surface.fill(theme.PANEL_BG)
    map_rect = s.map_rect()
    surface.set_clip(map_rect)
    _draw_map(s, surface, map_rect)
    _draw_overlays(s, surface, map_rect)
    _draw_tokens(s, surface, map_rect)
    _draw_floaters(s, surface, map_rect)
    _draw_banner(s, surface, map_rect)
    surface.set_clip(None)
    _draw_initiative(s, surface)
    _draw_panel(s, surface)
    _draw_bottom(s, surface)


def _scaled_map(s) -> pygame.Surface:
    size = s.camera.size
    if s._scaled is None or s._scaled[0] != size:
        src = s.map_surface
        tw = src.get_width() // s.scenario.terrain.width
        if size == tw:
            img = src
        else:
            img = pygame.transform.smoothscale(src, (s.scenario.terrain.width * size, s.scenario.terrain.height * size))
            img = img.convert()
        s._scaled = (size, img)
    return s._scaled[1]


def _draw_map(s, surface, r) -> None:
    img = _scaled_map(s)
    cam = s.camera
    surface.blit(img, (r.x - round(cam.x), r.y - round(cam.y)))


def _sq_rect(s, r, sq, n=1) -> pygame.Rect:
    x, y = s.camera.to_screen(sq[0], sq[1])
    return pygame.Rect(r.x + x, r.y + y, s.camera.size * n, s.camera.size * n)


_tiles: dict[tuple, pygame.Surface] = {}


def _fill(s, surface, r, squares, colour, alpha) -> None:
    size = s.camera.size
    key = (size, colour, alpha)
    tile = _tiles.get(key)
    if tile is None:
        tile = _tiles[key] = pygame.Surface((size, size), pygame.SRCALPHA)
        tile.fill((*colour, alpha))
    view = r
    surface.blits(
        [(tile, rect.topleft) for rect in (_sq_rect(s, r, sq) for sq in squares) if rect.colliderect(view)],
        doreturn=False,
    )


def _outline(s, surface, r, squares, colour, width=2) -> None:
    for sq in squares:
        pygame.draw.rect(surface, colour, _sq_rect(s, r, sq).inflate(-2, -2), width)


def _centre(s, r, pos, n=1) -> tuple[int, int]:
    x, y = s.camera.to_screen(pos[0] + n / 2, pos[1] + n / 2)
    return r.x + x, r.y + y


def _draw_overlays(s, surface, r) -> None:
    b = s.battle
    human = s.human_turn()
    p = b.pending() if not b.over else None
    # Arcs of the hovered unit, else of the selected one: front, flank and rear in three colours.
    arc_unit = b.world.at(s.hover_sq) if s.hover_sq else None
    if arc_unit is None or b.world[arc_unit].life != "fighting":
        arc_unit = s.selected if s.selected and b.world[s.selected].life == "fighting" else None
    if p is not None and p.kind == RETREAT and (s.hover_sq is None or b.world.at(s.hover_sq) is None):
        arc_unit = p.target  # the foe's rear and flank are where it may be driven
    if s.hover_log is not None:
        ids = [i for i in s.hover_log.ids if i in b.world.units and b.world[i].life == "fighting"]
        for i in ids:
            u = b.world[i]
            pygame.draw.rect(surface, theme.HIGHLIGHT, _sq_rect(s, r, u.pos, u.n).inflate(6, 6), 3)
    if human and p is not None and p.kind == ACTIVATION and s.legal and s.view.idle:
        mode = s.mode
        key = (s.decision_key, s.legal.get("unit"), mode, s.camera.size, round(s.camera.x), round(s.camera.y), r.size)
        cache = s.__dict__.setdefault("_panels", {})
        if cache.get("reach", (None,))[0] != key:
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            _paint_reach(s, layer, pygame.Rect(0, 0, r.w, r.h), mode)
            cache["reach"] = (key, layer)
        surface.blit(cache["reach"][1], r)
        hovered = b.world.at(s.hover_sq) if s.hover_sq else None
        if hovered in s.legal["melee"] and mode in ("move", "attack"):
            o = s.attack_choice(hovered)
            if len(o.path) > 1:
                _draw_path(s, surface, r, o.path)
        if s.mode == "facing" and s.pending_path:
            _draw_path(s, surface, r, s.pending_path)
            _draw_facing_arrow(s, surface, r, s.pending_path[-1], s.pending_facing)
        elif s.hover_sq in s.legal["full"].costs and mode in ("move", "attack") and b.world.at(s.hover_sq) is None:
            path = s.legal["full"].path(s.hover_sq)
            _draw_path(s, surface, r, path)
    if arc_unit is not None:
        arcs = query.arcs(b, arc_unit)
        for name in ("front", "flank", "rear"):
            _fill(s, surface, r, arcs[name], theme.ARC_COLOURS[name], ARC_ALPHA)
            for sq in arcs[name]:  # an inset ring, so arcs read even over the reach overlay
                pygame.draw.rect(surface, theme.ARC_COLOURS[name], _sq_rect(s, r, sq).inflate(-4, -4), 2)
    if p is not None and p.kind == RETREAT and s.view.idle:
        _draw_retreat_choice(s, surface, r, p)
    if s.cursor is not None and not s.app.mouse_driven:
        pygame.draw.rect(surface, theme.SELECT, _sq_rect(s, r, s.cursor).inflate(2, 2), 2)


def _paint_reach(s, surface, r, mode) -> None:
    """Where the selected unit can go (full and half moves) and whom it can strike."""
    b = s.battle
    if mode in ("move", "attack", "facing"):
        full, half = s.legal["full"].costs, s.legal["half"].costs
        _fill(s, surface, r, [q for q in full if q not in half], theme.REACH_FULL, 70)
        _fill(s, surface, r, [q for q in half if q != b.world[s.selected].pos], theme.REACH_HALF, 80)
    elif mode == "withdraw":
        _fill(s, surface, r, s.legal["withdraw"], theme.REACH_HALF, 90)
    elif mode == "stand":
        _fill(s, surface, r, [q for q in s.legal["half"].costs], theme.REACH_HALF, 80)
    targets = s.legal["missile"] if mode == "fire" else s.legal["melee"]
    for t in targets:
        tu = b.world[t]
        pygame.draw.rect(surface, theme.TARGET, _sq_rect(s, r, tu.pos, tu.n).inflate(-2, -2), 3)


def _draw_path(s, surface, r, path) -> None:
    pts = [_centre(s, r, q) for q in path]
    if len(pts) > 1:
        pygame.draw.lines(surface, (0, 0, 0), False, pts, 5)
        pygame.draw.lines(surface, theme.PATH, False, pts, 3)
    pygame.draw.circle(surface, theme.PATH, pts[-1], max(3, s.camera.size // 6))


def _draw_facing_arrow(s, surface, r, pos, facing) -> None:
    from game.rules.geometry import VECTORS

    cx, cy = _centre(s, r, pos)
    vx, vy = VECTORS[facing]
    size = s.camera.size
    tip = (cx + vx * size * 0.9, cy + vy * size * 0.9)
    pygame.draw.line(surface, (0, 0, 0), (cx, cy), tip, 7)
    pygame.draw.line(surface, theme.HIGHLIGHT, (cx, cy), tip, 4)
    pygame.draw.circle(surface, theme.HIGHLIGHT, tip, max(4, size // 7))


def _draw_retreat_choice(s, surface, r, p) -> None:
    b = s.battle
    tgt = b.world[p.target]
    start = _centre(s, r, tgt.pos, tgt.n)
    pygame.draw.rect(surface, theme.TARGET, _sq_rect(s, r, tgt.pos, tgt.n).inflate(4, 4), 3)
    att = b.world[p.unit]
    pygame.draw.rect(surface, theme.SELECT, _sq_rect(s, r, att.pos, att.n).inflate(4, 4), 2)
    for sp in p.spaces:
        colour = theme.HAZARD if sp["hazard"] != "none" else theme.ARC_COLOURS[sp["space"]]
        squares = [(sp["to"][0] + i, sp["to"][1] + j) for j in range(tgt.n) for i in range(tgt.n)]
        _fill(s, surface, r, squares, colour, 110)
        _outline(s, surface, r, squares, colour, 3)
        end = _centre(s, r, sp["to"], tgt.n)
        _arrow(surface, start, end, colour)
        if sp["hazard"] != "none":
            text(
                surface, sp["hazard"] + "!", (end[0], end[1] - s.camera.size // 2), 18, theme.HAZARD, True, "midbottom"
            )
        if s.retreat_space is sp or (s.retreat_space and s.retreat_space["to"] == sp["to"]):
            pygame.draw.rect(surface, theme.SELECT, _sq_rect(s, r, sp["to"], tgt.n), 3)
            if sp["follow_to"]:
                _arrow(surface, _centre(s, r, att.pos, att.n), _centre(s, r, sp["follow_to"], att.n), theme.SELECT)
    if not p.spaces and s.human_turn():
        text(
            surface,
            "no space to give ground: forcing it means a save or a knockdown",
            (start[0], start[1] - s.camera.size),
            18,
            theme.TEXT_WARN,
            True,
            "midbottom",
        )


def _arrow(surface, a, b, colour) -> None:
    import math

    pygame.draw.line(surface, (0, 0, 0), a, b, 6)
    pygame.draw.line(surface, colour, a, b, 3)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = [
        b,
        (b[0] - 12 * math.cos(ang - 0.5), b[1] - 12 * math.sin(ang - 0.5)),
        (b[0] - 12 * math.cos(ang + 0.5), b[1] - 12 * math.sin(ang + 0.5)),
    ]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.polygon(surface, (0, 0, 0), head, 1)


def _draw_tokens(s, surface, r) -> None:
    size = s.camera.size
    current = s.selected if s.human_turn() else None
    for tok in sorted(s.view.tokens.values(), key=lambda t: (t.y, t.x)):
        if tok.alpha <= 0.01:
            continue
        px = size * tok.n
        x, y = s.camera.to_screen(tok.x + tok.lunge[0], tok.y + tok.lunge[1])
        rect = pygame.Rect(r.x + x, r.y + y, px, px)
        if not rect.colliderect(r):
            continue
        colour = s.side_colour[tok.side]
        base = s.sprites.base(colour, px, large=tok.n > 1)
        body = s.sprites.unit(tok.kind, tok.facing, px)
        if tok.alpha < 1 or tok.life == "surrendered":
            base, body = base.copy(), body.copy()
            a = int(255 * (tok.alpha if tok.life != "surrendered" else 0.55))
            base.set_alpha(a)
            body.set_alpha(a)
        if tok.prone:
            body = pygame.transform.rotozoom(body, 0, 0.8)
        surface.blit(base, base.get_rect(center=rect.center))
        surface.blit(body, body.get_rect(center=rect.center))
        if tok.id == current or tok.id in s.view.recent and not s.view.idle:
            pygame.draw.rect(surface, theme.SELECT, rect.inflate(2, 2), 2, border_radius=4)
        # hp bar
        if tok.life == "fighting" and tok.hp_max:
            frac = max(0.0, tok.hp / tok.hp_max)
            bar = pygame.Rect(rect.x + 3, rect.bottom - 5, px - 6, 4)
            pygame.draw.rect(surface, (20, 20, 20), bar)
            pygame.draw.rect(
                surface,
                (80, 220, 90) if frac > 0.5 else (240, 200, 50) if frac > 0.25 else (230, 60, 50),
                (bar.x, bar.y, round(bar.w * frac), bar.h),
            )
        mark = s.sprites.mark(s.side_shape[tok.side], colour, max(8, size // 3))
        surface.blit(mark, (rect.right - mark.get_width(), rect.bottom - mark.get_height() - 5))
        icon_px = max(10, size * 9 // 20)
        icons = []
        if tok.hero:
            icons.append("hero")
        if tok.leader:
            icons.append("leader")
        if tok.prone:
            icons.append("prone")
        if tok.morale in ("withdrawing", "fleeing", "surrendered"):
            icons.append({"withdrawing": "withdraw", "fleeing": "flee", "surrendered": "surrender"}[tok.morale])
        if tok.fatigue in ("fatigued", "exhausted"):
            icons.append(tok.fatigue)
        for i, name in enumerate(icons):
            surface.blit(s.sprites.icon(name, icon_px), (rect.right - icon_px + 2 - i * (icon_px - 2), rect.y - 3))
        if tok.life == "fighting" and tok.morale != "steady" and s.controllers.get(tok.side) == "human":
            text(surface, "AI", (rect.x + 2, rect.y), 16, theme.TEXT_WARN, True)


def _draw_floaters(s, surface, r) -> None:
    for f in s.view.floaters:
        x, y = s.camera.to_screen(f.x, f.y - f.age * 0.8)
        text(surface, f.text, (r.x + x + 1, r.y + y + 1), 22, (0, 0, 0), True, "center")
        text(surface, f.text, (r.x + x, r.y + y), 22, f.colour, True, "center")


def _draw_banner(s, surface, r) -> None:
    v = s.view
    if v.banner_left > 0 or v.waiting_for_key:
        words = v.banner + ("  — press any key" if v.waiting_for_key else "")
        img = font(34, True).render(words, True, theme.TEXT)
        box = img.get_rect(center=(r.centerx, r.y + 46)).inflate(40, 16)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((10, 12, 18, 200))
        surface.blit(panel, box)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 2, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))
    if not s.battle.over and s.battle.pending().kind == RETREAT:
        steps = ["retreats", "fatigue", "morale", "status"]
        x = r.right - 10
        for name in reversed(steps):
            on = name == (v.step_banner or "retreats")
            rect = text(surface, name, (x, r.y + 8), 20, theme.HIGHLIGHT if on else theme.TEXT_DIM, on, "topright")
            x = rect.x - 14


def _cached(s, name: str, key, rect: pygame.Rect, paint) -> None:
    """Redraw a panel only when what it shows has changed; otherwise blit last frame's."""
    cache = s.__dict__.setdefault("_panels", {})
    hit = cache.get(name)
    if hit is None or hit[0] != key:
        layer = pygame.Surface(rect.size).convert()
        layer.fill(theme.PANEL_BG)
        paint(layer)
        cache[name] = hit = (key, layer)
    return hit[1]


def _draw_initiative(s, surface) -> None:
    w, _ = s.app.size
    b = s.battle
    key = (w, len(b.events), s.view.round, tuple(b.pending().units) if not b.over else ())
    layer = _cached(s, "initiative", key, pygame.Rect(0, 0, w, theme.TOP_BAR), lambda surf: _paint_initiative(s, surf))
    surface.blit(layer, (0, 0))


def _paint_initiative(s, surface) -> None:
    w, _ = s.app.size
    bar = pygame.Rect(0, 0, w, theme.TOP_BAR)
    pygame.draw.rect(surface, (16, 18, 24), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright)
    ini = next((e for e in reversed(s.battle.events) if e["type"] == "initiative"), None)
    text(surface, f"Round {s.view.round or s.battle.round}", (10, 12), 22, theme.TEXT, True)
    if ini is None:
        return
    totals = {e.get("id", e.get("side")): e["total"] for e in ini["entries"]}
    rs = s.battle.ctx.rs
    b = s.battle
    current = b.pending().units if not b.over and b.pending().kind == ACTIVATION else []
    x = 100
    if ini["mode"] == "group":
        for side in ini["sides"]:
            colour = s.side_colour.get(side, theme.TEXT)
            rect = text(surface, f"{side} {totals[side]}", (x, 12), 22, colour, True)
            x = rect.right + 16
        return
    chip = 30
    for group in ini["order"]:
        if x > w - 60:
            text(surface, "…", (x, 10), 24)
            break
        start = x
        for uid in group:
            u = b.world[uid]
            colour = s.side_colour[u.side]
            rect = pygame.Rect(x, 7, chip, chip)
            done = uid in rs.acted or uid in rs.lost_action or u.life != "fighting"
            img = s.sprites.unit(u.kind.key, "S", chip)
            pygame.draw.rect(surface, colour if not done else (60, 62, 70), rect, border_radius=5)
            surface.blit(img, rect)
            if uid in current:
                pygame.draw.rect(surface, theme.SELECT, rect.inflate(4, 4), 2, border_radius=6)
            text(surface, str(totals[uid]), (rect.right - 1, rect.bottom + 1), 15, theme.TEXT, True, "bottomright")
            x += chip + 3
        if len(group) > 1:
            pygame.draw.lines(
                surface, theme.HIGHLIGHT, False, [(start - 3, 9), (start - 6, 9), (start - 6, 37), (start - 3, 37)], 2
            )
            pygame.draw.lines(surface, theme.HIGHLIGHT, False, [(x, 9), (x + 3, 9), (x + 3, 37), (x, 37)], 2)
            x += 6
        x += 6


def _unit_card(s, surface, area: pygame.Rect, uid: str) -> None:
    from game.rules.tables import thac0
    from game.systems.movement import effective_mv

    u = s.battle.world[uid]
    k = u.kind
    colour = s.side_colour[u.side]
    y = area.y + 8
    text(surface, f"{k.name}", (area.x + 10, y), 22, colour, True)
    y += 22
    text(
        surface,
        f"{uid} — {u.side}" + (" — hero" if u.hero else "") + (" — leader" if u.leader else ""),
        (area.x + 10, y),
        17,
        theme.TEXT_DIM,
    )
    y += 20
    state = u.life if u.life != "fighting" else ("prone, " if u.prone else "") + u.morale
    rows = [
        f"hp {u.hp}/{u.hp_max}   AC {k.ac}   THAC0 {thac0(k)}   MV {effective_mv(u)}/{k.mv}",
        f"size {k.size}   Dex {k.dex}   {'level ' + str(k.level) if k.cls != 'monster' else 'HD ' + str(k.hd)}",
        f"fatigue {('fresh', 'fatigued', 'exhausted')[u.fatigue_state]} ({u.fatigue_points}/{u.fatigue_max})",
        f"morale {k.morale} / ose {k.morale_ose}: {state}",
        "weapons: " + ", ".join(w.name for w in k.weapons),
    ]
    for row in rows:
        text(surface, row, (area.x + 10, y), 18)
        y += 19


def _attack_card(s, surface, area: pygame.Rect, o: query.AttackOption) -> None:
    y = area.y + 8
    tgt = s.battle.world[o.target]
    text(surface, f"Attack {tgt.kind.name} ({o.kind})", (area.x + 10, y), 21, theme.TARGET, True)
    y += 22
    text(surface, f"from its {o.arc}: need {o.needed} on d20 {sum(v for _, v in o.modifiers):+d}", (area.x + 10, y), 18)
    y += 19
    text(
        surface,
        f"chance to hit {round(o.chance * 100)}%   knockdown {round(o.knockdown_chance * 100)}%",
        (area.x + 10, y),
        18,
        theme.HIGHLIGHT,
    )
    y += 19
    mods = ", ".join(f"{n.replace('_', ' ')} {v:+d}" for n, v in o.modifiers if v) or "no modifiers"
    for line in wrap(mods, 17, area.w - 20):
        text(surface, line, (area.x + 10, y), 17, theme.TEXT_DIM)
        y += 17
    if len(o.path) > 1:
        text(surface, f"moves {o.cost} first", (area.x + 10, y), 17, theme.TEXT_DIM)


def _move_card(s, surface, area: pygame.Rect, sq) -> None:
    uid = s.selected
    reach = s.legal["full"]
    path = reach.path(sq)
    cost = reach.costs[sq]
    half = sq in s.legal["half"].costs
    y = area.y + 8
    text(surface, f"Move to {sq}", (area.x + 10, y), 21, theme.REACH_FULL, True)
    y += 22
    text(surface, f"cost {cost} ({'half move' if half else 'full move: no attack'})", (area.x + 10, y), 18)
    y += 20
    key = (s.decision_key, len(s.battle.events), sq)
    if getattr(s, "_provoke_key", None) != key:
        s._provoke_key, s._provoke = key, query.provokers(s.battle, uid, path)
    provoke = s._provoke
    if provoke:
        names = ", ".join(s.battle.world[i].kind.name for i in provoke)
        for line in wrap(
            f"leaving threatened squares provokes {len(provoke)} attack(s) of opportunity: {names}", 17, area.w - 20
        ):
            text(surface, line, (area.x + 10, y), 17, theme.TEXT_WARN)
            y += 17
    else:
        text(surface, "no attacks of opportunity", (area.x + 10, y), 17, theme.TEXT_DIM)


def _draw_panel(s, surface) -> None:
    w, h = s.app.size
    panel = pygame.Rect(w - theme.SIDE_PANEL, theme.TOP_BAR, theme.SIDE_PANEL, h - theme.TOP_BAR - theme.BOTTOM_BAR)
    pygame.draw.rect(surface, theme.PANEL_BG, panel)
    pygame.draw.line(surface, theme.PANEL_EDGE, panel.topleft, panel.bottomleft)
    card = pygame.Rect(panel.x, panel.y, panel.w, 200)
    b = s.battle
    hover_unit = b.world.at(s.hover_sq) if s.hover_sq else None
    shown = False
    if s.human_turn() and s.legal and b.pending().kind == ACTIVATION:
        options = s.legal["missile"] if s.mode == "fire" else s.legal["melee"]
        if hover_unit in options:
            o = (
                options[hover_unit]
                if s.mode == "fire" or hover_unit in s.legal["missile"] and hover_unit not in s.legal["melee"]
                else s.attack_choice(hover_unit)
            )
            _attack_card(s, surface, card, o)
            best = s.legal["melee"].get(hover_unit)
            if best is not None and o is not best:
                text(
                    surface,
                    f"Shift+click: from its {best.arc}, {round(best.chance * 100)}% (moves {best.cost})",
                    (card.x + 10, card.bottom - 22),
                    17,
                    theme.HIGHLIGHT,
                )
            shown = True
        elif hover_unit is None and s.hover_sq in s.legal["full"].costs and s.mode in ("move", "attack"):
            _move_card(s, surface, card, s.hover_sq)
            shown = True
    if not shown:
        uid = hover_unit or s.inspect or s.selected
        if uid and uid in b.world.units:
            _unit_card(s, surface, card, uid)
    pygame.draw.line(surface, theme.PANEL_EDGE, (panel.x, card.bottom), (panel.right, card.bottom))
    _draw_log(s, surface, s.log_rect())


def _draw_log(s, surface, area: pygame.Rect) -> None:
    key = (area.size, len(s.log), s.log_scroll, id(s.hover_log))
    local = pygame.Rect(0, 0, area.w, area.h)
    layer = _cached(s, "log", key, local, lambda surf: _paint_log(s, surf, local))
    surface.blit(layer, area)
    s._log_rects = [(line, rect.move(area.x, area.y)) for line, rect in s._log_rects_local]


def _paint_log(s, surface, area: pygame.Rect) -> None:
    text(surface, "Combat log", (area.x + 10, area.y + 4), 19, theme.TEXT_DIM, True)
    y = area.bottom - 4
    rects = []
    end = len(s.log) - s.log_scroll
    for line in reversed(s.log[max(0, end - 120) : end]):
        parts = wrap(line.words, 16, area.w - 20)
        height = 15 * len(parts) + 3
        if y - height < area.y + 24:
            break
        y -= height
        rect = pygame.Rect(area.x + 4, y, area.w - 8, height)
        if s.hover_log is line:
            pygame.draw.rect(surface, (50, 54, 66), rect)
        colour = theme.TEXT_WARN if line.words.startswith("—") or line.words.startswith("End of round") else theme.TEXT
        if line.ids and line.ids[0] in s.side_of:
            colour = _lighter(s.side_colour[s.side_of[line.ids[0]]])
        for i, part in enumerate(parts):
            text(surface, part, (area.x + 10 + (8 if i else 0), y + 15 * i), 16, colour)
        rects.append((line, rect))
    s._log_rects_local = rects
    if s.log_scroll:
        text(surface, f"↓ {s.log_scroll} newer", (area.right - 10, area.y + 4), 16, theme.TEXT_DIM, anchor="topright")


def _draw_bottom(s, surface) -> None:
    w, h = s.app.size
    bar = pygame.Rect(0, h - theme.BOTTOM_BAR, w, theme.BOTTOM_BAR)
    pygame.draw.rect(surface, (16, 18, 24), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
    buttons: list[Button] = []
    b = s.battle
    human = s.human_turn()
    p = b.pending() if not b.over else None
    if human and p.kind == ACTIVATION and s.legal:
        may = s.legal["allowed"]  # what the unit's posture and morale allow (query.allowed_actions)

        def mode(m):
            return lambda: s.set_mode(m)

        def act(a):
            from game.commands import Command

            return lambda: s._apply(Command(a, s.selected or ""))

        buttons = [
            Button(
                "Move",
                "M",
                mode("move"),
                enabled=Action.MOVE in may,
                active=s.mode in ("move", "facing"),
            ),
            # query's attack options and withdrawal squares are empty where the rules forbid them
            Button("Attack", "A", mode("attack"), enabled=bool(s.legal["melee"]), active=s.mode == "attack"),
            Button("Fire", "F", mode("fire"), enabled=bool(s.legal["missile"]), active=s.mode == "fire"),
            Button(
                "Withdraw",
                "W",
                mode("withdraw"),
                enabled=bool(s.legal["withdraw"]),
                active=s.mode == "withdraw",
            ),
            Button("Turn", "T", mode("turn"), enabled=Action.TURN in may, active=s.mode == "turn"),
            Button("Stand up", "U", mode("stand"), enabled=Action.STAND_UP in may, active=s.mode == "stand"),
            Button("Set vs charge", "C", act("set_vs_charge"), enabled=Action.SET_VS_CHARGE in may),
            Button("Rest", "R", act("rest"), enabled=Action.REST in may),
            Button("End turn", "H", act("hold"), enabled=Action.HOLD in may),
        ]
    elif human and p.kind == RETREAT:
        from game.commands import Command

        def decline():
            return s._apply(Command("decline_retreat", p.unit or "", target=p.target))

        def force_in_place():
            return s._apply(Command("force_retreat", p.unit or "", target=p.target, to=None))

        buttons = [Button("Decline", "D", decline)]
        if not p.spaces:
            buttons.append(Button("Force: save or fall", "Enter", force_in_place))
        if s.retreat_space is not None:
            buttons.append(
                Button("Follow", "F", lambda: s._force(True), enabled=s.retreat_space["follow_to"] is not None)
            )
            buttons.append(Button("Hold ground", "H", lambda: s._force(False)))
    area = pygame.Rect(8, bar.y + 8, w - 16, 28)
    layout_row(buttons, area)
    s.buttons = buttons
    for btn in buttons:
        btn.draw(surface, s.mouse)
    # status line
    if b.over:
        status = "The battle is over."
    elif human:
        u = b.world[p.unit] if p.unit else None
        who = f"{s.controllers_label(p.side)}: {u.kind.name} ({p.unit})" if u else ""
        status = (
            f"{who} — force {b.world[p.target].kind.name} back? click a marked space"
            if p.kind == RETREAT
            else f"{who} — your move"
        )
    else:
        status = f"{p.side} (AI) is acting…" if p else ""
    speed = f"speed x{s.speed:g} [,/.]   skip [Space]   pause on steps [P]: {'on' if s.view.pause_on_steps else 'off'}"
    text(surface, s.message or status, (10, bar.bottom - 22), 18, theme.TEXT_WARN if s.message else theme.TEXT)
    text(surface, speed, (w - 10, bar.bottom - 22), 16, theme.TEXT_DIM, anchor="topright")


def _lighter(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(min(255, v + (255 - v) * 55 // 100) for v in c)
