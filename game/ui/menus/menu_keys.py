"""The main menu's keys as one table: the menu looks each key up here, and its F1 sheet is this
table's lines, so no key can work without being listed (issue 37: N worked and was not listed)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.options import Rule, menu_rules

Sheet = list[tuple[str, list[tuple[str, str]]]]


@dataclass(frozen=True)
class MenuKey:
    """One line of the sheet: the keys as shown, what they do, and each key's MenuScreen method."""

    shown: str
    words: str
    acts: tuple[tuple[int, str], ...] = ()  # (pygame key, the method it calls); none: the pointer's
    needs_map: bool = False  # does nothing while no scenario is offered (an install without maps)


ENTER = ((pygame.K_RETURN, "start"), (pygame.K_KP_ENTER, "start"))

# In the sheet's order; the rule options' line (declared in game/core/options.py) comes after CHOOSING.
CHOOSING = (
    MenuKey(
        "click, Up / Down, wheel",
        "choose a scenario",
        ((pygame.K_UP, "choose_previous"), (pygame.K_DOWN, "choose_next")),
        True,
    ),
    MenuKey("Enter", "start it", ENTER, True),
    MenuKey("Tab", "the next section: skirmishes, lessons", ((pygame.K_TAB, "next_section"),), True),
    MenuKey("F", "the first lesson: the way in for a new player", ((pygame.K_f, "first_lesson"),), True),
    MenuKey("B", "the sandbox on it: set up any fight", ((pygame.K_b, "sandbox"),), True),
    MenuKey("K", "quick battle: a new field, your army to a budget", ((pygame.K_k, "quick"),)),
    MenuKey("A", "campaigns: a company carried from battle to battle", ((pygame.K_a, "campaigns"),)),
    MenuKey("N", "play online: join a battle another player hosts", ((pygame.K_n, "online"),)),
    MenuKey("C", "continue the newest battle not over", ((pygame.K_c, "continue_saved"),)),
    MenuKey("L", "the saves: load, rename or delete any of them", ((pygame.K_l, "saves"),)),
    MenuKey("M", "mode: solo, hot-seat, or watch the AI", ((pygame.K_m, "next_mode"),), True),
    MenuKey("S", "your side (solo)", ((pygame.K_s, "next_side"),), True),
    MenuKey("H", "the hand-over screen (hot-seat)", ((pygame.K_h, "toggle_handover"),), True),
    MenuKey(
        "P, type, Enter each", "the players' names, seat by seat (hot-seat)", ((pygame.K_p, "name_players"),), True
    ),
    MenuKey("4", "the AI's level (solo, watch)", ((pygame.K_4, "next_ai_level"),), True),
)
REST = (
    MenuKey("5, then digits", "the seed: the same seed, the same dice", ((pygame.K_5, "type_seed"),), True),
    MenuKey("O", "settings: window, UI scale, speed, sound", ((pygame.K_o, "settings"),)),
    MenuKey("hover an option", "what it changes"),
    MenuKey("Esc / Q", "quit", ((pygame.K_ESCAPE, "quit"), (pygame.K_q, "quit"))),
)
KEYS = CHOOSING + REST
BY_KEY: dict[int, tuple[str, MenuKey]] = {k: (act, row) for row in KEYS for k, act in row.acts}


def rule_options_line() -> tuple[str, str]:
    """The menu's rule option keys and what they set, from their declarations (game/core/options.py)."""
    rules = menu_rules()
    return "  ".join(str(r.menu_key) for r in rules), "rule options: " + ", ".join(r.label.lower() for r in rules)


def sheet() -> Sheet:
    """The menu's F1 sheet: the table, line by line."""
    lines = [(k.shown, k.words) for k in CHOOSING] + [rule_options_line()] + [(k.shown, k.words) for k in REST]
    return [("Choosing a battle", lines)]


def rule_keys() -> dict[int, Rule]:
    """The rule options by the key that cycles each (declared in game/core/options.py)."""
    keys: dict[int, Rule] = {getattr(pygame, f"K_{str(r.menu_key).lower()}"): r for r in menu_rules()}
    taken = set(keys) & set(BY_KEY)
    if taken:
        raise ValueError(f"a rule option's menu key is one the menu uses: {sorted(map(pygame.key.name, taken))}")
    return keys
