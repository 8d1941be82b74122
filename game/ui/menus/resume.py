"""A saved battle back on screen: at the decision it was saved at, or, for a save sent to the
other player, on the recap of what happened since that side last acted."""

from __future__ import annotations

from game.core.battle import Battle
from game.core.resumption import Resumption
from game.core.rules_version import RULES, described
from game.save.replay import Replay
from game.ui.app import App
from game.ui.battle import since
from game.ui.battle.battle_screen import BattleScreen
from game.ui.screen import Screen
from game.ui.viewer.recap import RecapScreen


def opened_screen(app: App, battle: Battle, record: Replay, threaded: bool = True) -> Screen:
    """The loaded battle on screen; a save sent to the other player (its `to_play`) opens on the
    recap of what happened since that side last acted (or since the battle began, if it has not
    yet), worked out from the commands, then that side plays (docs/formats.md#saves)."""
    screen = resumed_screen(app, battle, record, threaded)
    side = record.to_play
    if side is None:
        return screen
    # Its mark is worked out from the commands; a side that has not acted yet catches up from the
    # battle's start (issue 22: its first save opened with no recap).
    t = since.timeline_since(screen.session, side)
    return screen if t is None else RecapScreen(app, screen, side, t)


def resumed_screen(app: App, battle: Battle, record: Replay, threaded: bool = True) -> BattleScreen:
    """The loaded battle on screen at the decision it was saved at: its log shown, nothing left
    to animate, and its commands kept so that a save or crash log goes on from them."""
    level = next((record.ai[s] for s, c in record.controllers.items() if c == "ai" and s in record.ai), "normal")
    screen = BattleScreen(
        app,
        battle.scenario,
        seed=record.seed,
        options=record.options,
        controllers=battle.controllers,
        ai_level=level,
        threaded=threaded,
        battle=battle,
    )
    undo = "sent" if record.to_play else "replayed"
    screen.session.continued(record.commands, saved=True, undo=undo, battle_id=record.battle_id)
    screen.session.name_players(record.players)
    settle(screen)
    if battle.resumed is not None:
        screen.message = rules_changed(battle.resumed, battle.round)
    return screen


def rules_changed(r: Resumption, round_: int) -> str:
    """What a player is told of a battle taken up under newer rules than it was saved under."""
    return (
        f"Saved under {described(r.rules)}; it goes on under this Rout's rules ({RULES}) from round {round_}. "
        "The rounds before are shown as they were played."
    )


def settle(screen: BattleScreen) -> None:
    """Show the battle as it stands, every animation finished, and ask its next decision now."""
    screen.settle()
    screen.update(0.0)
