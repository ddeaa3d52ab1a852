"""Results: per-game points and match totals for each player, then Play again / Next game / Title.

Takes plain data (ResultsData) so any game family can fill it without the UI knowing its rules. A family
may add a breakdown of the game just played (detail_columns, one `detail` cell list per row: e.g. stacks and
cards that scored), shown as its own column group left of the match's per-game points.

Games are named one way everywhere: `match_results(session)` starts a family's data with the match's
columns named as the session names them ("Deal 1", "Deal 2" for Dou Dizhu, else "Game 1"...), and
the Next button says "Next deal" or "Next game" (`unit`). A single game's only column would repeat
the total, so it is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import pygame

from revolt_table.ui import draw, matchtext, recorder, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Button
from revolt_table.ui.widgets.base import fitting_height
from revolt_table.ui.widgets.button import button_grid

if TYPE_CHECKING:
    from revolt_table.ui.session import Session


@dataclass
class ResultRow:
    name: str
    points: list[int | None]          # one entry per game of the match (None = not played yet)
    total: int
    detail: list[str] = field(default_factory=list)   # this game's breakdown cells (detail_columns)
    marked: bool = False              # drawn as a loser of this game (e.g. beaten by the centre pile)


@dataclass
class ResultsData:
    columns: list[str]                # game headings, e.g. ["Game 1", "Game 2"]
    rows: list[ResultRow]
    title: str = ""                   # default: translated "Results"
    subtitle: str = ""                # e.g. the winner line or the game's explanation
    winners: list[int] = field(default_factory=list)   # row indices; default: highest total
    detail_title: str = ""            # heading over the breakdown columns, e.g. "Game 2: Ducks victorious"
    detail_columns: list[str] = field(default_factory=list)
    match_title: str = ""             # heading over the per-game columns when a breakdown is shown
    footnote: str = ""                # one line under the table (what a mark means)
    unit: str = "game"                # what one game of the match is called: "game" or "deal"


def match_results(session: "Session") -> ResultsData:
    """The match so far: one column per game of the match, named as the session names games ("Deal 1"),
    each player's points and total. A family's results_data starts from this and adds its own facts."""
    games = session.match.games
    played = session.match.results
    rows = []
    for seat in range(session.players):
        points = [r[seat] for r in played] + [None] * (games - len(played))
        rows.append(ResultRow(session.names[seat], points, sum(p for p in points if p is not None)))
    return ResultsData([session.game_heading(n + 1) for n in range(games)], rows, unit=session.unit)


class ResultsScene(PageScene):
    quiet = True                # drawn only when something changed (issue 30)

    def __init__(self, app, data: ResultsData, *, on_play_again: Callable[[], None] | None = None,
                 on_next_game: Callable[[], None] | None = None, on_title: Callable[[], None] | None = None,
                 review: Any = None) -> None:
        """review: the game just played as a history.HistoryEntry (its Review button), or None."""
        super().__init__(app)
        self.data = data
        self.review_entry = review
        # a single game's column would only repeat the total
        self.game_columns = list(data.columns) if len(data.columns) > 1 else []
        self.title = data.title or t("results.title")
        best = max((r.total for r in data.rows), default=0)
        self.winners = set(data.winners) if data.winners else {i for i, r in enumerate(data.rows) if r.total == best}
        self.on_title = on_title
        self.buttons: list[Button] = []
        if on_play_again is not None:
            self.buttons.append(Button(t("results.play_again"), on_play_again, name="play_again"))
        if on_next_game is not None:
            self.buttons.append(Button(matchtext.next_label(data.unit), on_next_game, style="primary",
                                       name="next_game"))
        if review is not None:
            self.buttons.append(Button(t("history.screen.review"), self.review, name="review"))
        self.buttons.append(Button(t("results.history"), self.history, name="history"))
        self.buttons.append(Button(t("results.title_screen"), self.to_title, name="title"))
        self.group.set_widgets(self.buttons, keep=False)
        if on_next_game is not None:
            self.group.focus(self.widget("next_game"))

    def to_title(self) -> None:
        if self.on_title is not None:
            self.on_title()
            return
        from revolt_table.ui.scenes.title import TitleScene
        self.app.reset_to(TitleScene(self.app))

    def history(self) -> None:
        """The History screen over the results (Back returns here); a deal replayed from it first
        leaves this table as the Title button does (its session closes)."""
        from revolt_table.ui.scenes.history import HistoryScene
        self.app.push(HistoryScene(self.app, leave=self.on_title))

    def review(self) -> None:
        """The game just played move by move, over the results (Back returns here)."""
        from revolt_table.ui.scenes.review import open_review
        open_review(self.app, self.review_entry)

    def update(self, dt: float) -> None:
        super().update(dt)
        recorder.show_notices(self.app)   # what recording the game just played had to say

    def back(self) -> None:          # Esc: same as the Title button (never back into a finished table)
        self.to_title()

    def on_resize(self, size: tuple[int, int]) -> None:
        """The table sized by its text (issue 28): the heading row as tall as its wrapped headings, a
        group's title on two lines if need be, the footnote's lines counted; the rows share what is left."""
        m = self.metrics
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        sub_px, sub = self.subtitle_lines()
        top = header_bottom(m) + (len(sub) * (font(sub_px, True).get_linesize() - 1) + m.px(20) if sub else m.px(8))
        n = len(self.data.rows)
        rows_of_buttons, bw = button_grid(self.buttons, size[0] - 2 * m.pad, m.box(220), m.button_height, m.gap)
        cols = len(self.game_columns) + 1 + len(self.data.detail_columns)
        width = min(size[0] - 2 * m.pad, m.sized(360 + 110 * cols))     # holds text: grows with it
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2, top, width, 0)
        face = font(m.font_small, True)
        line = face.get_linesize() - 1
        self.group_h = 0
        if self.data.detail_columns:
            wide = any(face.size(title)[0] > right - left - m.px(4) for title, left, right in self.groups())
            self.group_h = (2 * line + m.px(6)) if wide else m.px(26)
        _name_w, _centres, widths = self.column_centres()
        most = max(len(self.heading_lines(heading, w)[1]) for heading, w in zip(self.headings(), widths))
        self.head_h = max(m.box(28), most * line + m.px(10))
        self.foot_h = 0
        if self.data.footnote:
            self.foot_h = len(self.footnote_lines()[1]) * (font(m.font_small).get_linesize() - 1) + m.px(10)
        room = size[1] - top - 3 * m.pad - rows_of_buttons * (m.button_height + m.gap) + m.gap - self.foot_h
        self.row_h = min(m.box(52), max(m.box(28), (room - 2 * m.gap - self.group_h - self.head_h) // max(1, n)))
        height = self.head_h + n * self.row_h + 2 * m.gap + self.group_h
        self.panel_rect.h = height
        self.panel_rect.y += max(0, (room - height) // 3)      # a little above centre when there is room
        bh = m.button_height
        per_row = -(-len(self.buttons) // rows_of_buttons)
        block = rows_of_buttons * (bh + m.gap) - m.gap
        by = min(self.panel_rect.bottom + self.foot_h + m.pad * 2, size[1] - m.pad - block)
        for r in range(rows_of_buttons):
            row = self.buttons[r * per_row:(r + 1) * per_row]
            bx = size[0] // 2 - (len(row) * bw + (len(row) - 1) * m.gap) // 2
            for button in row:
                button.set_rect(pygame.Rect(bx, by + r * (bh + m.gap), bw, bh))
                bx += bw + m.gap

    def subtitle_lines(self) -> tuple[int, list[str]]:
        """The line over the table (who won): at its size, on two lines if need be (never smaller)."""
        m, subtitle = self.metrics, self.data.subtitle
        if not subtitle:
            return 0, []
        size = int(m.font_heading * 0.9)
        return draw.fit_lines(subtitle, size, m.width - 2 * m.pad, bold=True, least=size)

    def headings(self) -> list[str]:
        return self.data.detail_columns + self.game_columns + [t("results.total")]

    def heading_lines(self, heading: str, width: int) -> tuple[int, list[str]]:
        """A column's heading at the small type's size, wrapped (never smaller: large text stays large)."""
        m = self.metrics
        return draw.fit_lines(heading, m.font_small, width - m.px(6), bold=True, least=m.font_small, max_lines=3)

    def footnote_lines(self) -> tuple[int, list[str]]:
        m = self.metrics
        return draw.fit_lines(self.data.footnote, m.font_small, min(self.panel_rect.width, m.width - 2 * m.px(8)),
                              least=m.font_small, max_lines=3)

    def cell_size(self) -> int:
        """The rows' type size: a button's label size (their design height), kept while it fits the rows."""
        m = self.metrics
        return fitting_height(m.label(m.box(52)), self.row_h)

    def column_centres(self) -> tuple[int, list[int], list[int]]:
        """(name column width, centre x of every value column (detail first, then games and total), their
        widths). The name column is as wide as the longest name needs, within its share; a value column
        is at least as wide as its heading's longest word ("Bonificación"), the others share the rest."""
        m, p = self.metrics, self.panel_rect
        detail = len(self.data.detail_columns)
        cols = detail + len(self.game_columns) + 1
        share = int(p.width * (0.42 if cols <= 2 else 0.30 if cols <= 5 else 0.22))
        face = font(m.label(m.box(52)), True)
        names = [face.size("★ " + row.name)[0] for row in self.data.rows] + [face.size(t("results.player"))[0]]
        name_w = min(share, max(names, default=0) + m.px(12))
        gap = m.px(16) if detail else 0             # a little air between the two column groups
        room = p.width - name_w - 2 * m.pad - gap
        heads = font(m.font_small, True)
        need = [max(heads.size(word)[0] for word in (heading.split() or [""])) + m.px(8) for heading in self.headings()]
        for c, cells in enumerate(zip(*(self.cells(row) for row in self.data.rows))):    # "Terrateniente"
            face = font(m.label(m.box(52)), c == cols - 1)
            need[c] = max(need[c], max(face.size(cell)[0] for cell in cells) + m.px(8))
        widths = [room // cols] * cols
        wide: set[int] = set()
        while True:                                # the narrow ones give way, evenly, down to their own need
            more = {c for c in range(cols) if c not in wide and need[c] > widths[c]}
            if not more or sum(need[c] for c in wide | more) >= room or len(wide | more) == cols:
                break
            wide |= more
            rest = (room - sum(need[c] for c in wide)) // (cols - len(wide))
            widths = [need[c] if c in wide else rest for c in range(cols)]
        x = p.x + m.pad + name_w
        centres = []
        for c, w in enumerate(widths):
            x += gap if c == detail and detail else 0
            centres.append(x + w // 2)
            x += w
        return name_w, centres, widths

    def cells(self, row) -> list[str]:
        """A row's values as shown: this game's breakdown, the match's games, the total."""
        detail = len(self.data.detail_columns)
        details = (list(row.detail) + [""] * detail)[:detail]
        points = [("—" if v is None else str(v)) for v in row.points] if self.game_columns else []
        return details + points + [str(row.total)]

    def groups(self) -> list[tuple[str, int, int]]:
        """The column groups over the table (this game's breakdown, the match): (title, left, right)."""
        data, detail = self.data, len(self.data.detail_columns)
        if not detail:
            return []
        _name_w, centres, widths = self.column_centres()
        out = [(data.detail_title, centres[0] - widths[0] // 2, centres[detail - 1] + widths[detail - 1] // 2)]
        if self.game_columns:                        # a single game has no match to head
            out.append((data.match_title or t("results.title"), centres[detail] - widths[detail] // 2,
                        centres[-1] + widths[-1] // 2))
        return out

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        p = self.panel_rect
        data = self.data
        size, lines = self.subtitle_lines()
        step = font(size, True).get_linesize() - 1
        for i, line in enumerate(lines):
            draw.text(surface, line, size, theme.GOLD, bold=True, shadow=True,
                      center=(p.centerx, p.top - m.px(10) - step // 2 - (len(lines) - 1 - i) * step))
        name_w, centres, widths = self.column_centres()
        detail = len(data.detail_columns)
        x0 = p.x + m.pad
        y = p.y + m.gap
        if detail:                                   # the two column groups, each with its heading
            for title, left, right in self.groups():
                fit, lines = draw.fit_lines(title, m.font_small, right - left - m.px(4), bold=True, least=m.font_small)
                draw.lines_at(surface, lines, fit, theme.GOLD_LIGHT, ((left + right) // 2, y + self.group_h // 2),
                              bold=True)
                pygame.draw.line(surface, theme.GOLD_DARK, (left + m.px(6), y + self.group_h - 2),
                                 (right - m.px(6), y + self.group_h - 2), 1)
            y += self.group_h
        size = self.cell_size()
        head = y + self.head_h // 2
        draw.text(surface, t("results.player"), m.font_small, theme.GOLD, bold=True, midleft=(x0, head))
        for cx, heading, width in zip(centres, self.headings(), widths):
            fit, lines = self.heading_lines(heading, width)
            draw.lines_at(surface, lines, fit, theme.GOLD, (cx, head), bold=True)
        pygame.draw.line(surface, theme.GOLD_DARK, (x0, y + self.head_h - 1), (p.right - m.pad, y + self.head_h - 1), 1)
        for r, row in enumerate(data.rows):
            ry = y + self.head_h + self.row_h * r
            band = pygame.Rect(p.x + m.px(6), ry + 2, p.width - m.px(12), self.row_h - 4)
            winner = r in self.winners
            if winner:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, band, border_radius=m.radius)
                pygame.draw.rect(surface, theme.GOLD_DARK, band, 1, border_radius=m.radius)
            elif r % 2:
                pygame.draw.rect(surface, theme.BUTTON_PRESSED, band, border_radius=m.radius)
            mid = ry + self.row_h // 2
            label = ("★ " if winner else "") + row.name
            fit = draw.fit_text(label, size, name_w - m.px(8), bold=winner)
            draw.text(surface, label, fit, theme.GOLD_LIGHT if winner else theme.TEXT, bold=winner, midleft=(x0, mid))
            cells = self.cells(row)
            for c, (cx, cell) in enumerate(zip(centres, cells)):
                last = c == len(cells) - 1
                colour = theme.GOLD_LIGHT if last else theme.TEXT_MUTED if c < detail else theme.TEXT
                if row.marked and c == detail - 1:
                    colour = theme.DANGER
                fit = draw.fit_text(cell, size, widths[c] - m.px(6), bold=last)
                draw.text(surface, cell, fit, colour, bold=last, center=(cx, mid))
        if detail:
            top, bottom = y + m.px(4), y + self.head_h + self.row_h * len(data.rows) - m.px(4)
            xline = (centres[detail - 1] + centres[detail]) // 2
            pygame.draw.line(surface, theme.PANEL_EDGE, (xline, top), (xline, bottom), 1)
        if data.footnote:                            # on two lines rather than out of the window
            fit, lines = self.footnote_lines()
            draw.lines_at(surface, lines, fit, theme.TEXT_MUTED, (p.centerx, p.bottom + m.px(6) + self.foot_h // 2))
