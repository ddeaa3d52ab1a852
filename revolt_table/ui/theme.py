"""Palette and window-relative sizes shared by every scene and widget.

Why one place: a card game reads as "one product" when every screen uses the same felt, card and gold
tones and the same type scale. Sizes derive from the window height (720 px = 1.0) so the layout
re-flows at any window size from 1024x640 to 2560x1440 instead of being stretched.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

Color = tuple[int, int, int]

# Felt table
FELT = (24, 92, 60)
FELT_LIGHT = (38, 118, 78)
FELT_DARK = (9, 46, 30)
# Cards
CARD_FACE = (250, 245, 232)          # warm off-white: no UI chrome uses this exact tone
CARD_EDGE = (205, 196, 176)
CARD_BACK = (122, 28, 42)            # deep wine
CARD_BACK_LIGHT = (158, 48, 60)
# Accents
GOLD = (214, 178, 92)
GOLD_LIGHT = (242, 214, 140)
GOLD_DARK = (138, 106, 44)
# Text and chrome
TEXT = (228, 230, 216)               # kept visibly apart from CARD_FACE
TEXT_MUTED = (160, 190, 170)
TEXT_DARK = (30, 34, 28)
SHADOW = (4, 22, 14)
PANEL = (10, 44, 29)
PANEL_EDGE = (56, 110, 80)
BUTTON = (20, 68, 46)
BUTTON_HOVER = (30, 90, 62)
BUTTON_PRESSED = (12, 48, 32)
BUTTON_DISABLED = (28, 52, 40)
TRACK = (34, 72, 52)                 # slider / scrollbar groove, visible on a panel
DANGER = (190, 72, 60)
DIM = (0, 0, 0, 170)                 # overlay veil (RGBA)


@dataclass(frozen=True)
class Metrics:
    """Sizes in pixels for one window size. Build with metrics_for(size)."""

    width: int
    height: int
    unit: float          # 1.0 at 720 px high
    text: float = 1.0    # the player's text size (Settings: normal 1.0, large TEXT_SCALES["large"])

    def px(self, value: float) -> int:
        """Scale a size designed for a 720 px high window."""
        return max(1, round(value * self.unit))

    def tx(self, value: float) -> int:
        """Scale a type size: like px, times the player's text size (at least that many times the normal
        size after rounding: large text is large everywhere)."""
        normal = max(1, round(value * self.unit))
        return normal if self.text == 1.0 else max(round(value * self.unit * self.text), ceil(normal * self.text))

    @property
    def floor(self) -> int:
        """The smallest text a player must read (issue 28): 13 px in a 720 px high window, 11 px at 640,
        between them in between; with large text, that times the text size (fonts.set_floor)."""
        return self.card_floor if self.text == 1.0 else ceil(self.card_floor * self.text)

    @property
    def card_floor(self) -> int:
        """The smallest text on a card face: the normal text size's floor whatever the player's text
        size (a card is a picture of one size; hovering shows it enlarged)."""
        return min(13, max(11, int(13 * self.unit)))

    def grown(self, normal: int) -> int:
        """A type size designed at normal text (in window px), in the player's text size."""
        return grown(normal, self.text)

    def label(self, height: int, share: float = 0.40) -> int:
        """The type size of a label `share` of a box's height (a button, a row: see label_px)."""
        return label_px(height, share, self.text)

    def sized(self, value: float) -> int:
        """A length that holds text (a corner box, a text button's width): grows as the text does."""
        return self.px(value * self.text)

    def box(self, value: float) -> int:
        """Controls grow with large text, a little less than the text itself."""
        return self.px(value * box_growth(self.text))

    @property
    def font_logo(self) -> int: return self.tx(84)
    @property
    def font_title(self) -> int: return self.tx(40)
    @property
    def font_heading(self) -> int: return self.tx(26)
    @property
    def font_body(self) -> int: return self.tx(19)
    @property
    def font_small(self) -> int: return self.tx(15)
    @property
    def button_height(self) -> int: return self.box(50)
    @property
    def button_width(self) -> int: return self.box(300)
    @property
    def row_height(self) -> int: return self.box(46)
    @property
    def gap(self) -> int: return self.px(12)
    @property
    def pad(self) -> int: return self.px(24)
    @property
    def radius(self) -> int: return self.px(10)
    @property
    def focus_width(self) -> int: return max(2, self.px(3))


def box_growth(text: float) -> float:
    """How much a control grows for a text size (Metrics.box): 70 % of what the text grows."""
    return 1.0 + (text - 1.0) * 0.7


def grown(normal: int, text: float) -> int:
    """A type size designed at normal text, in text size `text`: at least that many times larger after
    rounding (large text is 1.2 times larger everywhere, issue 28)."""
    return normal if text == 1.0 else ceil(normal * text - 1e-9)


def label_px(height: int, share: float, text: float) -> int:
    """A label sized by its box: `share` of the height the box has at normal text (Metrics.box grows
    boxes less than text), times the text size, so a label in large text is 1.2 times larger."""
    return max(10, grown(int(height * share / box_growth(text)), text))


TEXT_SCALES: dict[str, float] = {"normal": 1.0, "large": 1.2}


def metrics_for(size: tuple[int, int], text_size: str = "normal") -> Metrics:
    """Metrics for a window of `size`; very wide-but-short windows are scaled by height, capped by width.

    text_size is the player's setting ("normal" or "large"); type and controls grow with it.
    """
    w, h = size
    unit = min(h / 720.0, w / 1100.0)
    return Metrics(w, h, max(0.6, unit), TEXT_SCALES.get(text_size, 1.0))


def lerp_color(a: Color, b: Color, f: float) -> Color:
    f = min(max(f, 0.0), 1.0)
    return (round(a[0] + (b[0] - a[0]) * f), round(a[1] + (b[1] - a[1]) * f), round(a[2] + (b[2] - a[2]) * f))
