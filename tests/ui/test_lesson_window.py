"""A lesson played in the window (game/ui/battle/lesson_play.py, maps/README.md "Lesson scripts"): it
opens on the script's side with its seed, its cards wait for the player at the moment they
explain, the player's own steps are judged before they reach the battle, and the script's own
commands are played as the AI's. Driven headless with synthetic events, frame by frame."""

from __future__ import annotations

import pygame
import pytest

from game import ai
from game.core.battle import RETREAT
from game.history.saved_battle import load_save
from game.home.bundled import MAPS, TEACHING_ORDER
from game.scenario.tiled import load_scenario
from game.ui.battle import undo_control
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.lesson_play import finished
from game.ui.battle.saving import save_by_hand
from game.ui.common import theme
from game.ui.draw import draw_lesson
from game.ui.main import _play_to, first_screen
from game.ui.menus.menu import Entry, MenuScreen
from game.ui.menus.resume import opened_screen
from tests.lessons.test_lesson_script import MAP, SCRIPT, _lesson_map
from tests.ui import drive

# The shared example script, with a scripted opening move of the learner's own veteran and an
# end card: the first veteran turns to face north before the player's turn.
OPENING = """
[[step]]
unit = "blue_veteran_1"
do = { action = "turn", facing = "N" }

[[card]]
at = "end"
text = "The lesson is over."
"""


def _screen(tmp_path, seed: int | None = None) -> tuple[pygame.Surface, BattleScreen]:
    a = drive.app()
    scenario = load_scenario(_lesson_map(tmp_path, SCRIPT + OPENING))
    s = first_screen(a, scenario, None, seed, None)
    assert isinstance(s, BattleScreen)
    assert s.worker is None  # a headless window's AI thinks in this process, frame by frame
    a.show(s)
    return a, s


def _frames_until(a, s: BattleScreen, done, limit: int = 3000) -> None:
    """Run frames until done() holds, closing the cards; the player's steps are played as the
    script gives them and their free turns as the AI would."""
    for _ in range(limit):
        if done():
            return
        lesson = s.lesson
        assert lesson is not None
        if lesson.open is not None:
            drive.key(a, pygame.K_RETURN)
        elif s.human_turn() and s.decision_key == len(s.battle.events):
            step = lesson.yours(s)
            assert s.apply(step.do if step is not None else ai.decide(s.battle, "baseline"))
        else:
            a.step(0.05)
    raise AssertionError("the lesson never came to it")


def _yours_due(s: BattleScreen) -> bool:
    assert s.lesson is not None
    return s.lesson.yours(s) is not None and s.human_turn() and s.decision_key == len(s.battle.events)


def test_a_lesson_opens_on_the_script_s_side_with_its_seed_and_level(tmp_path):
    """The script fixes the seed, the learner's side and the AI's level; a seed typed wins."""
    _, s = _screen(tmp_path)
    assert (s.session.seed, s.session.controllers, s.session.ai_level) == (
        3,
        {"blue": "human", "red": "ai"},
        "baseline",
    )
    (tmp_path / "typed").mkdir()
    _, typed = _screen(tmp_path / "typed", seed=7)
    assert typed.session.seed == 7


def test_the_start_card_waits_for_the_player_and_enter_closes_it(tmp_path):
    a, s = _screen(tmp_path)
    a.step(0.05)
    assert s.lesson is not None and s.lesson.open is not None
    assert s.lesson.open.card.text == "Your veterans face three gnolls."
    count = len(s.battle.events)
    for _ in range(40):  # the battle waits while the card is open
        a.step(0.05)
    assert len(s.battle.events) == count and s.lesson.open is not None
    drive.key(a, pygame.K_RETURN)
    assert s.lesson.open is None


def test_a_click_closes_a_card_too(tmp_path):
    a, s = _screen(tmp_path)
    a.step(0.05)
    drive.click(a, (400, 300))
    assert s.lesson is not None and s.lesson.open is None


def test_the_script_s_opening_move_is_played_for_the_player_s_own_creature(tmp_path):
    a, s = _screen(tmp_path)
    _frames_until(a, s, lambda: any(e.type == "turn" and e.id == "blue_veteran_1" for e in s.battle.events))
    turn = next(e for e in s.battle.events if e.type == "turn" and e.id == "blue_veteran_1")
    assert turn.facing == "N"


def test_the_player_s_step_is_prompted_refused_with_its_hint_then_played(tmp_path):
    """A wrong command never reaches the battle and the card says the hint; the right one is
    played and the step is done."""
    a, s = _screen(tmp_path)
    _frames_until(a, s, lambda: _yours_due(s))
    lesson = s.lesson
    assert lesson is not None
    step = lesson.yours(s)
    assert step is not None and step.unit == "blue_veteran_2"
    assert s.selected == "blue_veteran_2"  # the creature it is for, selected
    before = [e.to_json() for e in s.battle.events]
    drive.key(a, pygame.K_h)  # end the turn: not what the step asks
    assert [e.to_json() for e in s.battle.events] == before
    assert lesson.hint_for(step) == "Click the gnoll in front of the veteran."
    drive.click(a, drive.screen_pos(s, s.battle.world["red_gnoll_2"].pos))
    attack = [e for e in s.battle.events[len(before) :] if e.type == "attack"]
    assert attack and attack[0].id == "blue_veteran_2" and attack[0].target == "red_gnoll_2"
    assert 0 in lesson.run.played


def test_the_scripted_opponent_step_is_played(tmp_path):
    """The gnoll's scripted hold is played on its turns, as the AI's decision."""
    a, s = _screen(tmp_path)
    _frames_until(a, s, lambda: any(e.type == "hold" and e.id == "red_gnoll_2" for e in s.battle.events))
    assert s.lesson is not None and 1 in s.lesson.run.played


def test_a_card_tied_to_an_event_opens_once_the_board_has_shown_it(tmp_path):
    """The rear-retreat card opens when the board has finished that retreat, not before."""
    a, s = _screen(tmp_path)
    lesson = s.lesson
    assert lesson is not None

    def pushed() -> int | None:
        return next(
            (i for i, e in enumerate(s.battle.events) if e.type == "retreat" and e.space == "rear"),
            None,
        )

    def play_the_step() -> None:
        step = lesson.yours(s)
        assert step is not None
        assert s.apply(step.do)

    for _ in range(3000):
        if pushed() is not None:
            break
        if _yours_due(s):
            play_the_step()
        else:
            _frames_until(a, s, lambda: _yours_due(s) or pushed() is not None)
    i = pushed()
    assert i is not None, "the script shows a rear retreat"
    for _ in range(3000):
        if lesson.open is not None and lesson.open.card.text == "Driven into a rear square.":
            break
        assert lesson.open is None or lesson.open.at <= i
        a.step(0.05)
    assert lesson.open is not None and lesson.open.at == i + 1
    assert finished(s) == i + 1  # the board stopped right after the retreat it explains


TURN_STEP = """
[[step]]
unit = "blue_veteran_2"
do = { action = "turn", facing = "S" }
yours = "Turn your veteran to face south."
check = ["action", "facing"]
hint = "Press T, then point south."
"""


def test_undo_and_redo_keep_the_script_in_step(tmp_path):
    """A step taken back by undo (no die rolled since, game/history/undo.py) is the player's to do
    again; redone, it is done again."""
    a = drive.app()
    s = first_screen(a, load_scenario(_lesson_map(tmp_path, SCRIPT.split("[[step]]")[0] + TURN_STEP)), None, None, None)
    assert isinstance(s, BattleScreen) and s.lesson is not None
    a.show(s)
    lesson = s.lesson
    _frames_until(a, s, lambda: _yours_due(s))
    step = lesson.yours(s)
    assert step is not None and s.apply(step.do)
    assert 0 in lesson.run.played
    assert undo_control.undo(s)
    a.step(0.0)
    assert 0 not in lesson.run.played and lesson.yours(s) is step
    assert undo_control.redo(s)
    a.step(0.0)
    assert 0 in lesson.run.played and lesson.yours(s) is None


def test_a_saved_lesson_goes_on_following_its_script(tmp_path):
    """A save loaded rebuilds the script's run from its commands: the steps already played stay
    played, and no card is shown again."""
    a, s = _screen(tmp_path)
    _frames_until(a, s, lambda: _yours_due(s))
    lesson = s.lesson
    assert lesson is not None
    step = lesson.yours(s)
    assert step is not None and s.apply(step.do)
    said = save_by_hand(s.session, tmp_path / "saves")
    path = next((tmp_path / "saves").iterdir())
    assert path.name in said or "Saved" in said
    battle, record = load_save(path)
    again = opened_screen(drive.app(), battle, record, threaded=False)
    assert isinstance(again, BattleScreen) and again.lesson is not None
    assert again.lesson.run.played == lesson.run.played
    assert again.lesson.open is None and again.lesson.waiting == []
    assert again.session.controllers["blue"] == "human"
    assert again.battle.pending().kind in ("activation", RETREAT, "over")
    assert MAP in again.session.scenario.path


def test_the_menu_starts_a_lesson_on_its_side_with_its_seed_unless_one_is_typed(tmp_path):
    """Whatever mode and side the menu shows, a lesson with a script is played solo on the
    script's side; a seed the player typed wins over the script's."""
    path = _lesson_map(tmp_path, SCRIPT)
    menu = MenuScreen(drive.app(), entries=[Entry(path, load_scenario(path))])
    menu.mode, menu.side_i, menu.ai_level = "hotseat", 1, "hard"
    s = menu.start()
    assert isinstance(s, BattleScreen)
    assert (s.session.seed, s.session.controllers, s.session.ai_level) == (
        3,
        {"blue": "human", "red": "ai"},
        "baseline",
    )
    menu.seed.begin()
    menu.seed.key(pygame.K_9)
    typed = menu.start()
    assert isinstance(typed, BattleScreen) and typed.session.seed == 9


def test_a_screenshot_of_a_lesson_past_its_opening_shows_no_stale_card(tmp_path):
    """`rout screenshot` of a lesson at round 2 once drew the start card, which the lesson had
    long gone past, over the board; at round 1, before any command, the start card is the moment."""
    a = drive.app()
    for round_, card_open in ((1, True), (2, False)):
        scenario = load_scenario(_lesson_map(tmp_path, SCRIPT))
        s = BattleScreen(a, scenario, seed=1, controllers={side: "human" for side in scenario.sides}, threaded=False)
        a.show(s)
        _play_to(s, None, round_, "activation")
        assert s.lesson is not None
        assert (s.lesson.open is not None) is card_open, round_


@pytest.mark.parametrize("stem", TEACHING_ORDER)
def test_the_start_card_hides_no_creature(stem):
    """At 1280x720 each shipped lesson's start card sits where it covers none of the creatures it
    introduces (on lesson_fatigue it sat on the near archer): over the map where there is room,
    else over the side panel beside it."""
    a = drive.app()
    s = first_screen(a, load_scenario(MAPS / f"{stem}.tmx"), None, None, None)
    assert isinstance(s, BattleScreen)
    a.show(s)
    a.step(0.05)
    assert s.lesson is not None and s.lesson.open is not None and s.lesson.open.card.at == "start"
    box, _ = draw_lesson.card_box(s, [(s.lesson.open.card.text, (255, 255, 255))], None, "Go on")
    assert box.right <= 1280 and box.bottom <= 720 - 64, "on the screen, above the bottom bar"
    m = s.map_rect()
    for uid, tok in s.view.tokens.items():
        x, y = s.camera.to_screen(tok.x, tok.y)
        size = s.camera.size * tok.n
        assert not box.colliderect(pygame.Rect(m.x + x, m.y + y, size, size)), f"{stem}: the card hides {uid}"


def _hazards_at_the_retreat_card() -> tuple[pygame.Surface, BattleScreen]:
    """The hazards lesson at the player's retreat choice, its card open."""
    a = drive.app()
    s = first_screen(a, load_scenario(MAPS / "lesson_hazards.tmx"), None, None, None)
    assert isinstance(s, BattleScreen)
    a.show(s)

    for _ in range(3000):
        a.step(0.05)
        lesson = s.lesson
        assert lesson is not None
        if lesson.open is not None and s.battle.pending().kind == RETREAT:
            break
        if lesson.open is not None:
            drive.key(a, pygame.K_RETURN)
        elif s.human_turn() and s.decision_key == len(s.battle.events):
            a.step(0.05)  # a card due at this decision opens on the next frame, before the player acts
            step = lesson.yours(s)
            if lesson.open is None:
                assert s.apply(step.do if step is not None else ai.decide(s.battle, "baseline"))
    else:
        raise AssertionError("the card at the retreat choice never opened")
    return a, s


def test_a_card_at_the_player_s_retreat_choice_says_so_in_the_status_bar_not_that_the_ai_acts():
    """Issue 22: the hazards lesson opens a card when the player's veteran may drive the gnoll
    back; the status bar said 'blue (AI) is acting…' while the battle waited for the player."""
    from game.ui.draw.draw_bar import status  # noqa: PLC0415

    _, s = _hazards_at_the_retreat_card()
    assert s.battle.pending().controller == "human"
    said = status(s)
    assert "AI" not in said and "read the lesson's card" in said


def test_a_card_is_opaque_and_keeps_clear_of_the_strip_of_steps():
    """Issue 22: a lesson card let the panel show through, and covered the strip of the round's
    end steps along the map's top."""
    a, s = _hazards_at_the_retreat_card()
    assert s.lesson is not None and s.lesson.open is not None
    box, _ = draw_lesson.card_box(s, [(s.lesson.open.card.text, (255, 255, 255))], None, "Go on")
    m = s.map_rect()
    assert box.top >= m.top + 10 + draw_lesson.STEP_STRIP or box.bottom > m.centery
    a.window.fill((200, 0, 200))
    s.draw(a.window)
    inside = [(box.x + 6, y) for y in range(box.y + 12, box.bottom - 12, 7)]
    assert all(tuple(a.window.get_at(p))[:3] == theme.PANEL_BG for p in inside), "the card is see-through"
