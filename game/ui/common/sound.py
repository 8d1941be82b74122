"""The sound effects through pygame-ce's mixer: an event's sound (sound_table.py) played as its
animation begins, at the settings' volume, silenced by their mute (F8).

A headless window never opens the mixer; a computer with no sound device (or a mixer that fails
to open) plays nothing and says nothing: the game is the same without sound."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator

import pygame

from game.core import events as ev
from game.home.settings import Settings
from game.ui.common.sound_table import SOUNDS, sound_of

AGAIN = 0.06  # seconds before the same sound plays again: a volley of hits is one crash, not a buzz


class Sound:
    """The game's sound effects; `silent` (headless) never touches the audio device."""

    def __init__(self, settings: Settings, silent: bool = False) -> None:
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.last: dict[str, float] = {}
        self.played: list[str] = []  # what was asked to play, newest last (kept short)
        self.level = 0.0
        self.settings = settings
        if not silent:
            self._open()
        self.heed(settings)

    @property
    def working(self) -> bool:
        """Whether a mixer is open: there is sound to hear."""
        return bool(self.effects)

    def _open(self) -> None:
        try:
            with _hushed():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            found = pygame.mixer.get_init()
            if not found:
                return
            from game.ui.common.sound_synth import samples  # noqa: PLC0415  # numpy: only when there is sound

            rate, _, channels = found
            self.effects = {n: pygame.mixer.Sound(buffer=samples(n, rate, channels)) for n in SOUNDS}
        except (pygame.error, ValueError, OSError):
            self.effects = {}  # no sound device: a silent game, said by the settings screen alone

    def heed(self, settings: Settings) -> None:
        """Take the volume and mute of these settings."""
        self.settings = settings
        self.level = 0.0 if settings.mute else settings.volume / 100
        for effect in self.effects.values():
            effect.set_volume(self.level)

    def play_for(self, e: ev.Event) -> None:
        """Play the event's sound, if it makes one and the sound is on."""
        name = sound_of(e)
        if name is None:
            return
        self.played = [*self.played[-31:], name]
        now = time.monotonic()
        if not self.working or self.level == 0 or now - self.last.get(name, -1.0) < AGAIN:
            return
        self.last[name] = now
        self.effects[name].play()

    def close(self) -> None:
        if self.working:
            pygame.mixer.quit()
            self.effects = {}


@contextlib.contextmanager
def _hushed() -> Iterator[None]:
    """Standard error closed for a moment: on a computer without a sound card, ALSA's library
    writes eight lines of complaint straight to file descriptor 2 as SDL looks for a device,
    before pygame raises the one error taken above."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2 at all: nothing to hush
        yield
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)
