"""The engine is headless: no pygame outside game/ui/, a whole battle runs with pygame
blocked, and `rout simulate` writes the same log for the same seed (docs/formats.md#the-event-log)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
SKIRMISH = ROOT / "maps" / "skirmish.tmx"
PYGAME_IMPORT = re.compile(
    r"^\s*(?:(?:import|from)\s+(?:pygame|pytmx\.util_pygame)\b|from\s+pytmx\s+import\s+.*\butil_pygame\b)",
    re.MULTILINE,
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def test_no_pygame_import_outside_ui():
    files = [p for p in GAME.rglob("*.py") if (GAME / "ui") not in p.parents]
    assert files, "no engine sources found"
    offenders = [str(p.relative_to(ROOT)) for p in files if PYGAME_IMPORT.search(p.read_text(encoding="utf-8"))]
    assert offenders == [], f"pygame imported outside game/ui/: {offenders}"


BLOCKED_BATTLE = f"""
import sys
sys.modules['pygame'] = None
import json
from game.core.battle import Battle
from game.play.runner import play
from game.scenario.tiled import load_scenario
b = play(Battle(load_scenario({str(SKIRMISH)!r}), seed=3))
assert 'pygame' not in [m.split('.')[0] for m in sys.modules if sys.modules[m] is not None]
print(json.dumps({{"winner": b.winner, "events": len(b.events), "last": b.events[-1].type,
                  "ended": any(e.type == "battle_end" for e in b.events)}}))
"""


@pytest.mark.slow
def test_a_whole_battle_runs_with_pygame_blocked():
    r = subprocess.run(
        [sys.executable, "-c", BLOCKED_BATTLE],
        cwd=ROOT,
        env=_env(),
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["ended"] and out["last"] == "battle_end", out
    assert out["events"] > 0


def _simulate(log: Path, hash_seed: str) -> subprocess.CompletedProcess:
    # Different PYTHONHASHSEEDs: a log that depends on set or dict-of-str order shows up here.
    env = dict(_env(), PYTHONHASHSEED=hash_seed)
    return subprocess.run(
        [sys.executable, "-m", "game", "simulate", str(SKIRMISH), "--seed", "5", "--log", str(log)],
        cwd=ROOT,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_simulate_writes_the_same_log_twice(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out, hash_seed in ((a, "1"), (b, "2")):
        r = _simulate(out, hash_seed)
        assert r.returncode == 0, r.stderr
    data = a.read_bytes()
    assert data, "the log is empty"
    assert data == b.read_bytes(), "the same seed gave two different logs"
    lines = data.decode("utf-8").splitlines()
    for line in lines:
        e = json.loads(line)
        assert "type" in e and "round" in e, line
    assert json.loads(lines[0])["type"] == "battle_start"
    assert json.loads(lines[-1])["type"] == "battle_end"
