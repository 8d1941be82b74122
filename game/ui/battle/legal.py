"""What the unit about to act may do, asked of the battle once per decision."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import query, query_quarter
from game.core.battle import ACTIVATION, Battle, Pending
from game.core.commands import Action
from game.core.rules.geometry import Pos
from game.core.systems.movement import Reach


@dataclass(frozen=True)
class Legal:
    """The pending unit's options: where it may move, whom it may strike or shoot, its state."""

    unit: str
    full: Reach  # a full move
    half: Reach  # half a move: what an attack, a withdrawal or standing up may walk first
    melee: dict[str, query.AttackOption]  # each foe in reach: the attack with the best chance
    melee_here: dict[str, query.AttackOption]  # each foe in reach from where the unit stands
    missile: dict[str, query.AttackOption]  # each foe it may shoot from where it stands
    unseen: tuple[str, ...]  # each foe in missile range it cannot see from where it stands
    charge: dict[str, query.AttackOption]  # each foe it may charge: the run with the best chance
    withdraw: dict[Pos, int]  # the squares a withdrawal may end on
    withdrawal: Reach  # its paths, each step directly away from the enemy
    offer: tuple[str, ...]  # the foes it may offer quarter to from where it stands
    allowed: frozenset[Action]  # what its posture and morale allow (the rules' table, via query)

    @staticmethod
    def of(battle: Battle, uid: str) -> Legal:
        """Ask the battle what this unit may do now."""
        b = battle
        allowed = query.allowed_actions(b, uid)
        full = query.moves(b, uid)
        half = query.moves(b, uid, half=True)
        melee = query.attack_options(b, uid, "melee")
        missile = query.attack_options(b, uid, "missile")
        charges = query.charge_options(b, uid, full) if Action.CHARGE in allowed else []
        return Legal(
            unit=uid,
            full=full,
            half=half,
            melee=_best(melee),
            melee_here={o.target: o for o in melee if o.cost == 0},
            missile={o.target: o for o in missile if o.cost == 0 and Action.FIRE in allowed},
            unseen=tuple(query.unseen_in_range(b, uid)),
            charge=_best(charges),
            withdraw=query.withdraw_squares(b, uid) if Action.WITHDRAW in allowed else {},
            withdrawal=query.withdraw_reach(b, uid) if Action.WITHDRAW in allowed else half,
            offer=tuple(query_quarter.offer_targets(b, uid)),
            allowed=allowed,
        )

    def targets(self, shoots: bool, charges: bool) -> dict[str, query.AttackOption]:
        """The foes a mode marks and describes: those to charge, to shoot, or to strike."""
        return self.charge if charges else self.missile if shoots else self.melee

    def attack_from(self, target: str, shift: bool) -> query.AttackOption:
        """Where a click attacks from: where the unit stands if it can; else, or with Shift held,
        the square with the best chance to hit (often a flank or the rear)."""
        if target in self.melee_here and not shift:
            return self.melee_here[target]
        return self.melee[target]


def _best(options: list[query.AttackOption]) -> dict[str, query.AttackOption]:
    """Each foe's option with the best chance, then the shortest way there."""
    best: dict[str, query.AttackOption] = {}
    for o in options:
        if o.target not in best or (o.chance, -o.cost) > (best[o.target].chance, -best[o.target].cost):
            best[o.target] = o
    return best


def pickable(battle: Battle, p: Pending) -> list[str]:
    """The creatures the player may pick to act now: of those the decision lets act (group
    initiative, or a tie of initiative), the ones of the side whose turn it is. A tie between
    sides lists the others' too, played after by their own player or the AI (issue 37: N picked
    an AI side's creature, and the view went to it)."""
    if p.kind != ACTIVATION:
        return []
    w = battle.world
    return [uid for uid in p.units or ([p.unit] if p.unit else []) if w[uid].side == p.side]
