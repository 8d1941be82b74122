"""A generated field's tiles as a picture: the deployment's board and the setup's preview."""

from __future__ import annotations

import os
import tempfile

import pygame

from game.generate.make import Field
from game.home.user_dirs import made
from game.save.map_paths import quick_maps_folder
from game.ui.common.art import render_map_file
from game.ui.quick.field import map_text


def ground(f: Field) -> pygame.Surface:
    """The field's tiles, drawn from a draft of its map written beside where the battle's will
    be (so that the tileset's path is the same) and removed at once."""
    folder = made(quick_maps_folder())
    fd, name = tempfile.mkstemp(prefix=".draft-", suffix=".tmx", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(map_text(f, f.soldiers, folder))
        surface, _ = render_map_file(name)
    finally:
        os.unlink(name)
    return surface
