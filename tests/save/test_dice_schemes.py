"""The dice scheme beside a battle's seed (docs/formats.md#the-dice): new battles roll scheme 2,
whose neighbouring seeds roll unrelated dice; a save from Rout 0.3 (format 1, no `dice`) keeps
scheme 1 and replays to the log it recorded; the scheme travels in every save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.battle import Battle
from game.core.rules.dice import DICE, battle_rng
from game.history.saved_battle import load_save
from game.save.errors import ReplayError, SaveError
from game.save.replay import load_replay
from game.save.savefile import write_save
from game.scenario.tiled import load_scenario
from tests.save.played import DUEL, played

OLD_SAVE = Path(__file__).parent / "data" / "rout-0.3-duel.json"  # written by Rout 0.3.0 itself


def _rolls(seed: int, dice: int, n: int = 40) -> list[int]:
    rng = battle_rng(seed, dice)
    return [rng.die(20) for _ in range(n)]


def test_scheme_1_rolled_the_next_seed_s_dice_one_roll_later():
    # The flaw scheme 2 mends, kept for old saves: seed N+1 is seed N shifted by one draw.
    for seed in range(1, 30):
        assert _rolls(seed + 1, 1)[:-1] == _rolls(seed, 1)[1:]


def test_scheme_2_neighbouring_seeds_share_no_run_of_dice():
    streams = {seed: _rolls(seed, 2) for seed in range(1, 200)}
    for seed in range(1, 199):
        a, b = streams[seed], streams[seed + 1]
        for shift in range(1, 6):  # no short shift lines one stream up with the other
            same = sum(x == y for x, y in zip(a[shift:], b, strict=False))
            assert same < 12, (seed, shift, same)  # 40 d20s agree about twice by chance
    firsts = [s[0] for s in streams.values()]
    assert len(set(firsts)) == 20  # every face comes up first for some seed


def test_a_new_battle_rolls_the_newest_scheme_and_its_save_says_so(tmp_path):
    b, commands = played(decisions=10)
    assert b.dice == DICE == 2
    data = json.loads(write_save(tmp_path / "s.json", b, commands).read_text())
    assert (data["format"], data["dice"]) == (3, 2)  # format 3: a save keeps its state
    loaded, record = load_save(tmp_path / "s.json")
    assert record.dice == 2 and loaded.dice == 2


def test_the_same_seed_under_the_two_schemes_is_two_battles():
    one = Battle(load_scenario(DUEL), seed=5, dice=1)
    two = Battle(load_scenario(DUEL), seed=5, dice=2)
    assert one.ctx.rng.state != two.ctx.rng.state


def test_a_rout_0_3_save_reads_as_scheme_1():
    record = load_replay(OLD_SAVE)
    assert record.dice == 1 and record.game_version == "0.3.0" and len(record.commands) == 30


def test_a_battle_under_scheme_1_is_saved_and_loaded_under_scheme_1(tmp_path):
    """A battle Rout 0.3 began rolls its dice under scheme 1 for ever: saved again today, it says
    so, and loads to the same battle (Rout 0.3's own save no longer replays under today's rules:
    tests/save/test_rules_in_saves.py)."""
    b, commands = played(decisions=30, dice=1)
    path = write_save(tmp_path / "s.json", b, commands, ai={"red": "baseline"})
    assert json.loads(path.read_text())["dice"] == 1
    loaded, record = load_save(path)
    assert record.dice == 1 and loaded.dice == 1
    again = write_save(tmp_path / "again.json", loaded, record.commands, ai=record.ai)
    assert json.loads(again.read_text())["dice"] == 1
    reloaded, _ = load_save(again)
    assert reloaded.events == loaded.events == b.events


def test_the_old_save_under_the_new_scheme_would_not_be_the_battle_saved(tmp_path):
    data = json.loads(OLD_SAVE.read_text())
    data |= {"format": 2, "dice": 2}
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    with pytest.raises(SaveError):  # its commands are refused or its log differs: never taken quietly
        load_save(forged)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"format": 2}, "format 2 has 'dice' beside the seed (1 or 2); it is missing"),
        ({"format": 2, "dice": 3}, "'dice' must be 1 or 2, not 3"),
        ({"format": 2, "dice": "2"}, "'dice' must be 1 or 2, not '2'"),
        ({"format": 4, "dice": 2}, "format 4 is newer than this Rout reads"),
    ],
)
def test_a_bad_dice_field_is_refused_in_one_line(tmp_path, change, why):
    data = json.loads(OLD_SAVE.read_text()) | change
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(ReplayError) as caught:
        load_replay(path)
    assert why in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_bytes() == before
