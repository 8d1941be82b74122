"""What a kind of creature is: the catalogue's values as frozen types."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from game.core.rules.dice import Dice
from game.core.rules.geometry import SIZE_ORDER, SIZE_SQUARES, Size


class CreatureClass(StrEnum):
    """The PHB class groups, which set THAC0, saves and fatigue; monsters go by Hit Dice."""

    WARRIOR = "warrior"
    PRIEST = "priest"
    ROGUE = "rogue"
    WIZARD = "wizard"
    MONSTER = "monster"


class Flag(StrEnum):
    """The flags a catalogue entry may carry."""

    LEADER = "leader"  # a kind that leads (the orc leader); Unit.leader, from the map, is what morale reads
    # Older names, kept so maps that use them still load: magic_weapon counts its weapons as +1 and
    # hit_only_by_magic as hit_only_by = 1 (docs/rules.md#weapons-a-creature-cannot-hurt).
    MAGIC_WEAPON = "magic_weapon"
    HIT_ONLY_BY_MAGIC = "hit_only_by_magic"
    MINDLESS = "mindless"  # cannot choose to surrender (docs/rules.md#withdrawal-flight-and-surrender)
    HUMANOID = "humanoid"  # a monster hold person can take in (docs/rules.md#magic)


ENCUMBRANCE = ("none", "light", "moderate", "heavy", "severe")


@dataclass(frozen=True, slots=True)
class Poison:
    """A poisonous attack's continuing damage: `dice` in each of `rounds` status steps after a failed save."""

    dice: str
    rounds: int


@dataclass(frozen=True, slots=True)
class Weapon:
    key: str
    name: str
    kind: str  # melee or missile
    damage: Dice
    reach_ft: int = 0
    knockdown: int = 0  # die size, 0 for none
    range: tuple[int, int, int] = (0, 0, 0)
    rate: int = 1
    magic: int = 0  # the +N of a magic weapon: to hit, to damage, and what it can hurt
    poison: Poison | None = None
    settable: bool = False  # can be set to receive a charge: spear, halberd, pike, lance, trident
    # A weapon attacks within max(1, ceil(reach/5)) squares, set from reach_ft
    # (docs/rules.md#reach-and-threatened-squares).
    reach_squares: int = field(default=1, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reach_squares", max(1, math.ceil(self.reach_ft / 5)))


@dataclass(frozen=True, slots=True)
class Kind:
    key: str
    name: str
    size: Size
    cls: CreatureClass
    level: int
    hd: float
    hd_bonus: int
    hp: int
    dex: int
    con: int
    ac: int
    shield: int
    dex_ac: int
    mv: int
    weapons: tuple[Weapon, ...]
    hit_bonus: int = 0
    damage_bonus: int = 0
    encumbrance: str = "none"
    morale: int = 12
    morale_ose: int = 8
    led_morale: int = 0  # the ose rating while a steady leader of its side stands (0: no such rating)
    alignment: str = "N"
    intelligence: int = 10
    flags: tuple[Flag, ...] = field(default_factory=tuple)
    troop: str = ""
    troop_mods: tuple[str, ...] = field(default_factory=tuple)
    hit_only_by: int = 0  # the plus a weapon needs to hurt it (0: any weapon)
    spells: tuple[str, ...] = field(default_factory=tuple)  # memorised for each battle (docs/rules.md#magic)
    squares: int = 0  # footprint side in squares, set from size
    # The first melee and missile weapons, found once: the engine and the AI ask for them
    # hundreds of thousands of times in a big battle.
    melee: Weapon | None = field(default=None, init=False, repr=False, compare=False)
    missile: Weapon | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A Kind built from plain strings (a test's `replace`) gets its members all the same.
        object.__setattr__(self, "size", Size(self.size))
        object.__setattr__(self, "cls", CreatureClass(self.cls))
        object.__setattr__(self, "flags", tuple(Flag(f) for f in self.flags))
        object.__setattr__(self, "squares", SIZE_SQUARES[self.size])
        object.__setattr__(self, "melee", next((w for w in self.weapons if w.kind == "melee"), None))
        object.__setattr__(self, "missile", next((w for w in self.weapons if w.kind == "missile"), None))

    @property
    def size_rank(self) -> int:
        return SIZE_ORDER.index(self.size)

    @property
    def effective_hd(self) -> int:
        """Hit Dice for THAC0: +3 or more bonus hp counts one more HD (docs/rules.md#thac0)."""
        if self.cls != CreatureClass.MONSTER:
            return self.level
        if self.hd_bonus < 0:  # 1-1 HD fights as less than 1 HD (Monstrous Manual)
            return int(self.hd) - 1
        return int(self.hd) + (1 if self.hd_bonus >= 3 else 0)

    @property
    def power(self) -> float:
        """Level or Hit Dice as one number, for immunity to retreats and morale."""
        return float(self.level) if self.cls != CreatureClass.MONSTER else self.hd

    @property
    def humanoid(self) -> bool:
        return Flag.HUMANOID in self.flags

    @property
    def intelligent(self) -> bool:
        """Able to choose to surrender; mindless and animal creatures cannot."""
        return self.intelligence >= 5 and Flag.MINDLESS not in self.flags

    @property
    def needs_plus(self) -> int:
        """The magic plus a weapon needs to hurt this creature (docs/rules.md#weapons-a-creature-cannot-hurt)."""
        return max(self.hit_only_by, 1 if Flag.HIT_ONLY_BY_MAGIC in self.flags else 0)

    def plus(self, weapon: Weapon) -> int:
        """The magic plus of this creature's weapon (the old `magic_weapon` flag makes it at least +1)."""
        return max(weapon.magic, 1 if Flag.MAGIC_WEAPON in self.flags else 0)

    def can_hurt(self, weapon: Weapon, target: Kind) -> bool:
        """'hit only by magic weapons (a weapon `magic` bonus >= the needed plus)'."""
        return self.plus(weapon) >= target.needs_plus
