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
        self.chart.text_size = max(11, m.font_small - m.px(1))

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
        line(surface, note, m.font_small, theme.TEXT_MUTED, self.foot.width, midleft=(self.foot.x, self.foot.centery))

    def _rows_layout(self, rect: pygame.Rect, lines: int) -> tuple[int, int]:
        """(x inset, row height) for `lines` lines in a panel."""
        m = self.metrics
        row_h = min(m.px(32) + m.tx(2), (rect.height - 2 * m.px(14)) // max(1, lines))
        return m.px(18), row_h

    def _heading(self, surface: pygame.Surface, text: str, rect: pygame.Rect, y: int, inset: int) -> None:
        m = self.metrics
        line(surface, text, m.font_small + m.px(1), theme.GOLD, rect.width - 2 * inset, bold=True,
             midleft=(rect.x + inset, y))

    def _pairs(self, surface: pygame.Surface, rows: list[tuple[str, str]], rect: pygame.Rect, y: int,
               inset: int, row_h: int) -> int:
        m = self.metrics
        inner = rect.width - 2 * inset
        for label, value in rows:                 # the value gets what the label leaves (at least half)
            label_w = font(m.font_body).size(label)[0]
            shown = line(surface, value, m.font_body, theme.GOLD_LIGHT, max(inner // 2, inner - label_w - m.gap),
                         bold=True, midright=(rect.right - inset, y))
            line(surface, label, m.font_body, theme.TEXT, inner - shown.width - m.gap, midleft=(rect.x + inset, y))
            y += row_h
        return y

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
        levels = level_rows(s)
        inset = m.px(18)
        inner = rect.width - 2 * inset
        head = [t(K + "opponent"), t(K + "games"), t(K + "wins"), t(K + "win_rate")]
        cols, widths = self._columns(head, rect.x + inset, inner)
        heads = [lines_of(text, m.font_small, w) for text, w in zip(head, widths)]   # a long label wraps
        head_h = max(block_height(lines, m.font_small) for lines in heads)
        lines = 1 + 6 + 1 + len(levels) + (1 if s.unreplayable else 0)
        _inset, row_h = self._rows_layout(rect.inflate(0, -head_h), lines)
        y = rect.y + m.px(14) + row_h // 2
        self._heading(surface, t(K + "overall", player=s.player, game=self._title(s.game)), rect, y, inset)
        y = self._pairs(surface, figure_rows(s), rect, y + row_h, inset, row_h)
        self._heading(surface, t(K + "by_level"), rect, y, inset)
        y += row_h // 2 + m.px(4)
        for i, (x, w, lines) in enumerate(zip(cols, widths, heads)):
            top = y + head_h - block_height(lines, m.font_small)          # headers sit on one baseline
            draw_block(surface, lines, m.font_small, theme.TEXT_MUTED, x, top, align="left" if i == 0 else "center",
                       width=w)
        y += head_h + row_h // 2
        for row in levels:
            for i, (x, w, text) in enumerate(zip(cols, widths, row)):
                anchor = {"midleft": (x, y)} if i == 0 else {"center": (x + w // 2, y)}
                line(surface, text, m.font_body, theme.GOLD_LIGHT if i == 3 else theme.TEXT, w, bold=i == 3, **anchor)
            y += row_h
        if s.unreplayable:
            line(surface, t(K + "unreplayable", count=s.unreplayable), m.font_small, theme.TEXT_MUTED, inner,
                 midleft=(rect.x + inset, y))

    def _draw_right(self, surface: pygame.Surface, s: Statistics) -> None:
        m = self.metrics
        rect = self.right
        own = s.own.rows() if s.own is not None else []
        inset, row_h = self._rows_layout(rect, 14)
        y = rect.y + m.px(14) + row_h // 2
        self._heading(surface, t(K + "chart_title", count=len(s.recent), window=WINDOW), rect, y, inset)
        bottom = rect.bottom - m.px(14) - (len(own) + 1) * row_h if own else rect.bottom - m.px(14)
        self.chart.set_rect(pygame.Rect(rect.x + inset, y + row_h // 2 + m.px(4), rect.width - 2 * inset,
                                        bottom - y - row_h // 2 - m.px(8)))
        self.chart.draw(surface)
        if own:
            y = bottom + row_h // 2
            self._heading(surface, s.own.heading(self._title(s.game)), rect, y, inset)
            self._pairs(surface, own, rect, y + row_h, inset, row_h)
