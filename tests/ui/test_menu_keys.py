"""Issue 37, "Words a player reads": the menu's F1 sheet lists every key the menu takes (N was
taken and not listed), and the README and the docs count the lessons the menu offers."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pygame
import pytest

from game.ui.common import help_overlay
from game.ui.menus.entries import Entry, shipped_scenarios
from game.ui.menus.menu import MenuScreen
from tests.ui.drive import app, key

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]  # docs/playing.md, scenarios.md, ...
TRIED = [
    *(getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"),
    *(pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER),
    *(pygame.K_ESCAPE, pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_DELETE),
    *(pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END),
]
SAID_AS = {"return": "enter", "escape": "esc"}  # how the sheet writes a key pygame names otherwise


def _state(m: MenuScreen) -> tuple[object, ...]:
    return (m.app.screen is m, m.app.running, m.index, m.mode, m.side_i, m.ai_level, dict(m.options), m.handover) + (
        m.seed.typing,
        m.players.typing,
    )


@cache
def _shipped() -> tuple[Entry, ...]:
    """The shipped maps, read once: each probe's fresh menu lists the same ones (reading the 26
    maps again for every key was most of this file's time)."""
    return tuple(shipped_scenarios())


def _taken(mode: str) -> set[str]:
    """The keys that change anything on a fresh menu in `mode`, as the sheet would name them."""
    a = app()
    found = set()
    for k in TRIED:
        m = MenuScreen(a, list(_shipped()))
        m.mode = mode
        a.show(m)
        a.running = True
        before = _state(m)
        key(a, k)
        if _state(m) != before:
            name = pygame.key.name(k).lower()
            found.add(SAID_AS.get(name, name))
        if a.screen is not m and a.screen is not None:
            a.screen.close()
    return found


@pytest.mark.parametrize("mode", ["solo", "hotseat"])
def test_every_key_the_menu_takes_is_on_its_f1_sheet(mode):
    m = MenuScreen(app(), list(_shipped()))
    listed = {
        word.lower()
        for _, rows in help_overlay.sections_for(m)
        for keys, _ in rows
        for word in re.findall(r"\w+", keys)
    }
    taken = _taken(mode)
    assert {"n", "k", "enter", "esc", "q"} <= taken  # the probe sees keys at all
    assert taken <= listed, f"taken but not on the F1 sheet: {sorted(taken - listed)}"


WORDS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
NUMBERS = {word: n for n, word in enumerate((WORDS + "seventeen eighteen nineteen twenty").split(" "))}


def test_the_readme_and_the_docs_count_the_lessons_the_menu_offers():
    lessons = [e for e in MenuScreen(app()).entries if e.path.stem.startswith("lesson_")]
    counts = {
        doc.relative_to(ROOT).as_posix(): [
            int(n) if n.isdigit() else NUMBERS[n.lower()]
            for n in re.findall(r"\b(\w+) lessons\b", doc.read_text(encoding="utf-8"))
            if n.isdigit() or n.lower() in NUMBERS
        ]
        for doc in DOCS
    }
    assert counts["README.md"], "the README says how many lessons there are"
    assert counts["docs/playing.md"] and counts["docs/scenarios.md"], "the lessons are counted where they are told"
    wrong = {doc: n for doc, n in counts.items() if set(n) - {len(lessons)}}
    assert not wrong, f"the menu offers {len(lessons)} lessons; these count otherwise: {wrong}"
