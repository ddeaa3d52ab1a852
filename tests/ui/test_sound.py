"""Sound effects: the generated WAVs are small and valid, playback follows the volume, the table plays its
moments, and everything stays silent (never crashes) when the mixer cannot start."""

from __future__ import annotations

import os
import wave

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.services.resources import asset_path  # noqa: E402
from revolt_table.ui.sound import NAMES, SoundBoard  # noqa: E402


@pytest.mark.parametrize("name", NAMES)
def test_sound_files_are_small_valid_wavs(name):
    path = asset_path("sounds", f"{name}.wav")
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        assert 0.05 < w.getnframes() / w.getframerate() < 2.0
    assert path.stat().st_size < 100_000


def test_make_sounds_is_deterministic(tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_sounds", asset_path("sounds", "make_sounds.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "HERE", tmp_path)
    module._write("deal.wav", module.deal(), module.SOUNDS["deal.wav"][1])
    assert (tmp_path / "deal.wav").read_bytes() == asset_path("sounds", "deal.wav").read_bytes()


def test_playback_follows_the_volume(home):
    pygame.init()
    board = SoundBoard()
    assert board.play("chime", 0) is False            # volume 0: silent
    if not board._start():
        pytest.skip("no mixer even with the dummy audio driver")
    assert board.play("chime", 50) is True
    assert board.play("chime", 50) is False           # the same sound is not stacked within a few ms
    assert board.play("no-such-sound", 50) is False   # a missing file is silence, not an error
    pygame.quit()


def test_no_mixer_means_silence_not_a_crash(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    board = SoundBoard()
    assert board.play("deal", 80) is False
    assert board.available is False
    assert board.play("fanfare", 80) is False


def test_the_table_plays_its_moments(home, monkeypatch):
    from tests.ui.test_table import make_table, run_frames

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (_ for _ in ()).throw(pygame.error("no device")))
    app, scene = make_table(speed=8.0, seed=4)
    heard = []
    monkeypatch.setattr(app, "play_sound", lambda name, gain=1.0: heard.append(name))
    for _ in range(400):
        run_frames(app)
        if scene.may_act(0):
            scene.family.hand.play_index(0)
        if "sweep" in heard:
            break
    assert {"deal", "flip", "chime", "sweep"} <= set(heard)
