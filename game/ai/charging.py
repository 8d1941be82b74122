"""The `normal` AI's charges: a charge is an attack from a full move at +2, paid for with an AC
1 worse (and no Dex) until the charger's next activation (docs/rules.md#charge)."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.candidate import Candidate
from game.ai.tactics import View
from game.core import query
from game.core.commands import Action, Command
from game.core.rules.charge import can_set
from game.core.rules.geometry import Pos
from game.core.rules.outcome import hit
from game.core.systems.movement import Reach, effective_mv, half_move
from game.core.world import Unit

# 'AC 1 worse': each foe's blow lands 5% more often (more with the Dex bonus lost), for the blows
# of this round and the next until the charger acts again.
AC_STEP = 0.05
ROUNDS_EXPOSED = 1.5
# A weapon that can be set makes setting worth its doubled blow at a charger, by the odds that a
# foe runs onto it (an AI foe never charges it, but may charge past it).
SET_ODDS = 0.6


def ac_cost(view: View, end: Pos, c: float) -> float:
    """The expected damage the worse AC lets through from the foes that can strike the end square."""
    worse = 1 + max(view.unit.kind.dex_ac, 0)
    blows = sum(dmg for _, dmg, radius, gap, _ in view.around(end) if gap <= radius)
    return AC_STEP * worse * blows * ROUNDS_EXPOSED * (1 + c)


def charge_candidates(
    view: View, c: float, reach: Reach, score_attack: Callable[[View, query.AttackOption, float], float]
) -> list[Candidate]:
    """Every charge worth a thought, scored as the attack it ends in, less the AC it costs. Never
    at a foe set to receive it with a weapon that can be set: that is what setting is for."""
    battle, u = view.battle, view.unit
    out = []
    for o in query.charge_options(battle, u.id, reach):
        if query.set_against_charge(battle, o.target):
            continue
        score = score_attack(view, o, c) - ac_cost(view, o.path[-1], c)
        cmd = Command(Action.CHARGE, u.id, path=o.path, target=o.target)
        out.append(Candidate(score, cmd, f"charge {o.arc} {o.chance:.2f}"))
    return out


def set_value(u: Unit) -> float:
    """What setting is worth beyond its +2 initiative to a creature whose weapon can be set."""
    w = u.kind.melee
    if w is None or not w.settable:
        return 0.0
    return SET_ODDS * hit(u.kind, w, "melee", "set_vs_charge").mean


def _charge_coming(view: View) -> bool:
    """A foe that could come within reach by this round's or the next's move: a set weapon stays
    set through the next round (docs/rules.md#charge), so a foe that has acted may still charge it."""
    for e in view.threats:
        reach = e.kind.melee.reach_squares if e.kind.melee else 1
        if view.gap[e.id] <= half_move(e) + reach + effective_mv(e):
            return True
    return False


def set_candidates(view: View, stay_now: float, adjacent: bool) -> list[Candidate]:
    """Set to receive a charge: only with a weapon that can be set ('only a creature whose melee
    weapon can be set may take the set_vs_charge action', docs/rules.md#charge), only against a foe
    still coming: not when already engaged, and not twice running (two sides both set, round after
    round, is a standoff nobody breaks)."""
    u = view.unit
    if not can_set(u.kind.melee) or adjacent or u.has("set_vs_charge") or not _charge_coming(view):
        return []
    return [Candidate(stay_now + 0.4 + set_value(u), Command(Action.SET_VS_CHARGE, u.id), "set vs charge")]
