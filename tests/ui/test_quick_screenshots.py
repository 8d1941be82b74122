"""`rout screenshot --screen quick-…` (issue 20's loose ends): the quick battle's setup, army,
deployment and result drawn headless, each what the screen shows, and nothing remembered."""

from __future__ import annotations

import pygame
import pytest

from tests.command_line import one_line_error, rout

ARMY = "fighter1=4,archer=3,ogre=1"


@pytest.mark.slow
@pytest.mark.parametrize("screen", ["quick-setup", "quick-army", "quick-deploy", "quick-result"])
def test_each_quick_screen_is_drawn_and_nothing_is_remembered(tmp_path, screen):
    r = rout("screenshot", "--screen", screen, "--army", ARMY, "--seed", "3", "--out", "q.png", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    picture = pygame.image.load(str(tmp_path / "q.png"))
    assert picture.get_size() == (1280, 720)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 1280, 16) for y in range(0, 720, 16)}
    assert len(colours) > 20  # a drawn screen, not a blank canvas
    data = tmp_path / ".local" / "share" / "rout"
    assert not (data / "quick.json").exists()  # the setup is not remembered
    assert not list(data.glob("maps/quick-*.tmx")) and not list(data.glob("saves/*"))


@pytest.mark.slow
def test_two_screens_differ_and_the_army_shows_on_the_army_screen(tmp_path):
    for name, army in (("a.png", ARMY), ("b.png", "archer=1")):
        r = rout("screenshot", "--screen", "quick-army", "--army", army, "--out", name, cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    a, b = (pygame.image.load(str(tmp_path / n)) for n in ("a.png", "b.png"))
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--screen", "quick-deploy"], "needs an army"),
        (["--screen", "quick-army", "--army", "dragon=2"], "no kind 'dragon'"),
        (["--screen", "quick-army", "--army", "orc=0"], "a number of 1 to 99"),
        (["--screen", "quick-army", "--select", "x"], "takes no map"),
        (["--screen", "battle"], "needs a map"),
    ],
)
def test_bad_quick_screenshot_arguments_are_one_line_errors(tmp_path, args, words):
    one_line_error(rout("screenshot", *args, "--out", "q.png", cwd=tmp_path), words)
    assert not (tmp_path / "q.png").exists()
