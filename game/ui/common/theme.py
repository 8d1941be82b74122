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
    """Draw with the palette `name` (game/home/settings.py has checked it) from the next frame on."""
    _chosen["palette"] = PALETTES[name]


# The sides the maps and the generator name keep their own colour and mark whatever other sides a
# battle has (the palettes' first three colours are blue, vermilion and green): a map's sides are
# listed by name, so "red" among blue, green and red came third and was drawn green.
NAMED_PLACES = {"blue": 0, "red": 1, "green": 2}


def side_places(sides: Iterable[str]) -> dict[str, int]:
    """Each side's place among the palette's side colours and the marks: a named side its own,
    any other side the first places left, in the list's order."""
    listed = list(dict.fromkeys(sides))
    places = {s: NAMED_PLACES[s] for s in listed if s in NAMED_PLACES}
    free = (i for i in range(len(listed) + len(NAMED_PLACES)) if i not in places.values())
    for s in listed:
        if s not in places:
            places[s] = next(free)
    return places


def side_colours(sides: Iterable[str]) -> dict[str, Colour]:
    """Each side's colour in the palette drawn with now, by its place (side_places)."""
    return {s: palette().side(i) for s, i in side_places(sides).items()}


def side_colour(side: str, sides: Iterable[str]) -> Colour:
    """One side's colour among `sides` in the palette drawn with now."""
    return palette().side(side_places(sides)[side])


def side_shapes(sides: Iterable[str]) -> dict[str, str]:
    """Each side's token mark, by the same place as its colour."""
    return {s: SIDE_SHAPES[i % len(SIDE_SHAPES)] for s, i in side_places(sides).items()}


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
