"""A human who is out of a game that goes on: watch at speed, skip to the result, or leave (issue 11).

Shown when every human at the table is out (`FamilyTable.out_of_game`) and the game is not over: a
small panel above the hand says so and offers three buttons. "Watch faster" plays the rest four times
as fast (the AI's pauses too) and turns back into "Normal speed"; "Skip to the result" plays the rest at
once, without animations, up to the end of the game; "Leave" saves and goes back to the title screen
(Resume finds the game). Keys: F, S and L.
"""

from __future__ import annotations

import pygame

from revolt_table.ui import draw, theme
from revolt_table.ui.table import widgets
from revolt_table.ui.table.actions import Action
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_WATCH, Section
from revolt_table.ui.table.strings import tt


class WatchSection(Section):
    z = Z_WATCH

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name)
        self.buttons: list[tuple[pygame.Rect, Action]] = []

    def shown(self) -> bool:
        s = self.scene
        humans = s.session.humans
        view = s.model.view
        return (bool(humans) and view is not None and not view.is_over and not s.session.state.is_over
                and all(self.table.out_of_game(h) for h in humans))

    def actions(self) -> list[Action]:
        fast = self.scene.watch_speed > 1
        return [Action("normal" if fast else "fast", tt("out.normal") if fast else tt("out.faster"), key="F",
                       hotkey=pygame.K_f),
                Action("skip", tt("out.skip"), primary=True, key="S", hotkey=pygame.K_s),
                Action("leave", tt("out.leave"), key="L", hotkey=pygame.K_l)]

    def layout(self) -> None:
        g, px = self.geom, self.metrics.px
        width = min(g.hand.w, px(620))
        self.rect = pygame.Rect(0, 0, width, px(112))
        self.rect.midbottom = (g.hand.centerx, g.hand.top - px(8))

    def layout_buttons(self) -> list[tuple[pygame.Rect, Action]]:
        px, r = self.metrics.px, self.rect
        acts = self.actions()
        gap = px(12)
        width = (r.w - px(28) - gap * (len(acts) - 1)) // len(acts)
        x = r.x + px(14)
        self.buttons = []
        for action in acts:
            self.buttons.append((pygame.Rect(x, r.bottom - px(52), width, px(40)), action))
            x += width + gap
        return self.buttons

    def press(self, action: Action) -> None:
        s = self.scene
        if action.id in ("fast", "normal"):
            s.watch(4.0 if action.id == "fast" else 1.0)
        elif action.id == "skip":
            s.skip_to_result()
        elif action.id == "leave":
            s.leave_to_title()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.layout_buttons():
                if rect.collidepoint(event.pos):
                    self.press(action)
                    return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN:
            for action in self.actions():
                if event.key == action.hotkey:
                    self.press(action)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        m, r = self.metrics, self.rect
        surface.blit(panel_surface(r.size, m.radius * 2, 235, theme.GOLD, edge_w=2), r)
        title = tt("out.title")
        size = draw.fit_text(title, m.font_body, r.w - m.px(28), True)
        draw.text(surface, title, size, theme.GOLD_LIGHT, bold=True, center=(r.centerx, r.y + m.px(24)), shadow=True)
        mouse = widgets.mouse_pos()
        for rect, action in self.layout_buttons():
            widgets.action_button(surface, m, rect, action.label, primary=action.primary,
                                  hot=rect.collidepoint(mouse), key=action.key)
