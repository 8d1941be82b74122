"""Where a creature may stand, for the tactical AIs: each square's score (the approach, its
flanks and rear, the strike zones and blows on the way, the allies beside it, the line), and
the search that scores in full only the squares that can still win (branch and bound), so the
choice is the one scoring every square would give.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from itertools import chain

import numpy as np

from game.ai.candidate import Candidate
from game.ai.measures import avg_melee
from game.ai.tactics import View
from game.core.commands import Action, Command
from game.core.rules.geometry import Pos
from game.core.systems.movement import Reach

STEP = 0.15  # value of one square closer to the enemy


def approach_value(view: View, p: Pos, c: float, ranged: bool) -> float:
    steps = view.steps_to_enemy(p)
    if steps >= 99:
        return -99 * STEP
    if ranged:
        w = view.unit.kind.missile
        ideal = max(2, w.range[0] // 2) if w else 2
        v = -STEP * abs(steps - ideal)
        if steps <= 1:
            v -= 1.0
        return v
    # Each quiet round makes closing with the foe worth more: two wary lines must not stare
    # at each other until the battle runs out of rounds.
    v = -STEP * (1.0 - 0.8 * c) * steps * (1 + 0.5 * view.quiet)
    if c > 0.4 and view.allies:
        v += 0.3 * c * min(steps, 6) * STEP * 4
    return v


def score_position(view: View, p: Pos, path: Iterable[Pos] | None, c: float, ranged: bool) -> tuple[float, int]:
    f, ex = view.best_facing(p)
    s = approach_value(view, p, c, ranged)
    s -= ex * (1 + c)
    s -= view.strike_zone_risk(p) * (0.25 + 0.6 * c + (0.3 if view.unit.leader else 0.0))
    if path is not None:
        s -= sum(avg_melee(view.battle.world[e]) * 0.6 for e in view.aoo(path)) * (1 + c)
        s -= view.first_strike_risk(path)
    s += 0.15 * view.support(p)
    s -= lead_penalty(view, p)
    return s, f


def lead_penalty(view: View, p: Pos) -> float:
    """Keep the line: running far ahead of the allies gets a lone creature surrounded."""
    lead = view.line - view.steps_to_enemy(p)
    if lead > 2 and view.line < 99:
        return 0.25 * (lead - 2) * (1.0 - view.boldness)
    return 0.0


SLACK = 1e-6  # far above float rounding, far below any score difference that matters


class MoveSearch:
    """The move candidates, scored by branch and bound.

    Every term of `score_position` past the approach, support and line is a penalty
    (exposure, strike zones, blows on the way), so those three give a cheap upper bound.
    Squares are scored in full from the highest bound down, and `run` stops when no square
    left can rank among the best it is asked for: the best candidates are the ones scoring
    every square would give, at a fraction of the cost. The search can be taken further
    later (hard asks for more once its look-ahead has spoken)."""

    def __init__(self, view: View, reach: Reach, c: float, ranged: bool, others: list[Candidate]) -> None:
        self.view, self.reach, self.c, self.ranged = view, reach, c, ranged
        self.queue = _queue(view, reach, c, ranged)
        self.next = 0
        self.found: dict[Pos, Candidate] = {}
        self.scores = sorted((x.score for x in others), reverse=True)  # of every candidate scored

    def run(self, keep: int, floor: float = -math.inf) -> None:
        """Score squares until none left could rank among the `keep` best or reach `floor`."""
        u, reach = self.view.unit, self.reach
        while self.next < len(self.queue):
            neg_bound, p = self.queue[self.next]
            kth = self.scores[keep - 1] if len(self.scores) >= keep else -math.inf
            if -neg_bound < max(kth, floor) - SLACK:
                return
            self.next += 1
            path = reach.path(p)
            s, f = score_position(self.view, p, path, self.c, self.ranged)
            cand = Candidate(
                s - 0.0005 * reach.costs[p], Command(Action.MOVE, u.id, path=tuple(path), facing=f), "move"
            )
            self.found[p] = cand
            bisect.insort(self.scores, cand.score, key=lambda v: -v)

    def candidates(self) -> list[Candidate]:
        """The moves scored so far, in square order."""
        return [self.found[p] for p in sorted(self.found)]


def upper_bound(view: View, p: Pos, c: float, ranged: bool) -> float:
    """score_position at p without its penalties: no square scores above it. One square at a time:
    `_queue` works the same floats out for the whole reach at once (tests/ai/test_pruning.py)."""
    return approach_value(view, p, c, ranged) + 0.15 * view.support(p) - lead_penalty(view, p)


COOL_SQUARES = 16


def _queue(view: View, reach: Reach, c: float, ranged: bool) -> list[tuple[float, Pos]]:
    """The squares worth the full scoring, as (-upper bound + 0.0005 x cost, square), in order:
    every square within some foe's striking distance (there facing and flanks decide), and of the
    rest only the best few by the cheap approach value. The approach value and the lead penalty
    read a square only through its distance to the enemy, so each distance is worked out once (the
    very same floats) and the rest is numpy: `upper_bound`'s floats, in (bound, square) order."""
    squares = list(reach.costs)
    cost = np.fromiter(reach.costs.values(), dtype=np.intp, count=len(squares))
    own = view.unit.pos
    if own in reach.costs:
        i = squares.index(own)
        del squares[i]
        cost = np.delete(cost, i)
    if not squares:
        return []
    xy = np.fromiter(chain.from_iterable(squares), dtype=np.intp, count=2 * len(squares)).reshape(-1, 2)
    xs, ys = xy[:, 0], xy[:, 1]
    _, first, inverse = np.unique(view.dist[ys, xs], return_index=True, return_inverse=True)
    by_dist = [(approach_value(view, squares[i], c, ranged), lead_penalty(view, squares[i])) for i in first.tolist()]
    approach = np.array([a for a, _ in by_dist])[inverse]
    lead = np.array([b for _, b in by_dist])[inverse]
    hot = view.strike_reach_mask()[ys, xs]
    cool = np.flatnonzero(~hot)
    if len(cool) > COOL_SQUARES:
        # The best few by (approach, cost, square), as sorting them all would give.
        order = np.lexsort((ys[cool], xs[cool], cost[cool], -approach[cool]))
        hot[cool[order[:COOL_SQUARES]]] = True
    else:
        hot[cool] = True
    keep = np.flatnonzero(hot)
    support = np.array([view.support(squares[i]) for i in keep.tolist()], dtype=float)
    key = -((approach[keep] + 0.15 * support) - lead[keep]) + 0.0005 * cost[keep]
    kx, ky = xs[keep], ys[keep]
    order = np.lexsort((ky, kx, key))
    return list(zip(key[order].tolist(), zip(kx[order].tolist(), ky[order].tolist(), strict=True), strict=True))
