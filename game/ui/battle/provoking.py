"""Whether a clicked attack walks through free swings, and the safest square to strike the same
foe from: a move that provokes attacks of opportunity is never made on one click (issue 22)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import query
from game.core.battle import Battle
from game.core.commands import Action, Command
from game.core.query_swings import free_swings


@dataclass(frozen=True)
class Provoking:
    """The attack the click chose and the blows its walk draws; the option drawing the fewest
    (then with the best chance to hit, then the shortest walk), and its blows."""

    chosen: query.AttackOption
    swings: int
    safest: query.AttackOption
    safest_swings: int

    def words(self) -> str:
        """What the player is asked, and offered instead."""
        ask = f"the walk draws {blows(self.swings)}: click the foe again to go"
        if self.safest is self.chosen:
            return ask + " (no square to strike it from draws fewer)"
        return ask + f"; Enter: strike from {self.safest.path[-1]} instead, {blows(self.safest_swings)}"


def provoking(battle: Battle, uid: str, chosen: query.AttackOption) -> Provoking | None:
    """None when the chosen attack draws no free swing on its way (it is made on one click)."""
    swings = len(free_swings(battle, uid, chosen.path)) if len(chosen.path) > 1 else 0
    if not swings:
        return None
    options = [o for o in query.attack_options(battle, uid, "melee") if o.target == chosen.target]
    drawn = [len(free_swings(battle, uid, o.path)) if len(o.path) > 1 else 0 for o in options]
    i = min(range(len(options)), key=lambda i: (drawn[i], -options[i].chance, options[i].cost, options[i].path))
    return Provoking(chosen, swings, options[i], drawn[i])


def strike(uid: str, o: query.AttackOption) -> Command:
    """The attack an option proposes, as a command."""
    return Command(Action.ATTACK, uid, path=o.path, target=o.target)


def blows(n: int) -> str:
    return f"{n} free swing{'s' if n != 1 else ''}"
