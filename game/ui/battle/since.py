"""Hot-seat: what happened since a side last acted. Each human command leaves a mark (the
battle just after it); at the hand-over the incoming side reads the events since its mark in a
few words, and may watch them played back from the battle as it stood then."""

from __future__ import annotations

from collections.abc import Sequence

from game.core import events as ev
from game.core.commands import Action, Command
from game.core.systems.spells import SPELLS
from game.history.timeline import Timeline
from game.play.runner import apply_all
from game.ui.battle.session import Mark, Session

# The moments named in the summary, each with what it did to the creature.
NOTABLE: dict[type[ev.Event], str] = {
    ev.Death: "killed",
    ev.Retreat: "driven back",
    ev.Knockdown: "knocked down",
    ev.Flee: "fled",
    ev.Withdraw: "withdrew",
    ev.Surrender: "surrendered",
    ev.Fled: "left the field",
    ev.Rally: "rallied",
}
MOST = 6  # notable moments named; the rest are counted


def note(session: Session, side: str) -> None:
    """The side's player has just given a command: remember the battle as it stands."""
    session.marks[side] = Mark(
        len(session.played), session.played[-1], session.battle.copy(), len(session.battle.events)
    )


def _side(side_of: dict[str, str], cmd: Command) -> str | None:
    """Whose command it is: its creature's side, or the side a wait names."""
    return cmd.side if cmd.action == Action.WAIT else side_of.get(cmd.unit)


def restore_mark(session: Session, side: str) -> Mark | None:
    """Work out the side's mark from the commands played (a battle opened from a save keeps no
    marks) and keep it: the battle replayed to just after the side's last command. A command is
    the side's whose unit is: an activation's creature, or the attacker choosing a foe's retreat."""
    side_of = session.side_of
    last = next((i for i in range(len(session.played) - 1, -1, -1) if _side(side_of, session.played[i]) == side), None)
    k = session.replayed_from
    if last is None or last < k:  # before a battle was taken up under newer rules: not replayed
        return None
    b = session.begun()
    apply_all(b, session.played[k : last + 1])
    mark = session.marks[side] = Mark(last + 1, session.played[last], b, len(b.events))
    return mark


def mark_of(session: Session, side: str) -> Mark | None:
    """The side's mark, if it still stands (its command not undone) and others acted since. A
    side with no mark yet that has acted gets it from the commands: a battle opened from a file
    keeps no marks (issue 22: after loading a save sent by file, the hand-over back to the side
    that sent it had no recap)."""
    m = session.marks.get(side) or restore_mark(session, side)
    if m is None or not m.commands < len(session.played) or session.played[m.commands - 1] is not m.cmd:
        return None
    return m


def _first_turn(session: Session, side: str) -> bool:
    """Whether others have given commands and the side none yet: its first hand-over (issue 22:
    that one had no recap, though the others had played)."""
    return bool(session.played) and not any(session.side_of.get(c.unit) == side for c in session.played)


def events_since(session: Session, side: str) -> list[ev.Event] | None:
    """The events since the side last acted (since the battle began, before its first command);
    None when there is nothing to tell."""
    m = mark_of(session, side)
    if m is None:
        return list(session.battle.events) if _first_turn(session, side) else None
    return session.battle.events[m.events :]


def timeline_since(session: Session, side: str) -> Timeline | None:
    """The commands since the side last acted, played again on the battle as it stood then (the
    engine is deterministic: the same events as the live battle's)."""
    m = mark_of(session, side)
    if m is None and _first_turn(session, side):
        start = session.begun()
        t = Timeline(start, session.played[session.replayed_from :])
        t.finish()
        return t
    if m is None:
        return None
    start = m.battle.copy(log=session.battle.events[: m.events])
    t = Timeline(start, session.played[m.commands :])
    t.finish()
    return t


def summary(events: Sequence[ev.Event], names: dict[str, str], side_of: dict[str, str], side: str) -> str:
    """The events in a line: how many moves, attacks and spells, then who was killed, driven back, broken
    ("Since your last move: 3 attacks (2 hits), Orc 2 killed, your Fighter 1 driven back")."""
    moves = sum(1 for e in events if isinstance(e, ev.Move))
    # The others' attacks: the side's own free swings at passing foes are not news to tell it.
    attacks = [e for e in events if isinstance(e, ev.Attack) and side_of.get(e.id) != side]
    hits = sum(1 for e in attacks if e.hit)
    parts = []
    if moves:
        parts.append(_count(moves, "move"))
    if attacks:
        parts.append(f"{_count(len(attacks), 'attack')} ({_count(hits, 'hit') if hits else 'no hits'})")
    casts = [e for e in events if isinstance(e, ev.Cast) and side_of.get(e.id) != side]  # issue 22: were left out
    if casts:
        parts.append(f"{_count(len(casts), 'spell')} ({', '.join(dict.fromkeys(SPELLS[e.spell].name for e in casts))})")
    rounds = [e.round for e in events if isinstance(e, ev.RoundStart)]
    if rounds:
        parts.append(f"round {rounds[-1]} began")
    named = _notable(events, names, side_of, side)
    parts += named[:MOST]
    if len(named) > MOST:
        parts.append(f"{len(named) - MOST} more")
    return "Since your last move: " + (", ".join(parts) if parts else "no moves and no attacks")


def _notable(events: Sequence[ev.Event], names: dict[str, str], side_of: dict[str, str], side: str) -> list[str]:
    """'Orc 2 killed', 'your Fighter 1 driven back': each creature named once, in the order it
    first comes, with what befell it in order ('Goblin fled and left the field')."""
    befell: dict[str, list[str]] = {}
    for e in events:
        what = NOTABLE.get(type(e))
        uid = getattr(e, "id", "")
        if what is not None and uid and what not in befell.setdefault(uid, []):
            befell[uid].append(what)
    out = []
    for uid, whats in befell.items():
        if whats:
            who = names.get(uid, uid)
            out.append(f"{'your ' if side_of.get(uid) == side else ''}{who} {_and(whats)}")
    return out


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"
