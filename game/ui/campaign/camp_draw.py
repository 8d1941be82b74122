"""The camp drawn: the heading with the crowns and the battle ahead, the roster's table (a box
ticked for each member who fights), the chosen member's state and kills, the dead and the lost
listed apart, and the hiring list with its prices."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Protocol

import pygame

from game.campaign.company import Standing
from game.ui.campaign import roster_rows
from game.ui.campaign.run import Run
from game.ui.common import spoken, theme
from game.ui.common.widgets import text, wrap

if TYPE_CHECKING:
    from game.ui.app import App


class CampScreen(Protocol):
    """What the drawing reads of the camp's screen (camp.py), which imports this module."""

    app: App
    run: Run
    focus: str
    row: int
    hire_row: int
    asking: bool
    typing: str | None
    said: str
    warn: bool

    @property
    def chosen(self) -> str | None: ...


HIRE_W = 340  # the hiring list on the right
TOP, ROW, HIRE_ROW = 100, 26, 25
FOOT = 130  # the buttons and the message below the lists


def roster_width(s: CampScreen) -> int:
    return s.app.size[0] - HIRE_W - 90


def roster_rects(s: CampScreen) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Each member's row and its 'fights' box, in roster_rows.listed's order."""
    w = roster_width(s)
    out = []
    for i in range(len(roster_rows.listed(s.run))):
        r = pygame.Rect(30, TOP + 24 + i * ROW, w, ROW - 2)
        out.append((r, pygame.Rect(r.x + 6, r.y + 3, 18, 18)))
    return out


def hire_rects(s: CampScreen) -> dict[int, pygame.Rect]:
    """The hiring list's rows in sight, by their place in the list (it scrolls with the choice)."""
    w, h = s.app.size
    room = max(1, (h - FOOT - TOP - 40) // HIRE_ROW)
    n = len(roster_rows.hires(s.run))
    top = max(0, min(s.hire_row - room // 2, n - room))
    x = w - HIRE_W - 20
    return {
        i: pygame.Rect(x, TOP + 34 + (i - top) * HIRE_ROW, HIRE_W, HIRE_ROW - 2) for i in range(top, min(n, top + room))
    }


def draw(s: CampScreen, surface: pygame.Surface) -> None:
    surface.fill(theme.PANEL_BG)
    run, company = s.run, s.run.state.company
    b = run.battle
    text(surface, f"Camp before {b.title}" if b else "Camp", (30, 16), 36, theme.TEXT, True)
    going = len(run.going())
    sub = f"{company.name}: {company.crowns} crowns, day {run.state.day}."
    if b is not None:
        sub += f" {going} of up to {b.fielded} chosen to fight; the march takes {b.days} days."
    text(surface, sub, (32, 60), 20, theme.TEXT_DIM)
    _roster(s, surface)
    _hiring(s, surface)
    _said(s, surface)


def _roster(s: CampScreen, surface: pygame.Surface) -> None:
    w = roster_width(s)
    for heading, at in roster_rows.COLUMNS:
        text(surface, heading, (30 + round(at * w), TOP), 16, theme.TEXT_DIM)
    listed = roster_rows.listed(s.run)
    for i, ((r, box), m) in enumerate(zip(roster_rects(s), listed, strict=True)):
        chosen = i == s.row
        fill = theme.BUTTON_ACTIVE if chosen and s.focus == "roster" else theme.BUTTON if chosen else (32, 35, 44)
        pygame.draw.rect(surface, fill, r, border_radius=4)
        held = m.standing == Standing.CAPTIVE
        if held:
            text(surface, "held", (box.x, box.y - 1), 16, theme.TEXT_WARN, True)
        else:
            pygame.draw.rect(surface, theme.TEXT, box, 2, border_radius=3)
            if m.key in s.run.fielding:
                pygame.draw.line(
                    surface, theme.HIGHLIGHT, (box.x + 3, box.centery), (box.centerx - 1, box.bottom - 4), 3
                )
                pygame.draw.line(
                    surface, theme.HIGHLIGHT, (box.centerx - 1, box.bottom - 4), (box.right - 3, box.y + 3), 3
                )
        cells = roster_rows.row(s.run, m).cells
        columns = roster_rows.COLUMNS[1:]
        for c, ((_, at), words) in enumerate(zip(columns, cells, strict=True)):
            colour = theme.TEXT_WARN if held or (c == 3 and m.hp < m.hp_max / 2) else theme.TEXT
            x = 30 + round(at * w)
            if c == 0:  # a long name the player gave is cut at the kind's column, not written over it
                clip = surface.get_clip()
                surface.set_clip(pygame.Rect(x, r.y, 30 + round(columns[1][1] * w) - x - 8, r.h).clip(clip))
            text(surface, words, (x, r.y + 3), 18, colour, c == 0)
            if c == 0:
                surface.set_clip(clip)
    y = TOP + 24 + len(listed) * ROW + 4
    text(surface, "record: battles fought (b), foes killed (k), fled (f), surrendered (s)", (30, y), 16, theme.TEXT_DIM)
    y = _chosen(s, surface, y + 24, w)
    _fallen(s, surface, y, w)


def _chosen(s: CampScreen, surface: pygame.Surface, y: int, w: int) -> int:
    """The chosen member's state, what it fights as and its kills, under the table."""
    key = s.chosen
    if key is None:
        text(surface, "No one is in camp: hire (H) from the list on the right.", (30, y), 18, theme.TEXT_WARN)
        return y + 26
    m = s.run.state.company.member(key)
    kills = Counter(m.record.kills)
    killed = "; ".join(
        spoken.kind_words(s.run.setting.kinds[k], n) for k, n in kills.items() if k in s.run.setting.kinds
    )
    fights = "fights in the next battle" if key in s.run.fielding else "sits the next battle out"
    words = (
        f"{m.name}: {roster_rows.state_words(s.run, m)}; {fights}"
        if m.standing == Standing.READY
        else f"{m.name}: {roster_rows.state_words(s.run, m)}"
    )
    words += f". Killed: {killed}." if killed else ". No kills yet."
    for line in wrap(words, 18, w)[:2]:
        text(surface, line, (30, y), 18, theme.TEXT)
        y += 22
    return y + 6


def _fallen(s: CampScreen, surface: pygame.Surface, y: int, w: int) -> None:
    gone = roster_rows.fallen(s.run)
    if not gone:
        return
    names = ", ".join(
        f"{m.name} ({roster_rows.kind_words(s.run.setting.kinds[m.kind]).lower()}, level {m.level}, "
        f"{'dead' if m.standing == Standing.DEAD else 'lost'} after {spoken.counted('battle', m.record.battles)})"
        for m in gone
    )
    bottom = s.app.size[1] - FOOT - 4
    for line in wrap(f"The fallen and the lost: {names}", 16, w):
        if y + 16 > bottom:
            return
        text(surface, line, (30, y), 16, theme.TEXT_DIM)
        y += 19


def _hiring(s: CampScreen, surface: pygame.Surface) -> None:
    w = s.app.size[0]
    x = w - HIRE_W - 20
    company = s.run.state.company
    held = s.run.state.company.roster_limit - company.room
    text(surface, f"Hire (roster {held} of {company.roster_limit})", (x, TOP - 4), 22, theme.TEXT, True)
    offered = roster_rows.hires(s.run)
    for i, r in hire_rects(s).items():
        h = offered[i]
        chosen = i == s.hire_row
        fill = theme.BUTTON_ACTIVE if chosen and s.focus == "hiring" else theme.BUTTON if chosen else (32, 35, 44)
        pygame.draw.rect(surface, fill, r, border_radius=4)
        colour = theme.TEXT if h.price <= company.crowns else theme.TEXT_DIM
        text(surface, h.words, (r.x + 8, r.y + 3), 17, colour)
        text(surface, f"{h.price} cr", (r.right - 8, r.y + 3), 17, colour, True, "topright")


def _said(s: CampScreen, surface: pygame.Surface) -> None:
    w, h = s.app.size
    if s.typing is not None and s.chosen is not None:
        words, colour = (
            f"New name for {s.run.state.company.member(s.chosen).name}: {s.typing}_   (Enter keeps it, Esc leaves it)",
            theme.HIGHLIGHT,
        )
    elif s.asking and s.chosen is not None:
        words, colour = (
            f"Let {s.run.state.company.member(s.chosen).name} go for good? Y lets go, any other key keeps",
            theme.TEXT_WARN,
        )
    elif s.said:
        words, colour = s.said[:1].upper() + s.said[1:], theme.TEXT_WARN if s.warn else theme.HIGHLIGHT
    else:
        words, colour = (
            "Tab: the roster or the hiring list. Enter: fights or sits out / hire. F1: every key.",
            theme.TEXT_DIM,
        )
    text(surface, wrap(words, 18, w - 60)[0], (30, h - FOOT + 6), 18, colour)
