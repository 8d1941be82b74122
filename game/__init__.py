"""Rout: a tactical grid battle game under AD&D 2e Combat & Tactics-style rules."""

__version__ = "0.4.1"  # the one place the version is written (pyproject.toml reads it)
