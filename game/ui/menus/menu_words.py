"""The main menu's words and its seed field: what each choice changes, and the seed as typed."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.core.rules.dice import SEED_MAX
from game.save.map_paths import QUICK_PREFIX

# What each choice changes, shown while the pointer rests on its button (a rule option's own
# words are in its declaration, game/core/options.py).
TIPS = {
    "quick": "A new battlefield made for you: choose its size and terrain, buy an army to a budget, "
    "deploy it, and fight the AI's.",
    "way_in": "The course: each lesson shows one rule in play, tells you what happens and why, and gives "
    "you the move that teaches it. The lessons are listed below the skirmishes (Tab).",
    "campaign": "A company of named soldiers carried from battle to battle: hire, heal and ransom them "
    "between battles, and watch them gain levels, or fall.",
    "online": "Join a battle another player hosts (rout host): type the host's address and join code.",
    "mode": "Solo: you command one side against the AI. Hot-seat: two or more players share this screen. "
    "Watch: the AI plays every side.",
    "side": "The side you command; the AI plays the others.",
    "handover": "Between the players' turns, a screen that waits for the next one to sit down "
    "(the board hides nothing from either side).",
    "ai": "How well the AI plays (4 for the next level).",
    "seed": "The seed of the dice: the same map, options, seed and orders give the same battle. "
    "Click or press 5, type digits, then Enter.",
}


DIGITS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)
}


class SeedField:
    """The battle's seed, changed by typing digits: begin, keys, then end (Enter or any other key)."""

    def __init__(self, value: int = 1) -> None:
        self.value = value
        self.typed: str | None = None  # the digits so far, while typing
        self.chosen = False  # a seed was typed: a lesson then plays it instead of its script's

    @property
    def typing(self) -> bool:
        return self.typed is not None

    def label(self) -> str:
        return f"Seed: {self.typed}_" if self.typed is not None else f"Seed: {self.value}"

    def begin(self) -> None:
        self.typed = ""

    def end(self) -> None:
        """Take the digits typed as the seed (none typed: the seed stays)."""
        if self.typed:
            self.value = min(int(self.typed), SEED_MAX)
            self.chosen = True
        self.typed = None

    def key(self, k: int) -> None:
        if k in DIGITS and self.typed is not None and len(self.typed) < 20:
            self.typed = (self.typed + DIGITS[k]).lstrip("0") or "0"
        elif k == pygame.K_BACKSPACE and self.typed:
            self.typed = self.typed[:-1]
        else:
            self.end()


AUTOSAVE = re.compile(r"autosave-(?P<stem>.+)-r(?P<round>\d+)")


def save_label(path: Path, titles: dict[str, str]) -> str:
    """A save as the menu names it: an autosave by its battle's title and round ("Lesson:
    Fatigue, round 14"), any other save by its file's name."""
    m = AUTOSAVE.fullmatch(path.stem)
    if m is None:
        return path.stem
    stem = m["stem"]
    if stem.startswith(QUICK_PREFIX):  # a quick battle's map is named by its digest: no title to show
        return f"Quick battle, round {int(m['round'])}"
    return f"{titles.get(stem, stem.replace('_', ' '))}, round {int(m['round'])}"
