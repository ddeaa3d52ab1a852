"""Popups and panels a table opens over itself: a choice that must be answered, a summary to read.

`ChoicePopup` is modal: while open it takes every event first and nothing under it gets any (the hand,
the buttons), so a card with several ways to play (Révolte!'s cut or play, Revolución's targets) asks
once and the table waits. Choices are stacked above an anchor (the card); each may be disabled with a
reason shown when pointed at. A click on one, its number key, or Up/Down and Enter choose; Esc, a right
click or a click outside close it without choosing.

`SummaryPanel` draws a titled table of rows (widgets.summary_panel) while its `summary` is set; it
takes no input: the beat that shows it waits for a click (Beat.wait_for_click), which the scene turns
into a skip, so the panel closes when the beat ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from revolt_table.engine import Message
from revolt_table.ui import draw, i18n, theme
from revolt_table.ui.table import widgets
from revolt_table.ui.table.hand import NUMBER_KEYS, REASON_RGB
from revolt_table.ui.table.section import Z_END, Z_POPUP, Section


@dataclass(frozen=True)
class Choice:
    """One line of a ChoicePopup: its text, what choosing it gives back, and why it is disabled."""

    label: str
    value: Any
    enabled: bool = True
    reason: Message | None = None


class ChoicePopup(Section):
    """A modal stack of choices over an anchor rectangle (see the module docstring)."""

    z = Z_POPUP
    modal = True

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name)
        self.choices: list[Choice] = []
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.on_choose: Callable[[Any], None] | None = None
        self.on_cancel: Callable[[], None] | None = None
        self.focus = 0
        self.hover: int | None = None
        self.rects: list[pygame.Rect] = []

    def open(self, anchor: pygame.Rect, choices: list[Choice], on_choose: Callable[[Any], None],
             on_cancel: Callable[[], None] | None = None) -> None:
        self.anchor, self.choices = pygame.Rect(anchor), list(choices)
        self.on_choose, self.on_cancel = on_choose, on_cancel
        self.focus = next((i for i, c in enumerate(self.choices) if c.enabled), 0)
        self.hover = None
        self.layout()

    def close(self) -> None:
        self.choices, self.rects = [], []

    def shown(self) -> bool:
        return bool(self.choices)

    def reset(self) -> None:
        self.close()

    def layout(self) -> None:
        if not self.choices:
            return
        m, g = self.metrics, self.geom
        widest = max(draw.render_text(self.shown_label(i), m.tx(16), theme.TEXT, True).get_width()   # as drawn
                     for i in range(len(self.choices)))
        size = (min(g.size[0] - m.px(40), widest + m.px(60)), m.box(36))
        self.rects = widgets.stack_above(self.anchor, len(self.choices), size, m.px(6), m.px(10),
                                         pygame.Rect((0, 0), g.size).inflate(-m.px(20), -m.px(20)))
        self.rect = self.rects[0].unionall(self.rects)

    def shown_label(self, i: int) -> str:
        """Choice `i` as its button says it: numbered when there are several (the number keys)."""
        label = self.choices[i].label
        return f"{i + 1}  {label}" if len(self.choices) > 1 else label

    def hit(self, pos: tuple[int, int]) -> bool:
        return True                                         # modal: a click outside closes it

    def _choose(self, index: int) -> None:
        choice = self.choices[index]
        if not choice.enabled:
            return
        callback = self.on_choose
        self.close()
        if callback is not None:
            callback(choice.value)

    def _cancel(self) -> None:
        callback = self.on_cancel
        self.close()
        if callback is not None:
            callback()

    def handle_event(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            return True
        if kind == pygame.MOUSEBUTTONDOWN:
            index = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), None)
            if event.button == 1 and index is not None:
                self._choose(index)
            elif index is None or event.button == 3:
                self._cancel()
            return True
        if kind == pygame.KEYDOWN:
            n = len(self.choices)
            if event.key == pygame.K_ESCAPE:
                self._cancel()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % n
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._choose(self.focus)
            elif event.key in NUMBER_KEYS and NUMBER_KEYS[event.key] < n:
                self._choose(NUMBER_KEYS[event.key])
        return kind in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        widgets.panel_around(surface, m, self.rects, m.px(16))
        for i, (rect, choice) in enumerate(zip(self.rects, self.choices)):
            hot = i == self.hover or (self.hover is None and i == self.focus)
            widgets.choice_button(surface, m, rect, self.shown_label(i), enabled=choice.enabled, hot=hot)
        pointed = self.hover if self.hover is not None else self.focus
        if 0 <= pointed < len(self.choices) and self.choices[pointed].reason is not None:
            text = i18n.say(self.choices[pointed].reason)
            size = draw.fit_text(text, m.font_small, self.geom.size[0] - m.px(40), True)
            image = draw.render_text(text, size, REASON_RGB, True)
            widgets.pill(surface, image, (self.rect.centerx, self.rect.top - m.px(14)), (m.px(20), m.px(10)),
                         pygame.Rect((0, 0), self.geom.size))


class SummaryPanel(Section):
    """A summary to read (see the module docstring): `summary` is widgets.summary_panel's dict."""

    z = Z_END
    mouse = keys = False

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name)
        self.summary: dict | None = None
        self.hint = ""

    def show(self, summary: dict, hint: str) -> None:
        self.summary, self.hint = summary, hint

    def close(self) -> None:
        self.summary = None

    def shown(self) -> bool:
        return self.summary is not None

    def draw(self, surface: pygame.Surface) -> None:
        g = self.geom
        self.rect = widgets.summary_panel(surface, self.metrics, g.size, g.hand.top, self.summary, self.hint)
