"""Statistics: how a player does at one game, from the history (revolt_table/records/stats.py does the sums).

Choose the game and the player (the human names that played it, most games first). The left panel
has the overall figures (games, wins, win rate, mean points, best and current winning streak) and the
win rate by the strongest opponent at the table; the right panel has a chart of the last games (each
game's result and the running win rate, ui/widgets/chart.py) and the figures a family adds of its own
(Dou Dizhu: the landlord and farmer win rates, bids and bombs; records/climbing.py). A shared win
counts as a share (two farmers: half each), as the footnote says; records/stats.py's header has the
reasons for every such choice.

The figures shown are exactly `stats.statistics(facts, game, player)` formatted: `figure_rows` and
`level_rows` make the texts, the family's figures their own `rows()` (tests compare them with the
module's numbers).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Callable

import pygame

from revolt_table.records.replay_text import game_title
from revolt_table.records.stats import K, GameFacts, Statistics, number, percent, player_names, statistics
from revolt_table.ui import draw, recorder, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.history_loader import HistoryLoader
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import ReadingPage, header_bottom
from revolt_table.ui.scenes.rowtext import block_height, draw_block, lines_of
from revolt_table.ui.widgets import Button, OptionSelector
from revolt_table.ui.widgets.chart import WinRateChart
from revolt_table.ui.widgets.textfit import line

LAST = 20            # games in the chart
Item = tuple[int, Callable[[pygame.Surface, int, int], None]]     # (height, draw(surface, top, row height))
WINDOW = 10          # games in the running win rate


# ------------------------------------------------------------------------------------------ texts

def figure_rows(s: Statistics) -> list[tuple[str, str]]:
    """The overall figures as (label, value) texts."""
    return [(t(K + "games"), str(s.games)), (t(K + "wins"), number(s.wins)),
            (t(K + "win_rate"), percent(s.win_rate)), (t(K + "mean_points"), number(s.mean_points)),
            (t(K + "best_streak"), str(s.best_streak)), (t(K + "current_streak"), str(s.current_streak))]


def level_rows(s: Statistics) -> list[tuple[str, str, str, str]]:
    """Per strongest opponent: (level, games, wins, win rate)."""
    return [(t(K + "level." + r.level.replace(":", "_")), str(r.games), number(r.wins), percent(r.rate))
            for r in s.by_level]


def games_played(facts: list[GameFacts]) -> list[str]:
    """Game ids in the history, most games first (then by id)."""
    counts = Counter(f.game for f in facts)
    return sorted(counts, key=lambda g: (-counts[g], g))


class StatisticsScene(ReadingPage):
    def __init__(self, app, *, game: str | None = None, player: str | None = None,
                 folder: Path | str | None = None) -> None:
        super().__init__(app)
        self.loader = HistoryLoader(folder, after=recorder.wait)
        self.facts: list[GameFacts] | None = None
        self.stats: Statistics | None = None
        self.game, self.player = game, player
        self.game_selector = OptionSelector("", [], None, self._set_game, name="game", label_ratio=0.3)
        self.player_selector = OptionSelector("", [], None, self._set_player, name="player", label_ratio=0.3)
        self.back_button = Button("", self.back, name="back")
        self.chart = WinRateChart(lambda v: t(K + "percent", value=v))
        self.group.set_widgets([self.game_selector, self.player_selector, self.back_button], keep=False)
        self.group.focus(self.game_selector)
        self.on_language()

    # ---------------------------------------------------------------- data
    def take_answers(self) -> None:
        if self.facts is None and self.loader.facts is not None:
            self.facts = list(self.loader.facts)
            self._fill_games()
        for message in self.loader.take_warnings():
            from revolt_table.services.i18n import say
            self.app.notify(say(message))

    def still_reading(self) -> bool:
        return self.facts is None

    def _title(self, game: str) -> str:
        return game_title(SimpleNamespace(game=game, variant=""))

    def _fill_games(self) -> None:
        if self.facts is None:
            return
        games = games_played(self.facts)
        if self.game not in games:
            self.game = games[0] if games else None
        self.game_selector.set_options([(g, self._title(g)) for g in games] or [(None, t(K + "none"))], self.game)
        self.game_selector.enabled = len(games) > 1
        self._fill_players()

    def _fill_players(self) -> None:
        names = player_names(self.facts or [], self.game) if self.game else []
        keys = {n.strip().casefold(): n for n in names}
        wanted = (self.player or "").strip().casefold()
        self.player = keys.get(wanted, names[0] if names else None)
        self.player_selector.set_options([(n, n) for n in names] or [(None, t(K + "none"))], self.player)
        self.player_selector.enabled = len(names) > 1
        self._compute()

    def _compute(self) -> None:
        if self.facts is None or self.game is None or self.player is None:
            self.stats = None
        else:
            self.stats = statistics(self.facts, self.game, self.player, last=LAST, window=WINDOW)
        shares, trend = (self.stats.recent, self.stats.trend) if self.stats else ((), ())
        self.chart.set_data(shares, trend, t(K + "chart_caption"))

    def _set_game(self, game: str | None) -> None:
        if game is not None:
            self.game = game
            self._fill_players()

    def _set_player(self, player: str | None) -> None:
        if player is not None:
            self.player = player
            self._compute()

    # ---------------------------------------------------------------- texts
    def on_language(self) -> None:
        self.title = t(K + "title")
        for selector, key in ((self.game_selector, "game"), (self.player_selector, "player")):
            selector.label, selector.label_ratio = t(K + key), 0.3
        self.back_button.text = t("common.back")
        if self.facts is not None:
            self._fill_games()

    # ---------------------------------------------------------------- scene protocol
    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m)
        width = min(size[0] - 2 * m.pad, m.px(1400))
        x0 = (size[0] - width) // 2
        sel_h = m.box(40)
        half = (width - m.pad) // 2
        self.game_selector.set_rect(pygame.Rect(x0, top, half, sel_h))
        self.player_selector.set_rect(pygame.Rect(x0 + half + m.pad, top, half, sel_h))
        bw, bh = m.px(220), m.button_height
        self.back_button.set_rect(pygame.Rect(x0 + width - bw, size[1] - m.pad - bh, bw, bh))
        self.foot = pygame.Rect(x0, size[1] - m.pad - bh, width - bw - m.pad, bh)
        content_top = top + sel_h + m.gap
        content_bottom = size[1] - m.pad - bh - m.gap
        left_w = int(width * 0.46)
        self.left = pygame.Rect(x0, content_top, left_w, content_bottom - content_top)
        self.right = pygame.Rect(x0 + left_w + m.pad, content_top, width - left_w - m.pad, self.left.height)
        self.chart.text_size = max(11, m.tx(14))

    # ---------------------------------------------------------------- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        for rect in (self.left, self.right):
            draw.panel(surface, rect, m.radius * 2)
        s = self.stats
        if s is None:
            if self.facts is None:
                message = t(K + "loading")
            elif not self.facts:
                message = t(K + "no_games")
            else:
                message = t(K + "no_player", game=self._title(self.game)) if self.game else t(K + "no_games")
            for rect in (self.left,):
                line(surface, message, m.font_body, theme.TEXT_MUTED, rect.width - 2 * m.pad, center=rect.center)
            self.chart.visible = False
            return
        self.chart.visible = True
        self._draw_left(surface, s)
        self._draw_right(surface, s)
        note = t(K + "footnote")
        notes = lines_of(note, m.font_small, self.foot.width)           # two lines beside Back if it must
        draw_block(surface, notes, m.font_small, theme.TEXT_MUTED, self.foot.x,
                   self.foot.centery - block_height(notes, m.font_small) // 2)

    # Each panel is a column of items, (natural height, draw(surface, top, height)): a heading, a label
    # and its value, a table row. An item is one row high, or more when its texts wrap (a long German
    # label, a value in large text): nothing is shrunk or cut.
    def _heading(self, text: str, rect: pygame.Rect, inset: int) -> Item:
        m = self.metrics
        size = m.tx(16)
        lines = lines_of(text, size, rect.width - 2 * inset, bold=True)
        h = block_height(lines, size)
        return h, lambda surface, top, row: draw_block(surface, lines, size, theme.GOLD, rect.x + inset,
                                                       top + (row - h) // 2, bold=True)

    def _pairs(self, rows: list[tuple[str, str]], rect: pygame.Rect, inset: int) -> list[Item]:
        """A label on the left and its value on the right; the value gets what the label leaves (at least
        half the row), and either wraps when they cannot share one line."""
        m = self.metrics
        size = m.font_body
        inner = rect.width - 2 * inset
        face, bold_face = font(size), font(size, True)
        out: list[Item] = []
        for label, value in rows:
            values = lines_of(value, size, max(inner // 2, inner - face.size(label)[0] - m.gap), bold=True)
            used = max(bold_face.size(v)[0] for v in values)
            labels = lines_of(label, size, inner - used - m.gap)
            h = max(block_height(values, size), block_height(labels, size))

            def draw_pair(surface, top, row, labels=labels, values=values):
                draw_block(surface, values, size, theme.GOLD_LIGHT, rect.x + inset,
                           top + (row - block_height(values, size)) // 2, bold=True, align="right", width=inner)
                draw_block(surface, labels, size, theme.TEXT, rect.x + inset,
                           top + (row - block_height(labels, size)) // 2)
            out.append((h, draw_pair))
        return out

    def _stack(self, surface: pygame.Surface, items: list[Item], top: int, room: int) -> int:
        """Draw `items` from `top` down, each as high as the tallest row that lets them all fit `room`
        (at most a comfortable row), a wrapped item taller. Returns the y under the last."""
        m = self.metrics
        row = m.px(32) + m.tx(2)
        while row > 1 and sum(max(row, h) for h, _draw in items) > room:
            row -= 1
        for h, draw_item in items:
            draw_item(surface, top, max(row, h))
            top += max(row, h)
        return top

    def _columns(self, head: list[str], x: int, inner: int) -> tuple[list[int], list[int]]:
        """The by-opponent table's columns (x, width): each figure's column at least as wide as the
        longest word of its heading, so a heading wraps between words; the opponent's takes the rest."""
        m = self.metrics
        gap = m.px(6)
        face = font(m.font_small)
        figures = [max(int(inner * 0.19), max(face.size(w)[0] for w in (text.split() or [text])) + gap)
                   for text in head[1:]]
        widths = [inner - sum(figures) - 3 * gap] + figures
        cols = [x]
        for w in widths[:-1]:
            cols.append(cols[-1] + w + gap)
        return cols, widths

    def _draw_left(self, surface: pygame.Surface, s: Statistics) -> None:
        m = self.metrics
        rect = self.left
        inset = m.px(18)
        inner = rect.width - 2 * inset
        head = [t(K + "opponent"), t(K + "games"), t(K + "wins"), t(K + "win_rate")]
        cols, widths = self._columns(head, rect.x + inset, inner)
        small, body = m.font_small, m.font_body

        def cells(texts, size, colour_of, bold_of) -> Item:
            blocks = [lines_of(text, size, w, bold=bold_of(i)) for i, (text, w) in enumerate(zip(texts, widths))]
            h = max(block_height(lines, size) for lines in blocks)

            def draw_cells(surface, top, row):
                for i, (x, w, lines) in enumerate(zip(cols, widths, blocks)):     # on one baseline
                    y = top + (row - h) // 2 + h - block_height(lines, size)
                    draw_block(surface, lines, size, colour_of(i), x, y, bold=bold_of(i),
                               align="left" if i == 0 else "center", width=w)
            return h, draw_cells

        items = [self._heading(t(K + "overall", player=s.player, game=self._title(s.game)), rect, inset),
                 *self._pairs(figure_rows(s), rect, inset),
                 self._heading(t(K + "by_level"), rect, inset),
                 cells(head, small, lambda i: theme.TEXT_MUTED, lambda i: False)]
        items += [cells(row, body, lambda i: theme.GOLD_LIGHT if i == 3 else theme.TEXT, lambda i: i == 3)
                  for row in level_rows(s)]
        if s.unreplayable:
            note = lines_of(t(K + "unreplayable", count=s.unreplayable), small, inner)
            items.append((block_height(note, small), lambda surface, top, row: draw_block(
                surface, note, small, theme.TEXT_MUTED, rect.x + inset, top + (row - block_height(note, small)) // 2)))
        self._stack(surface, items, rect.y + m.px(14), rect.height - 2 * m.px(14))

    def _draw_right(self, surface: pygame.Surface, s: Statistics) -> None:
        m = self.metrics
        rect = self.right
        inset = m.px(18)
        own = ([self._heading(s.own.heading(self._title(s.game)), rect, inset)]
               + self._pairs(s.own.rows(), rect, inset)) if s.own is not None else []
        row = min(m.px(32) + m.tx(2), (rect.height - 2 * m.px(14)) // 14)
        own_h = sum(max(row, h) for h, _draw in own)
        top = rect.y + m.px(14)
        y = self._stack(surface, [self._heading(t(K + "chart_title", count=len(s.recent), window=WINDOW), rect,
                                                inset)], top, row)
        bottom = rect.bottom - m.px(14) - own_h
        self.chart.set_rect(pygame.Rect(rect.x + inset, y + m.px(4), rect.width - 2 * inset, bottom - y - m.px(8)))
        self.chart.draw(surface)
        if own:
            self._stack(surface, own, bottom, own_h)
