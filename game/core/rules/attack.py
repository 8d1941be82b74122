"""THAC0 attacks and their modifiers (PHB Table 51, C&T), as docs/rules.md#melee-attacks gives them."""

from __future__ import annotations

from game.core.rules.dice import Modifier
from game.core.rules.geometry import FLANK, REAR, Arc


def arc_modifiers(arc: Arc, kind: str) -> list[Modifier]:
    """Flank +1; rear +2 (docs/rules.md#to-hit-modifiers). Applies to melee and missiles alike."""
    if arc == FLANK:
        return [Modifier("flank", 1)]
    if arc == REAR:
        return [Modifier("rear", 2)]
    return []


def prone_modifiers(target_prone: bool, attacker_prone: bool, kind: str) -> list[Modifier]:
    """Defender prone +4 in melee, -2 to missiles; attacker prone -4 in melee."""
    mods: list[Modifier] = []
    if target_prone:
        mods.append(Modifier("target_prone", 4 if kind == "melee" else -2))
    if attacker_prone and kind == "melee":
        mods.append(Modifier("attacker_prone", -4))
    return mods


def range_modifier(distance: int, ranges: tuple[int, int, int]) -> Modifier | None:
    """Missile medium range -2, long -5; None beyond long range."""
    short, medium, long = ranges
    if distance <= short:
        return Modifier("short_range", 0)
    if distance <= medium:
        return Modifier("medium_range", -2)
    if distance <= long:
        return Modifier("long_range", -5)
    return None


def effective_ac(ac: int, shield: int, dex_ac: int, arc: Arc, encumbrance_ac: int) -> int:
    """From the rear 'the defender loses shield and Dex AC'; heavy loads make AC worse."""
    if arc == REAR:
        ac += shield + max(dex_ac, 0)
    return ac + encumbrance_ac


def is_hit(natural: int, total: int, needed: int) -> bool:
    """A natural 20 always hits, a natural 1 always misses; otherwise total >= THAC0 - AC."""
    if natural == 20:
        return True
    if natural == 1:
        return False
    return total >= needed


def hit_chance(mod: int, needed: int) -> float:
    """Probability that d20 + mod hits a target needing `needed`."""
    hits = sum(1 for n in range(1, 21) if is_hit(n, n + mod, needed))
    return hits / 20
