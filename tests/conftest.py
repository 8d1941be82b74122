"""Every test keeps the user's folders to itself: saves, autosaves, settings and crash logs go to
a temporary home, never the real one of whoever runs the tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    return home
