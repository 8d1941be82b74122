"""Games on generated fields, wherever they are played: here over a pool of processes, or on a
Dask cluster (game/play/cluster.py) whose workers make each field again from its spec.

A field game is everything a game on a generated field depends on: the field's spec, the armies
(or the prices they are bought at), the game's seed and the AI levels. It is small and plain, so
it travels to another machine as it is, and the same game gives the same result anywhere.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from game.generate.make import Field, generate
from game.generate.spec import FieldSpec
from game.home.bundled import MAPS
from game.play.game_result import GameResult
from game.play.runner import play_each
from game.scenario.catalogue import for_map, load


@dataclass(frozen=True)
class FieldGame:
    spec: FieldSpec
    seed: int
    levels: Mapping[str, str]
    armies: Mapping[str, tuple[str, ...]] | None = None  # each side's kinds, by key
    prices: Mapping[str, float] | None = None  # with spec.points: the kinds' points
    each_buys: bool = False  # with spec.points: each side buys its own army
    catalogue: str | None = None  # the text of a map's own catalogue file its kinds come from

    def field(self, catalogue_path: Path | None = None) -> Field:
        """The field; its kinds from the shipped catalogue, or the game's own catalogue once
        written at `catalogue_path`."""
        kinds = load() if catalogue_path is None else for_map(catalogue_path)
        armies = None if self.armies is None else {s: [kinds[k] for k in ks] for s, ks in self.armies.items()}
        return generate(self.spec, kinds, armies, prices=self.prices, each_buys=self.each_buys)

    def map_key(self) -> tuple[object, ...]:
        """Games with the same key are played on the same map."""
        armies = None if self.armies is None else tuple(sorted(self.armies.items()))
        prices = None if self.prices is None else tuple(sorted(self.prices.items()))
        return (self.spec, armies, prices, self.each_buys, self.catalogue)

    def write(self, folder: Path, name: str) -> Path:
        """The game's map written into `folder` as NAME.tmx, with its own catalogue beside it as
        NAME.catalogue.toml when it has one."""
        own = None
        if self.catalogue is not None:
            own = folder / f"{name}.catalogue.toml"
            own.write_text(self.catalogue, encoding="utf-8")
        path = folder / f"{name}.tmx"
        path.write_text(self.field(own).text(tileset(), None if own is None else own.name), encoding="utf-8")
        return path


def tileset() -> str:
    return (MAPS / "terrain.tsx").resolve().as_posix()  # maps in a temporary folder name it whole


def play_field_game(game: FieldGame) -> GameResult:
    """One game, its map made in a folder of its own: what a cluster's worker runs."""
    with tempfile.TemporaryDirectory(prefix="rout-field-") as folder:
        path = game.write(Path(folder), "field")
        (result,) = play_each([(str(path), game.seed, dict(game.levels))])
        return result


def play_field_games(
    games: Iterable[FieldGame],
    *,
    workers: int = 1,
    on_done: Callable[[int], None] | None = None,
    dask: str | None = None,
) -> Iterator[GameResult]:
    """Each game's result, in the order given, however many play at once and wherever."""
    if dask is not None:
        from game.play.cluster import play_on_cluster  # noqa: PLC0415  # an optional extra

        yield from play_on_cluster(dask, play_field_game, games, on_done)
        return
    with tempfile.TemporaryDirectory(prefix="rout-fields-") as folder:
        paths: dict[tuple[object, ...], str] = {}

        def jobs() -> Iterator[tuple[str, int, dict[str, str]]]:
            for game in games:
                key = game.map_key()
                if key not in paths:  # a map is written once, just before its first game
                    paths[key] = str(game.write(Path(folder), f"field_{len(paths)}"))
                yield paths[key], game.seed, dict(game.levels)

        yield from play_each(jobs(), workers=workers, on_done=on_done)
