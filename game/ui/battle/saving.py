"""Saving the battle on screen: by hand (Ctrl+S, the pause menu) into a new file, for the other
player of a hot-seat battle (the pause menu), and at the end of every round as an autosave (the
last few kept), all in the user's saves folder."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.core import events as ev
from game.home import user_dirs
from game.save.autosave import FINISHED, autosave, retire, saves_folder
from game.save.history import SENT, remember
from game.save.savefile import save_record, write_record

if TYPE_CHECKING:
    from game.save.replay import Replay
    from game.ui.battle.session import Session


def save_by_hand(session: Session, folder: Path | None = None) -> str:
    """Save to a new file (never over another); the words to show the player. A battle that has
    ended is saved as finished, so that Continue never offers it."""
    stem = (FINISHED if session.battle.over else "") + (Path(session.scenario.path).stem or "battle")
    return _save_new(session, f"{stem}-round{session.battle.round}-{datetime.now().strftime('%Y%m%d-%H%M%S')}", folder)


def save_for_other_player(session: Session, folder: Path | None = None) -> str:
    """Save a hot-seat battle for the player of the side it waits on, to send them (playing by
    file, docs/formats.md#saves): a new file named after the map, that side and the round."""
    if session.battle.over:
        return "Could not save for the other player: the battle is over"
    side = session.battle.pending().side or "side"
    stem = Path(session.scenario.path).stem or "battle"
    said = _save_new(session, f"{stem}-{side}-to-play-round{session.battle.round}", folder, to_play=True)
    return said.replace("Saved to ", f"Saved for {side.capitalize()} to play: send them ", 1)


def _save_new(session: Session, name: str, folder: Path | None, to_play: bool = False) -> str:
    """Save to NAME.json in the saves folder, or NAME-2.json and on if it is taken; the words to
    show. A save for the other player is a hand-over this machine remembers (game/save/history.py)."""
    try:
        where = user_dirs.made(folder or saves_folder())
        path = where / f"{name}.json"
        n = 2
        while path.exists():
            path, n = where / f"{name}-{n}.json", n + 1
        b, ai = session.battle, session.ai_levels()
        record = save_record(
            path,
            b,
            session.played,
            options=session.options,
            ai=ai,
            to_play=to_play,
            battle_id=session.battle_id,
            players=session.players,
        )
        write_record(path, record)
    except (OSError, ValueError) as e:
        return f"Could not save: {e}"
    session.was_saved()
    return f"Saved to {path}" + (_remembered(record, path) if to_play else "")


def _remembered(record: Replay, path: Path) -> str:
    """Keep the hand-over in this machine's history; the words to add if that went wrong."""
    try:
        kept = remember(record, SENT, path)
    except OSError as e:
        return f" (but this machine could not keep its history of the battle: {e.strerror})"
    return f" (this machine's damaged history of the battle was kept as {kept})" if kept else ""


def autosave_at_round_end(session: Session, events: list[ev.Event], folder: Path | None = None) -> str | None:
    """After a round ends, keep it as an autosave; a failure is said once (the words to show)."""
    if not (session.autosaves and session.scenario.path) or not any(isinstance(e, ev.RoundEnd) for e in events):
        return None
    try:
        autosave(
            folder or saves_folder(),
            session.battle,
            session.played,
            options=session.options,
            ai=session.ai_levels(),
            battle_id=session.battle_id,
            players=session.players,
        )
    except (OSError, ValueError) as e:
        session.stop_autosaves()  # one message, not one a round
        return f"Autosave is off: {e}"
    return None


def retire_autosaves(session: Session, folder: Path | None = None) -> str:
    """The battle has ended: its autosaves leave Continue, kept as a finished battle's; what went
    wrong, in words to show, else ''."""
    try:
        retire(folder or saves_folder(), session.battle, session.battle_id)
    except OSError as e:
        return f"Could not mark this battle's autosaves as finished: {e.strerror or e}"
    return ""
