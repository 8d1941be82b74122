"""Armies of equal points, as near as whole creatures allow: what a price is checked at.

A price says what one creature is worth; a check of it plays an army of the kind against the
reference force at the same points. Whole creatures rarely divide a budget evenly, and an army
a creature short of the budget is not the same budget.
"""

from __future__ import annotations

TOLERANCE = 0.05  # of the reference force's points: the two armies' points may differ by this much


def equal_forces(points: float, budget: float, reference_points: float) -> tuple[int, int]:
    """(the kind's creatures, the reference's) for armies of equal points near the budget.

    Whole creatures rarely divide a budget evenly: at 60 points, 4 bugbears at 14.0 are 56 points
    and 5 are 70, and neither faces six fighters at the same budget. So the reference force may
    be a creature from the budget's, or more where that is not enough: of the forces within one
    creature of the budget's, the one whose kind's army (the whole number of creatures nearest
    in points) comes nearest it in points, ties to the budget; if even that differs by more than
    TOLERANCE, within two creatures, then three. A kind dearer than all of those forces plays one
    creature against the reference force nearest it in points."""
    at_budget = round(budget / reference_points)
    if points > (at_budget + 3) * reference_points:
        return 1, round(points / reference_points)
    for spread in (1, 2, 3):
        pairs = []
        for refs in range(max(1, at_budget - spread), at_budget + spread + 1):
            count = max(1, round(refs * reference_points / points))
            gap = abs(count * points - refs * reference_points) / (refs * reference_points)
            pairs.append((round(gap, 9), abs(refs - at_budget), refs, count))
        gap, _, refs, count = min(pairs)
        if gap <= TOLERANCE:
            break
    return count, refs
