"""A kind against the reference force: the fields, the games, and the price they give.

A price is measured at the budget a quick battle's armies are priced at (BUDGET points: six
reference fighters). The reference force stays at the budget and the kind's army grows or
shrinks until the fit finds how many of the kind win half their games against it; the price is
the budget shared among that many. Measuring at the budget itself matters: numbers count for
more in a bigger melee, so a price measured with six of a kind against a few fighters does not
carry to fifteen of it against six. A kind too dear for even one to be matched against the
budget's force (one alone beats it) is measured the other way round: one creature of it against
reference forces of several sizes, priced at the size it beats half the time.

Every size is played on the same fields (the maps of seeds 1..G), so sizes differ only in the
armies (common random numbers: less noise between sizes for the same games). The kind's army
takes blue's zone in even games and red's in odd ones, so neither zone's ground counts for or
against it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.rules.creature import Kind
from game.generate.spec import FieldSpec
from game.play.field_games import FieldGame, play_field_games
from game.pricing.fit import Count, even_point
from game.pricing.ladder import M_MAX, climb
from game.pricing.price import BUDGET, REFERENCE_POINTS, Duel, Price

FIELD = (28, 18)
REFERENCE_FORCE = round(BUDGET / REFERENCE_POINTS)

Play = Callable[[int, int], Duel]


def prior(kind: Kind) -> float:
    """A first guess at a kind's points, only to choose where the ladder starts: ten a hit die,
    more for a big creature's footprint."""
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
    catalogue: str | None = None,
) -> Price:
    """The kind's price; `catalogue` is the text of a map's own catalogue the kind comes from."""

    def play(n: int, m: int) -> Duel:
        score = 0.0
        field_games = duel_games(kind.key, n, reference.key, m, games=games, level=level, catalogue=catalogue)
        for g, result in enumerate(play_field_games(field_games, workers=workers, on_done=on_game, dask=dask)):
            side = "blue" if g % 2 == 0 else "red"
            score += 1.0 if result["winner"] == side else 0.5 if result["winner"] is None else 0.0
        return Duel(n, m, games, score)

    played = _kind_ladder(kind, play)
    one = next((d for d in played if d.kind == 1), None)
    if one is None or one.score <= one.games / 2:
        return priced(kind.key, played)
    # one of the kind beats the budget's force: the reference force grows instead
    played += _reference_ladder(kind, play, played)
    return priced(kind.key, played)


def priced(key: str, played: list[Duel]) -> Price:
    """The price the duels give: from the reference force held at the budget while the kind's
    army changed, if there are such duels and one creature of the kind did not beat it; else
    from one creature against forces of several sizes."""
    at_budget = [d for d in played if d.reference == REFERENCE_FORCE]
    one = next((d for d in at_budget if d.kind == 1), None)
    if at_budget and (one is None or one.score <= one.games / 2):
        # the reference force's chance falls as the kind's army grows: its even point in n
        fit = even_point([Count(d.kind, d.games, d.games - d.score) for d in at_budget], c_max=M_MAX + 1)
        low = BUDGET / fit.high if fit.high > 0 else BUDGET
        high = BUDGET / fit.low if fit.low > 0 else BUDGET * 2
        return Price(key, BUDGET / max(fit.c, 1.0 / 20), low, high, tuple(played))
    single = [d for d in played if d.kind == 1]
    fit = even_point([Count(d.reference, d.games, d.score) for d in single], c_max=M_MAX + 1)
    p = REFERENCE_POINTS
    return Price(key, fit.c * p, fit.low * p, fit.high * p, tuple(played))


def _kind_ladder(kind: Kind, play: Play) -> list[Duel]:
    start = max(1, round(BUDGET / prior(kind)))

    def at(n: int) -> Count:
        d = play(n, REFERENCE_FORCE)
        duels.append(d)
        return Count(n, d.games, d.games - d.score)

    duels: list[Duel] = []
    climb(start, at, top=_room_for(kind))
    return sorted(duels, key=lambda d: d.kind)


def _reference_ladder(kind: Kind, play: Play, played: list[Duel]) -> list[Duel]:
    known = {d.reference: d for d in played if d.kind == 1}

    def at(m: int) -> Count:
        d = known.get(m) or play(1, m)
        if m not in known:
            duels.append(d)
        return Count(m, d.games, d.score)

    duels: list[Duel] = []
    climb(max(REFERENCE_FORCE + 1, round(prior(kind) / REFERENCE_POINTS)), at)
    return sorted(duels, key=lambda d: d.reference)


def _room_for(kind: Kind) -> int:
    """The most creatures of the kind a zone of the pricing field holds."""
    return max(1, M_MAX // (kind.squares * kind.squares))


def duel_games(
    kind: str,
    n: int,
    reference: str,
    m: int,
    *,
    games: int,
    level: str,
    catalogue: str | None = None,
    first: int = 1,
) -> list[FieldGame]:
    """n of the kind against m of the reference on the fields of seeds first..first+games-1, the
    kind in blue's zone in even games and red's in odd ones."""
    w, h = FIELD
    out = []
    for g in range(games):
        side, other = ("blue", "red") if g % 2 == 0 else ("red", "blue")
        armies = {side: (kind,) * n, other: (reference,) * m}
        spec = FieldSpec(seed=first + g, width=w, height=h, terrain="mixed")
        out.append(FieldGame(spec, first + g, {"blue": level, "red": level}, armies, catalogue=catalogue))
    return out
