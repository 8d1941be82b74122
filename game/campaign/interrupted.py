"""A battle in progress, as a campaign save keeps it (docs/formats.md#campaign-saves): who marched,
where the player deployed them, and every command given so far. The save beside it is the camp
as it stood before the march, and the march draws the battle's seed from the campaign's own
generator, so marching again from that save gives the same field and the same dice; the
commands then take the battle back to where it stood. Nothing else is needed to resume it, and
nothing in the save lets it be fought afresh."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.campaign.company_json import SaveFault, get
from game.core.commands import Command, Illegal, from_json
from game.core.rules.geometry import FACINGS

Place = tuple[str, int, int, int]  # a company unit's id, the square it was deployed on, its facing


@dataclass(frozen=True)
class Interrupted:
    going: tuple[str, ...]  # the keys of the members who fight, in the order they were chosen
    placed: tuple[Place, ...] = ()  # as deployed in the window; empty: where the campaign put them
    commands: tuple[Command, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "going": list(self.going),
            "placed": [{"unit": u, "at": [x, y], "facing": FACINGS[f]} for u, x, y, f in self.placed],
            "commands": [c.to_json() for c in self.commands],
        }


def read_interrupted(d: object) -> Interrupted:
    """The battle in progress a save keeps; SaveFault in one line for anything the game does not write."""
    where = "save: battle in progress"
    going = get(d, "going", list, where)
    if not going or not all(isinstance(k, str) for k in going):
        raise SaveFault(f"{where}: going must name the members who fight")
    placed = [_place(p, where) for p in get(d, "placed", list, where)]
    commands = []
    for i, c in enumerate(get(d, "commands", list, where)):
        try:
            commands.append(from_json(c))
        except Illegal as e:
            raise SaveFault(f"{where}: command {i + 1}: {e}") from None
    return Interrupted(tuple(going), tuple(placed), tuple(commands))


def _place(p: object, where: str) -> Place:
    unit, at, facing = get(p, "unit", str, where), get(p, "at", list, where), get(p, "facing", str, where)
    if len(at) != 2 or not all(type(v) is int and v >= 0 for v in at):
        raise SaveFault(f"{where}: {unit}: at must be a square [x, y]")
    if facing not in FACINGS:
        raise SaveFault(f"{where}: {unit}: facing must be one of {' '.join(FACINGS)}")
    return unit, at[0], at[1], FACINGS.index(facing)
