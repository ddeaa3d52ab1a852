"""The shipped DejaVu fonts, loaded by path and cached per size.

Why by path and never Font(None): the default pygame font lacks card suits and many accented
letters, and differs between platforms; DejaVu ships with the game so text looks the same everywhere.
"""

from __future__ import annotations

import pygame

from revolt_table.resources import asset_path

_REGULAR = "DejaVuSans.ttf"
_BOLD = "DejaVuSans-Bold.ttf"
_cache: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return the regular or bold UI font at `size` pixels (cached; sizes below 8 are raised to 8)."""
    size = max(8, int(size))
    if not pygame.font.get_init():   # fonts from an earlier pygame.init() session are dead
        _cache.clear()
        pygame.font.init()
    key = (size, bold)
    cached = _cache.get(key)
    if cached is None:
        cached = pygame.font.Font(str(asset_path("fonts", _BOLD if bold else _REGULAR)), size)
        _cache[key] = cached
    return cached


def clear_cache() -> None:
    """Forget loaded fonts (needed only if pygame.font is shut down and restarted)."""
    _cache.clear()
