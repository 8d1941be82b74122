"""What a creature may do in its activation, by posture (prone or not) and morale state.

The one statement of the rule that the battle enforces, the AI enumerates and the window
offers as buttons (docs/rules.md#activations).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Action(StrEnum):
    """The actions of the command contract (docs/formats.md#commands) that the battle carries out."""

    MOVE = "move"
    ATTACK = "attack"
    FIRE = "fire"
    WITHDRAW = "withdraw"
    TURN = "turn"
    STAND_UP = "stand_up"
    SET_VS_CHARGE = "set_vs_charge"
    REST = "rest"
    HOLD = "hold"
    CHARGE = "charge"
    CAST = "cast"
    OFFER_SURRENDER = "offer_surrender"
    FORCE_RETREAT = "force_retreat"
    DECLINE_RETREAT = "decline_retreat"
    WAIT = "wait"


# The end of the round's decisions, given by the attacker of a retreat pair; never an activation.
END_OF_ROUND = frozenset({Action.FORCE_RETREAT, Action.DECLINE_RETREAT})
# A side's choice as the battle starts (docs/decisions.md#waiting): no creature's activation either.
SIDE_CHOICE = frozenset({Action.WAIT})
ACTIVATION = frozenset(Action) - END_OF_ROUND - SIDE_CHOICE

# Morale states, spelt as game.core.world spells them (the rules layer sits below the world).
STEADY, WITHDRAWING, FLEEING = "steady", "withdrawing", "fleeing"


@dataclass(frozen=True)
class Capability:
    """What a creature in one state may do, and how to tell the player when it may not."""

    state: str  # as the player reads it: "prone", "fleeing", "prone and fleeing", ...
    actions: frozenset[Action]
    attacks: bool  # may it name a target: attack, fire, or stand up and strike
    limits: str  # what it can do, said when it tries something else


def _may(*actions: Action) -> frozenset[Action]:
    return frozenset(actions)


# (morale, prone) -> capability.
# 'An activation is one of: move, attack, charge, fire, withdraw, turn, stand up, set to receive a
# charge, rest or hold.' 'Facing may change freely during one's own activation.' A charge is
# for a steady creature on its feet: it cannot 'be made prone, withdrawing, fleeing or exhausted'
# (exhaustion is checked by the charge itself, game.core.systems.charge).
# 'Standing costs a half move; the rest may be a half move or an attack': a prone creature
# stands up, rests or holds. 'Withdrawing creatures back away at half move facing the enemy,
# never attack.' 'Fleeing creatures run at full move.' (docs/rules.md#activations)
# 'instead of attacking, a creature offers quarter' (docs/rules.md#offering-surrender): steady and standing.
CAPABILITIES: dict[tuple[str, bool], Capability] = {
    (STEADY, False): Capability(
        "steady",
        _may(
            Action.MOVE,
            Action.ATTACK,
            Action.CHARGE,
            Action.FIRE,
            Action.WITHDRAW,
            Action.TURN,
            Action.SET_VS_CHARGE,
            Action.OFFER_SURRENDER,
            Action.REST,
            Action.HOLD,
            Action.CAST,
        ),
        attacks=True,
        limits="it can move, attack, charge, fire, withdraw, turn, set vs charge, cast, offer surrender, rest or hold",
    ),
    (STEADY, True): Capability(
        "prone", _may(Action.STAND_UP, Action.REST, Action.HOLD), True, "it can stand up, rest or hold"
    ),
    (WITHDRAWING, False): Capability(
        "withdrawing",
        _may(Action.WITHDRAW, Action.TURN, Action.HOLD, Action.REST),
        False,
        "it backs away and never attacks",
    ),
    (WITHDRAWING, True): Capability(
        "prone and withdrawing", _may(Action.STAND_UP, Action.REST, Action.HOLD), False, "it can stand up, rest or hold"
    ),
    (FLEEING, False): Capability("fleeing", _may(Action.MOVE, Action.TURN, Action.HOLD), False, "it can only run"),
    (FLEEING, True): Capability(
        "prone and fleeing", _may(Action.STAND_UP, Action.HOLD), False, "it can stand up or hold"
    ),
}


# 'A score of 2: Means the monster will not fight' (seed 001): under ose such a creature never
# attacks, fires or strikes from the ground (docs/rules.md#morale-under-ose).
NO_FIGHTING = frozenset({Action.ATTACK, Action.CHARGE, Action.FIRE})


# What a creature may not do under a condition that stops it (game.core.rules.conditions: held, tangled):
# 'held (hindered ...): cannot move or attack'; 'tangled (hindered ...): cannot move' (docs/rules.md#magic).
MOVING = frozenset({Action.MOVE, Action.WITHDRAW, Action.CHARGE})


def bound(actions: frozenset[Action], cannot_act: bool, cannot_move: bool) -> frozenset[Action]:
    """The actions left to a creature a condition stops from acting (it can only hold) or moving."""
    if cannot_act:
        return actions & {Action.HOLD}
    if cannot_move:
        return actions - MOVING
    return actions


def capability(morale: str, prone: bool) -> Capability:
    """Return what a creature with this morale and posture may do."""
    return CAPABILITIES[(morale, prone)]


def allowed(morale: str, prone: bool, fights: bool = True) -> frozenset[Action]:
    """Return the actions a creature with this morale and posture may take in its activation
    (one that will not fight never attacks)."""
    actions = CAPABILITIES[(morale, prone)].actions
    return actions if fights else actions - NO_FIGHTING


def refusal(uid: str, morale: str, prone: bool, action: Action, aims: bool, fights: bool = True) -> str | None:
    """Return why the creature may not take this action (aiming at a target if `aims`), or None."""
    can = CAPABILITIES[(morale, prone)]
    if action not in can.actions:
        if action == Action.STAND_UP and not prone:
            return f"{uid} is not prone"
        return f"{uid} is {can.state}: {can.limits}"
    if aims and not can.attacks:
        return f"{uid} is {morale} and never attacks"
    if not fights and (aims or action in NO_FIGHTING):
        return f"{uid} will not fight (morale 2) and never attacks"
    return None
