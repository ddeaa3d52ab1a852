"""Hot-seat hand-over: a full-screen, opaque "Pass to Anna" page that shows no cards at all.

Why opaque and card-free: the previous player's hand must be hidden before the next player looks.
A short arming delay stops a double-click from the previous player skipping it by accident.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.i18n import t
from revolt_table.ui.scene import Scene
from revolt_table.ui.scenes.rowtext import block_height, draw_block, lines_of, step

ARM_SECONDS = 0.35
PULSE_SECONDS = 10.0      # the prompt pulses this long, then rests lit (at a peak: no jump), issue 30


class HandoverScene(Scene):
    opaque = True

    def __init__(self, app, name: str, on_confirm: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.on_confirm = on_confirm
        self.age = 0.0
        self.confirmed = False

    @property
    def armed(self) -> bool:
        return self.age >= ARM_SECONDS

    def confirm(self) -> None:
        if self.confirmed or not self.armed:
            return
        self.confirmed = True
        self.app.pop()
        if self.on_confirm is not None:
            self.on_confirm()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.confirm()
            return True
        return False

    def update(self, dt: float) -> None:
        self.age += dt

    def idle_for(self) -> float:
        return 0.0 if self.age < PULSE_SECONDS else math.inf

    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        w, h = surface.get_size()
        surface.fill(theme.FELT_DARK)
        surface.blit(draw.felt_background((w, h)), (0, 0))
        draw.veil(surface, (0, 0, 0, 110))
        cx, cy = w // 2, int(h * 0.40)
        r = m.tx(64)                             # the initial is text: it grows with large text too
        pygame.draw.circle(surface, theme.SHADOW, (cx + 3, cy + 5), r)
        pygame.draw.circle(surface, theme.PANEL, (cx, cy), r)
        pygame.draw.circle(surface, theme.GOLD, (cx, cy), r, max(2, m.px(4)))
        initial = (self.name.strip()[:1] or "?").upper()
        draw.text(surface, initial, m.tx(67), theme.GOLD_LIGHT, bold=True, center=(cx, cy))
        title = lines_of(t("handover.pass_to", name=self.name), m.font_title, w - 2 * m.pad, bold=True)
        y = cy + r + m.px(48) - step(m.font_title) // 2              # a long name wraps: never smaller
        for text in title:
            y += step(m.font_title)
            draw.text(surface, text, m.font_title, theme.GOLD_LIGHT, bold=True,
                      center=(cx, y - step(m.font_title) // 2), shadow=True)
        away = lines_of(t("handover.look_away"), m.font_body, w - 2 * m.pad)
        y = draw_block(surface, away, m.font_body, theme.TEXT_MUTED, m.pad, y + m.px(8), align="center",
                       width=w - 2 * m.pad)
        pulse = 0.5 + 0.5 * abs(((self.age * 0.8) % 2) - 1) if self.age < PULSE_SECONDS else 1.0
        color = theme.lerp_color(theme.TEXT_MUTED, theme.GOLD, pulse) if self.armed else theme.BUTTON_DISABLED
        prompt = lines_of(t("handover.confirm", name=self.name), m.font_body, w - 2 * m.pad, bold=True)
        y = min(h - m.pad - block_height(prompt, m.font_body), y + m.px(60))
        draw_block(surface, prompt, m.font_body, color, m.pad, y, bold=True, align="center", width=w - 2 * m.pad)
