"""Battles played part of the way, and copies of a map that can be moved about, for the save tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from game import ai
from game.core.battle import Battle
from game.core.commands import Command
from game.core.rules.dice import DICE
from game.scenario.tiled import load_scenario

ROOT = Path(__file__).resolve().parents[2]
ARENA = ROOT / "maps" / "test_arena.tmx"
DUEL = ROOT / "maps" / "duel.tmx"  # about 70 decisions over 7 rounds: saves in mid-battle


def played(map_path: Path = DUEL, seed: int = 5, decisions: int = 12, dice: int = DICE) -> tuple[Battle, list[Command]]:
    """A solo battle (blue human, red AI) after `decisions` commands, every one recorded."""
    b = Battle(load_scenario(map_path), seed=seed, controllers={"blue": "human", "red": "ai"}, dice=dice)
    commands: list[Command] = []
    while not b.over and len(commands) < decisions:
        c = ai.decide(b, "random" if b.pending().side == "blue" else "baseline")
        commands.append(c)
        b.apply(c)
    return b, commands


def arena_copy(folder: Path) -> Path:
    """A playable copy of the duel map in `folder`/maps, its tileset beside it, the art where it looks."""
    (folder / "maps").mkdir(parents=True)
    (folder / "assets").symlink_to(ROOT / "assets")
    shutil.copy(ROOT / "maps" / "terrain.tsx", folder / "maps" / "terrain.tsx")
    return Path(shutil.copy(DUEL, folder / "maps" / "arena.tmx"))
