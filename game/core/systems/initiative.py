"""Rolling initiative each round, individual or by group (seed 002)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from game.core import events as ev
from game.core.rules.dice import Modifier, roll
from game.core.rules.initiative import HINDERED, MODIFIERS, WAITING, group_modifiers, order_individual
from game.core.systems import conditions
from game.core.systems.context import Ctx
from game.core.systems.movement import in_pit
from game.core.systems.space import above_nearest_enemy
from game.core.world import Unit


def unit_modifiers(ctx: Ctx, u: Unit) -> list[Modifier]:
    """'Some Standard Modifiers to Initiative' that the game can know about a creature."""
    mods: list[Modifier] = []

    def add(name: str) -> None:
        mods.append(Modifier(name, MODIFIERS[name]))

    if u.conditions:
        mods += conditions.initiative_modifiers(u)
    if above_nearest_enemy(ctx, u):
        add("higher_ground")
    footings = {ctx.terrain.footing_at(sq) for sq in u.squares}
    if "deep_water" in footings:
        add("deep_water")
    elif footings & {"wading", "slippery"}:
        add("wading_or_slippery")
    if u.side == ctx.options.foreign_environment:
        add("foreign_environment")
    if (u.conditions and conditions.hindered(u.conditions)) or in_pit(ctx, u):  # climbing out of a pit hinders
        add(HINDERED)
    # 'waiting -1' is not among these: it comes once the other side attacks (waiting_adjustment).
    return mods


def roll_initiative(ctx: Ctx, units: list[Unit]) -> tuple[list[list[str]], list[str]]:
    """Return (order, side order). In group mode the side order is what binds."""
    if ctx.options.initiative == "group":
        return _group(ctx, units)
    entries = []
    for u in units:
        mods = unit_modifiers(ctx, u)
        r = roll(ctx.rng, 1, 10, mods)
        entries.append(ev.InitiativeEntry(id=u.id, roll=r, modifiers=tuple(mods), total=r.total, dex=u.kind.dex))
    ctx.rs.initiative = tuple(entries)
    order = order_individual([(e.id or "", e.total, e.dex) for e in entries])
    ctx.emit(ev.Initiative, mode="individual", entries=tuple(entries), order=tuple(map(tuple, order)))
    return order, []


def _group(ctx: Ctx, units: list[Unit]) -> tuple[list[list[str]], list[str]]:
    """'each side rolls one d10 ... The side with the highest modified roll ... acts first.'
    Decision (docs/rules.md#group-initiative): a tie is rerolled."""
    sides = sorted({u.side for u in units})
    mods = {s: group_modifiers([unit_modifiers(ctx, u) for u in units if u.side == s]) for s in sides}
    rerolled: list[ev.Reroll] = []
    while True:
        entries = []
        for s in sides:
            r = roll(ctx.rng, 1, 10, mods[s])
            entries.append(ev.InitiativeEntry(side=s, roll=r, modifiers=tuple(mods[s]), total=r.total, dex=0))
        totals = sorted((e.total for e in entries), reverse=True)
        if len(totals) < 2 or len(set(totals)) == len(totals):
            break
        rerolled.append(ev.Reroll(tie=tuple(e.roll for e in entries)))
    ctx.rs.initiative = tuple(entries)
    side_order = [e.side or "" for e in sorted(entries, key=lambda e: -e.total)]
    order = [[u.id] for s in side_order for u in units if u.side == s]
    ctx.emit(
        ev.Initiative,
        mode="group",
        entries=tuple(entries),
        order=tuple(map(tuple, order)),
        sides=tuple(side_order),
        rerolls=tuple(rerolled),
    )
    return order, side_order


def note_attack(ctx: Ctx, by: str, on: str) -> None:
    """A creature of side `by` attacks one of side `on`: 'waiting -1' (seed 002) comes 'if the
    other side attacks'.

    Decision (docs/rules.md#initiative-modifiers): 'the -1 comes only from an attack *on* the
    waiting side ...; with three sides, a fight between the two others costs it nothing. A side
    that attacks first has stopped waiting: once one of its creatures attacks, a later attack on it
    brings no -1.'"""
    waiting, rs = ctx.options.waiting, ctx.rs
    if not waiting or by == on or rs.other_side_attacked or rs.waiting_over:
        return
    if by == waiting:
        rs.waiting_over = True
    elif on == waiting:
        rs.other_side_attacked = True


Steps = list[tuple[list[str], bool]]  # the round's phases: (ids, simultaneous)


def waiting_adjustment(ctx: Ctx, steps: Steps, step_i: int, can_act: Callable[[str], bool]) -> Steps | None:
    """'waiting -1' (seed 002) for 'a side that chose to wait, if the other side attacks'.

    Decision (docs/rules.md#initiative-modifiers): the penalty starts at 0; the moment a creature
    of another side first attacks the waiting side in round 1 (note_attack), every waiting
    creature that has not yet acted takes -1 and the order of those still to act is recomputed.
    Returns the new steps, or None.
    """
    rs = ctx.rs
    if ctx.round != 1 or not rs.other_side_attacked or rs.waiting_adjusted:
        return None
    rs.waiting_adjusted = True
    late = {
        uid for ids, _ in steps[step_i:] for uid in ids if can_act(uid) and ctx.world[uid].side == ctx.options.waiting
    }
    if not late:
        return None
    penalty = Modifier(WAITING, MODIFIERS[WAITING])
    rs.initiative = tuple(
        replace(
            e,
            roll=replace(e.roll, mod=e.roll.mod + penalty.value, total=e.roll.total + penalty.value),
            modifiers=(*e.modifiers, penalty),
            total=e.total + penalty.value,
        )
        if (e.id in late or (e.side == ctx.options.waiting and e.id is None))
        else e
        for e in rs.initiative
    )
    if ctx.options.initiative == "group":
        return _regroup(ctx, steps, step_i, can_act)
    ids, simultaneous = steps[step_i]
    pool = [uid for uid in ids if uid in late] + [uid for later, _ in steps[step_i + 1 :] for uid in later]
    by_id = {e.id: e for e in rs.initiative}
    regrouped = order_individual([(uid, by_id[uid].total, by_id[uid].dex) for uid in pool])
    new = [*steps[:step_i], ([uid for uid in ids if uid not in late], simultaneous)]
    new += [(g, len(g) > 1) for g in regrouped]
    ctx.emit(ev.Initiative, mode="individual", entries=rs.initiative, order=_order(new), adjusted=True)
    return new


def _regroup(ctx: Ctx, steps: Steps, step_i: int, can_act: Callable[[str], bool]) -> Steps:
    """Group initiative after the waiting -1: the sides still to act (the acting side's creatures
    yet to act among them) ordered again by their totals.

    Decision (docs/rules.md#initiative-modifiers): 'Under group initiative the recomputed order
    rerolls a tie, as any group tie is': sides still to act that tie roll again, each with its
    modifiers (the waiting side's -1 among them), until none of them ties."""
    ids, together = steps[step_i]
    rest = [uid for uid in ids if can_act(uid)]
    later = ([(rest, together)] if rest else []) + steps[step_i + 1 :]
    rerolls = _reroll_ties(ctx, {ctx.world[st[0][0]].side for st in later})
    total = {e.side: e.total for e in ctx.rs.initiative}
    later.sort(key=lambda st: -total[ctx.world[st[0][0]].side])  # no tie is left: only sides move
    done = [uid for uid in ids if uid not in rest]
    if rest and later[0][0] is rest:  # the acting side goes on: one step, as before
        done, later = ids, later[1:]
    new = [*steps[:step_i], (done, together), *later]
    sides = tuple(ctx.world[step[0]].side for step, _ in new)
    ctx.emit(
        ev.Initiative,
        mode="group",
        entries=ctx.rs.initiative,
        order=_order(new),
        sides=sides,
        rerolls=tuple(rerolls),
        adjusted=True,
    )
    return new


def _reroll_ties(ctx: Ctx, to_act: set[str]) -> list[ev.Reroll]:
    """Roll again the sides of `to_act` whose totals tie, until none does; return the ties."""
    rerolls: list[ev.Reroll] = []
    while True:
        totals = Counter(e.total for e in ctx.rs.initiative if e.side in to_act)
        tied = [e for e in ctx.rs.initiative if e.side in to_act and totals[e.total] > 1]
        if not tied:
            return rerolls
        rerolls.append(ev.Reroll(tie=tuple(e.roll for e in tied)))
        again = {}
        for e in tied:
            r = roll(ctx.rng, 1, 10, list(e.modifiers))
            again[e.side] = replace(e, roll=r, total=r.total)
        ctx.rs.initiative = tuple(again.get(e.side, e) for e in ctx.rs.initiative)


def _order(steps: Steps) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(ids) for ids, _ in steps)
