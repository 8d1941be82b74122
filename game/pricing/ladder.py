"""Which sizes of the reference force to play a kind against.

Start where the prior guess puts the even point; while the kind has won at every size so far,
double the reference force, while it has lost at every size, halve it; once it has won at one
size and lost at a larger one, play halfway between them until the two are neighbours. Every
size played is kept for the fit, not only the last two.
"""

from __future__ import annotations

from collections.abc import Callable

from game.pricing.fit import Count

M_MAX = 30  # the most reference creatures a field's zone holds
SIZES_MAX = 7


def climb(start: int, play: Callable[[int], Count]) -> list[Count]:
    m = max(1, min(M_MAX, start))
    played: list[Count] = []
    won: int | None = None  # the largest size the kind beat
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
            if m == M_MAX:
                break
            m = min(M_MAX, m * 2)
        else:
            if m == 1:
                break
            m = max(1, m // 2)
    return sorted(played, key=lambda k: k.m)
