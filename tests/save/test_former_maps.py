"""Shipped maps whose words changed (issue 37: "no designer statistics in a scenario's
description"): a save made on a map's former bytes still opens, and only a change of its words is
forgiven (game/save/map_paths.py, FORMER_ENDINGS)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from game.history.saved_battle import load_save
from game.save.errors import SaveError
from game.save.map_paths import FORMER_ENDINGS
from game.save.savefile import write_save
from tests.save.played import DUEL, ROOT, played

DESCRIPTION = re.compile(rb'<property name="description" value="([^"]*)"')


def _with_map_digest(path: Path, sha: str) -> Path:
    data = json.loads(path.read_text())
    data["map_sha256"] = sha
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("folder", ["maps", "campaigns/the_salt_road/maps"])
def test_no_shipped_description_carries_balance_figures(folder):
    maps = sorted((ROOT / folder).glob("*.tmx"))
    assert maps
    for m in maps:
        (words,) = DESCRIPTION.findall(m.read_bytes()) or [b""]
        assert b"Measured" not in words and b"% over" not in words, m.name


def test_a_save_made_on_a_maps_former_words_opens_on_the_map_as_it_is(tmp_path):
    b, commands = played(DUEL)
    data = DUEL.read_bytes()
    end = DESCRIPTION.search(data).end(1)
    former = data[:end] + FORMER_ENDINGS["duel.tmx"][0].encode() + data[end:]
    path = _with_map_digest(write_save(tmp_path / "old.json", b, commands), hashlib.sha256(former).hexdigest())
    battle, _ = load_save(path)
    assert battle.world.units == b.world.units


def test_a_map_changed_in_more_than_its_words_is_still_refused(tmp_path):
    b, commands = played(DUEL)
    data = DUEL.read_bytes() + b"<!-- another byte than its words -->\n"
    end = DESCRIPTION.search(data).end(1)
    changed = data[:end] + FORMER_ENDINGS["duel.tmx"][0].encode() + data[end:]
    path = _with_map_digest(write_save(tmp_path / "old.json", b, commands), hashlib.sha256(changed).hexdigest())
    with pytest.raises(SaveError, match="the map has changed"):
        load_save(path)
