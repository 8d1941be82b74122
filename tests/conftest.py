"""Every test keeps the user's folders to itself: saves, autosaves, settings and crash logs go to
a temporary home, never the real one of whoever runs the tests."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

import pytest

# Bytecode for the suite's own processes, kept outside the tree. Where PYTHONDONTWRITEBYTECODE is
# set (this machine, many CI images), every worker compiled the ~300 modules of game/ and pytest
# rewrote the ~190 test modules anew, and every `rout` subprocess compiled what it imported: 5 s of
# CPU a worker before the first test. Compiled once into .pytest_cache/pyc (ignored by git, left
# out of the sdist), they are read back by every later worker, subprocess and run.
_PYC = Path(__file__).resolve().parent.parent / ".pytest_cache" / "pyc"
sys.dont_write_bytecode = False
sys.pycache_prefix = str(_PYC)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ["PYTHONPYCACHEPREFIX"] = str(_PYC)


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    return home


def pytest_collection_finish(session):
    """Set the collected session aside from the collector: the modules, the test items and their
    parameters live to the end anyway, and every full pass of the collector in a worker walked
    them all again."""
    gc.collect()
    gc.freeze()
