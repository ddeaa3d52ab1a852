"""First-game tips: a few short callouts, one at a time, each pointing at the part of the table it names.

Why (issue 11, item 7): a newcomer at a card table does not know where to look. The first time a game
is played, the table says in three to five short tips where the hand is, where the prompt says the next
step, where the score is kept and how to read the rules (F1), each in a small box with an arrow toward
the thing it names, outlined. The rectangles come from the sections' own layout
(`FamilyTable.tip_targets`), so a tip points at what is drawn, at any window size.

Once per game: the game's rules id is remembered in the settings (`Settings.tips_seen`) when the player
closes its tips on purpose (Got it, Esc, or Next past the last tip); Settings -> "Show tips again"
empties that list. A click outside the box closes them for this table only (they come back at the next
one), and never in the first OPEN_DWELL seconds: the tips open the moment the deal is over, often right
after an impatient click that skipped the deal, and the next such click must not throw them away
unread (issue 28). The texts are per game in the translation files
(assets/locale/<lang>.tips.yaml: `tips.<game id>.<target>`, `tips.generic.<target>` for games without
their own, such as a player's rules file).

While shown the section is modal (the hand and the buttons wait; the menu button above still works) and
the AI seats wait too (the scene does not apply their moves), so nothing happens behind a tip. "Next"
(Enter, Space, Right) goes to the next tip, "Got it" closes them all, as do Esc and (after OPEN_DWELL) a
click outside the box. The prompt and its buttons stay drawn under the tips (a tip points at them), and take input again
the moment the tips close.

REVOLT_TABLE_TIPS=0 switches tips off (tests that are not about them, headless tools).
"""

from __future__ import annotations

import os

import pygame

from revolt_table.ui import draw, i18n, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.table import widgets
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_POPUP, Section

Z_TIPS = Z_POPUP + 2           # over popups, under the menu button (which stays reachable)
TARGETS = ("hand", "prompt", "score", "rules")     # the order tips are shown in
ENV = "REVOLT_TABLE_TIPS"
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT)
OPEN_DWELL = 0.8               # seconds after opening during which a click outside the box is ignored


def tips_enabled() -> bool:
    """Tips may be shown at all (REVOLT_TABLE_TIPS=0 switches them off)."""
    return os.environ.get(ENV, "").strip() not in ("0", "off", "no", "false")


def tip_key(game_id: str, target: str) -> str:
    """The translation key of one tip: the game's own, else the generic one."""
    own = f"tips.{game_id}.{target}"
    return own if i18n.has(own) else f"tips.generic.{target}"


def place_callout(size: tuple[int, int], target: pygame.Rect, screen: pygame.Rect, gap: int
                  ) -> tuple[pygame.Rect, str]:
    """Where a box of `size` goes beside `target` (inside `screen`), and the side of the box its arrow
    leaves from ("bottom": the box is above the target). Above or below first (the side with more
    room), then left or right; centred on the target along that side, clamped into the screen."""
    w, h = size
    room = {"bottom": target.top - screen.top, "top": screen.bottom - target.bottom,
            "right": target.left - screen.left, "left": screen.right - target.right}
    vertical = sorted(("bottom", "top"), key=lambda side: -room[side])
    horizontal = sorted(("right", "left"), key=lambda side: -room[side])
    for side in vertical + horizontal:
        need = (h if side in ("bottom", "top") else w) + gap
        if room[side] >= need:
            break
    else:
        side = vertical[0]
    box = pygame.Rect(0, 0, w, h)
    if side == "bottom":
        box.midbottom = (target.centerx, target.top - gap)
    elif side == "top":
        box.midtop = (target.centerx, target.bottom + gap)
    elif side == "right":
        box.midright = (target.left - gap, target.centery)
    else:
        box.midleft = (target.right + gap, target.centery)
    box.clamp_ip(screen)
    return box, side


def arrow_points(box: pygame.Rect, side: str, target: pygame.Rect, length: int, half: int
                 ) -> list[tuple[int, int]]:
    """A triangle from the box's `side` toward the target (its base on the box's edge)."""
    if side in ("bottom", "top"):
        x = max(box.x + half * 2, min(box.right - half * 2, target.centerx))
        y = box.bottom if side == "bottom" else box.top
        tip = y + length if side == "bottom" else y - length
        return [(x - half, y), (x + half, y), (x, tip)]
    y = max(box.y + half * 2, min(box.bottom - half * 2, target.centery))
    x = box.right if side == "right" else box.left
    tip = x + length if side == "right" else x - length
    return [(x, y - half), (x, y + half), (tip, y)]


class TipsSection(Section):
    """The first-game tips of one table (see the module docstring)."""

    z = Z_TIPS
    modal = True
    keeps_prompt = True        # the prompt and buttons stay drawn under it (ActionsSection.shown)

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name or "tips")
        self.tips: list[tuple[str, str]] = []       # (target, translation key), in order
        self.index = 0
        self.opened = False                         # opened once for this table (never again)
        self.age = 0.0                              # seconds since they opened
        self.box = pygame.Rect(0, 0, 0, 0)
        self.side = "bottom"
        self.target = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[pygame.Rect, str]] = []

    # ---------------------------------------------------------------- when
    def game_id(self) -> str:
        return self.scene.session.rules.id

    def due(self) -> bool:
        """Should this table open its tips now: the first game of this rules id, the deal over, the
        viewer's hand shown, nothing playing, no hand-over?"""
        s = self.scene
        if self.opened or not getattr(s, "tips_allowed", True) or not tips_enabled():
            return False
        if self.game_id() in getattr(s.app.settings, "tips_seen", ()):
            return False
        view = s.model.view
        return (s.viewer is not None and s.face_up and not s.handover_open and s.queue.idle
                and view is not None and not view.is_over and s.session.is_human(s.viewer))

    def open(self) -> None:
        """Show the tips (remembered as seen only when the player closes them on purpose: `close`)."""
        targets = self.table.tip_targets()
        game = self.game_id()
        self.tips = [(target, tip_key(game, target)) for target in TARGETS if target in targets]
        for target in targets:                      # a family's own extra targets, after the standard ones
            if target not in TARGETS and i18n.has(f"tips.{game}.{target}"):
                self.tips.append((target, f"tips.{game}.{target}"))
        self.index = 0
        self.age = 0.0
        self.opened = True

    def close(self, seen: bool = True) -> None:
        """Close the tips; `seen`: the player closed them on purpose, so this game's tips are not
        shown again (remembered in the settings)."""
        self.tips = []
        if not seen:
            return
        settings = self.scene.app.settings
        game = self.game_id()
        listed = list(getattr(settings, "tips_seen", []))
        if game not in listed:
            settings.tips_seen = listed + [game]
            self.scene.app.save_settings()

    def next(self) -> None:
        self.index += 1
        if self.index >= len(self.tips):
            self.close()

    def shown(self) -> bool:
        return bool(self.tips)

    def update(self, dt: float) -> None:
        if self.tips:
            self.age += dt
        elif self.due():
            self.open()

    # ---------------------------------------------------------------- layout
    def current(self) -> tuple[str, str]:
        return self.tips[min(self.index, len(self.tips) - 1)]

    def text(self) -> str:
        return i18n.t(self.current()[1])

    def layout(self) -> None:
        if not self.tips:
            return
        m, g = self.metrics, self.geom
        px = m.px
        screen = pygame.Rect((0, 0), g.size).inflate(-px(16), -px(16))
        target = self.table.tip_targets().get(self.current()[0]) or pygame.Rect(screen.center, (1, 1))
        target = pygame.Rect(target)
        self.target = target.clip(screen) if target.colliderect(screen) else target
        width = min(px(400), screen.w)
        pad = px(16)
        self.lines = font(m.font_body, False).wrap(self.text(), width - 2 * pad)
        line_h = font(m.font_body, False).get_linesize()
        button_h = px(38)
        height = pad + m.font_small + px(8) + line_h * len(self.lines) + px(12) + button_h + pad
        self.box, self.side = place_callout((width, height), self.target, screen, px(22))
        labels = [("done", i18n.t("tips.got_it"))]
        if self.index < len(self.tips) - 1:
            labels.append(("next", i18n.t("tips.next")))
        x = self.box.right - pad
        self.buttons = []
        for action, label in reversed(labels):
            w = max(px(96), font(m.font_small, True).size(label)[0] + px(32))
            rect = pygame.Rect(0, self.box.bottom - pad - button_h, w, button_h)
            rect.right = x
            x = rect.left - px(10)
            self.buttons.append((rect, action))
        self.rect = self.box

    def hit(self, pos: tuple[int, int]) -> bool:
        return True                                   # modal: a click outside closes the tips

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN:
            self.layout()
            pressed = next((action for rect, action in self.buttons if rect.collidepoint(event.pos)), None)
            if pressed == "next":
                self.next()
            elif pressed == "done":
                self.close()
            elif not self.box.collidepoint(event.pos) and self.age >= OPEN_DWELL:
                self.close(seen=False)                # for this table; they come back at the next one
            return True
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in NEXT_KEYS:
                self.next()
            return event.key != pygame.K_F11
        return kind in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.MOUSEMOTION)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        m, px = self.metrics, self.metrics.px
        box, pad = self.box, px(16)
        edge = max(2, px(3))
        pygame.draw.rect(surface, theme.GOLD_LIGHT, self.target.inflate(px(8), px(8)), edge,
                         border_radius=m.radius)
        pygame.draw.polygon(surface, theme.GOLD, arrow_points(box, self.side, self.target, px(20), px(11)))
        surface.blit(panel_surface(box.size, m.radius, 245, theme.GOLD, edge_w=2), box)
        counter = i18n.t("tips.counter", n=self.index + 1, total=len(self.tips))
        draw.text(surface, counter, m.font_small, theme.GOLD, bold=True, topleft=(box.x + pad, box.y + pad))
        y = box.y + pad + m.font_small + px(8)
        line_h = font(m.font_body, False).get_linesize()
        for line in self.lines:
            draw.text(surface, line, m.font_body, theme.TEXT, topleft=(box.x + pad, y))
            y += line_h
        mouse = widgets.mouse_pos()
        for rect, action in self.buttons:
            label = i18n.t("tips.next") if action == "next" else i18n.t("tips.got_it")
            widgets.action_button(surface, m, rect, label, primary=action == ("next" if len(self.buttons) > 1
                                                                              else "done"),
                                  hot=rect.collidepoint(mouse))
