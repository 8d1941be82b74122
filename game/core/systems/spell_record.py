"""A spell as one record (docs/rules.md#magic): its rules (class, level, aim, range, save), whom
and where it takes in, what it does to the battle, the words of its preview and its log line.
Aiming, casting, the cast preview, the AI and the window read it; the records themselves are in
game/core/systems/spells/. What the AI thinks a cast is worth is no rule: game/ai/spell_values.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from game.core.rules.dice import Roll
from game.core.rules.geometry import Pos
from game.core.rules.spells import SQUARE, Spell
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim
from game.core.world import Unit

# Where a square spell is tried by the query and the AI: next to the caster, on each ally, on each
# foe, or on every creature.
Centres = Literal["adjacent", "allies", "foes", "anyone"]
ADJACENT: Final = "adjacent"
ON_ALLIES: Final = "allies"
ON_FOES: Final = "foes"
ON_ANYONE: Final = "anyone"


@dataclass(frozen=True)
class SpellOption:
    """What one legal cast would do, for the window and the AI."""

    spell: str
    target: str | None  # the creature it is cast at, or None
    at: Pos | None  # the square it is aimed at, or None
    takes_in: tuple[str, ...]
    squares: tuple[Pos, ...]  # an area spell's squares
    low: int  # damage (or healing) to each creature taken in, least and most; 0 when none
    high: int
    fail_chance: tuple[float, ...]  # per creature taken in: the chance it fails its save (1.0: no save)
    summary: str  # what it would do, in words
    path: tuple[Pos, ...] = ()  # the half move before the cast, start included; () to cast where it stands


@dataclass(frozen=True, slots=True)
class Preview:
    """A cast's damage (or healing) to each creature taken in, least and most, and its words."""

    low: int
    high: int
    words: str


Effect = Callable[[Ctx, Unit, Aim, Pos | None], None]
AreaRule = Callable[[Ctx, Unit, Spell, Pos], Aim | str]
TakeRule = Callable[[Ctx, Unit, Spell, Unit], Aim | str]


@dataclass(frozen=True, slots=True, kw_only=True)
class SpellRecord(Spell):
    """One spell's rules, whole. `effect` resolves the cast; `preview` says what it would do for a
    caster of a level. What the AI thinks a cast is worth is the AI's (game/ai/spell_values.py)."""

    effect: Effect
    preview: Callable[[int], Preview]
    area: AreaRule | None = None  # a square spell: its squares and creatures once range and sight hold
    take: TakeRule | None = None  # a creature spell: whom it takes in, once side, range and sight hold
    centres: Centres = ON_ANYONE  # a square spell: where the query and the AI try aiming it
    tell: Callable[[tuple[Roll, ...]], str] | None = None  # the log's words for the cast's dice

    def __post_init__(self) -> None:
        if self.aim == SQUARE and self.area is None:
            raise ValueError(f"{self.key}: a spell aimed at a square needs its area")
        if self.aim != SQUARE and self.area is not None:
            raise ValueError(f"{self.key}: only a spell aimed at a square has an area")
