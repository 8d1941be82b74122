"""A touch spell aimed at a foe, through its record alone (issue 19): shocking grasp, written here as
a module of game/core/systems/spells/ would be, registered, cast through the `cast` command and weighed
by the AI (its value in game/ai/spell_values.py's table).

Shocking grasp (wizard 1, PHB 2e): 'Range: Touch ... Saving Throw: None ... the wizard may attempt
to touch a creature in combat by making a successful attack roll ... The shocking grasp delivers
1d8 points of electrical damage, plus 1 point per level of the wizard.' As docs/rules.md#magic
reads a touch: a foe within reach of a touch (an adjacent square); a melee attack roll; the charge
is spent on the cast's one touch, hit or miss."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import ai
from game.ai.spell_values import VALUES, Judge, kill_frac
from game.core import query_magic
from game.core.commands import Action
from game.core.rules.attack import effective_ac, hit_chance
from game.core.rules.creature import Weapon
from game.core.rules.dice import Dice
from game.core.rules.geometry import FRONT, Pos
from game.core.rules.spells import FOE, TOUCH, W
from game.core.rules.tables import thac0
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, announce, spell_attack
from game.core.systems.spell_record import Preview, SpellOption, SpellRecord
from game.core.systems.spells import register, unregister
from game.core.world import Unit
from tests.helpers import battle, cmd, events_of, run_round, unit

# --- the spell's module, as game/core/systems/spells/shocking_grasp.py would hold it ---

KEY = "shocking_grasp"
HAND = Weapon(KEY, "shocking grasp", "melee", Dice(1, 8))  # for the attack roll's modifiers


def dice(level: int) -> Dice:
    """'1d8 points of electrical damage, plus 1 point per level of the wizard'."""
    return Dice(1, 8, max(level, 1))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    announce(ctx, u, a, at)
    spell_attack(ctx, u, a, HAND, dice(u.kind.level))


def _preview(level: int) -> Preview:
    d = dice(level)
    return Preview(1 + d.bonus, 8 + d.bonus, f"an attack roll; {1 + d.bonus}-{8 + d.bonus} damage")


SHOCKING_GRASP = SpellRecord(
    key=KEY,
    name="shocking grasp",
    cls=W,
    level=1,
    aim=FOE,
    range_base=TOUCH,
    effect=_effect,
    preview=_preview,
)

# --- its value to the AI, as game/ai/spell_values.py's VALUES would hold it ---


def _value(judge: Judge, o: SpellOption) -> float:
    """Its damage, and a kill, as likely as the touch hits the target's front."""
    u, t = judge.unit, judge.world[o.takes_in[0]]
    chance = hit_chance(0, thac0(u.kind) - effective_ac(t.kind.ac, t.kind.shield, t.kind.dex_ac, FRONT, 0))
    return chance * ((o.low + o.high) / 2 + 2.0 * judge.worth(t) * kill_frac(t.hp, o.low, o.high))


# --- the test ---


@pytest.fixture(autouse=True)
def shocking_grasp(monkeypatch: pytest.MonkeyPatch) -> Iterator[SpellRecord]:
    register(SHOCKING_GRASP)
    monkeypatch.setitem(VALUES, KEY, _value)  # the AI's value of it, as game/ai/spell_values.py would hold it
    yield SHOCKING_GRASP
    unregister(KEY)


def _grasper(uid: str, pos: tuple[int, int], spells: tuple[str, ...] = (KEY, "magic_missile")):
    return unit(uid, "blue", "wizard3", pos, "E", kind_changes={"spells": spells})


def test_shocking_grasp_touches_with_a_melee_attack_roll_and_deals_1d8_plus_level():
    """'a successful attack roll ... 1d8 points of electrical damage, plus 1 point per level'."""
    b = battle(
        [unit("o", "red", "orc", (1, 0), "W", kind_changes={"hp": 40}, hero=True), _grasper("w", (0, 0))],
        dice={"initiative o": 1, "initiative w": 10, "attack w": 20, "damage w": 5},
    )
    run_round(b, w=cmd("cast", "w", spell=KEY, target="o"))
    attack = events_of(b.events, "attack")[0]
    assert (attack["kind"], attack["weapon"], attack["purpose"], attack["hit"]) == ("melee", KEY, "spell", True)
    assert attack["damage"] == 5 + 3 and b.world["o"].hp == 40 - 8
    assert b.world["w"].spells == ("magic_missile",)


def test_shocking_grasp_reaches_only_a_foe_it_touches():
    """'Range: Touch': a foe two squares off is out of reach, however near."""
    b = battle(
        [unit("o", "red", "orc", (2, 0), "W"), _grasper("w", (0, 0))], dice={"initiative o": 1, "initiative w": 10}
    )
    while b.pending().unit != "w":
        b.apply(cmd("hold", b.pending().unit))
    said = query_magic.preview(b, "w", KEY, "o", None)
    assert said == "shocking grasp is cast by touch: o is 2 squares away"
    assert not [o for o in query_magic.spell_options(b, "w") if o.spell == KEY]


def test_the_ai_shocks_the_foe_it_touches_when_the_spell_outdoes_its_dagger():
    """The AI scores the cast by its value in the AI's table: 1d8+3 at a touch beats a dagger's 1d4."""
    b = battle(
        [unit("o", "red", "orc", (1, 0), "W"), _grasper("w", (0, 0), (KEY,))],
        dice={"initiative o": 5, "initiative w": 1},
    )
    while b.pending().unit != "w":
        b.apply(cmd("hold", b.pending().unit))
    c = ai.decide(b, "normal")
    assert (c.action, c.spell, c.target) == (Action.CAST, KEY, "o")
