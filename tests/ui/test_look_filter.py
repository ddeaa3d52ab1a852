"""The look filter's arithmetic on known pixels: 50 % is the identity, each end does what it says."""

import statistics

import pygame
import pytest

from revolt_table.ui.look import LookFilter, LookSettings, linear_map


@pytest.fixture
def surface():
    pygame.display.init()
    yield pygame.Surface((256, 64))
    pygame.display.quit()


def _ramp(surface):
    for x in range(256):
        pygame.draw.line(surface, (x, x, x), (x, 0), (x, 63))


def _filtered(surface, look, frames=1):
    f = LookFilter(look)
    for _ in range(frames):
        _ramp(surface)
        f.apply(surface)
    return [surface.get_at((x, 10))[:3] for x in range(256)]


def test_neutral_is_identity_and_inactive(surface):
    f = LookFilter(LookSettings(50, 50, 50))
    assert not f.active
    assert LookFilter(LookSettings(50, 40, 50)).active is False       # below 50 % there is no grain to add
    _ramp(surface)
    f.apply(surface)
    assert [surface.get_at((x, 0))[0] for x in range(256)] == list(range(256))


def test_contrast_flattens_at_0_and_strengthens_at_100(surface):
    flat = [c[0] for c in _filtered(surface, LookSettings(0, 50, 50))]
    strong = [c[0] for c in _filtered(surface, LookSettings(100, 50, 50))]
    assert max(flat) - min(flat) < 135 and abs(flat[128] - 128) <= 2       # squeezed toward mid-grey
    assert strong[0] == 0 and strong[255] == 255 and strong[60] < 25 and strong[200] > 235
    for x in (40, 100, 160, 220):                                           # the exact linear map, ±2
        gain, offset = linear_map(LookSettings(100, 50, 50))
        assert abs(strong[x] - min(255, max(0, gain[0] * x + offset[0]))) <= 2


def test_temperature_cool_is_bluer_and_warm_is_amber(surface):
    cool = _filtered(surface, LookSettings(50, 50, 0))[180]
    warm = _filtered(surface, LookSettings(50, 50, 100))[180]
    assert cool[2] > cool[0] + 20                                          # blue above red
    assert warm[0] > warm[2] + 25 and warm[0] >= warm[1] > warm[2]          # red, then green, least blue


def test_grain_is_subtle_at_60_and_clear_at_100():
    pygame.display.init()
    try:
        spread = {}
        for level in (60, 100):
            s = pygame.Surface((300, 300))
            s.fill((120, 120, 120))
            LookFilter(LookSettings(50, level, 50)).apply(s)
            values = [s.get_at((x, y))[0] for x in range(0, 300, 3) for y in range(0, 300, 3)]
            spread[level] = statistics.pstdev(values)
        assert 1.5 < spread[60] < 6 and spread[100] > 12 and spread[100] > 3 * spread[60]
    finally:
        pygame.display.quit()


def test_frame_time_benchmark_quick_mode_reports_the_look(tmp_path):
    """benchmarks/frame_time.py --quick runs and prints the look section (the full run is not a test)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", REVOLT_TABLE_HOME=str(tmp_path),
               PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, str(root / "benchmarks" / "frame_time.py"), "--quick", "--size", "1024x640"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "the look adds" in done.stdout and "look 80,80,30" in done.stdout


def test_appearance_is_the_saved_settings_with_overrides():
    from revolt_table.ui.look import appearance
    from revolt_table.services.userdata import Settings

    saved = Settings(language="pt", contrast=30, grain=70, temperature=10)
    assert appearance(saved) == {"language": "pt", "contrast": 30, "grain": 70, "temperature": 10}
    assert appearance(saved, language="zh", grain=50) == {"language": "zh", "contrast": 30, "grain": 50,
                                                           "temperature": 10}
