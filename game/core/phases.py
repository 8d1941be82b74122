"""The battle's typed keys: where a round stands, and the steps of its end.

Both are StrEnums, so they are written to the event log as the same strings they always were
("retreats", "activation"), and a misspelt one is a mypy error instead of a silent mismatch.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the battle waits for (Battle.state, and Pending.kind)."""

    ACTIVATION = "activation"  # a creature's (or a side's) activation
    RETREAT = "retreat"  # the attacker's choice of a forced retreat, at the round's end
    OVER = "over"  # nothing: the battle is over


class Step(StrEnum):
    """A step of the end of the round, as its end_step event names it (the order is game/core/round_end.py's)."""

    RETREATS = "retreats"
    FATIGUE = "fatigue"
    MORALE = "morale"
    STATUS = "status"
