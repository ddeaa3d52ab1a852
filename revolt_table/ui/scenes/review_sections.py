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

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from revolt_table.records.stats import percent
from revolt_table.ui import draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import header_bottom
from revolt_table.ui.scenes.history import row_band
from revolt_table.ui.table.section import Section
from revolt_table.ui.widgets import Button
from revolt_table.ui.widgets.base import Widget
from revolt_table.ui.widgets.listview import ListView
from revolt_table.ui.widgets.slider import Slider
from revolt_table.ui.widgets.textfit import line, wrap

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


def review_geom(m, size: tuple[int, int]) -> ReviewGeom:
    """The Review's layout for metrics `m` and a window of `size`."""
    w, h = size
    top = header_bottom(m)
    content_top = top + m.font_small + m.gap
    side_w = max(m.px(320), min(int(w * 0.34), m.px(520)))
    bh = m.button_height
    board = pygame.Rect(m.pad, content_top, w - 3 * m.pad - side_w, h - content_top - m.pad - bh - m.gap
                        - m.px(34) - m.gap)
    sx = board.right + m.pad
    # controls under the board: the slider, then the step buttons
    slider = pygame.Rect(board.x, board.bottom + m.gap, board.width, m.px(34))
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
    back_w = int(side_w * 0.36)
    row_h = m.font_small + m.px(14)
    list_h = int((y - m.gap - content_top) * 0.42)
    moves = pygame.Rect(sx, content_top, side_w, max(1, list_h // row_h) * row_h)    # whole rows (ListView)
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
        self.list = ListView(self.draw_row, on_select=review.go)
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

    def draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect, selected: bool, hovered: bool) -> None:
        m = self.metrics
        review = self.scene
        band = row_band(surface, m, rect.inflate(-m.px(4), -m.px(2)), selected, hovered)
        mark_w = m.px(64)
        decision = review.model.decisions.get(index)
        colour = theme.GOLD_LIGHT if decision is not None else theme.TEXT
        line(surface, review.move_line(index), m.font_small, colour, band.width - mark_w - m.px(12),
             bold=decision is not None, midleft=(band.x + m.px(8), band.centery))
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

    def widgets(self) -> list[Widget]:
        return [self.analyse_button]

    def layout(self) -> None:
        self.rect = self.geom.text
        self.analyse_button.set_rect(self.geom.analyse)

    def refresh(self) -> None:
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
        self.draw_text(surface, self.rect.inflate(-2 * m.px(12), -2 * m.px(10)))

    def draw_text(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.metrics
        size = m.font_small
        step = int(size * 1.3)
        y = rect.y
        bottom = rect.bottom
        analysis = self.scene.runner.results.get(self.scene.k)
        reserve = self._options_height(analysis, rect) if analysis is not None else 0
        for text, colour, bold in self.paragraphs():
            for part in wrap(text, size, rect.width, bold=bold, max_lines=4):
                if y + step > bottom - reserve:
                    break
                line(surface, part, size, colour, rect.width, bold=bold, topleft=(rect.x, y))
                y += step
            y += m.px(4)
        if analysis is not None:
            self.draw_options(surface, pygame.Rect(rect.x, bottom - reserve, rect.width, reserve), analysis)

    def _options_height(self, analysis, rect: pygame.Rect) -> int:
        m = self.metrics
        row = m.font_small + m.px(8)
        rows = min(len(analysis.options), max(1, (rect.height // 2) // row - 1))
        return (rows + 2) * row + m.px(6)

    def draw_options(self, surface: pygame.Surface, rect: pygame.Rect, analysis) -> None:
        """Every estimated option, best first: a bar for its chance to win; the played one ringed, the
        preferred one starred; a footnote says how the estimates were made."""
        m = self.metrics
        review = self.scene
        size = m.font_small
        row = size + m.px(8)
        rows = max(1, rect.height // row - 2)
        options = list(analysis.options)
        if len(options) > rows:                           # keep the played move in sight
            shown = options[:rows]
            played = analysis.estimate(analysis.played)
            keep = [e for e in (analysis.estimate(analysis.preferred), played) if e is not None and e not in shown]
            for i, e in enumerate(keep[:max(0, len(shown) - 1)]):
                shown[len(shown) - 1 - i] = e
            options = sorted(shown, key=lambda e: -e.win)
        label_w = int(rect.width * 0.34)
        pct_w = m.px(52)
        bar_x = rect.x + label_w
        bar_w = rect.width - label_w - pct_w - m.px(6)
        y = rect.y
        for e in options:
            mid = y + row // 2
            mine = e.move == analysis.played
            star = e.move == analysis.preferred
            label = ("★ " if star else "") + review.option_words(review.k, e.move)
            line(surface, label, size, theme.GOLD_LIGHT if star else theme.TEXT, label_w - m.px(6), bold=mine,
                 midleft=(rect.x, mid))
            track = pygame.Rect(bar_x, mid - row // 4, bar_w, row // 2)
            pygame.draw.rect(surface, theme.BUTTON_PRESSED, track, border_radius=m.px(3))
            fill = track.copy()
            fill.width = max(1, round(track.width * max(0.0, min(1.0, e.win))))
            pygame.draw.rect(surface, theme.GOLD if star else theme.TEXT_MUTED, fill, border_radius=m.px(3))
            if mine:
                pygame.draw.rect(surface, GOOD if analysis.loss < GOOD_ENOUGH else COSTLY,
                                 track.inflate(m.px(4), m.px(4)), max(1, m.px(2)), border_radius=m.px(4))
            line(surface, percent(e.win), size, theme.TEXT, pct_w, midright=(rect.right, mid))
            y += row
        note = t(R + "footnote", count=analysis.best.playouts, name=review.name(analysis.seat))
        if analysis.unrated:
            note += " " + t(R + "unrated", count=analysis.unrated)
        for part in wrap(note, size - m.px(2), rect.width, max_lines=2):
            line(surface, part, size - m.px(2), theme.TEXT_MUTED, rect.width, topleft=(rect.x, y + m.px(2)))
            y += row - m.px(4)
