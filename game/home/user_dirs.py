"""Where Rout keeps the user's things: saves (data), settings (config) and crash logs (logs).

The folders are the platform's own (platformdirs, appname "rout"): on Linux the XDG base
directories, so XDG_DATA_HOME, XDG_CONFIG_HOME and XDG_STATE_HOME move them. Asking where a
folder is never creates it; `made` does, just before a file is written there.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "rout"


def data_dir() -> Path:
    """Saved games: $XDG_DATA_HOME/rout on Linux (~/.local/share/rout)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """Settings: $XDG_CONFIG_HOME/rout on Linux (~/.config/rout)."""
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def log_dir() -> Path:
    """Crash logs: $XDG_STATE_HOME/rout/log on Linux (~/.local/state/rout/log)."""
    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def made(folder: Path) -> Path:
    """The folder, created with its parents if it is not there yet (private to the user: 0700)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder
