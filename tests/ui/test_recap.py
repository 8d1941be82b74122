"""The hot-seat recap, driven headless (issue: time: a replay viewer...): the hand-over says what
the others did since the incoming side last acted (their attacks, each creature named once), R
plays it back on the board and ends at that side's decision with the live battle's board, any
skip jumps to now at once, a side's first hand-over has nothing to recap, and the AI's commands
in a mixed game are recapped too."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest

from game.core import events as ev
from game.core.rules.dice import Roll
from game.save.files import event_lines
from game.ui.battle import since
from game.ui.battle.battle_screen import BattleScreen
from game.ui.battle.handover import HandoverScreen
from game.ui.common.view import BattleView
from game.ui.viewer.recap import RecapScreen
from tests.helpers import board, unit
from tests.ui.drive import app, click, key, settle
from tests.ui.test_battle_screen import play_turn_by_mouse


@dataclass
class Handover:
    side: str
    summary: str
    window: list[ev.Event]  # the events since the side's last command, as the test itself counted them
    can_watch: bool


def two_against_two(a, seed: int = 3, controllers: dict[str, str] | None = None, third: bool = False) -> BattleScreen:
    """The seeds these tests name were chosen under Rout 0.3's dice: the battle rolls scheme 1."""
    units = [
        unit("blue_fighter_1", "blue", "fighter1", (2, 3), "E"),
        unit("blue_fighter_2", "blue", "fighter1", (2, 5), "E"),
        unit("red_orc_1", "red", "orc", (7, 3), "W"),
        unit("red_gnoll", "red", "gnoll", (7, 5), "W"),
    ]
    if third:
        units.append(unit("green_goblin", "green", "goblin", (4, 8), "N"))
    controllers = controllers or {"blue": "human", "red": "human"}
    s = BattleScreen(a, board(units, width=10, height=9), seed=seed, controllers=controllers, threaded=False, dice=1)
    s.speed_i = 4
    a.show(s)
    return s


class Driver:
    """Plays the hot-seat battle as two people would, noting where each side's last command ended."""

    def __init__(self, a, s: BattleScreen) -> None:
        self.a, self.s = a, s
        self.ended: dict[str, int] = {}  # side -> the log's length just after its last command
        self.handovers: list[Handover] = []

    def to_handover(self, stop=lambda h: False, limit: int = 300) -> HandoverScreen | None:
        """Play on, passing each hand-over with a key, until one that `stop` wants (or the end)."""
        a, s = self.a, self.s
        for _ in range(limit):
            if isinstance(a.screen, HandoverScreen):
                side = a.screen.side
                window = s.battle.events[self.ended[side] :] if side in self.ended else []
                h = Handover(side, a.screen.summary, window, a.screen.can_watch)
                self.handovers.append(h)
                if stop(h):
                    return a.screen
                key(a, pygame.K_SPACE)
                continue
            settle(a, s)
            if isinstance(a.screen, HandoverScreen):
                continue
            if a.screen is not s:
                return None
            side, before = s.battle.pending().side or "", len(s.session.played)
            play_turn_by_mouse(a, s)
            if len(s.session.played) == before + 1:
                self.ended[side] = len(s.battle.events)
        return None


def count(window: list[ev.Event], kind: type[ev.Event]) -> int:
    return sum(1 for e in window if isinstance(e, kind))


def test_the_hand_over_says_what_the_others_did_since_the_side_last_acted():
    a = app()
    d = Driver(a, two_against_two(a))
    d.to_handover()
    recapped = [h for h in d.handovers if h.window]
    assert len(recapped) >= 4 and {h.side for h in recapped} == {"blue", "red"}
    for h in recapped:
        assert h.summary.startswith("Since your last move: ") and h.can_watch
        moves = count(h.window, ev.Move)
        attacks = sum(1 for e in h.window if isinstance(e, ev.Attack) and d.s.session.side_of[e.id] != h.side)
        assert (f"{moves} move" in h.summary) == (moves > 0), h
        assert (f"{attacks} attack" in h.summary) == (attacks > 0), h
        for e in h.window:
            if isinstance(e, ev.Death | ev.Knockdown | ev.Retreat):
                who = d.s.session.names[e.id]
                mine = "your " if d.s.session.side_of[e.id] == h.side else ""
                told = next(p for p in h.summary.split(", ") if p.startswith(f"{mine}{who} "))
                assert since.NOTABLE[type(e)] in told, (h.summary, e)
    named = [h for h in recapped if any(isinstance(e, ev.Death | ev.Knockdown | ev.Retreat) for e in h.window)]
    assert named, "no hand-over had a creature killed, knocked down or driven back to name"
    # Seed 3: blue's third hand-over follows red's orc knocking blue's first fighter down.
    blue = [h for h in recapped if h.side == "blue"]
    assert blue[2].summary == "Since your last move: 1 attack (1 hit), your Fighter 1 knocked down"


def test_the_very_first_hand_over_has_nothing_to_recap():
    a = app()
    d = Driver(a, two_against_two(a))
    first = d.to_handover(stop=lambda h: True)
    assert first is not None and first.summary == "" and not first.can_watch
    a.step(0.016)  # it draws
    assert [b.label for b in first.buttons()] == ["Play", "Name the player"]
    key(a, pygame.K_r)  # nothing to watch: R plays, as any key does
    assert a.screen is d.s


def test_a_sides_first_hand_over_recaps_what_the_others_did_since_the_battle_began():
    """Issue 22: the first hand-over to the side that had not acted yet had no recap."""
    a = app()
    d = Driver(a, two_against_two(a))
    first_side = d.to_handover(stop=lambda h: True).side
    h = d.to_handover(stop=lambda h: h.side != first_side)
    assert h is not None and not any(d.s.session.side_of.get(c.unit) == h.side for c in d.s.session.played)
    moves = count(d.s.battle.events, ev.Move)
    assert h.can_watch and h.summary.startswith("Since your last move: ") and f"{moves} move" in h.summary, h.summary
    key(a, pygame.K_r)
    assert isinstance(a.screen, RecapScreen)


def blue_hand_over_with_a_recap(a) -> tuple[Driver, HandoverScreen]:
    d = Driver(a, two_against_two(a))
    h = d.to_handover(stop=lambda h: h.side == "blue" and count(h.window, ev.Attack) >= 1 and h.can_watch)
    assert h is not None
    return d, h


def tokens(view: BattleView) -> dict:
    return {k: (t.x, t.y, t.facing, t.hp, t.life, t.prone) for k, t in view.tokens.items()}


def test_watching_plays_the_events_since_and_ends_at_the_sides_decision_with_the_live_board():
    a = app()
    d, _ = blue_hand_over_with_a_recap(a)
    s = d.s
    mark = s.session.marks["blue"]
    key(a, pygame.K_r)
    recap = a.screen
    assert isinstance(recap, RecapScreen)
    stage = recap.viewer.stage
    then = BattleView.from_start(s.battle.events[0])
    then.sync(mark.battle.world)
    assert len(stage.battle.events) == mark.events and tokens(stage.view) == tokens(then)  # the board as blue left it
    moments, log_lengths = [], []
    for _ in range(2000):
        if a.screen is not recap:
            break
        moments.append(recap.viewer.moment)
        log_lengths.append(len(stage.log))
        a.step(0.05)
    assert a.screen is s and s.human_turn() and s.battle.pending().side == "blue"
    assert moments == sorted(moments) and len(set(moments)) > 2  # played on, not jumped
    assert moments[-1] == len(s.battle.events) and log_lengths[0] < log_lengths[-1]
    assert event_lines(stage.battle.events) == event_lines(s.battle.events)
    assert tokens(stage.view) == tokens(s.view)
    assert [line.words for line in stage.log] == [line.words for line in s.log]
    before = len(s.session.played)
    play_turn_by_mouse(a, s)  # blue plays on from its decision
    assert len(s.session.played) == before + 1


@pytest.mark.parametrize("skip", ["space", "escape", "click"])
def test_a_skip_jumps_to_now_at_once(skip):
    a = app()
    d, _ = blue_hand_over_with_a_recap(a)
    s = d.s
    events = event_lines(s.battle.events)
    key(a, pygame.K_r)
    recap = a.screen
    assert isinstance(recap, RecapScreen)
    a.step(0.05)
    assert recap.viewer.moment < recap.viewer.t.length  # still playing
    if skip == "click":
        click(a, (300, 300))
    else:
        key(a, pygame.K_SPACE if skip == "space" else pygame.K_ESCAPE)
    assert a.screen is s and s.human_turn() and s.battle.pending().side == "blue"
    assert event_lines(s.battle.events) == events  # the recap only showed; the battle is as it was


def test_the_ais_commands_in_a_mixed_game_are_recapped_too():
    a = app()
    s = two_against_two(a, seed=2, controllers={"blue": "human", "red": "human", "green": "ai"}, third=True)
    d = Driver(a, s)

    def green_acted(h: Handover) -> bool:
        return h.side == "blue" and any(getattr(e, "id", "").startswith("green") for e in h.window)

    h = d.to_handover(stop=green_acted)
    assert h is not None
    window = d.handovers[-1].window
    moves = count(window, ev.Move)
    attacks = sum(1 for e in window if isinstance(e, ev.Attack) and s.session.side_of[e.id] != "blue")
    assert any(isinstance(e, ev.Attack) and s.session.side_of[e.id] == "blue" for e in window)  # blue's own free swing
    assert (f"{moves} move" in h.summary) == (moves > 0) and (f"{attacks} attack" in h.summary) == (attacks > 0)
    t = since.timeline_since(s.session, "blue")
    assert t is not None and any(c.unit.startswith("green") for c in t.commands)
    assert event_lines(t.events) == event_lines(s.battle.events)
    key(a, pygame.K_r)
    recap = a.screen
    assert isinstance(recap, RecapScreen)
    for _ in range(2000):
        if a.screen is not recap:
            break
        a.step(0.05)
    assert a.screen is s and tokens(recap.viewer.stage.view) == tokens(s.view)


def swing(attacker: str, target: str, purpose: str, hit: bool) -> ev.Attack:
    roll = Roll("1d20", (15 if hit else 2,), 0, 15 if hit else 2)
    return ev.Attack(
        round=2, id=attacker, target=target, kind="melee", weapon="sword", arc="front", roll=roll,
        modifiers=(), needed=10, hit=hit, damage=3 if hit else 0, purpose=purpose,
    )  # fmt: skip


def test_the_summary_counts_only_the_others_attacks_and_names_each_creature_once():
    """The incoming side's own free swings at passing foes are not among the attacks; a goblin
    that fled and then left the field is named once, with both."""
    side_of = {"blue_fighter": "blue", "red_goblin": "red", "red_orc": "red"}
    names = {"blue_fighter": "Fighter", "red_goblin": "Goblin", "red_orc": "Orc"}
    events = [
        ev.Move(round=2, id="red_goblin", path=((3, 3), (3, 4)), facing="S"),
        swing("blue_fighter", "red_goblin", "attack_of_opportunity", hit=True),  # blue's own free swing
        ev.Flee(round=2, id="red_goblin"),
        swing("red_orc", "blue_fighter", "attack", hit=False),
        ev.Fled(round=2, id="red_goblin"),
    ]
    said = since.summary(events, names, side_of, "blue")
    assert said == "Since your last move: 1 move, 1 attack (no hits), Goblin fled and left the field"


def test_the_summary_counts_the_others_spells_by_name():
    """Issue 22: the summary left out a spell."""
    side_of = {"blue_fighter": "blue", "red_shaman": "red"}
    names = {"blue_fighter": "Fighter", "red_shaman": "Shaman"}
    bless = ev.Cast(round=1, id="red_shaman", spell="bless", targets=("red_shaman",), at=None, slot_level=1, lost=False)
    said = since.summary([bless], names, side_of, "blue")
    assert said == "Since your last move: 1 spell (bless)"


def test_the_recap_plays_at_the_battles_own_speed_not_four_times_it():
    """Issue 22: the recap played 28 events in 1.5 s (the viewer's x4 whatever the battle's speed)."""
    a = app()
    d, handover = blue_hand_over_with_a_recap(a)
    assert handover.can_watch
    d.s.speed_i = 1  # x1, the game's default
    key(a, pygame.K_r)
    assert isinstance(a.screen, RecapScreen) and a.screen.viewer.speed == 1.0
