"""The battle's pending decision, asked once while a frame is drawn: drawing never changes the
battle, and the frame's parts asked it a score of times."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.core.battle import Battle, Pending


class FramePending:
    _drawn_pending: tuple[Battle, Pending] | None = None  # set only while a frame is drawn

    @property
    def battle(self) -> Battle:  # the screen's battle (BattleState)
        raise NotImplementedError

    def pending(self) -> Pending:
        kept = self._drawn_pending
        return kept[1] if kept is not None and kept[0] is self.battle else self.battle.pending()

    @contextmanager
    def one_frame(self) -> Iterator[None]:
        self._drawn_pending = (self.battle, self.battle.pending())
        try:
            yield
        finally:
            self._drawn_pending = None
