"""The `normal` AI's charges: a charge is an attack from a full move at +2, paid for with an AC
1 worse (and no Dex) until the charger's next activation (docs/rules.md#charge)."""

from __future__ import annotations

from game import query
from game.ai.candidate import Candidate
from game.ai.tactics import View
from game.commands import Action, Command
from game.systems.movement import Reach

# 'AC 1 worse': each foe's blow lands 5% more often (more with the Dex bonus lost), for the blows
# of this round and the next until the charger acts again.
AC_STEP = 0.05
ROUNDS_EXPOSED = 1.5


def ac_cost(view: View, end, c: float) -> float:
    """The expected damage the worse AC lets through from the foes that can strike the end square."""
    worse = 1 + max(view.unit.kind.dex_ac, 0)
    blows = sum(dmg for _, dmg, radius, gap, _ in view.around(end) if gap <= radius)
    return AC_STEP * worse * blows * ROUNDS_EXPOSED * (1 + c)


def charge_candidates(view: View, c: float, reach: Reach, score_attack) -> list[Candidate]:
    """Every charge worth a thought, scored as the attack it ends in, less the AC it costs. Never
    into a foe set to receive it (nor along a path a set weapon covers): that is what setting is for."""
    battle, u = view.battle, view.unit
    out = []
    for o in query.charge_options(battle, u.id, reach):
        if query.set_weapons_on(battle, u.id, o.path):
            continue
        score = score_attack(view, o, c) - ac_cost(view, o.path[-1], c)
        out.append(
            Candidate(
                score, Command(Action.CHARGE, u.id, path=o.path, target=o.target), f"charge {o.arc} {o.chance:.2f}"
            )
        )
    return out
