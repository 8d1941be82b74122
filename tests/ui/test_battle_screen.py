"""The game window, driven headless by mouse and key events (issue: the game window)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.battle import RETREAT, Battle
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.handover import HandoverScreen
from game.ui.battle.modes import FacingMode, ProvokeMode
from game.ui.battle.state import DOUBLE_CLICK
from game.ui.common.after_battle import DEAF_FOR
from game.ui.draw import draw_bar
from game.ui.menus.result import ResultScreen
from tests.helpers import as_json, board, unit
from tests.named_dice import NamedDice
from tests.ui.drive import app, click, hover, key, on_board, screen_pos, settle

ARENA = Path(__file__).resolve().parents[2] / "maps" / "test_arena.tmx"


def play_turn_by_mouse(a, s: BattleScreen) -> None:
    """A simple player: attack when a foe is in reach, else walk toward it; retreats: the first space.
    It looks at the board a moment first: its click is never the second of a double click."""
    a.step(DOUBLE_CLICK)
    b = s.battle
    p = b.pending()
    if p.kind == RETREAT:
        if p.spaces:
            click(a, screen_pos(s, p.spaces[0]["to"]))
            if s.retreat_space is not None:
                key(a, pygame.K_f if s.retreat_space["follow_to"] else pygame.K_h)
        else:
            key(a, pygame.K_RETURN)
        return
    me = b.world[s.selected]
    if s.legal.melee:
        target = min(s.legal.melee)
        click(a, screen_pos(s, b.world[target].pos))
        if isinstance(s.mode, ProvokeMode):  # the walk draws free swings: asked, then confirmed
            click(a, screen_pos(s, b.world[target].pos))
        return
    foe = min(b.world.enemies_of(me), key=lambda e: abs(e.pos[0] - me.pos[0]) + abs(e.pos[1] - me.pos[1]))
    reach = s.legal.full.costs
    dest = min(reach, key=lambda q: (max(abs(q[0] - foe.pos[0]), abs(q[1] - foe.pos[1])), reach[q], q))
    if dest == me.pos:
        key(a, pygame.K_h)
        return
    click(a, screen_pos(s, dest))
    assert isinstance(s.mode, FacingMode)
    click(a, screen_pos(s, foe.pos))  # the second click sets the facing toward the foe and confirms


def test_a_whole_solo_battle_by_mouse():
    a = app()
    s = BattleScreen(a, load_scenario(ARENA), seed=5, controllers={"blue": "human", "red": "ai"}, threaded=False)
    s.speed_i = 4
    a.show(s)
    for _ in range(400):
        settle(a, s)
        if a.screen is not s:
            break
        play_turn_by_mouse(a, s)
    assert isinstance(a.screen, ResultScreen)
    assert s.battle.over and as_json(s.battle.events)[-1]["type"] == "battle_end"
    human_cmds = [e for e in as_json(s.battle.events) if e["type"] in ("move", "attack") and e["id"] == "blue_fighter"]
    assert human_cmds, "the human side never acted"
    a.step(DEAF_FOR)  # the result screen draws, and hears keys from now on
    key(a, pygame.K_ESCAPE)
    assert type(a.screen).__name__ == "MenuScreen"


@pytest.mark.slow
def test_a_hotseat_battle_by_mouse_and_keys_with_handovers():
    a = app()
    s = BattleScreen(a, load_scenario(ARENA), seed=7, controllers={"blue": "human", "red": "human"}, threaded=False)
    s.speed_i = 4
    a.show(s)
    handovers = 0
    for _ in range(600):
        if isinstance(a.screen, HandoverScreen):
            handovers += 1
            key(a, pygame.K_SPACE)
            continue
        settle(a, s)
        if isinstance(a.screen, HandoverScreen):
            continue
        if a.screen is not s:
            break
        if s.battle.pending().side == "red" and s.legal and s.legal.melee:
            key(a, pygame.K_TAB)  # the keyboard cursor jumps to a foe in reach
            key(a, pygame.K_RETURN)
        else:
            play_turn_by_mouse(a, s)
    assert isinstance(a.screen, ResultScreen) and s.battle.over
    assert handovers >= 2
    attackers = {e["id"] for e in as_json(s.battle.events) if e["type"] == "attack" and e.get("purpose") == "attack"}
    assert attackers == {"blue_fighter", "red_orc"}


def retreat_board(a):
    """Blue a hits red b, whose player holds: the end of the round offers blue a retreat."""
    sc = board([unit("a", "blue", "fighter1", (4, 4), "E"), unit("b", "red", "orc", (5, 4), "W")], width=10, height=9)
    controllers = {"blue": "human", "red": "human"}
    battle = Battle(
        sc,
        seed=1,
        rng=NamedDice({"initiative a": 10, "initiative b": 1, "attack a": 20, "damage a": 1, "knockdown a": 1}),
        controllers=controllers,
    )
    s = BattleScreen(a, sc, controllers=controllers, threaded=False, battle=battle)
    s.speed_i = 4
    a.show(s)
    for _ in range(2):
        settle(a, s)
        if isinstance(a.screen, HandoverScreen):
            key(a, pygame.K_SPACE)
    click(a, screen_pos(s, (5, 4)))  # attack the orc where it stands
    settle(a, s)
    key(a, pygame.K_SPACE)  # past the hand-over screen to red
    settle(a, s)
    key(a, pygame.K_h)  # red holds
    settle(a, s)
    if isinstance(a.screen, HandoverScreen):
        key(a, pygame.K_SPACE)
        settle(a, s)
    assert s.battle.pending().kind == RETREAT
    return s


def test_forced_retreat_chosen_by_clicking():
    a = app()
    s = retreat_board(a)
    p = s.battle.pending()
    assert {sp["to"] for sp in p.spaces} == {(6, 3), (6, 4), (6, 5)}
    click(a, screen_pos(s, (6, 5)))
    assert s.retreat_space is not None and s.retreat_space["to"] == (6, 5)
    follow = next(b for b in s.buttons if b.label == "Follow")
    click(a, follow.rect.center)
    r = next(e for e in as_json(s.battle.events) if e["type"] == "retreat")
    assert r["to"] == [6, 5] and r["followed"] is True
    assert s.battle.world["b"].pos == (6, 5) and s.battle.world["a"].pos == (5, 4)


def test_declined_retreat():
    a = app()
    s = retreat_board(a)
    decline = next(b for b in s.buttons if b.label == "Decline")
    click(a, decline.rect.center)
    refused = [e for e in as_json(s.battle.events) if e["type"] == "retreat_refused"]
    assert refused and refused[0]["reason"] == "declined"
    assert s.battle.world["b"].pos == (5, 4)


def test_end_of_round_steps_shown_in_order_with_pauses():
    a = app()
    s = BattleScreen(a, load_scenario(ARENA), seed=7, controllers={"blue": "ai", "red": "ai"}, threaded=False)
    s.view.pause_on_steps = True
    a.show(s)
    seen = []
    for _ in range(2000):
        a.step(0.05)
        if s.view.waiting_for_key:
            seen.append(s.view.step_banner)
            key(a, pygame.K_SPACE)
            if len(seen) == 4:
                break
    assert seen == ["retreats", "fatigue", "morale", "status"]


def test_hovering_a_unit_colours_its_front_flank_and_rear():
    a = app()
    units = [unit("a", "blue", "fighter1", (4, 4), "N"), unit("b", "red", "orc", (8, 8), "W")]
    s = on_board(
        a,
        units,
        dice={"initiative a": 1, "initiative b": 10},
        controllers={"blue": "ai", "red": "ai"},
        width=10,
        height=9,
    )
    s.view.skip()
    a.step(0.0)
    plain = a.window.copy()
    hover(a, screen_pos(s, (4, 4)))

    def delta(sq):
        x, y = screen_pos(s, sq)
        x += s.camera.size // 4  # off the centre, clear of any path marker
        before, after = plain.get_at((x, y)), a.window.get_at((x, y))
        return after.r - before.r, after.g - before.g, after.b - before.b

    for sq in [(3, 3), (4, 3), (5, 3)]:  # front: green
        dr, dg, db = delta(sq)
        assert dg > 0 and dg > dr, (sq, dr, dg, db)
    for sq in [(3, 4), (5, 4)]:  # flank: yellow
        dr, dg, db = delta(sq)
        assert dr > 0 and dg > 0 and db < 0, (sq, dr, dg, db)
    for sq in [(3, 5), (4, 5), (5, 5)]:  # rear: red
        dr, dg, db = delta(sq)
        assert dr > 0 and dr > dg, (sq, dr, dg, db)


def test_keyboard_alone_moves_a_unit_with_a_chosen_facing():
    a = app()
    units = [unit("a", "blue", "fighter1", (2, 2), "E"), unit("b", "red", "orc", (8, 8), "W")]
    s = on_board(a, units, dice={"initiative a": 10, "initiative b": 1}, width=10, height=9)
    settle(a, s)
    assert s.cursor == (2, 2)
    key(a, pygame.K_RIGHT)
    key(a, pygame.K_RIGHT)
    key(a, pygame.K_RETURN)  # destination (4, 2)
    assert isinstance(s.mode, FacingMode)
    key(a, pygame.K_DOWN)  # aim at (4, 3): south
    key(a, pygame.K_RETURN)
    assert s.battle.world["a"].pos == (4, 2) and s.battle.world["a"].facing == 4


def test_while_choosing_a_facing_the_arcs_shown_are_those_of_the_facing_being_chosen():
    """Issue 13: 'While choosing a facing, the arcs shown are still the old ones.'"""
    a = app()
    units = [unit("a", "blue", "fighter1", (2, 2), "E"), unit("b", "red", "orc", (8, 8), "W")]
    s = on_board(a, units, dice={"initiative a": 10, "initiative b": 1}, width=10, height=9)
    settle(a, s)
    click(a, screen_pos(s, (4, 2)))  # move there; now the facing
    assert isinstance(s.mode, FacingMode)

    def colour_of(sq):
        x, y = screen_pos(s, sq)
        c = a.window.get_at((x + s.camera.size // 4, y))
        return c.r, c.g, c.b

    hover(a, screen_pos(s, (4, 5)))  # point south of the end square: face S
    assert s.mode.facing == 4
    r, g, b = colour_of((4, 1))  # behind a creature at (4, 2) facing S: its rear, red
    assert r > g and r > b, (r, g, b)
    r, g, b = colour_of((4, 3))  # in front of it: green
    assert g > r and g > b, (r, g, b)
    hover(a, screen_pos(s, (4, 0)))  # point north: the arcs turn with it
    assert s.mode.facing == 0
    r, g, b = colour_of((4, 3))  # now behind it: red
    assert r > g and r > b, (r, g, b)


def paused_at_the_first_step(a) -> BattleScreen:
    s = BattleScreen(a, load_scenario(ARENA), seed=7, controllers={"blue": "ai", "red": "ai"}, threaded=False)
    s.view.pause_on_steps = True
    a.show(s)
    for _ in range(2000):
        a.step(0.05)
        if s.view.waiting_for_key:
            return s
    raise AssertionError("never paused at a step")


def test_paused_at_a_step_the_log_has_not_run_ahead_of_the_board():
    """Issue 13: 'the log runs ahead of the board while paused'. The last retreat decision brings
    the whole end of the round at once; paused at its fatigue step, the log stops there."""
    a = app()
    s = paused_at_the_first_step(a)
    while s.view.step_banner != "fatigue" or not s.view.waiting_for_key:
        if s.view.waiting_for_key:
            key(a, pygame.K_SPACE)
        a.step(0.05)
    assert s.view.queue, "the morale and status steps wait to be shown"
    assert s.log[-1].words == "End of round: fatigue", "nothing after the step shown is in the log yet"
    key(a, pygame.K_SPACE)
    while not s.view.idle:
        a.step(0.05)
        if s.view.waiting_for_key:
            key(a, pygame.K_SPACE)
    assert any(line.words == "End of round: status" for line in s.log)


def test_paused_at_a_step_p_stops_pausing_and_esc_opens_the_pause_menu():
    """Issue 13: '"Pause on steps" swallows every key (P and Esc included)'."""
    from game.ui.menus.pause import PauseScreen  # noqa: PLC0415

    a = app()
    s = paused_at_the_first_step(a)
    key(a, pygame.K_ESCAPE)
    assert isinstance(a.screen, PauseScreen)
    key(a, pygame.K_ESCAPE)  # back to the battle, still paused at the step
    assert a.screen is s and s.view.waiting_for_key
    key(a, pygame.K_p)
    assert not s.view.pause_on_steps and not s.view.waiting_for_key


def test_two_misses_on_one_token_float_apart():
    """Issue 13: '"miss" floaters stack'."""
    from game.core import events as ev  # noqa: PLC0415
    from game.core.rules.dice import Roll  # noqa: PLC0415

    a = app()
    s = paused_at_the_first_step(a)
    s.view.floaters.clear()
    uid = next(iter(s.view.tokens))
    other = next(t for t in s.view.tokens if t != uid)
    miss = ev.Attack(
        round=1,
        id=other,
        target=uid,
        kind="melee",
        weapon="w",
        arc="front",
        roll=Roll("1d20", (1,), 0, 1),
        modifiers=(),
        needed=10,
        hit=False,
        damage=0,
        purpose="attack",
    )
    s.view._finish(miss)
    s.view._finish(miss)
    ys = [f.y for f in s.view.floaters]
    assert len(ys) == 2 and abs(ys[0] - ys[1]) >= 0.4


def test_the_action_bar_never_runs_under_the_undo_button():
    """Every action has its button (charge, cast and offer surrender too): at 1280 wide they fit
    beside Undo, their keys moving to the tips when the keys would not fit."""
    a = app()
    sc = load_scenario(Path(__file__).resolve().parents[2] / "maps" / "lesson_magic.tmx")
    sc = replace(sc, lesson=None)  # its casters, played freely (the script would open on a card)
    s = BattleScreen(a, sc, controllers={"blue": "human", "red": "human"}, threaded=False)
    a.show(s)
    settle(a, s)
    buttons = s.buttons
    labels = [b.label for b in buttons]
    assert {"Charge", "Cast", "Offer surrender", "Undo"} <= set(labels)
    for i, one in enumerate(buttons):
        assert one.rect.right <= 1280
        for other in buttons[i + 1 :]:
            assert not one.rect.colliderect(other.rect), (one.label, other.label)


def test_the_status_line_names_the_creature_as_the_log_does():
    """'blue: Militia 2, Human militia', never the id with its underscores (blue_militia_2)."""
    a = app()
    sc = load_scenario(Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx")
    s = BattleScreen(a, sc, controllers={"blue": "human", "red": "human"}, threaded=False)
    a.show(s)
    settle(a, s)
    p = s.battle.pending()
    line = draw_bar.status(s)
    assert s.session.names[p.unit] in line and s.battle.world[p.unit].kind.name in line
    assert "_" not in line, line


def test_a_retreat_arrow_has_a_light_halo_so_it_reads_on_a_square_of_its_own_colour():
    """Issue 22: red retreat arrows vanished on the red rear squares they point to. Each arrow's
    head, at the middle of its space, shows the halo's white beside the arc's colour."""
    from game.ui.common import theme  # noqa: PLC0415

    a = app()
    s = retreat_board(a)
    a.window.fill((0, 0, 0))
    s.draw(a.window)
    for sp in s.battle.pending().spaces:
        x, y = screen_pos(s, sp["to"])
        near = {tuple(a.window.get_at((i, j)))[:3] for i in range(x - 8, x + 9) for j in range(y - 8, y + 9)}
        assert theme.SELECT in near and theme.palette().arcs[sp["space"]] in near, sp["to"]


@pytest.mark.parametrize(("facing", "way"), [("E", (1, 0)), ("S", (0, 1)), ("NW", (-1, -1))])
def test_each_creature_shows_a_white_wedge_on_its_rim_the_way_it_faces(facing, way):
    """Issue 22: a faint facing marker (only the turned body showed it). The wedge at the rim
    of the base points the way the creature faces (its front, docs/rules.md#scale-squares-and-facing); the rim
    on the other side stays without it."""
    from game.ui.common import theme  # noqa: PLC0415

    a = app()
    units = [unit("a", "blue", "fighter1", (4, 4), facing), unit("b", "red", "orc", (8, 7), "W")]
    s = on_board(
        a,
        units,
        dice={"initiative a": 10, "initiative b": 1},
        controllers={"blue": "ai", "red": "ai"},
        width=10,
        height=9,
    )
    s.view.skip()
    a.window.fill((0, 0, 0))
    s.draw(a.window)
    cx, cy = screen_pos(s, (4, 4))
    size = s.camera.size
    norm = (way[0] ** 2 + way[1] ** 2) ** 0.5

    def at(sign: int) -> set[tuple[int, int, int]]:
        x, y = cx + sign * way[0] / norm * size * 0.44, cy + sign * way[1] / norm * size * 0.44
        return {tuple(a.window.get_at((round(x) + i, round(y) + j)))[:3] for i in (-1, 0, 1) for j in (-1, 0, 1)}

    assert theme.SELECT in at(1)
    assert theme.SELECT not in at(-1)
