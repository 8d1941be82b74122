"""Drawing the sandbox: the map and its units as the battle screen draws them, the catalogue's
kinds to pick from, the selected unit's values, and the buttons that fight or save the setup."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.core.rules.fatigue import STATE_NAMES
from game.core.rules.geometry import FACINGS, footprint
from game.ui.common import theme
from game.ui.common.combat_log import display_name
from game.ui.common.widgets import Button, layout_row, text, tooltip
from game.ui.draw.draw_bar import bottom_bar
from game.ui.draw.draw_tokens import draw_tokens
from game.ui.sandbox.layout import ROW, UNIT_BOX, list_rect, list_rows, panel_rect

if TYPE_CHECKING:
    from game.ui.sandbox.setup_state import SandboxState

FREE, TAKEN = (90, 220, 120), (240, 80, 70)


def kind_rects(s: SandboxState) -> dict[int, pygame.Rect]:
    """Where each kind in sight in the list sits, by its index."""
    r = list_rect(s.app.size)
    shown = range(s.list_top, min(s.list_top + list_rows(s.app.size), len(s.kind_keys)))
    return {i: pygame.Rect(r.x, r.y + (i - s.list_top) * ROW, r.w, ROW - 2) for i in shown}


def buttons(s: SandboxState) -> list[Button]:
    """Every button of the screen as it stands now, laid out."""
    w, h = s.app.size
    p = panel_rect(s.app.size)
    out = []
    side = Button(f"Place for: {s.side}", "Tab", lambda: setattr(s, "side_i", s.side_i + 1))
    layout_row([side], pygame.Rect(p.x + 8, p.y + 8, p.w - 16, 30))
    out.append(side)
    if s.selected is not None:
        out += _unit_buttons(s, pygame.Rect(p.x + 8, p.bottom - UNIT_BOX + 52, p.w - 16, UNIT_BOX - 56))
    why = s.setup.why_not_start()
    bar = [
        Button(
            "Fight it", "Enter", s.start, enabled=why is None, tip=why or "AI sides wait for N or Space at each step"
        ),
        Button("Save map", "Ctrl+S", s.save, enabled=why is None, tip=why or f"to {s.out or 'a new file'}"),
    ]
    for i, side_name in enumerate(s.setup.sides[:4]):
        who = "AI" if s.controllers[side_name] == "ai" else "you"
        bar.append(Button(f"{side_name}: {who}", str(i + 1), partial(s.toggle_controller, i)))
    bar += [
        Button(f"Dice: seed {s.seed}", "D", lambda: setattr(s, "seed", s.seed + 1), tip="the same seed, the same dice"),
        Button("Clear", "C", s.clear),
        Button("Menu", "Esc", lambda: _menu(s)),
    ]
    layout_row(bar, pygame.Rect(8, h - theme.BOTTOM_BAR + 6, w - 16, 30))
    return out + bar


def _menu(s: SandboxState) -> object:
    s.selected = None
    return s.press(pygame.K_ESCAPE)


def _unit_buttons(s: SandboxState, area: pygame.Rect) -> list[Button]:
    """The selected unit's values, each a button that changes it (the key beside it does too)."""
    u = s.setup.units[s.selected or ""]
    full = s.setup.full_hp(u.id)
    rows = [
        [Button(f"Side: {u.side}", "S", lambda: s.press(pygame.K_s))],
        [
            Button("Turn left", "Q", lambda: s.press(pygame.K_q)),
            Button(f"{FACINGS[u.facing]}", "", lambda: None),
            Button("right", "E", lambda: s.press(pygame.K_e)),
        ],
        [
            Button("-", "", lambda: s.press(pygame.K_MINUS)),
            Button(f"HP {full - u.wounds}/{full}", "", lambda: None),
            Button("+", "", lambda: s.press(pygame.K_PLUS)),
        ],
        [
            Button(f"Prone: {'yes' if u.prone else 'no'}", "P", lambda: s.press(pygame.K_p)),
            Button(f"Fatigue: {STATE_NAMES[u.fatigue]}", "F", lambda: s.press(pygame.K_f)),
        ],
        [
            Button(f"Morale: {u.morale}", "M", lambda: s.press(pygame.K_m)),
            Button("Remove", "Del", lambda: s.press(pygame.K_DELETE)),
        ],
    ]
    out = []
    for i, row in enumerate(rows):
        layout_row(row, pygame.Rect(area.x, area.y + i * 38, area.w, 32))
        out += row
    return out


def draw(s: SandboxState, surface: pygame.Surface) -> None:
    w, h = s.app.size
    r = s.map_rect()
    surface.set_clip(r)
    _draw_map(s, surface, r)
    _draw_ghost(s, surface, r)
    draw_tokens(s, surface, r, s.controllers)
    surface.set_clip(None)
    pygame.draw.rect(surface, theme.PANEL_BG, (0, 0, w, theme.TOP_BAR))
    title = f"Sandbox — {s.setup.base.title or 'a map'}: {len(s.setup.units)} units"
    text(surface, title, (12, 10), 22, theme.TEXT, True)
    text(surface, "F1: the keys", (w - theme.SIDE_PANEL - 12, 14), 17, theme.TEXT_DIM, anchor="topright")
    _draw_panel(s, surface)
    bar = bottom_bar(surface, (w, h))
    all_buttons = buttons(s)
    for b in all_buttons:
        b.draw(surface, s.mouse)
    text(surface, s.message, (10, bar.bottom - 22), 17, theme.TEXT_WARN)
    tip = next((b.tip for b in all_buttons if b.tip and b.rect.collidepoint(s.mouse)), "")
    if tip:
        tooltip(surface, tip, (s.mouse[0], s.mouse[1] - 12))


def _draw_map(s: SandboxState, surface: pygame.Surface, r: pygame.Rect) -> None:
    t, size = s.setup.terrain, s.camera.size

    def scaled() -> pygame.Surface:
        src = s.map_surface
        if size == src.get_width() // t.width:
            return src
        return pygame.transform.smoothscale(src, (t.width * size, t.height * size)).convert()

    img = s.cache.get("map", size, scaled)
    surface.fill(theme.PANEL_BG, r)
    surface.blit(img, (r.x - round(s.camera.x), r.y - round(s.camera.y)))


def _draw_ghost(s: SandboxState, surface: pygame.Surface, r: pygame.Rect) -> None:
    """Where the kind picked would stand, green where it may and red where it may not."""
    sq = s.hover_sq
    if sq is None or s.setup.at(sq) is not None or s.pressed_on is not None:
        return
    kind = s.setup.kinds[s.kind]
    colour = FREE if s.setup.free(kind, sq) else TAKEN
    size = s.camera.size
    for part in footprint(sq, kind.squares):
        x, y = s.camera.to_screen(*part)
        surface.blit(s.cache.tile(size, colour, 90), (r.x + x, r.y + y))
        pygame.draw.rect(surface, colour, (r.x + x, r.y + y, size, size), 2)


def _draw_panel(s: SandboxState, surface: pygame.Surface) -> None:
    p = panel_rect(s.app.size)
    pygame.draw.rect(surface, theme.PANEL_BG, p)
    pygame.draw.line(surface, theme.PANEL_EDGE, p.topleft, p.bottomleft)
    text(surface, "Kinds (click, Up / Down)", (p.x + 10, p.y + 46), 17, theme.TEXT_DIM)
    for i, rect in kind_rects(s).items():
        kind = s.setup.kinds[s.kind_keys[i]]
        picked = i == s.kind_i
        if picked or rect.collidepoint(s.mouse):
            pygame.draw.rect(surface, theme.BUTTON_ACTIVE if picked else theme.BUTTON_HOVER, rect, border_radius=4)
        text(surface, kind.name, (rect.x + 6, rect.y + 3), 17, theme.TEXT)
        text(
            surface,
            f"{kind.size.value} hp {kind.hp}",
            (rect.right - 6, rect.y + 4),
            15,
            theme.TEXT_DIM,
            anchor="topright",
        )
    box = pygame.Rect(p.x, p.bottom - UNIT_BOX, p.w, UNIT_BOX)
    pygame.draw.line(surface, theme.PANEL_EDGE, box.topleft, box.topright)
    if s.selected is None or s.selected not in s.setup.units:
        text(surface, "Click a unit on the map to change it.", (box.x + 10, box.y + 12), 17, theme.TEXT_DIM)
        return
    u = s.setup.units[s.selected]
    # the name the log will give it; its id (the map's object name) stays in the small line
    text(surface, display_name(u.id, u.side), (box.x + 10, box.y + 8), 19, theme.TEXT, True)
    text(surface, f"{u.kind.name} at {u.pos}, id {u.id}", (box.x + 10, box.y + 30), 16, theme.TEXT_DIM)
