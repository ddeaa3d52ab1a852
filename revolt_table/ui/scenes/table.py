"""The table scene: one game of a session, drawn from a seat's view and animated event by event.

Why this split: the scene owns what every game needs (the session and its AI workers, the animation
queue, which seat sits at the bottom, hot-seat hand-overs, the Esc menu, resizing, going to the results)
and asks the family module (ui/table/<family>.py) for everything game specific; the family's sections
draw the table and take its input (ui/table/section.py). A frame never blocks: AI moves come from
Session.poll, which only collects answers computed in a worker process or thread.

A human move only for the position the player has seen (issue 11): what is shown is the model's view
(ui/table/model.py), advanced at the end of each move's beats. Input is taken only while no reveal or
other skippable beat plays (a click skips it instead), for a position that has been drawn and on screen
for DWELL seconds, and a move is only accepted if the viewer is to act in the position shown. While
another seat's card still flies (the game has gone on by a move the player has not seen land), a move is
accepted only if the game is still at the decision shown (`FamilyTable.same_decision`: the same round,
the same hand), and its beats follow the flight: never a card in a round the player has not seen.
"""

from __future__ import annotations

import math

import pygame

from revolt_table.ui import draw
from revolt_table.ui.anim import AnimationQueue, Beat
from revolt_table.ui.scene import Scene
from revolt_table.ui.session import Session
from revolt_table.ui.table import table_for
from revolt_table.ui.table.layout import TableGeometry
from revolt_table.ui.table.model import TableModel
from revolt_table.ui.table.render import TableRenderer, next_dot_step

DWELL = 0.25          # seconds a new position is on screen before it takes input (animations on)
SHOWN = "shown"       # the zero-length beat after a move's beats: the model now shows its position
SETTLE = 3.0          # seconds of frames after the last change: glows, flashes and call-outs fade out
LIVELY = 4.0          # pulses (the turn's ring, warnings, targets) run this long after the last change...
CALM = 1.0            # ...then come to rest over this long: a table waiting for its player draws nothing


class TableScene(Scene):
    def __init__(self, app, session: Session, *, autoquit: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.autoquit = autoquit
        self.time = 0.0
        self.watch_speed = 1.0                 # > 1 while an out human watches faster; 0: skipping to the end
        self.queue = AnimationQueue(self._speed())
        self.renderer = TableRenderer(session.rules.family.name)
        self.family = table_for(session.rules.family.name)(self)
        self.renderer.painter = self.family.card_image
        humans = session.humans
        self.viewer: int | None = humans[0] if humans else None
        self.face_up = len(humans) == 1
        self.last_human: int | None = self.viewer if self.face_up else None
        self.handover_open = False
        self.handovers = 0                     # how many hand-over screens were shown (tests)
        self.model = TableModel.from_view(session.state.view(self.view_seat), self.family.sort_key,
                                          len(session.state.history))
        self.geom = self.make_geometry(app.size, self.bottom_seat)
        self.family.build()
        self._seen_key = -1                    # the model key last drawn, since when, and its view
        self._seen_at = 0.0
        self._seen_view = None
        self._base_pace = session.ai_pace
        self._dirty = False
        self._started = False
        self._end_queued = False
        self._results_shown = False
        self.results_scene = None
        self._static: pygame.Surface | None = None
        self._static_key = None
        self.auto_ai = True                    # False: AI seats wait (screenshots drive moves by hand)
        self.tips_allowed = True               # False: never open the first-game tips (screenshots)
        self._changed_at = 0.0                 # scene time of the last change (input, a beat, a move shown)
        self._changed_key = None
        self._waved = False                    # the last frame drew a pulse (wave)
        app.on_close(session.close)            # the AI worker process ends with the window
        session.on_answer = app.wake           # an AI answer wakes a sleeping window at once

    # ---------------------------------------------------------------- seats
    @property
    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def view_seat(self) -> int | None:
        """The seat whose view is drawn: the viewer when its hand may be seen, else a spectator."""
        return self.viewer if self.face_up else None

    def shown_to_act(self, seat: int | None) -> bool:
        """Is `seat` to act in the position shown (not over)?"""
        view = self.model.view
        return seat is not None and view is not None and not view.is_over and seat in view.to_act

    def has_seen(self) -> bool:
        """Has the position shown been drawn, and on screen DWELL seconds (animations on)?"""
        if self._seen_key != self.model.key:
            return False
        return self.queue.speed <= 0 or self.time - self._seen_at >= DWELL

    def may_select(self) -> bool:
        """May the viewer's hand take input now: its hand shown, the game going on in the position
        shown, no hand-over, no skippable beat playing? (Presses and keys also wait until the position
        has been seen: handle_event.)"""
        v = self.viewer
        if v is None or self.handover_open or not self.face_up or not self.session.is_human(v):
            return False
        view = self.model.view
        if view is None or view.is_over or self.session.state.is_over:
            return False
        current = self.queue.current
        return current is None or not current.skippable

    def may_act(self, seat: int) -> bool:
        """May the viewer's input make a move now: everything may_select asks, and the seat to act in
        the position shown and in the game?"""
        return (seat == self.viewer and self.may_select() and self.shown_to_act(seat)
                and seat in self.session.state.to_act)

    def make_geometry(self, size: tuple[int, int], bottom: int) -> TableGeometry:
        return TableGeometry(size, self.session.players, bottom, self.app.metrics,
                             pod_height=getattr(self.family, "pod_height", 158),
                             top_row=getattr(self.family, "top_row", "spread"))

    def pod_has_hand(self, rect: pygame.Rect) -> bool:
        """Pods of opponents show a small hand; the viewer's and the centre's do not."""
        pod = self.geom.pods.get(self.bottom_seat)
        return not (pod is not None and pod.rect == rect) and rect != self.geom.centre_pod

    def _speed(self) -> float:
        return float(getattr(self.app.settings, "animation_speed", 1.0)) * self.watch_speed

    # ---------------------------------------------------------------- scene protocol
    def on_enter(self) -> None:
        if not self._started:
            self._started = True
            if self.session.state.history:
                self.model.settle()
            elif not self.session.state.is_over:
                self.family.deal()

    def on_language(self) -> None:
        """Settings changed the language mid-game: the family drops texts it made in the old one
        (faces are cached by language: they repaint themselves)."""
        self.family.on_language()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.geom = self.make_geometry(size, self.bottom_seat)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._changed_at = self.time
        sections = self.family.sections
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if sections.modal_shown() is None or not sections.dispatch(event):
                self.open_menu()                  # (a modal popup closes on Esc instead)
            return True
        sections.layout(self.geom)
        current = self.queue.current
        if current is not None and current.skippable and (
                event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key != pygame.K_F11)):
            if not (event.type == pygame.MOUSEBUTTONDOWN and self.family.menu.rect.collidepoint(event.pos)):
                self.skip()
                return True
        if (self.session.state.is_over and self.queue.idle
                and (event.type == pygame.MOUSEBUTTONUP or event.type == pygame.KEYDOWN)):
            self.show_results()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not self.has_seen():
            on_menu = event.type == pygame.MOUSEBUTTONDOWN and self.family.menu.rect.collidepoint(event.pos)
            if not on_menu:
                return True                   # a position not seen yet takes no input (issue 11)
        return sections.dispatch(event)

    def skip(self) -> None:
        """Skip the current long beat; skipping a beat of the end show skips the end beats after it,
        up to one that waits for a click (a summary the player has not seen yet)."""
        first = self.queue.current
        self.queue.skip()
        if first is not None and first.end:
            while (self.queue.current is not None and self.queue.current.end
                   and not self.queue.current.wait_for_click):
                self.queue.skip()
        while self.queue.current is not None and self.queue.current.name == SHOWN:
            self.queue.beats.pop(0).finish()   # the position shown now: the next press is for it

    def update(self, dt: float) -> None:
        self.time += dt
        self._waved = False                   # until a pulse is drawn or updated again
        self.queue.speed = self._speed()
        self.queue.update(dt)
        self.family.sections.layout(self.geom)
        self.family.sections.update(dt)
        self.family.update(dt)
        idle = self.queue.idle
        if not idle or self.queue.ambient or self._changed_key != self.model.key:
            self._changed_at, self._changed_key = self.time, self.model.key
        if idle and self._dirty:
            self._dirty = False
            if not self.session.state.is_over:
                self.model.sync(self.session.state.view(self.view_seat), self.family.sort_key,
                                len(self.session.state.history))
        if idle:
            self._catch_up()
        if self.session.state.is_over:
            if not self._end_queued:
                self._queue_end()             # a game loaded already over
            elif idle and not self._results_shown:
                self.show_results()
            return
        if idle and not self.handover_open:
            self._maybe_hand_over()
        if not self.auto_ai:
            return
        waiting = self.handover_open or self.family.tips_open()      # nothing moves behind a tip
        applied = self.session.poll(dt, allow_apply=idle and not waiting)
        for seat, move, events in applied:
            self._feed(seat, move, events)

    def _maybe_hand_over(self) -> None:
        s = self.session
        if not s.hot_seat:
            return
        waiting = s.humans_to_act()
        if not waiting:
            return
        nxt = waiting[0]
        if nxt == self.last_human and self.face_up and self.viewer == nxt:
            return
        from revolt_table.ui.scenes.handover import HandoverScene

        self.face_up = False
        self.model.sync(s.state.view(None), self.family.sort_key, len(s.state.history))
        self.handover_open = True
        self.handovers += 1
        self.app.push(HandoverScene(self.app, s.names[nxt], on_confirm=lambda: self._take_seat(nxt)))

    def _take_seat(self, seat: int) -> None:
        """The hand-over was confirmed: turn the table to `seat` and show its hand."""
        self.handover_open = False
        self.viewer = seat
        self.last_human = seat
        self.face_up = True
        self.geom = self.make_geometry(self.app.size, seat)
        self.model.sync(self.session.state.view(seat), self.family.sort_key, len(self.session.state.history))
        self.model.settle()
        self.family.reset_input()

    def play(self, seat: int, move) -> bool:
        """Submit a human move (from the sections' gestures) for the position shown: played when the
        table shows the game as it is, or, while other seats' cards still fly, when the game is still at
        the decision shown (`FamilyTable.same_decision`: its beats then follow theirs). False: refused
        (not this viewer's decision, or the game has moved on to one the player has not seen)."""
        s = self.session
        self._catch_up()
        if (self.handover_open or s.state.is_over or seat != self.viewer or not self.face_up
                or not s.is_human(seat) or seat not in s.state.to_act):
            return False
        settled = self.queue.idle and self.model.shown_moves == len(s.state.history)
        if not settled and not (self.shown_to_act(seat) and self.family.same_decision(self.model.view,
                                                                                      s.state.view(seat))):
            return False
        events = s.apply(seat, move)
        if s.hot_seat:
            self.face_up = False         # the next player may already be looking: hide this hand now
        self._feed(seat, move, events)
        return True

    def _catch_up(self) -> None:
        """Moves applied behind the table's back (tests, tools) while nothing plays: show the game."""
        state = self.session.state
        if self.queue.idle and self.model.shown_moves != len(state.history) and not state.is_over:
            self.model.sync(state.view(self.view_seat), self.family.sort_key, len(state.history))

    def _feed(self, seat, move, events) -> None:
        self._dirty = True
        self.family.on_events(seat, move, events)
        view, moves = self.session.state.view(self.view_seat), len(self.session.state.history)
        self.queue.push(Beat(SHOWN, on_start=lambda beat: self.model.show(view, moves)))
        self._queue_end()
        notice = self.session.take_save_notice()         # saving failed, or another window's save is kept
        if notice:
            self.app.notify(notice)

    def _queue_end(self) -> None:
        """Once per game, when it is over: the family's end show, after the beats of the last move.
        This is the only place FamilyTable.push_end_beats is called from."""
        if self.session.state.is_over and not self._end_queued:
            self._end_queued = True
            self.family.push_end_beats()

    # ---------------------------------------------------------------- menu, results
    def open_menu(self) -> None:
        from revolt_table.ui.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self.session.rules.id, on_quit=self.leave))

    def open_rules(self) -> None:
        """F1: this game's rules on their Table tab over the table, which waits frozen until Back."""
        from revolt_table.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.session.rules.id))

    def leave(self) -> None:
        self.session.save()
        self.session.close()

    # ---------------------------------------------------------------- a human who is out
    def watch(self, speed: float) -> None:
        """Play the rest at `speed` times the chosen pace (the AI's pauses shorter too)."""
        self.watch_speed = speed
        self.session.ai_pace = self._base_pace / speed if speed > 0 else 0.0

    def skip_to_result(self) -> None:
        """Play the rest of the game at once, without animations, then show the results."""
        self.watch(0.0)
        self.queue.skip_all()

    def leave_to_title(self) -> None:
        """Save (Resume finds the game) and go back to the title screen."""
        self.leave()
        self._to_title()

    def show_results(self) -> None:
        if self._results_shown:
            return
        self._results_shown = True
        if self.autoquit:
            self.app.quit()
            return
        from revolt_table.ui.scenes.results import ResultsScene
        from revolt_table.ui.scenes.review import finished_entry

        s = self.session
        data = self.family.results_data()
        self.results_scene = ResultsScene(
            self.app, data, on_play_again=self._play_again,
            on_next_game=None if s.match.is_over else self._next_game, on_title=self._to_title,
            review=finished_entry(s.state, s.seats, s.names))
        self.app.replace(self.results_scene)

    def _next_game(self) -> None:
        self.watch(1.0)
        self.session.next_game()
        self.app.replace(TableScene(self.app, self.session))

    def _play_again(self) -> None:
        self.watch(1.0)
        self.session.restart_match()
        self.app.replace(TableScene(self.app, self.session))

    def _to_title(self) -> None:
        from revolt_table.ui.scenes.title import TitleScene

        self.session.close()
        self.app.reset_to(TitleScene(self.app))

    # ---------------------------------------------------------------- frames (issue 30)
    def idle_for(self) -> float:
        """Frames while anything moves, SETTLE seconds after the last change and while a pulse runs;
        then the next step of the thinking dots or the next AI move due; else nothing until input."""
        if not self.queue.idle or self.queue.ambient or self.time - self._changed_at < SETTLE:
            return 0.0
        if self._waved and self.time - self._changed_at < LIVELY + CALM:
            return 0.0
        wait = self.session.ai_due_in() if self.auto_ai else math.inf
        if any(self.thinking_shown(seat) for seat in self.session.thinking):
            wait = min(wait, next_dot_step(self.time))
        return wait

    def wave(self, rate: float) -> float:
        """sin(time * rate) for a pulse, calmed to 0 once nothing has happened for LIVELY seconds (over
        CALM seconds), so a pulsing ring or warning comes to rest instead of keeping the table drawing."""
        self._waved = True
        calm = min(1.0, max(0.0, (self.time - self._changed_at - LIVELY) / CALM))
        return math.sin(self.time * rate) * (1.0 - calm) if calm < 1.0 else 0.0

    def thinking_shown(self, seat: int) -> bool:
        """Are the thinking dots on this seat's pod (an AI to act, nothing playing)?"""
        return seat in self.session.thinking and self.queue.idle and not self.session.state.is_over

    # ---------------------------------------------------------------- drawing
    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        """Felt plus everything static (pod panels), drawn once per layout: one opaque blit a frame."""
        key = (size, id(self.geom), draw.felt_texture())
        if self._static_key != key:
            layer = draw.felt_background(size).copy()
            self.family.draw_static(layer)
            self._static = layer
            self._static_key = key
        return self._static

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(surface.get_size()), (0, 0))
        self.family.sections.layout(self.geom)
        self.family.sections.draw(surface)
        self._note_seen()

    def _note_seen(self) -> None:
        """The position shown has now been drawn: from when does it count as seen? A new decision for
        the viewer starts the clock again; another seat's card landing in the same decision does not."""
        if self._seen_key == self.model.key:
            return
        seen, now = self._seen_view, self.model.view
        self._seen_key, self._seen_view = self.model.key, now
        v = self.viewer
        same = (seen is not None and now is not None and v is not None and seen.seat == now.seat == v
                and self.family.same_decision(seen, now))
        if not same:
            self._seen_at = self.time
