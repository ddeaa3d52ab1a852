"""How the Review draws and sorts cards: the family table's own `card_image` and `sort_key`.

Why through the table's hooks and nothing else of it: the Review is a screen of its own (no session,
no animation queue, no sections), but a player must see the same faces as at the table. Every
FamilyTable keeps the two hooks; a table is built here on a small stand-in for its scene that offers
what a table may read while it is being made (the session's rules and state, names, seats, metrics).
If a table cannot be made that way (a table rewritten to need more), the Review falls back to the
generic card drawing (ui/cards.py: playing-card ids as cards, other ids as their text), which every game has:
the faces may then be plainer, never missing. The fallback is logged, and a test checks the four
shipped games use their own faces.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from revolt_table.ui import cards

log = logging.getLogger(__name__)

Painter = Callable[[str | None, int, bool], pygame.Surface]


@dataclass
class _StandInSession:
    rules: Any
    state: Any
    names: list[str]
    seats: list[str]

    @property
    def players(self) -> int:
        return len(self.seats)


class _StandInScene:
    """What a family table may read from its scene while it is built (see the module docstring)."""

    def __init__(self, app, session: _StandInSession) -> None:
        self.app = app
        self.session = session

    @property
    def metrics(self):
        return self.app.metrics


class ReviewCards:
    """`image(card, h, face_up)` and `sort_key(card)` for the game of `rules` (see the module docstring)."""

    def __init__(self, app, rules, state, names: list[str], seats: list[str]) -> None:
        self.family = rules.family.name
        self.own = False                  # True when the family table's own hooks are used
        self._image: Painter = self._generic
        self._sort: Callable[[str], Any] = str
        try:
            from revolt_table.ui.table import table_for

            table = table_for(self.family)(_StandInScene(app, _StandInSession(rules, state, names, seats)))
            self._image, self._sort = table.card_image, table.sort_key
            self.own = True
        except Exception:  # noqa: BLE001 - any table that cannot be built so: the generic faces
            log.warning("review: the %s table's card faces are not available; generic faces", self.family,
                        exc_info=True)
        self._cache: dict[tuple, pygame.Surface] = {}

    def _generic(self, card: str | None, h: int, face_up: bool) -> pygame.Surface:
        return cards.face(card, h) if face_up and card is not None else cards.back(h)

    def image(self, card: str | None, h: int, face_up: bool = True) -> pygame.Surface:
        key = (card, h, face_up)
        image = self._cache.get(key)
        if image is None:
            try:
                image = self._image(card, h, face_up)
            except Exception:  # noqa: BLE001 - one odd card never takes the screen down
                log.warning("review: drawing card %r failed", card, exc_info=True)
                image = self._generic(card, h, face_up)
            if len(self._cache) > 600:
                self._cache.clear()
            self._cache[key] = image
        return image

    def sorted(self, hand: tuple[str | None, ...]) -> list[str | None]:
        known = [c for c in hand if c is not None]
        try:
            known.sort(key=self._sort)
        except Exception:  # noqa: BLE001 - an id the family's key does not know: keep the order given
            pass
        return known + [c for c in hand if c is None]
