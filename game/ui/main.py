"""Entry points for the window: the menu, a battle straight from the command line, a screenshot."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import ai
from game.battle import RETREAT
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle_screen import BattleScreen
from game.ui.menu import MenuScreen


def play(map_path: str | None, mode: str | None, seed: int, side: str | None = None) -> int:
    app = App()
    if map_path is None:
        app.show(MenuScreen(app))
    else:
        scenario = load_scenario(map_path)
        sides = scenario.sides
        mode = mode or "solo"
        if mode == "solo":
            you = side or sides[0]
            controllers = {s: ("human" if s == you else "ai") for s in sides}
        elif mode == "hotseat":
            controllers = {s: "human" for s in sides}
        else:
            controllers = {s: "ai" for s in sides}
        app.show(BattleScreen(app, scenario, seed=seed, controllers=controllers, ai_level="normal"))
    return app.run()


def screenshot(
    map_path: str,
    out: str,
    *,
    select: str | None,
    hover: tuple[int, int] | None,
    round_: int,
    seed: int,
    at: str,
    size: tuple[int, int],
) -> int:
    """Render one frame headless: AI against AI up to the chosen moment, then draw."""
    app = App(size, headless=True)
    scenario = load_scenario(map_path)
    screen = BattleScreen(app, scenario, seed=seed, controllers={s: "human" for s in scenario.sides}, threaded=False)
    app.show(screen)
    _play_to(screen, select, round_, at)
    _point_at(screen, select, hover)
    app.window.fill((0, 0, 0))
    screen.draw(app.window)
    tmp = Path(out).with_name("." + Path(out).name + ".tmp.png")
    pygame.image.save(app.window, str(tmp))
    tmp.replace(out)
    pygame.quit()
    return 0


def _play_to(screen: BattleScreen, select: str | None, round_: int, at: str) -> None:
    """Play AI against AI to the chosen moment, and show the battle settled there."""
    b = screen.battle

    def reached() -> bool:
        if b.over:
            return True
        p = b.pending()
        if at == "retreat":
            return p.kind == RETREAT and b.round >= round_ and bool(p.spaces)
        if b.round < round_ or p.kind == RETREAT:
            return False
        # With --select, wait for that unit's own activation (if it comes within two rounds).
        return select is None or p.unit == select or b.round > round_ + 2

    guard = 0
    while not reached() and guard < 20000:
        screen.feed(b.apply(ai.decide(b)))
        guard += 1
    screen.view.skip()
    screen.view.sync(b.world)
    screen.view.floaters.clear()
    screen.view.banner_left = 0.0
    screen.decision_key = -1
    screen.update(0.0)


def _point_at(screen: BattleScreen, select: str | None, hover: tuple[int, int] | None) -> None:
    """Select the unit (or inspect it when it is not its turn) and put the mouse over the square."""
    b = screen.battle
    if select:  # the command line has checked the unit exists
        p = b.pending() if not b.over else None
        if p is not None and p.kind != RETREAT and select in p.units:
            screen.select(select)
        else:
            screen.inspect = select
    if hover is not None:
        r = screen.map_rect()
        cam = screen.camera
        x, y = cam.to_screen(hover[0] + 0.5, hover[1] + 0.5)
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + x, r.y + y), rel=(0, 0), buttons=(0, 0, 0)))
    elif select:
        screen.camera_follow(b.world[select].pos)
