"""What a caster may cast now: its spells left, each spell's legal targets or squares, and what
each cast would do (missiles and damage range, save chances), for the window and the AI."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game import query
from game.battle import Battle
from game.rules import spells as book
from game.rules.capabilities import Action
from game.rules.geometry import VECTORS, Pos
from game.rules.tables import save_vs_spell
from game.systems import spell_aim
from game.systems.movement import Reach
from game.world import Unit


@dataclass(frozen=True)
class SpellOption:
    spell: str
    target: str | None  # the creature it is cast at, or None
    at: Pos | None  # the square it is aimed at, or None
    takes_in: tuple[str, ...]
    squares: tuple[Pos, ...]  # an area spell's squares
    low: int  # damage (or healing) to each creature taken in, least and most; 0 when none
    high: int
    fail_chance: tuple[float, ...]  # per creature taken in: the chance it fails its save (1.0: no save)
    summary: str  # what it would do, in words
    path: tuple[Pos, ...] = ()  # the half move before the cast, start included; () to cast where it stands


def spells_left(battle: Battle, uid: str) -> list[str]:
    """The distinct spells the creature may cast now, in the order it memorised them."""
    if Action.CAST not in query.allowed_actions(battle, uid):
        return []
    return list(dict.fromkeys(battle.world[uid].spells))


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
    level = u.kind.level
    low = high = 0
    words = ""
    if key == "magic_missile":
        n = book.missiles(level)
        low, high = 2 * n, 5 * n
        words = f"{n} missile{'s' if n > 1 else ''}, {low}-{high} damage, never misses"
    elif key == "burning_hands":
        d = book.burning_dice(level)
        low, high = 1 + d.bonus, 3 + d.bonus
        words = f"{low}-{high} fire damage, a save halves it"
    elif key == "melfs_acid_arrow":
        low, high = 2, 8
        more = book.acid_rounds(level)
        words = "an attack roll; 2-8 acid" + (f", then 2-8 for {more} more round{'s' * (more > 1)}" if more else "")
    elif key == "cure_light_wounds":
        low, high = 1, 8
        words = "heals 1-8"
    else:
        words = {
            "haste": f"hasted {book.haste_rounds(level)} rounds",
            "slow": f"slowed {book.haste_rounds(level)} rounds unless it saves",
            "bless": f"+1 to attacks and morale for {book.BLESS_ROUNDS} rounds",
            "entangle": "tangled 1-4 rounds unless it saves",
            "hold_person": f"held {book.hold_rounds(level)} rounds unless it saves",
        }[key]
    saves = a.spell.save
    fails = tuple(save_fail_chance(battle.world[t]) if saves else 1.0 for t in a.targets)
    return SpellOption(key, target, at, a.targets, a.squares, low, high, fails, words)


def spell_options(battle: Battle, uid: str) -> list[SpellOption]:
    """Every legal cast from where the creature stands, one per distinct set of creatures taken in:
    foes or allies by id, an area centred on each creature it could take in."""
    out: list[SpellOption] = []
    u = battle.world[uid]
    for key in spells_left(battle, uid):
        spell = book.SPELLS[key]
        seen: set[tuple[str, ...]] = set()
        for target, at in _aims(battle, u, spell):
            o = preview(battle, uid, key, target, at)
            if isinstance(o, str) or (spell.aim == book.SQUARE and o.takes_in in seen):
                continue
            seen.add(o.takes_in)
            out.append(o)
    return out


def touch_options(battle: Battle, uid: str) -> list[SpellOption]:
    """The spells cast at arm's length after a half move ('no move beyond a half move before it',
    docs/rules.md#magic): cure light wounds at each wounded ally out of touch, from the nearest
    square that touches it; burning hands at the foes a step or two away, from the nearest square
    whose fan takes each set of them in."""
    u = battle.world[uid]
    left = spells_left(battle, uid)
    keys = [k for k in left if book.SPELLS[k].aim == book.ALLY]
    if not keys and "burning_hands" not in left:
        return []
    reach = query.moves(battle, uid, half=True)
    squares = sorted((q for q in reach.costs if q != u.pos), key=lambda q: (reach.costs[q], q))
    out: list[SpellOption] = _fans(battle, u, squares, reach) if "burning_hands" in left else []
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


def _fans(battle: Battle, u: Unit, squares: list[Pos], reach: Reach) -> list[SpellOption]:
    """Burning hands after a half move, one option per set of foes its fan would take in."""
    near = [
        q
        for q in squares
        if any(max(abs(q[0] - e.pos[0]), abs(q[1] - e.pos[1])) <= 2 for e in battle.world.enemies_of(u))
    ]
    seen = {o.takes_in for o in spell_options(battle, u.id) if o.spell == "burning_hands"}
    out: list[SpellOption] = []
    for q in near:
        for vx, vy in VECTORS:
            o = preview(battle, u.id, "burning_hands", None, (q[0] + vx, q[1] + vy), q)
            if isinstance(o, str) or o.takes_in in seen:
                continue
            if not any(battle.world[t].side != u.side for t in o.takes_in):
                continue
            seen.add(o.takes_in)
            out.append(replace(o, path=tuple(reach.path(q))))
    return out


def _aims(battle: Battle, u: Unit, spell: book.Spell) -> list[tuple[str | None, Pos | None]]:
    living = sorted(battle.world.living(), key=lambda v: v.id)
    if spell.aim == book.FOE:
        return [(v.id, None) for v in living if v.side != u.side]
    if spell.aim == book.ALLY:
        return [(v.id, None) for v in living if v.side == u.side]
    if spell.aim == book.AROUND:
        return [(None, None)]
    if spell.key == "burning_hands":
        return [(None, (u.pos[0] + vx, u.pos[1] + vy)) for vx, vy in VECTORS]
    if spell.key == "haste":
        return [(None, v.pos) for v in living if v.side == u.side]
    if spell.key == "slow":
        return [(None, v.pos) for v in living if v.side != u.side]
    return [(None, v.pos) for v in living]
