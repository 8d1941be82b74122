"""`rout simulate --generate A-B` (issue 20, Headless): AI games on the maps generated from a
range of seeds, a balance sweep, the same for any number of worker processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.generate.spec import MIRROR_DEFAULT
from tests.command_line import one_line_error, rout_here


def _sweep(*more: str) -> dict[str, object]:
    r = rout_here("simulate", "--generate", "1-4", "--size", "18x12", "--terrain", "open", "--json", *more)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_a_sweep_plays_one_game_on_each_generated_map_and_adds_them_up() -> None:
    out = _sweep()
    assert out["games"] == 4
    maps = out["maps"]
    assert [m["map_seed"] for m in maps] == [1, 2, 3, 4]
    wins = out["wins"]
    assert sum(m["wins"]["blue"] for m in maps) == wins["blue"]
    assert sum(m["wins"]["red"] for m in maps) == wins["red"]
    assert sum(m["draws"] for m in maps) == out["draws"]
    made = {"seeds": [1, 4], "size": [18, 12], "terrain": "open", "sides": 2, "points": 0, "mirror": MIRROR_DEFAULT}
    assert out["generate"] == made


@pytest.mark.slow
def test_a_sweep_gives_the_same_json_on_two_workers_as_on_one() -> None:
    """'results identical to --jobs 1 for the same seeds'"""
    assert _sweep("--games", "2", "--jobs", "2") == _sweep("--games", "2", "--jobs", "1")


def test_a_sweep_on_mirrored_fields_says_so() -> None:
    """`--mirror` and `--no-mirror` choose the fields' symmetry, and the JSON says which."""
    assert _sweep("--mirror")["generate"]["mirror"] is True
    assert _sweep("--no-mirror")["generate"]["mirror"] is False


def test_three_sides_and_games_per_map() -> None:
    r = rout_here("simulate", "--generate", "2-3", "--sides", "3", "--size", "20x16", "--games", "2", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["games"] == 4 and set(out["wins"]) == {"blue", "red", "green"}
    assert [m["games"] for m in out["maps"]] == [2, 2]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["skirmish", "--generate", "1-3"], ["not both"]),
        (["--size", "30x20"], ["--size", "--generate"]),
        (["--generate", "4-2"], ["A <= B"]),
        (["--generate", "1-2", "--save-replay", "x.json"], ["--save-replay", "rout generate"]),
        (["--generate", "1-2", "--ai", "purple=normal"], ["purple"]),
    ],
)
def test_a_sweep_refuses_what_it_cannot_do_in_one_line(tmp_path: Path, args: list[str], words: list[str]) -> None:
    one_line_error(rout_here("simulate", *args, cwd=tmp_path), *words)
    assert list(tmp_path.iterdir()) == []
