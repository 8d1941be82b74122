"""Colours and sizes in one place. The colours that carry meaning (arcs, sides, reach, retreat,
the review's verdicts) come from the palette the player picked (game/ui/common/palettes.py),
read through palette() at every draw."""

from __future__ import annotations

from collections.abc import Iterable

from game.ui.common.palettes import PALETTES, STANDARD, Colour, Palette

# Each side's token also bears a mark of its own shape, so colour is never the only cue.
SIDE_SHAPES = ["circle", "square", "triangle", "diamond", "circle", "square"]

_chosen = {"palette": STANDARD}  # the window draws with one palette at a time: the setting's


def palette() -> Palette:
    """The palette drawn with now."""
    return _chosen["palette"]


def use(name: str) -> None:
    """Draw with the palette `name` (game/settings.py has checked it) from the next frame on."""
    _chosen["palette"] = PALETTES[name]


def side_colours(sides: Iterable[str]) -> dict[str, Colour]:
    """Each side's colour in the palette drawn with now, by its place in the list of sides."""
    return {s: palette().side(i) for i, s in enumerate(sides)}


PATH = (255, 255, 255)
SELECT = (255, 255, 255)
HIGHLIGHT = (255, 240, 120)

PANEL_BG = (24, 26, 32)
PANEL_EDGE = (70, 74, 86)
TEXT = (230, 232, 238)
TEXT_DIM = (150, 155, 168)
TEXT_WARN = (255, 190, 90)
BUTTON = (52, 58, 72)
BUTTON_HOVER = (74, 84, 104)
BUTTON_ACTIVE = (96, 120, 170)

TOP_BAR = 44
SIDE_PANEL = 340
BOTTOM_BAR = 64
