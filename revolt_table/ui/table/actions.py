"""The prompt, the buttons and the line under them: what to do next, said the same way at every table.

Left of the viewer's played-card spot, the prompt always names the next step ("Choose a card to play",
"Double-click it or press Enter to play it · click it again to put it back", "Waiting for Bo"). Right of it, the
buttons: the family's own (Pass, bids: `FamilyTable.extra_actions`), Hint (the normal AI's move and why:
revolt_table/ai/hints.py) while the viewer may act, and Play, always shown while something is selected
(or a hint stands: Play then plays the hinted move, even one that uses no card) and disabled when the
selection cannot be played. A move that is not a plain play of the selected cards is named in the
prompt before Enter plays it ("Discard Rifles and dig: press Enter or click Play"). Under the buttons
one line says why Play is disabled (the game's refusal, through the translation files), or the hint's
reason, or which keys do what, or that a click skips the moment playing. Everything reads the position
shown (`scene.model.view`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from revolt_table.engine import Message
from revolt_table.ui import draw, i18n, theme
from revolt_table.ui.fonts import font
from revolt_table.ui.table import widgets
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_ACTIONS, Section
from revolt_table.ui.table.strings import tt

REASON_RGB = (255, 160, 140)
HINT_KEYS = (pygame.K_h,)


@dataclass(frozen=True)
class Action:
    """A button beside Hint and Play: `id` is given back to `FamilyTable.do_action`; `key` the letter
    printed on it and `hotkey` the pygame key that presses it; `reason` says why it is disabled."""

    id: str
    label: str
    enabled: bool = True
    primary: bool = False
    key: str = ""
    hotkey: int | None = None
    reason: Message | None = None


def wrap(text: str, size: int, width: int, bold: bool, max_lines: int, floor: int) -> tuple[int, list[str]]:
    """`text` in as few lines of `width` as reads well: at `size` on one line or wrapped into at most
    `max_lines` (so large text is large here too, issue 28), else one line if it fits at 85 % of `size`
    or more, else the largest size down to `floor` at which it wraps into at most `max_lines` lines (at
    `floor` the lines may be more: the caller clips). Returns the size and the lines."""
    lines = font(size, bold).wrap(text, width)
    if len(lines) <= max_lines:
        return size, lines
    for one in range(size, max(floor, int(size * 0.85)) - 1, -1):
        if font(one, bold).size(text)[0] <= width:
            return one, [text]
    while True:
        lines = font(size, bold).wrap(text, width)
        if len(lines) <= max_lines or size <= floor:
            return size, lines
        size -= 1


class ActionsSection(Section):
    """Prompt, buttons, reason line (see the module docstring)."""

    z = Z_ACTIONS

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[pygame.Rect, Action]] = []
        self.hover: Action | None = None
        self.prompt_box = pygame.Rect(0, 0, 0, 0)       # the prompt as drawn last (tips point at it)

    def layout(self) -> None:
        own = self.table.actions_area()
        if own is not None:
            self.prompt_rect, self.buttons_rect = own
        else:
            g, px = self.geom, self.metrics.px
            pod = g.pods[g.bottom_seat]
            slot, left, right = pod.slot, pod.rect.x, g.size[0] - pod.rect.x   # over the bottom pods' edges
            self.prompt_rect = pygame.Rect(left, slot.y - px(10), slot.x - px(18) - left, slot.h + px(20))
            self.buttons_rect = pygame.Rect(slot.right + px(18), slot.y - px(4), right - slot.right - px(18),
                                            slot.h + px(14))
        self.rect = self.prompt_rect.union(self.buttons_rect)

    def shown(self) -> bool:
        view = self.scene.model.view
        modal = self.table.sections.modal_shown()
        return view is not None and not view.is_over and (modal is None or getattr(modal, "keeps_prompt", False))

    def hit(self, pos: tuple[int, int]) -> bool:
        return any(rect.collidepoint(pos) for rect, _ in self.buttons)

    # ---------------------------------------------------------------- what is said
    def selection(self) -> tuple[str, ...]:
        hand = getattr(self.table, "hand", None)
        return tuple(hand.selected_cards()) if hand is not None else ()

    def prompt(self) -> str:
        """The next step, in words."""
        s, table = self.scene, self.table
        current = s.queue.current
        if current is not None and current.name == "deal":
            return tt("dealing")
        if current is not None and current.skippable:
            return ""
        viewer = s.viewer
        if viewer is not None and table.out_of_game(viewer):
            return ""
        to_act = viewer is not None and s.face_up and s.shown_to_act(viewer)
        chosen = self.selection()
        if (chosen or table.hinted_move() is not None) and viewer is not None and s.face_up:
            move, _ = table.selection_state(chosen)
            if move is not None:
                named = table.play_words(move)      # a move that is not a plain play says what it does
                if named is not None:        # with cards picked, a double click on one plays it too
                    return tt("prompt_confirm_move_cards" if chosen else "prompt_confirm_move", move=named)
                return tt("prompt_confirm_multi") if table.multi_select else tt("prompt_confirm")
            if to_act:       # one card that cannot go, or cards that make no play here
                return tt("prompt_choose_other_multi") if table.multi_select else tt("prompt_choose_other")
        if to_act:
            hand = getattr(table, "hand", None)
            if hand is not None and hand.one_click():
                return tt("prompt_one_click")
            return table.prompt_choose()
        view = s.model.view
        waiting = [s.session.names[x] for x in view.to_act] if view is not None else []
        return tt("prompt_wait", names=", ".join(waiting)) if waiting else ""

    def info(self) -> tuple[str, tuple[int, int, int]]:
        """The line under the buttons: why Play (or a hovered button) is disabled, the hint's reason,
        that a click skips, or the keys."""
        s, table = self.scene, self.table
        current = s.queue.current
        if current is not None and current.skippable:
            return tt("skip_hint"), theme.TEXT_MUTED
        if self.hover is not None and not self.hover.enabled and self.hover.reason is not None:
            return i18n.say(self.hover.reason), REASON_RGB
        chosen = self.selection()
        move = None
        if chosen and s.viewer is not None and s.face_up:
            move, why = table.selection_state(chosen)
            if move is None and why is not None:
                return i18n.say(why), REASON_RGB
        reason = table.hint_reason()
        if reason is not None:
            return tt("hint_line", reason=i18n.say(reason)), theme.GOLD_LIGHT
        note = table.selection_note(move) if move is not None else None
        if note:                                       # what the selection plays ("Pair of 9s")
            return note, theme.GOLD_LIGHT
        if s.viewer is not None and s.may_act(s.viewer):
            return table.keys_hint(), theme.TEXT_MUTED
        return "", theme.TEXT_MUTED

    def actions(self) -> list[Action]:
        """The buttons now, left to right: the family's, Hint, Play."""
        s, table = self.scene, self.table
        viewer = s.viewer
        if viewer is None or not s.face_up or table.out_of_game(viewer) or not s.may_select():
            return []
        out = list(table.extra_actions()) if s.shown_to_act(viewer) else []
        if s.may_act(viewer):
            out.append(Action("hint", tt("button.hint"), key="H", hotkey=pygame.K_h))
        chosen = self.selection()
        if chosen or table.hinted_move() is not None:        # a hinted move without cards plays too
            move, why = table.selection_state(chosen)
            out.append(Action("play", tt("button.play"), enabled=move is not None and s.may_act(viewer),
                              primary=True, key="↵", reason=why))
        return out

    # ---------------------------------------------------------------- input
    def press(self, action: Action) -> None:
        if not action.enabled:
            return
        if action.id == "hint":
            self.table.hint()
        elif action.id == "play":
            self.table.hand.play()
        else:
            self.table.do_action(action.id)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((a for r, a in self.buttons if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self.layout_buttons():
                if rect.collidepoint(event.pos):
                    self.press(action)
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            for action in self.actions():
                if action.hotkey is not None and event.key == action.hotkey:
                    self.press(action)
                    return True
        return False

    # ---------------------------------------------------------------- drawing
    def layout_buttons(self) -> list[tuple[pygame.Rect, Action]]:
        """The buttons' rectangles: one row from the area's top left; when their labels do not fit whole
        in one row (bids beside Hint and Play; large text), the family's buttons go on a row above Hint
        and Play rather than shrinking their labels (issue 28); a row still too wide is squeezed."""
        m, area = self.metrics, self.buttons_rect
        px = m.px
        h, gap = m.box(38), px(10)
        sized = []
        for action in self.actions():
            width = font(m.font_body, True).size(action.label)[0] + px(40 if action.key else 28)   # drawn at font_body
            sized.append((max(px(84), min(width, m.sized(190))), action))
        rows = [sized]
        if sum(w for w, _ in sized) + gap * (len(sized) - 1) > area.w:
            own = [item for item in sized if item[1].id not in ("hint", "play")]
            rows = [r for r in (own, [item for item in sized if item[1].id in ("hint", "play")]) if r]
        out = []
        for k, row in enumerate(rows):
            y = area.y - (len(rows) - 1 - k) * (h + gap)
            total = sum(w for w, _ in row) + gap * (len(row) - 1)
            scale = min(1.0, (area.w - gap * (len(row) - 1)) / max(1, total - gap * (len(row) - 1)))
            x = area.x
            for width, action in row:                           # squeezed into the room there is
                rect = pygame.Rect(x, y, int(width * scale), h)
                out.append((rect, action))
                x = rect.right + gap
        lift = self.info_overflow((max(r.bottom for r, _ in out) + px(8)) if out else area.y)
        for rect, _ in out:                 # the line under them needs more lines: they move up for it
            rect.y -= lift
        self.buttons = out
        return out

    def info_overflow(self, top: int) -> int:
        """How far the line under the buttons, wrapped at its full size, would run past the area's bottom
        (into the hand) from `top`; at most a few lines' worth."""
        text, colour = self.info()
        if not text:
            return 0
        m = self.metrics
        face = font(m.font_small, colour != theme.TEXT_MUTED)
        lines = face.wrap(text, self.buttons_rect.w)
        over = top + len(lines) * (face.get_height() + m.px(1)) - self.buttons_rect.bottom
        return max(0, min(over, 3 * face.get_height()))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_prompt(surface)
        m, mouse = self.metrics, widgets.mouse_pos()
        buttons = self.layout_buttons()
        for rect, action in buttons:
            hot = action.enabled and (rect.collidepoint(mouse) or self.hover == action)
            widgets.action_button(surface, m, rect, action.label, primary=action.primary, enabled=action.enabled,
                                  hot=hot, key=action.key, size=m.font_body)
        text, colour = self.info()
        if not text:
            return
        area = self.buttons_rect
        top = (max(r.bottom for r, _ in buttons) + m.px(8)) if buttons else area.y
        room = area.bottom - top
        small = m.font_small
        size, lines = wrap(text, small, area.w, colour != theme.TEXT_MUTED, max(1, room // int(small * 1.25)),
                           max(11, m.font_small - m.px(4)))
        y = top
        for line in lines:
            shown = draw.text(surface, line, size, colour, bold=colour != theme.TEXT_MUTED, topleft=(area.x, y),
                              shadow=True)
            y = shown.bottom + m.px(1)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        text = self.prompt()
        if not text:
            self.prompt_box = pygame.Rect(0, 0, 0, 0)
            return
        m, area = self.metrics, self.prompt_rect
        size, lines = wrap(text, m.font_body, area.w - m.px(34), True, 4, max(11, m.font_small - m.px(2)))
        images = [draw.render_text(line, size, theme.GOLD_LIGHT, True) for line in lines[:4]]
        width = max(img.get_width() for img in images)
        height = sum(img.get_height() for img in images)
        box = pygame.Rect(0, 0, width + m.px(28), height + m.px(14))
        box.midright = (area.right, area.centery)
        self.prompt_box = pygame.Rect(box)
        radius = box.h // 2 if len(images) == 1 else m.radius
        surface.blit(panel_surface(box.size, radius, 200, theme.GOLD_DARK), box)
        y = box.y + m.px(7)
        for img in images:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
