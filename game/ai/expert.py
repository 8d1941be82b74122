"""The `expert` AI: `hard`'s shortlist, then the battle itself played forward to choose.

For an activation with foes near, it takes the best few candidates of `normal`'s scoring and
plays each forward on copies of the battle: the command, then the later decisions of the round
by a policy (both sides), through the end of the round (its forced retreats, morale and
fatigue) or a few decisions, and values what is left. A playout plays and values only the
acting creature's neighbourhood: creatures farther off hold, since their fights are the same
whichever command is played and would only add their dice's noise (and their time) to the
comparison. Each candidate's value is the mean over its playouts; the best mean is played.
Playouts are spread over the candidates in turns, so the search may stop after any turn (an
anytime search): at its budget of playouts, or of seconds.

Every playout draws its dice from a generator of its own, seeded from the position and the
playout's number, never from the battle's: the search never sees a die before it is rolled.
Playout k of every candidate rolls the same dice (common random numbers), each roll of each
creature from a stream of its own (game/ai/playout_dice.py), so two candidates are compared on
the same luck, and a difference between them is the commands', not the dice's.

A budget in playouts gives the same decisions on any machine; a budget in seconds (the window's)
plays as many turns as the time allows.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass

from game.ai.candidate import Candidate, Explanation
from game.ai.hard import decide as hard_decide
from game.ai.measures import worth
from game.ai.normal import EXPLAINED, activation_parts, label, ranked, routed
from game.ai.playout_dice import PlayoutDice
from game.ai.random_ai import decision_seed
from game.ai.tactics import View
from game.core import query
from game.core.battle import ACTIVATION, RETREAT, Battle
from game.core.commands import Action, Command, Illegal
from game.core.rules.geometry import footprint_distance
from game.core.systems.movement import half_move
from game.core.world import FLEEING, STEADY, WITHDRAWING, Unit

SHORTLIST = 4  # candidates searched: normal's best few cover nearly every choice it would regret
# Decisions the policy takes in a playout at most: on a big field the round is valued part-played.
# Played by normal and cut at 10, 8 playouts scored +35 against hard where baseline's, cut alike,
# scored -23 (30 pairs; bench/README.md, "The expert").
PLAYOUT_CAP = 10
# Squares from the acting creature within which the others are played out and valued: a round's
# move and reach for most creatures, so every creature that could meet it this round.
NEIGHBOURHOOD = 12
# What a creature left in each order is worth to its side, as a share of a steady one: a
# withdrawing creature still holds ground, a fleeing one is nearly lost.
ORDER_SHARE = {STEADY: 1.0, WITHDRAWING: 0.5, FLEEING: 0.15}
PRONE_SHARE = 0.85
NORMAL_WEIGHT = 0.05  # normal's own score breaks near-ties between equal futures
# Seconds a budget in seconds keeps back: for what follows the search, and a playout a little
# longer than any before it (without it, a few decisions in a hundred on a 64x64 field ended
# a couple of milliseconds over).
RESERVE = 0.015

Policy = Callable[[Battle], Command]


@dataclass(frozen=True)
class Budget:
    """How long the expert searches a decision: `playouts` in all, or `think` seconds."""

    playouts: int = 0
    think: float = 0.5
    clock: Callable[[], float] = time.perf_counter

    def spent(self, played: int, started: float, longest: float) -> bool:
        """After `played` playouts in all, the search (or the decision) begun at `started` and its
        longest playout so far `longest` seconds: whether to stop. A budget in seconds stops when
        one more playout as long as the longest would overrun it. Checking only between turns (a
        turn, a playout of each candidate, takes about a fifth of a second on a 64x64 field)
        overran it: by a turn when waiting for the clock to pass it (p99 0.67 s of 0.5 s), by a
        turn's variation when judging by the turns' mean (p99 0.52 s)."""
        if self.playouts:
            return played >= self.playouts
        return self.out_of_time(started, longest)

    def out_of_time(self, started: float, longest: float) -> bool:
        """A budget in seconds only: whether one more playout as long as the longest would overrun it."""
        return not self.playouts and self.clock() - started + longest >= self.think - RESERVE


def value(battle: Battle, side: str, only: Collection[str] | None = None) -> float:
    """What the field is worth to `side`: its creatures' worth, each by the hit points it keeps
    and its order, less the foes' the same way (a creature dead, fled or surrendered: nothing);
    with `only`, of those creatures alone."""
    units = battle.world.units
    total = 0.0
    for u in units.values() if only is None else (units[uid] for uid in only):
        share = _share(u)
        if share:
            total += share if u.side == side else -share
    return total


def neighbourhood(battle: Battle, uid: str) -> frozenset[str]:
    """The creatures able to fight within NEIGHBOURHOOD squares of `uid`, itself included."""
    u = battle.world[uid]
    return frozenset(
        v.id
        for v in battle.world.units.values()
        if v.able and footprint_distance(u.pos, u.n, v.pos, v.n) <= NEIGHBOURHOOD
    )


def _share(u: Unit) -> float:
    if not u.able:
        return 0.0
    v = worth(u) * (0.4 + 0.6 * u.hp / max(1, u.hp_max)) * ORDER_SHARE[u.morale]
    return v * PRONE_SHARE if u.prone else v


def playout(battle: Battle, cmd: Command, seed: int, policy: Policy, near: frozenset[str]) -> float:
    """The value to the acting side, among the creatures `near`, of `cmd` played now and the
    round then played out: the policy plays those creatures (at most PLAYOUT_CAP decisions), the
    rest hold where they may (a fleeing one cannot: the policy plays it)."""
    side = battle.pending().side or ""
    trial = battle.copy(rng=PlayoutDice(seed))
    try:
        trial.apply(cmd)
    except Illegal:
        return -1e6
    start = battle.round
    played = 0
    while played < PLAYOUT_CAP and not trial.over and trial.round == start:
        p = trial.pending()
        uid = p.unit or ""
        if p.kind == ACTIVATION and uid not in near and Action.HOLD in query.allowed_actions(trial, uid):
            trial.apply(Command(Action.HOLD, uid))
            continue
        trial.apply(policy(trial))
        played += 1
    return value(trial, side, near)


def search(
    battle: Battle, shortlist: list[Candidate], budget: Budget, policy: Policy, started: float | None = None
) -> list[Candidate]:
    """Each candidate scored by the mean value of its playouts (plus a little of normal's
    score), best first; playouts go to every candidate in turn until the budget is spent. The
    budget in seconds counts from `started` (the decision's start: its shortlist took time too)."""
    clock = budget.clock
    if started is None:
        started = clock()
    near = neighbourhood(battle, shortlist[0].cmd.unit)
    sums = [0.0] * len(shortlist)
    turns = 0
    longest = 0.0
    while True:
        seed = decision_seed(battle, 1000 + turns)
        turn: list[float] = []
        for cand in shortlist:
            # A turn cut short is dropped whole: every candidate keeps the same dice.
            if turns and budget.out_of_time(started, longest):
                break
            begun = clock()
            turn.append(playout(battle, cand.cmd, seed, policy, near))
            longest = max(longest, clock() - begun)
        if len(turn) < len(shortlist):
            break
        sums = [a + b for a, b in zip(sums, turn, strict=True)]
        turns += 1
        if budget.spent(turns * len(shortlist), started, longest):
            break
    scored = [
        Candidate(sums[i] / turns + NORMAL_WEIGHT * c.score, c.cmd, f"{c.note}; {turns} playouts, normal {c.score:.2f}")
        for i, c in enumerate(shortlist)
    ]
    return ranked(scored)


def decide(battle: Battle, policy: Policy, budget: Budget, explain: Explanation | None = None) -> Command:
    started = budget.clock()
    p = battle.pending()
    if p.kind == RETREAT:
        return hard_decide(battle, explain)
    u = battle.world[p.unit or ""]
    if u.morale != STEADY:
        return routed(battle, u, explain)
    view = View.build(battle, u)
    others, moves = activation_parts(battle, u, view)
    if moves is not None:
        moves.run(SHORTLIST)
    order = ranked(others + (moves.candidates() if moves is not None else []))
    reach = half_move(u) + 3
    near = any(view.gap[e.id] <= reach + half_move(e) for e in view.threats)
    if len(order) <= 1 or not near:
        # Nothing to weigh, or no foe within a round of it: the playouts would all agree.
        return hard_decide(battle, explain)
    searched = search(battle, _distinct(order)[:SHORTLIST], budget, policy, started)
    if explain is not None:
        explain.append([(round(x.score, 3), f"{label(x.cmd)} [{x.note}]") for x in searched[:EXPLAINED]])
    return searched[0].cmd


def _distinct(order: list[Candidate]) -> list[Candidate]:
    seen: set[Command] = set()
    out = []
    for c in order:
        if c.cmd not in seen:
            seen.add(c.cmd)
            out.append(c)
    return out
