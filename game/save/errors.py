"""What goes wrong reading a replay or a save: one line, 'file: what is wrong'."""

from __future__ import annotations


class ReplayError(Exception):
    """A replay file that cannot be read or run; the message is one line naming the file."""


class SaveError(ReplayError):
    """A save that cannot be loaded as it was played; the file is never touched."""
