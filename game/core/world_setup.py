"""The world a scenario sets up when its battle starts: each creature placed, fresh or as the
map starts it (hurt, tired, shaken)."""

from __future__ import annotations

from game.core.options import Options
from game.core.rules.fatigue import FATIGUED, fatigue_points
from game.core.rules.morale import ose_rating
from game.core.world import Morale, Unit, World
from game.scenario.model import Scenario


def make_world(scenario: Scenario, options: Options) -> World:
    """Each of the scenario's creatures as the battle starts: its hit points, fatigue, morale."""
    units = {}
    for p in scenario.units:
        pts = fatigue_points(p.kind)
        hp = p.hp if p.hp is not None else p.kind.hp
        units[p.id] = Unit(
            id=p.id,
            side=p.side,
            kind=p.kind,
            pos=p.pos,
            facing=p.facing,
            hp=hp - p.wounds,
            hp_max=hp,  # a map's `hp` is the creature's own full hit points (docs/rules.md#damage-and-death)
            fatigue_max=pts,
            fatigue_points=pts,
            # 'they automatically begin the combat in a fatigued state rather than fresh' (seed 000)
            fatigue_state=max(FATIGUED if p.force_marched else 0, p.fatigue),
            morale=Morale(p.morale),
            prone=p.prone,
            force_marched=p.force_marched,
            hero=p.hero,
            leader=p.leader,
            retainer=p.retainer,
            # 'A score of 2: Means the monster will not fight' (seed 001).
            fights=options.morale_system != "ose" or ose_rating(p.kind) > 2,
            spells=p.kind.spells,
        )
    return World(units)
