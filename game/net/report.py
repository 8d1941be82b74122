"""What a stopped network battle leaves in the log folder: both event logs and a desync report."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

from game.home import user_dirs
from game.net.lockstep import Lockstep, dice_position
from game.net.peer import Desync
from game.save.files import event_lines, write_atomic


def write_desync(lock: Lockstep, e: Desync, *, who: str) -> Path:
    """A new folder `desync-TIME-RANDOM` in the log folder: here.jsonl (this side's whole log),
    there.jsonl (the other side's: the `start` events its digests proved the same as
    here, then those it sent, each a line of JSON) and report.txt."""
    line, start, theirs = str(e), e.start, e.theirs
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    folder = user_dirs.made(user_dirs.log_dir() / f"desync-{stamp}-{secrets.token_hex(3)}")
    lines = lock.lines_since_agreed()
    write_atomic(folder / "here.jsonl", event_lines(lock.battle.events))
    write_atomic(folder / "there.jsonl", event_lines(lock.battle.events[:start]) + "".join(t + "\n" for t in theirs))
    write_atomic(
        folder / "report.txt",
        f"{line}\nthis side: {who}; round {lock.battle.round}; {len(lock.commands)} commands played\n"
        f"both logs agreed on their first {lock.agreed} events; here {len(lines)} more, there {len(theirs)}\n"
        f"the dice here: {dice_position(lock.battle)}; there: {e.dice or 'not sent'}\n",
    )
    return folder
