"""The end of the round as one ordered table: each step and the system that carries it out.

'At the end of the round: forced retreats, fatigue, morale, status' (seed 000; docs/rules.md#the-end-of-the-round).
The battle announces each step with an end_step event and runs its system; the battle screen's strip of
steps, the help and the event schema's `step` read this table (tools/write_schemas.py writes the schema's).

To add a step: a Step in game/core/phases.py and a row here (docs/architecture.md#how-to-add-an-end-of-round-step).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.phases import Step
from game.core.systems import fatigue, morale, status
from game.core.systems.context import Ctx


@dataclass(frozen=True, slots=True)
class RoundEndStep:
    """One step of the round's end: its name and its system."""

    step: Step
    # None: the step waits for decisions, so the battle carries it out itself (the forced
    # retreats: Battle's RETREAT phase asks each attacker in turn); only the first step may.
    run: Callable[[Ctx], None] | None


STEPS: tuple[RoundEndStep, ...] = (
    RoundEndStep(Step.RETREATS, None),
    RoundEndStep(Step.FATIGUE, fatigue.run),
    RoundEndStep(Step.MORALE, morale.run),
    RoundEndStep(Step.STATUS, status.run),
)
if any(s.run is None for s in STEPS[1:]):
    raise TypeError("only the first end-of-round step may wait for decisions (Battle's RETREAT phase)")
