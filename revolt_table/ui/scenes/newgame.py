"""New game setup: game, variant, player count, match length and each seat (Human / AI easy / normal /
hard + name), summed up in one line over Start as Cardavia does ("3 players · You against 2 AIs ·
Single deal").

The choices, match length included, are remembered in settings.last_setup; Start hands a GameSetup to
app.start_game, the hook the table scene plugs into. With a game saved, Start first asks whether to
replace it (scenes/confirm.py): the one save slot is never replaced silently. A rules file that cannot
be used (catalog.GameInfo.broken) is listed with its first problem in place of the description, and
Start stays off; a start that fails anyway says why and leaves the player on this screen.
"""

from __future__ import annotations

import logging

import pygame

from revolt_table.ui import draw, matchtext, theme
from revolt_table.ui.catalog import GameInfo, load_catalog
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Button, OptionSelector, TextField
from revolt_table.services.names import visible_name
from revolt_table.services.userdata import SEAT_KINDS, GameSetup

MAX_SEATS = 6
MATCH_LENGTHS = tuple(range(1, 11))          # what the Length selector offers (plus a longer game default)

log = logging.getLogger(__name__)


def default_name(index: int) -> str:
    return t(f"setup.default_name_{index + 1}")


class NewGameScene(PageScene):
    quiet = True                # drawn only when something changed (issue 30)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.title = t("setup.title")
        self.games: list[GameInfo] = load_catalog(getattr(app, "rules_folder", None))
        last = app.settings.last_setup
        self.setup = GameSetup(last.game_id, last.variant, last.players, list(last.seats), list(last.names),
                               last.games)
        if self.games and self.setup.game_id not in {g.id for g in self.games}:
            self.setup.game_id = self.games[0].id
        self._pad_seats()

        self.game_selector = OptionSelector(
            t("setup.game"), [(g.id, t("setup.broken_game", name=g.name) if g.broken else self._book(g).name)
                              for g in self.games] or [("", t("setup.no_games"))],
            self.setup.game_id, self._set_game, name="game")
        self.variant_selector = OptionSelector(t("setup.variant"), [], "", self._set_variant, name="variant")
        self.players_selector = OptionSelector(t("setup.players"), [], 0, self._set_players, name="players")
        self.length_selector = OptionSelector(t("setup.length"), [], 0, self._set_length, name="length")
        self.name_fields = [TextField(self.setup.names[i], lambda text, i=i: self._set_name(i, text),
                                      max_length=16, placeholder=default_name(i), name=f"name{i + 1}")
                            for i in range(MAX_SEATS)]
        kinds = [(kind, t(f"setup.seat_{kind.replace(':', '_')}")) for kind in SEAT_KINDS]
        self.kind_selectors = [OptionSelector("", kinds, self.setup.seats[i],
                                              lambda kind, i=i: self._set_kind(i, kind), name=f"kind{i + 1}")
                               for i in range(MAX_SEATS)]
        self.back_button = Button(t("common.back"), self.back, name="back")
        self.rules_button = Button(t("setup.rules"), self.show_rules, name="rules")
        self.start_button = Button(t("setup.start"), self.start, style="primary", name="start")
        self._refresh_game_options()

    # ---------------------------------------------------------------- model
    @property
    def game(self) -> GameInfo | None:
        return next((g for g in self.games if g.id == self.setup.game_id), None)

    def _note_lines(self) -> tuple[list[str], int]:
        """The description as drawn: one line, shrunk a little if need be, else two lines (a long
        sentence in German or French is wrapped, never cut), the last one shortened only past two."""
        from revolt_table.ui.fonts import font

        note, m = self._note(), self.metrics
        if not note:
            return [], m.font_small
        width = self.panel_rect.width - 2 * m.pad if hasattr(self, "panel_rect") else m.px(780)
        smallest = max(11, int(m.font_small * 0.85))
        size = draw.fit_text(note, m.font_small, width)
        if size >= smallest:
            return [note], size
        lines = font(smallest).wrap(note, width)
        if len(lines) > 2:
            tail = " ".join(lines[1:])
            while tail and font(smallest).size(tail + "…")[0] > width:
                tail = tail[:-1]
            lines = [lines[0], tail.rstrip() + "…"]
        return lines, smallest

    def _note(self) -> str:
        """The line under the game: its description, or why a broken file cannot be played."""
        if self.game is None:
            return ""
        if self.game.broken:
            return t("setup.broken_note", detail=self.game.problems[0])
        book = self._book(self.game)
        notes = next((v for v in book.variants if v.id == self.setup.variant), None)
        return (notes.description if notes and notes.description else "") or book.summary

    def _book(self, game: GameInfo):
        """The game's name, summary and variants in the player's language (revolt_table/rulebook/__init__.py)."""
        from revolt_table.ui.scenes.rules import book_for

        cache = self.__dict__.setdefault("_books", {})
        if game.id not in cache:
            cache[game.id] = book_for(game)
        return cache[game.id]

    def _pad_seats(self) -> None:
        s = self.setup
        while len(s.seats) < MAX_SEATS:
            s.seats.append("human" if not s.seats else "ai:normal")
        while len(s.names) < MAX_SEATS:
            s.names.append(default_name(len(s.names)))
        # a default name in another language ("You" saved before switching to German) follows the language
        from revolt_table.services.i18n import LANGUAGES, t_in
        for i, name in enumerate(s.names):
            if any(name == t_in(lang, f"setup.default_name_{i + 1}") for lang in LANGUAGES):
                s.names[i] = default_name(i)

    @property
    def match_length(self) -> int:
        """The match length as chosen, else the game's own (a Dou Dizhu table plays a single deal)."""
        if self.setup.games > 0:
            return self.setup.games
        return self.game.default_games(self.setup.players) if self.game else 1

    @property
    def unit(self) -> str:
        return self.game.game_unit if self.game else "game"

    def summary(self) -> str:
        """The setup in one line: "3 players · You against 2 AIs · Single deal"."""
        if self.game is None or self.game.broken:
            return ""
        return matchtext.summary(self.setup.seats[:self.setup.players], self.match_length, self.unit)

    def _refresh_length_options(self) -> None:
        lengths = sorted(set(MATCH_LENGTHS) | {self.match_length})
        self.length_selector.set_options([(n, matchtext.count(self.unit, n)) for n in lengths], self.match_length)

    def _refresh_game_options(self) -> None:
        game = self.game
        shown = {v.id: v.name for v in self._book(game).variants} if game and not game.broken else {}
        variants = [("", t("setup.variant_standard"))] + [(vid, shown.get(vid, name)) for vid, name in
                                                          (game.variants if game else [])]
        if self.setup.variant not in {v for v, _ in variants}:
            self.setup.variant = ""
        self.variant_selector.set_options(variants, self.setup.variant)
        lo, hi = (game.min_players, game.max_players) if game else (3, 5)
        hi = min(hi, MAX_SEATS)
        self.setup.players = min(max(self.setup.players, lo), hi)
        self.players_selector.set_options([(n, str(n)) for n in range(lo, hi + 1)], self.setup.players)
        self._refresh_length_options()
        self.start_button.enabled = game is not None and not game.broken
        self.rules_button.enabled = game is not None
        for i in range(MAX_SEATS):
            shown = i < self.setup.players
            self.name_fields[i].visible = self.kind_selectors[i].visible = shown
        widgets = [self.game_selector, self.variant_selector, self.players_selector, self.length_selector]
        for i in range(self.setup.players):
            widgets += [self.name_fields[i], self.kind_selectors[i]]
        widgets += [self.back_button, self.rules_button, self.start_button]
        self.group.set_widgets(widgets)
        self.on_resize(self.size)

    def _remember(self) -> None:
        self.app.settings.last_setup = self.result()
        self.app.save_settings()

    def _set_game(self, game_id: str) -> None:
        self.setup.game_id = game_id
        self.setup.games = 0                 # another game: its own length first (Dou Dizhu: a single deal)
        self._refresh_game_options()
        self._remember()

    def _set_variant(self, variant: str) -> None:
        self.setup.variant = variant
        self.on_resize(self.size)                         # its description may add or drop a line
        self._remember()

    def _set_players(self, players: int) -> None:
        self.setup.players = players
        self._refresh_game_options()
        self._remember()

    def _set_length(self, games: int) -> None:
        self.setup.games = games
        self._remember()

    def _set_name(self, index: int, text: str) -> None:
        self.setup.names[index] = text
        self._remember()

    def _set_kind(self, index: int, kind: str) -> None:
        self.setup.seats[index] = kind
        self._remember()

    def result(self) -> GameSetup:
        """The setup as chosen: only the seats in play, blank names replaced by defaults."""
        n = self.setup.players
        names = [(visible_name(self.setup.names[i]) or default_name(i)) for i in range(n)]
        return GameSetup(self.setup.game_id, self.setup.variant, n, list(self.setup.seats[:n]), names,
                         self.setup.games)

    # ---------------------------------------------------------------- actions
    def start(self) -> None:
        """Start the table; with a game saved, ask first (the one save slot is never replaced silently)."""
        from revolt_table.ui.scenes.confirm import ask_before_replacing

        if self.game is not None and not self.game.broken:
            ask_before_replacing(self.app, self._start_now)

    def _start_now(self) -> None:
        setup = self.result()
        self.app.settings.last_setup = setup
        self.app.save_settings()
        try:
            self.app.start_game(setup)
        except Exception as exc:  # noqa: BLE001 - any failure to start is said here, never a crash
            log.exception("starting %s failed", setup.game_id)
            self.app.notify(t("setup.start_failed", detail=_first_line(exc)))
            if self not in self.app.scenes:          # the start got as far as clearing the scenes
                from revolt_table.ui.scenes.title import TitleScene
                self.app.reset_to(TitleScene(self.app))
                self.app.push(self)

    def show_rules(self) -> None:
        from revolt_table.ui.scenes.rules import RulesScene
        if self.game is not None:
            self.app.push(RulesScene(self.app, self.game.id))

    # ---------------------------------------------------------------- layout
    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m)
        width = min(size[0] - 2 * m.pad, m.px(820))
        self.summary_h = m.px(30)                         # the summary line between the panel and Start
        bottom_limit = size[1] - 2 * m.pad - m.button_height - self.summary_h
        seats = self.setup.players
        rows = 3 + seats                                  # game, variant, players + length, the seats
        self.panel_rect = pygame.Rect(0, 0, width, 0)     # the note's width is known before its height
        note_lines = len(self._note_lines()[0])
        self.note_h = m.px(30) + (m.px(20) if note_lines > 1 else 0) if note_lines else 0  # the description
        inner = m.px(20)
        row_h = m.row_height
        gap = m.px(10)
        self.caption_shown = True
        extra = m.px(40) + self.note_h                    # description + the "Seats" caption
        available = bottom_limit - top - 2 * inner - extra
        if rows * (row_h + gap) > available:              # small windows: the caption becomes a rule,
            self.caption_shown = False                    # then rows and gaps tighten evenly
            extra = m.px(14) + self.note_h
            gap = m.px(8)
            available = bottom_limit - top - 2 * inner - extra
        if rows * (row_h + gap) > available:
            row_h = max(m.px(30), int(available / rows) - gap)
        height = rows * (row_h + gap) - gap + extra + 2 * inner
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2, top, width, height)
        x, w = self.panel_rect.x + inner, width - 2 * inner
        y = self.panel_rect.y + inner
        for selector in (self.game_selector, self.variant_selector):
            selector.label_ratio = 0.34
            selector.set_rect(pygame.Rect(x, y, w, row_h))
            y += row_h + gap
        # players and length share a row: the count needs little room, and its control lines up above
        half = int(w * 0.5)
        self.players_selector.label_ratio = 0.34 * w / half
        self.players_selector.set_rect(pygame.Rect(x, y, half, row_h))
        self.length_selector.label_ratio = 0.36
        self.length_selector.set_rect(pygame.Rect(x + half + m.gap, y, w - half - m.gap, row_h))
        y += row_h + gap
        self.note_y = y + self.note_h // 2 - gap // 2
        self.seats_caption_y = y + self.note_h + (extra - self.note_h) // 2 - gap // 2
        y += extra
        seat_px = theme.label_px(m.row_height, 0.38, m.text)      # "Puesto 4" whole beside its row
        label_w = max(int(w * 0.12), font(seat_px).size(t("setup.seat_number", number=MAX_SEATS))[0] + m.px(8))
        name_w = int((w - label_w) * 0.45)
        self.seat_label_x = x
        self.seat_rows: list[int] = []
        for i in range(MAX_SEATS):
            self.seat_rows.append(y + row_h // 2)
            self.name_fields[i].set_rect(pygame.Rect(x + label_w, y, name_w - m.gap, row_h))
            self.kind_selectors[i].set_rect(pygame.Rect(x + label_w + name_w, y, w - label_w - name_w, row_h))
            if i < seats:
                y += row_h + gap
        self.row_h = row_h
        for widget in (self.game_selector, self.variant_selector, self.players_selector, self.length_selector,
                       *self.name_fields, *self.kind_selectors):
            widget.design_height = m.row_height          # squeezed rows keep their text's size (issue 28)
        bw, bh = m.box(200), m.button_height
        by = min(self.panel_rect.bottom + self.summary_h + m.pad, size[1] - m.pad - bh)
        self.summary_y = (self.panel_rect.bottom + by) // 2
        total = 3 * bw + 2 * m.gap
        bx = size[0] // 2 - total // 2
        for button in (self.back_button, self.rules_button, self.start_button):
            button.set_rect(pygame.Rect(bx, by, bw, bh))
            bx += bw + m.gap

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        cx = self.panel_rect.centerx
        lines, size = self._note_lines()
        colour = theme.DANGER if self.game is not None and self.game.broken else theme.TEXT_MUTED
        step = int(size * 1.25)
        for i, line in enumerate(lines):
            draw.text(surface, line, size, colour, center=(cx, self.note_y + int((i - (len(lines) - 1) / 2) * step)))
        half = self.panel_rect.width // 2 - m.px(20)
        if self.caption_shown:
            draw.text(surface, t("setup.seats"), m.font_small, theme.GOLD, bold=True,
                      center=(cx, self.seats_caption_y))
        for dx in (-1, 1):
            x0 = cx + dx * (m.px(60) if self.caption_shown else 0)
            pygame.draw.line(surface, theme.GOLD_DARK, (x0, self.seats_caption_y),
                             (cx + dx * half, self.seats_caption_y), 1)
        summary = self.summary()
        if summary:
            fit = draw.fit_text(summary, m.font_body, m.width - 2 * m.pad, bold=True)
            draw.text(surface, summary, fit, theme.GOLD_LIGHT, bold=True, center=(cx, self.summary_y))
        size = self.name_fields[0].label_size(0.38)
        room = self.name_fields[0].rect.x - self.seat_label_x - m.px(4)
        for i in range(self.setup.players):
            label = t("setup.seat_number", number=i + 1)
            draw.text(surface, label, draw.fit_text(label, size, room), theme.TEXT_MUTED,
                      midleft=(self.seat_label_x, self.seat_rows[i]))


def _first_line(exc: Exception) -> str:
    """What went wrong, in one short line (the whole traceback is in the log)."""
    from revolt_table.engine.message import shorten

    text = str(exc).strip().splitlines()
    return shorten(text[0] if text else type(exc).__name__, 160)
