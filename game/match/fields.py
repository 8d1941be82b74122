"""The fields a match is played on: for each pair, a generated field of any size, terrain, side
count and budget, or a shipped skirmish, drawn from the pair's seed alone (the same pair is the
same field on any machine, for any number of workers)."""

from __future__ import annotations

import random
from functools import cache

from game.generate.spec import TERRAINS, FieldSpec
from game.home.bundled import MAPS
from game.scenario.tiled import load_scenario

SIZES = ((16, 12), (24, 16), (32, 20), (40, 28), (48, 36), (64, 64))  # the quick battle's sizes
BUDGETS = (0, 100, 150, 200, 300)  # 0: the generator's own equal armies; else each side buys its own
THREE_SIDES = 0.25  # the share of generated fields with three sides
SHIPPED = ("skirmish.tmx", "battle.tmx", "duel.tmx", "meeting.tmx", "melee3.tmx", "starter.tmx")
SHIPPED_SHARE = 0.2  # of the pairs in a pool of both kinds

Field = FieldSpec | str  # a generated field's spec, or a shipped map's name


def field_for(pair_seed: int, pool: str) -> Field:
    """The field of the pair with this seed, from the pool named."""
    rng = random.Random(f"rout-match:{pair_seed}")  # a str seeds through SHA-512: the same everywhere
    shipped = pool == "shipped" or (pool == "all" and rng.random() < SHIPPED_SHARE)
    if shipped:
        return rng.choice(SHIPPED)
    w, h = rng.choice(SIZES)
    sides = 3 if rng.random() < THREE_SIDES else 2
    return FieldSpec(rng.randrange(1, 1_000_000), w, h, sides, rng.choice(TERRAINS), rng.choice(BUDGETS))


def sides_of(field: Field) -> tuple[str, ...]:
    return field.side_names if isinstance(field, FieldSpec) else _shipped_sides(field)


@cache
def _shipped_sides(name: str) -> tuple[str, ...]:
    return tuple(load_scenario(MAPS / name).sides)


def described(field: Field) -> str:
    """The field in a few words, for a report's line."""
    if isinstance(field, str):
        return field
    budget = f", {field.points} points" if field.points else ""
    return f"generated {field.width}x{field.height} {field.terrain}, {field.sides} sides{budget} (seed {field.seed})"
