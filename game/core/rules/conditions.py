"""The timed conditions a creature may be under, one record each (docs/rules.md#status): what each
does (what it stops, what it changes in a creature's moves, attacks, initiative and morale, what
ends it, how the window shows it) is said here and nowhere else. Every reader asks the record
(`rules_of`, or game.core.systems.conditions for a creature) and names no condition. Their names are a
type too: a misspelt one is a mypy error, and each is written to the event log as the same string.

The book's order is the order a creature's modifiers are listed in when it is under more than
one (the log writes them in that order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from game.core.rules.capabilities import Action
from game.core.rules.dice import Modifier

Condition = Literal[
    "hasted", "slowed", "blessed", "hampered", "tangled", "held", "charging", "set_vs_charge", "hindered", "asleep"
]  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionRecord:
    """One condition, whole. Each field says what the condition does, and its absence that it does
    nothing of the kind: a reader never asks a condition's name.

    The modifiers carry the names the log writes, and come in the book's order wherever a creature
    is under more than one."""

    name: Condition
    # What it stops (game.core.rules.capabilities.bound): no move, withdraw or charge; no action but hold.
    cannot_move: bool = False
    cannot_act: bool = False
    refusal: str = ""  # why a creature under it may not: the words after its id
    # Moving: MV times `mv_times`, over `mv_over` (rounded down, in the book's order).
    mv_times: int = 1
    mv_over: int = 1
    extra_blow: bool = False  # one more melee attack per attack action
    # Attacks: its own modifier to hit; attackers' against it (an AC made worse is a bonus to them);
    # `bares_ac`: attacks on it find its AC 1 worse and no Dex bonus (game.core.rules.charge).
    attack: Modifier | None = None
    attacked: Modifier | None = None
    bares_ac: bool = False
    initiative: Modifier | None = None  # 'Some Standard Modifiers to Initiative' (seed 002)
    hinders: bool = False  # 'hindered (tangled, climbing, held) -3' to initiative (seed 002)
    # The end of the round: a forced retreat and morale.
    stands_fast: bool = False  # it cannot give ground: no free space (docs/rules.md#forced-retreats)
    helpless: bool = False  # it counts among a side's incapacitated for morale
    morale: Modifier | None = None  # to its morale checks
    no_morale_check: bool = False  # its morale triggers wait until it is free
    # What ends it besides its rounds running out (game.core.systems.conditions).
    opposite: Condition | None = None  # a start of this on a creature under the opposite ends both
    ends_when_struck: bool = False  # any damage it takes
    ends_on_activation: bool = False  # the start of the creature's next activation
    ends_on: frozenset[Action] = frozenset()  # the actions that end it, before they are carried out
    ends_when_knocked_down: bool = False
    announced: bool = True  # its start and end are `condition` events (the schema lists these)
    # The window: a letter on the token (its rounds shown beside its words on the unit card), an
    # icon of game.ui.common.art on the token, the unit card's words (its name when empty).
    mark: str = ""
    icon: str = ""
    words: str = ""

    def __post_init__(self) -> None:
        if (self.cannot_move or self.cannot_act) and not self.refusal:
            raise ValueError(f"{self.name}: a condition that stops a creature says why (refusal)")
        if self.mv_times < 1 or self.mv_over < 1:
            raise ValueError(f"{self.name}: a movement multiplier is a positive fraction")

    @property
    def card_words(self) -> str:
        """What the unit card says of it, its rounds left beside it if the token marks it."""
        return self.words or self.name


# What the conditions do, wherever the rule applies (docs/rules.md#magic, the table under it).
BOOK: Final = (
    # hold person: 'held (hindered ...): cannot move or attack'; 'its attackers +4 (`held`)'; 'a
    # held or tangled foe cannot give ground'; 'a held creature makes no check while it is held'.
    ConditionRecord(
        name="held",
        cannot_move=True,
        cannot_act=True,
        refusal="is held by a spell: it cannot move or attack (it can only hold)",
        attacked=Modifier("held", 4),
        hinders=True,
        stands_fast=True,
        helpless=True,
        no_morale_check=True,
        mark="X",
    ),
    # haste: '+2 initiative, doubled movement, one extra melee attack per attack action (modifier
    # `hasted`, 0)'; 'haste and slow cancel each other, as the PHB has it'.
    ConditionRecord(
        name="hasted",
        mv_times=2,
        extra_blow=True,
        attack=Modifier("hasted", 0),
        initiative=Modifier("hasted", 2),
        opposite="slowed",
        mark="H",
    ),
    # slow: '-2 initiative, halved movement, -2 (`slowed`) to hit; AC 2 worse: its attackers +2
    # (`target_slowed`)'.
    ConditionRecord(
        name="slowed",
        mv_over=2,
        attack=Modifier("slowed", -2),
        attacked=Modifier("target_slowed", 2),
        initiative=Modifier("slowed", -2),
        opposite="hasted",
        mark="S",
    ),
    # entangle, failed save: 'tangled (hindered ...): cannot move'; '-2 (`tangled`)' to hit.
    ConditionRecord(
        name="tangled",
        cannot_move=True,
        refusal="is tangled by a spell and cannot move",
        attack=Modifier("tangled", -2),
        hinders=True,
        stands_fast=True,
        helpless=True,
        mark="T",
    ),
    # entangle, saved: 'one who saves is hampered (half move) for those rounds, wherever it goes'.
    ConditionRecord(name="hampered", mv_over=2),
    # bless: '+1 (`blessed`)' to hit, '+1 to morale (`blessed`)'.
    ConditionRecord(name="blessed", attack=Modifier("blessed", 1), morale=Modifier("blessed", 1), mark="B"),
    # 'Until its next activation the charger's AC is 1 worse and it loses its Dex bonus to AC'; it
    # 'ends at the start of its next activation' (docs/rules.md#charge).
    ConditionRecord(
        name="charging",
        bares_ac=True,
        ends_on_activation=True,
        icon="charging",
        words="charging (AC 1 worse, no Dex bonus)",
    ),
    # 'set to receive a charge +2' (seed 002); 'a creature stays set until it next moves, charges,
    # attacks (melee or missile), withdraws, stands up, casts or is knocked down'; its start is its
    # own event, `set_vs_charge`, and it lapses silently (docs/rules.md#charge).
    ConditionRecord(
        name="set_vs_charge",
        initiative=Modifier("set_vs_charge", 2),
        ends_on=frozenset(
            {Action.MOVE, Action.ATTACK, Action.CHARGE, Action.FIRE, Action.WITHDRAW, Action.STAND_UP, Action.CAST}
        ),
        ends_when_knocked_down=True,
        announced=False,
        words="set vs charge",
    ),
    # 'hindered (tangled, climbing, held) -3' (seed 002), for a cause of its own.
    ConditionRecord(name="hindered", hinders=True, announced=False),
    # sleep (wizard 1, PHB 2e): the sleepers 'cannot move or act'; 'attackers +4 to hit'; 'slapping
    # or wounding awakens' them: any damage ends it, as do its rounds running out. A sleeper, like a
    # held creature, cannot give ground and counts as helpless.
    ConditionRecord(
        name="asleep",
        cannot_move=True,
        cannot_act=True,
        refusal="is asleep: it cannot move or act (it can only hold)",
        attacked=Modifier("asleep", 4),
        stands_fast=True,
        helpless=True,
        ends_when_struck=True,
        mark="Z",
    ),
)

RULES: Final[dict[Condition, ConditionRecord]] = {r.name: r for r in BOOK}
if set(RULES) != set(get_args(Condition)) or len(RULES) != len(BOOK):
    raise ValueError("every condition's name is in the Condition type and has exactly one record")


def rules_of(name: Condition) -> ConditionRecord:
    """What the condition does."""
    return RULES[name]


def announced() -> list[str]:
    """The conditions whose start and end are `condition` events, in the book's order (the event
    schema lists them)."""
    return [r.name for r in BOOK if r.announced]
