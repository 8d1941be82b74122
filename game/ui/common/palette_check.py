"""The check each palette is held to (docs/decisions.md, "Colour-blind palettes"): every pair of
colours a player must tell apart stays at least THRESHOLD apart in CIEDE2000, seen with normal
vision and through the simulation of the deficiency the palette is made for.

`python -m game.ui.common.palette_check` prints every palette's closest pairs under every
deficiency, the standard palette's included."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from itertools import combinations

from game.ui.common.colour_vision import DEFICIENCIES, Colour, difference
from game.ui.common.palettes import PALETTES, Palette

THRESHOLD = 20.0  # CIEDE2000; about 1 is the least difference an eye notices side by side
# The ground the arcs are drawn on: the mean colours of the grass and rough tiles (assets/tiles).
GROUNDS = {"grass": (70, 130, 50), "rough": (109, 109, 67)}


@dataclass(frozen=True)
class Pair:
    """Two colours that must look apart, what they mean, and how far apart they look."""

    what: str
    first: str
    second: str
    vision: str  # "normal" or a deficiency's name
    difference: float

    def __str__(self) -> str:
        return f"{self.what}: {self.first} / {self.second} under {self.vision}: {self.difference:.1f}"


def named_pairs(p: Palette) -> list[tuple[str, tuple[str, Colour], tuple[str, Colour]]]:
    """The pairs a player must tell apart: the arcs from each other and from the ground, the sides
    from each other, reach from the retreat squares, the review's three verdicts."""
    arcs = list(p.arcs.items())
    pairs = [("arcs", a, b) for a, b in combinations(arcs, 2)]
    pairs += [("arc on ground", a, g) for a in arcs for g in GROUNDS.items()]
    sides = [(f"side {i + 1}", c) for i, c in enumerate(p.sides)]
    pairs += [("sides", a, b) for a, b in combinations(sides, 2)]
    retreat = [("flank", p.flank), ("rear", p.rear), ("hazard", p.hazard)]
    pairs += [
        ("reach vs retreat", a, b) for a in (("reach", p.reach_full), ("half reach", p.reach_half)) for b in retreat
    ]
    verdicts = [("may", p.may), ("refused", p.refused), ("nothing", p.nothing)]
    pairs += [("review", a, b) for a, b in combinations(verdicts, 2)]
    return pairs


def measured(p: Palette, vision: str | None) -> list[Pair]:
    """Every pair of the palette, seen with normal vision (None) or a deficiency's, closest first."""
    out = [
        Pair(what, a, b, vision or "normal", difference(ca, cb, vision)) for what, (a, ca), (b, cb) in named_pairs(p)
    ]
    return sorted(out, key=lambda pair: pair.difference)


def failures(p: Palette) -> list[Pair]:
    """The pairs closer than THRESHOLD for the eyes the palette is made for (and normal ones)."""
    visions = [None] if p.deficiency is None else [None, p.deficiency]
    return [pair for v in visions for pair in measured(p, v) if pair.difference < THRESHOLD]


def main() -> int:
    for p in PALETTES.values():
        print(
            f"{p.name} ({'normal vision' if p.deficiency is None else p.deficiency}): "
            f"{'passes' if not failures(p) else 'FAILS'}"
        )
        for vision in (None, *DEFICIENCIES):
            closest = measured(p, vision)[0]
            print(f"  closest: {closest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
