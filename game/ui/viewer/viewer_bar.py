"""The replay viewer's bottom bar: its buttons, and the timeline of rounds with a marker for each
retreat, knockdown, death and rout, and the playhead; where a click on it lands."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

import pygame

from game.history.timeline import Timeline
from game.ui.common import theme
from game.ui.common.draw_cache import DrawCache
from game.ui.common.widgets import Button, font, text

if TYPE_CHECKING:
    from collections.abc import Callable

# Each kind of marker has its colour and its shape, so colour is never the only cue.
MARK_COLOURS = {
    "retreat": (255, 150, 40),
    "knockdown": (250, 220, 70),
    "death": (235, 60, 60),
    "rout": (200, 140, 255),
}
MARK_SHAPES = {"retreat": "triangle", "knockdown": "diamond", "death": "cross", "rout": "square"}
SNAP = 6  # pixels: a click this near a marker lands on the moment before it


class Track:
    """The timeline laid along a rectangle: each round an equal share, its events spread within."""

    def __init__(self, t: Timeline, rect: pygame.Rect) -> None:
        self.t, self.rect = t, rect
        self.n = max(1, len(t.round_events))
        self.seg = rect.w / self.n

    def _span(self, r: int) -> tuple[int, int]:
        starts = self.t.round_events or [0]
        lo = starts[r]
        hi = starts[r + 1] if r + 1 < len(starts) else self.t.length
        return lo, max(hi, lo + 1)

    def x_of(self, moment: int) -> float:
        r = max(0, bisect.bisect_right(self.t.round_events, moment) - 1)
        lo, hi = self._span(r)
        frac = min(1.0, max(0.0, (moment - lo) / (hi - lo)))
        return self.rect.x + (r + frac) * self.seg

    def moment_at(self, x: float) -> int:
        """The moment a click at x lands on: the decision before a marker within a few pixels (the
        moment before the push), else the last decision at or before that point of the round."""
        near = [m for m in self.t.markers if abs(self.x_of(m.event) - x) <= SNAP]
        if near:
            best = min(near, key=lambda m: abs(self.x_of(m.event) - x))
            return self.t.decision_before(best.event)
        u = min(max((x - self.rect.x) / self.seg, 0.0), self.n - 1e-9)
        r = int(u)
        lo, hi = self._span(r)
        moment = lo + round((u - r) * (hi - lo))
        return max(self.t.first, self.t.decision_before(moment))


def draw_track(surface: pygame.Surface, track: Track, moment: int, cache: DrawCache) -> None:
    """The rounds and markers (drawn once, then blitted), and the playhead at the moment."""
    r = track.rect
    layer = cache.get("timeline", (r.size, track.t.length), lambda: _paint(track))
    surface.blit(layer, r.topleft)
    x = round(track.x_of(moment))
    pygame.draw.line(surface, theme.SELECT, (x, r.y - 2), (x, r.bottom + 1), 2)
    pygame.draw.polygon(surface, theme.SELECT, [(x - 5, r.y - 6), (x + 5, r.y - 6), (x, r.y)])


def _paint(track: Track) -> pygame.Surface:
    """Round numbers along the top, the track below them, the markers on it: deaths first, so the
    retreats the viewer is for are drawn on top."""
    r = track.rect
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    mid = r.h - 8
    pygame.draw.rect(layer, (40, 44, 54), (0, mid - 3, r.w, 6), border_radius=3)
    every = max(1, round(28 / track.seg)) if track.seg < 28 else 1  # room for the labels
    for i in range(track.n):
        x = round(i * track.seg)
        pygame.draw.line(layer, theme.PANEL_EDGE, (x, mid - 12), (x, mid + 6), 1)
        if i % every == 0:
            text(layer, str(i + 1), (x + 3, 0), 14, theme.TEXT_DIM)
    for kind in ("death", "knockdown", "rout", "retreat"):
        for m in track.t.markers:
            if m.kind == kind:
                _glyph(layer, kind, (round(track.x_of(m.event)) - r.x, mid), 5)
    return layer


def _glyph(surface: pygame.Surface, kind: str, at: tuple[int, int], s: int) -> None:
    x, y = at
    colour, shape = MARK_COLOURS[kind], MARK_SHAPES[kind]
    if shape == "triangle":
        pts = [(x, y - s), (x - s, y + s - 1), (x + s, y + s - 1)]
    elif shape == "diamond":
        pts = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
    elif shape == "square":
        pts = [(x - s + 1, y - s + 1), (x + s - 1, y - s + 1), (x + s - 1, y + s - 1), (x - s + 1, y + s - 1)]
    else:
        pygame.draw.line(surface, (0, 0, 0), (x - s, y - s), (x + s, y + s), 5)
        pygame.draw.line(surface, (0, 0, 0), (x - s, y + s), (x + s, y - s), 5)
        pygame.draw.line(surface, colour, (x - s, y - s), (x + s, y + s), 3)
        pygame.draw.line(surface, colour, (x - s, y + s), (x + s, y - s), 3)
        return
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (0, 0, 0), pts, 1)


def draw_legend(surface: pygame.Surface, right: int, y: int) -> None:
    """One glyph and word per kind of marker, ending at `right`."""
    x = right
    for kind in reversed(MARK_COLOURS):
        rect = text(surface, kind, (x, y), 16, theme.TEXT_DIM, anchor="midright")
        _glyph(surface, kind, (rect.x - 9, y), 5)
        x = rect.x - 24


def layout(buttons: list[Button], area: pygame.Rect, gap: int = 4) -> None:
    """Lay small buttons left to right, each as wide as its label."""
    x = area.x
    for b in buttons:
        w = font(19).size(b.label)[0] + 14
        b.rect = pygame.Rect(x, area.y, w, area.h)
        x += w + gap


def small_button(label: str, tip: str, action: Callable[[], object], active: bool = False) -> Button:
    """A button whose key is said in its tip: the bar has no room for every key in the label."""
    return Button(label, "", action, active=active, tip=tip)
