"""The setup's picture of the field its choices make: the ground and each side's deployment
zone, made again whenever the size, terrain, sides or seed change (the armies come later)."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.generate.make import Field, Unplayable, generate
from game.generate.spec import FieldSpec
from game.scenario.catalogue import load
from game.ui.common import theme
from game.ui.common.widgets import text, wrap
from game.ui.quick.choices import QuickChoices
from game.ui.quick.field import PLAYER
from game.ui.quick.ground import ground


class Preview:
    def __init__(self) -> None:
        self.spec: FieldSpec | None = None
        self.field: Field | None = None
        self.picture: pygame.Surface | None = None
        self.problem = ""
        self._scaled: tuple[tuple[int, int], pygame.Surface] | None = None

    def follow(self, choices: QuickChoices) -> None:
        """Make the field anew if the choices now ask for another."""
        spec = replace(choices.spec(), points=0)
        if spec == self.spec:
            return
        self.spec, self._scaled = spec, None
        try:
            self.field = generate(spec, load())
            self.picture = ground(self.field)
            self.problem = ""
        except (Unplayable, OSError) as e:
            self.field, self.picture = None, None
            self.problem = f"No field to show: {e}"

    def draw(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        if self.problem:
            for i, line in enumerate(wrap(self.problem, 18, room.w)):
                text(surface, line, (room.x, room.y + 20 * i), 18, theme.TEXT_WARN)
            return
        if self.field is None or self.picture is None:
            return
        f = self.field
        tile = min(room.w / f.spec.width, (room.h - 70) / f.spec.height)
        size = (round(tile * f.spec.width), round(tile * f.spec.height))
        if self._scaled is None or self._scaled[0] != size:
            self._scaled = (size, pygame.transform.smoothscale(self.picture, size))
        surface.blit(self._scaled[1], room.topleft)
        sides = sorted(f.spec.side_names)
        for side, zone in f.zones.deploy.items():
            r = pygame.Rect(
                room.x + round(zone.x * tile), room.y + round(zone.y * tile), round(zone.w * tile), round(zone.h * tile)
            )
            pygame.draw.rect(surface, theme.side_colour(side, sides), r, 3 if side == PLAYER else 2)
        has = ", ".join(f.land.notes) if f.land.notes else "open ground"
        others = len(f.spec.side_names) - 1  # "the others" with one other side read as a slip
        theirs = "the other zone" if others == 1 else f"the other {others} zones"
        words = f"The field: {has}. You deploy in the {PLAYER} zone on the left; the AI in {theirs}."
        for i, line in enumerate(wrap(words, 18, room.w)[:3]):
            text(surface, line, (room.x, room.y + size[1] + 10 + 20 * i), 18, theme.TEXT_DIM)
