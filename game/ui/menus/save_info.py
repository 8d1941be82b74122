"""What the save browser says of each save (battle, side to play, round, time, a thumbnail),
worked out off the window's thread: a save is read by replaying its commands, which takes a
long battle a moment, and the menu must never wait for it."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game.history.saved_battle import load_save
from game.save.errors import ReplayError
from game.scenario.model import Scenario


@dataclass(frozen=True)
class SaveInfo:
    """One save as the browser lists it; `error` says why it would not load (then little else is known)."""

    path: Path
    when: float  # its file's last change, seconds since the epoch
    title: str = ""
    round: int = 0
    to_play: str = ""  # "" once the battle is over
    players: dict[str, str] = field(default_factory=dict)
    units: tuple[tuple[int, int, int, str], ...] = ()  # (x, y, squares, side) of those still fighting
    scenario: Scenario | None = None
    error: str = ""

    def line(self) -> str:
        """'Battle of the Two Fords — round 3, red to play', or why the save would not load."""
        if self.error:
            return self.error
        who = self.players.get(self.to_play, "")
        side = f"{who} ({self.to_play})" if who else self.to_play
        return f"{self.title} — round {self.round}, " + (f"{side} to play" if self.to_play else "the battle is over")

    def time(self) -> str:
        return datetime.fromtimestamp(self.when).strftime("%Y-%m-%d %H:%M")


def read_info(path: Path) -> SaveInfo:
    """The save at path, loaded as Continue would load it (never changed); a save that does not
    load says why, in its one line without the folder's path."""
    try:
        when = path.stat().st_mtime
    except OSError as e:
        return SaveInfo(path, 0.0, error=f"cannot be read: {e.strerror or e}")
    try:
        battle, record = load_save(path)
    except (ReplayError, OSError) as e:
        return SaveInfo(path, when, error=str(e).replace(f"{path}: ", "", 1))
    units = tuple((u.pos[0], u.pos[1], u.n, u.side) for u in battle.world.units.values() if u.life == "fighting")
    return SaveInfo(
        path,
        when,
        battle.scenario.title,
        battle.round,
        "" if battle.over else battle.pending().side or "",
        dict(record.players),
        units,
        battle.scenario,
    )


class InfoReader:
    """Reads the saves' infos one at a time on a thread of its own; `infos` fills as they come."""

    def __init__(self, paths: list[Path]) -> None:
        self.infos: dict[Path, SaveInfo] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rout-saves")
        self._wanted: dict[Path, Future[SaveInfo]] = {p: self._pool.submit(read_info, p) for p in paths}

    def collect(self) -> None:
        """Take the infos read since the last call (never waiting)."""
        for p, f in list(self._wanted.items()):
            if f.done():
                self.infos[p] = f.result()
                del self._wanted[p]

    @property
    def busy(self) -> bool:
        return bool(self._wanted)

    def forget(self, path: Path) -> None:
        self.infos.pop(path, None)
        f = self._wanted.pop(path, None)
        if f is not None:
            f.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
