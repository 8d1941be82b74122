"""What is legal now: the battle's answer that the UI and the AI build their commands from."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from game.core.battle import ACTIVATION, RETREAT, Battle
from game.core.rules import capabilities
from game.core.rules.capabilities import Action
from game.core.rules.charge import MIN_SQUARES, can_set
from game.core.rules.dice import Modifier
from game.core.rules.geometry import Arc, Pos, arc_of, facing_toward, footprint_distance, ring, within
from game.core.rules.outcome import Outcome, hit_chance_of, outcome
from game.core.systems import actions, charge, conditions, flight, space, trail, withdrawal
from game.core.systems.attack import modifiers
from game.core.systems.movement import Reach, effective_mv, half_move, reachable, reachable_and_within
from game.core.terrain import Terrain
from game.core.world import Unit


@dataclass(frozen=True)
class AttackOption:
    target: str
    kind: str  # melee or missile
    path: tuple[Pos, ...]  # start included; a single square when attacking in place
    cost: int
    facing: int
    arc: Arc
    needed: int
    modifiers: tuple[Modifier, ...]
    chance: float
    knockdown_chance: float
    expected_damage: float  # the option's whole attack: each of a volley's `rate` rolls
    outcome: Outcome  # one attack roll's (game.core.rules.outcome), the rest read from it


def allowed_actions(battle: Battle, uid: str) -> frozenset[Action]:
    """Return what the unit may do now: in its activation, what its posture and morale allow
    (game.core.rules.capabilities); at the end of the round, force or decline the pending retreat."""
    p = battle.pending()
    if p.kind == RETREAT:
        return capabilities.END_OF_ROUND if uid == p.unit else frozenset()
    if p.kind == ACTIVATION and uid in p.units:
        u = battle.world[uid]
        may = capabilities.allowed(u.morale, u.prone, u.fights)
        if not u.spells:
            may -= {Action.CAST}
        if not can_set(u.kind.melee):  # 'only a creature whose melee weapon can be set' (docs/rules.md#charge)
            may -= {Action.SET_VS_CHARGE}
        if u.conditions:
            may = capabilities.bound(may, conditions.cannot_act(u), conditions.cannot_move(u))
        return may
    return frozenset()


def moves(battle: Battle, uid: str, half: bool = False) -> Reach:
    u = battle.world[uid]
    return reachable(battle.ctx, u, half_move(u) if half else effective_mv(u))


def full_and_half_moves(battle: Battle, uid: str) -> tuple[Reach, Reach]:
    """`moves(battle, uid)` and `moves(battle, uid, half=True)` from one search (the same answers)."""
    u = battle.world[uid]
    return reachable_and_within(battle.ctx, u, effective_mv(u), half_move(u))


class _Aim(NamedTuple):
    """How an attack would be rolled from a square."""

    facing: int  # the attacker's, turned to the target
    arc: Arc  # of the target, the attack comes through
    needed: int
    mods: list[Modifier]
    chance: float


def _aim(battle: Battle, u: Unit, end: Pos, t: Unit, kind: str, purpose: str = "attack") -> _Aim | None:
    """How an attack on t from end would be rolled: (facing, arc, needed, modifiers, chance),
    or None if t cannot be attacked from there."""
    ctx = battle.ctx
    if kind == "melee":
        # Reach from the end square (pos is given; the unit's own old square never blocks it).
        f = actions.melee_facing(ctx, u, end, t)
        weapon = u.kind.melee
        if f is None or weapon is None:
            return None
    else:
        weapon = u.kind.missile
        if weapon is None or footprint_distance(end, u.n, t.pos, t.n) > weapon.range[2]:
            return None
        if not actions.line_of_sight(ctx, u, t, end):
            return None
        f = facing_toward(end, u.n, t.pos, t.n)
    # The unit as it would stand at the end of its path (its own facing never enters the roll).
    there = u if end == u.pos else replace(u, pos=end)
    mods, needed, arc = modifiers(ctx, there, t, kind, weapon, purpose)
    return _Aim(f, arc, needed, mods, hit_chance_of(mods, needed))


def _option(
    battle: Battle, u: Unit, t: Unit, kind: str, aim: _Aim, *, path: list[Pos], cost: int, purpose: str = "attack"
) -> AttackOption:
    f, arc, needed, mods, _ = aim
    weapon = u.kind.melee if kind == "melee" else u.kind.missile
    assert weapon is not None  # _aim found an attack with it
    options = battle.ctx.options
    out = outcome(u.kind, weapon, t.kind, kind, mods, needed, purpose=purpose, knockdown_dice=options.knockdown_dice)
    rate = weapon.rate if kind == "missile" else 1  # a volley is `rate` attack rolls
    return AttackOption(
        t.id,
        kind,
        tuple(path),
        cost,
        f,
        arc,
        needed,
        tuple(mods),
        out.chance,
        out.knockdown_chance,
        out.expected_damage * rate,
        out,
    )


def attack_options(battle: Battle, uid: str, kind: str = "melee", reach: Reach | None = None) -> list[AttackOption]:
    """Every enemy the unit can attack this activation, from its square or after a half move.

    One option per (target, arc): the cheapest path to that arc. `reach` is the unit's
    `moves(battle, uid, half=True)` when the caller already has it.
    """
    u = battle.world[uid]
    if (Action.ATTACK if kind == "melee" else Action.FIRE) not in capabilities.allowed(u.morale, u.prone, u.fights):
        return []
    weapon = u.kind.melee if kind == "melee" else u.kind.missile
    if weapon is None:
        return []
    budget = half_move(u)
    limit = weapon.reach_squares if kind == "melee" else weapon.range[2]
    targets = within(u.pos, u.n, battle.world.enemies_of(u), budget + limit)
    if not targets:
        return []
    if reach is None:
        reach = moves(battle, uid, half=True)
    costs = reach.costs
    ends = sorted(costs.items(), key=lambda kv: (kv[1], kv[0])) if kind == "missile" else []  # cheapest first
    best: dict[tuple[str, str], AttackOption] = {}
    height: dict[tuple[str, str], int] = {}  # the ground each best melee option strikes from
    ground = 0
    for t in targets:
        if kind == "melee":
            # Only the few squares within reach of this foe, cheapest first.
            lo_x, lo_y = t.pos[0] - limit - (u.n - 1), t.pos[1] - limit - (u.n - 1)
            hi_x, hi_y = t.pos[0] + t.n - 1 + limit, t.pos[1] + t.n - 1 + limit
            near = sorted(
                (costs[e], e) for y in range(lo_y, hi_y + 1) for x in range(lo_x, hi_x + 1) if (e := (x, y)) in costs
            )
            tries: Iterable[tuple[Pos, int]] = [(end, cost) for cost, end in near]
        else:
            tries = ((end, cost) for end, cost in ends if footprint_distance(end, u.n, t.pos, t.n) <= limit)
        for end, cost in tries:
            if kind == "melee":
                # As for charges: a dearer square for an arc already found can only win from higher ground.
                arc, ground = _arc_and_ground(battle, u, end, t)
                if (t.id, arc) in best and ground <= height[(t.id, arc)]:
                    continue
            aim = _aim(battle, u, end, t, kind)
            if aim is None:
                continue
            key, chance = (t.id, aim[1]), aim[4]
            if key not in best or (chance, -cost) > (best[key].chance, -best[key].cost):
                best[key] = _option(battle, u, t, kind, aim, path=reach.path(end), cost=cost)
                height[key] = ground if kind == "melee" else 0
            if kind == "missile":
                break  # standing still is best for a shot once one is possible
    return sorted(best.values(), key=lambda o: (o.target, o.arc))


def _arc_and_ground(battle: Battle, u: Unit, end: Pos, t: Unit) -> tuple[Arc, int]:
    """The arc of t's that u would strike into from end, and the height u would stand at there:
    of an attack roll's modifiers (systems/attack.modifiers) the only ones that depend on the
    attacker's square in melee (arc_from and elevation, without building the moved unit)."""
    terrain = battle.ctx.terrain
    if u.n == 1:
        return arc_of(end, t.pos, t.n, t.facing), terrain.elevation_at(end)
    there = replace(u, pos=end)
    return space.arc_from(there, t), space.elevation(battle.ctx, there)


def unseen_in_range(battle: Battle, uid: str) -> list[str]:
    """The foes within the unit's missile range from where it stands that it cannot see, by id: a
    shot at one is refused (game/core/activation.py's fire), and the window marks them so (issue 37)."""
    u = battle.world[uid]
    weapon = u.kind.missile
    if weapon is None or Action.FIRE not in allowed_actions(battle, uid):
        return []
    near = within(u.pos, u.n, battle.world.enemies_of(u), weapon.range[2])
    return sorted(t.id for t in near if not actions.line_of_sight(battle.ctx, u, t))


def charge_options(battle: Battle, uid: str, reach: Reach | None = None) -> list[AttackOption]:
    """Every foe the unit can charge now (docs/rules.md#charge), as `attack_options` gives attacks:
    one option per (target, arc), its chance with the charge's +2, by the cheapest path of at least
    two squares. `reach` is the unit's `moves(battle, uid)` when the caller already has it."""
    u = battle.world[uid]
    weapon = u.kind.melee
    if Action.CHARGE not in capabilities.allowed(u.morale, u.prone, u.fights) or weapon is None:
        return []
    if charge.start_refusal(battle.ctx, u) is not None:
        return []
    limit = weapon.reach_squares
    targets = within(u.pos, u.n, battle.world.enemies_of(u), effective_mv(u) + limit)
    if not targets:
        return []
    reach = moves(battle, uid) if reach is None else reach
    costs = reach.costs
    best: dict[tuple[str, str], AttackOption] = {}
    height: dict[tuple[str, str], int] = {}  # the ground each best option strikes from
    for t in targets:
        lo_x, lo_y = t.pos[0] - limit - (u.n - 1), t.pos[1] - limit - (u.n - 1)
        hi_x, hi_y = t.pos[0] + t.n - 1 + limit, t.pos[1] + t.n - 1 + limit
        near = sorted(
            (costs[e], e) for y in range(lo_y, hi_y + 1) for x in range(lo_x, hi_x + 1) if (e := (x, y)) in costs
        )
        for cost, end in near:
            # Of the roll's modifiers only the arc and the ground depend on where the run ends: a
            # dearer square for an arc already found is worth a look only from higher ground.
            arc, ground = _arc_and_ground(battle, u, end, t)
            key = (t.id, arc)
            if key in best and ground <= height[key]:
                continue
            path = reach.path(end)
            if len(path) - 1 < MIN_SQUARES:
                continue
            aim = _aim(battle, u, end, t, "melee", "charge")
            if aim is None:
                continue
            key, chance = (t.id, aim[1]), aim[4]
            if key not in best or (chance, -cost) > (best[key].chance, -best[key].cost):
                best[key] = _option(battle, u, t, "melee", aim, path=path, cost=cost, purpose="charge")
                height[key] = ground
    return sorted(best.values(), key=lambda o: (o.target, o.arc))


def set_against_charge(battle: Battle, uid: str) -> bool:
    """Whether the creature stands set to receive a charge with a weapon that can be set, its
    blow still to come: a charge at it meets that weapon first (docs/rules.md#charge)."""
    return charge.set_weapon_ready(battle.world[uid], battle.ctx)


def arcs(battle: Battle, uid: str, pos: Pos | None = None, facing: int | None = None) -> dict[str, list[Pos]]:
    """A creature's front, flank and rear squares (the squares around its footprint), where it
    stands or, given pos and facing, where and as it would stand after a move or turn."""
    u = battle.world[uid]
    pos = u.pos if pos is None else pos
    facing = u.facing if facing is None else facing
    out: dict[str, list[Pos]] = {arc: [] for arc in Arc}
    for sq in ring(pos, u.n):
        if battle.ctx.terrain.inside(sq):
            out[arc_of(sq, pos, u.n, facing)].append(sq)
    return out


def provokers(battle: Battle, uid: str, path: list[Pos] | tuple[Pos, ...]) -> list[str]:
    """Enemies that would take an attack of opportunity as the unit walks this path (as things stand)."""
    u = battle.world[uid]
    used = set(battle.ctx.rs.aoo_used)
    out = []
    for p in list(path)[:-1]:
        at = replace(u, pos=p)
        for e in battle.world.enemies_of(u):
            if e.id not in used and space.threatens(battle.ctx, e, at.squares):
                used.add(e.id)
                out.append(e.id)
    return out


def withdraw_reach(battle: Battle, uid: str) -> Reach:
    """Where a withdrawal may walk, each step directly away (docs/rules.md#activations); its
    paths are the ones to send in a `withdraw` command."""
    u = battle.world[uid]
    return withdrawal.withdraw_squares(battle.ctx, u, half_move(u))[0]


def withdraw_squares(battle: Battle, uid: str) -> dict[Pos, int]:
    """Squares a withdrawal may end on: within half a move, each step directly away from the
    adjacent (else the nearest) enemies, and no nearer any enemy."""
    u = battle.world[uid]
    return withdrawal.withdraw_squares(battle.ctx, u, half_move(u))[1]


# -- the field and the round so far: what the AI reads instead of the battle's internals --------


def terrain(battle: Battle) -> Terrain:
    """The battlefield's squares (they never change during a battle)."""
    return battle.ctx.terrain


def in_exit(battle: Battle, uid: str) -> bool:
    """Whether the creature stands in an exit of its side (a fleeing one leaves the field there)."""
    return flight.in_exit(battle.ctx, battle.world[uid])


def threatening_enemies(battle: Battle, uid: str) -> list[Unit]:
    """Enemies that threaten the squares the creature stands on now."""
    return space.threatening_enemies(battle.ctx, battle.world[uid])


def attack_squares(battle: Battle, uid: str) -> set[Pos]:
    """The squares the creature threatens as it stands (its front arc within reach)."""
    return space.attack_squares(battle.ctx, battle.world[uid])


def phase(battle: Battle) -> int:
    """Phases of this round done so far (steps of the initiative order, or activations)."""
    return battle.ctx.rs.phase


def acted_count(battle: Battle) -> int:
    """How many creatures have spent their action this round (first strikes included)."""
    return len(battle.ctx.rs.acted)


def has_acted(battle: Battle, uid: str) -> bool:
    """Whether the creature has had its action this round, or lost it on a first strike."""
    rs = battle.ctx.rs
    return uid in rs.acted or uid in rs.lost_action


def used_attack_of_opportunity(battle: Battle, uid: str) -> bool:
    """Whether the creature has taken its one attack of opportunity this round."""
    return uid in battle.ctx.rs.aoo_used


def dice_drawn(battle: Battle) -> int:
    """How many draws the battle's generator has made (a position's fingerprint, not a roll)."""
    return battle.draws


def last_melee_round(battle: Battle) -> int:
    """The last round in which anyone struck a blow in melee (0: none yet)."""
    return battle.ctx.last_melee_round


def recently_left(battle: Battle, uid: str) -> set[Pos]:
    """Squares the creature has left in the last few rounds (systems/trail.py), not where it is."""
    return trail.recently_left(battle.ctx, uid)
