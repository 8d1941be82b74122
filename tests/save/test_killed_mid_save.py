"""'Every write is atomic and keeps the previous save until the new one is whole' (docs/formats.md#saves):
a game killed (kill -9) in the middle of writing a save leaves the previous save as it was, and
the half-written temporary file is never taken for a save."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.history.saved_battle import load_save
from game.save.autosave import list_saves
from game.save.files import event_lines
from game.save.savefile import write_save
from tests.save.played import ROOT, played

# The child plays further than the save on disk and writes over it, but its writer stops halfway
# through the temporary file, says so, and waits to be killed.
CHILD = """
import os, sys, threading
from game.save.savefile import write_save
from tests.save.played import played

real_fdopen = os.fdopen

class Halfway:
    def __init__(self, f):
        self.f = f
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.f.__exit__(*exc)
    def fileno(self):
        return self.f.fileno()
    def write(self, text):
        self.f.write(text[: len(text) // 2])
        self.f.flush()
        print("half written", flush=True)
        threading.Event().wait()  # until killed

os.fdopen = lambda fd, *a, **k: Halfway(real_fdopen(fd, *a, **k))
b, commands = played(decisions=300)
write_save(sys.argv[1], b, commands)
"""


@pytest.mark.slow
def test_a_save_killed_midway_leaves_the_previous_save_whole(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    before, commands = played(decisions=10)
    path = write_save(folder / "s.json", before, commands)
    saved = path.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        said = child.stdout.readline() if child.stdout else ""  # blocks until the write is halfway
        assert said == "half written\n", child.communicate()[1]
        stray = [p for p in folder.iterdir() if p != path]
        assert len(stray) == 1 and stray[0].name.startswith(".s.json.")  # the new save, half there
        assert stray[0].stat().st_size > 0
    finally:
        child.kill()  # SIGKILL: no cleanup runs
        child.communicate()
    assert path.read_bytes() == saved
    assert list_saves(folder) == [path]
    loaded, _ = load_save(path)
    assert event_lines(loaded.events) == event_lines(before.events)
