"""Where each creature has just been: the squares it left in the last few rounds.

Kept in the battle's state (not read back from its log) so that a copy of the battle remembers
them too: a fleeing creature shuns the squares it has just left (game/ai/flight.py), and the
window's AI worker decides on a copy.
"""

from __future__ import annotations

from game.core.rules.geometry import Pos
from game.core.systems.context import Ctx

TRAIL_ROUNDS = 2  # how many rounds back, besides this one, a creature remembers where it has been


def record(ctx: Ctx, uid: str, path: list[Pos]) -> None:
    """Remember the squares of a logged move the creature left: all of its path but the end."""
    floor = ctx.round - TRAIL_ROUNDS  # older steps are never asked for again
    kept = tuple(step for step in ctx.trails.get(uid, ()) if step[0] >= floor)
    ctx.trails[uid] = kept + tuple((ctx.round, (p[0], p[1])) for p in path[:-1])


def recently_left(ctx: Ctx, uid: str) -> set[Pos]:
    """Squares the creature stood on or walked through this round or the last TRAIL_ROUNDS,
    except the one it stands on now."""
    floor = ctx.round - TRAIL_ROUNDS
    out = {p for r, p in ctx.trails.get(uid, ()) if r >= floor}
    out.discard(ctx.world[uid].pos)
    return out
