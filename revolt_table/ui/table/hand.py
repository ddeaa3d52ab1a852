"""The viewer's hand and the one gesture set of every table (issue 11, item 1).

One click rule at every table (issue 28): a click picks a card, a click on a picked card puts it back,
and a double click on a card plays the selection with that card in it; so do Enter, a drag onto the
table and the Play button (revolt_table/ui/table/actions.py, shown while something is selected). Where
the game makes combinations (`FamilyTable.multi_select`) a click adds a card to the selection; in a
one-card game it replaces the picked card. The prompt and the first-game tips say so at every table.
Why not "click the picked card again to play it": at a table of combinations that click must take a
card back out, and one gesture must mean one thing everywhere; an unhurried second click never plays.
With "play on one click" (Settings) a click on a card plays it at once (one-card games).
A selection that cannot be played is refused with the
game's reason (`FamilyTable.selection_state`), which the actions section shows beside a disabled Play;
hovering or focusing a card the game does not allow shows why over it (`FamilyTable.card_reason`).

Keys: Left/Right move the focus (in a one-card game the selection is the focus), Enter plays (the hinted
move while a hint stands, with its cards or without any; nothing selected: selects the first card; in a
one-card game Space and Up do the same), a number key 1-9 / 0
picks that card and pressed again plays it; for combinations Space adds or removes the focused card and
Up adds it. Down or Backspace clears. A right click or a click on the bare felt clears the selection.

The hand takes input only while the scene says the position shown may be chosen from
(`TableScene.may_select`, `may_act`): never during a reveal, never for a position not yet seen.
"""

from __future__ import annotations

import pygame

from revolt_table.ui import draw, i18n, theme
from revolt_table.ui.anim import Tween, approach, ease_out_cubic
from revolt_table.ui.table import widgets
from revolt_table.ui.table.model import Sprite
from revolt_table.ui.table.section import Z_HAND, Section

# 1-9 then 0 (main row and keypad) pick the first ten cards of a hand
NUMBER_KEYS = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, 10)} | {pygame.K_0: 9}
NUMBER_KEYS |= {getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, 10)} | {pygame.K_KP0: 9}
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
CLEAR_KEYS = (pygame.K_DOWN, pygame.K_BACKSPACE)
DOUBLE_CLICK = 0.45          # seconds between two clicks of a double click
DRAG_START = 12              # px (at 720) the pointer moves with the button down before a drag starts
REASON_RGB = (255, 160, 140)


class HandSection(Section):
    """Selection, focus, hover and drag of the viewer's hand; the cards themselves are drawn by the
    cards section (lifted and glowing here), this section draws the focus caret and the reason pill."""

    z = Z_HAND

    def __init__(self, table, name: str | None = None) -> None:
        super().__init__(table, name)
        self.selected: list[int] = []
        self.focus: int | None = None
        self.hover: int | None = None
        self.keyboard = False                     # the caret and the focused card's reason show only then
        self.press: tuple[int, tuple[int, int]] | None = None   # (card index, where the button went down)
        self.dragging: Sprite | None = None
        self.drag_offset = (0, 0)
        self._last_click: tuple[int, float] | None = None
        self._hand_ids: tuple = ()

    # ---------------------------------------------------------------- what is where
    def zone(self):
        return self.table.hand_zone()

    def sprites(self) -> list[Sprite]:
        zone = self.zone()
        return zone.sprites if zone is not None else []

    def layout(self) -> None:
        g = self.geom
        self.rect = pygame.Rect(g.hand.x, g.hand.y - int(g.hand_h * 0.4), g.hand.w, int(g.hand_h * 1.4))

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Index of the top-most visible card of the viewer's hand under `pos`, where it is drawn now."""
        sprites = self.sprites()
        for i in range(len(sprites) - 1, -1, -1):
            sprite = sprites[i]
            rect = self.scene.renderer.current_rect(sprite)
            if rect is not None and rect.collidepoint(pos) and not sprite.hidden:
                return i
        return None

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.dragging is not None or self.card_at(pos) is not None

    def selected_cards(self) -> list[str]:
        sprites = self.follow_hand()
        return [sprites[i].card for i in self.selected if i < len(sprites) and sprites[i].card is not None]

    def follow_hand(self) -> list[Sprite]:
        """The hand as drawn now. When it changed since the selection was made (the model caught up with a
        move: a card stolen, drawn or played), the selected indices would name other cards, so the
        selection follows its cards: those still held stay selected. Called before anything reads the
        selection (a hint given just before the table caught up with a steal was otherwise lost)."""
        sprites = self.sprites()
        ids = tuple(sp.card for sp in sprites)
        if ids != self._hand_ids:
            kept = [self._hand_ids[i] for i in self.selected if i < len(self._hand_ids)]
            self.select_cards([card for card in kept if card is not None])
            self.hover = None
            self._last_click = None                # a click on the old hand never doubles one on this
        return sprites

    def select_cards(self, cards: tuple[str, ...] | list[str]) -> None:
        """Select these cards of the hand (each id once, where it first appears; Hint uses this)."""
        sprites, chosen = self.sprites(), []
        for card in cards:
            index = next((i for i, sp in enumerate(sprites) if sp.card == card and i not in chosen), None)
            if index is not None:
                chosen.append(index)
        self.selected = sorted(chosen)
        self.focus = self.selected[0] if self.selected else None
        self._hand_ids = tuple(sp.card for sp in sprites)

    def clear(self) -> None:
        self.selected = []
        self._last_click = None                    # a click after a clear is a first click, never a double
        if not self.table.multi_select:
            self.focus = None

    def reset(self) -> None:
        self.clear()
        self.focus = self.hover = None
        self.press = None
        self.dragging = None
        self._last_click = None

    # ---------------------------------------------------------------- gestures
    def active(self) -> bool:
        """Does the hand take input now?"""
        return self.scene.may_select() and bool(self.sprites())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.active():
            self.press = None
            if self.dragging is not None:
                self._glide_home(self.dragging)
            return False
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            return self._motion(event)
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            index = self.card_at(event.pos)
            if index is None:
                return False
            self.keyboard = False
            if event.button == 3:
                self.clear()
            else:
                self.press = (index, event.pos)
            return True
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if self.dragging is not None:
                self._drop(event.pos)
                return True
            if press is not None and self.card_at(event.pos) == press[0] and self.scene.has_seen():
                self.click(press[0])
                return True
            return False
        if kind == pygame.KEYDOWN:
            return self.key(event.key)
        return False

    def missed(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.active():
            self.clear()

    def _motion(self, event: pygame.event.Event) -> bool:
        if self.dragging is not None:
            sprite = self.dragging
            rect = pygame.Rect(sprite.origin or self.scene.renderer.rect_of(sprite))
            rect.topleft = (event.pos[0] - self.drag_offset[0], event.pos[1] - self.drag_offset[1])
            sprite.origin, sprite.progress, sprite.arc = rect, 0.0, 0.0
            return True
        if self.press is not None:
            index, start = self.press
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > self.metrics.px(DRAG_START):
                self._start_drag(index, start, event.pos)
                return True
        self.hover = self.card_at(event.pos)
        return False

    def _start_drag(self, index: int, start: tuple[int, int], pos: tuple[int, int]) -> None:
        sprite = self.sprites()[index]
        rect = self.scene.renderer.current_rect(sprite)
        if rect is None:
            return
        if self.table.multi_select:
            if index not in self.selected:
                self.selected = sorted(self.selected + [index])
        else:
            self.selected = [index]
        self.focus = index
        self.dragging = sprite
        self.drag_offset = (start[0] - rect.x, start[1] - rect.y)
        sprite.lift = 0.0
        sprite.origin = rect.move(pos[0] - start[0], pos[1] - start[1])
        sprite.progress, sprite.arc = 0.0, 0.0

    def _drop(self, pos: tuple[int, int]) -> None:
        sprite, self.dragging = self.dragging, None
        g = self.geom
        if pos[1] < g.hand.top - g.hand_h * 0.15 and self.play():
            return
        self._glide_home(sprite)

    def _glide_home(self, sprite: Sprite) -> None:
        """A dragged card that was not played flies back to its place in the hand."""
        self.dragging = None
        sprite.arc = 0.0
        self.scene.queue.ambient.append(Tween(0.22, lambda t, sp=sprite: setattr(sp, "progress", t),
                                              ease_out_cubic, on_done=sprite.land))

    def click(self, index: int) -> None:
        """A click on the index-th card (see the module docstring)."""
        now = self.scene.time
        last = self._last_click
        double = last is not None and last[0] == index and now - last[1] <= DOUBLE_CLICK
        self._last_click = (index, now)
        self.focus = index
        multi = self.table.multi_select
        if self.one_click():
            self.selected = [index]
            self.play()
        elif double:                                 # a double click plays the selection, this card in it
            if index not in self.selected:
                self.selected = sorted(self.selected + [index]) if multi else [index]
            self.play()
        elif index in self.selected:                 # a click on a picked card puts it back, at every table
            self.selected.remove(index)
        else:
            self.selected = sorted(self.selected + [index]) if multi else [index]

    def one_click(self) -> bool:
        """The "play on one click" setting (one-card games)."""
        return bool(getattr(self.scene.app.settings, "one_click_play", False)) and not self.table.multi_select

    def play(self) -> bool:
        """Play the selection if the game allows it now (True), else leave it selected: the actions
        section shows why beside the disabled Play."""
        s = self.scene
        move, _why = self.table.selection_state(tuple(self.selected_cards()))
        if move is None or s.viewer is None or not s.may_act(s.viewer):
            return False
        if not s.play(s.viewer, move):
            return False
        self.clear()
        self.hover = None
        return True

    def play_index(self, index: int) -> bool:
        """Select the index-th card and play it (tests, the keyboard)."""
        self.selected = [index]
        return self.play()

    def key(self, k: int) -> bool:
        n = len(self.sprites())
        multi = self.table.multi_select
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            cur = self.focus if self.focus is not None else (-1 if step > 0 else n)
            self.focus = max(0, min(n - 1, cur + step))
            if not multi:
                self.selected = [self.focus]
        elif k in PLAY_KEYS and self.table.hinted_move() is not None:
            self.play()                                            # exactly the hinted move, cards or none
        elif k in PLAY_KEYS or (k in (pygame.K_UP, pygame.K_SPACE) and not multi):
            if self.selected:
                self.play()
            else:
                self.focus = self.focus if self.focus is not None and self.focus < n else 0
                self.selected = [self.focus]
        elif k in (pygame.K_SPACE, pygame.K_UP):                   # combinations: add (Up) or toggle
            self.focus = self.focus if self.focus is not None and self.focus < n else 0
            if self.focus in self.selected and k == pygame.K_SPACE:
                self.selected.remove(self.focus)
            elif self.focus not in self.selected:
                self.selected = sorted(self.selected + [self.focus])
        elif k in NUMBER_KEYS:
            index = NUMBER_KEYS[k]
            if index >= n:
                return True
            self.focus = index
            if multi:
                self.selected = sorted(set(self.selected) ^ {index})
            elif self.selected == [index]:
                self.play()
            else:
                self.selected = [index]
        elif k in CLEAR_KEYS:
            self.clear()
        else:
            return False
        self.keyboard = True
        return True

    # ---------------------------------------------------------------- per frame
    def update(self, dt: float) -> None:
        sprites = self.follow_hand()
        active = self.active()
        quick = self.scene.queue.speed > 0
        lifted = 0.18 if self.table.multi_select else 0.2
        to_act = self.scene.shown_to_act(self.scene.viewer)
        for i, sprite in enumerate(sprites):
            if sprite is self.dragging or sprite.origin is not None:
                continue
            chosen = active and i in self.selected
            target = lifted if chosen else (0.08 if active and i == self.hover else 0.0)
            sprite.lift = approach(sprite.lift, target, 18.0, dt) if quick else target
            glow = 1.0 if chosen else 0.0
            sprite.highlight = approach(sprite.highlight, glow, 14.0, dt) if quick else glow
            unusable = active and to_act and sprite.card is not None and self.table.card_reason(sprite.card)
            dim = 0.3 if unusable else 0.0
            sprite.dim = approach(sprite.dim, dim, 10.0, dt) if quick else dim

    def visible_part(self, index: int) -> pygame.Rect | None:
        """The part of the index-th card that no later card covers: up to where the next card starts when
        it overlaps this one in the same row, else the whole card. The keyboard's focus ring goes around
        it, outside: a ring inside a fixed strip crossed the card's title and the 10's index."""
        sprites, renderer = self.sprites(), self.scene.renderer
        rect = renderer.current_rect(sprites[index])
        if rect is None:
            return None
        nxt = renderer.current_rect(sprites[index + 1]) if index + 1 < len(sprites) else None
        if nxt is not None and rect.x < nxt.x < rect.right and nxt.top < rect.bottom and rect.top < nxt.bottom:
            return pygame.Rect(rect.x, rect.y, nxt.x - rect.x, rect.h)
        return pygame.Rect(rect)

    def pointed(self) -> int | None:
        """The card whose reason to show: the hovered one, else the keyboard's focus."""
        if self.hover is not None:
            return self.hover
        return self.focus if self.keyboard else None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active():
            return
        sprites, m = self.sprites(), self.metrics
        if self.keyboard and self.table.multi_select and self.focus is not None and self.focus < len(sprites):
            strip = self.visible_part(self.focus)
            if strip is not None:                    # around the card, never over its text (issue 28)
                width = max(2, m.px(3))
                pygame.draw.rect(surface, theme.GOLD_LIGHT, strip.inflate(2 * width, 2 * width), width,
                                 border_radius=m.px(6) + width)
        index = self.pointed()
        if index is None or index >= len(sprites) or sprites[index].card is None:
            return
        reason = self.table.card_reason(sprites[index].card)
        rect = self.scene.renderer.current_rect(sprites[index])
        if reason is None or rect is None:
            return
        text = i18n.say(reason)
        size = draw.fit_text(text, m.font_small, self.geom.size[0] - m.px(40), True)
        image = draw.render_text(text, size, REASON_RGB, True)
        widgets.pill(surface, image, (rect.centerx, rect.top - m.px(8)), (m.px(20), m.px(10)),
                     pygame.Rect((0, 0), self.geom.size))
