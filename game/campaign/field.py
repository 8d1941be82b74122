"""A campaign battle's scenario: its map (one of the campaign's, or a field generated for it with
an enemy bought to its budget), with the company's fielded members placed in the company's zone."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import cast

from game.campaign.deployment import COMPANY, ENEMY, Fielded, place
from game.campaign.spec import BattleSpec, CampaignSpec
from game.core.rules.creature import Kind
from game.generate.forces import zones
from game.generate.make import generate
from game.generate.picker import buy
from game.generate.spec import FieldSpec, Terrain
from game.play.field_games import tileset
from game.save.files import write_atomic
from game.scenario.catalogue import load
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario


def battle_scenario(
    spec: CampaignSpec,
    battle: BattleSpec,
    fielded: Sequence[Fielded],
    *,
    seed: int,
    budget: float,
    points: Mapping[str, float],
    folder: Path | None = None,
) -> Scenario:
    """The battle as it will be fought: on a generated field, the enemy bought to `budget` points
    (seeded by `seed`: the same seed gives the same field and enemy), its map written in `folder`
    and kept there (the window draws the map's tiles), or in a temporary folder."""
    if battle.map is not None:
        scenario = load_scenario(spec.folder / battle.map)
    else:
        company = [f.kind.key for f in fielded]
        scenario = _generated(battle, company, seed=seed, budget=budget, points=points, folder=folder)
    return place(scenario, fielded)


def _generated(
    battle: BattleSpec,
    company: list[str],
    *,
    seed: int,
    budget: float,
    points: Mapping[str, float],
    folder: Path | None = None,
) -> Scenario:
    """A generated field with the enemy bought in its zone. The company's kinds stand in its zone
    while the field is made and read (a map's zone names a side with creatures), then give way."""
    g = battle.generate
    assert g is not None  # a battle has a map or a generated field (spec._one_field)
    field_spec = FieldSpec(seed=seed % 2**31, width=g.width, height=g.height, terrain=cast(Terrain, g.terrain))
    kinds = load()
    rng = random.Random(f"rout-campaign:{seed}:{budget:.1f}")
    zone = zones(field_spec).deploy[ENEMY]
    enemy: list[Kind] = buy(budget, kinds, points, rng, zone.w * zone.h * 3 // 4)
    if not enemy:  # a budget under every price: the cheapest creature, so there is a battle
        enemy = [kinds[min(points, key=lambda k: (points[k], k))]]
    armies = {COMPANY: [kinds[k] for k in company], ENEMY: enemy}
    made = generate(field_spec, kinds, armies)
    if folder is not None:
        path = folder / "field.tmx"
        write_atomic(path, made.text(tileset()))
        return load_scenario(path)
    with tempfile.TemporaryDirectory(prefix="rout-campaign-") as temporary:
        path = Path(temporary) / "field.tmx"
        path.write_text(made.text(tileset()), encoding="utf-8")
        return load_scenario(path)
