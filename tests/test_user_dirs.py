"""Where Rout keeps the user's things: the XDG base directories on Linux, each moved by its
variable (XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME), and created only when written to."""

from __future__ import annotations

import sys

import pytest

from game.home import user_dirs

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG variables are for Linux and BSD")


def test_each_folder_follows_its_xdg_variable(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "s"))
    assert user_dirs.data_dir() == tmp_path / "d" / "rout"
    assert user_dirs.config_dir() == tmp_path / "c" / "rout"
    assert user_dirs.log_dir() == tmp_path / "s" / "rout" / "log"
    assert list(tmp_path.iterdir()) == []  # asking where is not writing


def test_without_the_variables_the_folders_are_the_xdg_defaults(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, "")  # empty counts as unset (XDG Base Directory spec)
    assert user_dirs.data_dir() == tmp_path / ".local" / "share" / "rout"
    assert user_dirs.config_dir() == tmp_path / ".config" / "rout"
    assert user_dirs.log_dir() == tmp_path / ".local" / "state" / "rout" / "log"


def test_made_creates_the_folder_and_its_parents_private_to_the_user(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "s"))
    folder = user_dirs.made(user_dirs.log_dir())
    assert folder.is_dir() and folder.stat().st_mode & 0o777 == 0o700
    assert user_dirs.made(folder) == folder  # a second time finds it there
