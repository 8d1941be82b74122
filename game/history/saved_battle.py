"""A save or a replay brought back to the battle it records: a save's commands alone, a replay's
commands and then the AI for the sides it plays (docs/formats.md#saves). It sits above game/save/,
which only reads and writes the files, because playing a replay on takes the AI."""

from __future__ import annotations

from pathlib import Path

from game import __version__
from game.core.battle import Battle
from game.core.battle_state import StateError, mark_taken_up, restored
from game.core.commands import Command, Illegal
from game.core.options import OptionError
from game.core.rules_version import RULES, described
from game.history.handovers import check_history, record_received
from game.play.runner import apply_all, play
from game.save.errors import ReplayError, SaveError
from game.save.files import event_lines
from game.save.packed_log import unpacked
from game.save.replay import Replay, digest, load_replay
from game.save.savefile import check_sides
from game.scenario.errors import ScenarioError
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario

__all__ = ["load_save", "replay_battle", "replay_start", "saved_battle", "taken_up", "taken_up_instead"]


def load_save(path: str | Path, *, trust: bool = False) -> tuple[Battle, Replay]:
    """The saved battle at the decision it was saved at, and its record (the map as found, the
    seed, options, controllers, AI levels and commands). Raise SaveError, one line, if the file
    cannot be read, its map is missing or changed, a command is refused, the log differs from
    the one recorded, or this machine cannot vouch for it (game/history/handovers.py: its digests
    missing, unless `trust`; a command that differs from this machine's history of the battle).
    A save made under older rules whose commands no longer give the battle saved is taken up
    from the state it keeps (`Battle.resumed` says so). A save for the other player, loaded, is
    recorded in that history. A plain replay file loads too, up to the end of its commands."""
    try:
        rep = load_replay(path)
        scenario = _scenario(path, rep)
        check_history(path, rep, scenario, trust)
        battle = saved_battle(path, rep, scenario) if rep.is_save else replay_battle(path, rep, scenario)
    except SaveError:
        raise
    except ReplayError as e:
        raise SaveError(str(e)) from None
    _check_to_play(path, rep, battle)
    record_received(path, rep, trust)
    return battle, rep


def saved_battle(path: str | Path, rep: Replay, scenario: Scenario) -> Battle:
    """The save's commands played again and proved by its log's digest; failing that, under
    newer rules, the battle taken up from its state."""
    try:
        battle = replay_battle(path, rep, scenario)
        if rep.digest is None or digest(event_lines(battle.events)) == rep.digest:
            return battle
        problem = f"{path}: the replayed battle differs from the one saved{_since(rep)}"
    except SaveError as e:
        problem = str(e)
    return taken_up_instead(path, rep, scenario, problem)


def taken_up_instead(path: str | Path, rep: Replay, scenario: Scenario, problem: str) -> Battle:
    """A save whose commands do not give the battle it recorded (`problem` says how): made under
    other rules, the battle taken up from its state; under these, or with no state, SaveError."""
    if rep.rules == RULES:
        raise SaveError(problem)
    if rep.state is None:
        raise SaveError(f"{problem}; it was saved before saves kept the battle's state")
    return taken_up(path, rep, scenario)


def taken_up(path: str | Path, rep: Replay, scenario: Scenario) -> Battle:
    """The battle a save made under older rules keeps as its state, its log as recorded, taken up
    under today's rules after all its commands (docs/formats.md#saves)."""
    assert rep.state is not None and rep.log is not None  # a save with a state keeps its log (load_replay)
    log = unpacked(path, rep.log, rep.digest)
    try:
        battle = restored(_fresh(path, rep, scenario), rep.state, log)
    except StateError as e:
        raise SaveError(f"{path}: {e}{_since(rep)}") from None
    mark_taken_up(battle, len(rep.commands), rep.rules)
    return battle


def _since(rep: Replay) -> str:
    """Why a save may replay differently: the rules changed since, or Rout did."""
    if rep.rules != RULES:
        return f" (saved under {described(rep.rules)} by Rout {rep.game_version}; this Rout plays {described(RULES)})"
    if rep.game_version != __version__:
        return f" (saved by Rout {rep.game_version}, this is {__version__})"
    return ""


def _check_to_play(path: str | Path, rep: Replay, battle: Battle) -> None:
    """A save for the other player names the side the battle waits on; the replay must agree."""
    if rep.to_play is None:
        return
    waits = None if battle.over else battle.pending().side
    if waits != rep.to_play:
        now = "the battle is over" if waits is None else f"the battle waits on {waits}"
        raise SaveError(f"{path}: the save is for {rep.to_play} to play, but {now}")


def _scenario(path: str | Path, rep: Replay) -> Scenario:
    try:
        return load_scenario(rep.map)
    except ScenarioError as e:
        raise SaveError(f"{path}: map: {e.problems[0]}") from None


def _fresh(path: str | Path, rep: Replay, scenario: Scenario) -> Battle:
    check_sides(path, rep, scenario.sides)
    try:
        return Battle(scenario, seed=rep.seed, options=rep.options, controllers=rep.controllers, dice=rep.dice)
    except OptionError as e:
        raise ReplayError(f"{path}: options: {e}") from None


def replay_start(path: str | Path, rep: Replay, scenario: Scenario) -> tuple[Battle, list[Command]]:
    """Where the record's commands replay from, and those commands: the map's start and all of
    them; or, for a battle taken up under newer rules than it began under, the battle as it was
    taken up (its log as recorded) and the commands given since."""
    fresh = _fresh(path, rep, scenario)
    r = rep.resumed
    if r is None:
        return fresh, list(rep.commands)
    assert rep.log is not None  # a save that was taken up keeps its log (load_replay)
    log = unpacked(path, rep.log, rep.digest)[: r.events]
    try:
        start = restored(fresh, r.state, log)
    except StateError as e:
        raise SaveError(f"{path}: resumed: {e}") from None
    start.resumed = r
    return start, rep.commands[r.commands :]


def replay_battle(path: str | Path, rep: Replay, scenario: Scenario) -> Battle:
    """The battle the record gives: a save's commands alone; a replay's commands, then the AI for
    the sides it plays, until a human decision or the end."""
    battle, commands = replay_start(path, rep, scenario)
    try:
        if not rep.is_save:
            return play(battle, levels=rep.ai, commands=commands, stop_at_human=True)
        apply_all(battle, commands)
    except Illegal as e:
        if not rep.is_save:
            raise ReplayError(f"{path}: {e}") from None
        raise SaveError(f"{path}: {e}{_since(rep) if rep.rules != RULES else ''}") from None
    return battle
