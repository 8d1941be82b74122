"""Events in words for the combat log: dice, modifiers and outcome, as a player reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core import events as ev
from game.core.systems.spells import SPELLS

SPELL_NAMES = {k: s.name for k, s in SPELLS.items()}

Names = dict[str, str]


def _name(uid: str | None, names: Names) -> str:
    if uid is None:
        return "nobody"
    return names.get(uid, uid)


def _roll(r: ev.Roll) -> str:
    rolls = "+".join(str(v) for v in r.rolls)
    if len(r.rolls) > 1:
        rolls = f"({rolls})"
    return f"{r.dice} {rolls}{f' {r.mod:+d}' if r.mod else ''} = {r.total}"


def _mods(mods: tuple[ev.Modifier, ...]) -> str:
    shown = [f"{m.name.replace('_', ' ')} {m.value:+d}" for m in mods if m.value]
    return f" [{', '.join(shown)}]" if shown else ""


def _initiative(e: ev.Initiative, names: Names) -> str:
    if e.mode == "group":
        parts = [f"{x.side} {x.total}" for x in e.entries]
        first = e.sides[0] if e.sides else "nobody"
        return "Initiative (group): " + ", ".join(parts) + f"; {first} acts first"
    order = " > ".join(
        "[" + " = ".join(_name(i, names) for i in g) + "]" if len(g) > 1 else _name(g[0], names) for g in e.order
    )
    return f"Initiative: {order}"


VERBS = {
    "attack_of_opportunity": "takes a free swing at",
    "first_strike": "swings at",
    "charge": "charges",
    "set_vs_charge": "meets the charge of",
}


def _attack(e: ev.Attack, names: Names) -> str:
    verb = VERBS.get(e.purpose, "attacks")
    if e.kind == "missile":
        verb = "shoots at" if e.purpose != "spell" else f"looses {SPELL_NAMES.get(e.weapon, e.weapon)} at"
    result = f"hits for {e.damage}" if e.hit else "misses"
    if e.reason == "cannot_hurt":
        # 'hit only by magic weapons': the hit lands and does nothing
        result = f"hits, but the {e.weapon.replace('_', ' ')} cannot hurt {_name(e.target, names)}"
    text = (
        f"{_name(e.id, names)} {verb} {_name(e.target, names)} ({e.arc}): {_roll(e.roll)}{_mods(e.modifiers)}"
        f" vs {e.needed}: {result}"
    )
    if e.knockdown_roll is not None:
        # 'if it reaches the target's number ... saves ... or falls prone' (docs/rules.md#knockdown-and-prone)
        reached = e.knockdown_needed is not None and e.knockdown_roll.total >= e.knockdown_needed
        verdict = "reached: a save or it falls" if reached else "short: it stays up"
        text += f"; knockdown {e.knockdown_roll.dice} = {e.knockdown_roll.total} vs {e.knockdown_needed}: {verdict}"
    return text


def _save(e: ev.Save, names: Names) -> str:
    verdict = "saves" if e.success else "fails"
    what = {
        "knockdown": "to keep its feet",
        "retreat": "to stand its ground",
        "stand_fast": "to stand fast",
        "poison": "against the poison",
    }
    if e.vs == "spell":
        what[e.purpose] = f"against {SPELL_NAMES.get(e.purpose, e.purpose)}"
    return f"{_name(e.id, names)} {verdict} {what.get(e.purpose, e.purpose)}: {_roll(e.roll)} vs {e.needed}"


def _retreat(e: ev.Retreat, names: Names) -> str:
    by = _name(e.by, names)
    text = f"{by} drives {_name(e.id, names)} back into a {e.space} space {tuple(e.to)}"
    if e.hazard != "none":
        text += f" — into the {e.hazard}!"
    return text + (f"; {by} follows" if e.followed else f"; {by} holds")


REFUSALS = {
    "level": "is too mighty to be driven back",
    "size": "is too big to be driven back",
    "knocked_down": "was knocked down this round (or lies prone) and cannot be driven back",
    "stood_fast": "stands fast",
    "declined": "is not pressed",
    "already_retreated": "has already given ground this round",
}


def _refused(e: ev.RetreatRefused, names: Names) -> str:
    if e.reason == "already_retreated":
        first = _name(e.detail or "", names)
        return (
            f"{_name(e.id, names)} has already given ground to {first}: {_name(e.by, names)} cannot drive it back too"
        )
    return f"{_name(e.id, names)} {REFUSALS.get(e.reason, e.reason)} ({_name(e.by, names)})"


def _recover(e: ev.Recover, names: Names) -> str:
    outcome = "recovers, now " + e.state if e.success else "still " + e.state
    return f"{_name(e.id, names)} rests: {_roll(e.roll)} vs {e.needed}: {outcome}"


def _morale(e: ev.MoraleCheck, names: Names) -> str:
    total = e.rating + sum(m.value for m in e.modifiers)
    sign = " " + " ".join(
        f"{'−' if m.value < 0 else '+'} {abs(m.value)} ({m.name.replace('_', ' ')})" for m in e.modifiers if m.value
    )
    outcome = {"pass": "holds", "withdraw": "withdraws", "flee": "flees", "surrender": "surrenders"}[e.result]
    margin = f"fails by {e.margin}" if e.margin > 0 else "passes"
    trig = e.trigger.replace("_", " ")
    return (
        f"{_name(e.id, names)} morale ({trig}): {e.roll.dice} = {e.roll.total} vs {e.rating}"
        f"{sign if sign.strip() else ''} (= {total}): {margin}, {outcome}"
    )


def _status(e: ev.Status, names: Names) -> str:
    if e.effect == "prone":
        return f"{_name(e.id, names)} will start the round prone"
    if e.effect == "unconscious":
        return f"{_name(e.id, names)} falls unconscious"
    return f"{_name(e.id, names)} suffers {e.amount} from {e.effect}"


def _cast(e: ev.Cast, names: Names) -> str:
    """'Wizard casts magic missile: 2 missiles, 4 + 3 = 7 to Orc 2'."""
    spell = SPELL_NAMES.get(e.spell, e.spell.replace("_", " "))
    who = _name(e.id, names)
    if e.lost:
        return f"{who} loses {spell}: hurt or knocked down earlier this round, the spell is spent"
    targets = ", ".join(_name(t, names) for t in e.targets)
    rolls = e.rolls or ()
    record = SPELLS.get(e.spell)
    if record is not None and record.tell is not None and rolls:  # the spell's own words for its dice
        return f"{who} casts {spell}: {record.tell(rolls)} to {targets}"
    dice = f" ({_roll(rolls[0])})" if rolls else ""
    return f"{who} casts {spell}{dice}" + (f" on {targets}" if targets else "")


def _condition(e: ev.Condition, names: Names) -> str:
    if e.started:
        return f"{_name(e.id, names)} is {e.condition} for {e.rounds} round{'s' if e.rounds > 1 else ''}"
    return f"{_name(e.id, names)} is no longer {e.condition}"


def _heal(e: ev.Heal, names: Names) -> str:
    return f"{_name(e.id, names)} is healed {e.amount} ({e.source.replace('_', ' ')}), now {e.hp} hp"


def _death(e: ev.Death, names: Names) -> str:
    return f"{_name(e.id, names)} is slain" + (f" by {_name(e.by, names)}" if e.by in names else "")


def _end(e: ev.BattleEnd, names: Names) -> str:
    who = e.winner or "nobody"
    return f"The battle is over after {e.rounds} rounds: {who} wins ({e.reason.replace('_', ' ')})"


def _first_strike(e: ev.FirstStrike, names: Names) -> str:
    why = "longer reach" if e.reason == "reach" else "greater size"
    return f"{_name(e.id, names)} strikes first at {_name(e.against, names)} ({why}, first round)"


def _move(e: ev.Move, names: Names) -> str:
    return f"{_name(e.id, names)} moves {len(e.path) - 1} to {tuple(e.path[-1])}, facing {e.facing}"


def _fatigue(e: ev.Fatigue, names: Names) -> str | None:
    return f"{_name(e.id, names)} is {e.state}" if e.changed else None


def _simple(words: str) -> Callable[[Any, Names], str]:
    """A line that is the creature's name and what befell it."""
    return lambda e, names: f"{_name(e.id, names)} {words}"


LINES: dict[type[ev.Event], Callable[[Any, Names], str | None]] = {
    ev.RoundStart: lambda e, names: f"— Round {e.round} —",
    ev.Initiative: _initiative,
    ev.Move: _move,
    ev.Turn: lambda e, names: f"{_name(e.id, names)} turns to face {e.facing}",
    ev.FirstStrike: _first_strike,
    ev.Attack: _attack,
    ev.Death: _death,
    ev.Save: _save,
    ev.Retreat: _retreat,
    ev.RetreatRefused: _refused,
    ev.Knockdown: lambda e, names: f"{_name(e.id, names)} is knocked down ({e.cause.replace('_', ' ')})",
    ev.StandUp: _simple("gets up"),
    ev.Fatigue: _fatigue,
    ev.Recover: _recover,
    ev.MoraleCheck: _morale,
    ev.Flee: _simple("breaks and flees"),
    ev.Withdraw: _simple("withdraws in good order"),
    ev.Surrender: _simple("surrenders"),
    ev.Rally: _simple("rallies"),
    ev.Fled: _simple("has fled the field"),
    ev.Status: _status,
    ev.Hazard: lambda e, names: f"{_name(e.id, names)} falls into the {e.hazard}: {_roll(e.roll)}",
    ev.EndStep: lambda e, names: f"End of round: {e.step}",
    ev.Rest: _simple("rests"),
    ev.Hold: _simple("holds: ends its turn where it stands"),
    ev.Wait: lambda e, names: f"{e.side} waits to see what the others do (-1 on initiative if they attack first)",
    ev.SetVsCharge: _simple("sets to receive a charge"),
    ev.SurrenderOffered: lambda e, names: f"{_name(e.id, names)} offers {_name(e.target, names)} quarter",
    ev.Cast: _cast,
    ev.Condition: _condition,
    ev.Heal: _heal,
    ev.AttackLost: lambda e, names: f"{_name(e.id, names)} loses its attack ({e.reason.replace('_', ' ')})",
    ev.BattleEnd: _end,
    ev.BattleStart: lambda e, names: f"{e.scenario} (seed {e.seed})",
}


def describe(e: ev.Event, names: Names) -> str | None:
    """One line for an event, or None for events that need no line of their own (damage: the
    attack beside it says it; a hold has its line, so an undo refused for it points at something). Every turn has its line: a move's facing is
    the way its last step went, and the facing chosen after it is a turn of its own."""
    line = LINES.get(type(e))
    return line(e, names) if line is not None else None


def units_in(e: ev.Event) -> list[str]:
    """The unit ids an event involves, for highlighting on the map."""
    return ev.involved(e)
