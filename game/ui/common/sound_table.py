"""Which sound an event of the log makes, in one table (issue 22: a hit, a miss, a death, a
knockdown, a forced retreat, a rout, a spell, a charge, the end of the round).

The sounds themselves are synthesised in game/ui/common/sound_synth.py and played by
game/ui/common/sound.py as each event's animation begins, with its log line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core import events as ev

SOUNDS = ("hit", "miss", "death", "knockdown", "retreat", "rout", "spell", "charge", "round_end")

# An event's type (as the log writes it) -> the sound it makes, given the event; None: silent.
TABLE: dict[str, Callable[[Any], str | None]] = {
    ev.Attack.type: lambda e: "hit" if e.hit else "miss",
    ev.Death.type: lambda e: "death",
    ev.Knockdown.type: lambda e: "knockdown",
    ev.Retreat.type: lambda e: "retreat",  # a forced retreat: the beaten side gives ground
    ev.Flee.type: lambda e: "rout",  # a failed morale check sends it running
    ev.Cast.type: lambda e: "spell",
    ev.Condition.type: lambda e: "charge" if e.condition == "charging" and e.started else None,
    ev.RoundEnd.type: lambda e: "round_end",
}


def sound_of(e: ev.Event) -> str | None:
    """The sound the event makes, or None."""
    pick = TABLE.get(e.type)
    return pick(e) if pick is not None else None
