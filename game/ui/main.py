"""Entry points for the window: the menu, a battle straight from the command line, a screenshot."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.core.battle import RETREAT, Battle
from game.core.rules.dice import DICE
from game.home.crash import WindowCrash
from game.home.settings import load_settings
from game.save.files import write_atomic_bytes
from game.save.replay import Replay
from game.scenario.model import Scenario
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen, ToPause
from game.ui.battle.mode import Press
from game.ui.common import theme
from game.ui.menus.menu import MenuScreen
from game.ui.menus.resume import opened_screen, settle
from game.ui.navigation import ToSettings, go
from game.ui.screen import Screen


def play(
    map_path: str | None,
    mode: str | None,
    seed: int | None,
    side: str | None = None,
    loaded: tuple[Battle, Replay] | None = None,
) -> int:
    """Open the window and run it until it closes: the menu, a new battle on the map, or the
    loaded save's battle. An unexpected error comes out as a WindowCrash carrying what the
    window knew; pygame.error from App() (no display) comes out as it is."""
    scenario = load_scenario(map_path) if map_path is not None else None
    app = App(settings=load_settings())
    try:
        first = opened_screen(app, *loaded) if loaded else first_screen(app, scenario, mode, seed, side)
        app.show(first)
        return app.run()
    except Exception as e:
        known = crash_context(app.screen)
        if app.screen is not None:  # stop the AI's worker; the window goes when the process ends
            with contextlib.suppress(Exception):  # the screen is broken already: the report matters more
                app.screen.close()
        raise WindowCrash(e, known) from e


def first_screen(app: App, scenario: Scenario | None, mode: str | None, seed: int | None, side: str | None) -> Screen:
    """The menu, or with a map the battle straight away. A lesson map with a script plays the
    script's seed (unless one is given), the learner on its side, the others at its AI level."""
    if scenario is None:
        return MenuScreen(app)
    sides = scenario.sides
    mode = mode or "solo"
    lesson = scenario.lesson
    ai_level = lesson.opponent if lesson is not None else app.settings.ai_level
    if seed is None:
        seed = lesson.seed if lesson is not None else 1
    dice = lesson.dice_for(seed) if lesson is not None else DICE
    if mode == "solo":
        you = side or (lesson.player if lesson is not None else sides[0])
        controllers = {s: ("human" if s == you else "ai") for s in sides}
    elif mode == "hotseat":
        controllers = {s: "human" for s in sides}
    else:
        controllers = {s: "ai" for s in sides}
    return BattleScreen(
        app, scenario, seed=seed, controllers=controllers, ai_level=ai_level, dice=dice, threaded=not app.headless
    )


def crash_context(screen: Screen | None) -> dict[str, str]:
    """What a crash log needs to reproduce the battle on screen: its map, seed and settings, and
    a replay file of the commands played so far (`rout replay` plays them back)."""
    if not isinstance(screen, BattleScreen):
        return {"screen": type(screen).__name__ if screen is not None else "none"}
    try:
        b = screen.battle
        ai_sides = screen.session.ai_levels()
        map_path = str(Path(screen.session.scenario.path).resolve())  # the replay may be saved anywhere
        replay = Replay(
            map_path,
            screen.session.seed,
            screen.session.options,
            dict(screen.session.controllers),
            screen.session.played,
            ai=ai_sides,
            dice=screen.session.dice,
        )
        return {
            "screen": "battle",
            "map": map_path,
            "seed": str(screen.session.seed),
            "round": f"{b.round}{' (over)' if b.over else ''}, {len(b.events)} events, {len(screen.session.played)} commands",
            "replay (save as crash.json, then: rout replay crash.json)": _replay_text(replay),
        }
    except Exception as e:  # noqa: BLE001  # a battle broken by the crash: say so, keep the traceback
        return {"screen": "battle", "battle": f"could not be described ({type(e).__name__}: {e})"}


def _replay_text(replay: Replay) -> str:
    """The replay file's JSON with one command a line: readable in a log, short for a long battle."""
    data = replay.to_json()
    del data["commands"]
    commands = [c.to_json() for c in replay.commands]
    head = [f" {json.dumps(k)}: {json.dumps(v)}," for k, v in data.items()]
    body = ",\n".join(f"  {json.dumps(c)}" for c in commands)
    return "\n".join(["{", *head, ' "commands": [', *([body] if body else []), " ]", "}"])


def screenshot(  # noqa: PLR0913  # the command line's choices, keyword-only
    map_path: str,
    out: str,
    *,
    select: str | None,
    hover: tuple[int, int] | None,
    mode: str | None = None,
    round_: int,
    seed: int,
    at: str,
    size: tuple[int, int],
    ui_scale: float = 1.0,
    settings_shown: bool = False,
    palette: str = "standard",
) -> int:
    """Render one frame headless, in the palette named: AI against AI up to the chosen moment,
    then draw (at the UI scale, and with the settings screen over the battle if asked)."""
    app = App(size, headless=True)
    # for this picture only: never written
    app.settings = app.settings.changed(ui_scale=ui_scale, palette=palette)
    theme.use(palette)
    app.refit()
    scenario = load_scenario(map_path)
    screen = BattleScreen(app, scenario, seed=seed, controllers={s: "human" for s in scenario.sides}, threaded=False)
    app.show(screen)
    _play_to(screen, select, round_, at)
    _point_at(screen, select, mode, hover)
    if settings_shown:
        app.show(go(app, ToSettings(go(app, ToPause(screen)))))
    app.paint(background=(0, 0, 0))
    picture = io.BytesIO()
    pygame.image.save(app.window, picture, "shot.png")  # the name only tells pygame the format
    write_atomic_bytes(out, picture.getvalue())  # a random hidden name beside it, never through a link
    pygame.quit()
    return 0


def quick_screenshot(  # the command line's choices, keyword-only
    which: str,
    out: str,
    *,
    seed: int,
    army: Sequence[tuple[str, int]],
    size: tuple[int, int],
    ui_scale: float = 1.0,
    palette: str = "standard",
) -> int:
    """Render a quick battle's screen headless (game/ui/quick/shots.py), as `screenshot` does."""
    from game.ui.quick.shots import quick_screen  # noqa: PLC0415  # the generator, only for these

    app = App(size, headless=True)
    app.settings = app.settings.changed(ui_scale=ui_scale, palette=palette)  # for this picture only
    theme.use(palette)
    app.refit()
    app.show(quick_screen(app, which, seed, army))
    app.paint(background=(0, 0, 0))
    picture = io.BytesIO()
    pygame.image.save(app.window, picture, "shot.png")
    write_atomic_bytes(out, picture.getvalue())
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

    from game import ai  # noqa: PLC0415  # the AI (tcod, numpy: 0.2-0.3 s) is imported when it first decides, not before the first frame

    guard = 0
    while not reached() and guard < 20000:
        screen.feed(b.apply(ai.decide(b)))
        guard += 1
    if guard and screen.lesson is not None:
        # A lesson's cards wait for a reader who is not there: once the battle has played on, the
        # picture shows the board of that moment, not the opening card still lying over it.
        screen.lesson.open, screen.lesson.waiting = None, []
    settle(screen)


# `rout screenshot --mode`: each mode by the key that chooses it
MODE_KEYS = {
    "move": pygame.K_m,
    "attack": pygame.K_a,
    "fire": pygame.K_f,
    "charge": pygame.K_g,
    "withdraw": pygame.K_w,
    "turn": pygame.K_t,
    "offer": pygame.K_o,
}


def _point_at(screen: BattleScreen, select: str | None, mode: str | None, hover: tuple[int, int] | None) -> None:
    """Select the unit (or inspect it when it is not its turn), choose the mode by its key and put
    the mouse over the square."""
    b = screen.battle
    if select:  # the command line has checked the unit exists
        p = b.pending() if not b.over else None
        if p is not None and p.kind != RETREAT and select in p.units:
            screen.select(select)
        else:
            screen.inspect = select
    if mode is not None and screen.human_turn():
        screen.send(Press(MODE_KEYS[mode]))
    if hover is not None:
        r = screen.map_rect()
        cam = screen.camera
        x, y = cam.to_screen(hover[0] + 0.5, hover[1] + 0.5)
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x + x, r.y + y), rel=(0, 0), buttons=(0, 0, 0)))
    elif select:
        screen.camera_follow(b.world[select].pos)
