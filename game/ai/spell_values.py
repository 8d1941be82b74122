"""What the AI thinks a cast is worth, one entry a spell (`VALUES`, keyed by the spell's key), on an
attack's scale: 0 or less and it is not cast. The spells' records (game/core/systems/spells/) hold
their rules alone; this table is the AI's reading of them (game.ai.spells asks it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.core.rules.attack import effective_ac, hit_chance
from game.core.rules.conditions import Condition
from game.core.rules.geometry import FRONT
from game.core.rules.tables import missile_adjustment, thac0
from game.core.systems import conditions
from game.core.systems.spell_record import SpellOption
from game.core.systems.spells.melfs_acid_arrow import acid_rounds
from game.core.world import Unit, World

CONTACT = 18  # squares: within this of a foe, the fight is about to begin (bless, haste)


class Judge(Protocol):
    """What the AI knows when it weighs a cast (game.ai.spells gives it)."""

    @property
    def unit(self) -> Unit: ...

    @property
    def world(self) -> World: ...

    def worth(self, u: Unit) -> float:
        """How much the creature's fall matters to its side."""
        ...

    def nearest_foe(self) -> int:
        """Squares from the caster to its nearest able foe."""
        ...


SpellValue = Callable[[Judge, SpellOption], float]


def kill_frac(hp: int, low: int, high: int) -> float:
    """The chance damage evenly spread over low..high drops a creature of hp."""
    if hp <= low:
        return 1.0
    if hp > high:
        return 0.0
    return (high - hp + 1) / (high - low + 1)


def taken(judge: Judge, o: SpellOption) -> list[tuple[Unit, float]]:
    """The creatures the cast takes in, each with the chance it fails its save."""
    w = judge.world
    return [(w[t], f) for t, f in zip(o.takes_in, o.fail_chance, strict=True)]


def rally_value(judge: Judge, o: SpellOption, condition: Condition, per: float) -> float:
    """A spell on allies before contact: `per` for each steady fighter it takes in that lacks the
    condition, if at least two and the foe is near; else not worth it."""
    u = judge.unit
    fresh = [
        t
        for t, _ in taken(judge, o)
        if t.side == u.side and t.steady and t.kind.melee is not None and not t.has(condition)
    ]
    if judge.nearest_foe() > CONTACT or len(fresh) < 2:
        return -1.0
    return per * len(fresh)


def hinder_value(judge: Judge, o: SpellOption, per: float) -> float:
    """A spell that hinders whoever fails a save: `per` (and a little for its worth) for each
    steady foe likely caught that can still act (one held is out of the fight already), less more
    than `per` for each friend."""
    u = judge.unit
    tk = taken(judge, o)
    gain = sum(f * (per + 0.4 * judge.worth(t)) for t, f in tk if t.side != u.side and t.steady and _acts(t))
    return gain - sum(f * (per + 1.0) for t, f in tk if t.side == u.side)


def _acts(u: Unit) -> bool:
    return not (u.conditions and conditions.cannot_act(u))


def blast_value(judge: Judge, o: SpellOption) -> float:
    """Damage to all in an area, a save halving it: on foes (a kill counts more), three times its
    cost on friends caught too."""
    u = judge.unit
    mid = (o.low + o.high) / 2
    dealt = [(t, f + (1 - f) * 0.5) for t, f in taken(judge, o)]
    gain = sum(
        mid * p + 2.0 * judge.worth(t) * p * kill_frac(t.hp, o.low, o.high) for t, p in dealt if t.side != u.side
    )
    loss = sum(3.0 * mid * p for t, p in dealt if t.side == u.side)
    return gain - loss


def missile_value(judge: Judge, o: SpellOption) -> float:
    """Sure damage: most at the wounded leader, and at one it would kill (magic missile)."""
    t = judge.world[o.takes_in[0]]
    mid = (o.low + o.high) / 2
    lead = 1.5 if t.leader and t.hp < t.hp_max else 0.0
    w = judge.worth(t)
    return 1.0 + mid * (1 + 0.05 * w) + 2.0 * w * kill_frac(t.hp, o.low, o.high) + lead


def acid_value(judge: Judge, o: SpellOption) -> float:
    """The acid's rounds, and a kill, as likely as the attack roll hits the target's front (Melf's
    acid arrow)."""
    u = judge.unit
    t = judge.world[o.takes_in[0]]
    needed = thac0(u.kind) - effective_ac(t.kind.ac, t.kind.shield, t.kind.dex_ac, FRONT, 0)
    chance = hit_chance(missile_adjustment(u.kind.dex), needed)
    return chance * (5.0 * (1 + acid_rounds(u.kind.level)) + 2.0 * judge.worth(t) * kill_frac(t.hp, 2, 8))


def cure_value(judge: Judge, o: SpellOption) -> float:
    """The hit points it gives back, more to raise the fallen or heal a leader or hero (cure light
    wounds)."""
    t = judge.world[o.takes_in[0]]
    revive = 4.0 if not t.able else 0.0
    return 0.8 * min(4.5, t.hp_max - t.hp) + revive + (1.5 if t.leader or t.hero else 0.0) - 1.0


# Every spell of the book (tests/ai/test_spell_values.py holds the two to each other).
VALUES: dict[str, SpellValue] = {
    "magic_missile": missile_value,
    "burning_hands": blast_value,
    "melfs_acid_arrow": acid_value,
    # Haste doubles each blow of every ally it takes in for 3 + level rounds: worth more than a kill.
    "haste": lambda judge, o: rally_value(judge, o, "hasted", 9.0),
    "slow": lambda judge, o: hinder_value(judge, o, 9.0),  # haste's mirror, on the foes that fail their saves
    "bless": lambda judge, o: rally_value(judge, o, "blessed", 1.2),  # +1 to every blow of the allies about to fight
    "cure_light_wounds": cure_value,
    # A charge stopped or a cluster caught, for the foes that fail their saves.
    "entangle": lambda judge, o: hinder_value(judge, o, 2.0),
    # The strongest humanoids out of the fight, for those that fail their saves.
    "hold_person": lambda judge, o: hinder_value(judge, o, 3.5),
}
