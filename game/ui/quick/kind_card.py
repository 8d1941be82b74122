"""The army screen's card of the kind chosen: what it is in a sentence, its hit points and the
damage of each of its weapons, and its spells by name, as Battle Brothers' hiring cards say who
is for hire before the numbers (issue 37)."""

from __future__ import annotations

import pygame

from game.core.rules.creature import Kind, Weapon
from game.ui.common import theme
from game.ui.common.spoken import spell_list
from game.ui.common.widgets import text, wrap

Line = tuple[str, int, tuple[int, int, int], bool]  # words, size, colour, bold


def damage(kind: Kind, w: Weapon) -> str:
    """A weapon's damage as this kind deals it: its dice, its magic and, in melee, the kind's own
    bonus (the catalogue's damage_bonus, as game/core/rules/outcome.py adds it)."""
    d = w.damage
    bonus = d.bonus + w.magic + (kind.damage_bonus if w.kind == "melee" else 0)
    return f"{d.count}d{d.sides}" + (f"{bonus:+d}" if bonus else "")


def card_lines(kind: Kind, description: str) -> list[Line]:
    """The card's paragraphs, each wrapped as it is drawn."""
    lines: list[Line] = [(kind.name, 20, theme.TEXT, True)]
    if description:
        lines.append((description, 18, theme.TEXT, False))
    lines.append((f"{kind.hp} hit points, armour class {kind.ac}, moves {kind.mv}", 18, theme.TEXT_DIM, False))
    blows = ", ".join(f"{w.name} {damage(kind, w)}" for w in kind.weapons) or "none"
    lines.append((f"damage: {blows}", 18, theme.TEXT_DIM, False))
    if kind.spells:
        lines.append((f"spells: {spell_list(kind.spells)}", 18, theme.TEXT_DIM, False))
    return lines


def draw_card(surface: pygame.Surface, lines: list[Line], at: tuple[int, int], width: int, bottom: int) -> None:
    """The card from `at` down, no lower than `bottom`: a paragraph that would not fit is left out."""
    x, y = at
    for words, size, colour, bold in lines:
        parts = wrap(words, size, width)
        if y + (size + 2) * len(parts) > bottom:
            return
        for part in parts:
            text(surface, part, (x, y), size, colour, bold)
            y += size + 2
        y += 4
