"""Saves that outlive an update (issue 41): 'a save made under the same rules replays and verifies
as today; one made under older rules resumes from its state under today's rules, and its history
is shown as recorded'. A save made under other rules whose commands no longer give the battle it
recorded is here a save whose commands were changed: the state and the log it keeps are the
battle as played, the commands are not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import ai
from game.core.battle_state import state_of
from game.core.rules_version import RULES
from game.history.saved_battle import load_save
from game.history.timeline import load_timeline
from game.save.errors import SaveError
from game.save.files import event_lines
from game.save.savefile import write_save
from tests.command_line import rout_here
from tests.save.played import played

# Written by this release's Rout (0.4.1, rules version 1) with the code it ships: a skirmish
# saved at the start of round 4, blue (human) to play.
SAVE_OF_RULES_1 = Path(__file__).parent / "data" / "rout-0.4.1-rules1-skirmish.json"


def _saved_under_older_rules(tmp_path: Path, decisions: int = 20) -> tuple[Path, object]:
    """A save whose commands no longer give the battle it keeps, marked as made under rules
    from before versions (its 'rules' field left out, as Rout 0.4.0 wrote them)."""
    b, commands = played(decisions=decisions)
    path = write_save(tmp_path / "old.json", b, commands)
    data = json.loads(path.read_text())
    del data["rules"]
    data["commands"] = data["commands"][1:] + data["commands"][:1]  # they replay to another battle, or none
    path.write_text(json.dumps(data))
    return path, b


def test_a_save_whose_commands_no_longer_give_its_battle_under_newer_rules_goes_on_from_its_state(tmp_path):
    path, original = _saved_under_older_rules(tmp_path)
    battle, record = load_save(path)
    assert record.rules == 0
    assert state_of(battle) == state_of(original)
    assert event_lines(battle.events) == event_lines(original.events)  # its history as recorded
    assert battle.resumed is not None
    assert (battle.resumed.commands, battle.resumed.events, battle.resumed.rules) == (20, len(original.events), 0)
    # It plays on under today's rules exactly as the battle it was saved from.
    for _ in range(15):
        cmd = ai.decide(original, "baseline")
        original.apply(cmd)
        battle.apply(cmd)
    assert event_lines(battle.events) == event_lines(original.events)


def test_the_same_save_under_the_rules_it_was_made_under_is_refused_not_taken_up(tmp_path):
    path, _ = _saved_under_older_rules(tmp_path)
    data = json.loads(path.read_text()) | {"rules": RULES}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as e:
        load_save(path)
    assert "differs from the one saved" in str(e.value) or "command" in str(e.value)


def test_a_battle_taken_up_and_saved_again_replays_from_where_it_was_taken_up(tmp_path):
    path, original = _saved_under_older_rules(tmp_path)
    battle, record = load_save(path)
    commands = list(record.commands)
    for _ in range(12):
        cmd = ai.decide(battle, "baseline")
        battle.apply(cmd)
        commands.append(cmd)
    again = write_save(tmp_path / "again.json", battle, commands)
    data = json.loads(again.read_text())
    assert data["rules"] == RULES
    assert {k: data["resumed"][k] for k in ("commands", "events", "rules")} == {
        "commands": 20,
        "events": len(original.events),
        "rules": 0,
    }
    loaded, rec = load_save(again)
    assert event_lines(loaded.events) == event_lines(battle.events)
    assert state_of(loaded) == state_of(battle)
    assert loaded.resumed is not None and loaded.resumed.commands == 20
    # The viewer shows it: the recorded history, then the commands given since, replayed.
    t = load_timeline(again)
    assert t.first == len(original.events)
    assert t.earlier == rec.commands[:20] and t.commands == rec.commands[20:]
    assert event_lines(t.events) == event_lines(battle.events)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(log="not base64!"), "log: not a packed event log"),
        (lambda d: d.update(log=d["log"][: len(d["log"]) // 8 * 4]), "log: "),
        (lambda d: d["state"]["units"].update(ghost={}), 'state.units: the map has no creature "ghost"'),
        (lambda d: d.update(state=[1]), "'state' must be an object"),
        (lambda d: d.pop("log"), "keeps its event log, packed, in 'log'"),
    ],
)
def test_a_damaged_state_or_log_is_refused_in_one_line(tmp_path, change, said):
    path, _ = _saved_under_older_rules(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as e:
        load_save(path)
    assert said in str(e.value) and "\n" not in str(e.value)


def test_a_save_of_rules_version_1_loads_under_todays_rules_as_the_battle_it_kept():
    battle, record = load_save(SAVE_OF_RULES_1)
    kept = json.loads(SAVE_OF_RULES_1.read_text())["state"]
    assert record.rules == 1 and battle.round == kept["round"] == 4
    assert {uid: (list(u.pos), u.hp) for uid, u in battle.world.units.items()} == {
        uid: (u["pos"], u["hp"]) for uid, u in kept["units"].items()
    }
    assert battle.pending().side == "blue"
    # Rules version 2 refuses its first command (a bugbear setting its morning star against a
    # charge: only a spear, halberd, pike, lance or trident may be set), so it was taken up.
    assert battle.resumed is not None and (battle.resumed.rules, battle.resumed.commands) == (1, 43)


def test_rout_replay_log_of_a_save_taken_up_gives_the_log_it_recorded_and_verify_says_why_it_cannot(tmp_path):
    path, original = _saved_under_older_rules(tmp_path)
    out = tmp_path / "log.jsonl"
    done = rout_here("replay", str(path), "--log", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text() == event_lines(original.events)
    verify = rout_here("replay", str(path), "--verify")
    assert verify.returncode != 0
    assert "(saved under rules from before rules versions by Rout" in verify.stderr


def test_a_battle_taken_up_under_newer_rules_is_not_hosted_over_the_network(tmp_path):
    path, _ = _saved_under_older_rules(tmp_path)
    done = rout_here("host", "--load", str(path), "--headless", "--listen", "127.0.0.1", "--port", "0")
    assert done.returncode != 0
    assert "its commands no longer replay on another machine: play it on here (rout play --load)" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
