"""Every test keeps the user's folders to itself: saves, autosaves, settings and crash logs go to
a temporary home, never the real one of whoever runs the tests."""

from __future__ import annotations

import gc
import multiprocessing.process
import os
import subprocess
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


@pytest.fixture(autouse=True)
def network_closed_after_each_test():
    """What a test of network play left running ends with it (tests/net/peers.py's KEPT): its
    connections, whose keepalive pings draw on the `random` module, and its hosts, which would
    otherwise wait on a player for minutes. Only where a test has loaded the network peers."""
    yield
    peers = sys.modules.get("tests.net.peers")
    if peers is not None:
        peers.KEPT.close()


class StartsAProcess(Exception):
    """A test of the fast tier started a process of its own."""


@pytest.fixture(autouse=True)
def fast_tests_start_no_process(request, monkeypatch):
    """The fast tier (`-m "not slow"`) answers in a minute because its tests stay in their worker:
    a `rout` run as a user runs it, a writer killed midway, an AI worker, a Dask cluster or a Tiled
    export each costs a fresh Python or program, and 118 of them were a quarter of the tier's
    time. A test that needs one is marked slow (the full suite and CI run it); one that starts one
    unmarked, or a window that starts an AI worker where a headless one need not, fails here."""
    if request.node.get_closest_marker("slow") is not None:
        return

    def refuse(*args, **kwargs):
        raise StartsAProcess(f"{request.node.nodeid} starts a process: mark it @pytest.mark.slow, or call in-process")

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)


def pytest_collection_finish(session):
    """Set the collected session aside from the collector: the modules, the test items and their
    parameters live to the end anyway, and every full pass of the collector in a worker walked
    them all again."""
    gc.collect()
    gc.freeze()
