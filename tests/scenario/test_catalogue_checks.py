"""Every key of the unit catalogue is checked as it loads (game.scenario.catalogue_schema): a bad value is
one line naming the file, the unit or weapon and the key, never a silent int() or a missing weapon."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.scenario import catalogue
from game.scenario.catalogue_schema import UNIT_KEYS, WEAPON_KEYS, table_problems

ROOT = Path(__file__).resolve().parents[2]

# (shipped text, replacement, the entry named, the key named, a word of the reason)
BAD = [
    ("hp = 4\n", "hp = -6\n", "unit militia", "hp", "not -6"),
    ("dex = 13\n", "dex = 99\n", "unit fighter1", "dex", "from 1 to 25, not 99"),
    ("hp = 4\n", "hp = 6.7\n", "unit militia", "hp", "whole number"),
    ("hp = 4\n", 'hp = "six"\n', "unit militia", "hp", 'not "six"'),
    (
        'name = "dagger"\nkind = "melee"',
        'name = "dagger"\nkind = "meele"',
        "weapon dagger",
        "kind",
        'did you mean "melee"',
    ),
    ("morale = 10\n", "moral = 10\n", "unit militia", 'unknown key "moral"', 'did you mean "morale"'),
    ('flags = ["mindless"]', 'flags = ["flying"]', "unit skeleton", "flags", '"flying" is not one of'),
    ('weapons = ["mace"]', 'weapons = ["mace_of_doom"]', "unit priest", "weapons", 'unknown weapon "mace_of_doom"'),
    ("morale_ose = 9\n", "morale_ose = 13\n", "unit fighter1", "morale_ose", "from 2 to 12"),
    ("mv = 12\n", "mv = 0\n", "unit fighter1", "mv", "from 1 to 48"),
    ("ac = 4 ", "ac = 11 ", "unit fighter1", "ac", "from -10 to 10"),
    ("hd = 0.5", 'hd = "1/2"', "unit kobold", "hd", "fractions allowed"),
    ("range = [10, 20, 30]", "range = [10, 5, 30]", "weapon short_bow", "range", "each above the last"),
    ("range = [10, 20, 30]", "range = [-1, 20, 30]", "weapon short_bow", "range", "from 1 to 1000"),
    ('knockdown = "d8"', 'knockdown = "d7"', "weapon long_sword", "knockdown", "d4, d6, d8, d10, d12, d20"),
    ('damage = "1d4"', 'damage = "four"', "weapon dagger", "damage", "dice such as"),
    ("reach_ft = 1\n", "reach_ft = -1\n", "weapon dagger", "reach_ft", "from 0 to 30"),
    ('weapons = ["mace"]', 'weapons = ["mace", "club"]', "unit priest", "weapons", "both melee weapons"),
    ('weapons = ["mace"]', 'weapons = ["sling"]', "unit priest", "weapons", "no melee weapon"),
    (
        'knockdown = ""\nrange = [10, 20, 30]',
        'knockdown = "d6"\nrange = [10, 20, 30]',
        "weapon short_bow",
        "knockdown",
        "only for melee",
    ),
    ('encumbrance = "light"', 'encumbrance = "lite"', "unit fighter1", "encumbrance", 'did you mean "light"'),
    ('alignment = "LG"', 'alignment = "good"', "unit fighter1", "alignment", '"LG"'),
    ('troop = "militia"', 'troop = "levy"', "unit militia", "troop", '"militia"'),
    ('size = "H"', 'size = "X"', "unit stone_giant", "size", '"X"'),
    ('class = "rogue"', 'class = "bard"', "unit thief", "class", '"bard"'),
]


def _broken(tmp_path: Path, old: str, new: str) -> str:
    text = catalogue.CATALOGUE.read_text()
    assert old in text
    path = tmp_path / "catalogue.toml"
    path.write_text(text.replace(old, new, 1))
    return str(path)


def _only_problem(path: str) -> str:
    with pytest.raises(catalogue.CatalogueError) as err:
        catalogue.load(path)
    assert len(err.value.problems) == 1, err.value.problems
    assert "\n" not in str(err.value)
    return err.value.problems[0]


@pytest.mark.parametrize(("old", "new", "entry", "key", "why"), BAD)
def test_a_bad_value_is_one_line_naming_file_entry_and_key(tmp_path, old, new, entry, key, why):
    path = _broken(tmp_path, old, new)
    line = _only_problem(path)
    assert line.startswith(f"{path}: {entry}: {key}"), line
    assert why in line, line


def test_a_whole_number_key_refuses_a_float_a_string_and_a_bool(tmp_path):
    """hp = 6.7 used to become 6 by int(); a TOML integer is required."""
    for value in ("6.7", '"6"', "true"):
        line = _only_problem(_broken(tmp_path, "hp = 4\n", f"hp = {value}\n"))
        assert line.endswith(f"not {value}"), line


def test_a_missing_required_key_is_named_with_what_it_should_be(tmp_path):
    line = _only_problem(_broken(tmp_path, "morale_ose = 12\n", ""))
    assert line.endswith(": unit skeleton: morale_ose is missing (a whole number from 2 to 12)"), line


def test_an_unknown_table_is_an_error_with_a_suggestion(tmp_path):
    line = _only_problem(_broken(tmp_path, "[units.goblin]", "[unit.goblin]"))
    assert line.endswith(
        'unknown table [unit] (a catalogue holds [weapons.NAME] and [units.NAME]) (did you mean "units"?)'
    )


def test_a_unit_key_must_be_a_plain_name(tmp_path):
    """A kind's key is what a map's `kind` property, the logs and replays name."""
    line = _only_problem(_broken(tmp_path, "[units.orc]", '[units."Orc chief"]'))
    assert 'unit "Orc chief": a unit name must be lower-case letters' in line


def test_a_toml_syntax_error_is_one_line_naming_file_and_line(tmp_path):
    text = catalogue.CATALOGUE.read_text()
    line_no = text[: text.index("hp = 4\n")].count("\n") + 1
    line = _only_problem(_broken(tmp_path, "hp = 4\n", "hp = \n"))
    assert re.fullmatch(rf".*catalogue\.toml: line {line_no}, column \d+: not valid TOML: invalid value", line), line


def test_every_problem_is_listed_each_on_its_own_line(tmp_path):
    text = catalogue.CATALOGUE.read_text().replace("hp = 4\n", "hp = -6\n", 1).replace("dex = 13\n", "dex = 99\n", 1)
    path = tmp_path / "catalogue.toml"
    path.write_text(text)
    with pytest.raises(catalogue.CatalogueError) as err:
        catalogue.load(str(path))
    assert [p.split(": ")[1:3] for p in err.value.problems] == [
        ["unit fighter1", "dex must be a whole number from 1 to 25, not 99"],
        ["unit militia", "hp must be a whole number from 1 to 1000, not -6"],
    ]


def test_the_shipped_catalogue_passes_every_check():
    with open(catalogue.CATALOGUE, "rb") as f:
        data = tomllib.load(f)
    assert table_problems(data, data["weapons"]) == []
    assert len(catalogue.load()) == len(data["units"]) == 28


def test_the_map_authors_guide_lists_every_key():
    """maps/README.md documents each key of a weapon and of a unit (a table row per key)."""
    guide = (ROOT / "maps" / "README.md").read_text()
    section = guide[guide.index("## A map's own catalogue") :]
    for key in [*WEAPON_KEYS, *UNIT_KEYS]:
        assert f"| `{key}` |" in section, key


def test_a_multi_line_or_long_value_is_still_one_line(tmp_path):
    line = _only_problem(_broken(tmp_path, "hp = 4\n", 'hp = """six\nor seven"""\n'))
    assert line.endswith('hp must be a whole number from 1 to 1000, not "six or seven"'), line
    line = _only_problem(_broken(tmp_path, "hp = 4\n", f"hp = [{', '.join(['1'] * 100)}]\n"))
    assert line.endswith("...") and len(line.split("not ", 1)[1]) == 60, line


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ("magic = 1 ", "magic = 9 ", "magic must be a whole number from 0 to 5, not 9"),
        ('poison = {dice = "1d6", rounds = 3}', 'poison = {dice = "1d6"}', 'poison must be a table {dice = "1d6"'),
        ('poison = {dice = "1d6", rounds = 3}', 'poison = {dice = "d", rounds = 3}', "poison must be"),
        ('poison = {dice = "1d6", rounds = 3}', 'poison = {dice = "1d6", rounds = 0}', "1 to 10 rounds, not"),
        ("hit_only_by = 1 ", "hit_only_by = -1 ", "hit_only_by must be a whole number from 0 to 5, not -1"),
    ],
)
def test_the_magic_poison_and_hit_only_by_keys_are_checked(tmp_path, old, new, why):
    """maps/README.md: `magic` 0 to 5, `poison` a table of dice and 1 to 10 rounds, `hit_only_by` 0 to 5."""
    line = _only_problem(_broken(tmp_path, old, new))
    assert why in line, line
