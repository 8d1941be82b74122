"""Which sizes of an army to play: the kind's own army against the reference force at the
budget, or the reference force against one creature of the kind.

`play(size)` gives the score of the side that does not change, whose chance falls as the size
grows. Start where the prior guess puts the even point; while that side has won at every size
so far, double the size, while it has lost at every size, halve it; once it has won at one
size and lost at a larger one, play halfway between them until the two are neighbours. Every
size played is kept for the fit, not only the last two.
"""

from __future__ import annotations

from collections.abc import Callable

from game.pricing.fit import Count

M_MAX = 30  # the most man-sized creatures a zone of the pricing field holds
SIZES_MAX = 7


def climb(start: int, play: Callable[[int], Count], top: int = M_MAX) -> list[Count]:
    m = max(1, min(top, start))
    played: list[Count] = []
    won: int | None = None  # the largest size the unchanging side beat
    lost: int | None = None  # the smallest size it did not
    for _ in range(SIZES_MAX):
        k = play(m)
        played.append(k)
        if k.score > k.games / 2:
            won = m if won is None else max(won, m)
        else:
            lost = m if lost is None else min(lost, m)
        if won is not None and lost is not None:
            if lost - won <= 1:  # neighbours (or the dice crossed them): the fit has both sides
                break
            m = (won + lost) // 2
        elif lost is None:
            if m == top:
                break
            m = min(top, m * 2)
        else:
            if m == 1:
                break
            m = max(1, m // 2)
    return sorted(played, key=lambda k: k.m)
