"""A tenth spell through its record alone (issue 19, 'a spell is one record'): fireball, written
here as a module of game/core/systems/spells/ would be, registered in the book, memorised from a
catalogue, cast in a battle through the `cast` command, and weighed by the AI (its value given to
the AI's table, as game/ai/spell_values.py would hold it).

Fireball (wizard 3, PHB 2e): 'Range: 10 yds. + 10 yds./level ... Area of Effect: 20-ft. radius ...
Saving Throw: 1/2. ... inflicts 1d6 points of damage for each level of experience of the
spellcaster (up to a maximum of 10d6) ... those who roll successful saving throws ... suffer
half damage.' As docs/rules.md#magic reads the books (yards as feet, 5 feet a square): a square
within 2 + 2 per level; every creature within 4 squares of it, the caster's side too; 1d6 per
level (10d6 at most), one roll for all, a save vs spell halves it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from game import ai
from game.ai.spell_values import VALUES, blast_value
from game.core import query_magic
from game.core.commands import Action
from game.core.rules.creature import CreatureClass
from game.core.rules.dice import Dice
from game.core.rules.geometry import FACINGS, Pos
from game.core.rules.spells import SQUARE, Spell, W, memorise_problem
from game.core.systems.context import Ctx
from game.core.systems.spell_kit import Aim, area_aim, blast, in_area
from game.core.systems.spell_record import ON_FOES, Preview, SpellRecord
from game.core.systems.spells import SPELLS, register, unregister
from game.core.world import Unit
from game.scenario import catalogue
from game.scenario.model import Placement
from tests.helpers import as_json, battle, cmd, events_of, run_round, unit

jsonschema = pytest.importorskip("jsonschema", reason="install the test extra: pip install -e '.[test]'")

# --- the spell's module, as game/core/systems/spells/fireball.py would hold it ---

RADIUS = 4  # '20-ft. radius'


def dice(level: int) -> Dice:
    """'1d6 points of damage for each level ... (up to a maximum of 10d6)'."""
    return Dice(min(max(level, 1), 10), 6)


def _area(ctx: Ctx, caster: Unit, spell: Spell, at: Pos) -> Aim | str:
    """Every creature within 4 squares of the aimed one, friend or foe."""
    area = [(at[0] + dx, at[1] + dy) for dy in range(-RADIUS, RADIUS + 1) for dx in range(-RADIUS, RADIUS + 1)]
    return area_aim(ctx, spell, at, area, in_area(ctx, area, lambda u: True))


def _effect(ctx: Ctx, u: Unit, a: Aim, at: Pos | None) -> None:
    blast(ctx, u, a, at, dice(u.kind.level))


def _preview(level: int) -> Preview:
    n = dice(level).count
    return Preview(n, 6 * n, f"{n}-{6 * n} fire damage, a save halves it")


FIREBALL = SpellRecord(
    key="fireball",
    name="fireball",
    cls=W,
    level=3,
    aim=SQUARE,
    range_base=2,
    range_per_level=2,
    save=True,
    effect=_effect,
    preview=_preview,
    area=_area,
    centres=ON_FOES,
)

# --- the test ---

PYROMANCER = """
[units.pyromancer]
name = "Human wizard, 5th level, with a fireball"
size = "M"
class = "wizard"
level = 5
hd = 5
hp = 13
dex = 15
ac = 9
dex_ac = 1
mv = 12
weapons = ["dagger"]
morale = 16
morale_ose = 10
spells = ["fireball", "magic_missile"]
"""
TOUGH = {"kind_changes": {"hp": 40}, "hero": True}


# --- the AI's value of it, as game/ai/spell_values.py's VALUES would hold it: a blast's ---


@pytest.fixture
def fireball(monkeypatch: pytest.MonkeyPatch) -> Iterator[SpellRecord]:
    register(FIREBALL)
    monkeypatch.setitem(VALUES, FIREBALL.key, blast_value)
    yield FIREBALL
    unregister(FIREBALL.key)


def _pyromancer(tmp_path: Path, name: str = "pyro.toml") -> Placement:
    (tmp_path / name).write_text(PYROMANCER, encoding="utf-8")
    k = catalogue.for_map(tmp_path / name)["pyromancer"]
    return Placement("w", "blue", k, (0, 5), FACINGS.index("E"))


def _event_problems(events: list[dict]) -> list[str]:
    text = resources.files("game").joinpath("data", "schemas", "event.schema.json").read_text(encoding="utf-8")
    validator = jsonschema.Draft202012Validator(json.loads(text))
    return [f"{e['type']}: {p.message}" for e in events for p in validator.iter_errors(e)]


def test_the_catalogue_memorises_a_registered_spell_and_refuses_it_unregistered(tmp_path):
    """A caster memorises only spells of the book (docs/rules.md#magic): the catalogue's check reads
    the book as it stands, so a registered spell is memorised, by slot level like any other."""
    with pytest.raises(catalogue.CatalogueError, match='"fireball" is not a spell'):
        _pyromancer(tmp_path, "before.toml")
    register(FIREBALL)
    try:
        assert _pyromancer(tmp_path, "after.toml").kind.spells == ("fireball", "magic_missile")
        # 'a wizard of level 3 two first-level and one second-level': no third-level slot.
        why = memorise_problem(CreatureClass.WIZARD, 3, ["fireball"], SPELLS)
        assert why == "1 spells of level 3, but a level-3 wizard memorises 0"
    finally:
        unregister(FIREBALL.key)
    assert "fireball" not in SPELLS


def test_a_registered_fireball_is_cast_through_the_cast_command_and_a_save_halves_it(tmp_path, fireball):
    """Fireball: every creature within 4 squares of the aimed square; 5d6 at level 5, one roll for
    all; each saves vs spell for half. Its events are the log's contract (the event schema)."""
    b = battle(
        [
            unit("a", "red", "orc", (8, 5), "W", **TOUGH),
            unit("b", "red", "orc", (9, 5), "W", **TOUGH),
            unit("c", "red", "orc", (9, 7), "W", **TOUGH),
            unit("d", "red", "orc", (14, 5), "W", **TOUGH),
            _pyromancer(tmp_path),
        ],
        dice={
            **{f"initiative {u}": 1 for u in "abcd"},
            "initiative w": 10,
            "damage w": 30,
            "save a": 20,
            "save b": 1,
            "save c": 1,
        },
        width=20,
    )
    offered = [o for o in query_magic.spell_options(b, "w") if o.spell == "fireball"]
    assert offered and all((o.low, o.high) == (5, 30) for o in offered)
    run_round(b, w=cmd("cast", "w", spell="fireball", at=(9, 6)))
    cast = events_of(b.events, "cast")[0]
    assert cast["spell"] == "fireball" and cast["targets"] == ["a", "b", "c"] and cast["slot_level"] == 3
    assert cast["rolls"][0]["total"] == 30
    saves = [(s["id"], s["purpose"], s["success"]) for s in events_of(b.events, "save")]
    assert saves == [("a", "fireball", True), ("b", "fireball", False), ("c", "fireball", False)]
    assert [b.world[x].hp for x in "abcd"] == [40 - 15, 40 - 30, 40 - 30, 40]  # d: 5 squares off
    assert b.world["w"].spells == ("magic_missile",)  # the slot spent
    assert _event_problems(as_json(b.events)) == []


def _cluster(tmp_path: Path, friends_in_it: bool) -> list[Placement]:
    orcs = [unit(x, "red", "orc", (10, y), "W") for x, y in (("a", 4), ("b", 5), ("c", 6))]
    ours = [unit(f, "blue", "fighter1", (9, y), "E") for f, y in (("f", 4), ("g", 6))] if friends_in_it else []
    return [*orcs, *ours, _pyromancer(tmp_path)]


def _wizard_to_act(b) -> None:
    while b.pending().unit != "w":
        b.apply(cmd("hold", b.pending().unit))


def test_the_ai_fireballs_a_cluster_of_foes_but_not_one_its_own_fighters_stand_in(tmp_path, fireball):
    """The AI reads the spell's value from its table (blast_value: damage to foes, three times its
    cost to friends): three orcs alone are worth a fireball; with two of its own fighters among
    them, not."""
    b = battle(
        _cluster(tmp_path, friends_in_it=False),
        dice={"initiative a": 5, "initiative b": 5, "initiative c": 5, "initiative w": 1},
        width=20,
    )
    _wizard_to_act(b)
    c = ai.decide(b, "normal")
    assert (c.action, c.spell) == (Action.CAST, "fireball")
    b.apply(c)
    assert events_of(b.events, "cast")[-1]["targets"] == ["a", "b", "c"]

    b = battle(
        _cluster(tmp_path, friends_in_it=True),
        dice={
            "initiative a": 5,
            "initiative b": 5,
            "initiative c": 5,
            "initiative f": 5,
            "initiative g": 5,
            "initiative w": 1,
        },
        width=20,
    )
    _wizard_to_act(b)
    options = [o for o in query_magic.spell_options(b, "w") if o.spell == "fireball"]
    assert options and all({"f", "g"} <= set(o.takes_in) for o in options)
    c = ai.decide(b, "normal")
    assert c.spell != "fireball"


def test_the_rules_document_has_a_row_for_every_spell_of_the_book():
    """The recipe's last step (docs/architecture.md, 'How to add a spell'): docs/rules.md#magic
    gives each spell of the book a row, by its name, class and level as its record declares them."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("\n## Magic\n", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines() if line.startswith("| ")]
    table = {row[0]: row[1] for row in rows if len(row) == 4 and row[0] not in ("spell", "---")}
    assert table == {s.name: f"{s.cls.value} {s.level}" for s in SPELLS.values()}
