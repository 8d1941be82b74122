"""A command imports only what it uses (issue 23): `rout --version`, `rout --help` and `rout
check` load no window, AI, array or picture library, and the window opens without the AI. Each
runs in a fresh interpreter, as `rout` does, and reports the modules it loaded; how fast that
makes the start is measured in bench/bench_start.py, not here."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.home.bundled import MAPS
from tests.import_graph import ROOT

HEAVY = ("pygame", "tcod", "numpy", "PIL", "game.ai", "game.ui", "game.play.runner", "game.core.battle")
PROBE = """
import contextlib, io, sys
from game.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as e:  # --version and --help exit through argparse
        code = e.code
heavy = {HEAVY!r}
print(code, sorted(h for h in heavy if h in sys.modules))
"""


def _loaded(*argv: str) -> str:
    r = subprocess.run(
        [sys.executable, "-c", PROBE.format(HEAVY=HEAVY), *argv], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["check", "--help"]])
def test_the_version_and_the_help_load_nothing_heavy(argv):
    assert _loaded(*argv) == "0 []"


@pytest.mark.slow
def test_checking_a_map_loads_neither_the_window_nor_the_ai_nor_the_battle():
    # The map's units are checked against the catalogue; no battle is set up, no AI thinks.
    assert _loaded("check", str(MAPS / "battle.tmx")) == "0 []"


@pytest.mark.slow
def test_the_probe_sees_a_heavy_module_when_one_is_loaded():
    # A probe that never saw anything would pass the tests above. `rout replay` imports the
    # battle before it reads the file (and refuses it: exit 2).
    assert _loaded("replay", str(ROOT / "no_such_replay.json")) == "2 ['game.core.battle', 'game.play.runner']"


# What pygame brings itself is not the window's doing: pygame-ce 2.5.0 (the lowest version we
# allow) imports numpy for its surfarray, later versions do not.
WINDOW_PROBE = """
import sys
import pygame
brought = set(sys.modules)
import {module}
print(sorted(h for h in ("tcod", "numpy", "PIL", "game.ai") if h in sys.modules and h not in brought))
"""


@pytest.mark.slow
@pytest.mark.parametrize("module", ["game.ui.main", "game.ui.viewer.watch", "game.ui.menus.menu"])
def test_the_window_and_the_viewer_open_without_the_ai(module):
    # The AI (tcod, numpy) is imported at its first decision: the menu's and the replay viewer's
    # first frames never wait for it.
    r = subprocess.run(
        [sys.executable, "-c", WINDOW_PROBE.format(module=module)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
