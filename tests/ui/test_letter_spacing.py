"""Small text keeps its words whole (issue 37, bug 7: "Quick bat t le", "poin ts", "lit tle").

A word reads as broken when a gap between two of its letters is nearly as wide as the space
between two words. The gaps are measured on the pixels: the columns a word's letters leave
empty, against those a space leaves, at the sizes the screens write and at every UI scale."""

from __future__ import annotations

from typing import ClassVar

import pygame
import pytest

from game.ui.app import App
from game.ui.common import theme
from game.ui.common.widgets import rendered, text

# Words the newcomer saw broken, and more with the letters about a "t" that the kerning spread.
WORDS = ["battle", "points", "little", "settings", "attack", "within", "Fighter", "kerning"]
SIZES = range(12, 27)  # the sizes the panels, cards and buttons write in


def _gaps(inked: list[bool]) -> list[int]:
    """The runs of empty columns between the first inked column and the last."""
    cols = inked[inked.index(True) : len(inked) - inked[::-1].index(True)]
    runs, run = [], 0
    for ink in cols:
        if ink:
            if run:
                runs.append(run)
            run = 0
        else:
            run += 1
    return runs


def _inked_alpha(img: pygame.Surface) -> list[bool]:
    w, h = img.get_size()
    return [any(img.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]


def _widest_gap(img: pygame.Surface) -> int:
    return max(_gaps(_inked_alpha(img)), default=0)


def _space(size: int, bold: bool) -> int:
    """The narrowest gap a space leaves between two words at this size."""
    return min(_widest_gap(rendered(pair, size, theme.TEXT, bold)) for pair in ("n n", "l l", "o o"))


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_no_gap_inside_a_word_comes_near_a_space(size, bold):
    pygame.font.init()  # not pygame.init(): that opens the mixer, which a headless window never does (test_sound)
    space = _space(size, bold)
    for word in WORDS:
        gap = _widest_gap(rendered(word, size, theme.TEXT, bold))
        assert 3 * gap <= 2 * space, f"{word!r} at {size}{' bold' if bold else ''}: a gap of {gap} against {space}"


class _Words:
    """A screen that writes the newcomer's words, one line each, at the sizes of the panels."""

    LINES: ClassVar = [("Quick battle", 15), ("points", 16), ("little", 18), ("battle", 20)]

    def handle(self, event: pygame.event.Event) -> None:
        return None

    def update(self, dt: float) -> None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_BG)  # the ground the columns are told from, whatever the app cleared to
        for i, (words, size) in enumerate(self.LINES):
            text(surface, words, (20, 20 + 40 * i), size)

    def resize(self, w: int, h: int) -> None:
        pass

    def close(self) -> None:
        pass


def _inked_window(a: App, top: int, height: int) -> list[bool]:
    """Which columns of a band of the window hold a letter's pixel (the background's colour apart)."""
    win = a.window
    bg = pygame.Color(theme.PANEL_BG)
    rows = range(top, top + height)
    return [any(_far(win.get_at((x, y)), bg) for y in rows) for x in range(int(200 * a.scale))]


def _far(c: pygame.Color, bg: pygame.Color) -> bool:
    return abs(c.r - bg.r) + abs(c.g - bg.g) + abs(c.b - bg.b) > 120


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_window_writes_whole_words_at_every_ui_scale(scale):
    a = App((2560, 1440), headless=True)  # room for 2x: the scale is capped at a canvas of 1024x600
    a.settings = a.settings.changed(ui_scale=scale)
    a.refit()
    a.show(_Words())
    a.step(0.016)
    assert a.scale == scale
    for i, (words, size) in enumerate(_Words.LINES):
        space = round(_space(size, False) * scale)
        top, height = int((20 + 40 * i) * a.scale), int(size * a.scale)
        gaps = _gaps(_inked_window(a, top, height))
        # "Quick battle": its widest gap is the space between its words; the letters' are the rest
        inner = sorted(gaps)[:-1] if " " in words else gaps
        assert (
            3 * max(inner, default=0) <= 2 * space
        )  # no gap at all (letters touching) is whole too, f"{words!r} at {size}, UI scale {scale}: gaps {gaps}, a space {space}"
