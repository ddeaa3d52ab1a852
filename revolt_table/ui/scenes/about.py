"""About (from Settings): the version, the licences, and the player's folders, each openable.

Why a page of its own: a player asking for help needs the version and the logs folder; a player
looking for a save, the history or their rules files needs to know where they are; and a build that
ships pygame-ce, SDL and their libraries must show their licences. The left column gives the
version and names the five folders (settings, saves, history, the player's rules files, logs) with
their paths and an Open button each (services/filemanager.py: Explorer, Finder or xdg-open, never
through a shell); a folder that cannot be opened is said in a message with its path, and a system
with no file manager is said under the list, with the buttons off. The right column scrolls a
sentence in the player's language, then LICENSE and THIRD-PARTY-NOTICES (services/notices.py finds
them in a build, an install or the checkout; legal texts stay in English); a file that is missing is
said there instead.

An opener that starts but then fails (xdg-open finding nothing to show the folder with) is watched
for a few seconds, and its failure is said like any other.
"""

from __future__ import annotations

import logging
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from revolt_table import __version__
from revolt_table.services import filemanager, notices, userdata
from revolt_table.ui import draw, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene, header_bottom
from revolt_table.ui.widgets import Button
from revolt_table.ui.widgets import textfit
from revolt_table.ui.widgets.longtext import LongTextView

log = logging.getLogger(__name__)
FOLDER_KEYS = ("settings", "saves", "history", "rules", "logs")
WATCH_SECONDS = 5.0          # how long a started opener is watched for a failure


@dataclass(frozen=True)
class Folder:
    """One of the player's folders: its path, or why it cannot be used."""

    key: str
    path: Path | None
    problem: str = ""


def _history_dir() -> Path:
    from revolt_table.records.store import FOLDER

    return userdata.data_dir() / FOLDER


def _log_dir() -> Path:
    from revolt_table.services.crash import log_folder

    return log_folder()                      # where crash logs really go (its own fallbacks included)


FOLDER_GETTERS: dict[str, Callable[[], Path]] = {
    "settings": userdata.config_dir,
    "saves": userdata.data_dir,
    "history": _history_dir,
    "rules": lambda: userdata.user_rules_dir(create=False),
    "logs": _log_dir,
}


def user_folders() -> list[Folder]:
    """The five folders About lists, in its order; one that cannot be made says why."""
    out = []
    for key in FOLDER_KEYS:
        try:
            out.append(Folder(key, Path(FOLDER_GETTERS[key]())))
        except OSError as exc:
            out.append(Folder(key, None, exc.strerror or type(exc).__name__))
    return out


def licence_text() -> str:
    """What the licences box shows: a sentence in the player's language saying what follows, then
    LICENSE and THIRD-PARTY-NOTICES (legal texts, in English); a file this copy lacks is said instead."""
    parts = [t("about.summary")]
    for notice in notices.read_all():
        parts.append(notice.text.strip("\n") if notice.text else t("about.licence_missing", name=notice.name))
    return ("\n\n" + "=" * 40 + "\n").join(parts) + "\n"


def fit_path(text: str, size: int, width: int, lines: int) -> list[str]:
    """A path in at most `lines` lines of `width` px, broken after a separator (inside a part only when
    the part alone is too wide); one too long for them keeps its start and its end, the folder's own
    name, with "…" between: "/home/anna/…/RevoltTable/logs"."""
    face = font(size)
    pieces = [piece for piece in re.split(r"(?<=[/\\])", text) if piece]
    out: list[str] = []
    for piece in pieces:
        if out and face.size(out[-1] + piece)[0] <= width:
            out[-1] += piece
        elif face.size(piece)[0] <= width:
            out.append(piece)
        else:                                        # a part wider than the line: break it anywhere
            out += textfit.wrap(piece, size, width, max_lines=1000)
    if len(out) <= lines:
        return out
    head, tail = out[:lines - 1], _tail(text)
    while tail and face.size(textfit.ELLIPSIS + tail)[0] > width:
        tail = tail[1:]
    start = out[lines - 1]
    while start and face.size(start + textfit.ELLIPSIS + tail)[0] > width:
        start = start[:-1]
    return head + [start + textfit.ELLIPSIS + tail]


def _tail(text: str) -> str:
    """The end of a path worth keeping whole: its last two parts."""
    parts = Path(text).parts
    return str(Path(*parts[-2:])) if len(parts) >= 2 else text


class AboutScene(PageScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.folders = user_folders()
        self.has_file_manager = filemanager.available()
        self.open_buttons = [Button("", lambda f=f: self.open_folder(f), name=f"open_{f.key}") for f in self.folders]
        for button, folder in zip(self.open_buttons, self.folders):
            button.enabled = self.has_file_manager and folder.path is not None
        self.licences = LongTextView(licence_text(), name="licences")
        self.back_button = Button("", self.back, name="back")
        self.group.set_widgets(self.open_buttons + [self.licences, self.back_button], keep=False)
        self._watching: list[tuple[subprocess.Popen, Folder, float]] = []
        self.on_language()

    # ---------------------------------------------------------------- texts
    def on_language(self) -> None:
        self.title = t("about.title")
        for button in self.open_buttons:
            button.text = t("about.open")
        self.back_button.text = t("common.back")
        self.licences.set_text(licence_text())                 # its first sentence is the player's language

    # ---------------------------------------------------------------- opening
    def open_folder(self, folder: Folder) -> None:
        """Show the folder in the file manager; say so, with its path, when that fails."""
        if folder.path is None:
            return
        try:
            process = filemanager.open_folder(folder.path)
        except (OSError, ValueError, subprocess.SubprocessError) as exc:
            log.warning("cannot open %s: %s", folder.path, exc)
            self._failed(folder)
            return
        if process is not None:
            self._watching.append((process, folder, 0.0))

    def _failed(self, folder: Folder) -> None:
        self.app.notify(t("about.open_failed", folder=str(folder.path)))

    def update(self, dt: float) -> None:
        super().update(dt)
        still = []
        for process, folder, age in self._watching:
            code = process.poll()
            if code is None and age + dt < WATCH_SECONDS:
                still.append((process, folder, age + dt))
            elif code not in (None, 0):
                log.warning("the file manager could not open %s (exit %s)", folder.path, code)
                self._failed(folder)
        self._watching = still

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.licences.page(-1 if event.key == pygame.K_PAGEUP else 1)
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):        # a jump, not a 50,000-pixel glide
                self.licences.scroll_to(0 if event.key == pygame.K_HOME else self.licences.max_scroll)
                return True
        return super().handle_event(event)

    # ---------------------------------------------------------------- layout
    def on_resize(self, size: tuple[int, int]) -> None:
        m = self.metrics
        top = header_bottom(m)
        width = min(size[0] - 2 * m.pad, m.px(1240))
        bottom = size[1] - 2 * m.pad - m.button_height
        self.panel_rect = pygame.Rect(size[0] // 2 - width // 2, top, width, bottom - top)
        inner = self.panel_rect.inflate(-2 * m.pad, -2 * m.pad)
        left_w = int(inner.width * 0.42)
        self.left = pygame.Rect(inner.x, inner.y, left_w, inner.height)
        self.right = pygame.Rect(inner.x + left_w + m.pad, inner.y, inner.width - left_w - m.pad, inner.height)
        self.caption_h = m.font_small + m.px(14)
        # left: the version, then the folders (and, without a file manager, a note saying so)
        self.version_y = self.left.y + m.font_heading // 2 + m.px(2)
        self.folders_top = self.version_y + m.font_heading // 2 + m.px(14)
        rows_top = self.folders_top + self.caption_h
        line_h = draw.render_text("Ag", m.font_small, theme.TEXT).get_height()
        self.note_lines = [] if self.has_file_manager else textfit.wrap(t("about.no_file_manager"), m.font_small,
                                                                         self.left.width, max_lines=3)
        room = self.left.bottom - rows_top - len(self.note_lines) * line_h - m.px(4)
        self.row_h = max(m.px(44), min(m.px(78), room // len(self.folders)))
        button_h = min(m.box(36), self.row_h - m.px(10))
        button_w = min(m.box(120), self.left.width // 3)
        self.path_size = max(11, m.font_small - m.px(1))
        self.path_step = draw.render_text("Ag", self.path_size, theme.TEXT_MUTED).get_height() - 1
        self.label_h = draw.render_text("Ag", m.font_body, theme.TEXT).get_height()
        self.rows, self.path_lines = [], []
        for i, (button, folder) in enumerate(zip(self.open_buttons, self.folders)):
            row = pygame.Rect(self.left.x, rows_top + i * self.row_h, self.left.width, self.row_h)
            self.rows.append(row)
            button.set_rect(pygame.Rect(row.right - button_w, row.centery - button_h // 2, button_w, button_h))
            lines = max(1, min(2, (row.bottom - row.y - self.label_h) // self.path_step))
            where = str(folder.path) if folder.path is not None else t("about.folder_unusable", reason=folder.problem)
            self.path_lines.append(fit_path(where, self.path_size, button.rect.x - row.x - m.gap, lines))
        self.note_top = rows_top + len(self.folders) * self.row_h + m.px(2)
        # right: the licences
        self.licences.set_rect(pygame.Rect(self.right.x, self.right.y + self.caption_h, self.right.width,
                                           self.right.height - self.caption_h), base_size=m.font_small)
        bw = m.px(220)
        self.back_button.set_rect(pygame.Rect(size[0] // 2 - bw // 2, size[1] - m.pad - m.button_height,
                                              bw, m.button_height))

    # ---------------------------------------------------------------- drawing
    def _caption(self, surface: pygame.Surface, text: str, rect: pygame.Rect, y: int, end: int | None = None) -> None:
        """A section's gold caption with a rule after it (to `end`, else the column's right edge)."""
        m = self.metrics
        end = rect.right if end is None else end
        size = draw.fit_text(text, m.font_small, end - rect.x, bold=True)
        shown = draw.text(surface, text, size, theme.GOLD, bold=True, midleft=(rect.x, y))
        if shown.right + m.gap < end:
            pygame.draw.line(surface, theme.GOLD_DARK, (shown.right + m.gap, y), (end, y), 1)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.metrics
        title = t("about.version", version=__version__)
        textfit.line(surface, title, m.font_heading, theme.GOLD_LIGHT, self.left.width, bold=True,
                     midleft=(self.left.x, self.version_y))
        line_h = draw.render_text("Ag", m.font_small, theme.TEXT).get_height()
        self._caption(surface, t("about.folders"), self.left, self.folders_top + self.caption_h // 2 - m.px(4))
        for row, button, folder, lines in zip(self.rows, self.open_buttons, self.folders, self.path_lines):
            room = button.rect.x - row.x - m.gap
            top = row.centery - (self.label_h + len(lines) * self.path_step) // 2    # label and path, centred
            textfit.line(surface, t(f"about.folder.{folder.key}"), m.font_body, theme.TEXT, room,
                         midleft=(row.x, top + self.label_h // 2))
            for j, text in enumerate(lines):
                draw.text(surface, text, self.path_size, theme.TEXT_MUTED,
                          topleft=(row.x, top + self.label_h + j * self.path_step))
        for i, text in enumerate(self.note_lines):
            draw.text(surface, text, m.font_small, theme.GOLD, topleft=(self.left.x, self.note_top + i * line_h))
        caption_y = self.right.y + self.caption_h // 2 - m.px(4)
        hint = t("about.scroll_hint")
        caption = draw.font(m.font_small, True).size(t("about.licences"))[0]       # the hint takes the rest
        hint_size = draw.fit_text(hint, max(11, m.font_small - m.px(2)), self.right.width - caption - 3 * m.gap)
        shown = draw.text(surface, hint, hint_size, theme.TEXT_MUTED, midright=(self.right.right, caption_y))
        self._caption(surface, t("about.licences"), self.right, caption_y, end=shown.x - m.gap)
