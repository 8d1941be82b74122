"""What a caster may cast now: its spells left, each spell's legal targets or squares, and what
each cast would do (missiles and damage range, save chances), for the window and the AI."""

from __future__ import annotations

from dataclasses import replace

from game.core import query
from game.core.battle import Battle
from game.core.rules.capabilities import Action
from game.core.rules.geometry import VECTORS, Pos
from game.core.rules.spells import ALLY, AROUND, FOE, SQUARE
from game.core.rules.tables import save_vs_spell
from game.core.systems import magic, spell_aim
from game.core.systems.movement import Reach
from game.core.systems.spell_record import ADJACENT, ON_ALLIES, ON_FOES, SpellOption, SpellRecord
from game.core.systems.spells import SPELLS
from game.core.world import Unit

__all__ = ["SpellOption", "preview", "save_fail_chance", "spell_lost", "spell_options", "spells_left", "touch_options"]


def spells_left(battle: Battle, uid: str) -> list[str]:
    """The distinct spells the creature may cast now, in the order it memorised them."""
    if Action.CAST not in query.allowed_actions(battle, uid):
        return []
    return list(dict.fromkeys(battle.world[uid].spells))


def spell_lost(battle: Battle, uid: str) -> bool:
    """Whether a spell the creature cast now would be lost, its slot spent: it was hurt or knocked
    down earlier this round (docs/rules.md#magic)."""
    return magic.disrupted(battle.ctx, uid)


def save_fail_chance(u: Unit) -> float:
    """The chance a d20 falls short of the creature's save vs spell."""
    return min(1.0, max(0.0, (save_vs_spell(u.kind) - 1) / 20))


def preview(
    battle: Battle, uid: str, key: str, target: str | None, at: Pos | None, pos: Pos | None = None
) -> SpellOption | str:
    """What casting `key` at the target or square would do now (from pos, after a half move
    there), or why it cannot be cast."""
    u = battle.world[uid]
    a = spell_aim.aim(battle.ctx, u, key, target, at, pos)
    if isinstance(a, str):
        return a
    p = SPELLS[key].preview(u.kind.level)
    saves = a.spell.save
    fails = tuple(save_fail_chance(battle.world[t]) if saves else 1.0 for t in a.targets)
    return SpellOption(key, target, at, a.targets, a.squares, p.low, p.high, fails, p.words)


def spell_options(battle: Battle, uid: str) -> list[SpellOption]:
    """Every legal cast from where the creature stands, one per distinct set of creatures taken in:
    foes or allies by id, an area centred on each creature it could take in."""
    out: list[SpellOption] = []
    u = battle.world[uid]
    for key in spells_left(battle, uid):
        spell = SPELLS[key]
        seen: set[tuple[str, ...]] = set()
        for target, at in _aims(battle, u, spell):
            o = preview(battle, uid, key, target, at)
            if isinstance(o, str) or (spell.aim == SQUARE and o.takes_in in seen):
                continue
            seen.add(o.takes_in)
            out.append(o)
    return out


def touch_options(battle: Battle, uid: str) -> list[SpellOption]:
    """The spells cast at arm's length after a half move ('no move beyond a half move before it',
    docs/rules.md#magic): a spell cast at an ally by touch (cure light wounds) at each wounded ally
    out of touch, from the nearest square that touches it; one aimed next to the caster (burning
    hands) at the foes a step or two away, from the nearest square whose fan takes each set of
    them in."""
    u = battle.world[uid]
    left = spells_left(battle, uid)
    keys = [k for k in left if SPELLS[k].aim == ALLY]
    fans = [k for k in left if SPELLS[k].aim == SQUARE and SPELLS[k].centres == ADJACENT]
    if not keys and not fans:
        return []
    reach = query.moves(battle, uid, half=True)
    squares = sorted((q for q in reach.costs if q != u.pos), key=lambda q: (reach.costs[q], q))
    out: list[SpellOption] = [o for key in fans for o in _fans(battle, u, key, squares, reach)]
    for key in keys:
        for v in sorted(battle.world.living(), key=lambda v: v.id):
            if v.side != u.side or v.hp >= v.hp_max or not isinstance(preview(battle, uid, key, v.id, None), str):
                continue  # not wounded, or in touch already (spell_options has that cast)
            near = [q for q in squares if max(abs(q[0] - v.pos[0]), abs(q[1] - v.pos[1])) <= v.n + u.n]
            for q in near:
                o = preview(battle, uid, key, v.id, None, q)
                if not isinstance(o, str):
                    out.append(replace(o, path=tuple(reach.path(q))))
                    break
    return out


def _fans(battle: Battle, u: Unit, key: str, squares: list[Pos], reach: Reach) -> list[SpellOption]:
    """A spell aimed next to the caster after a half move, one option per set of foes it would take in."""
    near = [
        q
        for q in squares
        if any(max(abs(q[0] - e.pos[0]), abs(q[1] - e.pos[1])) <= 2 for e in battle.world.enemies_of(u))
    ]
    seen = {o.takes_in for o in spell_options(battle, u.id) if o.spell == key}
    out: list[SpellOption] = []
    for q in near:
        for vx, vy in VECTORS:
            o = preview(battle, u.id, key, None, (q[0] + vx, q[1] + vy), q)
            if isinstance(o, str) or o.takes_in in seen:
                continue
            if not any(battle.world[t].side != u.side for t in o.takes_in):
                continue
            seen.add(o.takes_in)
            out.append(replace(o, path=tuple(reach.path(q))))
    return out


def _aims(battle: Battle, u: Unit, spell: SpellRecord) -> list[tuple[str | None, Pos | None]]:
    """The targets, or the squares (where its record says to try it), a spell is tried at."""
    living = sorted(battle.world.living(), key=lambda v: v.id)
    if spell.aim == FOE:
        return [(v.id, None) for v in living if v.side != u.side]
    if spell.aim == ALLY:
        return [(v.id, None) for v in living if v.side == u.side]
    if spell.aim == AROUND:
        return [(None, None)]
    if spell.centres == ADJACENT:
        return [(None, (u.pos[0] + vx, u.pos[1] + vy)) for vx, vy in VECTORS]
    if spell.centres == ON_ALLIES:
        return [(None, v.pos) for v in living if v.side == u.side]
    if spell.centres == ON_FOES:
        return [(None, v.pos) for v in living if v.side != u.side]
    return [(None, v.pos) for v in living]
