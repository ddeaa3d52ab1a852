"""Pixel counting for UI tests without numpy (pygame's surfarray needs it; the game does not).

`pygame.transform.threshold` counts, in C, the pixels whose every channel lies within a tolerance
(inclusive) of a colour: fast enough for full 1920x1080 frames.
"""

from __future__ import annotations

import pygame


def count_near(surface: pygame.Surface, colour, tolerance: int = 0, rect: pygame.Rect | None = None) -> int:
    """Pixels whose R, G and B each lie within `tolerance` of `colour`."""
    if rect is not None:
        surface = surface.subsurface(rect.clip(surface.get_rect()))
    r, g, b = colour[:3]
    return int(pygame.transform.threshold(None, surface, (r, g, b, 255),
                                          (tolerance, tolerance, tolerance, 255), set_behavior=0))


def count_below(surface: pygame.Surface, limits, rect: pygame.Rect | None = None) -> int:
    """Pixels with R < limits[0], G < limits[1] and B < limits[2]."""
    if rect is not None:
        surface = surface.subsurface(rect.clip(surface.get_rect()))
    centre = tuple((limit - 1) // 2 for limit in limits)
    spread = tuple((limit - 1) - c for limit, c in zip(limits, centre))
    return int(pygame.transform.threshold(None, surface, (*centre, 255), (*spread, 255), set_behavior=0))
