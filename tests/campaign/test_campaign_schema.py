"""game/data/schemas/campaign.schema.json says what game/campaign/keys.py checks: the same keys,
types and ranges; the shipped and test campaigns validate, and a value the reader refuses the
schema refuses too."""

from __future__ import annotations

import json
import tomllib
from importlib import resources

import pytest

from game.campaign.keys import BATTLE_KEYS, GENERATE_KEYS, START_KEYS, TOP_KEYS, problems_of
from game.home.bundled import shipped_campaigns
from tests.campaign.helpers import SALT_ROAD

jsonschema = pytest.importorskip("jsonschema", reason="install the test extra: pip install -e '.[test]'")

SCHEMA = json.loads(
    resources.files("game").joinpath("data", "schemas", "campaign.schema.json").read_text(encoding="utf-8")
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
TYPES = {
    "int": "integer",
    "float": "number",
    "bool": "boolean",
    "text": "string",
    "name": "string",
    "names": "array",
    "tables": "array",
}


@pytest.mark.parametrize(
    ("keys", "props"),
    [
        (TOP_KEYS, SCHEMA),
        (BATTLE_KEYS, SCHEMA["$defs"]["battle"]),
        (GENERATE_KEYS, SCHEMA["$defs"]["generate"]),
        (START_KEYS, SCHEMA["$defs"]["start"]),
    ],
)
def test_the_schema_has_the_readers_keys_types_and_ranges(keys, props):
    assert set(props["properties"]) == set(keys)
    assert set(props["required"]) == {k for k, v in keys.items() if v.required}
    for name, key in keys.items():
        p = props["properties"][name]
        if key.type in TYPES:
            assert p["type"] == TYPES[key.type], name
        if key.type == "choice":
            assert p["enum"] == list(key.choices), name
        if key.type in ("int", "float"):
            assert (p["minimum"], p["maximum"]) == (key.least, key.most), name


@pytest.mark.parametrize("folder", [SALT_ROAD, *shipped_campaigns()], ids=lambda f: f.name)
def test_every_shipped_and_test_campaign_validates(folder):
    data = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    assert list(VALIDATOR.iter_errors(data)) == []


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"crowns": -1}, TOP_KEYS),
        ({"roster_limit": 41}, TOP_KEYS),
        ({"colour": "red"}, TOP_KEYS),
        ({"hire": "fighter1"}, TOP_KEYS),
        ({"title": ""}, TOP_KEYS),
        ({"endless": "yes"}, TOP_KEYS),
    ],
)
def test_a_value_the_reader_refuses_the_schema_refuses(change, where):
    data = tomllib.loads((SALT_ROAD / "campaign.toml").read_text(encoding="utf-8")) | change
    assert problems_of(data, where, "x:")
    assert list(VALIDATOR.iter_errors(data))


def test_a_battle_with_both_a_map_and_a_field_fails_the_schema():
    data = tomllib.loads((SALT_ROAD / "campaign.toml").read_text(encoding="utf-8"))
    data["battle"][0]["generate"] = {"width": 16}
    assert list(VALIDATOR.iter_errors(data))
