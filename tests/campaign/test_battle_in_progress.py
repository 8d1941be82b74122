"""A campaign's battle in progress is kept with its save (docs/formats.md#campaign-saves): a run
killed with SIGKILL in the middle of a battle leaves a save that is whole, holds the battle so far,
and takes it up where it stood, on the same dice, so the campaign ends as one never stopped; in
ironman too, where the battle cannot be fought afresh."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from game.campaign.saves import CampaignSaveError, load_save
from tests.command_line import ROOT, one_line_error, rout_here

pytestmark = pytest.mark.slow  # each test kills a campaign run in a process of its own

PLAY = ["campaign", "play", "contracts", "--ai", "baseline", "--seed", "6", "--battles", "3"]


def _in_battle(path):
    """The save's battle in progress: (battles fought, commands so far), or None."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return len(data["battles"]), len(data["in_battle"]["commands"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _killed_mid_battle(save, extra):
    """Run the campaign in a process of its own and kill it in its second battle, some rounds in."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = subprocess.Popen(
        [sys.executable, "-m", "game", *PLAY, "--save", str(save), *extra], env=env, cwd=save.parent
    )
    try:
        deadline = time.monotonic() + 180
        while child.poll() is None and time.monotonic() < deadline:
            at = _in_battle(save)
            if at is not None and at[0] == 1 and at[1] > 0:
                break
            time.sleep(0.005)
        assert child.poll() is None, "the campaign ended before it could be killed mid-battle"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    assert child.returncode == -signal.SIGKILL


@pytest.mark.parametrize("extra", [[], ["--ironman"]], ids=["saves", "ironman"])
def test_a_campaign_killed_mid_battle_takes_the_battle_up_on_the_same_dice(tmp_path, extra):
    whole = rout_here(*PLAY, "--json", "--save", str(tmp_path / "whole.json"), *extra)
    assert whole.returncode == 0, whole.stderr
    save = tmp_path / "killed.json"
    _killed_mid_battle(save, extra)
    state = load_save(save)  # whole: the camp before the second battle's march, and that battle so far
    assert len(state.fought) == 1 and state.interrupted is not None and state.interrupted.commands
    rest = rout_here("campaign", "resume", str(save), "--battles", "3", "--json")
    assert rest.returncode == 0, rest.stderr
    assert json.loads(rest.stdout)["battles"] == json.loads(whole.stdout)["battles"]
    assert load_save(save).interrupted is None  # settled: the next save is between battles
    if extra:
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("killed")) == ["killed.json"]


def test_the_battle_in_progress_is_played_on_not_fought_again(tmp_path):
    save = tmp_path / "c.json"
    _killed_mid_battle(save, ["--ironman"])
    data = json.loads(save.read_text(encoding="utf-8"))
    commands = data["in_battle"]["commands"]
    data["in_battle"]["commands"] = commands[:1] + [commands[0]]  # the same creature's turn twice
    save.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(rout_here("campaign", "resume", str(save)), "the battle in progress no longer plays back")


def test_a_battle_in_progress_damaged_is_refused_in_one_line(tmp_path):
    save = tmp_path / "c.json"
    _killed_mid_battle(save, [])
    data = json.loads(save.read_text(encoding="utf-8"))
    data["in_battle"]["going"] = []
    save.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(rout_here("campaign", "resume", str(save)), "going must name the members who fight")
    data["format"] = 1
    data["in_battle"]["going"] = ["aldo"]
    save.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CampaignSaveError, match="format 1 keeps no battle in progress"):
        load_save(save)
    data["format"] = 3
    save.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(rout_here("campaign", "resume", str(save)), "format 3 is newer than this game reads")
