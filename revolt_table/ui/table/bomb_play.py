"""How a Revolución move is chosen with the shared gestures: the buttons beside Hint and Play, the
popup that asks a target or an amount, the reason a selection cannot be played, and the enlarged
card under the pointer.

Why apart from the table: one selection of cards can make several moves here (Bomb Express to any
player, Alliance with any fighter's neighbour, a fight with 0, 1 or 2 support tokens), and some moves
use no card at all (Attack, Keep my hand, No, Dig). The hand (the shared gestures) plays a selection
with one move at once and asks with a ChoicePopup (revolt_table/ui/table/popups.py) when it has
several; the moves without cards, and the plain bomb passes a player makes every turn, are buttons
(one per kind: several targets open the popup). A selection that makes no move keeps every button
and disables Play with the engine's refusal (`state.refusal`), never a silent dead end (issue 11).
"""

from __future__ import annotations

import pygame

from collections import Counter

from revolt_table.engine import Message, MoveInfo
from revolt_table.ui import cards, draw, i18n
from revolt_table.ui.table import widgets
from revolt_table.ui.table.actions import Action
from revolt_table.ui.table.bomb_moments import bt
from revolt_table.ui.table.hand import REASON_RGB, HandSection
from revolt_table.ui.table.popups import Choice
from revolt_table.ui.table.section import Z_ACTIONS, Section

REACTION_PHASES = ("fort", "tactic_a", "tactic_d", "after_a", "after_d", "massacre", "explosion", "wrongwire",
                   "irish", "dig")
#: keys that press a kind of button ("N" says no, keeps the hand or defends with nothing)
HOTKEYS = {"pass": (pygame.K_n, "N"), "keep": (pygame.K_n, "N"), "fight_none": (pygame.K_n, "N"),
           "attack": (pygame.K_a, "A"), "dig": (pygame.K_d, "D")}
#: reaction cards shown as buttons of their own; more share one "Play a card…" button (issue 29: a hand of 30
#: cards at the explosion made six buttons, too narrow for their words at 6 players)
MAX_CARD_BUTTONS = 2
ZOOM = 1.7             # a pointed card is shown this many times its height in the hand


def extendable(infos: list[MoveInfo], selected) -> bool:
    """Are the selected cards part of some move (the selection is on its way to a legal move)?"""
    want = Counter(selected)
    return any(not (want - Counter(i.cards)) for i in infos)


def refusal(table, chosen) -> Message:
    """Why the selected cards make no move now: "add a card" when they are part of one, else the
    game's refusal of the move they suggest (`state.cards_refusal`, in the family's words)."""
    s = table.scene
    if extendable(table.move_infos(), chosen):
        return Message("bomb.prompt.pick_more")
    return s.session.state.cards_refusal(s.viewer, tuple(chosen))


# ---------------------------------------------------------------------------------------- buttons
def groups(table) -> dict[str, list[MoveInfo]]:
    """The buttons' moves by kind (see the module docstring), in the order they are shown."""
    phase = table.phase()
    out: dict[str, list[MoveInfo]] = {}
    for info in table.move_infos():
        if info.kind in ("pass", "keep", "attack"):
            key = info.kind
        elif info.kind == "dig" and not info.cards:
            key = "dig"
        elif info.kind == "fight" and not info.cards:
            key = "fight_none"
        elif info.kind == "send" and len(info.cards) <= 1:     # the turned-up Bomb Express, or a bomb card alone
            key = "send:" + info.card
        elif phase in REACTION_PHASES and len(info.cards) == 1:
            key = "card:" + info.cards[0]
        else:
            continue
        out.setdefault(key, []).append(info)
    answers = [key for key in out if key.startswith("card:")]
    if len(answers) > MAX_CARD_BUTTONS:     # a big hand at the explosion: one "Play a card…", its popup lists them
        out["card"] = [info for key in answers for info in out.pop(key)]
    order = ("send", "attack", "dig", "card", "fight_none", "keep", "pass")
    return dict(sorted(out.items(), key=lambda kv: order.index(kv[0].split(":")[0])))


def label(table, key: str, infos: list[MoveInfo]) -> str:
    if len(infos) == 1:
        return table.words(infos[0])
    if key == "card":
        return bt("move.play_any") + "…"
    if infos[0].kind == "attack":
        return bt("move.attack", name="…")
    if infos[0].kind == "send":
        return bt("move.send", card=table.painter.name(infos[0].card), name="…")
    if infos[0].cards:
        return bt("move.play", card=table.painter.name(infos[0].cards[0])) + "…"
    return table.words(infos[0]) + "…"


def extra_actions(table) -> list[Action]:
    """The buttons beside Hint and Play: one per kind of move that needs no selection (the hinted one
    gold)."""
    hinted = table.hinted[0] if table.hinted is not None else None
    out = []
    for key, infos in groups(table).items():
        hotkey, letter = HOTKEYS.get(key, (None, ""))
        primary = hinted is not None and any(i.move == hinted for i in infos)
        out.append(Action(key, label(table, key, infos), primary=primary, key=letter, hotkey=hotkey))
    return out


def do_action(table, key: str) -> None:
    infos = groups(table).get(key, [])
    if len(infos) == 1:
        table.scene.play(table.scene.viewer, infos[0].move)
        table.hand.clear()
        return
    anchor = next((rect for rect, action in table.actions.buttons if action.id == key), table.actions.buttons_rect)
    ask(table, anchor, infos)


def ask(table, anchor: pygame.Rect, infos: list[MoveInfo]) -> None:
    """A popup over `anchor` with one line per move (a target, an amount); choosing plays it."""
    hinted = table.hinted[0] if table.hinted is not None else None
    choices = [Choice(table.words(i), i.move) for i in infos]

    def chosen(move) -> None:
        s = table.scene
        if s.viewer is not None and s.may_act(s.viewer) and s.play(s.viewer, move):
            table.hand.clear()

    table.popup.open(anchor, choices, chosen)
    if hinted is not None:
        table.popup.focus = next((k for k, c in enumerate(choices) if c.value == hinted), table.popup.focus)


def targets_offered(table) -> set[int]:
    """Seats a move being chosen now can name: the popup's, else the selection's."""
    popup = getattr(table, "popup", None)
    if popup is not None and popup.shown():
        moves = {c.value for c in popup.choices}
        return {i.target for i in table.move_infos() if i.move in moves and i.target is not None}
    hand = getattr(table, "hand", None)
    chosen = hand.selected_cards() if hand is not None else []
    return {i.target for i in table.options(chosen) if i.target is not None}


# ---------------------------------------------------------------------------------------- the hand
class BombHand(HandSection):
    """The shared hand, with two things of Revolución's: a selection with several moves asks which
    (a popup over the card), and in a fight a new card replaces the selected one of its type (one
    card of each type, rulebook line 27)."""

    def click(self, index: int) -> None:
        table, sprites = self.table, self.sprites()
        if table.phase() in ("commit_a", "commit_d") and index not in self.selected and index < len(sprites):
            kind = table.painter.type_of(sprites[index].card or "")
            self.selected = [i for i in self.selected if table.painter.type_of(sprites[i].card or "") != kind]
        super().click(index)

    def update(self, dt: float) -> None:
        """The shared lift and glow; in a hand of several rows a card rises only within the gap over it."""
        super().update(dt)
        cap = self.table.layout.lift_cap()
        if cap is not None:
            for sprite in self.sprites():
                if sprite is not self.dragging and sprite.origin is None:
                    sprite.lift = min(sprite.lift, cap)

    def _drop(self, pos: tuple[int, int]) -> None:
        """A card dropped on the hand's own rows goes home (the second row stands over `geom.hand`)."""
        lay = self.table.layout.fix()
        if self.dragging is not None and pos[1] >= lay.hand.top - lay.card_h * 0.15:
            self._glide_home(self.dragging)
            return
        super()._drop(pos)

    def draw(self, surface: pygame.Surface) -> None:
        self._quiet = True           # the enlarged card says why, above it (CardZoomSection): no second pill
        try:
            super().draw(surface)
        finally:
            self._quiet = False

    def pointed(self) -> int | None:
        return None if getattr(self, "_quiet", False) else super().pointed()

    def play(self) -> bool:
        s, table = self.scene, self.table
        hits = table.options(tuple(self.selected_cards()))
        if len(hits) > 1 and table.hinted_move() is None and s.viewer is not None and s.may_act(s.viewer):
            rects = [s.renderer.current_rect(self.sprites()[i]) for i in self.selected]
            rects = [r for r in rects if r is not None]
            anchor = rects[0].unionall(rects[1:]) if rects else pygame.Rect(self.geom.hand)
            ask(table, anchor, hits)
            return True
        return super().play()


class CardZoomSection(Section):
    """The pointed card of the hand (hovered, or focused from the keyboard) shown large over it, with
    the reason it cannot be used now above it: the whole face reads at any window size."""

    z = Z_ACTIONS + 1
    mouse = keys = False

    def shown(self) -> bool:
        hand = self.table.hand
        return hand.active() and hand.dragging is None and self.table.sections.modal_shown() is None

    def card(self) -> tuple[str, pygame.Rect] | None:
        hand = self.table.hand
        sprites, index = hand.sprites(), hand.pointed()
        if index is None and hand.keyboard and hand.focus is not None:
            index = hand.focus
        if index is None or index >= len(sprites) or sprites[index].card is None:
            return None
        rect = self.scene.renderer.current_rect(sprites[index])
        return (sprites[index].card, rect) if rect is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        pointed = self.card()
        if pointed is None:
            return
        card, rect = pointed
        m, g = self.metrics, self.geom
        strip = self.table.layout.fix().buttons           # over the prompt and buttons, never on them
        h = min(int(g.hand_h * ZOOM), strip.top - m.px(70))
        face = self.table.painter.face(card, h)
        zoom = face.get_rect(midbottom=(rect.centerx, strip.top - m.px(4)))
        zoom.clamp_ip(pygame.Rect((0, 0), g.size).inflate(-m.px(8), -m.px(8)))
        shade = cards.shadow(zoom.size, 120)
        surface.blit(shade, shade.get_rect(center=zoom.move(0, 3).center))
        surface.blit(face, zoom)
        self.rect = zoom
        reason = self.table.card_reason(card)
        if reason is None:
            return
        text = i18n.say(reason)
        size = draw.fit_text(text, m.font_small, g.size[0] - m.px(40), True)
        image = draw.render_text(text, size, REASON_RGB, True)
        widgets.pill(surface, image, (zoom.centerx, zoom.top - m.px(6)), (m.px(20), m.px(10)),
                     pygame.Rect((0, 0), g.size))
