"""Issue 37, "Words a player reads": in network play the bar offers no greyed Undo (every command
goes to the other machine as it is played: there is never one to take back), and a drop's line
is one short line in the bar, its whole words, the autosave's path with them, in the log."""

from __future__ import annotations

import pygame

from game.home.bundled import MAPS
from game.net.channel import Channel
from game.save.autosave import saves_folder
from game.scenario.tiled import load_scenario
from game.ui.app import App
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.net_play import NetPlay
from game.ui.common import combat_log
from game.ui.common.widgets import font
from game.ui.draw import draw_bar, draw_panels

# As game/net/joining.py says a drop, and game/net/hosting.py a player's.
JOINER_DROP = "the host closed the connection in round 3; the battle is autosaved at {}; trying to join again"
HOST_DROP = (
    "the player who joins closed the connection: going away; the battle is autosaved at {}; waiting 60 s for the player"
)


def _net_screen(a: App) -> BattleScreen:
    sc = load_scenario(MAPS / "skirmish.tmx")
    s = BattleScreen(a, sc, seed=1, controllers={sc.sides[0]: "human", sc.sides[1]: "ai"}, threaded=False)
    s.net = NetPlay(Channel(), "the host")
    a.show(s)
    for _ in range(3):
        a.step(0.05)
    return s


def test_network_play_offers_no_undo_button():
    a = App((1024, 600), headless=True)
    s = _net_screen(a)
    assert "Undo" not in [b.label for b in s.buttons]
    assert not [b for b in draw_bar.action_buttons(s) if b.label in ("Undo", "Redo")]
    s.net = None  # the same battle played here: Undo is offered
    assert "Undo" in [b.label for b in s.buttons]


def test_a_drop_is_one_short_line_in_the_bar_and_the_whole_line_with_its_path_in_the_log():
    a = App((1024, 600), headless=True)  # the least canvas
    s = _net_screen(a)
    where = saves_folder() / "autosave-skirmish-r003.json"
    speed_words = font(16).size("speed x8 [,/.]   skip [Space]   pause on steps [P]: off")[0]
    for said in (JOINER_DROP, HOST_DROP):
        line = said.format(where)
        s.net.channel.say(line)
        a.step(0.016)
        assert s.log[-1].words == line
        assert str(where) not in s.message and "autosaved" in s.message
        assert font(18).size(s.message)[0] <= 1024 - speed_words - 40, s.message


def test_the_whole_line_in_the_log_is_read_to_its_end_however_long_its_path(monkeypatch):
    a = App((1024, 600), headless=True)
    s = _net_screen(a)
    line = JOINER_DROP.format(saves_folder() / ("a_long_folder_name_" * 4) / "autosave-skirmish-r003.json")
    laid: list[tuple[pygame.Rect, list[str]]] = []  # the log's area and the last line's parts, as drawn

    def layout(log, scroll, area):
        out = combat_log.log_layout(log, scroll, area)
        laid.extend((area, parts) for shown, _, parts in out if shown.words == line)
        return out

    monkeypatch.setattr(draw_panels, "log_layout", layout)
    s.net.channel.say(line)
    a.step(0.016)
    area, parts = laid[-1]
    assert "".join(parts).replace(" ", "") == line.replace(" ", "")
    assert all(font(16).size(part)[0] <= area.w - 20 for part in parts), parts
