"""The Review's sections: the page cut into rectangles that each lay out, draw and take keys on their own.

Why (issue 27): the Review grew into one class that laid out, drew and took input for everything on
it, the shape the tables left behind in issue 15. It is assembled the same way now, from `Section`s
under a `SectionManager` (ui/table/section.py: draw order by `z`, keys to the top-most section first
until one uses it), each owning one part:

| z | section | module | what |
|---|---|---|---|
| 5 | `SubtitleSection` | here | the game and its date under the title |
| 10 | `BoardSection` | review_board.py | the table after the move shown, every hand face up |
| 20 | `MovesSection` | here | the moves in order, the player's decisions in gold, ✓ or the points lost |
| 20 | `StepperSection` | here | the slider and first, previous, Play, next, last; the stepping keys |
| 30 | `NotesSection` | here | the move, the verdict on it, what it said, the options' bars; Analyse and A |

The page (`ReviewScene`, review.py) keeps what they share: the game replayed (`model`), the move shown
(`k`, `go`), playing, the analysis runner, the seats' names and the words for moves, and the layout
(`geom`, a `ReviewGeom` computed once per window size). A section places its widgets in `layout()` and
lists them in `widgets()`; the page's FocusGroup routes their input and draws them over the sections,
as on every page (Tab and the focus ring go across the whole screen, not one section).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

import pygame

from revolt_table.records.stats import percent
from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import header_bottom
from revolt_table.ui.scenes.history import row_band
from revolt_table.ui.table.section import Section
from revolt_table.ui.widgets import Button
from revolt_table.ui.widgets.base import Widget
from revolt_table.ui.widgets.slider import Slider
from revolt_table.ui.widgets.textfit import line
from revolt_table.ui.widgets.wraplist import WrapList
from revolt_table.ui.scenes.rowtext import block_height, draw_block, lines_of, step

if TYPE_CHECKING:  # pragma: no cover
    from revolt_table.ui.scenes.review import ReviewScene

R = "history.review."
GOOD_ENOUGH = 0.03               # a move within 3 points of the best option counts as good
GOOD = (132, 214, 132)           # a good move and a costly one, readable on the dark panels
COSTLY = (238, 124, 104)

Z_SUBTITLE = 5
Z_BOARD = 10
Z_CONTROLS = 20
Z_NOTES = 30

Paragraph = tuple[str, tuple[int, int, int], bool]     # (text, colour, bold)


@dataclass(frozen=True)
class ReviewGeom:
    """Where everything of the Review goes in a window (`review_geom`): the board on the left with the
    slider and the step buttons under it; on the right the moves, the text panel, Analyse and Back."""

    subtitle_y: int
    board: pygame.Rect
    slider: pygame.Rect
    nav: tuple[pygame.Rect, ...]     # first, previous, Play, next, last
    moves: pygame.Rect
    row_h: int
    text: pygame.Rect
    analyse: pygame.Rect
    back: pygame.Rect


def fit_notes(g: ReviewGeom, m, need: int) -> ReviewGeom:
    """`g` with the moves list shortened so the text panel is `need` high, when it needs more than it
    has (a long verdict, large text): the list keeps at least three one-line rows."""
    if need <= g.text.height:
        return g
    least = min(g.moves.height, 3 * g.row_h)
    moves_h = max(least, g.text.bottom - need - (g.text.y - g.moves.bottom) - g.moves.y)
    moves = pygame.Rect(g.moves.x, g.moves.y, g.moves.width, moves_h)
    top = moves.bottom + (g.text.y - g.moves.bottom)
    return replace(g, moves=moves, text=pygame.Rect(g.text.x, top, g.text.width, g.text.bottom - top))


def review_geom(m, size: tuple[int, int]) -> ReviewGeom:
    """The Review's layout for metrics `m` and a window of `size`."""
    w, h = size
    top = header_bottom(m)
    content_top = top + m.font_small + m.gap
    bh = m.button_height
    # the side column: as wide as Analyse's longest label ("Verfeinern 999/999") and Back need at their
    # size, so they never shrink (large text in German), within 34-40 % of the window
    label = font(m.tx(20), True)                    # a button's label size, or a little more
    back_need = label.size(t("common.back"))[0] + bh // 2 + m.px(8)
    counts = [t(R + key, done=999, total=999) for key in ("analysing", "refining")]
    analyse_need = max(label.size(text)[0] for text in [t(R + "analyse"), t(R + "analysed"), *counts]) + bh // 2
    side_w = max(m.px(320), min(int(w * 0.34), m.px(520)))
    side_w = max(side_w, min(analyse_need + back_need + m.gap + m.px(8), int(w * 0.40)))
    slider_h = m.box(36)                            # its value's label grows with large text
    board = pygame.Rect(m.pad, content_top, w - 3 * m.pad - side_w, h - content_top - m.pad - bh - m.gap
                        - slider_h - m.gap)
    sx = board.right + m.pad
    # controls under the board: the slider, then the step buttons
    slider = pygame.Rect(board.x, board.bottom + m.gap, board.width, slider_h)
    nav_w = m.box(64)
    play_w = max(m.box(120), min(m.box(170), board.width - 4 * nav_w - 6 * m.gap))
    total = 4 * nav_w + play_w + 4 * m.gap
    x = board.centerx - total // 2
    y = h - m.pad - bh
    nav = []
    for i in range(5):
        bw = play_w if i == 2 else nav_w
        nav.append(pygame.Rect(x, y, bw, bh))
        x += bw + m.gap
    # the side column: moves, then the text panel, then Analyse and Back
    back_w = min(int(side_w * 0.36), max(int(side_w * 0.26), back_need))    # Analyse's counts keep their size
    row_h = m.font_small + m.px(14)
    list_h = int((y - m.gap - content_top) * 0.42)
    moves = pygame.Rect(sx, content_top, side_w, list_h)       # rows wrap (WrapList): any height
    text_top = moves.bottom + m.gap
    return ReviewGeom(
        subtitle_y=top + m.font_small // 2, board=board, slider=slider, nav=tuple(nav), moves=moves,
        row_h=row_h, text=pygame.Rect(sx, text_top, side_w, y - m.gap - text_top),
        analyse=pygame.Rect(sx, y, side_w - back_w - m.gap, bh), back=pygame.Rect(sx + side_w - back_w, y, back_w, bh))


class ReviewSection(Section):
    """A section of the Review. The tables' sections read their host as `table`; here the host is the
    page, also reached as `scene` (the ReviewScene) with its `metrics` and `geom`."""

    def __init__(self, review: "ReviewScene", name: str | None = None) -> None:
        super().__init__(review, name)   # type: ignore[arg-type]

    @property
    def scene(self) -> "ReviewScene":    # type: ignore[override]
        return self.table                 # type: ignore[return-value]

    @property
    def metrics(self):
        return self.table.metrics

    @property
    def geom(self) -> ReviewGeom:        # type: ignore[override]
        return self.table.geom

    def widgets(self) -> list[Widget]:
        """The controls it places (in focus order); the page's FocusGroup takes their input."""
        return []

    def refresh(self) -> None:
        """Texts and enabled states after the move shown, the playing or the analysis changed."""


class SubtitleSection(ReviewSection):
    """The game and its date, under the page's title."""

    z = Z_SUBTITLE

    def layout(self) -> None:
        m = self.metrics
        self.rect = pygame.Rect(m.pad, self.geom.subtitle_y - m.font_small, self.scene.size[0] - 2 * m.pad,
                                2 * m.font_small)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        line(surface, self.scene.subtitle, m.font_small, theme.TEXT_MUTED, self.scene.size[0] - 2 * m.pad,
             center=(self.scene.size[0] // 2, self.geom.subtitle_y))


class StepperSection(ReviewSection):
    """The slider over the whole game and the step buttons; ←/→ (↑/↓), PageUp/PageDown, Home/End step,
    Space plays and pauses (a move a second)."""

    z = Z_CONTROLS
    STEPS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1,
             pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}

    def __init__(self, review: "ReviewScene") -> None:
        super().__init__(review)
        steps = review.model.steps
        self.slider = Slider("", 0, steps, 0, review.go, step=1, name="slider", fmt=lambda v: f"{v}/{steps}")
        self.first_button = Button("|◀", lambda: review.go(0), name="first")
        self.prev_button = Button("◀", lambda: review.go(review.k - 1), name="prev")
        self.play_button = Button("", review.toggle_play, style="primary", name="play")
        self.next_button = Button("▶", lambda: review.go(review.k + 1), name="next")
        self.last_button = Button("▶|", lambda: review.go(steps), name="last")
        self.nav = [self.first_button, self.prev_button, self.play_button, self.next_button, self.last_button]

    def widgets(self) -> list[Widget]:
        return [self.slider, *self.nav]

    def layout(self) -> None:
        g = self.geom
        self.slider.set_rect(g.slider)
        for button, rect in zip(self.nav, g.nav):
            button.set_rect(rect)
        self.rect = g.slider.union(g.nav[0]).union(g.nav[-1])

    def refresh(self) -> None:
        review = self.scene
        self.play_button.text = t(R + ("pause" if review.playing else "play"))
        self.prev_button.enabled = self.first_button.enabled = review.k > 0
        self.next_button.enabled = self.last_button.enabled = review.k < review.model.steps

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        review, key = self.scene, event.key
        if key in self.STEPS:
            review.playing = False
            review.go(review.k + self.STEPS[key])
        elif key == pygame.K_HOME:
            review.go(0)
        elif key == pygame.K_END:
            review.go(review.model.steps)
        elif key == pygame.K_SPACE:
            review.toggle_play()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        if self.slider.value != self.scene.k:                # dragged
            self.scene.go(self.slider.value)

    def show(self, k: int) -> None:
        """Put the slider on move `k`."""
        if self.slider.value != k:
            self.slider.value = k


class MovesSection(ReviewSection):
    """The moves in order: the deal first, the player's decisions in gold, a ✓ or the points of chance
    lost once analysed, "…" on the decision being analysed."""

    z = Z_CONTROLS

    def __init__(self, review: "ReviewScene") -> None:
        super().__init__(review)
        self.list = WrapList(self.draw_row, self.row_height, on_select=review.go)
        self.list.set_count(review.model.steps + 1, 0)

    def widgets(self) -> list[Widget]:
        return [self.list]

    def layout(self) -> None:
        self.list.set_rect(self.geom.moves, self.geom.row_h)
        self.rect = self.list.rect.inflate(self.metrics.px(8), self.metrics.px(8))
        self.list.show(self.scene.k)

    def show(self, k: int) -> None:
        """Select move `k` and scroll it into sight."""
        if self.list.selected != k:
            self.list.select(k)
        self.list.show(k)

    def draw(self, surface: pygame.Surface) -> None:
        draw.panel(surface, self.rect, self.metrics.radius * 2)

    def _text_width(self, width: int) -> int:
        """The move's text in a row `width` wide: the mark (✓, the points lost) keeps its room."""
        m = self.metrics
        return width - m.px(4) - m.px(64) - m.px(12) - m.px(8)

    def row_height(self, index: int, width: int) -> int:
        m = self.metrics
        decision = self.scene.model.decisions.get(index)
        lines = lines_of(self.scene.move_line(index), m.font_small, self._text_width(width), bold=decision is not None)
        return block_height(lines, m.font_small) + m.px(10)

    def draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect, selected: bool, hovered: bool) -> None:
        m = self.metrics
        review = self.scene
        band = row_band(surface, m, rect.inflate(-m.px(4), -m.px(2)), selected, hovered)
        mark_w = m.px(64)
        decision = review.model.decisions.get(index)
        colour = theme.GOLD_LIGHT if decision is not None else theme.TEXT
        lines = lines_of(review.move_line(index), m.font_small, self._text_width(rect.width), bold=decision is not None)
        draw_block(surface, lines, m.font_small, colour, band.x + m.px(8),
                   band.centery - block_height(lines, m.font_small) // 2, bold=decision is not None)
        result = review.runner.results.get(index)
        if result is not None:
            if result.loss < GOOD_ENOUGH:
                mark, tone = "✓", GOOD
            else:
                mark, tone = t(R + "loss", points=round(result.loss * 100)), COSTLY
            line(surface, mark, m.font_small, tone, mark_w, bold=True, midright=(band.right - m.px(8), band.centery))
        elif decision is not None and review.runner.working_on() == index:
            line(surface, "…", m.font_small, theme.TEXT_MUTED, mark_w, midright=(band.right - m.px(8), band.centery))


class NotesSection(ReviewSection):
    """The text panel: the move, the verdict on it (the move ai:hard prefers, the chance to win of the
    move played and of the preferred one), the final scores on the last move, what the move made the
    game say (the text replay's sentences), and a bar for every option the analysis rated; the Analyse
    button and A, which start the analysis of the player's decisions."""

    z = Z_NOTES

    def __init__(self, review: "ReviewScene") -> None:
        super().__init__(review)
        self.analyse_button = Button("", review.analyse, name="analyse")
        self.overflow = False             # the last drawing showed nothing (tests want never)
        self.scrollable = False           # not all the items fit: the wheel scrolls them
        self.first = 0                    # the first item shown
        self.shown_items = 0
        self._k = -1
        self._mouse = (-1, -1)

    def widgets(self) -> list[Widget]:
        return [self.analyse_button]

    def layout(self) -> None:
        self.rect = self.geom.text
        self.analyse_button.set_rect(self.geom.analyse)

    def refresh(self) -> None:
        if self.scene.k != self._k:                # another move: its notes from their first line
            self._k, self.first = self.scene.k, 0
        runner, button = self.scene.runner, self.analyse_button
        if not runner.total:
            button.text, button.enabled = t(R + "analyse"), False
        elif not runner.started:
            button.text, button.enabled = t(R + "analyse"), True
        elif runner.running:
            said = R + ("refining" if runner.refining else "analysing")
            button.text, button.enabled = t(said, done=runner.done, total=runner.total), False
        else:
            button.text, button.enabled = t(R + "analysed"), False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self.scene.analyse()
            return True
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL and self.scrollable and self.rect.collidepoint(self._mouse):
            self.first = max(0, self.first - event.y)          # draw_text keeps it within the items
            self.scene.app.invalidate()
            return True
        return False

    # ---------------------------------------------------------------- what it says
    def paragraphs(self) -> list[Paragraph]:
        """What the panel says about the position shown: (text, colour, bold) per paragraph."""
        review = self.scene
        k = review.k
        move = review.model.move(k)
        out: list[Paragraph] = []
        if move is None:
            out.append((t(R + "deal"), theme.GOLD_LIGHT, True))
            said = review.model.said(0)
        else:                             # the verdict on the player's move first: it must never be cut
            out.append((t(R + "move", number=k, total=review.model.steps, name=review.name(move.seat),
                          move=review.words(move)), theme.GOLD_LIGHT, True))
            out += self.analysis(k)
            said = review.model.said(k)
        if k == review.model.steps:
            scores = t("history.text.separator").join(
                t("history.text.score", name=review.name(s), points=p) for s, p in enumerate(review.entry.scores))
            out.append((t("history.text.final", scores=scores), theme.GOLD, True))
        return out + [(s, theme.TEXT, False) for s in said]

    def analysis(self, k: int) -> list[Paragraph]:
        """The verdict on decision `k`, or what the analysis is doing about it."""
        review = self.scene
        decision = review.model.decisions.get(k)
        runner = review.runner
        if decision is None:
            return []
        if k in runner.results:
            a = runner.results[k]
            played = a.estimate(a.played)
            win = percent(played.win) if played is not None else "—"
            good = a.loss < GOOD_ENOUGH
            lines = [(t(R + "played", name=review.name(decision.seat), move=review.option_words(k, a.played),
                        win=win), GOOD if good else COSTLY, True)]
            best = a.estimate(a.preferred)
            if a.preferred == a.played:
                lines.append((t(R + "agrees"), theme.TEXT_MUTED, False))
            else:
                lines.append((t(R + "prefers", move=review.option_words(k, a.preferred),
                                win=percent(best.win) if best else "—"),
                              theme.GOLD_LIGHT, False))
            return lines
        if k in runner.failed:
            return [(t(R + "failed"), COSTLY, False)]
        if runner.started:
            return [(t(R + "waiting"), theme.TEXT_MUTED, False)]
        return [(t(R + "ask"), theme.TEXT_MUTED, False)]

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.panel(surface, self.rect, m.radius * 2)
        self.draw_text(surface, self.inner(self.rect))

    def inner(self, rect: pygame.Rect) -> pygame.Rect:
        m = self.metrics
        return rect.inflate(-2 * m.px(12), -2 * m.px(10))

    def blocks(self, width: int) -> list[tuple[list[str], tuple[int, int, int], bool]]:
        """The paragraphs wrapped to `width`, every word kept."""
        size = self.metrics.font_small
        return [(lines_of(text, size, width, bold=bold), colour, bold) for text, colour, bold in self.paragraphs()]

    def needed(self, width: int) -> int:
        """The panel's height for everything it says (ReviewScene shortens the moves list for it, down
        to three rows; what is left scrolls)."""
        m = self.metrics
        inner = self.inner(pygame.Rect(0, 0, width, 10 ** 4))
        return sum(h for h, _draw in self.items(inner)) + 2 * m.px(10)

    def items(self, rect: pygame.Rect) -> list[tuple[int, Callable[[pygame.Surface, int], None]]]:
        """What the panel shows, as (height, draw at y) items in reading order: each line of the
        paragraphs, each option's bar (best first), each line of the footnote. The panel scrolls by
        whole items, so no line is ever drawn in part."""
        m = self.metrics
        size = m.font_small
        out: list[tuple[int, Callable[[pygame.Surface, int], None]]] = []

        def text_line(text: str, px: int, colour, bold: bool, after: int = 0):
            return (step(px) + after,
                    lambda surface, y: draw_block(surface, [text], px, colour, rect.x, y, bold=bold))

        for lines, colour, bold in self.blocks(rect.width):
            for i, text in enumerate(lines):
                out.append(text_line(text, size, colour, bold, m.px(4) if i == len(lines) - 1 else 0))
        analysis = self.scene.runner.results.get(self.scene.k)
        if analysis is not None:
            heights = dict(zip(map(id, self._ranked(analysis)), self._option_rows(analysis, rect.width)))
            for i, e in enumerate(sorted(analysis.options, key=lambda e: -e.win)):
                top = m.px(6) if i == 0 else 0                   # a little air over the first bar
                h = heights[id(e)] + top
                out.append((h, lambda surface, y, e=e, h=h, top=top:
                            self.draw_option(surface, pygame.Rect(rect.x, y + top, rect.width, h - top), analysis, e)))
            small = m.tx(13)
            for text in lines_of(self._footnote(analysis), small, rect.width):
                out.append(text_line(text, small, theme.TEXT_MUTED, False))
        return out

    def draw_text(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The items from the first scrolled to, as many as fit whole; a scrollbar when not all fit."""
        items = self.items(rect)
        total = sum(h for h, _draw in items)
        self.scrollable = total > rect.height
        last_first = len(items)
        room = rect.height
        while last_first > 0 and items[last_first - 1][0] <= room:
            last_first -= 1
            room -= items[last_first][0]
        self.first = max(0, min(self.first, last_first))
        y = rect.y
        self.shown_items = 0
        for h, draw_item in items[self.first:]:
            if y + h > rect.bottom:
                break
            draw_item(surface, y)
            y += h
            self.shown_items += 1
        self.overflow = self.shown_items == 0 and bool(items)
        if self.scrollable:
            m = self.metrics
            bar = pygame.Rect(self.rect.right - m.px(8), rect.y, m.px(4), rect.height)
            pygame.draw.rect(surface, theme.TRACK, bar, border_radius=bar.width // 2)
            thumb_h = max(bar.width * 3, bar.height * self.shown_items // max(1, len(items)))
            thumb_y = bar.y + (bar.height - thumb_h) * self.first // max(1, last_first)
            pygame.draw.rect(surface, theme.GOLD_DARK, (bar.x, thumb_y, bar.width, thumb_h),
                             border_radius=bar.width // 2)

    def _option_label(self, analysis, e) -> str:
        return ("★ " if e.move == analysis.preferred else "") + self.scene.option_words(self.scene.k, e.move)

    def _label_w(self, width: int) -> int:
        return int(width * 0.34) - self.metrics.px(6)

    def _option_rows(self, analysis, width: int) -> list[int]:
        """Each option's row height, in the order `shown` draws them when all fit (the best first)."""
        m = self.metrics
        size = m.font_small
        return [max(size + m.px(8), block_height(lines_of(self._option_label(analysis, e), size, self._label_w(width),
                                                          bold=e.move == analysis.played), size) + m.px(4))
                for e in self._ranked(analysis)]

    @staticmethod
    def _ranked(analysis) -> list:
        """The played and the preferred move first (kept when space is short), then the rest, best first."""
        keep = [e for e in (analysis.estimate(analysis.played), analysis.estimate(analysis.preferred)) if e is not None]
        keep = list(dict.fromkeys(keep))
        return keep + [e for e in analysis.options if e not in keep]

    def _footnote(self, analysis) -> str:
        note = t(R + "footnote", count=analysis.best.playouts, name=self.scene.name(analysis.seat))
        if analysis.unrated:
            note += " " + t(R + "unrated", count=analysis.unrated)
        return note

    def draw_option(self, surface: pygame.Surface, rect: pygame.Rect, analysis, e) -> None:
        """One estimated option: its words, a bar for its chance to win, the percentage; the played one
        ringed, the preferred one starred."""
        m = self.metrics
        size = m.font_small
        label_w = self._label_w(rect.width) + m.px(6)
        pct_w = m.px(52)
        bar_x = rect.x + label_w
        bar_w = rect.width - label_w - pct_w - m.px(6) - m.px(8)
        mid = rect.centery
        mine = e.move == analysis.played
        star = e.move == analysis.preferred
        lines = lines_of(self._option_label(analysis, e), size, label_w - m.px(6), bold=mine)
        draw_block(surface, lines, size, theme.GOLD_LIGHT if star else theme.TEXT, rect.x,
                   mid - block_height(lines, size) // 2, bold=mine)
        bar_h = (size + m.px(8)) // 2
        track = pygame.Rect(bar_x, mid - bar_h // 2, bar_w, bar_h)
        pygame.draw.rect(surface, theme.BUTTON_PRESSED, track, border_radius=m.px(3))
        fill = track.copy()
        fill.width = max(1, round(track.width * max(0.0, min(1.0, e.win))))
        pygame.draw.rect(surface, theme.GOLD if star else theme.TEXT_MUTED, fill, border_radius=m.px(3))
        if mine:
            pygame.draw.rect(surface, GOOD if analysis.loss < GOOD_ENOUGH else COSTLY,
                             track.inflate(m.px(4), m.px(4)), max(1, m.px(2)), border_radius=m.px(4))
        line(surface, percent(e.win), size, theme.TEXT, pct_w, midright=(rect.right - m.px(8), mid))
