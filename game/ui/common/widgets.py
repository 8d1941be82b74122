"""Text and buttons: the few widgets the screens share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pygame

from game.ui.common import theme
from game.ui.common.lettering import Face

_fonts: dict[tuple[int, bool], Face] = {}


def font(size: int, bold: bool = False) -> Face:
    key = (size, bold)
    if key not in _fonts:
        if not _fonts:  # a font dies with pygame.quit: the next session (a second screenshot) makes its own
            pygame.register_quit(_fonts.clear)
        _fonts[key] = Face(size, bold)
    return _fonts[key]


Colour = tuple[int, int, int]
_rendered: dict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = {}


def rendered(words: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: most words on screen are the same from frame to frame."""
    key = (words, size, tuple(colour), bold)
    img = _rendered.get(key)
    if img is None:
        if len(_rendered) > 4000:
            _rendered.clear()
        img = _rendered[key] = font(size, bold).render(words, True, colour)
    return img


def text(  # noqa: PLR0917  # style follows the words positionally, as in pygame's own draw calls
    surface: pygame.Surface,
    words: str,
    pos: tuple[float, float],
    size: int = 20,
    colour: Colour = theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    img = rendered(words, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


_wrapped: dict[tuple[str, int, int], list[str]] = {}


def wrap(words: str, size: int, width: int) -> list[str]:
    key = (words, size, width)
    if key in _wrapped:
        return _wrapped[key]
    if len(_wrapped) > 4000:
        _wrapped.clear()
    _wrapped[key] = _wrap(words, size, width)
    return _wrapped[key]


def _wrap(words: str, size: int, width: int) -> list[str]:
    f = font(size)
    lines, line = [], ""
    for w in _pieces(words.split(), f, width):
        trial = f"{line} {w}".strip()
        if f.size(trial)[0] > width and line:
            lines.append(line)
            line = w
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def _pieces(words: list[str], f: Face, width: int) -> Iterator[str]:
    """The words, one wider than a whole line cut where it must be (a path in the log ran off
    its panel: issue 37)."""
    for word in words:
        rest = word
        while len(rest) > 1 and f.size(rest)[0] > width:
            n = next((n for n in range(len(rest) - 1, 1, -1) if f.size(rest[:n])[0] <= width), 1)
            yield rest[:n]
            rest = rest[n:]
        yield rest


@dataclass
class Button:
    label: str
    key_hint: str
    action: Callable[[], object]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    active: bool = False
    tip: str = ""  # shown while the pointer rests on the button (why it is disabled, say)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        colour = theme.BUTTON_ACTIVE if self.active else theme.BUTTON
        if self.enabled and self.rect.collidepoint(mouse):
            colour = theme.BUTTON_HOVER
        pygame.draw.rect(surface, colour, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, 1, border_radius=6)
        fg = theme.TEXT if self.enabled else theme.TEXT_DIM
        label = f"{self.label} [{self.key_hint}]" if self.key_hint else self.label
        text(surface, label, self.rect.center, 19, fg, anchor="center")

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


_widths: dict[str, int] = {}


def _width(label: str) -> int:
    """A button label's width, measured once (the bar lays its buttons out every frame)."""
    w = _widths.get(label)
    if w is None:
        if len(_widths) > 4000:
            _widths.clear()
        w = _widths[label] = font(19).size(label)[0]
    return w


def layout_row(buttons: list[Button], area: pygame.Rect, gap: int = 6) -> None:
    """Lay buttons left to right in an area, each as wide as its label needs."""
    x = area.x
    for b in buttons:
        label = f"{b.label} [{b.key_hint}]" if b.key_hint else b.label
        w = _width(label) + 18
        b.rect = pygame.Rect(x, area.y, w, area.height)
        x += w + gap


def tooltip(surface: pygame.Surface, words: str, at: tuple[int, int], off: pygame.Rect | None = None) -> pygame.Rect:
    """Words in a box just above a point, kept inside the window and, where there is room, off
    the rectangle `off` (what the tip speaks of, say the log: issue 22). Returns the box."""
    img = rendered(words, 19, theme.TEXT)
    box = img.get_rect(midbottom=at).inflate(16, 10)
    if off is not None and box.colliderect(off) and off.left - 4 - box.w >= 4:
        box.right = off.left - 4
    box.right = min(box.right, surface.get_width() - 4)
    box.x = max(box.x, 4)
    pygame.draw.rect(surface, (10, 12, 18), box, border_radius=5)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=5)
    surface.blit(img, img.get_rect(center=box.center))
    return box


LABEL_BG = (10, 12, 18)


def label(
    surface: pygame.Surface, words: str, at: tuple[int, int], bounds: pygame.Rect, colour: Colour, size: int = 16
) -> pygame.Rect:
    """Words on a dark box just above a point of the map, wrapped to the bounds' width and moved
    inside them: readable over any ground, token or overlay. Returns the box."""
    lines = wrap(words, size, bounds.w - 16)
    imgs = [rendered(line, size, colour, True) for line in lines]
    box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 12, sum(i.get_height() for i in imgs) + 6)
    box.midbottom = at
    box.clamp_ip(bounds)
    pygame.draw.rect(surface, LABEL_BG, box, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=4)
    y = box.y + 3
    for img in imgs:
        surface.blit(img, (box.x + 6, y))
        y += img.get_height()
    return box
