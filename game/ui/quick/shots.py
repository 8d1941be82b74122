"""The quick battle's screens for `rout screenshot --screen quick-…`: the setup, the army, the
deployment and the result, on the default choices with the field's seed and the army given.
Nothing is remembered: the choices file and the quick maps' folder are left as they were (the
tileset copy excepted, written once, as any quick battle would)."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from game import ai
from game.save.files import write_atomic
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.menus.result import ResultScreen
from game.ui.quick.army import ArmyScreen
from game.ui.quick.choices import QuickChoices
from game.ui.quick.deploy import DeployScreen
from game.ui.quick.field import PLAYER, draft, map_text
from game.ui.quick.setup import SetupScreen

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.screen import Screen

SCREENS = ("quick-setup", "quick-army", "quick-deploy", "quick-result")


def quick_screen(app: App, which: str, seed: int, army: Sequence[tuple[str, int]]) -> Screen:
    """The screen `which` names, reached as a player would reach it, its pictures made."""
    choices = QuickChoices(seed=seed, army=tuple(army))
    if which == "quick-setup":
        setup = SetupScreen(app, choices)
        setup.preview.follow(choices)  # the field's picture, made as the first frame would
        return setup
    buying = ArmyScreen(app, choices)
    if which == "quick-army":
        return buying
    m = buying.model
    field = draft(choices, m.kinds_bought(), m.kinds, m.prices)
    deploy = DeployScreen(app, choices, field, back=buying)
    if which == "quick-deploy":
        return deploy
    return _result(app, deploy)


def _result(app: App, deploy: DeployScreen) -> Screen:
    """The result of the field as deployed, fought AI against AI on the field's seed. The map is
    written in a folder of its own and removed: a picture adds no map to the data folder."""
    with tempfile.TemporaryDirectory(prefix="rout-shot-") as folder:  # the map read while the screen is made
        path = Path(folder) / "quick.tmx"
        write_atomic(path, map_text(deploy.field, deploy.soldiers, Path(folder)))
        scenario = load_scenario(path)
        controllers = {s: ("human" if s == PLAYER else "ai") for s in scenario.sides}
        bs = BattleScreen(app, scenario, seed=deploy.choices.seed, controllers=controllers, threaded=False)
    bs.session.stop_autosaves()  # a picture leaves no save behind
    b = bs.battle
    guard = 0
    while not b.over and guard < 20000:  # a 30-round limit ends every battle long before this
        bs.feed(b.apply(ai.decide(b)))
        guard += 1
    result = ResultScreen(app, bs)
    result.quick = True  # as the data folder's map would have made it: "Same battle again"
    return result
