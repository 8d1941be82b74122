"""Casting for the tactical AIs: a candidate per legal cast, scored by the spell's entry in the AI's
table of values where it pays (haste our line before contact, slow theirs, a magic missile at the
wounded leader, ...): game.ai.spell_values."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ai.candidate import Candidate
from game.ai.measures import avg_melee, worth
from game.ai.spell_values import VALUES
from game.ai.tactics import View
from game.core import query_magic
from game.core.commands import Action, Command
from game.core.query_swings import free_swings
from game.core.world import Unit, World

CAST_BASE = 2.0


@dataclass(frozen=True)
class _Judge:
    """What a spell's value reads of the AI's view when it weighs a cast (game.ai.spell_values.Judge)."""

    view: View

    @property
    def unit(self) -> Unit:
        return self.view.unit

    @property
    def world(self) -> World:
        return self.view.battle.world

    def worth(self, u: Unit) -> float:
        return worth(u)

    def nearest_foe(self) -> int:
        return min(self.view.gap.values(), default=99)


def candidates(view: View, u: Unit, c: float) -> list[Candidate]:
    """A candidate per legal cast from where the caster stands; none when the cast would be lost."""
    battle = view.battle
    if not u.spells or query_magic.spell_lost(battle, u.id):
        return []  # hurt this round: a cast would spend the slot for nothing
    stay = view.exposure(u.pos, u.facing) * (1 + c) + 0.3 * view.strike_zone_risk(u.pos)
    judge = _Judge(view)
    out: list[Candidate] = []
    for o in query_magic.spell_options(battle, u.id) + query_magic.touch_options(battle, u.id):
        v = VALUES[o.spell](judge, o)  # each spell's entry says what it is worth
        if v <= 0:
            continue
        note = f"{o.spell} {', '.join(o.takes_in)}: {o.summary}"
        there = stay
        if o.path:  # walked to touch a wounded ally: judged where it will stand, and the walk's cost
            end = o.path[-1]
            there = view.exposure(end, u.facing) * (1 + c) + 0.3 * view.strike_zone_risk(end) + 0.1 * len(o.path)
            note += f" (after moving to {end})"
            # A free blow on the way that lands loses the spell (docs/rules.md#magic), and hurts.
            swings = free_swings(battle, u.id, o.path)
            if swings:
                kept = math.prod(1.0 - s.chance for s in swings)
                v *= kept
                there += sum(avg_melee(battle.world[s.enemy]) * s.chance for s in swings) * (1 + c)
                note += f", {1 - kept:.0%} lost to blows on the way"
        cmd = Command(Action.CAST, u.id, spell=o.spell, target=o.target, at=o.at, path=o.path)
        out.append(Candidate(CAST_BASE + v - there, cmd, note))
    return out
