"""The end of the round's mode: where to force a beaten foe back, and whether to follow it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.battle import RETREAT
from game.core.commands import Action, Command
from game.core.rules.geometry import Pos, footprint
from game.core.systems.retreat import RetreatSpace
from game.ui.battle.mode import Hint, Mode, Outcome, Turn


@dataclass(frozen=True)
class RetreatMode(Mode):
    """The end of the round: where to force a beaten foe back, and whether to follow it."""

    space: RetreatSpace | None = None  # the space picked, when following is still to choose

    lets_select = False

    def hint(self) -> str:
        return "follow into the space it left [F], or hold your ground [H]?" if self.space else ""

    def click(self, sq: Pos, turn: Turn) -> Outcome:
        p = turn.battle.pending()
        for s in p.spaces:
            if s["to"] == sq or sq in footprint(s["to"], turn.battle.world[p.target or ""].n):
                if s["follow_to"] is None:
                    return Command(Action.FORCE_RETREAT, p.unit or "", target=p.target, to=s["to"], follow=False)
                return RetreatMode(s)
        return Hint("click one of the marked spaces, or decline [D]")

    def confirm(self, turn: Turn) -> Outcome:
        p = turn.battle.pending()
        if p.kind == RETREAT and not p.spaces:
            return Command(Action.FORCE_RETREAT, p.unit or "", target=p.target, to=None)
        return None

    def cancel(self) -> Mode | None:
        return RetreatMode() if self.space is not None else None

    def targets(self, turn: Turn) -> list[Pos]:
        return [sp["to"] for sp in turn.battle.pending().spaces]

    def press(self, key: int, turn: Turn) -> Outcome:
        p = turn.battle.pending()
        if key == pygame.K_d:
            return Command(Action.DECLINE_RETREAT, p.unit or "", target=p.target)
        if self.space is not None and key in (pygame.K_f, pygame.K_h):
            return Command(
                Action.FORCE_RETREAT, p.unit or "", target=p.target, to=self.space["to"], follow=key == pygame.K_f
            )
        return None
