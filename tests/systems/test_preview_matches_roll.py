"""The preview tells the truth: for every catalogue weapon, in melee or at range, the expected
damage an attack option shows (game/core/query.py, from game/core/rules/outcome.py) is the mean of the
damage the resolution (game/core/systems/attack.py) rolls for it over many seeded attacks: dice,
Str bonus, the weapon's magic ('A magic weapon adds its plus ... to its damage') and the
target's immunities ('A hit by any other weapon does no damage'; docs/rules.md#damage-and-death,
#weapons-a-creature-cannot-hurt)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core import events as ev
from game.core import query
from game.core.battle import Battle
from game.core.rules.creature import Weapon
from game.core.rules.geometry import FACINGS
from game.core.systems import attack
from game.scenario import catalogue
from game.scenario.model import Placement
from tests.helpers import board

WEAPONS = catalogue.weapons()
KINDS = catalogue.load()
ROLLS = 1000  # attacks (volleys at range) per example
Z = 4.5  # a mean this many standard errors off is no bad luck: about once in 150,000 draws


def armed(uid: str, side: str, key: str, weapon: Weapon | None, pos, facing: int) -> Placement:
    k = KINDS[key]
    return Placement(uid, side, k if weapon is None else replace(k, weapons=(weapon,)), pos, facing)


def resolved_damage(b: Battle, kind: str, rate: int) -> list[int]:
    """What each of ROLLS attacks (a volley of `rate` shots at range) dealt, applied to no one:
    deferred, so the target stands as it stood for every one of them."""
    out = []
    for _ in range(ROLLS):
        dealt = 0
        for _ in range(rate):
            start = len(b.ctx.events)
            attack.resolve(b.ctx, "a", "t", kind, "attack", defer=True)
            dealt += sum(e.damage for e in b.ctx.events[start:] if isinstance(e, ev.Attack))
        b.ctx.deferred.clear()
        out.append(dealt)
    return out


@pytest.mark.parametrize("key", sorted(WEAPONS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    wielder=st.sampled_from(sorted(k for k, v in KINDS.items() if v.squares == 1)),
    target=st.sampled_from(sorted(KINDS)),
    facing=st.integers(0, len(FACINGS) - 1),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_preview_s_expected_damage_is_the_mean_of_the_rolls(key: str, wielder: str, target: str, facing, seed):
    weapon = WEAPONS[key]
    gap = 1 if weapon.kind == "melee" else 3
    a = armed("a", "blue", wielder, weapon, (2, 6), FACINGS.index("E"))
    t = armed("t", "red", target, None, (2 + gap, 6), facing)
    b = Battle(board([a, t], width=14, height=14), seed=seed)
    here = [o for o in query.attack_options(b, "a", weapon.kind) if o.target == "t" and len(o.path) == 1]
    assume(here)
    option = here[0]
    rate = weapon.rate if weapon.kind == "missile" else 1
    dealt = resolved_damage(b, weapon.kind, rate)
    mean = sum(dealt) / ROLLS
    # The error the mean of ROLLS attacks may show: their spread (0 for a weapon that cannot hurt).
    spread = math.sqrt(sum((d - mean) ** 2 for d in dealt) / (ROLLS - 1) / ROLLS)
    assert abs(mean - option.expected_damage) <= Z * spread + 1e-9, (key, wielder, target, mean, option)
