"""A campaign played through in the real window under Xvfb (issue 40), as a player would with
the keyboard: from the menu (A) an ironman Salt Road begun; in the camp a member hired, the
company rested a day, a member renamed and one sat out; two battles deployed and begun, each left
to the AI to fight on (the ironman's pause menu), each ending on the debrief. Each step waits for
what it leaves in the campaign's save or, where it leaves nothing, for the picture to change;
never for a clock. The pictures of each step are kept (ROUT_SHOTS names a folder for them)."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from game.home.settings import SPEEDS, Settings, save_settings
from game.home.user_dirs import data_dir
from tests.ui.test_window_xvfb import (
    DEADLINE,
    close_button,
    closes,
    display,
    drawn,
    grab,
    pytestmark,
    start_game,
    window_of,
    xdo,
)

__all__ = ["display", "pytestmark"]  # the Xvfb fixture and the skip when Xvfb is missing

BATTLE_DEADLINE = 900  # seconds for a battle the AI fights for both sides at the fastest speed, on a loaded machine
NEW_NAME = "Greta the Bold"
ON_TO_THE_CAMPAIGN = (100, 682)  # the debrief's one button, at the foot of the 1280x720 window on the left


def the_save() -> dict | None:
    found = sorted((data_dir() / "campaigns").glob("*.json")) if (data_dir() / "campaigns").is_dir() else []
    try:
        return json.loads(found[0].read_text(encoding="utf-8")) if found else None
    except (OSError, ValueError):
        return None  # never half written (an atomic rename), but it may be renamed away as it is read


def wait_for(what: str, check, seconds: float = DEADLINE):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"never came: {what}")


class Player:
    """The keyboard and the eyes: a key pressed, then the screen (or the save) watched for what it did."""

    def __init__(self, display: str, game: subprocess.Popen, shots: Path) -> None:
        self.display, self.game, self.shots = display, game, shots
        self.win = window_of(display, game)
        self.frame = tmp = shots / "frame.rgb"
        self.seen = drawn(display, game, tmp)
        self.n = 0

    def alive(self) -> bool:
        assert self.game.poll() is None, self.game.communicate()[1].decode(errors="replace")
        return True

    @staticmethod
    def settled(battles: int) -> dict | None:
        s = the_save()
        return s if s is not None and len(s["battles"]) == battles else None

    def look(self) -> bytes:
        assert self.game.poll() is None, self.game.communicate()[1].decode(errors="replace")
        return grab(self.display, self.frame, "1280x720+0+0")

    def press(self, *keys: str) -> None:
        xdo(self.display, "key", "--window", self.win, *keys)

    def press_and_see(self, what: str, *keys: str) -> None:
        """Press once, then wait until the picture changes: a key that leaves nothing in the save
        must not be pressed twice (Enter in the camp toggles a member)."""
        before = self.look()
        self.press(*keys)
        wait_for(what, lambda: self.look() != before)

    def click_and_see(self, what: str, at: tuple[int, int]) -> None:
        before = self.look()
        xdo(self.display, "mousemove", "--window", self.win, str(at[0]), str(at[1]), "click", "1")
        wait_for(what, lambda: self.look() != before)

    def shot(self, name: str) -> None:
        self.n += 1
        subprocess.run(
            ["import", "-window", self.win, str(self.shots / f"{self.n:02d}_{name}.png")],
            env=dict(os.environ, DISPLAY=self.display),
            check=True,
        )

    def fight_on_and_debrief(self, battles: int) -> dict:
        """The battle begun: the AI fights on for the company; the debrief once it is settled."""
        save = wait_for("the battle kept in the save", lambda: (s := the_save()) and "in_battle" in s and s)
        self.shot(f"battle_{battles}")
        self.press_and_see("the pause menu", "Escape")
        self.press_and_see("the question", "q")
        self.shot(f"let_the_ai_fight_on_{battles}")
        self.press_and_see("the AI fighting on", "y")
        done = wait_for(f"battle {battles} settled", lambda: self.alive() and self.settled(battles), BATTLE_DEADLINE)
        wait_for("the debrief drawn, still", lambda: self.look() == self.look())  # the battle moved till its end
        self.shot(f"debrief_{battles}")
        return {"kept": save, "done": done}


def test_a_campaign_from_the_menu_through_the_camp_and_two_battles_to_the_debrief(display, tmp_path):
    shots = Path(os.environ.get("ROUT_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(speed=SPEEDS[-1]))  # the AI's battles at the fastest speed
    game = start_game(display)
    try:
        p = Player(display, game, shots)
        p.press_and_see("the campaigns", "a")
        p.press_and_see("the Salt Road chosen", "Down")
        p.press_and_see("ironman on", "i")
        p.shot("begin")
        p.press("Return")
        begun = wait_for("the campaign's first save", the_save)
        assert begun["ironman"] and begun["campaign"] == "the_salt_road" and not begun["battles"]
        p.shot("graph")
        p.press_and_see("the camp", "Return")
        members, day = len(begun["company"]["members"]), begun["day"]
        p.press("h")
        hired = wait_for("a member hired", lambda: (s := the_save()) and len(s["company"]["members"]) > members and s)
        p.press("r")
        wait_for("a day's rest", lambda: (s := the_save()) and s["day"] == day + 1)
        p.press_and_see("the name to type", "n")
        p.press(*["BackSpace"] * 20)
        xdo(display, "type", "--window", p.win, NEW_NAME)
        p.shot("renaming")
        p.press("Return")
        first = hired["company"]["members"][0]
        wait_for("the member renamed", lambda: (s := the_save()) and s["company"]["members"][0]["name"] == NEW_NAME)
        p.press_and_see("the first member sits out", "Return")
        p.shot("camp")
        p.press_and_see("the deployment", "m")
        p.shot("deploy")
        p.press_and_see("the first battle", "Return")
        one = p.fight_on_and_debrief(1)
        assert first["key"] not in one["kept"]["in_battle"]["going"]  # sat out, as chosen
        p.click_and_see("the campaign's graph", ON_TO_THE_CAMPAIGN)  # a click: the debrief is deaf to keys a moment
        p.shot("graph_after")
        p.press_and_see("the camp again", "Return")
        p.shot("camp_after")
        p.press_and_see("the second deployment", "m")
        p.press_and_see("the second battle", "Return")
        two = p.fight_on_and_debrief(2)
        assert len(two["done"]["battles"]) == 2 and two["done"]["company"]["members"][0]["name"] == NEW_NAME
        assert closes(game, lambda: close_button(display, p.win)) == 0
    finally:
        if game.poll() is None:
            game.kill()
    assert b"Traceback" not in game.stderr.read()
