"""A save checked against this machine's history of its battle before it is played
(docs/formats.md#playing-by-file): its digests anyone could recompute or delete, but what this
machine itself sent or received at a hand-over no one else can change.

Refused in one line naming the first command that differs: a save that changes or lacks a command
this machine sent or received; a save without a battle_id is held so to every history here of a
battle that started as its did. Refused in one line unless the player trusts the file (`rout play
--load FILE --trust`): a save whose digests are missing, a save for the other player without its
`battle_id`, a save whose history on this machine cannot be read, and a save for a side that has
played in a battle this machine has no history of.
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

from game.core.battle import Battle
from game.core.commands import Illegal, from_json, shown_id
from game.core.options import OptionError
from game.save.errors import SaveError
from game.save.history import (
    RECEIVED,
    TRUSTED,
    HistoryDamaged,
    Seen,
    first_difference,
    histories_like,
    read_seen,
    remember,
    start_difference,
)
from game.save.replay import Replay
from game.scenario.model import Scenario

__all__ = ["check_history", "record_received"]

_TRUST = "--trust opens it if you know where it comes from"


def check_history(path: str | Path, rep: Replay, scenario: Scenario, trust: bool) -> None:
    """Raise SaveError, one line, if this machine cannot vouch for the save (above)."""
    missing = _missing(rep)
    if missing and not trust:
        raise SaveError(f"{path}: {missing}, so no one can tell it is the battle that was played; {_TRUST}")
    if trust:
        return
    if rep.battle_id is None:
        _check_unnamed(path, rep, scenario)
        return
    try:
        seen = read_seen(rep.battle_id)
    except HistoryDamaged as e:
        raise SaveError(f"{path}: this machine's history of its battle cannot be read ({e}); {_TRUST}") from None
    if seen is None:
        _check_first_seen(path, rep, scenario)
        return
    field = start_difference(seen, rep)
    if field is not None:
        raise SaveError(f"{path}: its {field} is not that of {_handover(seen, 0)}")
    i = first_difference(seen, rep.commands)
    if i is not None:
        _refuse(path, rep, seen, i, scenario)


def _check_unnamed(path: str | Path, rep: Replay, scenario: Scenario) -> None:
    """A save without a battle_id (an older Rout's, or one it was stripped from) is held to this
    machine's histories of battles that started as its did: it must go on from one, if any."""
    differs = [(seen, first_difference(seen, rep.commands)) for seen in histories_like(rep)]
    if differs and all(i is not None for _, i in differs):
        seen, i = differs[0]
        assert i is not None
        _refuse(path, rep, seen, i, scenario)


def _refuse(path: str | Path, rep: Replay, seen: Seen, i: int, scenario: Scenario) -> NoReturn:
    """The save changes (or lacks) the command at index i of this machine's history: say which."""
    at, mine = _round(rep, seen, i, scenario), seen.commands[i]
    mine_words = f"{shown_id(mine.get('unit'))} {shown_id(mine.get('action'))}" if isinstance(mine, dict) else "?"
    if i >= len(rep.commands):
        raise SaveError(f"{path}: it lacks command {i + 1} ({at}{mine_words}) of {_handover(seen, i)}")
    theirs = f"{shown_id(rep.commands[i].unit)} {rep.commands[i].action}"
    raise SaveError(f"{path}: command {i + 1} ({at}{theirs}) differs from {_handover(seen, i)}: {mine_words}")


def _check_first_seen(path: str | Path, rep: Replay, scenario: Scenario) -> None:
    """A battle this machine has no history of starts its history with this save, unless it is
    for a side that has already played in it: that side's player would have sent or received
    it here before (a battle_id changed or made up, or this machine's history gone)."""
    if rep.to_play is None:
        return
    sides = {p.id: p.side for p in scenario.units}
    played = next((i for i, c in enumerate(rep.commands) if sides.get(c.unit) == rep.to_play), None)
    if played is not None:
        raise SaveError(
            f"{path}: this machine has no history of its battle, yet {rep.to_play}, to play here, gave command "
            f"{played + 1} in it; {_TRUST}"
        )


def record_received(path: str | Path, rep: Replay, trust: bool) -> None:
    """A save for the other player, loaded: its commands become this machine's history of the
    battle (a damaged history, trusted away, is kept aside first). SaveError if it cannot be."""
    if rep.battle_id is None or (rep.to_play is None and not trust):
        return
    try:
        remember(rep, TRUSTED if trust else RECEIVED, Path(path))
    except OSError as e:
        raise SaveError(f"{path}: this machine cannot record the hand-over: {e.filename}: {e.strerror}") from None


def _missing(rep: Replay) -> str | None:
    if not rep.is_save:
        return None  # a replay file is no battle's record: the AI plays on from its commands
    gone = [k for k, v in (("log_sha256", rep.digest), ("map_sha256", rep.map_sha256)) if v is None]
    if gone:
        return f"its digests are missing ({', '.join(gone)})"
    if rep.to_play is not None and rep.battle_id is None:
        return "it is a save for the other player without its battle_id (an older Rout's, or edited)"
    return None


def _handover(seen: Seen, i: int) -> str:
    """The hand-over at which this machine sent or received the command at index i, in words."""
    h = seen.handover_of(i) if seen.commands else seen.handovers[0]
    return f"what this machine {h.get('how', 'saw')} at the hand-over of {h.get('at', '?')} ({h.get('file', '?')})"


def _round(rep: Replay, seen: Seen, i: int, scenario: Scenario) -> str:
    """ "round R, " for the command at index i: the battle replayed to it from this machine's own
    commands (those before it are the save's too, as is the battle's start); "" if they cannot be."""
    try:
        battle = Battle(scenario, seed=rep.seed, options=rep.options, controllers=rep.controllers, dice=rep.dice)
        for c in seen.commands[:i]:
            battle.apply(from_json(c))
    except (Illegal, OptionError):
        return ""
    return f"round {battle.round}, "
