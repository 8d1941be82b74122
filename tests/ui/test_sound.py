"""Issue 22's sound: one table from the log's events to nine synthesised effects, played as
each event's animation begins, at the settings' volume, muted by F8; a headless window, or a
computer without a sound device, stays silent and says nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from game import ai
from game.core import events as ev
from game.home.settings import Settings, load_settings
from game.scenario.tiled import load_scenario
from game.ui.battle.battle_screen import BattleScreen
from game.ui.common.sound import Sound
from game.ui.common.sound_synth import MAKERS, samples
from game.ui.common.sound_table import SOUNDS, TABLE, sound_of
from tests.ui.drive import app, key

SKIRMISH = Path(__file__).resolve().parents[2] / "maps" / "skirmish.tmx"


@pytest.fixture
def mixer():
    """The mixer opened on SDL's dummy audio driver: real pygame Sounds, nothing heard."""
    yield
    pygame.mixer.quit()


def _watched_battle(rounds: int = 4) -> tuple[BattleScreen, list[ev.Event]]:
    """A skirmish the AI plays on both sides, animated to the end of `rounds` rounds."""
    a = app()
    s = BattleScreen(a, load_scenario(SKIRMISH), seed=2, controllers={"blue": "ai", "red": "ai"}, threaded=False)
    a.show(s)
    b = s.battle
    while b.round <= rounds and not b.over:
        s.feed(b.apply(ai.decide(b)))
    for _ in range(100_000):
        if s.view.idle:
            break
        s.view.update(0.25, 8.0)
    assert s.view.idle
    return s, b.events


def test_the_table_names_only_the_nine_effects_and_each_is_synthesised():
    assert set(MAKERS) == set(SOUNDS)
    named = {TABLE[t](e) for t, e in _one_of_each()}
    assert {"hit", "miss", "death", "round_end"} <= named <= set(SOUNDS)


def test_a_charge_begun_and_a_spell_cast_have_their_sounds_and_a_charge_ended_none():
    cast = ev.Cast(round=1, id="p", spell="bless", targets=("f",), at=None, slot_level=1, lost=False)
    assert sound_of(cast) == "spell"
    begun = ev.Condition(round=1, id="f", condition="charging", rounds=1, started=True)
    assert sound_of(begun) == "charge"
    assert sound_of(ev.Condition(round=2, id="f", condition="charging", rounds=0, started=False)) is None
    assert sound_of(ev.Condition(round=1, id="f", condition="blessed", rounds=6, started=True)) is None


def _one_of_each() -> list[tuple[str, ev.Event]]:
    """An event of each kind that sounds (the table's keys), as a battle writes it."""
    _, events = _watched_battle()
    seen: dict[tuple[str, str | None], ev.Event] = {}
    for e in events:
        seen.setdefault((e.type, sound_of(e)), e)
    return [(t, e) for (t, name), e in seen.items() if name is not None]


def test_a_battles_events_sound_as_the_rules_name_them_and_in_the_order_they_are_shown():
    s, events = _watched_battle()
    played = [sound_of(e) for e in events[1:]]  # the battle's opening is shown before the view exists
    heard = [n for n in played if n is not None]
    assert s.app.sound.played == heard[-32:]
    for e in events:
        name = sound_of(e)
        if isinstance(e, ev.Attack):
            assert name == ("hit" if e.hit else "miss")  # every swing, a hit or a miss
        elif isinstance(e, ev.Death):
            assert name == "death"
        elif isinstance(e, ev.Knockdown):
            assert name == "knockdown"
        elif isinstance(e, ev.Retreat):
            assert name == "retreat"
        elif isinstance(e, ev.Flee):
            assert name == "rout"
        elif isinstance(e, ev.RoundEnd):
            assert name == "round_end"
        elif isinstance(e, ev.Condition) and e.condition == "charging" and e.started:
            assert name == "charge"
        elif isinstance(e, ev.Cast):
            assert name == "spell"
        else:
            assert name is None, e  # a move, a turn, a save: silent
    assert {"hit", "miss", "round_end"} <= set(heard)


def test_a_headless_window_never_opens_the_mixer_though_it_knows_what_it_would_play():
    s, _ = _watched_battle(rounds=1)
    assert s.app.sound.played  # the table was read
    assert not s.app.sound.working
    assert pygame.mixer.get_init() is None


def test_volume_and_mute_set_the_mixers_volume(mixer):
    sound = Sound(Settings(volume=40), silent=False)
    assert sound.working and pygame.mixer.get_init() is not None
    assert all(e.get_volume() == pytest.approx(0.4, abs=0.01) for e in sound.effects.values())
    sound.heed(Settings(volume=90))
    assert all(e.get_volume() == pytest.approx(0.9, abs=0.01) for e in sound.effects.values())
    sound.heed(Settings(volume=90, mute=True))
    assert all(e.get_volume() == 0 for e in sound.effects.values())
    sound.close()
    assert pygame.mixer.get_init() is None


def test_f8_mutes_and_unmutes_on_any_screen_and_is_remembered():
    a = app(load_settings())
    s = BattleScreen(a, load_scenario(SKIRMISH), seed=1, controllers={"blue": "human", "red": "ai"}, threaded=False)
    a.show(s)
    key(a, pygame.K_F8)
    assert a.settings.mute and a.sound.level == 0 and load_settings().mute
    key(a, pygame.K_F8)
    assert not a.settings.mute and a.sound.level == pytest.approx(0.7)


def test_a_mixer_that_cannot_open_leaves_the_game_silent_and_says_nothing(monkeypatch, capsys):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Sound(Settings(), silent=False)
    assert not sound.working
    sound.play_for(ev.Death(round=1, id="x", by=None))
    assert sound.played == ["death"]
    assert capsys.readouterr() == ("", "")


def test_each_effect_is_short_loud_enough_and_never_clips():
    for name in SOUNDS:
        pcm = np.frombuffer(samples(name, 22050, 2), dtype=np.int16)
        seconds = pcm.size / 2 / 22050
        assert 0.1 <= seconds <= 1.0, name
        assert 0.7 * 32767 <= np.abs(pcm).max() <= 0.8 * 32767 + 1, name
        assert abs(int(pcm[0])) < 500 and abs(int(pcm[-1])) < 500, name  # faded: no click


def test_the_tool_writes_each_effect_as_a_wav_to_listen_to(tmp_path):
    import importlib.util  # noqa: PLC0415
    import wave  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location(
        "write_sounds", Path(__file__).parents[2] / "tools" / "write_sounds.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    written = tool.write(tmp_path)
    assert sorted(p.stem for p in written) == sorted(SOUNDS)
    for p in written:
        with wave.open(str(p)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert 0.1 <= w.getnframes() / 22050 <= 1.0


@pytest.mark.slow
@pytest.mark.lowest  # what pygame's mixer says with no sound card, in a process of its own
def test_looking_for_a_sound_card_that_is_not_there_prints_nothing():
    # Issue 22: no warning spam. SDL's ALSA driver, forced here, finds no card on a machine
    # without one (ALSA's library then wrote eight lines to stderr) and opens one where there is.
    code = (
        "from game.home.settings import Settings\n"
        "from game.ui.common.sound import Sound\n"
        "s = Sound(Settings(), silent=False)\n"
        "print('working' if s.working else 'silent')\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "alsa", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60, check=False)
    assert r.returncode == 0
    assert r.stdout.strip() in ("working", "silent")
    assert r.stderr == ""
