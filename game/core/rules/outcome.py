"""One attack's outcome before its dice are rolled: the chance it hits, what a hit deals, the chance
a hit knocks the target down, and whether it earns a forced retreat.

The one model of an attack: the resolution (game/core/systems/attack.py) rolls its dice from it, the
previews (game/core/query.py, game/core/query_swings.py) and the AI's scores read its odds, and the
end-of-round retreats (game/core/systems/retreat.py, game/core/round_review.py) judge a pair with
`earns_retreat`. Nothing else spells out a damage or a retreat formula."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from game.core.rules import charge
from game.core.rules.attack import hit_chance
from game.core.rules.creature import Kind, Weapon
from game.core.rules.dice import Dice, Modifier
from game.core.rules.knockdown import knockdown_odds, knockdown_roll

Pair = tuple[str, str]  # (attacker id, foe id)


class Hit(NamedTuple):
    """What one hit deals: its dice plus the wielder's bonus and the weapon's magic, at least 1,
    or nothing at all when the weapon cannot hurt the target. (Named tuples, this and Outcome:
    the engine builds one for every blow it rolls, and they cost half a frozen dataclass to build.)"""

    dice: Dice  # a set weapon's on a charger doubled
    strength: int  # the wielder's damage bonus, in melee only
    magic: int  # the weapon's +N
    hurts: bool = True

    @property
    def extra(self) -> int:
        """What a hit adds to its dice."""
        return self.strength + self.magic

    def damage_of(self, total: int) -> int:
        """What a hit does whose dice and bonuses come to `total`: 'at least 1'
        (docs/rules.md#damage-and-death), nothing when it cannot hurt
        (docs/rules.md#weapons-a-creature-cannot-hurt)."""
        return max(1, total) if self.hurts else 0

    def distribution(self) -> dict[int, float]:
        """The damage a hit deals, as {amount: probability}."""
        return dict(_distribution(self.dice, self.extra, self.hurts))

    @property
    def range(self) -> tuple[int, int]:
        """The least and the most a hit deals."""
        d, extra = self.dice, self.extra
        return self.damage_of(d.count + d.bonus + extra), self.damage_of(d.count * d.sides + d.bonus + extra)

    @property
    def mean(self) -> float:
        """The damage a hit deals on average."""
        d = self.dice
        if not self.hurts:
            return 0.0
        if d.count + d.bonus + self.extra >= 1:  # no roll falls below 1: the closed form, exact in floats
            return d.count * (d.sides + 1) / 2 + d.bonus + self.extra
        return sum(amount * p for amount, p in _distribution(d, self.extra, True).items())


def hit(wielder: Kind, weapon: Weapon, kind: str, purpose: str = "attack", target: Kind | None = None) -> Hit:
    """What a hit of `wielder` with `weapon` deals to `target` (any foe it can hurt, without one)."""
    # A set weapon's hit on a charger: 'dice doubled, bonuses not' (docs/rules.md#charge).
    dice = charge.doubled(weapon.damage) if purpose == "set_vs_charge" else weapon.damage
    return Hit(
        dice,
        wielder.damage_bonus if kind == "melee" else 0,  # 'plus the catalogue's damage_bonus in melee'
        weapon.magic,  # 'A magic weapon adds its plus to the attack roll ... and to its damage'
        # 'hit only by magic weapons': a hit by a lesser weapon does nothing (docs/rules.md#weapons-a-creature-cannot-hurt).
        target is None or wielder.can_hurt(weapon, target),
    )


class Outcome(NamedTuple):
    """What one attack roll may do; a missile option of `rate` shots stands for `rate` of them."""

    mod: int  # the sum of the roll's modifiers
    needed: int  # THAC0 - AC
    hit: Hit
    knockdown: tuple[int, int] | None  # (die, number to reach) a hit rolls; None: no knockdown roll
    melee: bool
    target: Kind

    @property
    def chance(self) -> float:
        """The roll hits: d20 + modifiers reach THAC0 - AC; a natural 20 hits, a 1 misses."""
        return _hit_chance(self.mod, self.needed)

    @property
    def knockdown_chance(self) -> float:
        """The chance a hit knocks the target prone: the die reaches its number, the save fails."""
        return 0.0 if self.knockdown is None else knockdown_odds(*self.knockdown, self.target)

    @property
    def expected_damage(self) -> float:
        """The damage the roll deals on average, misses included."""
        return self.chance * self.hit.mean

    @property
    def claims_retreat(self) -> bool:
        """Whether a hit earns a forced retreat unless the foe hits back: every melee hit that
        hurts does melee damage (docs/rules.md#forced-retreats)."""
        return self.melee and self.hit.hurts

    def inflicts_melee_damage(self, damage: int) -> bool:
        """Whether this blow, having dealt `damage`, 'inflicts melee damage'."""
        return inflicts_melee_damage("melee" if self.melee else "missile", damage)


def outcome(
    wielder: Kind,
    weapon: Weapon,
    target: Kind,
    kind: str,
    mods: Sequence[Modifier],
    needed: int,
    *,
    purpose: str = "attack",
    knockdown_dice: bool = True,
) -> Outcome:
    """The outcome of one attack roll of `wielder` with `weapon` at `target`, rolled with `mods`
    against `needed` (game.core.systems.attack.modifiers gives both as the board stands)."""
    blow = hit(wielder, weapon, kind, purpose, target)
    melee = kind == "melee"
    # C&T knockdown dice, melee only: 'if it reaches the target's number ... saves ... or falls prone'.
    rolls_knockdown = blow.hurts and melee and knockdown_dice and bool(weapon.knockdown)
    return Outcome(
        sum(m.value for m in mods),
        needed,
        blow,
        knockdown_roll(weapon, wielder, target) if rolls_knockdown else None,
        melee,
        target,
    )


def inflicts_melee_damage(kind: str, damage: int) -> bool:
    """Whether a blow of `kind` that dealt `damage` 'inflicts melee damage' and so may force a
    retreat: a melee blow that hurt; a hit that cannot hurt does not (docs/rules.md#forced-retreats)."""
    return kind == "melee" and damage > 0


def earns_retreat(dealt_melee_damage: bool, hit_back: bool) -> bool:
    """'When one character inflicts melee damage ... on an enemy without being hit in return, she
    may force her foe to retreat' (seed 000, docs/rules.md#forced-retreats)."""
    return dealt_melee_damage and not hit_back


def retreat_claims(melee_damage: Iterable[Pair], hits: Iterable[Pair]) -> list[Pair]:
    """The (attacker, foe) pairs of a round that earned a retreat, from who did melee damage to
    whom and who hit whom (by any attack), in the order `melee_damage` gives them."""
    hit_pairs = set(hits)
    return [(a, b) for a, b in melee_damage if earns_retreat(True, (b, a) in hit_pairs)]


def hit_chance_of(mods: Sequence[Modifier], needed: int) -> float:
    """The chance an attack roll with `mods` against `needed` hits: the outcome's `chance`, alone,
    for a search that weighs many squares before it builds the outcome of the best."""
    return _hit_chance(sum(m.value for m in mods), needed)


@lru_cache(maxsize=1024)
def _hit_chance(mod: int, needed: int) -> float:
    return hit_chance(mod, needed)


@lru_cache(maxsize=256)
def _distribution(dice: Dice, extra: int, hurts: bool) -> dict[int, float]:
    if not hurts:
        return {0: 1.0}
    ways = {0: 1}
    for _ in range(dice.count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, dice.sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    every = dice.sides**dice.count
    out: dict[int, float] = {}
    for total, n in ways.items():
        amount = max(1, total + dice.bonus + extra)
        out[amount] = out.get(amount, 0.0) + n / every
    return out
