"""A rule option is declared once (issue 19): one `rule(...)` field of game.core.options.Options, and
the map loader, `--option`, check_option, the menu, its help and the settings file all know it.
Each option's name is spelt as a string in at most two modules of game/."""

from __future__ import annotations

import ast
import shutil
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

import game.core.options as declarations
from game.cli.simulate import _options
from game.core.options import Options, check_option, rule, rules_of
from game.home.settings import Settings, load_settings, save_settings, to_toml
from game.scenario.options import parse_cli_value
from game.scenario.tiled import load_scenario
from game.ui.menus import menu_keys
from game.ui.menus.menu import MenuScreen
from tests.ui.drive import app, key

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class WithFog(Options):
    """The game's options and one more, declared as any option is."""

    fog: bool = rule(
        False, label="Fog", help="on: creatures more than 6 squares away cannot be seen or shot at.", menu_key="6"
    )


@pytest.fixture
def fog(monkeypatch):
    """Fog registered as game/core/options.py would hold it, for this test only."""
    monkeypatch.setattr(declarations, "RULES", rules_of(WithFog))
    return declarations.named("fog")


def test_a_declared_option_is_checked_and_read_from_the_command_line(fog):
    assert fog is not None and fog.default is False and fog.map_property == "fog"
    assert check_option("fog", True, []) is None
    assert check_option("fog", "yes", []) == "option fog must be true or false (type bool), not 'yes'"
    assert parse_cli_value("fog", "on") is True
    assert _options(["fog=off", "max_rounds=4"]) == {"fog": False, "max_rounds": 4}
    assert "fog" in check_option("no_such_option", 1, []) or ""  # the unknown line lists it among the known


def test_a_declared_option_is_a_map_property(fog, tmp_path):
    (tmp_path / "maps").mkdir()
    shutil.copytree(ROOT / "assets" / "tiles", tmp_path / "assets" / "tiles")
    shutil.copy(ROOT / "maps" / "terrain.tsx", tmp_path / "maps" / "terrain.tsx")
    text = (ROOT / "maps" / "test_arena.tmx").read_text(encoding="utf-8")
    old = '<property name="victory"'
    fogged = tmp_path / "maps" / "fog.tmx"
    fogged.write_text(text.replace(old, '<property name="fog" type="bool" value="true"/>\n  ' + old, 1))
    assert load_scenario(fogged).options["fog"] is True


def test_a_declared_option_with_a_menu_key_is_a_menu_button_its_key_cycles(fog):
    a = app()
    menu = MenuScreen(a)
    a.show(menu)
    button = next(b for b in menu.buttons if b.label.startswith("Fog:"))
    assert (button.label, button.key_hint, button.tip) == ("Fog: off", "6", fog.help)
    key(a, pygame.K_6)
    assert [b.label for b in menu.buttons if b.label.startswith("Fog:")] == ["Fog: on"]
    assert menu.options["fog"] is True
    assert menu_keys.rule_options_line() == ("1  2  3  6", "rule options: morale, initiative, knockdown dice, fog")


def test_a_declared_menu_option_is_kept_in_the_settings_file(fog):
    s = Settings(rule_options={"fog": True, "initiative": "group"})
    assert "fog = true" in to_toml(s).splitlines()
    save_settings(s)
    assert load_settings().rule("fog") is True
    assert load_settings() == s
    assert 'fog = "map"' in to_toml(Settings()).splitlines()  # left to the map until chosen


def test_a_menu_key_the_menu_keeps_for_itself_is_refused(monkeypatch):
    @dataclass(frozen=True, slots=True)
    class Clash(Options):
        fog: bool = rule(False, label="Fog", help="Fog of war.", menu_key="m")  # M is the mode's key

    monkeypatch.setattr(declarations, "RULES", rules_of(Clash))
    a = app()
    menu = MenuScreen(a)
    a.show(menu)
    with pytest.raises(ValueError, match="menu key"):
        menu._key(pygame.K_6)


# -- each option's name is spelt in at most two modules -------------------------------------

# Modules where an option's name is a different word spelt alike: the initiative event's type
# and the initiative bar's cache key, the initiative modifiers 'waiting' and 'foreign environment'
# (seed 002's table, and the system that applies them), the morale trigger 'surprised', the
# battle_end reason 'max_rounds', a campaign's outcome 'victory'. Each is checked to still be there, so the list cannot go stale.
HOMONYMS = {
    "victory": {"game/campaign/keys.py"},  # a campaign's outcome and a battle's branch (docs/formats.md#campaigns)
    "initiative": {"game/core/events.py", "game/ui/draw/draw_panels.py"},
    "waiting": {"game/core/rules/initiative.py"},
    "foreign_environment": {"game/core/rules/initiative.py", "game/core/systems/initiative.py"},
    "surprised": {"game/core/systems/morale.py"},
    "max_rounds": {"game/core/battle.py"},
}


def modules_spelling(names: set[str]) -> dict[str, set[str]]:
    """For each name, the modules of game/ that hold it as a string literal (not in a docstring)."""
    found: dict[str, set[str]] = {n: set() for n in names}
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names and id(node) not in docstrings:
                found[node.value].add(path.relative_to(ROOT).as_posix())
    return found


def test_each_option_name_is_a_literal_in_at_most_two_modules():
    names = {r.name for r in declarations.declared()}
    found = modules_spelling(names | set(HOMONYMS))
    for name, where in HOMONYMS.items():
        assert where <= found[name], f"{name}: the homonym list is stale ({sorted(where - found[name])})"
    crowded = {n: sorted(found[n] - HOMONYMS.get(n, set())) for n in names}
    assert {n: m for n, m in crowded.items() if len(m) > 2} == {}


def test_the_rules_document_lists_every_declared_option_with_its_default():
    """docs/rules.md#rule-options: a row per option, its default as declared."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("\n## Rule options\n", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines() if line.startswith("| `")]
    defaults = {row[0].strip("`"): row[2].strip("`") for row in rows}

    def shown(default: object) -> str:
        if isinstance(default, bool):
            return "true" if default else "false"
        return str(default) if default != "" else "none"

    assert defaults == {r.name: shown(r.default) for r in declarations.declared()}
