"""The game's typeface: pygame's own font file, written without kerning.

pygame.font (SDL_ttf) always applies a font's kerning and cannot be told not to. The kerning
table of freesansbold.ttf, the font pygame ships and the game writes with, sets every letter
beside a "t" apart (a tenth of the em around "tt": 62 pixels against 72 at 100), and at the
small sizes the panels use, rounded to whole pixels, that gap is as wide as a word's space:
"Quick bat t le", "poin ts", "lit tle" (issue 37, bug 7). pygame.freetype reads the same file
with kerning off, so the letters keep the even spacing the font was drawn with."""

from __future__ import annotations

import os

import pygame
import pygame.freetype

# pygame.font.Font(None, size) opens its own font at 0.6875 of the size asked for: the sizes the
# screens ask for keep meaning what they meant, line heights and all.
_DEFAULT_FONT_SHRINK = 0.6875


def _font_file() -> str:
    return os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())


class Face:
    """One size of the typeface, bold or not: what pygame.font.Font offered the screens (`size`,
    `render`), without the kerning."""

    def __init__(self, size: int, bold: bool = False) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._font = pygame.freetype.Font(_font_file(), max(1, int(size * _DEFAULT_FONT_SHRINK)))
        self._font.kerning = False
        self._font.pad = True  # every line as tall as the font, whatever its letters: rows line up
        self._font.strong = bold  # the file is already bold; "bold" is a heavier stroke of it

    def size(self, words: str) -> tuple[int, int]:
        """The width and height `render` gives the words."""
        rect = self._font.get_rect(words)
        return rect.width, rect.height

    def render(self, words: str, antialias: bool, colour: tuple[int, int, int]) -> pygame.Surface:
        """The words in `colour` on a transparent surface."""
        self._font.antialiased = antialias
        return self._font.render(words, colour)[0]
