"""History: every finished game kept, newest first, and what can be done with one.

A row shows the game (and variant), when it was played, how many moves, who won, and each seat: the
name (a star for a winner), the level that sat there and the final points. A game whose record no
longer replays (its rules changed or went away) is listed all the same, with the reason in red: the
list never hides a game and never fails on one. Files that are not games at all were set aside by the
store, and a toast says so.

For the selected game: "Replay this deal" deals the same cards to the same seats (same levels, names,
seed and start seat: ui/session.Session.from_deal) and plays it as a one-game match, after asking
whether to replace the saved game when there is one (as New game does); Review opens it
move by move with every hand face up and the analysis of the player's decisions (scenes/review.py);
Export writes it
to a file of the player's choice (a path typed or pasted: pygame has no file dialog), Delete removes
it after asking. Import adds a game from a file; Statistics opens the figures for the selected game.

Keys: Up/Down, PageUp/PageDown, Home/End choose a game; Enter is the focused button (Replay this deal
at first); Tab / Shift+Tab and Left/Right go through the buttons; Delete asks to delete; Esc goes back.
The history is read in a thread (ui/history_loader.py): the list appears at once from the index and
the reasons fill in when the replays are done.
"""

from __future__ import annotations

import logging
import os
from datetime import datetime
from pathlib import Path
from typing import Callable, NamedTuple

import pygame

from revolt_table.engine.message import Message
from revolt_table.records.history import EntrySummary, deal_setup
from revolt_table.records.replay import R_ERROR, R_RULES, R_SETUP
from revolt_table.records.store import HistoryFull, HistoryStore
from revolt_table.services.i18n import say
from revolt_table.services.oserrors import os_reason
from revolt_table.records.replay_text import date_text, game_title, import_problem
from revolt_table.ui import recorder, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.history_loader import HistoryLoader, reasons
from revolt_table.ui.i18n import t, tn
from revolt_table.ui.scenes.common import ReadingPage, header_bottom
from revolt_table.ui.scenes.dialog import Dialog
from revolt_table.ui.scenes.rowtext import block_height, draw_block, lines_of, step
from revolt_table.ui.widgets import Button
from revolt_table.ui.widgets.wraplist import WrapList
from revolt_table.ui.widgets.textfit import line


def row_band(surface: pygame.Surface, m, band: pygame.Rect, selected: bool, hovered: bool,
             odd: bool = False) -> pygame.Rect:
    """A list row's background: gold-edged when selected, lighter when hovered, odd rows shaded."""
    if selected:
        pygame.draw.rect(surface, theme.BUTTON_HOVER, band, border_radius=m.radius)
        pygame.draw.rect(surface, theme.GOLD, band, max(1, m.px(2)), border_radius=m.radius)
    elif hovered:
        pygame.draw.rect(surface, theme.BUTTON, band, border_radius=m.radius)
    elif odd:
        pygame.draw.rect(surface, theme.BUTTON_PRESSED, band, border_radius=m.radius)
    return band


log = logging.getLogger(__name__)

S = "history.screen."
UNDEALABLE = (R_RULES, R_SETUP, R_ERROR)       # reasons that mean the deal itself cannot be made again
LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


def level_name(kind: str) -> str:
    """A seat's level in a word (Human, Easy...): History rows are narrow."""
    return t(S + "level." + kind.replace(":", "_"))


def export_folder() -> Path:
    """Where an export goes unless the player types another path: Documents if there is one, else home."""
    home = Path.home()
    documents = home / "Documents"
    return documents if documents.is_dir() else home


def export_name(summary: EntrySummary) -> str:
    """A file name that says what the game is and when it was played."""
    when = datetime.fromisoformat(summary.date)
    return f"revolt-table-{summary.game}-{when:%Y%m%d-%H%M}.json"


class HistoryScene(ReadingPage):
    """select: the id of a game to select once the list is read. leave: run before a replayed deal
    replaces every screen (from the results: the finished table's session is closed)."""

    def __init__(self, app, *, select: str | None = None, leave: Callable[[], None] | None = None,
                 folder: Path | str | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.store = HistoryStore(folder)
        self.leave = leave
        self.entries: list[EntrySummary] = []
        self.reasons: dict[str, Message] = {}
        self._titles: dict[tuple[str, str, str], str] = {}
        self.left_share = 0.36           # of a row's width for the game, date and winner (on_resize)
        self._focus_moved = False        # focus left Replay because it went grey (it comes back)
        self.list = WrapList(self._draw_row, self._row_height, on_select=lambda _: self._refresh_buttons())
        self.replay_button = Button("", self.replay, style="primary", name="replay")
        self.review_button = Button("", self.review, name="review")
        self.export_button = Button("", self.export, name="export")
        self.delete_button = Button("", self.delete, name="delete")
        self.import_button = Button("", self.import_game, name="import")
        self.statistics_button = Button("", self.statistics, name="statistics")
        self.back_button = Button("", self.back, name="back")
        self.buttons = [self.replay_button, self.review_button, self.export_button, self.delete_button,
                        self.import_button, self.statistics_button, self.back_button]
        self.group.set_widgets([self.list] + self.buttons, keep=False)
        self.loader = self._start_loading(select)
        self.on_language()

    # ---------------------------------------------------------------- reading
    def _start_loading(self, select: str | None) -> HistoryLoader:
        self._wanted = select
        self._listed = self._reasoned = False
        return HistoryLoader(self.folder, after=recorder.wait)

    def reload(self, select: str | None = None) -> None:
        """Read the history again (after an import or a delete), keeping `select` (or the selection)."""
        current = self.selected
        self.loader = self._start_loading(select or (current.id if current else None))

    def take_answers(self) -> None:
        loader = self.loader
        if not self._listed and loader.summaries is not None:
            self._listed = True
            self.entries = list(loader.summaries)
            index = next((i for i, s in enumerate(self.entries) if s.id == self._wanted), None)
            if index is None and self.list.selected >= 0:
                index = min(self.list.selected, len(self.entries) - 1)
            self.list.set_count(len(self.entries), index if index is not None else 0)
            self.list.show(self.list.selected)
            self._refresh_buttons()
        if self._listed and not self._reasoned and loader.facts is not None:
            self._reasoned = True
            self.reasons = reasons(loader.facts)
            self.list.forget_heights()                  # a reason takes a winner's place in its row
            self._refresh_buttons()
        for text in grouped(loader.take_warnings()):
            self.app.notify(text)

    @property
    def loading(self) -> bool:
        return not self._listed

    def still_reading(self) -> bool:
        """Its answers change the list, then the buttons (the reasons a game cannot be replayed)."""
        return not self._reasoned

    @property
    def selected(self) -> EntrySummary | None:
        i = self.list.selected
        return self.entries[i] if 0 <= i < len(self.entries) else None

    def select_id(self, entry_id: str) -> bool:
        index = next((i for i, s in enumerate(self.entries) if s.id == entry_id), None)
        if index is None:
            return False
        self.list.select(index)
        return True

    def title_of(self, summary: EntrySummary) -> str:
        from revolt_table.services.i18n import language

        key = (summary.game, summary.variant, language())
        if key not in self._titles:
            self._titles[key] = game_title(summary)
        return self._titles[key]

    # ---------------------------------------------------------------- texts and buttons
    def on_language(self) -> None:
        self.title = t(S + "title")
        for button in self.buttons:
            button.text = t(S + button.name) if button is not self.back_button else t("common.back")

    def _refresh_buttons(self) -> None:
        chosen = self.selected
        reason = self.reasons.get(chosen.id) if chosen else None
        self.replay_button.enabled = chosen is not None and (reason is None or reason.code not in UNDEALABLE)
        self.review_button.enabled = chosen is not None and reason is None
        self.export_button.enabled = self.delete_button.enabled = chosen is not None
        self.statistics_button.enabled = bool(self.entries)
        focused = self.group.focused
        if focused is None or not focused.enabled:     # off a button that just went grey
            self._focus_moved = focused is self.replay_button or self._focus_moved
            self.group.focus(next((b for b in self.buttons if b.enabled and b.visible), None))
        elif self._focus_moved and self.replay_button.enabled:
            self._focus_moved = False                  # ...and back once it can be used again
            self.group.focus(self.replay_button)

    # ---------------------------------------------------------------- actions
    def replay(self) -> None:
        """Deal the selected game again, same seats, and play it; with a game saved, ask first (the
        new table is saved in its place, as New game asks: scenes/confirm.py)."""
        from revolt_table.ui.scenes.confirm import ask_before_replacing

        if self.selected is not None:
            ask_before_replacing(self.app, self._replay_now)

    def _replay_now(self) -> None:
        from revolt_table.engine import RulesError
        from revolt_table.ui.scenes.table import TableScene
        from revolt_table.ui.session import Session

        chosen = self.selected
        if chosen is None:
            return
        try:
            session = Session.from_deal(deal_setup(chosen), ai_pace=self.app.settings.ai_pace,
                                        save=self.app.saves_games)
        except (RulesError, ValueError, OSError) as exc:
            log.warning("history: cannot deal %s again: %s", chosen.id, exc)
            self.app.notify(t(S + "cannot_deal", game=self.title_of(chosen)))
            return
        session.save()
        if self.leave is not None:
            self.leave()
        self.app.reset_to(TableScene(self.app, session))

    def review(self) -> None:
        """The selected game move by move (scenes/review.py); one that cannot be read or replayed is
        said in a toast."""
        from revolt_table.ui.scenes.review import open_review

        chosen = self.selected
        entry = self.store.load(chosen.id) if chosen is not None else None
        for message in self.store.take_warnings():
            self.app.notify(say(message))
        if entry is None:
            self.app.notify(t(S + "export_gone"))
            return
        open_review(self.app, entry)

    def export(self) -> None:
        chosen = self.selected
        if chosen is None:
            return
        default = export_folder() / export_name(chosen)

        def write(text: str) -> str | None:
            if not text:
                return t(S + "no_path")
            path = Path(text).expanduser()
            try:                                     # any question about a typed path may fail (a name
                if path.is_dir():                    # over 255 bytes, a folder that cannot be read...)
                    path = path / export_name(chosen)
                if os.path.lexists(path):
                    return t(S + "export_exists", file=str(path))
                self.store.export(chosen.id, path)
            except LookupError:
                return t(S + "export_gone")
            except (OSError, ValueError) as exc:     # ValueError: a NUL in the path
                reason = os_reason(exc) if isinstance(exc, OSError) else t("files.os.bad_name")
                return t(S + "export_failed", file=str(path), reason=reason)
            self.app.notify(t(S + "export_done", file=str(path)))
            return None

        self.app.push(Dialog(self.app, t(S + "export_title"),
                             t(S + "export_prompt", game=self.title_of(chosen), date=date_text(chosen.date)),
                             ok=t(S + "export_ok"), on_ok=write, field=str(default)))

    def import_game(self) -> None:
        """Ask for a file and add its game: one that does not replay to the result it states is refused
        with the reason; with the history full, a second question names the game that importing would
        delete (No keeps everything as it is)."""
        def read(text: str) -> str | None:
            if not text:
                return t(S + "no_path")
            path = Path(text).expanduser()
            try:
                entry = self.store.import_file(path)
            except HistoryFull as full:
                self.app.pop()                          # this question, then the next one
                self._ask_to_make_room(path, full)
                return None
            except (OSError, ValueError) as exc:
                return import_problem(path, exc)
            self._imported(entry)
            return None

        self.app.push(Dialog(self.app, t(S + "import_title"), t(S + "import_prompt"), ok=t(S + "import_ok"),
                             on_ok=read, field=str(export_folder()) + "/"))

    def _ask_to_make_room(self, path: Path, full: HistoryFull) -> None:
        oldest = full.dropped[0]

        def make_room(_: str) -> str | None:
            try:
                entry = self.store.import_file(path, make_room=True)
            except (OSError, ValueError) as exc:
                return import_problem(path, exc)
            self._imported(entry)
            return None

        self.app.push(Dialog(self.app, t("files.import.full_title"),
                             tn("files.import.full_prompt", full.limit, game=self.title_of(oldest),
                                date=date_text(oldest.date)),
                             ok=t("files.import.full_ok"), on_ok=make_room, danger=True))

    def _imported(self, entry) -> None:
        for message in self.store.take_warnings():
            self.app.notify(say(message))
        self.app.notify(t(S + "import_done", game=self.title_of(entry.summary()), date=date_text(entry.date)))
        self.reload(select=entry.id)

    def delete(self) -> None:
        chosen = self.selected
        if chosen is None:
            return

        def remove(_: str) -> str | None:
            try:
                self.store.delete(chosen.id)
            except OSError as exc:
                return t(S + "delete_failed", reason=os_reason(exc))
            for message in self.store.take_warnings():
                self.app.notify(say(message))
            index = self.list.selected
            self.entries = [s for s in self.entries if s.id != chosen.id]
            self.list.set_count(len(self.entries), min(index, len(self.entries) - 1))
            self._refresh_buttons()
            return None

        self.app.push(Dialog(self.app, t(S + "delete_title"),
                             t(S + "delete_prompt", game=self.title_of(chosen), date=date_text(chosen.date)),
                             ok=t(S + "delete_ok"), on_ok=remove, danger=True))

    def statistics(self) -> None:
        from revolt_table.ui.scenes.statistics import StatisticsScene

        chosen = self.selected
        player = next((s.name for s in chosen.seats if s.kind == "human"), None) if chosen else None
        self.app.push(StatisticsScene(self.app, game=chosen.game if chosen else None, player=player,
                                      folder=self.folder))

    # ---------------------------------------------------------------- scene protocol
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in LIST_KEYS:
                return self.list.handle_key(event.key)
            if event.key == pygame.K_DELETE and self.delete_button.enabled:
                self.delete()
                return True
        return super().handle_event(event)

    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m)
        bottom = size[1] - m.pad
        bh = m.button_height
        label = font(m.tx(20), True)                    # a button's label size, or a little more
        need = max(label.size(b.text)[0] for b in self.buttons) + bh // 2 + m.px(8)
        bw = max(min(m.box(250), size[0] // 4), min(need, int(size[0] * 0.32)))     # labels whole in German
        width = min(size[0] - 2 * m.pad, m.px(1500))
        x0 = (size[0] - width) // 2
        list_w = width - bw - m.pad
        # under the list: the reason the selected game no longer replays (two lines kept for it) and the hint
        self.hint_lines = lines_of(t(S + "hint"), m.font_small, list_w)
        lines_h = m.gap + block_height(self.hint_lines, m.font_small) + 2 * step(m.font_small)
        row_h = int(3.6 * m.font_small) + m.px(14)             # a one-line row: the scrollbar's width
        inner = pygame.Rect(x0 + m.px(10), top + m.px(10), list_w - m.px(20), bottom - lines_h - top - m.px(20))
        self.list.set_rect(inner, row_h)
        self.panel_rect = pygame.Rect(x0, top, list_w, self.list.rect.height + m.px(20))
        self.status_y = self.panel_rect.bottom + m.gap
        self.list_x, self.list_w = x0, list_w
        y = top
        for button in self.buttons:
            if not button.visible:
                continue
            if button is self.import_button or button is self.back_button:
                y += m.gap                              # a little air between groups of buttons
            button.set_rect(pygame.Rect(x0 + list_w + m.pad, y, bw, bh))
            y += bh + m.gap
        self.list.show(self.list.selected)
        # the game's column: room for a date and a move count in this language, within 36-45 % of a row
        sample = t(S + "date_moves", date="2026-12-31 23:59", moves=t(S + "moves", count=888))
        need = font(m.font_small).size(sample)[0] + m.px(30)
        self.left_share = min(0.45, max(0.36, need / max(1, self.list.rows_width)))
        self.list.forget_heights()                      # the rows' heights follow the column
        self.list.show(self.list.selected)

    # ---------------------------------------------------------------- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        rect = self.list.rect
        if self.loading or not self.entries:
            text = t(S + "loading") if self.loading else t(S + "empty")
            line(surface, text, m.font_body, theme.TEXT_MUTED, rect.width - 2 * m.pad, center=rect.center)
        chosen = self.selected
        reason = self.reasons.get(chosen.id) if chosen else None
        width = self.list_w
        y = self.status_y
        if reason is not None:
            status = lines_of(t("history.text.unreplayable", reason=say(reason)), m.font_small, width)
            y = draw_block(surface, status, m.font_small, theme.DANGER, self.list_x, y)
        draw_block(surface, self.hint_lines, m.font_small, theme.TEXT_MUTED, self.list_x,
                   max(y, self.status_y + step(m.font_small)))

    def _row_parts(self, index: int, width: int) -> tuple[list[Part], int]:
        """Row `index` laid out in a band `width` wide: its texts (offsets from the band's inner corner)
        and the band's height. The game, its date and the winner (or the reason it no longer replays)
        on the left; the seats in a grid on the right, as many side by side as their names allow, each
        name, level and points wrapped in its cell: nothing is cut."""
        m = self.metrics
        s = self.entries[index]
        pad, small = m.px(10), m.font_small
        inner_w = width - 2 * pad
        left_w = int(inner_w * self.left_share) - pad
        parts: list[Part] = []
        y = 0
        reason = self.reasons.get(s.id)
        when = t(S + "date_moves", date=date_text(s.date), moves=t(S + "moves", count=s.move_count))
        if reason is not None:
            last = (t("history.text.unreplayable", reason=say(reason)), theme.DANGER, False)
        else:
            names = t("history.text.separator").join(s.seats[w].name for w in s.winners)
            last = (t("history.text.winners" if len(s.winners) > 1 else "history.text.winner", names=names),
                    theme.TEXT, False)
        for text, size, colour, bold in ((self.title_of(s), m.tx(17), theme.GOLD_LIGHT, True),
                                         (when, small, theme.TEXT_MUTED, False), (last[0], small, last[1], False)):
            lines = lines_of(text, size, left_w, bold=bold)
            parts.append(Part(lines, size, colour, bold, 0, y, left_w, "left"))
            y += block_height(lines, size)
        left_h = y
        x0 = int(inner_w * self.left_share)
        right_w = inner_w - x0
        cells = []
        for seat, (who, points) in enumerate(zip(s.seats, s.scores)):
            won = seat in s.winners
            name = ("★ " if won else "") + (who.name or t("setup.seat_number", number=seat + 1))
            cells.append(((name, small, theme.GOLD_LIGHT if won else theme.TEXT, won),
                          (level_name(who.kind), small, theme.TEXT_MUTED, False),
                          (str(points), m.tx(16), theme.GOLD_LIGHT if won else theme.TEXT, True)))
        gap = m.px(8)
        need = max((font(size, bold).size(text)[0] for cell in cells for text, size, _c, bold in cell), default=1)
        columns = max(1, min(len(cells), right_w // max(1, min(right_w, need + gap))))
        cell_w = right_w // columns
        y = 0
        for first in range(0, len(cells), columns):
            bottom = y
            for k, cell in enumerate(cells[first:first + columns]):
                cy = y
                for text, size, colour, bold in cell:
                    lines = lines_of(text, size, cell_w - gap, bold=bold)
                    parts.append(Part(lines, size, colour, bold, x0 + k * cell_w, cy, cell_w, "center"))
                    cy += block_height(lines, size)
                bottom = max(bottom, cy)
            y = bottom + (m.px(4) if first + columns < len(cells) else 0)
        return parts, max(left_h, y) + 2 * m.px(6) + m.px(4)

    def _row_height(self, index: int, width: int) -> int:
        return self._row_parts(index, width)[1]

    def _draw_row(self, surface: pygame.Surface, index: int, rect: pygame.Rect, selected: bool, hovered: bool) -> None:
        m = self.metrics
        band = row_band(surface, m, rect.inflate(-m.px(4), -m.px(4)), selected, hovered, odd=index % 2 == 1)
        parts, _height = self._row_parts(index, rect.width)
        x, y = band.x + m.px(10), band.y + m.px(6)
        for p in parts:
            draw_block(surface, p.lines, p.size, p.colour, x + p.x, y + p.y, bold=p.bold, align=p.align,
                       width=p.width)


class Part(NamedTuple):
    """A text of a History row, wrapped: where it goes from the row's inner corner and how."""

    lines: list[str]
    size: int
    colour: tuple
    bold: bool
    x: int
    y: int
    width: int
    align: str


SET_ASIDE = ("history.warning.corrupt", "history.warning.too_big", "history.warning.not_regular")


def grouped(messages: list[Message]) -> list[str]:
    """The store's warnings as toasts: files set aside are said in one sentence when there are several
    (a damaged folder must not bury the screen under a toast per file), the others one by one."""
    aside = [m.args["file"] for m in messages if m.code in SET_ASIDE]
    rest = [say(m) for m in messages if m.code not in SET_ASIDE]
    if len(aside) < 2:
        return [say(m) for m in messages]
    return [tn("files.history.set_aside", len(aside), files=", ".join(aside))] + rest


def open_window(select: str) -> int:
    """`revolt-table replay FILE|--last` without --text: the window at the game's Review, over History
    with the game selected, over the title (Back goes to History, then to the title). A game that no
    longer replays stays at History, which says why."""
    from revolt_table.ui import launch
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.title import TitleScene

    app = App()
    launch.install(app)
    app.push(TitleScene(app))
    history = HistoryScene(app, select=select)
    app.push(history)
    history.wait_loaded()
    if history.select_id(select):
        history.review()
    app.run()
    return 0
