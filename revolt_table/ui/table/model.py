"""The table as it is SHOWN: the view the player has seen, and zones of card sprites that animations
move between.

Why not draw the engine's view directly: one move can resolve a whole round, but the player must
see it happen step by step. The model starts as a copy of a view, family "moments" change its zones one
event at a time while tweens carry the sprites, and when the queue is idle the zones are re-synced with
the real view (so a mistake in a moment can never leave the table wrong for long).

`view` is the one answer, shared by every table, to "what is shown while animations run": the View after
the last move whose beats have all played (the scene advances it with `show` at the end of each move's
beats), and `shown_moves` how many moves of the game that is. Sections draw the prompt, the HUD and the
pods from it, never from the live state, and the scene accepts a human move only for this position
(`TableScene.may_act`). `key` changes whenever the shown position does (the scene notes when a key was
first drawn: input waits until the player has seen it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from revolt_table.engine.state import View


class Sprite:
    """One card on the table. `card` None means face unknown (drawn as a back)."""

    __slots__ = ("card", "face_up", "origin", "progress", "flip", "lift", "highlight", "dim", "hidden",
                 "arc", "scale_from")

    def __init__(self, card: str | None, face_up: bool = True) -> None:
        self.card = card
        self.face_up = face_up and card is not None
        self.origin: pygame.Rect | None = None   # where a flight started (None: resting)
        self.progress = 1.0                      # 0..1 along the flight from origin to its place
        self.flip = 1.0 if self.face_up else 0.0  # 0 back, 1 face (drawn squeezed in between)
        self.lift = 0.0                          # hover/selection lift in card heights
        self.highlight = 0.0                     # gold glow 0..1
        self.dim = 0.0                           # darken 0..1 (losing cards in a verdict)
        self.hidden = False                      # not drawn (waiting for its deal)
        self.arc = 0.0                           # height of the flight arc in card heights

    def fly_from(self, rect: pygame.Rect | None, arc: float = 0.15) -> None:
        if rect is None:          # never drawn yet: nothing to fly from
            self.land()
            return
        self.origin = pygame.Rect(rect)
        self.progress = 0.0
        self.arc = arc

    def land(self) -> None:
        self.origin = None
        self.progress = 1.0

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Sprite({self.card!r}, up={self.face_up})"


@dataclass
class ZoneModel:
    """A zone of the shown table. `groups` holds stacks/tricks (lists of sprites, top card first)."""

    name: str
    kind: str
    owner: int | None
    sprites: list[Sprite] = field(default_factory=list)
    groups: list[list[Sprite]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.sprites) + sum(len(g) for g in self.groups)

    def ids(self) -> tuple:
        if self.groups:
            return tuple(tuple(s.card for s in g) for g in self.groups)
        return tuple(s.card for s in self.sprites)


class TableModel:
    """Every zone of one seat's view, as sprites, plus the view's public info."""

    def __init__(self) -> None:
        self.zones: dict[str, ZoneModel] = {}
        self.view: View | None = None  # the position shown (see the module docstring)
        self.info: Any = {}          # view.info: a family's frozen Info record (immutable, shared)
        self.shown_moves = 0         # how many moves of the game the shown position includes
        self.key = 0                 # changes with every shown position
        self.players = 0
        self.seat: int | None = None

    @classmethod
    def from_view(cls, view: View, sort_key=None, moves: int | None = None) -> "TableModel":
        model = cls()
        model.sync(view, sort_key, moves)
        return model

    def show(self, view: View, moves: int | None = None) -> None:
        """The player has now seen `view` (the position after `moves` moves): the shown position,
        without touching the sprites (a moment may still be carrying them)."""
        if view is not self.view or (moves is not None and moves != self.shown_moves):
            self.key += 1
        self.view = view
        self.info = view.info       # immutable (or, for a family still on dicts, the view's own copy)
        self.players = view.players
        self.seat = view.seat
        if moves is not None:
            self.shown_moves = moves

    def sync(self, view: View, sort_key=None, moves: int | None = None) -> bool:
        """Show `view` and make every zone match it; zones that already match keep their sprites.
        True if a zone changed."""
        self.show(view, moves)
        changed = False
        for name, zv in view.zones.items():
            cards = zv.cards
            if zv.kind == "hand" and cards is not None and sort_key is not None:
                cards = tuple(sorted(cards, key=sort_key))
            zone = self.zones.get(name)
            if zone is None:
                zone = self.zones[name] = ZoneModel(name, zv.kind, zv.owner)
                changed = True
            if zv.groups:
                want = [tuple(g) if cards is not None or zv.visibility != "hidden" else ("?",) * len(g)
                        for g in zv.groups]
                have = [tuple(s.card or "?" for s in g) for g in zone.groups]
                if want != have or zone.sprites:
                    zone.groups = [[Sprite(None if c == "?" else c) for c in g] for g in want]
                    zone.sprites = []
                    changed = True
            else:
                if cards is None:
                    ok = (len(zone.sprites) == zv.count and not zone.groups
                          and all(s.card is None and not s.face_up for s in zone.sprites))
                    if not ok:
                        zone.sprites = [Sprite(None, False) for _ in range(zv.count)]
                        zone.groups = []
                        changed = True
                else:
                    ok = (tuple(s.card for s in zone.sprites) == tuple(cards) and not zone.groups
                          and all(s.face_up for s in zone.sprites))
                    if not ok:
                        zone.sprites = [Sprite(c, True) for c in cards]
                        zone.groups = []
                        changed = True
        for name in list(self.zones):
            if name not in view.zones and not name.startswith("_"):
                del self.zones[name]
                changed = True
        return changed

    def zone(self, name: str) -> ZoneModel:
        return self.zones[name]

    def all_sprites(self):
        for zone in self.zones.values():
            yield from zone.sprites
            for group in zone.groups:
                yield from group

    def settle(self) -> None:
        """Put every sprite at rest (after a skip or a resync)."""
        for sprite in self.all_sprites():
            sprite.land()
            sprite.flip = 1.0 if sprite.face_up else 0.0
            sprite.hidden = False
            sprite.dim = 0.0
            sprite.highlight = 0.0
