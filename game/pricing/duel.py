"""A kind against the reference force: the fields, the games, and the price they give.

Every size of the reference force is played on the same fields (the maps of seeds 1..G), so
the sizes differ only in the force (common random numbers: less noise between sizes for the
same games). The kind's army takes blue's zone in even games and red's in odd ones, so neither
zone's ground counts for or against it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.field_games import FieldGame, play_field_games
from game.generate.spec import FieldSpec
from game.pricing.fit import Count, EvenPoint, even_point
from game.pricing.ladder import M_MAX, climb
from game.pricing.price import REFERENCE_POINTS, Price

BUDGET = 60.0  # the kind's army is about this many points by the prior guess
FIELD = (28, 18)
from game.rules.creature import Kind


def prior(kind: Kind) -> float:
    """A first guess at a kind's points, only to choose how many of it to field and where the
    ladder starts: ten a hit die, more for a big creature's footprint."""
    return REFERENCE_POINTS * max(0.5, kind.hd) * kind.squares


def price(
    kind: Kind,
    reference: Kind,
    games: int,
    level: str,
    *,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> Price:
    count = max(1, min(12, round(BUDGET / prior(kind))))
    start = round(count * prior(kind) / REFERENCE_POINTS)

    def play(m: int) -> Count:
        score = 0.0
        field_games = _games(kind, count, reference, m, games=games, level=level)
        for g, result in enumerate(play_field_games(field_games, workers=workers, on_done=on_game, dask=dask)):
            side = "blue" if g % 2 == 0 else "red"
            score += 1.0 if result["winner"] == side else 0.5 if result["winner"] is None else 0.0
        return Count(m, games, score)

    counts = climb(start, play)
    fitted: EvenPoint = even_point(counts, c_max=M_MAX + 1)
    scale = REFERENCE_POINTS / count
    return Price(kind.key, fitted.c * scale, fitted.low * scale, fitted.high * scale, count, tuple(counts))


def _games(kind: Kind, count: int, reference: Kind, m: int, *, games: int, level: str) -> list[FieldGame]:
    w, h = FIELD
    out = []
    for g in range(games):
        side, other = ("blue", "red") if g % 2 == 0 else ("red", "blue")
        armies = {side: (kind.key,) * count, other: (reference.key,) * m}
        spec = FieldSpec(seed=g + 1, width=w, height=h, terrain="mixed")
        out.append(FieldGame(spec, g + 1, {"blue": level, "red": level}, armies))
    return out
