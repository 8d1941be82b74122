"""Experience and levels: a member's experience raised, the levels it earns (each with its hit
points rolled), and the creature it is in battle at its level (THAC0, saves and spells follow from
the level by the class tables docs/rules.md already uses)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.campaign.company import Member
from game.campaign.tables import HIT_DIE, level_for, spell_row
from game.core.rules.creature import CreatureClass, Kind
from game.core.rules.dice import Rng
from game.core.rules.tables import con_hp_adjustment
from game.core.systems.spells import SPELLS


def level_hp(kind: Kind, level: int, rng: Rng) -> int:
    """Hit points gained on reaching `level`: 'roll the Hit Die of the class ... add the
    Constitution adjustment ... a character gains at least 1 hit point a level' (PHB, Hit Points);
    past the class's last die, its fixed points and no Constitution bonus (PHB Tables 14-25)."""
    die, last, fixed = HIT_DIE[kind.cls]
    if level > last:
        return fixed
    return max(1, rng.die(die) + con_hp_adjustment(kind.con, kind.cls == CreatureClass.WARRIOR))


def gain(member: Member, xp: int, kind: Kind, rng: Rng) -> Member:
    """The member with `xp` more experience and every level it now earns, each level's hit points
    added to its full and its present hit points alike (the new Hit Die is whole)."""
    total = member.xp + max(0, xp)
    level = level_for(kind.cls, total, member.level)
    added = sum(level_hp(kind, lv, rng) for lv in range(member.level + 1, level + 1))
    return replace(member, xp=total, level=level, hp=member.hp + added, hp_max=member.hp_max + added)


def memorised(kind: Kind, level: int, book: Mapping[str, tuple[CreatureClass, int]]) -> tuple[str, ...]:
    """The spells a caster of its kind memorises at `level` (PHB Tables 21 and 24). Decision: each
    slot takes the kind's own spells of that spell level in the catalogue's order, over again as
    slots remain; where the kind has none of that level, the book's spells of its class and level
    in the book's order; a spell level the book has no spell for stays empty."""
    row = spell_row(kind.cls, level)
    out: list[str] = []
    for spell_level, slots in enumerate(row, start=1):
        own = [k for k in kind.spells if book.get(k) == (kind.cls, spell_level)]
        known = own or [k for k, (cls, lv) in book.items() if cls == kind.cls and lv == spell_level]
        out += [known[i % len(known)] for i in range(slots)] if known else []
    return tuple(out)


def in_battle(member: Member, kind: Kind, book: Mapping[str, tuple[CreatureClass, int]]) -> Kind:
    """The creature the member is in battle: its kind at the member's level (THAC0, saves and
    fatigue follow from the level, docs/rules.md#thac0), with the member's full hit points and, for
    a caster above its kind's level, the spells of its level. A class creature's Hit Dice are its
    level, as the catalogue has them."""
    if member.level == kind.level:
        return replace(kind, hp=member.hp_max)
    spells = memorised(kind, member.level, book) if kind.spells else kind.spells
    return replace(kind, level=member.level, hd=float(member.level), hp=member.hp_max, spells=spells)


def spell_book() -> dict[str, tuple[CreatureClass, int]]:
    """Every spell the game knows, as its class and level."""
    return {key: (s.cls, s.level) for key, s in SPELLS.items()}
