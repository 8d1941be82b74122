"""How one screen opens another without importing it.

The screens lead to each other in a ring (the menu starts a battle, the battle ends on its
result, the result goes back to the menu), so no screen may import the one it opens: a screen
asks for the next by a *request*, a small value naming what is wanted, and `go` builds it. Each
request names the function that builds its screen by module path, so this module imports no
screen, and a screen's module is loaded only when a player first goes there.

Adding a screen reached from another: a request here (its fields: what the new screen needs),
and in the new screen's module a function `opened(app, request) -> Screen`.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from game.ui.app import App
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
class ToResult(Request):
    """The result of a battle that is over (`battle`: its battle screen)."""

    ROOM: ClassVar[str] = "game.ui.menus.result"
    battle: object  # its battle screen (the builder checks)


@dataclass(frozen=True)
class ToPause(Request):
    """The pause menu over a battle."""

    ROOM: ClassVar[str] = "game.ui.menus.pause"
    battle: object  # its battle screen (the builder checks)


@dataclass(frozen=True)
class ToHandover(Request):
    """The screen between two players' turns at one screen, for `side`, the one to play next."""

    ROOM: ClassVar[str] = "game.ui.battle.handover"
    battle: object  # its battle screen (the builder checks)
    side: str


@dataclass(frozen=True)
class ToTakeOver(Request):
    """Taking over from the moment the replay viewer `viewer` shows, as a new game."""

    ROOM: ClassVar[str] = "game.ui.viewer.takeover"
    viewer: object  # the viewer screen (the builder checks)


@dataclass(frozen=True)
class ToSettings(Request):
    """The settings screen over `back` (the menu or the pause menu), which Esc returns to."""

    ROOM: ClassVar[str] = "game.ui.menus.settings_screen"
    back: object  # the screen it was opened from


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
    run: object  # the campaign played (game/ui/campaign/run.py; the builder checks)
    message: str = ""  # what to say as it opens (a save that could not be written)


def go(app: App, request: Request) -> Screen:
    """The screen the request asks for."""
    room = import_module(request.ROOM)
    screen: Screen = room.opened(app, request)
    return screen
