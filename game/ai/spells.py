"""Casting for the tactical AIs: a candidate per legal cast, scored where the spell pays
(haste our line before contact, slow theirs, a magic missile at the wounded leader, entangle a
charge or a cluster, cure the wounded, hold the strongest humanoid, bless before contact)."""

from __future__ import annotations

from game import query_magic
from game.ai.candidate import Candidate
from game.ai.tactics import View, worth
from game.commands import Action, Command
from game.rules import spells as book
from game.rules.attack import effective_ac, hit_chance
from game.rules.conditions import Condition
from game.rules.geometry import FRONT, footprint_distance
from game.rules.tables import thac0
from game.world import Unit

CAST_BASE = 2.0
CONTACT = 18  # squares: within this of a foe, the fight is about to begin (bless, haste)


def _kill_frac(hp: int, low: int, high: int) -> float:
    if hp <= low:
        return 1.0
    if hp > high:
        return 0.0
    return (high - hp + 1) / (high - low + 1)


def _nearest(view: View) -> int:
    u = view.unit
    return min((footprint_distance(u.pos, u.n, e.pos, e.n) for e in view.enemies), default=99)


def _value(view: View, o: query_magic.SpellOption) -> float:
    """What the cast is worth, on the scale of an attack's score (ATTACK_BASE + expected damage ...)."""
    w = view.battle.world
    u = view.unit
    taken = [(w[t], f) for t, f in zip(o.takes_in, o.fail_chance, strict=True)]
    foes = [(t, f) for t, f in taken if t.side != u.side]
    friends = [(t, f) for t, f in taken if t.side == u.side]
    mid = (o.low + o.high) / 2
    near = _nearest(view)
    if o.spell == "magic_missile":
        t = foes[0][0]
        lead = 1.5 if t.leader and t.hp < t.hp_max else 0.0
        return 1.0 + mid * (1 + 0.05 * worth(t)) + 2.0 * worth(t) * _kill_frac(t.hp, o.low, o.high) + lead
    if o.spell == "burning_hands":
        dealt = [(t, f + (1 - f) * 0.5) for t, f in taken]
        gain = sum(mid * p + 2.0 * worth(t) * p * _kill_frac(t.hp, o.low, o.high) for t, p in dealt if t.side != u.side)
        loss = sum(3.0 * mid * p for t, p in dealt if t.side == u.side)
        return gain - loss
    if o.spell == "melfs_acid_arrow":
        t = foes[0][0]
        chance = hit_chance(0, thac0(u.kind) - effective_ac(t.kind.ac, t.kind.shield, t.kind.dex_ac, FRONT, 0))
        return chance * (5.0 * (1 + book.acid_rounds(u.kind.level)) + 2.0 * worth(t) * _kill_frac(t.hp, 2, 8))
    if o.spell == "cure_light_wounds":
        t = friends[0][0]
        revive = 4.0 if not t.able else 0.0
        return 0.8 * min(4.5, t.hp_max - t.hp) + revive + (1.5 if t.leader or t.hero else 0.0) - 1.0
    if o.spell in ("haste", "bless"):
        fresh = [t for t, _ in friends if t.steady and t.kind.melee is not None and not t.has(_condition(o.spell))]
        if near > CONTACT or len(fresh) < 2:
            return -1.0
        # Haste doubles each blow of every ally it takes in for 3 + level rounds: worth more than a kill.
        return (9.0 if o.spell == "haste" else 1.2) * len(fresh)
    if o.spell in ("slow", "entangle", "hold_person"):
        per = {"slow": 9.0, "entangle": 2.0, "hold_person": 3.5}[o.spell]  # slow: haste's mirror
        gain = sum(f * (per + 0.4 * worth(t)) for t, f in foes if t.steady and not t.has("held"))
        return gain - sum(f * (per + 1.0) for t, f in friends)
    return 0.0


def _condition(spell: str) -> Condition:
    given: dict[str, Condition] = {"haste": "hasted", "bless": "blessed"}
    return given[spell]


def candidates(view: View, u: Unit, c: float) -> list[Candidate]:
    """A candidate per legal cast from where the caster stands."""
    if not u.spells:
        return []
    battle = view.battle
    stay = view.exposure(u.pos, u.facing) * (1 + c) + 0.3 * view.strike_zone_risk(u.pos)
    out: list[Candidate] = []
    for o in query_magic.spell_options(battle, u.id) + query_magic.touch_options(battle, u.id):
        v = _value(view, o)
        if v <= 0:
            continue
        note = f"{o.spell} {', '.join(o.takes_in)}: {o.summary}"
        there = stay
        if o.path:  # walked to touch a wounded ally: judged where it will stand, and the walk's cost
            end = o.path[-1]
            there = view.exposure(end, u.facing) * (1 + c) + 0.3 * view.strike_zone_risk(end) + 0.1 * len(o.path)
            note += f" (after moving to {end})"
        cmd = Command(Action.CAST, u.id, spell=o.spell, target=o.target, at=o.at, path=o.path)
        out.append(Candidate(CAST_BASE + v - there, cmd, note))
    return out
