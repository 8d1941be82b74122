"""A creature as the log's battle_start describes it (the event-log contract's unit object)."""

from __future__ import annotations

from game.core import events as ev
from game.core.options import Options
from game.core.rules.creature import CreatureClass
from game.core.rules.fatigue import FATIGUED, STATE_NAMES
from game.core.rules.geometry import FACINGS
from game.core.world import STEADY, Unit


def unit_info(u: Unit, options: Options) -> ev.UnitInfo:
    """The creature as the battle begins: its kind's numbers, and what the map set otherwise."""
    return ev.UnitInfo(
        id=u.id,
        side=u.side,
        kind=u.kind.key,
        pos=u.pos,
        facing=FACINGS[u.facing],
        size=u.kind.size,
        hp=u.hp,
        dex=u.kind.dex,
        mv=u.kind.mv,
        level=u.kind.level if u.kind.cls != CreatureClass.MONSTER else u.kind.hd,
        morale=u.kind.morale if options.morale_system != "ose" else u.kind.morale_ose,
        hero=u.hero,
        leader=u.leader,
        fatigue=u.fatigue_max,
        force_marched=u.force_marched,
        spells=u.spells or None,
        hp_max=u.hp_max if u.hp_max != u.hp else None,
        prone=u.prone or None,
        # a force-marched creature starts fatigued anyway (force_marched says so)
        fatigue_state=STATE_NAMES[u.fatigue_state] if u.fatigue_state > (u.force_marched and FATIGUED) else None,
        morale_state=str(u.morale) if u.morale != STEADY else None,
    )
