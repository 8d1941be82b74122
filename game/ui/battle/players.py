"""Hot-seat players' names (issue 22): each side may be given its player's name, typed on the
hand-over (N) and shown there and on the result. A battle keeps them in its saves; the settings
keep them by seat (the map's first human side, its second, ...) for the next game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.home.player_names import MAX_NAME, name_problem

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.battle.session import Session


def _seats(session: Session) -> list[str]:
    """The human sides in the map's order: a seat each, in a hot-seat battle only."""
    humans = [s for s in session.scenario.sides if session.controllers.get(s) == "human"]
    return humans if len(humans) > 1 else []


def from_settings(app: App, session: Session) -> None:
    """A new hot-seat battle's players: the names last typed, seat by seat."""
    names = app.settings.players
    session.name_players({side: names[i] for i, side in enumerate(_seats(session)) if i < len(names)})


def label(session: Session, side: str) -> str:
    """How a side is named to the players: 'Anna (Blue)' when its player has a name, else 'Blue'."""
    name = session.players.get(side, "")
    return f"{name} ({side.capitalize()})" if name else side.capitalize()


def give(app: App, session: Session, side: str, typed: str) -> str:
    """Name the side's player ('' takes the name away), kept in the battle and, by seat, in the
    settings; why not, if the name cannot be a player's."""
    name = " ".join(typed.split())
    why = name_problem(name)
    if why:
        return why
    session.name_players({**session.players, side: name})
    seats = _seats(session)
    if side in seats:
        kept = list(app.settings.players) + [""] * (len(seats) - len(app.settings.players))
        kept[seats.index(side)] = name
        while kept and not kept[-1]:
            kept.pop()
        app.remember(players=tuple(kept))
    return ""


def typed_key(typing: str, key_text: str, backspace: bool) -> str:
    """The name being typed after a key: a printable character added (up to the longest name),
    or the last one taken away."""
    if backspace:
        return typing[:-1]
    if key_text.isprintable() and len(typing) + len(key_text) <= MAX_NAME:
        return typing + key_text
    return typing
