"""AI players: they read the battle's legal options and issue the same commands a human does."""

from __future__ import annotations

from game.ai import baseline, expert, hard, normal, random_ai, waiting
from game.ai.candidate import Explanation
from game.core import query
from game.core.battle import ACTIVATION, Battle
from game.core.commands import Action, Command
from game.core.systems import conditions
from game.levels import LEVELS, parse_level

__all__ = ["LEVELS", "decide"]


def decide(battle: Battle, level: str = "baseline", explain: Explanation | None = None) -> Command:
    """Return the command the AI of this level gives for the pending decision.

    With `explain` (a list), the tactical levels append their top candidates and scores
    for this decision: one list of (score, description) pairs. Before any creature acts, on a map
    that offers it, the command is a side's choice to wait (game/ai/waiting.py), whatever the level.
    """
    opening = waiting.choice(battle)
    if opening is not None:
        return opening
    if level == "random":
        return random_ai.decide(battle)
    if level == "normal":
        cmd = normal.decide(battle, explain)
    elif level == "hard":
        cmd = hard.decide(battle, explain)
    elif level.startswith("expert"):
        cmd = expert.decide(battle, _playing_out, _budget(level), explain)
    else:
        cmd = baseline.decide(battle)
    return _unbound(battle, cmd)


def _playing_out(battle: Battle) -> Command:
    """The expert's playouts: the later decisions of both sides, as normal plays them (baseline's
    misjudge the flanks and retreats normal weighs, and measured weaker: bench/README.md)."""
    return decide(battle, "normal")


def _budget(level: str) -> expert.Budget:
    spec = parse_level(level)
    if spec.playouts is not None:
        return expert.Budget(playouts=spec.playouts)
    return expert.Budget(think=spec.think if spec.think is not None else expert.Budget().think)


def _unbound(battle: Battle, cmd: Command) -> Command:
    """A creature a condition stops from moving (a spell holds or tangles it, docs/rules.md#magic):
    instead of a move it strikes from where it stands, or holds."""
    p = battle.pending()
    if p.kind != ACTIVATION or not cmd.unit:
        return cmd
    u = battle.world[cmd.unit]
    if not u.conditions or not conditions.cannot_move(u):
        return cmd
    if cmd.action in query.allowed_actions(battle, u.id) and len(cmd.path) <= 1:
        return cmd
    if Action.ATTACK in query.allowed_actions(battle, u.id):
        here = [o for o in query.attack_options(battle, u.id) if len(o.path) == 1]
        if here:
            best = max(here, key=lambda o: (o.expected_damage, o.target))
            return Command(Action.ATTACK, u.id, path=best.path, target=best.target)
    return Command(Action.HOLD, u.id)
