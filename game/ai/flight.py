"""Routed units for the tactical AIs: withdraw in good order, flee down the safety map.

- Withdrawing: half move directly away from the adjacent enemy (query.withdraw_squares), down the
  safety map, then face the nearest enemy (it backs away facing the foe).
- Fleeing: full move down the safety map toward the side's exits (maps.safety_map); a square
  the unit has left in the last two rounds (query.recently_left, kept in the battle's state,
  so a copy of the battle remembers it too) costs extra, so it never dithers back and forth;
  while a foe is close, squares nearer to a foe than where it stands are refused if any
  others remain; an exit square is always welcome (it leaves the field there).
"""

from __future__ import annotations

from game.ai.candidate import Explanation
from game.ai.maps import safety_map
from game.core import query
from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.rules.geometry import Pos, facing_toward, footprint_distance
from game.core.systems.movement import effective_mv
from game.core.systems.space import can_threaten
from game.core.world import Unit

DITHER = 40  # safety-map units (about 17 squares of distance) for a square just left


def _threats(battle: Battle, u: Unit) -> list[Unit]:
    return [e for e in battle.world.enemies_of(u) if can_threaten(e)]


def _gap(u: Unit, p: Pos, threats: list[Unit]) -> int:
    return min((footprint_distance(p, u.n, e.pos, e.n) for e in threats), default=99)


def _face(u: Unit, p: Pos, threats: list[Unit]) -> int | None:
    if not threats:
        return None
    e = min(threats, key=lambda e: (footprint_distance(p, u.n, e.pos, e.n), e.id))
    return facing_toward(p, u.n, e.pos, e.n)


def flee(battle: Battle, u: Unit, explain: Explanation | None = None) -> Command:
    if u.prone:
        return Command(Action.STAND_UP, u.id)
    reach = query.moves(battle, u.id)
    safety = safety_map(battle, u)
    threats = _threats(battle, u)
    recent = query.recently_left(battle, u.id)
    exits = query.terrain(battle).exits_for(u.side)
    now = _gap(u, u.pos, threats)
    guard = max((effective_mv(e) for e in threats), default=0) + 3
    floor = min(now, guard)

    def exit_sq(p: Pos) -> bool:
        return any(z.contains(s) for z in exits for s in ((p[0] + i, p[1] + j) for j in range(u.n) for i in range(u.n)))

    squares = sorted(reach.costs)
    ok = [p for p in squares if exit_sq(p) or _gap(u, p, threats) >= floor]
    pool = ok or squares
    scored = []
    for p in pool:
        s = int(safety[p[1], p[0]]) + (DITHER if p in recent else 0)
        if exit_sq(p):
            s -= 10_000  # leave the field now
        scored.append((s, -_gap(u, p, threats), reach.costs[p], p))
    scored.sort()
    if explain is not None:
        explain.append([(-s[0], f"flee to {list(s[3])}") for s in scored[:5]])
    best = scored[0][3]
    if best == u.pos:
        if query.in_exit(battle, u.id):
            return Command(Action.HOLD, u.id)
        f = _face(u, u.pos, threats)
        return Command(Action.HOLD, u.id) if f is None or f == u.facing else Command(Action.TURN, u.id, facing=f)
    return Command(Action.MOVE, u.id, path=tuple(reach.path(best)))


def withdraw(battle: Battle, u: Unit, explain: Explanation | None = None) -> Command:
    if u.prone:
        return Command(Action.STAND_UP, u.id)
    reach = query.withdraw_reach(battle, u.id)
    safety = safety_map(battle, u)
    threats = _threats(battle, u)
    recent = query.recently_left(battle, u.id)
    options = [u.pos, *sorted(query.withdraw_squares(battle, u.id))]
    scored = sorted((int(safety[p[1], p[0]]) + (DITHER if p in recent else 0), reach.costs[p], p) for p in options)
    if explain is not None:
        explain.append([(-s[0], f"withdraw to {list(s[2])}") for s in scored[:5]])
    best = scored[0][2]
    facing = _face(u, best, threats)
    if best == u.pos:
        return (
            Command(Action.TURN, u.id, facing=facing) if facing not in (None, u.facing) else Command(Action.HOLD, u.id)
        )
    return Command(Action.WITHDRAW, u.id, path=tuple(reach.path(best)), facing=facing)
