"""`rout screenshot`'s drawing called twice in one process (issue 23): the first ends with
pygame.quit, which kills the fonts the widgets kept, and the second drew text with a dead one
("Invalid font (font module quit since font created)")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SHOTS = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.ui.main import screenshot
out = sys.argv[1]
common = dict(select=None, hover=None, seed=1, at="activation")
assert screenshot("maps/skirmish.tmx", out + "/a.png", round_=1, size=(1280, 720), **common) == 0
assert screenshot("maps/battle.tmx", out + "/b.png", round_=2, size=(1024, 600), palette="tritanopia", **common) == 0
assert screenshot("maps/skirmish.tmx", out + "/c.png", round_=1, size=(1280, 720), **common) == 0
"""


@pytest.mark.slow
@pytest.mark.lowest  # pygame's fonts across pygame.quit: no fast test quits pygame
def test_three_screenshots_in_one_process_draw_as_one_each(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SHOTS, str(tmp_path)], check=False, cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    a, b, c = (tmp_path / n for n in ("a.png", "b.png", "c.png"))
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in (a, b, c))
    assert a.read_bytes() == c.read_bytes()  # the same battle drawn again: the same picture
    assert a.read_bytes() != b.read_bytes()
