"""Review: a finished game move by move, every hand face up, and where the player lost.

What a player sees: on the left the table as it stood after the chosen move, one band per seat (name,
level, the hand face up, then the seat's cards on the table, smaller, after a rule) and a band for the
shared cards (a big pile shows its size and its top cards), the move's seat outlined and the cards it
moved ringed in gold; under it a slider over the whole game and the buttons to step (first, previous,
Play, next, last). On the right the moves in order (the deal first, the player's decisions in gold, a
✓ or the points of chance lost once analysed), then the text panel: the move, the verdict on it (the
move ai:hard prefers, the chance to win of the move played and of the preferred one), the final
scores on the last move, what the move made the game say (the same translated sentences as the text
replay, replay_text), and a bar for every option the analysis rated.

Keys: ←/→ (and ↑/↓) step, Home/End, Space plays and pauses (a move a second), Esc back.
The game is replayed once when the screen opens (review_model.ReviewModel); the analysis starts with
the screen, at the move shown and outward from wherever the player looks, one decision at a time in
the AI worker process, a quick pass then a refining one (review_analysis.AnalysisRunner), and the
screen shows each answer as it arrives and how far it has come; leaving stops it (issue 30).

How it is built: like the tables, from sections (review_sections.py: the subtitle, the board in
review_board.py, the moves, the stepper, the notes), each laying out, drawing and taking its keys on
its own under a SectionManager. This page holds what they share: the replayed game, the move shown
and playing, the analysis runner, the seats' names and the words for moves, and the layout. Only the
family table's card faces are borrowed (review_cards.ReviewCards), so tables can change without
breaking this screen.
"""

from __future__ import annotations

import logging
from typing import Callable

import pygame

from revolt_table.records.history import HistoryEntry
from revolt_table.records.replay import Unreplayable
from revolt_table.records.replay_text import date_text, game_title
from revolt_table.services.i18n import say
from revolt_table.ui.i18n import t
from revolt_table.ui.scenes.common import PageScene
from revolt_table.ui.scenes.review_analysis import AnalysisRunner
from revolt_table.ui.scenes.review_board import BoardSection
from revolt_table.ui.scenes.review_cards import ReviewCards
from revolt_table.ui.scenes.review_model import MoveShown, Position, ReviewModel
from revolt_table.ui.scenes.review_moves import move_words
from revolt_table.ui.scenes.review_sections import (R, MovesSection, NotesSection, StepperSection, SubtitleSection,
                                                    fit_notes, review_geom)
from revolt_table.ui.seatnames import seat_names
from revolt_table.ui.table.section import SectionManager
from revolt_table.ui.widgets import Button

log = logging.getLogger(__name__)

PLAY_SECONDS = 1.0               # one move a second while playing


def open_review(app, entry: HistoryEntry, *, push: bool = True, **kwargs) -> "ReviewScene | None":
    """Open the Review of `entry` over the current screen; a game that no longer replays is said in a
    toast (the reason from history_replay) and nothing opens."""
    try:
        scene = ReviewScene(app, entry, **kwargs)
    except Unreplayable as exc:
        app.notify(t("history.text.unreplayable", reason=say(exc.reason)))
        return None
    if push:
        app.push(scene)
    return scene


def finished_entry(state, seats, names) -> HistoryEntry | None:
    """The finished game `state` as a history entry for its Review (results screen); None when it
    cannot be one (a game dealt by hand with deal=, with no seed to replay it from)."""
    from revolt_table.records.history import entry_from_game

    try:
        return entry_from_game(state, list(seats), list(names))
    except ValueError:
        return None


class ReviewScene(PageScene):
    """on_leave: run when the screen closes (nothing by default)."""

    quiet = True                # drawn when something changed: input, an answer, the next move played

    def __init__(self, app, entry: HistoryEntry, *, on_leave: Callable[[], None] | None = None,
                 use_process: bool = True) -> None:
        super().__init__(app)
        self.entry = entry
        self.model = ReviewModel(entry)
        self.on_leave = on_leave
        self.k = 0
        self.playing = False
        self._clock = 0.0
        self.geom = review_geom(app.metrics, app.size)
        names = [s.name for s in entry.seats]
        self.cards = ReviewCards(app, self.model.rules, self.model.rules.new_game(
            entry.players, seed=entry.seed, start_seat=entry.start_seat), names, [s.kind for s in entry.seats])
        self.runner = AnalysisRunner(self.model.rules, self.model.decisions, entry.seed, use_process=use_process)
        self.runner.on_answer = app.wake          # an answer wakes a sleeping window at once
        self._progress: tuple = ()                # the analysis' progress as last shown
        self.moves = MovesSection(self)
        self.stepper = StepperSection(self)
        self.notes = NotesSection(self)
        self.sections = SectionManager([SubtitleSection(self), BoardSection(self), self.moves, self.stepper,
                                        self.notes])
        self.list, self.slider = self.moves.list, self.stepper.slider
        self.back_button = Button("", self.back, name="back")
        self.group.set_widgets([*self.moves.widgets(), *self.stepper.widgets(), *self.notes.widgets(),
                                self.back_button], keep=False)
        self.group.focus(self.stepper.play_button)
        self.on_language()

    # ---------------------------------------------------------------- stepping
    @property
    def position(self) -> Position:
        return self.model.position(self.k)

    @property
    def board(self) -> pygame.Rect:
        """The board's panel (the section that draws the table after the move shown)."""
        return self.sections.get("BoardSection").rect

    def go(self, k: int) -> None:
        k = max(0, min(int(k), self.model.steps))
        if k == self.model.steps:
            self.playing = False
        if k != self.k:
            self.k = k
            self._clock = 0.0
        self.stepper.show(k)
        self.moves.show(k)
        self._refresh()

    def toggle_play(self) -> None:
        if not self.playing and self.k >= self.model.steps:
            self.go(0)
        self.playing = not self.playing
        self._clock = 0.0
        self._refresh()

    def analyse(self) -> None:
        if self.runner.total:
            self.runner.start(self.k)
            self._refresh()

    def back(self) -> None:
        self.close()
        self.app.pop()

    def close(self) -> None:
        self.runner.close()
        self.playing = False
        if self.on_leave is not None:
            self.on_leave()
            self.on_leave = None

    # ---------------------------------------------------------------- texts
    def on_language(self) -> None:
        self.title = t(R + "title")
        self.subtitle = t(R + "subtitle", game=game_title(self.entry), date=date_text(self.entry.date))
        self.back_button.text = t("common.back")
        self._refresh()

    def _refresh(self) -> None:
        for section in self.sections:
            section.refresh()
        self._fit_notes()
        focused = self.group.focused
        if focused is not None and not focused.enabled:
            self.group.focus(self.stepper.play_button)

    def name(self, seat: int) -> str:
        return self.names()[seat]

    def names(self) -> list[str]:
        """The seats' names, the player's own said as "you" as at the table (session.seat_names)."""
        seats = self.entry.seats
        return seat_names([s.kind for s in seats],
                          [s.name or t("setup.seat_number", number=k + 1) for k, s in enumerate(seats)])

    def words(self, move: MoveShown) -> str:
        """A move as the table names it, in the current language ("Pair of 8s", not "88")."""
        return move_words(move.label, move.move, self.names())

    def option_words(self, k: int, text: str) -> str:
        """A move the player could have made at decision k (the analysis' options), named likewise."""
        decision = self.model.decisions.get(k)
        label = dict(decision.labels).get(text) if decision is not None else None
        return move_words(label, text, self.names())

    def move_line(self, k: int) -> str:
        move = self.model.move(k)
        if move is None:
            return t(R + "deal")
        return t("history.text.move", number=move.number, name=self.name(move.seat), move=self.words(move))

    def panel_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the text panel says about the position shown: (text, colour, bold) per paragraph."""
        return self.notes.paragraphs()

    # ---------------------------------------------------------------- scene protocol
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.sections.dispatch(event):
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.sections.update(dt)
        if self.playing:
            self._clock += dt
            if self._clock >= PLAY_SECONDS:
                self.go(self.k + 1)
        runner = self.runner
        if runner.started:
            changed = runner.poll(self.k)
            progress = (runner.running, runner.refining, runner.done, len(runner.results), len(runner.failed))
            if changed or progress != self._progress:
                self._progress = progress
                self._refresh()
                self.app.invalidate()

    def idle_for(self) -> float:
        return 0.0 if self.playing else super().idle_for()

    def on_enter(self) -> None:
        self.analyse()                            # the analysis answers from the moment the screen opens

    def on_exit(self) -> None:
        self.playing = False

    # ---------------------------------------------------------------- layout and drawing
    def on_resize(self, size: tuple[int, int]) -> None:
        self.base_geom = review_geom(self.metrics, size)
        self.geom = self.base_geom
        self.sections.layout(self.geom)
        self.back_button.set_rect(self.geom.back)
        self._fit_notes()

    def _fit_notes(self) -> None:
        """Give the text panel the height its words need (the moves list gives it up): nothing is cut."""
        base = getattr(self, "base_geom", None)
        if base is None:
            return
        geom = fit_notes(base, self.metrics, self.notes.needed(base.text.width))
        if geom != self.geom:
            self.geom = geom
            self.sections.layout(geom)
            self.moves.show(self.k)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.sections.draw(surface)
