"""The player's settings file (game/home/settings.py): defaults without it, a faithful round trip, and
a broken line or bad value that costs only its own setting, said in one warning line naming the
file and the key, the file itself left as it was. Unknown keys (a newer version's) are ignored."""

from __future__ import annotations

import tomllib

import pytest

from game.home import user_dirs
from game.home.settings import Settings, load_settings, save_settings, settings_path, to_toml
from game.ui.app import fitted


def warnings(capsys) -> list[str]:
    return capsys.readouterr().err.splitlines()


def test_without_a_file_the_defaults_and_nothing_written(capsys):
    s = load_settings()
    assert s == Settings()
    assert (s.mode, s.ai_level, s.speed, s.handover, s.fullscreen) == ("solo", "normal", 1.0, True, False)
    assert (s.window_width, s.window_height) == (1280, 720)
    assert s.rule("morale_system") is s.rule("initiative") is s.rule("knockdown_dice") is None  # the map's own
    assert not user_dirs.config_dir().exists()
    assert warnings(capsys) == []


def test_saved_settings_load_back_the_same_from_the_config_folder(capsys):
    s = Settings(
        mode="hotseat",
        side=1,
        ai_level="hard",
        rule_options={"morale_system": "ose", "initiative": "group", "knockdown_dice": False},
        speed=0.5,
        pause_on_steps=True,
        handover=False,
        window_width=1600,
        window_height=900,
        fullscreen=True,
        scenario='a "quoted" map é.tmx',
    )
    path = save_settings(s)
    assert path == settings_path() == user_dirs.config_dir() / "settings.toml"
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temporary file left
    assert load_settings() == s
    assert tomllib.loads(path.read_text(encoding="utf-8"))["morale_system"] == "ose"
    assert warnings(capsys) == []


def test_a_rule_option_left_to_the_map_is_written_as_map():
    text = to_toml(Settings(rule_options={"morale_system": None, "knockdown_dice": None}))
    assert 'morale_system = "map"' in text.splitlines() and 'knockdown_dice = "map"' in text.splitlines()


def write(text: str):
    path = user_dirs.made(user_dirs.config_dir()) / "settings.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_broken_line_costs_only_its_setting_and_one_warning_naming_file_and_key(capsys):
    path = write('mode = hotseat\nspeed = 4.0\nai_level = "hard"\n')
    before = path.read_bytes()
    s = load_settings()
    assert s.mode == "solo" and s.speed == 4.0 and s.ai_level == "hard"
    lines = warnings(capsys)
    assert len(lines) == 1
    assert str(path) in lines[0] and "mode" in lines[0] and "line 1" in lines[0]
    assert "Traceback" not in lines[0]
    assert path.read_bytes() == before  # the player's file is not rewritten on reading


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("speed = 3", "speed"),
        ('mode = "tournament"', "mode"),
        ("knockdown_dice = 1", "knockdown_dice"),
        ('handover = "yes"', "handover"),
        ("window_width = 12", "window_width"),
        ('scenario = "../../etc/passwd"', "scenario"),
        ("side = -1", "side"),
        ("ui_scale = 3", "ui_scale"),
        ("volume = 101", "volume"),
        ('mute = "yes"', "mute"),
    ],
)
def test_a_bad_value_gives_its_default_and_one_warning_naming_file_and_key(capsys, line, key):
    path = write(f'ai_level = "random"\n{line}\n')
    s = load_settings()
    assert s.value(key) == Settings().value(key)
    assert s.ai_level == "random"  # the good setting beside it kept
    lines = warnings(capsys)
    assert len(lines) == 1 and str(path) in lines[0] and key in lines[0]


def test_several_bad_values_are_still_one_line(capsys):
    write('mode = "x"\nspeed = 9\nmode2 = 3\n')
    assert load_settings() == Settings()
    lines = warnings(capsys)
    assert len(lines) == 1 and "mode" in lines[0] and "speed" in lines[0]


def test_a_file_that_is_not_text_gives_the_defaults_and_one_warning(capsys):
    path = user_dirs.made(user_dirs.config_dir()) / "settings.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert load_settings() == Settings()
    lines = warnings(capsys)
    assert len(lines) == 1 and str(path) in lines[0]


def test_unknown_keys_from_a_newer_version_are_ignored(capsys):
    write('speed = 2.0\ncolour_scheme = "dark"\n[sounds]\nvolume = 3\n')
    assert load_settings() == Settings(speed=2.0)
    assert warnings(capsys) == []


def test_a_whole_number_speed_is_read_as_that_speed():
    write("speed = 2\n")
    assert load_settings().speed_i == 2


def test_the_ui_scale_volume_and_mute_of_issue_22_load_back_a_whole_scale_as_a_float():
    write("ui_scale = 2\nvolume = 35\nmute = true\n")
    s = load_settings()
    assert (s.ui_scale, s.volume, s.mute) == (2.0, 35, True)
    assert isinstance(s.ui_scale, float)


def test_a_setting_made_with_a_bad_value_is_refused():
    with pytest.raises(ValueError, match="speed"):
        Settings(speed=3.0)
    with pytest.raises(ValueError, match="knockdown_dice"):
        Settings(rule_options={"knockdown_dice": 1})  # 1 is not true


def test_the_remembered_window_fits_on_the_screen_and_is_never_tiny():
    assert fitted((1600, 900), (1280, 800)) == (1280, 800)
    assert fitted((1280, 720), (1920, 1080)) == (1280, 720)
    assert fitted((700, 420), (1920, 1080)) == (700, 420)
    assert fitted((300, 200), (1920, 1080)) == (640, 400)
    assert fitted((1280, 720), None) == (1280, 720)  # no screen to fit (headless)
