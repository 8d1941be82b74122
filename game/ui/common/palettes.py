"""The colour palettes a player picks from (the `palette` setting): one record each, read by the
drawing through theme.palette(). Colour is never the only cue: arcs also carry a hatching, sides a
token mark's shape, the review's verdicts their words. game/ui/common/palette_check.py holds each
palette to a colour-vision-deficiency check (docs/decisions.md, "Colour-blind palettes")."""

from __future__ import annotations

from dataclasses import dataclass, replace

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """The colours that carry meaning on the board; `deficiency` is the colour vision it is made
    for (None: normal vision), the simulation palette_check.py passes its colours through."""

    name: str
    deficiency: str | None
    front: Colour
    flank: Colour
    rear: Colour
    sides: tuple[Colour, ...]  # by the side's place in the scenario's list (wrapping round)
    reach_full: Colour  # where a full move reaches
    reach_half: Colour  # where a half move (or a withdrawal) reaches
    hazard: Colour  # a retreat square with a hazard, and its arrow
    target: Colour  # a foe that can be struck, the unit driven back
    may: Colour  # the round's review: earned a retreat
    refused: Colour  # earned it, but the foe need not give ground
    nothing: Colour  # hit back, or did no melee damage

    @property
    def arcs(self) -> dict[str, Colour]:
        """The arcs' colours by name (front, flank, rear); retreat arrows take their square's arc's."""
        return {"front": self.front, "flank": self.flank, "rear": self.rear}

    def side(self, i: int) -> Colour:
        return self.sides[i % len(self.sides)]


# The colours before palettes: green, yellow and red arcs, Okabe-Ito sides (Okabe & Ito 2008).
STANDARD = Palette(
    name="standard",
    deficiency=None,
    front=(70, 200, 90),
    flank=(240, 200, 40),
    rear=(230, 60, 60),
    sides=((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167)),
    reach_full=(90, 160, 255),
    reach_half=(150, 230, 255),
    hazard=(255, 120, 0),
    target=(255, 70, 70),
    may=(90, 220, 110),
    refused=(255, 110, 90),
    nothing=(150, 155, 168),
)

# Red-blind and green-blind eyes lose the red-green axis: arcs and verdicts are told apart by
# lightness and the blue-yellow axis (light sky blue, pale yellow, dark purple), and reach is a
# deep blue the yellow and purple retreat squares stand off from.
PROTANOPIA = Palette(
    name="protanopia",
    deficiency="protanopia",
    front=(120, 210, 255),
    flank=(255, 240, 100),
    rear=(110, 20, 140),
    sides=((0, 114, 178), (230, 159, 0), (240, 240, 240), (60, 40, 60)),
    reach_full=(30, 150, 255),
    reach_half=(150, 230, 255),
    hazard=(255, 160, 0),
    target=(255, 255, 255),
    may=(40, 130, 255),
    refused=(255, 200, 40),
    nothing=(150, 155, 168),
)

# The same colours serve green-blind eyes: both lose the same axis (palette_check.py holds each).
DEUTERANOPIA = replace(PROTANOPIA, name="deuteranopia", deficiency="deuteranopia")

# Blue-blind eyes keep the red-green axis and lose blue-yellow: a light front, a red rear.
TRITANOPIA = Palette(
    name="tritanopia",
    deficiency="tritanopia",
    front=(230, 240, 240),
    flank=(255, 140, 170),
    rear=(200, 0, 40),
    sides=((0, 140, 150), (220, 30, 60), (240, 240, 240), (60, 40, 60)),
    reach_full=(30, 110, 130),
    reach_half=(90, 190, 200),
    hazard=(255, 90, 0),
    target=(255, 255, 255),
    may=(80, 200, 210),
    refused=(255, 80, 110),
    nothing=(150, 155, 168),
)

PALETTES = {p.name: p for p in (STANDARD, PROTANOPIA, DEUTERANOPIA, TRITANOPIA)}
