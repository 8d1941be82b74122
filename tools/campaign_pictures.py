"""The pictures of the campaign's screens in docs/campaigns.md and the README (docs/img/campaign_*.png):
the campaign's graph and card, the camp and the debrief after the first battle of The Salt Road (the
campaign Rout ships), at UI scale 1 (1280x720) and 2 (2048x1200). Run from the checkout:

    SDL_VIDEODRIVER=dummy python tools/campaign_pictures.py [OUT_DIR]

The battle is fought AI against AI on a fixed seed (game/ui/campaign/shots.py), so the pictures
are the same on every run; the campaign's saves go to a temporary data folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="rout-pictures-")  # no save left behind

import pygame

from game.home.settings import Settings
from game.ui.app import App
from game.ui.campaign.shots import SHOTS, after_a_battle

ROOT = Path(__file__).resolve().parent.parent
SALT_ROAD = ROOT / "campaigns" / "the_salt_road"
SEED = 23  # a victory at the ford in which three members die and one flees and comes back
SCALES = {"": ((1280, 720), 1.0), "_2x": ((2048, 1200), 2.0)}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for suffix, (size, scale) in SCALES.items():
        app = App(size, headless=True, settings=None)
        app.settings = Settings(ui_scale=scale)
        app.refit()
        screens = after_a_battle(app, SALT_ROAD, SEED)
        for name in SHOTS:
            app.show(screens[name])
            app.step(1.0)  # the debrief's keys wait a moment; the picture needs none
            pygame.image.save(app.window, str(out / f"campaign_{name}{suffix}.png"))
        pygame.display.quit()


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    ap = parser(__doc__)
    ap.add_argument("folder", nargs="?", type=Path, default=ROOT / "docs" / "img", help="where the pictures go")
    main(ap.parse_args().folder)
