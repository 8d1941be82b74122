"""What a battle did to the company, read back from its final state and its event log: who died,
fled or surrendered, who killed what, the spells cast, and the experience each member earns
(docs/rules.md#campaigns)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.campaign.advance import gain
from game.campaign.company import Company, Member, Standing
from game.campaign.deployment import COMPANY
from game.campaign.tables import SPELL_XP_PER_LEVEL, WARRIOR_XP_PER_HD, xp_value
from game.core import events as ev
from game.core.rules.creature import CreatureClass, Kind
from game.core.rules.dice import Rng
from game.core.world import DEAD, FLED, SURRENDERED, Unit, World


@dataclass(frozen=True)
class Outcome:
    """A battle as the company keeps it: whether it won, and each fielded member's deeds."""

    won: bool
    kills: Mapping[str, tuple[str, ...]]  # unit id: the kind keys of the foes it killed
    spell_levels: Mapping[str, int]  # unit id: the levels of the spells it cast, added up
    defeated: tuple[Kind, ...]  # the foes dead, fled or surrendered at the end


def read_outcome(world: World, events: list[ev.Event], winner: str | None) -> Outcome:
    """The outcome of a finished battle from its last world and its log."""
    kills: dict[str, list[str]] = {}
    spells: dict[str, int] = {}
    for e in events:
        if isinstance(e, ev.Death) and e.by is not None and e.by in world.units:
            if world[e.by].side == COMPANY and world[e.id].side != COMPANY:
                kills.setdefault(e.by, []).append(world[e.id].kind.key)
        elif isinstance(e, ev.Cast) and not e.lost:
            spells[e.id] = spells.get(e.id, 0) + e.slot_level
    defeated = tuple(u.kind for u in world.units.values() if u.side != COMPANY and _out(u))
    return Outcome(winner == COMPANY, {k: tuple(v) for k, v in kills.items()}, spells, defeated)


def _out(u: Unit) -> bool:
    """Out of the fight at the end: 'dead, fled off the map, surrendered or unconscious'."""
    return u.life in (DEAD, FLED, SURRENDERED) or u.hp <= 0


def fate(member: Member, unit: Unit, won: bool) -> Member:
    """The member after the battle: dead, held, or back with the company with the hit points it
    ended on. Decision: on a victory the company frees its own who surrendered and carries off its
    unconscious (at 1 hp); after a defeat or a draw the enemy holds them until they are ransomed."""
    rec = member.record
    rec = replace(rec, battles=rec.battles + 1)
    if unit.life == DEAD:
        return replace(member, hp=0, standing=Standing.DEAD, record=rec)
    if unit.life == FLED:
        rec = replace(rec, fled=rec.fled + 1)
    if unit.life == SURRENDERED:
        rec = replace(rec, surrendered=rec.surrendered + 1)
    held = not won and (unit.life == SURRENDERED or unit.hp <= 0)
    standing = Standing.CAPTIVE if held else Standing.READY
    return replace(member, hp=max(1, unit.hp), standing=standing, record=rec)


def earned(member: Member, kind: Kind, outcome: Outcome, share: int, story: int, uid: str) -> int:
    """The experience a surviving member earns: its share of the foes defeated (DMG Table 31,
    'divided equally among the characters who took part'), its class's award (PHB Table 34),
    and on a victory the battle's story award."""
    xp = share + (story if outcome.won else 0)
    if kind.cls == CreatureClass.WARRIOR:
        xp += round(WARRIOR_XP_PER_HD * sum(max(foe.power, 0.5) for foe in outcome.defeated))
    xp += SPELL_XP_PER_LEVEL.get(kind.cls, 0) * outcome.spell_levels.get(uid, 0)
    return xp


def after_battle(
    company: Company,
    fielded: Mapping[str, str],
    world: World,
    outcome: Outcome,
    *,
    kinds: Mapping[str, Kind],
    story: int,
    rng: Rng,
) -> Company:
    """The company after the battle: each fielded member's fate, record and experience (levels
    gained rolled with `rng`); `fielded` maps each unit id to its member's key."""
    after = {key: fate(company.member(key), world[uid], outcome.won) for uid, key in fielded.items()}
    alive = [key for key, m in after.items() if m.standing != Standing.DEAD]
    share = sum(xp_value(k) for k in outcome.defeated) // max(1, len(alive))
    for uid, key in fielded.items():
        m = after[key]
        m = replace(m, record=replace(m.record, kills=m.record.kills + outcome.kills.get(uid, ())))
        if key in alive:
            kind = kinds[m.kind]
            m = gain(m, earned(m, kind, outcome, share, story, uid), kind, rng)
        company = company.with_member(m)
    return company
