"""The `hard` AI: `normal`'s candidates, then a look-ahead on the few best.

For the top K candidates of an activation it applies the command to `battle.copy()` and
evaluates the position that results, through the battle's own query on the copy: whether the
acting unit still stands, and the expected damage the foes nearest it can deal it next
(query.attack_options for each of them, arcs and chances included; foes that have not acted
count in full, the others at half, for next round). The look-ahead only ever lowers a score,
so the best is played out first and a runner-up only while it could still beat it.

The copy's dice are replaced by an independent generator seeded from the position, so the
look-ahead never sees the battle's real rolls (it would otherwise know whether an attack hits).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.ai.candidate import Candidate, Explanation
from game.ai.measures import caution
from game.ai.move_search import SLACK
from game.ai.normal import EXPLAINED, activation_parts, best, label, ranked, routed
from game.ai.normal import decide as decide_retreat  # the normal AI chooses retreats for the hard one
from game.ai.random_ai import decision_seed
from game.ai.tactics import View
from game.core import query
from game.core.battle import RETREAT, Battle
from game.core.commands import Command, Illegal
from game.core.rules.dice import Rng
from game.core.rules.geometry import footprint_distance
from game.core.systems.movement import half_move
from game.core.world import STEADY

TOP_K = 3
NEAR_FOES = 3
TAKEN_WEIGHT = 0.7


def _taken(trial: Battle, uid: str, near: int = NEAR_FOES, lost: Callable[[float], bool] | None = None) -> float:
    """Expected damage the nearest foes could deal this unit from the trial position; with `lost`,
    only until lost(the damage so far) says the candidate can no longer win (each foe adds to it)."""
    w = trial.world
    if uid not in w.units or not w[uid].alive:
        return 0.0
    u = w[uid]
    foes = []
    for e in w.enemies_of(u):
        if not e.steady or e.prone or e.kind.melee is None:
            continue
        gap = footprint_distance(u.pos, u.n, e.pos, e.n)
        if gap <= half_move(e) + e.kind.melee.reach_squares:
            foes.append((gap, e.id, e))
    foes.sort(key=lambda g: (g[0], g[1]))
    total = 0.0
    for _, _, e in foes[:near]:
        opts = query.attack_options(trial, e.id)
        if not opts:
            continue
        mine = max((o.expected_damage for o in opts if o.target == uid), default=0.0)
        top = max(o.expected_damage for o in opts)
        share = 1.0 if mine >= 0.8 * top else 0.35
        total += mine * share * (0.5 if query.has_acted(trial, e.id) else 1.0)
        if lost is not None and lost(total):
            break
    return total


def lookahead(battle: Battle, cand: Candidate, c: float, boldness: float = 0.0, beaten: float = -math.inf) -> float:
    """The candidate's score less the blows it would take; once that falls below `beaten` (a score
    another candidate keeps) the rest of the blows are not weighed: it has lost either way."""
    trial = battle.copy(rng=Rng(decision_seed(battle, 17)))
    uid = cand.cmd.unit
    try:
        trial.apply(cand.cmd)
    except Illegal:
        return -1e6
    u = trial.world[uid]
    if not u.able:
        return cand.score - 3.0
    # A bold side (stronger, or late in the battle) weighs the blows it will take less: two
    # wary sides that each wait for the other to step into reach would never close.
    weight = TAKEN_WEIGHT * (1 + c) * (1.0 - 0.6 * boldness)
    return cand.score - weight * _taken(trial, uid, lost=lambda taken: cand.score - weight * taken < beaten)


def decide(battle: Battle, explain: Explanation | None = None) -> Command:
    p = battle.pending()
    if p.kind == RETREAT:
        return decide_retreat(battle, explain)
    u = battle.world[p.unit or ""]
    if u.morale != STEADY:
        return routed(battle, u, explain)
    view = View.build(battle, u)
    others, moves = activation_parts(battle, u, view)
    explained = EXPLAINED if explain is not None else 1
    if moves is not None:
        moves.run(explained)

    def ranked_now() -> list[Candidate]:
        return ranked(others + (moves.candidates() if moves is not None else []))

    order = ranked_now()
    if len(order) <= 1:
        return order[0].cmd
    c = caution(u)
    # Look ahead only where a foe is near enough to matter.
    mine = half_move(u) + 3
    near = any(view.gap[e.id] <= mine + half_move(e) for e in view.threats)
    if not near:
        if explain is not None:
            explain.append([(round(x.score, 3), f"{label(x.cmd)} [{x.note}]") for x in order[:5]])
        return order[0].cmd
    # The best first: the look-ahead only lowers scores, so the runners-up worth playing out
    # are those scoring at least what the best keeps, and only those need finding.
    first = rescore(battle, order[:1], c, view.boldness)[0]
    if moves is not None:
        moves.run(TOP_K, floor=first.score)
        order = ranked_now()
    rescored = [first] + rescore(battle, order[1:TOP_K], c, view.boldness, prune=explain is None, beaten=first.score)
    if explain is not None:
        explain.append([(round(x.score, 3), f"{label(x.cmd)} [{x.note}]") for x in ranked(rescored)])
    return best(rescored).cmd


def rescore(
    battle: Battle, top: list[Candidate], c: float, boldness: float, prune: bool = True, beaten: float = -math.inf
) -> list[Candidate]:
    """The look-ahead's scores for the top candidates, best first by normal's score.

    The look-ahead only ever lowers a score, so once a rescored candidate (or `beaten`, the
    score of one rescored before) beats a candidate's own score, neither it nor any after it
    can win: with prune they are left out (the choice is the same; --explain scores them all)."""
    out: list[Candidate] = []
    for x in top:
        kept = max([beaten] + [r.score for r in out])
        if prune and x.score < kept - SLACK:
            break
        # Pruning, a score cut short below `kept` is as good as the whole: it loses either way.
        score = lookahead(battle, x, c, boldness, kept if prune else -math.inf)
        out.append(Candidate(score, x.cmd, x.note + f"; normal {x.score:.2f}"))
    return out
