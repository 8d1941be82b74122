"""The main menu's list of scenarios: each section's heading, then its scenarios, scrolled
(only) to keep the chosen one in sight, so a line clicked never moves under the pointer."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.home.bundled import TEACHING_ORDER, section_of
from game.ui.common import theme
from game.ui.common.widgets import text
from game.ui.menus import course
from game.ui.menus.entries import Entry

LIST_TOP, LIST_BOTTOM, ROW = 130, 150, 40
Layout = list[tuple[str | int, pygame.Rect]]


def lines(entries: Sequence[Entry]) -> list[str | int]:
    """The list's lines: each section's heading (a string), then its scenarios (their indices)."""
    out: list[str | int] = []
    last = ""
    for i, e in enumerate(entries):
        section = section_of(e.path.stem)
        if section != last:
            out.append(section)
            last = section
        out.append(i)
    return out


def first_lesson(entries: Sequence[Entry]) -> int | None:
    """Where the course's first lesson stands in the list, if it is offered."""
    return next((i for i, e in enumerate(entries) if e.path.stem == TEACHING_ORDER[0] and e.scenario), None)


def next_section(entries: Sequence[Entry], index: int) -> int:
    """The first scenario of the section after the chosen one's (after the last: the first's)."""
    here = section_of(entries[index].path.stem)
    later = [i for i in range(index + 1, len(entries)) if section_of(entries[i].path.stem) != here]
    return later[0] if later else 0


def layout(entries: Sequence[Entry], index: int, top: int, height: int) -> tuple[int, Layout]:
    """The first line shown (scrolled from `top` to keep `index` in sight), and the lines in sight
    with where each sits, for a canvas `height` high."""
    rows, all_lines = max(1, (height - LIST_TOP - LIST_BOTTOM) // ROW), lines(entries)
    at = all_lines.index(index) if index in all_lines else 0
    top = min(max(top, at - rows + 1), at, max(0, len(all_lines) - rows))
    shown = range(top, min(top + rows, len(all_lines)))
    return top, [(all_lines[j], pygame.Rect(40, LIST_TOP + ROW * (j - top), 360, ROW - 6)) for j in shown]


def draw(surface: pygame.Surface, entries: Sequence[Entry], shown: Layout, index: int, done: frozenset[str]) -> None:
    """The lines in sight (the lessons `done` ticked), and how many more lie above and below."""
    for item, r in shown:
        if isinstance(item, str):
            text(surface, course.heading(item, done), (r.x + 2, r.y + 12), 20, theme.HIGHLIGHT, True)
            continue
        e = entries[item]
        pygame.draw.rect(surface, theme.BUTTON_ACTIVE if item == index else theme.BUTTON, r, border_radius=6)
        title = e.scenario.title if e.scenario else e.path.name
        text(surface, title, (r.x + 10, r.y + 8), 22, theme.TEXT if e.scenario else theme.TEXT_WARN)
        if e.path.stem in done:
            course.draw_tick(surface, r)
    in_sight = [item for item, _ in shown if isinstance(item, int)]
    above = min(in_sight) if in_sight else 0
    below = len(entries) - (max(in_sight) + 1 if in_sight else 0)
    if above:
        text(surface, f"{above} more above (arrows or wheel)", (44, LIST_TOP - 20), 16, theme.TEXT_DIM)
    if below:
        bottom = LIST_TOP + ROW * len(shown)
        text(surface, f"{below} more below (arrows or wheel)", (44, bottom - 2), 16, theme.TEXT_DIM)
