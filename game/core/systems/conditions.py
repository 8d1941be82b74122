"""Timed conditions on a creature: their start and end are events, and their rounds tick down in the
status step at the end of the round (docs/rules.md#status). What each one does is its record
(game.core.rules.conditions); the engine asks these functions, which ask the records, and names no
condition.

A condition lives on the unit as (name, rounds left). One that is not announced (set against a
charge) starts and ends with no `condition` event.
"""

from __future__ import annotations

from game.core import events as ev
from game.core.rules.capabilities import MOVING, Action
from game.core.rules.conditions import BOOK, RULES, Condition
from game.core.rules.dice import Modifier
from game.core.systems.context import Ctx
from game.core.world import Unit

Conditions = tuple[tuple[Condition, int], ...]

# The records that each rule reads, in the book's order, worked out once: a reader walks the few
# that matter to it, as it asked them by name before.
_OWN_ATTACK = tuple((r.name, r.attack) for r in BOOK if r.attack is not None)
_ATTACKED = tuple((r.name, r.attacked) for r in BOOK if r.attacked is not None)
_INITIATIVE = tuple((r.name, r.initiative) for r in BOOK if r.initiative is not None)
_MORALE = tuple((r.name, r.morale) for r in BOOK if r.morale is not None)
_MOVEMENT = tuple((r.name, r.mv_times, r.mv_over) for r in BOOK if (r.mv_times, r.mv_over) != (1, 1))
_ENDS_ON_ACTION = tuple(r for r in BOOK if r.ends_on_activation or r.ends_on)


def start(ctx: Ctx, uid: str, name: Condition, rounds: int, by: str | None = None) -> None:
    """Give the creature the condition for `rounds` rounds; a second dose replaces the first.

    'Haste and slow negate each other (PHB): either spell on a creature under the other ends the
    other and does not take hold itself' (docs/rules.md#magic): so does any condition's opposite."""
    u = ctx.world[uid]
    opposite = RULES[name].opposite
    if opposite is not None and u.has(opposite):
        end(ctx, uid, opposite, by)
        return
    kept = tuple(c for c in u.conditions if c[0] != name)
    ctx.world.update(uid, conditions=(*kept, (name, rounds)))
    if RULES[name].announced:
        ctx.emit(ev.Condition, id=uid, condition=name, rounds=rounds, started=True, by=by)


def end(ctx: Ctx, uid: str, name: Condition, by: str | None = None) -> None:
    """End the condition now (a charger's next activation, a spell undone by its opposite)."""
    u = ctx.world[uid]
    if not u.has(name):
        return
    ctx.world.update(uid, conditions=tuple(c for c in u.conditions if c[0] != name))
    if RULES[name].announced:
        ctx.emit(ev.Condition, id=uid, condition=name, rounds=0, started=False, by=by)


def tick(ctx: Ctx, uid: str) -> None:
    """One round passes: every condition loses a round, and those with none left end."""
    u = ctx.world[uid]
    kept = tuple((name, n - 1) for name, n in u.conditions if n > 1)
    if kept == u.conditions:
        return
    ctx.world.update(uid, conditions=kept)
    for name, n in u.conditions:
        if n <= 1 and RULES[name].announced:
            ctx.emit(ev.Condition, id=uid, condition=name, rounds=0, started=False)


def ended_by(u: Unit, action: Action) -> list[Condition]:
    """The conditions this activation ends before it is carried out, in the book's order: a
    charger's `charging` 'at the start of its next activation', a set 'until it next moves, charges,
    attacks ...' (docs/rules.md#charge)."""
    return [r.name for r in _ENDS_ON_ACTION if (r.ends_on_activation or action in r.ends_on) and u.has(r.name)]


def struck(ctx: Ctx, uid: str) -> None:
    """The creature took damage: the conditions a blow ends, end."""
    for name, _ in ctx.world[uid].conditions:
        if RULES[name].ends_when_struck:
            end(ctx, uid, name)


def knocked_down(conditions: Conditions) -> Conditions:
    """The conditions left to a creature knocked down ('a creature stays set until it ... is
    knocked down', docs/rules.md#charge)."""
    return tuple(c for c in conditions if not RULES[c[0]].ends_when_knocked_down)


def movement(unit: Unit, mv: int) -> int:
    """MV under its conditions: 0 under one that stops it moving ('cannot move'), else multiplied
    by each one's fraction in the book's order (hasted doubled, slowed and hampered halved)."""
    if cannot_move(unit):
        return 0
    for name, times, over in _MOVEMENT:
        if unit.has(name):
            mv = mv * times // over
    return mv


def cannot_move(u: Unit) -> bool:
    return any(RULES[name].cannot_move for name, _ in u.conditions)


def cannot_act(u: Unit) -> bool:
    return any(RULES[name].cannot_act for name, _ in u.conditions)


def refusal(u: Unit, action: Action) -> str | None:
    """Why a creature under a condition that stops it may not take this action, or None: the first
    such condition of the book says why."""
    for r in BOOK:
        stops = (r.cannot_act and action != Action.HOLD) or (r.cannot_move and action in MOVING)
        if stops and u.has(r.name):
            return f"{u.id} {r.refusal}"
    return None


def hindered(conditions: Conditions) -> bool:
    """'hindered (tangled, climbing, held) -3' (seed 002)."""
    return any(RULES[name].hinders for name, _ in conditions)


def helpless(conditions: Conditions) -> bool:
    """'Decision: a held or tangled creature counts as helpless' (docs/rules.md#morale)."""
    return any(RULES[name].helpless for name, _ in conditions)


def stands_fast(u: Unit) -> bool:
    """'Decision: a held or tangled foe cannot give ground' (docs/rules.md#forced-retreats)."""
    return any(RULES[name].stands_fast for name, _ in u.conditions)


def no_morale_check(u: Unit) -> bool:
    """'Decision: a held creature makes no check while it is held' (docs/rules.md#morale)."""
    return any(RULES[name].no_morale_check for name, _ in u.conditions)


def extra_blow(u: Unit) -> bool:
    """Hasted: 'one extra melee attack per attack action' (docs/rules.md#magic)."""
    return any(RULES[name].extra_blow for name, _ in u.conditions)


def bares_ac(u: Unit) -> bool:
    """A charger's 'AC is 1 worse and it loses its Dex bonus to AC' (docs/rules.md#charge)."""
    return any(RULES[name].bares_ac for name, _ in u.conditions)


def attack_modifiers(att: Unit, tgt: Unit) -> list[Modifier]:
    """The conditions' modifiers to an attack roll: the attacker's own, then those against the
    target (docs/rules.md#magic), each in the book's order."""
    mods = [m for name, m in _OWN_ATTACK if att.has(name)]
    mods += [m for name, m in _ATTACKED if tgt.has(name)]
    return mods


def initiative_modifiers(u: Unit) -> list[Modifier]:
    """'Some Standard Modifiers to Initiative' (seed 002) that its conditions give."""
    return [m for name, m in _INITIATIVE if u.has(name)]


def morale_modifiers(u: Unit) -> list[Modifier]:
    """Its conditions' modifiers to a morale check (bless: '+1 to morale')."""
    return [m for name, m in _MORALE if u.has(name)]
