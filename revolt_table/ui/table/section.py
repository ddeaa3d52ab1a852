"""Sections: the table cut into rectangles that each draw, hit-test and take input on their own.

Why (issue 15): a card table is many small things at once (the hand, the seat pods, the HUD, the prompt
and its buttons, popups, the end panel), and a table class that draws, lays out and takes input for
all of them grows past a thousand lines where every bug is a study of its own. A `Section` owns one
of them: its rectangle (`layout`), its drawing (`draw`), what it does each frame (`update`) and with
the events that reach it (`handle_event`). A `SectionManager` holds the sections of one table and
decides which section an event reaches and in which order they draw, in the spirit of Arcade's
Section/SectionManager:

- drawing goes by `z`, lowest first; the cards (the CardsSection) sit at Z_CARDS, so a section below
  it draws under the cards (pods, the HUD) and a section above it over them (prompts, popups);
- an event goes to the top-most section first: a mouse event only to sections whose `hit(pos)` is
  true, a key to every section in turn, until one uses it (returns True);
- a section that uses a mouse press owns the mouse until the button is let go (drags);
- mouse motion reaches every section that can take input (hovers follow the pointer);
- a `modal` section that is shown takes every event first, wherever the pointer is, and nothing under
  it gets any (a popup that must be answered); sections drawn above it still do (the menu button);
- a mouse press nobody used is passed to each section's `missed` (the hand drops its selection).

A section that is not `shown()` neither draws nor takes input. Sections read the table through
`self.table` (the FamilyTable, whose hooks say what is the game's own) and `self.scene`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.table.family import FamilyTable

# draw order of the standard sections (a family slots its own in between)
Z_PODS = 10          # seat pods: name plates, small hands, won cards
Z_HUD = 20           # the corner box: round, game of the match, the family's tally
Z_TABLE = 30         # a family's things on the felt under the cards (its centre, empty spots)
Z_CARDS = 50         # every card of the model (the renderer)
Z_HAND = 55          # the viewer's hand: input, and the reason pill over a card
Z_OVER = 60          # a family's things over the cards (verdicts, banners, labels)
Z_ACTIONS = 70       # the prompt, the Play / Hint buttons and the reason next to Play
Z_WATCH = 72         # the panel of a human who is out of the game
Z_END = 80           # end-of-game panels
Z_POPUP = 85         # modal popups
Z_MENU = 90          # the round menu button (always reachable)

MOUSE_POS_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Section:
    """One rectangle of the table. Subclasses override what they need; every default does nothing."""

    z = 0                  # draw order (see the Z_ constants)
    modal = False          # while shown: takes every event first and blocks the sections under it
    keys = True            # receives keyboard events
    mouse = True           # receives mouse events

    def __init__(self, table: "FamilyTable", name: str | None = None) -> None:
        self.table = table
        self.name = name or type(self).__name__
        self.rect = pygame.Rect(0, 0, 0, 0)

    # ---------------------------------------------------------------- shortcuts
    @property
    def scene(self) -> "TableScene":
        return self.table.scene

    @property
    def metrics(self):
        return self.table.scene.metrics

    @property
    def geom(self):
        return self.table.scene.geom

    # ---------------------------------------------------------------- the protocol
    def layout(self) -> None:
        """Recompute `rect` (and anything else that depends on the window) from `scene.geom`. Called
        when the section is added and whenever the geometry changes (resize, another seat below)."""

    def shown(self) -> bool:
        """Does it draw and take input now?"""
        return True

    def hit(self, pos: tuple[int, int]) -> bool:
        """Is `pos` on this section (mouse events reach it only then)?"""
        return self.rect.collidepoint(pos)

    def update(self, dt: float) -> None:
        """Once a frame, shown or not (hover glows fade out)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this section (only while shown)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An event that reached this section; True if it used it (the others then do not get it)."""
        return False

    def missed(self, event: pygame.event.Event) -> None:
        """A mouse press that no section used (a click on the bare felt)."""

    def reset(self) -> None:
        """Forget transient input (selection, focus, a drag): another seat sits below, or a new game."""


class SectionManager:
    """The sections of one table: drawing order, event routing, the mouse owner, modality."""

    def __init__(self, sections: Iterable[Section] = ()) -> None:
        self.sections: list[Section] = []
        self.grab: Section | None = None      # owns the mouse from a used press until its release
        self._geom = None
        for section in sections:
            self.add(section)

    def add(self, section: Section) -> Section:
        self.sections.append(section)
        self.sections.sort(key=lambda s: s.z)         # stable: equal z keep the order they came in
        self._geom = None                              # lay everything out again before the next use
        return section

    def remove(self, section: Section) -> None:
        if section in self.sections:
            self.sections.remove(section)
        if self.grab is section:
            self.grab = None

    def get(self, name: str) -> Section | None:
        return next((s for s in self.sections if s.name == name), None)

    def __iter__(self):
        return iter(self.sections)

    # ---------------------------------------------------------------- layout
    def layout(self, geom=None, force: bool = False) -> None:
        """Lay out every section when the geometry object changed (or `force`)."""
        if force or geom is None or geom is not self._geom:
            self._geom = geom
            for section in self.sections:
                section.layout()

    # ---------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        for section in list(self.sections):
            section.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for section in list(self.sections):
            if section.shown():
                section.draw(surface)

    def reset(self) -> None:
        self.grab = None
        for section in self.sections:
            section.reset()

    def modal_shown(self) -> Section | None:
        """The top-most modal section shown, if any."""
        return next((s for s in reversed(self.sections) if s.modal and s.shown()), None)

    # ---------------------------------------------------------------- input
    def receivers(self) -> list[Section]:
        """Sections that may get input now, top-most first: every shown one, or, under a shown modal
        section, that section and those drawn above it."""
        shown = [s for s in reversed(self.sections) if s.shown()]
        modal = next((s for s in shown if s.modal), None)
        if modal is None:
            return shown
        return [s for s in shown if s.z > modal.z or s is modal]

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Route one event (see the module docstring); True if a section used it."""
        kind = event.type
        if kind in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            return any(s.handle_event(event) for s in self.receivers() if s.keys)
        if kind == pygame.MOUSEMOTION:
            return self._motion(event)
        if kind in MOUSE_POS_EVENTS:
            return self._button(event)
        if kind == pygame.MOUSEWHEEL:
            return any(s.handle_event(event) for s in self.receivers() if s.mouse)
        return False

    def _motion(self, event: pygame.event.Event) -> bool:
        if self.grab is not None:
            if self.grab.shown():
                return self.grab.handle_event(event)
            self.grab = None
        used = False
        for section in self.receivers():
            if section.mouse:
                used = section.handle_event(event) or used
        return used

    def _button(self, event: pygame.event.Event) -> bool:
        grab, self.grab = self.grab, None
        if grab is not None and event.type == pygame.MOUSEBUTTONUP:
            if grab.shown() and grab.handle_event(event):
                return True
        else:
            grab = None                        # a new press: whoever used the last one owns nothing now
        receivers = self.receivers()
        modal = next((s for s in receivers if s.modal), None)
        for section in receivers:
            if section is grab or not section.mouse:
                continue
            if section is modal or section.hit(event.pos):
                if section.handle_event(event):
                    if event.type == pygame.MOUSEBUTTONDOWN:
                        self.grab = section
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for section in receivers:
                section.missed(event)
        return False
