"""What the window's tests share.

The main menu is opened a few hundred times; each menu read all 26 shipped maps (a second of CPU
on a loaded machine). The maps a menu lists are read once per worker, and again whenever the
folder the menu looks in, or a file in it, changes (a test that points the menu at a folder of
its own gets that folder's maps). Loading the maps is tested where it is done (tests/scenario/).

A screen change is the window's calm moment: `App.show` thaws the heap, collects it whole and
sets it aside (game/ui/app.py). In a test worker the heap holds every earlier test's modules and
leftovers, and that full pass grew to 130 ms a screen change, three quarters of a menu test's
time late in a run. Here the collector runs on its own thresholds instead, as in any process;
tests/ui/test_app.py keeps the window's own pass and checks what it does."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from game.ui import app
from game.ui.menus import entries, menu

_read: dict[tuple[object, ...], list[entries.Entry]] = {}
_shipped = entries.shipped_scenarios


def _folder_state(folder: Path) -> tuple[object, ...]:
    files = sorted(folder.iterdir()) if folder.is_dir() else []
    return (folder, *((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in files))


def _shipped_once() -> list[entries.Entry]:
    key = _folder_state(entries.MAPS)
    if key not in _read:
        _read[key] = _shipped()
    return list(_read[key])


@pytest.fixture(autouse=True)
def maps_read_once(monkeypatch):
    monkeypatch.setattr(menu, "shipped_scenarios", _shipped_once)


def _nothing() -> None:
    return None


_CALM = SimpleNamespace(unfreeze=_nothing, collect=_nothing, freeze=_nothing)


@pytest.fixture(autouse=True)
def no_full_pass_at_screen_changes(request, monkeypatch):
    if request.module.__name__ != "tests.ui.test_app":
        monkeypatch.setattr(app, "gc", _CALM)
