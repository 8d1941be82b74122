"""The pictures of the colour palettes in docs/playing.md (docs/img/palette_*.png): the same moments of a
battle at 1024x600 drawn in every palette, side by side. Run from the checkout:

    SDL_VIDEODRIVER=dummy python tools/palette_pictures.py [OUT_DIR]

Each moment is played AI against AI with a fixed seed, as `rout screenshot` plays it, so the
pictures are the same on every run. Protanopia and deuteranopia share their colours
(game/ui/common/palettes.py), so a picture shows three palettes: standard, red- or green-blind
(shown as deuteranopia), blue-blind."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.home.bundled import map_path
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common import theme
from game.ui.common.widgets import text
from game.ui.main import _play_to, _point_at

SIZE = (1024, 600)
SHOWN = ("standard", "deuteranopia", "tritanopia")


@dataclass(frozen=True)
class Moment:
    """A moment of a battle to draw, and the part of the window the picture keeps."""

    name: str
    map: str
    select: str | None
    hover: tuple[int, int] | str | None  # a square, or the unit whose square the pointer is on
    round: int
    at: str
    keys: tuple[int, ...]  # pressed once the moment is reached (K, 3: the cast picker's third spell)
    crop: tuple[int, int, int, int]  # x, y, w, h in the 1024x600 window


MOMENTS = (
    Moment("arcs", "skirmish", "blue_hero", (12, 7), 2, "activation", (), (230, 150, 330, 230)),
    Moment("review", "skirmish", None, None, 2, "retreat", (), (230, 150, 330, 230)),
    Moment(
        "cast",
        "lesson_magic",
        "blue_priest",
        "red_hobgoblin_1",
        2,
        "activation",
        (pygame.K_k, pygame.K_3),
        (50, 100, 634, 130),
    ),
)


def drawn(app: App, m: Moment, palette: str) -> pygame.Surface:
    """The whole window at the moment, in the palette."""
    theme.use(palette)
    scenario = load_scenario(str(map_path(m.map)))
    screen = BattleScreen(app, scenario, seed=1, controllers={s: "human" for s in scenario.sides}, threaded=False)
    app.show(screen)
    _play_to(screen, m.select, m.round, m.at)
    _point_at(screen, m.select, None)
    for k in m.keys:
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    _point_at(screen, None, screen.battle.world[m.hover].pos if isinstance(m.hover, str) else m.hover)
    if screen.lesson is not None:
        screen.lesson.open, screen.lesson.waiting = None, []  # the picture is of the board, not the card
    app.window.fill((0, 0, 0))
    screen.draw(app.window)
    shot = app.window.copy()
    screen.close()
    return shot


def side_by_side(app: App, m: Moment) -> pygame.Surface:
    """The moment's crop in each palette shown, labelled: in a row, or a column if it is wide."""
    x, y, w, h = m.crop
    n, across = len(SHOWN), w < 400
    out = pygame.Surface((n * (w + 8) - 8, h + 24) if across else (w, n * (h + 24)))
    out.fill(theme.PANEL_BG)
    for i, palette in enumerate(SHOWN):
        at = (i * (w + 8), 0) if across else (0, i * (h + 24))
        out.blit(drawn(app, m, palette), (at[0], at[1] + 24), pygame.Rect(x, y, w, h))
        text(out, palette, (at[0] + 4, at[1] + 3), 20, theme.TEXT, True)
    return out


def main(out_dir: Path) -> int:
    app = App(SIZE, headless=True)
    for m in MOMENTS:
        pygame.image.save(side_by_side(app, m), str(out_dir / f"palette_{m.name}.png"))
    for palette in SHOWN:  # the whole 1024x600 window at the review
        pygame.image.save(drawn(app, MOMENTS[1], palette), str(out_dir / f"palette_{palette}_1024x600.png"))
    pygame.quit()
    return 0


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    ap = parser(__doc__)
    ap.add_argument("folder", nargs="?", type=Path, default=Path("docs/img"), help="where the pictures go")
    sys.exit(main(ap.parse_args().folder))
