"""A rule option is declared once (issue 19): one `rule(...)` field of game.core.options.Options, and
the map loader, `--option`, check_option, the menu, its help and the settings file all know it.
Each option's name is spelt as a string in at most two modules of game/."""

from __future__ import annotations

import ast
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

import pygame
import pytest

import game.core.options as declarations
from game.campaign import keys as campaign_keys
from game.cli.simulate import _options
from game.core import events as ev
from game.core.options import Options, check_option, rule, rules_of
from game.core.rules import initiative
from game.core.rules.dice import RollKind
from game.home.settings import Settings, load_settings, save_settings, to_toml
from game.scenario.options import parse_cli_value
from game.scenario.tiled import load_scenario
from game.ui.menus import menu_keys
from game.ui.menus.menu import MenuScreen
from tests.source_trees import nodes, text
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

# An option's name can also be a word of the log's own vocabulary: an event type ('initiative'), a
# modifier of initiative's table ('waiting', 'foreign_environment'), a morale trigger ('surprised'),
# a battle's end reason ('max_rounds'), a campaign's outcome ('victory'). Such a word is spelt where the log's meaning is written as
# well, so it may be spelt in one module more. The vocabulary is read from its declarations (the
# events' types, the table of modifiers, the event schema's enumerations, a campaign's outcomes),
# not listed here. A word that names a kind of roll too ('initiative': game/core/rules/dice.py's
# RollKind) is spelt where the kinds are declared and by the system that rolls it: two modules more.
LOG_MEANING = 1
ROLL_MEANING = 2
ROLL_WORDS = frozenset(get_args(RollKind))


def log_words() -> set[str]:
    """The event types, the initiative modifiers' names, a campaign's outcomes and every word the
    event schema enumerates (the options' own definitions aside: those are the options)."""
    schema = json.loads((ROOT / "game" / "data" / "schemas" / "event.schema.json").read_text(encoding="utf-8"))
    schema.get("$defs", {}).pop("options", None)
    words: set[str] = set(ev.TYPES) | set(initiative.MODIFIERS) | {campaign_keys.VICTORY, campaign_keys.DEFEAT}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            words.update(v for v in node.get("enum", ()) if isinstance(v, str))
            if isinstance(node.get("const"), str):
                words.add(node["const"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    return words


def modules_spelling(names: set[str]) -> dict[str, set[str]]:
    """For each name, the modules of game/ that hold it as a string literal (not in a docstring)."""
    found: dict[str, set[str]] = {n: set() for n in names}
    for path in sorted((ROOT / "game").rglob("*.py")):
        walked = nodes(text(path))
        docstrings = {
            id(node.body[0].value)
            for node in walked
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in walked:
            if isinstance(node, ast.Constant) and node.value in names and id(node) not in docstrings:
                found[node.value].add(path.relative_to(ROOT).as_posix())
    return found


def crowded(found: dict[str, set[str]], words: set[str]) -> dict[str, list[str]]:
    """The names spelt in more modules than they may be: two, one more for a word of the log, two
    more for the name of a kind of roll."""

    def allowed(n: str) -> int:
        return 2 + (LOG_MEANING if n in words else 0) + (ROLL_MEANING if n in ROLL_WORDS else 0)

    return {n: sorted(m) for n, m in found.items() if len(m) > allowed(n)}


@pytest.mark.xdist_group("source-trees")  # reads game/'s sources (tests/source_trees.py)
def test_each_option_name_is_a_literal_in_at_most_two_modules():
    names = {r.name for r in declarations.declared()}
    assert crowded(modules_spelling(names), log_words()) == {}


def test_the_log_words_are_read_from_their_declarations_and_counted_once_more():
    words = log_words()
    assert {"initiative", "waiting", "foreign_environment", "surprised", "max_rounds"} <= words
    assert not words & {"morale_system", "knockdown_dice", "death_at_minus_10"}  # options alone
    three = {"a.py", "b.py", "c.py"}
    assert crowded({"initiative": three, "fog": three}, words) == {"fog": ["a.py", "b.py", "c.py"]}
    six = three | {"d.py", "e.py", "f.py"}
    assert crowded({"initiative": six}, words) == {"initiative": sorted(six)}
    assert crowded({"waiting": three | {"d.py"}}, words) == {"waiting": ["a.py", "b.py", "c.py", "d.py"]}


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


def test_the_formats_document_lists_every_option_a_map_may_set():
    """docs/formats.md#maps: 'Map properties: title, description, and any rule option: ...' names
    the options whose map property sets them, as declared."""
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    listed = text.split("and any rule option:", 1)[1].split("`wait_choice`", 1)[0]
    named = re.findall(r"`([a-z_0-9]+)`", listed)
    assert named == [r.name for r in declarations.declared() if r.map_property is not None]
