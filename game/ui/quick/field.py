"""The field of a quick battle: generated from the setup's choices, the player's army bought on
the army screen, the AI's bought by `buy()`; then, once deployed, written as a Tiled map into
the user's data folder under a name made of its content's digest (docs/formats.md, "Quick
battles' maps"), the file the battle and its saves name."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

from game.core.rules.creature import Kind
from game.generate.forces import Soldier, zones
from game.generate.make import Field, generate
from game.generate.picker import buy
from game.generate.tmx_text import tmx_text
from game.home.user_dirs import made
from game.save.files import write_atomic
from game.save.map_paths import QUICK_PREFIX, quick_maps_folder
from game.save.quick_maps import clear_unneeded, shipped_tileset
from game.ui.common import spoken
from game.ui.quick.choices import QuickChoices

PLAYER = "blue"  # the side the player deploys; the AI plays the others


def room(choices: QuickChoices) -> int:
    """Squares of footprint the player's army may fill: most of its zone, so it can move."""
    r = zones(choices.spec()).deploy[PLAYER]
    return r.w * r.h * 3 // 4


def draft(choices: QuickChoices, army: Sequence[Kind], kinds: Mapping[str, Kind], prices: Mapping[str, float]) -> Field:
    """The field, the player's army placed in its zone as the generator would, the AI's bought
    to the same budget (seeded by the field's seed: the same choices give the same battle)."""
    spec = choices.spec()
    z = zones(spec)
    rng = random.Random(f"rout-quick:{spec.seed}:{choices.points}")
    armies: dict[str, list[Kind]] = {PLAYER: list(army)}
    for side in spec.side_names[1:]:
        r = z.deploy[side]
        armies[side] = buy(choices.points, kinds, prices, rng, r.w * r.h * 3 // 4)
    return generate(spec, kinds, armies)


def footprint(s: Soldier, pos: tuple[int, int] | None = None) -> set[tuple[int, int]]:
    x, y = pos or s.pos
    n = s.kind.squares
    return {(x + dx, y + dy) for dx in range(n) for dy in range(n)}


def placeable(f: Field, soldiers: Sequence[Soldier], i: int, pos: tuple[int, int]) -> str | None:
    """Why soldier i may not stand at pos (its top-left square), or None: within its side's
    zone, on squares a creature may stand on, none taken by another."""
    s = soldiers[i]
    if not f.zones.deploy[s.side].holds(pos[0], pos[1], s.kind.squares):
        return "outside your deployment zone"
    cells = footprint(s, pos)
    if not all(f.land.standable(x, y) for x, y in cells):
        return "no creature can stand there"
    if any(cells & footprint(o) for j, o in enumerate(soldiers) if j != i):
        return "a creature stands there already"
    return None


def map_text(f: Field, soldiers: Sequence[Soldier], folder: Path) -> str:
    """The map as it will be written in `folder`, naming the copy of the shipped tileset kept
    there (never the installed game's folder, which a new install moves)."""
    return tmx_text(f.land, f.zones, list(soldiers), properties(f, soldiers), shipped_tileset(folder))


def properties(f: Field, soldiers: Sequence[Soldier]) -> dict[str, str | int]:
    """The map's title and description (what the menu, the saves and the result show) and the
    rules a generated field is played under."""
    spec = f.spec
    has = ", ".join(f.land.notes) if f.land.notes else "open ground"
    armies = " ".join(
        f"{'You field' if side == PLAYER else side.capitalize() + ' fields'} {army_words(soldiers, side)}."
        for side in spec.side_names
    )
    return {
        "title": f"Quick battle {spec.seed}",
        "description": f"A {spec.terrain} field of {spec.width}x{spec.height} squares: {has}. {armies}",
        "morale_system": "adnd2e",
        "initiative": "individual",
        "victory": "last_side_standing",
        "max_rounds": 30,
    }


def army_words(soldiers: Sequence[Soldier], side: str) -> str:
    """What a side fields, in words: "4 gnolls; 1 orc leader"."""
    counts: dict[str, int] = {}
    kinds: dict[str, Kind] = {}
    for s in soldiers:
        if s.side == side:
            counts[s.kind.key] = counts.get(s.kind.key, 0) + 1
            kinds[s.kind.key] = s.kind
    return spoken.army_words((kinds[k], n) for k, n in counts.items()) or "nothing"


def write_map(f: Field, soldiers: Sequence[Soldier]) -> Path:
    """The deployed field as a map in the data folder, named by its digest: the same battle is
    the same file, and a save naming it finds the map it was played on."""
    folder = made(quick_maps_folder())
    text = map_text(f, soldiers, folder)
    path = folder / f"{QUICK_PREFIX}{hashlib.sha256(text.encode()).hexdigest()[:16]}.tmx"
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        write_atomic(path, text)
    clear_unneeded(keep=path)  # the maps of battles no save holds any more
    return path
