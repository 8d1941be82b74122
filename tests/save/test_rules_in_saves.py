"""The rules version in saves and replays (issue 41): a save says the rules it was played under;
a file from before rules versions reads as 0; a save whose battle replays differently says
whether the rules changed since, rather than only that it differs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.rules_version import RULES
from game.history.saved_battle import load_save
from game.save.errors import ReplayError, SaveError
from game.save.replay import load_replay
from game.save.savefile import write_save
from tests.save.played import played

OLD_SAVE = Path(__file__).parent / "data" / "rout-0.3-duel.json"  # written by Rout 0.3.0 itself


def test_a_save_says_the_rules_it_was_played_under(tmp_path):
    b, commands = played(decisions=6)
    data = json.loads(write_save(tmp_path / "s.json", b, commands).read_text())
    assert data["rules"] == RULES
    _, record = load_save(tmp_path / "s.json")
    assert record.rules == RULES


def test_a_file_from_before_rules_versions_reads_as_version_0_and_without_its_state_is_refused_in_one_line():
    """Rout 0.3's save keeps no state, and its 18th command (a fighter setting his long sword
    against a charge) is one today's rules refuse: it cannot be taken up, and says why."""
    assert "rules" not in json.loads(OLD_SAVE.read_text())
    assert load_replay(OLD_SAVE).rules == 0
    with pytest.raises(SaveError) as e:
        load_save(OLD_SAVE)
    said = str(e.value)
    assert "\n" not in said and "command 18" in said
    assert "(saved under rules from before rules versions by Rout 0.3.0; this Rout plays rules version" in said


@pytest.mark.parametrize("bad", [0, -1, "1", 1.0, True])
def test_a_rules_version_is_a_whole_number_from_1(tmp_path, bad):
    b, commands = played(decisions=2)
    path = write_save(tmp_path / "s.json", b, commands)
    data = json.loads(path.read_text()) | {"rules": bad}
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match="'rules' must be a rules version, a whole number from 1"):
        load_replay(path)


def test_a_save_without_its_state_that_replays_differently_under_other_rules_says_the_rules_changed(tmp_path):
    b, commands = played(decisions=6)
    path = write_save(tmp_path / "s.json", b, commands)
    data = json.loads(path.read_text()) | {"format": 2, "rules": RULES + 1, "log_sha256": "0" * 64}
    del data["state"], data["log"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as e:
        load_save(path, trust=True)
    assert f"saved under rules version {RULES + 1} by Rout" in str(e.value)
    assert f"this Rout plays rules version {RULES}" in str(e.value)
    assert "it was saved before saves kept the battle's state" in str(e.value)
