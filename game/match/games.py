"""A match's games: two a pair, on one field with one seed, level A playing the first side in the
first game and the second side in the second, level B the other; a third side, on a field that
has one, plays `baseline` in both. A game counts for A as a win when one of A's sides wins, a loss
when one of B's does, and a draw otherwise (nobody, or the third side)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.generate.make import Unplayable
from game.generate.spec import FieldSpec
from game.home.bundled import MAPS
from game.match.fields import Field, field_for, sides_of
from game.play.field_games import FieldGame, play_field_game
from game.play.game_result import GameResult
from game.play.runner import in_pool, play_each

THIRD = "baseline"  # the level of a third side, the same in both games of a pair


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: everything it depends on, plain, so it travels to a worker as it is."""

    pair: int
    second: bool  # the second game of its pair: the sides swapped
    field: Field
    seed: int
    levels: tuple[tuple[str, str], ...]  # (side, level), every side
    a_sides: tuple[str, ...]
    b_sides: tuple[str, ...]
    against: str | None = None  # B's sides played by the AI of the checkout at this path


@dataclass(frozen=True)
class Played:
    """What a game gave: the winning side (None: nobody), its rounds, A's points (0, 1/2 or 1);
    `unplayable` when the generator made no playable field of the pair's spec."""

    game: MatchGame
    winner: str | None
    rounds: int
    a_points: float
    unplayable: bool = False


def pair_games(
    pair: int, seed: int, pool: str, a: str, b: str, against: str | None = None
) -> tuple[MatchGame, MatchGame]:
    """The two games of a pair: the pair's field and seed, A on the first side and then the second."""
    field = field_for(seed + pair, pool)
    sides = sides_of(field)
    first, second = sides[0], sides[1]
    out = []
    for swapped in (False, True):
        a_side, b_side = (second, first) if swapped else (first, second)
        levels = {s: THIRD for s in sides} | {a_side: a, b_side: b}
        game = MatchGame(pair, swapped, field, seed + pair, tuple(levels.items()), (a_side,), (b_side,), against)
        out.append(game)
    return out[0], out[1]


def play_match_game(g: MatchGame) -> Played:
    """Play one game of a match (in a worker, or on a cluster's)."""
    levels = dict(g.levels)
    try:
        winner, rounds = _play(g, levels) if g.against is None else _play_against(g, levels, g.against)
    except Unplayable:
        return Played(g, None, 0, 0.5, unplayable=True)
    points = 1.0 if winner in g.a_sides else 0.0 if winner in g.b_sides else 0.5
    return Played(g, winner, rounds, points)


def _field_game(field: FieldSpec, seed: int, levels: dict[str, str]) -> FieldGame:
    prices = _prices() if field.points else None
    return FieldGame(field, seed, levels, prices=prices, each_buys=bool(field.points))


def _play(g: MatchGame, levels: dict[str, str]) -> tuple[str | None, int]:
    result: GameResult
    if isinstance(g.field, FieldSpec):
        result = play_field_game(_field_game(g.field, g.seed, levels))
    else:
        (result,) = play_each([(str(MAPS / g.field), g.seed, levels)])
    return result["winner"], result["rounds"]


def _play_against(g: MatchGame, levels: dict[str, str], checkout: str) -> tuple[str | None, int]:
    from game.match.against import play_against  # noqa: PLC0415  # only a match --against starts another AI

    if not isinstance(g.field, FieldSpec):
        battle = play_against(str(MAPS / g.field), g.seed, levels, g.b_sides, checkout)
        return battle.winner, battle.round
    with tempfile.TemporaryDirectory(prefix="rout-match-") as folder:
        path = _field_game(g.field, g.seed, levels).write(Path(folder), "field")
        battle = play_against(str(path), g.seed, levels, g.b_sides, checkout)
    return battle.winner, battle.round


@cache
def _prices() -> dict[str, float]:
    from game.pricing.table import read  # noqa: PLC0415

    table = read()
    if table is None:
        raise RuntimeError("the shipped points file is missing: rout price writes it")
    return {key: p.points for key, p in table.prices.items()}


def played(
    games: Iterator[MatchGame], *, jobs: int = 1, dask: str | None = None, on_done: Callable[[int], None] | None = None
) -> Generator[Played, None, None]:
    """Each game's result in the order given, played here, over `jobs` processes, or on a Dask
    cluster; stopping early (closing the iterator) ends the games under way."""
    if dask is not None:
        from game.play.cluster import play_on_cluster  # noqa: PLC0415  # an optional extra

        yield from play_on_cluster(dask, play_match_game, games, on_done)
        return
    results = in_pool(play_match_game, games, jobs) if jobs > 1 else map(play_match_game, games)
    for done, result in enumerate(results, 1):
        if on_done is not None:
            on_done(done)
        yield result
