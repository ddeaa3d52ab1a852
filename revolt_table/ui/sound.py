"""Short sound effects (assets/sounds/*.wav, made by assets/sounds/make_sounds.py) at the volume setting.

Why so defensive: many machines have no usable audio device (CI runs with SDL_AUDIODRIVER=dummy, some
desktops have none at all). Sound is a nicety: if the mixer cannot start or a file cannot load, every
call is a silent no-op and the game goes on. Nothing is loaded before the first sound is played, so
startup never waits for the audio device.
"""

from __future__ import annotations

import logging
import time

import pygame

from revolt_table.services.resources import asset_path

log = logging.getLogger(__name__)

NAMES = ("deal", "flip", "sweep", "chime", "fanfare")
MIN_GAP = 0.045          # the same sound at most this often (a deal of 50 cards is a flutter, not a roar)


class SoundBoard:
    """Plays named effects; `volume` is 0-100 (the Settings value)."""

    def __init__(self) -> None:
        self.available: bool | None = None      # None: not tried yet
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._last: dict[str, float] = {}
        self.played: list[str] = []             # names actually started (tests, debugging)

    def _start(self) -> bool:
        if self.available is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(22050, -16, 1, 512)
                self.available = bool(pygame.mixer.get_init())
            except Exception as exc:  # noqa: BLE001 - no audio device is a normal situation
                log.info("no sound: %s", exc)
                self.available = False
        return self.available

    def _load(self, name: str):
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            except Exception as exc:  # noqa: BLE001 - a missing or bad file only means silence
                log.info("cannot load sound %s: %s", name, exc)
                self._sounds[name] = None
        return self._sounds[name]

    def play(self, name: str, volume: float = 70, *, gain: float = 1.0) -> bool:
        """Start `name` at `volume` (0-100) times `gain`; returns whether it was started."""
        if volume <= 0 or gain <= 0:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < MIN_GAP:
            return False
        try:
            if not self._start():
                return False
            sound = self._load(name)
            if sound is None:
                return False
            sound.set_volume(max(0.0, min(1.0, volume / 100.0 * gain)))
            sound.play()
        except Exception as exc:  # noqa: BLE001 - the mixer went away mid-game: stay silent from now on
            log.info("sound failed: %s", exc)
            self.available = False
            return False
        self._last[name] = now
        self.played.append(name)
        del self.played[:-50]
        return True
