"""Two headless peers play whole battles over 127.0.0.1 (issue 21): both logs byte-identical,
and identical to what `rout replay` makes of the host's save, which `--verify` accepts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.home.bundled import MAPS
from game.ui.menus.entries import shipped_scenarios
from tests.net.peers import DEADLINE, Proc

SKIRMISHES = [
    e.path.stem
    for e in shipped_scenarios()
    if e.scenario is not None and e.path.parent == MAPS and not e.path.stem.startswith("lesson_")
]


def _battle(tmp_path: Path, name: str, seed: int) -> None:
    host = Proc(
        "host",
        name,
        "--headless",
        "--listen",
        "127.0.0.1",
        "--port",
        "0",
        "--code",
        "T-1234",
        "--seed",
        str(seed),
        "--log",
        str(tmp_path / "host.jsonl"),
        "--save",
        str(tmp_path / "host.json"),
    )
    port = host.said("listening on 127.0.0.1:").split("127.0.0.1:")[1].split(";")[0]
    joiner = Proc("join", f"127.0.0.1:{port}", "--code", "T-1234", "--headless", "--log", str(tmp_path / "join.jsonl"))
    assert joiner.wait() == 0, joiner.seen
    assert host.wait() == 0, host.seen
    host_log = (tmp_path / "host.jsonl").read_bytes()
    assert host_log == (tmp_path / "join.jsonl").read_bytes()
    assert b'"battle_end"' in host_log
    replayed = _rout("replay", str(tmp_path / "host.json"), "--log", str(tmp_path / "replay.jsonl"))
    assert replayed.returncode == 0, replayed.stderr
    assert (tmp_path / "replay.jsonl").read_bytes() == host_log
    verify = _rout("replay", str(tmp_path / "host.json"), "--verify")
    assert verify.returncode == 0 and "verified" in verify.stdout, verify.stderr


def _rout(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], check=False, capture_output=True, text=True, timeout=DEADLINE
    )


def test_the_skirmishes_are_the_shipped_ones():
    assert {"skirmish", "battle", "duel", "melee3"} <= set(SKIRMISHES)


@pytest.mark.slow
def test_two_headless_peers_play_the_skirmish_to_the_end(tmp_path):
    _battle(tmp_path, "skirmish", 1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 7, 11])
@pytest.mark.parametrize("name", SKIRMISHES)
def test_two_headless_peers_play_every_skirmish(tmp_path, name, seed):
    _battle(tmp_path, name, seed)
