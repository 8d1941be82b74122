"""The end of the round for the tactical AIs: which space to drive a beaten foe into, and
whether to follow (rear spaces and hazards first, the foe kept among our creatures, our own
exposure after following weighed by caution)."""

from __future__ import annotations

from game.ai.candidate import Candidate
from game.ai.measures import caution
from game.ai.tactics import View, chebyshev
from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.rules.geometry import FRONT, Pos, arc_of, footprint_distance

HAZARD_VALUE = {"cliff": 12.0, "fire": 10.0, "pit": 10.0, "none": 0.0}


def retreat_candidates(battle: Battle) -> list[Candidate]:
    p = battle.pending()
    a = battle.world[p.unit or ""]
    t = battle.world[p.target or ""]
    if not p.spaces:
        return [Candidate(5.0, Command(Action.FORCE_RETREAT, a.id, target=t.id, to=None), "no space: save or fall")]
    view = View.build(battle, a, need_dist=False)
    c = caution(a)
    out = [Candidate(0.0, Command(Action.DECLINE_RETREAT, a.id, target=t.id), "decline")]
    for s in p.spaces:
        to = s["to"]
        base = HAZARD_VALUE.get(s["hazard"], 8.0) + (1.0 if s["space"] == "rear" else 0.0)
        # Keep the foe among our creatures: allies still beside it where it lands.
        near = sum(1 for x in view.allies if x.steady and footprint_distance(x.pos, x.n, to, t.n) == 1)
        base += 0.3 * min(near, 3)
        still_adjacent = footprint_distance(a.pos, a.n, to, t.n) <= (a.kind.melee.reach_squares if a.kind.melee else 1)
        hold_score = base + (0.8 if still_adjacent else 0.0)
        out.append(
            Candidate(
                hold_score,
                Command(Action.FORCE_RETREAT, a.id, target=t.id, to=to, follow=False),
                f"{s['space']} {s['hazard']}",
            )
        )
        if s["follow_to"] is not None:
            f_to = s["follow_to"]
            # The follower turns if it must to keep the foe threatened (docs/rules.md#forced-retreats).
            f_face = a.facing if s["follow_facing"] is None else s["follow_facing"]
            ex_now = view.exposure(a.pos, a.facing, ignore=t.id)
            ex_then = view.exposure(f_to, f_face, ignore=t.id)
            keeps = arc_of(min(_squares(to, t.n), key=lambda q: (chebyshev(q, f_to), q)), f_to, a.n, f_face) == FRONT
            follow_score = base + (1.0 if keeps else 0.2) - (ex_then - ex_now) * (1 + c) - 0.6 * c
            if s["hazard"] != "none":
                follow_score -= 0.5
            out.append(
                Candidate(
                    follow_score,
                    Command(Action.FORCE_RETREAT, a.id, target=t.id, to=to, follow=True),
                    f"{s['space']} {s['hazard']} follow",
                )
            )
    return out


def _squares(pos: Pos, n: int) -> list[Pos]:
    return [(pos[0] + i, pos[1] + j) for j in range(n) for i in range(n)]
