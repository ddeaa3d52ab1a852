"""The look of the whole window: contrast, film grain and colour temperature, applied after each frame.

Why a post-process of its own: the three settings change every pixel of every scene (menus, tables,
overlays) the same way, so the App runs them once over the finished frame, and no scene knows about them.
50 % of each changes nothing and costs nothing. Contrast 0 % flattens toward mid-grey and 100 %
strengthens; temperature 0 % is cool (bluer) and 100 % warm (amber); grain is film grain, subtle at
60 % and clear at 100 % (below 50 % there is none: the window has no noise to take away).

Why it is cheap without numpy: contrast and temperature together are one linear map per channel,
out = gain * in + offset, which pygame's saturating fills do in C over the whole surface (a subtract,
a multiply, an add; a gain above 1 adds a multiplied copy). Grain is a few noise tiles rendered once per
setting from random bytes and added/subtracted in tiles at a moving offset. About 2-4 ms a frame at
1920x1080 with all three on (benchmarks/frame_time.py measures it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import NormalDist

import pygame

NEUTRAL = 50
TILE = 512               # grain tile side (a few blits cover 1920x1080)
TILE_VARIANTS = 3        # grain changes pattern every few frames, like film
FRAMES_PER_GRAIN = 2

_WARM = (0.08, 0.0, -0.18)      # channel gains added at 100 % temperature (amber: less blue)
_COOL = (-0.12, -0.03, 0.08)    # ... and at 0 % (bluer: less red)


@dataclass(frozen=True)
class LookSettings:
    contrast: int = NEUTRAL
    grain: int = NEUTRAL
    temperature: int = NEUTRAL

    @classmethod
    def of(cls, settings) -> "LookSettings":
        """The look stored in a userdata.Settings (missing fields: neutral)."""
        return cls(int(getattr(settings, "contrast", NEUTRAL)), int(getattr(settings, "grain", NEUTRAL)),
                   int(getattr(settings, "temperature", NEUTRAL)))

    @property
    def neutral(self) -> bool:
        return self.contrast == NEUTRAL and self.temperature == NEUTRAL and self.grain <= NEUTRAL


def appearance(saved, *, language: str | None = None, contrast: int | None = None, grain: int | None = None,
               temperature: int | None = None) -> dict:
    """The language and look a picture is taken with: the saved settings, each overridable (the CLI's
    `screenshot --language/--contrast/--grain/--temperature`). Keyword arguments for userdata.Settings."""
    chosen = {"language": language, "contrast": contrast, "grain": grain, "temperature": temperature}
    return {name: value if value is not None else getattr(saved, name) for name, value in chosen.items()}


def contrast_factor(percent: float) -> float:
    """0 % -> 0.5 (flat), 50 % -> 1.0, 100 % -> 1.55 (strong): the slope around mid-grey."""
    f = (min(max(percent, 0), 100) - NEUTRAL) / NEUTRAL
    return 1.0 + f * (0.55 if f > 0 else 0.5)


def channel_gains(percent: float) -> tuple[float, float, float]:
    """Per-channel gains for a colour temperature: 0 % cool, 50 % (1, 1, 1), 100 % warm."""
    w = (min(max(percent, 0), 100) - NEUTRAL) / NEUTRAL
    tint = _WARM if w > 0 else _COOL
    return tuple(1.0 + abs(w) * d for d in tint)  # type: ignore[return-value]


def grain_amplitude(percent: float) -> float:
    """Standard deviation of the grain in 8-bit levels: 0 up to 50 %, about 4 at 60 %, 16 at 100 %."""
    f = max(0.0, (min(percent, 100) - NEUTRAL) / NEUTRAL)
    return 16.0 * f ** 0.85


def linear_map(look: LookSettings) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(gain, offset) per RGB channel: out = gain * in + offset (contrast about 128, then the tint)."""
    k = contrast_factor(look.contrast)
    gains = channel_gains(look.temperature)
    return tuple(g * k for g in gains), tuple(g * 128.0 * (1.0 - k) for g in gains)


def _byte(value: float) -> int:
    return int(min(255, max(0, round(value))))


class LookFilter:
    """Applies a LookSettings to finished frames. Build once; set() when a slider moves (cheap)."""

    def __init__(self, look: LookSettings | None = None, seed: int = 7) -> None:
        self._rng = random.Random(seed)
        self._frame = 0
        self._scratch: pygame.Surface | None = None
        self._grain: list[tuple[pygame.Surface, pygame.Surface]] = []
        self._grain_level = -1.0
        self.look = LookSettings()
        self.set(look or LookSettings())

    def set(self, look: LookSettings) -> None:
        """Take new settings; the colour plan is a few numbers and grain tiles are made only if needed."""
        self.look = look
        gain, offset = linear_map(look)
        self._identity = look.contrast == NEUTRAL and look.temperature == NEUTRAL
        # out = gain * max(in - sub, 0) + add, with saturating 8-bit steps
        self._sub = tuple(_byte(-o / g) if o < 0 else 0 for g, o in zip(gain, offset))
        self._mul = tuple(_byte(min(g, 1.0) * 255) for g in gain)
        self._extra = tuple(_byte(max(g - 1.0, 0.0) * 255) for g in gain)
        self._add = tuple(_byte(o) if o > 0 else 0 for o in offset)
        level = grain_amplitude(look.grain)
        if level != self._grain_level:
            self._grain_level = level
            self._grain = _grain_tiles(level, self._rng.randrange(1 << 30)) if level > 0 else []

    @property
    def active(self) -> bool:
        return not self._identity or bool(self._grain)

    def apply(self, surface: pygame.Surface) -> None:
        """Change `surface` in place (the finished frame, just before it is shown)."""
        if not self._identity:
            self._colour(surface)
        if self._grain:
            self._add_grain(surface)
        self._frame += 1

    def _colour(self, surface: pygame.Surface) -> None:
        if any(self._sub):
            surface.fill(self._sub, special_flags=pygame.BLEND_RGB_SUB)
        scratch = None
        if any(self._extra):
            scratch = self._scratch_for(surface)
            scratch.blit(surface, (0, 0))
            scratch.fill(self._extra, special_flags=pygame.BLEND_RGB_MULT)
        if self._mul != (255, 255, 255):
            surface.fill(self._mul, special_flags=pygame.BLEND_RGB_MULT)
        if scratch is not None:
            surface.blit(scratch, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        if any(self._add):
            surface.fill(self._add, special_flags=pygame.BLEND_RGB_ADD)

    def _scratch_for(self, surface: pygame.Surface) -> pygame.Surface:
        if self._scratch is None or self._scratch.get_size() != surface.get_size():
            self._scratch = pygame.Surface(surface.get_size(), 0, surface)
        return self._scratch

    def _add_grain(self, surface: pygame.Surface) -> None:
        variant = (self._frame // FRAMES_PER_GRAIN) % len(self._grain)
        light, dark = self._grain[variant]
        rng = random.Random(self._frame // FRAMES_PER_GRAIN)       # same offset for both halves
        ox, oy = -rng.randrange(TILE), -rng.randrange(TILE)
        w, h = surface.get_size()
        spots = [(x, y) for y in range(oy, h, TILE) for x in range(ox, w, TILE)]
        surface.fblits([(light, p) for p in spots], pygame.BLEND_RGB_ADD)
        surface.fblits([(dark, p) for p in spots], pygame.BLEND_RGB_SUB)


def _grain_tiles(sigma: float, seed: int) -> list[tuple[pygame.Surface, pygame.Surface]]:
    """TILE_VARIANTS pairs of (lighten, darken) grey noise tiles with a normal spread of `sigma` levels."""
    normal = NormalDist(0.0, sigma)
    levels = [normal.inv_cdf((i + 0.5) / 256) for i in range(256)]       # uniform byte -> normal value
    light_table = bytes(_byte(v) if v > 0 else 0 for v in levels)
    dark_table = bytes(_byte(-v) if v < 0 else 0 for v in levels)
    rng = random.Random(seed)
    tiles = []
    for _ in range(TILE_VARIANTS):
        noise = rng.randbytes(TILE * TILE)
        pair = []
        for table in (light_table, dark_table):
            grey = noise.translate(table)
            rgb = bytearray(TILE * TILE * 3)
            rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
            tile = pygame.image.frombytes(bytes(rgb), (TILE, TILE), "RGB")
            pair.append(tile.convert() if pygame.display.get_surface() is not None else tile)
        tiles.append((pair[0], pair[1]))
    return tiles
