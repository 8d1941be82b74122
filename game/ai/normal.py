"""The `normal` AI: a candidate-actions loop (Wesnoth's) that knows the rules it plays under.

For the pending decision it lists the commands worth considering from the battle's query
(`query.moves`, `query.attack_options`, the retreat spaces of `pending()`), gives each a score
and returns the best. Ties go to the candidate listed first; candidates are listed in sorted
order, so the choice is deterministic. Scoring, in short:

- attacks: expected damage (query's chance already counts flank +1, rear +2 and the lost
  shield), a kill weighted by the target's worth (leaders triple: losing one triggers morale
  checks), knockdown chance, a bonus for flank/rear arcs (no riposte, a likely forced retreat),
  for ganging up on a foe whose retreat spaces are blocked;
- every end square: foes left in our flank/rear arcs (the best facing is chosen), attacks of
  opportunity on the way, round-1 first strikes by bigger or longer-reach foes, the strike zone
  of foes that have not acted yet, allies beside us;
- the wounded, fatigued and the wounded leader hang back (`tactics.caution`); fatigued units
  rest when no foe can reach them; set to receive a charge when a foe is about to charge;
  missiles when no foe is adjacent; a charge scores as the attack it ends in, less the AC it
  costs, and never runs into a weapon set against it (game/ai/charging.py);
- end of the round: push into a hazard, else a rear space, else a flank; no space at all is a
  save-or-fall, always taken; follow when the foe would otherwise slip out of reach and the
  follow square leaves us no more exposed.

Of the move squares only those that can still beat the best candidate found so far are scored
in full (MoveSearch, branch and bound on a penalty-free upper bound): the choice is the one
scoring every square gives.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from itertools import chain

import numpy as np

from game.ai.candidate import Candidate, Explanation
from game.ai.charging import charge_candidates, set_candidates
from game.ai.flight import flee, withdraw
from game.ai.quarter import offer_candidates
from game.ai.retreat_choice import retreat_candidates
from game.ai.spells import candidates as spell_candidates
from game.ai.tactics import View, avg_melee, caution, worth
from game.core import query
from game.core.battle import RETREAT, Battle
from game.core.commands import Action, Command, Illegal
from game.core.rules.geometry import FACINGS, FRONT, Pos
from game.core.systems.movement import Reach, effective_mv, half_move
from game.core.world import FLEEING, STEADY, WITHDRAWING, Unit

STEP = 0.15  # value of one square closer to the enemy
ATTACK_BASE = 2.0
EXPLAINED = 5  # candidates --explain lists per decision


def label(cmd: Command) -> str:
    parts: list[str] = [cmd.action]
    if cmd.spell:
        parts.append(cmd.spell)
    if cmd.at is not None:
        parts.append(f"at {list(cmd.at)}")
    if cmd.target:
        parts.append(cmd.target)
    if cmd.path:
        parts.append(f"via {list(cmd.path[-1])}")
    if cmd.to is not None:
        parts.append(f"to {list(cmd.to)}")
    if cmd.action == "force_retreat":
        parts.append("follow" if cmd.follow else "hold")
    if cmd.facing is not None:
        parts.append(FACINGS[cmd.facing])
    return " ".join(parts)


# -- retreats --------------------------------------------------------------------------


# -- activations -----------------------------------------------------------------------


def _kill_chance(o: query.AttackOption, u: Unit, t: Unit) -> float:
    """The chance the option fells t: its hits' damage spread evenly over their range (its outcome's)."""
    if not o.outcome.hit.hurts:
        return 0.0  # its weapon cannot hurt t
    lo, hi = o.outcome.hit.range
    if t.hp <= lo:
        frac = 1.0
    elif t.hp > hi:
        frac = 0.0
    else:
        frac = (hi - t.hp + 1) / (hi - lo + 1)
    w = u.kind.missile if o.kind == "missile" else None
    shots = w.rate if w is not None else 1
    return min(1.0, o.chance * frac * shots)


def score_attack(view: View, o: query.AttackOption, c: float) -> float:
    u = view.unit
    t = view.battle.world[o.target]
    tw = worth(t)
    s = ATTACK_BASE + o.expected_damage * (1.0 + 0.05 * tw) + 2.0 * tw * _kill_chance(o, u, t)
    s += 2.5 * o.knockdown_chance
    if o.kind == "melee":
        if o.arc == "rear":
            s += 1.0
        elif o.arc == "flank":
            s += 0.5
        if t.prone:
            s += 0.3
        # A foe that will not hit back this round can be forced to retreat, if the blow hurts it.
        if (o.arc != FRONT or o.target not in view.unacted) and o.outcome.claims_retreat:
            s += 0.5 * o.chance
        s += 0.4 * min(view.ganged(t), 3)
        if view.free_back_spaces(t) == 0 and o.outcome.claims_retreat:
            s += 0.5 * o.chance
    end = o.path[-1]
    s -= view.exposure(end, o.facing) * (1 + c)
    s -= sum(avg_melee(view.battle.world[e]) * 0.6 for e in view.aoo(o.path)) * (1 + c)
    s -= view.first_strike_risk(o.path)
    if o.kind == "missile":
        s -= 0.3 * view.strike_zone_risk(end)
    else:
        others = view.strike_zone_risk(end) - (0.5 * avg_melee(t) if o.target in view.unacted else 0.0)
        s -= 0.15 * max(0.0, others)
    s -= 0.001 * o.cost
    return s


def _approach_value(view: View, p: Pos, c: float, ranged: bool) -> float:
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
    s = _approach_value(view, p, c, ranged)
    s -= ex * (1 + c)
    s -= view.strike_zone_risk(p) * (0.25 + 0.6 * c + (0.3 if view.unit.leader else 0.0))
    if path is not None:
        s -= sum(avg_melee(view.battle.world[e]) * 0.6 for e in view.aoo(path)) * (1 + c)
        s -= view.first_strike_risk(path)
    s += 0.15 * view.support(p)
    s -= _lead_penalty(view, p)
    return s, f


def _lead_penalty(view: View, p: Pos) -> float:
    """Keep the line: running far ahead of the allies gets a lone creature surrounded."""
    lead = view.line - view.steps_to_enemy(p)
    if lead > 2 and view.line < 99:
        return 0.25 * (lead - 2) * (1.0 - view.boldness)
    return 0.0


def _safe_to_rest(view: View) -> bool:
    for e in view.threats:
        reach = e.kind.melee.reach_squares if e.kind.melee else 1
        if view.gap[e.id] <= effective_mv(e) + half_move(e) + reach:
            return False
    return True


def activation_candidates(battle: Battle, u: Unit, view: View | None = None, keep: int = 1) -> list[Candidate]:
    """The candidates for u's activation. Moves that cannot rank among the `keep` best are
    left out (see MoveSearch); all others are listed."""
    out, moves = activation_parts(battle, u, view or View.build(battle, u))
    if moves is None:
        return out
    moves.run(keep)
    return out + moves.candidates()


def activation_parts(battle: Battle, u: Unit, view: View) -> tuple[list[Candidate], MoveSearch | None]:
    """Every candidate but the moves, and the search that scores moves as far as asked."""
    out: list[Candidate] = []
    if not view.enemies:
        return [Candidate(0.0, Command(Action.HOLD, u.id), "no enemy")], None
    c = caution(u)
    ranged = u.kind.missile is not None
    adjacent = [e for e in view.threats if view.gap[e.id] == 1]
    if u.prone:
        here, f = score_position(view, u.pos, None, c, ranged)
        out.append(Candidate(here, Command(Action.STAND_UP, u.id, facing=f), "stand up"))
        for e in sorted(adjacent, key=lambda e: e.id):
            out += _stand_and_strike(battle, view, u, e, c)
        out.append(Candidate(here - 1.0 - (0 if u.fatigue_state else 1.0), Command(Action.REST, u.id), "rest prone"))
        return out, None
    full, half = query.full_and_half_moves(battle, u.id)  # moves and charges, attacks and shots
    for o in query.attack_options(battle, u.id, "melee", half):
        out.append(
            Candidate(
                score_attack(view, o, c),
                Command(Action.ATTACK, u.id, path=o.path, target=o.target),
                f"{o.arc} {o.chance:.2f}",
            )
        )
    if ranged and not adjacent:
        missile = u.kind.missile
        assert missile is not None  # ranged: it shoots
        for o in query.attack_options(battle, u.id, "missile", half):
            out.append(
                Candidate(
                    score_attack(view, o, c) + 0.5,
                    Command(Action.FIRE, u.id, path=o.path, target=o.target),
                    f"fire {o.chance:.2f}x{missile.rate}",
                )
            )
    out += spell_candidates(view, u, c)
    here, f_here = score_position(view, u.pos, None, c, ranged)
    stay_now = here + view.exposure(u.pos, f_here) * (1 + c) - view.exposure(u.pos, u.facing) * (1 + c)
    out.append(Candidate(stay_now - 0.05, Command(Action.HOLD, u.id), "hold"))
    if f_here != u.facing:
        out.append(Candidate(here, Command(Action.TURN, u.id, facing=f_here), "turn"))
    out += set_candidates(view, stay_now, bool(adjacent))
    out += offer_candidates(battle, u, stay_now)
    if u.fatigue_state > 0:
        if _safe_to_rest(view):
            out.append(Candidate(here + 2.5 + u.fatigue_state, Command(Action.REST, u.id), "rest (safe)"))
        else:
            out.append(Candidate(stay_now - 1.0, Command(Action.REST, u.id), "rest"))
    out += charge_candidates(view, c, full, score_attack)
    return out, MoveSearch(view, full, c, ranged, out)


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


def _upper_bound(view: View, p: Pos, c: float, ranged: bool) -> float:
    """score_position at p without its penalties: no square scores above it. One square at a time:
    `_queue` works the same floats out for the whole reach at once (tests/ai/test_pruning.py)."""
    return _approach_value(view, p, c, ranged) + 0.15 * view.support(p) - _lead_penalty(view, p)


COOL_SQUARES = 16


def _queue(view: View, reach: Reach, c: float, ranged: bool) -> list[tuple[float, Pos]]:
    """The squares worth the full scoring, as (-upper bound + 0.0005 x cost, square), in order:
    every square within some foe's striking distance (there facing and flanks decide), and of the
    rest only the best few by the cheap approach value. The approach value and the lead penalty
    read a square only through its distance to the enemy, so each distance is worked out once (the
    very same floats) and the rest is numpy: `_upper_bound`'s floats, in (bound, square) order."""
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
    by_dist = [(_approach_value(view, squares[i], c, ranged), _lead_penalty(view, squares[i])) for i in first.tolist()]
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


def _stand_and_strike(battle: Battle, view: View, u: Unit, e: Unit, c: float) -> list[Candidate]:
    """Stand up and attack in place: the query lists no attacks while prone, so test the
    command on a copy (the battle refuses it if the foe is out of reach)."""
    trial = battle.copy()
    try:
        trial.apply(Command(Action.STAND_UP, u.id, target=e.id))
    except Illegal:
        return []
    return [
        Candidate(
            ATTACK_BASE
            + 0.5 * avg_melee(u)
            + 2.0 * (e.hp <= avg_melee(u)) * worth(e) * 0.3
            - view.exposure(u.pos, u.facing) * (1 + c),
            Command(Action.STAND_UP, u.id, target=e.id),
            "stand and strike",
        )
    ]


def best(cands: list[Candidate]) -> Candidate:
    top = cands[0]
    for cand in cands[1:]:
        if cand.score > top.score + 1e-9:
            top = cand
    return top


def ranked(cands: list[Candidate]) -> list[Candidate]:
    return [c for _, c in sorted(enumerate(cands), key=lambda ic: (-ic[1].score, ic[0]))]


def routed(battle: Battle, u: Unit, explain: Explanation | None) -> Command:
    """The move of a creature that is not steady: it flees or withdraws."""
    if u.morale == FLEEING:
        return flee(battle, u, explain)
    assert u.morale == WITHDRAWING, u.morale  # the only other state besides steady
    return withdraw(battle, u, explain)


def candidates(battle: Battle, keep: int = 1) -> list[Candidate]:
    p = battle.pending()
    if p.kind == RETREAT:
        return retreat_candidates(battle)
    u = battle.world[p.unit or ""]
    return activation_candidates(battle, u, keep=keep)


def decide(battle: Battle, explain: Explanation | None = None) -> Command:
    p = battle.pending()
    if p.kind != RETREAT:
        u = battle.world[p.unit or ""]
        if u.morale != STEADY:
            return routed(battle, u, explain)
    cands = candidates(battle, keep=1 if explain is None else EXPLAINED)
    if explain is not None:
        explain.append([(round(c.score, 3), f"{label(c.cmd)} [{c.note}]") for c in ranked(cands)[:EXPLAINED]])
    return best(cands).cmd
