"""How one screen opens another without importing it.

The screens lead to each other in a ring (the menu starts a battle, the battle ends on its
result, the result goes back to the menu), so no screen may import the one it opens: a screen
asks for the next by a *request*, a small value naming what is wanted, and `go` builds it. Each
request names the function that builds its screen by module path, so this module imports no
screen, and a screen's module is loaded only when a player first goes there.

Adding a screen reached from another: a request here (its fields: what the new screen needs),
and in the new screen's module a function `opened(app, request: ToIt) -> Screen`
(tests/ui/test_navigation.py holds each room to its request). A request that carries the screen
opening it (the battle screen to pause, the viewer to take over from) is declared beside that
screen's class instead (game/ui/battle/battle_screen.py's ToPause, ToResult and ToHandover,
game/ui/viewer/viewer.py's ToTakeOver): typed here, it would import the screen that imports this
module.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.campaign.run import Run
    from game.ui.screen import Screen


@dataclass(frozen=True)
class Request:
    """What a screen asks for; `ROOM` is the module whose `opened` builds it."""

    ROOM: ClassVar[str]


@dataclass(frozen=True)
class ToMenu(Request):
    """The main menu."""

    ROOM: ClassVar[str] = "game.ui.menus.menu"


@dataclass(frozen=True)
class ToSettings(Request):
    """The settings screen over `back` (the menu or the pause menu), which Esc returns to."""

    ROOM: ClassVar[str] = "game.ui.menus.settings_screen"
    back: Screen  # the screen it was opened from


@dataclass(frozen=True)
class ToSaves(Request):
    """The save browser: every save and autosave, to load, rename or delete."""

    ROOM: ClassVar[str] = "game.ui.menus.save_browser"


@dataclass(frozen=True)
class ToQuick(Request):
    """The quick battle's setup, with the choices last made; `fresh`: on a field not played yet."""

    ROOM: ClassVar[str] = "game.ui.quick.setup"
    fresh: bool = False


@dataclass(frozen=True)
class ToOnline(Request):
    """Play online: the host's address and join code typed in (game/ui/menus/online.py)."""

    ROOM: ClassVar[str] = "game.ui.menus.online"


@dataclass(frozen=True)
class ToCampaigns(Request):
    """Campaigns: a shipped campaign to begin, or a campaign save to take up (game/ui/campaign/)."""

    ROOM: ClassVar[str] = "game.ui.campaign.choose"


@dataclass(frozen=True)
class ToCampaign(Request):
    """A campaign's screen: its battles as a graph, and the next battle's card."""

    ROOM: ClassVar[str] = "game.ui.campaign.campaign_screen"
    run: Run  # the campaign played
    message: str = ""  # what to say as it opens (a save that could not be written)


def go(app: App, request: Request) -> Screen:
    """The screen the request asks for."""
    room = import_module(request.ROOM)
    screen: Screen = room.opened(app, request)
    return screen
