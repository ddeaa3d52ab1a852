"""The shipped fonts, loaded by path and cached per size: DejaVu, and a Chinese face where DejaVu has no glyph.

Why by path and never Font(None): the default pygame font lacks card suits and many accented
letters, and differs between platforms; DejaVu ships with the game so text looks the same everywhere.

Why a fallback: DejaVu has no Chinese characters. font() returns a TextFont that behaves like
pygame.font.Font (render, size, get_linesize...) and draws each run of text with the font that has its
glyphs: DejaVu first, then the shipped subset of Noto Sans CJK SC (tools/subset_cjk_font.py makes it).
Which font has which character is read from the fonts' own cmap tables (SDL_ttf would quietly draw an
empty box), so no text ever shows boxes; tests/test_glyphs.py checks every shipped text against them.
Lines that must wrap break between words and, in Chinese, between characters (never before a closing
mark such as "，" or "。").
"""

from __future__ import annotations

import struct
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Callable

import pygame

from revolt_table.services.resources import asset_path

_REGULAR = "DejaVuSans.ttf"
_BOLD = "DejaVuSans-Bold.ttf"
_CJK_REGULAR = "RevoltTableCJK-Regular.otf"
_CJK_BOLD = "RevoltTableCJK-Bold.otf"
_cache: dict[tuple[int, bool, bool], "TextFont"] = {}
#: called as observer(text, font, image) after every render: the UI text walk (tests/ui/textwalk.py)
#: learns each text's size here (font.size_px; font.ornament) and finds the image where it lands on screen
render_observers: list[Callable[[str, "TextFont", pygame.Surface], None]] = []

# Chinese line breaking: never start a line with these, never end one with those.
_NO_LINE_START = set("，。、；：！？）》」』”’…%·—～,.;:!?)]}")
_NO_LINE_END = set("（《「『“‘([{")


_floor = 8          # the smallest text of the window shown (set_floor); 8 without one (tools, tests of a part)
_card_floor = 8     # the smallest text on a hand-sized card face, in display px (card_floor())
_text_scale = 1.0   # the player's text size (1.0 normal, 1.2 large): widgets size their labels by it
drawing_cards = False     # True while card_faces() is in force (the UI text walk tells card text apart)


def set_floor(px: int, cards: int | None = None, text: float = 1.0) -> None:
    """The smallest size any text may be drawn at in the window now (theme.Metrics.floor: 13 px at
    1280x720, 11 px at 1024x640, more with large text), and on a hand-sized card face (`cards`: the
    normal text size's floor; a card is a picture of one size, shown enlarged on hover). The App sets
    both whenever its metrics change, and the player's text size (`text`, theme.Metrics.text)."""
    global _floor, _card_floor, _text_scale
    _floor = max(8, int(px))
    _card_floor = max(8, int(cards if cards is not None else px))
    _text_scale = float(text)


def text_scale() -> float:
    """The player's text size now: 1.0 normal, 1.2 large (see set_floor)."""
    return _text_scale


def card_floor() -> int:
    """The smallest text on a hand-sized card face, in display px (the painters set their type by it)."""
    return _card_floor


@contextmanager
def card_faces():
    """Inside: texts are painted onto a card face. Faces are painted at twice their size and scaled
    down, and set their own type from card_floor() (bomb_faces.text_layout); the window's floor is not
    theirs, so a face looks the same, and is cached the same, at either text size."""
    global _floor, drawing_cards
    saved = _floor, drawing_cards
    _floor, drawing_cards = 8, True
    try:
        yield
    finally:
        _floor, drawing_cards = saved


def floor() -> int:
    """The smallest text size of the window now (see set_floor)."""
    return _floor


def font(size: int, bold: bool = False, *, ornament: bool = False) -> "TextFont":
    """Return the regular or bold UI font at `size` pixels (cached). Why a floor here: a size computed
    anywhere (a card face, a key letter, a fitted label) is never drawn smaller than a player can read
    in this window (set_floor; issue 28). `ornament`: a glyph that is a picture, not a text (the
    card back's monogram), keeps its size down to 8 px."""
    size = max(8 if ornament else _floor, int(size))
    if not pygame.font.get_init():   # fonts from an earlier pygame.init() session are dead
        _cache.clear()
        pygame.font.init()
    key = (size, bold, ornament)
    cached = _cache.get(key)
    if cached is None:
        cached = TextFont(size, bold, ornament)
        _cache[key] = cached
    return cached


def clear_cache() -> None:
    """Forget loaded fonts (needed only if pygame.font is shut down and restarted)."""
    _cache.clear()


def font_files(bold: bool = False) -> tuple[Path, Path]:
    """(main font, fallback font) paths for a weight."""
    return (asset_path("fonts", _BOLD if bold else _REGULAR),
            asset_path("fonts", _CJK_BOLD if bold else _CJK_REGULAR))


@cache
def coverage(path: Path) -> frozenset[int]:
    """Code points a TrueType/OpenType font maps to a glyph (its cmap: format 4 and 12 subtables)."""
    data = Path(path).read_bytes()
    tables = struct.unpack_from(">H", data, 4)[0]
    cmap = None
    for i in range(tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        return frozenset()
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    points: set[int] = set()
    for key in ((3, 10), (0, 4), (3, 1), (0, 3)):
        if key not in subtables:
            continue
        at = subtables[key]
        form = struct.unpack_from(">H", data, at)[0]
        if form == 12:
            groups = struct.unpack_from(">I", data, at + 12)[0]
            for g in range(groups):
                start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
                points.update(range(start if glyph else start + 1, end + 1))     # glyph 0 is "missing"
            break
        if form == 4:
            segs = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{segs}H", data, at + 14)
            starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
            deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
            range_at = at + 16 + 6 * segs
            range_offsets = struct.unpack_from(f">{segs}H", data, range_at)
            for s in range(segs):
                for code in range(starts[s], ends[s] + 1):
                    if code == 0xFFFF:
                        continue
                    if range_offsets[s] == 0:
                        glyph = (code + deltas[s]) & 0xFFFF
                    else:
                        where = range_at + 2 * s + range_offsets[s] + 2 * (code - starts[s])
                        glyph = struct.unpack_from(">H", data, where)[0]
                        glyph = (glyph + deltas[s]) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(code)
            break
    return frozenset(points)


def is_cjk(ch: str) -> bool:
    """Characters that may start or end a line anywhere (Chinese text has no spaces between words)."""
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x2FFFF)


def _render(face: pygame.font.Font, text: str, antialias: bool, color: Any, bgcolor: Any,
            wraplength: int = 0) -> pygame.Surface:
    """face.render, but a text of zero width (a zero-width space, a variation selector alone: a name
    typed so) is an empty surface one pixel wide, never pygame's "Text has zero width" error."""
    try:
        return face.render(text, antialias, color, bgcolor, wraplength)
    except pygame.error:
        if face.size(text)[0] > 0:
            raise
        blank = pygame.Surface((1, face.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            blank.fill(bgcolor)
        return blank


class TextFont:
    """pygame.font.Font's interface over DejaVu plus the Chinese fallback (see the module docstring)."""

    def __init__(self, size: int, bold: bool = False, ornament: bool = False) -> None:
        self.size_px = size
        self.bold_face = bold
        self.ornament = ornament
        main_path, self._fallback_path = font_files(bold)
        self.main = pygame.font.Font(str(main_path), size)
        self._main_points = coverage(main_path)
        self._fallback: pygame.font.Font | None = None

    # ------------------------------------------------------------------ which font draws what
    @property
    def fallback(self) -> pygame.font.Font:
        if self._fallback is None:
            self._fallback = pygame.font.Font(str(self._fallback_path), self.size_px)
        return self._fallback

    def _simple(self, text: str) -> bool:
        """True when DejaVu alone draws all of `text` (the common case: no run splitting)."""
        if text.isascii():
            return True
        points = self._main_points
        return all(ord(c) in points for c in text)

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut into runs, each with the font that has its glyphs (DejaVu wins where both do)."""
        points = self._main_points
        out: list[tuple[pygame.font.Font, str]] = []
        for ch in text:
            face = self.main if (ord(ch) in points or ch in "\n\r\t") else self.fallback
            if out and out[-1][0] is face:
                out[-1] = (face, out[-1][1] + ch)
            else:
                out.append((face, ch))
        return out

    # ------------------------------------------------------------------ pygame.font.Font interface
    def size(self, text: str) -> tuple[int, int]:
        if self._simple(text):
            return self.main.size(text)
        return sum(face.size(part)[0] for face, part in self.runs(text)), self.main.get_height()

    def render(self, text: str, antialias: bool, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        text = "" if text is None else str(text)
        image = self._render_any(text, antialias, color, bgcolor, wraplength)
        for observer in render_observers:
            observer(text, self, image)
        return image

    def _render_any(self, text: str, antialias: bool, color: Any, bgcolor: Any, wraplength: int) -> pygame.Surface:
        if wraplength and wraplength > 0:
            if self._simple(text) and not any(is_cjk(c) for c in text):
                return _render(self.main, text, antialias, color, bgcolor, wraplength)
            return self._render_lines(self.wrap(text, wraplength), antialias, color, bgcolor)
        if "\n" in text:
            return self._render_lines(text.split("\n"), antialias, color, bgcolor)
        if self._simple(text):
            return _render(self.main, text, antialias, color, bgcolor)
        return self._render_runs(text, antialias, color, bgcolor)

    def _render_runs(self, text: str, antialias: bool, color: Any, bgcolor: Any) -> pygame.Surface:
        """One line mixing fonts: each run on the main font's baseline, within its line height."""
        runs = self.runs(text)
        widths = [face.size(part)[0] for face, part in runs]
        height = self.main.get_height()
        canvas = pygame.Surface((max(1, sum(widths)), height), pygame.SRCALPHA)
        if bgcolor is not None:
            canvas.fill(bgcolor)
        x = 0
        for (face, part), width in zip(runs, widths):
            image = _render(face, part, antialias, color, bgcolor)
            y = self.main.get_ascent() - face.get_ascent()
            canvas.blit(image, (x, y), special_flags=0 if bgcolor is not None else pygame.BLEND_RGBA_MAX)
            x += width
        return canvas

    def _render_lines(self, lines: list[str], antialias: bool, color: Any, bgcolor: Any) -> pygame.Surface:
        images = [self.render(line, antialias, color, bgcolor) if line else None for line in lines]
        step = self.main.get_linesize()
        width = max([image.get_width() for image in images if image is not None] or [1])
        canvas = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
        if bgcolor is not None:
            canvas.fill(bgcolor)
        for i, image in enumerate(images):
            if image is not None:
                canvas.blit(image, (0, i * step), special_flags=0 if bgcolor is not None else pygame.BLEND_RGBA_MAX)
        return canvas

    def wrap(self, text: str, width: int) -> list[str]:
        """Lines of at most `width` pixels: break at spaces, and between Chinese characters."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            lines.extend(self._wrap_paragraph(paragraph, width))
        return lines

    def _wrap_paragraph(self, text: str, width: int) -> list[str]:
        tokens = _tokens(text)
        lines: list[str] = []
        line = ""
        for token in tokens:
            trial = line + token
            if not line or self.size(trial.rstrip())[0] <= width:
                line = trial
                continue
            lines.append(line.rstrip())
            line = token.lstrip()
        if line or not lines:
            lines.append(line.rstrip())
        return lines

    def get_linesize(self) -> int:
        return self.main.get_linesize()

    def get_height(self) -> int:
        return self.main.get_height()

    def get_ascent(self) -> int:
        return self.main.get_ascent()

    def get_descent(self) -> int:
        return self.main.get_descent()

    def __getattr__(self, name: str) -> Any:
        # anything else (metrics, bold, underline...) is the main font's
        return getattr(self.main, name)


def _tokens(text: str) -> list[str]:
    """Units a line may break between: a word with its trailing spaces, or one Chinese character
    (with the closing marks that must stay on its line, after an opening mark that must not end one)."""
    tokens: list[str] = []
    word = ""
    for ch in text:
        if is_cjk(ch) and ch not in _NO_LINE_START:
            if word and not word.endswith(tuple(_NO_LINE_END)):
                tokens.append(word)
                word = ""
            word += ch
            if not (word and word[-1] in _NO_LINE_END):
                tokens.append(word)
                word = ""
        elif ch in _NO_LINE_START and not word and tokens:
            tokens[-1] += ch                       # a closing mark joins the character before it
        elif ch == " ":
            word += ch
            tokens.append(word)
            word = ""
        else:
            if word.endswith(" "):
                tokens.append(word)
                word = ""
            word += ch
    if word:
        tokens.append(word)
    return tokens
