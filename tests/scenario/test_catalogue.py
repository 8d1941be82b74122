"""The unit catalogue is checked as it loads: a bad size, class or flag is one line naming the file,
the unit kind and the value (the scenario loader's style)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.rules.creature import CreatureClass, Flag
from game.core.rules.geometry import Size
from game.scenario import catalogue


def _broken(tmp_path: Path, old: str, new: str) -> str:
    text = catalogue.CATALOGUE.read_text()
    assert old in text
    path = tmp_path / "catalogue.toml"
    path.write_text(text.replace(old, new, 1))
    return str(path)


@pytest.mark.parametrize(
    ("old", "new", "unit", "value"),
    [
        ('flags = ["mindless"]', 'flags = ["mindless", "flying"]', "skeleton", '"flying"'),
        ('size = "H"', 'size = "X"', "stone_giant", '"X"'),
        ('class = "rogue"', 'class = "bard"', "thief", '"bard"'),
    ],
)
def test_unknown_flag_size_or_class_is_one_line_naming_file_kind_and_value(tmp_path, old, new, unit, value):
    path = _broken(tmp_path, old, new)
    with pytest.raises(catalogue.CatalogueError) as err:
        catalogue.load(path)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: unit {unit}: ")
    assert value in message


def test_shipped_catalogue_loads_into_members():
    kinds = catalogue.load()
    assert all(isinstance(k.size, Size) and isinstance(k.cls, CreatureClass) for k in kinds.values())
    assert kinds["skeleton"].flags == (Flag.MINDLESS,)
    # Mindless creatures cannot surrender (docs/rules.md#withdrawal-flight-and-surrender).
    assert not kinds["skeleton"].intelligent
