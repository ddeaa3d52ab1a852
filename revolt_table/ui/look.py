"""The look of the whole window: contrast, grain and colour temperature.

Why where pictures are made and not over every frame (issue 30): contrast and temperature are one
linear map per channel, out = gain * in + offset, and such a map commutes with alpha blending
(f(a*s + (1-a)*d) = a*f(s) + (1-a)*f(d)). So instead of running it over the finished frame (several
full-window passes, 2-4 ms a frame at 1920x1080), scenes draw on a `LookCanvas` while a look is set: a
picture blitted on it is replaced by its mapped copy, made once per picture and setting (card faces,
the felt, text, panels are cached pictures), a colour filled or drawn with pygame.draw is mapped (one
dict look-up), and the finished canvas is copied to the window: one blit. The result is the same
picture as the old post-process up to rounding and clamping at the ends of the range
(tests/ui/test_look_steps.py compares them).

The settings: 50 % of each changes nothing and costs nothing (scenes draw straight on the window).
Contrast 0 % flattens toward mid-grey and 100 % strengthens; temperature 0 % is cool (bluer) and 100 %
warm (amber); grain above 50 % adds a fixed grain (subtle at 60 %, clear at 100 %), part of each mapped
picture (the full-window backgrounds carry it in window coordinates), and below 50 % smooths the felt's
woven specks (none at 0 %): `felt_texture`, which draw.felt_background reads.

`LookFilter.apply(surface)` is the same look as a post-process over a finished frame: the reference
the canvas is compared with, and what a tool with a finished picture uses.

What a scene must not do on the canvas (the map would then apply twice or not at all): blit with
special_flags (the picture is not mapped), or blit back a picture made from the canvas by pygame.transform
(a canvas.copy() or subsurface is fine: it is a LookCanvas and known to be mapped).
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import pygame

NEUTRAL = 50
TILE = 512               # grain tile side (a few blits cover 1920x1080)
GRAIN_SEED = 7

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
        return self.contrast == NEUTRAL and self.temperature == NEUTRAL and self.grain == NEUTRAL


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


def felt_texture(percent: float) -> float:
    """How strong the felt's woven specks are: 0 at 0 % (smooth felt), 1 (as drawn) from 50 % up."""
    return min(1.0, max(0.0, percent / NEUTRAL))


def linear_map(look: LookSettings) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(gain, offset) per RGB channel: out = gain * in + offset (contrast about 128, then the tint)."""
    k = contrast_factor(look.contrast)
    gains = channel_gains(look.temperature)
    return tuple(g * k for g in gains), tuple(g * 128.0 * (1.0 - k) for g in gains)


def _byte(value: float) -> int:
    return int(min(255, max(0, round(value))))


class LookFilter:
    """A LookSettings made into pictures: mapped copies, mapped colours, the canvas; and the same look as a
    post-process (`apply`). Build once; set() when a slider moves."""

    def __init__(self, look: LookSettings | None = None, seed: int = GRAIN_SEED) -> None:
        self._seed = seed
        self._grain: tuple[pygame.Surface, pygame.Surface] | None = None
        self._grain_level = -1.0
        self._canvas: LookCanvas | None = None
        self._pictures: dict[int, list] = {}     # id(picture) -> [weak ref to it, mapped copy, alpha given]
        self._colours: dict[Any, tuple[int, ...]] = {}
        self.version = 0                         # bumped by every set(): pictures made before are stale
        self.look = LookSettings()
        self.set(look or LookSettings())

    def set(self, look: LookSettings) -> None:
        """Take new settings; mapped pictures are made again as they are next drawn."""
        self.look = look
        self.version += 1
        self._pictures = {}
        self._colours = {}
        gain, offset = linear_map(look)
        self._gain, self._offset = gain, offset
        self._identity = look.contrast == NEUTRAL and look.temperature == NEUTRAL
        # out = gain * max(in - sub, 0) + add, with saturating 8-bit steps
        self._sub = tuple(_byte(-o / g) if o < 0 else 0 for g, o in zip(gain, offset))
        self._mul = tuple(_byte(min(g, 1.0) * 255) for g in gain)
        self._extra = tuple(_byte(max(g - 1.0, 0.0) * 255) for g in gain)
        self._add = tuple(_byte(o) if o > 0 else 0 for o in offset)
        level = grain_amplitude(look.grain)
        if level != self._grain_level:
            self._grain_level = level
            self._grain = _grain_tiles(level, self._seed) if level > 0 else None

    @property
    def active(self) -> bool:
        """Are pictures mapped (contrast or temperature away from 50 %, or grain above)? Grain below 50 %
        only changes how the felt is drawn (`felt`)."""
        return not self._identity or self._grain is not None

    @property
    def felt(self) -> float:
        """The felt's texture strength for draw.felt_background (grain below 50 % smooths it)."""
        return felt_texture(self.look.grain)

    # ---------------------------------------------------------------- where pictures are made
    def colour(self, colour: Any) -> Any:
        """A colour as the look shows it (alpha kept): what fills and pygame.draw use on the canvas."""
        if self._identity:
            return colour
        try:
            return self._colours[colour]
        except (KeyError, TypeError):
            pass
        c = pygame.Color(colour) if not isinstance(colour, (tuple, list)) else colour
        out = tuple(_byte(g * c[i] + o) for i, (g, o) in enumerate(zip(self._gain, self._offset)))
        out += tuple(c[3:4])
        try:
            self._colours[colour] = out
        except TypeError:                        # a list: not kept
            pass
        return out

    def mapped(self, picture: pygame.Surface) -> pygame.Surface:
        """`picture` as the look shows it: a copy made once per picture and setting (kept while the
        picture lives). The picture's own alpha (set_alpha, which callers change between blits) is
        carried over at every call. Called for every blit on the canvas: kept short."""
        if isinstance(picture, LookCanvas):      # made from the canvas: mapped already
            return picture
        entry = self._pictures.get(id(picture))
        if entry is None or entry[0]() is not picture:
            entry = self._make(picture)
        alpha = picture.get_alpha()
        if alpha != entry[2]:
            entry[1].set_alpha(alpha)
            entry[2] = alpha
        return entry[1]

    def _make(self, picture: pygame.Surface) -> list:
        made = duplicate(picture)
        key = picture.get_colorkey()
        if key is not None:
            made.set_colorkey(self.colour(key))
            self._colour(made)
        else:
            self.apply(made)
        pictures, ident = self._pictures, id(picture)
        entry = [weakref.ref(picture, lambda _ref: pictures.pop(ident, None)), made, picture.get_alpha()]
        pictures[ident] = entry
        return entry

    def canvas(self, window: pygame.Surface) -> "LookCanvas":
        """The surface to draw this frame on (kept from frame to frame), bound to this look."""
        if self._canvas is None or self._canvas.get_size() != window.get_size():
            self._canvas = LookCanvas(window.get_size(), 0, window)
        _patch_draw()
        LookCanvas.look = self
        return self._canvas

    @staticmethod
    def present(canvas: pygame.Surface, window: pygame.Surface) -> None:
        """The finished canvas onto the window (its pixels are mapped already)."""
        pygame.Surface.blit(window, canvas, (0, 0))

    # ---------------------------------------------------------------- the same look over a finished frame
    def apply(self, surface: pygame.Surface) -> None:
        """Change `surface` in place: colour map, then grain at the surface's own (0, 0)."""
        if not self._identity:
            self._colour(surface)
        if self._grain is not None:
            light, dark = self._grain
            w, h = surface.get_size()
            spots = [(x, y) for y in range(0, h, TILE) for x in range(0, w, TILE)]
            surface.fblits([(light, p) for p in spots], pygame.BLEND_RGB_ADD)
            surface.fblits([(dark, p) for p in spots], pygame.BLEND_RGB_SUB)

    def _colour(self, surface: pygame.Surface) -> None:
        if self._identity:
            return
        if any(self._sub):
            surface.fill(self._sub, special_flags=pygame.BLEND_RGB_SUB)
        scratch = None
        if any(self._extra):
            scratch = duplicate(surface)
            scratch.fill(self._extra, special_flags=pygame.BLEND_RGB_MULT)
        if self._mul != (255, 255, 255):
            surface.fill(self._mul, special_flags=pygame.BLEND_RGB_MULT)
        if scratch is not None:
            pygame.Surface.blit(surface, scratch, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        if any(self._add):
            surface.fill(self._add, special_flags=pygame.BLEND_RGB_ADD)


def duplicate(picture: pygame.Surface) -> pygame.Surface:
    """The same pixels on a new surface of the same format: `picture.copy()`, but a new surface and one
    plain blit where that copies exactly (no colour key, no alpha for the whole surface), about ten times
    faster for a card-sized picture with per-pixel alpha (pygame's copy goes through a conversion). A card
    in flight is a new picture every frame, and the look copies each new picture once."""
    per_pixel = picture.get_flags() & pygame.SRCALPHA
    if (picture.get_colorkey() is not None or picture.get_bitsize() != 32 or isinstance(picture, LookCanvas)
            or picture.get_alpha() != (255 if per_pixel else None)):
        return picture.copy()
    made = pygame.Surface(picture.get_size(), pygame.SRCALPHA if per_pixel else 0, 32, picture.get_masks())
    # onto a transparent surface the greater of each channel is the picture's own (a plain blit would blend)
    _BLIT(made, picture, (0, 0), None, pygame.BLEND_RGBA_MAX if per_pixel else 0)
    return made


class LookCanvas(pygame.Surface):
    """What scenes draw on while a look is set: pictures blitted are their mapped copies, colours filled
    (and drawn with pygame.draw, see _patch_draw) are mapped colours. A copy or subsurface of it is a
    LookCanvas too, and is known to be mapped already."""

    look: LookFilter | None = None              # the App's, bound by LookFilter.canvas()

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # noqa: ANN001 - pygame's signature
        if special_flags == 0 and self.look is not None:
            source = self.look.mapped(source)
        return _BLIT(self, source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=True):  # noqa: ANN001
        look = self.look
        if look is not None:
            blit_sequence = [(look.mapped(item[0]) if len(item) < 4 or not item[3] else item[0], *item[1:])
                             for item in blit_sequence]
        return super().blits(blit_sequence, doreturn)

    def fblits(self, blit_sequence, special_flags=0):  # noqa: ANN001
        look = self.look
        if look is not None and special_flags == 0:
            blit_sequence = [(look.mapped(source), dest) for source, dest in blit_sequence]
        return super().fblits(blit_sequence, special_flags)

    def fill(self, color, rect=None, special_flags=0):  # noqa: ANN001
        if special_flags == 0 and self.look is not None:
            color = self.look.colour(color)
        return super().fill(color, rect, special_flags)


_BLIT = pygame.Surface.blit
_DRAWN = ("aacircle", "aaline", "aalines", "arc", "circle", "ellipse", "flood_fill", "line", "lines", "polygon",
          "rect")


def _patch_draw() -> None:
    """pygame.draw's functions map their colour when they draw on a LookCanvas (once per process;
    on any other surface they are pygame's own)."""
    for name in _DRAWN:
        original = getattr(pygame.draw, name, None)
        if original is None or getattr(original, "_look", False):
            continue

        def drawn(surface, *args, _original=original, **kwargs):  # noqa: ANN001, ANN002, ANN003
            look = LookCanvas.look
            if look is not None and isinstance(surface, LookCanvas):
                if "color" in kwargs:
                    kwargs["color"] = look.colour(kwargs["color"])
                elif args:
                    args = (look.colour(args[0]), *args[1:])
            return _original(surface, *args, **kwargs)

        drawn._look = True                       # type: ignore[attr-defined]
        drawn.__doc__ = original.__doc__
        setattr(pygame.draw, name, drawn)


def _grain_tiles(sigma: float, seed: int) -> tuple[pygame.Surface, pygame.Surface]:
    """A (lighten, darken) pair of grey noise tiles with a normal spread of `sigma` levels."""
    normal = NormalDist(0.0, sigma)
    levels = [normal.inv_cdf((i + 0.5) / 256) for i in range(256)]       # uniform byte -> normal value
    light_table = bytes(_byte(v) if v > 0 else 0 for v in levels)
    dark_table = bytes(_byte(-v) if v < 0 else 0 for v in levels)
    noise = random.Random(seed).randbytes(TILE * TILE)
    pair = []
    for table in (light_table, dark_table):
        grey = noise.translate(table)
        rgb = bytearray(TILE * TILE * 3)
        rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
        tile = pygame.image.frombytes(bytes(rgb), (TILE, TILE), "RGB")
        pair.append(tile.convert() if pygame.display.get_surface() is not None else tile)
    return pair[0], pair[1]
