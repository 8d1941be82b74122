"""Campaign saves (docs/formats.md#campaign-saves): written whole between battles, so a run killed
with SIGKILL leaves a save that loads and plays on; the same seed gives the same campaign, taken up
from a save or not; ironman keeps a single save; a file that is not a save is never written over."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from game.campaign.saves import load_save
from tests.campaign.helpers import SALT_ROAD
from tests.command_line import ROOT, one_line_error, rout_here


def _battles(path):
    try:
        return len(json.loads(path.read_text(encoding="utf-8"))["battles"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.slow
def test_a_campaign_killed_between_battles_leaves_a_save_that_loads_and_plays_on(tmp_path):
    save = tmp_path / "contracts.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    args = ["campaign", "play", "contracts", "--ai", "baseline", "--seed", "6", "--battles", "60", "--save", str(save)]
    # Seed 6: a company that lives through six contracts, so the resumed campaign has a battle to play.
    child = subprocess.Popen([sys.executable, "-m", "game", *args], env=env, cwd=tmp_path)
    try:
        deadline = time.monotonic() + 120
        while _battles(save) < 2 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert child.poll() is None, "the campaign ended before it could be killed"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
    assert child.returncode == -signal.SIGKILL
    state = load_save(save)  # whole: the last battle's save, or the one before it
    assert len(state.fought) >= 2 and state.outcome is None
    r = rout_here("campaign", "resume", str(save), "--battles", str(len(state.fought) + 1), "--json")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["battles"]) == len(state.fought) + 1


def test_the_same_seed_gives_the_same_campaign(tmp_path):
    runs = [
        rout_here(
            "campaign",
            "play",
            str(SALT_ROAD),
            "--ai",
            "baseline",
            "--seed",
            "4",
            "--json",
            "--save",
            str(tmp_path / f"{i}.json"),
        )
        for i in range(2)
    ]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    other = rout_here(
        "campaign",
        "play",
        str(SALT_ROAD),
        "--ai",
        "baseline",
        "--seed",
        "5",
        "--json",
        "--save",
        str(tmp_path / "5.json"),
    )
    assert json.loads(other.stdout)["battles"] != json.loads(runs[0].stdout)["battles"]


def test_a_campaign_taken_up_from_its_save_goes_on_as_if_never_stopped(tmp_path):
    whole = rout_here(
        "campaign",
        "play",
        "contracts",
        "--ai",
        "baseline",
        "--seed",
        "8",
        "--battles",
        "3",
        "--json",
        "--save",
        str(tmp_path / "a.json"),
    )
    part = tmp_path / "b.json"
    first = rout_here(
        "campaign", "play", "contracts", "--ai", "baseline", "--seed", "8", "--battles", "1", "--save", str(part)
    )
    assert first.returncode == 0, first.stderr
    rest = rout_here("campaign", "resume", str(part), "--battles", "3", "--json")
    assert rest.returncode == 0, rest.stderr
    assert json.loads(rest.stdout)["battles"] == json.loads(whole.stdout)["battles"]


def test_ironman_keeps_one_save_and_a_campaign_of_saves_keeps_each_stop(tmp_path):
    for name, extra in (("iron", ["--ironman"]), ("plain", [])):
        r = rout_here(
            "campaign",
            "play",
            str(SALT_ROAD),
            "--ai",
            "baseline",
            "--seed",
            "2",
            "--save",
            str(tmp_path / f"{name}.json"),
            *extra,
        )
        assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("iron")) == ["iron.json"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("plain")) == [
        "plain.battle-1.json",
        "plain.battle-2.json",
        "plain.json",
    ]
    assert load_save(tmp_path / "iron.json").ironman


def test_the_autosave_goes_to_the_data_folder(private_user_folders):
    r = rout_here("campaign", "play", str(SALT_ROAD), "--ai", "baseline", "--seed", "2")
    assert r.returncode == 0, r.stderr
    saved = private_user_folders / "xdg_data_home" / "rout" / "campaigns" / "salt-road-the-grey-company.json"
    assert load_save(saved).outcome in ("victory", "defeat")


def test_a_file_that_is_not_a_campaign_save_is_never_written_over(tmp_path):
    mine = tmp_path / "notes.json"
    mine.write_text('{"my": "notes"}', encoding="utf-8")
    r = rout_here("campaign", "play", str(SALT_ROAD), "--save", str(mine))
    one_line_error(r, "is not a campaign save; refusing to write over it")
    assert mine.read_text(encoding="utf-8") == '{"my": "notes"}'


def test_a_damaged_save_is_refused_in_one_line(tmp_path):
    save = tmp_path / "s.json"
    rout_here("campaign", "play", str(SALT_ROAD), "--ai", "baseline", "--save", str(save))
    data = json.loads(save.read_text(encoding="utf-8"))
    data["company"]["members"][0]["hp"] = 10**6
    save.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(rout_here("campaign", "resume", str(save)), "company member 1: hp 1000000 is above hp_max")
    save.write_text("{", encoding="utf-8")
    one_line_error(rout_here("campaign", "resume", str(save)), "is not a campaign save (not JSON)")
    one_line_error(rout_here("campaign", "resume", str(tmp_path / "none.json")), "no such save")
