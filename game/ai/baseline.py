"""The baseline AI: honest, not clever. Approach and attack, face threats, force retreats
(hazards and rear spaces first), and run routed units down a safety map toward the exits."""

from __future__ import annotations

from game.ai.maps import FAR, enemy_distance, safety_map
from game.core import query
from game.core.battle import RETREAT, Battle
from game.core.commands import Action, Command
from game.core.rules.geometry import Pos, facing_toward
from game.core.world import FLEEING, WITHDRAWING, Unit

HAZARD_PREFERENCE = {"cliff": 3, "fire": 3, "pit": 3, "none": 0}


def _nearest_enemy(battle: Battle, u: Unit, pos: Pos | None = None) -> Unit | None:
    pos = u.pos if pos is None else pos
    enemies = [e for e in battle.world.enemies_of(u) if e.able]
    if not enemies:
        enemies = battle.world.enemies_of(u)
    if not enemies:
        return None
    return min(enemies, key=lambda e: (max(abs(e.pos[0] - pos[0]), abs(e.pos[1] - pos[1])), e.id))


def _facing_to_enemy(battle: Battle, u: Unit, pos: Pos) -> int | None:
    e = _nearest_enemy(battle, u, pos)
    return None if e is None else facing_toward(pos, u.n, e.pos, e.n)


def retreat_choice(battle: Battle) -> Command:
    p = battle.pending()
    if not p.spaces:
        return Command(Action.FORCE_RETREAT, p.unit or "", target=p.target, to=None)
    best = max(
        p.spaces, key=lambda s: (HAZARD_PREFERENCE[s["hazard"]], s["space"] == "rear", s["follow_to"] is not None)
    )
    follow = best["follow_to"] is not None and best["hazard"] == "none"
    return Command(Action.FORCE_RETREAT, p.unit or "", target=p.target, to=best["to"], follow=follow)


def _flee(battle: Battle, u: Unit) -> Command:
    reach = query.moves(battle, u.id)
    safety = safety_map(battle, u)
    best = min(reach.costs, key=lambda p: (int(safety[p[1], p[0]]), reach.costs[p], p))
    if best == u.pos:
        return Command(Action.HOLD, u.id)
    return Command(Action.MOVE, u.id, path=tuple(reach.path(best)))


def _withdraw(battle: Battle, u: Unit) -> Command:
    reach = query.withdraw_reach(battle, u.id)
    safety = safety_map(battle, u)
    options = [u.pos, *query.withdraw_squares(battle, u.id)]
    best = min(options, key=lambda p: (int(safety[p[1], p[0]]), reach.costs[p], p))
    facing = _facing_to_enemy(battle, u, best)
    if best == u.pos:
        return (
            Command(Action.TURN, u.id, facing=facing) if facing not in (None, u.facing) else Command(Action.HOLD, u.id)
        )
    return Command(Action.WITHDRAW, u.id, path=tuple(reach.path(best)), facing=facing)


def _score(o: query.AttackOption, battle: Battle) -> float:
    t = battle.world[o.target]
    kill = 2.0 if o.expected_damage >= t.hp else 0.0
    return o.expected_damage + 3 * o.knockdown_chance + kill - 0.01 * o.cost


def decide(battle: Battle) -> Command:
    p = battle.pending()
    if p.kind == RETREAT:
        return retreat_choice(battle)
    u = battle.world[p.unit or ""]
    if u.morale == FLEEING:
        if u.prone:
            return Command(Action.STAND_UP, u.id)
        return _flee(battle, u)
    if u.prone:
        opts = [o for o in query.attack_options(battle, u.id) if o.cost == 0]
        if opts:
            best = max(opts, key=lambda o: _score(o, battle))
            return Command(Action.STAND_UP, u.id, target=best.target)
        return Command(Action.STAND_UP, u.id)
    if u.morale == WITHDRAWING:
        return _withdraw(battle, u)
    return _steady(battle, u)


def _steady(battle: Battle, u: Unit) -> Command:
    """A steady creature on its feet: rest when safe and tired, shoot, strike, or close in."""
    enemy = _nearest_enemy(battle, u)
    if enemy is None:
        return Command(Action.HOLD, u.id)
    threatened = bool(query.threatening_enemies(battle, u.id))
    far = max(abs(enemy.pos[0] - u.pos[0]), abs(enemy.pos[1] - u.pos[1])) > u.kind.mv + 2
    if u.fatigue_state > 0 and not threatened and far:
        return Command(Action.REST, u.id)
    if u.kind.missile is not None and not threatened:
        shots = [o for o in query.attack_options(battle, u.id, "missile") if o.cost == 0]
        if shots:
            best = max(shots, key=lambda o: _score(o, battle))
            return Command(Action.FIRE, u.id, target=best.target)
    opts = query.attack_options(battle, u.id)
    if opts:
        best = max(opts, key=lambda o: _score(o, battle))
        return Command(Action.ATTACK, u.id, path=best.path, target=best.target)
    return _approach(battle, u)


def _approach(battle: Battle, u: Unit) -> Command:
    reach = query.moves(battle, u.id)
    dist = enemy_distance(battle, u)
    best = min(reach.costs, key=lambda p: (int(dist[p[1], p[0]]), reach.costs[p], p))
    facing = _facing_to_enemy(battle, u, best)
    if best == u.pos or int(dist[best[1], best[0]]) >= FAR:
        if facing is not None and facing != u.facing:
            return Command(Action.TURN, u.id, facing=facing)
        return Command(Action.HOLD, u.id)
    return Command(Action.MOVE, u.id, path=tuple(reach.path(best)), facing=facing)
