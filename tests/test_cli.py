"""The command line (docs/command-line.md): summaries, logs, replays, and bad input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import ai
from game.core.battle import Battle
from game.save.files import event_lines
from game.scenario.tiled import load_scenario
from tests.command_line import ROOT, one_line_error, rout, rout_here

ARENA = ROOT / "maps" / "test_arena.tmx"


def broken_map(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copy(ROOT / "maps" / "terrain.tsx", tmp_path / "terrain.tsx")
    text = ARENA.read_text()
    assert old in text
    out = tmp_path / "broken.tmx"
    out.write_text(text.replace(old, new, 1))
    return out


def test_simulate_json_summary():
    r = rout_here("simulate", str(ARENA), "--games", "3", "--seed", "4", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 3 and out["draws"] + sum(out["wins"].values()) == 3
    assert set(out["wins"]) == {"blue", "red"} and out["rounds_mean"] >= 1


def test_simulate_text_summary_names_the_mechanics():
    r = rout_here("simulate", "--seed", "2")
    assert r.returncode == 0, r.stderr
    assert "wins" in r.stdout and "retreats" in r.stdout and "morale failures" in r.stdout


def test_missing_map(tmp_path):
    one_line_error(rout_here("simulate", str(tmp_path / "nope.tmx")), "nope.tmx", "not found")


def test_broken_xml(tmp_path):
    m = broken_map(tmp_path, "</map>", "</mapp>")
    one_line_error(rout_here("simulate", str(m)), "broken.tmx", "does not parse")


def test_unknown_unit_kind(tmp_path):
    m = broken_map(tmp_path, 'value="orc"', 'value="dragon"')
    one_line_error(rout_here("simulate", str(m)), "broken.tmx", "red_orc", "unknown unit kind 'dragon'")


def test_bad_option_value_in_the_map(tmp_path):
    m = broken_map(tmp_path, 'name="morale_system" value="adnd2e"', 'name="morale_system" value="gygax"')
    one_line_error(rout_here("simulate", str(m)), "broken.tmx", "morale_system")


def test_bad_option_on_the_command_line():
    one_line_error(rout_here("simulate", str(ARENA), "--option", "max_rounds=lots"), "max_rounds")
    one_line_error(rout_here("simulate", str(ARENA), "--ai", "green=baseline"), "green")


@pytest.mark.parametrize("value", ["-1", "0", "x", "9" * 30])
def test_a_screenshot_round_before_the_first_is_refused(tmp_path, value):
    # Issue 26.11: --round -1 was accepted.
    r = rout_here("screenshot", str(ARENA), "--out", "s.png", "--round", value, cwd=tmp_path)
    one_line_error(r, "--round", "a round is a whole number from 1")
    assert not (tmp_path / "s.png").exists()


@pytest.mark.parametrize("value", ["3", "0.5", "x", "nan", "1.3"])
def test_a_screenshot_ui_scale_the_settings_do_not_offer_is_refused(tmp_path, value):
    # Issue 22: --ui-scale takes the settings screen's scales only.
    r = rout_here("screenshot", str(ARENA), "--out", "s.png", "--ui-scale", value, cwd=tmp_path)
    one_line_error(r, "--ui-scale must be one of 1, 1.25, 1.5, 1.75, 2", repr(value))
    assert not (tmp_path / "s.png").exists()


@pytest.mark.slow
def test_a_screenshot_at_ui_scale_2_is_the_1024x600_picture_with_every_pixel_doubled(tmp_path):
    # Issue 22: the UI scale enlarges the whole screen, text, panels and tokens alike.
    for name, scale, size in (("one.png", "1", "1024x600"), ("two.png", "2", "2048x1200")):
        # In a process of its own each: a screenshot ends pygame, whose fonts the next would reuse.
        r = rout("screenshot", str(ARENA), "--out", name, "--ui-scale", scale, "--size", size, cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    import pygame  # noqa: PLC0415  # the pictures are read back as the player would see them

    one, two = (pygame.image.load(str(tmp_path / n)) for n in ("one.png", "two.png"))
    assert two.get_size() == (2048, 1200)
    doubled = pygame.transform.scale(one, (2048, 1200))
    assert pygame.image.tobytes(doubled, "RGB") == pygame.image.tobytes(two, "RGB")


def test_check_reports_each_problem_and_exit_status(tmp_path):
    ok = rout_here("check", str(ARENA), str(ROOT / "maps" / "skirmish.tmx"))
    assert ok.returncode == 0
    assert ok.stdout == "2 maps valid\n"
    m = broken_map(tmp_path, 'value="W"', 'value="UP"')
    r = rout_here("check", str(m))
    assert r.returncode == 2 and "facing must be one of" in r.stdout and "Traceback" not in r.stderr


def test_log_is_byte_identical_for_the_same_seed(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert rout_here("simulate", str(ARENA), "--seed", "9", "--log", str(a)).returncode == 0
    assert rout_here("simulate", str(ARENA), "--seed", "9", "--log", str(b)).returncode == 0
    assert a.read_bytes() == b.read_bytes() and a.stat().st_size > 0
    for line in a.read_text().splitlines():
        e = json.loads(line)
        assert "type" in e and "round" in e


def test_replay_runs_and_verifies(tmp_path):
    rep, log, again = tmp_path / "r.json", tmp_path / "sim.jsonl", tmp_path / "rep.jsonl"
    assert (
        rout_here("simulate", str(ARENA), "--seed", "3", "--log", str(log), "--save-replay", str(rep)).returncode == 0
    )
    assert rout_here("replay", str(rep), "--log", str(again)).returncode == 0
    assert again.read_bytes() == log.read_bytes()
    r = rout_here("replay", str(rep), "--verify")
    assert r.returncode == 0 and "verified" in r.stdout


def test_replay_with_recorded_commands_gives_the_same_log(tmp_path):
    """A replay is the scenario + options + seed + the command list (docs/formats.md#the-replay-file)."""
    b = Battle(load_scenario(ARENA), seed=11, controllers={"blue": "human", "red": "ai"})
    commands = []
    while not b.over:
        c = ai.decide(b, "random" if b.pending().side == "blue" else "baseline")
        commands.append(c.to_json())
        b.apply(c)
    rep = tmp_path / "r.json"
    rep.write_text(
        json.dumps(
            {
                "format": 2,
                "map": str(ARENA),
                "seed": 11,
                "dice": 2,
                "options": {},
                "controllers": {"blue": "human", "red": "ai"},
                "commands": commands,
            }
        )
    )
    out = tmp_path / "out.jsonl"
    assert rout_here("replay", str(rep), "--log", str(out)).returncode == 0
    assert out.read_text() == event_lines(b.events)


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", ["not valid JSON"]),
        ('{"format": 4, "map": "x", "seed": 1}', ["format 4 is newer"]),
        ('{"format": 1, "map": "maps/test_arena.tmx", "seed": "x"}', ["seed"]),
        (
            '{"format": 1, "map": "maps/test_arena.tmx", "seed": 1, "commands": [{"action": "dance", "unit": "a"}]}',
            ["command 1", "unknown action"],
        ),
        (
            (
                '{"format": 1, "map": "maps/test_arena.tmx", "seed": 1, "controllers": {"blue": "human"}, '
                '"commands": [{"action": "move", "unit": "red_orc", "path": [[0, 0]]}]}'
            ),
            ["command 1"],
        ),
    ],
)
def test_bad_replay(tmp_path, content, words):
    f = tmp_path / "bad.json"
    f.write_text(content)
    one_line_error(rout_here("replay", str(f)), "bad.json", *words)


def copied_arena(tmp_path: Path) -> Path:
    """A playable copy of the test arena: the map and its tileset, the art where they look for it."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    shutil.copy(ROOT / "maps" / "terrain.tsx", tmp_path / "maps" / "terrain.tsx")
    return Path(shutil.copy(ARENA, tmp_path / "maps" / "arena.tmx"))


def test_log_never_overwrites_the_map(tmp_path):
    m = copied_arena(tmp_path)
    assert rout_here("simulate", str(m)).returncode == 0  # the copy plays
    before = m.read_bytes()
    r = rout_here("simulate", str(m), "--log", str(m))
    assert r.returncode == 2 and "refusing to overwrite an input file" in r.stderr
    assert m.read_bytes() == before


def test_a_saved_replay_keeps_the_ai_levels_and_verifies_against_its_log(tmp_path):
    rep, log = tmp_path / "r.json", tmp_path / "sim.jsonl"
    r = rout_here(
        "simulate", str(ARENA), "--seed", "6", "--ai", "red=random", "--log", str(log), "--save-replay", str(rep)
    )
    assert r.returncode == 0, r.stderr
    saved = json.loads(rep.read_text())
    assert saved["ai"] == {"blue": "baseline", "red": "random"} and saved["log_sha256"]
    again = tmp_path / "again.jsonl"
    assert rout_here("replay", str(rep), "--log", str(again)).returncode == 0
    assert again.read_bytes() == log.read_bytes()
    assert rout_here("replay", str(rep), "--verify").returncode == 0


@pytest.mark.slow
def test_play_without_a_display_says_so_in_one_line():
    env = {"PATH": "/usr/bin:/bin", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run(
        [sys.executable, "-m", "game", "play", str(ARENA)],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "rout: cannot open the game window: no display" in r.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        # Unbounded counts built the whole plan in memory, or forked a process per job.
        (["simulate", str(ARENA), "--games", "1000000000000"], "--games must be from 1 to 1,000,000"),
        (["simulate", str(ARENA), "--jobs", "1000000"], "--jobs must be from 1 to"),
        # A 5,000-digit seed was a ValueError traceback; the generator takes 64 bits.
        (["simulate", str(ARENA), "--seed", "9" * 5000], "a seed is a whole number from 0 to 18446744073709551615"),
        (["simulate", str(ARENA), "--seed", "-1"], "a seed is a whole number"),
        (["simulate", str(ARENA), "--seed", str(2**64 - 1), "--games", "2"], "runs past the largest seed"),
        # A missing folder was a pygame.error traceback; 0x0 silently became 1024x768.
        (["screenshot", str(ARENA), "--out", "no/such/dir/o.png"], "no folder 'no/such/dir' to write into"),
        (["screenshot", str(ARENA), "--out", "o.png", "--size", "0x0"], "must be from 640x360 to 7680x4320"),
        (["screenshot", str(ARENA), "--out", "o.png", "--size", "64x48"], "must be from 640x360 to 7680x4320"),
        (["screenshot", str(ARENA), "--out", "o.png", "--size", "100000x100000"], "must be from 640x360"),
    ],
)
def test_numbers_out_of_bounds_get_one_line_and_exit_2(tmp_path, args, says):
    r = rout_here(*args, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--log="], "--log needs a file name, not an empty one"),
        (["--save-replay="], "--save-replay needs a file name"),
        (["--log", "same.jsonl", "--explain", "same.jsonl"], "named by both --log and --explain; one would be lost"),
        (["--ai", "blue=random", "--ai", "blue=hard"], "--ai names blue twice"),
    ],
)
def test_outputs_and_choices_that_would_be_lost_are_refused(tmp_path, args, says):
    r = rout_here("simulate", str(ARENA), *args, cwd=tmp_path)
    assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert list(tmp_path.iterdir()) == []


def test_save_replay_never_overwrites_the_map(tmp_path):
    arena = copied_arena(tmp_path)
    before = arena.read_bytes()
    r = rout_here("simulate", str(arena), "--save-replay", str(arena), cwd=tmp_path)
    assert r.returncode == 2 and "refusing to overwrite an input file" in r.stderr
    assert arena.read_bytes() == before


def test_play_refuses_a_side_the_map_does_not_have():
    r = rout_here("play", str(ARENA), "--side", "purple")
    assert r.returncode == 2 and "--side 'purple': the map's sides are" in r.stderr


@pytest.mark.slow
def test_check_still_says_broken_maps_when_its_reader_goes_away(tmp_path):
    # Issue 26.12: `rout check maps/*.tmx | head` exited 0 under `set -o pipefail` though maps were broken.
    maps = []
    for n in range(300):
        (tmp_path / f"bad{n}.tmx").write_text("junk\n")
        maps.append(str(tmp_path / f"bad{n}.tmx"))
    env = {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-m", "game", "check", *maps]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT) as p:
        p.stdout.close()  # the reader is gone before the first line
        err = p.stderr.read().decode()
        code = p.wait(timeout=300)
    assert code == 2 and err == "", err


@pytest.mark.slow
def test_a_reader_that_goes_away_ends_the_command_quietly():
    """`rout simulate ... | head -1`: no 'Broken pipe' and exit 0, not a traceback."""
    env = {"PYGAME_HIDE_SUPPORT_PROMPT": "1", "SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    cmd = [sys.executable, "-m", "game", "simulate", str(ARENA), "--games", "4"]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT) as p:
        p.stdout.close()  # the reader is gone before the first line
        err = p.stderr.read().decode()
        code = p.wait(timeout=300)
    assert code == 0 and err == "", err
