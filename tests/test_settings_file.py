"""The settings file kept as the player left it (issues 25.4, 26.4, 26.6): a damaged file is kept
beside as settings.toml.bad (numbered, never over an older one) and the warning says so; saving
rewrites only the lines of settings that changed, keeping comments and a newer version's keys;
and no settings file, however hostile, stops the game from starting."""

from __future__ import annotations

import os

import pygame
import pytest

from game.home import user_dirs
from game.home.settings import Settings, load_settings, save_settings, settings_path
from game.ui.menus.menu import MenuScreen
from tests.ui.drive import app, key


def written(content: bytes) -> os.PathLike[str]:
    path = user_dirs.made(user_dirs.config_dir()) / "settings.toml"
    path.write_bytes(content)
    return path


DAMAGED = [b"\xff\xfe\x00garbage\x01\x02", b"\x00" * 100, b"speed = [[[\n\x80\x81", b"mode = 'solo\n"]


@pytest.mark.parametrize("junk", DAMAGED, ids=["utf16-junk", "nuls", "half-binary", "cut-short"])
def test_a_damaged_file_is_kept_beside_not_written_over(capsys, junk):
    path = written(junk)
    assert load_settings() == Settings()
    warning = capsys.readouterr().err.strip()
    assert "\n" not in warning and str(path) in warning and "kept as settings.toml.bad" in warning
    save_settings(Settings(speed=2.0))
    assert (path.parent / "settings.toml.bad").read_bytes() == junk
    assert load_settings() == Settings(speed=2.0)


def test_a_second_damaged_file_is_numbered_and_the_first_kept(capsys):
    path = written(b"\xff first")
    load_settings()
    save_settings(Settings(speed=2.0))
    path.write_bytes(b"\xff second")
    load_settings()
    assert "kept as settings.toml.bad.1" in capsys.readouterr().err
    save_settings(Settings(speed=4.0))
    assert (path.parent / "settings.toml.bad").read_bytes() == b"\xff first"
    assert (path.parent / "settings.toml.bad.1").read_bytes() == b"\xff second"


MINE = """# my settings: I like it fast
speed = 4.0

# a newer Rout's key, and a table of its own
colour_scheme = "dark"
[sounds]
volume = 3
"""


def test_saving_changes_only_the_lines_that_changed(capsys):
    path = written(MINE.encode())
    save_settings(load_settings().changed(mode="hotseat", speed=8.0))
    text = path.read_text()
    assert text == MINE.replace("speed = 4.0", "speed = 8.0").replace("[sounds]", 'mode = "hotseat"\n[sounds]')
    assert load_settings() == Settings(mode="hotseat", speed=8.0)
    assert capsys.readouterr().err == ""


def test_saving_what_the_file_already_says_writes_nothing():
    path = written(MINE.encode())
    os.utime(path, (1, 1))
    save_settings(load_settings())
    save_settings(Settings(speed=4.0, fullscreen=False))  # a default the file does not name is what it says
    assert path.stat().st_mtime == 1 and path.read_text() == MINE


def test_opening_and_closing_the_menu_keeps_the_players_comments(monkeypatch):
    # Issue 26.4: without a scenario line the menu's first map was "a change", and the whole
    # file was written anew, comments and unknown keys lost.
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fonts cached for the other tests stay valid
    path = written(MINE.encode())
    a = app(load_settings())
    a.show(MenuScreen(a))
    key(a, pygame.K_q)
    a.run()
    text = path.read_text()
    assert all(line in text.splitlines() for line in MINE.splitlines())


@pytest.mark.parametrize(
    "content",
    [b"a = " + b"[" * 100_000, b"speed = " + b"9" * 5000, b"[" * 100_000 + b"x]"],
    ids=["nested-100000-deep", "5000-digit-number", "nested-tables"],
)
def test_a_hostile_file_gives_the_defaults_and_one_line(capsys, content):
    written(content)
    assert load_settings() == Settings()
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and len(err) < 400, err


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_a_settings_file_that_is_a_device_or_a_pipe_is_not_read(capsys, special):
    # A link to /dev/zero was read until the memory ran out; a pipe waited for ever.
    path = settings_path()
    user_dirs.made(path.parent)
    if special == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(special)
    assert load_settings() == Settings()
    assert "is not a regular file" in capsys.readouterr().err
    with pytest.raises(OSError):
        save_settings(Settings(speed=2.0))  # said once by the window; nothing is written through it
    assert path.is_symlink() or path.is_fifo()


def test_a_file_too_large_to_be_settings_is_not_read_whole(capsys):
    path = written(b"# " + b"x" * (1024 * 1024) + b"\n")
    assert load_settings() == Settings()
    assert "larger than 64 KB" in capsys.readouterr().err
    save_settings(Settings(speed=2.0))
    assert (path.parent / "settings.toml.bad").stat().st_size > 1024 * 1024
