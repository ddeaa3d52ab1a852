"""Review: a finished game move by move, every hand face up, and where the player lost.

What a player sees: on the left the table as it stood after the chosen move, one band per seat (name,
level, the hand face up, then the seat's cards on the table, smaller, after a rule) and a band for the
shared cards (a big pile shows its size and its top cards), the move's seat outlined and the cards it
moved ringed in gold; under it a slider over the whole game and the buttons to step (first, previous,
Play, next, last). On the right the moves in order (the deal first, the player's decisions in gold, a
✓ or the points of chance lost once analysed), then the text panel: the move, the verdict on it (the
move ai:hard prefers, the chance to win of the move played and of the preferred one), the final
scores on the last move, what the move made the game say (the same translated sentences as the text
replay, replay_text), and a bar for every option the analysis rated.

Keys: ←/→ (and ↑/↓) step, Home/End, Space plays and pauses (a move a second), A analyses, Esc back.
The game is replayed once when the screen opens (review_model.ReviewModel); the analysis runs only
when asked, one decision at a time in the AI worker process (review_analysis.AnalysisRunner), and the
screen shows each answer as it arrives. Drawing is its own: no table section is used, only the family
table's card faces (review_cards.ReviewCards), so tables can change without breaking this screen.
"""

from __future__ import annotations

import logging
from typing import Callable

import pygame

from revolt_table.records.history import HistoryEntry
from revolt_table.records.replay import Unreplayable
from revolt_table.services.i18n import say, tn
from revolt_table.records.replay_text import date_text, game_title
from revolt_table.ui import cards, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.scenes.history import level_name, row_band
from revolt_table.ui.scenes.review_analysis import AnalysisRunner
from revolt_table.ui.scenes.review_cards import ReviewCards
from revolt_table.ui.scenes.review_model import MoveShown, Position, ReviewModel, ZoneShown
from revolt_table.ui.scenes.review_moves import move_words
from revolt_table.ui.seatnames import seat_names
from revolt_table.ui.widgets import Button
from revolt_table.ui.widgets.listview import ListView
from revolt_table.ui.widgets.slider import Slider
from revolt_table.ui.widgets.textfit import line, wrap

log = logging.getLogger(__name__)

R = "history.review."
PLAY_SECONDS = 1.0               # one move a second while playing
GOOD_ENOUGH = 0.03               # a move within 3 points of the best option counts as good
GOOD = (132, 214, 132)           # a good move and a costly one, readable on the dark panels
COSTLY = (238, 124, 104)
PILE_SHOWN = 10                  # a pile on the table shows its top cards and its size


def open_review(app, entry: HistoryEntry, *, push: bool = True, **kwargs) -> "ReviewScene | None":
    """Open the Review of `entry` over the current screen; a game that no longer replays is said in a
    toast (the reason from history_replay) and nothing opens."""
    try:
        scene = ReviewScene(app, entry, **kwargs)
    except Unreplayable as exc:
        app.notify(t("history.text.unreplayable", reason=say(exc.reason)))
        return None
    if push:
        app.push(scene)
    return scene


def finished_entry(state, seats, names) -> HistoryEntry | None:
    """The finished game `state` as a history entry for its Review (results screen); None when it
    cannot be one (a game dealt by hand with deal=, with no seed to replay it from)."""
    from revolt_table.records.history import entry_from_game

    try:
        return entry_from_game(state, list(seats), list(names))
    except ValueError:
        return None


def percent(rate: float) -> str:
    from revolt_table.ui.scenes.statistics import percent as stats_percent

    return stats_percent(rate)


class ReviewScene(PageScene):
    """on_leave: run when the screen closes (nothing by default)."""

    def __init__(self, app, entry: HistoryEntry, *, on_leave: Callable[[], None] | None = None,
                 use_process: bool = True) -> None:
        super().__init__(app)
        self.entry = entry
        self.model = ReviewModel(entry)
        self.on_leave = on_leave
        self.k = 0
        self.playing = False
        self._clock = 0.0
        names = [s.name for s in entry.seats]
        self.cards = ReviewCards(app, self.model.rules, self.model.rules.new_game(
            entry.players, seed=entry.seed, start_seat=entry.start_seat), names, [s.kind for s in entry.seats])
        self.runner = AnalysisRunner(self.model.rules, self.model.decisions, entry.seed, use_process=use_process)
        self.list = ListView(self._draw_row, on_select=self.go)
        self.list.set_count(self.model.steps + 1, 0)
        self.slider = Slider("", 0, self.model.steps, 0, self.go, step=1, name="slider",
                             fmt=lambda v: f"{v}/{self.model.steps}")
        self.first_button = Button("|◀", lambda: self.go(0), name="first")
        self.prev_button = Button("◀", lambda: self.go(self.k - 1), name="prev")
        self.play_button = Button("", self.toggle_play, style="primary", name="play")
        self.next_button = Button("▶", lambda: self.go(self.k + 1), name="next")
        self.last_button = Button("▶|", lambda: self.go(self.model.steps), name="last")
        self.analyse_button = Button("", self.analyse, name="analyse")
        self.back_button = Button("", self.back, name="back")
        self.nav = [self.first_button, self.prev_button, self.play_button, self.next_button, self.last_button]
        self.group.set_widgets([self.list, self.slider] + self.nav + [self.analyse_button, self.back_button],
                               keep=False)
        self.group.focus(self.play_button)
        self.on_language()

    # ---------------------------------------------------------------- stepping
    @property
    def position(self) -> Position:
        return self.model.position(self.k)

    def go(self, k: int) -> None:
        k = max(0, min(int(k), self.model.steps))
        if k == self.model.steps:
            self.playing = False
        if k != self.k:
            self.k = k
            self._clock = 0.0
        if self.slider.value != k:
            self.slider.value = k
        if self.list.selected != k:
            self.list.select(k)
        self.list.show(k)
        self._refresh()

    def toggle_play(self) -> None:
        if not self.playing and self.k >= self.model.steps:
            self.go(0)
        self.playing = not self.playing
        self._clock = 0.0
        self._refresh()

    def analyse(self) -> None:
        if self.runner.total:
            self.runner.start(self.k)
            self._refresh()

    def back(self) -> None:
        self.close()
        self.app.pop()

    def close(self) -> None:
        self.runner.close()
        self.playing = False
        if self.on_leave is not None:
            self.on_leave()
            self.on_leave = None

    # ---------------------------------------------------------------- texts
    def on_language(self) -> None:
        self.title = t(R + "title")
        self.subtitle = t(R + "subtitle", game=game_title(self.entry), date=date_text(self.entry.date))
        self.back_button.text = t("common.back")
        self._refresh()

    def _refresh(self) -> None:
        self.play_button.text = t(R + ("pause" if self.playing else "play"))
        runner = self.runner
        if not runner.total:
            self.analyse_button.text, self.analyse_button.enabled = t(R + "analyse"), False
        elif not runner.started:
            self.analyse_button.text, self.analyse_button.enabled = t(R + "analyse"), True
        elif runner.running:
            self.analyse_button.text = t(R + "analysing", done=runner.done, total=runner.total)
            self.analyse_button.enabled = False
        else:
            self.analyse_button.text, self.analyse_button.enabled = t(R + "analysed"), False
        self.prev_button.enabled = self.first_button.enabled = self.k > 0
        self.next_button.enabled = self.last_button.enabled = self.k < self.model.steps
        focused = self.group.focused
        if focused is not None and not focused.enabled:
            self.group.focus(self.play_button)

    def name(self, seat: int) -> str:
        return self.names()[seat]

    def names(self) -> list[str]:
        """The seats' names, the player's own said as "you" as at the table (session.seat_names)."""
        seats = self.entry.seats
        return seat_names([s.kind for s in seats],
                          [s.name or t("setup.seat_number", number=k + 1) for k, s in enumerate(seats)])

    def words(self, move: MoveShown) -> str:
        """A move as the table names it, in the current language ("Pair of 8s", not "88")."""
        return move_words(move.label, move.move, self.names())

    def option_words(self, k: int, text: str) -> str:
        """A move the player could have made at decision k (the analysis' options), named likewise."""
        decision = self.model.decisions.get(k)
        label = dict(decision.labels).get(text) if decision is not None else None
        return move_words(label, text, self.names())

    def move_line(self, k: int) -> str:
        move = self.model.move(k)
        if move is None:
            return t(R + "deal")
        return t("history.text.move", number=move.number, name=self.name(move.seat), move=self.words(move))

    def panel_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the text panel says about the position shown: (text, colour, bold) per paragraph."""
        k = self.k
        move = self.model.move(k)
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        if move is None:
            out.append((t(R + "deal"), theme.GOLD_LIGHT, True))
            said = self.model.said(0)
        else:                             # the verdict on the player's move first: it must never be cut
            out.append((t(R + "move", number=k, total=self.model.steps, name=self.name(move.seat),
                          move=self.words(move)), theme.GOLD_LIGHT, True))
            out += self.analysis_lines(k)
            said = self.model.said(k)
        if k == self.model.steps:
            scores = t("history.text.separator").join(
                t("history.text.score", name=self.name(s), points=p) for s, p in enumerate(self.entry.scores))
            out.append((t("history.text.final", scores=scores), theme.GOLD, True))
        return out + [(s, theme.TEXT, False) for s in said]

    def analysis_lines(self, k: int) -> list[tuple[str, tuple[int, int, int], bool]]:
        decision = self.model.decisions.get(k)
        runner = self.runner
        if decision is None:
            return []
        if k in runner.results:
            a = runner.results[k]
            played = a.estimate(a.played)
            win = percent(played.win) if played is not None else "—"
            good = a.loss < GOOD_ENOUGH
            lines = [(t(R + "played", name=self.name(decision.seat), move=self.option_words(k, a.played), win=win),
                      GOOD if good else COSTLY, True)]
            best = a.estimate(a.preferred)
            if a.preferred == a.played:
                lines.append((t(R + "agrees"), theme.TEXT_MUTED, False))
            else:
                lines.append((t(R + "prefers", move=self.option_words(k, a.preferred),
                                win=percent(best.win) if best else "—"),
                              theme.GOLD_LIGHT, False))
            return lines
        if k in runner.failed:
            return [(t(R + "failed"), COSTLY, False)]
        if runner.started:
            return [(t(R + "waiting"), theme.TEXT_MUTED, False)]
        return [(t(R + "ask"), theme.TEXT_MUTED, False)]

    # ---------------------------------------------------------------- scene protocol
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            steps = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1,
                     pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
            if key in steps:
                self.playing = False
                self.go(self.k + steps[key])
                return True
            if key == pygame.K_HOME:
                self.go(0)
                return True
            if key == pygame.K_END:
                self.go(self.model.steps)
                return True
            if key == pygame.K_SPACE:
                self.toggle_play()
                return True
            if key == pygame.K_a:
                self.analyse()
                return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.slider.value != self.k:                # dragged
            self.go(self.slider.value)
        if self.playing:
            self._clock += dt
            if self._clock >= PLAY_SECONDS:
                self.go(self.k + 1)
        if self.runner.started:
            self.runner.poll(self.k)
            self._refresh()

    def on_exit(self) -> None:
        self.playing = False

    # ---------------------------------------------------------------- layout
    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        w, h = size
        top = header_bottom(m)
        self.subtitle_y = top + m.font_small // 2
        content_top = top + m.font_small + m.gap
        side_w = max(m.px(320), min(int(w * 0.34), m.px(520)))
        bh = m.button_height
        self.board = pygame.Rect(m.pad, content_top, w - 3 * m.pad - side_w, h - content_top - m.pad - bh - m.gap
                                 - m.px(34) - m.gap)
        self.panel_rect = None
        sx = self.board.right + m.pad
        self.side = pygame.Rect(sx, content_top, side_w, h - content_top - m.pad)
        # controls under the board: the slider, then the step buttons
        self.slider.set_rect(pygame.Rect(self.board.x, self.board.bottom + m.gap, self.board.width, m.px(34)))
        nav_w = m.box(64)
        play_w = max(m.box(120), min(m.box(170), self.board.width - 4 * nav_w - 6 * m.gap))
        total = 4 * nav_w + play_w + 4 * m.gap
        x = self.board.centerx - total // 2
        y = h - m.pad - bh
        for button in self.nav:
            bw = play_w if button is self.play_button else nav_w
            button.set_rect(pygame.Rect(x, y, bw, bh))
            x += bw + m.gap
        # the side column: moves, then the text panel, then Analyse and Back
        back_w = int(side_w * 0.36)
        self.analyse_button.set_rect(pygame.Rect(sx, y, side_w - back_w - m.gap, bh))
        self.back_button.set_rect(pygame.Rect(sx + side_w - back_w, y, back_w, bh))
        list_h = int((y - m.gap - content_top) * 0.42)
        row_h = m.font_small + m.px(14)
        self.list.set_rect(pygame.Rect(sx, content_top, side_w, list_h), row_h)
        text_top = self.list.rect.bottom + m.gap
        self.text_rect = pygame.Rect(sx, text_top, side_w, y - m.gap - text_top)
        self.list.show(self.k)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        line(surface, self.subtitle, m.font_small, theme.TEXT_MUTED, self.size[0] - 2 * m.pad,
             center=(self.size[0] // 2, self.subtitle_y))
        self._panel(surface, self.board)
        self._panel(surface, self.list.rect.inflate(m.px(8), m.px(8)))
        self._panel(surface, self.text_rect)
        self.draw_board(surface, self.board.inflate(-m.px(12), -m.px(12)))
        self.draw_text_panel(surface, self.text_rect.inflate(-2 * m.px(12), -2 * m.px(10)))

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        from revolt_table.ui import draw

        draw.panel(surface, rect, self.metrics.radius * 2)

    def _draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect, selected: bool, hovered: bool) -> None:
        m = self.metrics
        band = row_band(surface, m, rect.inflate(-m.px(4), -m.px(2)), selected, hovered)
        mark_w = m.px(64)
        decision = self.model.decisions.get(index)
        colour = theme.GOLD_LIGHT if decision is not None else theme.TEXT
        line(surface, self.move_line(index), m.font_small, colour, band.width - mark_w - m.px(12),
             bold=decision is not None, midleft=(band.x + m.px(8), band.centery))
        result = self.runner.results.get(index)
        if result is not None:
            if result.loss < GOOD_ENOUGH:
                mark, tone = "✓", GOOD
            else:
                mark, tone = t(R + "loss", points=round(result.loss * 100)), COSTLY
            line(surface, mark, m.font_small, tone, mark_w, bold=True, midright=(band.right - m.px(8), band.centery))
        elif decision is not None and self.runner.working_on() == index:
            line(surface, "…", m.font_small, theme.TEXT_MUTED, mark_w, midright=(band.right - m.px(8), band.centery))

    def draw_text_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.metrics
        size = m.font_small
        step = int(size * 1.3)
        y = rect.y
        bottom = rect.bottom
        analysis = self.runner.results.get(self.k)
        reserve = self._options_height(analysis, rect) if analysis is not None else 0
        for text, colour, bold in self.panel_lines():
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
            label = ("★ " if star else "") + self.option_words(self.k, e.move)
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
        note = t(R + "footnote", count=analysis.best.playouts, name=self.name(analysis.seat))
        if analysis.unrated:
            note += " " + t(R + "unrated", count=analysis.unrated)
        for part in wrap(note, size - m.px(2), rect.width, max_lines=2):
            line(surface, part, size - m.px(2), theme.TEXT_MUTED, rect.width, topleft=(rect.x, y + m.px(2)))
            y += row - m.px(4)

    # ---------------------------------------------------------------- the board
    def draw_board(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        m = self.metrics
        pos = self.position
        players = self.entry.players
        shared = [z for z in pos.zones if z.owner is None and z.cards]
        any_shared = any(z.owner is None for z in pos.zones)
        bands = players + (1 if any_shared else 0)
        band_h = rect.height // max(1, bands)
        move = self.model.move(self.k)
        for seat in range(players):
            band = pygame.Rect(rect.x, rect.y + band_h * seat, rect.width, band_h - m.px(4))
            self.draw_seat(surface, band, seat, pos, active=move is not None and move.seat == seat)
        if any_shared:
            band = pygame.Rect(rect.x, rect.y + band_h * players, rect.width, band_h - m.px(4))
            pygame.draw.rect(surface, theme.BUTTON_PRESSED, band, border_radius=m.radius)
            label_w = self._label_w(rect)
            line(surface, t(R + "table"), m.font_small, theme.GOLD, label_w - m.px(12), bold=True,
                 midleft=(band.x + m.px(10), band.centery))
            self.draw_groups(surface, pygame.Rect(band.x + label_w, band.y + m.px(4), band.width - label_w - m.px(6),
                                                  band.height - m.px(8)), shared)

    def _label_w(self, rect: pygame.Rect) -> int:
        return min(int(rect.width * 0.2), self.metrics.px(180))

    def draw_seat(self, surface: pygame.Surface, band: pygame.Rect, seat: int, pos: Position, active: bool) -> None:
        m = self.metrics
        pygame.draw.rect(surface, theme.BUTTON if active else theme.BUTTON_PRESSED, band, border_radius=m.radius)
        if active:
            pygame.draw.rect(surface, theme.GOLD, band, max(1, m.px(2)), border_radius=m.radius)
        label_w = self._label_w(band)
        who = self.entry.seats[seat]
        end = self.k == self.model.steps
        won = end and seat in self.entry.winners
        name = ("★ " if won else "") + ("▸ " if seat in pos.to_act else "") + self.name(seat)
        line(surface, name, m.font_small, theme.GOLD_LIGHT if won or active else theme.TEXT, label_w - m.px(14),
             bold=True, midleft=(band.x + m.px(10), band.centery - m.font_small // 2 - m.px(2)))
        sub = level_name(who.kind)
        if end:
            sub = tn(R + "points", self.entry.scores[seat], level=sub)
        line(surface, sub, m.font_small - m.px(1), theme.TEXT_MUTED, label_w - m.px(14),
             midleft=(band.x + m.px(10), band.centery + m.font_small // 2 + m.px(2)))
        hand = next((z for z in pos.zones if z.name == f"hand:{seat}"), None)
        others = [z for z in pos.zones if z.owner == seat and z.name != f"hand:{seat}" and z.cards]
        area = pygame.Rect(band.x + label_w, band.y + m.px(4), band.width - label_w - m.px(6), band.height - m.px(8))
        zones = ([hand] if hand is not None else []) + others
        if hand is not None:
            hand = ZoneShown(hand.name, hand.owner, tuple(self.cards.sorted(hand.cards)), hand.fresh, ())
            zones[0] = hand
        self.draw_groups(surface, area, zones, first_apart=hand is not None)

    def draw_groups(self, surface: pygame.Surface, area: pygame.Rect, zones: list[ZoneShown],
                    first_apart: bool = False) -> None:
        """The zones' cards left to right, each zone (or each group of a grouped zone) as a fan that
        overlaps as much as it must; a zone's new cards ringed in gold. first_apart: the first zone is
        the hand, drawn full size, and the rest (the seat's cards on the table) smaller after a rule.
        Drawn clipped to `area`: a crowded seat never spills over its neighbours."""
        m = self.metrics
        fans: list[tuple[tuple[str | None, ...], tuple[str, ...], bool]] = []
        for i, z in enumerate(zones):
            small = first_apart and i > 0
            if z.groups:
                fans += [(g, z.fresh, small) for g in z.groups]
            else:
                fans.append((z.cards, z.fresh, small))
        hand_fans = 1 if first_apart and zones and not zones[0].groups else 0
        fans = [f for f in fans if f[0]]
        counts = [len(f[0]) for f in fans]            # a pile shows its top cards and how many it holds
        fans = [(f[0][-PILE_SHOWN:], f[1], f[2]) if (i >= hand_fans and len(f[0]) > PILE_SHOWN) else f
                for i, f in enumerate(fans)]
        badged = {id(fans[i]): counts[i] for i in range(len(fans)) if counts[i] > len(fans[i][0])}
        if not fans or area.width <= 0:
            return
        h_big = max(m.px(24), min(area.height, m.px(120)))
        h_small = max(m.px(20), int(h_big * 0.78))
        gap = m.px(10)
        divider = m.px(18) if hand_fans and len(fans) > 1 else 0

        badge_w = m.px(40)

        def width_of(fan, overlap: float) -> float:
            w = cards.card_size(h_small if fan[2] else h_big)[0]
            return w + (len(fan[0]) - 1) * w * overlap + (badge_w if fan[0] is not None and id(fan) in badged else 0)

        while True:                           # drop the oldest groups on the table until the rest fits
            need = [width_of(f, 0.55) for f in fans]
            room = area.width - gap * (len(fans) - 1) - divider
            scale = min(1.0, room / max(1.0, sum(need)))
            used = sum(max(width_of(f, 0.0), n * scale) for f, n in zip(fans, need))
            drop = next((i for i, f in enumerate(fans) if f[2]), None)
            if used <= room or drop is None or drop == len(fans) - 1:
                break
            fans.pop(drop)
        clip = surface.get_clip()
        surface.set_clip(area)
        x = float(area.x)
        for i, ((group, fresh, small), natural) in enumerate(zip(fans, need)):
            h = h_small if small else h_big
            w = cards.card_size(h)[0]
            if divider and i == 1:
                lx = round(x + divider / 2 - gap / 2)
                pygame.draw.line(surface, theme.PANEL_EDGE, (lx, area.y + m.px(6)), (lx, area.bottom - m.px(6)),
                                 max(1, m.px(2)))
                x += divider
            total = badged.get(id(fans[i]))
            if total is not None:                        # the pile's size, then its top cards
                line(surface, str(total), m.font_small, theme.TEXT_MUTED, badge_w - m.px(4), bold=True,
                     midleft=(round(x), area.centery))
                x += badge_w
                natural -= badge_w
            width = max(float(w), natural * scale)
            count = len(group)
            stepx = (width - w) / (count - 1) if count > 1 else 0
            y = area.centery - h // 2
            new = list(fresh)
            for j, card in enumerate(group):
                cx = round(x + j * stepx)
                surface.blit(self.cards.image(card, h, card is not None), (cx, y))
                if card is not None and card in new:
                    new.remove(card)
                    pygame.draw.rect(surface, theme.GOLD, pygame.Rect(cx, y, w, h).inflate(m.px(3), m.px(3)),
                                     max(2, m.px(3)), border_radius=m.px(6))
            x += width + gap
        surface.set_clip(clip)

